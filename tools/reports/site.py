"""The conformance site (``gb16 site RUNLOG... --out DIR``, gb16.tools.cmd_site): static pages
from many run logs, side by side, as test262.fyi and Bowtie's report site show many
implementations.

Every log is shown, grouped by what it measured.  An implementation is its name, version and
declared rules (:class:`Implementation`); its corpus runs are ordered by corpus version, its
random runs by variant, seed and size, and the two are never mixed: a random run's hands are
not a corpus version.

* ``index.html`` — each implementation with its verdict, its corpus runs and its random runs
  side by side (each a link); heatmaps (SVG, :mod:`gb16.tools.reports.charts`) of area, fan
  and clause × the newest corpus run of each implementation, and of family and fan × every
  random run — each cell coloured by the judged cases *without a bug* (a failure attributed to
  an open ruling's option or an edition delta is marked, not counted) and a link to the cases;
  the pass rate over corpus versions, one line per implementation across its own corpus runs
  only; the logs left out and why;
* ``impl/<run>.html`` — one run log: its verdict and attribution, its failures by cause and each
  failure, every one marked bug, attributed (to what), contested or known, its cases by fan,
  clause and area (the heatmaps' cells link here), and the implementation's other runs;
* ``case/<id>.html`` — one case: its input and clauses, and each implementation's answer;
* ``cases.html`` — every corpus case and what each implementation's newest corpus run made of it.

A log is left out only when it cannot be read or is the very same file as another (same
sha256); each is named with why (:attr:`Site.left_out`, printed by the command; ``--strict``
fails instead).  What a failure is — bug, attributed, contested — comes from the attribution
the logs are given with: read and judged by tools/harness/judging.py (:func:`read_together`),
the one place an attribution joined across an implementation's runs is worked out.

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
from typing import Any

from gb16.tools.harness import provenance
from gb16.tools.harness.attribution import Attribution
from gb16.tools.harness.declaration import declared_rules
from gb16.tools.harness.runlog import FAILING, JudgedLogs, RunLogError
from gb16.tools.reports.case_text import actual_text, diff_lines, expected_heading, expected_text, input_line
from gb16.tools.reports.charts import Cell, heatmap_svg, trend_svg, TREND_PALETTE
from gb16.tools.reports.html_page import esc, section_html
from gb16.tools.reports.summary import Judgement, Summary, Tally, clause_sort_key, summarize

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
#: A judgement's mark in the every-case table (✓ pass, ✗ bug, ✗? contested, ≈ attributed …).
JUDGEMENT_MARK = {"pass": "✓", "bug": "✗", "contested": "✗?", "attributed": "≈", "known": "k", "skipped": "–"}
MARKS_TEXT = ("✓ pass, ✗ bug, ✗? bug that a contradicted option or delta would explain (contested), "
              "≈ a difference attributed to an open ruling's option or an edition delta, k known failure, "
              "– skipped, blank not run")


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
    """One run log in the site: its summary, what it measured, its label and its page."""

    summary: Summary
    impl: "Implementation"
    measured: str             # "corpus 0.1.0" or "random gb16 hands, seed 13 × 200"
    label: str                # the implementation and what was measured, unique in the site
    page: str                 # impl/<slug>.html
    corpus: str = ""          # a corpus run's corpus version label ("0.1.0", with its hash when versions repeat)
    cases: dict[str, dict] = field(default_factory=dict)
    order: tuple = ()         # its place among the implementation's runs of its kind

    @property
    def random(self) -> bool:
        return self.summary.differential


@dataclass
class Implementation:
    """An implementation as the logs name it — name, version and the rules it declares — with its
    corpus runs (in corpus-version order) and its random runs (by variant, seed and size)."""

    name: str
    version: str
    declared: str
    corpus_runs: list[Run] = field(default_factory=list)
    random_runs: list[Run] = field(default_factory=list)

    @property
    def label(self) -> str:
        return f"{self.name} {self.version}".strip()

    @property
    def current(self) -> Run | None:
        """Its run on the newest corpus version (the last of them when there are several)."""
        return self.corpus_runs[-1] if self.corpus_runs else None

    @property
    def runs(self) -> list[Run]:
        return self.corpus_runs + self.random_runs


@dataclass
class Site:
    """What the site shows: the implementations, every run, the corpus versions in order, the
    logs left out (path, why) and warnings."""

    implementations: list[Implementation]
    runs: list[Run]
    versions: list[str]
    left_out: list[tuple[str, str]]
    warnings: list[str]

    @property
    def current(self) -> list[Run]:
        return [i.current for i in self.implementations if i.current is not None]

    @property
    def random_runs(self) -> list[Run]:
        return [r for i in self.implementations for r in i.random_runs]


def impl_name(summary: Summary) -> str:
    return short(summary.impl.get("name", "?"), 100)


def declared_text(summary: Summary) -> str:
    """The rules an implementation declares, in the attribution's words: ``seed000``,
    ``seed000 with R-009:A``, ``edition mcr2006``."""
    try:
        return Attribution.target(declared_rules(summary.impl))
    except Exception:   # a declaration this gb16 cannot read: shown as the log gives it
        impl = summary.impl
        return short("; ".join(f"{k} {impl.get(k)}" for k in ("rulings", "edition", "deltas") if impl.get(k)) or "?", 200)


def version_key(version: Any) -> tuple:
    """Versions in their natural order: 0.9 before 0.10 (numbers as numbers)."""
    return tuple((0, int(part), "") if part.isdigit() else (1, 0, part)
                 for part in re.findall(r"\d+|[^\d.]+", str(version)))


def random_measured(summary: Summary) -> tuple[tuple, str]:
    """A random run's sort key and words: ``random gb16 hands, seed 13 × 200``."""
    options = summary.header.get("options") or {}
    variant = short(options.get("variant") or "gb16", 20)
    seed, hands = options.get("seed"), options.get("random", summary.header.get("selected"))
    key = (variant, version_key(seed), version_key(hands))
    return key, f"random {variant} hands, seed {short(seed, 40)} × {short(hands, 20)}"


