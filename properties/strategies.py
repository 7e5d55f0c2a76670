"""Hypothesis strategies for gb16 inputs.

``cases()`` generates only legal winning hands of gb16 (seed000 §二; xinbian 第二章 1–2):
five sets and a pair, or the 组合龙 shape (147/258/369 of three distinct suits among the
standing tiles + two sets + a pair, seed000 §三 组合龙), with exposed chows, pungs and
kongs, concealed kongs and honours, never more than four copies of a tile, a winning
tile taken from the standing tiles (docs/rulings.md R-015), and a consistent
combination of win_by, winds, flowers and flags (R-006, R-014).  ``legal_inputs()``
gives the same hands as contract inputs (docs/contract.md notation).

Generation is weighted so rare structures come up often: every hand first draws a
*profile* (five chows, three-/four-chow families, five pungs, pung families, kongs,
honours, 组合龙, one suit, terminals, number bands such as 全大/全小/全中/全带五, the
绿一色 and 推不倒 palettes, plain hands with few fans such as 无番和), then an exposure
mode (concealed, mixed, all melded).

``arbitrary_text()``, ``arbitrary_json()`` and ``hostile_inputs()`` feed the
input-robustness property.
"""

from __future__ import annotations

import json
from collections import Counter

from hypothesis import strategies as st

from gb16.properties.hands import (
    ALL_TILES, FLAG_FIELDS, GREEN_TILES, HONOUR_LETTERS, KNITTED_OPTIONS, NUMBER_SUITS,
    REVERSIBLE_TILES, WINDS, Case, Hand, Meld, chow_tiles, rank, sorted_tiles,
)

HONOURS = tuple(f"{k}z" for k in range(1, 8))
WIND_TILES = HONOURS[:4]
DRAGON_TILES = HONOURS[4:]

#: The profiles a hand is built from; each names a palette and a mix of set kinds.
PROFILES = (
    "mixed", "chows", "chow_family", "pungs", "pung_family", "kongs", "honours",
    "knitted", "one_suit", "terminals", "number_band", "green", "reversible", "plain",
)

NUMBER_BANDS = (
    (1, 2, 3), (7, 8, 9), (4, 5, 6), (1, 2, 3, 4), (6, 7, 8, 9), (2, 4, 6, 8),
    (1, 2, 3, 4, 5, 6), (4, 5, 6, 7, 8, 9),
)


# --------------------------------------------------------------------------------------
# Building blocks


class _Pool:
    """Copies still available of each tile (at most four of a kind)."""

    def __init__(self) -> None:
        self.left = Counter({t: 4 for t in ALL_TILES})

    def can_take(self, tiles) -> bool:
        need = Counter(tiles)
        return all(self.left[t] >= n for t, n in need.items())

    def take(self, tiles) -> None:
        for t in tiles:
            self.left[t] -= 1


def _chow(s: str, start: int) -> tuple[str, ...]:
    return chow_tiles(s, start)


def _pung(tile: str) -> tuple[str, ...]:
    return (tile, tile, tile)


def _candidates(palette: frozenset[str], kinds: str,
                pung_palette: frozenset[str] | None = None) -> list[tuple[str, ...]]:
    """Chows ("c") made only of palette tiles and pungs ("p") of ``pung_palette`` tiles
    (the palette itself unless given)."""
    out: list[tuple[str, ...]] = []
    if "c" in kinds:
        for s in NUMBER_SUITS:
            for start in range(1, 8):
                tiles = _chow(s, start)
                if all(t in palette for t in tiles):
                    out.append(tiles)
    if "p" in kinds:
        out.extend(_pung(t) for t in sorted_tiles(pung_palette or palette))
    return out


def _draw_group(draw, pool: _Pool, palette: frozenset[str], kinds: str,
                pung_palette: frozenset[str] | None = None, keep=None) -> tuple[str, ...]:
    """One more set from the palette (falling back to any tile if the palette is spent);
    ``keep`` optionally filters the candidate sets."""
    options = [g for g in _candidates(palette, kinds, pung_palette)
               if pool.can_take(g) and (keep is None or keep(g))]
    if not options and kinds != "cp":
        options = [g for g in _candidates(palette, "cp", pung_palette) if pool.can_take(g)]
    if not options:
        options = [g for g in _candidates(frozenset(ALL_TILES), "cp") if pool.can_take(g)]
    group = draw(st.sampled_from(options))
    pool.take(group)
    return group


