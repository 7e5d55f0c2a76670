"""The web app of ``gb16 serve``: the referee's page and the JSON API it uses.

    POST /api/score     a case input (docs/contract.md) → the contract's result, as ``gb16 score --batch``
    POST /api/explain   a case input → everything the page shows (gb16.tools.referee.referee_view.explain)
    POST /api/waits     {"hand", "variant"} of a hand one tile short → its formal waits (reference.waits)
    POST /api/parse     {"hand"} → the notation read into tiles (gb16.tools.referee.referee_view.parse)
                        (each answered by its function in gb16.tools.serve.api, which the exported
                        page of gb16 serve --export runs in the browser)
    GET  /              the page; /static/… its script, style sheet and tile pictures

The rule set may be chosen as on the command line, in the query string:
``/api/score?ruling=R-009=A&edition=mcr2006&delta=NAME`` (docs/rulings.md).

Every answer is JSON, errors included: the contract's ``{"ok": false, "error": {"code", "message"}}``
with its codes.  A body is read under the limits of batch mode (gb16.reference.jsonlines: 1 MiB,
UTF-8, 64 deep, …) and refused as ``invalid_json`` past them — a body over 1 MiB without reading
it — so a hostile request costs one error and the server goes on serving.  The answer body of
``/api/score`` is byte for byte the line ``gb16 score --batch`` writes for the same input.  HTTP
status: 200 for a result, 400 for an error of the input, 404/405 for a path or method that does
not exist, 413 for a body over the limit, 500 for ``internal_error`` (a defect: please report it).
"""

from __future__ import annotations

from pathlib import Path

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import Request
from starlette.responses import FileResponse, Response
from starlette.routing import Mount, Route
from starlette.staticfiles import StaticFiles

from gb16.reference import jsonlines
from gb16.reference.rules import Rules, RulesError
from gb16.tools.serve import api

STATIC = Path(__file__).resolve().parent / "static"
MAX_BODY_BYTES = jsonlines.MAX_LINE_BYTES

#: Sent with every answer: nothing but this server's own files may run or load on the page.
SECURITY_HEADERS = [
    (b"content-security-policy", b"default-src 'self'; img-src 'self'; style-src 'self'; script-src 'self'; "
                                 b"connect-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'"),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
]


def error(code: str, message: str) -> dict:
    return {"ok": False, "error": {"code": code, "message": message}}


def json_response(result: dict, status: int | None = None) -> Response:
    """The result as one JSON line (gb16.reference.jsonlines.encode_line, as batch mode writes it)."""
    if status is None:
        status = 200 if result.get("ok") else 500 if result["error"]["code"] == "internal_error" else 400
    return Response(jsonlines.encode_line(result), status_code=status, media_type="application/json")


class BodyTooLarge(Exception):
    def __init__(self, size: int | None):
        self.size = size


async def read_body(request: Request) -> bytes:
    """The request body, at most :data:`MAX_BODY_BYTES`: a larger declared length is refused
    before reading, a longer stream as soon as it passes the limit."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_BODY_BYTES:
        raise BodyTooLarge(int(declared))
    chunks, size = [], 0
    async for chunk in request.stream():
        size += len(chunk)
        if size > MAX_BODY_BYTES:
            raise BodyTooLarge(None)
        chunks.append(chunk)
    return b"".join(chunks)


def rules_from_query(request: Request) -> Rules:
    """``?ruling=R-009=A&edition=mcr2006&delta=NAME`` (each repeatable but edition), as the CLI's flags."""
    q = request.query_params
    editions = q.getlist("edition")
    if len(editions) > 1:
        raise RulesError("give at most one edition")
    return Rules.parse(q.getlist("ruling"), editions[0] if editions else None, q.getlist("delta"))


def endpoint(function):
    """A POST endpoint: the body read as one JSON value under the batch limits, the rule set from
    the query, ``function(value, rules)`` run on a worker thread, its dict answered as JSON."""
    async def handle(request: Request) -> Response:
        try:
            body = await read_body(request)
        except BodyTooLarge as e:
            size = f"{e.size} bytes long" if e.size is not None else "longer than that"
            return json_response(error("invalid_json", f"the request body is {size} (at most {MAX_BODY_BYTES})"), 413)
        try:
            value = jsonlines.parse_line(body)
        except jsonlines.JSONInputError as e:
            return json_response(e.as_result())
        try:
            rules = rules_from_query(request)
        except RulesError as e:
            return json_response(error("invalid_input", f"rule set: {e}"))
        try:
            result = await run_in_threadpool(function, value, rules)
        except Exception as e:  # a defect must not cost the server; the batch's own words
            result = error("internal_error", f"the scorer failed on this input ({type(e).__name__}); please report it")
        return json_response(result)
    return handle


async def index(request: Request) -> Response:
    return FileResponse(STATIC / "index.html", media_type="text/html; charset=utf-8")


async def http_error(request: Request, exc: HTTPException) -> Response:
    if exc.status_code == 405:
        message = f"{request.method} is not allowed here: the API takes POST with a JSON case input"
    elif exc.status_code == 404:
        message = ("no such page: the API is POST /api/score, /api/explain, /api/waits and /api/parse; "
                   "the page is /")
    else:
        message = str(exc.detail)
    return json_response(error("invalid_input", message), exc.status_code)


async def server_error(request: Request, exc: Exception) -> Response:
    return json_response(error("internal_error", f"the server failed ({type(exc).__name__}); please report it"), 500)


class SecurityHeaders:
    """ASGI middleware adding :data:`SECURITY_HEADERS` to every response."""

    def __init__(self, app):
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)

        async def send_with_headers(message):
            if message["type"] == "http.response.start":
                message["headers"] = list(message.get("headers", [])) + SECURITY_HEADERS
            await send(message)

        await self.app(scope, receive, send_with_headers)


def create_app() -> Starlette:
    routes = [
        Route("/", index, methods=["GET", "HEAD"]),
        *(Route(f"/api/{name}", endpoint(function), methods=["POST"]) for name, function in api.ENDPOINTS.items()),
        Mount("/static", StaticFiles(directory=STATIC), name="static"),
    ]
    app = Starlette(routes=routes, exception_handlers={HTTPException: http_error, Exception: server_error})
    app.add_middleware(SecurityHeaders)
    return app
