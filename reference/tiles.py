"""Tiles: the 34 tile types, their names in the rule page's notation, and the tile
families the fan definitions speak of.

A tile is an ``int`` index 0–33::

    0– 8   1m–9m   万 (characters)
    9–17   1p–9p   筒 (dots)
   18–26   1s–9s   条 (bamboo)
   27–33   1z–7z   东 南 西 北 中 白 发

The order of the honours is the rule page's own (seed000 §四: "z的1至7依次为东南西北中白发"),
so 5z is 中, 6z is 白 and 7z is 发 — not the order most riichi tools use.
"""

from __future__ import annotations

from collections.abc import Iterable

SUITS = "mps"
SUIT_NAMES = {"m": "万", "p": "筒", "s": "条"}

EAST, SOUTH, WEST, NORTH, RED, WHITE, GREEN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (RED, WHITE, GREEN)
HONOURS = WINDS + DRAGONS

#: Honour letters accepted in the notation (docs/contract.md): C 中, P 白, F 发.
HONOUR_LETTERS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH, "C": RED, "P": WHITE, "F": GREEN}
WIND_LETTERS = {"E": EAST, "S": SOUTH, "W": WEST, "N": NORTH}
HONOUR_NAMES = {EAST: "东", SOUTH: "南", WEST: "西", NORTH: "北", RED: "中", WHITE: "白", GREEN: "发"}


def tile(suit: str, number: int) -> int:
    """The tile ``number`` of ``suit`` ('m', 'p', 's' or 'z')."""
    if suit == "z":
        return 26 + number
    return SUITS.index(suit) * 9 + number - 1


def is_honour(t: int) -> bool:
    return t >= 27


def is_numbered(t: int) -> bool:
    return t < 27


_SUIT_OF = tuple("mps"[t // 9] if t < 27 else "z" for t in range(34))
_NUMBER_OF = tuple(t % 9 + 1 if t < 27 else t - 26 for t in range(34))


def suit_of(t: int) -> str:
    """'m', 'p', 's' or 'z'."""
    return _SUIT_OF[t]


def number_of(t: int) -> int:
    """The rank 1–9 of a numbered tile, or 1–7 of an honour in z notation."""
    return _NUMBER_OF[t]


def is_terminal(t: int) -> bool:
    """A numbered 1 or 9."""
    return t < 27 and number_of(t) in (1, 9)


def is_terminal_or_honour(t: int) -> bool:
    """幺九牌 (xinbian 第三章 12): the 1s and 9s of the three suits and the honours."""
    return t >= 27 or number_of(t) in (1, 9)


_NAMES = tuple(f"{_NUMBER_OF[t]}{_SUIT_OF[t]}" for t in range(34))


def name(t: int) -> str:
    """The notation of one tile: ``'5z'``, ``'3m'``."""
    return _NAMES[t]


def names(tiles: Iterable[int]) -> str:
    """A run of tiles in compact notation, grouped by suit: ``'123m55z'``."""
    out, run_suit = [], None
    for t in tiles:
        s = suit_of(t)
        if run_suit is not None and s != run_suit:
            out.append(run_suit)
        out.append(str(number_of(t)))
        run_suit = s
    if run_suit is not None:
        out.append(run_suit)
    return "".join(out)


#: Unicode mahjong tile glyphs (U+1F000 block), for human output.
_GLYPHS = {
    **{tile("m", n): chr(0x1F007 + n - 1) for n in range(1, 10)},
    **{tile("s", n): chr(0x1F010 + n - 1) for n in range(1, 10)},
    **{tile("p", n): chr(0x1F019 + n - 1) for n in range(1, 10)},
    EAST: "\U0001F000", SOUTH: "\U0001F001", WEST: "\U0001F002", NORTH: "\U0001F003",
    RED: "\U0001F004", GREEN: "\U0001F005", WHITE: "\U0001F006",
}


def glyph(t: int) -> str:
    return _GLYPHS[t]


def glyphs(tiles: Iterable[int]) -> str:
    return "".join(_GLYPHS[t] for t in tiles)


#: 绿一色 (xinbian 第七章 3): 2 3 4 6 8 条 and 发.
GREEN_TILES = frozenset({tile("s", n) for n in (2, 3, 4, 6, 8)} | {GREEN})

#: 推不倒 (xinbian 第七章 40): tiles whose faces are centrally symmetric —
#: 1 2 3 4 5 8 9 筒, 2 4 5 6 8 9 条 and 白.
REVERSIBLE_TILES = frozenset(
    {tile("p", n) for n in (1, 2, 3, 4, 5, 8, 9)} | {tile("s", n) for n in (2, 4, 5, 6, 8, 9)} | {WHITE}
)

ALL_TILES = range(34)