def _draw_pair(draw, pool: _Pool, palette: frozenset[str]) -> str:
    options = [t for t in sorted_tiles(palette) if pool.left[t] >= 2]
    if not options:
        options = [t for t in ALL_TILES if pool.left[t] >= 2]
    tile = draw(st.sampled_from(options))
    pool.take((tile, tile))
    return tile


def _tiles_of(ranks, suits=NUMBER_SUITS, honours=()) -> frozenset[str]:
    return frozenset([f"{r}{s}" for s in suits for r in ranks] + list(honours))


# --------------------------------------------------------------------------------------
# Families of related sets (the structures big fans are made of)


def _chow_family(draw) -> tuple[str, list[tuple[str, ...]]]:
    """Three or four related chows (seed000 §二.5–6): the 3-/4-chow fans and chow pairs."""
    kind = draw(st.sampled_from((
        "pure_triple", "quadruple", "pure_shifted_1", "pure_shifted_2", "four_shifted_1",
        "four_shifted_2", "pure_straight", "mixed_straight", "mixed_triple", "mixed_shifted",
        "double_pairs")))
    s = draw(st.sampled_from(NUMBER_SUITS))
    perm = draw(st.permutations(NUMBER_SUITS))
    if kind == "pure_triple":
        a = draw(st.integers(1, 7))
        return kind, [_chow(s, a)] * 3
    if kind == "quadruple":
        a = draw(st.integers(1, 7))
        return kind, [_chow(s, a)] * 4
    if kind == "pure_shifted_1":
        a = draw(st.integers(1, 5))
        return kind, [_chow(s, a + k) for k in range(3)]
    if kind == "pure_shifted_2":
        a = draw(st.integers(1, 3))
        return kind, [_chow(s, a + 2 * k) for k in range(3)]
    if kind == "four_shifted_1":
        a = draw(st.integers(1, 4))
        return kind, [_chow(s, a + k) for k in range(4)]
    if kind == "four_shifted_2":
        return kind, [_chow(s, 1 + 2 * k) for k in range(4)]
    if kind == "pure_straight":
        return kind, [_chow(s, a) for a in (1, 4, 7)]
    if kind == "mixed_straight":
        return kind, [_chow(x, a) for x, a in zip(perm, (1, 4, 7))]
    if kind == "mixed_triple":
        a = draw(st.integers(1, 7))
        return kind, [_chow(x, a) for x in perm]
    if kind == "mixed_shifted":
        a = draw(st.integers(1, 5))
        return kind, [_chow(x, a + k) for k, x in enumerate(perm)]
    # two chow-pair relations among four chows: 一般高, 喜相逢, 连六, 老少副
    groups = []
    for _ in range(2):
        rel = draw(st.sampled_from(("same", "mixed", "short", "terminal")))
        a = draw(st.integers(1, 7))
        x, y = draw(st.permutations(NUMBER_SUITS))[:2]
        if rel == "same":
            groups += [_chow(x, a), _chow(x, a)]
        elif rel == "mixed":
            groups += [_chow(x, a), _chow(y, a)]
        elif rel == "short":
            a = min(a, 4)
            groups += [_chow(x, a), _chow(x, a + 3)]
        else:
            groups += [_chow(x, 1), _chow(x, 7)]
    return kind, groups


def _pung_family(draw) -> tuple[str, list[tuple[str, ...]]]:
    """Related pungs: 一色三/四节高, 三同刻, 三色三节高, 双同刻 (seed000 §二.5, R-002, R-008)."""
    kind = draw(st.sampled_from((
        "pure_shifted", "four_pure_shifted", "triple_pung", "mixed_shifted", "double_pung",
        "triple_and_double", "two_double")))
    s = draw(st.sampled_from(NUMBER_SUITS))
    perm = draw(st.permutations(NUMBER_SUITS))
    if kind == "pure_shifted":
        a = draw(st.integers(1, 7))
        return kind, [_pung(f"{a + k}{s}") for k in range(3)]
    if kind == "four_pure_shifted":
        a = draw(st.integers(1, 6))
        return kind, [_pung(f"{a + k}{s}") for k in range(4)]
    if kind == "triple_pung":
        r = draw(st.integers(1, 9))
        return kind, [_pung(f"{r}{x}") for x in NUMBER_SUITS]
    if kind == "mixed_shifted":
        a = draw(st.integers(1, 7))
        return kind, [_pung(f"{a + k}{x}") for k, x in enumerate(perm)]
    if kind == "double_pung":
        r = draw(st.integers(1, 9))
        return kind, [_pung(f"{r}{x}") for x in perm[:2]]
    if kind == "triple_and_double":
        r, q = draw(st.lists(st.integers(1, 9), min_size=2, max_size=2, unique=True))
        return kind, [_pung(f"{r}{x}") for x in NUMBER_SUITS] + [_pung(f"{q}{x}") for x in perm[:2]]
    r, q = draw(st.lists(st.integers(1, 9), min_size=2, max_size=2, unique=True))
    return kind, [_pung(f"{r}{x}") for x in perm[:2]] + [_pung(f"{q}{x}") for x in perm[1:]]


