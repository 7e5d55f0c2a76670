"""The building blocks of generated hands: palettes, the profiles a hand is drawn from,
sets drawn from a pool that never holds more than four copies of a tile.

Hypothesis's cost is per strategy built and per draw, so the strategies draw from
strategies built once (:func:`sampled`, :func:`permuted`: the same choices, hence the same
examples, as ``st.sampled_from`` / ``st.permutations`` built afresh for each draw) and the
sets a palette allows are worked out once per palette (:func:`_candidates`)."""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from typing import Any, Sequence

from hypothesis import strategies as st

from gb16.properties.hands import ALL_TILES, NUMBER_SUITS, chow_tiles, is_honour, rank, sorted_tiles, suit

HONOURS = tuple(f"{k}z" for k in range(1, 8))
WIND_TILES = HONOURS[:4]
DRAGON_TILES = HONOURS[4:]

#: The profiles a hand is built from; each names a palette and a mix of set kinds.
PROFILES = (
    "mixed", "chows", "chow_family", "pungs", "pung_family", "kongs", "honours",
    "knitted", "one_suit", "terminals", "number_band", "green", "reversible", "plain",
    "target", "target",
)

NUMBER_BANDS = (
    (1, 2, 3), (7, 8, 9), (4, 5, 6), (1, 2, 3, 4), (6, 7, 8, 9), (2, 4, 6, 8),
    (1, 2, 3, 4, 5, 6), (4, 5, 6, 7, 8, 9),
)


# --------------------------------------------------------------------------------------
# Strategies built once


@functools.lru_cache(maxsize=4096)
def _sampled_from(options: tuple, kinds: tuple) -> st.SearchStrategy:
    return st.sampled_from(options)


def sampled(options: Sequence[Any]) -> st.SearchStrategy:
    """``st.sampled_from(options)``, built once for each tuple of options (the element types
    are part of the key, so that ``(0, 1)`` and ``(False, True)`` stay apart)."""
    options = tuple(options)
    try:
        return _sampled_from(options, tuple(map(type, options)))
    except TypeError:  # unhashable options: built afresh
        return st.sampled_from(options)


@functools.lru_cache(maxsize=256)
def _permutations(options: tuple, kinds: tuple) -> st.SearchStrategy:
    return st.permutations(options)


def permuted(options: Sequence[Any]) -> st.SearchStrategy:
    """``st.permutations(options)``, built once for each tuple of options (as :func:`sampled`)."""
    options = tuple(options)
    return _permutations(options, tuple(map(type, options)))


# --------------------------------------------------------------------------------------
# Building blocks


@functools.lru_cache(maxsize=4096)
def _needs(tiles: tuple[str, ...]) -> tuple[tuple[str, int], ...]:
    """The copies of each tile a set takes."""
    return tuple(Counter(tiles).items())


class _Pool:
    """Copies still available of each tile (at most four of a kind)."""

    def __init__(self) -> None:
        self.left = Counter({t: 4 for t in ALL_TILES})

    def can_take(self, tiles) -> bool:
        left = self.left
        return all(left[t] >= n for t, n in _needs(tuple(tiles)))

    def takeable(self, palette: frozenset[str], kinds: str,
                 pung_palette: frozenset[str] | None) -> list[tuple[str, ...]]:
        """The sets of :func:`_candidates` the pool still has the tiles for, in its order."""
        left = self.left
        return [g for g, needs in _candidate_needs(palette, kinds, pung_palette)
                if all(left[t] >= n for t, n in needs)]

    def take(self, tiles) -> None:
        for t in tiles:
            self.left[t] -= 1


def _chow(s: str, start: int) -> tuple[str, ...]:
    return chow_tiles(s, start)


def _pung(tile: str) -> tuple[str, ...]:
    return (tile, tile, tile)


def _candidates(palette: frozenset[str], kinds: str,
                pung_palette: frozenset[str] | None = None) -> list[tuple[str, ...]]:
    """Chows ("c") made only of palette tiles and pungs ("p") of ``pung_palette`` tiles
    (the palette itself unless given)."""
    return list(_candidate_sets(frozenset(palette), kinds, None if pung_palette is None else frozenset(pung_palette)))


