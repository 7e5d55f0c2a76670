"""The gb16 command as a user meets it: score, explain, waits, --batch, exit codes."""

import importlib
import json
import subprocess
import sys

from gb16.tools.cli import COMMAND_MODULES


def gb16(*args, stdin=None):
    return subprocess.run([sys.executable, "-m", "gb16.tools.cli", *args], input=stdin,
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
