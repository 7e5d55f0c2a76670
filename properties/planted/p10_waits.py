"""Planted bugs for property 10 (waits, gb16.properties.invariants.p10_waits):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.hands import case_from_input
from gb16.properties.planted.base import edit_fans, patched, reference


# 10c. a winning tile among the 组合龙 nine always read into the 组合龙
def _winning_tile_into_the_knitted_nine(inp, result):
    ex = reference.explain(inp)
    knitted = [r for r in ex["readings"] if r["interpretation"]["win_in"] == "knitted"]
    if not knitted:
        return result
    chosen = max(knitted, key=lambda r: r["total"])
    return reference.score_interpretation(inp, chosen["interpretation"])


# 10. 单钓将 whenever the winning tile is the pair, however many waits
def _single_wait_without_unique_wait(inp, result, fans):
    if result["interpretation"]["win_in"] == "pair" and not (fans.keys() & {"four_kongs", "melded_hand"}):
        fans["single_wait"] = 1
        fans.pop("edge_wait", None)
        fans.pop("closed_wait", None)
    return fans


# 10b. waits leave out tiles of which the hand already holds four (seed000 §二.7 says keep them)
def _waits_skip_held_fours(inp, result):
    counts = case_from_input(inp).hand.counts()
    result["waits"] = [w for w in result["waits"] if counts[w] < 4 or w == inp["win_tile"]]
    return result


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("单钓将 with several waits", lambda: patched("single", edit_fans(_single_wait_without_unique_wait)), "单钓将", 200),
    ("waits skip tiles held four times", lambda: patched("fours", _waits_skip_held_fours), "formal wait set", 300),
    # caught at 600 examples (example 377), not within the ci budget of 100
    ("the winning tile always read into the 组合龙", lambda: patched("knit", _winning_tile_into_the_knitted_nine),
     "place the winning tile", 600),
]
