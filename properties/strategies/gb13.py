"""Legal 13-tile (gb13) winning hands: four sets and a pair, and the special shapes that
exist only there, for the property that checks the exclusions of gb13 (property 16).

The gb16 strategies (gb16.properties.strategies.hand) draw five sets; the base rules'
shapes are four sets and a pair (xinbian 第二章 1) and the special shapes of xinbian 第七章:
七对 (19), 连七对 (3), 十三幺 (4), 七星不靠 (20) and 全不靠 (34), 组合龙 beside a set and a
pair (35), 九莲宝灯 (5), 一色双龙会 (8) and 三色双龙会 (23), 四暗刻 (7), 清幺九 (6).  Each is a family,
drawn with the same weight, so that every fan whose 不计 list is gb13's own shows in the
ci stream (gb16.properties.reach claims the shares).

The families of :data:`CONTEST_FAMILIES` build hands whose readings compete with different
fan structures (xinbian 第六章 2 解释原则): two doubled chows and a pair, which are also seven
pairs (七对 or 连七对 against 一般高/一色双龙会/一色四步高 …, 例 1), and three pungs of
consecutive numbers in one suit, which are also three identical chows (一色三节高/三暗刻
against 一色三同顺, 例 3).  Property 19 (gb13 no mixing) leans on them.

The hands are built from the texts' definitions alone, each family a winning shape by
construction; the properties read them back with their own model (gb16.properties.hands
reads the gb13 shapes too) and tests/test_properties_strategies.py checks every drawn hand
is a legal gb13 winning hand by that model.
"""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from gb16.properties.hands import (
    ALL_TILES, Case, Hand, KNITTED_OPTIONS, Meld, NUMBER_SUITS, WINDS, sorted_tiles,
)
from gb16.properties.strategies.blocks import (
    HONOURS, _Pool, _chow, _draw_group, _draw_pair, _pung, _tiles_of, permuted, sampled,
)
from gb16.properties.strategies.hand import hand_structures
from gb16.properties.strategies.targets import TARGETS

#: The families, each one winning shape (xinbian 第七章 numbers in the module docstring).
FAMILIES = (
    "standard", "standard", "four_concealed_pungs", "seven_pairs", "seven_shifted_pairs",
    "thirteen_orphans", "knitted_tiles", "knitted_tiles_seven_honours", "knitted_straight",
    "nine_gates", "pure_terminal_chows", "three_suited_terminal_chows", "all_terminals",
)

#: The gb16 profiles (gb16.properties.strategies.hand) drawn with four sets: the honour, number-band,
#: palette, chow- and pung-family and target hands, so that every fan of gb13 shows (reach per fan,
#: gb16.properties.reach); the family ``profile`` draws one of them.
PROFILES13 = tuple(f"target:{t}" for t in dict.fromkeys(TARGETS)) + (
    "pung_family", "plain", "plain", "green", "green_without_dragon", "reversible", "honours", "terminals",
    "number_band", "knitted", "kongs", "chow_family", "mixed", "one_suit")
#: Every family: the shapes of :data:`FAMILIES` (property 16's stream, twice) and the profiles.
#: (``all_green``, ``four_shifted_pungs``, ``terminal_chows_on_the_pair``, ``all_fives``,
#: ``mixed_shifted_pungs``, ``chicken_hand``: fans and forms the other families reach too rarely
#: at the ci budget.)
#: ``profile:NAME`` draws that profile alone: the rarest fans' profiles get a family each.
ALL_FAMILIES = FAMILIES * 2 + ("profile",) * len(FAMILIES) + (
    "all_green", "four_shifted_pungs", "terminal_chows_on_the_pair", "all_fives", "mixed_shifted_pungs",
    "chicken_hand") + tuple(f"profile:{p}" for p in (
        "target:big_four_winds", "target:big_three_dragons", "target:little_four_winds",
        "target:little_three_dragons", "honours", "honours", "target:upper_tiles", "target:middle_tiles",
        "target:lower_tiles", "target:all_even_pungs", "target:mixed_triple_chow", "target:mixed_shifted_chows",
        "target:mixed_straight", "reversible", "green_without_dragon", "pung_family"))
#: Hands whose readings compete (property 19): see the module docstring.
CONTEST_FAMILIES = ("contest_pairs", "contest_pairs", "contest_pungs", "contest_pungs",
                    "pure_terminal_chows", "nine_gates")

