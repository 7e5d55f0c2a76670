"""Fans of the concealed state of the hand (自摸, the way it is won, is in win_conditions.py).

门前清 as a state (xinbian 第三章 30): no chow, no pung, no exposed kong — concealed
kongs keep a hand concealed.  seed000 §二.4 and §三 (门前清, 不求人): judged by the actual
state of the whole hand; 四暗刻 does not exclude them in gb16.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import active
from . import HAND, Holds, fan

if TYPE_CHECKING:
    from ..hand import Hand
    from ..readings import Reading



@fan("concealed_hand", scope=HAND)
def concealed_hand(h: Hand) -> Holds:
    """门前清 — xinbian 第七章 62: 未吃、碰、明杠，点和和牌."""
    return h.is_concealed and not h.self_draw


@fan("fully_concealed_hand", scope=HAND)
def fully_concealed_hand(h: Hand) -> Holds:
    """不求人 — xinbian 第七章 56: 未吃、碰、明杠，自摸和牌 (不计自摸)."""
    return h.is_concealed and h.self_draw


@fan("melded_hand")
def melded_hand(r: Reading) -> Holds:
    """全求人 — xinbian 第七章 52; seed000 §二.2 and §三 (docs/rulings.md R-004).

    五副面子全部明露，点和将牌；暗杠不算明露: every set is an exposed meld (an added kong is
    still exposed) and the discarded winning tile completes the pair.  gb13 reads the base
    definition (所有面子均为明顺或明刻，点和和牌) the same way: docs/rulings.md R-018 (A).

    R-018:B (gb13): the literal reading — every set is 明顺 or 明刻 after a discard win, the
    set the discarded tile completes included (xinbian 第三章 16, 18).
    """
    h = r.hand
    if not r.is_standard or h.self_draw:
        return False
    if h.variant.id == "gb13" and active().option("R-018") == "B":
        return all(g.exposed or g is r.win_group for g in r.sets)
    return r.win_in == "pair" and all(g.exposed for g in r.sets)
