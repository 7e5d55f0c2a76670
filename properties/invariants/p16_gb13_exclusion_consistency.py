"""Property 16. Exclusion consistency on gb13 hands.

Property 4's check (no fan beside a fan that excludes it, non-repeatable fans once, 幺九刻
as the pungs no wind or dragon fan excludes, 无番和 alone), run on 13-tile hands: four sets
and a pair and the special shapes of the base rules (gb16.properties.strategies.gb13).  The
不计 lists of 九莲宝灯, 连七对, 十三幺, 七星不靠, 全不靠, 一色双龙会, 三色双龙会, 七对 and
the gb13 entries of 四暗刻 act only on these hands, so only this stream can see a mistake
in them (xinbian 第七章 3–8, 19, 20, 23, 34; gb16.properties.rulebook).
"""

from __future__ import annotations

from gb16.properties.invariants.base import register
from gb16.properties.invariants.p04_exclusion_consistency import exclusion_consistency
from gb16.properties.strategies import gb13


@register(16, "gb13_exclusion_consistency", "Property 4 on gb13 hands: four sets and a pair, 七对, 连七对, "
          "十三幺, 全不靠, 七星不靠, 组合龙, 九莲宝灯, 双龙会, 四暗刻 — the exclusions of gb13",
          "xinbian 第六章 4, 第七章 3–8, 19, 20, 23, 34; gb16.properties.rulebook",
          lambda: gb13.cases())
def gb13_exclusion_consistency(scorer, case) -> bool:
    return exclusion_consistency(scorer, case)
