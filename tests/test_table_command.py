"""``gb16 table``: the §三 fan table from fans.json and its check against the rule page;
the fan/clause/area × implementation matrices and the interop view from run logs."""

from __future__ import annotations

import json
import os
import sys
from pathlib import Path

import pytest

from gb16.tools.harness import judging
from gb16.tools.harness.certify import CertifyOptions, run_certification
from gb16.tools.commands.cli import main
from gb16.tools.reports.tables import (RulePageNotFound, check_fan_table, fan_table_rows, find_rule_page, interop,
                              load_fans, matrix, parse_rule_page_table, runlog_columns)

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "harness"
EXAMPLES = ROOT / "tools" / "examples"


#: The rule page (seed000) the fan table is checked against: GB16_RULE_PAGE, which `make test`
#: sets where the rule page sits beside the checkout (Makefile RULE_PAGE); a checkout without it
#: skips the two comparisons with the page itself.
RULE_PAGE = Path(os.environ.get("GB16_RULE_PAGE") or "/nonexistent")
needs_rule_page = pytest.mark.skipif(not RULE_PAGE.is_file(),
                                     reason="GB16_RULE_PAGE names no rule page (make test sets it when one is there)")

#: A few rows in the rule page's own layout (name, points, 计入次数 and text run together).
PAGE = """三、82番逐项适用表

番种分计入次数十六张的适用方式
大四喜88一次沿用底本定义、分值和排除，在完整十七张牌姿中判断。
九莲宝灯88不适用固定十四张结构，本扩展不设此番。
四归一2可复计每一种未作杠的牌在整手恰有四张，可分别计。

四、可复核牌例
"""


def test_parse_rule_page_rows():
    rows = parse_rule_page_table(PAGE)
    assert rows == [
        {"number": 1, "zh": "大四喜", "points": 88, "counting": "一次",
         "gb16_rule": "沿用底本定义、分值和排除，在完整十七张牌姿中判断。"},
        {"number": 2, "zh": "九莲宝灯", "points": 88, "counting": "不适用", "gb16_rule": "固定十四张结构，本扩展不设此番。"},
        {"number": 3, "zh": "四归一", "points": 2, "counting": "可复计",
         "gb16_rule": "每一种未作杠的牌在整手恰有四张，可分别计。"}]


def test_fan_table_from_data():
    rows = fan_table_rows(load_fans())
    assert len(rows) == 82 and [r["number"] for r in rows] == list(range(1, 83))
    counting = {r["zh"]: r["counting"] for r in rows}
    assert counting["大四喜"] == "一次" and counting["九莲宝灯"] == "不适用" and counting["花牌"] == "可复计"
    assert sum(c == "不适用" for c in counting.values()) == 8


@needs_rule_page
def test_fans_json_agrees_with_the_rule_page(capsys):
    page_rows = parse_rule_page_table(RULE_PAGE.read_text(encoding="utf-8"))
    assert len(page_rows) == 82
    assert check_fan_table(page_rows, load_fans()) == []
    assert main(["table", "fans", "--check", "--rule-page", str(RULE_PAGE)]) == 0
    assert "82 rows of the rule page's §三 table compared" in capsys.readouterr().out


@needs_rule_page
def test_check_finds_each_kind_of_difference(tmp_path, capsys):
    text = RULE_PAGE.read_text(encoding="utf-8")
    text = text.replace("大四喜88一次", "大四喜64一次")                        # points
    text = text.replace("四归一2可复计", "四归一2一次")                          # 计入次数
    text = text.replace("明杠1一次恰好一副杠且为明杠。", "明杠1一次恰好一副杠。")  # the rule text
    text = "\n".join(line for line in text.splitlines() if not line.startswith("断幺2"))   # a row
    doctored = tmp_path / "page.txt"
    doctored.write_text(text, encoding="utf-8")
    problems = check_fan_table(parse_rule_page_table(text), load_fans())
    found = {(p.fan, p.field) for p in problems}
    assert {("大四喜", "points"), ("四归一", "counting"), ("明杠", "gb16_rule"), ("断幺", "row"),
            ("(table)", "rows")} <= found
    assert ("一般高", "number") in found                                     # rows after the gap moved up
    assert main(["table", "fans", "--check", "--rule-page", str(doctored)]) == 1
    out = capsys.readouterr().out
    assert "mismatches" in out and "大四喜" in out
    assert main(["table", "fans", "--check", "--rule-page", str(doctored), "--format", "json"]) == 1
    assert json.loads(capsys.readouterr().out)["ok"] is False


