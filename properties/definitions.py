"""The fan definitions of gb16 and gb13, written again from the texts for the property suite.

The definition-consistency and big-combination properties (gb16.properties.invariants 13
and 14) need to know, for one reading of a hand, which fans hold by definition.  This
module answers that from xinbian 第七章 (the base definitions) and seed000 §二/§三 (the
16-tile applications), on the readings of the independent hand model
(gb16.properties.hands), and never imports ``gb16.reference``: the reference is one
scorer under test like any other.

* :func:`facts_of` — a reading with its circumstances: every set with its kind, whether
  it is melded (明露) and whether it is concealed (暗, xinbian 第三章 17–19, seed000 §二.3),
  the pair, the tiles of the whole hand (kongs with their four tiles, seed000 §三 "全部"),
  the winning tile's place and the formal wait set (seed000 §二.7).
* :data:`DEFINITIONS` — one predicate per fan (花牌 and 无番和 aside), each citing its
  clause: the gb16 fans, and the fans only gb13 has (xinbian 第七章 4, 6, 7, 13, 19, 20, 29,
  34: 九莲宝灯, 连七对, 十三幺, 一色双龙会, 七对, 七星不靠, 三色双龙会, 全不靠), which hold
  only on gb13's shapes (gb16.properties.hands: four sets and a pair, the special shapes).  A predicate returns the fan's *occurrences*: a list with one tuple of set
  indices per way the fan forms (``[()]`` for a fan of the whole hand, ``[]`` when it
  does not hold), so that exclusions of "these sets" (这三副刻子不计幺九刻) can be applied
  to exactly those sets.
* :func:`holding` — every fan whose definition holds on a reading.
* :func:`chow_link_count` — the number of chow-pair fans seed000 §二.6 counts beside a big
  combination (docs/rulings.md R-001: nodes − connected components).
* :func:`counted` — the fans one (reading, big combination) counts: §二.5 one big
  combination, §二.6 links, §二.8 repetition, 规定原则 (xinbian 第六章 4) with the 不计 lists
  of gb16.properties.rulebook (the texts' 不计 sentences) applied by counted fans only (R-013), 无番和 (R-012).  It is used
  only to compare the big-combination choices of one reading with each other.

A fan holds only in a variant that has it (gb16.properties.rulebook: §三 "本扩展不设此番");
the 不计 entries act per variant (the case's own).
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter
from dataclasses import dataclass, field
from typing import Callable

from gb16.properties import rulebook
from gb16.properties.hands import (
    GREEN_TILES, HONOUR_TILES, KNITTED_OPTIONS, REVERSIBLE_TILES, SPECIAL_SHAPES, Case, Reading,
    formal_waits, is_honour, is_terminal_or_honour, rank, suit,
)

#: The fan table as the properties read it: transcribed again from the texts
#: (gb16.properties.rulebook), never corpus/fans.json, which the scorer reads.
FAN_TABLE: tuple[dict, ...] = rulebook.FANS
FAN: dict[str, dict] = rulebook.FAN
TABLE_ORDER: dict[str, int] = rulebook.ORDER

WIND_TILES = ("1z", "2z", "3z", "4z")
DRAGON_TILES = ("5z", "6z", "7z")
WIND_TILE_OF = {"E": "1z", "S": "2z", "W": "3z", "N": "4z"}

#: seed000 §二.5, xinbian 第六章 5 组合原则: at most one of these per interpretation (一色双龙会
#: and 三色双龙会 are four-chow fans of gb13 only).
FOUR_CHOW_FANS = ("quadruple_chow", "four_pure_shifted_chows", "pure_terminal_chows", "three_suited_terminal_chows")
THREE_CHOW_FANS = ("pure_triple_chow", "pure_straight", "pure_shifted_chows", "mixed_straight",
                   "mixed_triple_chow", "mixed_shifted_chows")
PUNG_SEQUENCE_FANS = ("four_pure_shifted_pungs", "pure_shifted_pungs")
BIG_COMBINATION = FOUR_CHOW_FANS + THREE_CHOW_FANS + PUNG_SEQUENCE_FANS
#: seed000 §二.6: the chow-pair fans (老少副 counts at most once).
CHOW_PAIR_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
#: Not decided by a reading: 花牌 (the flowers field) and 无番和 (what nothing else leaves).
NOT_DEFINED_HERE = ("flower_tiles", "chicken_hand")

Occurrences = list[tuple[int, ...]]


# --------------------------------------------------------------------------------------
# A reading with its circumstances


@dataclass(frozen=True)
class SetFact:
    """One set of a reading."""

    index: int
    kind: str                  # "chow" | "pung" | "kong"
    tiles: tuple[str, ...]     # a kong with its four tiles
    melded: bool               # 明露: 吃, 碰, 明杠 (a concealed kong is not melded)
    concealed: bool            # 暗刻/暗杠 for a pung or kong (xinbian 第三章 19, seed000 §二.3)
    holds_win: bool            # the reading places the winning tile here

    @property
    def is_pung(self) -> bool:
        """A kong is also a pung (xinbian 第三章 17 "杠牌也是刻子"; seed000 §三 "刻杠")."""
        return self.kind in ("pung", "kong")

    @property
    def is_chow(self) -> bool:
        return self.kind == "chow"

    @property
    def tile(self) -> str:
        """The lowest tile (a chow's start, a pung's tile)."""
        return self.tiles[0]

    @property
    def numbered(self) -> bool:
        return not is_honour(self.tile)


@dataclass(frozen=True)
class Facts:
    """The facts of one reading of one case.  Two facts are the same when their case,
    reading and wait set are (the rest is derived from those by :func:`facts_of`)."""

    case: Case
    reading: Reading
    sets: tuple[SetFact, ...] = field(compare=False)
    pair: str | None = field(compare=False)        # None in a gb13 special shape
    tiles: tuple[str, ...] = field(compare=False)     # every tile of the hand, kongs with four
    counts: Counter = field(compare=False)
    waits: tuple[str, ...]     # the formal wait set (seed000 §二.7)

    # -- the tile content of the whole hand (seed000 §三: "检查全部十七张及杠牌"), read off
    # the tiles once per reading: many definitions ask
    @functools.cached_property
    def honours(self) -> bool:
        return any(is_honour(t) for t in self.tiles)

    @functools.cached_property
    def suits(self) -> frozenset[str]:
        return frozenset(suit(t) for t in self.tiles if not is_honour(t))

    @functools.cached_property
    def ranks(self) -> frozenset[int]:
        return frozenset(rank(t) for t in self.tiles if not is_honour(t))

    def only_numbers(self, allowed) -> bool:
        """"由序数牌 … 组成的和牌": no honour, every numbered tile's rank in ``allowed``."""
        return not self.honours and self.ranks <= set(allowed)

    # -- sets
    @property
    def standard(self) -> bool:
        return self.reading.shape == "standard"

    @property
    def special(self) -> bool:
        """A gb13 special shape (xinbian 第二章 3–5): no sets, no pair."""
        return self.reading.shape in SPECIAL_SHAPES

    @property
    def variant(self) -> str:
        return self.case.variant

    def pungs(self) -> list[SetFact]:
        return [g for g in self.sets if g.is_pung]

    def chows(self) -> list[SetFact]:
        return [g for g in self.sets if g.is_chow]

    def kongs(self) -> list[SetFact]:
        return [g for g in self.sets if g.kind == "kong"]

    def concealed_pungs(self) -> list[SetFact]:
        return [g for g in self.pungs() if g.concealed]

    def wind_pungs(self) -> list[SetFact]:
        return [g for g in self.pungs() if g.tile in WIND_TILES]

    def dragon_pungs(self) -> list[SetFact]:
        return [g for g in self.pungs() if g.tile in DRAGON_TILES]

    def groups(self) -> list[tuple[str, ...]]:
        """The pieces 全带幺 and 全带五 speak of: every set and the pair."""
        return [g.tiles for g in self.sets] + [(self.pair, self.pair)]

    @property
    def concealed_hand(self) -> bool:
        """门前清 as a state: no 吃, 碰 or 明杠 (xinbian 第三章 30); concealed kongs allowed."""
        return not any(g.melded for g in self.sets)

    @property
    def self_drawn(self) -> bool:
        return self.case.win_by == "self_draw"