TERMINALS_AND_HONOURS = tuple(f"{r}{s}" for s in NUMBER_SUITS for r in (1, 9)) + HONOURS


def _standing_shape(draw, family: str) -> tuple[list[str], list[tuple[str, ...]]]:
    """``(tiles, groups)``: the tiles that are no set (a special shape, or the 组合龙 nine) and
    the sets, the pair last (its two tiles as a group); a special shape has no groups."""
    if family.startswith("profile"):
        # four sets and a pair (or the 组合龙, one set and a pair) drawn as a gb16 profile draws five
        chosen = (family.partition(":")[2],) if ":" in family else PROFILES13
        _, sets, pair, knitted = draw(hand_structures(chosen, sets_of_shape=4))
        return list(knitted or ()), list(sets) + [(pair, pair)]
    s = draw(sampled(NUMBER_SUITS))
    pool = _Pool()
    sets: list[tuple[str, ...]] = []
    everything = frozenset(ALL_TILES)
    if family == "seven_pairs":
        # seven pairs of distinct tiles (xinbian 第七章 19)
        pairs = draw(st.lists(sampled(ALL_TILES), min_size=7, max_size=7, unique=True))
        return [t for t in pairs for _ in (0, 1)], []
    if family == "seven_shifted_pairs":
        # seven pairs of one suit with consecutive numbers (第七章 3)
        a = draw(st.integers(1, 3))
        return [f"{a + k}{s}" for k in range(7) for _ in (0, 1)], []
    if family == "thirteen_orphans":
        # the 13 terminal and honour tiles, one of them twice (第七章 4)
        return list(TERMINALS_AND_HONOURS) + [draw(sampled(TERMINALS_AND_HONOURS))], []
    if family in ("knitted_tiles", "knitted_tiles_seven_honours"):
        # 14 distinct tiles of the 组合龙 nine and the seven honours (全不靠, 第七章 34); all
        # seven honours with seven of the nine is 七星不靠 (第七章 20)
        knitted = list(draw(sampled(KNITTED_OPTIONS)))
        pool = knitted + list(HONOURS)
        if family == "knitted_tiles_seven_honours":
            left_out = draw(st.lists(sampled(knitted), min_size=2, max_size=2, unique=True))
        else:   # an honour left out, so 全不靠 holds and 七星不靠 does not
            honour = draw(sampled(HONOURS))
            left_out = [honour, draw(sampled([t for t in pool if t != honour]))]
        return [t for t in pool if t not in left_out], []
    if family == "nine_gates":
        # 1112345678999 of one suit and one more tile of it (第七章 5)
        base = [f"{r}{s}" for r in (1, 1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 9, 9)]
        return base + [f"{draw(st.integers(1, 9))}{s}"], []
    if family == "all_green":
        # 绿一色 with 发 (xinbian 第七章 3: 23468条 and 发): a 发 pung or pair beside green sets
        green = frozenset({"2s", "3s", "4s", "6s", "8s", "7z"})
        if draw(st.booleans()):
            pool.take(_pung("7z"))
            sets.append(_pung("7z"))
        while len(sets) < 4:
            sets.append(_draw_group(draw, pool, green, "cp"))
        return [], sets + [(_draw_pair(draw, pool, green),) * 2]
    if family == "all_fives":
        # 全带五 (xinbian 第七章 31): every set and the pair hold a 5
        fives = _tiles_of(range(3, 8))
        while len(sets) < 4:
            sets.append(_draw_group(draw, pool, fives, "cp", keep=lambda g: any(t[0] == "5" for t in g)))
        return [], sets + [(_draw_pair(draw, pool, _tiles_of((5,))),) * 2]
    if family == "mixed_shifted_pungs":
        # 三色三节高 (xinbian 第七章 42): pungs a, a+1, a+2 in three suits, a set and a pair
        a = draw(st.integers(1, 7))
        sets = [_pung(f"{a + k}{x}") for k, x in enumerate(draw(permuted(NUMBER_SUITS)))]
        pool.take([t for g in sets for t in g])
        sets.append(_draw_group(draw, pool, everything, "cp"))
        return [], sets + [(_draw_pair(draw, pool, everything),) * 2]
    if family == "chicken_hand":
        # 无番和 (xinbian 第七章 43): three chows of three suits whose starts make no chow fan (no two
        # alike, not a, a+1, a+2, not 1, 4, 7), a pung of a simple, an honour pair; completed in
        # :func:`cases` with three sets melded and a two-sided wait won on a discard
        starts = draw(st.lists(st.integers(2, 6), min_size=3, max_size=3, unique=True).filter(
            lambda x: sorted(x)[2] - sorted(x)[0] != 2))
        sets = [_chow(x, a) for x, a in zip(NUMBER_SUITS, starts)]
        pool.take([t for g in sets for t in g])
        sets.append(_draw_group(draw, pool, _tiles_of(range(2, 9)), "p"))
        return [], sets + [(_draw_pair(draw, pool, frozenset(HONOURS)),) * 2]
    if family == "four_shifted_pungs":
        # 一色四节高 (xinbian 第七章 15): four pungs of one suit, numbers rising by one
        a = draw(st.integers(1, 6))
        sets = [_pung(f"{a + k}{s}") for k in range(4)]
        pool.take([t for g in sets for t in g])
        return [], sets + [(_draw_pair(draw, pool, everything),) * 2]
    if family in ("pure_terminal_chows", "terminal_chows_on_the_pair"):
        # 123 123 789 789 of one suit and a pair of its 5 (第七章 8)
        return [], [_chow(s, 1), _chow(s, 1), _chow(s, 7), _chow(s, 7), (f"5{s}", f"5{s}")]
    if family == "three_suited_terminal_chows":
        # 123 and 789 of two suits, a pair of 5 of the third (第七章 23)
        a, b, c = draw(permuted(NUMBER_SUITS))
        return [], [_chow(a, 1), _chow(a, 7), _chow(b, 1), _chow(b, 7), (f"5{c}", f"5{c}")]
    if family == "contest_pairs":
        # a chow twice, another chow twice (the same suit, shifted, half the time) and a pair:
        # seven pairs (xinbian 第七章 19, 6) or four chows and a pair (第二章 1), 例 1 of 第六章 2
        first = (s, draw(st.integers(1, 7)))
        if draw(st.booleans()):
            second = (s, draw(st.integers(1, 7)))
        else:
            second = (draw(sampled([x for x in NUMBER_SUITS if x != s])), draw(st.integers(1, 7)))
        tiles = [t for suit_letter, start in (first, second) for t in _chow(suit_letter, start) * 2]
        pool.take(tiles)
        pair = _draw_pair(draw, pool, frozenset(
            everything if draw(st.booleans()) else _tiles_of(range(1, 10), s)))
        return tiles + [pair, pair], []
    if family == "contest_pungs":
        # three pungs of consecutive numbers in one suit, standing (三节高/三暗刻 or three identical
        # chows, 第六章 2 例 3), one more set and a pair
        a = draw(st.integers(1, 7))
        tiles = [f"{a + k}{s}" for k in range(3) for _ in range(3)]
        pool.take(tiles)
        sets.append(_draw_group(draw, pool, everything, "cp"))
        return tiles, sets + [(_draw_pair(draw, pool, everything),) * 2]
    if family == "knitted_straight":
        # 组合龙 beside one set and a pair (第七章 35)
        knitted = draw(sampled(KNITTED_OPTIONS))
        pool.take(knitted)
        sets.append(_draw_group(draw, pool, everything, "cp"))
        return list(knitted), sets + [(_draw_pair(draw, pool, everything),) * 2]
    if family == "all_terminals":
        # four pungs and a pair of the six numbered 1s and 9s (清幺九, 第七章 6): in gb13 two of
        # them can share a rank without a third (双同刻 holds, which 清幺九 does not count)
        ends = _tiles_of((1, 9))
        for _ in range(4):
            sets.append(_draw_group(draw, pool, ends, "p"))
        return [], sets + [(_draw_pair(draw, pool, ends),) * 2]
    if family == "four_concealed_pungs":
        # four pungs, kept concealed below (四暗刻, 第七章 7)
        for _ in range(4):
            sets.append(_draw_group(draw, pool, everything, "p"))
        return [], sets + [(_draw_pair(draw, pool, everything),) * 2]
    # standard: four sets and a pair; a palette of one suit (and the honours) now and then,
    # for 清一色 / 混一色 and their 不计 lists
    palette = draw(sampled((everything, everything, _tiles_of(range(1, 10), s),
                                    _tiles_of(range(1, 10), s, HONOURS), frozenset(TERMINALS_AND_HONOURS))))
    kinds = draw(sampled(("cp", "c", "p")))
    for _ in range(4):
        sets.append(_draw_group(draw, pool, palette, kinds))
    return [], sets + [(_draw_pair(draw, pool, palette),) * 2]


