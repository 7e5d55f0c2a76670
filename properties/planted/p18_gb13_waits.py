"""Planted bugs for property 18 (gb13_waits, gb16.properties.invariants.p18_gb13_waits):
scorers with the gb13 waits broken, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import edit_fans, patched

_SPECIAL = ("seven_pairs", "honours_knitted", "thirteen_orphans")


# 18. no waits declared for a special shape (only the basic shapes searched)
def _no_waits_for_special_shapes(inp, result):
    if result["interpretation"]["shape"] in _SPECIAL:
        result["waits"] = []
    return result


# 18b. 十三幺's thirteen-sided wait read as the one tile won on (xinbian 第七章 7: any of the thirteen)
def _thirteen_orphans_one_wait(inp, result):
    if result["interpretation"]["shape"] == "thirteen_orphans" and len(result["waits"]) == 13:
        result["waits"] = [inp["win_tile"]]
    return result


# 18c. 单钓将 on a 七对 with one waiting tile (xinbian 第六章 6: only on a basic shape)
def _single_wait_on_seven_pairs(inp, result, fans):
    if result["interpretation"]["shape"] == "seven_pairs" and len(result["waits"]) == 1:
        fans["single_wait"] = 1
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("no waits for the special shapes", lambda: patched("nowaits13", _no_waits_for_special_shapes),
     "is not in the waits", None),
    ("十三幺's thirteen waits as one", lambda: patched("orphans1", _thirteen_orphans_one_wait),
     "formal wait set", None),
    ("单钓将 on 七对", lambda: patched("qidui_single", edit_fans(_single_wait_on_seven_pairs)), "单钓将", None),
]
