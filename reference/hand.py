"""The input contract (docs/contract.md): validating a case input into a :class:`Hand`.

Validation never corrects anything: every problem is an
:class:`~gb16.reference.errors.InputError` with one of the closed set of codes and a
message saying what to fix, in the words of the caller: a case input's messages name its
JSON fields (``field 'win_tile' is required``), the command line's name its flags (``pass
--win TILE and --discard or --self-draw``) — see :class:`Terms`.  Checks run in this order, so the first problem reported is
the most basic one: the object and its fields, the variant, the notation and tiles, the
melds, copies, the tile count, the winning tile, the flags.  Whether the tiles form a
winning shape is decided later, by :mod:`gb16.reference.readings`.
"""

from __future__ import annotations

import json
import shlex
from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import compress
from typing import Any

from . import tiles as T
from .errors import InputError
from .groups import Group
from .notation import parse_hand, parse_tile
from .variants import VARIANTS, Variant

FIELDS = {
    "variant": str, "hand": str, "win_tile": str, "win_by": str,
    "prevalent_wind": str, "seat_wind": str, "flowers": int,
    "last_of_kind": bool, "last_tile": bool, "kong_replacement": bool, "robbing_kong": bool,
}
WIN_BY = ("discard", "self_draw")
FLAGS = ("last_of_kind", "last_tile", "kong_replacement", "robbing_kong")


@dataclass(frozen=True)
class Terms:
    """How error messages name the inputs: JSON fields (:data:`FIELD_TERMS`) or the flags of
    ``gb16 score`` / ``explain`` / ``waits`` (:data:`FLAG_TERMS`).  Only the wording differs;
    the codes are the same."""

    names: dict[str, Any]
    missing_win: str       # neither the winning tile nor the suffix
    missing_win_by: str    # a winning tile but no way of winning
    ask_variant: dict[str, Any]      # variant id -> how to ask for it

    def __getitem__(self, key: str) -> str:
        return str(self.names[key])


#: The words of the case input (docs/contract.md "Input").
FIELD_TERMS = Terms(
    names={"win_tile": "win_tile", "win_by": "win_by", "discard": "win_by 'discard'",
           "self_draw": "win_by 'self_draw'", "flowers": "flowers", "variant": "variant",
           **{f: f for f in FLAGS}},
    missing_win="field 'win_tile' is required (or end the hand with '，点和X' / '，自摸X')",
    missing_win_by="field 'win_by' is required: 'discard' or 'self_draw' (or end the hand with '，点和X' / '，自摸X')",
    ask_variant={"gb13": 'set "variant": "gb13"', "gb16": 'set "variant": "gb16" (or leave it out)'},
)

#: The words of the command line (gb16 score / explain / waits).
FLAG_TERMS = Terms(
    names={"win_tile": "--win", "win_by": "--discard/--self-draw", "discard": "--discard",
           "self_draw": "--self-draw", "flowers": "--flowers", "variant": "--variant",
           **{f: "--" + f.replace("_", "-") for f in FLAGS}},
    missing_win="pass --win TILE and --discard or --self-draw (or end the hand with ，点和5z or ，自摸5z)",
    missing_win_by="pass --discard or --self-draw (or end the hand with ，点和X or ，自摸X)",
    ask_variant={"gb13": "add --variant gb13", "gb16": "leave out --variant (gb16 is the default)"},
)


def command_arguments(case_input: object) -> str | None:
    """A case input as the arguments of ``gb16 score`` / ``gb16 explain`` that give it, for a
    shell: the hand string quoted (with its ``，点和X`` / ``，自摸X`` suffix, added when the input
    gives ``win_tile`` and ``win_by`` as fields), then the flags of :data:`FLAG_TERMS` for the
    other fields that are set (an unset wind is no wind: nothing is written).  None when the input
    has no hand string."""
    if not isinstance(case_input, dict) or not isinstance(case_input.get("hand"), str):
        return None
    hand, rest = case_input["hand"], []
    try:
        has_suffix = parse_hand(hand).suffix_win_by is not None
    except InputError:
        has_suffix = True  # a hand that cannot be read is shown as it is
    win_tile, win_by = case_input.get("win_tile"), case_input.get("win_by")
    if not has_suffix and win_by in WIN_BY and isinstance(win_tile, str):
        hand += ("，自摸" if win_by == "self_draw" else "，点和") + win_tile
    elif not has_suffix:
        rest += [f"--win {shlex.quote(str(win_tile))}"] if win_tile is not None else []
        rest += [FLAG_TERMS[win_by]] if win_by in WIN_BY else []
    for name, flag in (("variant", "--variant"), ("prevalent_wind", "--prevalent"), ("seat_wind", "--seat"),
                       ("flowers", "--flowers")):
        value = case_input.get(name)
        if value not in (None, "") and not (name == "variant" and value == "gb16") \
                and not (name == "flowers" and value == 0):
            rest.append(f"{flag} {shlex.quote(str(value))}")
    rest += [FLAG_TERMS[f] for f in FLAGS if case_input.get(f) is True]
    return " ".join([shlex.quote(hand), *rest])


