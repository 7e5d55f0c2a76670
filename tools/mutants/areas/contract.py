"""Mutants of the input contract (docs/contract.md)."""

from __future__ import annotations

from gb16.reference.hand import FIELDS
from gb16.tools.mutants.machinery import Mutation, _error_code, attribute, mutant

# --------------------------------------------------------------------------- the input contract

@mutant("seed000 §二.7")
def no_four_copy_limit():
    """A fifth copy of a tile is accepted instead of the error too_many_copies.

    seed000 §二.7: "实际和牌与动作许可仍严格限制每种四枚"; docs/contract.md (Errors).
    """
    return Mutation(patches=(attribute("gb16.reference.hand._check_copies", lambda counts: None),))


@mutant("docs/contract.md Errors")
def invalid_tile_reported_as_notation():
    """A tile that does not exist (0m, 8z) is reported as invalid_notation instead of invalid_tile.

    docs/contract.md (Errors): invalid_tile is "a well-formed tile that does not exist".
    """
    def after(result, _):
        if _error_code(result) == "invalid_tile":
            result = {"ok": False, "error": dict(result["error"], code="invalid_notation")}
        return result
    return Mutation(after=after)


@mutant("docs/rulings.md R-014")
def flags_not_validated():
    """Flags that cannot hold together are scored instead of giving inconsistent_flags.

    docs/rulings.md R-014, R-006; xinbian 第四章 6; seed000 §三 抢杠和, 杠上开花, 和绝张.
    """
    return Mutation(patches=(attribute("gb16.reference.hand._check_flags", lambda hand, *terms: None),))


@mutant("docs/contract.md Input")
def unknown_fields_ignored():
    """Unknown input fields are silently ignored instead of giving invalid_input.

    docs/contract.md (Input): "Unknown fields are an error (invalid_input), never ignored".
    """
    def before(case_input):
        if isinstance(case_input, dict):
            case_input = {k: v for k, v in case_input.items() if k in FIELDS}
        return case_input
    return Mutation(before=before)


