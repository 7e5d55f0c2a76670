"""Failures as causes, and a repro for each: what is wrong per fan (gb16.tools.harness.causes),
grouped with counts in every report format, and the commands that reproduce a failure.

Two planted scorers (gb16.tools.differential.planted) give the failures: one lists 缺一门 at
2 points, one never counts 单钓将.  Each runs in process over a few seed000 §四 cases.
"""

from __future__ import annotations

import html.parser
import json
import shlex
import xml.etree.ElementTree as ET

import pytest

from gb16.tools.commands.cli import main as cli_main
from gb16.tools.differential import engine
from gb16.tools.harness import runlog
from gb16.tools.harness.causes import failure_causes
from gb16.tools.harness.certify import CertifyOptions, run_certification
from gb16.tools.reports import html_page, json_report, junit, markdown, terminal
from gb16.tools.reports.summary import summarize

PLANTED = "python:gb16.tools.differential.planted:"

#: A fan table as a run log header carries it (the causes never read corpus/fans.json themselves).
FANS = {"big_four_winds": {"zh": "大四喜", "en": "Big Four Winds", "points": 88},
        "pure_double_chow": {"zh": "一般高", "en": "Pure Double Chow", "points": 1},
        "one_voided_suit": {"zh": "缺一门", "en": "One Voided Suit", "points": 1},
        "single_wait": {"zh": "单钓将", "en": "Single Wait", "points": 1},
        "self_drawn": {"zh": "自摸", "en": "Self-Drawn", "points": 1},
        "flower_tiles": {"zh": "花牌", "en": "Flower Tiles", "points": 1}}


def expect(fans, total=None, fan_points=None, meets=True, **extra) -> dict:
    points = sum(FANS[f]["points"] * n for f, n in fans.items() if f != "flower_tiles")
    flowers = fans.get("flower_tiles", 0)
    return {"fans": fans, "fan_points": points if fan_points is None else fan_points,
            "total": points + flowers if total is None else total, "meets_minimum": meets, **extra}


def answer(fans, points=None, **fields) -> dict:
    """A result listing *fans* ({id: count}) at the table's points (or *points* {id: points})."""
    points = points or {}
    entries = [{"id": f, "count": n, "points": points.get(f, FANS[f]["points"])} for f, n in fans.items()]
    fan_points = sum(e["points"] * e["count"] for e in entries if e["id"] != "flower_tiles")
    out = {"ok": True, "fans": entries, "fan_points": fan_points,
           "total": fan_points + fans.get("flower_tiles", 0), "meets_minimum": fan_points >= 8}
    return dict(out, **fields)


def texts(expected, actual, **kw) -> list[str]:
    return [c.text for c in failure_causes(expected, actual, FANS, **kw)]


# --------------------------------------------------------------------------- the pure function

def test_a_fan_at_the_wrong_points_is_the_cause_not_the_total():
    want = expect({"big_four_winds": 1, "one_voided_suit": 1})
    got = answer({"big_four_winds": 1, "one_voided_suit": 1}, points={"one_voided_suit": 2})
    assert got["total"] == want["total"] + 1
    assert texts(want, got) == ["缺一门 One Voided Suit: 2 points, expected 1"]


def test_missing_extra_and_counted_differently():
    want = expect({"big_four_winds": 1, "single_wait": 1, "pure_double_chow": 1})
    got = answer({"big_four_winds": 1, "self_drawn": 1, "pure_double_chow": 2})
    assert texts(want, got) == ["一般高 Pure Double Chow ×2, expected ×1", "missing 单钓将 Single Wait",
                                "extra 自摸 Self-Drawn"]


def test_the_total_is_a_cause_only_when_no_fan_explains_it():
    want = expect({"big_four_winds": 1, "flower_tiles": 2})
    right_fans_wrong_total = dict(answer({"big_four_winds": 1, "flower_tiles": 2}), total=88)  # flowers left out
    assert texts(want, right_fans_wrong_total) == ["total: expected 90, got 88"]
    # the implementation's own fans do not add up to its fan_points
    bad_sum = dict(answer({"big_four_winds": 1}), fan_points=89, total=89)
    assert texts(expect({"big_four_winds": 1}), bad_sum) == ["fan_points: expected 88, got 89 (its fans add up to 88)"]
    # a wrong fan explains fan_points and total alike: neither is listed
    assert texts(expect({"big_four_winds": 1}), answer({"big_four_winds": 1, "self_drawn": 1})) == ["extra 自摸 Self-Drawn"]


def test_meets_minimum_and_waits_and_errors():
    want = expect({"single_wait": 1, "flower_tiles": 3}, meets=False, waits=["3m", "6m"])
    got = dict(answer({"single_wait": 1, "flower_tiles": 3}), meets_minimum=True, waits=["6m", "9m"])
    assert texts(want, got) == ["meets_minimum: expected false, got true (fan_points 1)", "waits: missing 3m, extra 9m"]
    assert texts(want, got, skip=["waits"]) == ["meets_minimum: expected false, got true (fan_points 1)"]
    assert texts({"error": "not_winning_hand"}, answer({"single_wait": 1})) == \
        ["a score (total 1) instead of error not_winning_hand"]
    assert texts(want, {"ok": False, "error": {"code": "too_many_copies"}}) == ["error too_many_copies instead of a score"]
    assert texts({"error": "a"}, {"ok": False, "error": {"code": "b"}}) == ["error b, expected error a"]
    assert texts(want, dict(want, ok=True, fans=[{"id": "single_wait", "count": 1}, {"id": "flower_tiles", "count": 3}],
                            waits=["3m", "6m"])) == []


