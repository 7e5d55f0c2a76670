"""``gb16 table``: tables for rule writers.

    gb16 table fans                       # the §三 82-fan table, regenerated from corpus/fans.json
    gb16 table fans --check               # … compared row by row with the rule page's table
    gb16 table matrix RUNLOG... --by fan  # fan × implementation (or --by clause / area)
    gb16 table interop RUNLOG...          # each case: which implementations pass it
    gb16 table rulings                    # every open ruling × example hands × the total under each option
    gb16 table editions                   # every edition and delta from xinbian, with its source

Markdown by default, ``--format json`` for machines, ``--out FILE`` to write a file.

The rule page is read from ``--rule-page PATH``, else the environment variable
``GB16_RULE_PAGE``.  The tables themselves are gb16.tools.reports.tables.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from gb16 import corpus as corpus_package
from gb16.reference import jsonlines
from gb16.reference import rules as R
from gb16.tools.harness.runlog import RunLogError
from gb16.tools.reports.markdown import fenced
from gb16.tools.reports.markdown import table as markdown_table
from gb16.tools.reports.tables import (STATUS_MARK, RulePageNotFound, cell_text, check_fan_table, editions_rows,
                                       fan_table_rows, find_rule_page, interop, load_fans, load_runlogs, matrix,
                                       parse_rule_page_table, rulings_rows)



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
                    [cell_text(cells[key][label]) for label in labels])
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


def run_editions(args) -> int:
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


def run_rulings(args) -> int:
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
