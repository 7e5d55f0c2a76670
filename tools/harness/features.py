"""Features of corpus cases and capabilities of implementations.

Like test262's ``features``, every case carries tags naming what it exercises, derived here
from its input and expectation (plus any it lists itself in a ``features`` field), so that
no case file has to be tagged by hand:

* ``waits`` — the expectation states the formal waits (docs/contract.md, ``waits``);
* ``invalid-input`` — the expectation is an error code: the input must be refused; and which
  check refuses it (:data:`INVALID_INPUT_KINDS`): ``invalid-notation`` (the hand string or a
  tile cannot be read), ``invalid-tiles`` (tile counts and copies, the winning tile's place),
  ``invalid-flags`` (flags that cannot hold together, R-014), ``invalid-fields`` (the JSON
  object's fields and variant);
* ``flags`` — a win-condition flag is set (``last_of_kind``, ``last_tile``,
  ``kong_replacement``, ``robbing_kong``);
* ``flowers`` — flowers are declared (seed000 §三 花牌);
* ``kongs`` — the hand holds a kong (a concealed ``{…}`` group or a four-tile meld);
* ``gb16`` / ``gb13`` — the variant.

An implementation declares what it supports in its ``start`` answer, e.g.
``"capabilities": {"waits": false, "input_validation": false}``.  A capability not declared
is assumed (a full implementation).  A case that needs a capability the implementation
declared absent is judged on the rest, and what was not compared is recorded apart:

* without ``waits`` the ``waits`` field is not compared — the case is judged on its fans and
  totals, and ``uncompared`` records the field;
* without ``input_validation``, ``flags`` or ``flowers`` nothing of the case can be judged
  without it (an error code; fans that depend on the flag; totals that count the flowers),
  so the case is not sent and is recorded ``skipped`` with the capability it needs.
  ``input_validation: false`` covers every invalid-input case; ``notation_validation``,
  ``tile_validation``, ``flag_validation`` and ``field_validation`` each only the cases of
  its kind, so an implementation that checks tile counts but not flags is still judged on
  tile counts.

Either way a report counts it under "not compared", never as a pass of that capability.
"""

from __future__ import annotations

import re

from gb16.reference.hand import FLAGS


def case_variant(case: dict) -> str:
    """The variant a case belongs to for selection: ``gb13`` when its input says so, else ``gb16``
    (inputs with an invalid ``variant`` are gb16 cases about the default)."""
    variant = case["input"].get("variant") if isinstance(case.get("input"), dict) else None
    return "gb13" if variant == "gb13" else "gb16"

#: Every capability an implementation may declare in ``start`` → the case feature it covers.
CAPABILITIES = {"waits": "waits", "input_validation": "invalid-input", "notation_validation": "invalid-notation",
                "tile_validation": "invalid-tiles", "flag_validation": "invalid-flags",
                "field_validation": "invalid-fields", "flags": "flags", "flowers": "flowers"}
#: An expected error code → the kind of input check that refuses it (docs/contract.md error
#: codes); ``not_winning_hand`` is scoring itself, covered by ``input_validation`` alone.
INVALID_INPUT_KINDS = {"invalid_notation": "invalid-notation", "invalid_tile": "invalid-notation",
                       "invalid_meld": "invalid-notation", "too_many_copies": "invalid-tiles",
                       "wrong_tile_count": "invalid-tiles", "win_tile_not_in_hand": "invalid-tiles",
                       "inconsistent_flags": "invalid-flags", "invalid_input": "invalid-fields",
                       "invalid_json": "invalid-fields", "unsupported_variant": "invalid-fields"}
#: Capabilities whose absence removes one field from the comparison (the rest is judged).
FIELD_CAPABILITIES = {"waits": "waits"}
_KONG = re.compile(r"\{[^}]*\}|\[\s*(\d)\1\1\1[mpsz]\s*\]|\[\s*([ESWNCPF])\2\2\2\s*\]")


def case_features(case: dict) -> list[str]:
    """The feature tags of a corpus case, derived from its input and expectation, with the
    ones the case lists itself in ``features``."""
    found: list[str] = []
    expect = case.get("expect") if isinstance(case.get("expect"), dict) else {}
    case_input = case.get("input") if isinstance(case.get("input"), dict) else {}
    if "waits" in expect:
        found.append("waits")
    if "error" in expect:
        found.append("invalid-input")
        if expect["error"] in INVALID_INPUT_KINDS:
            found.append(INVALID_INPUT_KINDS[expect["error"]])
    if any(case_input.get(flag) not in (None, False) for flag in FLAGS):
        found.append("flags")
    flowers = case_input.get("flowers")
    if flowers not in (None, 0, False):
        found.append("flowers")
    hand = case_input.get("hand")
    if isinstance(hand, str) and _KONG.search(hand):
        found.append("kongs")
    found.append("gb13" if case_input.get("variant") == "gb13" else "gb16")
    for tag in case.get("features", []) if isinstance(case.get("features"), list) else []:
        if isinstance(tag, str) and tag not in found:
            found.append(tag)
    return found


def declared_capabilities(metadata: dict) -> dict[str, bool]:
    """Every capability → whether the implementation has it (undeclared ones: True)."""
    declared = metadata.get("capabilities") if isinstance(metadata.get("capabilities"), dict) else {}
    return {name: declared.get(name, True) is not False for name in CAPABILITIES}


def missing_capabilities(features: list[str], metadata: dict) -> list[str]:
    """The capabilities a case with *features* needs and the implementation declared absent."""
    have = declared_capabilities(metadata)
    return [name for name, feature in CAPABILITIES.items() if feature in features and not have[name]]


def restrict(expected: dict | None, missing: list[str]) -> tuple[dict | None, list[dict]]:
    """The expectation without the fields that depend on *missing* field capabilities, and
    what was taken out (``[{"field": "waits", "capability": "waits"}]``)."""
    if not expected:
        return expected, []
    kept, removed = dict(expected), []
    for capability in missing:
        field = FIELD_CAPABILITIES.get(capability)
        if field and field in kept:
            del kept[field]
            removed.append({"field": field, "capability": capability})
    return kept, removed


def blocking(missing: list[str]) -> list[str]:
    """The missing capabilities without which nothing of the case can be judged."""
    return [name for name in missing if name not in FIELD_CAPABILITIES]
