"""The sections of the compliance report (``gb16 report``, run by gb16.tools.commands.report): each
optional part's rows and status, the corpus coverage, the index of docs/rulings.md, the fan
applicability table of corpus/fans.json and the overview that heads the report.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gb16 import docs  # installed with the package (gb16.docs)
from gb16.reference.rules import RULINGS
from gb16.tools.harness import provenance
from gb16.tools.harness.compare import fans_involved, ruling_alternatives
from gb16.tools.harness.corpus import Corpus, case_variant
from gb16.tools.reports.section import Section
from gb16.tools.reports.summary import Summary, clause_sort_key

#: Columns shown for property and proof rows, in this order, when present.
ROW_COLUMNS = ("number", "id", "name", "title", "claim", "clause", "kind", "profile", "examples", "checked",
               "result", "status", "message", "detail", "seconds")


# --------------------------------------------------------------------------- optional parts

@dataclass
class PartOutcome:
    """What running an optional part (properties, proofs) gave."""

    rows: list[dict] | None
    status: str            # "pass" | "fail" | "error" | "unavailable"
    note: str              # one line: what the summary table shows
    seconds: float = 0.0
    trace: str = ""        # an error's traceback, for the kit's developers (the part's section only)


def error_outcome(call: str, exc: BaseException | None, trace: str, seconds: float = 0.0) -> PartOutcome:
    """A part that broke: one line saying what was raised and where (the innermost frame of
    the traceback), the traceback itself kept apart for the part's section."""
    what = f"{type(exc).__name__}: {exc}" if exc is not None else "no answer"
    frames = re.findall(r'File "([^"]+)", line (\d+), in (\S+)', trace)
    where = ""
    if frames:
        path, line, function = frames[-1]
        where = f" (at {Path(path).name}:{line} in {function})"
    return PartOutcome(None, "error", f"{call} raised {_clip(what, 200)}{where}", seconds, trace)


def row_passed(row: dict) -> bool:
    """Whether a property or proof row reports success (``holds``, ``ok`` or a result text)."""
    for key in ("holds", "passed", "ok"):
        if isinstance(row.get(key), bool):
            return row[key]
    result = str(row.get("result", row.get("status", ""))).strip().lower()
    return result.startswith(("pass", "proved", "reached", "ok"))


def outcome_of_rows(rows: list[dict], seconds: float) -> PartOutcome:
    """``pass`` when every row passed, ``fail`` when one did not, ``error`` without rows."""
    passed = sum(row_passed(r) for r in rows)
    status = "pass" if passed == len(rows) and rows else ("fail" if rows else "error")
    note = f"{passed} of {len(rows)} passed" if rows else "no rows returned"
    return PartOutcome(rows, status, note, seconds)


def _clip(value: Any, width: int = 160) -> Any:
    if isinstance(value, (int, float, bool)) or value is None:
        return "" if value is None else value
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1] + "…"


def part_section(section_id: str, title: str, outcome: PartOutcome, call: str, command: str) -> Section:
    """A section listing the rows of a part (one row per property or claim); *call* is what the
    report runs, *command* the command line that runs the same checks."""
    section = Section(section_id, title, status=outcome.status, data={
        "status": outcome.status, "note": outcome.note, "seconds": round(outcome.seconds, 2),
        "rows": outcome.rows, **({"traceback": outcome.trace} if outcome.trace else {})})
    if outcome.status == "unavailable":
        return section.p(f"Not available: {outcome.note}. The report calls `{call}`; "
                         f"`{command}` may run the same checks from the command line.")
    if outcome.status == "error":
        section.p(f"The run broke before giving results: {outcome.note}.")
        if outcome.trace:
            section.p("Traceback, for the kit's developers:").pre(outcome.trace)
        return section
    rows = outcome.rows
    columns = [c for c in ROW_COLUMNS if any(c in r for r in rows)]
    section.p(f"{outcome.note} in {outcome.seconds:.1f} s. Reproduce with `{command}`.")
    section.table(columns + ["verdict"],
                  [[_clip(r.get(c)) for c in columns] + ["pass" if row_passed(r) else "fail"] for r in rows])
    failures = [r for r in rows if not row_passed(r)]
    if failures:
        details = []
        for r in failures:
            name = r.get("name") or r.get("id") or r.get("title") or "?"
            extra = r.get("counterexample") or r.get("witness") or r.get("message") or r.get("detail")
            details.append(f"{name}: {_clip(extra, 600)}")
        section.p("Failures:").items(details)
    return section


# --------------------------------------------------------------------------- corpus sections

def counting_mode(fan: dict, variant: str = "gb16") -> str:
    """The rule page's 计入次数 column: 不适用, 可复计 or 一次."""
    if not fan.get("applies", {}).get(variant, True):
        return "不适用"
    return "可复计" if fan.get("repeatable") else "一次"




