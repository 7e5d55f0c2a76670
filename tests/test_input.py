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


# -- input a person types (NFKC, honour characters, the rule page's suffixes) ---------------

PAGE_1 = "111222333444z 123m 55z，点和5z"  # seed000 §四.1, 165


@pytest.mark.parametrize("typed", [
    "１１１２２２３３３４４４z 123m 55z，点和5z",             # full-width digits (the issue's own line)
    "１１１２２２３３３４４４ｚ　１２３ｍ　５５ｚ，点和５ｚ",  # full-width letters, ideographic spaces
    "111222333444z 123m 55z,点和5z",                     # ASCII comma
    "111222333444z 123m 55z；点和5z",                    # full-width semicolon
    "111222333444z、123m、55z，点和5z",                  # 、 between the groups
    "111222333444z 123m 55z 点和5z",                     # no comma at all
    "111222333444z 123m 55z点和5z",
    "东东东南南南西西西北北北 123m 中中，点和中",          # the honour characters of the page
    "EEESSSWWWNNN 123m CC，点和C",
    "東東東南南南西西西北北北 123m 中中，点和5z",
])
def test_typed_forms_of_example_1_all_score_165(typed):
    assert score({"hand": typed})["total"] == 165


def test_honour_characters_map_to_the_page_s_order():
    # seed000 §四: "z的1至7依次为东南西北中白发" — 5z 中, 6z 白, 7z 发
    r = score({"hand": "147m 258p 369s 东东东 中中中 白白，自摸白"})
    assert r["total"] == 28
    assert [s["tiles"] for s in r["interpretation"]["sets"]] == ["111z", "555z"]
    assert r["interpretation"]["pair"]["tiles"] == "66z"
    r = score({"hand": "234s 234s 666s 888s 发发发 22s", "win_tile": "发", "win_by": "discard"})
    assert r["interpretation"]["win_tile"] == "7z"


@pytest.mark.parametrize("typed, word", [
    ("111222333444z 123m 55z，点合5z", "点合"),
    ("111222333444z 123m 55z点合5z", "点合"),
    ("111222333444z 123m 55z，自模5z", "自模"),
    ("111222333444z 123m 55z，和5z", "和"),
    ("111222333444z 123m 55z ron 5z", "ron"),
])
def test_a_near_miss_suffix_is_named_with_the_right_spelling(typed, word):
    r = score({"hand": typed})
    assert r["error"]["code"] == "invalid_notation"
    assert r["error"]["message"].startswith(f"unknown suffix '{word}' — write ，点和5z or ，自摸5z")


def test_a_suffix_word_without_its_tile_and_a_suit_written_as_a_word():
    r = score({"hand": "111222333444z 123m 55z，点和"})
    assert r["error"]["code"] == "invalid_notation" and "'点和' must be followed by one tile" in r["error"]["message"]
    r = score({"hand": "111222333444z 123万 55z，点和5z"})
    assert r["error"]["code"] == "invalid_notation" and "万 is m" in r["error"]["message"]


def test_ting_is_the_waiting_hand_suffix():
    from gb16.reference import waits
    # seed000 §四.5 as printed: "1111222s 111m 222p 555z听3s"
    assert waits({"hand": "1111222s 111m 222p 555z听3s"}) == {"ok": True, "variant": "gb16", "waits": ["1s", "3s"],
                                                            "ting": "3s", "ting_is_wait": True}
    assert waits({"hand": "1111222s 111m 222p 555z 听4s"})["ting_is_wait"] is False
    assert "ting" not in waits({"hand": "1111222s 111m 222p 555z"})
    r = score({"hand": "1111222s 111m 222p 555z听3s"})
    assert r["error"]["code"] == "invalid_input" and "，点和3s or ，自摸3s" in r["error"]["message"]
    assert waits({"hand": "1111222s 111m 222p 555z，点和3s"})["error"]["code"] == "invalid_input"


