"""Property 11. Robustness."""

from __future__ import annotations

import copy
import json
from typing import Any

from gb16.properties import strategies as S
from gb16.properties.invariants.base import ERROR_CODES, Violation, _brief, call, register

# --------------------------------------------------------------------------------------
# 11. Robustness


def check_error_or_result(value: Any, case_input: Any) -> None:
    if not isinstance(value, dict):
        raise Violation(f"answered {_brief(value)} (not a result object) to {_brief(case_input)}")
    try:
        json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise Violation(f"the answer is not JSON ({exc}) for {_brief(case_input)}") from None
    if value.get("ok") is True:
        for key, kind in (("fans", list), ("fan_points", int), ("total", int), ("meets_minimum", bool)):
            if not isinstance(value.get(key), kind):
                raise Violation(f"an ok result without a valid {key!r}: {_brief(value)} for {_brief(case_input)}")
        return
    if value.get("ok") is not False:
        raise Violation(f"answered {_brief(value)}: neither an ok result nor an error")
    error = value.get("error")
    if not isinstance(error, dict) or error.get("code") not in ERROR_CODES:
        raise Violation(f"error {_brief(error)} is not one of the documented codes "
                        f"(docs/contract.md) — input {_brief(case_input)}")
    if not isinstance(error.get("message"), str) or not error["message"]:
        raise Violation(f"error {error.get('code')} without a message — input {_brief(case_input)}")


@register(11, "robustness", "Any text or JSON input yields a result or a documented error code — "
          "never an exception",
          "docs/contract.md (Errors: the set of codes is closed)",
          S.hostile_inputs, weight=0.25)
def robustness(scorer, value) -> bool:
    check_error_or_result(call(scorer, copy.deepcopy(value)), value)
    return True


