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
import time
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
from selenium.common.exceptions import ElementClickInterceptedException, StaleElementReferenceException  # noqa: E402
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

    def open_(path: str | None = ""):
        if path is None:   # the screen cleared only: the caller sets its own, then opens
            return browser
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


def tap(driver, mode: str, *tiles: str) -> int:
    """Tap ``tiles`` in ``mode``, as a referee would: the mode chosen when it is not the current
    one (a meld mode goes back to concealed tiles after its meld, so it is chosen again for
    each meld); returns the number of taps."""
    taps = 0
    for k, t in enumerate(tiles):
        if (k == 0 or mode not in ("standing", "win")) and not driver.execute_script(
                f"return document.querySelector(\"input[name=mode][value='{mode}']\").checked"):
            choose(driver, "mode", mode)
            taps += 1
        _click(driver, f"#palette .tile[data-tile='{t}']")
        taps += 1
    return taps


def _click(driver, selector: str, label: bool = False) -> None:
    """Click the element the page shows for ``selector`` now (its label, with ``label``): the
    page is drawn again after a tap, so an element found just before may already have been
    replaced (a stale reference)."""
    def find():
        # in the middle of the screen: not under the hand kept at the top or the total at the foot
        found = driver.execute_script(
            "const e = document.querySelector(arguments[0]); const t = arguments[1] ? e.closest('label') : e;"
            "t.scrollIntoView({block: 'center'}); return t", selector, label)
        return found
    for _ in range(5):
        try:
            find().click()
            return
        except (StaleElementReferenceException, ElementClickInterceptedException):
            continue
    find().click()


def test_tapping_seed_example_1_gives_165_and_its_link_opens_on_it(page):
    # §四.1 111222333444z 123m 55z，点和5z: 大四喜88＋四暗刻64＋混一色6＋全带幺4＋门前清2＋单钓将1＝165
    d = page()
    start = time.perf_counter()
    taps = tap(d, "standing", *["1z"] * 3, *["2z"] * 3, *["3z"] * 3, *["4z"] * 3, "1m", "2m", "3m", "5z")
    taps += tap(d, "win", "5z")
    wait_text(d, "#total", "165")
    print(f"§四.1: {taps} taps, {time.perf_counter() - start:.1f} s")
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
    start = time.perf_counter()
    taps = tap(d, "chow", "2m", "4p", "7s") + tap(d, "pung", "7m") + tap(d, "standing", "3p", "3p", "4z", "4z")
    taps += tap(d, "win", "3p")
    wait_text(d, "#total", "8")
    print(f"§四.4: {taps} taps, {time.perf_counter() - start:.1f} s")
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
    win = d.find_element(By.CSS_SELECTOR, "#hand .group.win img")
    assert (win.get_attribute("data-tile"), win.get_attribute("alt")) == ("5z", "中")   # announced by its name


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
    assert d.find_element(By.ID, place).get_attribute("data-code") == code
    assert code in d.find_element(By.ID, place).text
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


def tap_case(d, case_input: dict) -> int:
    """Build a case input's hand by tapping, as a referee would: each exposed meld and concealed
    kong by its first tile in its mode, the standing tiles, then the winning tile, the way it
    was won and the winds; returns the number of taps."""
    hand = case_input["hand"].split("，")[0]
    standing, taps = [], 0
    for token in re.findall(r"\[[^\]]*\]|\{[^}]*\}|[0-9]+[mpsz]", hand):
        tiles = _tiles(token.strip("[]{} "))
        if token.startswith("{"):
            taps += tap(d, "concealed_kong", tiles[0])
        elif token.startswith("["):
            taps += tap(d, "chow" if len(set(tiles)) == 3 else "pung" if len(tiles) == 3 else "kong", tiles[0])
        else:
            standing += tiles
    standing.remove(case_input["win_tile"])
    taps += tap(d, "standing", *standing)
    taps += tap(d, "win", case_input["win_tile"])
    if case_input["win_by"] != "discard":
        choose(d, "win_by", case_input["win_by"])
        taps += 1
    for wind in ("prevalent_wind", "seat_wind"):
        if case_input.get(wind):
            choose(d, wind, case_input[wind])
            taps += 1
    return taps


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
    """Every §四 example tapped on a 390 px phone screen gives its hand-worked total; the taps and
    seconds it took are printed (``pytest -s``: the measure of quick entry; never asserted)."""
    d = page()
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    start = time.perf_counter()
    taps = tap_case(d, case["input"])
    wait_text(d, "#total", str(case["expect"]["total"]))
    print(f"§四.{case['id'].split('-')[2]}: {taps} taps, {time.perf_counter() - start:.1f} s")


