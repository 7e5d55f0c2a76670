"""A small, independent model of gb16 and gb13 hands for the property suite.

The properties must not trust the scorer they test, so this module re-implements,
from the texts and without importing ``gb16.reference``, the few things they need:

* reading and writing the hand notation of docs/contract.md (seed000 §四),
* the winning shapes: five sets and a pair (xinbian 第二章 1, seed000 §二) and the
  组合龙 shape — 147/258/369 of three distinct suits among the standing tiles, two
  more sets and a pair (xinbian 第二章 2, seed000 §三 组合龙, docs/rulings.md R-005);
  in gb13 four sets and a pair, the 组合龙 with one set and a pair, and the special
  shapes of xinbian 第二章 3–5 (七对, 全不靠, 十三幺: fourteen standing tiles, no meld),
* every decomposition ("reading") of a hand, with every placement of the winning tile
  (docs/rulings.md R-015),
* the formal wait set (seed000 §二.7, docs/rulings.md R-010),
* tile relabellings (suit permutations, wind rotation, dragon relabelling, number
  reflection) used by the symmetry properties.

Tiles are strings such as ``"5m"`` or ``"7z"``; internally a hand's tiles are also
counted in a list of 34 indices (m1..m9, p1..p9, s1..s9, z1..z7).
"""

from __future__ import annotations

import functools
import itertools
import re
from collections import Counter
from dataclasses import dataclass, field, replace
from typing import Iterable, Iterator

SUITS = "mpsz"
NUMBER_SUITS = "mps"
WINDS = "ESWN"
#: Honour letters of the notation (docs/contract.md): E S W N = 1z-4z, C P F = 5z 6z 7z.
HONOUR_LETTERS = {"E": "1z", "S": "2z", "W": "3z", "N": "4z", "C": "5z", "P": "6z", "F": "7z"}
LETTER_OF_HONOUR = {tile: letter for letter, tile in HONOUR_LETTERS.items()}

ALL_TILES: tuple[str, ...] = tuple(
    f"{rank}{suit}" for suit in SUITS for rank in range(1, 10 if suit != "z" else 8)
)
INDEX = {tile: i for i, tile in enumerate(ALL_TILES)}

#: The knitted triples of the 组合龙 shape (xinbian 第二章 2).
KNITTED_RANKS = ((1, 4, 7), (2, 5, 8), (3, 6, 9))

#: The number of sets of the standard shape, and of tiles at the win (kongs as three): five
#: sets and a pair, 17 tiles (seed000 §二); four sets and a pair, 14 (xinbian 第二章 1).
SETS = {"gb16": 5, "gb13": 4}
TILE_COUNT = {"gb16": 17, "gb13": 14}
#: gb13's special shapes (xinbian 第二章 3–5): 七对 (seven pairs), 全不靠 (the knitted tiles and
#: honours, fourteen different tiles), 十三幺 (the thirteen 幺九 tiles, one twice).
SPECIAL_SHAPES = ("seven_pairs", "honours_knitted", "thirteen_orphans")
#: the thirteen 幺九 tiles (xinbian 第七章 7)
ORPHANS = tuple(f"{r}{s}" for s in "mps" for r in (1, 9)) + tuple(f"{r}z" for r in range(1, 8))

#: 绿一色 tiles (xinbian 第七章 3) and 推不倒 tiles (xinbian 第七章 40).
GREEN_TILES = frozenset({"2s", "3s", "4s", "6s", "8s", "7z"})
REVERSIBLE_TILES = frozenset(
    {f"{r}p" for r in (1, 2, 3, 4, 5, 8, 9)} | {f"{r}s" for r in (2, 4, 5, 6, 8, 9)} | {"6z"}
)


class NotationError(ValueError):
    """The hand string is not in the notation this model reads."""


def suit(tile: str) -> str:
    return tile[1]


def rank(tile: str) -> int:
    return int(tile[0])


def is_honour(tile: str) -> bool:
    return tile[1] == "z"


