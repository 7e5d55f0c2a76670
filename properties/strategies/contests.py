"""Reading contests where the biggest fan loses: hands whose interpretations compete and on
which the interpretation holding the single biggest fan does not have the highest total.

seed000 §二 takes "一个合法解释的最高总分" — the highest total, whatever the fans that make it.
A scorer that ranks the interpretations another way (the biggest fan first, the total second,
as a player counting the big fan first would) agrees with the rule whenever the interpretation
with the biggest fan also scores most, which is nearly always: the readings of an ordinary hand
rarely compete, and when they do the big fan usually wins.  These hands are the exceptions.

They are rare: over every one-suit concealed gb16 hand of up to seven consecutive numbers,
each winning tile and either way of winning, the biggest fan loses on 44 of 26,024 hands, all
one contest — 一色四步高 (32) against 一色三节高 (24) with 三暗刻 and 四归一 (the corpus case
big-combination-pungs-and-small-fans-beat-four-shifted-chows is one of them) — and no 13-tile one-suit
hand has it.  :func:`contest_cases` builds hands around that contest and keeps each only when
the properties' own enumeration (gb16.properties.best: readings × big combinations × links,
scored by the definitions written from the texts) finds that the interpretation with the
biggest single fan — the total breaking ties between equal biggest fans — scores strictly less
than the best: the case the wrong ranking gets wrong.  Nothing here asks the scorer.
"""

from __future__ import annotations

from hypothesis import assume, strategies as st

from gb16.properties import best as own
from gb16.properties.hands import ALL_TILES, NUMBER_SUITS, WINDS, Case, Hand, Meld, sorted_tiles
from gb16.properties.rulebook import FAN
from gb16.properties.strategies.blocks import _Pool, _chow, _draw_group, _draw_pair, _tiles_of, sampled


def biggest_fan(fans) -> int:
    """The points of the single biggest fan of a counted fan map (a chow-pair link is 1)."""
    return max((1 if f == "chow_pairs" else FAN[f]["points"]) for f in fans) if fans else 0


def biggest_fan_first(found):
    """The interpretation a scorer ranking by the biggest single fan, then the total, takes."""
    return max(found, key=lambda s: (biggest_fan(s.fans), s.points))


def biggest_fan_loses(case: Case) -> bool:
    """Whether, by the properties' own enumeration, the interpretation with the biggest fan
    scores strictly less than the best interpretation of ``case``."""
    found = own.interpretations(case)
    return bool(found) and biggest_fan_first(found).points < found[0].points


def _four_shifted_chows(s: str, low: int, step: int) -> list[tuple[str, ...]]:
    return [_chow(s, low + k * step) for k in range(4)]


@st.composite
def contest_cases(draw) -> Case:
    """A legal gb16 winning hand on which the interpretation with the biggest fan loses on
    total (:func:`biggest_fan_loses`).

    The hand holds four chows of one suit rising by one (一色四步高, 32, xinbian 第七章 16: the
    biggest fan any reading of these tiles has), a fifth set and a pair.  With the fifth set and
    the pair among the same numbers, the tiles also read as three pungs of consecutive numbers
    (一色三节高 24, 三暗刻 16 while the pungs stay concealed, 四归一 …), which may score more
    than the four chows: the hands where they do are kept.  The rest of the hand — the fifth
    set melded or of another suit, the pair elsewhere, the winning tile and how it was won — is
    drawn freely, so the kept hands are every contest of this kind the filter lets through."""
    s = draw(sampled(NUMBER_SUITS))
    low = draw(st.integers(1, 4))
    pool = _Pool()
    block = _four_shifted_chows(s, low, 1)
    pool.take([t for g in block for t in g])
    near = _tiles_of(range(low, low + 6), (s,))
    palette = draw(sampled((near, near, near, frozenset(ALL_TILES))))
    fifth = _draw_group(draw, pool, palette, draw(sampled(("c", "cp"))))
    pair = _draw_pair(draw, pool, draw(sampled((near, near, frozenset(ALL_TILES)))))
    standing = [t for g in block for t in g] + [pair, pair]
    melds = []
    if draw(st.integers(0, 3)) == 0:
        melds.append(Meld("pung" if len(set(fifth)) == 1 else "chow", tuple(fifth)))
    else:
        standing.extend(fifth)
    hand = Hand(tuple(sorted_tiles(standing)), tuple(melds))
    win_tile = draw(sampled(sorted_tiles(set(hand.standing))))
    case = Case(hand=hand, win_tile=win_tile, win_by=draw(sampled(("discard", "self_draw"))),
                prevalent_wind=draw(sampled(WINDS)), seat_wind=draw(sampled(WINDS)),
                origin="gb16:reading_contest")
    assume(biggest_fan_loses(case))
    return case


__all__ = ["biggest_fan", "biggest_fan_first", "biggest_fan_loses", "contest_cases"]
