"""The tables for rule writers (``gb16 table``, gb16.tools.commands.table) as data: the §三 fan table
from corpus/fans.json and its check against the rule page's, the fan/clause/area ×
implementation matrix and the interop rows from run logs, the editions' deltas and the open
rulings with their example hands.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gb16 import corpus as corpus_package
from gb16.reference import jsonlines
from gb16.reference import rules as R
from gb16.tools.referee.explain_text import explain_command
from gb16.tools.harness.compare import delta_alternatives, option_expectations
from gb16.tools.harness.runlog import RunLog
from gb16.tools.reports.summary import Tally, clause_sort_key, summarize


# --------------------------------------------------------------------------- (a) the fan table

def counting_mode(fan: dict) -> str:
    """The rule page's 计入次数 for a fan: 不适用 when gb16 does not apply it, 可复计 when
    repeatable (seed000 §二.8), else 一次."""
    if not fan.get("applies", {}).get("gb16", True):
        return "不适用"
    return "可复计" if fan.get("repeatable") else "一次"


def load_fans(path: Path | None = None) -> list[dict]:
    """The fans of a fan table file; :class:`jsonlines.JSONInputError` naming the file if it is not one."""
    path = path or corpus_package.FANS_PATH
    data = jsonlines.load_file(path)  # strict: UTF-8, depth, numbers, duplicate keys, surrogates
    if not isinstance(data, dict) or not isinstance(data.get("fans"), list):
        raise jsonlines.JSONInputError('not a fan table (expected {"fans": [...]})', where=str(path))
    return data["fans"]


def fan_table_rows(fans: list[dict]) -> list[dict]:
    """The §三 table as the data says it: one row per fan, in table order."""
    return [{"number": f["number"], "zh": f["zh"], "en": f["en"], "id": f["id"], "points": f["points"],
             "counting": counting_mode(f), "gb16_rule": f.get("gb16_rule", "")} for f in fans]


def rule_page_candidates(explicit: str | None = None) -> list[Path]:
    """Where the rule page is looked for, in order: ``--rule-page``, then ``GB16_RULE_PAGE``."""
    places: list[Path] = []
    if explicit:
        places.append(Path(explicit))
    if os.environ.get("GB16_RULE_PAGE"):
        places.append(Path(os.environ["GB16_RULE_PAGE"]))
    return places


class RulePageNotFound(Exception):
    pass


def find_rule_page(explicit: str | None = None) -> Path:
    """The rule page's path; RulePageNotFound lists every place tried."""
    tried = []
    for place in rule_page_candidates(explicit):
        if place.is_file():
            return place
        tried.append(str(place))
        if explicit and place == Path(explicit):
            raise RulePageNotFound(f"--rule-page {explicit}: no such file")
    raise RulePageNotFound("the rule page (seed000) was not found" + ("; looked at:\n  " + "\n  ".join(tried)
                                                                       if tried else "")
                           + "\ngive it with --rule-page PATH or GB16_RULE_PAGE=PATH")


ROW = re.compile(r"^(?P<zh>[^\d\s]+?)(?P<points>\d+)(?P<counting>一次|可复计|不适用)(?P<rule>.*)$")


def parse_rule_page_table(text: str) -> list[dict]:
    """The rows of the rule page's §三 table ("三、82番逐项适用表"), in order.

    Each row is written ``番种 分 计入次数 适用方式`` without separators (e.g.
    ``大四喜88一次沿用底本…``); the table ends at section 四.
    """
    start = text.find("三、")
    if start < 0:
        raise ValueError("the rule page has no section 三 (the fan table)")
    end = text.find("四、", start)
    section = text[start: end if end > 0 else len(text)]
    rows = []
    for line in section.splitlines():
        match = ROW.match(line.strip())
        if match:
            rows.append({"number": len(rows) + 1, "zh": match["zh"], "points": int(match["points"]),
                         "counting": match["counting"], "gb16_rule": match["rule"].strip()})
    return rows


@dataclass
class Mismatch:
    fan: str
    field: str
    page: Any
    data: Any

    def as_list(self) -> list:
        return [self.fan, self.field, self.page, self.data]


