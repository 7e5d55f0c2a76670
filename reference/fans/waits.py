"""The unique-wait fans 边张, 嵌张, 单钓将 (seed000 §二.7; xinbian 第六章 6; R-010).

A wait fan needs a single formal wait — the wait set of the whole hand before the win has
exactly one tile type — and a reading in which the winning tile sits as the edge tile, the
middle tile or the pair.  A reading puts the winning tile in one group, so at most one of
the three can hold ("三者至多一个").  The nine tiles of a 组合龙 never give one
("组合龙九张本身不产生独听番"): their reading has ``win_in == "knitted"``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .. import readings
from ..tiles import number_of
from . import Holds, fan

if TYPE_CHECKING:
    from ..groups import Group
    from ..readings import Reading



def _single_wait(r: Reading) -> bool:
    return len(readings.formal_waits(r.hand)) == 1


def _winning_chow(r: Reading) -> Group | None:
    g = r.win_group
    return g if g is not None and g.is_chow else None


@fan("edge_wait")
def edge_wait(r: Reading) -> Holds:
    """边张 — xinbian 第七章 77: 和牌张是 123 的 3 或 789 的 7，且整手牌只听这一种牌."""
    g = _winning_chow(r)
    if g is None:
        return False
    w = number_of(r.hand.win_tile)
    return ((g.number == 1 and w == 3) or (g.number == 7 and w == 7)) and _single_wait(r)


@fan("closed_wait")
def closed_wait(r: Reading) -> Holds:
    """嵌张 — xinbian 第七章 78: 和牌张是一副顺子中序数在中间的牌，且整手牌只听这一种牌."""
    g = _winning_chow(r)
    return g is not None and r.hand.win_tile == g.tile + 1 and _single_wait(r)


@fan("single_wait")
def single_wait(r: Reading) -> Holds:
    """单钓将 — xinbian 第七章 79: 和牌张用于构成将牌，且整手牌只听这一种牌."""
    return r.win_in == "pair" and _single_wait(r)
