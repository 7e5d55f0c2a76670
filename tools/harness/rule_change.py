"""A change to a declared rule set, as attribution tries it and a run log names it (docs/rulings.md
Part 3, docs/contract.md "Attribution").

A change is one piece or more, applied in order (tools/harness/declaration.py :func:`apply`):

* ``R-009:A`` — another option of an open ruling;
* ``two-concealed-kongs-8`` — an edition delta added (corpus/editions.json);
* ``without:<delta>`` — a declared delta taken away;
* ``edition:<edition>`` — every delta of an edition at once.

Its :attr:`~RuleChange.label`, the pieces joined by ``+``, is how a run log's ``explained_by``
and ``attribution`` lines and every report write it; :meth:`RuleChange.parse` reads a label back.
Nothing else joins or splits a label.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterable

from gb16.reference import rules as R

#: A piece that takes a declared delta away is ``without:<delta>``; one that adds every delta of an
#: edition at once, ``edition:<edition>``.
WITHOUT = "without:"
EDITION = "edition:"
#: Between the pieces of a label.
SEPARATOR = "+"


@dataclass(frozen=True)
class RuleChange:
    """One change to a rule set: its pieces, in the order they apply (module docstring)."""

    pieces: tuple[str, ...]

    def __post_init__(self) -> None:
        if not self.pieces or any(not piece or SEPARATOR in piece for piece in self.pieces):
            raise ValueError(f"not a rule-set change: {self.pieces!r}")

    @classmethod
    def parse(cls, label: str) -> "RuleChange":
        """The change a label names (``R-009:A``, ``a+b``, ``without:x``); ValueError for an
        empty piece."""
        return cls(tuple(label.split(SEPARATOR)))

    @classmethod
    def of(cls, *pieces: str) -> "RuleChange":
        return cls(tuple(pieces))

    @property
    def label(self) -> str:
        """How a run log and the reports write it: the pieces joined by ``+``."""
        return SEPARATOR.join(self.pieces)

    def __str__(self) -> str:
        return self.label

    def __add__(self, other: "RuleChange") -> "RuleChange":
        """This change, then *other* (a pair of candidates tried together)."""
        return RuleChange(self.pieces + other.pieces)

    def without(self, taken: Iterable[str]) -> "RuleChange | None":
        """Its pieces not among *taken* (the pieces of candidates already taken); None when none is left."""
        taken = set(taken)
        rest = tuple(piece for piece in self.pieces if piece not in taken)
        return RuleChange(rest) if rest else None

    @property
    def size(self) -> int:
        """How many pieces: 1 for a single change, 2 for a pair."""
        return len(self.pieces)

    def only_deltas(self) -> bool:
        """Whether every piece adds a delta (no option, no delta taken away, no whole edition)."""
        return all(piece in R.DELTAS for piece in self.pieces)

    def deltas(self) -> set[str]:
        """The deltas it adds or takes away, an edition's every delta included."""
        out: set[str] = set()
        for piece in self.pieces:
            if is_edition(piece):
                out |= set(R.EDITIONS[piece[len(EDITION):]]["deltas"])
            elif is_without(piece) or piece in R.DELTAS:
                out.add(piece.removeprefix(WITHOUT))
        return out

    def rulings(self) -> set[str]:
        """The open rulings whose option it changes."""
        return {piece.partition(":")[0] for piece in self.pieces
                if not is_edition(piece) and not is_without(piece) and piece not in R.DELTAS}


def is_without(piece: str) -> bool:
    return piece.startswith(WITHOUT)


def is_edition(piece: str) -> bool:
    return piece.startswith(EDITION)
