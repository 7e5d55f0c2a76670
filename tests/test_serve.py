"""gb16 serve: the JSON API in process (Starlette's test client), the page's files, and the
command on a real socket.

* ``POST /api/score`` answers every corpus input byte for byte as ``gb16 score --batch`` does
  (its per-line function, :func:`gb16.tools.common.batch_line.batch_result`);
* ``/api/explain`` carries what the page shows — the readings, the clauses quoted, the 不计 list,
  the disputes with each option's total — checked on the rule page's §四 examples and the
  R-009 hand of docs/rulings.md;
* hostile requests (too large, declared or streamed; too deep; not UTF-8; not JSON; wrong method
  or path; a scorer that fails) each get a JSON error with the contract's codes, and the next
  request is answered;
* every file of the page is in the package and nothing is loaded from elsewhere.
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

pytest.importorskip("starlette")
pytest.importorskip("httpx2")

from starlette.testclient import TestClient  # noqa: E402

from gb16.reference import tiles as T  # noqa: E402
from gb16.tools.commands import serve as cmd_serve  # noqa: E402
from gb16.tools.common.batch_line import batch_result  # noqa: E402
from gb16.tools.harness.corpus import load_corpus  # noqa: E402
from gb16.tools.serve import api as serve_api  # noqa: E402
from gb16.tools.serve import app as serve_app  # noqa: E402
from gb16.tools.serve import tiles  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
STATIC = ROOT / "tools" / "serve" / "static"


@pytest.fixture(scope="module")
def client():
    with TestClient(serve_app.create_app(), raise_server_exceptions=False) as c:
        yield c


def post(client, path: str, data) -> tuple[int, dict]:
    r = client.post(path, content=json.dumps(data, ensure_ascii=False).encode("utf-8"))
    assert r.headers["content-type"] == "application/json", r.text
    return r.status_code, r.json()


# -- the API answers as the batch does ---------------------------------------------------------

def test_score_answers_the_whole_corpus_as_the_batch_does(client):
    cases = load_corpus().cases
    assert len(cases) > 800
    for case in cases:
        raw = json.dumps(case["input"], ensure_ascii=False).encode("utf-8")
        r = client.post("/api/score", content=raw)
        expected = batch_result(raw)
        assert r.content == expected, case["id"]
        assert r.status_code == (200 if json.loads(expected)["ok"] else 400), case["id"]


SEED_EXAMPLES = {  # seed000 §四, the totals the page prints
    "111222333444z 123m 55z，点和5z": 165,
    "147m 258p 369s 111z 555z 66z，自摸6z": 28,
    "[234m] [456p] [789s] [777m] 333p 44z，点和3p": 8,
}


@pytest.mark.parametrize("hand, total", SEED_EXAMPLES.items())
def test_explain_carries_the_result_of_score(client, hand, total):
    status, view = post(client, "/api/explain", {"hand": hand})
    assert status == 200 and view["ok"]
    assert view["result"] == json.loads(batch_result(json.dumps({"hand": hand}).encode()))
    assert view["result"]["total"] == total
    chosen = [r for r in view["readings"] if r["chosen"]]
    assert len(chosen) == 1 and chosen[0]["total"] == total and view["readings"][0] is not None
    assert view["waits"] == view["result"]["waits"]


def test_explain_quotes_each_fans_clause(client):
    _, view = post(client, "/api/explain", {"hand": "111222333444z 123m 55z，点和5z"})
    big_four = next(f for f in view["fans"] if f["id"] == "big_four_winds")
    assert big_four["cites"] == ["xinbian 第七章 1", "seed000 §三 大四喜"]
    # the quotes are those of corpus/clauses.json: the base rulebook's definition, the rule page's line
    assert "不计碰碰和、圈风刻、门风刻、幺九刻" in view["clauses"]["xinbian 第七章 1"]["quote"]
    assert view["clauses"]["seed000 §三 大四喜"]["quote"].startswith("大四喜88")
    assert all(a in view["clauses"] for f in view["fans"] for a in f["cites"])


def test_explain_lists_what_was_not_counted_and_why(client):
    # §四.3: "不求人4" and no 自摸 (xinbian 第七章 56 "不计自摸"); "箭刻2＋幺九刻1": the 中 pung's 幺九刻 goes
    _, view = post(client, "/api/explain", {"hand": "147m 258p 369s 111z 555z 66z，自摸6z"})
    got = [(n["id"], n["count"], n["by"]["id"], n["cites"]) for n in view["not_counted"]]
    assert got == [("self_drawn", 1, "fully_concealed_hand", ["xinbian 第七章 56"]),
                   ("pung_of_terminals_or_honors", 1, "dragon_pung", ["xinbian 第七章 59"])]
    assert "不计自摸" in view["clauses"]["xinbian 第七章 56"]["quote"]


def test_explain_shows_each_option_of_a_disputed_ruling(client):
    # docs/rulings.md R-009: 大四喜 with a fifth 幺九 pung — 94 under A, 95 under B (the project's)
    _, view = post(client, "/api/explain", {"hand": "[111z][222z][333z][444z]999m55m", "win_tile": "9m",
                                            "win_by": "discard"})
    (ruling,) = view["disputes"]["rulings"]
    assert ruling["id"] == "R-009"
    assert [(o["option"], o["total"], o["project"]) for o in ruling["options"]] == [("A", 94, False), ("B", 95, True)]
    assert ruling["text"].startswith("## R-009")
    editions = {e["id"]: e["total"] for e in view["disputes"]["edition_totals"]}
    assert editions["seed000"] == 95 and set(editions) >= {"mcr1998", "mcr2006", "software"}
    # the rule set may be chosen in the query, as with --ruling on the command line
    r = client.post("/api/score?ruling=R-009=A", content=json.dumps(
        {"hand": "[111z][222z][333z][444z]999m55m", "win_tile": "9m", "win_by": "discard"}).encode())
    assert r.json()["total"] == 94


def test_readings_that_lose_say_why(client):
    _, view = post(client, "/api/explain", {"hand": "111222333m 456p 789s 55z，点和3m"})
    losing = [r for r in view["readings"] if not r["chosen"]]
    assert losing, "this hand reads as pungs or as chows"
    assert all(r["why"] and r["pieces"] for r in view["readings"])


def test_waits_and_parse(client):
    # seed000 §四.5: "形式上1s也成五组一对，所以和3s不计边张"
    status, waits = post(client, "/api/waits", {"hand": "1111222s 111m 222p 555z听3s"})
    assert status == 200 and waits["waits"] == ["1s", "3s"] and waits["ting_is_wait"] is True
    status, parsed = post(client, "/api/parse", {"hand": "[123m] {7777p} 222m 55z，自摸5z"})
    assert status == 200
    assert parsed["melds"] == [{"kind": "chow", "exposed": True, "tiles": ["1m", "2m", "3m"]},
                               {"kind": "kong", "exposed": False, "tiles": ["7p"] * 4}]
    assert parsed["standing"] == ["2m", "2m", "2m", "5z", "5z"]
    assert (parsed["win_tile"], parsed["win_by"]) == ("5z", "self_draw")
    status, bad = post(client, "/api/parse", {"hand": "123x"})
    assert status == 400 and bad["error"]["code"] == "invalid_notation"
    status, bad = post(client, "/api/parse", {"hand": "123m", "variant": "gb13"})
    assert status == 400 and bad["error"]["code"] == "invalid_input"


# -- hostile requests -------------------------------------------------------------------------------

def _still_serving(client):
    r = client.post("/api/score", content="{\"hand\": \"111222333444z 123m 55z，点和5z\"}".encode())
    assert r.status_code == 200 and r.json()["total"] == 165


def _stream(size: int, piece: int = 1 << 16):
    sent = 0
    while sent < size:
        yield b" " * min(piece, size - sent)
        sent += piece


@pytest.mark.parametrize("name, body, status, words", [
    ("declared too large", b" " * (serve_app.MAX_BODY_BYTES + 1), 413, "at most 1048576"),
    ("streamed too large", "stream", 413, "at most 1048576"),
    ("too deep", b"[" * 100_000, 400, "nest more than 64 deep"),
    ("not UTF-8", b'{"hand": "\xff\xfe"}', 400, "not valid UTF-8"),
    ("not JSON", b"{hand: 1}", 400, "not JSON"),
    ("empty", b"", 400, "empty"),
    ("lone surrogate", b'{"hand": "\\ud800"}', 400, "surrogate"),
    ("huge integer", b'{"flowers": ' + b"9" * 5000 + b"}", 400, "too large"),
])
def test_hostile_bodies_get_json_errors_and_the_server_goes_on(client, name, body, status, words):
    content = _stream(serve_app.MAX_BODY_BYTES + 10) if body == "stream" else body
    for path in ("/api/score", "/api/explain", "/api/waits", "/api/parse"):
        r = client.post(path, content=content if body != "stream" else _stream(serve_app.MAX_BODY_BYTES + 10))
        assert r.status_code == status, (name, path, r.text)
        error = r.json()["error"]
        assert error["code"] == "invalid_json" and words in error["message"], (name, error)
    _still_serving(client)


def test_wrong_method_path_and_rule_set_are_json_errors(client):
    for method, path, status in (("GET", "/api/score", 405), ("PUT", "/api/explain", 405),
                                 ("GET", "/api/nothing", 404), ("POST", "/no/such/page", 404)):
        r = client.request(method, path)
        assert r.status_code == status and r.json()["error"]["code"] == "invalid_input", (method, path)
    r = client.post("/api/score?ruling=R-999=A", content=b'{"hand": "x"}')
    assert r.status_code == 400 and r.json()["error"]["code"] == "invalid_input" and "R-999" in r.text
    _still_serving(client)


def test_a_failing_scorer_is_an_internal_error_not_a_crash(client, monkeypatch):
    def broken(case_input, rules=None):
        raise RuntimeError("planted")
    monkeypatch.setattr(serve_api.reference, "score", broken)   # what /api/score calls (gb16.tools.serve.api)
    r = client.post("/api/score", content=b'{"hand": "111222333444z 123m 55z"}')
    assert r.status_code == 500 and r.json()["error"]["code"] == "internal_error"
    monkeypatch.undo()
    _still_serving(client)


def test_every_answer_carries_the_security_headers(client):
    for r in (client.get("/"), client.get("/static/app.js"), client.post("/api/score", content=b"{}"),
              client.get("/nowhere")):
        assert "default-src 'self'" in r.headers["content-security-policy"]
        assert r.headers["x-content-type-options"] == "nosniff"


# -- the page's files ---------------------------------------------------------------------------------

def test_the_page_loads_only_its_own_files(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    for path in re.findall(r'(?:src|href)="(/static/[^"]+)"', page.text):
        assert client.get(path).status_code == 200, path
    for f in STATIC.rglob("*"):
        if f.is_file():
            text = f.read_text(encoding="utf-8")
            outside = [u for u in re.findall(r"https?://[^\s\"'<>)]+", text) if u != "http://www.w3.org/2000/svg"]
            assert not outside, (f.name, outside)


def test_the_tile_pictures_are_what_the_script_writes_and_not_font_glyphs():
    shipped = sorted(p.name for p in (STATIC / "tiles").glob("*.svg"))
    assert shipped == sorted(f"{T.name(t)}.svg" for t in T.ALL_TILES)
    for t in T.ALL_TILES:
        assert (STATIC / "tiles" / f"{T.name(t)}.svg").read_text(encoding="utf-8") == tiles.svg(t), T.name(t)
    for f in STATIC.rglob("*"):
        if f.is_file():
            assert not re.search("[\U0001F000-\U0001F02F]", f.read_text(encoding="utf-8")), f.name


def test_the_static_files_are_package_data():
    import tomllib
    data = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["setuptools"]["package-data"]
    patterns = data["gb16.tools.serve"]
    for f in STATIC.rglob("*"):
        if f.is_file():
            rel = f.relative_to(STATIC.parent).as_posix()
            assert any(Path(rel).match(p) for p in patterns), rel


# -- the command -----------------------------------------------------------------------------------

@pytest.mark.parametrize("host, loopback", [("127.0.0.1", True), ("localhost", True), ("::1", True),
                                            ("127.0.0.2", True), ("0.0.0.0", False), ("192.168.1.5", False),
                                            ("example.org", False)])
def test_which_hosts_are_this_machine_only(host, loopback):
    assert cmd_serve.is_loopback(host) is loopback


def _start(*args):
    p = subprocess.Popen([sys.executable, "-m", "gb16", "serve", "--port", "0", *args],
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    line = p.stdout.readline()
    m = re.search(r"(http://\S+/)", line)
    assert m, (line, p.stderr.read() if p.poll() is not None else "")
    return p, m.group(1)


def test_the_command_serves_on_loopback_and_survives_garbage():
    p, url = _start()
    try:
        assert url.startswith("http://127.0.0.1:")
        host, port = url[len("http://"):-1].rsplit(":", 1)
        for garbage in (b"\x00\xff" * 1000 + b"\r\n\r\n", b"GET / HTTP/1.1\r\nHost: x\r\nContent-Length: -5\r\n\r\n",
                        b"POST /api/score HTTP/1.1\r\nHost: x\r\nContent-Length: 5000000\r\n\r\n" + b"x" * 1000):
            with socket.create_connection((host, int(port)), timeout=10) as s:
                s.sendall(garbage)
                s.settimeout(10)
                try:
                    s.recv(65536)
                except OSError:
                    pass
        request = urllib.request.Request(url + "api/score", data='{"hand": "147m 258p 369s 111z 555z 66z，自摸6z"}'
                                         .encode(), method="POST")
        with urllib.request.urlopen(request, timeout=30) as r:
            assert json.load(r)["total"] == 28
        assert p.poll() is None
    finally:
        p.terminate()
        p.wait(timeout=30)


def test_a_host_beyond_this_machine_is_warned_about():
    p, url = _start("--host", "0.0.0.0")
    try:
        p.terminate()
        _, err = p.communicate(timeout=30)
    finally:
        if p.poll() is None:
            p.kill()
    assert "warning: listening on 0.0.0.0" in err


def test_a_port_in_use_is_a_clear_error():
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen(1)
        port = taken.getsockname()[1]
        p = subprocess.run([sys.executable, "-m", "gb16", "serve", "--port", str(port)],
                           capture_output=True, text=True, timeout=60)
    assert p.returncode == 2 and "cannot listen on 127.0.0.1 port" in p.stderr and "Traceback" not in p.stderr


# -- the questions without a server: what the exported page runs (gb16 serve --export) -------------

def test_the_exported_pages_answers_are_the_servers(client):
    """gb16.tools.serve.api.answer_line, which the exported page runs under Pyodide, answers
    every corpus input as /api/score does (and so as gb16 score --batch)."""
    for case in load_corpus().cases:
        raw = json.dumps(case["input"], ensure_ascii=False)
        assert serve_api.answer_line("score", raw).encode("utf-8") == batch_result(raw.encode("utf-8")), case["id"]
    for body in ('{"hand": "147m 258p 369s 111z 555z 66z，自摸6z"}', '{"hand": 1}', "[", ""):
        r = client.post("/api/explain", content=body.encode("utf-8"))
        assert serve_api.answer_line("explain", body).encode("utf-8") == r.content, body
    assert json.loads(serve_api.answer_line("nowhere", "{}"))["error"]["code"] == "invalid_input"


def test_the_exported_python_archive_is_complete_on_its_own(tmp_path):
    """gb16.zip of the export holds everything the answers need: a Python that sees nothing but
    the archive's files (-I -S: no site-packages, no gb16 install) answers as the reference."""
    import zipfile
    from gb16.tools.serve import export
    archive = tmp_path / "gb16.zip"
    export.write_zip(archive, export.python_files())
    with zipfile.ZipFile(archive) as z:
        z.extractall(tmp_path / "lib")
    body = '{"hand": "[111z][222z][333z][444z]999m55m，点和9m"}'
    script = ("import sys; sys.path.insert(0, sys.argv[1]); from gb16.tools.serve import api; "
              "sys.stdout.write(api.answer_line('explain', sys.argv[2]))")
    out = subprocess.run([sys.executable, "-I", "-S", "-c", script, str(tmp_path / "lib"), body],
                         capture_output=True, text=True, encoding="utf-8", timeout=120, cwd=tmp_path)
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout == serve_api.answer_line("explain", body)


def test_export_without_a_runtime_says_what_to_install(tmp_path):
    p = subprocess.run([sys.executable, "-m", "gb16", "serve", "--export", str(tmp_path / "out"), "--pyodide", str(tmp_path)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "not a Pyodide runtime folder (missing pyodide.js" in p.stderr, p.stderr
    assert not (tmp_path / "out").exists()
    p = subprocess.run([sys.executable, "-m", "gb16", "serve", "--pyodide", str(tmp_path)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "goes with --export" in p.stderr, p.stderr
