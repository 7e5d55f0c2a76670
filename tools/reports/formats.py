"""Every report format of a run log, rendered from one :class:`~gb16.tools.reports.summary.Summary`:
the renderer of each format and the file it is written to."""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from gb16.tools.harness.runlog import RunLog
from gb16.tools.reports import badge, html_page, json_report, junit, markdown
from gb16.tools.reports.summary import Summary, summarize

#: Format → its renderer (Summary → text).
RENDERERS = {"markdown": markdown.render, "html": html_page.render, "json": json_report.render,
             "junit": junit.render, "badge": badge.render}

#: Format → the file :func:`write_reports` writes it to.
REPORT_FILES = {"markdown": "report.md", "html": "report.html", "json": "summary.json",
                "junit": "junit.xml", "badge": "badge.json"}


def render(fmt: str, summary: Summary) -> str:
    """*summary* in the format *fmt* (a key of :data:`RENDERERS`)."""
    return RENDERERS[fmt](summary)


def write_reports(log: RunLog, directory: Path | str, formats: Iterable[str] = tuple(REPORT_FILES)) -> dict[str, Path]:
    """Render *log* into *directory* in each format; returns format → path written."""
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    summary = summarize(log)
    written = {}
    for fmt in formats:
        path = directory / REPORT_FILES[fmt]
        path.write_text(render(fmt, summary), encoding="utf-8")
        written[fmt] = path
    return written