def load(judged: JudgedLogs) -> Site:
    """Every log read and judged (tools/harness/judging.py), by implementation and by what it measured."""
    left_out = list(judged.left_out)
    summaries = [summarize(log) for log in judged.logs]
    warnings = [f"{s.log.path.name}: incomplete run (shown as far as it went)" for s in summaries if not s.log.complete]

    corpus_runs = [s for s in summaries if not s.differential]
    started: dict[tuple, str] = {}
    for s in corpus_runs:
        key = (s.header.get("corpus", {}).get("version"), s.header.get("corpus", {}).get("hash"))
        started[key] = min(started.get(key, "~"), str(s.header.get("started", "")))
    names = [k[0] for k in started]
    corpora = {}
    for key in sorted(started, key=lambda k: (version_key(k[0]), started[k])):
        version = short(key[0], 40)
        corpora[key] = version if names.count(key[0]) == 1 else f"{version} ({short(key[1], 80)[7:19]})"
    versions = list(corpora.values())

    implementations: dict[tuple, Implementation] = {}
    runs: list[Run] = []
    for s in summaries:
        impl = s.impl
        key = (str(impl.get("name", "?")), str(impl.get("version", "")), declared_text(s))
        owner = implementations.setdefault(key, Implementation(impl_name(s), short(impl.get("version", ""), 40), key[2]))
        if s.differential:
            order, measured = random_measured(s)
            corpus = ""
        else:
            corpus = corpora[(s.header.get("corpus", {}).get("version"), s.header.get("corpus", {}).get("hash"))]
            order, measured = (versions.index(corpus),), f"corpus {corpus}"
        run = Run(s, owner, measured, f"{owner.label} · {measured}", "", corpus, {c["id"]: c for c in s.cases},
                  (order, str(s.header.get("started", ""))))
        (owner.random_runs if s.differential else owner.corpus_runs).append(run)
        runs.append(run)
    labels = [r.label for r in runs]
    for run in runs:
        if labels.count(run.label) > 1:          # two runs of one implementation on the same thing
            run.label = f"{run.label} [{short(run.summary.log.path.name, 60)}]"
        run.page = f"impl/{slug(run.label)}.html"
    for owner in implementations.values():
        owner.corpus_runs.sort(key=lambda r: r.order)
        owner.random_runs.sort(key=lambda r: r.order)
    ordered = sorted(implementations.values(), key=lambda i: (i.name, version_key(i.version), i.declared))
    if len({i.label for i in ordered}) < len(ordered):   # one name and version, two declarations
        for i in ordered:
            i.version = f"{i.version} ({i.declared})".strip()
    return Site(ordered, [r for i in ordered for r in i.runs], versions, left_out, warnings)


