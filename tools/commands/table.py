"""``gb16 table``: tables for rule writers.

    gb16 table fans                       # the §三 82-fan table, regenerated from corpus/fans.json
    gb16 table fans --check               # … compared row by row with the rule page's table
    gb16 table matrix RUNLOG... --by fan  # fan × implementation (or --by clause / area)
    gb16 table interop RUNLOG...          # each case: which implementations pass it
    gb16 table rulings                    # every open ruling × example hands × the total under each option
    gb16 table editions                   # every edition and delta from xinbian, with its source

Every table in every format: --format text (the default: plain text for a terminal, wrapped to
--width columns, row after row when a table cannot fit; ids, fan names and hands never broken),
md (GitHub Markdown), csv (one flat table, starting with a UTF-8 byte-order mark for spreadsheets;
--no-bom without), html (one page) or json; --out FILE writes a file.

The rule page is read from --rule-page PATH, else the environment variable GB16_RULE_PAGE.
The tables are gb16.tools.reports.table_documents, the formats gb16.tools.reports.document.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from gb16 import corpus as corpus_package
from gb16.reference import jsonlines
from gb16.tools.harness import judging
from gb16.tools.harness.runlog import RunLogError
from gb16.tools.reports import table_documents as documents
from gb16.tools.reports.document import FORMATS, WIDTH, Document, render
from gb16.tools.reports.tables import (RulePageNotFound, check_fan_table, fan_table_rows, find_rule_page, load_fans,
                                       parse_rule_page_table, runlog_columns)


def register(subparsers) -> None:
    parser = subparsers.add_parser("table", help="tables for rule writers: the fan table, matrices, interop",
                                   description="Tables for rule writers.\n\n" + "\n\n".join(__doc__.split("\n\n")[1:3]),
                                   formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = parser.add_subparsers(dest="table", metavar="TABLE")

    def common(p):
        p.add_argument("--format", choices=FORMATS + ("markdown",), default="text",
                       help="text (default: plain, for a terminal), md (Markdown; also: markdown), csv (one flat "
                            "table), html (a page) or json")
        p.add_argument("--width", type=int, default=WIDTH, metavar="COLUMNS",
                       help=f"the text format's line width (default {WIDTH})")
        p.add_argument("--out", metavar="FILE", help="write to FILE instead of standard output")
        p.add_argument("--no-bom", dest="bom", action="store_false",
                       help="CSV without the UTF-8 byte-order mark it starts with (which tells a spreadsheet the "
                            "file is UTF-8)")

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
    eds.set_defaults(func=lambda args: _emit_document(documents.editions_document(), args))

    rul = sub.add_parser("rulings", help="every open ruling × its example hands × the total under each option")
    common(rul)
    rul.set_defaults(func=lambda args: _emit_document(documents.rulings_document(), args))
    parser.set_defaults(func=lambda args: (parser.print_help(), 2)[1])


def _emit(text: str, out: str | None) -> None:
    if out:
        Path(out).parent.mkdir(parents=True, exist_ok=True)
        Path(out).write_text(text, encoding="utf-8")
        print(f"wrote {out}", file=sys.stderr)
    else:
        sys.stdout.write(text)


def _emit_document(document: Document, args, status: int = 0) -> int:
    """*document* in ``--format`` to ``--out`` or standard output; *status* is the exit status."""
    fmt = "md" if args.format == "markdown" else args.format
    _emit(render(document, fmt, width=max(40, args.width), bom=getattr(args, "bom", True)), args.out)
    return status


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
        return _emit_document(documents.fans_document(rows), args)
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
    return _emit_document(documents.fan_check_document(page_path, page_rows, problems), args, 1 if problems else 0)


def _load(args) -> tuple[list, list[str], list[str]] | None:
    try:
        return runlog_columns([judging.read(path) for path in args.runlogs])
    except RunLogError as exc:
        print(f"gb16 table: {exc}", file=sys.stderr)
        return None


def run_matrix(args) -> int:
    loaded = _load(args)
    if loaded is None:
        return 2
    return _emit_document(documents.matrix_document(*loaded, args.by), args)


def run_interop(args) -> int:
    loaded = _load(args)
    if loaded is None:
        return 2
    return _emit_document(documents.interop_document(*loaded, disagreements=args.disagreements), args)
