"""The tables of ``gb16 table`` as documents (gb16.tools.reports.document), one builder per
action: the §三 fan table and its check against the rule page, the fan/clause/area ×
implementation matrix and the interop view of run logs, the editions' deltas and the open
rulings.  The rows come from gb16.tools.reports.tables; each document renders in every format
(text, md, csv, html, json) and its JSON is what the command has always written.
"""

from __future__ import annotations

from pathlib import Path

from gb16.reference import rules as R
from gb16.tools.reports.document import Code, Document, Table, only
from gb16.tools.reports.section import Section
from gb16.tools.reports.tables import Mismatch, cell_text, editions_rows, interop, mark, matrix, rulings_rows

#: What each mark of the interop table means.
MARKS_TEXT = ("Marks: ✓ pass, ✗ fail (a bug), E error, C crash, T timeout (bugs too), ✗? a bug that a contradicted "
              "option or delta would explain (contested), ≈ a failure attributed to an open ruling's option or an "
              "edition delta (a difference of rules, not a bug), k known failure, – skipped, blank not run.")


def _table(section: Section, headers: list[str], rows: list[list], keep: tuple[int, ...] = ()) -> Section:
    section.blocks.append(("table", headers, rows, keep))
    return section


# --------------------------------------------------------------------------- the fan table

FAN_HEADERS = ["#", "番种", "fan", "id", "分", "计入次数", "十六张的适用方式"]


def fans_document(rows: list[dict]) -> Document:
    body = [[r["number"], r["zh"], r["en"], r["id"], r["points"], r["counting"], r["gb16_rule"]] for r in rows]
    table = Table(FAN_HEADERS, body)
    return Document("三、82番逐项适用表 (from corpus/fans.json)", [_table(Section("fans", ""), FAN_HEADERS, body, (3,))],
                    flat=table, data=rows)


def fan_check_document(page_path: Path, page_rows: list[dict], problems: list[Mismatch]) -> Document:
    headers = ["fan", "field", "rule page", "fans.json"]
    rows = [m.as_list() for m in problems]
    section = Section("check", "")
    section.p(f"{len(page_rows)} rows of the rule page's §三 table compared (name, position, points, 计入次数, "
              f"十六张的适用方式).")
    if problems:
        section.p(f"{len(problems)} mismatches:")
        _table(section, headers, rows)
    else:
        section.p("All rows agree.")
    return Document(f"Fan table check: corpus/fans.json against {page_path.name}", [section],
                    flat=Table(headers, rows),
                    data={"rule_page": str(page_path), "rows_checked": len(page_rows), "ok": not problems,
                          "mismatches": [m.__dict__ for m in problems]})


# --------------------------------------------------------------------------- run logs

def _warnings(warnings: list[str]) -> list[str]:
    return [f"warning: {w}" for w in warnings]


def matrix_document(summaries: list, labels: list[str], warnings: list[str], by: str) -> Document:
    keys, cells, titles = matrix(summaries, labels, by)
    head = [by] + (["title"] if by == "clause" else []) + labels
    body = []
    for key in keys:
        name = titles[key] if by == "fan" else key
        body.append([name] + ([titles[key]] if by == "clause" else []) + [cell_text(cells[key][label]) for label in labels])
    whats = ("passed", "judged", "failed", "bugs", "attributed", "known", "skipped")
    flat_head = [by, "title"] + [f"{label} {what}" for label in labels for what in whats]
    flat = [[key, titles[key]] + [x for label in labels for x in (
        cells[key][label]["pass"], cells[key][label]["cases"] - cells[key][label]["skipped"],
        cells[key][label]["failed"], cells[key][label]["bugs"], cells[key][label]["attributed"],
        cells[key][label]["known"], cells[key][label]["skipped"])] for key in keys]
    section = Section("matrix", "")
    section.p("Each cell: cases passed / cases judged; ✗N: N of its failures are bugs (no open ruling's option or "
              "edition delta explains them; errors, crashes and timeouts included), ≈N: N are attributed to one (a "
              "difference of rules, not a bug)."
              + (" A failing case counts only under the fans its answer got wrong, and as a pass of the others."
                 if by == "fan" else ""))
    _table(section, head, body, (0,) if by != "fan" else ())
    return Document(f"{by.capitalize()} × implementation", [section], flat=Table(flat_head, flat),
                    intro=_warnings(warnings),
                    data={"by": by, "implementations": labels, "warnings": warnings,
                          "rows": {k: {"title": titles[k], "cells": cells[k]} for k in keys}})


