"""``gb16 compare``: one hand through the reference and several implementations, side by side,
with what differs per fan; clear errors; an implementation's text escaped.

The planted scorers (gb16.tools.differential.planted) are the implementations, in this process."""

from __future__ import annotations

import io
import json
import sys
import textwrap

import pytest

from gb16.tools.commands.cli import main

PLANTED = "python:gb16.tools.differential.planted:"
SINGLE_WAIT_HAND = ["111222333444z 123m 55z，点和5z"]          # seed000 §四.1: 单钓将 counts
VOIDED_HAND = ["11123455678999m 777p，点和5m", "--prevalent", "E", "--seat", "S"]   # 缺一门 counts


def compare(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["compare", *args, "--in-process"])
    out, err = capsys.readouterr()
    return status, out, err


def row(text: str, label: str) -> list[str]:
    """The cells of the row that starts with *label* (columns are two or more spaces apart)."""
    line = next(line for line in text.splitlines() if line.startswith(label))
    return [cell.strip() for cell in line[len(label):].split("  ") if cell.strip()]


def test_side_by_side_marks_each_difference_and_says_why(capsys):
    status, out, _ = compare(capsys, *SINGLE_WAIT_HAND, "--impl", PLANTED + "single_wait_never",
                             "--impl", "reference", "--impl", PLANTED + "voided_suit_two_points")
    assert status == 1                                   # one of them differs
    header = out.splitlines()[2]
    assert header.index("reference (seed000)") < header.index("planted-single-wait-never 1") \
        < header.index("gb16.reference") < header.index("planted-voided-suit-two-points 1")
    assert row(out, "单钓将 Single Wait") == ["1", "— ≠", "1", "1"]
    assert row(out, "total") == ["165", "164 ≠", "165", "165"]
    assert row(out, "大四喜 Big Four Winds") == ["88"] * 4
    assert "differs from reference (seed000):\n  ≠ missing 单钓将 Single Wait" in out
    assert "planted-voided-suit-two-points 1 (--impl python:gb16.tools.differential.planted:voided_suit_two_points; " \
           "judged as seed000): agrees with reference (seed000)" in out   # no 缺一门 in this hand


def test_wrong_points_per_fan_and_json(capsys):
    status, out, _ = compare(capsys, *VOIDED_HAND, "--impl", PLANTED + "voided_suit_two_points", "--format", "json")
    assert status == 1
    data = json.loads(out)
    reference, impl = data["columns"]
    assert reference["spec"] is None and impl["against"] == reference["label"]
    assert impl["status"] == "fail" and impl["differences"] == ["缺一门 One Voided Suit: 2 points, expected 1"]
    assert {f["id"]: f["points"] for f in impl["result"]["fans"]}["one_voided_suit"] == 2
    assert data["agree"] is False
    status, out, _ = compare(capsys, *VOIDED_HAND, "--impl", "reference")
    assert status == 0 and "agrees with reference (seed000)" in out and "≠" not in out


def test_a_json_hand_on_stdin(capsys, monkeypatch):
    hand = {"hand": "111222333444z 123m 55z", "win_tile": "5z", "win_by": "discard"}
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(json.dumps(hand).encode())))
    status, out, _ = compare(capsys, "-", "--impl", PLANTED + "single_wait_never", "--format", "json")
    assert status == 1 and json.loads(out)["input"] == hand


@pytest.mark.parametrize("args, words", [
    (["111222333444z 123m 55z，点和5z"], "give at least one --impl"),
    (["111222333444z 123m 55z，点和5z", "--impl", "python:no.such.module:score"], "--impl python:no.such.module:score"),
    (["111222333444z 123m 55z，点和5z", "--impl", "reference", "--ruling", "R-999=Z"], "rule set:"),
    (["-", "--impl", "reference"], "stdin:"),
])
def test_bad_input_is_a_clear_error(args, words, capsys, monkeypatch):
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b'{"hand": 5')))
    status, out, err = compare(capsys, *args)
    assert status == 2 and words in err and "Traceback" not in err and out == ""


def test_an_implementations_text_is_escaped(tmp_path, capsys):
    scorer = tmp_path / "evil.py"
    scorer.write_text(textwrap.dedent('''
        def score(case):
            return {"ok": False, "error": {"code": "nope", "message": "\\x1b]0;pwned\\x07 \\u202e"}}
        score.gb16_metadata = {"name": "evil\\x1b[31m", "version": "\\x9b2J", "language": "python",
                               "variants": ["gb16"], "rulings": {}}
    '''), encoding="utf-8")
    status, out, _ = compare(capsys, *SINGLE_WAIT_HAND, "--impl", f"python:{scorer}:score")
    assert status == 1
    assert not any(ch in out for ch in "\x1b\x07\x9b\u202e")
    assert "evil\\x1b[31m" in out and "error nope instead of a score" in out


def test_an_implementation_that_does_not_answer_is_bounded(tmp_path, capsys):
    scorer = tmp_path / "slow.py"
    scorer.write_text("import time\n\ndef score(case):\n    time.sleep(60)\n", encoding="utf-8")
    status = main(["compare", *SINGLE_WAIT_HAND, "--impl", f"python:{scorer}:score", "--timeout", "0.5"])
    out = capsys.readouterr().out
    assert status == 1 and row(out, "answer")[-1].startswith("timeout")


def test_the_readmes_compare_line_runs_as_shown(capsys):
    from pathlib import Path
    import shlex
    readme = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8").replace("\\\n", " ")
    line = next(line for line in readme.splitlines() if "gb16 compare '" in line)
    args = shlex.split(line.split("#")[0])
    assert args[0].endswith("gb16") and args[1] == "compare"
    status, out, _ = compare(capsys, *args[2:])
    assert status == 1 and "≠ meets_minimum: expected false, got true (fan_points 6)" in out
