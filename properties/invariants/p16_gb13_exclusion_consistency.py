"""Property 16. Exclusion consistency on gb13 hands.

Property 4's check (no fan beside a fan that excludes it, non-repeatable fans once, 幺九刻
as the pungs no wind or dragon fan excludes, 无番和 alone), run on 13-tile hands: four sets
and a pair and the special shapes of the base rules (gb16.properties.strategies.gb13).  The
不计 lists of 九莲宝灯, 连七对, 十三幺, 七星不靠, 全不靠, 一色双龙会, 三色双龙会, 七对 and
the gb13 entries of 四暗刻 act only on these hands, so only this stream can see a mistake
in them (xinbian 第七章 3–8, 19, 20, 23, 34; gb16.properties.rulebook).

And the other side of an exclusion: a self-drawn win shows 自摸 (xinbian 第七章 80 自摸和牌)
unless a reported fan excludes it.  On the concealed special shapes 不求人 is excluded by
the shape (门清原则) and then excludes nothing itself — 七对 自摸 scores 自摸 (xinbian 第六章 3
例 1: 七对、推不倒、断幺、自摸) — so a scorer that lets an excluded fan's 不计 list act
loses 自摸 here.
"""

from __future__ import annotations

from gb16.properties.invariants.base import (
    FAN, Violation, _brief, excluded_by, fan_counts, fan_text, register, score_ok,
)
from gb16.properties.invariants.p04_exclusion_consistency import judge_exclusions
from gb16.properties.strategies import gb13


@register(16, "gb13_exclusion_consistency", "Property 4 on gb13 hands: four sets and a pair, 七对, 连七对, "
          "十三幺, 全不靠, 七星不靠, 组合龙, 九莲宝灯, 双龙会, 四暗刻 — the exclusions of gb13; a self-drawn "
          "win shows 自摸 unless a reported fan excludes it",
          "xinbian 第六章 3–4, 第七章 3–8, 19, 20, 23, 34, 80; gb16.properties.rulebook",
          lambda: gb13.cases(), weight=0.25)   # cheap examples: four times the budget, every family × win_by
def gb13_exclusion_consistency(scorer, case) -> bool:
    inp = case.to_input()
    result = score_ok(scorer, inp, "the hand")
    complete = judge_exclusions(case, result)
    counts = fan_counts(result)
    if case.win_by == "self_draw" and "self_drawn" not in counts and "self_drawn" not in excluded_by(counts, "gb13"):
        raise Violation(f"a self-drawn win without {FAN['self_drawn']['zh']}, and no reported fan excludes it "
                        f"(xinbian 第七章 80; an excluded fan excludes nothing, 第六章 3 例 1) — fans "
                        f"{fan_text(counts)}; input {_brief(inp, 600)}")
    return complete