def _honour_family(draw) -> tuple[str, list[tuple[str, ...]], str | None]:
    """Wind and dragon structures: 大/小四喜, 大/小三元, 三风刻, 双箭刻, 字一色."""
    kind = draw(st.sampled_from((
        "big_winds", "little_winds", "big_dragons", "little_dragons", "three_winds",
        "two_dragons", "all_honours", "winds_and_dragons")))
    winds = list(draw(st.permutations(WIND_TILES)))
    dragons = list(draw(st.permutations(DRAGON_TILES)))
    if kind == "big_winds":
        return kind, [_pung(t) for t in winds], None
    if kind == "little_winds":
        return kind, [_pung(t) for t in winds[:3]], winds[3]
    if kind == "big_dragons":
        return kind, [_pung(t) for t in dragons], None
    if kind == "little_dragons":
        return kind, [_pung(t) for t in dragons[:2]], dragons[2]
    if kind == "three_winds":
        return kind, [_pung(t) for t in winds[:3]], None
    if kind == "two_dragons":
        return kind, [_pung(t) for t in dragons[:2]], None
    if kind == "all_honours":
        tiles = draw(st.permutations(HONOURS))
        return kind, [_pung(t) for t in tiles[:5]], tiles[5]
    return kind, [_pung(winds[0]), _pung(winds[1]), _pung(dragons[0])], None


# --------------------------------------------------------------------------------------
# The hand