@functools.lru_cache(maxsize=1024)
def _candidate_sets(palette: frozenset[str], kinds: str,
                    pung_palette: frozenset[str] | None) -> tuple[tuple[str, ...], ...]:
    """:func:`_candidates`, worked out once per palette."""
    out: list[tuple[str, ...]] = []
    if "c" in kinds:
        for s in NUMBER_SUITS:
            for start in range(1, 8):
                tiles = _chow(s, start)
                if all(t in palette for t in tiles):
                    out.append(tiles)
    if "p" in kinds:
        out.extend(_pung(t) for t in sorted_tiles(pung_palette or palette))
    return tuple(out)


def _draw_group(draw, pool: _Pool, palette: frozenset[str], kinds: str,
                pung_palette: frozenset[str] | None = None, keep=None) -> tuple[str, ...]:
    """One more set from the palette (falling back to any tile if the palette is spent);
    ``keep`` optionally filters the candidate sets."""
    palette = frozenset(palette)
    pung_palette = None if pung_palette is None else frozenset(pung_palette)
    options = [g for g in pool.takeable(palette, kinds, pung_palette) if keep is None or keep(g)]
    if not options and kinds != "cp" and keep is not None:
        options = [g for g in pool.takeable(palette, "cp", pung_palette) if keep(g)]
    if not options and kinds != "cp":
        options = pool.takeable(palette, "cp", pung_palette)
    if not options:
        options = pool.takeable(_EVERY_TILE, "cp", None)
    group = draw(sampled(options))
    pool.take(group)
    return group


def _draw_pair(draw, pool: _Pool, palette: frozenset[str]) -> str:
    options = [t for t in _sorted_palette(frozenset(palette)) if pool.left[t] >= 2]
    if not options:
        options = [t for t in ALL_TILES if pool.left[t] >= 2]
    tile = draw(sampled(options))
    pool.take((tile, tile))
    return tile


_EVERY_TILE = frozenset(ALL_TILES)


@functools.lru_cache(maxsize=1024)
def _candidate_needs(palette: frozenset[str], kinds: str,
                     pung_palette: frozenset[str] | None) -> tuple[tuple[tuple[str, ...], tuple[tuple[str, int], ...]], ...]:
    """:func:`_candidate_sets` with the copies of each tile every set takes."""
    return tuple((g, _needs(g)) for g in _candidate_sets(palette, kinds, pung_palette))


@functools.lru_cache(maxsize=1024)
def _sorted_palette(palette: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted_tiles(palette))


def _unrelated(g: tuple[str, ...], h: tuple[str, ...]) -> bool:
    """Two sets that form none of the pair relations fans are made of: no chow pair (一般高,
    喜相逢, 连六, 老少副), no pungs of one number (双同刻) or of neighbouring numbers (一色/三色
    三节高), no pung beside a chow holding its tile (四归一)."""
    if is_honour(g[0]) or is_honour(h[0]):
        return g[0] != h[0]
    a, b = rank(g[0]), rank(h[0])
    chow_g, chow_h = g[0] != g[1], h[0] != h[1]
    if chow_g and chow_h:
        same_suit = suit(g[0]) == suit(h[0])
        return a != b and not (same_suit and (abs(a - b) == 3 or {a, b} == {1, 7}))
    if not chow_g and not chow_h:
        return abs(a - b) > 1
    pung, chow = (g, h) if chow_h else (h, g)
    return pung[0] not in chow  # a pung and a chow sharing a tile make four of it (四归一)


def _forms_three_chow_fan(g: tuple[str, ...], others: list[tuple[str, ...]]) -> bool:
    """Whether the chow ``g`` and two of ``others`` make a three-chow fan: 清龙 or 花龙 (123,
    456, 789), 一色三步高 (one suit, steps of 1 or 2) or 三色三步高 (three suits, steps of 1)."""
    if g[0] == g[1]:
        return False
    chows = [h for h in others if h[0] != h[1]]
    for h1, h2 in itertools.combinations(chows, 2):
        starts = sorted(rank(c[0]) for c in (g, h1, h2))
        suits = {suit(c[0]) for c in (g, h1, h2)}
        steps = {starts[1] - starts[0], starts[2] - starts[1]}
        if len(suits) in (1, 3) and (starts == [1, 4, 7] or steps == {1}
                                     or (len(suits) == 1 and steps == {2})):
            return True
    return False


def _tiles_of(ranks, suits=NUMBER_SUITS, honours=()) -> frozenset[str]:
    return frozenset([f"{r}{s}" for s in suits for r in ranks] + list(honours))


