"""The conformance site (gb16 site) and report.html in headless Chromium, at 1280 and 420 px:
nothing sticks out sideways (a wide table or heatmap scrolls inside its own box), the heatmaps
are drawn with every judged cell a link that opens the list of its failing cases, the chart over
corpus versions is there, and no payload in a run log runs.  Screenshots of each page at each
width are written to the folder the test prints (``screenshots`` under pytest's tmp path), for
people to look at.

Skipped when Chromium, its chromedriver or Selenium are missing (tests/browser_support.py).
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import browser_support as B
from conformance_runs import EXAMPLES, FIXTURES, certify, sample_runs, three_runs
from gb16.tools.commands.cli import main

pytestmark = [pytest.mark.browser, pytest.mark.slow,
              pytest.mark.skipif(B.MISSING is not None, reason=f"{B.MISSING} — browser test skipped")]
pytest.importorskip("selenium.webdriver")

from selenium.webdriver.common.by import By  # noqa: E402

WIDTHS = (1280, 420)


@pytest.fixture(scope="module")
def pages(tmp_path_factory) -> dict[str, Path]:
    """The site of three run logs (one implementation's name is a script) and a report.html."""
    tmp = tmp_path_factory.mktemp("site-browser")
    logs = three_runs(tmp, hostile=True)
    out = tmp / "site"
    assert main(["site", *map(str, logs), "--out", str(out)]) == 0
    wrong = certify(f"python:{EXAMPLES / 'wrong_impl.py'}:score", FIXTURES / "corpus", tmp / "wrong.jsonl")
    assert main(["summary", str(wrong), "--report", str(tmp / "report"), "--show", "none"]) == 1
    impl = next(p for p in (out / "impl").glob("*.html") if "fake" not in p.name)
    case = next(iter(sorted((out / "case").glob("*.html"))))
    # the site of two sample implementations' corpus and random runs (tests/conformance_runs.sample_runs)
    samples = sample_runs(tmp / "samples", hands=16)
    both = tmp / "samples-site"
    assert main(["site", *map(str, samples.values()), "--out", str(both)]) == 0
    software = next(p for p in (both / "impl").glob("*.html")
                    if f"<code>{samples['software 0.2.0'].name}</code>" in p.read_text(encoding="utf-8"))
    return {"index": out / "index.html", "impl": impl, "case": case, "cases": out / "cases.html",
            "report": tmp / "report" / "report.html", "samples-index": both / "index.html", "samples-impl": software}


@pytest.fixture(scope="module")
def d(tmp_path_factory):
    driver = B.driver(tmp_path_factory.mktemp("profile"))
    yield driver
    driver.quit()


@pytest.fixture(scope="module")
def shots(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("screenshots")
    print(f"screenshots: {folder}")
    return folder


@pytest.mark.parametrize("width", WIDTHS)
@pytest.mark.parametrize("name", ["index", "impl", "case", "cases", "report", "samples-index", "samples-impl"])
def test_no_sideways_scrolling(d, pages, shots, name, width):
    B.open_at(d, pages[name].as_uri(), width)
    fit = B.overflow(d)
    assert fit["innerWidth"] == width
    assert fit["scrollWidth"] <= width and fit["wide"] == [], fit
    assert d.execute_script("return document.documentElement.dataset.pwned") is None   # no payload ran
    shot = B.screenshot(d, shots / f"{name}-{width}px.png", width)
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 10_000, shot


@pytest.mark.parametrize("width", WIDTHS)
def test_heatmaps_are_drawn_and_their_cells_open_the_failing_cases(d, pages, width):
    B.open_at(d, pages["index"].as_uri(), width)
    maps = d.find_elements(By.CSS_SELECTOR, "svg.heatmap")
    assert len(maps) == 3
    for svg in maps:
        box = svg.rect
        assert box["width"] > 100 and box["height"] > 40          # drawn, not collapsed
    cells = d.find_elements(By.CSS_SELECTOR, "svg.heatmap a.cell")
    assert len(cells) >= 20
    assert d.find_elements(By.CSS_SELECTOR, "svg.trend polyline")   # the chart over corpus versions
    failing = [c for c in cells if re.search(r" [1-9][0-9]* bugs?", c.find_element(By.TAG_NAME, "title")
                                             .get_attribute("textContent"))]
    assert failing
    href = d.execute_script("return arguments[0].getAttribute('href')", failing[0])   # impl/….html#fan-…
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", failing[0])
    d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}))",
                     failing[0])
    assert d.current_url == pages["index"].parent.joinpath(href.split("#")[0]).as_uri() + "#" + href.split("#")[1]
    target = d.find_element(By.ID, href.split("#")[1])
    assert "failing here:" in target.text and target.find_elements(By.CSS_SELECTOR, "a.case-id")


@pytest.mark.parametrize("width", WIDTHS)
def test_the_implementations_table_fits_and_the_legend_labels_do_not_overlap(d, pages, width):
    """At 1280 and 420 px: the implementations table needs no sideways scrolling of its own (on a
    phone each implementation is a card), and the chart's legend labels never overlap."""
    B.open_at(d, pages["samples-index"].as_uri(), width)
    box = d.execute_script("var t = document.querySelector('table.impls'); var b = t.parentElement;"
                           "return {table: t.getBoundingClientRect().width, box: b.clientWidth, scroll: b.scrollWidth};")
    assert box["scroll"] <= box["box"] + 1 and box["table"] <= box["box"] + 1, box
    labels = d.execute_script("return [...document.querySelectorAll('ul.chart-legend li, svg.trend text')]"
                              ".map(function (e) { var r = e.getBoundingClientRect();"
                              " return [r.left, r.top, r.right, r.bottom, e.textContent]; });")
    assert len(labels) >= 3
    for i, a in enumerate(labels):
        for b in labels[i + 1:]:
            overlap = min(a[2], b[2]) - max(a[0], b[0]) > 1 and min(a[3], b[3]) - max(a[1], b[1]) > 1
            assert not overlap, (a, b)
    badges = d.find_elements(By.CSS_SELECTOR, "svg.heatmap path.attributed")
    assert badges                                     # the edition difference's mark is drawn