def is_terminal_or_honour(tile: str) -> bool:
    return is_honour(tile) or rank(tile) in (1, 9)


def sort_key(tile: str) -> tuple[int, int]:
    return (SUITS.index(tile[1]), int(tile[0]))


def sorted_tiles(tiles: Iterable[str]) -> list[str]:
    return sorted(tiles, key=sort_key)


def chow_tiles(suit_letter: str, start: int) -> tuple[str, str, str]:
    return tuple(f"{start + k}{suit_letter}" for k in range(3))


# --------------------------------------------------------------------------------------
# Groups and hands


@dataclass(frozen=True, order=True)
class Meld:
    """A fixed group of the hand: an exposed chow/pung/kong or a concealed kong."""

    kind: str            # "chow" | "pung" | "kong"
    tiles: tuple[str, ...]
    concealed: bool = False  # only for kongs: {....} is a concealed kong (暗杠)

    @property
    def exposed(self) -> bool:
        return not self.concealed

    def notation(self) -> str:
        body = compact(self.tiles)
        return "{" + body + "}" if self.concealed else "[" + body + "]"


@dataclass(frozen=True)
class Hand:
    """A winning hand: the standing (concealed, non-kong) tiles and the fixed melds."""

    standing: tuple[str, ...]
    melds: tuple[Meld, ...] = ()

    def all_tiles(self) -> list[str]:
        tiles = list(self.standing)
        for meld in self.melds:
            tiles.extend(meld.tiles)
        return tiles

    def counts(self) -> Counter:
        return Counter(self.all_tiles())

    @property
    def is_concealed(self) -> bool:
        """门前清 state: no 吃, 碰 or 明杠 (xinbian 第七章 62); concealed kongs allowed."""
        return all(m.concealed for m in self.melds)

    @property
    def kongs(self) -> list[Meld]:
        return [m for m in self.melds if m.kind == "kong"]

    def size(self) -> int:
        """Tile count with kongs counted as three (docs/contract.md)."""
        return len(self.standing) + sum(3 for _ in self.melds)


def compact(tiles: Iterable[str]) -> str:
    """``["1m","2m","3m","5z"]`` → ``"123m5z"`` (suit order m p s z, ranks ascending)."""
    out = []
    for s in SUITS:
        ranks = sorted(rank(t) for t in tiles if suit(t) == s)
        if ranks:
            out.append("".join(map(str, ranks)) + s)
    return "".join(out)


def compact_in_order(tiles: Iterable[str]) -> str:
    """Write tiles in the given order, merging runs of the same suit: ``1m 5z 2m`` → ``1m5z2m``."""
    out: list[str] = []
    run: list[str] = []
    current = None
    for t in tiles:
        if suit(t) != current and run:
            out.append("".join(run) + current)
            run = []
        current = suit(t)
        run.append(t[0])
    if run:
        out.append("".join(run) + current)
    return "".join(out)


_TOKEN = re.compile(r"\s+|[0-9]+[mpsz]|[ESWNCPF]|\[|\]|\{|\}")


def parse_tiles(text: str) -> list[str]:
    """Read a run of tiles (no brackets): ``"123m55z"``, ``"1m2m3m"``, ``"EESS"``."""
    return list(_parse_tiles(text))


@functools.lru_cache(maxsize=4096)
def _parse_tiles(text: str) -> tuple[str, ...]:
    """:func:`parse_tiles`, kept for the texts read last (the sets of reported readings
    come back again and again)."""
    tiles: list[str] = []
    pos = 0
    text = text.strip()
    while pos < len(text):
        ch = text[pos]
        if ch.isspace():
            pos += 1
            continue
        if ch in HONOUR_LETTERS:
            tiles.append(HONOUR_LETTERS[ch])
            pos += 1
            continue
        m = re.match(r"([0-9]+)([mpsz])", text[pos:])
        if not m:
            raise NotationError(f"cannot read {text[pos:]!r}")
        for digit in m.group(1):
            tile = digit + m.group(2)
            if tile not in INDEX:
                raise NotationError(f"no such tile {tile}")
            tiles.append(tile)
        pos += m.end()
    return tuple(tiles)


