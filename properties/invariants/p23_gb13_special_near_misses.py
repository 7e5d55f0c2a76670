"""Property 23. gb13's special shapes judged on their near misses.

Property 13's check (definition consistency: every reported fan holds by its definition on the
reported reading, every fan that holds is reported or excluded) and then property 5's (the best
single interpretation by the properties' own enumeration, on a legal reading) on the hands of
gb16.properties.strategies.near_misses: legal gb13 winning hands that fail exactly one
condition of 十三幺, 七对, 连七对, 全不靠, 七星不靠, 组合龙 or 九莲宝灯.  A scorer that checks
one of these fans on part of its definition scores it on the near miss of the condition it
leaves out.
"""

from __future__ import annotations

from gb16.properties.invariants.base import register
from gb16.properties.invariants.p05_no_mixing import no_mixing
from gb16.properties.invariants.p13_definition_consistency import definition_consistency
from gb16.properties.strategies.near_misses import near_miss_cases


@register(23, "gb13_special_near_misses", "Properties 13 and 5 on gb13 hands that fail one condition of a "
          "special-shape fan (十三幺, 七对, 连七对, 全不靠, 七星不靠, 组合龙, 九莲宝灯) and meet the others: "
          "the fan is not reported, every reported fan holds, the best interpretation is taken",
          "xinbian 第二章 3–5, 第七章 5, 6, 7, 19, 20, 34, 35",
          lambda: near_miss_cases(), weight=1.0, needs=("explain", "score_interpretation"))
def gb13_special_near_misses(scorer, case) -> bool:
    complete = definition_consistency(scorer, case)
    return no_mixing(scorer, case) and complete
