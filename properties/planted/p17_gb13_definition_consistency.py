"""Planted bugs for property 17 (gb13_definition_consistency, gb16.properties.invariants.p17_gb13_definition_consistency):
scorers with one gb13 fan definition broken each, which the property must catch through its own
check (tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from collections import Counter

from gb16.properties.hands import case_from_input
from gb16.properties.planted.base import edit_fans, patched

_NINE_GATES = Counter({1: 3, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 3})


def _shape(result) -> str:
    return result["interpretation"]["shape"]


def _tiles(inp) -> list[str]:
    return case_from_input(inp).hand.all_tiles()


# 17. 九莲宝灯 whatever the winning tile: any concealed 1112345678999 + one tile of a suit
# (xinbian 第七章 4: the thirteen standing tiles are 1112345678999, the winning tile the extra one)
def _nine_gates_whatever_the_winning_tile(inp, result, fans):
    tiles = _tiles(inp)
    if "[" in inp["hand"] or "{" in inp["hand"] or len({t[1] for t in tiles}) != 1 or tiles[0][1] == "z":
        return fans
    ranks = Counter(int(t[0]) for t in tiles)
    if all(ranks[r] >= n for r, n in _NINE_GATES.items()) and "nine_gates" not in fans:
        fans["nine_gates"] = 1
        for gone in ("full_flush", "no_honors"):
            fans.pop(gone, None)
    return fans


# 17b. 七星不靠 with six honours (xinbian 第七章 20: all seven)
def _greater_knitted_with_six_honours(inp, result, fans):
    if "lesser_honors_and_knitted_tiles" in fans and len({t for t in _tiles(inp) if t[1] == "z"}) >= 6:
        del fans["lesser_honors_and_knitted_tiles"]
        fans["greater_honors_and_knitted_tiles"] = 1
    return fans


# 17c. 组合龙 never counted beside 全不靠 (xinbian 第七章 34 牌例: 全不靠、组合龙 when all nine are there)
def _no_knitted_straight_in_honours_knitted(inp, result, fans):
    if _shape(result) == "honours_knitted":
        fans.pop("knitted_straight", None)
    return fans


# 17d. 平和 read as "no pung and a numbered pair": counted on a 七对 of numbered tiles
# (xinbian 第七章 63: 四副顺子 … 组成的基本和牌型)
def _all_chows_on_seven_pairs(inp, result, fans):
    if _shape(result) == "seven_pairs" and not any(t[1] == "z" for t in _tiles(inp)):
        fans["all_chows"] = 1
        fans.pop("no_honors", None)
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("九莲宝灯 whatever the winning tile",
     lambda: patched("nine_gates_any", edit_fans(_nine_gates_whatever_the_winning_tile)), "九莲宝灯", None),
    ("七星不靠 with six honours",
     lambda: patched("seven_stars6", edit_fans(_greater_knitted_with_six_honours)), "七星不靠", None),
    ("组合龙 missing beside 全不靠",
     lambda: patched("no_knitted", edit_fans(_no_knitted_straight_in_honours_knitted)), "组合龙", None),
    ("平和 on 七对", lambda: patched("pinghe_qidui", edit_fans(_all_chows_on_seven_pairs)), "平和", None),
]