def check_fan_table(page_rows: list[dict], fans: list[dict]) -> list[Mismatch]:
    """Every difference between the rule page's table and fans.json, row by row (matched by
    the Chinese name, so one missing row does not shift every later one)."""
    data_rows = {row["zh"]: row for row in fan_table_rows(fans)}
    page_by_name = {row["zh"]: row for row in page_rows}
    problems = []
    for page in page_rows:
        data = data_rows.get(page["zh"])
        if data is None:
            problems.append(Mismatch(page["zh"], "row", "present", "missing from fans.json"))
            continue
        for field in ("number", "points", "counting", "gb16_rule"):
            if page[field] != data[field]:
                problems.append(Mismatch(page["zh"], field, page[field], data[field]))
    for name in data_rows:
        if name not in page_by_name:
            problems.append(Mismatch(name, "row", "missing from the rule page", "present"))
    if len(page_rows) != 82:
        problems.append(Mismatch("(table)", "rows", len(page_rows), 82))
    return problems


# --------------------------------------------------------------------------- (b, c) run logs

def runlog_columns(logs: list[RunLog]) -> tuple[list, list[str], list[str]]:
    """(summaries, column labels, warnings) for several run logs, each read and judged
    (tools/harness/judging.py)."""
    summaries, labels, warnings = [], [], []
    for log in logs:
        summaries.append(summarize(log))
    names = [s.impl_label() for s in summaries]
    for summary, name in zip(summaries, names):
        label = name if names.count(name) == 1 else f"{name} [{summary.log.path.name}]"
        labels.append(label)
        if not summary.log.complete:
            warnings.append(f"{summary.log.path}: incomplete run")
    hashes = {s.header.get("corpus", {}).get("hash") for s in summaries}
    if len(hashes) > 1:
        warnings.append("the run logs were made on different corpora; cells cover different cases")
    return summaries, labels, warnings


def _cell(tally: Tally | None) -> dict:
    if tally is None:
        return {"cases": 0, "pass": 0, "failed": 0, "known": 0, "skipped": 0, "bugs": 0, "contested": 0,
                "attributed": 0}
    return tally.row()


def cell_text(cell: dict) -> str:
    """``12/14 ✗1 ≈1``: passed / judged, then the bugs (✗) and the failures attributed to an
    option or an edition delta (≈) among the failures counted in the row."""
    judged = cell["cases"] - cell["skipped"]
    if cell["cases"] == 0:
        return "—"
    text = f"{cell['pass']}/{judged}"
    if cell.get("bugs", cell["failed"]):
        text += f" ✗{cell.get('bugs', cell['failed'])}"
    if cell.get("attributed"):
        text += f" ≈{cell['attributed']}"
    if cell["known"]:
        text += f" ({cell['known']} known)"
    if cell["skipped"]:
        text += f" ({cell['skipped']} skipped)"
    return text


def matrix(summaries: list, labels: list[str], by: str) -> tuple[list[str], dict[str, dict[str, dict]], dict[str, str]]:
    """(row keys, key → label → cell, key → row title) for ``by`` in fan | clause | area."""
    attribute = {"fan": "by_fan", "clause": "by_clause", "area": "by_area"}[by]
    keys: dict[str, str] = {}
    for summary in summaries:
        for key in getattr(summary, attribute):
            if key not in keys:
                if by == "fan":
                    keys[key] = summary.fan_label(key)
                elif by == "clause":
                    keys[key] = summary.clauses.get(key, {}).get("title", "")
                else:
                    keys[key] = ""
    if by == "fan":
        order = {f["id"]: f.get("number", 999) for s in summaries for f in s.header.get("fans", [])}
        ordered = sorted(keys, key=lambda k: (order.get(k, 999), k))
    elif by == "clause":
        ordered = sorted(keys, key=clause_sort_key)
    else:
        ordered = sorted(keys)
    cells = {key: {label: _cell(getattr(s, attribute).get(key)) for s, label in zip(summaries, labels)}
             for key in ordered}
    return ordered, cells, keys


