"""Seeded random legal gb13 winning hands (standard 13-tile MCR, xinbian 第二章), for the
differential certification against PyMahjongGB (:mod:`gb16.tools.differential.pymahjonggb_run`).

Deliberately plain ``random.Random``: the same seed gives the same hands on every machine.
Every shape of xinbian 第二章 is produced — four sets and a pair (exposed chows, pungs and
kongs, concealed kongs), 组合龙 + one set + a pair, 七对 (four identical tiles as two pairs,
连七对), 全不靠 / 七星不靠, 十三幺, 九莲宝灯 — and the mix is weighted toward the rare
structures where scorers disagree: related chows and pungs, kongs, honours, one-suit and
tile-range hands, all-melded hands.

The circumstances are drawn so that they can hold together (docs/rulings.md R-006, R-014):
抢杠和 only on a discard of a tile the hand holds once, and never with the last tile; 杠上开花
only self-drawn with a kong; 和绝张 only when the standing tiles hold one copy of the winning
tile — and always when the winner's own exposed melds already show the other three.
"""

from __future__ import annotations

import random
from collections import Counter

from gb16.reference import tiles as T
from gb16.reference.shapes import KNITTED_SETS, standard_decompositions

WINDS = "".join(T.WIND_LETTERS)   # E S W N (reference/tiles.py)
NUMBERED = tuple(range(27))
ALL = tuple(range(34))
ORPHANS = tuple(t for t in ALL if T.is_terminal_or_honour(t))

#: structure → weight.  Ordinary (mixed) hands are about a quarter; the rest is spread over rarer structures.
STRUCTURES = {
    "mixed": 30, "chow_pattern": 12, "pung_pattern": 8, "honours": 6, "one_suit": 7,
    "terminals": 4, "fives": 2, "evens": 2, "ranks": 4, "green": 1.5, "reversible": 2,
    "kongs": 5, "melded": 5, "knitted": 5, "seven_pairs": 5, "honours_knitted": 2,
    "thirteen_orphans": 1, "nine_gates": 1.5, "ambiguous": 6, "plain": 3,
}


class _Retry(Exception):
    """The draw broke a rule (a fifth copy, no room); draw again."""


def random_hand(rng: random.Random, structure: str | None = None) -> dict:
    """One random gb13 case input whose tiles form a legal winning shape.

    ``structure`` forces one of :data:`STRUCTURES` (the default draws one by weight).
    """
    while True:
        kind = structure or rng.choices(list(STRUCTURES), weights=list(STRUCTURES.values()))[0]
        try:
            return _BUILDERS[kind](rng)
        except _Retry:
            continue


def hands(n: int, seed: int):
    """``n`` case inputs from ``seed``, with the structure each was drawn as: ``(structure, input)``."""
    rng = random.Random(seed)
    for _ in range(n):
        kind = rng.choices(list(STRUCTURES), weights=list(STRUCTURES.values()))[0]
        yield kind, random_hand(rng, kind)


# --------------------------------------------------------------------------- sets

def _chow(start: int) -> list[int]:
    return [start, start + 1, start + 2]


def _chow_starts(pool) -> list[int]:
    pool = set(pool)
    return [t for t in NUMBERED if T.number_of(t) <= 7 and {t, t + 1, t + 2} <= pool]


def _random_set(rng, pool, weights=(55, 35, 10)) -> list[int]:
    """A chow, pung or kong drawn from ``pool`` (``weights`` for chow, pung, kong)."""
    starts = _chow_starts(pool)
    kind = rng.choices(("chow", "pung", "kong"), weights=(weights[0] if starts else 0,) + tuple(weights[1:]))[0]
    if kind == "chow":
        return _chow(rng.choice(starts))
    t = rng.choice(list(pool))
    return [t] * (3 if kind == "pung" else 4)


