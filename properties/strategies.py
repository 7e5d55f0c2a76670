"""Hypothesis strategies for gb16 inputs.

``cases()`` generates only legal winning hands of gb16 (seed000 §二; xinbian 第二章 1–2):
five sets and a pair, or the 组合龙 shape (147/258/369 of three distinct suits among the
standing tiles + two sets + a pair, seed000 §三 组合龙), with exposed chows, pungs and
kongs, concealed kongs and honours, never more than four copies of a tile, a winning
tile taken from the standing tiles (docs/rulings.md R-015), and a consistent
combination of win_by, winds, flowers and flags (R-006, R-014).  ``legal_inputs()``
gives the same hands as contract inputs (docs/contract.md notation).

Generation is weighted so rare structures come up often: every hand first draws a
*profile* (five chows, three-/four-chow families, five pungs, pung families, kongs,
honours, 组合龙, one suit, terminals, number bands such as 全大/全小/全中/全带五, the
绿一色 and 推不倒 palettes, plain hands with few fans such as 无番和), then an exposure
mode (concealed, mixed, all melded, all but one set melded, one set melded).  Several
profiles also aim at the edge of a definition — near misses that a wrong reading of the
definition would score: chows whose steps are unequal (一色四步高) or 2 across three suits
(三色三步高), two triples of 三色三节高, a 全带幺 hand whose pair is a simple, 组合龙 hands
whose other sets look like 全带幺/全带五/全双刻/平和, robbed kongs beside 和绝张.  The profile
``contested`` (not among the defaults; property 14 asks for it) draws five chows on which
two different big combinations tie for the most points
(:func:`tied_big_combination_chows`).

``arbitrary_text()``, ``arbitrary_json()`` and ``hostile_inputs()`` feed the
input-robustness property; ``broken_inputs()`` gives legal cases broken in exactly one
known way, with the error code docs/contract.md gives for it (the error-cause property).
"""

from __future__ import annotations

import functools
import itertools
import json
from collections import Counter
from typing import Any

from hypothesis import strategies as st

from gb16.properties.hands import (
    ALL_TILES, FLAG_FIELDS, GREEN_TILES, HONOUR_LETTERS, KNITTED_OPTIONS, NUMBER_SUITS,
    REVERSIBLE_TILES, WINDS, Case, Hand, Meld, chow_tiles, compact, format_hand, is_honour,
    is_winning, rank, readings, sorted_tiles, suit,
)

HONOURS = tuple(f"{k}z" for k in range(1, 8))
WIND_TILES = HONOURS[:4]
DRAGON_TILES = HONOURS[4:]

#: The profiles a hand is built from; each names a palette and a mix of set kinds.
PROFILES = (
    "mixed", "chows", "chow_family", "pungs", "pung_family", "kongs", "honours",
    "knitted", "one_suit", "terminals", "number_band", "green", "reversible", "plain",
)

NUMBER_BANDS = (
    (1, 2, 3), (7, 8, 9), (4, 5, 6), (1, 2, 3, 4), (6, 7, 8, 9), (2, 4, 6, 8),
    (1, 2, 3, 4, 5, 6), (4, 5, 6, 7, 8, 9),
)


# --------------------------------------------------------------------------------------
# Building blocks


class _Pool:
    """Copies still available of each tile (at most four of a kind)."""

    def __init__(self) -> None:
        self.left = Counter({t: 4 for t in ALL_TILES})

    def can_take(self, tiles) -> bool:
        need = Counter(tiles)
        return all(self.left[t] >= n for t, n in need.items())

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
    out: list[tuple[str, ...]] = []
    if "c" in kinds:
        for s in NUMBER_SUITS:
            for start in range(1, 8):
                tiles = _chow(s, start)
                if all(t in palette for t in tiles):
                    out.append(tiles)
    if "p" in kinds:
        out.extend(_pung(t) for t in sorted_tiles(pung_palette or palette))
    return out


def _draw_group(draw, pool: _Pool, palette: frozenset[str], kinds: str,
                pung_palette: frozenset[str] | None = None, keep=None) -> tuple[str, ...]:
    """One more set from the palette (falling back to any tile if the palette is spent);
    ``keep`` optionally filters the candidate sets."""
    options = [g for g in _candidates(palette, kinds, pung_palette)
               if pool.can_take(g) and (keep is None or keep(g))]
    if not options and kinds != "cp" and keep is not None:
        options = [g for g in _candidates(palette, "cp", pung_palette) if pool.can_take(g) and keep(g)]
    if not options and kinds != "cp":
        options = [g for g in _candidates(palette, "cp", pung_palette) if pool.can_take(g)]
    if not options:
        options = [g for g in _candidates(frozenset(ALL_TILES), "cp") if pool.can_take(g)]
    group = draw(st.sampled_from(options))
    pool.take(group)
    return group


def _draw_pair(draw, pool: _Pool, palette: frozenset[str]) -> str:
    options = [t for t in sorted_tiles(palette) if pool.left[t] >= 2]
    if not options:
        options = [t for t in ALL_TILES if pool.left[t] >= 2]
    tile = draw(st.sampled_from(options))
    pool.take((tile, tile))
    return tile


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


# --------------------------------------------------------------------------------------
# Families of related sets (the structures big fans are made of)


