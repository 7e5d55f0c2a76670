"""Shrinking a disagreement to its smallest hand: a plain greedy reduction.

A hand is *smaller* (:func:`size`) when it has fewer flags (the four circumstance flags,
flowers, a self-draw, a stated wind — 东 counting less than the others), then fewer melds,
then lower ranks (numbered ranks summed, honours counted after the nines), then a shorter
notation.  :func:`shrink`
tries every one-step simplification of the current hand, in a fixed order, and keeps the
first that is smaller and still shows the *same signature* (the same class key); it stops
when no step helps or the budget of tries is spent.  The steps:

* drop one flag; flowers to 0; a self-draw to a discard; leave a wind out (no wind,
  docs/rulings.md R-020), or else make it 东 (for a scorer that needs a wind: the step that
  leaves it out then changes the signature and is rejected);
* lay one exposed chow or pung down among the standing tiles (an exposed kong becomes concealed);
* move one whole suit (every tile of it) one rank down, or to a lower suit letter;
* lower every copy of one tile kind by one rank (a numbered tile) or to a lower honour.

A step may make the tiles no winning hand, or another hand altogether; the signature test
rejects it (the reference's answer is part of the signature).  Deterministic: the same
hand, key and implementation give the same shrunk hand.
"""

from __future__ import annotations

from gb16.reference import tiles as T
from gb16.reference.hand import FLAGS as CIRCUMSTANCE_FLAGS
from gb16.reference.notation import parse_hand, parse_tile

#: The circumstance flags (reference/hand.py), in the order a step drops them: the last tile first.
FLAGS = tuple(sorted(CIRCUMSTANCE_FLAGS, key=lambda flag: flag != "last_tile"))


def _parts(case: dict):
    """(melds as (tiles, exposed), standing tiles) of a case's hand, or None when it does not parse."""
    try:
        parsed = parse_hand(case["hand"])
    except Exception:
        return None
    melds = [(list(g.tiles), bool(g.exposed)) for g in parsed.melds]
    return melds, list(parsed.standing)


def _text(melds, standing) -> str:
    out = []
    for tiles, exposed in melds:
        names = T.names(sorted(tiles))
        out.append(f"[{names}]" if exposed else f"{{{names}}}")
    if standing:
        out.append(T.names(sorted(standing)))
    return " ".join(out)


def size(case: dict):
    parts = _parts(case)
    flags = sum(bool(case.get(k)) for k in FLAGS) + (case.get("flowers", 0) > 0) \
        + (case.get("win_by") == "self_draw") + _wind_size(case.get("prevalent_wind")) \
        + _wind_size(case.get("seat_wind"))
    if parts is None:
        return (flags, 99, 9999, len(case.get("hand", "")), case.get("hand", ""))
    melds, standing = parts
    tiles = standing + [t for m, _ in melds for t in m]
    ranks = sum(T.number_of(t) if t < 27 else 10 + (t - 27) for t in tiles)
    return (flags, len(melds), ranks, len(case["hand"]), case["hand"])


def _wind_size(wind) -> int:
    """A wind left out (no wind, R-020) is simplest, then 东, then the others."""
    return 0 if wind is None else 1 if wind == "E" else 2


def _with_tiles(case, melds, standing):
    return dict(case, hand=_text(melds, standing))


def _tile(name: str) -> int:
    return parse_tile(name)


def steps(case: dict):
    """Every one-step simplification of ``case`` (see the module docstring), in order."""
    for k in FLAGS:
        if case.get(k):
            yield {key: v for key, v in case.items() if key != k}
    if case.get("flowers"):
        yield dict(case, flowers=0)
    if case.get("win_by") == "self_draw":
        yield {k: v for k, v in dict(case, win_by="discard").items() if k != "kong_replacement"}
    for wind in ("prevalent_wind", "seat_wind"):
        if case.get(wind) is not None:
            yield {k: v for k, v in case.items() if k != wind}
        if case.get(wind, "E") != "E":
            yield dict(case, **{wind: "E"})
    parts = _parts(case)
    if parts is None:
        return
    melds, standing = parts
    for k, (tiles, exposed) in enumerate(melds):
        rest = melds[:k] + melds[k + 1:]
        if len(tiles) == 3:
            yield _with_tiles(case, rest, standing + tiles)
        elif exposed:
            yield _with_tiles(case, rest[:k] + [(tiles, False)] + rest[k:], standing)
    win = _tile(case["win_tile"])

    def remapped(f):
        new_melds = [([f(t) for t in tiles], exposed) for tiles, exposed in melds]
        new = _with_tiles(case, new_melds, [f(t) for t in standing])
        new["win_tile"] = T.name(f(win))
        return new

    all_tiles = standing + [t for m, _ in melds for t in m]
    for suit in "mps":
        ranks = {T.number_of(t) for t in all_tiles if t < 27 and T.suit_of(t) == suit}
        if ranks and min(ranks) > 1:
            yield remapped(lambda t, s=suit: t - 1 if t < 27 and T.suit_of(t) == s else t)
    for a, b in (("p", "m"), ("s", "p"), ("s", "m")):
        ta = {t for t in all_tiles if t < 27 and T.suit_of(t) == a}
        tb = {t for t in all_tiles if t < 27 and T.suit_of(t) == b}
        if ta and not tb:
            yield remapped(lambda t, a=a, b=b: T.tile(b, T.number_of(t)) if t < 27 and T.suit_of(t) == a else t)
    for kind in sorted(set(all_tiles)):
        if kind < 27 and T.number_of(kind) > 1 and kind - 1 not in all_tiles:
            yield remapped(lambda t, k=kind: k - 1 if t == k else t)
        elif kind >= 27:
            for lower in range(27, kind):
                if lower not in all_tiles:
                    yield remapped(lambda t, k=kind, lo=lower: lo if t == k else t)
                    break


def shrink(case: dict, key: str, signature, budget: int = 400):
    """The smallest hand reachable by greedy steps whose ``signature(hand)[0]`` is ``key``.

    Returns ``(hand, tries)``.
    """
    current, tries = case, 0
    improved = True
    while improved and tries < budget:
        improved = False
        for candidate in steps(current):
            if candidate is None or size(candidate) >= size(current):
                continue
            tries += 1
            if signature(candidate)[0] == key:
                current, improved = candidate, True
                break
            if tries >= budget:
                break
    return current, tries
