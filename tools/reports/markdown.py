"""The Markdown report of a run: verdict, counts, tables per area, tier, fan and clause,
every failure with expected vs actual, every case, and the quoted clauses."""

from __future__ import annotations

import re
from typing import Any, Iterable

from tabulate import tabulate

from gb16.tools.harness.runlog import FAILING, STATUSES
from gb16.tools.reports.case_text import actual_text, diff_lines, expected_heading, expected_text, input_summary
from gb16.tools.reports.section import Section
from gb16.tools.reports.summary import Summary
from gb16.tools.common.safe_text import printable


#: Characters that could start markup in CommonMark/GFM: emphasis, code, links and images,
#: raw HTML and entities, table cells.  Each is shown as itself after a backslash (an ``_``
#: inside a word, as in fan ids, cannot start emphasis and is left alone).
_MARKUP = re.compile(r"([\\`*\[\]<>|&~])|(?<![A-Za-z0-9])_|_(?![A-Za-z0-9])")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]+")


def cell(value: Any) -> str:
    """Text made inert in Markdown, on one line (for table cells and inline text alike).

    Everything from an implementation or a run log goes through this: ``<script>`` stays
    text, ``[x](javascript:…)`` is no link, and a ``|`` cannot open a new table cell."""
    text = "—" if value is None else str(value)
    return _MARKUP.sub(lambda m: "\\" + m.group(0), printable(_CONTROL.sub(" ", text)))


def fenced(text: str) -> list[str]:
    """A code block whose fence is longer than any run of backticks inside it."""
    text = printable(text)   # no raw control or bidirectional character, even in a code block
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * max(3, longest + 1)
    return [fence, text, fence]


def code(text: str) -> str:
    """*text* as a code span (a command to copy): the fence longer than any run of backticks in
    it, control characters shown as escapes."""
    text = printable(_CONTROL.sub(" ", str(text)))
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{fence}{pad}{text}{pad}{fence}"


def table(headers: list[str], rows: Iterable[list[Any]]) -> str:
    rows = [[cell(v) for v in row] for row in rows]
    if not rows:
        return "_(none)_"
    return tabulate(rows, headers=[cell(h) for h in headers], tablefmt="github", disable_numparse=True)


def render_section(section: Section, level: int = 2) -> str:
    title = section.title + (f" — {section.status}" if section.status else "")
    parts = [f"{'#' * level} {cell(title)}", ""]
    for block in section.blocks:
        kind = block[0]
        if kind == "p":
            parts += [cell(block[1]), ""]
        elif kind == "table":
            parts += [table(block[1], block[2]), ""]
        elif kind == "pre":
            parts += fenced(block[1]) + [""]
        elif kind == "list":
            parts += [f"* {cell(item)}" for item in block[1]] + [""]
    return "\n".join(parts)