def _chow_family(draw) -> tuple[str, list[tuple[str, ...]]]:
    """Three or four related chows (seed000 §二.5–6): the 3-/4-chow fans and chow pairs."""
    kind = draw(st.sampled_from((
        "pure_triple", "quadruple", "pure_shifted_1", "pure_shifted_2", "four_shifted_1",
        "four_shifted_2", "pure_straight", "mixed_straight", "mixed_triple", "mixed_shifted",
        "double_pairs", "four_uneven_steps", "mixed_steps_of_two", "straight_and_shifted")))
    s = draw(st.sampled_from(NUMBER_SUITS))
    perm = draw(st.permutations(NUMBER_SUITS))
    if kind == "pure_triple":
        a = draw(st.integers(1, 7))
        return kind, [_chow(s, a)] * 3
    if kind == "quadruple":
        a = draw(st.integers(1, 7))
        return kind, [_chow(s, a)] * 4
    if kind == "pure_shifted_1":
        a = draw(st.integers(1, 5))
        return kind, [_chow(s, a + k) for k in range(3)]
    if kind == "pure_shifted_2":
        a = draw(st.integers(1, 3))
        return kind, [_chow(s, a + 2 * k) for k in range(3)]
    if kind == "four_shifted_1":
        a = draw(st.integers(1, 4))
        return kind, [_chow(s, a + k) for k in range(4)]
    if kind == "four_shifted_2":
        return kind, [_chow(s, 1 + 2 * k) for k in range(4)]
    if kind == "four_uneven_steps":
        # near miss of 一色四步高 (xinbian 第七章 16: "递增数均相同"): steps of 1 and 2 mixed
        steps = draw(st.sampled_from(((1, 1, 2), (1, 2, 1), (2, 1, 1), (1, 2, 2), (2, 1, 2),
                                      (2, 2, 1), (1, 1, 3), (2, 2, 2))))
        a = draw(st.integers(1, 7 - sum(steps)))
        return kind, [_chow(s, a + sum(steps[:k])) for k in range(4)]
    if kind == "mixed_steps_of_two":
        # near miss of 三色三步高 (xinbian 第七章 50: three suits, "依次递增 1"): a step of 2
        a = draw(st.integers(1, 3))
        return kind, [_chow(x, a + 2 * k) for k, x in enumerate(perm)]
    if kind == "straight_and_shifted":
        # 清龙 and 一色三步高 (equal points) sharing chows: which one the big combination takes
        # decides the chow-pair links around it (seed000 §二.5–6)
        extra = draw(st.lists(st.sampled_from((2, 3, 5, 6)), min_size=2, max_size=2, unique=True))
        return kind, [_chow(s, a) for a in sorted((1, 4, 7, *extra))]
    if kind == "pure_straight":
        return kind, [_chow(s, a) for a in (1, 4, 7)]
    if kind == "mixed_straight":
        return kind, [_chow(x, a) for x, a in zip(perm, (1, 4, 7))]
    if kind == "mixed_triple":
        a = draw(st.integers(1, 7))
        return kind, [_chow(x, a) for x in perm]
    if kind == "mixed_shifted":
        a = draw(st.integers(1, 5))
        return kind, [_chow(x, a + k) for k, x in enumerate(perm)]
    # two chow-pair relations among four chows: 一般高, 喜相逢, 连六, 老少副
    groups = []
    for _ in range(2):
        rel = draw(st.sampled_from(("same", "mixed", "short", "terminal")))
        a = draw(st.integers(1, 7))
        x, y = draw(st.permutations(NUMBER_SUITS))[:2]
        if rel == "same":
            groups += [_chow(x, a), _chow(x, a)]
        elif rel == "mixed":
            groups += [_chow(x, a), _chow(y, a)]
        elif rel == "short":
            a = min(a, 4)
            groups += [_chow(x, a), _chow(x, a + 3)]
        else:
            groups += [_chow(x, 1), _chow(x, 7)]
    return kind, groups


@functools.cache
def tied_big_combination_chows() -> tuple[tuple[tuple[str, int], ...], ...]:
    """Every multiset of five chows (at most four copies of a tile) on which two different
    three-/four-chow fans tie for the most points, so that seed000 §二.5 ("选择总分最高的组合")
    is decided by the chow-pair links of §二.6 alone.  Chows are (suit, start) pairs.

    Found with the independent definitions (gb16.properties.definitions), evaluated once per
    orbit of the symmetries the definitions keep — suit permutations and number reflection —
    in about a second."""
    from gb16.properties.definitions import FAN, chow_candidates
    types = [(x, a) for x in NUMBER_SUITS for a in range(1, 8)]
    renamings = [dict(zip(NUMBER_SUITS, p)) for p in itertools.permutations(NUMBER_SUITS)]

    def canonical(chows):
        return min(tuple(sorted((r[x], 8 - a if flip else a) for x, a in chows))
                   for r in renamings for flip in (False, True))

    tied: dict[tuple, bool] = {}
    out = []
    for chows in itertools.combinations_with_replacement(types, 5):
        copies = Counter((x, a + k) for x, a in chows for k in range(3))
        if max(copies.values()) > 4:
            continue
        key = canonical(chows)
        if key not in tied:
            candidates = chow_candidates(key)
            top = max((FAN[f]["points"] for f, _ in candidates), default=None)
            tied[key] = len({f for f, _ in candidates if FAN[f]["points"] == top}) >= 2
        if tied[key]:
            out.append(chows)
    return tuple(out)


