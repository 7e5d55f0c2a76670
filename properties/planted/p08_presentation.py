"""Planted bugs for property 8 (presentation, gb16.properties.invariants.p08_presentation):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.hands import case_from_input
from gb16.properties.planted.base import patched, reference
from gb16.properties.scorers import Scorer


# 8. the total depends on how the standing tiles are ordered
def _order_sensitive(inp, result):
    """One point more whenever the hand is not written in the canonical order."""
    try:
        canonical = case_from_input(inp).to_input()["hand"]
    except Exception:   # noqa: BLE001 — a hand the model cannot read is left alone
        return result
    if inp.get("hand") != canonical:
        result["total"] += 1
    return result


# 8b. the suffix "，自摸X" read as a discard
def _suffix_ignores_self_draw(inp):
    hand = inp.get("hand", "") if isinstance(inp, dict) else ""
    if isinstance(hand, str) and "自摸" in hand and "win_by" not in inp:
        inp = dict(inp, hand=hand.replace("自摸", "点和"))
    return reference.score(inp)


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("total depends on tile order", lambda: patched("order", _order_sensitive), "scores differently", None),
    # the first failing example is a 杠上开花 hand: its suffix 自摸 misread as 点和 makes the flags
    # inconsistent (shrunk, the example becomes a plain one that "scores differently")
    ("suffix 自摸 read as 点和", lambda: Scorer("suffix", _suffix_ignores_self_draw),
     ("the same hand written differently", "，自摸", "but the scorer answered", "inconsistent_flags"), None),
]
