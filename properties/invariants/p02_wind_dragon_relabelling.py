"""Property 2. Wind rotation and dragon relabelling."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from gb16.properties import strategies as S
from gb16.properties.hands import dragon_permutation_map, wind_rotation_maps
from gb16.properties.invariants.base import register
from gb16.properties.invariants.relabelling import _relabel_check

# --------------------------------------------------------------------------------------
# 2. Wind rotation and dragon relabelling


DRAGON_PERMUTATIONS = tuple(itertools.permutations((5, 6, 7)))


@register(2, "wind_dragon_relabelling", "Rotating the winds in tiles, seat and prevalent wind "
          "together, and relabelling the dragons, changes nothing (outside 绿一色 发 / 推不倒 白)",
          "xinbian 第七章 1, 9, 38, 60, 61 (wind fans), 2, 10, 54, 59 (dragon fans), 3, 40",
          lambda: st.fixed_dictionaries({"case": S.cases(), "wind_steps": st.integers(0, 3),
                                         "dragons": st.sampled_from(DRAGON_PERMUTATIONS)}).filter(
              lambda ex: ex["wind_steps"] or ex["dragons"] != (5, 6, 7)))
def wind_dragon_relabelling(scorer, ex) -> bool:
    tiles, letters = wind_rotation_maps(ex["wind_steps"])
    tiles = dict(tiles)
    tiles.update(dragon_permutation_map(ex["dragons"]))
    return _relabel_check(scorer, ex["case"], tiles, letters,
                          label=f"winds rotated {ex['wind_steps']}×, dragons 567z → "
                                f"{''.join(map(str, ex['dragons']))}z")