def interop(summaries: list, labels: list[str]) -> list[dict]:
    """One row per case id seen in any run: each implementation's status, what its failure is
    (``judgements``: bug, contested, attributed — tools/reports/summary.Judgement) and how many pass."""
    order: dict[str, dict] = {}
    by_id = [{c["id"]: c for c in summary.cases} for summary in summaries]
    for summary in summaries:
        for case in summary.cases:
            order.setdefault(case["id"], case)
    rows = []
    for case_id, case in order.items():
        statuses, judgements = {}, {}
        for summary, cases, label in zip(summaries, by_id, labels):
            found = cases.get(case_id)
            statuses[label] = found["status"] if found else None
            judgements[label] = summary.judgement(found).text if found else None
        passed = sum(status == "pass" for status in statuses.values())
        judged = sum(status not in (None, "skipped") for status in statuses.values())
        rows.append({"id": case_id, "area": case.get("area"), "cites": case.get("cites", []),
                     "statuses": statuses, "judgements": judgements, "passed_by": passed, "judged_by": judged})
    return rows


STATUS_MARK = {"pass": "✓", "fail": "✗", "error": "E", "crash": "C", "timeout": "T", "skipped": "–",
               "known": "k", None: " "}


def mark(status: str | None, judgement: str | None) -> str:
    """A case's mark in a table: :data:`STATUS_MARK`, except that a failure attributed to an
    option or an edition delta is ``≈`` and a contested bug ``✗?`` (its words start so:
    tools/reports/summary.Judgement.text)."""
    if judgement and judgement.startswith("attributed"):
        return "≈"
    if judgement and judgement.startswith("bug, contested"):
        return STATUS_MARK.get(status, "?") + "?"
    return STATUS_MARK.get(status, "?")


# --------------------------------------------------------------------------- rulings and editions

def editions_rows(corpus=None) -> list[dict]:
    """One row per edition delta (docs/rulings.md Part 3): editions, change, source, how it is
    executed, its hand-worked example (total without and with the delta) and the corpus cases
    that state an expectation under it (an ``alternatives`` entry naming the delta); for a
    delta that ``replaces`` another (the other reading of one statement), the editions whose
    reading it can stand in for (``in_place_of``: edition → the delta it replaces there)."""
    from gb16.tools.harness.corpus import load_corpus
    corpus = corpus or load_corpus()
    by_id = {c["id"]: c for c in corpus.cases}
    rows = []
    for name, delta in R.DELTAS.items():
        editions = [e for e, ed in R.EDITIONS.items() if name in ed["deltas"]]
        how = ", ".join(filter(None, ["data" if "data" in delta else "", delta.get("switch", "")]))
        examples = [_edition_example(ex, by_id) for ex in delta.get("examples", [])]
        cases = [c["id"] for c in corpus.cases if name in delta_alternatives(c)]
        in_place_of = {e: r for e, ed in R.EDITIONS.items() for r in delta.get("replaces", ()) if r in ed["deltas"]}
        rows.append({"delta": name, "editions": editions, "change": delta["summary"], "source": delta["source"],
                     "executable": how, "examples": examples, "cases": cases, "in_place_of": in_place_of})
    return rows


def _edition_example(example: dict, by_id: dict[str, dict]) -> dict:
    """A delta's worked example as a row: the corpus case it is (or None for a hand written
    into corpus/editions.json), its whole input as ``gb16 explain`` takes it, and the total
    under xinbian and under the delta (or the error the delta makes of it)."""
    case_id = example.get("case")
    case_input = example.get("input") if "input" in example else (by_id.get(case_id) or {}).get("input")
    return {"case": case_id, "explain": explain_command(case_input) if case_input is not None else None,
            "total": example.get("total"),
            "under_delta": example.get("total_under_delta", example.get("error_under_delta")),
            "comment": example.get("comment", "")}


def rulings_rows(corpus=None) -> list[dict]:
    """Every open ruling × the corpus hands that name it × the hand-worked total under each
    option (a disputed case's ``expect`` and ``alternatives``; a ruling case's ``expect`` for all)."""
    from gb16.tools.harness.corpus import load_corpus
    corpus = corpus or load_corpus()
    rows = []
    for rid, ruling in R.RULINGS.items():
        for case in corpus.cases:
            per_option = {option: exp for r, option, exp in option_expectations(case) if r == rid}
            if not per_option:
                continue
            rows.append({"ruling": rid, "title": ruling["title"], "case": case["id"], "tier": case["tier"],
                         "hand": case["input"].get("hand") if isinstance(case["input"], dict) else None,
                         "explain": explain_command(case["input"]),
                         "totals": {o: (e.get("total") if "error" not in e else e["error"]) for o, e in per_option.items()},
                         "default": ruling["default"]})
    return rows
