"""Mutants of the bug classes seen in real scorers.

Certifying third-party scorers against the corpus found mistakes of a few recurring
shapes; each is planted here once, in the form it took:

* a four-set fan checked on three of its sets (一色四节高 for any four pungs of one suit
  of which three are consecutive);
* the 不计 lists applied pairwise — every fan that holds excludes, even one that is itself
  excluded — and applied bottom-up, so that whether an exclusion survives depends on the
  order (docs/rulings.md R-013 fixes: in table order, only a fan that counts excludes);
* wait fans that ignore a wait whose four copies are in the hand (the catalogue's
  ``practical_waits``, gb16.tools.mutants.areas.waits — the same class, not repeated);
* 自摸 beside 妙手回春 on a shape other than five sets and a pair;
* 海底捞月 also scoring 杠上开花;
* 碰碰和 beside 四杠;
* 不求人 replaced by 自摸 on a shape taken for always concealed (the 组合龙 shape of gb16
  treated like 全不靠 under xinbian 第六章 3).
"""

from __future__ import annotations

from itertools import combinations

from gb16.reference import table
from gb16.reference.fans import REGISTRY
from gb16.reference.rules import active
from gb16.reference.tiles import is_numbered
from gb16.tools.mutants.machinery import Mutation, _REF, attribute, mutant, predicate, rebuilt, unexclude


@mutant("seed000 §三 一色四节高")
def four_shifted_pungs_on_three():
    """一色四节高 for any four pungs of one suit of which three are consecutive.

    xinbian 第七章 15 一色四节高: "花色相同、序数依次递增 1 的四副刻子" — all four in the run, not three.
    """
    def four_pure_shifted_pungs(r):
        pungs = [(i, g) for i, g in r.pungs if is_numbered(g.tile)]
        out = []
        for four in combinations(pungs, 4):
            if len({g.suit for _, g in four}) != 1:
                continue
            ranks = sorted(g.number for _, g in four)
            if any(b - a == 1 and c - b == 1 for a, b, c in combinations(ranks, 3)):
                out.append(tuple(i for i, _ in four))
        return out
    return Mutation(patches=(predicate("four_pure_shifted_pungs", four_pure_shifted_pungs),))


def _exclusions_applied(order_key, every_holding: bool):
    def apply_exclusions(counted, variant, rules=None, held=None, trace=None):
        """The reference's signature; the trace of what was removed is not kept."""
        rules = rules or active()
        kept = dict(counted)
        for f in sorted(counted, key=order_key):
            occs = counted[f] if every_holding else kept.get(f)
            if not occs:
                continue
            used = set().union(*occs)
            for ex in rules.excludes(f):
                if ex.fan in kept and ex.applies_to(variant):
                    if ex.scope == "whole":
                        kept[ex.fan] = []
                    elif ex.scope == "one":
                        kept[ex.fan] = kept[ex.fan][1:]
                    else:
                        kept[ex.fan] = [o for o in kept[ex.fan] if not used.intersection(o)]
        return {f: o for f, o in kept.items() if o}
    return apply_exclusions


#: Mutants that no gb16 hand tells from the reference, with the argument (tests/test_mutants.py
#: checks it against gb16.properties.rulebook).  The properties draw gb16 hands only, so they
#: cannot kill these; the corpus kills them with its gb13 cases (the kill table names them).
GB16_EQUIVALENT = {
    name: ("on gb16 the order and the pairwise application of the 不计 lists only matter through a fan "
           "that is excluded and excludes a third: 四杠 or 三杠 → 双暗杠 → 双暗刻; 双暗杠 needs exactly two "
           "kongs (seed000 §三 双暗杠 恰好两副杠), so it never holds beside 三杠 (恰好三副) or 四杠 (至少四副). "
           "The chains that act are gb13's: 十三幺/七对/全不靠/七星不靠/九莲宝灯/连七对/四暗刻 → 不求人 → 自摸, "
           "十三幺 → 混幺九 → 碰碰和/全带幺/幺九刻 (xinbian 第六章 3)")
    for name in ("pairwise_exclusions", "exclusions_bottom_up")
}


