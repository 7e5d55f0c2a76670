"""Fans formed by several chows, and the four chow-pair relations.

The 四顺子 and 三顺子 fans are big combinations (seed000 §二.5; xinbian 第六章 5): a reading
takes at most one, and seed000 §三 says of each "从五副面子选取符合定义的三／四副，受下文组合原则
限制；同番不重复计".  Each predicate lists every choice of sets that satisfies it.

一般高, 喜相逢, 连六 and 老少副 are relations between two chows (``scope="chow_pair"``);
which related pairs count is decided by :func:`gb16.reference.combination.chow_links`
(seed000 §二.6).  The four relations are mutually exclusive by definition, so a pair of
chows never forms two of them.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations
from typing import TYPE_CHECKING

from . import CHOW_PAIR, AtLeast, Holds, fan

if TYPE_CHECKING:
    from ..groups import Group
    from ..readings import Reading

#: a choice of chows, each with its set index
Chosen = tuple[tuple[int, "Group"], ...]



def _choices(r: Reading, k: int) -> Iterator[tuple[tuple[int, Group], ...]]:
    return combinations(r.chows, k)


def _indices(chosen: Chosen) -> tuple[int, ...]:
    return tuple(i for i, _ in chosen)


def _starts(chosen: Chosen) -> list[int]:
    return sorted(g.number for _, g in chosen)


def _suits(chosen: Chosen) -> set[str]:
    return {g.suit for _, g in chosen}


def _equal_steps(starts: list[int], steps: tuple[int, ...]) -> bool:
    diffs = {b - a for a, b in zip(starts, starts[1:])}
    return len(diffs) == 1 and diffs <= set(steps)


# -- four chows -------------------------------------------------------------------------

@fan("quadruple_chow", needs=AtLeast("chows", 4, one_suit=True))
def quadruple_chow(r: Reading) -> Holds:
    """一色四同顺 — xinbian 第七章 14: 花色、序数均相同的四副顺子."""
    return [_indices(c) for c in _choices(r, 4) if len(_suits(c)) == 1 and len(set(_starts(c))) == 1]


@fan("four_pure_shifted_chows", needs=AtLeast("chows", 4, one_suit=True))
def four_pure_shifted_chows(r: Reading) -> Holds:
    """一色四步高 — xinbian 第七章 16: 花色相同、序数依次递增 1 或 2 的四副顺子，递增数均相同."""
    return [_indices(c) for c in _choices(r, 4) if len(_suits(c)) == 1 and _equal_steps(_starts(c), (1, 2))]


# -- three chows ------------------------------------------------------------------------

@fan("pure_triple_chow", needs=AtLeast("chows", 3, one_suit=True))
def pure_triple_chow(r: Reading) -> Holds:
    """一色三同顺 — xinbian 第七章 23: 花色、序数均相同的三副顺子."""
    return [_indices(c) for c in _choices(r, 3) if len(_suits(c)) == 1 and len(set(_starts(c))) == 1]


@fan("pure_straight", needs=AtLeast("chows", 3, one_suit=True))
def pure_straight(r: Reading) -> Holds:
    """清龙 — xinbian 第七章 28: 花色相同的 123、456、789 三副顺子."""
    return [_indices(c) for c in _choices(r, 3) if len(_suits(c)) == 1 and _starts(c) == [1, 4, 7]]


@fan("pure_shifted_chows", needs=AtLeast("chows", 3, one_suit=True))
def pure_shifted_chows(r: Reading) -> Holds:
    """一色三步高 — xinbian 第七章 30: 花色相同、序数依次递增 1 或 2 的三副顺子，递增数均相同."""
    return [_indices(c) for c in _choices(r, 3) if len(_suits(c)) == 1 and _equal_steps(_starts(c), (1, 2))]


@fan("mixed_straight", needs=AtLeast("chows", 3, suits=3))
def mixed_straight(r: Reading) -> Holds:
    """花龙 — xinbian 第七章 39: 一种花色的 123、另一花色的 456、第三种花色的 789."""
    return [_indices(c) for c in _choices(r, 3) if len(_suits(c)) == 3 and _starts(c) == [1, 4, 7]]


@fan("mixed_triple_chow", needs=AtLeast("chows", 3, suits=3))
def mixed_triple_chow(r: Reading) -> Holds:
    """三色三同顺 — xinbian 第七章 41: 分属三种花色、序数相同的三副顺子."""
    return [_indices(c) for c in _choices(r, 3) if len(_suits(c)) == 3 and len(set(_starts(c))) == 1]


@fan("mixed_shifted_chows", needs=AtLeast("chows", 3, suits=3))
def mixed_shifted_chows(r: Reading) -> Holds:
    """三色三步高 — xinbian 第七章 50: 分属三种花色、序数依次递增 1 的三副顺子."""
    return [_indices(c) for c in _choices(r, 3) if len(_suits(c)) == 3 and _equal_steps(_starts(c), (1,))]


# -- relations between two chows (seed000 §二.6) -----------------------------------------

@fan("pure_double_chow", scope=CHOW_PAIR)
def pure_double_chow(a: Group, b: Group) -> Holds:
    """一般高 — xinbian 第七章 69: 花色、序数均相同的两副顺子."""
    return a.suit == b.suit and a.number == b.number


@fan("mixed_double_chow", scope=CHOW_PAIR)
def mixed_double_chow(a: Group, b: Group) -> Holds:
    """喜相逢 — xinbian 第七章 70: 花色不同、序数相同的两副顺子."""
    return a.suit != b.suit and a.number == b.number


@fan("short_straight", scope=CHOW_PAIR)
def short_straight(a: Group, b: Group) -> Holds:
    """连六 — xinbian 第七章 71: 花色相同、序数相差 3 的两副顺子."""
    return a.suit == b.suit and abs(a.number - b.number) == 3


@fan("two_terminal_chows", scope=CHOW_PAIR)
def two_terminal_chows(a: Group, b: Group) -> Holds:
    """老少副 — xinbian 第七章 72: 一种花色的 123、789 两副顺子 (counts once: seed000 §二.6)."""
    return a.suit == b.suit and {a.number, b.number} == {1, 7}