# -- quick entry on a phone (390 × 844) ------------------------------------------------------------

@pytest.fixture
def phone(page, browser):
    """The page at ``path`` on a 390 × 844 phone screen (one load)."""
    def open_(path: str = ""):
        page(None)
        browser.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                                {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
        return page(path)
    return open_


def js(d, script: str, *args):
    return d.execute_script("return " + script, *args)


def hand_size(d) -> int:
    """The tiles drawn in the hand being built (a kong shows its four)."""
    return len(d.find_elements(By.CSS_SELECTOR, "#hand img"))


def visible_errors(d) -> list[str]:
    return [e.text for e in d.find_elements(By.CSS_SELECTOR, ".error") if e.is_displayed()]


def test_the_hand_being_built_stays_in_sight_above_the_palette_with_its_count(phone):
    d = phone()
    tap(d, "standing", "1m", "2m", "3m")
    assert d.find_element(By.ID, "count-number").text == "3/17"
    for row in (0, 3):   # the palette's first and last rows brought into view in turn
        d.execute_script("document.querySelectorAll('#palette .palette-row')[arguments[0]].scrollIntoView({block: 'end'})", row)
        box = js(d, "document.getElementById('hand').getBoundingClientRect().toJSON()")
        palette_row = js(d, "document.querySelectorAll('#palette .palette-row')[arguments[0]].getBoundingClientRect().toJSON()", row)
        assert 0 <= box["top"] and box["bottom"] <= palette_row["top"] + 1, (box, palette_row)
        assert box["bottom"] <= 844


def test_no_error_is_shown_until_the_hand_could_be_complete(phone):
    d = phone()
    tap(d, "standing", "1m")
    tap(d, "pung", "5z")                                 # 4 of 17: not yet a hand, so no error
    assert visible_errors(d) == [] and "还差 13 张" in d.find_element(By.ID, "summary").text
    # at 16 the waits, and the next tap is the winning tile (the §四 examples tapped above reach it too)
    d.get(d.current_url.split("?")[0] + "?hand=" + quote("123m 444p 777s 1122z [555z]"))
    WebDriverWait(d, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "#summary img"))
    assert visible_errors(d) == []


def test_taps_stop_at_the_hand_size_and_at_four_copies(phone):
    d = phone("?hand=" + quote("1111m 2345678m 12345p"))             # 16 tiles, four of them 1m
    WebDriverWait(d, 20).until(lambda d: d.find_element(By.ID, "count-number").text == "16/17")
    tap(d, "standing", "1m")                                         # a fifth 1m is refused
    assert hand_size(d) == 16
    assert d.find_element(By.CSS_SELECTOR, "#palette .tile[data-tile='1m']").get_attribute("aria-disabled") == "true"
    tap(d, "win", "9p")                                              # 17
    tap(d, "standing", "6p")                                         # an 18th is refused
    assert hand_size(d) == 17 and d.find_element(By.ID, "count-number").text == "17/17"
    enabled = js(d, "[...document.querySelectorAll('#palette .tile')].filter(b => b.getAttribute('aria-disabled') !== 'true').length")
    assert enabled == 0


def test_a_meld_mode_goes_back_to_concealed_tiles_after_its_meld(phone):
    d = phone()
    tap(d, "chow", "2m")
    assert js(d, "document.querySelector('input[name=mode]:checked').value") == "standing"
    _click(d, "#palette .tile[data-tile='5p']")
    assert d.find_element(By.ID, "notation").get_attribute("value") == "[234m] 5p"


def test_impossible_circumstances_are_disabled_with_the_reason(phone):
    d = phone()
    rob, replacement = (d.find_element(By.ID, f) for f in ("robbing_kong", "kong_replacement"))
    _click(d, "#robbing_kong")                           # 点和: 抢杠和 can hold
    assert rob.is_selected()
    choose(d, "win_by", "self_draw")                     # 自摸: 抢杠和 cannot, and is taken off
    assert not rob.is_selected() and not rob.is_enabled()
    assert "点和" in d.find_element(By.ID, "why-robbing_kong").text
    choose(d, "win_by", "discard")
    assert not replacement.is_enabled() and "自摸" in d.find_element(By.ID, "why-kong_replacement").text
    assert rob.is_enabled()
    # 和绝张 with a pair of the winning tile in the hand: the other three cannot all be visible
    d.get(d.current_url.split("?")[0] + "?hand=" + quote("123456789m 123456p 55z，点和5z"))
    WebDriverWait(d, 20).until(lambda d: d.find_element(By.ID, "count-number").text == "17/17")
    last_of_kind = d.find_element(By.ID, "last_of_kind")
    assert not last_of_kind.is_enabled() and "中" in d.find_element(By.ID, "why-last_of_kind").text


