"""The terminal summary of a run (``gb16 certify`` at the end, ``gb16 summary RUNLOG``)."""

from __future__ import annotations

import textwrap

from tabulate import tabulate

from gb16.tools.harness.runlog import FAILING, STATUSES
from gb16.tools.reports.case_text import failure_details
from gb16.tools.reports.summary import Summary
from gb16.tools.common.safe_text import printable

def _selected(summary: Summary, show: str) -> list[dict]:
    if show == "all":
        return list(summary.cases)
    if show == "failures":
        return summary.failures() + summary.unexpected_passes()
    if show == "known":
        return [c for c in summary.cases if c["status"] == "known" or c.get("known")]
    if show == "skipped":
        return [c for c in summary.cases if c["status"] == "skipped"]
    return []


#: Causes listed in "failures by cause"; cases listed in detail unless --limit says otherwise.
GROUPS_SHOWN = 15
LIMIT = 25
#: Where long lines wrap; a cell longer than CELL turns a table into one block per row.
WIDTH = 110
CELL = 60


def render(summary: Summary, show: str = "failures", limit: int = LIMIT) -> str:
    header = summary.header
    corpus = header.get("corpus", {})
    git = header.get("git", {})
    lines = [
        f"gb16 certification — {summary.impl_label()}",
        f"  corpus {corpus.get('version')} {corpus.get('hash', '')[:19]}… ({corpus.get('cases')} cases, "
        f"{header.get('selected')} selected) · gb16 git {(git.get('revision') or 'unknown')[:12]}"
        f"{' (modified)' if git.get('dirty') else ''}",
        f"  rulings: {summary.declared_rulings()}",
        f"  run log: {summary.log.path} ({summary.runlog_sha256[:19]}…)",
    ]
    options = header.get("options") or {}
    if options.get("last_failed"):
        lines.append(f"  the {len(options.get('cases') or [])} cases that failed in {options['last_failed']} "
                     f"(--last-failed)")
    note = summary.progress_note()
    if note:
        lines.append(f"  {note}")
    for warning in summary.warnings:
        lines.append(f"  warning: {warning}")
    lines.append("")
    counts = summary.counts
    rows = [[status, counts[status]] for status in STATUSES if counts[status] or status in ("pass", "fail")]
    if counts["unexpected_pass"]:
        rows.append(["(unexpected pass)", counts["unexpected_pass"]])
    rows.append(["total", counts["total"]])
    lines.append(tabulate(rows, headers=["status", "cases"], tablefmt="simple"))
    if len(summary.by_area) > 1:
        lines.append("")
        area_rows = [[area, t.total, t.counts["pass"], t.failed, t.counts["known"], t.counts["skipped"]]
                     for area, t in sorted(summary.by_area.items())]
        lines.append(tabulate(area_rows, headers=["area", "cases", "pass", "failed", "known", "skipped"]))
    for section in summary.sections:
        if section.id == "by-feature" and len(summary.by_area) <= 1 and not summary.not_compared():
            continue   # a handful of cases: the counts say it all
        lines += ["", *section_text(section)]
    not_compared = summary.not_compared_text()
    if not_compared:
        lines += ["", not_compared]
    if summary.log.violations:
        lines += ["", f"protocol violations: {len(summary.log.violations)} (output out of step with the requests; "
                      f"the implementation was restarted each time)"]
        for violation in summary.log.violations[:5]:
            lines.append(f"  during {violation.get('case')} (request {violation.get('seq')}): {violation.get('message')}")
            if violation.get("offending_line"):
                lines.append(f"      line: {violation['offending_line'][:200]}")
        if len(summary.log.violations) > 5:
            lines.append(f"  … and {len(summary.log.violations) - 5} more (in the run log)")
    groups = summary.failure_groups()
    if groups:
        lines += ["", "failures by cause:"]
        for g in groups[:GROUPS_SHOWN]:
            lines += _wrapped(f"{g.count:5}  {g.signature}", "       ")
            lines += _wrapped("e.g. " + ", ".join(g.ids[:3]) + (f" (+{len(g.ids) - 3} more)" if len(g.ids) > 3 else ""),
                              "         ", first="       ")
        if len(groups) > GROUPS_SHOWN:
            lines.append(f"… and {len(groups) - GROUPS_SHOWN} more causes (report.md, summary.json)")
    chosen = _selected(summary, show)
    if chosen:
        lines.append("")
        lines.append(f"{show}:" if show != "failures" else "failures:")
        labels = summary.fan_label
        listed = chosen if not limit else chosen[:limit]
        for case in listed:
            lines.append(f"  {case['status'].upper():8} {case['id']}  [{', '.join(case.get('cites', []))}]")
            if show == "all" and case["status"] == "pass":
                continue
            causes = summary.causes(case) if case["status"] in FAILING or case["status"] == "known" else None
            for line in failure_details(case, labels, causes):
                lines.append(f"           {'· ' if not line.startswith(('input:', 'expected', 'actual:')) else ''}{line}")
            if case["status"] in FAILING:   # one line each, whole, to paste into a shell
                lines += [f"           {line}" for line in summary.repro_lines(case)]
        if len(listed) < len(chosen):
            lines.append(f"  … and {len(chosen) - len(listed)} more (all of them: gb16 summary "
                         f"{summary.log.path} --show {show} --limit 0, or report.html)")
    lines += short_summary(summary, limit)
    lines.append("")
    lines.append(f"verdict: {summary.verdict.text}")
    return printable("\n".join(lines))