def facts_of(case: Case, reading: Reading, waits: list[str] | None = None) -> Facts:
    """The facts of one reading of ``case`` (a reading of gb16.properties.hands.readings)."""
    sets = []
    win_taken = False
    for i, g in enumerate(reading.sets):
        holds_win = (not win_taken and reading.win_in == "set" and reading.win_group == g)
        win_taken |= holds_win
        if g.kind == "kong":
            concealed = g.concealed_kong
        elif g.kind == "pung":
            # 暗刻: three standing tiles, or two standing tiles and a self-drawn winning tile;
            # a pung completed by a discarded winning tile is 明刻 (xinbian 第三章 18, 19;
            # seed000 §二.3 "点和补成的刻子不是暗刻")
            concealed = not g.exposed and not (holds_win and case.win_by == "discard")
        else:
            concealed = not g.exposed
        sets.append(SetFact(i, g.kind, tuple(g.tiles), g.exposed and not g.concealed_kong,
                            concealed, holds_win))
    tiles = tuple(case.hand.all_tiles())
    if waits is None:
        waits = formal_waits(case.hand, case.win_tile, case.variant)
    return Facts(case, reading, tuple(sets), reading.pair, tiles, Counter(tiles), tuple(waits))


# --------------------------------------------------------------------------------------
# The definitions


@dataclass(frozen=True)
class Definition:
    fan: str
    clause: str
    test: Callable[[Facts], Occurrences]


DEFINITIONS: dict[str, Definition] = {}


def define(fan: str, clause: str):
    def register(test):
        if fan not in FAN or fan in NOT_DEFINED_HERE:  # pragma: no cover - a programming error
            raise AssertionError(f"{fan} is not a fan defined on a reading")
        DEFINITIONS[fan] = Definition(fan, clause, test)
        return test
    return register


def whole(holds: bool) -> Occurrences:
    return [()] if holds else []


def indices(groups) -> tuple[int, ...]:
    return tuple(g.index for g in groups)


def subsets(groups, k: int, condition) -> Occurrences:
    """Every choice of ``k`` of the groups satisfying ``condition`` (seed000 §三: "从五副面子选取
    符合定义的三／四副")."""
    return [indices(c) for c in itertools.combinations(groups, k) if condition(c)]


def _same_suit(groups) -> bool:
    return len({suit(g.tile) for g in groups}) == 1 and groups[0].numbered


