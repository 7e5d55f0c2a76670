"""Planted bugs for property 14 (best_big_combination, gb16.properties.invariants.p14_best_big_combination):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import edit_fans, patched, reference


# 14. one chow-pair link fewer than seed000 §二.6 counts
def _one_link_fewer(inp, result, fans):
    for f in ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"):
        if fans.get(f):
            fans[f] -= 1
            break
    return fans


# 14b. the big combination that scores least on the chosen reading (§二.5 says the most)
def _worst_big_combination(inp, result):
    chosen = result["interpretation"]
    same = [r for r in reference.explain(inp)["readings"]
            if {k: v for k, v in r["interpretation"].items() if k not in ("big_combination", "chow_links")}
            == {k: v for k, v in chosen.items() if k not in ("big_combination", "chow_links")}]
    worst = min(same, key=lambda r: r["total"])
    return reference.score_interpretation(inp, worst["interpretation"])


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("a chow-pair link too few", lambda: patched("links", edit_fans(_one_link_fewer)), "chow-pair", None),
    ("the worst big combination", lambda: patched("bigworst", _worst_big_combination), "选择总分最高的组合", None),
]