# --------------------------------------------------------------------------- pages

def page(title: str, body: str, depth: int = 0, crumbs: str = "") -> str:
    """A page of the site: the template with its title, navigation and body (*depth*: how many
    folders below the site's root the page is, for the relative links)."""
    up = "../" * depth
    template = (TEMPLATES / "site.html").read_text(encoding="utf-8")
    values = {"title": esc(title), "root": up, "crumbs": crumbs, "body": body,
              "gb16_version": esc(provenance.gb16_version())}
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], template)


def _verdict(summary: Summary) -> str:
    return f'<span class="verdict {esc(summary.verdict.key)}">{esc(short(summary.verdict.text))}</span>'


def badge(judgement: Judgement, status: str = "fail") -> str:
    """A case's mark: ``bug`` (red), ``≈ <what it is attributed to>`` (blue), ``bug?`` (contested,
    orange), ``known``, ``skipped``, ``pass``; an error, crash or timeout names its status too."""
    word = judgement.short if judgement.kind != "attributed" else f"≈ {short(judgement.to, 80)}"
    if status in ("error", "crash", "timeout"):
        word = f"{status} · {word}"
    return f'<span class="judgement {esc(judgement.kind)}" title="{esc(judgement.text)}">{esc(word)}</span>'


def _anchor(kind: str, key: str) -> str:
    return f"{kind}-{slug(key)}"


def _keys(runs: list[Run], attribute: str, kind: str) -> list[tuple[str, str]]:
    """The row keys of a heatmap over *runs*, in table order, with their labels."""
    seen: dict[str, str] = {}
    for run in runs:
        for key in getattr(run.summary, attribute):
            if key not in seen:
                seen[key] = short(run.summary.fan_label(key) if kind == "fan" else key, 80)
    if kind == "fan":
        order = {f["id"]: f.get("number", 999) for r in runs for f in r.summary.header.get("fans", [])}
        return sorted(seen.items(), key=lambda kv: (order.get(kv[0], 999), kv[0]))
    if kind == "clause":
        return sorted(seen.items(), key=lambda kv: clause_sort_key(kv[0]))
    return sorted(seen.items())


def _cell(tally: Tally, href: str) -> Cell:
    return Cell(tally.counts["pass"], tally.judged, tally.bugs, href, tally.kinds["attributed"], tally.kinds["contested"])


def _heatmap(runs: list[Run], attribute: str, kind: str, title: str, column=lambda r: r.impl.label) -> str:
    rows = _keys(runs, attribute, kind)
    columns = [short(column(r), 120) for r in runs]
    cells = {}
    for run, name in zip(runs, columns):
        for key, _ in rows:
            tally = getattr(run.summary, attribute).get(key)
            if tally is not None:
                cells[(key, name)] = _cell(tally, f"{run.page}#{_anchor(kind, key)}")
    return f'<div class="scroll">{heatmap_svg(title, rows, columns, cells)}</div>'


HEATMAP_LEGEND = ('<p class="legend"><span class="swatch" style="background:#1a9850"></span> no bug · '
                  '<span class="swatch" style="background:#fee08b"></span> half · '
                  '<span class="swatch" style="background:#d73027"></span> every judged case a bug · '
                  '<span class="swatch corner"></span> some differences attributed to an open ruling\'s option or an '
                  'edition delta (not bugs) · grey: nothing judged. Each cell: the share of judged cases without a bug '
                  '(a failing case counts only against the fans its answer got wrong); hover for the counts, click for '
                  'the cases.</p>')


def _case_link(case_id: str, case_pages: dict[str, str], depth: int) -> str:
    target = case_pages.get(case_id)
    text = esc(short(case_id, 200))
    return f'<a class="case-id" href="{"../" * depth}{target}">{text}</a>' if target else f'<span class="case-id">{text}</span>'