def parse_meld(body: str, concealed: bool) -> Meld:
    tiles = tuple(sorted_tiles(parse_tiles(body)))
    if len(tiles) == 4 and len(set(tiles)) == 1:
        return Meld("kong", tiles, concealed)
    if concealed:
        raise NotationError(f"{{{body}}} is not a kong")
    if len(tiles) == 3 and len(set(tiles)) == 1:
        return Meld("pung", tiles)
    if (len(tiles) == 3 and not is_honour(tiles[0]) and len({suit(t) for t in tiles}) == 1
            and [rank(t) for t in tiles] == list(range(rank(tiles[0]), rank(tiles[0]) + 3))):
        return Meld("chow", tiles)
    raise NotationError(f"[{body}] is not a chow, pung or kong")


_SUFFIX = re.compile(r"\s*[，,]\s*(点和|自摸)\s*([0-9][mpsz]|[ESWNCPF])\s*$")


def split_suffix(text: str) -> tuple[str, str | None, str | None]:
    """``"... ，点和5z"`` → (hand part, "5z", "discard")."""
    m = _SUFFIX.search(text)
    if not m:
        return text, None, None
    tile = HONOUR_LETTERS.get(m.group(2), m.group(2))
    return text[: m.start()], tile, ("discard" if m.group(1) == "点和" else "self_draw")


def parse_hand(text: str) -> Hand:
    """Read a hand string of the contract notation (without the suffix)."""
    standing: list[str] = []
    melds: list[Meld] = []
    pos = 0
    while pos < len(text):
        ch = text[pos]
        if ch in "[{":
            close = "]" if ch == "[" else "}"
            end = text.find(close, pos)
            if end < 0:
                raise NotationError("unbalanced bracket")
            melds.append(parse_meld(text[pos + 1:end], concealed=(ch == "{")))
            pos = end + 1
            continue
        nxt = min([i for i in (text.find("[", pos), text.find("{", pos)) if i >= 0] or [len(text)])
        standing.extend(parse_tiles(text[pos:nxt]))
        pos = nxt
    return Hand(tuple(sorted_tiles(standing)), tuple(melds))


@functools.lru_cache(maxsize=1024)
def format_hand(hand: Hand) -> str:
    """The canonical notation used by the strategies: melds first, then standing tiles
    (kept for the hands written last: an example's input is written once per check)."""
    parts = [m.notation() for m in hand.melds]
    parts.append(compact(hand.standing))
    return " ".join(p for p in parts if p)


# --------------------------------------------------------------------------------------
# Readings (decompositions)


@dataclass(frozen=True, order=True)
class Group:
    """A set of a reading: ``kind`` chow/pung/kong, its tiles, whether melded (明露)."""

    kind: str
    tiles: tuple[str, ...]
    exposed: bool = False
    concealed_kong: bool = False


@dataclass(frozen=True)
class Reading:
    """One legal reading of a winning hand with one placement of the winning tile."""

    shape: str                      # "standard" | "knitted" | one of SPECIAL_SHAPES (gb13)
    sets: tuple[Group, ...]         # sorted (none in a special shape)
    pair: str | None                # the pair's tile (None in a special shape)
    knitted: tuple[str, ...] | None  # the nine knitted tiles, sorted
    win_in: str                     # "pair" | "knitted" | "set" | "special"
    win_group: Group | None         # the set holding the winning tile (win_in == "set")

    def key(self) -> tuple:
        """What identifies a reading: its sets, pair, knitted tiles and where the winning
        tile sits (compare :func:`reading_key`)."""
        return reading_key(self.shape, [(g.kind, g.tiles, g.exposed) for g in self.sets],
                           self.pair, self.knitted, self.win_in,
                           None if self.win_group is None else
                           (self.win_group.kind, self.win_group.tiles, self.win_group.exposed))

    def concealed_pungs(self, win_tile: str, win_by: str) -> int:
        """暗刻 of the reading (xinbian 第三章 19; seed000 §二.3: a pung completed by a
        discarded winning tile is 明刻)."""
        n = 0
        for g in self.sets:
            if g.kind == "kong":
                n += g.concealed_kong
            elif g.kind == "pung" and not g.exposed:
                completed_by_discard = (win_by == "discard" and self.win_in == "set"
                                        and self.win_group == g)
                n += not completed_by_discard
        return n


