"""Hands on which an option of an open ruling or an edition delta changes the fans
(docs/rulings.md; gb16.properties.in_force, the model's reading of each): property 25 asks a
scorer to score them under the rule set it declares.  Every hand is a legal winning hand of its
variant (gb16.properties.hands.is_legal_case); nothing here asks the scorer.

* ``shared_triple_pung``, ``shared_mixed_shifted_pungs`` (R-002): 一色三节高 beside a 三同刻 or a
  三色三节高 that shares one of its pungs — with five sets they always share one (docs/rulings.md
  R-002), which option C counts apart from the project's A;
* ``discard_completes_set`` (R-018, gb13): three melded sets and a standing set the discarded
  winning tile completes — 全求人 under B's literal reading, not under A — and, beside it,
  ``discard_on_pair``: four melded sets and the discard on the pair, 全求人 under both;
* ``own_melds_show_three`` (R-006, own-melds-not-visible): the winner's own exposed pung, or three
  exposed chows, holding the other three copies of the winning tile, the flag not set — 和绝张
  by the hand itself under A, not under C or the delta;
* ``seven_pairs_six_kinds`` (six-kind-seven-pairs-no-tile-hog, tile-fans-basic-shape-only,
  seven-pairs-distinct; gb13): a 七对 of the six kinds of 绿一色 or 清幺九, one kind twice — 四归一
  by the hand's four identical tiles, 绿一色 or 清幺九 beside 七对, and no 七对 at all where four
  identical tiles may not stand in one;
* ``seven_pairs_of_one_suit`` (tile-fans-basic-shape-only): a 七对 of one suit, 清一色 beside 七对;
* ``seven_distinct_pairs`` (seven-pairs-distinct; gb13): seven different pairs, the winning tile
  completing one — the 七对 wait that the delta keeps.
"""

from __future__ import annotations

from hypothesis import assume, strategies as st

from gb16.properties.hands import NUMBER_SUITS, Case, Hand, Meld, chow_tiles, is_legal_case
from gb16.properties.strategies.blocks import HONOURS

FORMS = ("shared_triple_pung", "shared_mixed_shifted_pungs", "discard_completes_set", "discard_on_pair",
         "own_melds_show_three", "seven_pairs_six_kinds", "seven_pairs_of_one_suit", "seven_distinct_pairs")
#: The six kinds of 绿一色 (xinbian 第七章 3: 23468 条 and 发) and of 清幺九 (第七章 9).
SIX_KINDS = (("2s", "3s", "4s", "6s", "8s", "6z"), ("1m", "9m", "1p", "9p", "1s", "9s"))

_NUMBERED = tuple(f"{r}{s}" for s in NUMBER_SUITS for r in range(1, 10))
_ALL = _NUMBERED + tuple(HONOURS)


def _free_set(draw, avoid: str | None = None) -> tuple[str, tuple[str, ...]]:
    """A chow or a pung of any tiles (never ``avoid``): ``(kind, tiles)``."""
    if draw(st.booleans()):
        s, start = draw(st.sampled_from(NUMBER_SUITS)), draw(st.integers(1, 7))
        tiles = chow_tiles(s, start)
        kind = "chow"
    else:
        tiles = (draw(st.sampled_from(_ALL)),) * 3
        kind = "pung"
    assume(avoid not in tiles)
    return kind, tiles


def _pair(draw, avoid: str | None = None) -> tuple[str, str]:
    t = draw(st.sampled_from(_ALL))
    assume(t != avoid)
    return t, t


def _melds_and_standing(sets: list[tuple[str, tuple[str, ...]]], melded: list[bool]) -> tuple[list[Meld], list[str]]:
    """The sets drawn, each melded (an exposed chow or pung) or standing."""
    melds, standing = [], []
    for (kind, tiles), m in zip(sets, melded):
        if m:
            melds.append(Meld(kind, tiles))
        else:
            standing.extend(tiles)
    return melds, standing


