"""Reading the hand notation of the rule page (seed000 §四; docs/contract.md "Hand notation").

    111222333444z 123m 55z，点和5z
    [123m] 222m 444p 666s 111z 55z
    {1111m} [789s] 23455p EEE

Digits followed by a suit letter (m p s z), honour letters E S W N C P F or the honour
characters 东 南 西 北 中 白 发, ``[...]`` for an exposed meld, ``{...}`` for a concealed kong,
spaces (or 、 , ;) anywhere between tiles, and an optional suffix ``，点和X`` (discard) or
``，自摸X`` (self-draw) — or, for a hand that waits, ``听X`` (seed000 §四.5 "…555z听3s").

The text is NFKC-normalised first, so what a person types on a Chinese keyboard reads as
the ASCII notation: full-width digits and letters (``１１１ｚ``), the full-width comma and
semicolon (``，`` ``；``), the ideographic space.  Every mistake is an
:class:`~gb16.reference.errors.InputError` whose message points at the place to fix; a
suffix word that is not one of the three (``点合5z``) is named as such.

Two readers share the work.  The general reader takes everything above, in one
left-to-right pass, and says what is wrong.  The common reader (:func:`_read_common`) takes
only the form the corpus and programs write — ASCII tiles, spaces and brackets, perhaps
``，点和5z`` / ``，自摸5z`` at the end — for which NFKC and the search for a suffix word change
nothing, and reads it in one short pass; on anything else, or on any mistake, it
gives up and the general reader reads the hand, so that every message comes from one place.
"""

from __future__ import annotations

import unicodedata
from dataclasses import dataclass
from itertools import repeat

from . import tiles as T
from .errors import InputError
from .groups import CHOW, KONG, PUNG, Group

#: The longest hand string read (docs/contract.md "Input limits"), checked before parsing.
#: A 17-tile hand written tile by tile, with brackets, spaces and a suffix, stays under 100.
MAX_HAND_CHARS = 256
#: The longest tile string read (``win_tile``, the tile of a suffix).
MAX_TILE_CHARS = 16

#: The separators, after NFKC (which makes ， ； and the ideographic space , ; and a space):
#: a space, the ideographic enumeration comma 、, the comma and the semicolon.  Tabs,
#: newlines, U+2028 and other control or format characters are not part of the notation and
#: are refused where they stand.
SPACE = " "
SEPARATORS = " 、,;"
#: The suffix words of the rule page (seed000 §四): 点和 (won on a discard), 自摸 (self-drawn),
#: 听 (the tile a waiting hand waits for, §四.5).
SUFFIX_WORDS = {"点和": "discard", "自摸": "self_draw", "听": "ting"}
#: The honour characters of the rule page, "z的1至7依次为东南西北中白发" (seed000 §四),
#: with the traditional 東 and 發.
HONOUR_CHARACTERS = {**{ch: t for t, ch in T.HONOUR_NAMES.items()}, "東": T.EAST, "發": T.GREEN}
_NOTATION_LETTERS = frozenset("mpsz") | frozenset(T.HONOUR_LETTERS) | frozenset(HONOUR_CHARACTERS)
#: Suit names a person may type instead of the letters; refused with a hint.
_SUIT_WORDS = {"万": "m", "萬": "m", "筒": "p", "饼": "p", "餅": "p", "条": "s", "條": "s", "索": "s"}
_OPEN = {"[": "]", "{": "}"}
_BRACKETS = "[]{}"


@dataclass(frozen=True)
class ParsedHand:
    standing: tuple[int, ...]  # the tiles outside brackets, in the order written
    melds: tuple[Group, ...]   # exposed melds and concealed kongs, in the order written
    suffix_win_by: str | None = None     # "discard" or "self_draw" (，点和X / ，自摸X)
    suffix_win_tile: int | None = None
    suffix_ting: int | None = None       # 听X: the tile a waiting hand is said to wait for


def normalise(text: str) -> str:
    """NFKC (Unicode compatibility composition): full-width ５ ｚ ， ； become 5 z , ; and the
    ideographic space a space — the same characters, as a Chinese keyboard types them."""
    return unicodedata.normalize("NFKC", text)


