"""A shields.io endpoint badge (https://shields.io/badges/endpoint-badge) for a run:
``{"schemaVersion": 1, "label": "gb16", "message": "412/412 passed", "color": "brightgreen"}``; with
skipped cases ``"7/7 passed, 872 of 879 skipped"`` (yellow when most was skipped)."""

from __future__ import annotations

import json

from gb16.tools.reports.summary import Summary
from gb16.tools.common.safe_text import json_text


def data(summary: Summary, label: str = "gb16 conformance") -> dict:
    counts = summary.counts
    judged = counts["total"] - counts["skipped"]
    message = f"{counts['pass']}/{judged} passed"
    if counts["skipped"]:   # never "7/7 passed" where 872 of 879 were skipped
        message = f"{counts['pass']}/{judged} passed, {counts['skipped']} of {counts['total']} skipped"
    if summary.verdict.key == "too-little-judged":
        message = f"{judged} of {counts['total']} judged: too few"
    if counts["known"]:
        message += f", {counts['known']} known"
    if not summary.log.complete:
        message += " (incomplete)"
    return {"schemaVersion": 1, "label": label, "message": message, "color": summary.verdict.color,
            "cacheSeconds": 3600}


def render(summary: Summary) -> str:
    return json_text(json.dumps(data(summary), ensure_ascii=False)) + "\n"