def _pung_family(draw) -> tuple[str, list[tuple[str, ...]]]:
    """Related pungs: 一色三/四节高, 三同刻, 三色三节高, 双同刻 (seed000 §二.5, R-002, R-008)."""
    kind = draw(st.sampled_from((
        "pure_shifted", "four_pure_shifted", "triple_pung", "mixed_shifted", "double_pung",
        "triple_and_double", "two_double", "mixed_shifted_twice")))
    s = draw(st.sampled_from(NUMBER_SUITS))
    perm = draw(st.permutations(NUMBER_SUITS))
    if kind == "pure_shifted":
        a = draw(st.integers(1, 7))
        return kind, [_pung(f"{a + k}{s}") for k in range(3)]
    if kind == "four_pure_shifted":
        a = draw(st.integers(1, 6))
        return kind, [_pung(f"{a + k}{s}") for k in range(4)]
    if kind == "triple_pung":
        r = draw(st.integers(1, 9))
        return kind, [_pung(f"{r}{x}") for x in NUMBER_SUITS]
    if kind == "mixed_shifted":
        a = draw(st.integers(1, 7))
        return kind, [_pung(f"{a + k}{x}") for k, x in enumerate(perm)]
    if kind == "mixed_shifted_twice":
        # four pungs holding two triples of 三色三节高 (counted once, R-007): a, a+1, a+2 in
        # three suits and a+3 in the suit of a
        a = draw(st.integers(1, 6))
        return kind, [_pung(f"{a + k}{x}") for k, x in enumerate(perm)] + [_pung(f"{a + 3}{perm[0]}")]
    if kind == "double_pung":
        r = draw(st.integers(1, 9))
        return kind, [_pung(f"{r}{x}") for x in perm[:2]]
    if kind == "triple_and_double":
        r, q = draw(st.lists(st.integers(1, 9), min_size=2, max_size=2, unique=True))
        return kind, [_pung(f"{r}{x}") for x in NUMBER_SUITS] + [_pung(f"{q}{x}") for x in perm[:2]]
    r, q = draw(st.lists(st.integers(1, 9), min_size=2, max_size=2, unique=True))
    return kind, [_pung(f"{r}{x}") for x in perm[:2]] + [_pung(f"{q}{x}") for x in perm[1:]]


def _honour_family(draw) -> tuple[str, list[tuple[str, ...]], str | None]:
    """Wind and dragon structures: 大/小四喜, 大/小三元, 三风刻, 双箭刻, 字一色."""
    kind = draw(st.sampled_from((
        "big_winds", "little_winds", "big_dragons", "little_dragons", "three_winds",
        "two_dragons", "all_honours", "winds_and_dragons")))
    winds = list(draw(st.permutations(WIND_TILES)))
    dragons = list(draw(st.permutations(DRAGON_TILES)))
    if kind == "big_winds":
        return kind, [_pung(t) for t in winds], None
    if kind == "little_winds":
        return kind, [_pung(t) for t in winds[:3]], winds[3]
    if kind == "big_dragons":
        return kind, [_pung(t) for t in dragons], None
    if kind == "little_dragons":
        return kind, [_pung(t) for t in dragons[:2]], dragons[2]
    if kind == "three_winds":
        return kind, [_pung(t) for t in winds[:3]], None
    if kind == "two_dragons":
        return kind, [_pung(t) for t in dragons[:2]], None
    if kind == "all_honours":
        tiles = draw(st.permutations(HONOURS))
        return kind, [_pung(t) for t in tiles[:5]], tiles[5]
    return kind, [_pung(winds[0]), _pung(winds[1]), _pung(dragons[0])], None


# --------------------------------------------------------------------------------------
# The hand