class _Builder:
    """Collects the sets and pair of a standard-shape hand and decides which are melded."""

    def __init__(self, rng, meld_p=0.35):
        self.rng, self.meld_p = rng, meld_p
        self.sets: list[list[int]] = []
        self.pair: int | None = None

    def add(self, tiles):
        self.sets.append(list(tiles))

    def fill(self, pool, n=4, weights=(55, 35, 10)):
        while len(self.sets) < n:
            self.add(_random_set(self.rng, pool, weights))

    def case(self, max_melds=4, all_melded=False, knitted=None, self_draw_p=0.4):
        rng = self.rng
        if self.pair is None:
            raise _Retry
        melds, standing = [], [self.pair, self.pair]
        if knitted is not None:
            standing += list(knitted)
        order = list(range(len(self.sets)))
        rng.shuffle(order)
        for k in order:
            tiles = self.sets[k]
            if len(tiles) == 4:  # a kong is always declared: exposed or concealed
                exposed = all_melded or rng.random() < 0.55
                if exposed and sum(m[1] for m in melds) >= max_melds:
                    exposed = False
                melds.append((tiles, exposed))
            elif (all_melded or rng.random() < self.meld_p) and sum(m[1] for m in melds) < max_melds:
                melds.append((tiles, True))
            else:
                standing += tiles
        if all_melded and (len(melds) < len(self.sets) or not all(exposed for _, exposed in melds)):
            raise _Retry
        return _finish(rng, melds, standing, self_draw_p=self_draw_p)


# --------------------------------------------------------------------------- standard shapes

def _standard(rng, pool, pair_pool=None, weights=(55, 35, 10), meld_p=0.35, preset=()):
    b = _Builder(rng, meld_p)
    for s in preset:
        b.add(s)
    b.fill(pool, 4, weights)
    b.pair = rng.choice(list(pair_pool or pool))
    return b.case()


def _mixed(rng):
    return _standard(rng, ALL, weights=(55, 33, 12))


def _chow_pattern(rng):
    """Three or four related chows (the big combinations and the chow pairs, xinbian 第六章 5)."""
    suits = list("mps")
    rng.shuffle(suits)
    s0 = suits[0]
    n = rng.choice((1, 2, 3, 4, 5, 6))
    pattern = rng.choice(("pure_triple", "straight", "shift1", "shift2", "mixed_straight", "mixed_triple",
                          "mixed_shift", "four_shift", "quadruple", "terminal_chows", "related"))
    if pattern == "pure_triple":
        chows = [(s0, n)] * 3
    elif pattern == "straight":
        chows = [(s0, 1), (s0, 4), (s0, 7)]
    elif pattern == "shift1":
        chows = [(s0, n), (s0, n + 1), (s0, n + 2)] if n <= 5 else [(s0, 5), (s0, 6), (s0, 7)]
    elif pattern == "shift2":
        k = rng.choice((1, 2, 3))
        chows = [(s0, k), (s0, k + 2), (s0, k + 4)]
    elif pattern == "mixed_straight":
        chows = [(suits[0], 1), (suits[1], 4), (suits[2], 7)]
    elif pattern == "mixed_triple":
        chows = [(s, n) for s in suits]
    elif pattern == "mixed_shift":
        k = min(n, 5)
        chows = [(suits[0], k), (suits[1], k + 1), (suits[2], k + 2)]
    elif pattern == "four_shift":
        step = rng.choice((1, 2))
        k = rng.choice((1, 2, 3, 4) if step == 1 else (1,))
        chows = [(s0, k + step * i) for i in range(4)]
    elif pattern == "quadruple":
        chows = [(s0, n)] * 4
    elif pattern == "terminal_chows":  # 一色双龙会 / 三色双龙会 and their near misses
        if rng.random() < 0.5:
            chows = [(s0, 1), (s0, 1), (s0, 7), (s0, 7)]
            pair = T.tile(s0, 5) if rng.random() < 0.7 else T.tile(rng.choice(suits), 5)
        else:
            chows = [(suits[0], 1), (suits[0], 7), (suits[1], 1), (suits[1], 7)]
            pair = T.tile(suits[2], 5) if rng.random() < 0.7 else T.tile(suits[0], rng.choice((2, 5, 8)))
        preset = [_chow(T.tile(s, k)) for s, k in chows]
        return _standard(rng, ALL, pair_pool=[pair], preset=preset, meld_p=0.3)
    else:  # two or three chows related pairwise (一般高, 喜相逢, 连六, 老少副)
        chows = [(s0, n)]
        for _ in range(rng.choice((1, 2, 3))):
            s, k = rng.choice(chows)
            kind = rng.choice(("same", "suit", "six", "ends"))
            if kind == "same":
                chows.append((s, k))
            elif kind == "suit":
                chows.append((rng.choice([x for x in "mps" if x != s]), k))
            elif kind == "six":
                chows.append((s, k + 3 if k <= 4 else k - 3))
            else:
                chows.append((s, 8 - k) if k in (1, 7) else (s, rng.choice((1, 7))))
    preset = [_chow(T.tile(s, k)) for s, k in chows[:4]]
    return _standard(rng, ALL, weights=(75, 20, 5), preset=preset)


