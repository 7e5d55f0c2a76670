"""What a connection and a request to ``gb16 serve`` must pass before the page's app sees them.

uvicorn's h11 server (the ``[serve]`` extra) gives no deadline for reading a request's head or
body, counts an idle half-open connection against its concurrency limit until the client goes
away (64 of them locked every other client out), and answers its own errors in plain text.
:class:`GuardedH11Protocol` is its H11Protocol with three additions, so the HTTP parsing stays
h11's (a small subclass rather than a server of our own or another one from PyPI: the parsing
and the ASGI plumbing are the parts that are hard to get right, and they are kept):

* **deadlines** per connection: a request's head within :data:`HEAD_SECONDS` (from the
  connection or the previous answer), its body within :data:`BODY_SECONDS`, its answer written
  within :data:`ANSWER_SECONDS`; past one the connection is closed, with a JSON 408 when nothing
  has been answered yet;
* **a connection budget**: at most :data:`MAX_CONNECTIONS` open.  A connection beyond it closes
  the one that has waited longest without sending a whole request head (half-open or idle); only
  when every open connection has a request in hand is the new one answered 503 and closed — so
  idle connections, however many and from whom, never keep a request from being read;
* **JSON** for the server layer's own answers (a malformed request, a head over
  :data:`MAX_HEAD_BYTES` — a long query string —, a deadline, the budget): the contract's error
  object, as the app answers (docs/contract.md "Over HTTP").

:class:`RequestGate` (ASGI middleware, in front of the app) checks each request: its ``Host``
must name this machine (localhost, an IP address) or a name given with ``--allow-host`` — a page
on another site reaching 127.0.0.1 through its own DNS name (DNS rebinding) gets 421; a request
from a page of another origin (``Origin``, ``Sec-Fetch-Site``) to the API gets 403 — there is no
CORS, so a browser never shows another site the answers, and a cross-origin ``text/plain`` POST is
refused before it is read (a link from elsewhere still opens the page: GET is not refused); a
query string over :data:`MAX_QUERY_BYTES` gets 414.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

import h11
from uvicorn.protocols.http.h11_impl import H11Protocol

from gb16.reference import jsonlines

HEAD_SECONDS = 10.0
BODY_SECONDS = 30.0
ANSWER_SECONDS = 120.0
MAX_CONNECTIONS = 256
MAX_HEAD_BYTES = 16 * 1024   # request line and headers (h11's bound on an incomplete event)
MAX_QUERY_BYTES = 8 * 1024

LOOPBACK_NAMES = frozenset({"localhost", "localhost.", "ip6-localhost"})


def error_body(code: str, message: str) -> bytes:
    """The contract's error object as one JSON line (as gb16.reference.jsonlines writes it)."""
    return jsonlines.encode_line({"ok": False, "error": {"code": code, "message": message}})


def raw_answer(status: int, reason: str, code: str, message: str) -> bytes:
    """A whole HTTP/1.1 answer with a JSON error body, closing the connection."""
    body = error_body(code, message)
    return (f"HTTP/1.1 {status} {reason}\r\ncontent-type: application/json\r\n"
            f"content-length: {len(body)}\r\nconnection: close\r\n"
            "x-content-type-options: nosniff\r\n\r\n").encode("ascii") + body


