"""Comparing an implementation's result with a corpus case's expectation, field by field.

An expectation (corpus/schema/cases.schema.json, ``expect``) is either
``{"error": code}`` or ``{"total", "fan_points", "meets_minimum", "fans" | "fans_one_of",
"absent"?, "waits"?}``.  The comparison is strict where the contract is (docs/contract.md):

* ``total``, ``fan_points``, ``meets_minimum`` must be equal;
* ``fans`` is an exact map fan id → count: no fan missing, none extra, every count equal;
  ``fans_one_of`` accepts any one of the listed maps (docs/rulings.md R-011);
* every fan in ``absent`` must not appear;
* ``waits`` is compared (as a set of tiles) only when the case states it;
* ``not_counted`` — the 不计 trace of the chosen reading, each fan that held by definition and did
  not count (or counted fewer times), how many occurrences, the fan that removed it (``by``, null
  for a principle alone) and the clause — is compared (as a multiset of entries) only when the
  case states it and the result carries a trace: an implementation that reports one (in process,
  its reading API ``explain(input, not_counted=True)``: gb16.tools.harness.implementations); a
  result without it is judged on the rest (corpus/README.md, "The 不计 trace");
* ``win_group`` — the tiles of the group that holds the winning tile in the chosen reading — is
  compared only when the case states it and the result carries an ``interpretation``: exactly
  that group must be marked ``win`` (docs/contract.md "Result");
* an error expectation needs an error result with exactly that code.

For tier ``disputed`` cases the implementation's declared ruling options pick the
expectation: the case's ``expect`` holds the option its ``rulings`` entry names (``R-009:B``;
a bare ``R-009`` means option A), ``alternatives`` hold the others.  A ruling the
implementation does not declare is the project's reading (corpus/editions.json ``default``).
An alternative that names an edition ``delta`` instead is the hand-worked expectation under
that one delta (any tier); the ruling options ignore it (:func:`ruling_alternatives`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gb16.reference.rules import DEFAULT_OPTIONS, RULINGS
from gb16.tools.harness.rule_change import RuleChange


@dataclass
class Selection:
    """The expectation a case holds an implementation to, or why none applies."""

    expected: dict | None
    label: str                 # "A" (the case's expect, not disputed) or e.g. "R-002:B"
    skip_reason: str | None = None


def ruling_ids(case: dict) -> list[str]:
    """The ruling ids a case depends on (``R-002:A`` and ``R-002`` both give ``R-002``)."""
    return [entry.split(":")[0] for entry in case.get("rulings", [])]


def expect_options(case: dict) -> dict[str, str]:
    """The option of each ruling that the case's ``expect`` holds (``R-009:B`` → B; bare → A)."""
    out = {}
    for entry in case.get("rulings", []):
        rid, _, option = entry.partition(":")
        out[rid] = option or "A"
    return out


def default_option(ruling: str) -> str:
    """The project's reading of an open ruling (corpus/editions.json); A for any other id."""
    return DEFAULT_OPTIONS.get(ruling, "A")


def ruling_alternatives(case: dict) -> dict[str, dict]:
    """The expectations a case states for other options of open rulings: ``{"R-009:A": expect}``."""
    return {alt["ruling"]: alt["expect"] for alt in case.get("alternatives", []) if "ruling" in alt}


def delta_alternatives(case: dict) -> dict[str, dict]:
    """The expectations a case states under one edition delta each: ``{"two-concealed-kongs-8": expect}``."""
    return {alt["delta"]: alt["expect"] for alt in case.get("alternatives", []) if "delta" in alt}


def _is_open_option(ruling: str, option: str) -> bool:
    return ruling in RULINGS and option in RULINGS[ruling]["options"]


