"""The best interpretation of a hand by the properties' own model.

seed000 §二: "存在多种拆牌、面子组合或和牌张归属时，取一个合法解释的最高总分" — the properties
enumerate the interpretations themselves: every reading of the independent decomposer
(gb16.properties.hands.readings: every split into sets, every placement of the winning
tile) × every big-combination choice of seed000 §二.5 (gb16.properties.definitions.big_choices),
each scored by gb16.properties.definitions.counted (the fan definitions written from the
texts, the 不计 of gb16.properties.rulebook, §二.6 links, §二.8 repetition, 无番和).  Nothing
here asks the scorer under test; property 5 (no mixing, the highest total) and property 10
(the best placement of the winning tile) judge with it.
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass

from gb16.properties import definitions as D
from gb16.properties.hands import Case, Reading, formal_waits, readings


@dataclass(frozen=True)
class Scored:
    points: int                 # fan points, flowers aside (chow-pair links at 1 each)
    reading: Reading
    choice: tuple | None        # the big combination taken, or None
    fans: Counter               # counted fans ("chow_pairs" for the links)


@functools.lru_cache(maxsize=256)
def interpretations(case: Case) -> tuple[Scored, ...]:
    """Every interpretation of ``case``, scored on its own, best first (kept for the last
    cases asked: properties 5 and 10 ask it of the same example)."""
    waits = formal_waits(case.hand, case.win_tile, case.variant)
    out = []
    for r in readings(case.hand, case.win_tile, case.variant):
        f = D.facts_of(case, r, waits)
        holds = D.holding(f)
        for choice in D.big_choices(holds):
            fans = D.counted(f, holds, choice)
            out.append(Scored(D.points(fans), r, choice, fans))
    out.sort(key=lambda s: -s.points)
    return tuple(out)


def best_points(case: Case) -> int | None:
    found = interpretations(case)
    return found[0].points if found else None
