"""The conformance site (``gb16 site RUNLOG... --out DIR``, gb16.tools.cmd_site): static pages
from many run logs, side by side, as test262.fyi and Bowtie's report site show many
implementations.

* ``index.html`` — each implementation with its verdict and counts; heatmaps (SVG,
  :mod:`gb16.tools.reports.charts`) of area × implementation, fan × implementation and clause ×
  implementation, the pass rate in each cell and each cell a link to the failing cases; the
  pass rates over corpus versions when the logs cover several (a small SVG line chart);
* ``impl/<name>.html`` — one implementation: its verdict, the attribution of its failures and
  its run's other sections (what :func:`~gb16.tools.reports.summary.summarize` gives), its
  failures by cause, and its cases by fan, clause and area (the heatmaps' cells link here);
* ``case/<id>.html`` — one case: its input and clauses, and each implementation's answer;
* ``cases.html`` — every case and the status each implementation got.

Everything from a run log is data: escaped (HTML and SVG alike, gb16.tools.reports.html_page.esc),
cut to a bounded length, lists bounded (:data:`MAX_LISTED`, :data:`MAX_CASE_PAGES`).  The folder
is written only when it is empty or a previous site (its manifest, :data:`MANIFEST`, names the
files gb16 wrote; those are replaced and the ones no longer part of the site removed); any
other file is never touched, and nothing is written through a link.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from gb16.tools.harness import provenance, runlog
from gb16.tools.harness.runlog import FAILING
from gb16.tools.reports.case_text import actual_text, diff_lines, expected_heading, expected_text, input_line
from gb16.tools.reports.charts import Cell, heatmap_svg, trend_svg
from gb16.tools.reports.html_page import esc, section_html
from gb16.tools.reports.summary import Summary, Tally, clause_sort_key, summarize
from gb16.tools.reports.tables import STATUS_MARK

TEMPLATES = Path(__file__).resolve().parent / "templates"

#: The file naming what gb16 wrote into a site folder (first line: :data:`MANIFEST_MARK`).
MANIFEST = ".gb16-site"
MANIFEST_MARK = "gb16-site 1"
#: At most this many case pages (the failing cases first); the rest are listed without a page.
MAX_CASE_PAGES = 5000
#: At most this many case links in one list of a page.
MAX_LISTED = 200
#: Text from a run log is cut to this many characters where it is shown in a line.
MAX_TEXT = 400


class SiteFolderError(Exception):
    """A folder gb16 will not write the site into; the message says why."""


def short(value: Any, limit: int = MAX_TEXT) -> str:
    text = "—" if value is None else " ".join(str(value).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def slug(text: str) -> str:
    """A file name and URL fragment for any text: its safe characters (at most 60) and 8 hex
    digits of its hash, so that two texts never share one."""
    safe = re.sub(r"[^A-Za-z0-9._-]+", "-", text).strip("-.")[:60] or "x"
    return f"{safe}-{hashlib.sha256(text.encode('utf-8', 'surrogatepass')).hexdigest()[:8]}"


# --------------------------------------------------------------------------- the folder

def previous_files(directory: Path) -> set[str]:
    """The files a previous site in *directory* consists of (relative paths); raises
    :class:`SiteFolderError` when the folder holds anything and is not a site gb16 wrote."""
    if directory.is_symlink():
        raise SiteFolderError(f"{directory} is a link; gb16 never writes through a link")
    if not directory.exists():
        return set()
    if not directory.is_dir():
        raise SiteFolderError(f"{directory} is not a folder")
    manifest = directory / MANIFEST
    if not any(directory.iterdir()):
        return set()
    if manifest.is_symlink() or not manifest.is_file() or manifest.stat().st_size > 4_000_000:
        raise SiteFolderError(f"{directory} is not empty and is not a site gb16 wrote (no {MANIFEST} in it); "
                              "give an empty or new folder")
    lines = manifest.read_text(encoding="utf-8", errors="replace").splitlines()
    if not lines or lines[0] != MANIFEST_MARK:
        raise SiteFolderError(f"{manifest} is not a gb16 site manifest; give an empty or new folder")
    names = {line for line in lines[1:] if _our_name(line)}
    return names


def _our_name(name: str) -> bool:
    """A relative path the site could have written: ``x.html``, ``site.css``, ``impl/…``, ``case/…``."""
    return bool(re.fullmatch(r"(?:(?:impl|case)/)?[A-Za-z0-9._-]+\.(?:html|css)", name))


def write_site(directory: Path, pages: dict[str, str]) -> None:
    """Write *pages* (relative path → text) into *directory*, as :func:`previous_files` allows;
    remove the previous site's files that are no longer part of it; write the manifest."""
    old = previous_files(directory)
    for sub in ("impl", "case"):
        place = directory / sub
        if place.is_symlink() or (place.exists() and not place.is_dir()):
            raise SiteFolderError(f"{place} is a link or a file; gb16 writes only into folders of its own")
    for name in pages:
        path = directory / name
        if path.is_symlink():
            raise SiteFolderError(f"{path} is a link; gb16 never writes through a link")
        if path.exists() and name not in old:
            raise SiteFolderError(f"{path} exists and gb16 did not write it; give an empty or new folder")
    directory.mkdir(parents=True, exist_ok=True)
    for sub in ("impl", "case"):
        (directory / sub).mkdir(exist_ok=True)
    for name, text in pages.items():
        (directory / name).write_text(text, encoding="utf-8")
    for name in old - set(pages):
        path = directory / name
        if path.is_file() and not path.is_symlink():
            path.unlink()
    (directory / MANIFEST).write_text("\n".join([MANIFEST_MARK, *sorted(pages)]) + "\n", encoding="utf-8")


