"""Planted bugs for property 4 (exclusion_consistency, gb16.properties.invariants.p04_exclusion_consistency):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from itertools import combinations

from gb16.properties.invariants import interp_sets
from gb16.properties.planted.base import edit_fans, patched, pungs


# 4. 双同刻 beside 三同刻 (seed000 §二.5 / R-008 says none)
def _double_pung_beside_triple(inp, result, fans):
    if "triple_pung" in fans:
        fans["double_pung"] = 3
    return fans


# 4b. 无字 beside 清一色, which excludes it
def _no_honors_beside_full_flush(inp, result, fans):
    if "full_flush" in fans:
        fans["no_honors"] = 1
    return fans


# 4c. 三色三节高 counted once per triple of pungs that forms it (it counts once, seed000 §二.8)
def _mixed_shifted_pungs_per_triple(inp, result, fans):
    if "mixed_shifted_pungs" in fans:
        numbered = [(int(g.tiles[0][0]), g.tiles[0][1]) for g in pungs(result) if g.tiles[0][1] != "z"]
        triples = [t for t in combinations(numbered, 3) if len({s for _, s in t}) == 3
                   and sorted(r for r, _ in t) == list(range(min(r for r, _ in t), min(r for r, _ in t) + 3))]
        if len(triples) >= 2:
            fans["mixed_shifted_pungs"] = len(triples)
    return fans


# 4d. 老少副 beside 一色四同顺 of 123/789 and the fifth chow (a 四顺子 fan excludes every
# 双顺子 fan, fifth chow included: xinbian 第六章 5, seed000 §二.5)
def _terminal_chows_beside_quadruple(inp, result, fans):
    if "quadruple_chow" in fans:
        chows = {(g.tiles[0], g.tiles[2]) for g in interp_sets(result["interpretation"]) if g.kind == "chow"}
        if any((f"1{s}", f"3{s}") in chows and (f"7{s}", f"9{s}") in chows for s in "mps"):
            fans["two_terminal_chows"] = 1
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("双同刻 beside 三同刻", lambda: patched("dp", edit_fans(_double_pung_beside_triple)), "双同刻", 200),
    ("无字 beside 清一色", lambda: patched("nh", edit_fans(_no_honors_beside_full_flush)), "无字", None),
    ("三色三节高 once per triple", lambda: patched("msp2", edit_fans(_mixed_shifted_pungs_per_triple)),
     "三色三节高 is not repeatable", None),
    ("老少副 beside 一色四同顺", lambda: patched("qc", edit_fans(_terminal_chows_beside_quadruple)),
     "老少副", None),
]