def reading_key(shape: str, sets, pair: str, knitted, win_in: str, win_set) -> tuple:
    """A canonical key of a reading: sets as sorted (kind, tiles, exposed) triples."""
    return (shape, tuple(sorted((k, tuple(t), bool(e)) for k, t, e in sets)), pair,
            None if knitted is None else tuple(sorted_tiles(knitted)), win_in,
            None if win_set is None else (win_set[0], tuple(win_set[1]), bool(win_set[2])))


def to_counts(tiles: Iterable[str]) -> list[int]:
    counts = [0] * 34
    for t in tiles:
        counts[INDEX[t]] += 1
    return counts


def decompose_counts(counts: list[int], nsets: int, need_pair: bool) -> Iterator[tuple[tuple, int | None]]:
    """Yield (sets, pair_index) with sets a sorted tuple of ("chow"|"pung", index)."""
    i = next((k for k in range(34) if counts[k]), None)
    if i is None:
        if nsets == 0 and not need_pair:
            yield (), None
        return
    if need_pair and counts[i] >= 2:
        counts[i] -= 2
        for sets, _ in decompose_counts(counts, nsets, False):
            yield sets, i
        counts[i] += 2
    if nsets and counts[i] >= 3:
        counts[i] -= 3
        for sets, pair in decompose_counts(counts, nsets - 1, need_pair):
            yield (("pung", i),) + sets, pair
        counts[i] += 3
    if nsets and i < 27 and i % 9 <= 6 and counts[i + 1] and counts[i + 2]:
        for k in range(3):
            counts[i + k] -= 1
        for sets, pair in decompose_counts(counts, nsets - 1, need_pair):
            yield (("chow", i),) + sets, pair
        for k in range(3):
            counts[i + k] += 1


def _group_of(kind: str, index: int) -> Group:
    t = ALL_TILES[index]
    if kind == "pung":
        return Group("pung", (t, t, t))
    return Group("chow", chow_tiles(suit(t), rank(t)))


def knitted_options() -> list[tuple[str, ...]]:
    """The six 组合龙 tile sets: 147/258/369 in three distinct suits."""
    out = []
    for perm in itertools.permutations(NUMBER_SUITS):
        out.append(tuple(sorted_tiles(f"{r}{s}" for s, ranks in zip(perm, KNITTED_RANKS) for r in ranks)))
    return out


KNITTED_OPTIONS = knitted_options()
HONOUR_TILES = tuple(f"{r}z" for r in range(1, 8))


def special_shapes(counts: list[int]) -> list[str]:
    """The gb13 special shapes fourteen standing tiles (no meld) form (xinbian 第二章 3–5):

    * 七对 — "由七个对子组成" (第七章 19): every tile type held twice or four times (four
      of a kind are two pairs: 第七章 3 and 19 score 七对 beside 四归一);
    * 全不靠 — "一种花色的 147、另一花色的 258、第三种花色的 369、七种字牌共十六种牌中任意
      十四种牌各一张" (第七章 34; 七星不靠, 20, is the case with all seven honours);
    * 十三幺 — "任意一种幺九牌的对子外加其余十二种幺九牌各一张" (第七章 7)."""
    if sum(counts) != 14:
        return []
    out = []
    if all(n in (0, 2, 4) for n in counts):
        out.append("seven_pairs")
    held = {ALL_TILES[i] for i, n in enumerate(counts) if n}
    if max(counts) == 1 and any(held <= set(k) | set(HONOUR_TILES) for k in KNITTED_OPTIONS):
        out.append("honours_knitted")
    if held == set(ORPHANS):
        out.append("thirteen_orphans")
    return out


