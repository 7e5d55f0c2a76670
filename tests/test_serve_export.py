"""``gb16 serve --export``: the referee's page as a static folder, the reference running in the
browser (Pyodide), checked in Debian's headless Chromium at 390 px:

* the folder, served by ``python3 -m http.server`` under a path prefix (``/referee/``) with every
  other host unreachable, opens a share link of §四.3 on its total (28) and scores §四.1 tapped (165);
* the in-browser scorer answers a sample of the corpus byte for byte as ``gb16 score --batch``
  (gb16.tools.commands.score.batch_result), and explains hands as the server's ``/api/explain`` does;
* after the first visit the page reloads and scores with the server stopped (its service worker);
* nothing is loaded from anywhere but the folder.

Pyodide starts slowly (seconds), so the page is loaded twice in all — once from the server,
once offline — and everything else is asked of it through ``execute_script``.

Skipped when the pinned Pyodide runtime is not installed (``npm ci`` in the source tree:
package.json, package-lock.json) or when Chromium, its chromedriver or Selenium are missing.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from pathlib import Path
from urllib.parse import quote

import browser_support
import pytest

from browser_support import MISSING
from gb16.tools.common.batch_line import batch_result
from gb16.tools.harness.corpus import load_corpus
from gb16.tools.serve import export as export_module

ROOT = Path(__file__).resolve().parent.parent
PYODIDE = ROOT / "node_modules" / "pyodide"

pytestmark = [
    pytest.mark.browser,
    pytest.mark.slow,
    pytest.mark.skipif(not all((PYODIDE / f).is_file() for f in export_module.PYODIDE_FILES),
                       reason="the pinned Pyodide runtime is not installed (npm ci in the source tree; npm "
                              "unavailable?) — export test skipped"),
    pytest.mark.skipif(MISSING is not None, reason=f"{MISSING} — browser test skipped"),
]

webdriver = pytest.importorskip("selenium.webdriver")

from selenium.webdriver.common.by import By  # noqa: E402
from selenium.webdriver.support.ui import WebDriverWait  # noqa: E402

PREFIX = "referee"
SAMPLE = 120          # corpus inputs asked of the in-browser scorer (every k-th case)
# every host but this machine's loopback address unreachable: nothing may come from elsewhere
OFFLINE = ("--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1",)


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The exported folder at /referee/ of a static server on a free loopback port."""
    root = tmp_path_factory.mktemp("static-host")
    started = time.perf_counter()
    done = export_module.export(root / PREFIX, PYODIDE)
    print(f"\nexport: {done.files} files, {done.size / 1e6:.1f} MB, Pyodide {done.pyodide_version}, "
          f"{time.perf_counter() - started:.1f} s")
    server = subprocess.Popen([sys.executable, "-m", "http.server", "0", "--bind", "127.0.0.1", "-d", str(root)],
                              stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, bufsize=1)
    line = server.stdout.readline()   # "Serving HTTP on 127.0.0.1 port N (http://127.0.0.1:N/) ..."
    port = int(line.split(" port ")[1].split()[0])
    yield {"base": f"http://127.0.0.1:{port}/{PREFIX}/", "server": server, "folder": root / PREFIX}
    if server.poll() is None:
        server.terminate()
        server.wait(timeout=30)


@pytest.fixture(scope="module")
def browser(tmp_path_factory):
    driver = browser_support.driver(tmp_path_factory.mktemp("profile"), OFFLINE, window="390,844")
    driver.execute_cdp_cmd("Emulation.setDeviceMetricsOverride",
                           {"width": 390, "height": 844, "deviceScaleFactor": 1, "mobile": True})
    yield driver
    driver.quit()


def total(d, timeout: float = 120) -> str:
    """The total the page shows once it has one (Pyodide's start included)."""
    WebDriverWait(d, timeout, poll_frequency=0.2).until(
        lambda d: d.execute_script("const t = document.getElementById('total'); return t && t.textContent"))
    return d.find_element(By.ID, "total").text