def test_winds_are_optional_and_a_wind_left_out_is_no_wind():
    # seed000 §四 "圈风及门风条件不另成立"; docs/rulings.md R-020
    hand = "[123m] 222m 444p 666s 111z 55z，点和5z"
    fans = lambda **w: {f["id"] for f in score({"hand": hand, **w})["fans"]}
    assert not {"prevalent_wind", "seat_wind"} & fans()
    assert "pung_of_terminals_or_honors" in fans()
    assert {"prevalent_wind", "seat_wind"} <= fans(prevalent_wind="E", seat_wind="E")
    assert fans(prevalent_wind="E") & {"prevalent_wind", "seat_wind"} == {"prevalent_wind"}
    assert fans(seat_wind="E") & {"prevalent_wind", "seat_wind"} == {"seat_wind"}
    for bad in ("none", "东", "east", "", None):
        assert score({"hand": hand, "prevalent_wind": bad})["error"]["code"] == "invalid_input"


def test_messages_name_json_fields_for_a_case_input():
    r = score({"hand": "111222333444z 123m 55z"})
    assert r["error"]["message"].startswith("field 'win_tile' is required")
    r = score({"hand": "11223344556677m，点和7m"})
    assert r["error"]["message"].endswith('this is a 14-tile hand: set "variant": "gb13"')
    r = score({"hand": "111222333444z 123m 55z，点和5z", "variant": "gb13"})
    assert "this is a 17-tile hand" in r["error"]["message"]


# -- the common reader and the general reader agree ------------------------------------------

def _parse(text):
    from gb16.reference import notation
    from gb16.reference.errors import InputError
    try:
        return notation.parse_hand(text)
    except InputError as e:
        return (e.code, e.message)


def _near_forms(seed: int, n: int):
    """Hands as the generators write them, with the suffixes, and broken copies of them."""
    import random
    from gb16.tools.differential.handgen import random_hand
    rng = random.Random(seed)
    alphabet = list("0123456789mpszESWNCPFX[]{} ,;、，点和自摸听中") + ["\t", "１"]
    for _ in range(n):
        hand = random_hand(rng, rng.choice(("gb16", "gb13")))["hand"]
        yield from (hand, hand + "，点和5z", hand + ",自摸1m", hand + "点和8z", hand + " 自摸E", "[" + hand)
        for _ in range(4):
            chars = list(hand)
            k = rng.randrange(len(chars))
            if rng.random() < 0.5:
                chars.insert(k, rng.choice(alphabet))
            else:
                chars[k] = rng.choice(alphabet)
            yield "".join(chars) + rng.choice(("", "，点和5z", "，自摸0p", "，点和9z"))


def test_the_common_reader_reads_as_the_general_reader_and_leaves_it_every_mistake(monkeypatch):
    from gb16.reference import notation
    forms = list(_near_forms(15, 150)) + ["", " ", "[]", "{}", "[123m][456p]", "12 3m", "12 [3m]", "EEE CC", "1E",
                                           "[1 2 3m] 456p", "[123m]]", "{1111z} 22z", "8z", "0m", "，点和5z"]
    read = [_parse(text) for text in forms]
    common = [notation._read_common(text) is not None for text in forms]
    assert sum(common) > len(forms) // 4, "the common reader reads the generators' hands"
    assert notation._read_common("[456p][456s]123456789m99p，点和9p") is not None
    for mistake in ("023m 456p", "[124m] 456p", "888z", "123m 11", "[123m 456p", "123m，点和8z"):
        assert notation._read_common(mistake) is None
    monkeypatch.setattr(notation, "_read_common", lambda text: None)  # the general reader alone
    for text, first in zip(forms, read):
        assert _parse(text) == first, text


def test_a_python_caller_s_keys_of_any_type_are_an_input_error():
    """The dict API answers its documented error for any input: keys that are not strings
    (a Python caller's, never JSON's) are unknown fields, not a TypeError."""
    from gb16.reference import score
    result = score({1: "a", "x": 2, (3,): None})
    assert result["error"]["code"] == "invalid_input" and "unknown field" in result["error"]["message"]
