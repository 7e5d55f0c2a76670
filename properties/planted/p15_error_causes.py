"""Planted bugs for property 15 (error_causes, gb16.properties.invariants.p15_error_causes):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import reference
from gb16.properties.scorers import Scorer


#: the input fields of docs/contract.md (Input)
FIELDS = ("variant", "hand", "win_tile", "win_by", "prevalent_wind", "seat_wind", "flowers",
          "last_of_kind", "last_tile", "kong_replacement", "robbing_kong")

# 15. unknown fields silently dropped (docs/contract.md: an error, never ignored)
def _unknown_fields_dropped(inp):
    if isinstance(inp, dict):
        inp = {k: v for k, v in inp.items() if k in FIELDS}
    return reference.score(inp)


# 15b. a tile that does not exist reported as unreadable notation
def _invalid_tile_as_notation(inp):
    result = reference.score(inp)
    if not result.get("ok") and result["error"]["code"] == "invalid_tile":
        result = {"ok": False, "error": {"code": "invalid_notation", "message": result["error"]["message"]}}
    return result


# 15c. inconsistent flags corrected silently (R-014 alternative B) instead of rejected
def _flags_corrected(inp):
    result = reference.score(inp)
    if not result.get("ok") and result["error"]["code"] == "inconsistent_flags":
        result = reference.score(dict(inp, last_of_kind=False, kong_replacement=False, robbing_kong=False))
    return result


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("unknown fields ignored", lambda: Scorer("unknown", _unknown_fields_dropped), "invalid_input", None),
    ("invalid_tile as invalid_notation", lambda: Scorer("tile", _invalid_tile_as_notation), "invalid_tile", None),
    ("inconsistent flags corrected", lambda: Scorer("flags", _flags_corrected), "inconsistent_flags", None),
]