def test_missing_rule_page_is_said_clearly(monkeypatch, tmp_path, capsys):
    assert main(["table", "fans", "--check", "--rule-page", str(tmp_path / "none.txt")]) == 2
    assert "no such file" in capsys.readouterr().err
    monkeypatch.delenv("GB16_RULE_PAGE", raising=False)
    with pytest.raises(RulePageNotFound, match="was not found"):
        find_rule_page()
    monkeypatch.setenv("GB16_RULE_PAGE", str(tmp_path / "none.txt"))
    with pytest.raises(RulePageNotFound, match="was not found; looked at"):
        find_rule_page()
    assert main(["table", "fans", "--check"]) == 2
    assert "GB16_RULE_PAGE" in capsys.readouterr().err


def test_rule_page_from_the_environment(monkeypatch, tmp_path):
    page = tmp_path / "page.txt"
    page.write_text(PAGE, encoding="utf-8")
    monkeypatch.setenv("GB16_RULE_PAGE", str(page))
    assert find_rule_page() == page


def test_fan_table_output(capsys):
    assert main(["table", "fans", "--format", "md"]) == 0
    out = capsys.readouterr().out
    assert "| 1   | 大四喜" in out and out.count("\n| ") == 83      # header + 82 rows
    assert main(["table", "fans"]) == 0                                # plain text: the rows, no Markdown
    out = capsys.readouterr().out
    assert "大四喜" in out and "big_four_winds" in out and "| " not in out
    assert main(["table", "fans", "--format", "json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 82


@pytest.fixture(scope="module")
def two_runs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("runs")
    good = run_certification(CertifyOptions(impl=f"python:{FIXTURES / 'fake_scorer.py'}:score",
                                            corpus=str(FIXTURES / "corpus"), out=str(tmp / "good.jsonl"),
                                            progress=False))
    wrong = run_certification(CertifyOptions(
        impl=f"{sys.executable} {EXAMPLES / 'wrong_impl.py'} --scorer {FIXTURES / 'fake_scorer.py'}:score",
        corpus=str(FIXTURES / "corpus"), out=str(tmp / "wrong.jsonl"), progress=False))
    return good, wrong


def test_matrix_by_fan_clause_and_area(two_runs):
    summaries, labels, warnings = runlog_columns([judging.read(log.path) for log in two_runs])
    assert labels == ["fake-scorer 1.0 (python)", "wrong-sample 0.0 (python)"] and warnings == []
    keys, cells, titles = matrix(summaries, labels, "fan")
    assert keys[0] == "big_four_winds" and titles["big_four_winds"] == "大四喜 Big Four Winds"
    assert cells["big_four_winds"][labels[0]] == {"cases": 3, "pass": 3, "failed": 0, "known": 0, "skipped": 0,
                                                  "bugs": 0, "contested": 0, "attributed": 0}
    # 4-1 and gb13 hold 中 and get no score at all (every fan of theirs is wrong); R-009 holds none
    assert cells["big_four_winds"][labels[1]]["failed"] == cells["big_four_winds"][labels[1]]["bugs"] == 2
    keys, cells, _ = matrix(summaries, labels, "area")
    assert keys == ["examples", "honours", "invalid"]
    assert cells["invalid"][labels[1]] == {"cases": 3, "pass": 2, "failed": 1, "known": 0, "skipped": 0, "bugs": 1,
                                           "contested": 0, "attributed": 0}
    keys, cells, titles = matrix(summaries, labels, "clause")
    assert keys.index("seed000 §二") < keys.index("seed000 §二.6") < keys.index("seed000 §三 花牌") \
        < keys.index("seed000 §四.1") < keys.index("xinbian 第六章 4")


def test_interop_view(two_runs, capsys):
    summaries, labels, _ = runlog_columns([judging.read(log.path) for log in two_runs])
    rows = interop(summaries, labels)
    assert len(rows) == 12
    by_id = {r["id"]: r for r in rows}
    assert by_id["fx-seed-4-4-chicken"]["passed_by"] == 2
    assert by_id["fx-seed-4-1-big-four-winds"]["passed_by"] == 1
    paths = [str(log.path) for log in two_runs]
    assert main(["table", "interop", *paths, "--disagreements"]) == 0
    out = capsys.readouterr().out
    assert "1 of 2" in out and "fx-seed-4-1-big-four-winds" in out and "fx-seed-4-4-chicken " not in out
    assert main(["table", "matrix", *paths, "--by", "clause", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["implementations"] == labels and "seed000 §四.1" in data["rows"]
    assert main(["table", "matrix", paths[0] + ".missing"]) == 2
