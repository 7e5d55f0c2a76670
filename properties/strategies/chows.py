"""The chow family: three or four related chows (seed000 §二.5–6) — the three-/four-chow
fans, chow pairs, and five chows on which two big combinations tie."""

from __future__ import annotations

import functools
import itertools

from hypothesis import strategies as st

from gb16.properties.definitions import FAN, chow_candidates
from gb16.properties.hands import NUMBER_SUITS
from gb16.properties.strategies.blocks import _chow, permuted, sampled

# --------------------------------------------------------------------------------------
# Families of related sets (the structures big fans are made of)


def _chow_family(draw) -> tuple[str, list[tuple[str, ...]]]:
    """Three or four related chows (seed000 §二.5–6): the 3-/4-chow fans and chow pairs."""
    kind = draw(sampled((
        "pure_triple", "quadruple", "pure_shifted_1", "pure_shifted_2", "four_shifted_1",
        "four_shifted_2", "pure_straight", "mixed_straight", "mixed_triple", "mixed_shifted",
        "double_pairs", "four_uneven_steps", "mixed_steps_of_two", "straight_and_shifted")))
    s = draw(sampled(NUMBER_SUITS))
    perm = draw(permuted(NUMBER_SUITS))
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
        steps = draw(sampled(((1, 1, 2), (1, 2, 1), (2, 1, 1), (1, 2, 2), (2, 1, 2),
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
        extra = draw(st.lists(sampled((2, 3, 5, 6)), min_size=2, max_size=2, unique=True))
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
        rel = draw(sampled(("same", "mixed", "short", "terminal")))
        a = draw(st.integers(1, 7))
        x, y = draw(permuted(NUMBER_SUITS))[:2]
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
    is decided by the chow-pair links of §二.6 alone.  Chows are (suit, start) pairs, the
    multisets in the order of ``itertools.combinations_with_replacement``.

    Found with the independent definitions (gb16.properties.definitions), evaluated once per
    orbit of the symmetries the definitions keep — suit permutations and number reflection;
    the chows are numbered in (suit, start) order, so that a multiset's orbit is named by the
    least of its images as sorted number tuples, each orbit worked out once — in a second or two."""
    types = [(x, a) for x in NUMBER_SUITS for a in range(1, 8)]
    number = {t: i for i, t in enumerate(types)}
    images = [[number[(r[x], 8 - a if flip else a)] for x, a in types]
              for r in (dict(zip(NUMBER_SUITS, p)) for p in itertools.permutations(NUMBER_SUITS))
              for flip in (False, True)]
    # the tiles of each chow, numbered
    tiles = [[9 * NUMBER_SUITS.index(x) + a - 1 + k for k in range(3)] for x, a in types]

    orbit: dict[tuple[int, ...], tuple[int, ...]] = {}
    tied: dict[tuple[int, ...], bool] = {}
    out = []
    for chows in itertools.combinations_with_replacement(range(len(types)), 5):
        copies = [0] * 27
        for c in chows:
            for t in tiles[c]:
                copies[t] += 1
        if max(copies) > 4:
            continue
        key = orbit.get(chows)
        if key is None:   # a new orbit: its members, each named by the least of them
            members = [tuple(sorted(image[c] for c in chows)) for image in images]
            key = min(members)
            orbit.update(dict.fromkeys(members, key))
        if key not in tied:
            candidates = chow_candidates(tuple(types[c] for c in key))
            top = max((FAN[f]["points"] for f, _ in candidates), default=None)
            tied[key] = len({f for f, _ in candidates if FAN[f]["points"] == top}) >= 2
        if tied[key]:
            out.append(tuple(types[c] for c in chows))
    return tuple(out)
