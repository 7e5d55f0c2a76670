"""Property 3. Number reflection."""

from __future__ import annotations

from gb16.properties import strategies as S
from gb16.properties.hands import reflection_map
from gb16.properties.invariants.base import register
from gb16.properties.invariants.relabelling import _relabel_check

# --------------------------------------------------------------------------------------
# 3. Number reflection


REFLECTED_FANS = {"upper_tiles": "lower_tiles", "lower_tiles": "upper_tiles",
                  "upper_four": "lower_four", "lower_four": "upper_four"}


#: the default profiles and the number bands that reflection swaps (全大 ↔ 全小, 大于五 ↔ 小于五)
REFLECTION_PROFILES = S.PROFILES + ("target:upper_tiles", "target:lower_tiles", "number_band") * 2


@register(3, "number_reflection", "Reflecting every number n → 10−n swaps 全大↔全小 and "
          "大于五↔小于五 and changes nothing else (outside 绿一色/推不倒); 边张 maps to itself",
          "xinbian 第七章 25, 27, 36, 37, 77 (3 of 123 ↔ 7 of 789); seed000 §三",
          lambda: S.cases(REFLECTION_PROFILES))
def number_reflection(scorer, case) -> bool:
    return _relabel_check(scorer, case, reflection_map(), fan_map=REFLECTED_FANS,
                          label="numbers reflected n → 10−n")


