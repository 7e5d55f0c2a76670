"""The HTML report in a real browser: headless Chromium renders it to a screenshot and to a
DOM dump; the summary table must be in the rendered DOM and the filter script must have run.

Skipped when /usr/bin/chromium is missing (Debian: ``apt-get install chromium``).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from gb16.tools.harness.certify import CertifyOptions, run_certification
from gb16.tools.reports.formats import write_reports

CHROMIUM = Path("/usr/bin/chromium")
ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "harness"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not CHROMIUM.exists(), reason="/usr/bin/chromium is not installed "
                                                     "(apt-get install chromium) — browser test skipped"),
]

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
         "--disable-background-networking", "--disable-component-update", "--disable-sync"]


def chromium(tmp_path: Path, *args: str) -> subprocess.CompletedProcess:
    profile = tmp_path / f"profile-{len(list(tmp_path.glob('profile-*')))}"
    return subprocess.run([str(CHROMIUM), *FLAGS, f"--user-data-dir={profile}", *args],
                          capture_output=True, text=True, timeout=120)


@pytest.fixture(scope="module")
def report_page(tmp_path_factory) -> Path:
    tmp = tmp_path_factory.mktemp("browser")
    impl = f"{sys.executable} {FIXTURES / 'protocol_impl.py'} --crash-seq 3 --rulings R-009=A"
    log = run_certification(CertifyOptions(impl=impl, corpus=str(FIXTURES / "corpus"),
                                           out=str(tmp / "run.jsonl"), progress=False))
    return write_reports(log, tmp, formats=["html"])["html"]


def test_rendered_dom_has_the_summary_and_the_filters_ran(report_page, tmp_path):
    done = chromium(tmp_path, "--dump-dom", report_page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    assert 'id="summary-table"' in dom
    assert 'data-status="crash"' in dom and 'data-status="fail"' in dom
    assert dom.count('class="case') >= 12
    # report.js filled in the count of shown cases: the script ran without error, and the page
    # opened on the problems (pass and skipped rows hidden until "reset")
    shown = re.search(r"(\d+) of 12 cases shown", dom)
    assert shown and 0 < int(shown.group(1)) < 12
    assert dom.find('id="failures"') < dom.find('id="summary"')      # the failures come first


def test_screenshot(report_page, tmp_path):
    shot = tmp_path / "report.png"
    done = chromium(tmp_path, "--window-size=1280,2000", f"--screenshot={shot}", report_page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 20_000   # a real picture, not a blank frame


def test_hostile_run_log_runs_no_script_in_a_browser(tmp_path):
    """The hostile run log (markup and script in the implementation's metadata and answers and
    in hand-edited case fields, tests/fixtures/harness/hostile.py) rendered and opened: every
    payload would mark the page with ``data-pwned`` if it ran; none does, and the page's own
    script still runs."""
    sys.path.insert(0, str(FIXTURES))
    from hostile import hostile_runlog
    from gb16.tools.harness import runlog
    page = write_reports(runlog.read(hostile_runlog(tmp_path)), tmp_path / "out", formats=["html"])["html"]
    done = chromium(tmp_path, "--virtual-time-budget=3000", "--dump-dom", page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    dom = done.stdout
    assert "cases shown" in dom                                     # the page's own script ran
    assert "data-pwned" not in _html_tag(dom)                       # no payload ran
    assert dom.count("<script") == 1                                 # no script element from the payload
    assert "<img" not in dom                                         # no element from the payload
    # The check can fail: the same payload written unescaped does mark the page.
    from misbehaving_impl import PAYLOAD
    control = tmp_path / "control.html"
    control.write_text(f"<!DOCTYPE html><html><body>{PAYLOAD}</body></html>", encoding="utf-8")
    done = chromium(tmp_path, "--virtual-time-budget=3000", "--dump-dom", control.as_uri())
    assert 'data-pwned="' in _html_tag(done.stdout)


def _html_tag(dom: str) -> str:
    match = re.search(r"<html[^>]*>", dom)
    return match.group(0) if match else ""


def test_reads_at_420_px_without_sideways_scrolling(report_page, tmp_path):
    """At a phone's 420 px nothing sticks out sideways (a wide table scrolls inside its own box):
    a probe appended to a copy of the page records the rightmost edge of every element and
    text outside such boxes after layout.  (Headless Chromium will not make a window
    narrower than 500 px, so the probe lays the page out in a 420 px wide root; the narrow-screen
    rules apply below 600 px either way.)"""
    probe = ("<style>html { width: 420px; }</style>"
             "<script>window.addEventListener('load', function () {"
             "var right = 0, widest = '';"
             "function see(rect, what) { if (rect.width && rect.right > right) { right = rect.right; widest = what; } }"
             "function inScrollBox(e) { for (var p = e.parentElement; p && p !== document.body; p = p.parentElement) {"
             "  var o = getComputedStyle(p).overflowX; if (o === 'auto' || o === 'scroll' || o === 'hidden') { return true; } }"
             "  return false; }"
             "document.querySelectorAll('body *').forEach(function (e) {"
             "  if (!inScrollBox(e) && e.getClientRects().length) { see(e.getBoundingClientRect(), e.tagName + '.' + e.className); } });"
             "var walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT), node;"
             "while ((node = walk.nextNode())) { if (inScrollBox(node.parentNode)) { continue; }"
             "  var range = document.createRange(); range.selectNodeContents(node);"
             "  see(range.getBoundingClientRect(), 'text: ' + node.textContent.slice(0, 30)); }"
             "document.documentElement.setAttribute('data-width', Math.ceil(right));"
             "document.documentElement.setAttribute('data-widest', widest.replace(/[^\\w .:-]/g, ''));});</script>")
    page = tmp_path / "narrow.html"
    page.write_text(report_page.read_text(encoding="utf-8").replace("</body>", probe + "</body>"), encoding="utf-8")
    done = chromium(tmp_path, "--window-size=420,900", "--virtual-time-budget=2000", "--dump-dom", page.as_uri())
    assert done.returncode == 0, done.stderr[-2000:]
    width = re.search(r'data-width="(\d+)"', done.stdout)
    assert width, "the probe did not run"
    widest = re.search(r'data-widest="([^"]*)"', done.stdout)
    assert int(width.group(1)) <= 420, widest.group(1) if widest else ""
    # The probe can fail: without the narrow-screen rules the same page sticks out.
    wide = tmp_path / "wide.html"
    wide.write_text(page.read_text(encoding="utf-8").replace("@media (max-width: 600px)", "@media (max-width: 1px)"),
                    encoding="utf-8")
    done = chromium(tmp_path, "--window-size=420,900", "--virtual-time-budget=2000", "--dump-dom", wide.as_uri())
    assert int(re.search(r'data-width="(\d+)"', done.stdout).group(1)) > 420
