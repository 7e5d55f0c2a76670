"""The PyMahjongGB adapter (gb16.tools.adapters.pymahjonggb): the translation both ways.

Each test pins one part of the translation with a hand whose answer is known from the fan
definitions (xinbian 第七章), so a wrong tile code, pack or flag shows as a wrong fan.
"""

import json
import subprocess
import sys

import pytest

from gb16.reference import table
from gb16.reference import tiles as T
from gb16.tools.adapters import pymahjonggb as adapter
from gb16.tools.harness.protocol import schema_problem


def gb13(hand, win, by="discard", **extra):
    return {"variant": "gb13", "hand": hand, "win_tile": win, "win_by": by,
            "prevalent_wind": extra.pop("prevalent_wind", "E"), "seat_wind": extra.pop("seat_wind", "S"), **extra}


def fans(case):
    result = adapter.score(case)
    assert result["ok"], result
    return {f["id"]: f["count"] for f in result["fans"]}


# --------------------------------------------------------------------------- tiles

def test_tile_codes_are_34_distinct_codes():
    codes = [adapter.tile_code(t) for t in range(34)]
    assert len(set(codes)) == 34
    assert codes[:9] == [f"W{k}" for k in range(1, 10)]          # m 万
    assert codes[9:18] == [f"B{k}" for k in range(1, 10)]        # p 筒
    assert codes[18:27] == [f"T{k}" for k in range(1, 10)]       # s 条
    assert codes[27:31] == ["F1", "F2", "F3", "F4"]               # 东南西北


def test_dragon_codes_by_their_fans():
    """发 (7z) makes 绿一色 with green bamboo; 白 (6z) makes 推不倒; 中 (5z) makes neither."""
    green = "234s234s666s88s"
    assert "all_green" in fans(gb13(green + "777z", "7z"))
    assert "all_green" not in fans(gb13(green + "555z", "5z"))
    assert "all_green" not in fans(gb13(green + "666z", "6z"))
    reversible = "[123p] [345p] 888p 99s"
    assert "reversible_tiles" in fans(gb13(reversible + " 666z", "6z"))
    assert "reversible_tiles" not in fans(gb13(reversible + " 555z", "5z"))
    assert "reversible_tiles" not in fans(gb13(reversible + " 777z", "7z"))
    assert adapter.tile_code(T.RED) == "J1" and adapter.tile_code(T.GREEN) == "J2" and adapter.tile_code(T.WHITE) == "J3"


# --------------------------------------------------------------------------- melds

def test_exposed_chows_are_named_by_their_middle_tile():
    """Melded 123m 456m 789m: 清龙 (xinbian 第七章 28) only if each chow keeps its own tiles."""
    got = fans(gb13("[123m] [456m] [789m] 111p 5s5s", "5s"))
    assert got.get("pure_straight") == 1
    assert adapter.pack_of(adapter.parse_hand("[789s]").melds[0]) == ("CHI", "T8", 1)


def test_exposed_and_concealed_kongs():
    """offer 0 is a concealed kong: 暗杠, 明杠, 明暗杠 (5), 双暗杠, 双明杠 (xinbian 第七章 53, 57, 67, 74, 82)."""
    rest = " 234p 567s 345s 88s"
    assert "concealed_kong" in fans(gb13("{1111m}" + rest, "8s"))
    assert "melded_kong" in fans(gb13("[1111m]" + rest, "8s"))
    rest = " 234p 567s 88s"
    both = adapter.score(gb13("{1111m} [9999m]" + rest, "8s"))
    assert {f["id"]: f["points"] for f in both["fans"]}["concealed_and_melded_kong"] == 5
    assert "two_concealed_kongs" in fans(gb13("{1111m} {9999m}" + rest, "8s"))
    assert "two_melded_kongs" in fans(gb13("[1111m] [9999m]" + rest, "8s"))


def test_concealed_kong_keeps_the_hand_concealed():
    assert "concealed_hand" in fans(gb13("{1111m} 234p 567s 345s 88s", "8s"))
    assert "concealed_hand" not in fans(gb13("[1111m] 234p 567s 345s 88s", "8s"))