def _three_suits(groups) -> bool:
    return all(g.numbered for g in groups) and len({suit(g.tile) for g in groups}) == 3


def _starts(groups) -> list[int]:
    return sorted(rank(g.tile) for g in groups)


def _evenly_stepped(groups, steps) -> bool:
    """In some order the numbers rise by one common step, the step one of ``steps``."""
    s = _starts(groups)
    diffs = {b - a for a, b in zip(s, s[1:])}
    return len(diffs) == 1 and diffs <= set(steps)


# 88 ---------------------------------------------------------------------------------

@define("big_four_winds", "xinbian 第七章 1: 和牌中有四种风牌的四副刻子")
def _big_four_winds(f: Facts) -> Occurrences:
    winds = f.wind_pungs()
    return [indices(winds)] if len(winds) == 4 else []


@define("big_three_dragons", "xinbian 第七章 2: 和牌中有三种箭牌的三副刻子")
def _big_three_dragons(f: Facts) -> Occurrences:
    dragons = f.dragon_pungs()
    return [indices(dragons)] if len(dragons) == 3 else []


@define("all_green", "xinbian 第七章 3: 仅由 23468条 与 发 组成; seed000 §三 (检查全部十七张及杠牌)")
def _all_green(f: Facts) -> Occurrences:
    return whole(all(t in GREEN_TILES for t in f.tiles))


@define("four_kongs", "seed000 §二.3, §三 四杠: 至少四副杠; 五杠仍只计一次")
def _four_kongs(f: Facts) -> Occurrences:
    return whole(len(f.kongs()) >= 4)


# gb13 only (xinbian 第七章; seed000 §二.1 "七对、七星不靠、全不靠……均不适用", §三 本扩展不设此番)

def _same_suit_tiles(tiles) -> str | None:
    """The one suit of numbered tiles ``tiles`` are all of, or None."""
    suits = {suit(t) for t in tiles}
    return next(iter(suits)) if len(suits) == 1 and not any(is_honour(t) for t in tiles) else None


@define("nine_gates", "xinbian 第七章 4: 一种花色的 1、9 各三张, 2–8 各一张共十三张序数牌的立牌外加该花色任意"
        "一张序数牌的和牌张组成的基本和牌型")
def _nine_gates(f: Facts) -> Occurrences:
    if not f.standard or f.case.hand.melds:
        return []
    before = list(f.case.hand.standing)
    before.remove(f.case.win_tile)
    s = _same_suit_tiles(f.tiles)
    return whole(s is not None and Counter(before) == Counter(
        f"{r}{s}" for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)))


@define("seven_shifted_pairs", "xinbian 第七章 6: 由花色相同、序数依次递增 1 的七个对子组成的特殊和牌型")
def _seven_shifted_pairs(f: Facts) -> Occurrences:
    ranks = sorted(rank(t) for t in f.counts)
    return whole(f.reading.shape == "seven_pairs" and _same_suit_tiles(f.tiles) is not None
                 and len(ranks) == 7 and ranks == list(range(ranks[0], ranks[0] + 7)))


@define("thirteen_orphans", "xinbian 第七章 7: 任意一种幺九牌的对子外加其余十二种幺九牌各一张组成的特殊和牌型")
def _thirteen_orphans(f: Facts) -> Occurrences:
    return whole(f.reading.shape == "thirteen_orphans")


def _terminal_chows(f: Facts) -> list[tuple[str, str]]:
    """The (suit, start) of the reading's chows, when they are all 123 or 789 and four."""
    chows = f.chows()
    if len(chows) != 4 or len(f.sets) != 4 or not all(rank(g.tile) in (1, 7) for g in chows):
        return []
    return sorted((suit(g.tile), rank(g.tile)) for g in chows)


@define("pure_terminal_chows", "xinbian 第七章 13: 一种花色的 123、789 顺子各两副以及该花色的 5 的将牌组成的基本和牌型")
def _pure_terminal_chows(f: Facts) -> Occurrences:
    c = _terminal_chows(f)
    ok = (f.standard and bool(c) and c == sorted([(c[0][0], 1), (c[0][0], 1), (c[0][0], 7), (c[0][0], 7)])
          and f.pair == f"5{c[0][0]}")
    return [indices(f.chows())] if ok else []


@define("three_suited_terminal_chows", "xinbian 第七章 29: 一种花色的 123、789 两副顺子, 另一花色的 123、789 "
        "两副顺子以及第三种花色的 5 的将牌组成的基本和牌型")
def _three_suited_terminal_chows(f: Facts) -> Occurrences:
    c = _terminal_chows(f)
    suits = sorted({s for s, _ in c})
    ok = (f.standard and len(suits) == 2 and c == sorted((s, r) for s in suits for r in (1, 7))
          and f.pair is not None and not is_honour(f.pair) and suit(f.pair) not in suits and rank(f.pair) == 5)
    return [indices(f.chows())] if ok else []


@define("seven_pairs", "xinbian 第七章 19: 由七个对子组成的特殊和牌型")
def _seven_pairs(f: Facts) -> Occurrences:
    return whole(f.reading.shape == "seven_pairs")


@define("greater_honors_and_knitted_tiles", "xinbian 第七章 20: 七种字牌各一张, 外加 147/258/369 共九种序数牌"
        "中任意七种牌各一张组成的特殊和牌型")
