"""The conformance site (``gb16 site RUNLOG... --out DIR``, gb16.tools.commands.site): static pages
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

Every page is a template (``site_*.html``, extending ``site.html``; gb16.tools.reports.templating):
everything from a run log is data, escaped by the templates' autoescaping (the SVG charts too:
``heatmap.svg`` and ``trend.svg``, laid out by gb16.tools.reports.charts), cut to a bounded length,
lists bounded (:data:`MAX_LISTED`, :data:`MAX_CASE_PAGES`).  The folder
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
from gb16.tools.reports.charts import Cell, heatmap, trend, TREND_PALETTE
from gb16.tools.reports import templating
from gb16.tools.reports.summary import Judgement, Summary, Tally, clause_sort_key, summarize

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

def page(template: str, depth: int = 0, **values: Any) -> str:
    """A page of the site: *template* (which extends ``site.html``) filled with *values*
    (*depth*: how many folders below the site's root the page is, for the relative links)."""
    return templating.render(template, root="../" * depth, gb16_version=provenance.gb16_version(),
                             short=short, run_counts=run_counts, badge_word=badge_word,
                             max_listed=MAX_LISTED, **values)


def badge_word(judgement: Judgement, status: str = "fail") -> str:
    """A case's mark (site_parts.html ``badge``): ``bug``, ``≈ <what it is attributed to>``,
    ``bug?`` (contested), ``known``, ``skipped``, ``pass``; an error, crash or timeout names its
    status too."""
    word = judgement.short if judgement.kind != "attributed" else f"≈ {short(judgement.to, 80)}"
    return f"{status} · {word}" if status in ("error", "crash", "timeout") else word


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


def _heatmap(runs: list[Run], attribute: str, kind: str, title: str, column=lambda r: r.impl.label) -> dict[str, Any]:
    """A heatmap of *runs* laid out (charts.heatmap) for ``heatmap.svg``."""
    rows = _keys(runs, attribute, kind)
    columns = [short(column(r), 120) for r in runs]
    cells = {}
    for run, name in zip(runs, columns):
        for key, _ in rows:
            tally = getattr(run.summary, attribute).get(key)
            if tally is not None:
                cells[(key, name)] = _cell(tally, f"{run.page}#{_anchor(kind, key)}")
    return heatmap(title, rows, columns, cells)


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


def _trend(site: Site) -> dict[str, Any] | None:
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
        return None
    versions = [v for v in site.versions if any(v in p for p in lines.values())]
    return {"chart": trend(versions, lines),
            "legend": [(name, TREND_PALETTE[k % len(TREND_PALETTE)]) for k, name in enumerate(lines)]}


def _random_column(run: Run) -> str:
    """A random run's heatmap column, what tells it from its neighbours first: ``seed 13 × 200 ·
    software-conventions-sample 0.1`` (the log's name too when two runs would share it)."""
    seed = run.measured.split(", ", 1)[-1]
    suffix = run.label[len(f"{run.impl.label} · {run.measured}"):]
    return f"{seed} · {run.impl.label}{suffix}"


def index_page(site: Site) -> str:
    return page("site_index.html", title="gb16 conformance", site=site, heatmap=_heatmap,
                random_column=_random_column, trend=_trend(site))


def _tally_rows(run: Run, attribute: str, kind: str) -> list[dict[str, Any]]:
    """A run's cases by area, fan or clause: each key's counts and its failing cases."""
    summary = run.summary
    rows = []
    for key, label in _keys([run], attribute, kind):
        tally = getattr(summary, attribute)[key]
        counted = [f"{tally.counts['pass']}/{tally.judged} passed" if tally.judged else "none judged"]
        counted += [f"{tally.bugs} bug{'s' if tally.bugs != 1 else ''}"] if tally.bugs else []
        counted += [f"{tally.kinds['contested']} contested"] if tally.kinds["contested"] else []
        counted += [f"{tally.kinds['attributed']} attributed"] if tally.kinds["attributed"] else []
        rows.append({"anchor": _anchor(kind, key), "label": label, "counted": ", ".join(counted),
                     "failing_ids": tally.failing_ids, "judged": tally.judged})
    return rows


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


def _failures(summary: Summary) -> list[tuple[Judgement, dict, list[str]]]:
    """Each failure, bugs first: its judgement, the case and the lines that say what is wrong."""
    rank = {"bug": 0, "contested": 1, "attributed": 2}
    out = []
    for case in sorted(summary.failures(), key=lambda c: rank[summary.judgement(c).kind]):
        judgement = summary.judgement(case)
        lines = [case.get("attribution") or judgement.text, input_line(case),
                 f"{expected_heading(case)}: {expected_text(case.get('expected'), summary.fan_label)}",
                 f"actual: {actual_text(case, summary.fan_label)}"] + \
            [x for x in diff_lines(case, summary.causes(case)) if x != case.get("attribution")]
        out.append((judgement, case, lines))
    return out


def impl_page(run: Run, case_pages: dict[str, str]) -> str:
    kinds = [("by_area", "area", "By family" if run.random else "By area"), ("by_fan", "fan", "By fan")]
    kinds += [] if run.random else [("by_clause", "clause", "By clause")]
    return page("site_run.html", depth=1, title=run.label, run=run, case_pages=case_pages,
                others=[r for r in run.impl.runs if r is not run], groups=cause_groups(run.summary),
                failures=_failures(run.summary),
                tally_sections=[{"kind": kind, "title": title, "rows": _tally_rows(run, attribute, kind)}
                                for attribute, kind, title in kinds])


def case_page(case_id: str, runs: list[Run], case_pages: dict[str, str]) -> str:
    first = next(r.cases[case_id] for r in runs if case_id in r.cases)
    answers = [(run, run.cases[case_id], [x for x in diff_lines(run.cases[case_id], run.summary.causes(run.cases[case_id]))
                                          if x != run.cases[case_id].get("attribution")])
               for run in runs if case_id in run.cases]
    return page("site_case.html", depth=1, title=case_id, case_id=case_id, first=first, answers=answers,
                case_pages=case_pages, cites=first.get("cites", [])[:50],
                clauses=next((r.summary.clauses for r in runs if r.summary.clauses), {}),
                input_line=input_line, expected_heading=expected_heading, expected_text=expected_text,
                actual_text=actual_text)


def cases_page(runs: list[Run], order: list[str], case_pages: dict[str, str]) -> str:
    rows = []
    for case_id in order:
        first = next(r.cases[case_id] for r in runs if case_id in r.cases)
        marks = [r.summary.judgement(r.cases[case_id]) if case_id in r.cases else None for r in runs]
        rows.append((case_id, first.get("area"), marks))
    return page("site_cases.html", title="Every case", runs=runs, rows=rows, case_pages=case_pages,
                marks_text=MARKS_TEXT, judgement_mark=JUDGEMENT_MARK)


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
             "site.css": templating.static("site.css")}
    for run in site.runs:
        pages[run.page] = impl_page(run, case_pages)
    for case_id, name in case_pages.items():
        pages[name] = case_page(case_id, shown, case_pages)
    return pages, {"implementations": [i.label for i in site.implementations], "logs": len(site.runs),
                   "corpus_versions": site.versions, "random_runs": [r.label for r in site.random_runs],
                   "cases": len(order), "case_pages": len(case_pages), "warnings": site.warnings,
                   "left_out": site.left_out}
