"""``gb16 site RUNLOG... --out DIR``: the static conformance site from three run logs (two
implementations, two corpus versions) — its pages, heatmaps and links, the chart over versions,
escaping of everything from a run log, and the folder it will and will not write into.
(In a browser: tests/test_site_browser.py.)"""

from __future__ import annotations

import json
import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conformance_runs import sample_runs, three_runs
from gb16.tools.commands.cli import main
from gb16.tools.harness import judging, runlog
from gb16.tools.reports import charts, site, templating


@pytest.fixture(scope="module")
def logs(tmp_path_factory) -> list[Path]:
    return three_runs(tmp_path_factory.mktemp("site-runs"), hostile=True)


@pytest.fixture(scope="module")
def built(logs, tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("site") / "site"
    assert main(["site", *map(str, logs), "--out", str(out)]) == 0
    return out


class Links(HTMLParser):
    """Every link target and every element of a page."""

    def __init__(self):
        super().__init__()
        self.hrefs: list[str] = []
        self.tags: list[str] = []
        self.ids: set[str] = set()

    def handle_starttag(self, tag, attrs):
        self.tags.append(tag)
        attrs = dict(attrs)
        if attrs.get("href"):
            self.hrefs.append(attrs["href"])
        if attrs.get("id"):
            self.ids.add(attrs["id"])


def parse(path: Path) -> Links:
    parser = Links()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def test_the_site_has_its_pages_and_heatmaps(built):
    index = (built / "index.html").read_text(encoding="utf-8")
    assert index.count('<svg xmlns="http://www.w3.org/2000/svg" class="heatmap"') == 3   # area, fan, clause
    assert 'class="trend"' in index                     # two corpus versions: the chart
    assert "1.0" in index and "1.1" in index
    impl_pages = sorted((built / "impl").glob("*.html"))
    assert len(impl_pages) == 3                         # every run log has its page
    assert len(list((built / "case").glob("*.html"))) == 9   # the cases of corpus 1.1
    wrong = next(text for text in (p.read_text(encoding="utf-8") for p in impl_pages)
                 if "fake" not in text and "corpus 1.1</td>" in text)
    assert "does not conform" in wrong and "Failures by cause" in wrong
    assert "judged as seed000" in wrong or "bug" in wrong     # the attribution of summarize


def test_every_link_resolves_and_every_heatmap_cell_links_to_its_cases(built):
    pages = [built / "index.html", built / "cases.html", *(built / "impl").glob("*.html"), *(built / "case").glob("*.html")]
    ids = {p: parse(p).ids for p in pages}
    for page_path in pages:
        for href in parse(page_path).hrefs:
            assert not re.match(r"(?i)(https?:|javascript:|data:|//)", href), (page_path, href)   # nothing remote
            target, _, fragment = href.partition("#")
            resolved = (page_path.parent / target).resolve() if target else page_path
            assert resolved.is_file(), (page_path.name, href)
            if fragment and resolved.suffix == ".html":
                assert fragment in ids.get(resolved, parse(resolved).ids), (page_path.name, href)
    index = (built / "index.html").read_text(encoding="utf-8")
    cells = re.findall(r'<a href="(impl/[^"#]+)#(fan|clause|area)-[^"]+" class="cell">', index)
    assert len(cells) >= 20
    # a red cell links to a list that names its failing cases
    red = re.search(r'<a href="(impl/[^"]+)" class="cell"><title>([^<]* [1-9][0-9]* bugs?)</title>', index)
    assert red, "no failing cell"
    page_name, fragment = red.group(1).split("#")
    text = (built / page_name).read_text(encoding="utf-8")
    item = re.search(rf'<li id="{re.escape(fragment)}">(.*?)</li>', text, re.S).group(1)
    assert "failing here:" in item and 'href="../case/' in item


def test_run_log_text_is_escaped_everywhere(built):
    """The implementation's name holds markup: every page shows it as text (HTML and SVG)."""
    for page_path in [built / "index.html", built / "cases.html", *(built / "impl").glob("*.html"),
                      *(built / "case").glob("*.html")]:
        text = page_path.read_text(encoding="utf-8")
        assert "<script" not in text and "<img" not in text, page_path
        assert "onerror=alert" not in text or "&lt;img" in text
    assert "&lt;script&gt;" in (built / "index.html").read_text(encoding="utf-8")


def test_the_folder_rules(logs, tmp_path, capsys):
    """An empty or new folder, or a previous site: written; any other folder: refused, untouched;
    a previous site's pages no longer part of it are removed; nothing is written through a link."""
    out = tmp_path / "s"
    assert main(["site", *map(str, logs), "--out", str(out)]) == 0
    before = set((out / "impl").glob("*.html"))
    assert main(["site", str(logs[0]), "--out", str(out)]) == 0          # a previous site: replaced
    after = set((out / "impl").glob("*.html"))
    assert len(before) == 3 and len(after) == 1                         # the pages no longer part of it are gone
    other = tmp_path / "other"
    other.mkdir()
    (other / "notes.txt").write_text("mine", encoding="utf-8")
    assert main(["site", str(logs[0]), "--out", str(other)]) == 2
    assert "not a site gb16 wrote" in capsys.readouterr().err
    assert sorted(p.name for p in other.iterdir()) == ["notes.txt"]
    # a page of the site made a link to a file elsewhere: refused, the file untouched
    victim = tmp_path / "victim.html"
    victim.write_text("keep", encoding="utf-8")
    (out / "index.html").unlink()
    (out / "index.html").symlink_to(victim)
    assert main(["site", str(logs[0]), "--out", str(out)]) == 2
    assert "link" in capsys.readouterr().err and victim.read_text(encoding="utf-8") == "keep"
    assert main(["site", str(tmp_path / "missing.jsonl"), "--out", str(tmp_path / "new")]) == 2
    assert not (tmp_path / "new").exists()


def test_heatmap_colours_and_sizes_are_bounded():
    assert charts.rate_colour(0) == "#d73027" and charts.rate_colour(1) == "#1a9850" and charts.rate_colour(None) == "#eaeef2"
    svg = charts.heatmap_svg("t", [("k", "x" * 500)], ["y" * 500], {("k", "y" * 500): charts.Cell(1, 2, 1, "impl/a.html#b")})
    width = float(re.search(r'width="(\d+)"', svg).group(1))
    assert width < 800 and "x" * 500 in svg and "…" in svg             # drawn cut, whole in the tooltip
    assert site.slug("a/../b") != site.slug("a/./b") and "/" not in site.slug("a/../b")


def test_the_escaping_check_can_fail(logs, monkeypatch):
    """The check can fail: with the templates' autoescaping taken out, the name's markup reaches the page."""
    unescaped = templating.environment().overlay(autoescape=False)
    monkeypatch.setattr(templating, "environment", lambda: unescaped)
    pages, _ = site.build(judging.read_together(logs))
    assert "<script>document" in pages["index.html"]


# --------------------------------------------------------------------------- two sample implementations

@pytest.fixture(scope="module")
def samples(tmp_path_factory) -> dict[str, Path]:
    """Corpus and random runs of two sample implementations (tests/conformance_runs.sample_runs),
    and two logs to leave out: one that cannot be read, one given twice."""
    tmp = tmp_path_factory.mktemp("site-samples")
    runs = sample_runs(tmp, hands=16)
    (tmp / "broken.jsonl").write_text('{"type": "header"\n', encoding="utf-8")
    return runs


@pytest.fixture(scope="module")
def sample_site(samples, tmp_path_factory) -> tuple[Path, str]:
    out = tmp_path_factory.mktemp("sample-site") / "site"
    broken = next(iter(samples.values())).parent / "broken.jsonl"
    args = [*map(str, samples.values()), str(samples["software seed 13"]), str(broken)]
    import contextlib
    import io
    err = io.StringIO()
    with contextlib.redirect_stderr(err):
        assert main(["site", *args, "--out", str(out)]) == 0
    return out, err.getvalue()


def _svg(text: str, css_class: str) -> list[str]:
    return re.findall(rf'<svg[^>]*class="{css_class}".*?</svg>', text, re.S)


def test_every_log_is_on_the_index_or_in_the_printed_left_out_list(samples, sample_site, tmp_path):
    out, printed = sample_site
    index = (out / "index.html").read_text(encoding="utf-8")
    pages = {p.name: p.read_text(encoding="utf-8") for p in (out / "impl").glob("*.html")}
    assert len(pages) == len(samples) == 6                                  # every log its page …
    for name, log in samples.items():
        page = next(n for n, text in pages.items() if f"<code>{log.name}</code>" in text)
        assert f'href="impl/{page}"' in index, name                        # … linked from the index
    assert "seed 13 × 16" in index and "seed 29 × 16" in index and "corpus 0.1.0" in index and "corpus 0.2.0" in index
    left = re.findall(r"^left out: (.*?): (.*)$", printed, re.M)
    assert [(Path(p).name, why.split(":")[0].split(" (")[0]) for p, why in left] == \
        [("software-s13.jsonl", "the same run log as " + str(samples["software seed 13"])),
         ("broken.jsonl", "cannot be read")]
    section = re.search(r'<section id="left-out">(.*?)</section>', index, re.S).group(1)
    assert "broken.jsonl" in section and "software-s13.jsonl" in section
    # --strict: fails instead, and writes nothing
    strict = tmp_path / "strict"
    assert main(["site", *map(str, samples.values()), str(samples["software seed 13"]), "--out", str(strict),
                 "--strict"]) == 2
    assert not strict.exists()


def test_no_chart_joins_seeds_and_corpus_versions(sample_site):
    out, _ = sample_site
    index = (out / "index.html").read_text(encoding="utf-8")
    [trend] = _svg(index, "trend")
    labels = re.findall(r'<text x="\d+" y="\d+" text-anchor="middle">([^<]*)</text>', trend)
    assert labels == ["0.1.0", "0.2.0"]                                     # corpus versions only, in order
    assert trend.count("<polyline") == 1                                    # the one with two corpus versions
    assert "seed" not in trend and "random" not in trend
    legend = re.search(r'<ul class="chart-legend">(.*?)</ul>', index, re.S).group(1)
    assert "software-conventions-sample 0.1" in legend and "single-wait" not in legend
    corpus_maps = _svg(re.search(r'<section id="heatmaps">(.*?)</section>', index, re.S).group(1), "heatmap")
    random_maps = _svg(re.search(r'<section id="random-heatmaps">(.*?)</section>', index, re.S).group(1), "heatmap")
    assert len(corpus_maps) == 3 and len(random_maps) == 2
    for svg in random_maps:                                                 # each random run its own column
        columns = re.findall(r'<text class="col"[^>]*><title>([^<]*)</title>', svg)
        assert len(columns) == 3 and sum("seed 13" in c for c in columns) == 2 and sum("seed 29" in c for c in columns) == 1
    for svg in corpus_maps:                                                 # the newest corpus run of each
        columns = re.findall(r'<text class="col"[^>]*><title>([^<]*)</title>', svg)
        assert len(columns) == 2 and not any("seed" in c for c in columns)


def test_a_planted_bug_and_an_edition_difference_are_marked_differently(samples, sample_site):
    """The software sample's 缺一门 worth 2 (a bug) and its no 平和 with 组合龙 (the software
    edition's no-all-chows-with-knitted, attributed): on its page, in its cause table and in the
    fan heatmap."""
    out, _ = sample_site
    page = next(p.read_text(encoding="utf-8") for p in (out / "impl").glob("*.html")
                if f"<code>{samples['software 0.2.0'].name}</code>" in p.read_text(encoding="utf-8"))
    bug, edition = "seed-examples-7-nine-gates-shape-scores-as-five-sets", "gb13-base-examples-ch7-35-knitted-straight-chow-self-drawn"
    failures = re.search(r'<section id="failures">(.*)</section>', page, re.S).group(1)
    items = {m.group(2): m.group(1) for m in re.finditer(r'<li class="(\w+)"><span class="judgement[^>]*>[^<]*</span> '
                                                         r'<a class="case-id" href="[^"]*">([^<]*)</a>', failures)}
    assert items[bug] == "bug" and items[edition] == "attributed"
    assert re.search(rf'<span class="judgement attributed"[^>]*>≈ no-all-chows-with-knitted</span> <a class="case-id" '
                     rf'href="[^"]*">{edition}<', failures)
    causes = re.search(r'<section id="causes">(.*?)</section>', page, re.S).group(1)
    rows = re.findall(r'<tr class="(\w+)"><td class="num">(\d+)</td><td>([^<]*)</td><td><span class="judgement (\w+)"',
                      causes)
    assert ("bug", "2", "缺一门 One Voided Suit: 2 points, expected 1", "bug") in rows
    assert ("attributed", "2", "missing 平和 All Chows", "attributed") in rows
    assert not any(kind == "bug" and "平和" in cause for kind, _, cause, _ in rows)
    index = (out / "index.html").read_text(encoding="utf-8")
    fan_map = _svg(re.search(r'<section id="heatmaps">(.*?)</section>', index, re.S).group(1), "heatmap")[1]
    cells = dict(re.findall(r'<a href="[^"]*" class="cell"><title>([^<]*?) × ([^<:]*):', fan_map))
    assert cells  # label → column
    tips = re.findall(r'<a href="[^"]*" class="cell"><title>([^<]*)</title>(.*?)</a>', fan_map)
    tip = {t.split(":")[0]: (t, body) for t, body in tips}
    chows, hog = (tip["平和 All Chows × software-conventions-sample 0.1"],
                  tip["缺一门 One Voided Suit × software-conventions-sample 0.1"])
    assert " 0 bugs, 2 attributed" in chows[0] and 'class="attributed"' in chows[1] and ">100%<" in chows[1]
    assert " 2 bugs" in hog[0] and "attributed" not in hog[0] and 'class="attributed"' not in hog[1]
    # the one-fan bug (单钓将 never counted) is a failure of 单钓将 alone, never of 大四喜 beside it
    winds = tip["大四喜 Big Four Winds × planted-single-wait-never 1"][0]
    single = tip["单钓将 Single Wait × planted-single-wait-never 1"][0]
    assert " 0 bugs" in winds and re.search(r" [1-9]\d* bugs?", single)


def test_matrix_by_fan_blames_only_the_fans_that_differ(samples, capsys, monkeypatch):
    """单钓将 never counted: the fan matrix marks 单钓将 alone, though the failing cases name 大四喜,
    四暗刻, 组合龙 … too, and the waits feature row no failure; blaming every fan and feature a
    case names (the old way, planted) marks them all."""
    from gb16.tools.reports import summary as summary_module

    def rows():
        assert main(["table", "matrix", str(samples["single-wait 0.2.0"]), "--by", "fan", "--format", "json"]) == 0
        data = json.loads(capsys.readouterr().out)
        [label] = data["implementations"]
        return {k: r["cells"][label] for k, r in data["rows"].items()}
    matrix = rows()
    assert {k for k, c in matrix.items() if c["failed"]} == {"single_wait"}
    assert matrix["single_wait"]["bugs"] == matrix["single_wait"]["failed"] > 0
    assert matrix["big_four_winds"]["pass"] == matrix["big_four_winds"]["cases"] > 0
    assert main(["table", "matrix", str(samples["single-wait 0.2.0"]), "--by", "fan", "--width", "80"]) == 0
    text = capsys.readouterr().out
    assert [line for line in text.splitlines() if "✗" in line and "单钓将" not in line and "✗N" not in line] == []
    # the waits never differ (单钓将 is a fan, not a wait): the waits feature row counts no failure
    def waits_row():
        summary = summary_module.summarize(runlog.read(samples["single-wait 0.2.0"]))
        return next(sec for sec in summary.sections if sec.id == "by-feature").data["waits"]
    waits = waits_row()
    assert waits["failed"] == 0 and waits["pass"] == waits["cases"] > 0
    monkeypatch.setattr(summary_module.Summary, "blamed", lambda self, case: None)
    assert {"big_four_winds", "four_concealed_pungs", "single_wait"} <= {k for k, c in rows().items() if c["failed"]}
    assert waits_row()["failed"] > 0


def test_the_marking_check_can_fail(samples, monkeypatch):
    """The checks above can fail: with every failure judged a bug (the old pages), the edition
    difference's marks are gone from the run's page and the heatmap, and its cause is a bug's row."""
    from gb16.tools.reports.summary import Judgement, Summary
    monkeypatch.setattr(Summary, "judgement",
                        lambda self, case: Judgement("bug" if case["status"] in ("fail", "error", "crash", "timeout")
                                                     else case["status"]))
    pages, _ = site.build(judging.read_together([samples["software 0.2.0"]]))
    page = next(text for name, text in pages.items() if name.startswith("impl/"))
    assert 'class="judgement attributed"' not in page and 'class="attributed"' not in pages["index.html"]
    assert re.search(r'<tr class="bug"><td class="num">2</td><td>missing 平和 All Chows</td>', page)