def _links(ids: list[str], case_pages: dict[str, str], depth: int) -> str:
    shown = ", ".join(_case_link(i, case_pages, depth) for i in ids[:MAX_LISTED])
    return shown + (f' <span class="muted">… and {len(ids) - MAX_LISTED} more</span>' if len(ids) > MAX_LISTED else "")


def run_counts(summary: Summary) -> str:
    """``790/911 passed · 90 bugs · 31 attributed``: what a run came to, bugs told from differences."""
    kinds = {k: 0 for k in ("bug", "contested", "attributed")}
    for case in summary.failures():
        kinds[summary.judgement(case).kind] += 1
    counts = summary.counts
    judged = counts["total"] - counts["skipped"]
    parts = [f"{counts['pass']}/{judged} {'agree' if summary.differential else 'passed'}",
             f"{kinds['bug'] + kinds['contested']} bug{'s' if kinds['bug'] + kinds['contested'] != 1 else ''}"]
    parts += [f"{kinds['contested']} contested"] if kinds["contested"] else []
    parts += [f"{kinds['attributed']} attributed"] if kinds["attributed"] else []
    parts += [f"{counts['known']} known"] if counts["known"] else []
    parts += [f"{counts['skipped']} skipped"] if counts["skipped"] else []
    return " · ".join(parts)


def _run_item(run: Run, depth: int = 0) -> str:
    incomplete = "" if run.summary.log.complete else ' <span class="muted">(incomplete)</span>'
    return (f'<li><a href="{"../" * depth}{esc(run.page)}">{esc(run.measured)}</a>{incomplete}: '
            f'{esc(run_counts(run.summary))}</li>')


def _runs_list(runs: list[Run], depth: int = 0) -> str:
    return (f'<ul class="runs">{"".join(_run_item(r, depth) for r in runs)}</ul>' if runs
            else '<span class="muted">none</span>')


def _trend(site: Site) -> str:
    """Pass rates over corpus versions: one line per implementation across its own corpus runs
    (never a random run: its hands are not a corpus version); drawn when one has several."""
    lines: dict[str, dict[str, float]] = {}
    for impl in site.implementations:
        points = {}
        for run in impl.corpus_runs:
            counts = run.summary.counts
            judged = counts["total"] - counts["skipped"]
            if judged:
                points[run.corpus] = counts["pass"] / judged
        if len(points) > 1:
            lines[impl.label] = points
    if not lines:
        return ""
    versions = [v for v in site.versions if any(v in p for p in lines.values())]
    legend = "".join(f'<li><span class="swatch" style="background:{TREND_PALETTE[k % len(TREND_PALETTE)]}"></span>'
                     f'{esc(name)}</li>' for k, name in enumerate(lines))
    return ('<section id="versions"><h2>Pass rate over corpus versions</h2><p class="muted">Each line: one '
            'implementation\'s corpus runs, by corpus version (random runs are not versions and are not drawn).</p>'
            f'<div class="chart">{trend_svg(versions, lines)}</div><ul class="chart-legend">{legend}</ul></section>')


def _random_column(run: Run) -> str:
    """A random run's heatmap column, what tells it from its neighbours first: ``seed 13 × 200 ·
    software-conventions-sample 0.1`` (the log's name too when two runs would share it)."""
    seed = run.measured.split(", ", 1)[-1]
    suffix = run.label[len(f"{run.impl.label} · {run.measured}"):]
    return f"{seed} · {run.impl.label}{suffix}"


