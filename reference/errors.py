"""The closed set of error codes of the input contract (docs/contract.md, "Errors")."""

from __future__ import annotations

from typing import Any

#: code -> when it is raised.  Nothing outside this table is ever reported.
ERROR_CODES = {
    "invalid_json": "a batch line or a file is not JSON",
    "invalid_input": "not an object, unknown field, missing or mistyped field, value out of range, "
                     "suffix and fields disagree",
    "unsupported_variant": "variant is not gb16 or gb13",
    "invalid_notation": "the hand string cannot be read",
    "invalid_tile": "a well-formed tile that does not exist (0m, 8z, 9z)",
    "too_many_copies": "more than four copies of a tile",
    "wrong_tile_count": "not 17 (gb16) / 14 (gb13) tiles with kongs counted as three",
    "invalid_meld": "a bracketed meld that is not a chow, pung or kong, or a {} that is not a kong",
    "win_tile_not_in_hand": "the winning tile is not among the concealed standing tiles",
    "inconsistent_flags": "flags that cannot hold together (docs/rulings.md R-006, R-014)",
    "not_winning_hand": "the tiles form no legal winning shape of the variant",
}


class InputError(ValueError):
    """Bad input: carries one of :data:`ERROR_CODES` and a message saying what to fix."""

    def __init__(self, code: str, message: str):
        if code not in ERROR_CODES:  # pragma: no cover - a programming error
            raise AssertionError(f"unknown error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message

    def as_result(self) -> dict[str, Any]:
        return {"ok": False, "error": {"code": self.code, "message": self.message}}
