"""Planted bugs for property 16 (gb13_exclusion_consistency, gb16.properties.invariants.p16_gb13_exclusion_consistency):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import edit_fans, patched, pungs


# 16. gb13: 门前清 beside 七对 won on a discard (xinbian 第六章 3 门清原则)
def _concealed_hand_beside_seven_pairs(inp, result, fans):
    if inp.get("variant") == "gb13" and "seven_pairs" in fans and inp.get("win_by") == "discard":
        fans["concealed_hand"] = 1
    return fans


# 16b. gb13: 九莲宝灯 keeps every 幺九刻 (its 减计 1 个幺九刻 forgotten, xinbian 第七章 4)
def _nine_gates_keeps_terminal_pungs(inp, result, fans):
    if "nine_gates" in fans and pungs(result):
        fans["pung_of_terminals_or_honors"] = len(pungs(result))
    return fans


# 16c. gb13: 不求人, excluded by 七对, still excluding 自摸 (xinbian 第六章 3 例 1)
def _self_drawn_lost_beside_seven_pairs(inp, result, fans):
    if "seven_pairs" in fans or "seven_shifted_pairs" in fans:
        fans.pop("self_drawn", None)
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("门前清 beside 七对 on a discard",
     lambda: patched("qidui", edit_fans(_concealed_hand_beside_seven_pairs)), "门前清", None),
    ("九莲宝灯 keeps every 幺九刻",
     lambda: patched("jiulian", edit_fans(_nine_gates_keeps_terminal_pungs)), "幺九刻", None),
    ("自摸 lost beside 七对 (excluded 不求人's 不计 acting)",
     lambda: patched("zimo13", edit_fans(_self_drawn_lost_beside_seven_pairs)), "self-drawn win without 自摸", None),
]
