"""The gb16 command as a user meets it: score, explain, waits, --batch, exit codes."""

import importlib
import json
import subprocess
import sys

import pytest

from gb16.tools.commands.cli import COMMAND_MODULES


def gb16(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "gb16.tools.commands.cli", *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def test_every_command_module_exists():
    for name in COMMAND_MODULES:
        assert hasattr(importlib.import_module(name), "register"), name


def test_score_flags_and_json():
    p = gb16("score", "111222333444z 123m 55z", "--win", "5z", "--discard", "--json")
    assert p.returncode == 0
    assert json.loads(p.stdout)["total"] == 165


def test_score_human_output_names_the_fans():
    p = gb16("score", "111222333444z 123m 55z，点和5z")
    assert p.returncode == 0
    assert "大四喜" in p.stdout and "total 165" in p.stdout


def test_score_and_explain_show_each_fans_clause_and_the_not_counted_list():
    """seed000 §四.1: 大四喜 rests on xinbian 第七章 1 and the rule page's line for it; its four wind
    pungs do not count 幺九刻 (不计, by 大四喜)."""
    p = gb16("score", "111222333444z 123m 55z，点和5z")
    row = next(line for line in p.stdout.splitlines() if line.startswith("大四喜"))
    assert row.rstrip().endswith("xinbian 第七章 1; seed000 §三 大四喜")
    assert "不计 (held, not counted): 幺九刻×4 by 大四喜" in p.stdout
    result = json.loads(gb16("score", "111222333444z 123m 55z，点和5z", "--json").stdout)
    assert set(result["clauses"]) == {f["id"] for f in result["fans"]}
    assert result["clauses"]["single_wait"] == ["xinbian 第七章 79", "seed000 §三 单钓将"]
    assert [(e["id"], e["count"], e["by"]["id"]) for e in result["not_counted"]] == \
        [("pung_of_terminals_or_honors", 4, "big_four_winds")]
    report = json.loads(gb16("explain", "111222333444z 123m 55z，点和5z", "--json").stdout)
    assert report["clauses"]["big_four_winds"] == ["xinbian 第七章 1", "seed000 §三 大四喜"]


def test_bad_input_exits_2_with_the_code():
    p = gb16("score", "111222333444z 123m 55", "--win", "5z", "--discard")
    assert p.returncode == 2
    assert "invalid_notation" in p.stdout
    p = gb16("score", "111z", "--win", "1z", "--discard", "--json")
    assert p.returncode == 2 and json.loads(p.stdout)["error"]["code"] == "wrong_tile_count"


def test_batch_one_line_per_input_in_order():
    lines = [json.dumps({"hand": "111222333444z 123m 55z，点和5z"}), "{not json", "",
             json.dumps({"hand": "[234m] [456p] [789s] [777m] 333p 44z，点和3p", "flowers": 1})]
    p = gb16("score", "--batch", stdin="\n".join(lines) + "\n")
    assert p.returncode == 0
    out = [json.loads(line) for line in p.stdout.splitlines()]
    assert [o.get("total") for o in out] == [165, None, None, 9]  # the empty line gets its result too
    assert out[1]["error"]["code"] == out[2]["error"]["code"] == "invalid_json"


def test_explain_lists_every_interpretation():
    p = gb16("explain", "123m 123p 123s 456m 789p 11z", "--win", "1z", "--discard", "--json")
    report = json.loads(p.stdout)
    assert len(report["readings"]) >= 2
    assert sum(r["chosen"] for r in report["readings"]) == 1
    p = gb16("explain", "123m 123p 123s 456m 789p 11z", "--win", "1z", "--discard")
    assert "CHOSEN" in p.stdout and "formal waits" in p.stdout


def test_waits_command():
    p = gb16("waits", "1111222s 111m 222p 555z", "--json")
    assert json.loads(p.stdout)["waits"] == ["1s", "3s"]
    # the rule set flags of gb16 score: the deltas that change waits, an edition, a bad name
    p = gb16("waits", "1111222s 111m 222p 555z", "--delta", "exhausted-tile-no-wait", "--json")
    assert json.loads(p.stdout)["waits"] == ["3s"]
    p = gb16("waits", "11112445566m99p", "--variant", "gb13", "--edition", "software")
    assert "waits: 3m" in p.stdout and "single formal wait" in p.stdout
    p = gb16("waits", "11112445566m99p", "--variant", "gb13", "--ruling", "R-009=A", "--json")
    assert json.loads(p.stdout)["waits"] == ["2m", "3m"]
    p = gb16("waits", "11112445566m99p", "--variant", "gb13", "--delta", "no-such-delta")
    assert p.returncode == 2 and "unknown delta" in p.stdout


def test_the_issue_s_typed_hand_scores():
    p = gb16("score", "１１１２２２３３３４４４z 123m 55z，点和5z")
    assert p.returncode == 0 and "total 165" in p.stdout


def test_winds_as_a_person_types_them():
    hand = "147m 258p 369s 111z 555z 66z，自摸6z"                   # seed000 §四.3
    total = lambda *flags: json.loads(gb16("score", hand, "--json", *flags).stdout)["total"]
    assert total() == total("--prevalent", "none", "--seat", "none") == 28
    assert total("--prevalent", "东", "--seat", "E") == total("--prevalent", "e", "--seat", "Ｅ") == 31
    assert total("--seat", "南") == total("--seat", "S") == 28                  # no 南 pung
    assert total("--seat", "东") == 29                                         # 门风刻 replaces 幺九刻
    p = gb16("score", hand, "--seat", "X")
    assert p.returncode == 2 and "'X' is not a wind" in p.stderr


@pytest.mark.slow
def test_errors_speak_in_flags():
    p = gb16("score", "111222333444z 123m 55z")
    assert p.returncode == 2
    assert "pass --win TILE and --discard or --self-draw" in p.stdout and "field" not in p.stdout
    p = gb16("score", "111222333444z 123m 55z", "--win", "5z")
    assert "pass --discard or --self-draw" in p.stdout
    p = gb16("score", "22446688m 1133p 55s", "--win", "5s", "--discard")
    assert "this is a 14-tile hand: add --variant gb13" in p.stdout
    assert gb16("score", "22446688m 1133p 55s", "--win", "5s", "--discard", "--variant", "gb13").returncode == 0
    p = gb16("score", "111222333444z 123m 55z，点和5z", "--robbing-kong")
    assert "--robbing-kong" in p.stdout and "robbing_kong" not in p.stdout
    p = gb16("score", "111222333444z 123m 55z，点和5z", "--flowers", "9")
    assert "--flowers must be 0–8" in p.stdout
    p = gb16("score", "111222333444z 123m 55z，点和5z", "--win", "6z")
    assert "--win '6z' disagrees" in p.stdout
    p = gb16("waits", "22446688m 1133p 5s")
    assert "this is a 13-tile waiting hand: add --variant gb13" in p.stdout
    # a JSON case input on stdin is answered in its own words
    p = gb16("score", "-", stdin=json.dumps({"hand": "111222333444z 123m 55z"}))
    assert "field 'win_tile' is required" in p.stdout


def test_near_miss_suffix_on_the_command_line():
    p = gb16("score", "111222333444z 123m 55z，点合5z")
    assert p.returncode == 2 and "unknown suffix '点合' — write ，点和5z or ，自摸5z" in p.stdout
    p = gb16("waits", "1111222s 111m 222p 555z听3s")
    assert "听3s: 3s is one of the waits" in p.stdout


# -- explanations a referee can read --------------------------------------------------------

def test_gb13_special_shapes_are_drawn_with_their_tiles():
    for hand, win, name, shown in (("22446688m 1133p 55s", "5s", "七对", "22m 44m 66m 88m 11p 33p 55s*"),
                                   ("1122334455667m 7m", "7m", "七对", "11m 22m 33m 44m 55m 66m 77m*"),  # 连七对
                                   ("119m 19p 19s 1234567z", "1m", "十三幺", "119m19p19s1234567z"),
                                   ("147m 258p 369s 12345z", "5z", "全不靠", "147m258p369s12345z")):
        for command in ("score", "explain"):
            p = gb16(command, hand, "--win", win, "--discard", "--variant", "gb13")
            assert p.returncode == 0, p.stdout
            lines = p.stdout.splitlines()
            drawn = lines[0] if command == "score" else lines[1]
            assert drawn.strip().startswith(f"{name}: ") and len(drawn.strip()) > len(name) + 10, drawn
            assert any(shown in line for line in lines), (hand, command)


def test_identical_readings_are_merged_with_a_count_and_sets_are_named_by_tiles():
    p = gb16("explain", "123m123m123m123m 789p 55s", "--win", "5s", "--discard")
    out = p.stdout
    # 一色三同顺 on any three of the four 123m: four readings that read the same
    assert "(4 readings, identical by their tiles)" in out
    assert out.count("一色三同顺 on 123m 123m 123m\n") == 1
    assert "big combination (§二.5): 一色四同顺 on 123m 123m 123m 123m" in out
    assert "sets [" not in out and "set 0" not in out


def test_a_tie_is_explained_in_words_and_the_ruling_quoted_from_the_package():
    p = gb16("explain", "123m 123p 123s 456m 789p 11z", "--win", "1z", "--discard")
    out = p.stdout
    assert ("same total; R-011 prefers the greater fan list, compared fan by fan in §三 table order, higher count "
            "first: the chosen one has 花龙, which comes before this one's 三色三同顺 in the §三 table") in out
    assert "R-011 (Ties between readings): “Among readings with the same total" in out
    assert "docs/rulings.md" not in out
    assert "喜相逢 123m+123p" in out


def test_the_tie_break_names_the_place_of_the_winning_tile():
    from gb16.reference import explain
    # 112233m 112233p 789s 99s: the 9s wins on the pair or on 789s, same fans either way
    report = explain({"hand": "112233m 112233p 789s 99s", "win_tile": "9s", "win_by": "discard"})
    whys = [r["why"] for r in report["readings"][1:]]
    assert any("the chosen one has it in the pair 99s, this one in the set 789s" in w for w in whys), whys


def test_an_unstated_wind_is_named_among_the_rulings_that_decided():
    p = gb16("explain", "147m 258p 369s 111z 555z 66z，自摸6z")
    assert "R-020 Winds that are not stated" in p.stdout
    p = gb16("explain", "147m 258p 369s 111z 555z 66z，自摸6z", "--prevalent", "S", "--seat", "W")
    assert "R-020" not in p.stdout


@pytest.mark.skipif(not __import__("os").path.exists("/dev/full"), reason="no /dev/full on this system")
@pytest.mark.parametrize("args", [["table", "rulings"], ["score", "123m456m789m123p456p789p11s", "--win", "1s",
                                                         "--discard"]])
def test_a_full_disk_on_standard_output_is_a_message_not_a_traceback(args):
    with open("/dev/full", "w") as full:
        done = subprocess.run([sys.executable, "-m", "gb16.tools.commands.cli", *args], stdout=full,
                              stderr=subprocess.PIPE, text=True, timeout=60)
    assert done.returncode == 2
    assert "error output_failed" in done.stderr and "No space left" in done.stderr
    assert "Traceback" not in done.stderr and "Exception ignored" not in done.stderr


def test_a_reader_that_goes_away_ends_the_command_quietly(tmp_path):
    """``gb16 score --batch … | head -1``: the reader closes the pipe after one line while
    the command still has far more than a pipe holds to write; exit 0, nothing on stderr."""
    line = json.dumps({"variant": "gb16", "hand": "123m456m789m123p456p789p11s", "win_tile": "1s",
                       "win_by": "discard"})
    lines = tmp_path / "hands.jsonl"
    lines.write_text((line + "\n") * 2000)
    with lines.open() as stdin:
        proc = subprocess.Popen([sys.executable, "-m", "gb16.tools.commands.cli", "score", "--batch"], stdin=stdin,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout.readline()
    proc.stdout.close()
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert err == ""
