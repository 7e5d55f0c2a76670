"""The conformance site (gb16 site) and report.html in headless Chromium, at 1280 and 420 px:
nothing sticks out sideways (a wide table or heatmap scrolls inside its own box), the heatmaps
are drawn with every judged cell a link that opens the list of its failing cases, the chart over
corpus versions is there, and no payload in a run log runs.  Screenshots of each page at each
width are written to the folder the test prints (``screenshots`` under pytest's tmp path), for
people to look at.

Skipped when Chromium, its chromedriver or Selenium are missing (tests/browser_support.py).
"""

from __future__ import annotations

from pathlib import Path

import pytest

import browser_support as B
from conformance_runs import EXAMPLES, FIXTURES, certify, three_runs
from gb16.tools.cli import main

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
    return {"index": out / "index.html", "impl": impl, "case": case, "cases": out / "cases.html",
            "report": tmp / "report" / "report.html"}


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
@pytest.mark.parametrize("name", ["index", "impl", "case", "cases", "report"])
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
    failing = [c for c in cells if "failed" in c.find_element(By.TAG_NAME, "title").get_attribute("textContent")]
    assert failing
    href = d.execute_script("return arguments[0].getAttribute('href')", failing[0])   # impl/….html#fan-…
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", failing[0])
    d.execute_script("arguments[0].dispatchEvent(new MouseEvent('click', {bubbles: true, cancelable: true}))",
                     failing[0])
    assert d.current_url == pages["index"].parent.joinpath(href.split("#")[0]).as_uri() + "#" + href.split("#")[1]
    target = d.find_element(By.ID, href.split("#")[1])
    assert "failing:" in target.text and target.find_elements(By.CSS_SELECTOR, "a.case-id")
