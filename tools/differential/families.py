"""The hand families of a differential run: a catalogue of what the random hands are made of.

Each family is a named, weighted builder ``(rng, variant) -> case input``; a run draws the
family of each hand by weight, then the hand from it.  The builders are plain
``random.Random`` code, so hand *i* of seed *s* is the same on every machine and in every
worker (:func:`hand`), whatever the number of workers.

* ``uniform`` — legal winning hands of every kind (gb16: :mod:`handgen`; gb13: every
  structure of :mod:`handgen13`, xinbian 第二章).
* weighted families that reach the hard structures (seed000 §二.5–6, xinbian 第六章):
  kongs of every kind, 组合龙 with exposed sets, five chows with contested big
  combinations, four chow-pair links, five concealed pungs, discard-completed pungs that
  could be chows or the pair, honours-heavy hands, flags;
* **near misses** — one tile, one rank, one suit or one meld state away from a fan's
  definition: three consecutive pungs plus a fourth of the same suit (not 一色四节高),
  清龙 with one chow in another suit, a 组合龙 missing one tile, a single wait with a
  hidden second formal wait.

A family that cannot build a legal hand with the tiles it drew (a fifth copy) draws again.
"""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import dataclass
from typing import Callable

from gb16.reference.hand import command_arguments
from gb16.reference import tiles as T
from gb16.reference.shapes import KNITTED_SETS
from gb16.tools.differential import handgen, handgen13

WINDS = "".join(T.WIND_LETTERS)   # E S W N (reference/tiles.py)
SUITS = "mps"
NUMBERED = tuple(range(27))
ALL = tuple(range(34))


class Retry(Exception):
    """The draw broke a rule (a fifth copy); draw again."""


@dataclass(frozen=True)
class Family:
    name: str
    weight: float
    build: Callable[[random.Random, str], dict]
    description: str
    near_miss: bool = False


# --------------------------------------------------------------------------- building one hand

def n_sets(variant: str) -> int:
    return 5 if variant == "gb16" else 4


def chow(suit: str, start: int) -> list[int]:
    first = T.tile(suit, start)
    return [first, first + 1, first + 2]


def pung(tile: int, kong: bool = False) -> list[int]:
    return [tile] * (4 if kong else 3)


def random_set(rng, pool=ALL, weights=(55, 35, 10)) -> list[int]:
    """A chow, pung or kong with tiles from ``pool``."""
    kind = rng.choices(("chow", "pung", "kong"), weights=weights)[0]
    if kind == "chow":
        starts = [t for t in pool if t < 27 and T.number_of(t) <= 7 and t + 2 in pool]
        if starts:
            s = rng.choice(starts)
            return [s, s + 1, s + 2]
    return pung(rng.choice(list(pool)), kind == "kong")


def make_case(rng, variant: str, sets: list[list[int]], pair: int, *, states=None, knitted=(),
              win_tile=None, meld_p=0.35, self_draw_p=0.4, flags_p=1.0) -> dict:
    """The case input for ``sets`` + ``pair`` (+ the nine ``knitted`` tiles, standing).

    ``states`` gives each set's state — ``"standing"``, ``"exposed"`` or ``"concealed"``
    (a concealed kong) — or None to draw them (a kong is always declared).  The flags are
    drawn so that they hold together (docs/rulings.md R-006, R-014).
    """
    counts = Counter([pair, pair, *knitted])
    for s in sets:
        counts.update(s)
    if max(counts.values()) > 4:
        raise Retry
    if states is None:
        states = []
        for s in sets:
            if len(s) == 4:
                states.append("exposed" if rng.random() < 0.5 else "concealed")
            else:
                states.append("exposed" if rng.random() < meld_p else "standing")
    melds, standing = [], [pair, pair, *knitted]
    for s, state in zip(sets, states):
        if state == "standing":
            standing += s
        else:
            melds.append((s, state == "exposed"))
    win = win_tile if win_tile is not None else rng.choice(standing)
    if win not in standing:
        raise Retry
    self_draw = rng.random() < self_draw_p
    case = {
        "variant": variant,
        "hand": " ".join([meld_text(s, exposed) for s, exposed in melds] + [T.names(sorted(standing))]),
        "win_tile": T.name(win),
        "win_by": "self_draw" if self_draw else "discard",
        "prevalent_wind": rng.choice(WINDS),
        "seat_wind": rng.choice(WINDS),
        "flowers": rng.choice((0, 0, 0, 0, 1, 2, 3, 8)),
    }
    has_kong = any(len(s) == 4 for s, _ in melds)
    in_exposed = sum(s.count(win) for s, exposed in melds if exposed)
    if rng.random() < 0.08 * flags_p:
        case["last_tile"] = True
    if self_draw and has_kong and rng.random() < 0.3 * flags_p:
        case["kong_replacement"] = True
    if not self_draw and counts[win] == 1 and not case.get("last_tile") and rng.random() < 0.15 * flags_p:
        case["robbing_kong"] = True
    if standing.count(win) == 1 and (in_exposed == 3 or rng.random() < 0.1 * flags_p):
        case["last_of_kind"] = True
    return case


