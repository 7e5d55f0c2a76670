"""The worked examples of seed000 §四, typed exactly as the rule page prints them.

No wind, flower or other flag is added: "以下未说明时均无花、无天地人和，圈风及门风条件不另成立"
is the reference's own default (docs/rulings.md R-020).  Every expectation below is the
page's, worked out in the comments from its text — not read off the scorer.
"""

import json
import subprocess
import sys

from gb16.reference import score, waits


def fan_map(r):
    return {f["id"]: f["count"] for f in r["fans"]}


def gb16(*args):
    return subprocess.run([sys.executable, "-m", "gb16.tools.commands.cli", *args], capture_output=True, text=True,
                          timeout=120)


def test_example_1_big_four_winds_165():
    # "111222333444z 123m 55z，点和5z：大四喜88＋四暗刻64＋混一色6＋全带幺4＋门前清2＋单钓将1＝165分"
    r = score({"hand": "111222333444z 123m 55z，点和5z"})
    assert fan_map(r) == {"big_four_winds": 1, "four_concealed_pungs": 1, "half_flush": 1, "outside_hand": 1,
                          "concealed_hand": 1, "single_wait": 1}
    assert (r["fan_points"], r["total"], r["meets_minimum"]) == (165, 165, True)


def test_example_2_four_concealed_pungs_are_not_a_concealed_hand():
    # "[123m] 222m 444p 666s 111z 55z，点和5z：四暗刻成立，门前清与不求人均不成立"
    r = score({"hand": "[123m] 222m 444p 666s 111z 55z，点和5z"})
    got = fan_map(r)
    assert got["four_concealed_pungs"] == 1
    assert "concealed_hand" not in got and "fully_concealed_hand" not in got
    # No wind condition (§四 conventions): the 东 pung is a plain 幺九刻, not 圈风刻/门风刻.
    # 四暗刻 64 + 五门齐 6 (万 筒 条 东 中) + 四归一 2 (2m: 123m + 222m) + 幺九刻 1 + 单钓将 1 = 74.
    assert "prevalent_wind" not in got and "seat_wind" not in got
    assert got["pung_of_terminals_or_honors"] == 1
    assert r["total"] == 64 + 6 + 2 + 1 + 1


def test_example_3_knitted_straight_28():
    # "147m 258p 369s 111z 555z 66z，自摸6z：组合龙12＋五门齐6＋不求人4＋双暗刻2＋箭刻2＋幺九刻1＋单钓将1＝28分"
    r = score({"hand": "147m 258p 369s 111z 555z 66z，自摸6z"})
    assert fan_map(r) == {"knitted_straight": 1, "all_types": 1, "fully_concealed_hand": 1,
                          "two_concealed_pungs": 1, "dragon_pung": 1, "pung_of_terminals_or_honors": 1,
                          "single_wait": 1}
    assert r["total"] == 12 + 6 + 4 + 2 + 2 + 1 + 1


def test_example_3_with_east_stated_is_no_longer_the_page_s_hand():
    # The winds, once stated, hold: 111z becomes 圈风刻 2 + 门风刻 2 and no 幺九刻 (§二.8, §三 幺九刻).
    r = score({"hand": "147m 258p 369s 111z 555z 66z，自摸6z", "prevalent_wind": "E", "seat_wind": "E"})
    got = fan_map(r)
    assert got["prevalent_wind"] == got["seat_wind"] == 1 and "pung_of_terminals_or_honors" not in got
    assert r["total"] == 28 - 1 + 2 + 2


def test_example_4_chicken_hand_8_and_9_with_a_flower():
    # "[234m] [456p] [789s] [777m] 333p 44z，点和3p：没有其他番，成立无番和8分。若已补一花则总分9"
    r = score({"hand": "[234m] [456p] [789s] [777m] 333p 44z，点和3p"})
    assert fan_map(r) == {"chicken_hand": 1}
    assert (r["fan_points"], r["total"], r["meets_minimum"]) == (8, 8, True)
    r = score({"hand": "[234m] [456p] [789s] [777m] 333p 44z，点和3p", "flowers": 1})
    assert fan_map(r) == {"chicken_hand": 1, "flower_tiles": 1}
    assert (r["fan_points"], r["flower_points"], r["total"]) == (8, 1, 9)  # "该花不会单独凑出起和门槛"


def test_example_5_formal_wait_on_an_exhausted_tile():
    # "1111222s 111m 222p 555z听3s。实际只有3s还可能取得，但形式上1s也成五组一对，所以和3s不计边张"
    w = waits({"hand": "1111222s 111m 222p 555z听3s"})
    assert w["waits"] == ["1s", "3s"] and w["ting"] == "3s" and w["ting_is_wait"] is True
    for by in ("点和", "自摸"):
        r = score({"hand": f"1111222s 111m 222p 555z 3s，{by}3s"})
        assert r["waits"] == ["1s", "3s"]
        assert "edge_wait" not in fan_map(r)


def test_example_6_five_kongs_and_four_kongs_with_four_concealed_pungs():
    # "五副杠＋一对将可以和牌；四杠只计一次88分" — and 四杠 不计三杠、碰碰和、单钓将 (§三 四杠)
    r = score({"hand": "{1111m} [2222p] [3333s] [4444m] {5555p} 66z，点和6z"})
    got = fan_map(r)
    assert got["four_kongs"] == 1
    assert not {"three_kongs", "all_pungs", "single_wait", "tile_hog"} & set(got)
    # "四副暗杠＋一副明顺＋将，也可以同时成立四杠及四暗刻。杠牌不能被当成四归一"
    r = score({"hand": "{1111m} {2222p} {3333s} {4444m} [567p] 66z，点和6z"})
    got = fan_map(r)
    assert got["four_kongs"] == 1 and got["four_concealed_pungs"] == 1 and "tile_hog" not in got


def test_example_7_fourteen_tile_seven_pairs_is_no_win():
    # "十三张规则的十四张七对……不能在十六张房提前和牌；必须满足本页完整的十七张结构"
    r = score({"hand": "11223344556677m，点和7m"})
    assert r["error"]["code"] == "wrong_tile_count"
    assert "14-tile hand" in r["error"]["message"] and "gb13" in r["error"]["message"]
    r = score({"hand": "1133557799m 2244p 666s，点和6s"})  # seven pairs and a pung: 17 tiles, no five sets
    assert r["error"]["code"] == "not_winning_hand"


def test_the_examples_typed_on_the_command_line():
    """The referee's way: the printed string and nothing else."""
    for hand, total in (("111222333444z 123m 55z，点和5z", 165), ("[123m] 222m 444p 666s 111z 55z，点和5z", 74),
                        ("147m 258p 369s 111z 555z 66z，自摸6z", 28), ("[234m] [456p] [789s] [777m] 333p 44z，点和3p", 8)):
        p = gb16("score", hand, "--json")
        assert p.returncode == 0, p.stdout
        assert json.loads(p.stdout)["total"] == total, hand
    p = gb16("score", "[234m] [456p] [789s] [777m] 333p 44z，点和3p", "--flowers", "1", "--json")
    assert json.loads(p.stdout)["total"] == 9
    p = gb16("waits", "1111222s 111m 222p 555z听3s")
    assert p.returncode == 0 and "1s" in p.stdout and "3s" in p.stdout
    p = gb16("score", "11223344556677m，点和7m")
    assert p.returncode == 2 and "this is a 14-tile hand: add --variant gb13" in p.stdout
