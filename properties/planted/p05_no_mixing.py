"""Planted bugs for property 5 (no_mixing, gb16.properties.invariants.p05_no_mixing):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from collections import Counter

from gb16.properties.planted.base import fans_of, patched, rebuilt, reference


# 5. the fans of the two best readings merged (mixing interpretations)
def _mix_two_readings(inp, result):
    ex = reference.explain(inp)
    readings = ex["readings"]
    if len(readings) < 2:
        return result
    merged = fans_of(result) | Counter({f["id"]: f["count"] for f in readings[1]["fans"]})
    return rebuilt(result, merged) if merged != fans_of(result) else result


# 5b. the worst reading reported instead of the best
def _worst_reading(inp, result):
    ex = reference.explain(inp)
    worst = min(ex["readings"], key=lambda r: r["total"])
    return reference.score_interpretation(inp, worst["interpretation"])


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("fans of two readings merged", lambda: patched("mix", _mix_two_readings),
     "the best interpretation by the definitions", None),
    ("the worst reading reported", lambda: patched("worst", _worst_reading), "scores", None),
]
