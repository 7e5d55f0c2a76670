"""The referee's page's four questions, without a web server: what ``POST /api/score``,
``/api/explain``, ``/api/waits`` and ``/api/parse`` answer (tools/serve/app.py routes to these
functions), and :func:`answer_line`, the same answer for the exported page (gb16 serve
--export), where this module runs in the browser under Pyodide — so the exported page answers
byte for byte as the server does.  Standard library and the reference only: no Starlette here.
"""

from __future__ import annotations

from gb16 import reference
from gb16.reference import jsonlines
from gb16.reference.rules import Rules
from gb16.tools.referee import referee_view


def score(value, rules: Rules | None):
    """``/api/score``: the contract's result, as ``gb16 score --batch`` answers the same line."""
    return reference.score(value, rules=rules)


def waits(value, rules: Rules | None):
    """``/api/waits``: the formal waits of a hand one tile short (seed000 §二.7)."""
    return reference.waits(value)


def parse(value, rules: Rules | None):
    """``/api/parse``: the notation read into tiles."""
    return referee_view.parse(value)


#: The API's paths under /api/ → the function that answers (value, rules) with a result dict.
ENDPOINTS = {"score": score, "explain": referee_view.explain, "waits": waits, "parse": parse}


def answer_line(name: str, body: str) -> str:
    """The answer of ``/api/<name>`` to ``body`` with the default rule set, as the JSON line the
    server sends (gb16.reference.jsonlines: read under the batch limits, written as batch mode
    writes it); an unknown ``name`` or a failing scorer answers with the contract's error."""
    if name not in ENDPOINTS:
        result = {"ok": False, "error": {"code": "invalid_input", "message": f"no such question: {name!r}"}}
        return jsonlines.encode_line(result).decode("utf-8")
    try:
        value = jsonlines.parse_line(body.encode("utf-8"))
    except jsonlines.JSONInputError as e:
        return jsonlines.encode_line(e.as_result()).decode("utf-8")
    try:
        result = ENDPOINTS[name](value, Rules.parse([], None, []))
    except Exception as e:  # a defect must not stop the page; the server's own words
        result = {"ok": False, "error": {"code": "internal_error",
                                         "message": f"the scorer failed on this input ({type(e).__name__}); please report it"}}
    return jsonlines.encode_line(result).decode("utf-8")