def _shared_pungs(draw, form: str) -> tuple[list[tuple[str, tuple[str, ...]]], str]:
    """一色三节高 a, a+1, a+2 in one suit and two pungs of other suits that make, with one of
    them, a 三同刻 or a 三色三节高."""
    s = draw(st.sampled_from(NUMBER_SUITS))
    others = [x for x in draw(st.permutations(NUMBER_SUITS)) if x != s]
    a = draw(st.integers(1, 7))
    k = draw(st.integers(0, 2))
    shared = a + k
    pungs = [(f"{a + i}{s}",) * 3 for i in range(3)]
    if form == "shared_triple_pung":
        pungs += [(f"{shared}{x}",) * 3 for x in others]
    else:
        j = draw(st.integers(0, 2))           # the shared pung's place in the 三色三节高
        b = shared - j
        assume(1 <= b <= 7)
        ranks = [b + i for i in range(3) if i != j]
        pungs += [(f"{r}{x}",) * 3 for r, x in zip(ranks, others)]
    return [("pung", p) for p in pungs], s


@st.composite
def ruling_hands(draw) -> Case:
    """A legal hand of one of :data:`FORMS`."""
    form = draw(st.sampled_from(FORMS))
    flowers = draw(st.integers(0, 2))
    if form in ("shared_triple_pung", "shared_mixed_shifted_pungs"):
        sets, _ = _shared_pungs(draw, form)
        pair = _pair(draw)
        melded = draw(st.lists(st.booleans(), min_size=5, max_size=5))
        melds, standing = _melds_and_standing(sets, melded)
        standing += list(pair)
        win_tile = draw(st.sampled_from(sorted(set(standing))))
        win_by = draw(st.sampled_from(("discard", "self_draw")))
        case = Case(Hand(tuple(standing), tuple(melds)), win_tile, win_by, flowers=flowers, origin=f"rulings:{form}")
    elif form in ("discard_completes_set", "discard_on_pair"):
        sets = [_free_set(draw) for _ in range(4)]
        pair = _pair(draw)
        on_pair = form == "discard_on_pair"
        melded = [True] * 4 if on_pair else [True, True, True, False]
        melds, standing = _melds_and_standing(sets, melded)
        win_tile = pair[0] if on_pair else draw(st.sampled_from(sets[3][1]))
        win_by = draw(st.sampled_from(("discard", "discard", "self_draw")))
        case = Case(Hand(tuple(standing + list(pair)), tuple(melds)), win_tile, win_by, variant="gb13",
                    origin=f"rulings:{form}")
    elif form.startswith("seven"):
        if form == "seven_pairs_six_kinds":
            kinds = list(draw(st.sampled_from(SIX_KINDS)))
            kinds.append(draw(st.sampled_from(kinds)))
        elif form == "seven_pairs_of_one_suit":
            s = draw(st.sampled_from(NUMBER_SUITS))
            kinds = [f"{r}{s}" for r in draw(st.lists(st.integers(1, 9), min_size=7, max_size=7))]
        else:
            kinds = draw(st.lists(st.sampled_from(_ALL), min_size=7, max_size=7, unique=True))
        standing = tuple(t for k in kinds for t in (k, k))
        win_tile = draw(st.sampled_from(sorted(set(standing))))
        win_by = draw(st.sampled_from(("discard", "self_draw")))
        case = Case(Hand(standing), win_tile, win_by, variant="gb13", origin=f"rulings:{form}")
    else:
        s, r = draw(st.sampled_from(NUMBER_SUITS)), draw(st.integers(1, 9))
        x = f"{r}{s}"
        if draw(st.booleans()):
            shown = [Meld("pung", (x,) * 3)]
        else:
            starts = [t for t in (r - 2, r - 1, r) if 1 <= t <= 7]
            picked = draw(st.lists(st.sampled_from(starts), min_size=3, max_size=3))
            shown = [Meld("chow", chow_tiles(s, t)) for t in picked]
        # the winning tile completes a standing chow (its one copy among the standing tiles)
        start = draw(st.sampled_from([t for t in (r - 2, r - 1, r) if 1 <= t <= 7]))
        rest = [_free_set(draw, avoid=x) for _ in range(4 - len(shown))]
        pair = _pair(draw, avoid=x)
        melded = draw(st.lists(st.booleans(), min_size=len(rest), max_size=len(rest)))
        melds, standing = _melds_and_standing(rest, melded)
        standing += list(chow_tiles(s, start)) + list(pair)
        win_by = draw(st.sampled_from(("discard", "self_draw")))
        case = Case(Hand(tuple(standing), tuple(shown + melds)), x, win_by, flowers=flowers, origin=f"rulings:{form}")
    assume(is_legal_case(case))
    return case