def index_page(site: Site) -> str:
    rows = []
    for impl in site.implementations:
        main_run = impl.current or impl.random_runs[-1]
        rows.append(f'<tr><td><b>{esc(impl.label)}</b><div class="muted">declares {esc(impl.declared)}</div></td>'
                    f'<td><a href="{esc(main_run.page)}">{_verdict(main_run.summary)}</a>'
                    f'<div class="muted">{esc(main_run.measured)}</div></td>'
                    f'<td>{_runs_list(impl.corpus_runs)}</td><td>{_runs_list(impl.random_runs)}</td></tr>')
    n_logs = len(site.runs)
    body = ['<h1>Conformance</h1>',
            f'<p>{n_logs} run log{"s" if n_logs != 1 else ""} of {len(site.implementations)} '
            f'implementation{"s" if len(site.implementations) != 1 else ""}'
            + (f'; {len(site.left_out)} left out (below)' if site.left_out else "; none left out") + '. '
            '<a href="cases.html">Every corpus case</a>.</p>']
    body += [f'<p class="note">{esc(w)}</p>' for w in site.warnings]
    body.append('<section id="implementations"><h2>Implementations</h2><p class="muted">Each implementation\'s corpus '
                'runs by corpus version and its random runs by variant, seed and size; the verdict is its newest '
                'corpus run\'s. A bug is a failure no open ruling\'s option or edition delta explains; an attributed '
                'failure is a difference of rules, not a bug.</p><div class="scroll"><table class="impls"><thead><tr>'
                '<th>implementation</th><th>verdict</th><th>corpus runs</th><th>random runs</th></tr></thead><tbody>'
                + "".join(rows) + "</tbody></table></div></section>")
    current, randoms = site.current, site.random_runs
    if current:
        body.append('<section id="heatmaps"><h2>Corpus runs: cases without a bug</h2>'
                    '<p class="muted">The newest corpus run of each implementation.</p>' + HEATMAP_LEGEND
                    + "<h3>By area</h3>" + _heatmap(current, "by_area", "area", "area × implementation")
                    + "<h3>By fan</h3>" + _heatmap(current, "by_fan", "fan", "fan × implementation")
                    + "<h3>By clause</h3>" + _heatmap(current, "by_clause", "clause", "clause × implementation")
                    + "</section>")
    if randoms:
        body.append('<section id="random-heatmaps"><h2>Random runs: hands without a bug</h2>'
                    '<p class="muted">Every random run, each its own column (a seed is never joined to another or to '
                    'a corpus version).</p>' + HEATMAP_LEGEND
                    + "<h3>By family</h3>" + _heatmap(randoms, "by_area", "area", "family × random run",
                                                      column=_random_column)
                    + "<h3>By fan</h3>" + _heatmap(randoms, "by_fan", "fan", "fan × random run", column=_random_column)
                    + "</section>")
    body.append(_trend(site))
    if site.left_out:
        items = "".join(f"<li><code>{esc(short(path, 300))}</code>: {esc(why)}</li>" for path, why in site.left_out)
        body.append(f'<section id="left-out"><h2>Left out</h2><ul>{items}</ul></section>')
    return page("gb16 conformance", "\n".join(b for b in body if b))


def _tally_sections(run: Run, attribute: str, kind: str, title: str, case_pages: dict[str, str]) -> str:
    summary = run.summary
    items = []
    for key, label in _keys([run], attribute, kind):
        tally = getattr(summary, attribute)[key]
        counted = [f"{tally.counts['pass']}/{tally.judged} passed" if tally.judged else "none judged"]
        counted += [f"{tally.bugs} bug{'s' if tally.bugs != 1 else ''}"] if tally.bugs else []
        counted += [f"{tally.kinds['contested']} contested"] if tally.kinds["contested"] else []
        counted += [f"{tally.kinds['attributed']} attributed"] if tally.kinds["attributed"] else []
        what = (f'failing here: {_links(tally.failing_ids, case_pages, 1)}' if tally.failing_ids
                else f'<span class="muted">no failure among {tally.judged} judged</span>')
        items.append(f'<li id="{esc(_anchor(kind, key))}"><b>{esc(label)}</b> — {esc(", ".join(counted))}; {what}</li>')
    return f'<section id="by-{kind}"><h2>{esc(title)}</h2><ul class="tallies">{"".join(items)}</ul></section>'


def cause_groups(summary: Summary) -> list[tuple[str, Judgement, list[str]]]:
    """The failures grouped by cause *and* judgement — bugs first, then contested, then
    attributed — so that a difference of rules is never counted in a bug's row."""
    groups: dict[tuple[str, Judgement], list[str]] = {}
    for case in summary.failures():
        judgement = summary.judgement(case)
        for signature in dict.fromkeys(cause.group for cause in summary.causes(case)):
            groups.setdefault((signature, judgement), []).append(case["id"])
    rank = {"bug": 0, "contested": 1, "attributed": 2}
    return [(sig, j, ids) for (sig, j), ids in sorted(groups.items(), key=lambda kv: (rank[kv[0][1].kind], -len(kv[1]),
                                                                                       kv[0][0], kv[0][1].to))]


