"""Mutants of the wait set and the wait fans (seed000 §二.7)."""

from __future__ import annotations

from gb16.reference import shapes, special_shapes, tiles as T
from gb16.reference.fans import waits as wait_fans
from gb16.tools.mutants.machinery import Mutation, _REF, attribute, mutant, predicate

# --------------------------------------------------------------------------- waits

@mutant("seed000 §二.7")
def practical_waits():
    """Waits on a tile already held four times are ignored (practical instead of formal waits).

    seed000 §二.7: "不因桌面已见或手内已占四枚就忽略形式上的另一种听牌"; §四.5 (1111222s … 听3s: no 边张).
    """
    def formal_waits(hand):
        held = list(hand.counts)
        held[hand.win_tile] -= 1
        return tuple(t for t in _REF["wait_set"](hand.variant, hand.melds, hand.pre_win_standing) if held[t] < 4)
    return Mutation(patches=(attribute("gb16.reference.readings.formal_waits", formal_waits),
                             attribute("gb16.reference.formal_waits", formal_waits)))


@mutant("seed000 §二.7")
def wait_fans_by_shape():
    """边张, 嵌张 and 单钓将 are judged by the reading's shape alone, without a single formal wait.

    seed000 §二.7: "只有一种形式听牌，且和牌张实际解释成边张、嵌张或单钓将时才计1分".
    """
    return Mutation(patches=(attribute("gb16.reference.fans.waits._single_wait", lambda r: True),))


@mutant("seed000 §二.7")
def knitted_tile_single_wait():
    """A single-wait win on one of the nine 组合龙 tiles scores 单钓将.

    seed000 §二.7: "组合龙九张本身不产生独听番"; docs/rulings.md R-005.
    """
    def single_wait(r):
        return r.win_in in ("pair", "knitted") and wait_fans._single_wait(r)
    return Mutation(patches=(predicate("single_wait", single_wait),))


@mutant("seed000 §三 边张")
def edge_wait_terminal_tile():
    """边张 is given for the 1 of 123 and the 9 of 789 (the terminal) instead of the 3 and the 7.

    seed000 §三 边张: "和牌张属于未副露123顺子的3或789顺子的7"; xinbian 第七章 77.
    """
    def edge_wait(r):
        g = wait_fans._winning_chow(r)
        if g is None:
            return False
        w = T.number_of(r.hand.win_tile)
        return ((g.number == 1 and w == 1) or (g.number == 7 and w == 9)) and wait_fans._single_wait(r)
    return Mutation(patches=(predicate("edge_wait", edge_wait),))


@mutant("seed000 §二.7")
def waits_without_knitted_shape():
    """The wait set only tries five sets and a pair; tiles that complete a 组合龙 shape are missed.

    seed000 §二.7: "判断所有可成和牌型的牌种" — the 组合龙 shape is a winning shape (§三 组合龙).
    """
    def is_winning(variant, melds, standing, *rest, **options):
        return shapes.is_standard(standing) or bool(variant.special_shapes and
                                                    special_shapes.is_special(melds, standing))
    return Mutation(patches=(attribute("gb16.reference.readings.is_winning", is_winning),
                             attribute("gb16.reference.readings.knitted_waits", lambda *args: set())))


@mutant("xinbian 第六章 6")
def single_wait_on_seven_pairs():
    """单钓将 is given to a 七对 with one waiting tile.

    xinbian 第六章 6 独听原则: "且被解释为基本和牌型计番时，方成立……单吊将"; 例 "即使 满足的是七对特殊和牌型".
    """
    def single_wait(r):
        return (r.win_in == "pair" or r.shape == "seven_pairs") and wait_fans._single_wait(r)
    return Mutation(patches=(predicate("single_wait", single_wait),))


@mutant("xinbian 第七章 7")
def thirteen_orphans_one_wait():
    """十三幺's thirteen-sided wait is reported as the one tile won on.

    xinbian 第七章 7 (十三幺 waiting on any of the thirteen 幺九 tiles); seed000 §二.7 (formal waits).
    """
    def formal_waits(hand):
        waits = _REF["formal_waits"](hand)
        return (hand.win_tile,) if len(waits) == 13 else waits
    return Mutation(patches=(attribute("gb16.reference.readings.formal_waits", formal_waits),
                             attribute("gb16.reference.formal_waits", formal_waits)))