def _greater_honors_and_knitted_tiles(f: Facts) -> Occurrences:
    return whole(f.reading.shape == "honours_knitted" and all(f.counts[t] for t in HONOUR_TILES))


@define("lesser_honors_and_knitted_tiles", "xinbian 第七章 34: 147/258/369 与七种字牌共十六种牌中任意十四种牌"
        "各一张组成的特殊和牌型")
def _lesser_honors_and_knitted_tiles(f: Facts) -> Occurrences:
    return whole(f.reading.shape == "honours_knitted")


# 64 ---------------------------------------------------------------------------------

@define("all_terminals", "xinbian 第七章 8: 由序数牌 1、9 组成的和牌")
def _all_terminals(f: Facts) -> Occurrences:
    return whole(f.only_numbers({1, 9}))


@define("little_four_winds", "xinbian 第七章 9: 三副风牌的刻子、第四种风牌的将牌")
def _little_four_winds(f: Facts) -> Occurrences:
    winds = f.wind_pungs()
    return [indices(winds)] if len(winds) == 3 and f.pair in WIND_TILES else []


@define("little_three_dragons", "xinbian 第七章 10: 两副箭牌的刻子、第三种箭牌的将牌")
def _little_three_dragons(f: Facts) -> Occurrences:
    dragons = f.dragon_pungs()
    return [indices(dragons)] if len(dragons) == 2 and f.pair in DRAGON_TILES else []


@define("all_honors", "xinbian 第七章 11: 由字牌组成的和牌")
def _all_honors(f: Facts) -> Occurrences:
    return whole(all(is_honour(t) for t in f.tiles))


@define("four_concealed_pungs", "seed000 §二.3, §二.4, §三 四暗刻: 至少四副暗刻或暗杠, 第五面子可以副露")
def _four_concealed_pungs(f: Facts) -> Occurrences:
    return whole(len(f.concealed_pungs()) >= 4)


# 48 / 32 ----------------------------------------------------------------------------

@define("quadruple_chow", "xinbian 第七章 14: 花色、序数均相同的四副顺子")
def _quadruple_chow(f: Facts) -> Occurrences:
    return subsets(f.chows(), 4, lambda c: len({g.tiles for g in c}) == 1)


@define("four_pure_shifted_pungs", "xinbian 第七章 15: 花色相同、序数依次递增 1 的四副刻子")
def _four_pure_shifted_pungs(f: Facts) -> Occurrences:
    return subsets(f.pungs(), 4, lambda c: _same_suit(c) and _evenly_stepped(c, (1,)))


@define("four_pure_shifted_chows",
        "xinbian 第七章 16: 花色相同、序数依次递增 1 或 2 的四副顺子, 递增数均相同")
def _four_pure_shifted_chows(f: Facts) -> Occurrences:
    return subsets(f.chows(), 4, lambda c: _same_suit(c) and _evenly_stepped(c, (1, 2)))


@define("three_kongs", "xinbian 第七章 17, seed000 §二.3: 杠牌恰有三副")
def _three_kongs(f: Facts) -> Occurrences:
    return whole(len(f.kongs()) == 3)


@define("all_terminals_and_honors", "xinbian 第七章 18: 包含字牌且序数牌只包含 1、9 (R-016: 有序数牌)")
def _all_terminals_and_honors(f: Facts) -> Occurrences:
    return whole(f.honours and bool(f.suits) and f.ranks <= {1, 9})


# 24 ---------------------------------------------------------------------------------

@define("all_even_pungs", "seed000 §三 全双刻: 五副刻杠及将牌全部由偶数序数牌组成; xinbian 第七章 21 (基本和牌型); R-005")
def _all_even_pungs(f: Facts) -> Occurrences:
    def even(t: str) -> bool:
        return not is_honour(t) and rank(t) % 2 == 0
    return whole(f.standard and all(g.is_pung and even(g.tile) for g in f.sets) and even(f.pair))


@define("full_flush", "xinbian 第七章 22: 由一种花色的序数牌组成的和牌")
def _full_flush(f: Facts) -> Occurrences:
    return whole(not f.honours and len(f.suits) == 1)


@define("pure_triple_chow", "xinbian 第七章 23: 花色、序数均相同的三副顺子")
def _pure_triple_chow(f: Facts) -> Occurrences:
    return subsets(f.chows(), 3, lambda c: len({g.tiles for g in c}) == 1)


@define("pure_shifted_pungs", "xinbian 第七章 24: 花色相同、序数依次递增 1 的三副刻子")
def _pure_shifted_pungs(f: Facts) -> Occurrences:
    return subsets(f.pungs(), 3, lambda c: _same_suit(c) and _evenly_stepped(c, (1,)))


@define("upper_tiles", "xinbian 第七章 25: 由序数牌 7、8、9 组成的和牌")
def _upper_tiles(f: Facts) -> Occurrences:
    return whole(f.only_numbers({7, 8, 9}))


@define("middle_tiles", "xinbian 第七章 26: 由序数牌 4、5、6 组成的和牌")
def _middle_tiles(f: Facts) -> Occurrences:
    return whole(f.only_numbers({4, 5, 6}))


@define("lower_tiles", "xinbian 第七章 27: 由序数牌 1、2、3 组成的和牌")
def _lower_tiles(f: Facts) -> Occurrences:
    return whole(f.only_numbers({1, 2, 3}))


# 16 ---------------------------------------------------------------------------------

