"""Mutants of fans of the tile content of the whole hand (seed000 §二.2, §三 全部)."""

from __future__ import annotations

from gb16.reference import tiles as T
from gb16.tools.mutants.machinery import Mutation, hand_facts, mutant, predicate, unexclude

# --------------------------------------------------------------------------- tile content

@mutant("seed000 §三 清一色")
def tile_content_ignores_kongs():
    """The tile-content fans (清一色, 断幺, 五门齐, 缺一门, 无字 …) look at every tile except the kongs.

    seed000 §三 (清一色, 断幺, …): "检查全部十七张及杠牌，不能挑选十四张成立".
    """
    def without_kongs(h):
        counts = list(h.standing)
        for meld in h.melds:
            if not meld.is_kong:
                for t in meld.tiles:
                    counts[t] += 1
        tile_set = frozenset(t for t, n in enumerate(counts) if n)
        numbered = [t for t in tile_set if T.is_numbered(t)]
        return {"tile_set": tile_set, "suits": frozenset(T.suit_of(t) for t in numbered),
                "numbers": frozenset(T.number_of(t) for t in numbered),
                "has_honours": len(numbered) < len(tile_set)}
    return Mutation(patches=(hand_facts(without_kongs),))


@mutant("seed000 §三 大于五")
def upper_four_includes_five():
    """大于五 is read as "five and above": tiles 5–9 only.

    xinbian 第七章 36: "由序数牌 6、7、8、9 组成的和牌"; seed000 §三 大于五.
    """
    return Mutation(patches=(predicate("upper_four", lambda h: not h.has_honours and h.numbers <= {5, 6, 7, 8, 9}),))



@mutant("seed000 §三 五门齐")
def all_types_any_honour():
    """五门齐 needs the three suits and any honour (winds or dragons, not both).

    seed000 §三 五门齐; xinbian 第七章 51: 三种花色的序数牌、风牌、箭牌.
    """
    return Mutation(patches=(predicate("all_types", lambda h: len(h.suits) == 3 and h.has_honours),))


@mutant("seed000 §三 缺一门")
def one_voided_suit_with_one_suit():
    """缺一门 also holds when only one suit is present.

    seed000 §三 缺一门; xinbian 第七章 75: 序数牌只包含两种花色.
    """
    return Mutation(patches=(predicate("one_voided_suit", lambda h: 1 <= len(h.suits) <= 2),))


@mutant("seed000 §三 混一色")
def half_flush_all_honours():
    """混一色 is counted for a hand of honours only.

    xinbian 第七章 49 (序数牌只包含一种花色); 第七章 1 例 (大四喜、字一色 152: no 混一色); R-016.
    """
    return Mutation(patches=(predicate("half_flush", lambda h: h.has_honours and len(h.suits) <= 1),))


@mutant("seed000 §三 全带幺")
def outside_hand_ignores_pair():
    """全带幺 looks at the five sets only, not at the pair.

    seed000 §三 全带幺: "五副面子及将牌每一组都含幺九牌或字牌".
    """
    def outside_hand(r):
        return r.is_standard and all(any(T.is_terminal_or_honour(t) for t in g.tiles) for g in r.sets)
    return Mutation(patches=(predicate("outside_hand", outside_hand),))


@mutant("seed000 §二.2")
def outside_hand_on_knitted():
    """全带幺 on a 组合龙 reading whose two sets and pair hold terminals or honours.

    seed000 §二.2: "全带幺…等条件检查整手"; docs/rulings.md R-005.
    """
    def outside_hand(r):
        return (r.shape in ("standard", "knitted")
                and all(any(T.is_terminal_or_honour(t) for t in g.tiles) for g in r.groups()))
    return Mutation(patches=(predicate("outside_hand", outside_hand),))


@mutant("seed000 §二.2")
def all_fives_on_knitted():
    """全带五 on a 组合龙 reading whose two sets and pair each hold a 5.

    seed000 §二.2 (全手条件); §三 全带五 "五副面子及将牌每一组都含五"; docs/rulings.md R-005.
    """
    def all_fives(r):
        return (r.shape in ("standard", "knitted")
                and all(any(not T.is_honour(t) and T.number_of(t) == 5 for t in g.tiles) for g in r.groups()))
    return Mutation(patches=(predicate("all_fives", all_fives),))


@mutant("seed000 §二.2")
def all_even_pungs_on_knitted():
    """全双刻 on a 组合龙 reading whose two sets are even pungs with an even pair.

    seed000 §三 全双刻 "五副刻杠及将牌全部由偶数序数牌组成"; docs/rulings.md R-005.
    """
    def all_even_pungs(r):
        return (r.shape in ("standard", "knitted") and all(g.is_pung for g in r.sets)
                and all(not T.is_honour(g.tile) and T.number_of(g.tile) % 2 == 0 for g in r.groups()))
    return Mutation(patches=(predicate("all_even_pungs", all_even_pungs),))


@mutant("seed000 §三 平和")
def all_chows_honour_pair():
    """平和 with an honour pair.

    seed000 §三 平和 / §二.2: "普通型五副均为顺子、将牌为数牌".
    """
    def all_chows(r):
        return r.shape in ("standard", "knitted") and all(g.is_chow for g in r.sets) and r.pair is not None
    return Mutation(patches=(predicate("all_chows", all_chows),))


@mutant("seed000 §二.2")
def all_chows_standard_shape_only():
    """平和 is never given to a 组合龙 hand whose two other sets are chows with a numbered pair.

    seed000 §二.2: "组合龙型须另外两副均为顺子且将为数牌"; §三 平和.
    """
    def all_chows(r):
        return (r.is_standard and all(g.is_chow for g in r.sets)
                and r.pair is not None and not T.is_honour(r.pair.tile))
    return Mutation(patches=(predicate("all_chows", all_chows),))


@mutant("seed000 §三 全大")
def upper_four_beside_upper_tiles():
    """大于五 is counted beside 全大.

    xinbian 第七章 25 全大 "不计大于五"; seed000 §三 全大 "其余定义和排除按底本".
    """
    return Mutation(patches=(unexclude("upper_tiles", "upper_four"),))


@mutant("seed000 §三 断幺")
def all_simples_with_honours():
    """断幺 only checks the numbered tiles, so honours are allowed.

    xinbian 第七章 68: 由序数牌 2–8 组成的和牌; seed000 §三 断幺.
    """
    return Mutation(patches=(predicate("all_simples", lambda h: bool(h.suits) and h.numbers <= set(range(2, 9))),))


