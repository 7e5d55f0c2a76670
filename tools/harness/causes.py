"""What is wrong with an answer, per fan: the causes of a failing case, worked out from its
expectation and the implementation's result alone (a pure function, :func:`failure_causes`).

A cause names the fan, in the fan table's own words (the run log header's table, corpus/fans.json):

* ``缺一门 One Voided Suit: 2 points, expected 1`` — a fan listed with other points than the
  table gives it (docs/contract.md, Result: ``points`` per occurrence);
* ``missing 单钓将 Single Wait``, ``extra 自摸 Self-Drawn``, ``一般高 Pure Double Chow ×2, expected ×1``;
* ``waits: missing 3m, extra 6m`` (seed000 §二.7);
* ``total: expected 22, got 23``, ``fan_points: …``, ``meets_minimum: …`` — only when no fan
  explains the difference: the implementation's fan_points is not the sum of its own fans, its
  total not its fan_points plus its flowers, its meets_minimum not what its fan_points gives
  (起和分, seed000 §三 花牌);
* ``error not_winning_hand instead of a score`` and the like for error expectations.

Each cause carries its case's text and a ``group``, the phrase every case with the same cause
shares (``total differs, no fan explains it``), by which the reports count failures, and what it
is about (``about``): the fan id it names, or the field (``waits``, ``total``, ``fan_points``,
``meets_minimum``, ``result`` when there is no score to compare), so that a table per fan or per
feature counts a failure only where the answer differs.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Iterable, Mapping

from gb16.reference.result import MINIMUM
from gb16.tools.harness.compare import fan_map, fans_diff

#: The fan whose count is the number of flowers: its points are not part of fan_points.
FLOWERS = "flower_tiles"


@dataclass(frozen=True)
class Cause:
    """One thing wrong with an answer: this case's words, the group it is counted in, and the
    fan id or field it is about (``result``: no score to compare, so every fan of the case)."""

    text: str
    group: str
    about: str = "result"


def fan_label(fans: Mapping[str, dict], fan_id: str) -> str:
    """``缺一门 One Voided Suit`` from the fan table; the id for a fan the table does not know."""
    fan = fans.get(fan_id) or {}
    words = [str(fan[k]) for k in ("zh", "en") if fan.get(k)]
    return " ".join(words) if words else str(fan_id)


def _times(n: int) -> str:
    return f" ×{n}" if n != 1 else ""


def _tile_key(tile: str) -> tuple:
    return (tile[-1:], tile[:-1]) if isinstance(tile, str) else ("~", str(tile))


def _show(value: Any) -> str:
    if isinstance(value, bool):
        return str(value).lower()
    return "none" if value is None else str(value)


def _closest(expected: dict, got: dict[str, int]) -> dict[str, int]:
    """The expected fan map: ``fans``, or the ``fans_one_of`` list nearest the answer (R-011)."""
    if "fans" in expected:
        return dict(expected["fans"])
    options = expected.get("fans_one_of") or [{}]
    return dict(min(options, key=lambda option: len(fans_diff(option, got))))


def failure_causes(expected: dict | None, actual: Any, fans: Mapping[str, dict],
                   points: Callable[[str], int | None] | None = None, skip: Iterable[str] = ()) -> list[Cause]:
    """The causes of the difference between *expected* (a corpus expectation, cases.schema.json
    ``expect``) and *actual* (a contract result), in the fan table's order.

    *fans* is the fan table by id (``zh``, ``en``, ``points``); *points* gives a fan's points
    where the implementation's declared rules change them (default: the table's).  Fields named
    in *skip* (``waits`` for a scorer without waits) are left out, as the comparison left them.
    Empty when the answer is what was expected.
    """
    if not isinstance(expected, dict):
        return []
    if not isinstance(actual, dict):
        return [Cause("no result", "no result", "result")]
    skip = set(skip)
    points_of = points or (lambda f: (fans.get(f) or {}).get("points"))
    if "error" in expected:
        return _error_causes(expected["error"], actual)
    if not actual.get("ok"):
        code = _show((actual.get("error") or {}).get("code") if isinstance(actual.get("error"), dict) else None)
        return [Cause(f"error {code} instead of a score", f"error {code} instead of a score")]
    causes: list[Cause] = []
    got, doubled = fan_map(_fan_entries(actual))
    want = _closest(expected, got)
    order = {fan_id: i for i, fan_id in enumerate(fans)}
    listed = {f["id"]: f for f in _fan_entries(actual)["fans"]}
    for fan_id in sorted(set(want) | set(got), key=lambda f: (order.get(f, len(order)), f)):
        label, w, g = fan_label(fans, fan_id), want.get(fan_id, 0), got.get(fan_id, 0)
        if g == 0 and w:
            causes.append(_same(f"missing {label}{_times(w)}", fan_id))
        elif w == 0 and g:
            causes.append(_same(f"extra {label}{_times(g)}", fan_id))
        elif w != g:
            causes.append(_same(f"{label} ×{g}, expected ×{w}", fan_id))
        claimed, table = (listed.get(fan_id) or {}).get("points"), points_of(fan_id)
        if g and _is_int(claimed) and _is_int(table) and claimed != table:
            causes.append(_same(f"{label}: {claimed} points, expected {table}", fan_id))
    causes += [_same(f"{fan_label(fans, f)} listed more than once", f) for f in dict.fromkeys(doubled)]
    causes += _sum_causes(expected, actual, got, listed, points_of)
    if "waits" in expected and "waits" not in skip:
        causes += _wait_causes(expected["waits"], actual.get("waits"))
    return causes


def _same(text: str, about: str) -> Cause:
    return Cause(text, text, about)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _fan_entries(actual: dict) -> dict:
    """The answer's well-formed fan entries (``{"fans": [...]}``, the form fan_map reads)."""
    entries = actual.get("fans") if isinstance(actual.get("fans"), list) else []
    return {"fans": [f for f in entries if isinstance(f, dict) and isinstance(f.get("id"), str)
                     and _is_int(f.get("count"))]}