@define("pure_straight", "xinbian 第七章 28: 花色相同的 123、456、789 三副顺子")
def _pure_straight(f: Facts) -> Occurrences:
    return subsets(f.chows(), 3, lambda c: _same_suit(c) and _starts(c) == [1, 4, 7])


@define("pure_shifted_chows",
        "xinbian 第七章 30: 花色相同、序数依次递增 1 或 2 的三副顺子, 递增数均相同")
def _pure_shifted_chows(f: Facts) -> Occurrences:
    return subsets(f.chows(), 3, lambda c: _same_suit(c) and _evenly_stepped(c, (1, 2)))


@define("all_fives", "seed000 §三 全带五: 五副面子及将牌每一组都含五; xinbian 第七章 31 (普通基本和牌型); R-005")
def _all_fives(f: Facts) -> Occurrences:
    return whole(f.standard and all(any(not is_honour(t) and rank(t) == 5 for t in g)
                                    for g in f.groups()))


@define("triple_pung", "xinbian 第七章 32, seed000 §三 三同刻: 分属三种花色、序数相同的三副刻杠")
def _triple_pung(f: Facts) -> Occurrences:
    return subsets(f.pungs(), 3, lambda c: _three_suits(c) and len({rank(g.tile) for g in c}) == 1)


@define("three_concealed_pungs", "xinbian 第七章 33, seed000 §二.3, §三 三暗刻: 暗刻恰有三副")
def _three_concealed_pungs(f: Facts) -> Occurrences:
    return whole(len(f.concealed_pungs()) == 3)


# 12 ---------------------------------------------------------------------------------

@define("knitted_straight", "xinbian 第七章 35, seed000 §三 组合龙: 九张组合龙留在手内 (组合龙型); gb13: "
        "和牌中有一种花色的 147、另一花色的 258、第三种花色的 369 (全不靠 with all nine, 第七章 34 牌例)")
def _knitted_straight(f: Facts) -> Occurrences:
    return whole(f.reading.shape == "knitted" or (
        f.reading.shape == "honours_knitted" and any(all(f.counts[t] for t in k) for k in KNITTED_OPTIONS)))


@define("upper_four", "xinbian 第七章 36: 由序数牌 6、7、8、9 组成的和牌")
def _upper_four(f: Facts) -> Occurrences:
    return whole(f.only_numbers({6, 7, 8, 9}))


@define("lower_four", "xinbian 第七章 37: 由序数牌 1、2、3、4 组成的和牌")
def _lower_four(f: Facts) -> Occurrences:
    return whole(f.only_numbers({1, 2, 3, 4}))


@define("big_three_winds", "xinbian 第七章 38, seed000 §三 三风刻: 风牌的刻子恰有三副")
def _big_three_winds(f: Facts) -> Occurrences:
    winds = f.wind_pungs()
    return [indices(winds)] if len(winds) == 3 else []


# 8 ----------------------------------------------------------------------------------

@define("mixed_straight", "xinbian 第七章 39: 一种花色的 123、另一花色的 456、第三种花色的 789")
def _mixed_straight(f: Facts) -> Occurrences:
    return subsets(f.chows(), 3, lambda c: _three_suits(c) and _starts(c) == [1, 4, 7])


@define("reversible_tiles", "xinbian 第七章 40: 由 1234589筒、245689条、白板 组成的和牌")
def _reversible_tiles(f: Facts) -> Occurrences:
    return whole(all(t in REVERSIBLE_TILES for t in f.tiles))


@define("mixed_triple_chow", "xinbian 第七章 41: 分属三种花色、序数相同的三副顺子")
def _mixed_triple_chow(f: Facts) -> Occurrences:
    return subsets(f.chows(), 3, lambda c: _three_suits(c) and len(set(_starts(c))) == 1)


@define("mixed_shifted_pungs", "xinbian 第七章 42: 分属三种花色、序数依次递增 1 的三副刻子")
def _mixed_shifted_pungs(f: Facts) -> Occurrences:
    return subsets(f.pungs(), 3, lambda c: _three_suits(c) and _evenly_stepped(c, (1,)))


@define("last_tile_draw", "xinbian 第七章 44: 自摸牌墙所剩最后一张牌")
def _last_tile_draw(f: Facts) -> Occurrences:
    return whole(f.case.last_tile and f.self_drawn)


@define("last_tile_claim", "xinbian 第七章 45: 和牌墙摸完后别家打出的牌")
def _last_tile_claim(f: Facts) -> Occurrences:
    return whole(f.case.last_tile and not f.self_drawn)


@define("out_with_replacement_tile", "xinbian 第七章 46: 自摸杠牌后摸进的牌 (R-014)")
def _out_with_replacement_tile(f: Facts) -> Occurrences:
    return whole(f.case.kong_replacement and f.self_drawn and bool(f.kongs()))


@define("robbing_the_kong", "xinbian 第七章 47: 和他家用于加杠的牌 (R-014)")
def _robbing_the_kong(f: Facts) -> Occurrences:
    return whole(f.case.robbing_kong and not f.self_drawn)


# 6 ----------------------------------------------------------------------------------

@define("all_pungs", "seed000 §三 碰碰和: 五副均为刻子或杠, 再加一对将")
def _all_pungs(f: Facts) -> Occurrences:
    return whole(f.standard and all(g.is_pung for g in f.sets))