def ask(d, name: str, inputs: list[str]) -> list[str]:
    """The in-browser answers of api/<name> to each JSON text, in one call."""
    return d.execute_async_script(
        "const [name, inputs, done] = arguments;"
        "(async () => { const out = []; for (const x of inputs) out.push(await window.gb16Offline.ask(name, x));"
        " return out; })().then(done, e => done(['failed: ' + e]))", name, inputs)


def tap(d, tile: str) -> None:
    button = d.find_element(By.CSS_SELECTOR, f"#palette .tile[data-tile='{tile}']")
    d.execute_script("arguments[0].scrollIntoView({block: 'center'})", button)
    button.click()


def test_the_exported_page_scores_as_the_reference_and_works_offline(site, browser):
    d = browser
    base = site["base"]
    d.set_script_timeout(120)

    # a share link of §四.3 under the path prefix: 147m 258p 369s 111z 555z 66z，自摸6z = 28
    started = time.perf_counter()
    d.get(base + "?hand=" + quote("147m 258p 369s 111z 555z 66z，自摸6z"))
    assert total(d) == "28"
    print(f"first load to the total of §四.3: {time.perf_counter() - started:.1f} s")

    # the corpus, a sample spread over every file: byte for byte what gb16 score --batch writes
    cases = load_corpus().cases
    sample = cases[::max(1, len(cases) // SAMPLE)]
    raws = [json.dumps(c["input"], ensure_ascii=False) for c in sample]
    started = time.perf_counter()
    answers = ask(d, "score", raws)
    print(f"{len(raws)} corpus inputs scored in the browser in {time.perf_counter() - started:.1f} s")
    for case, raw, answer in zip(sample, raws, answers):
        assert answer.encode("utf-8") == batch_result(raw.encode("utf-8")), case["id"]
    assert len(answers) == len(sample) >= 100

    # the explanations the page shows: the server's /api/explain answers, byte for byte
    from gb16.tools.serve import api
    hands = [{"hand": "[111z][222z][333z][444z]999m55m，点和9m"}, {"hand": "147m 258p 369s 111z 555z 66z，自摸6z"},
             {"hand": "111222333444z 124m 55z，点和5z"}]
    texts = [json.dumps(h, ensure_ascii=False) for h in hands]
    assert ask(d, "explain", texts) == [api.answer_line("explain", t) for t in texts]

    # §四.1 tapped: 111222333444z 123m 55z，点和5z = 165
    d.find_element(By.ID, "new-hand").click()
    for t in ["1z"] * 3 + ["2z"] * 3 + ["3z"] * 3 + ["4z"] * 3 + ["1m", "2m", "3m", "5z", "5z"]:
        tap(d, t)
    WebDriverWait(d, 60).until(lambda d: d.find_elements(By.ID, "total") and d.find_element(By.ID, "total").text == "165")
    link = d.find_element(By.ID, "share").get_attribute("href")
    assert link.startswith(base + "?hand=")          # relative: the prefix kept

    # nothing came from anywhere but the folder
    origins = d.execute_script("return performance.getEntriesByType('resource').map(e => new URL(e.name).origin)")
    assert set(origins) <= {base.rsplit("/", 2)[0]}, set(origins)

    # offline: the service worker has the folder; stop the server, open the tapped hand's link
    d.execute_async_script("navigator.serviceWorker.ready.then(() => arguments[0](true))")
    WebDriverWait(d, 120).until(lambda d: d.execute_script(
        "return caches.keys().then(k => Promise.all(k.map(n => caches.open(n).then(c => c.keys()))))"
        ".then(lists => lists.flat().length)") >= len(json.loads((site["folder"] / "gb16-export.json").read_text())["files"]) - 1)
    site["server"].terminate()
    site["server"].wait(timeout=30)
    started = time.perf_counter()
    d.get(link)
    assert total(d) == "165"
    print(f"offline load to the total of §四.1: {time.perf_counter() - started:.1f} s")


def test_export_refuses_a_folder_that_is_not_an_earlier_export(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(export_module.ExportError, match="not empty"):
        export_module.export(tmp_path, PYODIDE)
    assert (tmp_path / "notes.txt").read_text() == "mine"