def _sum_causes(expected: dict, actual: dict, got: dict[str, int], listed: dict[str, dict],
                points_of) -> list[Cause]:
    """The totals, where the answer's own fans do not account for them."""
    causes = []
    own = 0   # the sum of the implementation's fans, at the points it gives them (the table's if none)
    for fan_id, count in got.items():
        claimed = (listed.get(fan_id) or {}).get("points")
        each = claimed if _is_int(claimed) else points_of(fan_id)
        if fan_id != FLOWERS:
            own = None if own is None or not _is_int(each) else own + each * count
    fan_points, total = actual.get("fan_points"), actual.get("total")
    if fan_points != expected.get("fan_points") and (own is None or fan_points != own):
        causes.append(Cause(f"fan_points: expected {_show(expected.get('fan_points'))}, got {_show(fan_points)}"
                            + (f" (its fans add up to {own})" if own is not None else ""),
                            "fan_points differs, no fan explains it", "fan_points"))
    flowers = got.get(FLOWERS, 0) * (points_of(FLOWERS) or 1)
    if total != expected.get("total") and not (_is_int(total) and _is_int(fan_points) and total == fan_points + flowers):
        causes.append(Cause(f"total: expected {_show(expected.get('total'))}, got {_show(total)}",
                            "total differs, no fan explains it", "total"))
    meets = actual.get("meets_minimum")
    if meets != expected.get("meets_minimum") and not (_is_int(fan_points) and meets == (fan_points >= MINIMUM)):
        causes.append(Cause(f"meets_minimum: expected {_show(expected.get('meets_minimum'))}, got {_show(meets)}"
                            f" (fan_points {_show(fan_points)})",
                            f"meets_minimum {_show(meets)}, not what fan_points gives", "meets_minimum"))
    return causes


def _wait_causes(want: list, got: Any) -> list[Cause]:
    if not isinstance(got, list):
        return [_same("waits: none given", "waits")]
    missing = sorted(set(want) - set(got), key=_tile_key)
    extra = sorted({t for t in got if isinstance(t, str)} - set(want), key=_tile_key)
    twice = sorted({t for t in got if isinstance(t, str) and got.count(t) > 1}, key=_tile_key)
    parts = ([f"missing {' '.join(missing)}"] if missing else []) + ([f"extra {' '.join(extra)}"] if extra else []) \
        + ([f"listed twice {' '.join(twice)}"] if twice else [])
    if not parts:
        return []
    group = "waits: " + ", ".join(kind for kind, tiles in (("missing", missing), ("extra", extra),
                                                           ("listed twice", twice)) if tiles)
    return [Cause("waits: " + ", ".join(parts), group, "waits")]


def _error_causes(code: str, actual: dict) -> list[Cause]:
    if actual.get("ok"):
        return [Cause(f"a score (total {_show(actual.get('total'))}) instead of error {code}",
                      f"a score instead of error {code}")]
    got = (actual.get("error") or {}).get("code") if isinstance(actual.get("error"), dict) else None
    return [] if got == code else [_same(f"error {_show(got)}, expected error {code}", "result")]
