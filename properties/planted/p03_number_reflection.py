"""Planted bugs for property 3 (number_reflection, gb16.properties.invariants.p03_number_reflection):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import edit_fans, patched, pungs


# 3. 幺九刻 counts 1s and honours but forgets 9s
def _terminal_pungs_forget_nines(inp, result, fans):
    nines = sum(1 for g in pungs(result) if g.tiles[0][0] == "9" and g.tiles[0][1] != "z")
    if fans.get("pung_of_terminals_or_honors"):
        fans["pung_of_terminals_or_honors"] = max(0, fans["pung_of_terminals_or_honors"] - nines)
    return fans


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("幺九刻 forgets 9s", lambda: patched("nines", edit_fans(_terminal_pungs_forget_nines)), "幺九刻", None),
]
