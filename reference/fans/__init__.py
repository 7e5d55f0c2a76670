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

A predicate may declare, beside it, what a reading needs for the fan to be possible at all
(``needs=AtLeast("chows", 3)``: a 三顺子 fan needs three chows).  The declaration is a
necessary condition read off the definition, never the definition itself: when it fails the
fan cannot hold, so the scorer skips the predicate (tests/test_fans.py checks every
declaration against its predicate).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, TypeAlias, TypeVar

if TYPE_CHECKING:
    from ..groups import Group

HAND, READING, CHOW_PAIR = "hand", "reading", "chow_pair"

#: A predicate's answer: whether the fan holds, how many times, or each way it forms.
Holds: TypeAlias = "bool | int | list[tuple[int, ...]]"


#: The groups a need can speak of, read off a reading (or, for ``kongs``, a hand).
GROUPS: dict[str, Callable[[Any], list[Group]]] = {
    "chows": lambda r: [g for _, g in r.chows],
    "pungs": lambda r: [g for _, g in r.pungs],          # kongs are pungs (xinbian 第三章 17)
    "numbered pungs": lambda r: [g for _, g in r.pungs if g.suit != "z"],
    "honour pungs": lambda r: [g for _, g in r.pungs if g.suit == "z"],
    "kongs": lambda h: h.kongs,
}


@dataclass(frozen=True)
class AtLeast:
    """A necessary condition declared beside a predicate: at least ``count`` of the
    ``what`` groups (a key of :data:`GROUPS`), spread over at least ``suits`` suits, or
    all ``count`` in one suit when ``one_suit``.
    """

    what: str
    count: int
    suits: int = 0
    one_suit: bool = False

    def holds(self, subject: Any, tallies: dict[Any, Any] | None = None) -> bool:
        """Whether ``subject`` (a reading, or a hand for ``kongs``) meets the need.
        ``tallies``: a dict kept for one subject, so that the groups of each kind are
        collected (and spread over the suits) once for all the needs that speak of them."""
        if tallies is None:
            tallies = {}
        groups = tallies.get(self.what)
        if groups is None:
            groups = tallies[self.what] = GROUPS[self.what](subject)
        if len(groups) < self.count:
            return False
        if not (self.suits or self.one_suit):
            return True
        spread = tallies.get((self.what, "spread"))
        if spread is None:
            spread = tallies[(self.what, "spread")] = _spread(groups)
        suits, most_in_one_suit = spread
        return suits >= self.suits and (not self.one_suit or most_in_one_suit >= self.count)

    def __str__(self) -> str:
        where = f" in {self.suits} suits" if self.suits else " in one suit" if self.one_suit else ""
        return f"at least {self.count} {self.what}{where}"


def _spread(groups: list[Group]) -> tuple[int, int]:
    """(in how many suits, most in one suit) of ``groups``."""
    suits = [g.suit for g in groups]
    distinct = set(suits)
    return len(distinct), max(map(suits.count, distinct), default=0)


@dataclass(frozen=True)
class Predicate:
    id: str
    func: Callable[..., Holds]
    scope: str
    needs: AtLeast | None = None  # a necessary condition declared beside the predicate


REGISTRY: dict[str, Predicate] = {}


_F = TypeVar("_F", bound=Callable[..., Holds])


def fan(fan_id: str, scope: str = READING, needs: AtLeast | None = None) -> Callable[[_F], _F]:
    """Register the decorated function as the predicate of ``fan_id``."""
    def register(func: _F) -> _F:
        if fan_id in REGISTRY:  # pragma: no cover - a programming error
            raise AssertionError(f"fan {fan_id} registered twice")
        REGISTRY[fan_id] = Predicate(fan_id, func, scope, needs)
        return func
    return register


def occurrences(value: Holds | None) -> list[tuple[int, ...]]:
    """Normalise a predicate's answer to a list of occurrences (tuples of set indices)."""
    if value is True:
        return [()]
    if value is False or value is None:
        return []
    if isinstance(value, int):
        return [()] * value
    return [tuple(o) for o in value]


# Importing the families fills REGISTRY.
from . import (  # noqa: E402,F401
    chows,
    concealment,
    honours,
    kongs,
    pungs,
    sets,
    special,
    tile_content,
    waits,
    win_conditions,
)
