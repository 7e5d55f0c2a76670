"""Property 22. The highest total, where the biggest fan loses.

Property 5's check (no mixing: the fan points of the best single interpretation by the
properties' own enumeration, the fans of the reported interpretation alone) on the hands of
gb16.properties.strategies.contests: every one is a reading contest in which the
interpretation with the single biggest fan scores less than another.  A scorer that ranks the
interpretations by their biggest fan before their total passes property 5 on the ordinary
stream, where the two rankings agree; here it reports the smaller total.
"""

from __future__ import annotations

from gb16.properties.invariants.base import register
from gb16.properties.invariants.p05_no_mixing import no_mixing
from gb16.properties.strategies.contests import contest_cases

reading_contests = register(
    22, "reading_contests", "Property 5 on reading contests where the interpretation with the biggest "
    "single fan loses on total (一色四步高 against 一色三节高 with 三暗刻 and 四归一): the highest total "
    "is reported, whatever the size of its fans",
    "seed000 §二 (取一个合法解释的最高总分); xinbian 第六章 2",
    lambda: contest_cases(), weight=3.0, needs=("explain", "score_interpretation"))(no_mixing)
