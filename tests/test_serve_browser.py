"""The referee's page in a real browser: Debian's headless Chromium driven through its
chromedriver (Selenium), against ``gb16 serve`` on a free loopback port.

* tapping the tiles of each of the rule page's §四 examples gives its hand-worked total; §四.1
  and §四.4 in detail (165; 8, and 9 with one flower, the flower not counting toward 起和) —
  and the link of the tapped hand opens on the same result;
* typing the notation fills the tiles; the address of §四.3 shows 28;
* a disputed hand shows each option's total; bad hands show their error next to what to fix;
* at 390 px (and 360 px) nothing overflows sideways; a screenshot is written for people to see.

Skipped when Chromium, its chromedriver or Selenium are missing (Debian: ``apt-get install
chromium chromium-driver fonts-noto-cjk``; ``pip install 'gb16[test]'``).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path
from urllib.parse import quote

import pytest

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not (CHROMIUM.exists() and CHROMEDRIVER.exists()),
                       reason="/usr/bin/chromium and /usr/bin/chromedriver are not installed "
                              "(apt-get install chromium chromium-driver) — browser test skipped"),
]

webdriver = pytest.importorskip("selenium.webdriver")
pytest.importorskip("starlette")

from selenium.webdriver.chrome.options import Options  # noqa: E402
from selenium.webdriver.chrome.service import Service  # noqa: E402
from selenium.common.exceptions import StaleElementReferenceException  # noqa: E402
from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import Select, WebDriverWait  # noqa: E402

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


@pytest.fixture(scope="module")
def server():
    p = subprocess.Popen([sys.executable, "-m", "gb16", "serve", "--port", "0"],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    m = re.search(r"(http://\S+/)", p.stdout.readline())
    assert m, p.stderr.read() if p.poll() is not None else "no address printed"
    yield m.group(1)
    p.terminate()
    p.wait(timeout=30)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS + ["--window-size=1280,1000", f"--user-data-dir={tmp_path_factory.mktemp('profile')}"]:
        options.add_argument(flag)
    driver = webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)
    yield driver
    driver.quit()


@pytest.fixture
def page(browser, server):
    """Open the page at ``path`` on a desktop-sized screen and wait for its script to have started."""
    browser.execute_cdp_cmd("Emulation.clearDeviceMetricsOverride", {})

    def open_(path: str = ""):
        browser.get(server + path)
        WebDriverWait(browser, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#palette .tile"))
        return browser
    return open_


def wait_text(driver, selector: str, expected: str, timeout: float = 60) -> None:
    def shown(d):
        found = d.find_elements(By.CSS_SELECTOR, selector)
        return found and found[0].is_displayed() and found[0].text.strip() == expected
    try:
        # the page draws its results again as answers arrive: an element found a moment ago may be
        # replaced (a stale reference), which is not an answer yet
        WebDriverWait(driver, timeout, ignored_exceptions=(StaleElementReferenceException,)).until(shown)
    except Exception as exc:
        found = driver.find_elements(By.CSS_SELECTOR, selector)
        errors = [e.text for e in driver.find_elements(By.CSS_SELECTOR, ".error") if e.is_displayed()]
        raise AssertionError(f"{selector}: expected {expected!r}, found {[f.text for f in found]}; errors {errors}") from exc


def choose(driver, name: str, value: str) -> None:
    """Click the label of a radio button (they are drawn as segmented buttons)."""
    _click(driver, f"input[name='{name}'][value='{value}']", label=True)


def tap(driver, mode: str, *tiles: str) -> None:
    choose(driver, "mode", mode)
    for t in tiles:
        _click(driver, f"#palette .tile[data-tile='{t}']")


def _click(driver, selector: str, label: bool = False) -> None:
    """Click the element the page shows for ``selector`` now (its label, with ``label``): the
    page is drawn again after a tap, so an element found just before may already have been
    replaced (a stale reference)."""
    def find():
        found = driver.find_element(By.CSS_SELECTOR, selector)
        return found.find_element(By.XPATH, "parent::label") if label else found
    for _ in range(5):
        try:
            find().click()
            return
        except StaleElementReferenceException:
            continue
    find().click()


def test_tapping_seed_example_1_gives_165_and_its_link_opens_on_it(page):
    # §四.1 111222333444z 123m 55z，点和5z: 大四喜88＋四暗刻64＋混一色6＋全带幺4＋门前清2＋单钓将1＝165
    d = page()
    tap(d, "standing", *["1z"] * 3, *["2z"] * 3, *["3z"] * 3, *["4z"] * 3, "1m", "2m", "3m", "5z")
    tap(d, "win", "5z")
    wait_text(d, "#total", "165")
    assert d.find_element(By.ID, "notation").get_attribute("value") == "123m 11122233344455z，点和5z"
    names = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#fans .fan-name .zh")]
    assert names == ["大四喜", "四暗刻", "混一色", "全带幺", "门前清", "单钓将"]
    link = d.find_element(By.ID, "share").get_attribute("href")
    assert "hand=" in link
    d.get(link)
    wait_text(d, "#total", "165")


def test_tapping_seed_example_4_gives_8_and_9_with_a_flower(page):
    # §四.4 [234m] [456p] [789s] [777m] 333p 44z，点和3p: 无番和 8; "若已补一花则总分9；该花不会单独凑出起和门槛"
    d = page()
    tap(d, "chow", "2m", "4p", "7s")
    tap(d, "pung", "7m")
    tap(d, "standing", "3p", "3p", "4z", "4z")
    tap(d, "win", "3p")
    wait_text(d, "#total", "8")
    assert "meets" in d.find_element(By.ID, "minimum").text
    Select(d.find_element(By.ID, "flowers")).select_by_visible_text("1")
    wait_text(d, "#total", "9")
    assert "meets" in d.find_element(By.ID, "minimum").text   # 8 fan points; the flower is outside them
    assert "flowers=1" in d.current_url


def test_typing_the_notation_fills_the_tiles(page):
    d = page()
    box = d.find_element(By.ID, "notation")
    box.send_keys("111222333444z 123m 55z，点和5z")
    wait_text(d, "#total", "165")
    assert len(d.find_elements(By.CSS_SELECTOR, "#hand img")) == 17
    assert d.find_element(By.CSS_SELECTOR, "#hand .group.win img").get_attribute("alt") == "5z"


def test_the_address_of_seed_example_3_shows_28(page):
    d = page("?hand=147m%20258p%20369s%20111z%20555z%2066z%EF%BC%8C%E8%87%AA%E6%91%B86z")
    wait_text(d, "#total", "28")
    assert d.find_element(By.ID, "notation").get_attribute("value") == "147m 258p 369s 111z 555z 66z，自摸6z"
    not_counted = [e.text for e in d.find_elements(By.CSS_SELECTOR, "#not-counted .fan-name .zh")]
    assert not_counted == ["自摸", "幺九刻"]


def test_a_disputed_hand_shows_each_options_total(page):
    d = page("?hand=" + quote("[111z][222z][333z][444z]999m55m，点和9m"))
    wait_text(d, "#total", "95")
    totals = {o.get_attribute("data-option"): o.find_element(By.CSS_SELECTOR, ".option-total").text
              for o in d.find_elements(By.CSS_SELECTOR, "[data-ruling='R-009'] [data-option]")}
    assert totals == {"A": "94", "B": "95"}
    assert "R-009" in d.find_element(By.CSS_SELECTOR, "#summary .disputed").text


@pytest.mark.parametrize("query, place, code", [
    ("?hand=" + quote("111222333444z 123m，点和1m"), "err-notation", "wrong_tile_count"),       # 15 tiles
    ("?hand=" + quote("11111m 222333444z 55z，点和5z"), "err-notation", "too_many_copies"),       # a fifth 1m
    ("?hand=" + quote("111222333444z 123m 55z，自摸5z") + "&robbing_kong=1", "err-flags", "inconsistent_flags"),
])
def test_a_bad_hand_shows_its_error_next_to_what_to_fix(page, query, place, code):
    d = page(query)
    WebDriverWait(d, 20).until(lambda d: d.find_element(By.ID, place).is_displayed())
    assert d.find_element(By.ID, place).text.startswith(code)
    assert d.find_element(By.ID, "details").is_displayed() is False


@pytest.mark.parametrize("width", [390, 360])
def test_nothing_overflows_on_a_phone(page, width, tmp_path_factory):
    d = page()
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": 800, "deviceScaleFactor": 1, "mobile": True})
    d.get(d.current_url.split("?")[0] + "?hand=" + quote("[111z][222z][333z][444z]999m55m，点和9m"))
    wait_text(d, "#total", "95")
    d.execute_script("document.querySelectorAll('details').forEach(x => x.open = true)")  # every clause shown
    assert d.execute_script("return innerWidth") == width
    assert d.execute_script("return document.scrollingElement.scrollWidth") <= width
    wide = d.execute_script("return [...document.querySelectorAll('body *')]"
                            ".filter(e => e.getBoundingClientRect().right > innerWidth + 0.5)"
                            ".map(e => e.tagName + '#' + e.id + '.' + e.className).slice(0, 5)")
    assert wide == []
    height = d.execute_script("return document.scrollingElement.scrollHeight")
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": min(height, 6000), "deviceScaleFactor": 1, "mobile": True})
    shot = tmp_path_factory.mktemp("screenshots") / f"serve-{width}px.png"
    d.save_screenshot(str(shot))
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000, shot
    print(f"screenshot: {shot}")


def _tiles(run: str) -> list[str]:
    """``"123m"`` → ``["1m", "2m", "3m"]``."""
    return [digit + run[-1] for digit in run[:-1]]


def tap_case(d, case_input: dict) -> None:
    """Build a case input's hand by tapping, as a referee would: each exposed meld and concealed
    kong by its first tile in its mode, the standing tiles, then the winning tile, the way it
    was won and the winds."""
    hand = case_input["hand"].split("，")[0]
    standing = []
    for token in re.findall(r"\[[^\]]*\]|\{[^}]*\}|[0-9]+[mpsz]", hand):
        tiles = _tiles(token.strip("[]{} "))
        if token.startswith("{"):
            tap(d, "concealed_kong", tiles[0])
        elif token.startswith("["):
            tap(d, "chow" if len(set(tiles)) == 3 else "pung" if len(tiles) == 3 else "kong", tiles[0])
        else:
            standing += tiles
    standing.remove(case_input["win_tile"])
    tap(d, "standing", *standing)
    tap(d, "win", case_input["win_tile"])
    choose(d, "win_by", case_input["win_by"])
    for wind in ("prevalent_wind", "seat_wind"):
        if case_input.get(wind):
            Select(d.find_element(By.ID, wind)).select_by_value(case_input[wind])


def _seed_examples():
    """The first case of each of the rule page's §四 examples that scores (the page's own
    hand), with its hand-worked total; §四.1 and §四.4 are tapped above, in detail."""
    import json
    from gb16.corpus import ROOT
    cases = json.loads((ROOT / "cases" / "00_seed_examples.json").read_text(encoding="utf-8"))["cases"]
    firsts = {}
    for case in cases:
        number = case["id"].split("-")[2]
        if "total" in case["expect"]:
            firsts.setdefault(number, case)
    return [firsts[n] for n in sorted(firsts) if n not in ("1", "4")]


@pytest.mark.parametrize("case", _seed_examples(), ids=lambda c: c["id"])
def test_tapping_each_seed_example_gives_its_total(page, case):
    d = page()
    tap_case(d, case["input"])
    wait_text(d, "#total", str(case["expect"]["total"]))