@define("half_flush", "xinbian 第七章 49: 包含字牌且序数牌只包含一种花色 (R-016: 有序数牌)")
def _half_flush(f: Facts) -> Occurrences:
    return whole(f.honours and len(f.suits) == 1)


@define("mixed_shifted_chows", "xinbian 第七章 50: 分属三种花色、序数依次递增 1 的三副顺子")
def _mixed_shifted_chows(f: Facts) -> Occurrences:
    return subsets(f.chows(), 3, lambda c: _three_suits(c) and _evenly_stepped(c, (1,)))


@define("all_types", "xinbian 第七章 51: 三种花色的序数牌、风牌、箭牌")
def _all_types(f: Facts) -> Occurrences:
    return whole(len(f.suits) == 3 and any(t in WIND_TILES for t in f.tiles)
                 and any(t in DRAGON_TILES for t in f.tiles))


@define("melded_hand", "seed000 §二.2, §三 全求人: 五副面子全部明露 (暗杠不算), 点和将牌; R-004")
def _melded_hand(f: Facts) -> Occurrences:
    return whole(f.standard and all(g.melded for g in f.sets) and not f.self_drawn
                 and f.reading.win_in == "pair")


@define("two_concealed_kongs", "xinbian 第七章 53, seed000 §三 双暗杠: 杠牌恰有两副且均为暗杠")
def _two_concealed_kongs(f: Facts) -> Occurrences:
    kongs = f.kongs()
    return whole(len(kongs) == 2 and all(not g.melded for g in kongs))


@define("two_dragon_pungs", "xinbian 第七章 54: 箭牌的刻子恰有两副")
def _two_dragon_pungs(f: Facts) -> Occurrences:
    dragons = f.dragon_pungs()
    return [indices(dragons)] if len(dragons) == 2 else []


# 4 ----------------------------------------------------------------------------------

@define("outside_hand", "seed000 §三 全带幺: 五副面子及将牌每一组都含幺九牌或字牌; xinbian 第七章 55 (普通基本和牌型); R-005")
def _outside_hand(f: Facts) -> Occurrences:
    return whole(f.standard and all(any(is_terminal_or_honour(t) for t in g) for g in f.groups()))


@define("fully_concealed_hand", "xinbian 第七章 56, seed000 §三 不求人: 未吃、碰、明杠, 自摸和牌")
def _fully_concealed_hand(f: Facts) -> Occurrences:
    return whole(f.concealed_hand and f.self_drawn)


@define("two_melded_kongs", "xinbian 第七章 57, seed000 §三 双明杠: 杠牌恰有两副且均为明杠")
def _two_melded_kongs(f: Facts) -> Occurrences:
    kongs = f.kongs()
    return whole(len(kongs) == 2 and all(g.melded for g in kongs))


@define("last_of_kind", "xinbian 第七章 58: 已亮明三张, 和所剩的第四张 (各家副露 includes the winner's own, R-006)")
def _last_of_kind(f: Facts) -> Occurrences:
    shown = sum(g.tiles.count(f.case.win_tile) for g in f.sets if g.melded)
    return whole(f.case.last_of_kind or shown == 3)


# 2 ----------------------------------------------------------------------------------

@define("dragon_pung", "xinbian 第七章 59, seed000 §三 箭刻: 箭牌的刻子恰有一副")
def _dragon_pung(f: Facts) -> Occurrences:
    dragons = f.dragon_pungs()
    return [indices(dragons)] if len(dragons) == 1 else []


@define("prevalent_wind", "xinbian 第七章 60: 风牌的刻子, 其风牌与当前圈风相同")
def _prevalent_wind(f: Facts) -> Occurrences:
    tile = WIND_TILE_OF.get(f.case.prevalent_wind)  # None: no wind stated
    return [(g.index,) for g in f.pungs() if g.tile == tile]


@define("seat_wind", "xinbian 第七章 61: 风牌的刻子, 其风牌与自家门风相同 (seed000 §二.8: 圈风与门风相同可同计)")
def _seat_wind(f: Facts) -> Occurrences:
    tile = WIND_TILE_OF.get(f.case.seat_wind)  # None: no wind stated
    return [(g.index,) for g in f.pungs() if g.tile == tile]


@define("concealed_hand", "xinbian 第七章 62, seed000 §三 门前清: 未吃、碰、明杠, 点和和牌")
def _concealed_hand(f: Facts) -> Occurrences:
    return whole(f.concealed_hand and not f.self_drawn)


@define("all_chows", "seed000 §二.2, §三 平和: 普通型五副均为顺子、将牌为数牌; 组合龙型两副普通面子均为顺子、将牌为数牌")
def _all_chows(f: Facts) -> Occurrences:
    return whole(not f.special and all(g.is_chow for g in f.sets) and not is_honour(f.pair))


@define("tile_hog", "xinbian 第七章 64, seed000 §三 四归一, §四.6: 每一种未作杠的牌在整手恰有四张")
def _tile_hog(f: Facts) -> Occurrences:
    kong_tiles = {g.tile for g in f.kongs()}
    return [() for t, n in sorted(f.counts.items()) if n == 4 and t not in kong_tiles]


@define("double_pung", "xinbian 第七章 65, seed000 §三 双同刻: 跨两门同序数的每一对刻杠")
def _double_pung(f: Facts) -> Occurrences:
    return subsets(f.pungs(), 2, lambda c: all(g.numbered for g in c)
                   and len({suit(g.tile) for g in c}) == 2 and rank(c[0].tile) == rank(c[1].tile))


