"""Batch mode is total and the notation is read in linear time (docs/contract.md "Input limits").

The hostile inputs of the limits, one by one, then the seeded fuzz of tools/fuzz_batch.py.
"""

import pytest

from gb16 import reference
from gb16.reference import notation

VALID = {"hand": "111222333444z 123m 55z", "win_tile": "5z", "win_by": "discard"}


def _code(**fields) -> str:
    result = reference.score({**VALID, **fields})
    assert not result["ok"]
    return result["error"]["code"], result["error"]["message"]


@pytest.mark.parametrize("ch", ["\x00", "\t", "\n", "\r", "\x1c", "\x1f", "\x7f", "\x85", "\u2028",
                                "\u2029", "\u200b", "\ufeff", "\U000e0001"])
def test_a_control_or_format_character_inside_a_hand_is_invalid_notation(ch):
    code, message = _code(hand="111222333444z" + ch + "123m 55z")
    assert code == "invalid_notation"
    assert f"U+{ord(ch):04X}" in message and "position 14" in message and ch not in message


def test_a_control_character_in_the_winning_tile_or_the_suffix_is_refused():
    assert _code(win_tile="5z\x1f")[0] == "invalid_notation"
    assert _code(hand="111222333444z 123m 55z，点和\t5z", win_tile="5z")[0] == "invalid_notation"
    # spaces remain free anywhere
    assert reference.score({"hand": " 111 222 333 444z  123m 55z ，点和 5z "})["total"] == 165


@pytest.mark.parametrize("hand", ["1" * 64_000 + "m", "[111m]" * 400_000, "，点和" * 20_000 + " x",
                                  "[1" * 50_000, " " * 257])
def test_a_hand_over_the_limit_is_refused_before_parsing_with_a_short_message(hand):
    code, message = _code(hand=hand)
    assert code == "invalid_notation"
    assert f"the hand is {len(hand)} characters long (at most {notation.MAX_HAND_CHARS})" in message
    assert len(message) < 200


def test_the_longest_hand_within_the_limit_is_read():
    hand = "111222333444z 123m 55z"
    padded = hand + " " * (notation.MAX_HAND_CHARS - len(hand))
    assert reference.score({**VALID, "hand": padded})["total"] == 165
    assert _code(hand=padded + " ")[0] == "invalid_notation"


def test_a_long_winning_tile_is_refused_with_a_short_message():
    code, message = _code(win_tile="5" * 100_000 + "z")
    assert code == "invalid_notation" and len(message) < 200


def test_the_suffix_is_read_after_the_last_comma():
    assert reference.score({"hand": "111222333444z 123m 55z,自摸5z"})["interpretation"]["win_tile"] == "5z"
    assert _code(hand="111222333444z 123m 55z，点和5z，")[0] == "invalid_notation"
    assert _code(hand="111222333444z，点和5z 123m 55z")[0] == "invalid_notation"


def test_brackets_are_matched_in_one_pass():
    assert _code(hand="[12[3m] 111222333z 44455z")[1].startswith("brackets nested or unbalanced after position 1")
    assert _code(hand="{1111m 111222333444z 5z")[1] == "unclosed '{' at position 1"
    assert _code(hand="111m] 222333444z 123m 55z")[1] == "unmatched ']' at position 5"
