"""A whole legal gb16 hand: a profile, its sets, exposure, the winning tile and the
circumstances (seed000 §二; docs/rulings.md R-006, R-014, R-015)."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from gb16.properties.hands import (
    ALL_TILES, Case, GREEN_TILES, Hand, KNITTED_OPTIONS, Meld, NUMBER_SUITS, REVERSIBLE_TILES, WINDS,
    rank, sorted_tiles,
)
from gb16.properties.strategies.blocks import (
    HONOURS, NUMBER_BANDS, PROFILES, WIND_TILES, _Pool, _chow, _draw_group, _draw_pair,
    _forms_three_chow_fan, _tiles_of, _unrelated, permuted, sampled,
)
from gb16.properties.strategies.chows import _chow_family, tied_big_combination_chows
from gb16.properties.strategies.honours import _honour_family
from gb16.properties.strategies import targets
from gb16.properties.strategies.pungs import _pung_family

# --------------------------------------------------------------------------------------
# The hand


@st.composite
def hand_structures(draw, profiles=PROFILES, sets_of_shape: int = 5) -> tuple[str, list[tuple[str, ...]], str, tuple | None]:
    """(origin, sets, pair tile, knitted tiles or None) of a legal winning shape of
    ``sets_of_shape`` sets and a pair (5 in gb16; 4 for gb13's standard shape,
    gb16.properties.strategies.gb13), or of the 组合龙 shape with three sets fewer.

    A profile fixes three palettes — tiles chows may use, tiles pungs may use, tiles the
    pair may use — the kinds of set to draw ("c" chows, "p" pungs), and possibly a
    template of related sets drawn first.
    """
    profile = draw(sampled(profiles))
    pool = _Pool()
    sets: list[tuple[str, ...]] = []
    everything = frozenset(ALL_TILES)
    palette, kinds = everything, "cp"
    pung_palette = pair_palette = None
    keep = None
    template: list[tuple[str, ...]] = []
    forced_pair = None
    knitted = None
    origin = profile
    nsets = sets_of_shape

    if profile == "chows":
        palette = draw(sampled(
            (everything,) + tuple(_tiles_of(range(1, 10), s) for s in NUMBER_SUITS)))
        kinds = "c"
    elif profile == "chow_family":
        family, template = _chow_family(draw)
        origin += ":" + family
        kinds = draw(sampled(("c", "cp")))
    elif profile == "pungs":
        kinds = "p"
    elif profile == "pung_family":
        family, template = _pung_family(draw)
        origin += ":" + family
        kinds = draw(sampled(("p", "cp")))
    elif profile == "kongs":
        kinds = draw(sampled(("p", "cp", "p")))
    elif profile == "honours":
        family, template, forced_pair = _honour_family(draw)
        origin += ":" + family
        s = draw(sampled(NUMBER_SUITS))
        palette = draw(sampled((frozenset(HONOURS), _tiles_of(range(1, 10), s, HONOURS))))
    elif profile == "contested":
        template = [_chow(x, a) for x, a in draw(sampled(tied_big_combination_chows()))]
        kinds = "c"
    elif profile == "knitted":
        knitted = draw(sampled(KNITTED_OPTIONS))
        nsets = sets_of_shape - 3
        # the two other sets and the pair: anything, or near misses of the fans that need
        # the five-sets shape (全带幺, 全带五, 全双刻: R-005) and of 平和's 组合龙 form (§二.2)
        style = draw(sampled(("any", "any", "outside", "fives", "even_pungs", "all_chows")))
        origin += ":" + style
        if style == "outside":
            palette = _tiles_of((1, 2, 3, 7, 8, 9), honours=HONOURS)
            pung_palette = pair_palette = _tiles_of((1, 9), honours=HONOURS)
        elif style == "fives":
            palette, pair_palette = _tiles_of(range(3, 8)), _tiles_of((5,))
            keep = lambda g: any(rank(t) == 5 for t in g)  # noqa: E731
        elif style == "even_pungs":
            palette, kinds = _tiles_of((2, 4, 6, 8)), "p"
        elif style == "all_chows":
            kinds, pair_palette = "c", _tiles_of(range(1, 10))
    elif profile == "one_suit":
        s = draw(sampled(NUMBER_SUITS))
        palette = _tiles_of(range(1, 10), s, HONOURS if draw(st.booleans()) else ())
        kinds = draw(sampled(("cp", "c", "p")))
    elif profile == "terminals":
        style = draw(sampled(("all_terminals", "terminals_and_honours", "outside")))
        origin += ":" + style
        if style == "all_terminals":
            palette, kinds = _tiles_of((1, 9)), "p"
        elif style == "terminals_and_honours":
            palette, kinds = _tiles_of((1, 9), honours=HONOURS), "p"
        else:  # 全带幺: chows 123/789, pungs of terminals or honours; the pair usually one
            palette = _tiles_of((1, 2, 3, 7, 8, 9))
            pung_palette = _tiles_of((1, 9), honours=HONOURS)
            # often any pair: the near miss where only the pair lacks a terminal
            pair_palette = draw(sampled((pung_palette, everything)))
    elif profile == "number_band":
        band = draw(sampled(NUMBER_BANDS + ("fives",)))
        if band == "fives":  # 全带五: every set and the pair hold a 5
            palette, pair_palette = _tiles_of(range(3, 8)), _tiles_of((5,))
            keep = lambda g: any(rank(t) == 5 for t in g)  # noqa: E731
            origin += ":fives"
        else:
            palette = _tiles_of(band)
            origin += ":" + "".join(map(str, band))
            kinds = "p" if band == (2, 4, 6, 8) else "cp"
    elif profile == "plain":
        # few fans (what 无番和 hands look like): sets in all three suits that form no
        # chow-pair, double-pung, shifted or 四归一 relation, at most a pung or two of simples,
        # an honour pair
        palette = _tiles_of(range(1, 10))
        pung_palette = _tiles_of(range(2, 9))
        pair_palette = frozenset(HONOURS)
        kinds = draw(sampled(("c", "c", "cp")))
        keep = lambda g: all(_unrelated(g, h) for h in sets) and not _forms_three_chow_fan(g, sets)  # noqa: E731
        for s in draw(permuted(NUMBER_SUITS)):  # one set of each suit first
            sets.append(_draw_group(draw, pool, _tiles_of(range(1, 10), s), kinds,
                                    _tiles_of(range(2, 9), s), keep))
    elif profile.startswith("target"):
        aim = targets.plan(draw, profile.partition(":")[2] or None)
        origin = "target:" + aim.target + (f":{aim.win_tile}" if aim.win_tile else "")
        template, kinds, keep, forced_pair = aim.template, aim.kinds, aim.keep, aim.forced_pair
        palette = aim.palette or everything
        pung_palette, pair_palette = aim.pung_palette, aim.pair_palette
    elif profile == "green":
        palette = GREEN_TILES
    elif profile == "green_without_dragon":      # 绿一色 of 23468条 alone (xinbian 第七章 3)
        palette = GREEN_TILES - {"7z"}
    elif profile == "reversible":
        palette = REVERSIBLE_TILES

    for group in template[:nsets]:
        if pool.can_take(group):
            pool.take(group)
            sets.append(group)
    if knitted:
        pool.take(knitted)
    pair = None
    if forced_pair and pool.left[forced_pair] >= 2:
        pool.take((forced_pair, forced_pair))
        pair = forced_pair
    while len(sets) < nsets:
        sets.append(_draw_group(draw, pool, palette, kinds, pung_palette, keep))
    if pair is None:
        pair = _draw_pair(draw, pool, pair_palette or palette)
    return origin, sets, pair, knitted


def _kong_choice(draw, profile: str, pungs: int) -> int:
    """How many pungs become kongs: often some in the kongs profile, none in the plain
    profile (a kong is a fan), rarely elsewhere."""
    if profile.startswith("plain"):
        return 0
    if profile.startswith("target:two_concealed_kongs"):  # its two pungs (targets.plan)
        return min(2, pungs)
    if profile.startswith("kongs"):  # half the time every pung is a kong (三杠, 四杠, five kongs)
        return draw(st.one_of(st.just(pungs), st.integers(1, pungs)))
    return draw(sampled((0, 0, 0, 1, min(2, pungs))))


@st.composite
def cases(draw, profiles=PROFILES, variant: str = "gb16") -> Case:
    """A legal gb16 winning hand with consistent win method, winds, flowers and flags."""
    origin, groups, pair, knitted = draw(hand_structures(profiles))
    pool = Counter()
    for g in groups:
        pool.update(g)
    pool.update((pair, pair))
    if knitted:
        pool.update(knitted)

    # kongs: pungs whose fourth copy is still free
    pung_slots = [i for i, g in enumerate(groups) if len(set(g)) == 1 and pool[g[0]] == 3]
    n_kongs = _kong_choice(draw, origin, len(pung_slots)) if pung_slots else 0
    kong_slots = set(draw(permuted(pung_slots))[:n_kongs]) if n_kongs else set()

    # exposure: concealed hands are common (门前清, 不求人, wait fans), open hands too, and
    # hands with every set but one melded (the near miss of 全求人, R-004)
    quiet = origin.startswith("plain")  # aims at hands with few fans: some set melded, no flags
    mode = draw(sampled(("mixed", "all_but_one", "one_melded") if quiet else
                                ("concealed", "mixed", "open", "all_but_one", "one_melded")))
    # the set kept standing (all_but_one) or the one melded (one_melded: e.g. 四暗刻 beside an
    # exposed fifth set, seed000 §二.4)
    odd = draw(st.integers(0, len(groups) - 1)) if mode in ("all_but_one", "one_melded") else None
    standing: list[str] = [pair, pair] + list(knitted or ())
    melds: list[Meld] = []
    for i, g in enumerate(groups):
        melded = (mode == "open" or (mode == "all_but_one" and i != odd)
                  or (mode == "one_melded" and i == odd))
        if i in kong_slots:
            concealed = True if origin.startswith("target:two_concealed_kongs") else (
                draw(st.booleans()) if mode == "mixed" else not melded)
            melds.append(Meld("kong", (g[0],) * 4, concealed=concealed))
        elif melded or (mode == "mixed" and draw(st.booleans())):
            melds.append(Meld("chow" if len(set(g)) == 3 else "pung", tuple(g)))
        else:
            standing.extend(g)
    hand = Hand(tuple(sorted_tiles(standing)), tuple(melds))

    counts = hand.counts()
    # now and then a robbed kong: a discard win on a tile the hand holds once
    singles = sorted_tiles(t for t in set(hand.standing) if counts[t] == 1)
    robbed = not quiet and bool(singles) and draw(sampled((False, False, False, True)))
    hint = origin.split(":")[2] if origin.startswith("target:") and origin.count(":") == 2 else None
    if hint in hand.standing and not robbed and draw(st.integers(0, 3)):
        win_tile = hint  # the wait targets: the tile their chow waits on
    else:
        win_tile = draw(sampled(singles if robbed else sorted_tiles(set(hand.standing))))
    win_by = "discard" if robbed else draw(sampled(("discard", "self_draw")))
    last_tile = False if quiet or robbed else draw(sampled((False, False, True)))
    robbing_kong = robbed
    if win_by == "discard" and counts[win_tile] == 1 and not last_tile and not quiet and not robbed:
        robbing_kong = draw(st.booleans())
    kong_replacement = False
    if win_by == "self_draw" and hand.kongs:
        kong_replacement = draw(st.booleans())
    last_of_kind = False
    if not quiet and hand.standing.count(win_tile) == 1 and not any(
            m.concealed and win_tile in m.tiles for m in hand.melds):
        # often beside 抢杠和, which excludes 和绝张 (xinbian 第七章 47)
        last_of_kind = draw(sampled((True, True, False) if robbing_kong else (False, True)))

    # winds: prefer the winds the hand holds, so 圈风刻 / 门风刻 come up
    held = [w for w, t in zip(WINDS, WIND_TILES) if counts[t] >= 3]
    wind_choices = held + [w for w in WINDS if w not in held]
    prevalent = draw(sampled(wind_choices))
    seat = draw(sampled(wind_choices))
    flowers = draw(st.integers(0, 8))
    return Case(hand=hand, win_tile=win_tile, win_by=win_by, prevalent_wind=prevalent,
                seat_wind=seat, flowers=flowers, last_of_kind=last_of_kind, last_tile=last_tile,
                kong_replacement=kong_replacement, robbing_kong=robbing_kong, variant=variant,
                origin=f"{origin}/{mode}")


def legal_inputs(profiles=PROFILES) -> st.SearchStrategy[dict]:
    """Legal gb16 case inputs in the contract's notation (docs/contract.md)."""
    return cases(profiles).map(Case.to_input)


def winning_tiles(case: Case) -> list[str]:
    """The valid winning tiles of a hand: its distinct standing tiles (R-015)."""
    return sorted_tiles(set(case.hand.standing))


