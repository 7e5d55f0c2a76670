"""The JSON summary of a run: verdict, counts and tables, for machines (CI, dashboards)."""

from __future__ import annotations

import json

from gb16.tools.reports.section import Section
from gb16.tools.reports.summary import Summary, Tally
from gb16.tools.reports.verdict import skip_reasons
from gb16.tools.common.safe_text import json_text

FORMAT = "gb16-summary"
FORMAT_VERSION = 1


def _rows(tallies: dict[str, Tally]) -> dict[str, dict]:
    return {key: dict(t.row(), ids=t.ids) for key, t in tallies.items()}


def _case_brief(case: dict, summary: Summary | None = None) -> dict:
    keep = ("id", "status", "area", "tier", "cites", "expectation", "diff", "message", "offending_line",
            "known", "unexpected_pass")
    brief = {k: case[k] for k in keep if k in case}
    if summary is not None:   # a failure: what is wrong, per fan, and the commands that reproduce it
        brief["causes"] = [cause.text for cause in summary.causes(case)]
        brief["reproduce"] = dict(summary.repro_commands(case))
    return brief


def data(summary: Summary, sections: list[Section] = (), lead: list[Section] = ()) -> dict:
    header = summary.header
    return {
        "format": FORMAT, "format_version": FORMAT_VERSION,
        "verdict": {"key": summary.verdict.key, "text": summary.verdict.text},
        "attribution": summary.attribution.as_json() if summary.attribution is not None else None,
        "implementation": summary.impl, "impl_spec": header.get("impl_spec"),
        "corpus": header.get("corpus"), "git": header.get("git"), "options": header.get("options"),
        "started": header.get("started"),
        "finished": (summary.log.footer or {}).get("finished"),
        "runlog": {"path": str(summary.log.path), "sha256": summary.runlog_sha256,
                   "complete": summary.log.complete},
        "counts": summary.counts,
        "coverage": {"cases": summary.counts["total"], "judged": summary.counts["total"] - summary.counts["skipped"],
                     "skipped": summary.counts["skipped"], "skip_reasons": dict(skip_reasons(summary.cases))},
        "violations": summary.log.violations,
        "not_compared": summary.not_compared(),
        "failure_groups": [{"cause": g.signature, "cases": g.count, "ids": g.ids} for g in summary.failure_groups()],
        "by_area": _rows(summary.by_area), "by_tier": _rows(summary.by_tier),
        "by_fan": _rows(summary.by_fan), "by_clause": _rows(summary.by_clause),
        "failures": [_case_brief(c, summary) for c in summary.failures()],
        "known": [_case_brief(c) for c in summary.cases if c["status"] == "known"],
        "unexpected_passes": [c["id"] for c in summary.unexpected_passes()],
        "skipped": [_case_brief(c) for c in summary.cases if c["status"] == "skipped"],
        "warnings": summary.warnings,
        "sections": {s.id: {"title": s.title, "status": s.status, "data": s.data}
                     for s in [*lead, *summary.sections, *sections]},
    }


def render(summary: Summary, sections: list[Section] = (), lead: list[Section] = ()) -> str:
    return json_text(json.dumps(data(summary, sections, lead), ensure_ascii=False, indent=1)) + "\n"
