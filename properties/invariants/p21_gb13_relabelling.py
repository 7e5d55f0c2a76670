"""Property 21. Invariance under relabelling on gb13 hands.

Properties 1–3's checks on 13-tile hands, all three on each example: a suit permutation
(property 1), a wind rotation with a dragon relabelling (property 2) and the number
reflection n → 10−n (property 3).  Every gb13-only fan is symmetric under all three
(九莲宝灯, 连七对, 十三幺, 双龙会 123 ↔ 789, 全不靠/七星不靠/组合龙 147 ↔ 369), so the fans
change only as properties 1–3 say (绿一色, 推不倒, 全大 ↔ 全小, 大于五 ↔ 小于五).
"""

from __future__ import annotations

from hypothesis import strategies as st

from gb16.properties.invariants.base import register
from gb16.properties.invariants.p01_suit_permutation import SUIT_PERMUTATIONS, suit_permutation
from gb16.properties.invariants.p02_wind_dragon_relabelling import DRAGON_PERMUTATIONS, wind_dragon_relabelling
from gb16.properties.invariants.p03_number_reflection import number_reflection
from gb16.properties.strategies import gb13

@register(21, "gb13_relabelling", "Properties 1–3 on gb13 hands: a suit permutation, a wind rotation with "
          "a dragon relabelling and the number reflection each change the fans only as those properties say",
          "xinbian 第七章 (no gb13 definition names a suit, a wind or a dragon but 3, 40, the wind and "
          "dragon fans; 4, 6, 7, 13, 20, 29, 34 are symmetric)",
          lambda: st.fixed_dictionaries({
              "case": gb13.cases(gb13.FAMILIES + gb13.ALL_FAMILIES),
              "permutation": st.sampled_from(SUIT_PERMUTATIONS), "wind_steps": st.integers(1, 3),
              "dragons": st.sampled_from(DRAGON_PERMUTATIONS)}), weight=0.5)
def gb13_relabelling(scorer, ex) -> bool:
    """All three relabellings of the example (a gb13 hand is cheap to score): each check in turn."""
    complete = suit_permutation(scorer, ex)
    complete &= wind_dragon_relabelling(scorer, ex)
    return number_reflection(scorer, ex["case"]) and complete
