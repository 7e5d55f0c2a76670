"""One line of ``gb16 score --batch``: a JSON case input in, its result line out (docs/contract.md).

The unit that batch scoring (:mod:`gb16.tools.commands.score`, in one process or through
:mod:`gb16.tools.runs.score_pool`), the batch fuzz (:mod:`gb16.tools.runs.fuzz_batch`) and the referee's
page compare against; it never raises, so a bad line never costs the next its answer.
"""

from __future__ import annotations

from typing import Any

from gb16 import reference
from gb16.reference import jsonlines
from gb16.reference.rules import Rules


def batch_result(raw: bytes, rules: Rules | None = None) -> bytes:
    """The result line (UTF-8, newline included) of one batch input line."""
    try:
        result = reference.score(jsonlines.parse_stream_line(raw), rules=rules)
    except jsonlines.JSONInputError as e:
        result = e.as_result()
    except Exception as e:  # a defect of the scorer must not cost the next line its answer
        result = internal_error(e)
    return jsonlines.encode_line(result)


def internal_error(e: Exception) -> dict[str, Any]:
    """The error result of a defect of the scorer (code ``internal_error``)."""
    return {"ok": False, "error": {"code": "internal_error",
                                   "message": f"the scorer failed on this input ({type(e).__name__}: {e}); "
                                              "please report it"}}