@dataclass(frozen=True)
class Hand:
    """A validated winning hand: the standing tiles, the melds and the circumstances."""

    variant: Variant
    standing: tuple[int, ...]   # 34 counts of the standing tiles, winning tile included
    melds: tuple[Group, ...]    # exposed melds and concealed kongs, in the order written
    win_tile: int
    self_draw: bool
    prevalent_wind: int | None  # tile index of the wind; None: no 圈风 (docs/rulings.md R-020)
    seat_wind: int | None       # None: no 门风
    flowers: int = 0
    last_of_kind: bool = False
    last_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False

    # -- facts about the whole hand, derived once (used by the tile-content fans) -------
    counts: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """Copies of each tile in the whole hand, kong tiles included (all four)."""
    tile_set: frozenset[int] = field(init=False, repr=False, compare=False)
    suits: frozenset[str] = field(init=False, repr=False, compare=False)
    """The suits (m, p, s) of the numbered tiles present."""
    numbers: frozenset[int] = field(init=False, repr=False, compare=False)
    """The ranks 1–9 of the numbered tiles present."""
    has_honours: bool = field(init=False, repr=False, compare=False)
    is_concealed: bool = field(init=False, repr=False, compare=False)
    """门前清 as a state (xinbian 第三章 30): no chow, pung or exposed kong."""
    kongs: tuple[Group, ...] = field(init=False, repr=False, compare=False)
    pre_win_standing: tuple[int, ...] = field(init=False, repr=False, compare=False)
    """The standing tiles before the winning tile arrived (seed000 §二.7)."""

    def __post_init__(self) -> None:
        counts = list(self.standing)
        for meld in self.melds:
            for t in meld.tiles:
                counts[t] += 1
        before = list(self.standing)
        before[self.win_tile] -= 1
        tile_set = frozenset(compress(T.ALL_TILES, counts))  # the tiles whose count is not 0
        numbered = tile_set.difference(T.HONOURS)
        derived = {
            "counts": tuple(counts),
            "tile_set": tile_set,
            "suits": frozenset(map(T.suit_of, numbered)),
            "numbers": frozenset(map(T.number_of, numbered)),
            "has_honours": len(numbered) < len(tile_set),
            "is_concealed": not any(m.exposed for m in self.melds),
            "kongs": tuple(m for m in self.melds if m.is_kong),
            "pre_win_standing": tuple(before),
        }
        for name, value in derived.items():
            object.__setattr__(self, name, value)


def _check_fields(data: object, terms: Terms = FIELD_TERMS) -> None:
    """The object, its fields and their types and ranges."""
    if not isinstance(data, dict):
        raise InputError("invalid_input", f"a case input must be a JSON object, not {type(data).__name__}")
    unknown = data.keys() - FIELDS.keys()
    if unknown:
        listed = sorted(unknown, key=repr)   # a Python caller's keys need not be strings
        raise InputError("invalid_input", f"unknown field(s) {', '.join(map(repr, listed))}; "
                                          f"known fields: {', '.join(FIELDS)}")
    for name, kind in FIELDS.items():
        if name in data and not _is(data[name], kind):
            raise InputError("invalid_input", f"field {name!r} must be {_type_name(kind)}, "
                                              f"got {json_repr(data[name])}")
    if data.get("variant", "gb16") not in VARIANTS:
        raise InputError("unsupported_variant", f"{terms['variant']} {data['variant']!r} is not supported; "
                                                "use 'gb16' or 'gb13'")
    if "hand" not in data:
        raise InputError("invalid_input", "field 'hand' is required")
    if not 0 <= data.get("flowers", 0) <= 8:
        raise InputError("invalid_input", f"{terms['flowers']} must be 0–8, got {data['flowers']}")
    for name in ("prevalent_wind", "seat_wind"):
        if name in data and data[name] not in T.WIND_LETTERS:
            raise InputError("invalid_input", f"{name} must be one of E, S, W, N (or left out: no "
                                              f"{'圈风' if name == 'prevalent_wind' else '门风'}), got {data[name]!r}")
    if "win_by" in data and data["win_by"] not in WIN_BY:
        raise InputError("invalid_input", f"win_by must be 'discard' or 'self_draw', got {data['win_by']!r}")


