"""A hand shown as tiles: its groups as written (standing tiles, exposed melds, concealed kongs),
each tile's glyph and Chinese name.  Display only — never used for scoring.

The hand is read by the reference's own reader (gb16.reference.notation) and the tiles are named
from gb16.reference.tiles: the reports have no tile table or notation reader of their own.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from gb16.reference import tiles as T
from gb16.reference.errors import InputError
from gb16.reference.notation import SUFFIX_WORDS, parse_hand

#: "1m" → its tile index, for the 34 tiles written as a digit and a letter.
_TILE_OF_NAME = {T.name(t): t for t in T.ALL_TILES}


def tile_glyph(tile: str) -> str:
    """"1m" → 🀇, "5z" → 🀄 (中), "6z" → 🀆 (白), "7z" → 🀅 (发); anything else unchanged."""
    return T.glyph(_TILE_OF_NAME[tile]) if tile in _TILE_OF_NAME else tile


def tile_name(tile: str) -> str:
    """"1m" → "1万", "5z" → "中"; anything else unchanged."""
    if tile not in _TILE_OF_NAME:
        return tile
    t = _TILE_OF_NAME[tile]
    return T.HONOUR_NAMES[t] if T.is_honour(t) else f"{T.number_of(t)}{T.SUIT_NAMES[T.suit_of(t)]}"


@dataclass
class HandGroup:
    kind: str            # "concealed" | "exposed" | "kong"  (standing tiles, [..] melds, {..} kongs)
    tiles: list[str]


def parse_hand_for_display(hand: Any) -> tuple[list[HandGroup], str] | None:
    """The hand string's display groups — the standing tiles first, then the melds in the order
    written — and its suffix as written (e.g. "，点和5z", with the comma before it).

    None when the reference's reader refuses the string (invalid-notation cases): the caller
    shows the raw string.
    """
    if not isinstance(hand, str):
        return None
    try:
        parsed = parse_hand(hand)
    except InputError:
        return None
    groups = [HandGroup("exposed" if meld.exposed else "kong", [T.name(t) for t in meld.tiles])
              for meld in parsed.melds]
    if parsed.standing:
        groups.insert(0, HandGroup("concealed", [T.name(t) for t in parsed.standing]))
    return groups, _suffix_as_written(hand) if parsed.suffix_win_by or parsed.suffix_ting is not None else ""


def _suffix_as_written(hand: str) -> str:
    """The suffix word and its tile at the end of *hand*, from the comma before it when there is one."""
    start = max(hand.rfind(word) for word in SUFFIX_WORDS)
    before = hand[:start].rstrip()
    return hand[len(before) - 1:] if before.endswith(("，", ",")) else hand[start:]
