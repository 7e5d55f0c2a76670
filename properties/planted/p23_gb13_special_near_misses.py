"""Planted bugs for property 23 (gb13_special_near_misses,
gb16.properties.invariants.p23_gb13_special_near_misses): gb13 special-shape fans checked on part
of their definition, which the property must catch through its own check (tests/test_planted.py
runs them; they never judge anything).  Each adds the fan where the part it checks holds."""

from __future__ import annotations

from collections import Counter

from gb16.properties.hands import case_from_input
from gb16.properties.planted.base import edit_fans as _edit_fans, patched

_ORPHANS = {f"{r}{s}" for s in "mps" for r in (1, 9)} | {f"{k}z" for k in range(1, 8)}
_KNITTED = ({"1", "4", "7"}, {"2", "5", "8"}, {"3", "6", "9"})


def edit_fans(change):
    """:func:`gb16.properties.planted.base.edit_fans` on gb13 inputs only: these fans are gb13's."""
    edit = _edit_fans(change)
    return lambda inp, result: edit(inp, result) if inp.get("variant") == "gb13" else result


def _hand(inp):
    return case_from_input(inp).hand


def _concealed_tiles(inp) -> list[str] | None:
    """The tiles of a hand with no meld at all, else None."""
    hand = _hand(inp)
    return None if hand.melds else list(hand.standing)


# 23. 十三幺 on any concealed hand of terminals and honours with a pair (all thirteen kinds unchecked;
# xinbian 第七章 7)
def _orphans_without_thirteen_kinds(inp, result, fans):
    tiles = _concealed_tiles(inp)
    if tiles and set(tiles) <= _ORPHANS and 2 in Counter(tiles).values():
        fans["thirteen_orphans"] = 1
    return fans


# 23b. 七对 whenever every kind is held an even number of times, declared kongs included (七对
# is seven pairs, no set: xinbian 第二章 3, 第七章 19)
def _seven_pairs_by_even_counts(inp, result, fans):
    if all(n % 2 == 0 for n in Counter(_hand(inp).all_tiles()).values()) and "seven_pairs" not in fans \
            and "seven_shifted_pairs" not in fans:
        fans["seven_pairs"] = 1
    return fans


# 23c. 连七对 on any seven pairs of one suit (consecutive numbers unchecked; xinbian 第七章 6)
def _shifted_pairs_not_consecutive(inp, result, fans):
    tiles = _concealed_tiles(inp)
    if tiles and "seven_pairs" in fans and len({t[1] for t in tiles}) == 1 and tiles[0][1] != "z":
        del fans["seven_pairs"]
        fans["seven_shifted_pairs"] = 1
    return fans


# 23d. 全不靠 on any concealed hand of one knitted assignment and honours (single tiles unchecked;
# xinbian 第二章 5, 第七章 34)
def _knitted_tiles_with_sets(inp, result, fans):
    tiles = _concealed_tiles(inp)
    if not tiles or "lesser_honors_and_knitted_tiles" in fans or "greater_honors_and_knitted_tiles" in fans:
        return fans
    numbered = [t for t in tiles if t[1] != "z"]
    patterns = [next((k for k in _KNITTED if ranks <= k), None) for ranks in
                ({t[0] for t in numbered if t[1] == s} for s in "mps") if ranks]
    if None not in patterns and len({frozenset(k) for k in patterns}) == len(patterns):
        fans["lesser_honors_and_knitted_tiles"] = 1
    return fans


# 23e. 组合龙 on every 全不靠 (all nine knitted tiles unchecked; xinbian 第七章 34 牌例, 35)
def _knitted_straight_on_every_knitted_hand(inp, result, fans):
    if "lesser_honors_and_knitted_tiles" in fans or "greater_honors_and_knitted_tiles" in fans:
        fans["knitted_straight"] = 1
    return fans


# 23f. 九莲宝灯 with a melded set (concealed unchecked; xinbian 第七章 5)
_NINE_GATES = Counter({1: 3, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1, 8: 1, 9: 3})


def _nine_gates_melded(inp, result, fans):
    hand = _hand(inp)
    tiles = hand.all_tiles()
    if not hand.melds or len({t[1] for t in tiles}) != 1 or tiles[0][1] == "z":
        return fans
    ranks = Counter(int(t[0]) for t in tiles)
    ranks[int(inp["win_tile"][0])] -= 1
    if ranks == _NINE_GATES:
        fans["nine_gates"] = 1
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("十三幺 without all thirteen kinds",
     lambda: patched("orphans_any", edit_fans(_orphans_without_thirteen_kinds)), "十三幺", None),
    ("七对 by even counts", lambda: patched("pairs_even", edit_fans(_seven_pairs_by_even_counts)), "七对", None),
    ("连七对 without consecutive numbers",
     lambda: patched("shifted_any", edit_fans(_shifted_pairs_not_consecutive)), "连七对", None),
    ("全不靠 with sets and a pair",
     lambda: patched("knitted_sets", edit_fans(_knitted_tiles_with_sets)), "全不靠", None),
    ("组合龙 on every 全不靠",
     lambda: patched("knitted_every", edit_fans(_knitted_straight_on_every_knitted_hand)), "组合龙", None),
    ("九莲宝灯 with a melded set", lambda: patched("gates_melded", edit_fans(_nine_gates_melded)), "九莲宝灯", None),
]