def interop_document(summaries: list, labels: list[str], warnings: list[str], disagreements: bool = False) -> Document:
    rows = interop(summaries, labels)
    if disagreements:
        rows = [r for r in rows if 0 < r["passed_by"] < r["judged_by"]]
    histogram: dict[int, int] = {}
    for row in rows:
        histogram[row["passed_by"]] = histogram.get(row["passed_by"], 0) + 1
    counts = Section("passed-by", "Cases passed by N implementations")
    _table(counts, ["passed by", "cases"], [[f"{n} of {len(labels)}", k] for n, k in sorted(histogram.items(), reverse=True)])
    cases = Section("cases", "Each case")
    cases.p(MARKS_TEXT)
    head = ["case", "area"] + labels + ["passed by"]
    body = [[r["id"], r["area"]] + [mark(r["statuses"][label], r["judgements"][label]) for label in labels]
            + [f"{r['passed_by']}/{r['judged_by']}"] for r in rows]
    _table(cases, head, body, (0,))
    flat = Table(["case", "area"] + [x for label in labels for x in (label, f"{label} judged")] + ["passed by", "judged by"],
                 [[r["id"], r["area"]] + [x for label in labels for x in (r["statuses"][label] or "not run",
                                                                          r["judgements"][label] or "")]
                  + [r["passed_by"], r["judged_by"]] for r in rows])
    return Document("Interoperability: cases passed by N implementations", [counts, cases], flat=flat,
                    intro=_warnings(warnings),
                    data={"implementations": labels, "warnings": warnings, "cases": rows,
                          "passed_by": {str(k): v for k, v in sorted(histogram.items())}})


# --------------------------------------------------------------------------- editions and rulings

def _commands(pairs: list[tuple[str, str | None]]) -> str:
    """``# what`` over each command line: every line short enough to read and whole to paste."""
    return "\n".join(f"# {what}\n{command}" for what, command in pairs if command)


def _input(explain: str | None) -> Code | str:
    return Code(explain[len("gb16 explain "):]) if explain else "—"


def _homes(row: dict) -> str:
    """The editions a delta belongs to, and those whose reading of the same statement it can
    replace: ``mcr2006``, ``mcr2006 in place of kongs-add-concealed-kong``, or ''."""
    return ", ".join(row["editions"] + [f"{e} in place of {r}" for e, r in row.get("in_place_of", {}).items()])