def test_new_hand_resets_everything_and_undo_brings_it_back(phone):
    d = phone("?" + "&".join(["hand=" + quote("111222333444z 123m 55z，自摸5z"), "prevalent_wind=E", "seat_wind=S",
                              "flowers=2", "last_tile=1"]))
    WebDriverWait(d, 20).until(lambda d: d.find_elements(By.ID, "total"))
    total = d.find_element(By.ID, "total").text
    _click(d, "#new-hand")
    assert hand_size(d) == 0 and d.find_element(By.ID, "notation").get_attribute("value") == ""
    state = js(d, "[...['prevalent_wind', 'seat_wind', 'win_by'].map(n => document.querySelector(`input[name=${n}]:checked`).value),"
                  " document.getElementById('flowers').value, ...['last_of_kind', 'last_tile', 'kong_replacement',"
                  " 'robbing_kong'].map(f => document.getElementById(f).checked)]")
    assert state == ["", "", "discard", "0", False, False, False, False]
    _click(d, "#undo")
    wait_text(d, "#total", total)
    assert "flowers=2" in d.current_url and "last_tile=1" in d.current_url


def test_each_edit_is_a_step_of_the_browsers_back(phone):
    d = phone()
    tap(d, "standing", "1m", "2m", "3m")
    Select(d.find_element(By.ID, "flowers")).select_by_visible_text("1")
    d.back()
    WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "flowers").get_attribute("value") == "0")
    assert hand_size(d) == 3
    d.back()
    WebDriverWait(d, 10).until(lambda d: hand_size(d) == 2)
    assert d.find_element(By.ID, "notation").get_attribute("value") == "12m"


def test_the_total_is_announced_tiles_by_name_and_the_copied_link_reopens_the_hand(phone):
    d = phone("?hand=" + quote("147m 258p 369s 111z 555z 66z，自摸6z"))
    wait_text(d, "#total", "28")
    # one live region, for the total and the error; tiles announced by their Chinese names
    live = js(d, "[...document.querySelectorAll('[aria-live], [role=alert]')].map(e => e.id)")
    assert live == ["announce"]
    assert d.find_element(By.ID, "announce").get_attribute("textContent").startswith("28 番")
    assert d.find_element(By.CSS_SELECTOR, "#palette .tile[data-tile='6z']").get_attribute("aria-label") == "白"
    assert [i.get_attribute("alt") for i in d.find_elements(By.CSS_SELECTOR, "#waits img")] == ["白"]
    d.execute_cdp_cmd("Browser.grantPermissions", {"permissions": ["clipboardReadWrite", "clipboardSanitizedWrite"]})
    _click(d, "#copy-link")
    WebDriverWait(d, 10).until(lambda d: d.find_element(By.ID, "copy-status").text)
    box = d.find_elements(By.CSS_SELECTOR, "#copy-status input")
    link = box[0].get_attribute("value") if box else d.execute_async_script(
        "navigator.clipboard.readText().then(arguments[0], e => arguments[0]('failed: ' + e))")
    assert link == d.current_url and "hand=" in link
    d.get(link)
    wait_text(d, "#total", "28")


def test_a_dispute_option_below_the_8_point_minimum_is_flagged(phone):
    # R-018 (全求人 in gb13): the three exposed melds and the discarded 9s completing 789s make
    # 全求人 (6) under one option and not under the other, which leaves the hand under 8
    d = phone("?" + "&".join(["hand=" + quote("[123m][345p][555z]789s55m，点和9s"), "variant=gb13",
                              "prevalent_wind=E", "seat_wind=S"]))
    WebDriverWait(d, 20).until(lambda d: d.find_elements(By.CSS_SELECTOR, "[data-ruling='R-018'] [data-option]"))
    flags = {o.get_attribute("data-option"): o.find_element(By.CSS_SELECTOR, "[data-minimum]").get_attribute("data-minimum")
             for o in d.find_elements(By.CSS_SELECTOR, "[data-ruling='R-018'] [data-option]")}
    assert flags == {"A": "no", "B": "yes"}
    assert "未达起和" in d.find_element(By.CSS_SELECTOR, "[data-ruling='R-018'] [data-option='A']").text
    assert "未达起和" in d.find_element(By.CSS_SELECTOR, "#summary .disputed").text


