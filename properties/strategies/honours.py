"""The honour family: 大/小四喜, 大/小三元, 三风刻, 双箭刻, 字一色."""

from __future__ import annotations

from gb16.properties.strategies.blocks import DRAGON_TILES, HONOURS, WIND_TILES, _pung, permuted, sampled


def _honour_family(draw) -> tuple[str, list[tuple[str, ...]], str | None]:
    """Wind and dragon structures: 大/小四喜, 大/小三元, 三风刻, 双箭刻, 字一色."""
    kind = draw(sampled((
        "big_winds", "little_winds", "big_dragons", "little_dragons", "three_winds",
        "two_dragons", "all_honours", "winds_and_dragons")))
    winds = list(draw(permuted(WIND_TILES)))
    dragons = list(draw(permuted(DRAGON_TILES)))
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
        tiles = draw(permuted(HONOURS))
        return kind, [_pung(t) for t in tiles[:5]], tiles[5]
    return kind, [_pung(winds[0]), _pung(winds[1]), _pung(dragons[0])], None


