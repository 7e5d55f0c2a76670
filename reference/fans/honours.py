"""Wind and dragon fans (xinbian 第七章 1, 2, 9, 10, 11, 38, 54, 59, 60, 61).

seed000 §三 says of each: "沿用底本定义、分值和排除，在完整十七张牌姿中判断" — the base
definition, judged on the whole 17-tile hand.  Exclusions, including "这副刻子不计幺九刻",
are in corpus/fans.json.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tiles import DRAGONS, WINDS
from . import HAND, AtLeast, Holds, fan

if TYPE_CHECKING:
    from ..hand import Hand
    from ..readings import Reading



def _wind_pungs(r: Reading) -> list[int]:
    return [i for i, g in r.pungs if g.tile in WINDS]


def _dragon_pungs(r: Reading) -> list[int]:
    return [i for i, g in r.pungs if g.tile in DRAGONS]


@fan("big_four_winds", needs=AtLeast("honour pungs", 4))
def big_four_winds(r: Reading) -> Holds:
    """大四喜 — xinbian 第七章 1: 和牌中有四种风牌的四副刻子."""
    sets = _wind_pungs(r)
    return [tuple(sets)] if len(sets) == 4 else []


@fan("big_three_dragons", needs=AtLeast("honour pungs", 3))
def big_three_dragons(r: Reading) -> Holds:
    """大三元 — xinbian 第七章 2: 和牌中有三种箭牌的三副刻子."""
    sets = _dragon_pungs(r)
    return [tuple(sets)] if len(sets) == 3 else []


@fan("little_four_winds", needs=AtLeast("honour pungs", 3))
def little_four_winds(r: Reading) -> Holds:
    """小四喜 — xinbian 第七章 9: 三副风牌的刻子、第四种风牌的将牌."""
    sets = _wind_pungs(r)
    return [tuple(sets)] if len(sets) == 3 and r.pair is not None and r.pair.tile in WINDS else []


@fan("little_three_dragons", needs=AtLeast("honour pungs", 2))
def little_three_dragons(r: Reading) -> Holds:
    """小三元 — xinbian 第七章 10: 两副箭牌的刻子、第三种箭牌的将牌."""
    sets = _dragon_pungs(r)
    return [tuple(sets)] if len(sets) == 2 and r.pair is not None and r.pair.tile in DRAGONS else []


@fan("all_honors", scope=HAND)
def all_honors(h: Hand) -> Holds:
    """字一色 — xinbian 第七章 11: 由字牌组成的和牌 (seed000 §三: all 17 tiles and kongs)."""
    return not h.suits


@fan("big_three_winds", needs=AtLeast("honour pungs", 3))
def big_three_winds(r: Reading) -> Holds:
    """三风刻 — xinbian 第七章 38: 风牌的刻子恰有三副 (seed000 §三: 不构成小四喜, via its exclusion)."""
    sets = _wind_pungs(r)
    return [tuple(sets)] if len(sets) == 3 else []


@fan("two_dragon_pungs", needs=AtLeast("honour pungs", 2))
def two_dragon_pungs(r: Reading) -> Holds:
    """双箭刻 — xinbian 第七章 54: 箭牌的刻子恰有两副."""
    sets = _dragon_pungs(r)
    return [tuple(sets)] if len(sets) == 2 else []


@fan("dragon_pung", needs=AtLeast("honour pungs", 1))
def dragon_pung(r: Reading) -> Holds:
    """箭刻 — xinbian 第七章 59: 箭牌的刻子恰有一副 (seed000 §三: 只有一种箭刻时成立)."""
    sets = _dragon_pungs(r)
    return [tuple(sets)] if len(sets) == 1 else []


@fan("prevalent_wind", needs=AtLeast("honour pungs", 1))
def prevalent_wind(r: Reading) -> Holds:
    """圈风刻 — xinbian 第七章 60: 一副风牌的刻子，其风牌与当前圈风相同."""
    return [(i,) for i, g in r.pungs if g.tile == r.hand.prevalent_wind]


@fan("seat_wind", needs=AtLeast("honour pungs", 1))
def seat_wind(r: Reading) -> Holds:
    """门风刻 — xinbian 第七章 61: 一副风牌的刻子，其风牌与自家门风相同.

    With 圈风 = 门风 the same pung scores both (seed000 §二.8).
    """
    return [(i,) for i, g in r.pungs if g.tile == r.hand.seat_wind]
