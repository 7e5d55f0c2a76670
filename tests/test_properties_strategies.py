"""The generators and the independent hand model of the property suite, checked on their
own (without the reference scorer): generated hands are legal, rare structures come up,
flags are consistent, the decomposer and the formal waits agree with the rule page's
examples, and the exhaustive space has the size the report states."""

from __future__ import annotations

import json
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from gb16.properties import invariants as I
from gb16.properties import strategies as S
from gb16.properties.exhaustive import count_space, one_suit_hands
from gb16.properties.hands import (
    ALL_TILES, Case, case_from_input, dragon_permutation_map, flag_problems,
    format_hand, formal_waits, is_legal_case, parse_hand, readings, reflection_map,
    relabel_case, shape_decompositions, suit_permutation_map, wind_rotation_maps,
)

CI = settings(max_examples=200, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))


def case(hand: str, win: str, **kw) -> Case:
    return Case(hand=parse_hand(hand), win_tile=win, **kw)


# --------------------------------------------------------------------------------------
# The hand model against the rule page's examples (seed000 §四)


def test_seed_examples_are_winning_hands():
    assert is_legal_case(case("111222333444z 123m 55z", "5z"))                      # §四.1
    assert is_legal_case(case("[123m] 222m 444p 666s 111z 55z", "5z"))              # §四.2
    c3 = case("147m 258p 369s 111z 555z 66z", "6z", win_by="self_draw")             # §四.3
    assert is_legal_case(c3)
    assert {r.shape for r in readings(c3.hand, "6z")} == {"knitted"}
    assert is_legal_case(case("[234m] [456p] [789s] [777m] 333p 44z", "3p"))        # §四.4
    assert is_legal_case(case("{1111m} {2222m} {3333m} {4444m} [5555p] 99s", "9s"))  # §四.6


def test_seed_example_5_formal_waits():
    # §四.5: 1111222s 111m 222p 555z waits on 3s and, formally, on 1s
    hand = parse_hand("1111222s 3s 111m 222p 555z")
    assert formal_waits(hand, "3s") == ["1s", "3s"]


def test_seed_example_7_seven_pairs_is_not_a_gb16_shape():
    assert not shape_decompositions(parse_hand("11223344556677m 99p 1z").standing)


def test_readings_place_the_winning_tile_in_every_group():
    # 123m 123m ... : the 3m may sit in either chow (same key) or in 345m
    c = case("123345m 789p 123s 567s 99s", "3m")
    places = {(r.win_in, r.win_group.tiles if r.win_group else None) for r in readings(c.hand, "3m")}
    assert places == {("set", ("1m", "2m", "3m")), ("set", ("3m", "4m", "5m"))}


@pytest.mark.parametrize("bad,why", [
    (case("11111m 222m 333m 444m 55m", "1m"), "5 copies"),
    (case("111222333444z 123m 5z", "5z"), "16 tiles"),
    (case("[111z] 222333444z 123m 55z", "1z"), "winning tile only in a meld"),
    (case("111222333444z 123m 55z", "5z", robbing_kong=True), "robbing with two copies"),
    (case("111222333444z 123m 55z", "1m", robbing_kong=True, last_tile=True), "robbing on the last tile"),
    (case("111222333444z 123m 55z", "1m", robbing_kong=True, win_by="self_draw"), "robbing by self-draw"),
    (case("111222333444z 123m 55z", "5z", win_by="self_draw", kong_replacement=True), "no kong"),
    (case("[1111z] 222333444z 123m 55z", "5z", kong_replacement=True), "replacement on a discard"),
    (case("111222333444z 123m 55z", "5z", last_of_kind=True), "last of kind with two standing copies"),
    (case("11m 22m 33m 44m 55m 66m 77m 88m 9m", "9m"), "not a winning shape"),
])
def test_illegal_cases_are_recognised(bad, why):
    assert not is_legal_case(bad), why


def test_flag_rules_allow_what_the_rulings_allow():
    # last_tile may go with kong_replacement; R-006: copies in own exposed melds allowed
    c = case("[1111z] 222333444z 123m 55z", "1m", win_by="self_draw", kong_replacement=True, last_tile=True)
    assert flag_problems(c) == []
    c = case("[333m] 111222333z 123m 99m", "3m", last_of_kind=True)
    assert c.hand.size() == 17 and flag_problems(c) == []


# --------------------------------------------------------------------------------------
# The generators


@CI
@given(S.cases())
def test_generated_cases_are_legal(c):
    assert is_legal_case(c), (c, flag_problems(c))
    assert c.win_tile in S.winning_tiles(c)
    # the input round-trips through the notation
    assert case_from_input(c.to_input()) == c
    assert parse_hand(format_hand(c.hand)) == c.hand


@CI
@given(I.presentations())
def test_presentations_write_the_same_case(ex):
    written = case_from_input(ex["written"])
    c = ex["case"]
    assert sorted(written.hand.standing) == sorted(c.hand.standing)
    assert sorted(written.hand.melds) == sorted(c.hand.melds)
    assert (written.win_tile, written.win_by, written.flowers) == (c.win_tile, c.win_by, c.flowers)


