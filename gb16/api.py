"""The typed Python API (docs/api.md): the dict API of :mod:`gb16.reference` with typed results.

    >>> import gb16
    >>> r = gb16.score("111222333444z 123m 55z", win="5z", by="discard")
    >>> r.total, r.fans[0]
    (165, Fan(id='big_four_winds', name='大四喜', en='Big Four Winds', points=88, count=1))

Every function here builds a case input (docs/contract.md) from its arguments, calls the dict
API and turns its answer into frozen dataclasses; nothing is scored twice or differently.  An
error result is raised as :class:`~gb16.reference.errors.InputError` with its ``code`` (one of
:data:`~gb16.reference.errors.ERROR_CODES`) and ``message``.  ``to_dict()`` gives back the
contract's JSON object exactly, ``to_json()`` the same as text.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal

from gb16 import reference
from gb16.reference.errors import InputError
from gb16.reference.rules import Rules

__all__ = ["Explanation", "Fan", "Group", "InputError", "Interpretation", "Link", "Pair", "Reading",
           "Result", "explain", "score", "waits"]

WinBy = Literal["discard", "self_draw"]
Variant = Literal["gb16", "gb13"]

#: keyword argument → field of the case input (docs/contract.md "Input").
FIELDS = {"variant": "variant", "win": "win_tile", "by": "win_by", "prevalent": "prevalent_wind",
          "seat": "seat_wind", "flowers": "flowers"}


@dataclass(frozen=True)
class Fan:
    """One fan counted: its id (corpus/fans.json), the rule page's Chinese name, the English
    name, the points of one occurrence and how many times it counts (seed000 §二.8)."""

    id: str
    name: str
    en: str
    points: int
    count: int

    @property
    def subtotal(self) -> int:
        """``points × count``."""
        return self.points * self.count


@dataclass(frozen=True)
class Group:
    """A set of the reading: ``kind`` chow, pung or kong; ``tiles`` e.g. ``"123m"``; ``exposed``
    melded (明露); ``concealed`` 暗 (xinbian 第三章 16/18/19); ``win`` holds the winning tile."""

    kind: str
    tiles: str
    exposed: bool
    concealed: bool
    win: bool


@dataclass(frozen=True)
class Pair:
    """The pair (将) of a standard or knitted reading."""

    tiles: str
    win: bool


@dataclass(frozen=True)
class Link:
    """A fan formed by several sets: the big combination (seed000 §二.5) or a chow-pair fan
    (§二.6); ``sets`` are 0-based indices into :attr:`Interpretation.sets`."""

    fan: str
    sets: tuple[int, ...]


@dataclass(frozen=True)
class Interpretation:
    """The reading the fans come from (docs/contract.md ``interpretation``)."""

    shape: str
    """``standard``, ``knitted`` or a gb13 special shape (``seven_pairs``, ``thirteen_orphans`` …)."""
    sets: tuple[Group, ...]
    pair: Pair | None
    knitted: str | None
    """The 组合龙 tiles (``"147m258p369s"``) of a knitted reading."""
    win_tile: str
    win_in: str
    """``pair``, ``knitted``, ``set N`` or ``special``."""
    big_combination: Link | None
    chow_links: tuple[Link, ...]
    tiles: str | None = None
    """gb13 special shapes: every standing tile."""
    pairs: tuple[str, ...] = ()
    """gb13 七对 / 连七对: the seven pairs."""

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Interpretation:
        def link(x: Mapping[str, Any]) -> Link:
            return Link(x["fan"], tuple(x["sets"]))
        pair = d.get("pair")
        knitted = d.get("knitted")
        big = d.get("big_combination")
        return cls(
            shape=d["shape"],
            sets=tuple(Group(g["kind"], g["tiles"], g["exposed"], g["concealed"], g["win"])
                       for g in d.get("sets", ())),
            pair=Pair(pair["tiles"], pair["win"]) if pair else None,
            knitted=knitted["tiles"] if knitted else None,
            win_tile=d["win_tile"],
            win_in=d["win_in"],
            big_combination=link(big) if big else None,
            chow_links=tuple(link(x) for x in d.get("chow_links", ())),
            tiles=d.get("tiles"),
            pairs=tuple(d.get("pairs", ())),
        )


def _fans(entries: Iterable[Mapping[str, Any]]) -> tuple[Fan, ...]:
    return tuple(Fan(f["id"], f["name"], f["en"], f["points"], f["count"]) for f in entries)


class _JSONView:
    """``to_dict()`` / ``to_json()`` over the contract's JSON object the value was made from."""

    _data: dict[str, Any]

    def to_dict(self) -> dict[str, Any]:
        """The JSON object of docs/contract.md, as the dict API returns it (a copy)."""
        copy: dict[str, Any] = json.loads(json.dumps(self._data))
        return copy

    def to_json(self, **kwargs: Any) -> str:
        """:meth:`to_dict` as JSON text (``json.dumps`` keyword arguments accepted; UTF-8 kept)."""
        kwargs.setdefault("ensure_ascii", False)
        return json.dumps(self._data, **kwargs)