def parse_tile(text: str) -> int:
    """One tile: ``'5z'``, ``'3m'``, an honour letter ``'C'`` or character ``'中'``."""
    common = _common_tile(text)
    if common is not None:
        return common
    if len(text) > MAX_TILE_CHARS:
        raise InputError("invalid_notation", f"a tile is at most {MAX_TILE_CHARS} characters, "
                                             f"got {len(text)}: {_clip(text)}")
    text = normalise(text)
    tiles = _parse_tiles(text.strip(SPACE), where="tile")
    if len(tiles) != 1:
        raise InputError("invalid_notation", f"expected one tile, got {text!r}")
    return tiles[0]


def parse_hand(text: str) -> ParsedHand:
    """The hand string of a case input, in one left-to-right pass (time linear in its length)."""
    if len(text) > MAX_HAND_CHARS:
        raise InputError("invalid_notation", f"the hand is {len(text)} characters long (at most {MAX_HAND_CHARS}): "
                                             f"{_clip(text)}")
    common = _read_common(text)
    if common is not None:
        return common
    text = normalise(text)
    if len(text) > MAX_HAND_CHARS:  # NFKC can lengthen a character (㍿ is four)
        raise InputError("invalid_notation", f"the hand is {len(text)} characters long once normalised "
                                             f"(at most {MAX_HAND_CHARS}): {_clip(text)}")
    body, how, suffix_tile = _split_suffix(text)
    standing: list[int] = []
    melds: list[Group] = []
    i, n = 0, len(body)
    plain_start = 0
    while i < n:
        ch = body[i]
        if ch in _OPEN:
            standing.extend(_parse_tiles(body[plain_start:i], where="hand", offset=plain_start))
            close = _closing_bracket(body, i)
            inner = body[i + 1:close]
            melds.append(_meld(_parse_tiles(inner, where="meld", offset=i + 1), exposed=(ch == "["),
                               text=body[i:close + 1]))
            i = plain_start = close + 1
            continue
        if ch in "]}":
            raise InputError("invalid_notation", f"unmatched {ch!r} at position {i + 1}")
        i += 1
    standing.extend(_parse_tiles(body[plain_start:], where="hand", offset=plain_start))
    if how == "ting":
        return ParsedHand(tuple(standing), tuple(melds), suffix_ting=suffix_tile)
    return ParsedHand(tuple(standing), tuple(melds), how, suffix_tile)


#: The characters of the common form (digits 1–9, suit and honour letters, the space, the
#: brackets): ASCII, so NFKC leaves them as they are, and none of them is a suffix word.
_COMMON_CHARS = frozenset("123456789mpsz ESWNCPF[]{}")
#: The suffixes of the common form, and the separator that may stand before them.
_COMMON_SUFFIXES = {"点和": "discard", "自摸": "self_draw"}
_COMMON_SEPARATORS = ("，", ",")


def _common_tile(text: str) -> int | None:
    """A tile written as a digit and a suit letter (``'5z'``), or None for any other text."""
    if len(text) == 2 and text[0] in "123456789" and text[1] in "mpsz" and (text[1] != "z" or text[0] <= "7"):
        return _numbered(int(text[0]), text[1], 1)
    return None


