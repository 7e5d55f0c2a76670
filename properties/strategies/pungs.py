"""The pung family: 一色三/四节高, 三同刻, 三色三节高, 双同刻 (seed000 §二.5, R-002, R-008)."""

from __future__ import annotations

from hypothesis import strategies as st

from gb16.properties.hands import NUMBER_SUITS
from gb16.properties.strategies.blocks import _pung, permuted, sampled

def _pung_family(draw) -> tuple[str, list[tuple[str, ...]]]:
    """Related pungs: 一色三/四节高, 三同刻, 三色三节高, 双同刻 (seed000 §二.5, R-002, R-008)."""
    kind = draw(sampled((
        "pure_shifted", "four_pure_shifted", "triple_pung", "mixed_shifted", "double_pung",
        "triple_and_double", "two_double", "mixed_shifted_twice")))
    s = draw(sampled(NUMBER_SUITS))
    perm = draw(permuted(NUMBER_SUITS))
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