def impl_page(run: Run, case_pages: dict[str, str]) -> str:
    summary = run.summary
    counts = summary.counts
    others = [r for r in run.impl.runs if r is not run]
    meta = [("implementation", esc(summary.impl_label())), ("declares", esc(run.impl.declared)),
            ("measured", esc(run.measured)),
            ("connected as", f'<code>{esc(short(summary.header.get("impl_spec")))}</code>'),
            ("run log", f'<code>{esc(short(summary.log.path.name, 100))}</code> · <code>{esc(summary.runlog_sha256)}</code>'),
            ("counts", esc(run_counts(summary) if counts["total"] else "no cases")),
            ("its other runs", _runs_list(others, 1))]
    body = [f"<h1>{esc(run.label)}</h1>", f"<p>{_verdict(summary)}</p>",
            '<div class="scroll"><table class="meta">' + "".join(f"<tr><th>{k}</th><td>{v}</td></tr>" for k, v in meta)
            + "</table></div>"]
    body += [f'<div class="scroll">{section_html(section)}</div>' for section in summary.sections]
    groups = cause_groups(summary)
    if groups:
        rows = "".join(f'<tr class="{esc(j.kind)}"><td class="num">{len(ids)}</td><td>{esc(short(sig))}</td>'
                       f'<td>{badge(j)}</td><td>{_links(ids, case_pages, 1)}</td></tr>' for sig, j, ids in groups[:MAX_LISTED])
        body.append('<section id="causes"><h2>Failures by cause</h2><p class="muted">Bugs first; a difference attributed '
                    'to an open ruling\'s option or an edition delta is a row of its own.</p><div class="scroll">'
                    '<table class="groups"><thead><tr><th class="num">cases</th><th>cause</th><th>judged</th>'
                    f'<th>cases</th></tr></thead><tbody>{rows}</tbody></table></div></section>')
    failures = summary.failures()
    if failures:
        rank = {"bug": 0, "contested": 1, "attributed": 2}
        failures = sorted(failures, key=lambda c: rank[summary.judgement(c).kind])
        items = []
        for case in failures[:MAX_LISTED]:
            judgement = summary.judgement(case)
            lines = [case.get("attribution") or judgement.text, input_line(case),
                     f"{expected_heading(case)}: {expected_text(case.get('expected'), summary.fan_label)}",
                     f"actual: {actual_text(case, summary.fan_label)}"] + \
                [x for x in diff_lines(case, summary.causes(case)) if x != case.get("attribution")]
            items.append(f'<li class="{esc(judgement.kind)}">{badge(judgement, case["status"])} '
                         f'{_case_link(case["id"], case_pages, 1)}<ul>'
                         + "".join(f"<li>{esc(short(x))}</li>" for x in lines) + "</ul></li>")
        more = f'<p class="muted">… and {len(failures) - MAX_LISTED} more</p>' if len(failures) > MAX_LISTED else ""
        body.append(f'<section id="failures"><h2>Failures ({len(failures)})</h2><ul class="failures">'
                    f'{"".join(items)}</ul>{more}</section>')
    body += [_tally_sections(run, "by_area", "area", "By family" if run.random else "By area", case_pages),
             _tally_sections(run, "by_fan", "fan", "By fan", case_pages)]
    if not run.random:
        body.append(_tally_sections(run, "by_clause", "clause", "By clause", case_pages))
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
            continue
        labels = run.summary.fan_label
        rows.append(f'<tr><td><a href="../{esc(run.page)}">{esc(run.label)}</a></td>'
                    f'<td>{badge(run.summary.judgement(case), case["status"])}</td>'
                    f'<td>{esc(short(expected_heading(case)))}: {esc(short(expected_text(case.get("expected"), labels)))}</td>'
                    f'<td>{esc(short(actual_text(case, labels)))}'
                    + "".join(f'<div class="diff">{esc(short(x))}</div>' for x in diff_lines(case, run.summary.causes(case))
                              if x != case.get("attribution"))
                    + "</td></tr>")
    body = [f'<h1 class="case-id">{esc(short(case_id, 200))}</h1>',
            f"<p>{esc(short(first.get('description', '')))}</p>",
            f'<p class="muted">{esc(short(first.get("area")))} · {esc(short(first.get("tier")))}'
            + (f' · {esc(short(", ".join(map(str, first.get("rulings") or []))))}' if first.get("rulings") else "") + "</p>",
            f"<p><code>{esc(short(input_line(first), 600))}</code></p>",
            '<section id="answers"><h2>Each implementation\'s answer</h2><div class="scroll"><table class="answers">'
            '<thead><tr><th>run</th><th>judged</th><th>expected</th><th>answer</th></tr></thead>'
            f'<tbody>{"".join(rows)}</tbody></table></div></section>']
    if cites:
        body.append(f'<section id="clauses"><h2>Clauses cited</h2><ul class="cites">{cites}</ul></section>')
    return page(case_id, "\n".join(body), depth=1,
                crumbs='<a href="../index.html">overview</a> › <a href="../cases.html">cases</a>')