def shape_decompositions(standing: Iterable[str], melds: tuple[Meld, ...] = (),
                         variant: str = "gb16") -> list[tuple]:
    """Every way the standing tiles complete a winning shape of ``variant`` with the fixed melds.

    Returns a list of (shape, standing_sets, pair_tile, knitted_tiles) with
    standing_sets a tuple of Groups (concealed chows and pungs); a gb13 special shape is
    (shape, (), None, None).
    """
    return list(_shape_decompositions(tuple(standing), tuple(melds), variant))


@functools.lru_cache(maxsize=1024)
def _shape_decompositions(standing: tuple[str, ...], melds: tuple[Meld, ...],
                          variant: str = "gb16") -> tuple[tuple, ...]:
    """:func:`shape_decompositions`, kept for the last hands seen: the properties ask it of
    the same tiles again and again (every placement of the winning tile, every property of
    one example; the exhaustive checks, every winning tile of one standing hand)."""
    counts = to_counts(standing)
    out = set()
    nsets = SETS[variant] - len(melds)
    if nsets >= 0:
        for sets, pair in decompose_counts(counts[:], nsets, True):
            out.add(("standard", tuple(sorted(_group_of(k, i) for k, i in sets)), ALL_TILES[pair], None))
    if nsets >= 3:
        for knitted in KNITTED_OPTIONS:
            rest = counts[:]
            ok = True
            for t in knitted:
                rest[INDEX[t]] -= 1
                ok = ok and rest[INDEX[t]] >= 0
            if not ok:
                continue
            for sets, pair in decompose_counts(rest, nsets - 3, True):
                out.add(("knitted", tuple(sorted(_group_of(k, i) for k, i in sets)), ALL_TILES[pair], knitted))
    if variant == "gb13" and not melds:
        out.update((shape, (), None, None) for shape in special_shapes(counts))
    return tuple(sorted(out, key=repr))


def is_winning(hand: Hand, variant: str = "gb16") -> bool:
    return bool(shape_decompositions(hand.standing, hand.melds, variant))


def meld_groups(melds: Iterable[Meld]) -> tuple[Group, ...]:
    return tuple(Group(m.kind, m.tiles, exposed=not m.concealed, concealed_kong=m.concealed) for m in melds)


def readings(hand: Hand, win_tile: str, variant: str = "gb16") -> list[Reading]:
    """Every legal reading with every placement of the winning tile (R-015); a gb13 special
    shape is one reading, the winning tile in the shape (win_in ``special``)."""
    fixed = meld_groups(hand.melds)
    out: dict[tuple, Reading] = {}
    for shape, sets, pair, knitted in shape_decompositions(hand.standing, hand.melds, variant):
        all_sets = tuple(sorted(fixed + sets))
        placements: list[tuple[str, Group | None]] = []
        if shape in SPECIAL_SHAPES:
            placements.append(("special", None))
        if pair == win_tile:
            placements.append(("pair", None))
        if knitted and win_tile in knitted:
            placements.append(("knitted", None))
        for g in set(sets):
            if win_tile in g.tiles:
                placements.append(("set", g))
        for win_in, group in placements:
            r = Reading(shape, all_sets, pair, knitted, win_in, group)
            out[r.key()] = r
    return list(out.values())


def formal_waits(hand: Hand, win_tile: str, variant: str = "gb16") -> list[str]:
    """seed000 §二.7 / R-010 (xinbian 第六章 6 for gb13): every tile type that completes the
    hand before the win (fixed melds stay fixed) into a winning shape of ``variant`` — the
    special shapes of gb13 included — whether or not copies remain."""
    before = list(hand.standing)
    before.remove(win_tile)
    return list(_waits_of(tuple(to_counts(before)), len(hand.melds), variant))


