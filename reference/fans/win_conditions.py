"""Fans of the moment of winning: 自摸, and those given as flags in the input (docs/contract.md).

seed000 §三 for each: "沿用底本定义、分值和排除，在完整十七张牌姿中判断".  Whether the flags can
hold together is checked when the input is read (docs/rulings.md R-006, R-014).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import active
from . import HAND, Holds, fan

if TYPE_CHECKING:
    from ..hand import Hand



@fan("self_drawn", scope=HAND)
def self_drawn(h: Hand) -> Holds:
    """自摸 — xinbian 第七章 80: 自摸和牌."""
    return h.self_draw


@fan("last_tile_draw", scope=HAND)
def last_tile_draw(h: Hand) -> Holds:
    """妙手回春 — xinbian 第七章 44: 自摸牌墙所剩最后一张牌 (不计自摸)."""
    return h.last_tile and h.self_draw


@fan("last_tile_claim", scope=HAND)
def last_tile_claim(h: Hand) -> Holds:
    """海底捞月 — xinbian 第七章 45: 和牌墙摸完后别家打出的牌."""
    return h.last_tile and not h.self_draw


@fan("out_with_replacement_tile", scope=HAND)
def out_with_replacement_tile(h: Hand) -> Holds:
    """杠上开花 — xinbian 第七章 46: 自摸杠牌后摸进的牌 (不计自摸)."""
    return h.kong_replacement


@fan("robbing_the_kong", scope=HAND)
def robbing_the_kong(h: Hand) -> Holds:
    """抢杠和 — xinbian 第七章 47: 和他家用于加杠的牌 (不计和绝张)."""
    return h.robbing_kong


@fan("last_of_kind", scope=HAND)
def last_of_kind(h: Hand) -> Holds:
    """和绝张 — xinbian 第七章 58: 一种牌在牌池、各家副露以及补花中已亮明三张，和所剩的第四张牌.

    The flag says the three other copies are visible; when the winner's own exposed melds
    hold them, the hand shows it by itself (各家副露 includes the winner's): R-006 (A).
    Under R-006:C, and under the edition delta ``own-melds-not-visible``, only the flag says so.
    """
    rules = active()
    if rules.option("R-006") == "C" or rules.has("own-melds-not-visible"):
        return h.last_of_kind
    shown = sum(m.tiles.count(h.win_tile) for m in h.melds if m.exposed)
    return h.last_of_kind or shown == 3
