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

from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import permutations, product
from typing import Any

from .groups import CHOW, PAIR, PUNG, Group

# A partition of one suit is a tuple of (kind, offset) with kind in CHOW/PUNG/PAIR and
# offset the index 0–8 (0–6 for honours) of the group's lowest tile within the suit.
Partition = tuple[tuple[str, int], ...]


@lru_cache(maxsize=None)
def suit_partitions(counts: tuple[int, ...], honours: bool) -> tuple[Partition, ...]:
    """Every split of one suit's tiles into chows, pungs and at most one pair.

    ``honours`` forbids chows (字牌 form no 顺子, xinbian 第三章 15).  Sets hold three tiles
    and the pair two: a suit of 3k + 1 tiles has no split.
    """
    if sum(counts) % 3 == 1:
        return ()
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


def _suit_counts(counts: tuple[int, ...]) -> Iterator[tuple[int, tuple[int, ...], bool]]:
    for lo, hi, honours in _SUIT_SLICES:
        yield lo, counts[lo:hi], honours


@dataclass(frozen=True)
class SuitFacts:
    """What one suit's tiles are and what one more tile makes of them (sets: 顺子 and 刻子).

    The formal wait set is assembled from these facts, one lookup per suit, instead of
    splitting the whole hand again for every candidate tile (:func:`standard_waits`).
    """

    complete: bool                     # the tiles split into sets alone (an empty suit does)
    complete_with_pair: bool           # the tiles split into sets and exactly one pair
    completed_by: tuple[int, ...]      # offsets of the tiles that make them sets alone
    completed_with_pair_by: tuple[int, ...]  # offsets of the tiles that make them sets and one pair


def _splits_into_sets(counts: tuple[int, ...], honours: bool, pair: bool) -> bool:
    """Whether one suit's ``counts`` split into sets alone (``pair`` false) or into sets and
    exactly one pair (``pair`` true) — the question :func:`suit_partitions` answers by listing
    every split, answered by finding one (:func:`_splits_from_lowest`).

    Sets hold three tiles and the pair two, which rules out at once a count that is neither.
    """
    if sum(counts) % 3 != (2 if pair else 0):
        return False
    return _splits_from_lowest(_span(counts), honours, pair)