def test_fans_one_of_is_judged_against_the_closest_list():
    want = {"fans_one_of": [{"big_four_winds": 1, "self_drawn": 1}, {"big_four_winds": 1, "single_wait": 1}],
            "fan_points": 89, "total": 89, "meets_minimum": True}
    assert texts(want, answer({"big_four_winds": 1, "single_wait": 1, "pure_double_chow": 1})) == [
        "extra 一般高 Pure Double Chow"]


# --------------------------------------------------------------------------- every format

@pytest.fixture(scope="module")
def planted_logs(tmp_path_factory):
    tmp = tmp_path_factory.mktemp("causes")
    runs = {"voided_suit_two_points": "seed-examples-7-*", "single_wait_never": "seed-examples-[12]-*"}
    return {name: run_certification(CertifyOptions(impl=PLANTED + name, filters=[glob], out=str(tmp / f"{name}.jsonl"),
                                                   in_process=True, progress=False))
            for name, glob in runs.items()}


class _Text(html.parser.HTMLParser):
    def __init__(self):
        super().__init__()
        self.parts = []

    def handle_data(self, data):
        self.parts.append(data)


def _html_text(page: str) -> str:
    parser = _Text()
    parser.feed(page)
    return " ".join(parser.parts)


@pytest.mark.parametrize("name, cause, cases", [
    ("voided_suit_two_points", "缺一门 One Voided Suit: 2 points, expected 1", 2),
    ("single_wait_never", "missing 单钓将 Single Wait", 2),
])
def test_cause_lines_in_every_format(planted_logs, name, cause, cases):
    summary = summarize(planted_logs[name])
    assert [(g.signature, g.count) for g in summary.failure_groups()] == [(cause, cases)]
    term = terminal.render(summary)
    assert f"{cases:5}  {cause}" in term                                  # the group, with its count
    assert all(f"FAIL {c['id']} - {cause}" in term for c in summary.failures())   # the short summary
    assert "total: expected" not in term                                  # a fan explains the totals
    md = markdown.render(summary)
    assert f"| {cases} " in md and cause in md.split("## Failures by cause")[1].split("##")[0]
    page = _html_text(html_page.render(summary))
    assert cause in page.split("by cause")[1]
    data = json.loads(json_report.render(summary))
    assert data["failure_groups"] == [{"cause": cause, "cases": cases, "ids": [c["id"] for c in summary.failures()]}]
    assert all(f["causes"] == [cause] for f in data["failures"])
    failures = ET.fromstring(junit.render(summary)).findall(".//failure")
    assert len(failures) == cases and {f.get("message") for f in failures} == {cause}


def test_the_printed_repro_commands_show_the_difference(planted_logs, tmp_path, monkeypatch, capsys):
    """The terminal's two repro lines of a failure, run as printed: the reference's explain
    shows its total (the expected one), the implementation's certify shows the cause."""
    summary = summarize(planted_logs["voided_suit_two_points"])
    case = summary.failures()[0]
    commands = dict(summary.repro_commands(case))
    printed = terminal.render(summary)
    for side, command in commands.items():
        assert f"reproduce ({side}): {command}\n" in printed            # whole, on one line
    reference, implementation = commands["reference"], commands["implementation"]
    assert f"--filter {case['id']}" in implementation and reference.startswith("gb16 explain ")
    assert cli_main(shlex.split(reference)[1:] + ["--json"]) == 0
    shown = json.loads(capsys.readouterr().out)["result"]      # the reference: 缺一门 at 1, the expected total
    assert shown["total"] == case["expected"]["total"] != case["actual"]["total"]
    assert {f["id"]: f["points"] for f in shown["fans"]}["one_voided_suit"] == 1
    monkeypatch.chdir(tmp_path)
    assert cli_main(shlex.split(implementation)[1:] + ["--in-process", "--no-progress"]) == 1
    out = capsys.readouterr().out
    assert f"FAIL {case['id']} - 缺一门 One Voided Suit: 2 points, expected 1" in out
    # a run in certify's own process (where the 不计 trace is asked) is reproduced in process too
    assert ("--in-process" in implementation.split()) is (summary.header["options"].get("in_process") is True)
    options = summary.header["options"]
    was = options.get("in_process")
    options["in_process"] = not was   # (the shared log put back below)
    try:
        assert ("--in-process" in dict(summary.repro_commands(case))["implementation"].split()) is (not was)
    finally:
        options["in_process"] = was


def test_a_differential_hands_repro_is_a_compare_line_that_shows_it(tmp_path, capsys):
    options = engine.Options(impl=PLANTED + "voided_suit_two_points", hands=12, seed=3, variant="gb16",
                             out=str(tmp_path / "diff.jsonl"), jobs=1, shrink_budget=2)
    engine.run(options)
    summary = summarize(runlog.read(options.out))
    case = summary.failures()[0]
    commands = dict(summary.repro_commands(case))
    assert commands["implementation"].startswith("gb16 compare ") and case["id"] not in commands["implementation"]
    assert cli_main(shlex.split(commands["implementation"])[1:] + ["--in-process"]) == 1
    assert "≠ 缺一门 One Voided Suit: 2 points, expected 1" in capsys.readouterr().out