def coverage_section(corpus: Corpus, summary: Summary) -> Section:
    cases = corpus.cases
    section = Section("coverage", "Corpus coverage", data={})
    tiers = ("normative", "ruling", "disputed", "regression")
    rows = []
    for area in sorted(corpus.areas):
        mine = [c for c in cases if c["area"] == area]
        rows.append([area, corpus.areas[area], len(mine),
                     sum(case_variant(c) == "gb16" for c in mine), sum(case_variant(c) == "gb13" for c in mine)]
                    + [sum(c["tier"] == t for c in mine) for t in tiers]
                    + [sum("error" in c["expect"] for c in mine)])
    rows.append(["all", "", len(cases), sum(case_variant(c) == "gb16" for c in cases),
                 sum(case_variant(c) == "gb13" for c in cases)] + [sum(c["tier"] == t for c in cases) for t in tiers]
                + [sum("error" in c["expect"] for c in cases)])
    section.p(f"{len(cases)} cases in {len(corpus.areas)} areas; corpus {corpus.version}, {corpus.hash}.")
    section.table(["area", "description", "cases", "gb16", "gb13", *tiers, "error cases"], rows)
    data: dict[str, Any] = {"cases": len(cases), "areas": {r[0]: r[2] for r in rows[:-1]}}
    for variant in ("gb16", "gb13"):
        applicable = [f for f in corpus.fans if f.get("applies", {}).get(variant, True)]
        counted = {f for c in cases if case_variant(c) == variant
                   for exp in [c["expect"], *ruling_alternatives(c).values()]
                   for f in fans_involved(exp, absent=False)}
        absent_only = {f for c in cases if case_variant(c) == variant for f in c["expect"].get("absent", [])} - counted
        missing = [f for f in applicable if f["id"] not in counted]
        section.p(f"{variant}: {len(applicable) - len(missing)} of {len(applicable)} applicable fans are counted "
                  f"in at least one case" + (f"; {len(absent_only & {f['id'] for f in missing})} more appear only as "
                                             f"`absent`" if absent_only else "") + ".")
        if missing:
            section.items([f"no {variant} case counts {f['zh']} {f['en']} ({f['id']})" for f in missing])
        data[f"{variant}_fans_counted"] = len(applicable) - len(missing)
        data[f"{variant}_fans_applicable"] = len(applicable)
        data[f"{variant}_fans_missing"] = [f["id"] for f in missing]
    cited = {cite for c in cases for cite in c["cites"]}
    source_rows = []
    for source in sorted({a.split(" ")[0] for a in corpus.clauses}, key=lambda s: clause_sort_key(s + " ")):
        anchors = [a for a in corpus.clauses if a.split(" ")[0] == source]
        source_rows.append([source, len(anchors), sum(a in cited for a in anchors)])
    section.p("Clause anchors of corpus/clauses.json cited by at least one case:")
    section.table(["source", "anchors", "cited"], source_rows)
    uncited_seed = sorted((a for a in corpus.clauses if a.startswith("seed000") and a not in cited), key=clause_sort_key)
    if uncited_seed:
        section.p("Rule-page anchors no case cites yet: " + ", ".join(uncited_seed) + ".")
    unknown = sorted(cited - set(corpus.clauses), key=clause_sort_key)
    if unknown:
        section.p("Cited anchors missing from clauses.json: " + ", ".join(unknown) + ".")
    data["clauses_cited"] = len(cited & set(corpus.clauses))
    data["clauses"] = len(corpus.clauses)
    data["uncited_seed000"] = uncited_seed
    section.data = data
    return section


RULING_HEADING = re.compile(r"^## (R-\d{3}) — (.+?)\s*$", re.MULTILINE)


def parse_rulings(text: str) -> list[dict]:
    """The rulings of docs/rulings.md: id, title, alternative options named in the text."""
    rulings = []
    for match in RULING_HEADING.finditer(text):
        open_ruling = RULINGS.get(match.group(1))
        options = list(open_ruling["options"]) if open_ruling else ["A"]
        kind = "open" if open_ruling else ("convention" if "convention" in match.group(2) else "normative")
        rulings.append({"id": match.group(1), "title": match.group(2), "options": options, "kind": kind,
                        "default": open_ruling["default"] if open_ruling else "A",
                        "withdrawn": "withdrawn" in match.group(2).lower()})
    return rulings


def default_rulings_path() -> Path:
    return docs.path("rulings.md")


