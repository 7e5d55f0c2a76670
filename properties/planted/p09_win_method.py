"""Planted bugs for property 9 (win_method, gb16.properties.invariants.p09_win_method):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.invariants import interp_sets
from gb16.properties.planted.base import edit_fans, patched


# 9. 自摸 counted beside 不求人
def _self_drawn_beside_fully_concealed(inp, result, fans):
    if "fully_concealed_hand" in fans:
        fans["self_drawn"] = 1
    return fans


# 9b. melded chows ignored by 门前清
def _melded_chows_stay_concealed(inp, result, fans):
    sets = interp_sets(result["interpretation"])
    exposed = [g for g in sets if g.exposed]
    if inp.get("win_by") == "discard" and exposed and all(g.kind == "chow" for g in exposed):
        fans["concealed_hand"] = 1
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("自摸 beside 不求人", lambda: patched("zimo", edit_fans(_self_drawn_beside_fully_concealed)), "自摸", None),
    ("melded chows ignored by 门前清", lambda: patched("menqing", edit_fans(_melded_chows_stay_concealed)), "门前清", None),
]
