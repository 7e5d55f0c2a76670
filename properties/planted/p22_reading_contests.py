"""Planted bugs for property 22 (reading_contests, gb16.properties.invariants.p22_reading_contests):
the interpretation chosen by another rule than the highest total, which the property must catch
through its own check (tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import patched, reference


def _biggest_fan(reading: dict) -> int:
    return max((f["points"] for f in reading["fans"] if f["id"] != "flower_tiles"), default=0)


# 22. the interpretation with the biggest single fan first, the total second (seed000 §二: the
# highest total): the reading a player who counts the big fan first would take
def _biggest_fan_first(inp, result):
    readings = reference.explain(inp)["readings"]
    chosen = max(readings, key=lambda r: (_biggest_fan(r), r["total"]))
    return reference.score_interpretation(inp, chosen["interpretation"])


# 22b. the interpretation with the most fans (kinds) first, the total second
def _most_fans_first(inp, result):
    readings = reference.explain(inp)["readings"]
    chosen = max(readings, key=lambda r: (len(r["fans"]), r["total"]))
    return reference.score_interpretation(inp, chosen["interpretation"])


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("the biggest fan first", lambda: patched("biggest_fan_first", _biggest_fan_first),
     "a better interpretation was missed", None),
    ("the most fans first", lambda: patched("most_fans_first", _most_fans_first),
     "a better interpretation was missed", None),
]
