"""The worked examples of seed000 §四, reproduced exactly.

"以下未说明时均无花、无天地人和，圈风及门风条件不另成立": no flowers, and prevalent/seat
winds that make no wind pung score — here 南 and 西 unless the example has no wind pung.
"""

from gb16.reference import score


def result(hand, **kw):
    data = {"hand": hand, "prevalent_wind": "S", "seat_wind": "W", **kw}
    return score(data)


def fan_map(r):
    return {f["id"]: f["count"] for f in r["fans"]}


def test_example_1_big_four_winds_165():
    r = result("111222333444z 123m 55z，点和5z")
    assert fan_map(r) == {"big_four_winds": 1, "four_concealed_pungs": 1, "half_flush": 1, "outside_hand": 1,
                          "concealed_hand": 1, "single_wait": 1}
    assert (r["fan_points"], r["total"], r["meets_minimum"]) == (165, 165, True)


def test_example_2_four_concealed_pungs_are_not_a_concealed_hand():
    r = result("[123m] 222m 444p 666s 111z 55z", win_tile="5z", win_by="discard")
    got = fan_map(r)
    assert got["four_concealed_pungs"] == 1
    assert "concealed_hand" not in got and "fully_concealed_hand" not in got


def test_example_3_knitted_straight_28():
    r = result("147m 258p 369s 111z 555z 66z，自摸6z")
    assert fan_map(r) == {"knitted_straight": 1, "all_types": 1, "fully_concealed_hand": 1,
                          "two_concealed_pungs": 1, "dragon_pung": 1, "pung_of_terminals_or_honors": 1,
                          "single_wait": 1}
    assert r["total"] == 28


def test_example_4_chicken_hand_8_and_9_with_a_flower():
    r = result("[234m] [456p] [789s] [777m] 333p 44z，点和3p")
    assert fan_map(r) == {"chicken_hand": 1}
    assert (r["fan_points"], r["total"], r["meets_minimum"]) == (8, 8, True)
    r = result("[234m] [456p] [789s] [777m] 333p 44z，点和3p", flowers=1)
    assert fan_map(r) == {"chicken_hand": 1, "flower_tiles": 1}
    assert (r["fan_points"], r["flower_points"], r["total"]) == (8, 1, 9)


def test_example_5_formal_wait_on_an_exhausted_tile():
    r = result("11112223s 111m 222p 555z", win_tile="3s", win_by="discard")
    assert r["waits"] == ["1s", "3s"]
    assert "edge_wait" not in fan_map(r)


def test_example_6_five_kongs_and_four_kongs_with_four_concealed_pungs():
    r = result("{1111m} [2222p] [3333s] [4444m] {5555p} 66z", win_tile="6z", win_by="discard")
    got = fan_map(r)
    assert got["four_kongs"] == 1 and "tile_hog" not in got
    r = result("{1111m} {2222p} {3333s} {4444m} [567p] 66z", win_tile="6z", win_by="discard")
    got = fan_map(r)
    assert got["four_kongs"] == 1 and got["four_concealed_pungs"] == 1 and "tile_hog" not in got


def test_example_7_fourteen_tile_seven_pairs_is_no_win():
    r = result("11223344556677m，点和7m")
    assert r["error"]["code"] == "wrong_tile_count"
    r = result("1133557799m 2244p 666s", win_tile="6s", win_by="discard")
    assert r["error"]["code"] == "not_winning_hand"