@define("two_concealed_pungs", "xinbian 第七章 66, seed000 §二.3: 暗刻恰有两副")
def _two_concealed_pungs(f: Facts) -> Occurrences:
    return whole(len(f.concealed_pungs()) == 2)


@define("concealed_kong", "xinbian 第七章 67: 杠牌恰有一副且为暗杠")
def _concealed_kong(f: Facts) -> Occurrences:
    kongs = f.kongs()
    return whole(len(kongs) == 1 and not kongs[0].melded)


@define("all_simples", "xinbian 第七章 68: 由序数牌 2–8 组成的和牌")
def _all_simples(f: Facts) -> Occurrences:
    return whole(f.only_numbers(range(2, 9)))


# 1 ----------------------------------------------------------------------------------

def chow_relation(a: SetFact, b: SetFact) -> str | None:
    """The chow-pair fan two chows form (xinbian 第七章 69–72); the four exclude each other."""
    (sa, x), (sb, y) = (suit(a.tile), rank(a.tile)), (suit(b.tile), rank(b.tile))
    if sa == sb and x == y:
        return "pure_double_chow"      # 花色、序数均相同
    if sa != sb and x == y:
        return "mixed_double_chow"     # 花色不同、序数相同
    if sa == sb and abs(x - y) == 3:
        return "short_straight"        # 花色相同、序数相差 3
    if sa == sb and {x, y} == {1, 7}:
        return "two_terminal_chows"    # 一种花色的 123、789
    return None


def _related(fan: str):
    def test(f: Facts) -> Occurrences:
        return subsets(f.chows(), 2, lambda c: chow_relation(*c) == fan)
    return test


define("pure_double_chow", "xinbian 第七章 69: 花色、序数均相同的两副顺子")(_related("pure_double_chow"))
define("mixed_double_chow", "xinbian 第七章 70: 花色不同、序数相同的两副顺子")(_related("mixed_double_chow"))
define("short_straight", "xinbian 第七章 71: 花色相同、序数相差 3 的两副顺子")(_related("short_straight"))
define("two_terminal_chows", "xinbian 第七章 72: 一种花色的 123、789 两副顺子")(_related("two_terminal_chows"))


@define("pung_of_terminals_or_honors", "xinbian 第七章 73, seed000 §三 幺九刻: 幺九牌的刻子, 每副")
def _pung_of_terminals_or_honors(f: Facts) -> Occurrences:
    return [(g.index,) for g in f.pungs() if is_terminal_or_honour(g.tile)]


@define("melded_kong", "xinbian 第七章 74: 杠牌恰有一副且为明杠")
def _melded_kong(f: Facts) -> Occurrences:
    kongs = f.kongs()
    return whole(len(kongs) == 1 and kongs[0].melded)


@define("one_voided_suit", "xinbian 第七章 75: 序数牌只包含两种花色")
def _one_voided_suit(f: Facts) -> Occurrences:
    return whole(len(f.suits) == 2)


@define("no_honors", "xinbian 第七章 76: 由序数牌组成的和牌")
def _no_honors(f: Facts) -> Occurrences:
    return whole(not f.honours)


def _winning_chow(f: Facts) -> SetFact | None:
    """The standing chow holding the winning tile (an exposed chow is never a wait)."""
    g = next((g for g in f.sets if g.holds_win), None)
    return g if g is not None and g.is_chow and not g.melded else None


def _single_formal_wait(f: Facts) -> bool:
    """seed000 §二.7: only one tile type completes the sixteen tiles (R-010)."""
    return len(f.waits) == 1


@define("edge_wait", "seed000 §二.7, §三 边张; xinbian 第七章 77: 未副露 123 的 3 或 789 的 7, 只听这一种牌")
def _edge_wait(f: Facts) -> Occurrences:
    g = _winning_chow(f)
    w = rank(f.case.win_tile) if g is not None else None
    return whole(g is not None and _single_formal_wait(f)
                 and ((rank(g.tile) == 1 and w == 3) or (rank(g.tile) == 7 and w == 7)))


@define("closed_wait", "seed000 §二.7, §三 嵌张; xinbian 第七章 78: 未副露顺子的中张, 只听这一种牌")
def _closed_wait(f: Facts) -> Occurrences:
    g = _winning_chow(f)
    return whole(g is not None and _single_formal_wait(f) and rank(f.case.win_tile) == rank(g.tile) + 1)


@define("single_wait", "seed000 §二.7, §三 单钓将; xinbian 第七章 79: 和牌张构成将牌, 只听这一种牌")
def _single_wait(f: Facts) -> Occurrences:
    return whole(f.reading.win_in == "pair" and _single_formal_wait(f))


@define("self_drawn", "xinbian 第七章 80: 自摸和牌")
def _self_drawn(f: Facts) -> Occurrences:
    return whole(f.self_drawn)


# 5 ----------------------------------------------------------------------------------

@define("concealed_and_melded_kong", "seed000 §三 明暗杠, xinbian 第七章 82: 恰好两副杠, 一明一暗")
def _concealed_and_melded_kong(f: Facts) -> Occurrences:
    kongs = f.kongs()
    return whole(len(kongs) == 2 and sorted(g.melded for g in kongs) == [False, True])


# --------------------------------------------------------------------------------------
# What holds, and what one big-combination choice counts