@st.composite
def hand_structures(draw, profiles=PROFILES) -> tuple[str, list[tuple[str, ...]], str, tuple | None]:
    """(origin, sets, pair tile, knitted tiles or None) of a legal winning shape.

    A profile fixes three palettes — tiles chows may use, tiles pungs may use, tiles the
    pair may use — the kinds of set to draw ("c" chows, "p" pungs), and possibly a
    template of related sets drawn first.
    """
    profile = draw(st.sampled_from(profiles))
    pool = _Pool()
    sets: list[tuple[str, ...]] = []
    everything = frozenset(ALL_TILES)
    palette, kinds = everything, "cp"
    pung_palette = pair_palette = None
    keep = None
    template: list[tuple[str, ...]] = []
    forced_pair = None
    knitted = None
    origin = profile
    nsets = 5

    if profile == "chows":
        palette = draw(st.sampled_from(
            (everything,) + tuple(_tiles_of(range(1, 10), s) for s in NUMBER_SUITS)))
        kinds = "c"
    elif profile == "chow_family":
        family, template = _chow_family(draw)
        origin += ":" + family
        kinds = draw(st.sampled_from(("c", "cp")))
    elif profile == "pungs":
        kinds = "p"
    elif profile == "pung_family":
        family, template = _pung_family(draw)
        origin += ":" + family
        kinds = draw(st.sampled_from(("p", "cp")))
    elif profile == "kongs":
        kinds = draw(st.sampled_from(("p", "cp", "p")))
    elif profile == "honours":
        family, template, forced_pair = _honour_family(draw)
        origin += ":" + family
        s = draw(st.sampled_from(NUMBER_SUITS))
        palette = draw(st.sampled_from((frozenset(HONOURS), _tiles_of(range(1, 10), s, HONOURS))))
    elif profile == "contested":
        template = [_chow(x, a) for x, a in draw(st.sampled_from(tied_big_combination_chows()))]
        kinds = "c"
    elif profile == "knitted":
        knitted = draw(st.sampled_from(KNITTED_OPTIONS))
        nsets = 2
        # the two other sets and the pair: anything, or near misses of the fans that need
        # the five-sets shape (全带幺, 全带五, 全双刻: R-005) and of 平和's 组合龙 form (§二.2)
        style = draw(st.sampled_from(("any", "any", "outside", "fives", "even_pungs", "all_chows")))
        origin += ":" + style
        if style == "outside":
            palette = _tiles_of((1, 2, 3, 7, 8, 9), honours=HONOURS)
            pung_palette = pair_palette = _tiles_of((1, 9), honours=HONOURS)
        elif style == "fives":
            palette, pair_palette = _tiles_of(range(3, 8)), _tiles_of((5,))
            keep = lambda g: any(rank(t) == 5 for t in g)  # noqa: E731
        elif style == "even_pungs":
            palette, kinds = _tiles_of((2, 4, 6, 8)), "p"
        elif style == "all_chows":
            kinds, pair_palette = "c", _tiles_of(range(1, 10))
    elif profile == "one_suit":
        s = draw(st.sampled_from(NUMBER_SUITS))
        palette = _tiles_of(range(1, 10), s, HONOURS if draw(st.booleans()) else ())
        kinds = draw(st.sampled_from(("cp", "c", "p")))
    elif profile == "terminals":
        style = draw(st.sampled_from(("all_terminals", "terminals_and_honours", "outside")))
        origin += ":" + style
        if style == "all_terminals":
            palette, kinds = _tiles_of((1, 9)), "p"
        elif style == "terminals_and_honours":
            palette, kinds = _tiles_of((1, 9), honours=HONOURS), "p"
        else:  # 全带幺: chows 123/789, pungs of terminals or honours; the pair usually one
            palette = _tiles_of((1, 2, 3, 7, 8, 9))
            pung_palette = _tiles_of((1, 9), honours=HONOURS)
            # often any pair: the near miss where only the pair lacks a terminal
            pair_palette = draw(st.sampled_from((pung_palette, everything)))
    elif profile == "number_band":
        band = draw(st.sampled_from(NUMBER_BANDS + ("fives",)))
        if band == "fives":  # 全带五: every set and the pair hold a 5
            palette, pair_palette = _tiles_of(range(3, 8)), _tiles_of((5,))
            keep = lambda g: any(rank(t) == 5 for t in g)  # noqa: E731
            origin += ":fives"
        else:
            palette = _tiles_of(band)
            origin += ":" + "".join(map(str, band))
            kinds = "p" if band == (2, 4, 6, 8) else "cp"
    elif profile == "plain":
        # few fans (what 无番和 hands look like): sets in all three suits that form no
        # chow-pair, double-pung, shifted or 四归一 relation, at most a pung or two of simples,
        # an honour pair
        palette = _tiles_of(range(1, 10))
        pung_palette = _tiles_of(range(2, 9))
        pair_palette = frozenset(HONOURS)
        kinds = draw(st.sampled_from(("c", "c", "cp")))
        keep = lambda g: all(_unrelated(g, h) for h in sets) and not _forms_three_chow_fan(g, sets)  # noqa: E731
        for s in draw(st.permutations(NUMBER_SUITS)):  # one set of each suit first
            sets.append(_draw_group(draw, pool, _tiles_of(range(1, 10), s), kinds,
                                    _tiles_of(range(2, 9), s), keep))
    elif profile == "green":
        palette = GREEN_TILES
    elif profile == "reversible":
        palette = REVERSIBLE_TILES

    for group in template:
        if pool.can_take(group):
            pool.take(group)
            sets.append(group)
    if knitted:
        pool.take(knitted)
    pair = None
    if forced_pair and pool.left[forced_pair] >= 2:
        pool.take((forced_pair, forced_pair))
        pair = forced_pair
    while len(sets) < nsets:
        sets.append(_draw_group(draw, pool, palette, kinds, pung_palette, keep))
    if pair is None:
        pair = _draw_pair(draw, pool, pair_palette or palette)
    return origin, sets, pair, knitted


def _kong_choice(draw, profile: str, pungs: int) -> int:
    """How many pungs become kongs: often some in the kongs profile, none in the plain
    profile (a kong is a fan), rarely elsewhere."""
    if profile.startswith("plain"):
        return 0
    if profile.startswith("kongs"):  # half the time every pung is a kong (三杠, 四杠, five kongs)
        return draw(st.one_of(st.just(pungs), st.integers(1, pungs)))
    return draw(st.sampled_from((0, 0, 0, 1, min(2, pungs))))