# --------------------------------------------------------------------------- winds and flags

def test_seat_and_prevalent_winds():
    case = gb13("222z 333z 234p 567s 88s", "8s", prevalent_wind="W", seat_wind="S")
    got = fans(case)
    assert got.get("seat_wind") == 1 and got.get("prevalent_wind") == 1
    assert "pung_of_terminals_or_honors" not in got  # both pungs are wind pungs of the round and seat
    assert "seat_wind" not in fans(dict(case, seat_wind="N"))


@pytest.mark.parametrize("flags, by, expected", [
    ({"last_tile": True}, "self_draw", "last_tile_draw"),
    ({"last_tile": True}, "discard", "last_tile_claim"),
    ({"kong_replacement": True}, "self_draw", "out_with_replacement_tile"),
    ({"robbing_kong": True}, "discard", "robbing_the_kong"),
    ({"last_of_kind": True}, "discard", "last_of_kind"),
])
def test_win_flags(flags, by, expected):
    """The winning 5s is the hand's only 5s, so every flag can hold (R-006, R-014)."""
    case = gb13("{1111m} 234p 678s 345s 88s", "5s", by)
    assert expected in fans(dict(case, **flags))
    assert expected not in fans(case)


def test_self_drawn_and_flowers():
    result = adapter.score(gb13("[234p] 567s 345s 888m 11z", "1z", "self_draw", flowers=3))
    got = {f["id"]: f["count"] for f in result["fans"]}
    assert got["self_drawn"] == 1 and got["flower_tiles"] == 3
    assert result["flower_points"] == 3
    assert result["total"] == result["fan_points"] + 3
    assert result["fan_points"] == sum(f["points"] * f["count"] for f in result["fans"] if f["id"] != "flower_tiles")
    assert result["meets_minimum"] is (result["fan_points"] >= 8)


def test_the_winning_tile_is_taken_out_of_the_hand():
    """九莲宝灯 (xinbian 第七章 4) holds only if the winning tile is PyMahjongGB's winTile."""
    kwargs = adapter.translate(gb13("11122345678999m", "2m"))
    assert kwargs["winTile"] == "W2" and len(kwargs["hand"]) == 13 and kwargs["hand"].count("W2") == 1
    assert fans(gb13("11122345678999m", "2m")) == {
        "nine_gates": 1, "two_concealed_pungs": 1, "short_straight": 1, "pung_of_terminals_or_honors": 1}


# --------------------------------------------------------------------------- fan names

def test_every_pymahjonggb_fan_name_maps_to_a_fan_of_the_table():
    ids = {f.id for f in table.FANS}
    assert len(adapter.FAN_IDS) == 82
    assert set(adapter.FAN_IDS.values()) == ids  # one name for each of the 82 fans
    renamed = {zh: i for zh, i in adapter.FAN_IDS.items() if table.fan(i).zh != zh}
    assert renamed == {"独听・边张": "edge_wait", "独听・嵌张": "closed_wait", "独听・单钓": "single_wait"}
    for en, fan_id in adapter.EN_ALIASES.items():
        assert table.fan(fan_id).en != en


def test_names_points_and_english_of_the_fans_pymahjonggb_answers():
    """Over a few hundred random hands every fan answered has our points and a known English name."""
    from gb16.tools.differential import handgen13
    seen = set()
    for _, case in handgen13.hands(600, seed=5):
        for f in adapter.score(case, with_waits=False)["fans"]:
            ours = table.fan(f["id"])
            assert f["points"] == ours.points, f
            assert f["en"] == ours.en or adapter.EN_ALIASES.get(f["en"]) == ours.id, f
            seen.add(f["id"])
    assert len(seen) >= 60


# --------------------------------------------------------------------------- errors