def test_messages_are_in_chinese_first_and_a_non_winning_hand_is_zha_he(phone):
    d = phone("?hand=" + quote("111222333444z 124m 55z，点和5z"))
    WebDriverWait(d, 20).until(lambda d: d.find_element(By.ID, "err-notation").is_displayed())
    err = d.find_element(By.ID, "err-notation")
    assert err.get_attribute("data-code") == "not_winning_hand"
    assert err.text.startswith("诈和") and "诈和" in d.find_element(By.ID, "summary").text
    _click(d, "input[name='lang'][value='zh']", label=True)              # 只显示中文: the English is hidden
    assert err.text.startswith("诈和") and "not_winning_hand" not in err.text
    _click(d, "input[name='lang'][value='zh-en']", label=True)


def test_a_tile_that_greys_out_keeps_the_focus(phone):
    d = phone()
    tile = d.find_element(By.CSS_SELECTOR, "#palette .tile[data-tile='7p']")
    d.execute_script("arguments[0].focus()", tile)
    for _ in range(4):
        tile.send_keys("\n")                        # Enter on the focused tile, four times
    WebDriverWait(d, 10).until(lambda d: tile.get_attribute("aria-disabled") == "true")
    assert js(d, "document.activeElement.dataset.tile") == "7p"
    assert hand_size(d) == 4


def test_touch_targets_are_at_least_44_px_and_a_rulings_text_is_rendered(phone):
    d = phone("?hand=" + quote("[111z][222z][333z][444z]999m55m，点和9m"))
    wait_text(d, "#total", "95")
    d.execute_script("document.querySelectorAll('[data-ruling] details').forEach(x => x.open = true)")
    text = d.find_element(By.CSS_SELECTOR, "[data-ruling='R-009'] .ruling-text")   # not raw Markdown
    assert "**" not in text.text and "## " not in text.text
    assert "Question." in [s.text for s in text.find_elements(By.TAG_NAME, "strong")]
    small = js(d, """[...document.querySelectorAll('button, select, input[type=text], .choice label, .flag, details > summary, .share a')]
        .filter(e => e.offsetParent !== null)
        .map(e => [e.id || e.className || e.tagName, e.getBoundingClientRect()])
        .filter(([name, r]) => r.height < 44 || (r.width < 44 && !['tile', 'in-hand'].includes(name)))
        .map(([name, r]) => `${name} ${Math.round(r.width)}×${Math.round(r.height)}`)""")
    assert small == []
    # tiles are 44 px tall but narrower: nine to a row as on the table (at least 37 px wide at
    # 390 px), and the hand's seventeen in two rows above the palette
    sizes = js(d, "[...document.querySelectorAll('#palette .tile')].map(b => b.getBoundingClientRect())"
                  ".map(r => [r.width, r.height])")
    assert min(h for w, h in sizes) >= 44 and min(w for w, h in sizes) >= 37


def test_dark_mode_follows_the_phone(phone):
    d = phone()
    d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": [{"name": "prefers-color-scheme", "value": "dark"}]})
    try:
        background = js(d, "getComputedStyle(document.documentElement).backgroundColor")
        ink = js(d, "getComputedStyle(document.documentElement).color")
    finally:
        d.execute_cdp_cmd("Emulation.setEmulatedMedia", {"features": []})
    channels = lambda colour: [int(x) for x in re.findall(r"\d+", colour)[:3]]
    assert sum(channels(background)) < 150 and sum(channels(ink)) > 600, (background, ink)


def test_the_last_tile_flag_is_named_and_glossed_by_how_the_hand_was_won(phone):
    d = phone()
    # xinbian 第七章 45 海底捞月: 和牌墙摸完后别家打出的牌; 第七章 44 妙手回春: 自摸牌墙所剩最后一张牌
    label = d.find_element(By.CSS_SELECTOR, "label:has(#last_tile)")
    assert label.text.split("\n")[:2] == ["海底捞月", "won on the last discard"]
    choose(d, "win_by", "self_draw")
    assert label.text.split("\n")[:2] == ["妙手回春", "self-drew the last tile of the wall"]
