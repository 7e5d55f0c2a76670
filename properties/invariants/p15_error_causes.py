"""Property 15. Errors match their cause."""

from __future__ import annotations

import copy

from gb16.properties import strategies as S
from gb16.properties.invariants.base import Violation, _brief, call, register
from gb16.properties.invariants.p11_robustness import check_error_or_result

# --------------------------------------------------------------------------------------
# 15. Errors match their cause


@register(15, "error_causes", "An input broken in exactly one known way (a fifth copy, a tile that "
          "does not exist, inconsistent flags, an unknown field, a 14-tile 七对 in gb16, 17 tiles of "
          "no shape, …) gets the error code docs/contract.md gives for that cause",
          "docs/contract.md (Errors); seed000 §二.1, §二.7, §四.7; R-006, R-014",
          S.broken_inputs, weight=0.5)
def error_causes(scorer, ex) -> bool:
    result = call(scorer, copy.deepcopy(ex["input"]))
    check_error_or_result(result, ex["input"])
    if result.get("ok") is not False:
        raise Violation(f"{ex['cause']}: expected the error {ex['expect']}, got an ok result "
                        f"{_brief({k: result.get(k) for k in ('fans', 'total')})} — input {_brief(ex['input'], 600)}")
    code = result["error"]["code"]
    if code != ex["expect"]:
        raise Violation(f"{ex['cause']}: expected the error {ex['expect']}, got {code} "
                        f"({_brief(result['error'].get('message'), 200)}) — input {_brief(ex['input'], 600)}")
    return True