@st.composite
def cases(draw, profiles=PROFILES, variant: str = "gb16") -> Case:
    """A legal gb16 winning hand with consistent win method, winds, flowers and flags."""
    origin, groups, pair, knitted = draw(hand_structures(profiles))
    pool = Counter()
    for g in groups:
        pool.update(g)
    pool.update((pair, pair))
    if knitted:
        pool.update(knitted)

    # kongs: pungs whose fourth copy is still free
    pung_slots = [i for i, g in enumerate(groups) if len(set(g)) == 1 and pool[g[0]] == 3]
    n_kongs = _kong_choice(draw, origin, len(pung_slots)) if pung_slots else 0
    kong_slots = set(draw(st.permutations(pung_slots))[:n_kongs]) if n_kongs else set()

    # exposure: concealed hands are common (门前清, 不求人, wait fans), open hands too, and
    # hands with every set but one melded (the near miss of 全求人, R-004)
    quiet = origin.startswith("plain")  # aims at hands with few fans: some set melded, no flags
    mode = draw(st.sampled_from(("mixed", "all_but_one", "one_melded") if quiet else
                                ("concealed", "mixed", "open", "all_but_one", "one_melded")))
    # the set kept standing (all_but_one) or the one melded (one_melded: e.g. 四暗刻 beside an
    # exposed fifth set, seed000 §二.4)
    odd = draw(st.integers(0, len(groups) - 1)) if mode in ("all_but_one", "one_melded") else None
    standing: list[str] = [pair, pair] + list(knitted or ())
    melds: list[Meld] = []
    for i, g in enumerate(groups):
        melded = (mode == "open" or (mode == "all_but_one" and i != odd)
                  or (mode == "one_melded" and i == odd))
        if i in kong_slots:
            concealed = draw(st.booleans()) if mode == "mixed" else not melded
            melds.append(Meld("kong", (g[0],) * 4, concealed=concealed))
        elif melded or (mode == "mixed" and draw(st.booleans())):
            melds.append(Meld("chow" if len(set(g)) == 3 else "pung", tuple(g)))
        else:
            standing.extend(g)
    hand = Hand(tuple(sorted_tiles(standing)), tuple(melds))

    counts = hand.counts()
    # now and then a robbed kong: a discard win on a tile the hand holds once
    singles = sorted_tiles(t for t in set(hand.standing) if counts[t] == 1)
    robbed = not quiet and bool(singles) and draw(st.sampled_from((False, False, False, True)))
    win_tile = draw(st.sampled_from(singles if robbed else sorted_tiles(set(hand.standing))))
    win_by = "discard" if robbed else draw(st.sampled_from(("discard", "self_draw")))
    last_tile = False if quiet or robbed else draw(st.sampled_from((False, False, True)))
    robbing_kong = robbed
    if win_by == "discard" and counts[win_tile] == 1 and not last_tile and not quiet and not robbed:
        robbing_kong = draw(st.booleans())
    kong_replacement = False
    if win_by == "self_draw" and hand.kongs:
        kong_replacement = draw(st.booleans())
    last_of_kind = False
    if not quiet and hand.standing.count(win_tile) == 1 and not any(
            m.concealed and win_tile in m.tiles for m in hand.melds):
        # often beside 抢杠和, which excludes 和绝张 (xinbian 第七章 47)
        last_of_kind = draw(st.sampled_from((True, True, False) if robbing_kong else (False, True)))

    # winds: prefer the winds the hand holds, so 圈风刻 / 门风刻 come up
    held = [w for w, t in zip(WINDS, WIND_TILES) if counts[t] >= 3]
    wind_choices = held + [w for w in WINDS if w not in held]
    prevalent = draw(st.sampled_from(wind_choices))
    seat = draw(st.sampled_from(wind_choices))
    flowers = draw(st.integers(0, 8))
    return Case(hand=hand, win_tile=win_tile, win_by=win_by, prevalent_wind=prevalent,
                seat_wind=seat, flowers=flowers, last_of_kind=last_of_kind, last_tile=last_tile,
                kong_replacement=kong_replacement, robbing_kong=robbing_kong, variant=variant,
                origin=f"{origin}/{mode}")


def legal_inputs(profiles=PROFILES) -> st.SearchStrategy[dict]:
    """Legal gb16 case inputs in the contract's notation (docs/contract.md)."""
    return cases(profiles).map(Case.to_input)


def winning_tiles(case: Case) -> list[str]:
    """The valid winning tiles of a hand: its distinct standing tiles (R-015)."""
    return sorted_tiles(set(case.hand.standing))


# --------------------------------------------------------------------------------------
# Hostile input for the robustness property


NOTATION_ALPHABET = "0123456789mpszESWNCPF[]{} ，,点和自摸xyz-"


def arbitrary_text() -> st.SearchStrategy[str]:
    """Any text, biased towards the characters of the notation."""
    return st.one_of(
        st.text(max_size=60),
        st.text(alphabet=NOTATION_ALPHABET, max_size=60),
        st.lists(st.sampled_from(["123m", "55z", "[123p]", "{1111s}", "[5555z]", "0m", "8z",
                                  "99999m", "[", "]", "{", "}", "，点和5z", ",自摸1m", "EEE",
                                  "[12m]", "{111m}", " "]), max_size=12).map("".join),
    )


def arbitrary_json(max_leaves: int = 12) -> st.SearchStrategy:
    """Any JSON value (no NaN or infinities: they are not JSON)."""
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40),
                        st.floats(allow_nan=False, allow_infinity=False), arbitrary_text())
    return st.recursive(scalars, _json_containers, max_leaves=max_leaves)


def _json_containers(children: st.SearchStrategy) -> st.SearchStrategy:
    """Lists and objects of ``children`` (the recursive step of :func:`arbitrary_json`)."""
    return st.one_of(st.lists(children, max_size=4),
                     st.dictionaries(st.text(max_size=12), children, max_size=4))


CONTRACT_FIELDS = ("variant", "hand", "win_tile", "win_by", "prevalent_wind", "seat_wind",
                   "flowers") + FLAG_FIELDS


@st.composite
def mutated_inputs(draw) -> dict:
    """A legal input with one or more fields broken: replaced by any JSON value, removed,
    an unknown field added, or the hand string edited character by character."""
    inp = draw(legal_inputs())
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(("replace", "remove", "unknown", "edit_hand", "flags",
                                    "suffix")))
        if how == "replace":
            inp[draw(st.sampled_from(CONTRACT_FIELDS))] = draw(arbitrary_json(4))
        elif how == "remove":
            inp.pop(draw(st.sampled_from(CONTRACT_FIELDS)), None)
        elif how == "unknown":
            inp[draw(st.text(min_size=1, max_size=10))] = draw(arbitrary_json(2))
        elif how == "flags":
            for flag in FLAG_FIELDS + ("win_by",):
                if draw(st.booleans()):
                    inp[flag] = (draw(st.sampled_from(("discard", "self_draw"))) if flag == "win_by"
                                 else draw(st.booleans()))
        elif how == "suffix":
            tile = draw(st.sampled_from(ALL_TILES + tuple(HONOUR_LETTERS) + ("0m", "8z")))
            word = draw(st.sampled_from(("，点和", "，自摸", ",点和", ",自摸")))
            if isinstance(inp.get("hand"), str):
                inp["hand"] = inp["hand"] + word + tile
        elif isinstance(inp.get("hand"), str):
            text = inp["hand"]
            pos = draw(st.integers(0, len(text)))
            edit = draw(st.sampled_from(("insert", "delete", "replace")))
            ch = draw(st.sampled_from(NOTATION_ALPHABET))
            if edit == "insert":
                text = text[:pos] + ch + text[pos:]
            elif edit == "delete":
                text = text[:pos] + text[pos + 1:]
            else:
                text = text[:pos] + ch + text[pos + 1:]
            inp["hand"] = text
    return inp