def _pung_pattern(rng):
    """Related pungs and kongs: 节高, 三同刻, 双同刻 and the wind and dragon fans."""
    suits = list("mps")
    rng.shuffle(suits)
    n = rng.randint(1, 7)
    pattern = rng.choice(("pure_shift", "four_shift", "triple", "double", "mixed_shift", "winds", "dragons"))
    if pattern == "pure_shift":
        tiles = [T.tile(suits[0], n + i) for i in range(3)]
    elif pattern == "four_shift":
        tiles = [T.tile(suits[0], min(n, 6) + i) for i in range(4)]
    elif pattern == "triple":
        tiles = [T.tile(s, n) for s in suits]
    elif pattern == "double":
        tiles = [T.tile(s, n) for s in suits[:2]]
    elif pattern == "mixed_shift":
        tiles = [T.tile(s, n + i) for i, s in enumerate(suits)]
    elif pattern == "winds":
        tiles = rng.sample(T.WINDS, rng.choice((3, 3, 4)))
    else:
        tiles = rng.sample(T.DRAGONS, rng.choice((2, 3, 3)))
    preset = [[t] * (4 if rng.random() < 0.2 else 3) for t in tiles]
    pair_pool = T.WINDS if pattern == "winds" else T.DRAGONS if pattern == "dragons" else ALL
    if rng.random() < 0.5:
        pair_pool = ALL
    return _standard(rng, ALL, pair_pool=pair_pool, weights=(30, 55, 15), preset=preset)


def _honours(rng):
    pool = T.HONOURS + tuple(rng.sample(NUMBERED, rng.choice((0, 9, 18))))
    return _standard(rng, pool, weights=(40, 45, 15), meld_p=0.4)


def _one_suit(rng):
    suit = rng.choice("mps")
    pool = [T.tile(suit, k) for k in range(1, 10)]
    if rng.random() < 0.4:  # 混一色
        pool += rng.sample(T.HONOURS, rng.choice((1, 2, 7)))
    return _standard(rng, pool, weights=(55, 35, 10), meld_p=0.3)


def _terminals(rng):
    """全带幺, 混幺九, 清幺九 and their near misses."""
    terminals = [t for t in NUMBERED if T.is_terminal(t)]
    mode = rng.random()
    if mode < 0.5:    # 全带幺: terminal chows and 幺九 pungs
        sets, pairs = [_chow(t) for t in NUMBERED if T.number_of(t) in (1, 7)] + [[t] * 3 for t in ORPHANS], ORPHANS
    elif mode < 0.8:  # 混幺九
        sets, pairs = [[t] * 3 for t in ORPHANS], ORPHANS
    else:             # 清幺九
        sets, pairs = [[t] * 3 for t in terminals], terminals
    b = _Builder(rng, 0.35)
    for _ in range(4):
        s = list(rng.choice(sets))
        if len(set(s)) == 1 and rng.random() < 0.15:
            s.append(s[0])
        b.add(s)
    b.pair = rng.choice(pairs if rng.random() < 0.9 else ALL)
    return b.case()


def _fives(rng):
    """全带五: every set and the pair hold a 5."""
    fives = [T.tile(s, 5) for s in "mps"]
    sets = [_chow(t - k) for t in fives for k in (0, 1, 2)] + [[t] * 3 for t in fives]
    b = _Builder(rng, 0.35)
    for _ in range(4):
        b.add(rng.choice(sets))
    b.pair = rng.choice(fives)
    return b.case()


def _evens(rng):
    """全双刻: pungs of 2 4 6 8 and an even pair."""
    evens = [t for t in NUMBERED if T.number_of(t) % 2 == 0]
    b = _Builder(rng, 0.4)
    for _ in range(4):
        t = rng.choice(evens)
        b.add([t] * (4 if rng.random() < 0.15 else 3))
    b.pair = rng.choice(evens if rng.random() < 0.9 else ALL)
    return b.case()


