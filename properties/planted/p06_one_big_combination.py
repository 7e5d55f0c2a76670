"""Planted bugs for property 6 (one_big_combination, gb16.properties.invariants.p06_one_big_combination):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import edit_fans, patched


# 6c. the chow-pair links capped at 3 (seed000 §二.6 allows 4 among five chows)
def _links_capped_at_three(inp, result, fans):
    pair_fans = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
    while sum(fans.get(f, 0) for f in pair_fans) > 3:
        f = next(f for f in reversed(pair_fans) if fans.get(f))
        fans[f] -= 1
        if not fans[f]:
            del fans[f]
    return fans


# 6. a chow-pair fan too many (the cap of seed000 §二.6 not applied)
def _extra_chow_pair(inp, result, fans):
    if "pure_double_chow" in fans:
        fans["pure_double_chow"] += 1
    return fans


# 6b. 一般高 inside the 一色三同顺 group (the group not contracted)
def _pairs_inside_triple(inp, result, fans):
    if "pure_triple_chow" in fans:
        fans["pure_double_chow"] = fans.get("pure_double_chow", 0) + 2
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("a chow-pair fan too many", lambda: patched("pairs", edit_fans(_extra_chow_pair)), "chow-pair", None),
    ("一般高 inside 一色三同顺", lambda: patched("inside", edit_fans(_pairs_inside_triple)), "chow-pair", 200),
    ("links capped at 3", lambda: patched("cap", edit_fans(_links_capped_at_three)), "chow", None),
]
