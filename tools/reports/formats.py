"""Every report format of a run log, rendered from one :class:`~gb16.tools.reports.summary.Summary`:
the renderer of each format and the file it is written to."""

from __future__ import annotations

import os
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


#: The file in a report folder that names the files gb16 wrote there: those it replaces freely;
#: any other file of the same name only with ``--overwrite``, and never through a link.
MANIFEST = ".gb16-report"


class ReportFolderError(Exception):
    """A report file that gb16 will not replace (another program's file, or a link)."""


def check_folder(directory: Path | str, formats: Iterable[str] = tuple(REPORT_FILES),
                 overwrite: bool = False) -> None:
    """Refuse, before anything is rendered, a report folder that is a link, whose files gb16 did
    not write (unless *overwrite*) or in which a report file is a link (never written through) or a folder."""
    directory = Path(directory)
    if directory.is_symlink():   # the folder itself: its files would land wherever the link points
        raise ReportFolderError(f"--report {directory} is a link; gb16 never writes through a link — give the "
                                f"folder itself ({os.path.realpath(directory)}) or another folder")
    if directory.exists() and not directory.is_dir():
        raise ReportFolderError(f"--report {directory} is not a folder")
    ours = _written_before(directory)
    for fmt in formats:
        path = directory / REPORT_FILES[fmt]
        if path.is_symlink():
            if not overwrite:
                raise ReportFolderError(f"{path} is a link; gb16 never writes through a link "
                                        "(--overwrite replaces the link with a file)")
        elif path.is_dir():
            raise ReportFolderError(f"{path} is a folder; give another --report folder")
        elif path.exists() and path.name not in ours and not overwrite:
            raise ReportFolderError(f"{path} exists and gb16 did not write it (it is not named in "
                                    f"{directory / MANIFEST}); give --overwrite to replace it, or another folder")


def write_reports(log: RunLog, directory: Path | str, formats: Iterable[str] = tuple(REPORT_FILES),
                  overwrite: bool = False) -> dict[str, Path]:
    """Render *log* into *directory* in each format; returns format → path written.  Raises
    :class:`ReportFolderError` as :func:`check_folder` says."""
    directory, formats = Path(directory), list(formats)
    check_folder(directory, formats, overwrite)
    directory.mkdir(parents=True, exist_ok=True)
    summary = summarize(log)
    written = {}
    for fmt in formats:
        path = directory / REPORT_FILES[fmt]
        if path.is_symlink():
            path.unlink()   # the link itself, never what it points to
        path.write_text(render(fmt, summary), encoding="utf-8")
        written[fmt] = path
    manifest = directory / MANIFEST
    names = sorted(_written_before(directory) | {p.name for p in written.values()})
    if manifest.is_symlink():
        manifest.unlink()
    manifest.write_text("".join(f"{name}\n" for name in names), encoding="utf-8")
    return written


def _written_before(directory: Path) -> set[str]:
    """The report files gb16 wrote into *directory* (its manifest, read only when it is a small
    regular file)."""
    manifest = directory / MANIFEST
    if manifest.is_symlink() or not manifest.is_file() or manifest.stat().st_size > 4096:
        return set()
    return {line.strip() for line in manifest.read_text(encoding="utf-8", errors="replace").splitlines()} \
        & set(REPORT_FILES.values())