def editions_document(rows: list[dict] | None = None) -> Document:
    rows = editions_rows() if rows is None else rows
    editions = Section("editions", "Editions")
    editions.items([f"{name} — {e['title']}; source: {e['source']}; deltas: {', '.join(e['deltas'])}"
                    + "".join(f"; {r['delta']} may replace {r['in_place_of'][name]} (another reading)"
                              for r in rows if name in r.get("in_place_of", {}))
                    for name, e in R.EDITIONS.items()]
                   + ["deltas outside any edition: " + (", ".join(r["delta"] for r in rows if not _homes(r)) or "none")])
    deltas = Section("deltas", "Deltas")
    deltas.blocks.append(only(("md", "html"), ("table", ["delta", "edition", "change", "source", "executable as"],
                                                [[r["delta"], _homes(r) or "—", r["change"], r["source"],
                                                  r["executable"] or "—"] for r in rows], (0,))))
    deltas.blocks.append(only("text", ("list", [f"{r['delta']} ({_homes(r) or 'no edition'}): "
                                                f"{r['change']}. Source: {r['source']}. Executable as: "
                                                f"{r['executable'] or '—'}." for r in rows])))
    examples = Section("examples", "Worked examples: the total under xinbian and under the delta")
    examples.p("Each example's hand in full (winning tile, winds, flags) as gb16 explain takes it; case: the corpus "
               "case it is, or — for a hand written into corpus/editions.json.")
    ex_rows = [(r["delta"], ex) for r in rows for ex in r["examples"]]
    examples.blocks.append(only(("md", "html"), ("table", ["delta", "case", "hand", "xinbian", "under the delta"],
                                                  [[d, ex["case"] or "—", _input(ex["explain"]), ex["total"],
                                                    ex["under_delta"]] for d, ex in ex_rows], (0, 1))))
    examples.blocks.append(only("text", ("table", ["delta", "case", "xinbian", "under the delta"],
                                         [[d, ex["case"] or "—", ex["total"], ex["under_delta"]] for d, ex in ex_rows],
                                         (0, 1))))
    examples.blocks.append(only("text", ("pre", _commands([(f"{d}: {ex['case'] or 'corpus/editions.json'}",
                                                            ex["explain"]) for d, ex in ex_rows]))))
    cases = Section("cases", "Corpus cases with an expectation under each delta")
    _table(cases, ["delta", "cases"], [[r["delta"], ", ".join(r["cases"]) or "—"] for r in rows], (0,))
    flat = Table(["delta", "editions", "change", "source", "executable as", "example case", "example input",
                  "example total", "example total under the delta", "corpus cases"],
                 [[r["delta"], ", ".join(r["editions"]), r["change"], r["source"], r["executable"],
                   ex["case"] or "", ex["explain"] or "", ex["total"], ex["under_delta"], " ".join(r["cases"])]
                  for r in rows for ex in (r["examples"] or [{"case": None, "explain": None, "total": None,
                                                              "under_delta": None}])])
    return Document("Editions and their deltas from xinbian (corpus/editions.json)", [editions, deltas, examples, cases],
                    flat=flat, data={"editions": R.EDITIONS, "deltas": rows})


def rulings_document(rows: list[dict] | None = None) -> Document:
    rows = rulings_rows() if rows is None else rows
    sections = []
    for rid, ruling in R.RULINGS.items():
        options = list(ruling["options"])
        named = [o + (" (project)" if o == ruling["default"] else "") for o in options]
        section = Section(rid, f"{rid} — {ruling['title']}")
        section.items([f"{name}: {ruling['options'][o]['summary']}" for o, name in zip(options, named)])
        mine = [r for r in rows if r["ruling"] == rid]
        section.blocks.append(only(("md", "html"), ("table", ["case", "tier", "hand"] + named,
                                                     [[r["case"], r["tier"], _input(r["explain"])]
                                                      + [r["totals"].get(o, "—") for o in options] for r in mine],
                                                     (0,))))
        section.blocks.append(only("text", ("table", ["case", "tier"] + named,
                                            [[r["case"], r["tier"]] + [r["totals"].get(o, "—") for o in options]
                                             for r in mine], (0,))))
        section.blocks.append(only("text", ("pre", _commands([(r["case"], r["explain"]) for r in mine]))))
        sections.append(section)
    every = sorted({o for r in R.RULINGS.values() for o in r["options"]})
    flat = Table(["ruling", "title", "case", "tier", "input", "project's option"] + [f"total under {o}" for o in every],
                 [[r["ruling"], r["title"], r["case"], r["tier"], command_arguments_of(r), r["default"]]
                  + [r["totals"].get(o, "") for o in every] for r in rows])
    return Document("Open rulings × example hands × the total under each option", sections, flat=flat,
                    intro=["Totals are the corpus's hand-worked expectations (the reference reproduces each under its "
                           "option); (project) marks the project's reading, which the reference follows. Settled "
                           "questions are the normative notes of docs/rulings.md. Each hand is given whole (winning "
                           "tile, winds, flags) as gb16 explain takes it."],
                    data={"rulings": R.RULINGS, "hands": rows})


def command_arguments_of(row: dict) -> str:
    """The whole input of a rulings row as ``gb16 explain`` takes it (without the command)."""
    return row["explain"][len("gb16 explain "):] if row.get("explain") else ""