@st.composite
def cases(draw, families=FAMILIES) -> Case:
    """A legal gb13 winning hand (14 tiles, kongs counted as three) with consistent flags."""
    family = draw(sampled(families))
    tiles, groups = _standing_shape(draw, family)
    if family == "chicken_hand":
        # the pung and two chows melded, one chow standing beside the pair, won on its end
        # tile by a discard with two waiting tiles: no 门前清, 自摸, wait fan or flag
        *melded, standing, pair = groups[1:3] + groups[3:4] + groups[:1] + groups[4:]
        win = standing[draw(sampled((0, 2)))]
        hand = Hand(tuple(sorted_tiles(list(standing) + list(pair))),
                    tuple(Meld("pung" if len(set(g)) == 1 else "chow", tuple(g)) for g in melded))
        return Case(hand=hand, win_tile=win, win_by="discard", variant="gb13", origin="gb13:chicken_hand",
                    flowers=draw(st.integers(0, 8)))
    standing = list(tiles)
    melds: list[Meld] = []
    sets, pair = groups[:-1], groups[-1:]
    standing.extend(t for p in pair for t in p)
    counts = Counter(standing) + Counter(t for g in sets for t in g)
    if family in ("standard", "four_concealed_pungs", "knitted_straight", "all_terminals", "contest_pungs") \
            or family.startswith("profile") or family in ("all_green", "four_shifted_pungs"):
        # exposure: concealed (four_concealed_pungs always), mixed or open; a pung whose fourth
        # copy is free sometimes becomes a kong
        mode = "concealed" if family == "four_concealed_pungs" else draw(
            sampled(("concealed", "mixed", "open")))
        for g in sets:
            is_pung = len(set(g)) == 1
            if is_pung and counts[g[0]] == 3 and draw(st.integers(0, 3)) == 0:
                concealed = mode == "concealed" or (mode == "mixed" and draw(st.booleans()))
                melds.append(Meld("kong", (g[0],) * 4, concealed=concealed))
                counts[g[0]] += 1
            elif mode == "open" or (mode == "mixed" and draw(st.booleans())):
                melds.append(Meld("chow" if not is_pung else "pung", tuple(g)))
            else:
                standing.extend(g)
    else:
        standing.extend(t for g in sets for t in g)   # the 双龙会 families: all concealed
    hand = Hand(tuple(sorted_tiles(standing)), tuple(melds))
    # self-drawn first: the concealed shapes' 不计不求人 is at stake only then (xinbian 第六章 3)
    win_by = draw(sampled(("self_draw", "discard")))
    if family == "nine_gates" and draw(st.integers(0, 3)):
        win_tile = tiles[-1]    # the tile beside 1112345678999: 九莲宝灯 holds (第七章 5)
    elif family == "terminal_chows_on_the_pair":
        win_tile = pair[0][0]       # 一色双龙会 won on its pair of 5 (单钓将 at stake, 第七章 13)
    elif family == "four_concealed_pungs" and draw(st.booleans()):
        # won on a discard to the pair: the four pungs stay concealed, 四暗刻 holds and its
        # 不计门前清 is at stake (xinbian 第六章 3)
        win_tile, win_by = pair[0][0], "discard"
    else:
        win_tile = draw(sampled(sorted_tiles(set(hand.standing))))
    total = hand.counts()[win_tile]
    robbing_kong = win_by == "discard" and total == 1 and draw(st.booleans())
    last_tile = not robbing_kong and draw(sampled((False, False, True)))
    kong_replacement = win_by == "self_draw" and bool(hand.kongs) and draw(st.booleans())
    last_of_kind = (hand.standing.count(win_tile) == 1
                    and not any(m.concealed and win_tile in m.tiles for m in hand.melds)
                    and draw(sampled((False, True))))
    prevalent = draw(sampled(WINDS))
    seat = draw(sampled(WINDS))
    return Case(hand=hand, win_tile=win_tile, win_by=win_by, prevalent_wind=prevalent, seat_wind=seat,
                flowers=draw(st.integers(0, 8)), last_of_kind=last_of_kind, last_tile=last_tile,
                kong_replacement=kong_replacement, robbing_kong=robbing_kong, variant="gb13",
                origin=f"gb13:{family}")
