"""One positive and one negative unit test for each of the 74 fans that exist in gb16.

Each row names a fan, a hand, and whether the fan must be counted.  The negative rows are
near misses: the hand a careless scorer would credit with the fan (an exclusion, a count
one off, a fan that holds only in another reading).  The full fan maps of such hands are
in the corpus; here only the presence or absence of the named fan is checked.

Default circumstances: prevalent wind 南 (S), seat wind 西 (W), discard, no flowers —
chosen so that a 东 pung is an ordinary 幺九刻.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from gb16.reference import score
from gb16.reference.fans import REGISTRY
from gb16.reference.table import FANS


def fans(hand, win, by="discard", prevalent="S", seat="W", **extra) -> dict[str, int]:
    result = score({"hand": hand, "win_tile": win, "win_by": by, "prevalent_wind": prevalent,
                    "seat_wind": seat, **extra})
    assert result["ok"], result
    return {f["id"]: f["count"] for f in result["fans"]}


SD = {"by": "self_draw"}

# (fan, hand, winning tile, must hold?, extra arguments)
ROWS = [
    # -- honours
    ("big_four_winds", "111222333444z 123m 55z", "5z", True, {}),
    ("big_four_winds", "111222333z 44z 123m 456m", "4z", False, {}),          # 小四喜
    ("big_three_dragons", "555666777z 123m 456p 11s", "1s", True, {}),
    ("big_three_dragons", "555666z 77z 123m 456p 789s", "7z", False, {}),     # 小三元
    ("little_four_winds", "111222333z 44z 123m 456m", "4z", True, {}),
    ("little_four_winds", "111222333444z 123m 55z", "5z", False, {}),         # 大四喜
    ("little_three_dragons", "555666z 77z 123m 456p 789s", "7z", True, {}),
    ("little_three_dragons", "555666777z 123m 456p 11s", "1s", False, {}),    # 大三元
    ("all_honors", "111222333z 555z 666z 77z", "7z", True, {}),
    ("all_honors", "111222333z 555z 666z 11m", "1m", False, {}),              # 混一色
    ("big_three_winds", "111222333z 123m 456p 99s", "9s", True, {}),
    ("big_three_winds", "111222333z 44z 123m 456m", "4z", False, {}),         # 小四喜 excludes it
    ("two_dragon_pungs", "555z 666z 123m 456p 789s 11m", "1m", True, {}),
    ("two_dragon_pungs", "555666z 77z 123m 456p 789s", "7z", False, {}),      # 小三元 excludes it
    ("dragon_pung", "555z 123m 456p 789s 234m 11p", "1p", True, {}),
    ("dragon_pung", "555z 666z 123m 456p 789s 11m", "1m", False, {}),         # two dragon pungs
    ("prevalent_wind", "222z 123m 456p 789s 234m 11p", "1p", True, {}),       # 南 = prevalent S
    ("prevalent_wind", "222z 123m 456p 789s 234m 11p", "1p", False, {"prevalent": "E"}),
    ("seat_wind", "333z 123m 456p 789s 234m 11p", "1p", True, {}),            # 西 = seat W
    ("seat_wind", "333z 123m 456p 789s 234m 11p", "1p", False, {"seat": "N"}),
    # -- tile content
    ("all_green", "234234234s 666s 888s 77z", "7z", True, {}),
    ("all_green", "234234234s 666s 999s 77z", "7z", False, {}),
    ("reversible_tiles", "123p 345p 888p 456s 999s 66z", "6z", True, {}),
    ("reversible_tiles", "123p 345p 888p 456s 999s 77z", "7z", False, {}),    # 发 is not reversible
    ("full_flush", "123m 456m 789m 111m 234m 55m", "5m", True, {}),
    ("full_flush", "123m 456m 789m 111m 234m 55p", "5p", False, {}),
    ("half_flush", "123m 456m 789m 111z 555z 66z", "6z", True, {}),
    ("half_flush", "111222333z 555z 666z 77z", "7z", False, {}),              # no numbered tiles: R-016
    ("all_types", "123m 456p 789s 111z 555z 66m", "6m", True, {}),
    ("all_types", "123m 456p 789s 111z 222z 66m", "6m", False, {}),           # no dragon
    ("one_voided_suit", "123m 456m 789p 123p 555z 66z", "6z", True, {}),
    ("one_voided_suit", "123m 456m 789m 111m 234m 55m", "5m", False, {}),     # one suit only
    ("no_honors", "111m 456m 789p 123p 999p 55m", "5m", True, {}),
    ("no_honors", "123m 456m 789p 234s 567s 55p", "5p", False, {}),           # 平和 excludes 无字
    ("all_terminals", "111m 999m 111p 999p 111s 99s", "9s", True, {}),
    ("all_terminals", "111m 999m 111p 999p 111z 99s", "9s", False, {}),       # 混幺九
    ("all_terminals_and_honors", "111m 999m 111p 999p 111z 99s", "9s", True, {}),
    ("all_terminals_and_honors", "111m 999m 111p 999p 111s 99s", "9s", False, {}),
    ("upper_tiles", "777m 888m 999p 789s 789p 88s", "8s", True, {}),
    ("upper_tiles", "777m 888m 999p 678s 789p 88s", "8s", False, {}),         # a 6: 大于五 only
    ("middle_tiles", "444m 555m 666p 456s 456p 55s", "5s", True, {}),
    ("middle_tiles", "444m 555m 666p 456s 456p 33s", "3s", False, {}),
    ("lower_tiles", "111m 222m 333p 123s 123p 22s", "2s", True, {}),
    ("lower_tiles", "111m 222m 333p 123s 123p 44s", "4s", False, {}),         # a 4: 小于五 only
    ("upper_four", "666m 777m 888p 678s 999s 66p", "6p", True, {}),
    ("upper_four", "777m 888m 999p 789s 789p 88s", "8s", False, {}),          # 全大 excludes it
    ("lower_four", "111m 222m 333p 234s 444s 11p", "1p", True, {}),
    ("lower_four", "111m 222m 333p 123s 123p 22s", "2s", False, {}),          # 全小 excludes it
    ("all_simples", "234m 456m 678p 345s 888s 22p", "2p", True, {}),
    ("all_simples", "444m 555m 666p 456s 456p 55s", "5s", False, {}),         # 全中 excludes it
    ("tile_hog", "111m 123m 456p 789s 555z 66z", "6z", True, {}),
    ("tile_hog", "{1111m} 234m 456p 789s 555z 66z", "6z", False, {}),        # a kong is no 四归一
    # -- whole-hand set patterns
    ("outside_hand", "123m 789m 111p 999s 789p 11z", "1z", True, {}),
    ("outside_hand", "123m 789m 111p 999s 678p 11z", "1z", False, {}),
    ("all_fives", "345m 456m 555p 567s 456p 55s", "5s", True, {}),
    ("all_fives", "345m 456m 555p 567s 456p 66s", "6s", False, {}),
    ("all_even_pungs", "222m 444m 666p 888p 222s 44s", "4s", True, {}),
    ("all_even_pungs", "222m 444m 666p 888p 222s 55s", "5s", False, {}),
    ("all_pungs", "[111m] [222p] [333s] [444z] 555z 66z", "6z", True, {}),
    ("all_pungs", "111m 222p 333s 444z 555z 66z", "6z", False, {}),          # 四暗刻 excludes it
    ("all_chows", "123m 456m 789p 234s 567s 55p", "5p", True, {}),
    ("all_chows", "123m 456m 789p 234s 567s 55z", "5z", False, {}),          # honour pair
    ("pung_of_terminals_or_honors", "999m 123m 456p 789s 234m 11p", "1p", True, {}),
    ("pung_of_terminals_or_honors", "555z 123m 456p 789s 234m 11p", "1p", False, {}),  # 箭刻 takes it
    # -- pungs
    ("four_pure_shifted_pungs", "111m 222m 333m 444m 567p 99s", "9s", True, {}),
    ("four_pure_shifted_pungs", "111m 222m 333m 555m 567p 99s", "9s", False, {}),
    ("pure_shifted_pungs", "111m 222m 333m 567p 789s 55z", "5z", True, {}),
    ("pure_shifted_pungs", "111m 222m 333m 444m 567p 99s", "9s", False, {}),  # 一色四节高 is the big one
    ("triple_pung", "222m 222p 222s 567m 789p 11z", "1z", True, {}),
    ("triple_pung", "222m 222p 333s 567m 789p 11z", "1z", False, {}),
    ("mixed_shifted_pungs", "111m 222p 333s 456m 789p 11z", "1z", True, {}),
    ("mixed_shifted_pungs", "111m 222p 444s 456m 789p 11z", "1z", False, {}),
    ("double_pung", "222m 222p 456s 789m 123p 11z", "1z", True, {}),
    ("double_pung", "222m 222p 222s 567m 789p 11z", "1z", False, {}),         # 三同刻: R-008
    # -- chows
    ("quadruple_chow", "123m 123m 123m 123m 456p 55s", "5s", True, {}),
    ("quadruple_chow", "123m 123m 123m 234m 456p 55s", "5s", False, {}),
    ("four_pure_shifted_chows", "123m 234m 345m 456m 789p 11s", "1s", True, {}),
    ("four_pure_shifted_chows", "123m 234m 345m 567m 789p 11s", "1s", False, {}),
    ("pure_triple_chow", "[123m] [123m] 123m 456p 789s 55z", "5z", True, {}),
    ("pure_triple_chow", "123m 123m 123m 456p 789s 55z", "5z", False, {}),    # 111m222m333m scores more
    ("pure_triple_chow", "123m 123m 123m 123m 456p 55s", "5s", False, {}),   # 一色四同顺 instead
    ("pure_straight", "123m 456m 789m 234p 567s 11z", "1z", True, {}),
    ("pure_straight", "123m 456m 789p 234p 567s 11z", "1z", False, {}),
    ("pure_shifted_chows", "123m 234m 345m 678p 789s 11z", "1z", True, {}),
    ("pure_shifted_chows", "123m 234m 456m 678p 789s 11z", "1z", False, {}),
    ("mixed_straight", "123m 456p 789s 234m 567p 11z", "1z", True, {}),
    ("mixed_straight", "123m 456p 789p 234m 567p 11z", "1z", False, {}),
    ("mixed_triple_chow", "123m 123p 123s 567m 999p 11z", "1z", True, {}),
    ("mixed_triple_chow", "123m 123p 123s 456m 789p 11z", "1z", False, {}),  # ties with 花龙; R-011
    ("mixed_triple_chow", "123m 123p 234s 456m 789p 11z", "1z", False, {}),
    ("mixed_shifted_chows", "123m 234p 345s 567m 789p 11z", "1z", True, {}),
    ("mixed_shifted_chows", "123m 234p 456s 567m 789p 11z", "1z", False, {}),
    ("pure_double_chow", "123m 123m 567p 789s 555z 11z", "1z", True, {}),
    ("pure_double_chow", "123m 123m 123m 123m 456p 55s", "5s", False, {}),   # 四顺子: no chow pairs
    ("mixed_double_chow", "123m 123p 567p 789s 555z 11z", "1z", True, {}),
    ("mixed_double_chow", "123m 123p 123s 567m 999p 11z", "1z", False, {}),  # inside 三色三同顺
    ("short_straight", "123m 456m 567p 999s 555z 11z", "1z", True, {}),
    ("short_straight", "123m 456m 789m 999s 555z 11z", "1z", False, {}),     # inside 清龙
    ("two_terminal_chows", "123m 789m 456p 999s 555z 11z", "1z", True, {}),
    ("two_terminal_chows", "123m 456m 789m 999s 555z 11z", "1z", False, {}),  # inside 清龙
    ("knitted_straight", "147m 258p 369s 123m 456p 11z", "1z", True, {}),
    ("knitted_straight", "147m 258p 369s 123m 456p 11z", "1z", True, {"by": "self_draw"}),
    # -- kongs and concealed pungs (seed000 §二.3)
    ("four_kongs", "{1111m} {2222p} [3333s] [4444z] 456m 55z", "5z", True, {}),
    ("four_kongs", "{1111m} {2222p} [3333s] 444z 456m 55z", "5z", False, {}),
    ("three_kongs", "{1111m} {2222p} [3333s] 444z 456m 55z", "5z", True, {}),
    ("three_kongs", "{1111m} {2222p} [3333s] [4444z] 456m 55z", "5z", False, {}),
    ("two_concealed_kongs", "{1111m} {2222p} 333s 456m 789p 11z", "1z", True, {}),
    ("two_concealed_kongs", "{1111m} [2222p] 333s 456m 789p 11z", "1z", False, {}),
    ("two_melded_kongs", "[1111m] [2222p] 333s 456m 789p 11z", "1z", True, {}),
    ("two_melded_kongs", "[1111m] [2222p] [3333s] 456m 789p 11z", "1z", False, {}),
    ("concealed_and_melded_kong", "{1111m} [2222p] 333s 456m 789p 11z", "1z", True, {}),
    ("concealed_and_melded_kong", "{1111m} {2222p} 333s 456m 789p 11z", "1z", False, {}),
    ("concealed_kong", "{1111m} 222p 345s 456m 789p 11z", "1z", True, {}),
    ("concealed_kong", "[1111m] 222p 345s 456m 789p 11z", "1z", False, {}),
    ("melded_kong", "[1111m] 222p 345s 456m 789p 11z", "1z", True, {}),
    ("melded_kong", "{1111m} 222p 345s 456m 789p 11z", "1z", False, {}),
    ("four_concealed_pungs", "111m 222p 333s 444m 567p 99s", "9s", True, {}),
    ("four_concealed_pungs", "111m 222p 333s 444m 567p 99s", "4m", False, {}),  # discard makes 444m 明刻
    ("three_concealed_pungs", "111m 222p 333s 444m 567p 99s", "4m", True, {}),
    ("three_concealed_pungs", "111m 222p 333s 444m 567p 99s", "9s", False, {}),
    ("two_concealed_pungs", "111m 222p 345s 456m 789p 11z", "1z", True, {}),
    ("two_concealed_pungs", "{1111m} {2222p} 333s 456m 789p 11z", "1z", False, {}),  # three concealed pungs
    # -- concealment and the way of winning
    ("concealed_hand", "123m 456p 789s 234m 555z 11z", "1z", True, {}),
    ("concealed_hand", "123m 456p 789s 234m 555z 11z", "1z", False, SD),
    ("fully_concealed_hand", "123m 456p 789s 234m 555z 11z", "1z", True, SD),
    ("fully_concealed_hand", "[123m] 456p 789s 234m 555z 11z", "1z", False, SD),
    ("self_drawn", "[123m] 456p 789s 234m 555z 11z", "1z", True, SD),
    ("self_drawn", "123m 456p 789s 234m 555z 11z", "1z", False, SD),         # 不求人 instead
    ("melded_hand", "[123m] [456p] [789s] [111m] [222p] 55z", "5z", True, {}),
    ("melded_hand", "[123m] [456p] [789s] [111m] {2222p} 55z", "5z", False, {}),  # concealed kong
    ("last_tile_draw", "[123m] 456p 789s 234m 555z 11z", "1z", True, {"by": "self_draw", "last_tile": True}),
    ("last_tile_draw", "[123m] 456p 789s 234m 555z 11z", "1z", False, {"last_tile": True}),
    ("last_tile_claim", "[123m] 456p 789s 234m 555z 11z", "1z", True, {"last_tile": True}),
    ("last_tile_claim", "[123m] 456p 789s 234m 555z 11z", "1z", False, {"by": "self_draw", "last_tile": True}),
    ("out_with_replacement_tile", "[1111m] 456p 789s 234m 555z 11z", "1z", True,
     {"by": "self_draw", "kong_replacement": True}),
    ("out_with_replacement_tile", "[1111m] 456p 789s 234m 555z 11z", "1z", False, SD),
    ("robbing_the_kong", "[123m] 456p 789s 234m 555z 11z", "6p", True, {"robbing_kong": True}),
    ("robbing_the_kong", "[123m] 456p 789s 234m 555z 11z", "6p", False, {}),
    ("last_of_kind", "[123m] 456p 789s 234m 555z 11z", "6p", True, {"last_of_kind": True}),
    ("last_of_kind", "[123m] 456p 789s 234m 555z 11z", "6p", False,
     {"last_of_kind": True, "robbing_kong": True}),                               # 抢杠和 excludes it
    # -- waits (seed000 §二.7)
    ("edge_wait", "123m 456p 789s 111z 555z 66z", "3m", True, {}),
    ("edge_wait", "123m 456p 789s 111z 555z 66z", "1m", False, {}),           # 23m waits 1m and 4m
    ("closed_wait", "123m 456p 789s 111z 555z 66z", "2m", True, {}),
    ("closed_wait", "12333m 678p 789s 111z 555z", "2m", False, {}),           # 1333m waits 1m and 2m
    ("single_wait", "123m 456p 789s 111z 555z 66z", "6z", True, {}),
    ("single_wait", "{1111m} {2222p} [3333s] [4444z] 456m 55z", "5z", False, {}),  # 四杠 excludes it
    # -- special
    ("chicken_hand", "[234m] [456p] [789s] [777m] 333p 44z", "3p", True, {"prevalent": "E", "seat": "E"}),
    ("chicken_hand", "[234m] [456p] [789s] [777m] 333p 44z", "3p", False,
     {"by": "self_draw", "prevalent": "E", "seat": "E"}),                          # 自摸 counts
    ("flower_tiles", "[123m] 456p 789s 234m 555z 11z", "1z", True, {"flowers": 3}),
    ("flower_tiles", "[123m] 456p 789s 234m 555z 11z", "1z", False, {}),
]


def _id(row):
    fan_id, hand, win, holds, _ = row
    return f"{fan_id}-{'yes' if holds else 'no'}-{hand}-{win}"


@pytest.mark.parametrize("row", ROWS, ids=_id)
def test_fan(row):
    fan_id, hand, win, holds, extra = row
    extra = dict(extra)
    got = fans(hand, win, **extra)
    assert (fan_id in got) == holds, got


def test_every_gb16_fan_has_a_positive_and_a_negative_row():
    applicable = {f.id for f in FANS if f.in_variant("gb16")}
    assert len(applicable) == 74
    positive = {r[0] for r in ROWS if r[3]}
    negative = {r[0] for r in ROWS if not r[3]}
    assert applicable - positive == set()
    # 组合龙's near misses are not winning hands at all; see test_knitted_needs_three_suits
    assert applicable - negative == {"knitted_straight"}


def test_knitted_needs_three_suits():
    result = score({"hand": "147m 258p 369p 123s 456s 11z", "win_tile": "1z", "win_by": "discard"})
    assert result["error"]["code"] == "not_winning_hand"


def test_the_fan_index_is_up_to_date():
    """docs/fans.md names the file and function of every fan's predicate (generated: python -m
    gb16.reference.fans.index > docs/fans.md), and every fan of the table has its code."""
    from gb16.reference.fans.index import DECIDED_BY_SCORING, fan_index
    assert {f.id for f in FANS} == set(REGISTRY) | set(DECIDED_BY_SCORING)
    doc = Path(__file__).resolve().parents[1] / "docs" / "fans.md"
    assert doc.read_text(encoding="utf-8") == fan_index(), "regenerate docs/fans.md"


def test_each_family_has_one_file_of_its_own():
    """A fan's code is in the file of its family (docs/fans.md "Families and files"), or in
    reference/fans/sets.py (fans defined on every set of a reading) or the scoring steps."""
    from gb16.reference.fans.index import families_and_files
    shared = {"reference/fans/sets.py", "reference/scoring.py"}
    own = {family: [path for path in files if path not in shared] for family, files in families_and_files().items()}
    assert {family: paths for family, paths in own.items() if len(paths) != 1} == {}