@st.composite
def hand_structures(draw, profiles=PROFILES) -> tuple[str, list[tuple[str, ...]], str, tuple | None]:
    """(origin, sets, pair tile, knitted tiles or None) of a legal winning shape.

    A profile fixes three palettes — tiles chows may use, tiles pungs may use, tiles the
    pair may use — the kinds of set to draw ("c" chows, "p" pungs), and possibly a
    template of related sets drawn first.
    """
    profile = draw(st.sampled_from(profiles))
    pool = _Pool()
    everything = frozenset(ALL_TILES)
    palette, kinds = everything, "cp"
    pung_palette = pair_palette = None
    keep = None
    template: list[tuple[str, ...]] = []
    forced_pair = None
    knitted = None
    origin = profile
    nsets = 5

    if profile == "chows":
        palette = draw(st.sampled_from(
            (everything,) + tuple(_tiles_of(range(1, 10), s) for s in NUMBER_SUITS)))
        kinds = "c"
    elif profile == "chow_family":
        family, template = _chow_family(draw)
        origin += ":" + family
        kinds = draw(st.sampled_from(("c", "cp")))
    elif profile == "pungs":
        kinds = "p"
    elif profile == "pung_family":
        family, template = _pung_family(draw)
        origin += ":" + family
        kinds = draw(st.sampled_from(("p", "cp")))
    elif profile == "kongs":
        kinds = draw(st.sampled_from(("p", "cp", "p")))
    elif profile == "honours":
        family, template, forced_pair = _honour_family(draw)
        origin += ":" + family
        s = draw(st.sampled_from(NUMBER_SUITS))
        palette = draw(st.sampled_from((frozenset(HONOURS), _tiles_of(range(1, 10), s, HONOURS))))
    elif profile == "knitted":
        knitted = draw(st.sampled_from(KNITTED_OPTIONS))
        nsets = 2
    elif profile == "one_suit":
        s = draw(st.sampled_from(NUMBER_SUITS))
        palette = _tiles_of(range(1, 10), s, HONOURS if draw(st.booleans()) else ())
        kinds = draw(st.sampled_from(("cp", "c", "p")))
    elif profile == "terminals":
        style = draw(st.sampled_from(("all_terminals", "terminals_and_honours", "outside")))
        origin += ":" + style
        if style == "all_terminals":
            palette, kinds = _tiles_of((1, 9)), "p"
        elif style == "terminals_and_honours":
            palette, kinds = _tiles_of((1, 9), honours=HONOURS), "p"
        else:  # 全带幺: chows 123/789, pungs and pair of terminals or honours
            palette = _tiles_of((1, 2, 3, 7, 8, 9))
            pung_palette = pair_palette = _tiles_of((1, 9), honours=HONOURS)
    elif profile == "number_band":
        band = draw(st.sampled_from(NUMBER_BANDS + ("fives",)))
        if band == "fives":  # 全带五: every set and the pair hold a 5
            palette, pair_palette = _tiles_of(range(3, 8)), _tiles_of((5,))
            keep = lambda g: any(rank(t) == 5 for t in g)  # noqa: E731
            origin += ":fives"
        else:
            palette = _tiles_of(band)
            origin += ":" + "".join(map(str, band))
            kinds = "p" if band == (2, 4, 6, 8) else "cp"
    elif profile == "plain":
        # few fans: simples in all three suits, an honour pair (what 无番和 hands look like)
        palette = _tiles_of(range(1, 10))
        pung_palette = _tiles_of(range(2, 9))
        pair_palette = frozenset(HONOURS)
    elif profile == "green":
        palette = GREEN_TILES
    elif profile == "reversible":
        palette = REVERSIBLE_TILES

    sets: list[tuple[str, ...]] = []
    for group in template:
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
    """How many pungs become kongs: often some in the kongs profile, rarely elsewhere."""
    if profile.startswith("kongs"):  # half the time every pung is a kong (三杠, 四杠, five kongs)
        return draw(st.one_of(st.just(pungs), st.integers(1, pungs)))
    return draw(st.sampled_from((0, 0, 0, 1, min(2, pungs))))


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
    kong_slots = set(draw(st.permutations(pung_slots))[:n_kongs]) if n_kongs else set()

    # exposure: concealed hands are common (门前清, 不求人, wait fans), open hands too
    quiet = origin.startswith("plain")  # aims at hands with few fans: melded, on a discard, no flags
    mode = draw(st.sampled_from(("mixed",) if quiet else ("concealed", "mixed", "open")))
    standing: list[str] = [pair, pair] + list(knitted or ())
    melds: list[Meld] = []
    for i, g in enumerate(groups):
        if i in kong_slots:
            concealed = {"concealed": True, "open": False}.get(mode) if mode != "mixed" else draw(st.booleans())
            melds.append(Meld("kong", (g[0],) * 4, concealed=concealed))
        elif mode == "open" or (mode == "mixed" and draw(st.booleans())):
            melds.append(Meld("chow" if len(set(g)) == 3 else "pung", tuple(g)))
        else:
            standing.extend(g)
    hand = Hand(tuple(sorted_tiles(standing)), tuple(melds))

    win_tile = draw(st.sampled_from(sorted_tiles(set(hand.standing))))
    win_by = "discard" if quiet else draw(st.sampled_from(("discard", "self_draw")))
    counts = hand.counts()
    last_tile = False if quiet else draw(st.booleans())
    robbing_kong = False
    if win_by == "discard" and counts[win_tile] == 1 and not last_tile and not quiet:
        robbing_kong = draw(st.booleans())
    kong_replacement = False
    if win_by == "self_draw" and hand.kongs:
        kong_replacement = draw(st.booleans())
    last_of_kind = False
    if not quiet and hand.standing.count(win_tile) == 1 and not any(
            m.concealed and win_tile in m.tiles for m in hand.melds):
        last_of_kind = draw(st.booleans())

    # winds: prefer the winds the hand holds, so 圈风刻 / 门风刻 come up
    held = [w for w, t in zip(WINDS, WIND_TILES) if counts[t] >= 3]
    wind_choices = held + [w for w in WINDS if w not in held]
    prevalent = draw(st.sampled_from(wind_choices))
    seat = draw(st.sampled_from(wind_choices))
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


