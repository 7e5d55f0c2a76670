"""Headless Chromium through its chromedriver (Selenium), for the tests that look at pages the
kit writes: open a file at a given width, find what sticks out sideways, take a screenshot.

Debian: ``apt-get install chromium chromium-driver``; ``pip install 'gb16[test]'``.  The tests
that use it skip when either is missing (:data:`MISSING`)."""

from __future__ import annotations

from pathlib import Path

CHROMIUM, CHROMEDRIVER = Path("/usr/bin/chromium"), Path("/usr/bin/chromedriver")
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]
MISSING = None if CHROMIUM.exists() and CHROMEDRIVER.exists() else \
    "/usr/bin/chromium and /usr/bin/chromedriver are not installed (apt-get install chromium chromium-driver)"


def driver(profile: Path, extra_flags: tuple[str, ...] = (), window: str = "1280,1000"):
    """Headless Chromium with the profile folder *profile* and *extra_flags* beside :data:`FLAGS`."""
    from selenium import webdriver
    from selenium.webdriver.chrome.options import Options
    from selenium.webdriver.chrome.service import Service
    options = Options()
    options.binary_location = str(CHROMIUM)
    for flag in FLAGS + list(extra_flags) + [f"--window-size={window}", f"--user-data-dir={profile}"]:
        options.add_argument(flag)
    return webdriver.Chrome(service=Service(str(CHROMEDRIVER)), options=options)


def open_at(d, url: str, width: int, height: int = 900) -> None:
    """Open *url* laid out *width* CSS pixels wide (a phone's 420 too: the window itself cannot be
    made that narrow, the device metrics can)."""
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": height, "deviceScaleFactor": 1, "mobile": width < 600})
    d.get(url)


def overflow(d) -> dict:
    """How the page fits its width: the scrolling width, the inner width, and the elements whose
    right edge sticks out of it (outside a box that scrolls sideways on its own)."""
    return d.execute_script("""
        function inScrollBox(e) { for (var p = e.parentElement; p && p !== document.body; p = p.parentElement) {
            var o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') return true; }
          return false; }
        return {scrollWidth: document.scrollingElement.scrollWidth, innerWidth: innerWidth,
                wide: [...document.querySelectorAll('body *')].filter(function (e) {
                  return !inScrollBox(e) && e.getBoundingClientRect().right > innerWidth + 0.5; })
                  .slice(0, 5).map(function (e) { return e.tagName + ' ' + (e.id || '') + ' ' +
                    (typeof e.className === 'string' ? e.className : ''); })};""")


def screenshot(d, path: Path, width: int, max_height: int = 6000) -> Path:
    """The whole page (up to *max_height* px) as a PNG at *width*."""
    height = d.execute_script("return document.scrollingElement.scrollHeight")
    d.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                      {"width": width, "height": min(height, max_height), "deviceScaleFactor": 1, "mobile": width < 600})
    path.parent.mkdir(parents=True, exist_ok=True)
    d.save_screenshot(str(path))
    return path