def select_expectation(case: dict, declared: dict[str, str]) -> Selection:
    """Pick the expectation for an implementation that declared ruling options *declared*.

    A ruling the implementation does not declare is the project's reading.  For every ruling
    of the case where the implementation follows another option than the one ``expect``
    holds, the case must state that option's expectation (an ``alternatives`` entry);
    otherwise the case cannot judge the implementation and is skipped with the reason.  Two
    declared options that would pick different alternatives are likewise a skip (the case
    states no combined expectation).
    """
    alternatives = ruling_alternatives(case)
    held = expect_options(case)
    chosen: list[str] = []
    for ruling in dict.fromkeys(ruling_ids(case)):
        option = declared.get(ruling, default_option(ruling))
        if option == held.get(ruling, "A"):
            continue
        key = f"{ruling}:{option}"
        if key not in alternatives and not alternatives and _is_open_option(ruling, option):
            continue  # tier ruling: every option of the open ruling gives ``expect``
        if key not in alternatives:
            return Selection(None, key, f"the implementation follows {key}; this case states "
                                        f"an expectation only for " + _options_named(ruling, alternatives, held))
        chosen.append(key)
    if not chosen:
        # "A": the case's own expectation; a disputed case names the options it holds
        options = tuple(f"{r}:{o}" for r, o in held.items())
        label = "A" if not alternatives else RuleChange(options).label if options else ""
        return Selection(case["expect"], label)
    if len(chosen) > 1:
        return Selection(None, RuleChange(tuple(chosen)).label,
                         f"the implementation follows {' and '.join(chosen)}; this case states no "
                         f"expectation for that combination")
    return Selection(alternatives[chosen[0]], chosen[0])


def option_expectations(case: dict) -> list[tuple[str, str, dict]]:
    """``(ruling, option, expectation)`` for every option of every open ruling the case names.

    A ``disputed`` case states one expectation per option (``expect`` and ``alternatives``);
    a ``ruling`` case states that every option gives its ``expect``.
    """
    out = []
    for rid in dict.fromkeys(ruling_ids(case)):
        if rid not in RULINGS:
            continue
        for option in RULINGS[rid]["options"]:
            chosen = select_expectation(case, {rid: option})
            expected = chosen.expected if chosen.expected is not None or case["tier"] == "disputed" else case["expect"]
            if expected is not None:
                out.append((rid, option, expected))
    return out


def _options_named(ruling: str, alternatives: dict[str, Any], held: dict[str, str] | None = None) -> str:
    own = (held or {}).get(ruling, "A")
    options = sorted({own} | {key.split(":")[1] for key in alternatives if key.startswith(ruling + ":")})
    return ", ".join(f"{ruling}:{option}" for option in options)


# --------------------------------------------------------------------------- comparison

def fan_map(result: dict) -> tuple[dict[str, int], list[str]]:
    """A result's fans as ``{id: count}``, and the ids listed more than once."""
    counts: dict[str, int] = {}
    doubled: list[str] = []
    for fan in result.get("fans", []):
        if fan["id"] in counts:
            doubled.append(fan["id"])
        counts[fan["id"]] = counts.get(fan["id"], 0) + fan["count"]
    return counts, doubled


def _entry(field: str, expected: Any, actual: Any, note: str | None = None) -> dict:
    entry = {"field": field, "expected": expected, "actual": actual}
    if note:
        entry["note"] = note
    return entry


def fans_diff(expected: dict[str, int], actual: dict[str, int]) -> list[dict]:
    """Entries for each fan missing, extra, or with another count (exact map comparison)."""
    diff = []
    for fan_id in sorted(set(expected) | set(actual)):
        want, got = expected.get(fan_id), actual.get(fan_id)
        if want == got:
            continue
        if got is None:
            note = "missing"
        elif want is None:
            note = "not expected"
        else:
            note = "count differs"
        diff.append(_entry(f"fans.{fan_id}", want, got, note))
    return diff


