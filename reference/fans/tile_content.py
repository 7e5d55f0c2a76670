"""Fans decided by which tiles the hand holds, whatever the reading.

seed000 §三 for all of these: "检查全部十七张及杠牌，不能挑选十四张成立" — every tile of the
hand, kongs included, is checked; no subset of fourteen may be chosen.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..tiles import DRAGONS, GREEN_TILES, REVERSIBLE_TILES, WINDS
from . import HAND, Holds, fan

if TYPE_CHECKING:
    from collections.abc import Iterable

    from ..hand import Hand



def _numbers_within(h: Hand, allowed: Iterable[int]) -> bool:
    """Only numbered tiles, all of ranks in ``allowed``."""
    return not h.has_honours and h.numbers <= set(allowed)


@fan("all_green", scope=HAND)
def all_green(h: Hand) -> Holds:
    """绿一色 — xinbian 第七章 3: 仅由 2 3 4 6 8 条 与 发 组成的和牌."""
    return h.tile_set <= GREEN_TILES


@fan("reversible_tiles", scope=HAND)
def reversible_tiles(h: Hand) -> Holds:
    """推不倒 — xinbian 第七章 40: 1234589筒、245689条、白板 组成的和牌."""
    return h.tile_set <= REVERSIBLE_TILES


@fan("full_flush", scope=HAND)
def full_flush(h: Hand) -> Holds:
    """清一色 — xinbian 第七章 22: 由一种花色的序数牌组成的和牌."""
    return not h.has_honours and len(h.suits) == 1


@fan("half_flush", scope=HAND)
def half_flush(h: Hand) -> Holds:
    """混一色 — xinbian 第七章 49: 包含字牌且序数牌只包含一种花色.

    Numbered tiles must be present (docs/rulings.md R-016).
    """
    return h.has_honours and len(h.suits) == 1


@fan("all_types", scope=HAND)
def all_types(h: Hand) -> Holds:
    """五门齐 — xinbian 第七章 51: 三种花色的序数牌、风牌、箭牌."""
    return len(h.suits) == 3 and bool(h.tile_set & set(WINDS)) and bool(h.tile_set & set(DRAGONS))


@fan("one_voided_suit", scope=HAND)
def one_voided_suit(h: Hand) -> Holds:
    """缺一门 — xinbian 第七章 75: 序数牌只包含两种花色 (exactly two)."""
    return len(h.suits) == 2


@fan("no_honors", scope=HAND)
def no_honors(h: Hand) -> Holds:
    """无字 — xinbian 第七章 76: 由序数牌组成的和牌."""
    return not h.has_honours


@fan("all_terminals", scope=HAND)
def all_terminals(h: Hand) -> Holds:
    """清幺九 — xinbian 第七章 8: 由序数牌 1、9 组成的和牌."""
    return _numbers_within(h, (1, 9))


@fan("all_terminals_and_honors", scope=HAND)
def all_terminals_and_honors(h: Hand) -> Holds:
    """混幺九 — xinbian 第七章 18: 包含字牌且序数牌只包含 1、9.

    Numbered tiles must be present (docs/rulings.md R-016).
    """
    return h.has_honours and bool(h.suits) and h.numbers <= {1, 9}


@fan("upper_tiles", scope=HAND)
def upper_tiles(h: Hand) -> Holds:
    """全大 — xinbian 第七章 25: 由序数牌 7、8、9 组成的和牌."""
    return _numbers_within(h, (7, 8, 9))


@fan("middle_tiles", scope=HAND)
def middle_tiles(h: Hand) -> Holds:
    """全中 — xinbian 第七章 26: 由序数牌 4、5、6 组成的和牌."""
    return _numbers_within(h, (4, 5, 6))


@fan("lower_tiles", scope=HAND)
def lower_tiles(h: Hand) -> Holds:
    """全小 — xinbian 第七章 27: 由序数牌 1、2、3 组成的和牌."""
    return _numbers_within(h, (1, 2, 3))


@fan("upper_four", scope=HAND)
def upper_four(h: Hand) -> Holds:
    """大于五 — xinbian 第七章 36: 由序数牌 6、7、8、9 组成的和牌."""
    return _numbers_within(h, (6, 7, 8, 9))


@fan("lower_four", scope=HAND)
def lower_four(h: Hand) -> Holds:
    """小于五 — xinbian 第七章 37: 由序数牌 1、2、3、4 组成的和牌."""
    return _numbers_within(h, (1, 2, 3, 4))


@fan("all_simples", scope=HAND)
def all_simples(h: Hand) -> Holds:
    """断幺 — xinbian 第七章 68: 由序数牌 2–8 组成的和牌."""
    return _numbers_within(h, range(2, 9))


@fan("tile_hog", scope=HAND)
def tile_hog(h: Hand) -> Holds:
    """四归一 — xinbian 第七章 64: 不以杠形式存在的四张相同牌，每种计 2 分.

    seed000 §三: "每一种未作杠的牌在整手恰有四张"; §四.6: "杠牌不能被当成四归一".
    """
    kong_tiles = {k.tile for k in h.kongs}
    return sum(1 for t, n in enumerate(h.counts) if n == 4 and t not in kong_tiles)
