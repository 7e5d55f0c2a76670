"""Planted bugs for property 11 (robustness, gb16.properties.invariants.p11_robustness):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import reference
from gb16.properties.scorers import Scorer


# 11. raises on input that is not an object
def _raises_on_non_objects(inp):
    if not isinstance(inp, dict):
        raise TypeError("expected a dict")
    return reference.score(inp)


# 11b. an error code outside the contract's closed set
def _invented_error_code(inp):
    result = reference.score(inp)
    if not result.get("ok") and result["error"]["code"] == "invalid_notation":
        result["error"]["code"] = "parse_error"
    return result


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("raises on non-objects", lambda: Scorer("raises", _raises_on_non_objects), "raised TypeError", None),
    ("an undocumented error code", lambda: Scorer("code", _invented_error_code), "documented codes", None),
]
