"""The input contract (docs/contract.md): notation, fields, and every error code."""

import pytest

from gb16.reference import ERROR_CODES, score

BASE = {"hand": "123m 456p 789s 234m 555z 11z", "win_tile": "1z", "win_by": "discard"}


def code(**changes):
    data = {**BASE, **changes}
    data = {k: v for k, v in data.items() if v is not None}
    r = score(data)
    return r["error"]["code"] if not r["ok"] else "ok"


@pytest.mark.parametrize("changes, expected", [
    ({}, "ok"),
    ({"hand": "123m456p789s234m555z11z"}, "ok"),                       # spaces optional
    ({"hand": "11z 555z 234m 789s 456p 123m"}, "ok"),                   # any order
    ({"hand": "123m 456p 789s 234m CCC EE", "win_tile": "E"}, "ok"),    # honour letters
    ({"hand": "123m 456p 789s 234m 555z 11z，点和1z", "win_tile": None, "win_by": None}, "ok"),
    ({"hand": "123m 456p 789s 234m 555z 11z,自摸1z", "win_tile": None, "win_by": None}, "ok"),
    ({"colour": "red"}, "invalid_input"),
    ({"flowers": 9}, "invalid_input"),
    ({"flowers": True}, "invalid_input"),
    ({"seat_wind": "X"}, "invalid_input"),
    ({"win_by": "tsumo"}, "invalid_input"),
    ({"hand": None}, "invalid_input"),
    ({"win_tile": None}, "invalid_input"),
    ({"hand": "123m 456p 789s 234m 555z 11z，点和5z"}, "invalid_input"),  # suffix disagrees
    ({"variant": "riichi"}, "unsupported_variant"),
    ({"hand": "123m 456p 789s 234m 555z 11"}, "invalid_notation"),
    ({"hand": "[123m 456p 789s 234m 555z 11z"}, "invalid_notation"),
    ({"hand": "[12[3m]] 456p 789s 234m 555z 11z"}, "invalid_notation"),
    ({"hand": "123m 456p 789s 234m 555z 11X"}, "invalid_notation"),
    ({"hand": "023m 456p 789s 234m 555z 11z"}, "invalid_tile"),
    ({"hand": "123m 456p 789s 234m 888z 11z"}, "invalid_tile"),
    ({"hand": "[1111m] 1m 456p 789s 555z 11z"}, "too_many_copies"),
    ({"hand": "123m 456p 789s 555z 11z"}, "wrong_tile_count"),
    ({"hand": "[124m] 456p 789s 234m 555z 11z"}, "invalid_meld"),
    ({"hand": "{111m} 456p 789s 234m 555z 11z"}, "invalid_meld"),
    ({"win_tile": "9p"}, "win_tile_not_in_hand"),
    ({"hand": "[123m] 456p 789s 234m 555z 11z", "win_tile": "1m"}, "win_tile_not_in_hand"),
    ({"robbing_kong": True, "win_by": "self_draw"}, "inconsistent_flags"),
    ({"robbing_kong": True}, "inconsistent_flags"),                      # another 1z in the hand
    ({"kong_replacement": True, "win_by": "self_draw"}, "inconsistent_flags"),  # no kong
    ({"last_of_kind": True}, "inconsistent_flags"),                      # the pair holds another 1z
    ({"hand": "123m 456p 789s 234m 555z 12z"}, "not_winning_hand"),
])
def test_codes(changes, expected):
    assert code(**changes) == expected


def test_every_error_code_is_exercised_or_documented():
    assert set(ERROR_CODES) == {"invalid_json", "invalid_input", "unsupported_variant", "invalid_notation",
                                "invalid_tile", "too_many_copies", "wrong_tile_count", "invalid_meld",
                                "win_tile_not_in_hand", "inconsistent_flags", "not_winning_hand"}


@pytest.mark.parametrize("data", [None, 3, "hand", [], {"hand": 17}])
def test_non_objects_are_errors_not_exceptions(data):
    assert score(data)["error"]["code"] == "invalid_input"


def test_input_is_not_modified():
    data = dict(BASE, flowers=2)
    before = dict(data)
    score(data)
    assert data == before
