"""``gb16 table``: tables for rule writers.

    gb16 table fans                       # the §三 82-fan table, regenerated from corpus/fans.json
    gb16 table fans --check               # … compared row by row with the rule page's table
    gb16 table matrix RUNLOG... --by fan  # fan × implementation (or --by clause / area)
    gb16 table interop RUNLOG...          # each case: which implementations pass it
    gb16 table rulings                    # every open ruling × example hands × the total under each option
    gb16 table editions                   # every edition and delta from xinbian, with its source

Markdown by default, ``--format json`` for machines, ``--out FILE`` to write a file.

The rule page is read from ``--rule-page PATH``, else the environment variable
``GB16_RULE_PAGE``, else ``../shared/seeds/000_*.txt`` next to the source tree, else
``/work/shared/seeds/000_*.txt``.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gb16 import corpus as corpus_package
from gb16.reference import jsonlines
from gb16.tools.harness import runlog
from gb16.tools.reports.summary import Tally, clause_sort_key, summarize
from gb16.tools.reports.markdown import fenced
from gb16.tools.reports.markdown import table as markdown_table
from gb16.tools.harness.runlog import RunLogError

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

def load_runlogs(paths: list[str]) -> tuple[list, list[str], list[str]]:
    """(summaries, column labels, warnings) for several run logs."""
    summaries, labels, warnings = [], [], []
    for path in paths:
        summaries.append(summarize(runlog.read(path)))
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
        return {"cases": 0, "pass": 0, "failed": 0, "known": 0, "skipped": 0}
    return tally.row()


def _cell_text(cell: dict) -> str:
    judged = cell["cases"] - cell["skipped"]
    if cell["cases"] == 0:
        return "—"
    text = f"{cell['pass']}/{judged}"
    if cell["failed"]:
        text += " ✗"
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
    """One row per case id seen in any run: each implementation's status and how many pass."""
    order: dict[str, dict] = {}
    for summary in summaries:
        for case in summary.cases:
            order.setdefault(case["id"], case)
    rows = []
    for case_id, case in order.items():
        statuses = {}
        for summary, label in zip(summaries, labels):
            found = next((c for c in summary.cases if c["id"] == case_id), None)
            statuses[label] = found["status"] if found else None
        passed = sum(status == "pass" for status in statuses.values())
        judged = sum(status not in (None, "skipped") for status in statuses.values())
        rows.append({"id": case_id, "area": case.get("area"), "cites": case.get("cites", []),
                     "statuses": statuses, "passed_by": passed, "judged_by": judged})
    return rows


STATUS_MARK = {"pass": "✓", "fail": "✗", "error": "E", "crash": "C", "timeout": "T", "skipped": "–",
               "known": "k", None: " "}


# --------------------------------------------------------------------------- command line

def register(subparsers) -> None:
    parser = subparsers.add_parser("table", help="tables for rule writers: the fan table, matrices, interop",
                                   description="Tables for rule writers.\n\n" + __doc__.split("\n\n")[1],
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="table", metavar="TABLE")

    def common(p):
        p.add_argument("--format", choices=["markdown", "json"], default="markdown")
        p.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")

    fans = sub.add_parser("fans", help="the §三 82-fan table from corpus/fans.json (--check against the rule page)")
    fans.add_argument("--check", action="store_true", help="compare with the rule page's table row by row")
    fans.add_argument("--rule-page", metavar="PATH", help="the rule page (seed000) text file")
    fans.add_argument("--fans", metavar="FILE", help="fans.json to use (default: the installed corpus's)")
    common(fans)
    fans.set_defaults(func=run_fans)

    mat = sub.add_parser("matrix", help="fan × implementation (or clause / area) from run logs")
    mat.add_argument("runlogs", nargs="+", metavar="RUNLOG")
    mat.add_argument("--by", choices=["fan", "clause", "area"], default="fan")
    common(mat)
    mat.set_defaults(func=run_matrix)

    inter = sub.add_parser("interop", help="each case: which implementations pass it")
    inter.add_argument("runlogs", nargs="+", metavar="RUNLOG")
    inter.add_argument("--disagreements", action="store_true",
                       help="only cases some implementations pass and others do not")
    common(inter)
    inter.set_defaults(func=run_interop)
    eds = sub.add_parser("editions", help="every edition and delta from xinbian, with its source (corpus/editions.json)")
    common(eds)
    eds.set_defaults(func=run_editions)

    rul = sub.add_parser("rulings", help="every open ruling × its example hands × the total under each option")
    common(rul)
    rul.set_defaults(func=run_rulings)
    parser.set_defaults(func=lambda args: (parser.print_help(), 2)[1])


