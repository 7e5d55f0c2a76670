"""Planted bugs for property 2 (wind_dragon_relabelling, gb16.properties.invariants.p02_wind_dragon_relabelling):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import edit_fans, patched, pungs


# 2. 圈风刻 only when the prevalent wind is 东
def _prevalent_only_east(inp, result, fans):
    if inp.get("prevalent_wind", "E") != "E":
        fans.pop("prevalent_wind", None)
    return fans


# 2b. 箭刻 only for 中 (5z)
def _dragon_pung_only_red(inp, result, fans):
    if "dragon_pung" in fans and not any(g.tiles[0] == "5z" for g in pungs(result)):
        del fans["dragon_pung"]
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("圈风刻 only in the East round", lambda: patched("prev", edit_fans(_prevalent_only_east)), "圈风刻", None),
    ("箭刻 only for 中", lambda: patched("red", edit_fans(_dragon_pung_only_red)), "箭刻", None),
]
