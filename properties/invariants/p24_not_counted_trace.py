"""Property 24. The 不计 trace: what held and did not count, and what removed it.

A referee reads beside the counted fans the list of those that held by definition and did not
count (``explain(input, not_counted=True)``: per reading, ``not_counted`` entries with the fan,
how many of its occurrences were removed, the fan that removed it — ``by``, null for a
principle alone — and the clause).  The list is checked on the chosen reading against the
properties' own model of the rules: the fans that hold on that reading by definition
(gb16.properties.definitions) and the 不计 lists transcribed from the texts
(gb16.properties.rulebook), never the scorer's tables.

What the model can check soundly, under the project's reading:

* every entry names a fan that holds on the reading by definition, with a whole positive count;
* the remover fits the clause cited: ``by`` a counted fan whose 不计 list names the fan
  (规定原则, xinbian 第六章 4; the list of gb16.properties.rulebook for the case's variant);
  or, seed000 §二.5 (one big combination), a fan of the big-combination group removed by the
  counted big combination; or, with no ``by``, seed000 §二.8 (not repeatable): the repeats of a
  fan that is not repeatable and counts once;
* for every fan but the chow-pair fans, the occurrences by definition are the counted ones and
  the removed ones, no more and no fewer: (a) a fan that holds and does not count is in the
  list, (c) a counted fan is never listed as removed as many times as it holds, and a fan
  removed in steps (§二.8 first, then a 不计) is listed for each step.

The chow-pair fans (seed000 §二.6) are left out of that count: how many links the forest of
docs/rulings.md R-001 takes is not a removal (the reference lists a link only when a 不计 removes
it), so for them only the entries are checked.  The options of the open rulings are not
modelled here (R-002:B/C change the big-combination group and what 三同刻 removes): the
property judges the scorer under the project's reading only.

It reaches an implementation only through a reading API that gives the trace —
``explain(input, not_counted=True)`` called in process (gb16.properties.scorers: the reference
and a ``python:`` scorer whose ``explain`` takes ``not_counted``); the harness protocol carries
no trace, so for any other scorer no example can be checked (the runner says "not checkable").
"""

from __future__ import annotations

import inspect
from collections import Counter

from hypothesis import strategies as st

from gb16.properties import definitions as D, strategies as S
from gb16.properties.invariants.base import (
    FAN, REPEATABLE, Violation, _brief, call, interp_sets, register,
)
from gb16.properties.invariants.p04_exclusion_consistency import ENTRY_PROFILES, EXCLUSION_PROFILES
from gb16.properties.invariants.p13_definition_consistency import (
    DEFINITION_PROFILES, _reported_big, describe_reading, reported_reading,
)
from gb16.properties.strategies import gb13

#: the clauses an entry without a 不计 list may cite
ONE_BIG_COMBINATION = "seed000 §二.5"
NOT_REPEATABLE = "seed000 §二.8"


def gives_trace(scorer) -> bool:
    """Whether the scorer's reading API can give the 不计 trace (an ``explain`` taking ``not_counted``)."""
    explain = getattr(scorer, "explain", None)
    if explain is None:
        return False
    try:
        params = inspect.signature(explain).parameters
    except (TypeError, ValueError):
        return False
    return "not_counted" in params or any(p.kind is p.VAR_KEYWORD for p in params.values())


def _name(fan) -> str:
    return f"{FAN[fan]['zh']} ({fan})" if fan in FAN else repr(fan)