def _emit(text: str, out: str | None) -> None:
    if out:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(text, encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    else:
        sys.stdout.write(text)


def run_fans(args) -> int:
    try:
        fans = load_fans(args.fans)
        rows = fan_table_rows(fans)
    except jsonlines.JSONInputError as exc:
        print(f"gb16 table fans: cannot read the fan data: {exc}", file=sys.stderr)
        return 2
    except (KeyError, TypeError, AttributeError) as exc:  # a fan entry of the wrong shape
        print(f"gb16 table fans: {args.fans or corpus_package.FANS_PATH}: not a fan table: an entry "
              f"is not a fan ({type(exc).__name__}: {exc})", file=sys.stderr)
        return 2
    if not args.check:
        if args.format == "json":
            _emit(json.dumps(rows, ensure_ascii=False, indent=1) + "\n", args.out)
        else:
            text = "## 三、82番逐项适用表 (from corpus/fans.json)\n\n" + markdown_table(
                ["#", "番种", "fan", "id", "分", "计入次数", "十六张的适用方式"],
                [[r["number"], r["zh"], r["en"], r["id"], r["points"], r["counting"], r["gb16_rule"]] for r in rows])
            _emit(text + "\n", args.out)
        return 0
    try:
        page_path = find_rule_page(args.rule_page)
        page_rows = parse_rule_page_table(page_path.read_text(encoding="utf-8"))
    except RulePageNotFound as exc:
        print(f"gb16 table fans --check: {exc}", file=sys.stderr)
        return 2
    except (OSError, UnicodeDecodeError, ValueError) as exc:
        print(f"gb16 table fans --check: cannot read the rule page's table: {exc}", file=sys.stderr)
        return 2
    problems = check_fan_table(page_rows, fans)
    if args.format == "json":
        _emit(json.dumps({"rule_page": str(page_path), "rows_checked": len(page_rows), "ok": not problems,
                          "mismatches": [m.__dict__ for m in problems]}, ensure_ascii=False, indent=1) + "\n",
              args.out)
    else:
        lines = [f"## Fan table check: corpus/fans.json against {page_path.name}", ""]
        lines.append(f"{len(page_rows)} rows of the rule page's §三 table compared (name, position, points, "
                     f"计入次数, 十六张的适用方式).")
        lines.append("")
        if problems:
            lines += [f"**{len(problems)} mismatches:**", "",
                      markdown_table(["fan", "field", "rule page", "fans.json"], [m.as_list() for m in problems])]
        else:
            lines.append("**All rows agree.**")
        _emit("\n".join(lines) + "\n", args.out)
    return 1 if problems else 0


def _load(args) -> tuple[list, list[str], list[str]] | None:
    try:
        return load_runlogs(args.runlogs)
    except RunLogError as exc:
        print(f"gb16 table: {exc}", file=sys.stderr)
        return None


def run_matrix(args) -> int:
    loaded = _load(args)
    if loaded is None:
        return 2
    summaries, labels, warnings = loaded
    keys, cells, titles = matrix(summaries, labels, args.by)
    if args.format == "json":
        _emit(json.dumps({"by": args.by, "implementations": labels, "warnings": warnings,
                          "rows": {k: {"title": titles[k], "cells": cells[k]} for k in keys}},
                         ensure_ascii=False, indent=1) + "\n", args.out)
        return 0
    head = [args.by] + (["title"] if args.by == "clause" else []) + labels
    body = []
    for key in keys:
        name = titles[key] if args.by == "fan" else key
        body.append([name] + ([titles[key]] if args.by == "clause" else []) +
                    [_cell_text(cells[key][label]) for label in labels])
    text = [f"## {args.by.capitalize()} × implementation", "",
            "Each cell: cases passed / cases judged (✗ when any failed, errored, crashed or timed out).", ""]
    text += [f"> warning: {w}" for w in warnings] + ([""] if warnings else [])
    text.append(markdown_table(head, body))
    _emit("\n".join(text) + "\n", args.out)
    return 0


def run_interop(args) -> int:
    loaded = _load(args)
    if loaded is None:
        return 2
    summaries, labels, warnings = loaded
    rows = interop(summaries, labels)
    if args.disagreements:
        rows = [r for r in rows if 0 < r["passed_by"] < r["judged_by"]]
    histogram: dict[int, int] = {}
    for row in rows:
        histogram[row["passed_by"]] = histogram.get(row["passed_by"], 0) + 1
    if args.format == "json":
        _emit(json.dumps({"implementations": labels, "warnings": warnings, "cases": rows,
                          "passed_by": {str(k): v for k, v in sorted(histogram.items())}},
                         ensure_ascii=False, indent=1) + "\n", args.out)
        return 0
    text = ["## Interoperability: cases passed by N implementations", ""]
    text += [f"> warning: {w}" for w in warnings] + ([""] if warnings else [])
    text.append(markdown_table(["passed by", "cases"],
                               [[f"{n} of {len(labels)}", count] for n, count in sorted(histogram.items(), reverse=True)]))
    text += ["", "Marks: ✓ pass, ✗ fail, E error, C crash, T timeout, k known failure, – skipped, blank not run.", ""]
    text.append(markdown_table(["case", "area"] + labels + ["passed by"],
                               [[r["id"], r["area"]] + [STATUS_MARK.get(r["statuses"][l], "?") for l in labels]
                                + [f"{r['passed_by']}/{r['judged_by']}"] for r in rows]))
    _emit("\n".join(text) + "\n", args.out)
    return 0


# --------------------------------------------------------------------------- rulings and editions

def editions_rows(corpus=None) -> list[dict]:
    """One row per edition delta (docs/rulings.md Part 3): editions, change, source, how it is
    executed, its hand-worked example (total without and with the delta) and the corpus cases
    that state an expectation under it (an ``alternatives`` entry naming the delta)."""
    from gb16.reference import rules as R
    from gb16.tools.harness.compare import delta_alternatives
    from gb16.tools.harness.corpus import load_corpus
    corpus = corpus or load_corpus()
    rows = []
    for name, delta in R.DELTAS.items():
        editions = [e for e, ed in R.EDITIONS.items() if name in ed["deltas"]]
        how = ", ".join(filter(None, ["data" if "data" in delta else "", delta.get("switch", "")]))
        examples = [f"{ex['total']} → {ex.get('total_under_delta', ex.get('error_under_delta'))}"
                    for ex in delta.get("examples", [])]
        cases = [c["id"] for c in corpus.cases if name in delta_alternatives(c)]
        rows.append({"delta": name, "editions": editions, "change": delta["summary"], "source": delta["source"],
                     "executable": how, "examples": examples, "cases": cases})
    return rows


def run_editions(args) -> int:
    from gb16.reference import rules as R
    rows = editions_rows()
    if args.format == "json":
        _emit(json.dumps({"editions": R.EDITIONS, "deltas": rows}, ensure_ascii=False, indent=1) + "\n", args.out)
        return 0
    lines = ["## Editions and their deltas from xinbian (corpus/editions.json)", ""]
    for name, edition in R.EDITIONS.items():
        lines.append(f"* **{name}** — {edition['title']}; source: {edition['source']}; "
                     f"deltas: {', '.join(edition['deltas'])}")
    lines.append("* deltas outside any edition: " + ", ".join(r["delta"] for r in rows if not r["editions"]))
    lines += ["", markdown_table(["delta", "edition", "change", "source", "executable as", "example total",
                                  "corpus cases"],
                                 [[r["delta"], ", ".join(r["editions"]) or "—", r["change"], r["source"],
                                   r["executable"], "; ".join(r["examples"]), ", ".join(r["cases"]) or "—"]
                                  for r in rows])]
    _emit("\n".join(lines) + "\n", args.out)
    return 0


def rulings_rows(corpus=None) -> list[dict]:
    """Every open ruling × the corpus hands that name it × the hand-worked total under each
    option (a disputed case's ``expect`` and ``alternatives``; a ruling case's ``expect`` for all)."""
    from gb16.reference import rules as R
    from gb16.tools.corpus_cli import option_expectations
    from gb16.tools.explain_text import explain_command
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


def run_rulings(args) -> int:
    from gb16.reference import rules as R
    rows = rulings_rows()
    if args.format == "json":
        _emit(json.dumps({"rulings": R.RULINGS, "hands": rows}, ensure_ascii=False, indent=1) + "\n", args.out)
        return 0
    lines = ["## Open rulings × example hands × the total under each option", "",
             "Totals are the corpus's hand-worked expectations (the reference reproduces each under its option); "
             "(project) marks the project's reading, which the reference follows. Settled questions are the normative notes of docs/rulings.md.", ""]
    for rid, ruling in R.RULINGS.items():
        options = list(ruling["options"])
        lines.append(f"### {rid} — {ruling['title']}")
        lines.append("")
        lines += [f"* {o}{' (project)' if o == ruling['default'] else ''}: {ruling['options'][o]['summary']}" for o in options]
        lines.append("")
        mine = [r for r in rows if r["ruling"] == rid]
        lines.append(markdown_table(["hand", "case", "tier"] + [o + (" (project)" if o == ruling["default"] else "") for o in options],
                                    [[f"`{r['hand']}`", r["case"], r["tier"]] + [r["totals"].get(o, "—") for o in options]
                                     for r in mine]))
        lines.append("")
        commands = [f"{r['explain']}  # {r['case']}" for r in mine if r["explain"]]
        if commands:  # the whole input of each row, to paste: every reading and each option's total
            lines += ["Each hand in full (winning tile, winds, flags), as `gb16 explain` takes it:", ""]
            lines += fenced("\n".join(commands)) + [""]
    _emit("\n".join(lines), args.out)
    return 0