# --------------------------------------------------------------------------- the logs

@dataclass
class Run:
    """One run log in the site: its summary, its column label and its implementation page."""

    summary: Summary
    label: str
    page: str                 # impl/<slug>.html
    corpus: str               # the corpus version label ("0.1.0", or with its hash when versions repeat)
    cases: dict[str, dict] = field(default_factory=dict)


def impl_name(summary: Summary) -> str:
    return short(summary.impl.get("name", "?"), 100)


def version_key(version: Any) -> tuple:
    """Versions in their natural order: 0.9 before 0.10 (numbers as numbers)."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.findall(r"\d+|[^\d.]+", str(version)))


def load(paths: Iterable[str | Path]) -> tuple[list[Run], list[Run], list[str], list[str]]:
    """(every run, the current run of each implementation, the corpus versions in order, warnings).

    The corpus versions are in their natural order (then by their first run); an implementation's current runs are
    its runs on the newest corpus it was run on."""
    summaries = [summarize(runlog.read(p)) for p in paths]
    warnings = [f"{s.log.path.name}: incomplete run" for s in summaries if not s.log.complete]
    corpora: dict[tuple, str] = {}
    started: dict[tuple, str] = {}
    for s in summaries:
        key = (s.header.get("corpus", {}).get("version"), s.header.get("corpus", {}).get("hash"))
        started[key] = min(started.get(key, "~"), str(s.header.get("started", "")))
    versions = [k[0] for k in started]
    for key in sorted(started, key=lambda k: (version_key(k[0]), started[k])):
        version = short(key[0], 40)
        corpora[key] = version if versions.count(key[0]) == 1 else f"{version} ({short(key[1], 80)[7:19]})"
    order = list(corpora.values())
    labels = [f"{impl_name(s)} {short(s.impl.get('version', ''), 40)}".strip() for s in summaries]
    runs = []
    for s, label in zip(summaries, labels):
        key = (s.header.get("corpus", {}).get("version"), s.header.get("corpus", {}).get("hash"))
        corpus = corpora[key]
        if len(order) > 1:
            label = f"{label} @ {corpus}"
        if labels.count(label) > 1 or sum(1 for r in runs if r.label == label):
            label = f"{label} [{short(s.log.path.name, 60)}]"
        run = Run(s, label, f"impl/{slug(label)}.html", corpus, {c["id"]: c for c in s.cases})
        runs.append(run)
    newest: dict[str, int] = {}
    for run in runs:
        name = impl_name(run.summary)
        newest[name] = max(newest.get(name, -1), order.index(run.corpus))
    now = [r for r in runs if order.index(r.corpus) == newest[impl_name(r.summary)]]
    return runs, now, order, warnings


# --------------------------------------------------------------------------- pages

def page(title: str, body: str, depth: int = 0, crumbs: str = "") -> str:
    """A page of the site: the template with its title, navigation and body (*depth*: how many
    folders below the site's root the page is, for the relative links)."""
    up = "../" * depth
    template = (TEMPLATES / "site.html").read_text(encoding="utf-8")
    values = {"title": esc(title), "root": up, "crumbs": crumbs, "body": body,
              "gb16_version": esc(provenance.gb16_version())}
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], template)


def _rate_text(tally: Tally | None) -> str:
    return "—" if tally is None or not tally.judged else f"{tally.counts['pass']}/{tally.judged}"


def _verdict(summary: Summary) -> str:
    return f'<span class="verdict {esc(summary.verdict.key)}">{esc(short(summary.verdict.text))}</span>'