def _read_common(text: str) -> ParsedHand | None:
    """The common form (``[123m][456p] {1111z} 334455666m789p33s，点和5z``) read fast, or None.

    None means: not the common form, or a mistake in it — the general reader then reads the
    text and names the mistake (so no position is kept here: only messages use them).  On the
    common form both readers give the same :class:`ParsedHand`: the characters are ASCII
    (NFKC keeps them), the only letters outside the notation are those of a ``点和`` / ``自摸``
    at the very end, so the suffix is found where the general reader finds it, and the tiles
    are read by the same :func:`_numbered` and :func:`_meld`.
    """
    how = win_tile = None
    if text[-4:-2] in _COMMON_SUFFIXES:
        how, win_tile = _COMMON_SUFFIXES[text[-4:-2]], _common_tile(text[-2:])
        if win_tile is None:
            return None
        text = text[:-4]
        if text.endswith(_COMMON_SEPARATORS):
            text = text[:-1]
    if not (text.isascii() and _COMMON_CHARS.issuperset(text)):
        return None
    standing: list[int] = []
    melds: list[Group] = []
    tiles = standing  # where the tiles read go: the standing tiles, or the meld being read
    digits = ""       # digits waiting for their suit letter
    opened = ""       # the bracket of the meld being read
    try:
        for ch in text:
            if ch in "123456789":
                digits += ch
            elif ch in "mpsz" and digits:
                tiles.extend(map(_numbered, map(int, digits), repeat(ch), repeat(0)))
                digits = ""
            elif ch == SPACE:
                continue  # ignored, even between digits and their suit letter, as by the general reader
            elif digits:
                return None  # digits without a suit letter
            elif ch in T.HONOUR_LETTERS:
                tiles.append(T.HONOUR_LETTERS[ch])
            elif ch in _OPEN and not opened:
                tiles, opened = [], ch
            elif ch == _OPEN.get(opened):
                melds.append(_meld(tiles, exposed=(opened == "["), text=opened))  # (text: for a message)
                tiles, opened = standing, ""
            else:
                return None  # a suit letter without digits, a bracket out of place
    except InputError:  # a tile that does not exist, a meld that is none
        return None
    if digits or opened:
        return None
    return ParsedHand(tuple(standing), tuple(melds), how, win_tile)


def _is_word(ch: str) -> bool:
    """A letter that is no part of the tile notation: the characters of a suffix word."""
    return ch not in _NOTATION_LETTERS and unicodedata.category(ch).startswith("L")


def _split_suffix(text: str) -> tuple[str, str | None, int | None]:
    """``(body, how, tile)``: the suffix — a word and one tile at the end of the hand.

    The word is the run of letters that are no part of the notation (one pass over the
    text); it must be followed by exactly one tile.  点和 / 自摸 / 听 are the suffixes
    (:data:`SUFFIX_WORDS`); any other word there (点合, 自模, ron) is an unknown suffix.
    A word anywhere else is left to the tile reader, which names the character.
    """
    words = [k for k, ch in enumerate(text) if _is_word(ch)]
    if not words:
        return text, None, None
    start, end = words[0], words[-1] + 1
    if len(words) != end - start:
        return text, None, None
    word, tail = text[start:end], text[end:].strip(SPACE)
    try:
        tile = parse_tile(tail) if tail else None
    except InputError:
        tile = None
    if tile is None:
        if word in SUFFIX_WORDS:
            raise InputError("invalid_notation", f"'{word}' must be followed by one tile, as in ，{word}5z"
                                                 + (f"; got {_clip(tail)}" if tail else ""))
        return text, None, None
    if word not in SUFFIX_WORDS:
        t = T.name(tile)
        raise InputError("invalid_notation", f"unknown suffix '{word}' — write ，点和{t} or ，自摸{t} "
                                             f"(or 听{t} for a hand that waits)")
    return text[:start].rstrip(SEPARATORS), SUFFIX_WORDS[word], tile


def _closing_bracket(body: str, i: int) -> int:
    """The index of the bracket closing the one at ``i``; any other bracket on the way is an error."""
    want = _OPEN[body[i]]
    for j in range(i + 1, len(body)):
        if body[j] == want:
            return j
        if body[j] in _BRACKETS:
            raise InputError("invalid_notation", f"brackets nested or unbalanced after position {i + 1}")
    raise InputError("invalid_notation", f"unclosed {body[i]!r} at position {i + 1}")


