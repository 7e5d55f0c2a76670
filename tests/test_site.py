"""``gb16 site RUNLOG... --out DIR``: the static conformance site from three run logs (two
implementations, two corpus versions) — its pages, heatmaps and links, the chart over versions,
escaping of everything from a run log, and the folder it will and will not write into.
(In a browser: tests/test_site_browser.py.)"""

from __future__ import annotations

import re
from html.parser import HTMLParser
from pathlib import Path

import pytest

from conformance_runs import three_runs
from gb16.tools.cli import main
from gb16.tools.reports import charts, site


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
    assert len(impl_pages) == 2                         # the current run of each implementation
    assert len(list((built / "case").glob("*.html"))) == 9   # the cases of corpus 1.1
    wrong = next(p for p in impl_pages if "fake" not in p.name).read_text(encoding="utf-8")
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
    red = re.search(r'<a href="(impl/[^"]+)" class="cell"><title>([^<]*failed)</title>', index)
    assert red, "no failing cell"
    page_name, fragment = red.group(1).split("#")
    text = (built / page_name).read_text(encoding="utf-8")
    item = re.search(rf'<li id="{re.escape(fragment)}">(.*?)</li>', text, re.S).group(1)
    assert "failing:" in item and 'href="../case/' in item


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
    assert len(before) == 2 and len(after) == 1                         # the pages no longer part of it are gone
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
    """The check can fail: with the escaping taken out, the name's markup reaches the page."""
    monkeypatch.setattr(site, "esc", lambda value: "—" if value is None else str(value))
    pages, _ = site.build(logs)
    assert "<script>document" in pages["index.html"]