def _completes(counts: list[int], nmelds: int, variant: str = "gb16") -> bool:
    """Do these standing tiles, with ``nmelds`` fixed melds, form a winning shape?"""
    nsets = SETS[variant] - nmelds
    if next(decompose_counts(counts[:], nsets, True), None) is not None:
        return True
    if variant == "gb13" and not nmelds and special_shapes(counts):
        return True
    if nsets < 3:
        return False
    for knitted in KNITTED_OPTIONS:
        rest = counts[:]
        for t in knitted:
            rest[INDEX[t]] -= 1
        if min(rest) >= 0 and next(decompose_counts(rest, nsets - 3, True), None) is not None:
            return True
    return False


@functools.lru_cache(maxsize=200_000)
def _waits_of(before: tuple[int, ...], nmelds: int, variant: str = "gb16") -> tuple[str, ...]:
    counts = list(before)
    knitted_near = [k for k in KNITTED_OPTIONS if sum(counts[INDEX[t]] >= 1 for t in k) >= 8]
    # gb13 without melds: 十三幺 and 全不靠 are completed by tiles far from any held tile
    everywhere = variant == "gb13" and not nmelds
    out = []
    for i, t in enumerate(ALL_TILES):
        # a tile with no copy and no neighbour within two in its suit can only complete
        # the hand as part of the 组合龙 tiles (or, in gb13, of a special shape)
        near = counts[i] > 0 or (i < 27 and any(
            counts[j] for j in range(i - 2, i + 3) if 0 <= j < 27 and j // 9 == i // 9))
        if not near and not everywhere and not any(t in k for k in knitted_near):
            continue
        counts[i] += 1
        if _completes(counts, nmelds, variant):
            out.append(t)
        counts[i] -= 1
    return tuple(out)


# --------------------------------------------------------------------------------------
# Case inputs


FLAG_FIELDS = ("last_of_kind", "last_tile", "kong_replacement", "robbing_kong")


@dataclass(frozen=True)
class Case:
    """A case input (docs/contract.md) as structured data."""

    hand: Hand
    win_tile: str
    win_by: str = "discard"
    #: None: no wind stated, so no 圈风刻/门风刻 (docs/rulings.md R-020, seed000 §四 "圈风及门风条件不另成立")
    prevalent_wind: str | None = None
    seat_wind: str | None = None
    flowers: int = 0
    last_of_kind: bool = False
    last_tile: bool = False
    kong_replacement: bool = False
    robbing_kong: bool = False
    variant: str = "gb16"
    #: free-form description of how the strategy built the hand (for reports only)
    origin: str = field(default="", compare=False)

    def to_input(self) -> dict:
        """The input object in the contract's notation, every field explicit (a wind left
        unstated is left out, R-020)."""
        out = {
            "variant": self.variant,
            "hand": format_hand(self.hand),
            "win_tile": self.win_tile,
            "win_by": self.win_by,
            "prevalent_wind": self.prevalent_wind,
            "seat_wind": self.seat_wind,
            "flowers": self.flowers,
            "last_of_kind": self.last_of_kind,
            "last_tile": self.last_tile,
            "kong_replacement": self.kong_replacement,
            "robbing_kong": self.robbing_kong,
        }
        return {k: v for k, v in out.items() if v is not None}

    def with_(self, **changes) -> "Case":
        return replace(self, **changes)


def case_from_input(inp: dict) -> Case:
    """Read a (well-formed) case input back into a Case."""
    text, tile, by = split_suffix(inp["hand"])
    win_tile = inp.get("win_tile", tile)
    win_tile = HONOUR_LETTERS.get(win_tile, win_tile)
    return Case(
        hand=parse_hand(text),
        win_tile=win_tile,
        win_by=inp.get("win_by", by or "discard"),
        prevalent_wind=inp.get("prevalent_wind"),
        seat_wind=inp.get("seat_wind"),
        flowers=inp.get("flowers", 0),
        last_of_kind=inp.get("last_of_kind", False),
        last_tile=inp.get("last_tile", False),
        kong_replacement=inp.get("kong_replacement", False),
        robbing_kong=inp.get("robbing_kong", False),
        variant=inp.get("variant", "gb16"),
    )


def flag_problems(case: Case) -> list[str]:
    """Why the flags cannot hold together (docs/rulings.md R-006, R-014); [] if they can."""
    problems = []
    hand = case.hand
    total_copies = hand.counts()[case.win_tile]
    standing_copies = hand.standing.count(case.win_tile)
    if case.robbing_kong:
        if case.win_by != "discard":
            problems.append("robbing_kong needs win_by discard")
        if total_copies != 1:
            problems.append("robbing_kong needs exactly one copy of the winning tile in the hand")
        if case.last_tile:
            problems.append("robbing_kong cannot go with last_tile")
    if case.kong_replacement:
        if case.win_by != "self_draw":
            problems.append("kong_replacement needs self_draw")
        if not hand.kongs:
            problems.append("kong_replacement needs a kong")
    if case.last_of_kind:
        in_concealed_kong = any(m.concealed and case.win_tile in m.tiles for m in hand.melds)
        if standing_copies != 1 or in_concealed_kong:
            problems.append("last_of_kind needs no other concealed copy of the winning tile")
    return problems


def is_legal_case(case: Case) -> bool:
    """A legal winning hand with consistent flags (what the strategies must produce)."""
    hand = case.hand
    return (hand.size() == TILE_COUNT[case.variant]
            and all(c <= 4 for c in hand.counts().values())
            and case.win_tile in hand.standing
            and is_winning(hand, case.variant)
            and not flag_problems(case)
            and 0 <= case.flowers <= 8)


# --------------------------------------------------------------------------------------
# Relabellings


def relabel_case(case: Case, tile_map: dict[str, str], wind_map: dict[str, str] | None = None) -> Case:
    """Apply a tile relabelling to every tile of the case (and a wind map to the seat and
    prevalent winds)."""
    def m(t: str) -> str:
        return tile_map.get(t, t)

    melds = []
    for meld in case.hand.melds:
        melds.append(Meld(meld.kind, tuple(sorted_tiles(m(t) for t in meld.tiles)), meld.concealed))
    hand = Hand(tuple(sorted_tiles(m(t) for t in case.hand.standing)), tuple(melds))
    wind_map = wind_map or {}
    return case.with_(hand=hand, win_tile=m(case.win_tile),
                      prevalent_wind=wind_map.get(case.prevalent_wind, case.prevalent_wind),
                      seat_wind=wind_map.get(case.seat_wind, case.seat_wind))


def suit_permutation_map(perm: str) -> dict[str, str]:
    """``perm`` is a permutation of "mps": m→perm[0], p→perm[1], s→perm[2]."""
    table = dict(zip(NUMBER_SUITS, perm))
    return {t: f"{t[0]}{table[t[1]]}" for t in ALL_TILES if t[1] in table}


def wind_rotation_maps(steps: int) -> tuple[dict[str, str], dict[str, str]]:
    """Rotate E→S→W→N→E ``steps`` times: the tile map for 1z–4z and the letter map."""
    tiles = {f"{k + 1}z": f"{(k + steps) % 4 + 1}z" for k in range(4)}
    letters = {WINDS[k]: WINDS[(k + steps) % 4] for k in range(4)}
    return tiles, letters


def dragon_permutation_map(perm: tuple[int, int, int]) -> dict[str, str]:
    """5z 6z 7z → the dragons in ``perm`` (e.g. (7, 5, 6))."""
    return {f"{d}z": f"{p}z" for d, p in zip((5, 6, 7), perm)}


def reflection_map() -> dict[str, str]:
    """Number reflection n → 10 − n in every suit (honours unchanged)."""
    return {t: f"{10 - rank(t)}{suit(t)}" for t in ALL_TILES if not is_honour(t)}