def short_summary(summary: Summary, limit: int = LIMIT) -> list[str]:
    """One line per failing case, like pytest's ``-ra``: the status, the whole case id and its
    first cause (the line is never cut: an id pasted into ``--filter`` must be whole)."""
    failing = summary.failures()
    if not failing:
        return []
    listed = failing if not limit else failing[:limit]
    lines = ["", f"short summary ({len(failing)} failing):"]
    for case in listed:
        causes = summary.causes(case)
        more = f" (+{len(causes) - 1} more)" if len(causes) > 1 else ""
        lines.append(f"{case['status'].upper()} {case['id']} - {causes[0].text if causes else case['status']}{more}")
    if len(listed) < len(failing):
        lines.append(f"… and {len(failing) - len(listed)} more (all of them: gb16 summary {summary.log.path} --limit 0)")
    return lines


def _wrapped(text: str, indent: str, first: str = "", width: int = WIDTH) -> list[str]:
    """*text* wrapped at *width*, never cut and never broken inside a word (a case id, a path,
    a hand stay whole to be pasted)."""
    return textwrap.wrap(text, width, initial_indent=first, subsequent_indent=indent, break_long_words=False,
                         break_on_hyphens=False) or [first]


def section_text(section) -> list[str]:
    """A report section (tools/reports/section.Section) as terminal lines."""
    lines = [section.title + (f" — {section.status}" if section.status else "") + ":"]
    for block in section.blocks:
        if block[0] == "p":
            lines += _wrapped(block[1], "")
        elif block[0] == "table":
            lines += _table_text(block[1], block[2])
        elif block[0] == "pre":
            lines.append(block[1])
        elif block[0] == "list":
            lines += [f"  * {item}" for item in block[1]]
    return lines


def _cell(value) -> str:
    return "" if value is None else " ".join(str(value).split())


def _table_text(headers: list[str], rows: list[list]) -> list[str]:
    """A table, or — when a cell is too long for a column — one block per row, each value
    wrapped under its header (never cut: a class key or a shrunk hand is pasted whole)."""
    cells = [[_cell(v) for v in row] for row in rows]
    if all(len(c) <= CELL for row in cells for c in row):
        return [tabulate(cells, headers=headers, tablefmt="simple", disable_numparse=True)]
    lines = []
    for row in cells:
        lines.append("  -")
        for header, value in zip(headers, row):
            lines += _wrapped(f"{header}: {value}", "      ", first="    ")
    return lines


#: Exit status of ``certify``/``summary`` for a run that did not finish (interrupted).
EXIT_INCOMPLETE = 3


def exit_status(summary: Summary) -> int:
    """1 when anything failed, errored, crashed or timed out, the protocol was broken or less
    was judged than --min-judged asks;
    3 when the run is incomplete (and nothing failed so far); else 0."""
    if any(summary.counts[s] for s in FAILING) or summary.log.violations or summary.log.repeated \
            or summary.verdict.key == "too-little-judged":
        return 1
    if not summary.log.complete:
        return EXIT_INCOMPLETE
    return 0