def meld_text(tiles, exposed: bool) -> str:
    text = T.names(sorted(tiles))
    return f"[{text}]" if exposed else f"{{{text}}}"


def fill(rng, sets, variant, pool=ALL, weights=(55, 35, 10)) -> list[list[int]]:
    sets = list(sets)
    while len(sets) < n_sets(variant):
        sets.append(random_set(rng, pool, weights))
    rng.shuffle(sets)
    return sets


# --------------------------------------------------------------------------- the families

def _uniform(rng, variant):
    if variant == "gb16":
        return handgen.random_hand(rng, "gb16")
    return handgen13.random_hand(rng)


def _kongs(rng, variant):
    """Kongs of every kind: exposed, concealed, several, a kong as the 'pung' of a pattern."""
    k = rng.randint(1, n_sets(variant))
    sets = [pung(rng.choice(ALL), kong=True) for _ in range(k)]
    sets = fill(rng, sets, variant)
    return make_case(rng, variant, sets, rng.choice(ALL))


def _knitted_exposed(rng, variant):
    """组合龙 with the other sets exposed (seed000 §二.1: 组合龙 + two sets + pair in gb16)."""
    knit = rng.choice(KNITTED_SETS)
    others = [random_set(rng, weights=(50, 40, 10)) for _ in range(n_sets(variant) - 3)]
    states = [("exposed" if len(s) == 3 else rng.choice(("exposed", "concealed"))) if rng.random() < 0.7
              else ("standing" if len(s) == 3 else "concealed") for s in others]
    return make_case(rng, variant, others, rng.choice(ALL), states=states, knitted=knit)


def _five_chows(rng, variant):
    """Only chows, packed into one or two suits and few ranks: contested big combinations (§二.5)."""
    suits = rng.sample(SUITS, rng.choice((1, 2, 2, 3)))
    centre = rng.randint(1, 7)
    sets = [chow(rng.choice(suits), max(1, min(7, centre + rng.randint(-2, 2)))) for _ in range(n_sets(variant))]
    return make_case(rng, variant, sets, rng.choice(ALL), meld_p=0.25)


def _chow_links(rng, variant):
    """Chows related in pairs (一般高, 喜相逢, 连六, 老少副): four or more chow-pair links (§二.6)."""
    suit = rng.choice(SUITS)
    start = rng.choice((1, 2, 3, 4))
    sets = []
    while len(sets) < n_sets(variant):
        move = rng.choice(("same", "suit", "six", "terminal"))
        s = rng.choice(SUITS) if move == "suit" else suit
        r = {"same": start, "suit": start, "six": min(7, start + 3), "terminal": 7 if start == 1 else 1}[move]
        sets.append(chow(s, r))
    return make_case(rng, variant, sets, rng.choice(ALL), meld_p=0.3)