@mutant("docs/rulings.md R-013")
def pairwise_exclusions():
    """Every fan that holds applies its 不计 list, even a fan that is itself excluded.

    xinbian 第六章 4 规定原则 "番种 1 成立时番种 2 不成立" — a fan that does not count is not 成立;
    R-013: only a counted fan excludes (十三幺 removes 不求人, and 自摸 stays, xinbian 第七章 7 例).
    """
    return Mutation(patches=(attribute("gb16.reference.scoring.apply_exclusions",
                                       _exclusions_applied(table.ORDER.__getitem__, every_holding=True)),))


@mutant("docs/rulings.md R-013")
def exclusions_bottom_up():
    """The 不计 lists are applied from the lowest fan of the table up, so a fan excludes before
    a higher fan has excluded it.

    R-013: fans are visited in §三 table order, and a fan removed by an earlier one excludes nothing.
    """
    return Mutation(patches=(attribute("gb16.reference.scoring.apply_exclusions",
                                       _exclusions_applied(lambda f: -table.ORDER[f], every_holding=False)),))


@mutant("seed000 §三 妙手回春")
def self_drawn_beside_last_tile_draw_on_special_shapes():
    """自摸 is counted beside 妙手回春 when the shape is not five sets and a pair (组合龙; gb13's 七对…).

    xinbian 第七章 44 妙手回春 "不计自摸" — whatever the shape.
    """
    def score_interpretation(reading, raw, big, rules=None):
        interp = _REF["score_interp"](reading, raw, big, rules)
        if not reading.is_standard and "last_tile_draw" in interp.fans and raw.get("self_drawn"):
            return rebuilt(interp, dict(interp.fans, self_drawn=[()]))
        return interp
    return Mutation(patches=(attribute("gb16.reference.scoring.score_interpretation", score_interpretation),))


@mutant("seed000 §三 杠上开花")
def last_tile_claim_scores_replacement_tile():
    """海底捞月 also scores 杠上开花 (the last tile of the wall taken for a kong's replacement).

    xinbian 第七章 45 海底捞月 "和牌墙摸完后别家打出的牌"; 46 杠上开花 "自摸杠牌后摸进的牌".
    """
    original = REGISTRY["out_with_replacement_tile"].func

    def out_with_replacement_tile(h):
        return original(h) or (h.last_tile and not h.self_draw)
    return Mutation(patches=(predicate("out_with_replacement_tile", out_with_replacement_tile),))


@mutant("seed000 §三 四杠")
def all_pungs_beside_four_kongs():
    """碰碰和 is counted beside 四杠.

    xinbian 第七章 5 四杠 "不计碰碰和、单吊将"; seed000 §三 四杠 "不计三杠、单双杠、碰碰和、单钓将".
    """
    return Mutation(patches=(unexclude("four_kongs", "all_pungs"),))


@mutant("seed000 §四.3")
def knitted_shape_always_concealed():
    """On the 组合龙 shape 不求人 is replaced by 自摸 and 门前清 dropped, as if the shape were always
    concealed (xinbian 第六章 3 applied to it like 全不靠).

    seed000 §三 组合龙 "最多两副已副露面子" — the shape is not always concealed; §四.3: 组合龙…自摸 → 不求人 4.
    """
    def score_interpretation(reading, raw, big, rules=None):
        interp = _REF["score_interp"](reading, raw, big, rules)
        if reading.shape == "knitted" and ("fully_concealed_hand" in interp.fans or "concealed_hand" in interp.fans):
            fans = {f: o for f, o in interp.fans.items() if f not in ("fully_concealed_hand", "concealed_hand")}
            if "fully_concealed_hand" in interp.fans:
                fans["self_drawn"] = [()]
            return rebuilt(interp, fans)
        return interp
    return Mutation(patches=(attribute("gb16.reference.scoring.score_interpretation", score_interpretation),))