def hand_from_input(data: Any, terms: Terms = FIELD_TERMS) -> Hand:
    """Validate a case input (a JSON object already decoded) into a :class:`Hand`.

    An absent ``prevalent_wind`` or ``seat_wind`` is no wind: no 圈风刻 / 门风刻 can form —
    the rule page's own convention for its examples (seed000 §四 "圈风及门风条件不另成立";
    docs/rulings.md R-020).  ``terms`` chooses the words of the messages.
    """
    _check_fields(data, terms)
    parsed = parse_hand(data["hand"])
    if parsed.suffix_ting is not None:
        t = T.name(parsed.suffix_ting)
        raise InputError("invalid_input", f"听{t} marks a hand that waits for {t}: to score the win, include "
                                          f"{t} in the hand and end it with ，点和{t} or ，自摸{t} "
                                          f"(the waits of a hand with 听{t}: gb16 waits)")
    win_tile = parse_tile(data["win_tile"]) if "win_tile" in data else None
    win_by = data.get("win_by")
    if parsed.suffix_win_tile is not None:
        if win_tile is not None and win_tile != parsed.suffix_win_tile:
            raise InputError("invalid_input", f"{terms['win_tile']} {data['win_tile']!r} disagrees with the hand's "
                                              f"suffix ({T.name(parsed.suffix_win_tile)})")
        if win_by is not None and win_by != parsed.suffix_win_by:
            raise InputError("invalid_input", f"{terms[win_by]} disagrees with the hand's suffix "
                                              f"({_SUFFIX_WORD[str(parsed.suffix_win_by)]}"
                                              f"{T.name(parsed.suffix_win_tile)})")
        win_tile, win_by = parsed.suffix_win_tile, parsed.suffix_win_by
    if win_tile is None:
        raise InputError("invalid_input", terms.missing_win)
    if win_by is None:
        raise InputError("invalid_input", terms.missing_win_by)

    hand = Hand(
        variant=VARIANTS[data.get("variant", "gb16")], standing=_counts(parsed.standing), melds=parsed.melds,
        win_tile=win_tile, self_draw=(win_by == "self_draw"),
        prevalent_wind=T.WIND_LETTERS.get(data.get("prevalent_wind")),
        seat_wind=T.WIND_LETTERS.get(data.get("seat_wind")),
        flowers=data.get("flowers", 0), **{f: data.get(f, False) for f in FLAGS},
    )
    _check_copies(hand.counts)
    _check_count(hand.variant, hand.standing, hand.melds, 0, terms)
    if not hand.standing[win_tile]:
        where = "inside a meld" if hand.counts[win_tile] else "absent from the hand"
        raise InputError("win_tile_not_in_hand",
                         f"the winning tile {T.name(win_tile)} is {where}; it must be one of the standing tiles")
    _check_flags(hand, terms)
    return hand


_SUFFIX_WORD = {"discard": "，点和", "self_draw": "，自摸"}


@dataclass(frozen=True)
class WaitingHand:
    """A hand one tile short of a win (16 tiles in gb16), for the formal wait set."""

    variant: Variant
    standing: tuple[int, ...]
    melds: tuple[Group, ...]
    ting: int | None = None     # the tile of a 听X suffix, if any (seed000 §四.5)


