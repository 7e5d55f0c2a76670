"""组合龙, 花牌, and the fans of gb13's fixed shapes; 无番和 is decided in scoring.

无番和 is not a predicate on the tiles: it holds when nothing else counts, so
:mod:`gb16.reference.scoring` decides it after every other fan (seed000 §三 无番和).

The fixed-shape fans (九莲宝灯, 连七对, 十三幺, 七对, 七星不靠, 全不靠, 一色双龙会, 三色双龙会)
exist only in gb13: seed000 §二.1 "固定十四张结构……均不适用".
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..tiles import HONOURS, number_of, suit_of
from . import HAND, AtLeast, Holds, fan

if TYPE_CHECKING:
    from ..hand import Hand
    from ..readings import Reading



@fan("knitted_straight")
def knitted_straight(r: Reading) -> Holds:
    """组合龙 — xinbian 第七章 35: 和牌中有一种花色的 147、另一花色的 258、第三种花色的 369.

    seed000 §三: 九张组合龙必须留在手内，另有两副普通面子及一对将.  The 组合龙 reading holds
    the nine tiles (five sets can never hold them: one set holds at most one of 1, 4, 7 of a
    suit); in gb13 a 全不靠 with all nine also has it (xinbian 第七章 34 例 "全不靠、组合龙").
    """
    return r.knitted is not None


@fan("flower_tiles", scope=HAND)
def flower_tiles(h: Hand) -> Holds:
    """花牌 — xinbian 第七章 81; seed000 §三: 每张已补出的花牌1分，最多8张；花分不计入起和门槛."""
    return h.flowers


# -- gb13's fixed shapes (xinbian 第二章 3–5, 第七章) -------------------------------------------

@fan("nine_gates", scope=HAND)
def nine_gates(h: Hand) -> Holds:
    """九莲宝灯 — xinbian 第七章 4: 一种花色的 1、9 各三张，2–8 各一张共十三张序数牌的立牌外加该
    花色任意一张序数牌的和牌张组成的基本和牌型 (so: no meld, and the 13 standing tiles before
    the win are exactly 1112345678999 of the winning tile's suit)."""
    if h.melds or h.win_tile >= 27:
        return False
    base = (h.win_tile // 9) * 9
    before = h.pre_win_standing
    return all(before[base + k] == n for k, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)))


@fan("seven_shifted_pairs")
def seven_shifted_pairs(r: Reading) -> Holds:
    """连七对 — xinbian 第七章 6: 花色相同、序数依次递增 1 的七个对子."""
    if r.shape != "seven_pairs":
        return False
    tiles = sorted(g.tile for g in r.pairs)
    return len({suit_of(t) for t in tiles}) == 1 and suit_of(tiles[0]) != "z" and \
        all(b - a == 1 for a, b in zip(tiles, tiles[1:]))


@fan("thirteen_orphans")
def thirteen_orphans(r: Reading) -> Holds:
    """十三幺 — xinbian 第七章 7: 一种幺九牌的对子外加其余十二种幺九牌各一张."""
    return r.shape == "thirteen_orphans"


@fan("seven_pairs")
def seven_pairs(r: Reading) -> Holds:
    """七对 — xinbian 第七章 19: 由七个对子组成的特殊和牌型."""
    return r.shape == "seven_pairs"


@fan("greater_honors_and_knitted_tiles")
def greater_honors_and_knitted_tiles(r: Reading) -> Holds:
    """七星不靠 — xinbian 第七章 20: 七种字牌各一张，外加 147/258/369 九种中任意七种各一张."""
    return r.shape == "honours_knitted" and all(r.hand.standing[t] for t in HONOURS)


@fan("lesser_honors_and_knitted_tiles")
def lesser_honors_and_knitted_tiles(r: Reading) -> Holds:
    """全不靠 — xinbian 第七章 34: 147/258/369 与七种字牌共十六种牌中任意十四种各一张."""
    return r.shape == "honours_knitted"


def _terminal_chows(r: Reading, suit: str) -> tuple[list[int], list[int]]:
    """Indices of the chows 123 and 789 of ``suit``."""
    return ([i for i, g in r.chows if g.suit == suit and g.number == 1],
            [i for i, g in r.chows if g.suit == suit and g.number == 7])


@fan("pure_terminal_chows", needs=AtLeast("chows", 4, one_suit=True))
def pure_terminal_chows(r: Reading) -> Holds:
    """一色双龙会 — xinbian 第七章 13: 一种花色的 123、789 顺子各两副以及该花色的 5 的将牌."""
    if not r.is_standard or r.pair is None or r.pair.tile >= 27 or number_of(r.pair.tile) != 5:
        return []
    low, high = _terminal_chows(r, r.pair.suit)
    return [tuple(sorted(low[:2] + high[:2]))] if len(low) >= 2 and len(high) >= 2 else []


@fan("three_suited_terminal_chows", needs=AtLeast("chows", 4, suits=2))
def three_suited_terminal_chows(r: Reading) -> Holds:
    """三色双龙会 — xinbian 第七章 29: 一种花色的 123、789，另一花色的 123、789，第三种花色的 5 的将牌."""
    if not r.is_standard or r.pair is None or r.pair.tile >= 27 or number_of(r.pair.tile) != 5:
        return []
    others = [s for s in "mps" if s != r.pair.suit]
    found = []
    for a, b in combinations(others, 2):
        (la, ha), (lb, hb) = _terminal_chows(r, a), _terminal_chows(r, b)
        if la and ha and lb and hb:
            found.append(tuple(sorted((la[0], ha[0], lb[0], hb[0]))))
    return found
