"""Property 17. Definition consistency on gb13 hands.

Property 13's check, run on 13-tile hands (gb16.properties.strategies.gb13): on the reported
reading every reported fan holds by its definition and every fan that holds is reported or
excluded — with the definitions of the fans only gb13 has (九莲宝灯, 连七对, 十三幺, 一色双龙会,
七对, 七星不靠, 三色双龙会, 全不靠; xinbian 第七章 4, 6, 7, 13, 19, 20, 29, 34), the special
shapes read by the properties' own model (gb16.properties.hands, xinbian 第二章 3–5), the
four-set forms of the set fans (碰碰和 "四副刻子", 全求人, 平和 with one set beside the 组合龙)
and gb13's own 不计 entries (gb16.properties.rulebook).
"""

from __future__ import annotations

from gb16.properties.invariants.base import register
from gb16.properties.invariants.p13_definition_consistency import definition_consistency
from gb16.properties.strategies import gb13

gb13_definition_consistency = register(
    17, "gb13_definition_consistency", "Property 13 on gb13 hands: every reported fan holds by its definition "
    "on the reported reading and every fan that holds is reported or excluded — the special shapes (七对, "
    "连七对, 十三幺, 全不靠, 七星不靠), 组合龙, 九莲宝灯, the 双龙会 and the four-set fans",
    "xinbian 第二章 1–5, 第六章 3–5, 第七章 1–82; gb16.properties.rulebook",
    lambda: gb13.cases(gb13.ALL_FAMILIES), weight=0.25)(definition_consistency)
