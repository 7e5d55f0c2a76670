"""Winning shapes: every way the standing tiles split into sets and a pair, and the
formal wait set.

The search is done suit by suit and memoised on the suit's tile-count tuple, so a count
pattern such as ``(3, 1, 1, 1, 0, 0, 0, 0, 0)`` is decomposed once per process, whatever
hand it appears in (the design card: "memoise on tile-count tuples, enumerate once").

Shapes (xinbian 第二章 and seed000 §二.1, §三 组合龙):

* standard — the standing tiles are sets and exactly one pair (with the melds, five sets
  in gb16, four in gb13);
* knitted — 147/258/369 of three different suits among the standing tiles (组合龙), the
  rest sets and one pair (seed000 §三 组合龙: two sets in gb16, at most two exposed);
* gb13's special shapes (七对, 全不靠, 十三幺) live in :mod:`gb16.reference.special_shapes`.

Counts may exceed four here: the formal wait set counts a tile that would be the fifth
copy (seed000 §二.7).
"""

from __future__ import annotations

from functools import lru_cache
from itertools import permutations, product

from .groups import CHOW, PAIR, PUNG, Group

# A partition of one suit is a tuple of (kind, offset) with kind in CHOW/PUNG/PAIR and
# offset the index 0–8 (0–6 for honours) of the group's lowest tile within the suit.
Partition = tuple[tuple[str, int], ...]


@lru_cache(maxsize=None)
def suit_partitions(counts: tuple[int, ...], honours: bool) -> tuple[Partition, ...]:
    """Every split of one suit's tiles into chows, pungs and at most one pair.

    ``honours`` forbids chows (字牌 form no 顺子, xinbian 第三章 15).
    """
    found: set[Partition] = set()

    def walk(c: list[int], groups: list[tuple[str, int]], pair_used: bool) -> None:
        i = next((k for k, v in enumerate(c) if v), None)
        if i is None:
            found.add(tuple(sorted(groups)))
            return
        if c[i] >= 3:
            c[i] -= 3
            walk(c, groups + [(PUNG, i)], pair_used)
            c[i] += 3
        if c[i] >= 2 and not pair_used:
            c[i] -= 2
            walk(c, groups + [(PAIR, i)], True)
            c[i] += 2
        if not honours and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            c[i] -= 1; c[i + 1] -= 1; c[i + 2] -= 1
            walk(c, groups + [(CHOW, i)], pair_used)
            c[i] += 1; c[i + 1] += 1; c[i + 2] += 1

    walk(list(counts), [], False)
    return tuple(sorted(found))


@lru_cache(maxsize=None)
def _split_by_pair(counts: tuple[int, ...], honours: bool) -> tuple[tuple[Partition, ...], tuple[Partition, ...]]:
    """The partitions of one suit without a pair and with one pair."""
    parts = suit_partitions(counts, honours)
    return (tuple(p for p in parts if all(k != PAIR for k, _ in p)),
            tuple(p for p in parts if any(k == PAIR for k, _ in p)))


_SUIT_SLICES = ((0, 9, False), (9, 18, False), (18, 27, False), (27, 34, True))


def _suit_counts(counts: tuple[int, ...]):
    for lo, hi, honours in _SUIT_SLICES:
        yield lo, counts[lo:hi], honours


def standard_decompositions(counts: tuple[int, ...]) -> list[tuple[list[Group], Group]]:
    """All splits of the standing tiles ``counts`` (34 counts) into sets and one pair.

    Returns ``(sets, pair)`` with standing (concealed, unexposed) groups; the caller
    checks that the number of sets fits the variant.
    """
    per_suit = []
    for lo, c, honours in _suit_counts(counts):
        if any(c):
            no_pair, with_pair = _split_by_pair(c, honours)
            per_suit.append((lo, no_pair, with_pair))
    results = []
    for pair_suit in range(len(per_suit)):
        choices = [(lo, wp if k == pair_suit else np_) for k, (lo, np_, wp) in enumerate(per_suit)]
        for combo in product(*(parts for _, parts in choices)):
            sets, pair = [], None
            for (lo, _), part in zip(choices, combo):
                for kind, off in part:
                    if kind == PAIR:
                        pair = Group(PAIR, lo + off)
                    else:
                        sets.append(Group(kind, lo + off))
            results.append((sets, pair))
    return results


def is_standard(counts: tuple[int, ...]) -> bool:
    """True if the standing tiles split into sets and exactly one pair."""
    suits = [_split_by_pair(c, honours) for _, c, honours in _suit_counts(counts) if any(c)]
    return any(with_pair and all(other[0] for j, other in enumerate(suits) if j != k)
               for k, (_, with_pair) in enumerate(suits))


#: The nine tiles of a 组合龙 for each assignment of 147 / 258 / 369 to the three suits.
KNITTED_SETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(s * 9 + start + 3 * k for s, start in zip(order, (0, 1, 2)) for k in range(3)))
    for order in permutations(range(3))
)


def knitted_splits(counts: tuple[int, ...], knits=KNITTED_SETS):
    """Each 组合龙 (of ``knits``) present among the standing tiles, with the counts left over.

    xinbian 第二章 2; seed000 §三 组合龙 ("九张组合龙必须留在手内").
    """
    for knit in knits:
        if all(counts[t] for t in knit):
            rest = list(counts)
            for t in knit:
                rest[t] -= 1
            yield knit, tuple(rest)
