"""Planted bugs for property 24 (not_counted_trace, gb16.properties.invariants.p24_not_counted_trace):
a 不计 trace with one mistake each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything).  The fans and totals are the
reference's; only the trace ``explain(input, not_counted=True)`` gives is wrong."""

from __future__ import annotations

from gb16.properties.planted.base import reference
from gb16.properties.scorers import Scorer


def traced(name: str, edit) -> Scorer:
    """The reference, its ``explain`` giving each reading's 不计 list through ``edit(entries, reading)``."""
    def explain(inp, not_counted: bool = False):
        report = reference.explain(inp, not_counted=not_counted)
        if not_counted and report.get("ok"):
            for r in report["readings"]:
                r["not_counted"] = edit(r["not_counted"], r)
        return report
    return Scorer(name, reference.score, explain=explain)


# 24. a removal credited to the wrong fan: each fan a 不计 list removed is said to be removed by the
# first counted fan other than its remover (规定原则 names the remover, xinbian 第六章 4)
def _wrong_remover(entries, reading):
    out = []
    for e in entries:
        others = [f for f in reading["fans"] if e["by"] and f["id"] not in (e["by"]["id"], e["id"])]
        if e["by"] and others:
            e = dict(e, by={"id": others[0]["id"], "name": others[0]["name"], "en": others[0]["en"]})
        out.append(e)
    return out


# 24b. the last fan removed left out of the list (a referee would not see that it held)
def _last_removal_left_out(entries, reading):
    return entries[:-1]


# 24c. a big combination taken on more than one choice of sets listed as removed every time
# (seed000 §二.8 removes the repeats, not the one counted)
def _repeats_of_counted_fan_miscounted(entries, reading):
    return [dict(e, count=e["count"] + 1) if e["by"] is None else e for e in entries]


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("the wrong remover", lambda: traced("wrong_remover", _wrong_remover), "不计 list does not name it", None),
    ("the last removal left out", lambda: traced("last_removal_left_out", _last_removal_left_out),
     "neither counts nor is listed", None),
    ("the repeats of a counted fan over-counted", lambda: traced("repeats_over_counted", _repeats_of_counted_fan_miscounted),
     "is also listed as removed", None),
]