def waiting_hand_from_input(data: Any, terms: Terms = FIELD_TERMS) -> WaitingHand:
    """Validate ``{"hand": ..., "variant": ...}`` for a hand that is one tile short."""
    _check_fields(data, terms)
    parsed = parse_hand(data["hand"])
    if parsed.suffix_win_tile is not None:
        t = T.name(parsed.suffix_win_tile)
        raise InputError("invalid_input", f"a waiting hand has no winning tile: drop the suffix (or write 听{t} "
                                          f"to ask whether the hand waits for {t})")
    variant = VARIANTS[data.get("variant", "gb16")]
    standing = _counts(parsed.standing)
    counts = list(standing)
    for meld in parsed.melds:
        for tile in meld.tiles:
            counts[tile] += 1
    _check_copies(tuple(counts))
    _check_count(variant, standing, parsed.melds, 1, terms)
    return WaitingHand(variant, standing, parsed.melds, parsed.suffix_ting)


def _counts(tiles: Iterable[int]) -> tuple[int, ...]:
    c = [0] * 34
    for t in tiles:
        c[t] += 1
    return tuple(c)


def _check_copies(counts: tuple[int, ...]) -> None:
    if max(counts) <= 4:
        return
    for t, n in enumerate(counts):
        if n > 4:
            raise InputError("too_many_copies", f"{n} copies of {T.name(t)} in the hand (at most 4)")


def _check_count(variant: Variant, standing: tuple[int, ...], melds: tuple[Group, ...], short: int, terms: Terms = FIELD_TERMS) -> None:
    """Kongs count as three tiles toward the hand size (xinbian 第三章 7).

    A hand whose size is that of another variant says so, and how to ask for it.
    """
    size = sum(standing) + 3 * len(melds)
    if size != variant.tiles - short:
        kongs = " (kongs counted as 3)" if any(m.is_kong for m in melds) else ""
        what = (f"a {variant.id} winning hand has {variant.tiles}, winning tile included" if not short
                else f"a waiting {variant.id} hand has {variant.tiles - 1}")
        message = f"the hand has {size} tiles{kongs}; {what}"
        other = next((v for v in VARIANTS.values() if v is not variant and v.tiles - short == size), None)
        if other is not None:
            kind = "waiting hand" if short else "hand"
            message += f" — this is a {size}-tile {kind}: {terms.ask_variant[other.id]}"
        raise InputError("wrong_tile_count", message)


def _check_flags(hand: Hand, terms: Terms = FIELD_TERMS) -> None:
    """docs/rulings.md R-014 and R-006."""
    if not (hand.robbing_kong or hand.kong_replacement or hand.last_of_kind):
        return  # no flag that needs others (last_tile alone needs nothing)
    w = T.name(hand.win_tile)
    rob, rep, last, kind = (terms[f] for f in ("robbing_kong", "kong_replacement", "last_tile", "last_of_kind"))
    if hand.robbing_kong:
        if hand.self_draw:
            raise InputError("inconsistent_flags", f"{rob} (抢杠和) is a win on another player's kong tile: "
                                                   f"it needs {terms['discard']}")
        if hand.counts[hand.win_tile] != 1:
            raise InputError("inconsistent_flags", f"{rob}: the other three {w} are in the robbed kong, so the "
                                                   f"hand can hold only the winning {w}")
        if hand.last_tile:
            raise InputError("inconsistent_flags", f"{rob} and {last} cannot both hold: no kong may be "
                                                   "added once the last tile is drawn (xinbian 第四章 6)")
    if hand.kong_replacement:
        if not hand.self_draw:
            raise InputError("inconsistent_flags", f"{rep} (杠上开花) needs {terms['self_draw']}")
        if not hand.kongs:
            raise InputError("inconsistent_flags", f"{rep} (杠上开花) needs a kong in the hand")
    if hand.last_of_kind and hand.standing[hand.win_tile] != 1:
        raise InputError("inconsistent_flags", f"{kind} (和绝张): three {w} must already be visible, but the "
                                               f"hand holds another concealed {w}")


def _is(value: object, kind: type) -> bool:
    if kind is int:
        return isinstance(value, int) and not isinstance(value, bool)
    return isinstance(value, kind)


def _type_name(kind: type) -> str:
    return {str: "a string", int: "an integer", bool: "true or false"}[kind]


def json_repr(value: object) -> str:
    try:
        return json.dumps(value, ensure_ascii=False)
    except (TypeError, ValueError):
        return repr(value)
