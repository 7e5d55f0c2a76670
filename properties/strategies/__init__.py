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
mode (concealed, mixed, all melded, all but one set melded, one set melded).  Several
profiles also aim at the edge of a definition — near misses that a wrong reading of the
definition would score: chows whose steps are unequal (一色四步高) or 2 across three suits
(三色三步高), two triples of 三色三节高, a 全带幺 hand whose pair is a simple, 组合龙 hands
whose other sets look like 全带幺/全带五/全双刻/平和, robbed kongs beside 和绝张.  The profile
``contested`` (not among the defaults; property 14 asks for it) draws five chows on which
two different big combinations tie for the most points
(:func:`tied_big_combination_chows`).

``arbitrary_text()``, ``arbitrary_json()`` and ``hostile_inputs()`` feed the
input-robustness property; ``broken_inputs()`` gives legal cases broken in exactly one
known way, with the error code docs/contract.md gives for it (the error-cause property).

Laid out by hand family: blocks.py (palettes, profiles, drawing sets), chows.py, pungs.py,
honours.py (the families big fans are made of), hand.py (a whole hand), hostile.py and
broken.py (bad input).
"""

from __future__ import annotations

from gb16.properties.strategies.blocks import (  # noqa: F401
    DRAGON_TILES, HONOURS, NUMBER_BANDS, PROFILES, WIND_TILES, _Pool, _candidates, _chow, _draw_group,
    _draw_pair, _forms_three_chow_fan, _pung, _tiles_of, _unrelated,
)
from gb16.properties.strategies.chows import (  # noqa: F401
    _chow_family, tied_big_combination_chows,
)
from gb16.properties.strategies.pungs import (  # noqa: F401
    _pung_family,
)
from gb16.properties.strategies.honours import (  # noqa: F401
    _honour_family,
)
from gb16.properties.strategies.targets import TARGETS, Plan, plan  # noqa: F401
from gb16.properties.strategies.hand import (  # noqa: F401
    _kong_choice, cases, hand_structures, legal_inputs, winning_tiles,
)
from gb16.properties.strategies.hostile import (  # noqa: F401
    CONTRACT_FIELDS, NOTATION_ALPHABET, _json_containers, arbitrary_json, arbitrary_text,
    hostile_inputs, json_roundtrip, mutated_inputs,
)
from gb16.properties.strategies.broken import (  # noqa: F401
    NONEXISTENT_TILES, OTHER_VARIANTS, _braced_non_kong, _broken, _inconsistent_flags, _one_set_dropped,
    _plain_flags, _spare_standing, broken_inputs, fifth_copy_inputs,
)
