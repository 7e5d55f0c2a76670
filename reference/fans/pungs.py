"""Fans formed by several pungs (kongs count as pungs, xinbian 第三章 17).

一色四节高 and 一色三节高 belong to the big combinations of seed000 §二.5: a reading takes at
most one of them (:mod:`gb16.reference.combination`).  三同刻 and 三色三节高 do not
(docs/rulings.md R-002).  Each predicate lists every way the fan forms, as tuples of set
indices.
"""

from __future__ import annotations

from itertools import combinations
from typing import TYPE_CHECKING

from ..tiles import is_numbered
from . import AtLeast, Holds, fan

if TYPE_CHECKING:
    from collections.abc import Sequence

    from ..groups import Group
    from ..readings import Reading



def _numbered_pungs(r: Reading) -> list[tuple[int, Group]]:
    return [(i, g) for i, g in r.pungs if is_numbered(g.tile)]


@fan("four_pure_shifted_pungs", needs=AtLeast("numbered pungs", 4, one_suit=True))
def four_pure_shifted_pungs(r: Reading) -> Holds:
    """一色四节高 — xinbian 第七章 15: 花色相同、序数依次递增 1 的四副刻子."""
    return [tuple(i for i, _ in four) for four in combinations(_numbered_pungs(r), 4)
            if _same_suit(four) and _steps(four) == {1}]


@fan("pure_shifted_pungs", needs=AtLeast("numbered pungs", 3, one_suit=True))
def pure_shifted_pungs(r: Reading) -> Holds:
    """一色三节高 — xinbian 第七章 24: 花色相同、序数依次递增 1 的三副刻子."""
    return [tuple(i for i, _ in three) for three in combinations(_numbered_pungs(r), 3)
            if _same_suit(three) and _steps(three) == {1}]


@fan("triple_pung", needs=AtLeast("numbered pungs", 3, suits=3))
def triple_pung(r: Reading) -> Holds:
    """三同刻 — xinbian 第七章 32: 分属三种花色、序数相同的三副刻子.

    seed000 §三: 三门同序数刻杠成立一次 (one count however formed: R-007).
    """
    return [tuple(i for i, _ in three) for three in combinations(_numbered_pungs(r), 3)
            if _three_suits(three) and len({g.number for _, g in three}) == 1]


@fan("mixed_shifted_pungs", needs=AtLeast("numbered pungs", 3, suits=3))
def mixed_shifted_pungs(r: Reading) -> Holds:
    """三色三节高 — xinbian 第七章 42: 分属三种花色、序数依次递增 1 的三副刻子."""
    return [tuple(i for i, _ in three) for three in combinations(_numbered_pungs(r), 3)
            if _three_suits(three) and _steps(three) == {1}]


@fan("double_pung", needs=AtLeast("numbered pungs", 2, suits=2))
def double_pung(r: Reading) -> Holds:
    """双同刻 — xinbian 第七章 65: 花色不同、序数相同的两副刻子，每组计 2 分.

    seed000 §三: 跨两门同序数的每一对刻杠可分别计; 三同刻成立时全部不计 (an exclusion).
    """
    return [(i, j) for (i, a), (j, b) in combinations(_numbered_pungs(r), 2)
            if a.suit != b.suit and a.number == b.number]


def _same_suit(groups: Sequence[tuple[int, Group]]) -> bool:
    return len({g.suit for _, g in groups}) == 1


def _three_suits(groups: Sequence[tuple[int, Group]]) -> bool:
    return len({g.suit for _, g in groups}) == 3


def _steps(groups: Sequence[tuple[int, Group]]) -> set[int]:
    """The differences between consecutive sorted ranks (0 when two ranks repeat)."""
    ranks = sorted(g.number for _, g in groups)
    return {b - a for a, b in zip(ranks, ranks[1:])}
