"""The formal wait set (seed000 §二.7, R-010): the candidate filter never drops a wait."""

import random

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