def hostile_inputs() -> st.SearchStrategy:
    """Input for the robustness property: arbitrary JSON, objects with the contract's
    fields holding arbitrary values, arbitrary text as the hand, and mutated legal input."""
    contract_objects = st.fixed_dictionaries(
        {}, optional={f: st.one_of(arbitrary_json(3), st.sampled_from(
            ("gb16", "gb13", "E", "S", "discard", "self_draw", "5z", "1m")), st.booleans(),
            st.integers(-2, 12)) for f in CONTRACT_FIELDS})
    text_hands = st.builds(lambda text, tile, by: {"hand": text, "win_tile": tile, "win_by": by},
                           arbitrary_text(), st.sampled_from(ALL_TILES),
                           st.sampled_from(("discard", "self_draw")))
    return st.one_of(arbitrary_json(), contract_objects, text_hands, mutated_inputs())


def json_roundtrip(value):
    """What a value looks like after a trip through JSON text (keys become strings)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


# --------------------------------------------------------------------------------------
# Inputs broken in one known way, for the error-cause property


#: Tiles that are written like tiles but do not exist (docs/contract.md invalid_tile).
NONEXISTENT_TILES = ("0m", "0p", "0s", "0z", "8z", "9z")
#: Variant names that are not gb16 or gb13 (docs/contract.md unsupported_variant).
OTHER_VARIANTS = ("gb14", "gb17", "mcr", "riichi", "hk", "sichuan")


def _broken(cause: str, expect: str, inp: Any) -> dict:
    return {"cause": cause, "expect": expect, "input": inp}


def _plain_flags(case: Case) -> Case:
    """The case with every flag off, so that only the planted problem remains."""
    return case.with_(last_of_kind=False, last_tile=False, kong_replacement=False, robbing_kong=False)


def _spare_standing(case: Case) -> list[int]:
    """Positions of standing tiles that may be removed or replaced while the winning tile
    stays among the standing tiles."""
    standing = case.hand.standing
    return [i for i, t in enumerate(standing) if t != case.win_tile or standing.count(t) > 1]


@st.composite
def fifth_copy_inputs(draw) -> dict:
    """A winning shape of five sets and a pair, except that one tile appears five or six
    times (a pung and the pair of it, perhaps a chow or a kong holding it too):
    ``too_many_copies``, the only problem of the input."""
    tile = draw(st.sampled_from(ALL_TILES))
    pool = _Pool()
    pool.left[tile] = 0
    style = draw(st.sampled_from(("pung", "kong", "chow") if not is_honour(tile) and rank(tile) <= 7
                                 else ("pung", "kong")))
    fixed: list[Meld] = []
    standing = [tile, tile]
    sets: list[tuple[str, ...]] = []
    if style == "kong":
        fixed.append(Meld("kong", (tile,) * 4, concealed=draw(st.booleans())))
    elif draw(st.booleans()):
        fixed.append(Meld("pung", (tile,) * 3))
    else:
        standing += [tile] * 3
    if style == "chow":
        chow = _chow(suit(tile), rank(tile))
        pool.take(chow[1:])
        sets.append(chow)
    while len(sets) + len(fixed) < 5:
        sets.append(_draw_group(draw, pool, frozenset(ALL_TILES), "cp"))
    for g in sets:
        if draw(st.booleans()):
            fixed.append(Meld("chow" if len(set(g)) == 3 else "pung", tuple(g)))
        else:
            standing.extend(g)
    hand = Hand(tuple(sorted_tiles(standing)), tuple(fixed))
    case = Case(hand=hand, win_tile=draw(st.sampled_from(sorted_tiles(set(standing)))),
                win_by=draw(st.sampled_from(("discard", "self_draw"))), flowers=draw(st.integers(0, 8)))
    return _broken(f"{hand.counts()[tile]} copies of {tile}", "too_many_copies", case.to_input())


@st.composite
def broken_inputs(draw) -> dict:
    """``{"cause", "expect", "input"}``: a legal case broken in exactly one way, and the error
    code docs/contract.md (Errors) gives for that cause.

    The causes: a fifth copy of a tile (``too_many_copies``); a tile that does not exist
    (``invalid_tile``); flags that cannot hold together, R-006/R-014
    (``inconsistent_flags``); an unknown field, a value out of range, a mistyped or missing
    field, a suffix that disagrees with the fields, an input that is not an object
    (``invalid_input``); an unknown variant (``unsupported_variant``); an unreadable hand
    string (``invalid_notation``); a braced group that is not a kong (``invalid_meld``);
    a tile too many or too few, a 14-tile hand (七对 or four sets) in gb16, a 17-tile hand in
    gb13 (``wrong_tile_count``); a winning tile that is not standing
    (``win_tile_not_in_hand``); 17 tiles that form no winning shape, e.g. seven pairs and a
    pung (``not_winning_hand``).
    """
    kind = draw(st.sampled_from((
        "fifth_copy", "nonexistent_tile", "flags", "unknown_field", "out_of_range", "mistyped",
        "missing", "suffix_disagrees", "not_an_object", "variant", "notation", "braced_non_kong",
        "tile_count", "seven_pairs_gb16", "four_sets_gb16", "gb16_hand_as_gb13",
        "win_tile_elsewhere", "no_shape", "seven_pairs_and_pung")))
    if kind == "fifth_copy":
        return draw(fifth_copy_inputs())
    if kind == "seven_pairs_gb16":
        # seed000 §二.1 / §四.7: 七对 is a 14-tile shape that does not apply in gb16
        tiles = draw(st.lists(st.sampled_from(ALL_TILES), min_size=7, max_size=7, unique=True))
        hand = Hand(tuple(sorted_tiles(tiles * 2)))
        case = Case(hand=hand, win_tile=draw(st.sampled_from(sorted_tiles(tiles))),
                    win_by=draw(st.sampled_from(("discard", "self_draw"))))
        return _broken("a 14-tile 七对 hand in gb16", "wrong_tile_count", case.to_input())
    if kind == "seven_pairs_and_pung":
        tiles = draw(st.lists(st.sampled_from(ALL_TILES), min_size=8, max_size=8, unique=True))
        standing = tiles[:7] * 2 + [tiles[7]] * 3
        hand = Hand(tuple(sorted_tiles(standing)))
        if is_winning(hand):  # e.g. pairs that also read as chows: not this cause
            return draw(broken_inputs())
        case = Case(hand=hand, win_tile=draw(st.sampled_from(sorted_tiles(set(standing)))),
                    win_by=draw(st.sampled_from(("discard", "self_draw"))))
        return _broken("seven pairs and a pung: no five-sets or 组合龙 reading",
                       "not_winning_hand", case.to_input())

    case = _plain_flags(draw(cases()))
    inp = case.to_input()
    if kind == "nonexistent_tile":
        spare = _spare_standing(case)
        i = draw(st.sampled_from(spare))
        bad = draw(st.sampled_from(NONEXISTENT_TILES))
        standing = list(case.hand.standing)
        standing[i] = bad
        inp["hand"] = format_hand(Hand(tuple(standing), case.hand.melds))
        return _broken(f"the tile {bad} in the hand", "invalid_tile", inp)
    if kind == "flags":
        return draw(_inconsistent_flags(case))
    if kind == "unknown_field":
        name = draw(st.text(min_size=1, max_size=12).filter(lambda n: n not in CONTRACT_FIELDS))
        inp[name] = draw(arbitrary_json(2))
        return _broken(f"the unknown field {name!r}", "invalid_input", inp)
    if kind == "out_of_range":
        field_name, value = draw(st.sampled_from((
            ("flowers", 9), ("flowers", 12), ("flowers", -1), ("win_by", "tsumo"),
            ("win_by", "ron"), ("prevalent_wind", "X"), ("prevalent_wind", "east"),
            ("seat_wind", "Z"), ("seat_wind", "1z"))))
        inp[field_name] = value
        return _broken(f"{field_name} = {value!r} is out of range", "invalid_input", inp)
    if kind == "mistyped":
        # (not the variant: a variant of another type could as well be read as unsupported)
        field_name = draw(st.sampled_from(CONTRACT_FIELDS[1:]))
        if field_name == "flowers":
            value = draw(st.sampled_from((None, 1.5, "3", True, [])))
        elif field_name in FLAG_FIELDS:
            value = draw(st.sampled_from((None, 1, 0, "true", [])))
        else:
            value = draw(st.sampled_from((None, 1, True, [], {"a": 1})))
        inp[field_name] = value
        return _broken(f"{field_name} = {value!r} has the wrong type", "invalid_input", inp)
    if kind == "missing":
        field_name = draw(st.sampled_from(("hand", "win_tile", "win_by")))
        del inp[field_name]
        return _broken(f"the required field {field_name!r} is missing (no suffix)", "invalid_input", inp)
    if kind == "suffix_disagrees":
        other_by = "self_draw" if case.win_by == "discard" else "discard"
        word = "点和" if case.win_by == "discard" else "自摸"
        inp["hand"] += "，" + word + case.win_tile
        if draw(st.booleans()):
            inp["win_by"] = other_by
            why = "win_by"
        else:
            others = [t for t in set(case.hand.standing) if t != case.win_tile]
            if not others:
                inp["win_by"] = other_by
                why = "win_by"
            else:
                inp["win_tile"] = draw(st.sampled_from(sorted_tiles(others)))
                why = "win_tile"
        return _broken(f"the suffix and the field {why} disagree", "invalid_input", inp)
    if kind == "not_an_object":
        value = draw(st.one_of(st.lists(st.integers(), max_size=3), st.integers(), st.text(max_size=10),
                               st.just(None), st.just(inp["hand"]), st.just([inp])))
        return _broken("the input is not an object", "invalid_input", value)
    if kind == "variant":
        inp["variant"] = draw(st.sampled_from(OTHER_VARIANTS))
        return _broken(f"the variant {inp['variant']!r}", "unsupported_variant", inp)
    if kind == "notation":
        how = draw(st.sampled_from(("letter", "open_bracket", "close_bracket", "suitless", "empty_meld",
                                    "nested")))
        text = inp["hand"]
        if how == "letter":
            pos = draw(st.integers(0, len(text)))
            text = text[:pos] + draw(st.sampled_from("xq#!?+")) + text[pos:]
        elif how == "open_bracket":
            text = text + " [" + draw(st.sampled_from(("", "1", "12")))
        elif how == "close_bracket":
            text = "]" + text
        elif how == "suitless":
            text = text + draw(st.sampled_from(("5", "12", "9")))
        elif how == "empty_meld":
            text = draw(st.sampled_from(("[] ", "{} "))) + text
        else:
            text = "[[" + text[1:] if text.startswith("[") else "[[123m]] " + text
        inp["hand"] = text
        return _broken(f"the hand string cannot be read ({how})", "invalid_notation", inp)
    if kind == "braced_non_kong":
        return draw(_braced_non_kong(case))
    if kind == "tile_count":
        spare = _spare_standing(case)
        standing = list(case.hand.standing)
        counts = case.hand.counts()
        addable = [t for t in ALL_TILES if counts[t] < 4]
        if draw(st.booleans()) or not addable:
            del standing[draw(st.sampled_from(spare))]
            why = "a tile too few"
        else:
            standing.append(draw(st.sampled_from(addable)))
            why = "a tile too many"
        inp["hand"] = format_hand(Hand(tuple(sorted_tiles(standing)), case.hand.melds))
        return _broken(f"{why} ({case.hand.size() + (1 if 'many' in why else -1)} tiles)",
                       "wrong_tile_count", inp)
    if kind == "four_sets_gb16":
        # a 14-tile hand of four sets and a pair: the 13-tile shape (seed000 §二: "不得丢掉第五面子")
        hand = _one_set_dropped(draw, case)
        if hand is None:
            return draw(broken_inputs())
        inp["hand"] = format_hand(hand)
        return _broken("a 14-tile hand of four sets and a pair in gb16", "wrong_tile_count", inp)
    if kind == "gb16_hand_as_gb13":
        inp["variant"] = "gb13"
        return _broken("a 17-tile hand in gb13 (14 tiles there)", "wrong_tile_count", inp)
    if kind == "win_tile_elsewhere":
        standing = set(case.hand.standing)
        elsewhere = sorted_tiles(t for t in ALL_TILES if t not in standing)
        inp["win_tile"] = draw(st.sampled_from(elsewhere))
        return _broken(f"the winning tile {inp['win_tile']} is not a standing tile",
                       "win_tile_not_in_hand", inp)
    # "no_shape": one standing tile replaced by another so that no reading remains
    spare = _spare_standing(case)
    counts = case.hand.counts()
    i = draw(st.sampled_from(spare))
    new = draw(st.sampled_from([t for t in ALL_TILES if counts[t] < 4 and t != case.hand.standing[i]]))
    standing = list(case.hand.standing)
    standing[i] = new
    hand = Hand(tuple(sorted_tiles(standing)), case.hand.melds)
    if is_winning(hand):
        return draw(broken_inputs())
    inp["hand"] = format_hand(hand)
    return _broken("17 tiles that form no winning shape", "not_winning_hand", inp)


def _one_set_dropped(draw, case: Case) -> Hand | None:
    """The hand without one of its sets (a meld, or a standing set of some reading that
    leaves the winning tile standing); None when there is no such set."""
    if case.hand.melds and draw(st.booleans()):
        melds = list(case.hand.melds)
        del melds[draw(st.integers(0, len(melds) - 1))]
        return Hand(case.hand.standing, tuple(melds))
    options = set()
    for r in readings(case.hand, case.win_tile):
        for g in r.sets:
            if not g.exposed and g.kind in ("chow", "pung"):
                rest = list(case.hand.standing)
                for t in g.tiles:
                    rest.remove(t)
                if case.win_tile in rest:
                    options.add(tuple(rest))
    if not options:
        return None
    return Hand(draw(st.sampled_from(sorted(options))), case.hand.melds)


@st.composite
def _inconsistent_flags(draw, case: Case) -> dict:
    """One flag that cannot hold with the hand or the other fields (R-006, R-014)."""
    counts = case.hand.counts()
    standing = case.hand.standing
    options = ["robbing_self_draw", "replacement_on_discard"]
    if counts[case.win_tile] >= 2:
        options.append("robbing_second_copy")
    if counts[case.win_tile] == 1:
        options.append("robbing_last_tile")
    if not case.hand.kongs:
        options.append("replacement_without_kong")
    if standing.count(case.win_tile) >= 2:
        options.append("last_of_kind_concealed_copy")
    how = draw(st.sampled_from(options))
    if how == "robbing_self_draw":
        bad = case.with_(robbing_kong=True, win_by="self_draw")
    elif how == "robbing_second_copy":
        bad = case.with_(robbing_kong=True, win_by="discard")
    elif how == "robbing_last_tile":
        bad = case.with_(robbing_kong=True, win_by="discard", last_tile=True)
    elif how == "replacement_on_discard":
        bad = case.with_(kong_replacement=True, win_by="discard")
    elif how == "replacement_without_kong":
        bad = case.with_(kong_replacement=True, win_by="self_draw")
    else:
        bad = case.with_(last_of_kind=True)
    return _broken(f"inconsistent flags: {how}", "inconsistent_flags", bad.to_input())


@st.composite
def _braced_non_kong(draw, case: Case) -> dict:
    """A set written in braces ``{}`` that is not a kong (a chow or a pung): ``invalid_meld``."""
    inp = case.to_input()
    melded = [m for m in case.hand.melds if m.kind != "kong"]
    if melded and draw(st.booleans()):
        m = draw(st.sampled_from(melded))
        melds = list(case.hand.melds)
        melds.remove(m)
        text = format_hand(Hand(case.hand.standing, tuple(melds)))
        inp["hand"] = "{" + compact(m.tiles) + "} " + text
        return _broken(f"the melded {m.kind} written in braces", "invalid_meld", inp)
    # a standing set taken out of the standing tiles into braces
    rs = [r for r in readings(case.hand, case.win_tile)
          if any(not g.exposed and g.kind in ("chow", "pung") for g in r.sets)]
    if not rs:
        return draw(_inconsistent_flags(case))
    r = draw(st.sampled_from(rs))
    groups = [g for g in r.sets if not g.exposed and g.kind in ("chow", "pung")]
    g = draw(st.sampled_from(groups))
    rest = list(case.hand.standing)
    for t in g.tiles:
        rest.remove(t)
    if case.win_tile not in rest:
        return draw(_inconsistent_flags(case))
    text = format_hand(Hand(tuple(rest), case.hand.melds))
    inp["hand"] = "{" + compact(g.tiles) + "} " + text
    return _broken(f"a standing {g.kind} written in braces", "invalid_meld", inp)