def _ranks(rng):
    """全大, 全中, 全小, 大于五, 小于五, 断幺 — the tile-range fans."""
    ranks = rng.choice(((7, 8, 9), (4, 5, 6), (1, 2, 3), (6, 7, 8, 9), (1, 2, 3, 4), tuple(range(2, 9))))
    suits = rng.sample("mps", rng.choice((1, 2, 2, 3)))
    pool = [T.tile(s, r) for s in suits for r in ranks]
    return _standard(rng, pool, weights=(55, 40, 5))


def _green(rng):
    return _standard(rng, sorted(T.GREEN_TILES), weights=(40, 50, 10))


def _reversible(rng):
    return _standard(rng, sorted(T.REVERSIBLE_TILES), weights=(50, 42, 8))


def _kongs(rng):
    """Two to four kongs (三杠, 四杠, 双暗杠, 双明杠, 明暗杠, 四暗刻)."""
    b = _Builder(rng, 0.3)
    for t in rng.sample(ALL, rng.choice((2, 2, 3, 3, 4))):
        b.add([t] * 4)
    b.fill(ALL, 4, weights=(40, 60, 0))
    b.pair = rng.choice(ALL)
    return b.case()


def _melded(rng):
    """全求人 and its near misses (xinbian 第七章 52): four melds and a pair wait, or three melds
    and a standing set that the winning tile completes (on a discard a 明顺 / 明刻, 第三章 16, 18);
    now and then a kong among them is concealed."""
    if rng.random() < 0.5:
        b = _Builder(rng, 1.0)
        b.fill(ALL, 4, weights=(50, 38, 12))
        b.pair = rng.choice(ALL)
        return b.case(all_melded=rng.random() < 0.8, self_draw_p=0.25)
    melds = []
    for _ in range(3):
        tiles = _random_set(rng, ALL, weights=(50, 38, 12))
        melds.append((tiles, len(tiles) < 4 or rng.random() < 0.8))
    standing_set, pair = _random_set(rng, ALL, weights=(60, 40, 0)), rng.choice(ALL)
    win = rng.choice(standing_set) if rng.random() < 0.8 else pair
    return _finish(rng, melds, standing_set + [pair, pair], win_tile=win, self_draw_p=0.25)


def _knitted(rng):
    """组合龙 + one set + a pair (xinbian 第二章 2); the set may be melded or a kong."""
    knit = rng.choice(KNITTED_SETS)
    b = _Builder(rng, 0.35)
    b.fill(ALL, 1, weights=(60, 30, 10))
    b.pair = rng.choice(ALL)
    return b.case(max_melds=1, knitted=knit)


def _ambiguous(rng):
    """Overlapping pungs and chows within four ranks of one or two suits: the hands with
    the most readings, where the choice of reading and of the winning tile's place matters
    (xinbian 第六章 2 解释原则)."""
    suits = rng.sample("mps", rng.choice((1, 1, 2)))
    base = rng.randint(1, 5)
    b = _Builder(rng, 0.2)
    for _ in range(4):
        s, k = rng.choice(suits), base + rng.randint(0, 2)
        b.add(_chow(T.tile(s, k)) if rng.random() < 0.6 else [T.tile(s, k + rng.randint(0, 2))] * 3)
    b.pair = T.tile(rng.choice(suits), base + rng.randint(0, 3))
    return b.case()


def _plain(rng):
    """Few or no fans (无番和 and its near misses): melded, won on a discard, unrelated sets."""
    b = _Builder(rng, 0.6)
    b.fill(ALL, 4, weights=(70, 25, 5))
    b.pair = rng.choice(ALL)
    return b.case(self_draw_p=0.1)


# --------------------------------------------------------------------------- special shapes

def _seven_pairs(rng):
    """七对 (xinbian 第七章 19): four identical tiles count as two pairs; 连七对 now and then."""
    r = rng.random()
    if r < 0.12:  # 连七对
        suit = rng.choice("mps")
        first = rng.choice((1, 2, 3))
        pairs = [T.tile(suit, first + k) for k in range(7)]
    else:
        pool = ALL if r < 0.6 else rng.choice((
            [T.tile(s, k) for s in rng.sample("mps", 1) for k in range(1, 10)] + list(T.HONOURS),
            sorted(T.GREEN_TILES), sorted(T.REVERSIBLE_TILES), list(ORPHANS),
            [t for t in NUMBERED if T.number_of(t) in (4, 5, 6)],
            [t for t in NUMBERED if T.number_of(t) in (1, 2, 3, 4)]))
        pairs = [rng.choice(pool) for _ in range(7)]
    return _finish(rng, [], [t for p in pairs for t in (p, p)])