def _anchor(kind: str, key: str) -> str:
    return f"{kind}-{slug(key)}"


def _keys(runs: list[Run], attribute: str, kind: str) -> list[tuple[str, str]]:
    """The row keys of a heatmap over *runs*, in table order, with their labels."""
    seen: dict[str, str] = {}
    for run in runs:
        for key in getattr(run.summary, attribute):
            if key not in seen:
                if kind == "fan":
                    seen[key] = short(run.summary.fan_label(key), 80)
                elif kind == "clause":
                    seen[key] = short(key, 80)
                else:
                    seen[key] = short(key, 80)
    if kind == "fan":
        order = {f["id"]: f.get("number", 999) for r in runs for f in r.summary.header.get("fans", [])}
        return sorted(seen.items(), key=lambda kv: (order.get(kv[0], 999), kv[0]))
    if kind == "clause":
        return sorted(seen.items(), key=lambda kv: clause_sort_key(kv[0]))
    return sorted(seen.items())


def _heatmap(runs: list[Run], attribute: str, kind: str, title: str) -> str:
    rows = _keys(runs, attribute, kind)
    cells = {}
    for run in runs:
        for key, _ in rows:
            tally = getattr(run.summary, attribute).get(key)
            if tally is not None:
                cells[(key, run.label)] = Cell(tally.counts["pass"], tally.judged, tally.failed,
                                               f"{run.page}#{_anchor(kind, key)}")
    return f'<div class="scroll">{heatmap_svg(title, rows, [r.label for r in runs], cells)}</div>'


def _case_link(case_id: str, case_pages: dict[str, str], depth: int) -> str:
    target = case_pages.get(case_id)
    text = esc(short(case_id, 200))
    return f'<a class="case-id" href="{"../" * depth}{target}">{text}</a>' if target else f'<span class="case-id">{text}</span>'


def _links(ids: list[str], case_pages: dict[str, str], depth: int) -> str:
    shown = ", ".join(_case_link(i, case_pages, depth) for i in ids[:MAX_LISTED])
    return shown + (f' <span class="muted">… and {len(ids) - MAX_LISTED} more</span>' if len(ids) > MAX_LISTED else "")


