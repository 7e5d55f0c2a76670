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
from gb16.properties.strategies import gb13
from gb16.properties.exhaustive import PAIRS, count_space, one_suit_hands, winning_vectors
from gb16.properties.hands import (
    ALL_TILES, FLAG_FIELDS, Case, case_from_input, decompose_counts, dragon_permutation_map, flag_problems,
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


def test_strategies_built_once_keep_options_of_other_types_apart():
    """blocks.sampled builds st.sampled_from once per tuple of options: the same options give
    the same strategy, but (0, 1) and (False, True) — equal tuples — are other options."""
    from gb16.properties.strategies.blocks import permuted, sampled
    assert sampled(("1m", "2m")) is sampled(["1m", "2m"])
    assert permuted("mps") is permuted(("m", "p", "s"))
    numbers = sampled((0, 1))

    @settings(max_examples=10, derandomize=True, database=None)
    @given(numbers, sampled((False, True)))
    def draws(number, flag):
        assert type(number) is int and type(flag) is bool

    draws()


@CI
@given(S.cases())
def test_generated_cases_are_legal(c):
    assert is_legal_case(c), (c, flag_problems(c))
    assert c.win_tile in S.winning_tiles(c)
    # the input round-trips through the notation
    assert case_from_input(c.to_input()) == c
    assert parse_hand(format_hand(c.hand)) == c.hand


@pytest.mark.slow
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
@pytest.mark.slow
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


@CI
@given(gb13.cases(gb13.CONTEST_FAMILIES + gb13.ALL_FAMILIES))
def test_gb13_cases_are_legal_and_their_waits_brute_force(c):
    """Every gb13 family is a legal 14-tile winning hand by the properties' own model (its
    special shapes included), and the pruned wait search equals trying every tile."""
    assert is_legal_case(c), c
    assert not is_legal_case(c.with_(variant="gb16"))
    before = list(c.hand.standing)
    before.remove(c.win_tile)
    brute = [t for t in ALL_TILES if shape_decompositions(before + [t], c.hand.melds, "gb13")]
    assert formal_waits(c.hand, c.win_tile, "gb13") == brute and c.win_tile in brute


@pytest.mark.parametrize("hand,win,shapes,waits", [
    # xinbian 第七章 6, 19: seven pairs; 1–7 of one suit also reads as chows (第六章 6 例)
    ("11223344556677m", "7m", {"seven_pairs", "standard"}, ["1m", "4m", "7m"]),
    # 第七章 7: the thirteen 幺九 tiles held, one twice: any of the thirteen before (十三面听)
    ("19m19p19s1234567z1z", "1z", {"thirteen_orphans"},
     ["1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]),
    # 第七章 34: fourteen of the sixteen knitted tiles and honours, all different
    ("147m258p369s12345z", "5z", {"honours_knitted"}, ["5z", "6z", "7z"]),
    # 第六章 2 例 1: 一色双龙会 or 七对
    ("112233778899m55m", "5m", {"seven_pairs", "standard"}, ["5m"]),
    # four of a kind are two pairs (第七章 3, 19 牌例: 七对、四归一)
    ("1111m2233p445566s", "6s", {"seven_pairs"}, ["6s"]),
])
def test_gb13_shapes_and_waits_of_the_texts(hand, win, shapes, waits):
    c = Case(parse_hand(hand), win, variant="gb13")
    assert {r.shape for r in readings(c.hand, win, "gb13")} == shapes
    assert formal_waits(c.hand, win, "gb13") == waits
    assert not readings(c.hand, win)          # none of them is a gb16 hand


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


@pytest.mark.slow
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


@pytest.mark.slow
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


@pytest.mark.slow
def test_exhaustive_space_size():
    assert count_space() == (26414, 190260) == (26414, PAIRS)
    first = next(one_suit_hands())
    assert len(first) == 17 and all(t.endswith("m") for t in first)


@pytest.mark.parametrize("nsets", [0, 1, 2])
def test_winning_vectors_are_the_vectors_that_decompose(nsets):
    """The space is built from sets (exhaustive.winning_vectors); on small sizes it is exactly
    the vectors of 3·nsets + 2 tiles of one suit, at most four of a kind, that
    hands.decompose_counts splits into nsets sets and a pair, in increasing order."""
    def vectors(rank: int, left: int):   # every vector of ``left`` more tiles, increasing
        if rank == 9:
            yield from [()] if left == 0 else []
            return
        for c in range(min(4, left) + 1):
            yield from ((c,) + rest for rest in vectors(rank + 1, left - c))

    want = [v for v in vectors(0, 3 * nsets + 2)
            if next(decompose_counts(list(v) + [0] * 25, nsets, True), None) is not None]
    assert list(winning_vectors(nsets)) == want


# --------------------------------------------------------------------------------------
# The independent fan definitions (gb16.properties.definitions)


from gb16.properties import definitions as D  # noqa: E402


def test_every_fan_has_a_definition():
    """Every fan of gb16 and of gb13 (flowers and 无番和 aside) is defined on a reading."""
    every = {f["id"] for f in I.FANS if f["applies"]["gb16"] or f["applies"]["gb13"]}
    assert set(D.DEFINITIONS) == every - set(D.NOT_DEFINED_HERE)
    assert set(D.BIG_COMBINATION) == I.BIG_COMBINATION
    assert set(D.CHOW_PAIR_FANS) == set(I.CHOW_PAIR_FANS)


def _seed_example(hand: str, win: str, **kw) -> Counter:
    """The fans the definitions count on the best (reading, big combination) of a hand."""
    c = case(hand, win, **kw)
    best = None
    for r in readings(c.hand, win):
        f = D.facts_of(c, r)
        holds = D.holding(f)
        for choice in D.big_choices(holds):
            fans = D.counted(f, holds, choice)
            if best is None or D.points(fans) > D.points(best):
                best = fans
    return best


# seed000 §四: "以下未说明时均无花、无天地人和，圈风及门风条件不另成立" — winds that form no wind fan
NO_WIND = {"prevalent_wind": "S", "seat_wind": "S"}


def test_definitions_reproduce_seed_example_1():
    # 大四喜88＋四暗刻64＋混一色6＋全带幺4＋门前清2＋单钓将1＝165
    fans = _seed_example("111222333444z 123m 55z", "5z")
    assert fans == Counter({"big_four_winds": 1, "four_concealed_pungs": 1, "half_flush": 1,
                            "outside_hand": 1, "concealed_hand": 1, "single_wait": 1})
    assert D.points(fans) == 165


def test_definitions_reproduce_seed_example_2():
    # 四暗刻 holds; 门前清 and 不求人 do not (an exposed fifth set)
    fans = _seed_example("[123m] 222m 444p 666s 111z 55z", "5z", **NO_WIND)
    assert "four_concealed_pungs" in fans
    assert not fans.keys() & {"concealed_hand", "fully_concealed_hand"}


def test_definitions_reproduce_seed_example_3():
    # 组合龙12＋五门齐6＋不求人4＋双暗刻2＋箭刻2＋幺九刻1＋单钓将1＝28
    fans = _seed_example("147m 258p 369s 111z 555z 66z", "6z", win_by="self_draw", **NO_WIND)
    assert fans == Counter({"knitted_straight": 1, "all_types": 1, "fully_concealed_hand": 1,
                            "two_concealed_pungs": 1, "dragon_pung": 1,
                            "pung_of_terminals_or_honors": 1, "single_wait": 1})
    assert D.points(fans) == 28


def test_definitions_reproduce_seed_example_4():
    # [234m] [456p] [789s] [777m] 333p 44z，点和3p: 无番和 8
    assert _seed_example("[234m] [456p] [789s] [777m] 333p 44z", "3p", **NO_WIND) == Counter({"chicken_hand": 1})


def test_definitions_reproduce_seed_example_6():
    # five kongs: 四杠 once; four concealed kongs + a chow: 四杠 and 四暗刻; kongs are not 四归一
    five = _seed_example("[1111m] [2222p] [3333s] [4444m] [5555p] 99s", "9s", **NO_WIND)
    assert five["four_kongs"] == 1 and "tile_hog" not in five
    four = _seed_example("{1111m} {2222p} {3333s} {4444m} 567p 99s", "9s", **NO_WIND)
    assert four.keys() >= {"four_kongs", "four_concealed_pungs"} and "tile_hog" not in four


def test_concealment_follows_the_winning_tile():
    # xinbian 第三章 18/19, seed000 §二.3: a pung completed by a discard is 明刻, by self-draw 暗刻
    for by, want in (("discard", 2), ("self_draw", 3)):
        c = case("222m 444p 666s 123s 789p 99m", "2m", win_by=by)
        (r,) = [r for r in readings(c.hand, "2m") if r.win_in == "set"]
        assert len(D.facts_of(c, r).concealed_pungs()) == want


@pytest.mark.slow
def test_chow_links_and_big_combinations_agree_with_the_z3_model():
    """The Z3-free search (the best big combination + nodes − components links) against
    properties/chow_model.py's optimum, on every tied five-chow multiset and a deterministic
    sample of the others."""
    cm = pytest.importorskip("gb16.properties.chow_model")
    sample = list(S.tied_big_combination_chows()) + cm.legal_multisets(5)[::997]
    for chows in sample:
        bare = D.ChowsOnly(tuple(D.SetFact(i, "chow", tuple(f"{t + k}{s}" for k in range(3)), False, True, False)
                                 for i, (s, t) in enumerate(chows)))
        choices = D.chow_candidates(chows) or [None]
        mine = max((D.FAN[c[0]]["points"] if c else 0) + D.chow_link_count(bare, c) for c in choices)
        assert mine == cm.optimum(list(chows))[0], chows


@pytest.mark.slow
def test_tied_big_combinations_are_what_they_claim():
    tied = S.tied_big_combination_chows()
    assert tied
    renamings = [dict(zip("mps", p)) for p in __import__("itertools").permutations("mps")]
    as_set = set(tied)
    for chows in tied:
        copies = Counter((s, t + k) for s, t in chows for k in range(3))
        assert max(copies.values()) <= 4
        cands = D.chow_candidates(chows)
        top = max(D.FAN[f]["points"] for f, _ in cands)
        assert len({f for f, _ in cands if D.FAN[f]["points"] == top}) >= 2
        # closed under the symmetries of the definitions (suits renamed, numbers reflected)
        for r in renamings:
            assert tuple(sorted((r[s], 8 - t) for s, t in chows)) in as_set


# --------------------------------------------------------------------------------------
# Inputs broken in one known way: the only problem is the one they claim


def _problem_of(inp) -> str:
    """The cause, judged with the independent model alone."""
    from gb16.properties.hands import NotationError, split_suffix
    if not isinstance(inp, dict):
        return "invalid_input"
    if set(inp) - set(S.CONTRACT_FIELDS):
        return "invalid_input"
    for f in ("hand", "win_tile", "win_by", "prevalent_wind", "seat_wind"):
        if f in inp and not isinstance(inp[f], str):
            return "invalid_input"
    if "variant" in inp and inp["variant"] not in ("gb16", "gb13"):
        return "unsupported_variant"
    if not isinstance(inp.get("flowers", 0), int) or isinstance(inp.get("flowers", 0), bool) \
            or not 0 <= inp.get("flowers", 0) <= 8:
        return "invalid_input"
    if any(f in inp and not isinstance(inp[f], bool) for f in FLAG_FIELDS):
        return "invalid_input"
    if inp.get("win_by", "discard") not in ("discard", "self_draw") or \
            inp.get("prevalent_wind", "E") not in "ESWN" or inp.get("seat_wind", "E") not in "ESWN":
        return "invalid_input"
    if "hand" not in inp:
        return "invalid_input"
    text, tile, by = split_suffix(inp["hand"])
    if tile and (inp.get("win_tile", tile) != tile or inp.get("win_by", by) != by):
        return "invalid_input"
    if not (tile or ("win_tile" in inp and "win_by" in inp)):
        return "invalid_input"
    if "[]" in text or "{}" in text:
        return "invalid_notation"  # an empty meld (docs/contract.md)
    try:
        c = case_from_input(inp)
    except NotationError as exc:
        msg = str(exc)
        return ("invalid_tile" if "no such tile" in msg else
                "invalid_meld" if "is not a" in msg else "invalid_notation")
    if max(c.hand.counts().values()) > 4:
        return "too_many_copies"
    if c.hand.size() != (17 if c.variant == "gb16" else 14):
        return "wrong_tile_count"
    if c.win_tile not in c.hand.standing:
        return "win_tile_not_in_hand"
    if flag_problems(c):
        return "inconsistent_flags"
    if not shape_decompositions(c.hand.standing, c.hand.melds):
        return "not_winning_hand"
    return "ok"


@pytest.mark.slow
@CI
@given(S.broken_inputs())
def test_broken_inputs_have_exactly_their_cause(b):
    assert _problem_of(b["input"]) == b["expect"], b


@pytest.mark.slow
def test_broken_inputs_cover_every_cause():
    seen = Counter()

    @settings(max_examples=400, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))
    @given(S.broken_inputs())
    def collect(b):
        seen[b["expect"]] += 1

    collect()
    assert set(seen) == I.ERROR_CODES - {"invalid_json"}  # invalid_json is about files and batch lines


def test_the_model_reads_an_unstated_wind_as_no_wind():
    """R-020 (seed000 §四 "圈风及门风条件不另成立"): the properties' own model, like the
    contract, gives an East pung no 圈风刻/门风刻 when no wind is stated, and both when East is."""
    from gb16.properties import definitions as D
    from gb16.properties.hands import case_from_input, formal_waits, readings
    inp = {"hand": "111z 234m 567m 234p 678s 99s", "win_tile": "9s", "win_by": "discard"}

    def wind_fans(case):
        waits = formal_waits(case.hand, case.win_tile)
        found = set()
        for reading in readings(case.hand, case.win_tile):
            found |= set(D.holding(D.facts_of(case, reading, waits))) & {"prevalent_wind", "seat_wind"}
        return found

    unstated = case_from_input(inp)
    assert "prevalent_wind" not in unstated.to_input() and "seat_wind" not in unstated.to_input()
    assert wind_fans(unstated) == set()
    assert wind_fans(case_from_input({**inp, "prevalent_wind": "E", "seat_wind": "E"})) == {"prevalent_wind", "seat_wind"}