def rulings_section(path: Path, corpus: Corpus, summary: Summary) -> Section:
    section = Section("rulings", "Rulings index")
    if not path.is_file():
        section.status = "unavailable"
        return section.p(f"Not available: {path} not found (pass --rulings FILE).")
    rulings = parse_rulings(path.read_text(encoding="utf-8"))
    by_case = {c["id"]: c for c in summary.cases}
    rows = []
    for ruling in rulings:
        pinned = [c for c in corpus.cases if ruling["id"] in [r.split(":")[0] for r in c.get("rulings", [])]]
        passed = sum(by_case.get(c["id"], {}).get("status") == "pass" for c in pinned)
        options = " ".join(o + ("*" if o == ruling["default"] and ruling["kind"] == "open" else "") for o in ruling["options"])
        rows.append([ruling["id"], ruling["title"], ruling["kind"] if ruling["kind"] != "open" else options, len(pinned),
                     sum(c["tier"] == "disputed" for c in pinned), f"{passed}/{len(pinned)}"])
    known_ids = {r["id"] for r in rulings}
    stray = sorted({r.split(":")[0] for c in corpus.cases for r in c.get("rulings", [])} - known_ids)
    section.p(f"{len(rulings)} rulings in {path.name}: {sum(r['kind'] == 'open' for r in rulings)} open "
              f"(options listed, * the project's reading, which the reference follows; an implementation "
              f"declares another in the harness start message), the others normative notes or conventions "
              f"that the texts settle. Editions: gb16 table editions.")
    section.table(["ruling", "title", "options", "cases", "disputed", "reference passes"], rows)
    if stray:
        section.p("Cases name rulings that docs/rulings.md does not define: " + ", ".join(stray) + ".")
    section.data = {"rulings": rulings, "undefined_in_cases": stray}
    return section


def applicability_section(corpus: Corpus, summary: Summary) -> Section:
    counted: dict[str, list[dict]] = {}
    for case in summary.cases:
        for fan_id in fans_involved(case.get("expected"), absent=False):
            counted.setdefault(fan_id, []).append(case)
    rows = []
    for fan in corpus.fans:
        mine = counted.get(fan["id"], [])
        rows.append([fan["number"], fan["zh"], fan["en"], fan["points"], counting_mode(fan, "gb16"),
                     "yes" if fan["applies"].get("gb16") else "no", "yes" if fan["applies"].get("gb13") else "no",
                     fan["family"], len(mine), sum(c["status"] == "pass" for c in mine), fan.get("gb16_rule", "")])
    section = Section("applicability", "Fan applicability (seed000 §三, corpus/fans.json)",
                      data=[dict(zip(["number", "zh", "en", "points", "counting", "gb16", "gb13", "family",
                                      "cases", "reference_passes", "gb16_rule"], r)) for r in rows])
    section.p("The 82 fans, their points and how the 16-tile extension applies them; 'cases' counts the "
              "corpus cases in which the fan is expected to count, 'passed' how many of those the reference "
              "passes. `gb16 table fans --check` compares this data with the rule page row by row.")
    return section.table(["#", "番种", "fan", "points", "计入次数", "gb16", "gb13", "family", "cases", "passed",
                          "十六张的适用方式"], rows)


def overview_section(summary: Summary, parts: dict[str, PartOutcome], coverage: Section) -> Section:
    header = summary.header
    git = header.get("git", {})
    cert_status = {"conforms": "pass", "known": "pass", "fails": "fail", "empty": "unavailable",
                   "incomplete": "fail"}[summary.verdict.key]
    rows = [["Reference against the corpus", cert_status, summary.verdict.text]]
    for name, outcome in parts.items():
        rows.append([name, outcome.status, outcome.note])
    data = coverage.data or {}
    rows.append(["Corpus coverage", "", f"{data.get('cases', 0)} cases; gb16 fans counted "
                 f"{data.get('gb16_fans_counted', 0)}/{data.get('gb16_fans_applicable', 0)}; "
                 f"clauses cited {data.get('clauses_cited', 0)}/{data.get('clauses', 0)}"])
    section = Section("overview", "Compliance summary", status=overall_status(summary, parts),
                      data={"parts": {r[0]: {"status": r[1], "note": r[2]} for r in rows}})
    section.p(f"gb16 {header.get('gb16_version')} · git {git.get('revision') or 'unknown'}"
              f"{' (modified)' if git.get('dirty') else ''} · corpus {header['corpus'].get('hash')} · "
              f"generated {provenance.now()}")
    return section.table(["part", "status", "detail"], rows)


def overall_status(summary: Summary, parts: dict[str, PartOutcome]) -> str:
    """``fail`` when anything failed; ``pass (partial)`` when a part was skipped; else ``pass``."""
    if summary.verdict.key in ("fails", "incomplete") or any(p.status in ("fail", "error") for p in parts.values()):
        return "fail"
    if any(p.status == "skipped" for p in parts.values()):
        return "pass (partial)"
    return "pass"


#: The optional parts of the report, by their --skip name.
PART_NAMES = {"properties": "Properties", "proofs": "Z3 proofs", "differential": "gb13 differential",
              "mutants": "Mutants"}


def skipped_part(key: str) -> PartOutcome:
    """A part left out with ``--skip``: it has a row, and the report says it was not run."""
    return PartOutcome(None, "skipped", f"skipped (--skip {key}): not run, so this report does not vouch for it")