def cases_page(runs: list[Run], order: list[str], case_pages: dict[str, str]) -> str:
    head = "".join(f'<th title="{esc(r.label)}"><a href="{esc(r.page)}">{esc(short(r.impl.label, 40))}</a></th>' for r in runs)
    rows = []
    for case_id in order:
        marks = []
        for r in runs:
            case = r.cases.get(case_id)
            if case is None:
                marks.append('<td class="mark none"></td>')
                continue
            judgement = r.summary.judgement(case)
            marks.append(f'<td class="mark {esc(judgement.kind)}" title="{esc(judgement.text)}">'
                         f'{esc(JUDGEMENT_MARK.get(judgement.kind, "?"))}</td>')
        first = next(r.cases[case_id] for r in runs if case_id in r.cases)
        rows.append(f"<tr><td>{_case_link(case_id, case_pages, 0)}</td><td>{esc(short(first.get('area'), 60))}</td>"
                    f"{''.join(marks)}</tr>")
    return page("Every case", f'<h1>Every corpus case</h1><p class="muted">The newest corpus run of each implementation. '
                f'{esc(MARKS_TEXT)}.</p><div class="scroll"><table class="interop"><thead><tr>'
                f'<th>case</th><th>area</th>{head}</tr></thead><tbody>{"".join(rows)}</tbody></table></div>',
                crumbs='<a href="index.html">overview</a> › cases')


def build(judged: JudgedLogs) -> tuple[dict[str, str], dict[str, Any]]:
    """Every page of the site for the run logs read and judged (tools/harness/judging.py
    :func:`read_together`; relative path → HTML), and what it holds."""
    site = load(judged)
    if not site.runs:
        raise RunLogError("no run log could be read: " + "; ".join(f"{p}: {why}" for p, why in site.left_out))
    current = site.current
    order: dict[str, None] = {}
    for run in current:
        order.update(dict.fromkeys(run.cases))
    shown = current + site.random_runs
    every: dict[str, None] = dict(order)
    for run in site.random_runs:
        every.update(dict.fromkeys(run.cases))
    failing = [i for i in every if any(r.cases.get(i, {}).get("status") in FAILING for r in shown)]
    chosen = (failing + [i for i in order if i not in set(failing)])[:MAX_CASE_PAGES]
    case_pages = {i: f"case/{slug(i)}.html" for i in chosen}
    pages = {"index.html": index_page(site),
             "cases.html": cases_page(current, list(order), case_pages),
             "site.css": (TEMPLATES / "site.css").read_text(encoding="utf-8")}
    for run in site.runs:
        pages[run.page] = impl_page(run, case_pages)
    for case_id, name in case_pages.items():
        pages[name] = case_page(case_id, shown)
    return pages, {"implementations": [i.label for i in site.implementations], "logs": len(site.runs),
                   "corpus_versions": site.versions, "random_runs": [r.label for r in site.random_runs],
                   "cases": len(order), "case_pages": len(case_pages), "warnings": site.warnings,
                   "left_out": site.left_out}