def _concealed_pungs(rng, variant):
    """Five (gb13: four) concealed pungs, the win on the pair or completing a pung by discard."""
    tiles = rng.sample(ALL, n_sets(variant) + 1)
    sets = [pung(t) for t in tiles[:-1]]
    states = ["standing" if rng.random() < 0.85 else "concealed" for _ in sets]
    sets = [s + [s[0]] if st == "concealed" else s for s, st in zip(sets, states)]
    return make_case(rng, variant, sets, tiles[-1], states=states)


def _ambiguous_pung(rng, variant):
    """A discard completing a pung that could also be read as a chow or the pair (坎张/单钓 vs 双碰)."""
    suit = rng.choice(SUITS)
    r = rng.randint(1, 7)
    core = [pung(T.tile(suit, r)), pung(T.tile(suit, r + 1)), pung(T.tile(suit, r + 2))]
    sets = fill(rng, core[: rng.choice((2, 3))], variant)
    states = ["standing" if s in core else ("exposed" if rng.random() < 0.4 else "standing") for s in sets]
    states = [("concealed" if len(s) == 4 and st == "standing" else st) for s, st in zip(sets, states)]
    win = T.tile(suit, r + rng.randint(0, 2))
    case = make_case(rng, variant, sets, rng.choice(ALL), states=states, win_tile=win, self_draw_p=0.2)
    return case


def _honours(rng, variant):
    """Honours-heavy: wind and dragon pungs, an honour pair (番 of 箭刻, 风刻, 大三元 …)."""
    k = rng.randint(2, n_sets(variant))
    sets = [pung(t, kong=rng.random() < 0.15) for t in rng.sample(T.HONOURS, min(k, 7))]
    sets = fill(rng, sets, variant)
    return make_case(rng, variant, sets, rng.choice(T.HONOURS) if rng.random() < 0.7 else rng.choice(ALL))


def _flags(rng, variant):
    """Ordinary hands with every flag that can hold: 和绝张, 海底, 杠上开花, 抢杠和, flowers."""
    sets = fill(rng, [pung(rng.choice(ALL), kong=True)] if rng.random() < 0.5 else [], variant)
    return make_case(rng, variant, sets, rng.choice(ALL), flags_p=5.0, self_draw_p=0.5)


# near misses -------------------------------------------------------------------------------

def _near_shifted_pungs(rng, variant):
    """Three consecutive pungs and a fourth of the same suit elsewhere: 一色三节高, not 一色四节高."""
    suit = rng.choice(SUITS)
    r = rng.randint(1, 7)
    fourth = rng.choice([x for x in range(1, 10) if x not in (r - 1, r, r + 1, r + 2, r + 3)])
    core = [pung(T.tile(suit, x), kong=rng.random() < 0.15) for x in (r, r + 1, r + 2, fourth)]
    sets = fill(rng, core, variant)
    return make_case(rng, variant, sets, rng.choice(ALL))


def _near_pure_straight(rng, variant):
    """清龙 (123 456 789 of one suit) with one of the three chows in another suit."""
    suit = rng.choice(SUITS)
    other = rng.choice([s for s in SUITS if s != suit])
    odd = rng.randrange(3)
    core = [chow(other if k == odd else suit, 1 + 3 * k) for k in range(3)]
    sets = fill(rng, core, variant)
    return make_case(rng, variant, sets, rng.choice(ALL))


def _near_knitted(rng, variant):
    """A 组合龙 missing one tile: eight of the nine knitted tiles, the rest ordinary sets.

    The eight tiles cannot stand alone, so the missing rank is made a chow with its neighbours
    of the same suit when it can be: a hand a careless knitted-straight search may misread.
    """
    knit = list(rng.choice(KNITTED_SETS))
    missing = knit.pop(rng.randrange(9))
    # the eight tiles: each made the start, middle or end of a chow in its own suit
    sets = []
    for t in knit:
        r = T.number_of(t)
        start = min(7, max(1, r - rng.randint(0, 2)))
        sets.append(chow(T.suit_of(t), start))
        if len(sets) == n_sets(variant):
            break
    del missing
    if len(sets) < n_sets(variant):
        sets = fill(rng, sets, variant)
    return make_case(rng, variant, sets[: n_sets(variant)], rng.choice(ALL), meld_p=0.1)