def _honours_knitted(rng):
    """全不靠 / 七星不靠 (xinbian 第七章 34, 20): fourteen of one 组合龙's nine and the seven honours."""
    knit = rng.choice(KNITTED_SETS)
    if rng.random() < 0.35:  # 七星不靠: every honour and seven of the nine
        tiles = list(T.HONOURS) + rng.sample(knit, 7)
    else:
        tiles = rng.sample(list(knit) + list(T.HONOURS), 14)
    return _finish(rng, [], tiles)


def _thirteen_orphans(rng):
    return _finish(rng, [], list(ORPHANS) + [rng.choice(ORPHANS)])


def _nine_gates(rng):
    """九莲宝灯 (xinbian 第七章 4): 1112345678999 standing, and any tile of that suit wins.

    Now and then a near miss: the same tiles with one set melded.
    """
    suit = rng.choice("mps")
    base = [T.tile(suit, k) for k in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
    win = T.tile(suit, rng.randint(1, 9))
    standing = base + [win]
    melds = []
    if rng.random() < 0.15:
        counts = [0] * 34
        for t in standing:
            counts[t] += 1
        sets, _ = rng.choice(standard_decompositions(tuple(counts)))
        meld = list(rng.choice(sets).tiles)
        for t in meld:
            standing.remove(t)
        if win not in standing:
            raise _Retry
        melds = [(meld, True)]
    return _finish(rng, melds, standing, win_tile=win)


# --------------------------------------------------------------------------- the case input

def _finish(rng, melds, standing, win_tile=None, self_draw_p=0.4) -> dict:
    """The case input: notation, winning tile, circumstances and flags that hold together."""
    counts = Counter(standing)
    for tiles, _ in melds:
        counts.update(tiles)
    if max(counts.values()) > 4:
        raise _Retry
    win = win_tile if win_tile is not None else rng.choice(standing)
    self_draw = rng.random() < self_draw_p
    case = {
        "variant": "gb13",
        "hand": " ".join([_meld_text(tiles, exposed) for tiles, exposed in melds] + [T.names(sorted(standing))]),
        "win_tile": T.name(win),
        "win_by": "self_draw" if self_draw else "discard",
        "prevalent_wind": rng.choice(WINDS),
        "seat_wind": rng.choice(WINDS),
        "flowers": rng.choice((0, 0, 0, 0, 1, 2, 3, 5, 8)),
    }
    case["hand"] = case["hand"].strip()
    has_kong = any(len(tiles) == 4 for tiles, _ in melds)
    in_exposed = sum(tiles.count(win) for tiles, exposed in melds if exposed)
    if rng.random() < 0.08:
        case["last_tile"] = True
    if self_draw and has_kong and rng.random() < 0.3:
        case["kong_replacement"] = True
    if not self_draw and counts[win] == 1 and not case.get("last_tile") and rng.random() < 0.15:
        case["robbing_kong"] = True
    # 和绝张: one standing copy; forced when the winner's own melds show the other three
    if standing.count(win) == 1 and (in_exposed == 3 or rng.random() < 0.1):
        case["last_of_kind"] = True
    return case


def _meld_text(tiles, exposed: bool) -> str:
    text = T.names(sorted(tiles))
    return f"[{text}]" if exposed else f"{{{text}}}"


_BUILDERS = {
    "mixed": _mixed, "chow_pattern": _chow_pattern, "pung_pattern": _pung_pattern, "honours": _honours,
    "one_suit": _one_suit, "terminals": _terminals, "fives": _fives, "evens": _evens, "ranks": _ranks,
    "green": _green, "reversible": _reversible, "kongs": _kongs, "melded": _melded, "knitted": _knitted,
    "seven_pairs": _seven_pairs, "honours_knitted": _honours_knitted, "thirteen_orphans": _thirteen_orphans,
    "nine_gates": _nine_gates, "ambiguous": _ambiguous, "plain": _plain,
}
assert set(_BUILDERS) == set(STRUCTURES)
