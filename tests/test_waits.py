"""The formal wait set (seed000 §二.7, R-010): the candidate filter never drops a wait."""

import random

import pytest

from gb16.reference import waits
from gb16.reference.hand import hand_from_input
from gb16.reference.readings import formal_waits, is_winning
from gb16.tools.differential.handgen import random_hand as gb16_hand
from gb16.tools.differential.handgen13 import random_hand as gb13_hand


def brute_force_waits(hand):
    """Every one of the 34 tiles tried, no filter."""
    before = hand.pre_win_standing
    return [t for t in range(34)
            if is_winning(hand.variant, hand.melds, tuple(n + (k == t) for k, n in enumerate(before)))]


@pytest.mark.slow
def test_filtered_waits_equal_brute_force_on_random_hands():
    rng = random.Random(2026)
    for k in range(3000):
        case = gb13_hand(rng) if k % 2 else gb16_hand(rng)
        hand = hand_from_input(case)
        assert list(formal_waits(hand)) == brute_force_waits(hand), case


def test_a_fifth_copy_is_a_formal_wait():
    assert waits({"hand": "1111222s 111m 222p 555z"})["waits"] == ["1s", "3s"]      # seed000 §四.5


def test_waits_through_the_special_shapes_in_gb13():
    # 13 orphans waiting on any of the 13 (a thirteen-sided wait)
    assert len(waits({"hand": "19m19p19s1234567z", "variant": "gb13"})["waits"]) == 13
    # seven pairs: 1133557799m 22p 4s waits on 4s only
    assert waits({"hand": "1133557799m 22p 4s", "variant": "gb13"})["waits"] == ["4s"]
    # the 组合龙 shape: one knitted tile missing
    assert "9s" in waits({"hand": "147m 258p 36s 123m 456p 11z"})["waits"]


def test_waits_under_seven_pairs_distinct_equal_brute_force():
    """Under ``seven-pairs-distinct`` a tile that completes only a 七对 with four identical
    tiles is no wait: the wait set equals the tiles that make a shape under the same rules
    (the brute force asks the shape test, which knows the delta).  Before the fix 2m was
    listed for 1111m 2m 44m 55m 66m 99p."""
    from gb16.reference.rules import Rules, using
    rules = Rules.parse(deltas=["seven-pairs-distinct"])
    assert waits({"hand": "11112445566m99p", "variant": "gb13"})["waits"] == ["2m", "3m"]
    assert waits({"hand": "11112445566m99p", "variant": "gb13"}, rules)["waits"] == ["3m"]
    assert waits({"hand": "5555m22p44p77s99s1z", "variant": "gb13"}, rules)["waits"] == []
    assert waits({"hand": "555m22p44p77s99s11z", "variant": "gb13"}, rules)["waits"] == []
    assert waits({"hand": "1133557799m 22p 4s", "variant": "gb13"}, rules)["waits"] == ["4s"]
    rng = random.Random(7)
    hands = [gb13_hand(rng) for _ in range(600)]
    hands += [{"variant": "gb13", "hand": h, "win_tile": w, "win_by": "discard"}
              for h, w in (("111123445566m99p", "3m"), ("5555m22p44p77s99s11z", "1z"), ("1111m2233p4455s77z", "7z"))]
    with using(rules):
        for case in hands:
            hand = hand_from_input(case)
            assert list(formal_waits(hand)) == brute_force_waits(hand), case
