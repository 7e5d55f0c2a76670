"""Planted bugs for property 21 (gb13_relabelling, gb16.properties.invariants.p21_gb13_relabelling):
gb13 fan detections that depend on a label, which the property must catch through its own
check (tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.hands import case_from_input
from gb16.properties.planted.base import edit_fans, patched


def _tiles(inp) -> list[str]:
    return case_from_input(inp).hand.all_tiles()


# 21. 全不靠 recognised only with 147 in 万 (one of the six knitted layouts, xinbian 第七章 34)
def _knitted_only_147m(inp, result, fans):
    if "lesser_honors_and_knitted_tiles" in fans and not any(t in ("1m", "4m", "7m") for t in _tiles(inp)):
        del fans["lesser_honors_and_knitted_tiles"]
        fans["all_types"] = 1          # what 全不靠 no longer excludes
    return fans


# 21b. 连七对 only from 1 or 2 (xinbian 第七章 6: any seven consecutive numbers)
def _shifted_pairs_low_only(inp, result, fans):
    if "seven_shifted_pairs" in fans and min(int(t[0]) for t in _tiles(inp)) > 2:
        del fans["seven_shifted_pairs"]
        fans.update({"seven_pairs": 1, "full_flush": 1})
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("全不靠 only with 147 in 万", lambda: patched("knit147m", edit_fans(_knitted_only_147m)), "全不靠", None),
    ("连七对 only from 1 or 2", lambda: patched("lianqidui12", edit_fans(_shifted_pairs_low_only)), "连七对", None),
]