def compare(expected: dict, actual: dict) -> list[dict]:
    """Field-by-field differences between an expectation and a result; empty means pass."""
    if "error" in expected:
        return _compare_error(expected["error"], actual)
    if not actual.get("ok"):
        code = (actual.get("error") or {}).get("code")
        return [_entry("result", "a score", f"error {code}")]
    diff = []
    for field in ("total", "fan_points", "meets_minimum"):
        if actual.get(field) != expected[field]:
            diff.append(_entry(field, expected[field], actual.get(field)))
    got, doubled = fan_map(actual)
    for fan_id in doubled:
        diff.append(_entry(f"fans.{fan_id}", "listed once", "listed more than once",
                           "each fan appears once, with its count"))
    if "fans" in expected:
        diff.extend(fans_diff(expected["fans"], got))
    else:
        diff.extend(_compare_one_of(expected["fans_one_of"], got))
    for fan_id in expected.get("absent", []):
        if fan_id in got:
            diff.append(_entry(f"fans.{fan_id}", None, got[fan_id], "must be absent"))
    if "not_counted" in expected and "not_counted" in actual:
        diff.extend(not_counted_diff(expected["not_counted"], actual["not_counted"]))
    if "win_group" in expected and isinstance(actual.get("interpretation"), dict):
        diff.extend(win_group_diff(expected["win_group"], actual["interpretation"]))
    if "waits" in expected:
        want_waits = sorted(expected["waits"])
        got_waits = actual.get("waits")
        if got_waits is None:
            diff.append(_entry("waits", want_waits, None, "the result gives no waits"))
        elif sorted(set(got_waits)) != sorted(set(want_waits)) or len(got_waits) != len(set(got_waits)):
            diff.append(_entry("waits", want_waits, sorted(got_waits)))
    return diff


#: The diff fields of what a case states about the chosen reading rather than its score: the 不计
#: trace and the group marked as holding the winning tile.  No rule change of the attribution
#: (gb16.tools.harness.declaration) explains a difference there: the candidates change scores.
READING_FIELDS = ("not_counted", "interpretation.win")


def reading_only(diff: list[dict]) -> bool:
    """Whether a failing case's differences are all in what it states about the chosen reading."""
    return bool(diff) and all(isinstance(d, dict) and d.get("field") in READING_FIELDS for d in diff)


#: Entries of a 不计 trace compared at most (a longer one is a difference, not read further).
MAX_TRACE_ENTRIES = 200


def trace_entry(entry: Any) -> tuple[str, int, str | None, str] | None:
    """A 不计 entry as ``(fan, count, by, rule)``, from an expectation's form (``{"fan", "count",
    "by", "rule"}``, ``by`` a fan id or null) or a reading API's (``{"id", "count", "by": {"id"} |
    null, "rule"}``, gb16.reference.explain); None when it is neither."""
    if not isinstance(entry, dict):
        return None
    fan = entry.get("fan", entry.get("id"))
    by = entry.get("by")
    if isinstance(by, dict):
        by = by.get("id")
    count, rule = entry.get("count"), entry.get("rule")
    if not (isinstance(fan, str) and type(count) is int and isinstance(rule, str)
            and (by is None or isinstance(by, str))):
        return None
    return fan, count, by, rule


#: Characters of an implementation's string kept in a difference's text (a fan id, a clause, tiles).
SHOWN = 80


def _shown(text: str) -> str:
    return text if len(text) <= SHOWN else text[:SHOWN] + "…"


def _trace_text(entry: tuple[str, int, str | None, str]) -> str:
    fan, count, by, rule = entry
    return f"{_shown(fan)}×{count} by {_shown(by) if by else '(a principle)'}, {_shown(rule)}"


