"""gb16 serve holds against its clients (a real ``gb16 serve`` process on 127.0.0.1;
tools/serve/guard.py):

* 80 half-open connections (a request line, never finished) do not keep a normal request from
  its 200 — nor do more idle connections than the connection budget, which close the oldest;
* 200 concurrent ``/api/explain`` requests are all answered, each a 200 or a JSON 503;
* a request head that never ends is answered 408 (JSON) and closed: the head has a deadline;
* every answer of the server layer is JSON: a malformed Content-Length, a control character in
  the path, a 200 KB query string, a foreign Host (421: DNS rebinding), a cross-origin
  ``text/plain`` POST (403: no CORS), a long query string (414).
"""

from __future__ import annotations

import json
import re
import socket
import subprocess
import sys
import threading

import pytest

pytest.importorskip("uvicorn")

from gb16.tools.serve import guard  # noqa: E402

pytestmark = pytest.mark.slow

EXPLAIN = json.dumps({"hand": "147m 258p 369s 111z 555z 66z，自摸6z"}, ensure_ascii=False).encode("utf-8")


@pytest.fixture(scope="module")
def server():
    p = subprocess.Popen([sys.executable, "-m", "gb16", "serve", "--port", "0", "--allow-host", "referee.example"],
                         stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    try:
        m = re.search(r"http://([\d.]+):(\d+)/", p.stdout.readline())
        assert m
        yield m.group(1), int(m.group(2))
    finally:
        p.kill()
        p.wait(timeout=30)


def exchange(server, data: bytes, timeout: float = 30) -> tuple[int, dict | None, dict]:
    """Send ``data`` on a new connection; the answer's status, JSON body (None if not JSON) and headers."""
    with socket.create_connection(server, timeout=timeout) as s:
        s.sendall(data)
        answer = b""
        try:
            while True:
                piece = s.recv(65536)
                if not piece:
                    break
                answer += piece
                head, sep, body = answer.partition(b"\r\n\r\n")
                n = re.search(rb"content-length: (\d+)", head, re.I)
                if sep and n and len(body) >= int(n.group(1)):
                    break
        except ConnectionResetError:
            pass
    head, _, body = answer.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.lower().split(": ", 1) for line in lines[1:] if ": " in line)
    try:
        value = json.loads(body)
    except ValueError:
        value = None
    return int(lines[0].split()[1]), value, headers


def post(server, path: str = "/api/explain", body: bytes = EXPLAIN, host: str | None = None, extra: str = "",
         timeout: float = 30):
    host = host or f"{server[0]}:{server[1]}"
    return exchange(server, (f"POST {path} HTTP/1.1\r\nHost: {host}\r\nContent-Type: application/json\r\n{extra}"
                             f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode("latin-1") + body,
                    timeout)


def half_open(server, n: int) -> list[socket.socket]:
    sockets = []
    for _ in range(n):
        s = socket.create_connection(server, timeout=30)
        s.sendall(b"GET / HTTP/1.1\r\nHost: localhost\r\n")
        sockets.append(s)
    return sockets


def test_half_open_connections_do_not_lock_a_client_out(server):
    for n in (80, guard.MAX_CONNECTIONS + 40):
        sockets = half_open(server, n)
        try:
            status, value, _ = post(server, timeout=10)   # answered within 10 s, or the socket times out
            assert status == 200 and value["ok"] is True, (n, status, value)
        finally:
            for s in sockets:
                s.close()


def test_200_concurrent_requests_are_all_answered(server):
    answers, start = [], threading.Barrier(200)

    def one():
        start.wait()
        try:
            answers.append(post(server))
        except OSError as e:
            answers.append((0, None, {"error": repr(e)}))

    threads = [threading.Thread(target=one) for _ in range(200)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(120)
    assert len(answers) == 200
    for status, value, headers in answers:
        assert (status, headers.get("content-type")) in ((200, "application/json"), (503, "application/json")), \
            (status, value, headers)
        assert isinstance(value, dict) and value["ok"] is (status == 200)
    assert sum(status == 200 for status, _, _ in answers) > 0


def test_a_head_that_never_ends_is_answered_408_when_its_deadline_passes(server):
    with socket.create_connection(server, timeout=guard.HEAD_SECONDS + 20) as s:
        s.sendall(b"GET / HTTP/1.1\r\nHost: loc")
        answer = s.recv(65536)
    assert answer.startswith(b"HTTP/1.1 408 ") and b'"code": "invalid_input"' in answer


@pytest.mark.parametrize("request_bytes, status", [
    (b"POST /api/score HTTP/1.1\r\nHost: localhost\r\nContent-Length: 1e30\r\n\r\n", 400),
    (b"GET /static/\x00 HTTP/1.1\r\nHost: localhost\r\n\r\n", 400),
    (b"GET /static/%00 HTTP/1.1\r\nHost: localhost\r\n\r\n", 404),
    (b"GET /?hand=" + b"1" * 200_000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n", 431),
    (b"GET /?hand=" + b"1" * 9_000 + b" HTTP/1.1\r\nHost: localhost\r\n\r\n", 414),
    (b"GET / HTTP/1.1\r\nHost: evil.example:8016\r\n\r\n", 421),
    (b"GET / HTTP/1.1\r\nHost: 127.0.0.1.nip.io\r\n\r\n", 421),
    (b"GET / HTTP/1.0\r\n\r\n", 400),
])
def test_the_server_layer_answers_in_json(server, request_bytes, status):
    got, value, headers = exchange(server, request_bytes)
    assert (got, headers.get("content-type")) == (status, "application/json"), (got, value)
    assert value["ok"] is False and value["error"]["code"] == "invalid_input" and value["error"]["message"]


def test_a_cross_origin_post_is_refused_and_no_cors_is_offered(server):
    here = f"{server[0]}:{server[1]}"
    status, value, headers = post(server, "/api/score", b'{"hand": "x"}',
                                  extra="Origin: http://evil.example\r\nContent-Type: text/plain\r\n")
    assert status == 403 and value["ok"] is False and "access-control-allow-origin" not in headers
    status, _, _ = post(server, "/api/score", b'{"hand": "x"}', extra="Sec-Fetch-Site: cross-site\r\n")
    assert status == 403
    # a link from another site opens the page (its address carries the hand): GET is not refused
    status, _, headers = exchange(server, f"GET /?hand=123m HTTP/1.1\r\nHost: {here}\r\nSec-Fetch-Site: cross-site"
                                          f"\r\nConnection: close\r\n\r\n".encode())
    assert status == 200 and headers["content-type"].startswith("text/html")
    # the page itself (same origin), a name given with --allow-host, and localhost are served
    for host, origin in ((here, f"http://{here}"), ("referee.example:8016", "http://referee.example:8016"),
                         ("localhost", None)):
        status, value, headers = post(server, host=host, extra=f"Origin: {origin}\r\n" if origin else "")
        assert status == 200 and value["ok"] is True, (host, value)
        assert "access-control-allow-origin" not in headers
    status, value, headers = exchange(server, f"OPTIONS /api/score HTTP/1.1\r\nHost: {here}\r\nOrigin: "
                                              f"http://{here}\r\nConnection: close\r\n\r\n".encode())
    assert status == 405 and "access-control-allow-origin" not in headers


@pytest.mark.parametrize("value, name", [("127.0.0.1:8016", "127.0.0.1"), ("[::1]:8016", "::1"),
                                         ("LocalHost", "localhost"), ("example.org:80", "example.org")])
def test_host_names(value, name):
    assert guard.host_name(value) == name
