"""Near misses of gb13's special shapes: legal gb13 winning hands that fail exactly one
condition of a special-shape fan's definition and meet all the others.

A scorer that checks a fan on only part of its definition agrees with the rule on every hand
that has the fan and on nearly every hand that has not: it is wrong only on the hands that
fail the one condition it leaves out.  Each form here is such a hand, one per condition (the
definitions as xinbian 第二章 3–5 and 第七章 give them):

* 十三幺 (第七章 7: 3 种序数牌的一、九及 7 种字牌 13 张各 1 张，另加其中任意 1 张): every tile a
  terminal or an honour and one pair — but not all thirteen kinds: four pungs of them and a
  pair (``orphans_in_pungs``), or seven pairs of them (``orphans_in_pairs``);
* 七对 (第七章 19, 第二章 3: 由 7 个对子组成): every kind held an even number of times — but in
  declared sets: two kongs and a chow twice (``even_counts_with_kongs``);
* 连七对 (第七章 6: 一种花色序数牌组成序数相连的 7 个对子): seven pairs of one suit, not seven
  consecutive numbers (``shifted_pairs_with_a_gap``, ``shifted_pairs_with_a_pair_twice``); seven
  consecutive numbers, not of one suit (``shifted_pairs_in_two_suits``);
* 全不靠 (第七章 34, 第二章 5: 单张…任何三种花色…组成的和牌，不能有将牌): the knitted tiles and
  honours only — but with sets and a pair: the 组合龙 nine with an honour pung and an honour pair
  (``knitted_tiles_with_sets``);
* 七星不靠 (第七章 20: 7 种字牌单张全有) and 组合龙 (第七章 35: 3 种花色的 147、258、369 不能错位,
  counted on 全不靠 when all nine are there, 第七章 34 牌例): 全不靠 with six of the seven
  honours, so eight of the nine knitted tiles (``eight_knitted_six_honours``);
* 九莲宝灯 (第七章 5: 一种花色序数牌…1112345678999…门前清): the tiles of one suit — but a set
  melded (``nine_gates_melded``); concealed — but one set of another suit
  (``nine_gates_other_suit``); the fourteen tiles — but the winning tile one of the thirteen
  (``nine_gates_wrong_winning_tile``).

Every hand is checked to be a legal gb13 winning hand by the properties' own decomposer
(gb16.properties.hands.readings); nothing here asks the scorer.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import assume, strategies as st

from gb16.properties.hands import (
    HONOUR_TILES, KNITTED_OPTIONS, NUMBER_SUITS, WINDS, Case, Hand, Meld, chow_tiles, readings, sorted_tiles,
)
from gb16.properties.strategies.blocks import sampled

TERMINALS_AND_HONOURS = tuple(f"{r}{s}" for s in NUMBER_SUITS for r in (1, 9)) + tuple(HONOUR_TILES)

#: Each form: the special-shape fans (ids of xinbian 第七章's table) it misses and the one
#: condition it fails.
FORMS = {
    "orphans_in_pungs": (("thirteen_orphans",), "all thirteen kinds"),
    "orphans_in_pairs": (("thirteen_orphans",), "all thirteen kinds"),
    "even_counts_with_kongs": (("seven_pairs", "seven_shifted_pairs"), "seven pairs, no declared set"),
    "shifted_pairs_with_a_gap": (("seven_shifted_pairs",), "seven consecutive numbers"),
    "shifted_pairs_with_a_pair_twice": (("seven_shifted_pairs",), "seven different numbers"),
    "shifted_pairs_in_two_suits": (("seven_shifted_pairs",), "one suit"),
    "knitted_tiles_with_sets": (("lesser_honors_and_knitted_tiles", "greater_honors_and_knitted_tiles"),
                                "single tiles, no set and no pair"),
    "eight_knitted_six_honours": (("greater_honors_and_knitted_tiles", "knitted_straight"),
                                  "all seven honours; all nine knitted tiles"),
    "nine_gates_melded": (("nine_gates",), "concealed"),
    "nine_gates_other_suit": (("nine_gates",), "one suit"),
    "nine_gates_wrong_winning_tile": (("nine_gates",), "the winning tile beside 1112345678999"),
}

#: The forms as drawn: those the filter rejects most often (a meld or a suit that leaves no
#: winning reading) and the rarest in the ci stream more than once.
DRAWN = tuple(FORMS) + ("nine_gates_melded", "nine_gates_other_suit", "nine_gates_wrong_winning_tile") * 2 + (
    "eight_knitted_six_honours", "even_counts_with_kongs")

_NINE_GATES = (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)


def _pairs(tiles) -> list[str]:
    return [t for t in tiles for _ in (0, 1)]


def _shape(draw, form: str) -> tuple[list[str], list[Meld], str | None]:
    """``(standing tiles, melds, winning tile or None for any standing tile)`` of one form."""
    s = draw(sampled(NUMBER_SUITS))
    if form == "orphans_in_pungs":
        kinds = draw(st.lists(sampled(TERMINALS_AND_HONOURS), min_size=5, max_size=5, unique=True))
        return [t for t in kinds[:4] for _ in range(3)] + _pairs(kinds[4:]), [], None
    if form == "orphans_in_pairs":
        kinds = draw(st.lists(sampled(TERMINALS_AND_HONOURS), min_size=7, max_size=7, unique=True))
        return _pairs(kinds), [], None
    if form == "even_counts_with_kongs":
        a, b = draw(st.lists(sampled(TERMINALS_AND_HONOURS + tuple(f"5{x}" for x in NUMBER_SUITS)),
                             min_size=2, max_size=2, unique=True))
        chow = chow_tiles(s, draw(st.integers(1, 7)))
        pair = draw(sampled([t for t in HONOUR_TILES if t not in (a, b)]))
        concealed = draw(st.booleans())
        melds = [Meld("kong", (a,) * 4, concealed=concealed), Meld("kong", (b,) * 4, concealed=draw(st.booleans()))]
        return list(chow) * 2 + [pair, pair], melds, None
    if form == "shifted_pairs_with_a_gap":
        ranks = sorted(draw(st.lists(st.integers(1, 9), min_size=7, max_size=7, unique=True)))
        assume(ranks[-1] - ranks[0] != 6)
        return _pairs(f"{r}{s}" for r in ranks), [], None
    if form == "shifted_pairs_with_a_pair_twice":
        a = draw(st.integers(1, 4))
        ranks = list(range(a, a + 6))
        twice = draw(sampled(ranks))
        return _pairs(f"{r}{s}" for r in ranks + [twice]), [], None
    if form == "shifted_pairs_in_two_suits":
        a = draw(st.integers(1, 3))
        cut = draw(st.integers(1, 6))
        other = draw(sampled([x for x in NUMBER_SUITS if x != s]))
        return _pairs(f"{a + k}{s if k < cut else other}" for k in range(7)), [], None
    if form == "knitted_tiles_with_sets":
        knitted = list(draw(sampled(KNITTED_OPTIONS)))
        pung, pair = draw(st.lists(sampled(HONOUR_TILES), min_size=2, max_size=2, unique=True))
        return knitted + [pung] * 3 + [pair] * 2, [], None
    if form == "eight_knitted_six_honours":
        knitted = list(draw(sampled(KNITTED_OPTIONS)))
        gone, honour = draw(sampled(knitted)), draw(sampled(HONOUR_TILES))
        return [t for t in knitted if t != gone] + [h for h in HONOUR_TILES if h != honour], [], None
    gates = [f"{r}{s}" for r in _NINE_GATES]
    if form == "nine_gates_melded":
        # 1112345678999 + x, won on x, with a set of the other thirteen melded
        extra = f"{draw(st.integers(1, 9))}{s}"
        tiles = Counter(gates)
        options = [("pung", (f"{r}{s}",) * 3) for r in (1, 9)] + [
            ("chow", chow_tiles(s, a)) for a in range(1, 8) if all(tiles[t] for t in chow_tiles(s, a))]
        kind, meld = draw(sampled(options))
        tiles.subtract(meld)
        return list(tiles.elements()) + [extra], [Meld(kind, tuple(meld))], extra
    if form == "nine_gates_other_suit":
        # the 999 (or 111) of the thirteen moved to another suit, won on the extra tile of the first
        other = draw(sampled([x for x in NUMBER_SUITS if x != s]))
        end = draw(sampled((1, 9)))
        ranks = list(_NINE_GATES)
        for _ in range(3):
            ranks.remove(end)
        extra = f"{draw(st.integers(1, 9))}{s}"
        return [f"{r}{s}" for r in ranks] + [f"{end}{other}"] * 3 + [extra], [], extra
    # nine_gates_wrong_winning_tile: 1112345678999 + x of one suit, won on a tile whose removal
    # leaves thirteen tiles other than 1112345678999
    x = draw(st.integers(1, 9))
    tiles = gates + [f"{x}{s}"]
    win = draw(sampled(sorted({t for t in tiles if t != f"{x}{s}"})))
    return tiles, [], win


@st.composite
def near_miss_cases(draw, forms=DRAWN) -> Case:
    """A legal gb13 winning hand of one of ``forms`` (:data:`FORMS`; :data:`DRAWN` repeats those
    the filter rejects most often)."""
    form = draw(sampled(forms))
    standing, melds, win = _shape(draw, form)
    hand = Hand(tuple(sorted_tiles(standing)), tuple(melds))
    if win is None:
        win = draw(sampled(sorted_tiles(set(standing))))
    assume(max(Counter(hand.all_tiles()).values()) <= 4 and readings(hand, win, "gb13"))
    win_by = draw(sampled(("self_draw", "discard")))
    return Case(hand=hand, win_tile=win, win_by=win_by, prevalent_wind=draw(sampled(WINDS)),
                seat_wind=draw(sampled(WINDS)), variant="gb13", origin=f"gb13:near_miss:{form}")
