"""Mutants of concealment: 暗刻, 门前清, 不求人, 全求人 (seed000 §二.3–4)."""

from __future__ import annotations

from dataclasses import replace
from unittest import mock

from gb16.reference.groups import Group
from gb16.tools.mutants.machinery import (
    Mutation, exclusion_everywhere, hand_facts, mutant, predicate, unexclude,
)

# --------------------------------------------------------------------------- concealment

@mutant("seed000 §二.4")
def four_concealed_pungs_exclude_concealed_hand():
    """四暗刻 excludes 门前清 and 不求人 in gb16 too (gb13's 门清原则 carried over).

    seed000 §二.4: "本扩展按实际状态另计门前清或不求人"; §三 四暗刻; §四.1 (门前清 beside 四暗刻).
    """
    return Mutation(patches=(exclusion_everywhere("four_concealed_pungs", "concealed_hand",
                                                  "fully_concealed_hand"),))


@mutant("seed000 §二.4")
def four_concealed_pungs_require_concealed_hand():
    """四暗刻 requires the whole hand concealed, so an exposed fifth set denies it.

    seed000 §二.4: "四暗刻在五面子制下不必门清：第五面子可以副露"; §四.2.
    """
    def four_concealed_pungs(r):
        return r.hand.is_concealed and sum(1 for _, g in r.pungs if g.concealed) >= 4
    return Mutation(patches=(predicate("four_concealed_pungs", four_concealed_pungs),))


@mutant("seed000 §二.3")
def discard_pung_concealed():
    """A pung completed by the discarded winning tile stays a concealed pung (暗刻).

    seed000 §二.3: "点和补成的刻子不是暗刻"; xinbian 第三章 18, 19.
    """
    def with_win(self, self_draw):
        return replace(self, win=True)
    return Mutation(patches=(mock.patch.object(Group, "with_win", with_win),))


@mutant("seed000 §三 三暗刻")
def three_concealed_pungs_count_discard_pung():
    """三暗刻 counts a standing pung completed by the discarded winning tile as concealed.

    seed000 §三 三暗刻: "点和张补成的刻子为明刻".
    """
    def three_concealed_pungs(r):
        return sum(1 for _, g in r.pungs if g.concealed or (g.win and not g.exposed)) == 3
    return Mutation(patches=(predicate("three_concealed_pungs", three_concealed_pungs),))


@mutant("seed000 §三 门前清")
def concealed_kong_opens_hand():
    """A concealed kong counts as an opened meld: no 门前清 or 不求人 with a 暗杠.

    seed000 §三 门前清 "按实际整手门清状态判断"; xinbian 第三章 30 (暗杠 keeps the hand 门前清).
    """
    return Mutation(patches=(hand_facts(lambda h: {"is_concealed": not h.melds}),))


@mutant("seed000 §三 全求人")
def melded_hand_with_concealed_kong():
    """全求人 accepts a concealed kong among the five melds.

    seed000 §三 全求人: "五副面子全部明露，点和将牌；暗杠不算明露"; docs/rulings.md R-004.
    """
    def melded_hand(r):
        return (r.is_standard and not r.hand.self_draw and r.win_in == "pair"
                and all(g.exposed or g.is_kong for g in r.sets))
    return Mutation(patches=(predicate("melded_hand", melded_hand),))


@mutant("seed000 §二.2")
def melded_hand_on_set_wait():
    """全求人 when four sets are melded and the discard completes the fifth set (not the pair).

    seed000 §二.2: "全求人须五副均明露且点和将牌"; docs/rulings.md R-004, R-018.
    """
    def melded_hand(r):
        return (r.is_standard and not r.hand.self_draw and all(g.exposed or g.win for g in r.sets))
    return Mutation(patches=(predicate("melded_hand", melded_hand),))


@mutant("seed000 §三 全求人")
def single_wait_beside_melded_hand():
    """单钓将 is counted beside 全求人.

    seed000 §三 全求人: "不计单钓将".
    """
    return Mutation(patches=(unexclude("melded_hand", "single_wait"),))


@mutant("seed000 §三 不求人")
def self_drawn_beside_fully_concealed_hand():
    """自摸 is counted beside 不求人.

    seed000 §三 不求人: "自摸成立；不再计自摸"; xinbian 第七章 56.
    """
    return Mutation(patches=(unexclude("fully_concealed_hand", "self_drawn"),))


@mutant("seed000 §二.4")
def all_pungs_beside_four_concealed_pungs():
    """碰碰和 is counted beside 四暗刻.

    seed000 §二.4: "四暗刻不计碰碰和的明确排除继续保留"; §三 四暗刻 "不计碰碰和".
    """
    return Mutation(patches=(unexclude("four_concealed_pungs", "all_pungs"),))