def index_page(runs: list[Run], current: list[Run], versions: list[str], warnings: list[str]) -> str:
    rows = []
    for run in current:
        s, counts = run.summary, run.summary.counts
        judged = counts["total"] - counts["skipped"]
        failed = sum(counts[x] for x in FAILING)
        rows.append(f'<tr><td><a href="{esc(run.page)}">{esc(run.label)}</a></td><td>{_verdict(s)}</td>'
                    f'<td class="num">{counts["pass"]}/{judged}</td><td class="num">{failed}</td>'
                    f'<td class="num">{counts["skipped"]}</td><td>{esc(run.corpus)}</td>'
                    f'<td><code>{esc(short(s.log.path.name, 100))}</code></td></tr>')
    table = ('<div class="scroll"><table class="impls"><thead><tr><th>implementation</th><th>verdict</th>'
             '<th class="num">passed</th><th class="num">failed</th><th class="num">skipped</th><th>corpus</th>'
             f'<th>run log</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
    notes = "".join(f'<p class="note">warning: {esc(short(w))}</p>' for w in warnings)
    body = [f"<h1>gb16 conformance</h1>{notes}",
            f'<p>{len(current)} implementation{"s" if len(current) != 1 else ""} on corpus '
            f'{esc(", ".join(sorted({r.corpus for r in current})))}; each cell of a heatmap is the share of the '
            f'judged cases that passed, and a link to that implementation\'s cases there. '
            f'<a href="cases.html">Every case</a> with each implementation\'s status.</p>',
            '<section id="implementations"><h2>Implementations</h2>' + table + "</section>",
            '<section id="areas"><h2>Area × implementation</h2>'
            + _heatmap(current, "by_area", "area", "Pass rate by area and implementation") + "</section>",
            '<section id="fans"><h2>Fan × implementation</h2><p class="muted">The fans a case\'s expectation '
            'names (present or absent).</p>'
            + _heatmap(current, "by_fan", "fan", "Pass rate by fan and implementation") + "</section>",
            '<section id="clauses"><h2>Clause × implementation</h2><p class="muted">The clauses each case '
            'cites.</p>' + _heatmap(current, "by_clause", "clause", "Pass rate by clause and implementation")
            + "</section>"]
    if len(versions) > 1:
        lines: dict[str, dict[str, float]] = {}
        for run in runs:
            counts = run.summary.counts
            judged = counts["total"] - counts["skipped"]
            if judged:
                lines.setdefault(impl_name(run.summary), {})[run.corpus] = counts["pass"] / judged
        table = "".join(f"<tr><td>{esc(name)}</td>" + "".join(
            f'<td class="num">{100 * points[v]:.1f}%</td>' if v in points else "<td>—</td>" for v in versions)
            + "</tr>" for name, points in lines.items())
        body.append('<section id="versions"><h2>Pass rate over corpus versions</h2>'
                    f'<div class="chart">{trend_svg(versions, lines)}</div>'
                    '<div class="scroll"><table><thead><tr><th>implementation</th>'
                    + "".join(f"<th>{esc(v)}</th>" for v in versions) + f"</tr></thead><tbody>{table}</tbody>"
                    "</table></div></section>")
    return page("gb16 conformance", "\n".join(body))


def _tally_sections(run: Run, attribute: str, kind: str, title: str, case_pages: dict[str, str]) -> str:
    summary = run.summary
    statuses = {c["id"]: c["status"] for c in summary.cases}
    items = []
    for key, label in _keys([run], attribute, kind):
        tally = getattr(summary, attribute)[key]
        failing = [i for i in tally.ids if statuses.get(i) in FAILING]
        what = (f'failing: {_links(failing, case_pages, 1)}' if failing
                else f'<span class="muted">no failure among {tally.judged} judged</span>')
        items.append(f'<li id="{esc(_anchor(kind, key))}"><b>{esc(label)}</b> — {_rate_text(tally)} passed; {what}</li>')
    return f'<section id="by-{kind}"><h2>{esc(title)}</h2><ul class="tallies">{"".join(items)}</ul></section>'


def impl_page(run: Run, case_pages: dict[str, str]) -> str:
    summary = run.summary
    counts = summary.counts
    meta = [("implementation", esc(summary.impl_label())), ("corpus", esc(run.corpus)),
            ("rulings", esc(summary.declared_rulings())),
            ("connected as", f'<code>{esc(short(summary.header.get("impl_spec")))}</code>'),
            ("run log", f'<code>{esc(short(summary.log.path.name, 100))}</code> · <code>{esc(summary.runlog_sha256)}</code>'),
            ("counts", esc(", ".join(f"{k} {counts[k]}" for k in ("pass", "fail", "error", "crash", "timeout", "skipped",
                                                                  "known") if counts[k]) or "no cases"))]
    body = [f"<h1>{esc(run.label)}</h1>", f"<p>{_verdict(summary)}</p>",
            '<div class="scroll"><table class="meta">' + "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in meta)
            + "</table></div>"]
    body += [f'<div class="scroll">{section_html(section)}</div>' for section in summary.sections]
    groups = summary.failure_groups()
    if groups:
        rows = "".join(f'<tr><td class="num">{g.count}</td><td>{esc(short(g.signature))}</td>'
                       f'<td>{_links(g.ids, case_pages, 1)}</td></tr>' for g in groups[:MAX_LISTED])
        body.append('<section id="causes"><h2>Failures by cause</h2><div class="scroll"><table class="groups"><thead><tr>'
                    f'<th class="num">cases</th><th>cause</th><th>cases</th></tr></thead><tbody>{rows}</tbody></table>'
                    "</div></section>")
    failures = summary.failures()
    if failures:
        items = []
        for case in failures[:MAX_LISTED]:
            lines = [input_line(case), f"{expected_heading(case)}: {expected_text(case.get('expected'), summary.fan_label)}",
                     f"actual: {actual_text(case, summary.fan_label)}"] + diff_lines(case)
            items.append(f'<li>{_case_link(case["id"], case_pages, 1)} <span class="status {esc(case["status"])}">'
                         f'{esc(case["status"])}</span><ul>' + "".join(f"<li>{esc(short(x))}</li>" for x in lines)
                         + "</ul></li>")
        more = f'<p class="muted">… and {len(failures) - MAX_LISTED} more</p>' if len(failures) > MAX_LISTED else ""
        body.append(f'<section id="failures"><h2>Failures ({len(failures)})</h2><ul class="failures">'
                    f'{"".join(items)}</ul>{more}</section>')
    body += [_tally_sections(run, "by_area", "area", "By area", case_pages),
             _tally_sections(run, "by_fan", "fan", "By fan", case_pages),
             _tally_sections(run, "by_clause", "clause", "By clause", case_pages)]
    return page(run.label, "\n".join(body), depth=1, crumbs=f'<a href="../index.html">overview</a> › {esc(run.label)}')


def case_page(case_id: str, runs: list[Run]) -> str:
    first = next(r.cases[case_id] for r in runs if case_id in r.cases)
    clauses = next((r.summary.clauses for r in runs if r.summary.clauses), {})
    cites = "".join(f"<li><b>{esc(short(c, 100))}</b> {esc(short(clauses.get(c, {}).get('title', '')))}"
                    f"<div class=\"quote\">{esc(short(clauses.get(c, {}).get('quote', ''), 1200))}</div></li>"
                    for c in first.get("cites", [])[:50])
    rows = []
    for run in runs:
        case = run.cases.get(case_id)
        if case is None:
            rows.append(f'<tr><td><a href="../{esc(run.page)}">{esc(run.label)}</a></td><td class="muted">not run</td>'
                        "<td></td><td></td></tr>")
            continue
        labels = run.summary.fan_label
        rows.append(f'<tr><td><a href="../{esc(run.page)}">{esc(run.label)}</a></td>'
                    f'<td><span class="status {esc(case["status"])}">{esc(case["status"])}</span></td>'
                    f'<td>{esc(short(expected_heading(case)))}: {esc(short(expected_text(case.get("expected"), labels)))}</td>'
                    f'<td>{esc(short(actual_text(case, labels)))}'
                    + "".join(f'<div class="diff">{esc(short(x))}</div>' for x in diff_lines(case)) + "</td></tr>")
    body = [f'<h1 class="case-id">{esc(short(case_id, 200))}</h1>',
            f"<p>{esc(short(first.get('description', '')))}</p>",
            f'<p class="muted">{esc(short(first.get("area")))} · {esc(short(first.get("tier")))}'
            + (f' · {esc(short(", ".join(map(str, first.get("rulings") or []))))}' if first.get("rulings") else "") + "</p>",
            f"<p><code>{esc(short(input_line(first), 600))}</code></p>",
            '<section id="answers"><h2>Each implementation\'s answer</h2><div class="scroll"><table class="answers">'
            '<thead><tr><th>implementation</th><th>status</th><th>expected</th><th>answer</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div></section>']
    if cites:
        body.append(f'<section id="clauses"><h2>Clauses cited</h2><ul class="cites">{cites}</ul></section>')
    return page(case_id, "\n".join(body), depth=1,
                crumbs='<a href="../index.html">overview</a> › <a href="../cases.html">cases</a>')


def cases_page(runs: list[Run], order: list[str], case_pages: dict[str, str]) -> str:
    head = "".join(f'<th title="{esc(r.label)}"><a href="{esc(r.page)}">{esc(short(r.label, 40))}</a></th>' for r in runs)
    rows = []
    for case_id in order:
        marks = "".join(f'<td class="mark {esc((r.cases.get(case_id) or {}).get("status", "none"))}">'
                        f'{esc(STATUS_MARK.get((r.cases.get(case_id) or {}).get("status"), "?"))}</td>' for r in runs)
        first = next(r.cases[case_id] for r in runs if case_id in r.cases)
        rows.append(f"<tr><td>{_case_link(case_id, case_pages, 0)}</td><td>{esc(short(first.get('area'), 60))}</td>"
                    f"{marks}</tr>")
    return page("Every case", '<h1>Every case</h1><p class="muted">✓ pass, ✗ fail, E error, C crash, T timeout, '
                'k known failure, – skipped, blank not run.</p><div class="scroll"><table class="interop"><thead><tr>'
                f'<th>case</th><th>area</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>',
                crumbs='<a href="index.html">overview</a> › cases')


def build(paths: Iterable[str | Path]) -> tuple[dict[str, str], dict[str, Any]]:
    """Every page of the site for the run logs *paths* (relative path → HTML), and what it holds."""
    runs, current, versions, warnings = load(paths)
    order: dict[str, None] = {}
    for run in current:
        order.update(dict.fromkeys(run.cases))
    failing = [i for i in order if any(r.cases.get(i, {}).get("status") in FAILING for r in current)]
    chosen = (failing + [i for i in order if i not in set(failing)])[:MAX_CASE_PAGES]
    case_pages = {i: f"case/{slug(i)}.html" for i in chosen}
    pages = {"index.html": index_page(runs, current, versions, warnings),
             "cases.html": cases_page(current, list(order), case_pages),
             "site.css": (TEMPLATES / "site.css").read_text(encoding="utf-8")}
    for run in current:
        pages[run.page] = impl_page(run, case_pages)
    for case_id, name in case_pages.items():
        pages[name] = case_page(case_id, current)
    return pages, {"implementations": [r.label for r in current], "corpus_versions": versions,
                   "cases": len(order), "case_pages": len(case_pages), "warnings": warnings}