def not_counted_diff(expected: list[dict], actual: Any) -> list[dict]:
    """Entries for each 不计 entry missing from the trace or not expected (the traces compared as
    multisets of ``(fan, count, by, rule)``, :func:`trace_entry`)."""
    if not isinstance(actual, list) or len(actual) > MAX_TRACE_ENTRIES:
        return [_entry("not_counted", "a list of 不计 entries", "not a list" if not isinstance(actual, list)
                       else f"{len(actual)} entries", f"at most {MAX_TRACE_ENTRIES} entries")]
    got = [trace_entry(e) for e in actual]
    if any(e is None for e in got):
        return [_entry("not_counted", "entries with fan, count, by and rule", "an entry without them")]
    want = [trace_entry(e) for e in expected]
    missing, extra = list(want), []
    for e in got:
        if e in missing:
            missing.remove(e)
        else:
            extra.append(e)
    return ([_entry("not_counted", _trace_text(e), None, "missing from the 不计 trace") for e in missing if e] +
            [_entry("not_counted", None, _trace_text(e), "not expected in the 不计 trace") for e in extra if e])


def win_group_diff(expected: str, interpretation: dict) -> list[dict]:
    """An entry when the groups an ``interpretation`` marks ``win`` (its sets, pair and 组合龙) are not
    exactly the one group of tiles ``expected``."""
    sets = interpretation.get("sets")
    groups = (list(sets) if isinstance(sets, list) else []) + [interpretation.get("pair"), interpretation.get("knitted")]
    if len(groups) > MAX_TRACE_ENTRIES:
        return [_entry("interpretation.win", expected, f"{len(groups)} groups", "more groups than a hand holds")]
    marked = [g.get("tiles") for g in groups if isinstance(g, dict) and g.get("win") is True]
    if marked == [expected]:
        return []
    shown = [_shown(m) if isinstance(m, str) else "(no tiles)" for m in marked][:8]
    return [_entry("interpretation.win", expected, shown or None,
                   "the group marked as holding the winning tile (win) in the reported reading")]


def chosen_not_counted(explained: Any) -> list | None:
    """The 不计 trace of the chosen reading of an ``explain(…, not_counted=True)`` answer, or None
    when the answer has none."""
    if not isinstance(explained, dict) or not isinstance(explained.get("readings"), list):
        return None
    for reading in explained["readings"]:
        if isinstance(reading, dict) and reading.get("chosen") is True:
            trace = reading.get("not_counted")
            return trace if isinstance(trace, list) else None
    return None


def _compare_error(code: str, actual: dict) -> list[dict]:
    if actual.get("ok"):
        return [_entry("error", code, f"a score (total {actual.get('total')})")]
    got = (actual.get("error") or {}).get("code")
    return [] if got == code else [_entry("error", code, got)]


def _compare_one_of(options: list[dict[str, int]], got: dict[str, int]) -> list[dict]:
    """Pass when *got* equals any option; otherwise the diff against the closest option."""
    diffs = [fans_diff(option, got) for option in options]
    if any(not d for d in diffs):
        return []
    best = min(range(len(diffs)), key=lambda i: len(diffs[i]))
    note = f"none of the {len(options)} acceptable fan lists matches; closest is list {best + 1}"
    return [dict(entry, note=f"{entry['note']} ({note})") for entry in diffs[best]]


def describe(entry: dict) -> str:
    """One diff entry as a short line, e.g. ``total: expected 28, got 27``."""
    text = f"{entry['field']}: expected {_show(entry['expected'])}, got {_show(entry['actual'])}"
    return f"{text} ({entry['note']})" if entry.get("note") else text


def _show(value: Any) -> str:
    if value is None:
        return "none"
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, list):
        return " ".join(map(str, value)) or "(none)"
    return str(value)


def fans_involved(expected: dict | None, absent: bool = True) -> set[str]:
    """The fan ids an expectation speaks about: expected, in one of the options, or (with
    ``absent``) said to be absent."""
    if not expected or "error" in expected:
        return set()
    ids = set(expected.get("fans", {}))
    for option in expected.get("fans_one_of", []):
        ids |= set(option)
    if absent:
        ids |= set(expected.get("absent", []))
    return ids
