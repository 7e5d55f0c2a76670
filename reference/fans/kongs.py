"""Kong fans and concealed-pung fans (seed000 §二.3).

"四暗刻、四杠解释为至少四副，五副时各仍只计一次。三暗刻、三杠、双暗刻、单双杠使用底本的确切数量。"
Kongs are melds and never change between readings, so the kong fans are decided by the
hand; the number of concealed pungs depends on where the winning tile sits.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..rules import active
from . import HAND, AtLeast, Holds, fan

if TYPE_CHECKING:
    from ..hand import Hand
    from ..readings import Reading



def _kongs(h: Hand) -> tuple[int, int]:
    concealed = sum(1 for k in h.kongs if k.concealed)
    return concealed, len(h.kongs) - concealed


@fan("four_kongs", scope=HAND, needs=AtLeast("kongs", 4))
def four_kongs(h: Hand) -> Holds:
    """四杠 — xinbian 第七章 5; seed000 §三: 至少四副杠；五杠仍只计一次四杠."""
    return len(h.kongs) >= 4


@fan("three_kongs", scope=HAND, needs=AtLeast("kongs", 3))
def three_kongs(h: Hand) -> Holds:
    """三杠 — xinbian 第七章 17: 杠牌恰有三副."""
    return len(h.kongs) == 3


def _beside_three_kongs(h: Hand, concealed: int) -> bool:
    """Edition delta ``kongs-add-concealed-kong`` (seed004: 2006 四杠、三杠可计暗杠, read with
    seed002 "暗杠、雙暗杠加計" as the one kong fan of the concealed kongs): among three or more
    kongs, exactly ``concealed`` of them concealed."""
    return len(h.kongs) >= 3 and _kongs(h)[0] == concealed and active().has("kongs-add-concealed-kong")


def _each_beside_three_kongs(h: Hand) -> int:
    """Edition delta ``kongs-add-concealed-kong-each`` (the same 可计暗杠 read as 暗杠 per
    concealed kong): among three or more kongs, how many are concealed; 0 without the delta."""
    return _kongs(h)[0] if len(h.kongs) >= 3 and active().has("kongs-add-concealed-kong-each") else 0


@fan("two_concealed_kongs", scope=HAND, needs=AtLeast("kongs", 2))
def two_concealed_kongs(h: Hand) -> Holds:
    """双暗杠 — xinbian 第七章 53: 杠牌恰有两副且均为暗杠 (and see :func:`_beside_three_kongs`)."""
    return _kongs(h) == (2, 0) or _beside_three_kongs(h, 2)


@fan("two_melded_kongs", scope=HAND, needs=AtLeast("kongs", 2))
def two_melded_kongs(h: Hand) -> Holds:
    """双明杠 — xinbian 第七章 57: 杠牌恰有两副且均为明杠."""
    return _kongs(h) == (0, 2)


@fan("concealed_and_melded_kong", scope=HAND, needs=AtLeast("kongs", 2))
def concealed_and_melded_kong(h: Hand) -> Holds:
    """明暗杠 — xinbian 第七章 82: 杠牌恰有两副且为明杠、暗杠各一副."""
    return _kongs(h) == (1, 1)


@fan("concealed_kong", scope=HAND, needs=AtLeast("kongs", 1))
def concealed_kong(h: Hand) -> Holds:
    """暗杠 — xinbian 第七章 67: 杠牌恰有一副且为暗杠.

    Edition delta ``no-concealed-and-melded-kong`` (1998, no 明暗杠): one concealed kong
    beside one melded kong is also 暗杠 (and the melded one 明杠); and see
    :func:`_beside_three_kongs` and :func:`_each_beside_three_kongs` (a count).
    """
    each = _each_beside_three_kongs(h)
    if each:
        return each
    return (_kongs(h) == (1, 0) or (_kongs(h) == (1, 1) and active().has("no-concealed-and-melded-kong"))
            or _beside_three_kongs(h, 1))


@fan("melded_kong", scope=HAND, needs=AtLeast("kongs", 1))
def melded_kong(h: Hand) -> Holds:
    """明杠 — xinbian 第七章 74: 杠牌恰有一副且为明杠 (and see :func:`concealed_kong`)."""
    return _kongs(h) == (0, 1) or (_kongs(h) == (1, 1) and active().has("no-concealed-and-melded-kong"))


def concealed_pungs(r: Reading) -> int:
    """暗刻 in the reading (xinbian 第三章 19; seed000 §二.3 "点和补成的刻子不是暗刻")."""
    return sum(1 for _, g in r.pungs if g.concealed)


@fan("four_concealed_pungs", needs=AtLeast("pungs", 4))
def four_concealed_pungs(r: Reading) -> Holds:
    """四暗刻 — xinbian 第七章 12; seed000 §三: 至少四副暗刻或暗杠；五副仍只计一次.

    Not necessarily concealed in gb16 (seed000 §二.4): the fifth set may be exposed.
    """
    return concealed_pungs(r) >= 4


@fan("three_concealed_pungs", needs=AtLeast("pungs", 3))
def three_concealed_pungs(r: Reading) -> Holds:
    """三暗刻 — xinbian 第七章 33: 暗刻恰有三副; seed000 §三: 点和张补成的刻子为明刻."""
    return concealed_pungs(r) == 3


@fan("two_concealed_pungs", needs=AtLeast("pungs", 2))
def two_concealed_pungs(r: Reading) -> Holds:
    """双暗刻 — xinbian 第七章 66: 暗刻恰有两副 (not beside 双暗杠: an exclusion)."""
    return concealed_pungs(r) == 2