@CI
@given(S.cases(), st.sampled_from(I.SUIT_PERMUTATIONS), st.integers(0, 3),
       st.sampled_from(I.DRAGON_PERMUTATIONS))
def test_relabellings_keep_hands_legal(c, perm, steps, dragons):
    winds, letters = wind_rotation_maps(steps)
    for tile_map, wind_map in ((suit_permutation_map(perm), None), (winds, letters),
                               (dragon_permutation_map(dragons), None), (reflection_map(), None)):
        assert sorted(set(tile_map.values())) == sorted(tile_map)  # a bijection
        moved = relabel_case(c, tile_map, wind_map)
        assert is_legal_case(moved)
        assert len(readings(moved.hand, moved.win_tile)) == len(readings(c.hand, c.win_tile))


@CI
@given(S.cases())
def test_pruned_formal_waits_equal_brute_force(c):
    before = list(c.hand.standing)
    before.remove(c.win_tile)
    brute = [t for t in ALL_TILES if shape_decompositions(before + [t], c.hand.melds)]
    assert formal_waits(c.hand, c.win_tile) == brute
    assert c.win_tile in brute


def _structure(c: Case) -> set[str]:
    """Labels of the structures a case shows (from the independent decomposer)."""
    labels = set()
    rs = readings(c.hand, c.win_tile)
    for r in rs:
        kinds = Counter(g.kind for g in r.sets)
        if r.shape == "knitted":
            labels.add("knitted")
        if kinds["chow"] == 5:
            labels.add("five_chows")
        if kinds["chow"] == 0 and r.shape == "standard":
            labels.add("five_pungs")
    kongs = c.hand.kongs
    labels |= {"kong"} if kongs else set()
    labels |= {"concealed_kong"} if any(m.concealed for m in kongs) else set()
    labels |= {"four_kongs"} if len(kongs) >= 4 else set()
    labels |= {"all_melded"} if len(c.hand.melds) == 5 else set()
    labels |= {"concealed"} if c.hand.is_concealed else set()
    tiles = c.hand.all_tiles()
    if sum(t.endswith("z") for t in tiles) >= 9:
        labels.add("honours_heavy")
    if len({t[1] for t in tiles if not t.endswith("z")}) == 1 and not any(t.endswith("z") for t in tiles):
        labels.add("one_suit")
    for flag in ("last_of_kind", "last_tile", "kong_replacement", "robbing_kong"):
        if getattr(c, flag):
            labels.add(flag)
    labels.add(c.win_by)
    return labels


def test_rare_structures_come_up_often():
    seen: Counter = Counter()

    @settings(max_examples=600, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(S.cases())
    def collect(c):
        seen.update(_structure(c))
        seen["n"] += 1

    collect()
    n = seen["n"]
    for label, share in [("five_chows", 0.05), ("five_pungs", 0.05), ("kong", 0.1), ("concealed_kong", 0.04),
                         ("four_kongs", 0.01), ("knitted", 0.03), ("honours_heavy", 0.05), ("one_suit", 0.03),
                         ("all_melded", 0.05), ("concealed", 0.15), ("last_of_kind", 0.03), ("last_tile", 0.1),
                         ("kong_replacement", 0.02), ("robbing_kong", 0.005), ("discard", 0.3), ("self_draw", 0.3)]:
        assert seen[label] >= share * n, (label, seen[label], n)


@CI
@given(S.hostile_inputs())
def test_hostile_inputs_are_json(value):
    json.loads(json.dumps(value, allow_nan=False))


# --------------------------------------------------------------------------------------
# Data the properties rest on


def test_repeatable_fans_match_the_table():
    assert I.REPEATABLE == {f["id"] for f in I.FANS if f["repeatable"]}


def test_big_combination_fans_exist():
    for fid in I.BIG_COMBINATION | set(I.CHOW_PAIR_FANS) | set(I.WAIT_FANS) | set(I.SUIT_SPECIFIC):
        assert fid in I.FAN


def test_suit_specific_adjustment():
    before = Counter({"all_green": 1, "pung_of_terminals_or_honors": 1})
    # 23468s + 发 relabelled to 万: 绿一色 goes, 混一色 (honours + one suit) comes back
    tiles = ["2m", "3m", "4m", "7z"]
    assert I.expected_after_relabelling(before, tiles, "gb16") == Counter(
        {"half_flush": 1, "pung_of_terminals_or_honors": 1})
    # 推不倒 in two suits relabelled away: 缺一门 comes back
    before = Counter({"reversible_tiles": 1, "all_pungs": 1})
    assert I.expected_after_relabelling(before, ["1m", "2s", "6z"], "gb16") == Counter(
        {"one_voided_suit": 1, "all_pungs": 1})
    # …and gained the other way
    assert I.expected_after_relabelling(Counter({"one_voided_suit": 1, "all_pungs": 1}),
                                        ["1p", "2s", "6z"], "gb16") == Counter(
        {"reversible_tiles": 1, "all_pungs": 1})


def test_exhaustive_space_size():
    assert count_space() == (26414, 190260)
    first = next(one_suit_hands())
    assert len(first) == 17 and all(t.endswith("m") for t in first)
