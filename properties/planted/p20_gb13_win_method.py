"""Planted bugs for property 20 (gb13_win_method, gb16.properties.invariants.p20_gb13_win_method):
scorers with a gb13 win-method rule broken, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import edit_fans, patched


# 20. 全求人 with three of the four sets melded (xinbian 第七章 52: 所有面子均为明顺或明刻)
def _melded_hand_with_three_melds(inp, result, fans):
    melds = inp["hand"].count("[")
    if melds == 3 and inp["win_by"] == "discard" and result["interpretation"]["win_in"] == "pair":
        fans["melded_hand"] = 1
        fans.pop("single_wait", None)
    return fans


# 20b. 门清原则 read backwards: a self-drawn special shape scores 不求人 instead of 自摸
# (xinbian 第六章 3 例 1: 七对 自摸 is 七对、自摸, 不求人 not counted)
def _fully_concealed_on_special_shapes(inp, result, fans):
    if result["interpretation"]["shape"] in ("seven_pairs", "honours_knitted", "thirteen_orphans") \
            and inp["win_by"] == "self_draw" and fans.pop("self_drawn", None):
        fans["fully_concealed_hand"] = 1
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("全求人 with three melds of four", lambda: patched("melded3", edit_fans(_melded_hand_with_three_melds)),
     "全求人", None),
    ("不求人 instead of 自摸 on a special shape",
     lambda: patched("buqiuren13", edit_fans(_fully_concealed_on_special_shapes)), "不求人 scored beside", None),
]