def run_sections(summary: Summary, heading_level: int = 2) -> tuple[list[str], list[str]]:
    """The certification part of a report as (head, tail) lines: the verdict, tables and
    failures first; every case and the quoted clauses last, after any extra sections."""
    header, counts, impl = summary.header, summary.counts, summary.impl
    corpus, git = header.get("corpus", {}), header.get("git", {})
    h = "#" * heading_level
    labels = summary.fan_label
    out = [f"**Verdict: {cell(summary.verdict.text)}.**", ""]
    note = summary.progress_note()
    if note:
        out += [f"> {cell(note)}", ""]
    out += [table(["", ""], [
        ["implementation", summary.impl_label()],
        ["variants", ", ".join(impl.get("variants", []))],
        ["rulings", summary.declared_rulings()],
        ["connected as", header.get("impl_spec", "")],
        ["corpus", f"{corpus.get('version')} · {corpus.get('hash')} · {corpus.get('cases')} cases"],
        ["gb16 revision", f"{git.get('revision') or 'unknown'}{' (modified)' if git.get('dirty') else ''}"],
        ["options", ", ".join(f"{k}={v}" for k, v in header.get("options", {}).items() if v not in (None, [], False))],
        ["started", header.get("started")],
        ["run log", f"{summary.log.path.name} · {summary.runlog_sha256}"],
    ]), ""]
    for warning in summary.warnings:
        out += [f"> warning: {cell(warning)}", ""]
    out += [f"{h} Results", "", table(["status", "cases"],
            [[s, counts[s]] for s in STATUSES] + [["unexpected pass", counts["unexpected_pass"]],
                                                  ["total", counts["total"]]]), ""]
    first = [section for section in summary.sections if section.id == "differential"]
    for section in first:   # a differential run's classes, with their shrunk examples, come first
        out += [render_section(section, heading_level), ""]
    groups = summary.failure_groups()
    if groups:
        out += [f"{h} Failures by cause", "", table(["cases", "cause", "e.g."], [
            [g.count, g.signature, ", ".join(g.ids[:3]) + (" …" if len(g.ids) > 3 else "")] for g in groups]), ""]
    out += [f"{h} By area", "", _tally_table("area", summary.by_area), ""]
    out += [f"{h} By tier", "", _tally_table("tier", summary.by_tier), ""]
    out += [f"{h} By fan", "", table(["fan", "points", "cases", "pass", "failed", "known", "skipped"], [
        [summary.fan_label(f), summary.fans.get(f, {}).get("points"), t.total, t.counts["pass"], t.failed,
         t.counts["known"], t.counts["skipped"]] for f, t in summary.by_fan.items()]), ""]
    out += [f"{h} By clause", "", table(["clause", "title", "cases", "pass", "failed", "known", "skipped"], [
        [a, summary.clauses.get(a, {}).get("title", "(not in clauses.json)"), t.total, t.counts["pass"],
         t.failed, t.counts["known"], t.counts["skipped"]] for a, t in summary.by_clause.items()]), ""]
    for section in summary.sections:   # by feature, attribution
        if section not in first:
            out += [render_section(section, heading_level), ""]
    if summary.not_compared_text():
        out += [f"> {cell(summary.not_compared_text())}", ""]
    if summary.log.violations:
        out += [f"{h} Protocol violations ({len(summary.log.violations)})", "",
                "Output out of step with the requests; never taken as a case's answer; the implementation was "
                "restarted each time.", "",
                table(["during case", "request", "what", "line"], [
                    [v.get("case"), v.get("seq"), v.get("message"), (v.get("offending_line") or "")[:200]]
                    for v in summary.log.violations[:100]]), ""]
    problems = summary.failures() + summary.unexpected_passes() + \
        [c for c in summary.cases if c["status"] == "known"]
    out += [f"{h} Failures and known failures", ""]
    if not problems:
        out += ["_None._", ""]
    for case in problems:
        case_input = case.get("input")
        hand = case_input.get("hand") if isinstance(case_input, dict) else case_input
        out += [f"* **{cell(case['id'])}** — {cell(case['status'])}"
                f"{' (unexpected pass)' if case.get('unexpected_pass') else ''} — {cell(case.get('description', ''))}",
                f"  * input: {cell(hand)}" + (f" · {cell(input_summary(case_input))}"
                                               if input_summary(case_input) else ""),
                f"  * cites: {cell(', '.join(case.get('cites', [])))}",
                f"  * {cell(expected_heading(case))}: {cell(expected_text(case.get('expected'), labels))}",
                f"  * actual: {cell(actual_text(case, labels))}"]
        causes = summary.causes(case) if case["status"] != "pass" else None
        out += [f"  * {cell(line)}" for line in diff_lines(case, causes)]
        if case["status"] in FAILING:
            out += [f"  * reproduce ({side}): {code(command)}" for side, command in summary.repro_commands(case)]
    out.append("")
    head, out = out, []
    out += [f"{h} All cases", "", table(["case", "status", "area", "tier", "hand", "expected", "actual"], [
        [c["id"], c["status"] + (" (unexpected pass)" if c.get("unexpected_pass") else ""), c.get("area"),
         c.get("tier"), (c.get("input") or {}).get("hand") if isinstance(c.get("input"), dict) else c.get("input"),
         expected_text(c.get("expected")), actual_text(c)] for c in summary.cases]), ""]
    cited = [a for a in summary.by_clause if a in summary.clauses]
    out += [f"{h} Clauses cited", ""]
    for anchor in cited:
        clause = summary.clauses[anchor]
        out += [f"* **{cell(anchor)}** {cell(clause.get('title', ''))} — {cell(clause.get('quote', ''))}"]
    out.append("")
    return head, out


def _tally_table(name: str, tallies: dict) -> str:
    return table([name, "cases", "pass", "failed", "known", "skipped", "pass rate"], [
        [key, t.total, t.counts["pass"], t.failed, t.counts["known"], t.counts["skipped"], t.rate()]
        for key, t in sorted(tallies.items())])


def render(summary: Summary, title: str | None = None, sections: list[Section] = (),
           lead: list[Section] = ()) -> str:
    """The report of one run as Markdown.  *lead* sections come first, *sections* after the
    run's tables (the compliance report's), and every case and the clauses last."""
    title = title or f"gb16 certification: {summary.impl_label()}"
    parts = [f"# {cell(title)}", ""]
    for section in lead:
        parts.append(render_section(section))
    head, tail = run_sections(summary)
    if lead:
        parts += ["## Certification of the implementation", ""]
    parts += head
    for section in sections:
        parts.append(render_section(section))
    parts += tail
    return "\n".join(parts).rstrip() + "\n"