def _near_single_wait(rng, variant):
    """The winning tile completes the pair, but the sixteen tiles had a second formal wait
    (e.g. 1112m waits on 2m and 3m): 单钓将 does not count (xinbian 第七章 79)."""
    suit = rng.choice(SUITS)
    r = rng.randint(1, 7)
    sets = fill(rng, [pung(T.tile(suit, r))], variant, weights=(60, 30, 10))
    pair = T.tile(suit, r + 1)
    states = ["standing" if s == pung(T.tile(suit, r)) else None for s in sets]
    states = [st or (("exposed" if rng.random() < 0.4 else "concealed") if len(s) == 4 else
                     ("exposed" if rng.random() < 0.4 else "standing")) for s, st in zip(sets, states)]
    return make_case(rng, variant, sets, pair, states=states, win_tile=pair)


CATALOGUE: tuple[Family, ...] = (
    Family("uniform", 40, _uniform, "legal winning hands of every kind and shape"),
    Family("kongs", 6, _kongs, "kongs of every kind: exposed, concealed, several"),
    Family("knitted-exposed", 5, _knitted_exposed, "组合龙 with the other sets exposed"),
    Family("five-chows", 6, _five_chows, "only chows, few suits and ranks: contested big combinations"),
    Family("chow-links", 6, _chow_links, "chows related in pairs: four or more chow-pair links"),
    Family("concealed-pungs", 4, _concealed_pungs, "five (gb13: four) concealed pungs"),
    Family("ambiguous-pung", 5, _ambiguous_pung, "a discard-completed pung that could be a chow or the pair"),
    Family("honours", 4, _honours, "honours-heavy hands"),
    Family("flags", 4, _flags, "every flag that can hold, flowers"),
    Family("near-shifted-pungs", 5, _near_shifted_pungs,
           "three consecutive pungs and a fourth of the same suit (not 一色四节高)", near_miss=True),
    Family("near-pure-straight", 5, _near_pure_straight, "清龙 with one chow in another suit", near_miss=True),
    Family("near-knitted", 4, _near_knitted, "a 组合龙 missing one tile", near_miss=True),
    Family("near-single-wait", 6, _near_single_wait, "a pair win with a hidden second formal wait",
           near_miss=True),
)
BY_NAME = {f.name: f for f in CATALOGUE}


def hand(seed: int, index: int, variant: str, families: tuple[Family, ...] = CATALOGUE) -> tuple[str, dict]:
    """Hand ``index`` of the run with ``seed``: ``(family name, case input)``.

    Each hand has its own generator, seeded from (seed, variant, index), so any worker can
    build any hand and a run's hands do not depend on how the work is split.
    """
    rng = random.Random(f"gb16-differential:{variant}:{seed}:{index}")
    family = rng.choices(families, weights=[f.weight for f in families])[0]
    for _ in range(1000):
        try:
            return family.name, family.build(rng, variant)
        except (Retry, handgen13._Retry):
            continue
    raise RuntimeError(f"family {family.name} could not build a hand")  # pragma: no cover


#: The seed of the hands an attribution experiment may ask about (tools/harness/experiment.py).
PROBE_SEED = 28


def probe_hands(variant: str, n: int) -> list[tuple[str, dict]]:
    """The first *n* hands of seed :data:`PROBE_SEED` of *variant*, each with its id
    (``probe-gb13-s28-00000012``: hand 12 of that seed, the same on every machine)."""
    return [(f"probe-{variant}-s{PROBE_SEED}-{i:08d}", hand(PROBE_SEED, i, variant)[1]) for i in range(n)]


def hand_text(case: dict) -> str:
    """A hand as ``gb16 explain`` takes it (:func:`gb16.reference.hand.command_arguments`): the
    notation with its suffix, quoted, then the winds, flowers and flags that are set."""
    return command_arguments(case) or str(case.get("hand"))
