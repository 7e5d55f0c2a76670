"""The terminal summary of a run (``gb16 certify`` at the end, ``gb16 summary RUNLOG``)."""

from __future__ import annotations

import textwrap

from tabulate import tabulate

from gb16.tools.harness.runlog import FAILING, STATUSES
from gb16.tools.reports.case_text import failure_details
from gb16.tools.reports.summary import Summary
from gb16.tools.safe_text import printable

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
    note = summary.progress_note()
    if note:
        lines.append(f"  {note}")
    for warning in header.get("warnings", []) + summary.log.warnings:
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
        rows = [[g.count, g.signature, g.ids[0][:50] + (f" (+{len(g.ids) - 1})" if len(g.ids) > 1 else "")]
                for g in groups[:GROUPS_SHOWN]]
        lines.append(tabulate(rows, headers=["cases", "cause", "e.g."], tablefmt="simple"))
        if len(groups) > GROUPS_SHOWN:
            lines.append(f"… and {len(groups) - GROUPS_SHOWN} more causes")
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
            for line in failure_details(case, labels):
                lines.append(f"           {'· ' if not line.startswith(('input:', 'expected', 'actual:')) else ''}{line}")
        if len(listed) < len(chosen):
            lines.append(f"  … and {len(chosen) - len(listed)} more (all of them: gb16 summary "
                         f"{summary.log.path} --show {show} --limit 0, or report.html)")
    lines.append("")
    lines.append(f"verdict: {summary.verdict.text}")
    return printable("\n".join(lines))


def section_text(section) -> list[str]:
    """A report section (tools/reports/section.Section) as terminal lines."""
    lines = [section.title + (f" — {section.status}" if section.status else "") + ":"]
    for block in section.blocks:
        if block[0] == "p":
            lines += textwrap.wrap(block[1], 110) or [""]
        elif block[0] == "table":
            lines.append(tabulate([[_cell(v) for v in row] for row in block[2]], headers=block[1],
                                  tablefmt="simple", disable_numparse=True))
        elif block[0] == "pre":
            lines.append(block[1])
        elif block[0] == "list":
            lines += [f"  * {item}" for item in block[1]]
    return lines


def _cell(value, width: int = 60) -> str:
    text = "" if value is None else " ".join(str(value).split())
    return text if len(text) <= width else text[:width - 1] + "…"


#: Exit status of ``certify``/``summary`` for a run that did not finish (interrupted).
EXIT_INCOMPLETE = 3


def exit_status(summary: Summary) -> int:
    """1 when anything failed, errored, crashed or timed out or the protocol was broken;
    3 when the run is incomplete (and nothing failed so far); else 0."""
    if any(summary.counts[s] for s in FAILING) or summary.log.violations:
        return 1
    if not summary.log.complete:
        return EXIT_INCOMPLETE
    return 0
