"""Mutants of the choice of reading (seed000 §二 解释原则)."""

from __future__ import annotations

from gb16.reference import scoring
from gb16.tools.mutants.machinery import Mutation, attribute, mutant, rebuilt

# --------------------------------------------------------------------------- readings

@mutant("seed000 §二")
def first_reading():
    """The first legal reading found is scored instead of the reading with the highest total.

    seed000 §二: "存在多种拆牌、面子组合或和牌张归属时，取一个合法解释的最高总分".
    """
    return Mutation(patches=(attribute("gb16.reference.best", lambda interps: interps[0]),))


@mutant("seed000 §二")
def fans_mixed_across_readings():
    """The fans of the two best-scoring readings are pooled (each fan at its larger count).

    seed000 §二: "不得将不同解释的番种拼在一起".
    """
    def best(interps):
        ranked = sorted(interps, key=scoring.preference_key)
        first = ranked[0]
        second = next((i for i in ranked[1:] if i.fans != first.fans), None)
        if second is None:
            return first
        fans = dict(first.fans)
        for fan_id, occs in second.fans.items():
            if len(occs) > len(fans.get(fan_id, ())):
                fans[fan_id] = occs
        return rebuilt(first, fans)
    return Mutation(patches=(attribute("gb16.reference.best", best),))


@mutant("xinbian 第六章 2")
def four_sets_before_a_special_shape():
    """A reading of four sets and a pair is taken over a special shape (七对, 全不靠, 十三幺)
    whenever the hand has one, whatever the totals.

    xinbian 第六章 2 解释原则 and seed000 §二: "取一个合法解释的最高总分" — a special shape is one of the readings.
    """
    def best(interps):
        standard = [i for i in interps if i.reading.shape not in ("seven_pairs", "honours_knitted", "thirteen_orphans")]
        return min(standard or interps, key=scoring.preference_key)
    return Mutation(patches=(attribute("gb16.reference.best", best),))