class GuardedH11Protocol(H11Protocol):
    """uvicorn's H11Protocol with deadlines, a connection budget and JSON answers (module docstring)."""

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.phase: str | None = None      # "head", "body", "answer"
        self.phase_since = 0.0
        self.deadline = None

    # -- the budget ---------------------------------------------------------------------------
    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self.sync_phase()
        if len(self.connections) > MAX_CONNECTIONS and not self.make_room():
            self.answer_and_close(503, "Service Unavailable", "server_busy",
                                  f"the server is answering {MAX_CONNECTIONS} requests already; try again shortly")

    def make_room(self) -> bool:
        """Close the connection that has waited longest without a whole request head; False if none."""
        waiting = [c for c in self.connections
                   if c is not self and isinstance(c, GuardedH11Protocol) and c.phase == "head"
                   and not c.transport.is_closing()]
        if not waiting:
            return False
        oldest = min(waiting, key=lambda c: c.phase_since)
        oldest.answer_and_close(503, "Service Unavailable", "server_busy",
                                "closed to make room: no request was sent on this connection")
        return True

    # -- the deadlines ------------------------------------------------------------------------
    def sync_phase(self) -> None:
        """Arm the deadline of the phase the connection is in (a new phase restarts the clock)."""
        if self.transport is None or self.transport.is_closing():
            self.cancel_deadline()
            return
        if self.conn.their_state is h11.SEND_BODY:
            phase = "body"
        elif self.conn.their_state is h11.IDLE and (self.cycle is None or self.cycle.response_complete):
            phase = "head"
        else:
            phase = "answer"
        if phase != self.phase:
            self.cancel_deadline()
            self.phase, self.phase_since = phase, self.loop.time()
            seconds = {"head": HEAD_SECONDS, "body": BODY_SECONDS, "answer": ANSWER_SECONDS}[phase]
            self.deadline = self.loop.call_later(seconds, self.deadline_passed)

    def cancel_deadline(self) -> None:
        if self.deadline is not None:
            self.deadline.cancel()
            self.deadline = None

    def deadline_passed(self) -> None:
        self.deadline = None
        if self.transport.is_closing():
            return
        if self.phase == "head":
            if self.conn.their_state is h11.IDLE and not self.conn.trailing_data[0]:
                self.transport.close()   # an idle connection: nothing to answer
            else:
                self.answer_and_close(408, "Request Timeout", "invalid_input",
                                      f"the request's head did not arrive within {HEAD_SECONDS:g} s")
        elif self.phase == "body" and self.cycle is not None and not self.cycle.response_started:
            self.answer_and_close(408, "Request Timeout", "invalid_input",
                                  f"the request's body did not arrive within {BODY_SECONDS:g} s")
        else:
            self.transport.abort()       # an answer not taken within ANSWER_SECONDS, or one half sent

    def answer_and_close(self, status: int, reason: str, code: str, message: str) -> None:
        self.cancel_deadline()
        self.phase = "closing"
        self.transport.write(raw_answer(status, reason, code, message))
        self.transport.close()

    # -- uvicorn's hooks ----------------------------------------------------------------------
    def data_received(self, data: bytes) -> None:
        super().data_received(data)
        if self.phase != "closing":
            self.sync_phase()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.phase != "closing":
            self.sync_phase()

    def connection_lost(self, exc) -> None:
        self.cancel_deadline()
        self.phase = "closing"
        super().connection_lost(exc)

    def send_400_response(self, msg: str) -> None:
        """h11 refused the request: a head over MAX_HEAD_BYTES (431) or malformed HTTP (400), in JSON."""
        if len(self.conn.trailing_data[0]) > MAX_HEAD_BYTES:
            self.answer_and_close(431, "Request Header Fields Too Large", "invalid_input",
                                  f"the request's head (its address with the query string, and headers) is over "
                                  f"{MAX_HEAD_BYTES} bytes")
        else:
            self.answer_and_close(400, "Bad Request", "invalid_input",
                                  "not a well-formed HTTP/1.1 request (its request line or a header, "
                                  "such as Content-Length, could not be read)")


def host_name(value: str) -> str:
    """The name in a Host header value (``[::1]:8016`` → ``::1``, ``Localhost:80`` → ``localhost``)."""
    value = value.strip().lower()
    if value.startswith("["):
        return value[1:value.find("]")] if "]" in value else value
    return value.rsplit(":", 1)[0] if value.count(":") == 1 else value


def is_allowed_host(name: str, allowed: frozenset[str]) -> bool:
    """This machine's names, any IP address (no DNS name can be rebound onto it) or a name allowed."""
    if name in LOOPBACK_NAMES or name in allowed:
        return True
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return False


class RequestGate:
    """ASGI middleware: the Host, Origin and query-string checks of the module docstring."""

    def __init__(self, app, allowed_hosts=()):
        self.app = app
        self.allowed = frozenset(host_name(h) for h in allowed_hosts)

    async def __call__(self, scope, receive, send):
        if scope["type"] == "http":
            refusal = self.refusal(scope)
            if refusal is not None:
                status, message = refusal
                body = error_body("invalid_input", message)
                await send({"type": "http.response.start", "status": status,
                            "headers": [(b"content-type", b"application/json"),
                                        (b"content-length", str(len(body)).encode()),
                                        (b"connection", b"close"), (b"x-content-type-options", b"nosniff")]})
                await send({"type": "http.response.body", "body": body})
                return
        await self.app(scope, receive, send)

    def refusal(self, scope) -> tuple[int, str] | None:
        headers = {}
        for name, value in scope["headers"]:
            headers.setdefault(name.decode("latin-1").lower(), value.decode("latin-1"))
        host = headers.get("host")
        if host is None:
            return 400, "a Host header is needed"
        if not is_allowed_host(host_name(host), self.allowed):
            return 421, ("this server answers to this machine's names (localhost, an IP address) and the names "
                         "given with gb16 serve --allow-host, not to the one in the Host header")
        origin = headers.get("origin")
        if scope.get("method") in ("GET", "HEAD"):
            pass   # the page and its files: a link from elsewhere opens the page (its address carries the hand)
        elif origin is not None:
            parts = urlsplit(origin)
            if parts.scheme not in ("http", "https") or parts.netloc.lower() != host.strip().lower():
                return 403, "requests from another site's pages are refused (no CORS)"
        elif headers.get("sec-fetch-site", "same-origin") not in ("same-origin", "none"):
            return 403, "requests from another site's pages are refused (no CORS)"
        if len(scope.get("query_string", b"")) > MAX_QUERY_BYTES:
            return 414, f"the query string is over {MAX_QUERY_BYTES} bytes"
        return None
