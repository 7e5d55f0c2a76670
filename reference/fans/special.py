"""组合龙, 花牌, 无番和, and gb13's special shapes.

无番和 is not a predicate on the tiles: it holds when nothing else counts, so
:mod:`gb16.reference.scoring` decides it after every other fan (seed000 §三 无番和).
"""

from __future__ import annotations

from . import HAND, fan


@fan("knitted_straight")
def knitted_straight(r):
    """组合龙 — xinbian 第七章 35; seed000 §三: 九张组合龙必须留在手内，另有两副普通面子及一对将.

    Only the 组合龙 reading has the nine tiles (one set can hold at most one of 1, 4, 7 of a
    suit, so five sets can never contain all nine).
    """
    return r.shape == "knitted"


@fan("flower_tiles", scope=HAND)
def flower_tiles(h):
    """花牌 — xinbian 第七章 81; seed000 §三: 每张已补出的花牌1分，最多8张；花分不计入起和门槛."""
    return h.flowers