def trace_problems(holds: dict, counted: Counter, trace: list, big: str | None, variant: str) -> list[str]:
    """What is wrong with the 不计 ``trace`` of a reading where ``holds`` (fan → occurrences by
    definition) hold and ``counted`` (fan → count) count, ``big`` the counted big combination."""
    problems = []
    removed: Counter = Counter()
    for e in trace:
        if not isinstance(e, dict):
            problems.append(f"an entry is not an object: {_brief(e)}")
            continue
        fan, n, rule = e.get("id"), e.get("count"), e.get("rule")
        by = e.get("by")
        by = by.get("id") if isinstance(by, dict) else by
        if fan not in holds:
            problems.append(f"{_name(fan)} is listed as not counted, but its definition does not hold on the reading")
            continue
        if type(n) is not int or n < 1:
            problems.append(f"{_name(fan)} is listed as removed {n!r} times (a count of occurrences, at least 1)")
            continue
        removed[fan] += n
        if by is None:
            if not (rule == NOT_REPEATABLE and fan not in REPEATABLE and counted.get(fan) == 1):
                problems.append(f"{_name(fan)} is listed as removed by {rule!r} alone; only the repeats of a fan "
                                f"that is not repeatable and counts once are ({NOT_REPEATABLE})")
        elif by not in counted:
            problems.append(f"{_name(fan)} is listed as removed by {_name(by)}, which does not count "
                            f"(only a counted fan excludes, docs/rulings.md R-013)")
        elif rule == ONE_BIG_COMBINATION:
            if not (fan in D.BIG_COMBINATION and by == big and fan != big):
                problems.append(f"{_name(fan)} is listed as removed by {_name(by)} under {ONE_BIG_COMBINATION}; "
                                f"that clause removes only another fan of the big-combination group beside the "
                                f"counted big combination ({_name(big) if big else 'none'})")
        elif fan not in {x["fan"] for x in D.exclusions_of(by, variant)}:
            problems.append(f"{_name(fan)} is listed as removed by {_name(by)} ({rule!r}), whose 不计 list does "
                            f"not name it (xinbian 第六章 4; gb16.properties.rulebook)")
    for fan, occ in holds.items():
        if fan in D.CHOW_PAIR_FANS:
            continue
        held, got, gone = len(occ), counted.get(fan, 0), removed[fan]
        if not got and not gone:
            problems.append(f"{_name(fan)} holds ({D.DEFINITIONS[fan].clause}) but neither counts nor is listed "
                            f"as not counted")
        elif got and gone >= held:
            problems.append(f"{_name(fan)} counts ×{got} and is also listed as removed ×{gone} of its {held} "
                            f"occurrence(s)")
        elif got + gone != held:
            problems.append(f"{_name(fan)} holds {held} time(s) by definition, counts ×{got} and is listed as "
                            f"removed ×{gone}: the counts do not add up")
    return problems


@register(24, "not_counted_trace", "The 不计 trace of the chosen reading (explain not_counted): every fan "
          "that holds by definition is counted or listed, each as many times as it holds; each entry's "
          "remover counts and its 不计 list, §二.5 or §二.8 fits (reading API with the trace only)",
          "xinbian 第六章 4; seed000 §二.5, §二.8; gb16.properties.rulebook; R-013",
          lambda: st.one_of(S.cases(DEFINITION_PROFILES), S.cases(EXCLUSION_PROFILES + ENTRY_PROFILES), gb13.cases()),
          weight=1.0, needs=("explain",))
def not_counted_trace(scorer, case) -> bool:
    if not gives_trace(scorer):
        return False
    inp = case.to_input()
    report = call(lambda i: scorer.explain(i, not_counted=True), inp)
    if not isinstance(report, dict) or report.get("ok") is not True or not isinstance(report.get("readings"), list):
        raise Violation(f"explain gave no readings for a legal winning hand: {_brief(report)}")
    chosen = [r for r in report["readings"] if isinstance(r, dict) and r.get("chosen")]
    if len(chosen) != 1 or not isinstance(chosen[0].get("not_counted"), list):
        return False
    reading_report = chosen[0]
    interp = reading_report.get("interpretation")
    if not isinstance(interp, dict):
        return False
    reading, index = reported_reading(case, interp)
    holds = D.holding(D.facts_of(case, reading))
    counted = Counter()
    for f in reading_report.get("fans", []):
        if f.get("id") not in ("flower_tiles", "chicken_hand"):
            counted[f.get("id")] += int(f.get("count", 1))
    big = _reported_big(interp, index)
    problems = trace_problems(holds, counted, reading_report["not_counted"], big[0] if big else None, case.variant)
    if problems:
        listed = [(e.get("id"), e.get("count"), e["by"].get("id") if isinstance(e.get("by"), dict) else e.get("by"))
                  for e in reading_report["not_counted"] if isinstance(e, dict)]
        raise Violation("; ".join(problems) + f" — trace {listed}; reading {describe_reading(reading)}; "
                        f"sets {len(interp_sets(interp))}; input {_brief(inp, 600)}")
    return True