def _span(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The counts from the lowest tile present to the highest: the empty ranks around them
    take part in no set, so every suit with the same span splits alike."""
    lo, hi = 0, len(counts)
    while lo < hi and not counts[lo]:
        lo += 1
    while hi > lo and not counts[hi - 1]:
        hi -= 1
    return counts[lo:hi]


@lru_cache(maxsize=None)
def _splits_from_lowest(span: tuple[int, ...], honours: bool, pair: bool) -> bool:
    """:func:`_splits_into_sets` of a :func:`_span` whose count is already right: its first
    (lowest) tile must begin a group — a pung, the pair, or a chow (not for honours) — and
    what is left is asked again, a span that many suits share."""
    if not span:
        return not pair
    first, rest = span[0], span[1:]
    if first >= 3 and _splits_from_lowest(_span((first - 3,) + rest), honours, pair):
        return True
    if pair and first >= 2 and _splits_from_lowest(_span((first - 2,) + rest), honours, False):
        return True
    return (not honours and len(span) >= 3 and span[1] > 0 and span[2] > 0
            and _splits_from_lowest(_span((first - 1, span[1] - 1, span[2] - 1) + span[3:]), honours, pair))


def _completeness(counts: tuple[int, ...], honours: bool) -> tuple[bool, bool]:
    """(sets alone, sets and one pair) for one suit's counts (an empty suit is sets alone)."""
    return _splits_into_sets(counts, honours, False), _splits_into_sets(counts, honours, True)


@lru_cache(maxsize=None)
def suit_facts(counts: tuple[int, ...], honours: bool) -> SuitFacts:
    """The :class:`SuitFacts` of one suit, memoised on its count tuple.

    Only a tile within two ranks of a tile already there (the same tile, for honours) can
    complete anything: a tile with no neighbour would stand alone, outside every set and
    pair.  Counts above four are allowed (the formal wait set counts a fifth copy).
    """
    complete, with_pair = _completeness(counts, honours)
    # with one more tile the suit holds n + 1 tiles: sets alone when that is 3k, sets and
    # the pair when it is 3k + 2, and nothing when it is 3k + 1
    after = (sum(counts) + 1) % 3
    if after == 1:
        return SuitFacts(complete, with_pair, (), ())
    reach = 0 if honours else 2
    completing = []
    for off in range(len(counts)):
        if not any(counts[max(0, off - reach):off + reach + 1]):
            continue
        plus = counts[:off] + (counts[off] + 1,) + counts[off + 1:]
        if _splits_into_sets(plus, honours, after == 2):
            completing.append(off)
    if after == 0:
        return SuitFacts(complete, with_pair, tuple(completing), ())
    return SuitFacts(complete, with_pair, (), tuple(completing))


def standard_waits(counts: tuple[int, ...]) -> tuple[int, ...]:
    """The tiles that make ``counts`` (34 counts, one tile short) sets and one pair.

    A tile of suit *s* completes the hand when, with it, *s* is sets and a pair and every
    other suit is sets alone — or *s* is sets alone and exactly one other suit holds the
    pair.  Four lookups in :func:`suit_facts` decide it for every tile at once, by the
    suits that are not sets alone already (a suit with the pair is one of them: its count
    is 3k + 2):

    * none — a tile of any suit may make that suit sets and the pair;
    * one, *u* — a tile of *u* may make it sets and the pair; or, when *u* is sets and the
      pair already, a tile of another suit may make that suit sets alone;
    * two, *u* and *v* — when one of them is sets and the pair already, a tile of the
      other may make it sets alone;
    * three or more — no single tile completes the hand.
    """
    facts = [(lo, suit_facts(counts[lo:hi], honours)) for lo, hi, honours in _SUIT_SLICES]
    unfinished = [(lo, f) for lo, f in facts if not f.complete]
    waits: list[int] = []
    if not unfinished:
        for lo, f in facts:
            waits.extend(lo + off for off in f.completed_with_pair_by)
    elif len(unfinished) == 1:
        (u_lo, u), = unfinished
        waits.extend(u_lo + off for off in u.completed_with_pair_by)
        if u.complete_with_pair:
            for lo, f in facts:
                if lo != u_lo:
                    waits.extend(lo + off for off in f.completed_by)
    elif len(unfinished) == 2:
        (u_lo, u), (v_lo, v) = unfinished
        if v.complete_with_pair:
            waits.extend(u_lo + off for off in u.completed_by)
        if u.complete_with_pair:
            waits.extend(v_lo + off for off in v.completed_by)
    return tuple(sorted(waits))


@lru_cache(maxsize=None)
def _suit_splits(counts: tuple[int, ...], honours: bool, lo: int
                 ) -> tuple[tuple[tuple[Group, ...], ...], tuple[tuple[tuple[Group, ...], Group], ...]]:
    """:func:`_split_by_pair` as groups of the tiles ``lo + offset``, built once per pattern:
    the splits without a pair (tuples of sets) and with one pair (``(sets, pair)``)."""
    no_pair, with_pair = _split_by_pair(counts, honours)

    def sets(part: Partition) -> tuple[Group, ...]:
        return tuple(Group(kind, lo + off) for kind, off in part if kind != PAIR)

    def pair(part: Partition) -> Group:
        return next(Group(PAIR, lo + off) for kind, off in part if kind == PAIR)
    return tuple(sets(p) for p in no_pair), tuple((sets(p), pair(p)) for p in with_pair)


def standard_decompositions(counts: tuple[int, ...]) -> list[tuple[list[Group], Group]]:
    """All splits of the standing tiles ``counts`` (34 counts) into sets and one pair.

    Returns ``(sets, pair)`` with standing (concealed, unexposed) groups; the caller
    checks that the number of sets fits the variant.
    """
    per_suit = [_suit_splits(c, honours, lo) for lo, c, honours in _suit_counts(counts) if any(c)]
    results: list[tuple[list[Group], Group]] = []
    for pair_suit in range(len(per_suit)):
        choices: list[tuple[Any, ...]] = [with_pair if k == pair_suit else no_pair
                                          for k, (no_pair, with_pair) in enumerate(per_suit)]
        for combo in product(*choices):
            sets: list[Group] = []
            for k, part in enumerate(combo):
                if k == pair_suit:
                    part, pair = part
                sets.extend(part)
            results.append((sets, pair))
    return results


def is_standard(counts: tuple[int, ...]) -> bool:
    """True if the standing tiles split into sets and exactly one pair."""
    suits = [_completeness(c, honours) for _, c, honours in _suit_counts(counts)]
    return any(with_pair and all(other[0] for j, other in enumerate(suits) if j != k)
               for k, (_, with_pair) in enumerate(suits))


#: The nine tiles of a 组合龙 for each assignment of 147 / 258 / 369 to the three suits.
KNITTED_SETS: tuple[tuple[int, ...], ...] = tuple(
    tuple(sorted(s * 9 + start + 3 * k for s, start in zip(order, (0, 1, 2)) for k in range(3)))
    for order in permutations(range(3))
)


def knitted_splits(counts: tuple[int, ...], knits: Iterable[tuple[int, ...]] = KNITTED_SETS
                   ) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Each 组合龙 (of ``knits``) present among the standing tiles, with the counts left over.

    xinbian 第二章 2; seed000 §三 组合龙 ("九张组合龙必须留在手内").
    """
    for knit in knits:
        if all(counts[t] for t in knit):
            rest = list(counts)
            for t in knit:
                rest[t] -= 1
            yield knit, tuple(rest)
