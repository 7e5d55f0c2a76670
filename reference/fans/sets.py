"""Fans about what every set and the pair of a reading are made of."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import active
from ..tiles import is_honour, is_terminal_or_honour, number_of
from . import AtLeast, Holds, fan

if TYPE_CHECKING:
    from ..readings import Reading



@fan("outside_hand")
def outside_hand(r: Reading) -> Holds:
    """全带幺 — xinbian 第七章 55: 普通基本和牌型的每副顺子、刻子、将牌均含有幺九牌.

    seed000 §三: 五副面子及将牌每一组都含幺九牌或字牌. Only the standard shape.
    """
    return r.is_standard and all(any(is_terminal_or_honour(t) for t in g.tiles) for g in r.groups())


@fan("all_fives")
def all_fives(r: Reading) -> Holds:
    """全带五 — xinbian 第七章 31: 普通基本和牌型的每副顺子、刻子、将牌均含有序数牌 5.

    seed000 §三: 五副面子及将牌每一组都含五.
    """
    return r.is_standard and all(any(not is_honour(t) and number_of(t) == 5 for t in g.tiles)
                                 for g in r.groups())


@fan("all_even_pungs", needs=AtLeast("pungs", 4))
def all_even_pungs(r: Reading) -> Holds:
    """全双刻 — xinbian 第七章 21: 由序数牌 2、4、6、8 的刻子、将牌组成的基本和牌型.

    seed000 §三: 五副刻杠及将牌全部由偶数序数牌组成.
    """
    return (r.is_standard and all(g.is_pung for g in r.sets)
            and all(not is_honour(g.tile) and number_of(g.tile) % 2 == 0 for g in r.groups()))


@fan("all_pungs", needs=AtLeast("pungs", 4))
def all_pungs(r: Reading) -> Holds:
    """碰碰和 — xinbian 第七章 48: 由四副刻子、将牌组成的基本和牌型.

    seed000 §三: 五副均为刻子或杠，再加一对将.
    """
    return r.is_standard and all(g.is_pung for g in r.sets)


@fan("all_chows")
def all_chows(r: Reading) -> Holds:
    """平和 — xinbian 第七章 63; seed000 §二.2, §三 平和.

    普通型五副均为顺子、将牌为数牌；组合龙型的两副普通面子均为顺子、将牌为数牌.
    The edition delta ``no-all-chows-with-knitted`` gives no 平和 to a 组合龙 reading.
    """
    shapes = ("standard",) if active().has("no-all-chows-with-knitted") else ("standard", "knitted")
    return (r.shape in shapes and all(g.is_chow for g in r.sets)
            and r.pair is not None and not is_honour(r.pair.tile))


@fan("pung_of_terminals_or_honors", needs=AtLeast("pungs", 1))
def pung_of_terminals_or_honors(r: Reading) -> Holds:
    """幺九刻 — xinbian 第七章 73: 和牌中有幺九牌的刻子，每副计 1 分.

    seed000 §三: 按未被大番、风刻或箭刻排除的每副幺九刻计 (the exclusions are data).
    """
    return [(i,) for i, g in r.pungs if is_terminal_or_honour(g.tile)]