@dataclass(frozen=True)
class Result(_JSONView):
    """A scored hand (docs/contract.md "Result"): the fans of the highest-scoring interpretation."""

    variant: str
    fans: tuple[Fan, ...]
    fan_points: int
    """The sum over :attr:`fans` without flowers."""
    flower_points: int
    total: int
    """``fan_points + flower_points``."""
    meets_minimum: bool
    """``fan_points >= 8`` (起和分; flowers never count toward it)."""
    interpretation: Interpretation
    waits: tuple[str, ...]
    """The formal wait set (seed000 §二.7) of the hand before the winning tile."""
    _data: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Result:
        """A result from the contract's JSON object (e.g. a line of ``gb16 score --batch``);
        an error object is raised as :class:`InputError`."""
        _raise_if_error(d)
        return cls(variant=d["variant"], fans=_fans(d["fans"]), fan_points=d["fan_points"],
                   flower_points=d["flower_points"], total=d["total"], meets_minimum=d["meets_minimum"],
                   interpretation=Interpretation.from_dict(d["interpretation"]), waits=tuple(d["waits"]),
                   _data=dict(d))

    def fan(self, fan_id: str) -> Fan | None:
        """The fan with id *fan_id* if it is counted, else None."""
        return next((f for f in self.fans if f.id == fan_id), None)


@dataclass(frozen=True)
class Reading:
    """One interpretation of :func:`explain`, scored on its own."""

    interpretation: Interpretation
    description: str
    fans: tuple[Fan, ...]
    fan_points: int
    total: int
    chosen: bool
    why: str
    """Why it is chosen, or why it loses to the chosen one."""


@dataclass(frozen=True)
class Explanation(_JSONView):
    """Every interpretation of a hand scored on its own (``gb16 explain``), best first."""

    result: Result
    readings: tuple[Reading, ...]
    waits: tuple[str, ...]
    _data: dict[str, Any] = field(repr=False, compare=False)

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> Explanation:
        _raise_if_error(d)
        readings = tuple(Reading(Interpretation.from_dict(r["interpretation"]), r.get("description", ""),
                                 _fans(r["fans"]), r["fan_points"], r["total"], r["chosen"], r.get("why", ""))
                         for r in d["readings"])
        return cls(result=Result.from_dict(d["result"]), readings=readings, waits=tuple(d["waits"]),
                   _data=dict(d))

    @property
    def chosen(self) -> Reading:
        """The reading the result comes from."""
        return next(r for r in self.readings if r.chosen)


def case_input(hand: str | Mapping[str, Any], *, win: str | None = None, by: WinBy | None = None,
               variant: Variant | None = None, prevalent: str | None = None, seat: str | None = None,
               flowers: int | None = None, last_of_kind: bool = False, last_tile: bool = False,
               kong_replacement: bool = False, robbing_kong: bool = False) -> dict[str, Any]:
    """The case input (docs/contract.md) the arguments describe: only the fields given are set.

    *hand* may also be a whole case input (a mapping), given with no other argument.
    """
    given = dict(win=win, by=by, variant=variant, prevalent=prevalent, seat=seat, flowers=flowers)
    flags = dict(last_of_kind=last_of_kind, last_tile=last_tile, kong_replacement=kong_replacement,
                 robbing_kong=robbing_kong)
    if isinstance(hand, Mapping):
        if any(v is not None for v in given.values()) or any(v is not False for v in flags.values()):
            raise TypeError("give either a case input (a mapping) or a hand string with keyword arguments, not both")
        return dict(hand)
    data: dict[str, Any] = {"hand": hand}
    data.update({FIELDS[k]: v for k, v in given.items() if v is not None})
    data.update({k: v for k, v in flags.items() if v is not False})
    return data


def score(hand: str | Mapping[str, Any], *, win: str | None = None, by: WinBy | None = None,
          variant: Variant | None = None, prevalent: str | None = None, seat: str | None = None,
          flowers: int | None = None, last_of_kind: bool = False, last_tile: bool = False,
          kong_replacement: bool = False, robbing_kong: bool = False, rules: Rules | None = None) -> Result:
    """Score a winning hand (winning tile included) with the reference scorer.

    ``win``/``by`` are the winning tile and ``"discard"`` (点和) or ``"self_draw"`` (自摸), or use
    the suffix ``，点和5z`` in *hand*; ``prevalent``/``seat`` the winds; ``flowers`` 0–8; the flags
    as in docs/contract.md; ``rules`` a :class:`~gb16.reference.rules.Rules` choosing the options
    of open rulings and edition deltas.  Raises :class:`InputError` on bad input.
    """
    data = case_input(hand, win=win, by=by, variant=variant, prevalent=prevalent, seat=seat, flowers=flowers,
                      last_of_kind=last_of_kind, last_tile=last_tile, kong_replacement=kong_replacement,
                      robbing_kong=robbing_kong)
    return Result.from_dict(reference.score(data, rules=rules))


def explain(hand: str | Mapping[str, Any], *, win: str | None = None, by: WinBy | None = None,
            variant: Variant | None = None, prevalent: str | None = None, seat: str | None = None,
            flowers: int | None = None, last_of_kind: bool = False, last_tile: bool = False,
            kong_replacement: bool = False, robbing_kong: bool = False, rules: Rules | None = None) -> Explanation:
    """Every interpretation of the hand scored on its own, best first (arguments as :func:`score`)."""
    data = case_input(hand, win=win, by=by, variant=variant, prevalent=prevalent, seat=seat, flowers=flowers,
                      last_of_kind=last_of_kind, last_tile=last_tile, kong_replacement=kong_replacement,
                      robbing_kong=robbing_kong)
    return Explanation.from_dict(reference.explain(data, rules=rules))


def waits(hand: str, *, variant: Variant | None = None) -> tuple[str, ...]:
    """The formal wait set (seed000 §二.7) of a hand one tile short of a win, e.g. ``("1s", "3s")``."""
    data: dict[str, Any] = {"hand": hand}
    if variant is not None:
        data["variant"] = variant
    answer = reference.waits(data)
    _raise_if_error(answer)
    return tuple(answer["waits"])


def _raise_if_error(d: Mapping[str, Any]) -> None:
    if not d.get("ok", True):
        error = d.get("error") or {}
        raise InputError(error.get("code", "invalid_input"), error.get("message", "invalid input"))