def holding(f: Facts) -> dict[str, Occurrences]:
    """Every fan whose definition holds on the reading, with its occurrences.

    The answer is kept for the last facts asked (properties 4, 10, 13 and 14 each ask it of
    the reading of one example); a copy is returned each time."""
    return {fan: list(occ) for fan, occ in _holding(f).items()}


@functools.lru_cache(maxsize=256)
def _holding(f: Facts) -> dict[str, Occurrences]:
    return {fan: occ for fan, d in DEFINITIONS.items()
            if FAN[fan]["applies"][f.variant] and (occ := d.test(f))}


def big_choices(holds: dict[str, Occurrences]) -> list[tuple[str, tuple[int, ...]] | None]:
    """seed000 §二.5: the candidate big combinations of the reading (one fan on one choice of
    sets each), or ``[None]`` when none holds."""
    return [(fan, occ) for fan in BIG_COMBINATION for occ in holds.get(fan, ())] or [None]


def chow_link_count(f: Facts, choice) -> int:
    """seed000 §二.6 as docs/rulings.md R-001 reads it: beside a four-chow fan none ("四顺子番种
    成立时全手不计双顺子番种，包含第五顺子"); otherwise the chows of a counted three-chow fan are one
    node, every related pair of nodes an edge, and the links counted are a largest forest:
    nodes − connected components.  (Limiting 老少副 to one never lowers that number.)"""
    if choice is not None and choice[0] in FOUR_CHOW_FANS:
        return 0
    group = set(choice[1]) if choice is not None and choice[0] in THREE_CHOW_FANS else set()
    chows = f.chows()
    node = {g.index: ("group" if g.index in group else g.index) for g in chows}
    parent = {n: n for n in node.values()}

    def root(n):
        while parent[n] != n:
            n = parent[n]
        return n

    for a, b in itertools.combinations(chows, 2):
        if node[a.index] != node[b.index] and chow_relation(a, b):
            ra, rb = root(node[a.index]), root(node[b.index])
            if ra != rb:
                parent[ra] = rb
    nodes = set(node.values())
    return len(nodes) - len({root(n) for n in nodes})


def exclusions_of(fan: str, variant: str = "gb16") -> list[dict]:
    """The 不计 entries of ``fan`` that act in ``variant`` (gb16.properties.rulebook)."""
    return rulebook.exclusions_of(fan, variant)


def counted(f: Facts, holds: dict[str, Occurrences], choice, variant: str | None = None) -> Counter:
    """The fans one reading counts with one big-combination ``choice`` (a member of
    :func:`big_choices`).  The chow-pair links are counted as ``"chow_pairs"`` (each 1 point;
    which relation each link names is a tie, R-001).  ``variant``: the case's own unless given."""
    variant = variant or f.variant
    occ: dict[str, Occurrences] = {k: list(v) for k, v in holds.items()
                                   if k not in BIG_COMBINATION and k not in CHOW_PAIR_FANS}
    if choice is not None:
        occ[choice[0]] = [choice[1]]
    # seed000 §二.8: a fan that is not repeatable counts once
    for fan in occ:
        if not FAN[fan]["repeatable"]:
            occ[fan] = occ[fan][:1]
    # xinbian 第六章 4 with R-013: fans in table order; only a fan still counted excludes
    for fan in sorted(occ, key=TABLE_ORDER.__getitem__):
        mine = occ.get(fan)
        if not mine:
            continue
        used = set().union(*mine)
        for e in exclusions_of(fan, variant):
            other = e["fan"]
            if other not in occ:
                continue
            if e["scope"] == "whole":
                occ[other] = []
            elif e["scope"] == "one":
                occ[other] = occ[other][1:]
            else:
                occ[other] = [o for o in occ[other] if not used.intersection(o)]
    out = Counter({fan: len(o) for fan, o in occ.items() if o})
    four_chow = choice is not None and choice[0] in FOUR_CHOW_FANS
    links = 0 if four_chow else chow_link_count(f, choice)
    if links:
        out["chow_pairs"] = links
    if not out:
        out["chicken_hand"] = 1  # seed000 §三 无番和, R-012
    return out


def points(fans: Counter) -> int:
    """Σ points × count (the chow-pair links at 1 point each; flowers are not here)."""
    return sum((1 if fan == "chow_pairs" else FAN[fan]["points"]) * n for fan, n in fans.items())


# --------------------------------------------------------------------------------------
# The combination fans on chows alone (for generating hands where §二.5 must choose)


@dataclass(frozen=True)
class ChowsOnly:
    """A bare list of chows: the three- and four-chow definitions look at nothing else."""

    sets: tuple[SetFact, ...]

    def chows(self) -> list[SetFact]:
        return list(self.sets)


def chow_candidates(chows) -> list[tuple[str, tuple[int, ...]]]:
    """The three- and four-chow fans (seed000 §二.5) that ``chows`` — (suit, start) pairs —
    satisfy, each with the indices of the chows it uses."""
    bare = ChowsOnly(tuple(SetFact(i, "chow", tuple(f"{t + k}{s}" for k in range(3)), False, True, False)
                           for i, (s, t) in enumerate(chows)))
    return [(fan, occ) for fan in FOUR_CHOW_FANS + THREE_CHOW_FANS if FAN[fan]["applies"]["gb16"]
            for occ in DEFINITIONS[fan].test(bare)]
