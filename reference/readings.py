"""Readings (牌姿解释): every legal way to read a winning hand.

A reading fixes the winning shape, the sets and the pair, and which group holds the
winning tile (seed000 §二: "存在多种拆牌、面子组合或和牌张归属时，取一个合法解释的最高总分";
xinbian 第六章 2 解释原则).  Exposed melds and concealed kongs are never split or regrouped
("任何副露与暗杠均不得拆分与立牌重组").  Which big combination a reading takes is decided
when it is scored (:mod:`gb16.reference.combination`).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from typing import TYPE_CHECKING, Any

from . import shapes, special_shapes
from .groups import PAIR, Group
from .hand import Hand
from .rules import active
from .tiles import names

if TYPE_CHECKING:
    from .rules import Rules
    from .variants import Variant

STANDARD, KNITTED = "standard", "knitted"


@dataclass(frozen=True)
class Reading:
    hand: Hand
    shape: str                          # STANDARD, KNITTED, or a gb13 special shape
    sets: tuple[Group, ...]             # melds and standing sets, in canonical order
    pair: Group | None                  # None only in the special shapes without a pair
    knitted: tuple[int, ...] | None = None  # the nine tiles of a 组合龙
    win_in: str = "pair"                # "pair", "knitted", "special" or "set N"
    pairs: tuple[Group, ...] = ()       # the seven pairs of 七对 (gb13)

    # derived once: the chows and pungs with their set index, the group holding the win
    chows: tuple[tuple[int, Group], ...] = field(init=False, repr=False, compare=False)
    pungs: tuple[tuple[int, Group], ...] = field(init=False, repr=False, compare=False)
    """Pungs and kongs (a kong is also a pung, xinbian 第三章 17), with their set index."""
    win_group: Group | None = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "chows", tuple([(i, g) for i, g in enumerate(self.sets) if g.is_chow]))
        object.__setattr__(self, "pungs", tuple([(i, g) for i, g in enumerate(self.sets) if g.is_pung]))
        win = (self.pair if self.win_in == "pair"
               else self.sets[int(self.win_in[4:])] if self.win_in.startswith("set ") else None)
        object.__setattr__(self, "win_group", win)

    @property
    def is_standard(self) -> bool:
        return self.shape == STANDARD

    def groups(self) -> Iterator[Group]:
        """The sets and the pair (the pieces 全带幺, 全带五 etc. speak of)."""
        yield from self.sets
        if self.pair is not None:
            yield self.pair

    def describe(self) -> str:
        parts = [str(g) for g in self.sets]
        if self.knitted:
            parts.insert(0, "<" + names(self.knitted) + ">" + ("*" if self.win_in == "knitted" else ""))
        if self.pair is not None:
            parts.append(str(self.pair))
        if self.shape not in (STANDARD, KNITTED):
            tiles = [t for t, n in enumerate(self.hand.standing) for _ in range(n)]
            parts.append(f"{self.shape}: {names(tiles)}")
        return " ".join(parts)


def readings(hand: Hand) -> list[Reading]:
    """Every legal reading of ``hand``, in a deterministic order; empty if it is no win."""
    variant = hand.variant
    found: dict[tuple[Any, ...], Reading] = {}

    def add(shape: str, standing_sets: list[Group], pair: Group, knitted: tuple[int, ...] | None) -> None:
        for reading in _place_winning_tile(hand, shape, standing_sets, pair, knitted):
            key = (reading.shape, reading.sets, reading.pair, reading.knitted, reading.win_in)
            found.setdefault(key, reading)

    for sets, pair in shapes.standard_decompositions(hand.standing):
        if len(sets) + len(hand.melds) == variant.sets:
            add(STANDARD, sets, pair, None)
    if len(hand.melds) <= variant.knitted_sets:
        for knit, rest in shapes.knitted_splits(hand.standing):
            for sets, pair in shapes.standard_decompositions(rest):
                if len(sets) + len(hand.melds) == variant.knitted_sets:
                    add(KNITTED, sets, pair, knit)
    if variant.special_shapes:
        for reading in special_readings(hand):
            found.setdefault((reading.shape, reading.sets, reading.pair, reading.knitted, reading.win_in), reading)
    return list(found.values())


def special_readings(hand: Hand) -> list[Reading]:
    """The special-shape readings of a gb13 hand (at most one per shape)."""
    if hand.melds:
        return []
    s = hand.standing
    found = []
    if special_shapes.is_seven_pairs(s):
        pairs = tuple(Group(PAIR, t, win=False) for t, n in enumerate(s) for _ in range(n // 2))
        found.append(Reading(hand, special_shapes.SEVEN_PAIRS, (), None, pairs=pairs, win_in="special"))
    if special_shapes.is_thirteen_orphans(s):
        found.append(Reading(hand, special_shapes.THIRTEEN_ORPHANS, (), None, win_in="special"))
    knit = special_shapes.honours_knitted_set(s)
    if knit is not None:
        complete = knit if all(s[t] for t in knit) else None
        found.append(Reading(hand, special_shapes.HONOURS_KNITTED, (), None, knitted=complete, win_in="special"))
    return found


def _place_winning_tile(hand: Hand, shape: str, standing_sets: list[Group], pair: Group,
                        knitted: tuple[int, ...] | None) -> Iterator[Reading]:
    """One reading per group that may hold the winning tile (seed000 §二.3)."""
    w = hand.win_tile
    if knitted is not None and w in knitted:
        yield _reading(hand, shape, standing_sets, pair, knitted, None, "knitted")
    if pair.contains(w):
        yield _reading(hand, shape, standing_sets, pair.with_win(hand.self_draw), knitted, None, "pair")
    seen = set()
    for k, g in enumerate(standing_sets):
        if g.contains(w) and g not in seen:
            seen.add(g)
            sets = list(standing_sets)
            sets[k] = g.with_win(hand.self_draw)
            yield _reading(hand, shape, sets, pair, knitted, sets[k], None)


def _reading(hand: Hand, shape: str, standing_sets: list[Group], pair: Group, knitted: tuple[int, ...] | None,
             win_set: Group | None, win_in: str | None) -> Reading:
    sets = tuple(sorted(list(hand.melds) + list(standing_sets), key=Group.sort_key))
    if win_set is not None:
        win_in = f"set {sets.index(win_set)}"
    assert win_in is not None  # a set holds the winning tile, or win_in says where it is
    return Reading(hand, shape, sets, pair, knitted, win_in)


def is_winning(variant: Variant, melds: tuple[Group, ...], standing: tuple[int, ...],
               knits: Iterable[tuple[int, ...]] = shapes.KNITTED_SETS) -> bool:
    """Whether ``standing`` with ``melds`` makes a legal shape of ``variant``.

    ``knits`` limits the 组合龙 tried to those that can be present (an optimisation of
    :func:`wait_set`; by default all six).
    """
    if shapes.is_standard(standing):
        return True
    if len(melds) <= variant.knitted_sets and knits:
        if any(shapes.is_standard(rest) for _, rest in shapes.knitted_splits(standing, knits)):
            return True
    return variant.special_shapes and special_shapes.is_special(melds, standing)


def wait_set(variant: Variant, melds: tuple[Group, ...], before: tuple[int, ...],
             rules: Rules | None = None) -> tuple[int, ...]:
    """The formal wait set under ``rules`` (default: the rules in force); see :func:`_wait_set`."""
    return _wait_set(variant, melds, before, rules or active())


@lru_cache(maxsize=4096)
def _wait_set(variant: Variant, melds: tuple[Group, ...], before: tuple[int, ...], rules: Rules) -> tuple[int, ...]:
    """The formal wait set (seed000 §二.7, docs/rulings.md R-010) of the standing tiles
    ``before`` (one tile short) with ``melds``.

    Every tile type that completes the hand into a legal shape, counting a tile even if it
    would be a fifth copy: "不因桌面已见或手内已占四枚就忽略形式上的另一种听牌".
    The union of the waits of each shape: sets and a pair (:func:`shapes.standard_waits`),
    the 组合龙 shape (:func:`knitted_waits`) and gb13's special shapes
    (:func:`special_shapes.waits`).  :func:`is_winning` is the same decision tile by tile.
    Edition delta ``exhausted-tile-no-wait``: a tile whose four copies are all in the hand is
    not a wait.  (The special shapes' waits follow ``rules`` too: :func:`special_shapes.waits`.)
    """
    waits = set(shapes.standard_waits(before))
    waits.update(knitted_waits(variant, melds, before))
    if variant.special_shapes and not melds:
        waits.update(special_shapes.waits(before, rules))
    if rules.has("exhausted-tile-no-wait"):
        held = list(before)
        for m in melds:
            for t in m.tiles:
                held[t] += 1
        waits = {t for t in waits if held[t] < 4}
    return tuple(sorted(waits))


def clear_memos() -> None:
    """Forget the remembered wait sets (of :func:`_wait_set` and :func:`formal_waits`), for a
    caller that changes what they are computed from (the mutant scorers of tools/mutants)."""
    global _last_waits
    _wait_set.cache_clear()
    _last_waits = (None, None, ())


def knitted_waits(variant: Variant, melds: tuple[Group, ...], before: tuple[int, ...]) -> set[int]:
    """The tiles that complete a 组合龙 shape (seed000 §三 组合龙; xinbian 第二章 2).

    With all nine tiles of a 组合龙 standing, the tiles that make the rest sets and a pair;
    with eight standing, the ninth, when the rest already is sets and a pair.
    """
    waits: set[int] = set()
    if len(melds) > variant.knitted_sets:
        return waits
    for knit in shapes.KNITTED_SETS:
        missing = [t for t in knit if not before[t]]
        if len(missing) > 1:
            continue
        rest = list(before)
        for t in knit:
            if before[t]:
                rest[t] -= 1
        if missing:
            if shapes.is_standard(tuple(rest)):
                waits.add(missing[0])
        else:
            waits.update(shapes.standard_waits(tuple(rest)))
    return waits


def formal_waits(hand: Hand) -> tuple[int, ...]:
    """The formal wait set of the hand before its winning tile arrived.

    Asked once by each wait fan of each reading and once for the result: the last hand's
    answer (under the same rule set) is kept, so the set is assembled once per hand.
    """
    global _last_waits
    rules = active()
    last_hand, last_rules, waits = _last_waits
    if last_hand is hand and last_rules is rules:
        return waits
    found: tuple[int, ...] = _wait_set.__wrapped__(hand.variant, hand.melds, hand.pre_win_standing, rules)
    _last_waits = (hand, rules, found)
    return found


_last_waits: tuple[Hand | None, Rules | None, tuple[int, ...]] = (None, None, ())