# --------------------------------------------------------------------------------------
# Hostile input for the robustness property


NOTATION_ALPHABET = "0123456789mpszESWNCPF[]{} ，,点和自摸xyz-"


def arbitrary_text() -> st.SearchStrategy[str]:
    """Any text, biased towards the characters of the notation."""
    return st.one_of(
        st.text(max_size=60),
        st.text(alphabet=NOTATION_ALPHABET, max_size=60),
        st.lists(st.sampled_from(["123m", "55z", "[123p]", "{1111s}", "[5555z]", "0m", "8z",
                                  "99999m", "[", "]", "{", "}", "，点和5z", ",自摸1m", "EEE",
                                  "[12m]", "{111m}", " "]), max_size=12).map("".join),
    )


def arbitrary_json(max_leaves: int = 12) -> st.SearchStrategy:
    """Any JSON value (no NaN or infinities: they are not JSON)."""
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40),
                        st.floats(allow_nan=False, allow_infinity=False), arbitrary_text())
    return st.recursive(
        scalars,
        lambda children: st.one_of(st.lists(children, max_size=4),
                                   st.dictionaries(st.text(max_size=12), children, max_size=4)),
        max_leaves=max_leaves)


CONTRACT_FIELDS = ("variant", "hand", "win_tile", "win_by", "prevalent_wind", "seat_wind",
                   "flowers") + FLAG_FIELDS


@st.composite
def mutated_inputs(draw) -> dict:
    """A legal input with one or more fields broken: replaced by any JSON value, removed,
    an unknown field added, or the hand string edited character by character."""
    inp = draw(legal_inputs())
    for _ in range(draw(st.integers(1, 3))):
        how = draw(st.sampled_from(("replace", "remove", "unknown", "edit_hand", "flags",
                                    "suffix")))
        if how == "replace":
            inp[draw(st.sampled_from(CONTRACT_FIELDS))] = draw(arbitrary_json(4))
        elif how == "remove":
            inp.pop(draw(st.sampled_from(CONTRACT_FIELDS)), None)
        elif how == "unknown":
            inp[draw(st.text(min_size=1, max_size=10))] = draw(arbitrary_json(2))
        elif how == "flags":
            for flag in FLAG_FIELDS + ("win_by",):
                if draw(st.booleans()):
                    inp[flag] = (draw(st.sampled_from(("discard", "self_draw"))) if flag == "win_by"
                                 else draw(st.booleans()))
        elif how == "suffix":
            tile = draw(st.sampled_from(ALL_TILES + tuple(HONOUR_LETTERS) + ("0m", "8z")))
            word = draw(st.sampled_from(("，点和", "，自摸", ",点和", ",自摸")))
            if isinstance(inp.get("hand"), str):
                inp["hand"] = inp["hand"] + word + tile
        elif isinstance(inp.get("hand"), str):
            text = inp["hand"]
            pos = draw(st.integers(0, len(text)))
            edit = draw(st.sampled_from(("insert", "delete", "replace")))
            ch = draw(st.sampled_from(NOTATION_ALPHABET))
            if edit == "insert":
                text = text[:pos] + ch + text[pos:]
            elif edit == "delete":
                text = text[:pos] + text[pos + 1:]
            else:
                text = text[:pos] + ch + text[pos + 1:]
            inp["hand"] = text
    return inp


def hostile_inputs() -> st.SearchStrategy:
    """Input for the robustness property: arbitrary JSON, objects with the contract's
    fields holding arbitrary values, arbitrary text as the hand, and mutated legal input."""
    contract_objects = st.fixed_dictionaries(
        {}, optional={f: st.one_of(arbitrary_json(3), st.sampled_from(
            ("gb16", "gb13", "E", "S", "discard", "self_draw", "5z", "1m")), st.booleans(),
            st.integers(-2, 12)) for f in CONTRACT_FIELDS})
    text_hands = st.builds(lambda text, tile, by: {"hand": text, "win_tile": tile, "win_by": by},
                           arbitrary_text(), st.sampled_from(ALL_TILES),
                           st.sampled_from(("discard", "self_draw")))
    return st.one_of(arbitrary_json(), contract_objects, text_hands, mutated_inputs())


def json_roundtrip(value):
    """What a value looks like after a trip through JSON text (keys become strings)."""
    return json.loads(json.dumps(value, ensure_ascii=False))
