"""A hand shown as tiles: its groups as written (standing tiles, exposed melds, concealed kongs),
each tile's glyph and Chinese name.  Display only — never used for scoring."""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any


#: Unicode mahjong tiles: 🀇–🀏 万 1–9, 🀐–🀘 条 1–9, 🀙–🀡 筒 1–9; honours 东南西北 中 白 发.
_SUIT_BASE = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}
_HONOURS = {1: "\U0001F000", 2: "\U0001F001", 3: "\U0001F002", 4: "\U0001F003",
            5: "\U0001F004", 6: "\U0001F006", 7: "\U0001F005"}
_HONOUR_LETTERS = {"E": 1, "S": 2, "W": 3, "N": 4, "C": 5, "P": 6, "F": 7}
_TILE_NAMES = {"m": "万", "p": "筒", "s": "条"}
_HONOUR_NAMES = {1: "东", 2: "南", 3: "西", 4: "北", 5: "中", 6: "白", 7: "发"}


def tile_glyph(tile: str) -> str:
    """"1m" → 🀇, "5z" → 🀄 (中), "6z" → 🀆 (白), "7z" → 🀅 (发); anything else unchanged."""
    if len(tile) == 2 and tile[0].isdigit():
        number, suit = int(tile[0]), tile[1]
        if suit in _SUIT_BASE and 1 <= number <= 9:
            return chr(_SUIT_BASE[suit] + number - 1)
        if suit == "z" and number in _HONOURS:
            return _HONOURS[number]
    return tile


def tile_name(tile: str) -> str:
    """"1m" → "1万", "5z" → "中"."""
    if len(tile) == 2 and tile[0].isdigit():
        number, suit = int(tile[0]), tile[1]
        if suit in _TILE_NAMES:
            return f"{number}{_TILE_NAMES[suit]}"
        if suit == "z" and number in _HONOUR_NAMES:
            return _HONOUR_NAMES[number]
    return tile


@dataclass
class HandGroup:
    kind: str            # "concealed" | "exposed" | "kong"  (standing tiles, [..] melds, {..} kongs)
    tiles: list[str]


def parse_hand_for_display(hand: Any) -> tuple[list[HandGroup], str] | None:
    """Split a hand string into display groups and its suffix (e.g. "，点和5z").

    Display only — never used for scoring; returns None when the string cannot be read
    (invalid-notation cases), and the caller shows the raw string.
    """
    if not isinstance(hand, str):
        return None
    text, suffix = hand, ""
    match = re.search(r"[，,]\s*(点和|自摸)\s*(\S+)\s*$", hand)
    if match:
        text, suffix = hand[:match.start()], hand[match.start():]
    groups: list[HandGroup] = []
    loose: list[str] = []
    for match in re.finditer(r"\[([^\[\]{}]*)\]|\{([^\[\]{}]*)\}|([^\[\]{}]+)|(.)", text):
        if match.group(4):
            return None
        body = match.group(1) if match.group(1) is not None else match.group(2) if match.group(2) is not None else match.group(3)
        tiles = _tiles(body)
        if tiles is None:
            return None
        if match.group(3) is not None:
            loose.extend(tiles)
        else:
            if not tiles:
                return None
            groups.append(HandGroup("exposed" if match.group(1) is not None else "kong", tiles))
    if loose:
        groups.insert(0, HandGroup("concealed", loose))
    return groups, suffix


def _tiles(body: str) -> list[str] | None:
    tiles, digits = [], []
    for ch in body:
        if ch.isspace():
            continue
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mpsz":
            if not digits:
                return None
            tiles.extend(d + ch for d in digits)
            digits = []
        elif ch in _HONOUR_LETTERS:
            if digits:
                return None
            tiles.append(f"{_HONOUR_LETTERS[ch]}z")
        else:
            return None
    return None if digits else tiles