def _parse_tiles(text: str, where: str, offset: int = 0) -> list[int]:
    """Digits-then-suit runs, honour letters and characters; separators ignored."""
    out: list[int] = []
    digits: list[tuple[int, str]] = []
    for k, ch in enumerate(text):
        pos = offset + k + 1
        if ch in SEPARATORS:
            if ch != SPACE and where == "tile":
                raise InputError("invalid_notation", f"unexpected character {ch!r} at position {pos} in the tile")
            if digits and ch != SPACE:
                raise InputError("invalid_notation",
                                 f"digits at position {digits[0][0]} have no suit letter (m, p, s or z)")
            continue
        if ch in "0123456789":
            digits.append((pos, ch))
        elif ch in "mpsz":
            if not digits:
                raise InputError("invalid_notation", f"suit letter {ch!r} at position {pos} has no digits before it")
            for dpos, d in digits:
                out.append(_numbered(int(d), ch, dpos))
            digits = []
        elif ch in T.HONOUR_LETTERS or ch in HONOUR_CHARACTERS:
            if digits:
                raise InputError("invalid_notation",
                                 f"digits at position {digits[0][0]} have no suit letter (m, p, s or z)")
            out.append(T.HONOUR_LETTERS[ch] if ch in T.HONOUR_LETTERS else HONOUR_CHARACTERS[ch])
        elif not ch.isprintable() or ch.isspace():
            raise InputError("invalid_notation",
                             f"character U+{ord(ch):04X} ({_describe(ch)}) at position {pos} in the {where}: "
                             "only spaces (or 、 , ;) may separate tiles")
        elif ch in _SUIT_WORDS:
            raise InputError("invalid_notation",
                             f"unexpected character {ch!r} at position {pos} in the {where}: write the suit as "
                             f"a letter after the digits ({ch} is {_SUIT_WORDS[ch]}, e.g. 123{_SUIT_WORDS[ch]})")
        else:
            raise InputError("invalid_notation",
                             f"unexpected character {ch!r} at position {pos} in the {where}; use digits with "
                             "m/p/s/z, honours E S W N C P F or 东 南 西 北 中 白 发, [..] and {..}")
    if digits:
        raise InputError("invalid_notation", f"digits at position {digits[0][0]} have no suit letter (m, p, s or z)")
    return out


def _describe(ch: str) -> str:
    category = unicodedata.category(ch)
    if category == "Cs":
        return "a lone surrogate, not Unicode text: an undecodable byte?"
    return unicodedata.name(ch, "a control character" if category == "Cc" else "an unassigned character")


def _clip(text: str, n: int = 40) -> str:
    """``text`` as a quoted literal, cut after ``n`` characters (a message never echoes a huge value)."""
    return repr(text) if len(text) <= n else repr(text[:n]) + "…"


def _numbered(d: int, suit: str, pos: int) -> int:
    if suit == "z":
        if not 1 <= d <= 7:
            raise InputError("invalid_tile", f"{d}z at position {pos} does not exist: honours are 1z–7z")
    elif d == 0:
        raise InputError("invalid_tile", f"0{suit} at position {pos} does not exist: numbers are 1–9")
    return _BEFORE_ONE[suit] + d


#: tiles.tile as a table: tile d of a suit is d places after the suit's entry here.
_BEFORE_ONE = {suit: T.tile(suit, 1) - 1 for suit in "mpsz"}


def _meld(tiles: list[int], exposed: bool, text: str) -> Group:
    """An exposed meld (chow, pung or kong) or a concealed kong (xinbian 第三章 22–29).

    A group is immutable, so each meld is made once and kept (:data:`_MELDS`, at most a few
    hundred: only melds that exist are kept, an error is raised afresh each time).
    """
    key = (tuple(sorted(tiles)), exposed)
    meld = _MELDS.get(key)
    if meld is None:
        meld = _MELDS[key] = _new_meld(list(key[0]), exposed, text)
    return meld


#: (sorted tiles, exposed) -> the meld they form.
_MELDS: dict[tuple[tuple[int, ...], bool], Group] = {}


def _new_meld(tiles: list[int], exposed: bool, text: str) -> Group:
    if not tiles:
        raise InputError("invalid_notation", f"empty meld {text}")
    same = len(set(tiles)) == 1
    if not exposed:
        if len(tiles) == 4 and same:
            return Group(KONG, tiles[0], exposed=False, concealed=True)
        raise InputError("invalid_meld", f"{text} is not a concealed kong: {{...}} must hold four identical tiles")
    if len(tiles) == 4 and same:
        return Group(KONG, tiles[0], exposed=True, concealed=False)
    if len(tiles) == 3 and same:
        return Group(PUNG, tiles[0], exposed=True, concealed=False)
    if (len(tiles) == 3 and T.is_numbered(tiles[0]) and tiles[1] == tiles[0] + 1 and tiles[2] == tiles[0] + 2
            and T.suit_of(tiles[0]) == T.suit_of(tiles[2])):
        return Group(CHOW, tiles[0], exposed=True, concealed=False)
    raise InputError("invalid_meld", f"{text} is not a chow, pung or kong")
