"""The fans, one small predicate each, grouped by family.

Every predicate is registered with :func:`fan` under its id in corpus/fans.json and says
in its docstring which clause it implements.  A predicate answers one question — does the
fan's definition hold? — and nothing else: exclusions (不计) are data in fans.json and are
applied by :mod:`gb16.reference.scoring`; the combination rules (seed000 §二.5–6) live in
:mod:`gb16.reference.combination`.

A predicate takes the :class:`~gb16.reference.hand.Hand` (``scope="hand"``: decided by the
tiles and circumstances alone, computed once per hand) or a
:class:`~gb16.reference.readings.Reading` (``scope="reading"``).  It returns

* ``True``/``False`` — the fan holds once or not;
* an ``int`` — how many times (四归一);
* a list of tuples of set indices — one tuple per way the fan forms, naming the sets it
  uses, so that an exclusion that speaks of "these sets" (这三副刻子不计幺九刻) can be
  applied to exactly those sets.

The chow-pair relations (一般高, 喜相逢, 连六, 老少副) are predicates on two chows
(``scope="chow_pair"``); :mod:`gb16.reference.combination` decides which pairs count.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable

HAND, READING, CHOW_PAIR = "hand", "reading", "chow_pair"


@dataclass(frozen=True)
class Predicate:
    id: str
    func: Callable
    scope: str


REGISTRY: dict[str, Predicate] = {}


def fan(fan_id: str, scope: str = READING):
    """Register the decorated function as the predicate of ``fan_id``."""
    def register(func):
        if fan_id in REGISTRY:  # pragma: no cover - a programming error
            raise AssertionError(f"fan {fan_id} registered twice")
        REGISTRY[fan_id] = Predicate(fan_id, func, scope)
        return func
    return register


def occurrences(value) -> list[tuple[int, ...]]:
    """Normalise a predicate's answer to a list of occurrences (tuples of set indices)."""
    if value is True:
        return [()]
    if value is False or value is None:
        return []
    if isinstance(value, int):
        return [()] * value
    return [tuple(o) for o in value]


# Importing the families fills REGISTRY.
from . import (chows, concealment, honours, kongs, pungs, sets, special,  # noqa: E402,F401
               tile_content, waits, win_conditions)