@pytest.mark.parametrize("case, code", [
    (gb13("11122345678999m", "1p"), "win_tile_not_in_hand"),
    (gb13("1112345678999m1p", "1p"), "not_winning_hand"),
    (gb13("111234567899m", "1m"), "wrong_tile_count"),
    (gb13("[123m] [123m] [123m] [123m] [123m] 11z", "1z"), "wrong_tile_count"),
    (gb13("11122345678999x", "2m"), "invalid_notation"),
    (gb13("11122345678999m", "8z"), "invalid_tile"),
    (gb13("[135m] 2345678999m", "2m"), "invalid_meld"),
    ({"variant": "gb16", "hand": "111222333444z 123m 55z", "win_tile": "5z", "win_by": "discard"},
     "unsupported_variant"),
    ({"variant": "gb13", "hand": "11122345678999m", "win_tile": "2m", "win_by": "discard", "colour": 1},
     "invalid_input"),
    ("not an object", "invalid_input"),
])
def test_errors(case, code):
    result = adapter.score(case)
    assert result == {"ok": False, "error": {"code": code, "message": result["error"]["message"]}}


def test_error_strings_of_the_library():
    assert adapter.ERROR_CODES["ERROR_NOT_WIN"] == "not_winning_hand"
    with pytest.raises(adapter.InputError) as info:
        adapter.call(adapter.translate(gb13("1112345678999m1p", "1p")))
    assert info.value.code == "not_winning_hand"


def test_results_satisfy_the_result_contract():
    for case in (gb13("11122345678999m", "2m"), gb13("1112345678999m1p", "1p")):
        assert schema_problem("protocol/result.schema.json", adapter.score(case)) is None


def test_waits_from_the_shanten_functions():
    assert adapter.score(gb13("11122345678999m", "2m"))["waits"] == [f"{k}m" for k in range(1, 10)]
    assert adapter.score(gb13("19m19p19s1234567z7z", "7z"))["waits"] == [
        "1m", "9m", "1p", "9p", "1s", "9s", "1z", "2z", "3z", "4z", "5z", "6z", "7z"]


# --------------------------------------------------------------------------- the protocol

def test_harness_protocol_over_standard_input_and_output():
    requests = [
        {"cmd": "start", "version": 1},
        {"cmd": "score", "seq": 1, "input": gb13("11122345678999m", "2m")},
        {"cmd": "score", "seq": 2, "input": {"variant": "gb16", "hand": "111222333444z 123m 55z",
                                            "win_tile": "5z", "win_by": "discard"}},
        {"cmd": "score", "seq": 3, "input": gb13("1112345678999m1p", "1p")},
        {"cmd": "stop"},
    ]
    proc = subprocess.run([sys.executable, "-m", "gb16.tools.adapters.pymahjonggb"],
                          input="\n".join(json.dumps(r) for r in requests) + "\n",
                          capture_output=True, text=True, timeout=60)
    assert proc.returncode == 0, proc.stderr
    lines = [json.loads(line) for line in proc.stdout.splitlines()]
    assert len(lines) == 4
    start, scored, skipped, error = lines
    assert schema_problem("protocol/response.schema.json#/$defs/start", start) is None
    assert start["variants"] == ["gb13"] and start["name"] == "PyMahjongGB"
    assert schema_problem("protocol/response.schema.json#/$defs/scored", scored) is None
    assert scored["seq"] == 1 and scored["result"]["total"] == 92
    assert schema_problem("protocol/response.schema.json#/$defs/skipped", skipped) is None
    assert skipped["seq"] == 2
    assert error["result"]["error"]["code"] == "not_winning_hand"


def test_python_spec_metadata():
    """``--impl python:gb16.tools.adapters.pymahjonggb:score`` declares gb13 only."""
    from gb16.tools.harness.implementations import resolve_implementation
    impl = resolve_implementation("python:gb16.tools.adapters.pymahjonggb:score")
    assert impl.start()["variants"] == ["gb13"]
    outcome = impl.score(1, gb13("11122345678999m", "2m"), timeout=30)
    assert outcome.kind == "result" and outcome.result["total"] == 92
