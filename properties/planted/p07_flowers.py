"""Planted bugs for property 7 (flowers, gb16.properties.invariants.p07_flowers):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import patched


# 7. flowers counted in fan_points
def _flowers_in_fan_points(inp, result):
    k = result.get("flower_points", 0)
    result["fan_points"] += k
    result["total"] += k
    result["meets_minimum"] = result["fan_points"] >= 8
    return result


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("flowers in fan_points", lambda: patched("flowers", _flowers_in_fan_points), "fan_points", None),
]
