"""Mutants of exact and at-least counts of pungs and kongs (seed000 §二.3, §三 四杠/三杠)."""

from __future__ import annotations

from unittest import mock

from gb16.reference.groups import Group, PUNG
from gb16.tools.mutants.machinery import Mutation, mutant, predicate

# --------------------------------------------------------------------------- counts

@mutant("seed000 §二.3")
def two_concealed_pungs_at_least():
    """双暗刻 holds with two or more concealed pungs (also beside 三暗刻 and 四暗刻).

    seed000 §二.3: "三暗刻、三杠、双暗刻、单双杠使用底本的确切数量".
    """
    def two_concealed_pungs(r):
        return sum(1 for _, g in r.pungs if g.concealed) >= 2
    return Mutation(patches=(predicate("two_concealed_pungs", two_concealed_pungs),))


@mutant("seed000 §二.3")
def four_concealed_pungs_exactly_four():
    """四暗刻 needs exactly four concealed pungs: five concealed pungs score no 四暗刻.

    seed000 §二.3: "四暗刻、四杠解释为至少四副，五副时各仍只计一次".
    """
    def four_concealed_pungs(r):
        return sum(1 for _, g in r.pungs if g.concealed) == 4
    return Mutation(patches=(predicate("four_concealed_pungs", four_concealed_pungs),))


@mutant("seed000 §三 四杠")
def four_kongs_exactly_four():
    """四杠 needs exactly four kongs: five kongs score no 四杠.

    seed000 §三 四杠: "至少四副杠；五杠仍只计一次四杠"; §四.6.
    """
    return Mutation(patches=(predicate("four_kongs", lambda h: len(h.kongs) == 4),))


@mutant("seed000 §四.6")
def kong_counts_as_tile_hog():
    """The four tiles of a kong count as 四归一.

    seed000 §四.6: "杠牌不能被当成四归一"; §三 四归一 "每一种未作杠的牌".
    """
    return Mutation(patches=(predicate("tile_hog", lambda h: sum(1 for n in h.counts if n == 4)),))


@mutant("seed000 §三 明暗杠")
def concealed_and_melded_kong_as_two_melded_kongs():
    """One exposed and one concealed kong score 双明杠 (4) instead of 明暗杠 (5).

    seed000 §三 明暗杠: "恰好两副杠，一明一暗"; §三 双明杠 "恰好两副杠且均为明杠".
    """
    def two_melded_kongs(h):
        return len(h.kongs) == 2 and any(k.exposed for k in h.kongs)
    return Mutation(patches=(predicate("two_melded_kongs", two_melded_kongs),
                             predicate("concealed_and_melded_kong", lambda h: False)))


@mutant("seed000 §三 碰碰和")
def kong_is_not_a_pung():
    """A kong is not counted as a pung (碰碰和, 暗刻, 三同刻 … look at pungs of three only).

    seed000 §三 碰碰和 "五副均为刻子或杠"; §三 三同刻 "刻杠"; xinbian 第三章 17, 25.
    """
    return Mutation(patches=(mock.patch.object(Group, "is_pung", property(lambda g: g.kind == PUNG)),))


@mutant("seed000 §三 碰碰和")
def all_pungs_with_four_pungs():
    """碰碰和 with four pungs (the 13-tile definition) although the fifth set is a chow.

    seed000 §三 碰碰和: "五副均为刻子或杠，再加一对将"; §二.2.
    """
    def all_pungs(r):
        return r.is_standard and sum(1 for g in r.sets if g.is_pung) >= 4
    return Mutation(patches=(predicate("all_pungs", all_pungs),))


