"""Planted bugs for property 1 (suit_permutation, gb16.properties.invariants.p01_suit_permutation):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.invariants import interp_sets
from gb16.properties.planted.base import edit_fans, patched, pungs


# 1. a suit-dependent detection: 缺一门 only noticed when the missing suit is not 万 (m)
def _void_m_forgotten(inp, result, fans):
    tiles = [t for g in interp_sets(result["interpretation"]) for t in g.tiles]
    if "one_voided_suit" in fans and not any(t.endswith("m") for t in tiles):
        del fans["one_voided_suit"]
    return fans


# 1b. 三色三节高 detected only when the 万 pung is the lowest of the three
def _mixed_shifted_needs_m_lowest(inp, result, fans):
    if "mixed_shifted_pungs" in fans:
        ranks = {g.tiles[0][1]: int(g.tiles[0][0]) for g in pungs(result) if g.tiles[0][1] in "mps"}
        if ranks.get("m") != min(ranks.values()):
            del fans["mixed_shifted_pungs"]
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("缺一门 misses a void in m", lambda: patched("void_m", edit_fans(_void_m_forgotten)), "缺一门", None),
    ("三色三节高 needs the m pung lowest", lambda: patched("msp", edit_fans(_mixed_shifted_needs_m_lowest)), "三色三节高", 400),
]
