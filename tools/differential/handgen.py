"""Seeded random legal winning hands, for the benchmark and differential runs.

Deliberately plain (``random.Random``, no Hypothesis): the same seed gives the same hands on
every machine, so a benchmark or a differential run can be repeated exactly.  The mix is
weighted toward the structures where scorers disagree: many chows, many pungs, kongs,
honours and 组合龙.
"""

from __future__ import annotations

import random

from gb16.reference import tiles as T
from gb16.reference.shapes import KNITTED_SETS

WINDS = "".join(T.WIND_LETTERS)   # E S W N (reference/tiles.py)


def random_hand(rng: random.Random, variant: str = "gb16") -> dict:
    """One random case input whose tiles form a legal winning shape of ``variant``."""
    n_sets = 5 if variant == "gb16" else 4
    while True:
        case = _try_hand(rng, variant, n_sets)
        if case is not None:
            return case


def _try_hand(rng: random.Random, variant: str, n_sets: int):
    style = rng.choices(("mixed", "chows", "pungs", "honours", "knitted", "one_suit"),
                        weights=(40, 15, 15, 10, 8, 12))[0]
    counts = [0] * 34
    melds, standing = [], []
    suits = "mps" if style != "one_suit" else rng.choice("mps")
    if style == "knitted":
        knit = rng.choice(KNITTED_SETS)
        standing.extend(knit)
        for t in knit:
            counts[t] += 1
        n_sets = n_sets - 3
    for _ in range(n_sets):
        kind = {"chows": ("chow", "chow", "chow", "pung"), "pungs": ("pung", "pung", "kong", "chow"),
                "honours": ("pung", "pung", "chow"), "one_suit": ("chow", "pung", "chow", "kong")}.get(
            style, ("chow", "chow", "pung", "pung", "kong"))
        kind = rng.choice(kind)
        if kind == "chow":
            first = T.tile(rng.choice(suits), rng.randint(1, 7))
            tiles = [first, first + 1, first + 2]
        else:
            if style == "honours" and rng.random() < 0.6:
                t = rng.choice(T.HONOURS)
            elif style == "one_suit":
                t = T.tile(suits, rng.randint(1, 9))
            else:
                t = rng.randrange(34)
            tiles = [t] * (4 if kind == "kong" else 3)
        for t in tiles:
            counts[t] += 1
        exposed = rng.random() < (0.45 if style != "knitted" else 0.3)
        if kind == "kong":
            melds.append(("[" if exposed else "{", tiles))
        elif exposed and style != "knitted" or (style == "knitted" and exposed and len(melds) < 2):
            melds.append(("[", tiles))
        else:
            standing.extend(tiles)
    if style == "honours" and rng.random() < 0.5:
        pair = rng.choice(T.HONOURS)
    elif style == "one_suit":
        pair = T.tile(suits, rng.randint(1, 9))
    else:
        pair = rng.randrange(34)
    counts[pair] += 2
    standing.extend([pair, pair])
    if max(counts) > 4:
        return None
    win_tile = rng.choice(standing)
    self_draw = rng.random() < 0.4
    case = {
        "variant": variant,
        "hand": " ".join([_meld_text(b, tiles) for b, tiles in melds] + [T.names(sorted(standing))]),
        "win_tile": T.name(win_tile),
        "win_by": "self_draw" if self_draw else "discard",
        "prevalent_wind": rng.choice(WINDS),
        "seat_wind": rng.choice(WINDS),
        "flowers": rng.choice((0, 0, 0, 1, 2, 3, 8)),
    }
    has_kong = any(len(tiles) == 4 for _, tiles in melds)
    if rng.random() < 0.1:
        case["last_tile"] = True
    if self_draw and has_kong and rng.random() < 0.2:
        case["kong_replacement"] = True
    if not self_draw and counts[win_tile] == 1 and not case.get("last_tile") and rng.random() < 0.1:
        case["robbing_kong"] = True
    elif standing.count(win_tile) == 1 and rng.random() < 0.1:
        case["last_of_kind"] = True
    return case


def _meld_text(bracket: str, tiles) -> str:
    close = "]" if bracket == "[" else "}"
    return bracket + T.names(tiles) + close
