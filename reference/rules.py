"""Rule sets: which option of each open ruling, and which edition deltas (docs/rulings.md).

The reference scores under a :class:`Rules`.  By default that is the project's reading of
seed000 and xinbian: every open ruling at its ``default`` option, no edition delta.  The
options and deltas are data in corpus/editions.json:

* an option or delta with ``data`` changes the fan table of corpus/fans.json — points,
  repeatability, which fans exist, the exclusions (不计) and their scope.  :class:`Rules` gives
  the changed table (:meth:`Rules.points`, :meth:`Rules.repeatable`, :meth:`Rules.exists`,
  :meth:`Rules.excludes`), and the scorer reads the table only through it;
* an option or delta with ``switch`` is logic: one switch in the module named, which asks
  :meth:`Rules.option` or :meth:`Rules.has` (through :func:`active` where it is a fan
  predicate, since predicates take only a hand or a reading).

    >>> from gb16.reference.rules import Rules
    >>> Rules.parse(rulings=["R-009=A"], edition="mcr2006").label
    'mcr2006 + R-009:A'
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field
from functools import cached_property
from typing import Any

from gb16.corpus import ROOT

from . import table
from .table import Exclusion

EDITIONS_PATH = ROOT / "editions.json"

with open(EDITIONS_PATH, encoding="utf-8") as _f:
    DATA = json.load(_f)

RULINGS: dict[str, dict[str, Any]] = DATA["rulings"]
DELTAS: dict[str, dict[str, Any]] = DATA["deltas"]
EDITIONS: dict[str, dict[str, Any]] = DATA["editions"]

#: Options withdrawn from a ruling because they contradict the rule page, and the delta
#: that now carries each (docs/rulings.md, Part 3).
WITHDRAWN_OPTIONS = {
    "R-001:B": "chow-links-plain-cap",
    "R-001:C": "chow-pairs-once",
    "R-006:B": "own-melds-not-visible",
    "R-008:B": "double-pung-beside-triple-pung",
    "R-013:B": "exclusions-pairwise",
}

DEFAULT_OPTIONS = {rid: r["default"] for rid, r in RULINGS.items()}


class RulesError(ValueError):
    """An unknown ruling, option, edition or delta."""


@dataclass(frozen=True)
class Rules:
    """A choice of options for the open rulings plus a set of edition deltas.

    ``options`` holds only the rulings set away from their default, as sorted
    ``(ruling, option)`` pairs; ``deltas`` the delta ids; ``edition`` the edition named,
    if the deltas are one edition's (a label only: the deltas decide).
    """

    options: tuple[tuple[str, str], ...] = ()
    deltas: frozenset[str] = frozenset()
    edition: str | None = None

    # -- construction ----------------------------------------------------------------

    @classmethod
    def parse(cls, rulings: str | Iterable[str] | Mapping[str, str] = (), edition: str | None = None,
              deltas: str | Iterable[str] = ()) -> "Rules":
        """From ``["R-009=B", …]``, ``{"R-009": "B"}`` or one ``"R-009=B"``, an edition id and
        delta ids (a list, or one id).

        A withdrawn option (``R-001:C``) is taken as the delta that carries it.
        """
        given: Iterable[str] | Mapping[str, str] = [rulings] if isinstance(rulings, str) else rulings
        delta_ids: Iterable[str] = [deltas] if isinstance(deltas, str) else deltas
        try:
            pairs = list(given.items()) if isinstance(given, dict) else [_split(r) for r in given]
            extra = set(delta_ids)
        except TypeError:
            raise RulesError("rulings are a list of 'R-009=A' (or a dict {'R-009': 'A'}, or one string), "
                             "deltas a list of ids (or one)") from None
        chosen: dict[str, str] = {}
        for rid, option in pairs:
            rid, option = str(rid).strip().upper(), str(option).strip().upper()
            if f"{rid}:{option}" in WITHDRAWN_OPTIONS:
                extra.add(WITHDRAWN_OPTIONS[f"{rid}:{option}"])
                continue
            if rid not in RULINGS:
                raise RulesError(f"{rid} is not an open ruling (open: {', '.join(RULINGS)}; docs/rulings.md)")
            if option not in RULINGS[rid]["options"]:
                raise RulesError(f"{rid} has no option {option} (options: {', '.join(RULINGS[rid]['options'])})")
            if option != RULINGS[rid]["default"]:
                chosen[rid] = option
        if edition is not None and edition not in EDITIONS:
            raise RulesError(f"unknown edition {edition!r} (editions: {', '.join(EDITIONS)})")
        unknown = sorted(extra - set(DELTAS))
        if unknown:
            raise RulesError(f"unknown delta(s) {', '.join(unknown)} (gb16 table editions lists them)")
        all_deltas = frozenset(extra) | (frozenset(EDITIONS[edition]["deltas"]) if edition else frozenset())
        return cls(tuple(sorted(chosen.items())), all_deltas, edition)

    def with_option(self, ruling: str, option: str) -> "Rules":
        options = dict(self.options)
        options.pop(ruling, None)
        if option != RULINGS[ruling]["default"]:
            options[ruling] = option
        return Rules(tuple(sorted(options.items())), self.deltas, self.edition)

    def with_deltas(self, deltas: Iterable[str]) -> "Rules":
        return Rules(self.options, self.deltas | frozenset(deltas), self.edition)

    # -- what is chosen --------------------------------------------------------------

    def option(self, ruling: str) -> str:
        return self._chosen.get(ruling) or str(RULINGS[ruling]["default"])

    @cached_property
    def _chosen(self) -> dict[str, str]:
        """:attr:`options` as a dict, made once."""
        return dict(self.options)

    def has(self, delta: str) -> bool:
        """Whether ``delta`` is in force: named, and not replaced by another delta named."""
        if delta not in DELTAS:  # pragma: no cover - a programming error
            raise AssertionError(f"unknown delta {delta}")
        return delta in self._in_force

    @cached_property
    def _in_force(self) -> frozenset[str]:
        """:attr:`deltas` less those another of them ``replaces`` (corpus/editions.json: the
        other reading of the same statement, e.g. ``kongs-add-concealed-kong-each`` beside
        the ``kongs-add-concealed-kong`` of mcr2006)."""
        replaced = {r for d in self.deltas for r in DELTAS[d].get("replaces", ())}
        return self.deltas - replaced

    @property
    def is_default(self) -> bool:
        return not self.options and not self.deltas

    @property
    def label(self) -> str:
        """``seed000``, ``R-009:A``, ``mcr2006``, ``mcr2006 + R-009:A``, ``delta x + y`` …"""
        parts = []
        rest = set(self.deltas)
        if self.edition:
            parts.append(self.edition)
            rest -= set(EDITIONS[self.edition]["deltas"])
        parts += sorted(rest)
        parts += [f"{r}:{o}" for r, o in self.options]
        return " + ".join(parts) if parts else "seed000"

    def declaration(self) -> dict[str, Any]:
        """The harness ``start`` metadata that declares this rule set."""
        out: dict[str, Any] = {}
        if self.options:
            out["rulings"] = dict(self.options)
        if self.edition:
            out["edition"] = self.edition
        rest = sorted(self.deltas - set(EDITIONS[self.edition]["deltas"] if self.edition else ()))
        if rest:
            out["deltas"] = rest
        return out

    # -- the fan table under these rules ---------------------------------------------

    @cached_property
    def _changes(self) -> "_Changes":
        changes = _Changes()
        for data in self._data():
            changes.points.update(data.get("points", {}))
            changes.repeatable.update(data.get("repeatable", {}))
            changes.absent.update(data.get("absent", ()))
            for e in data.get("exclusions", ()):
                changes.exclusions[(e["fan"], e["excludes"])] = e["scope"]
        return changes

    def _data(self) -> Iterator[dict[str, Any]]:
        for rid, option in self.options:
            yield RULINGS[rid]["options"][option].get("data", {})
        for delta in sorted(self._in_force):
            yield DELTAS[delta].get("data", {})

    def points(self, fan_id: str) -> int:
        return self._changes.points.get(fan_id, table.fan(fan_id).points)

    def repeatable(self, fan_id: str) -> bool:
        return self._changes.repeatable.get(fan_id, table.fan(fan_id).repeatable)

    def exists(self, fan_id: str, variant: str) -> bool:
        return fan_id not in self._changes.absent and table.fan(fan_id).in_variant(variant)

    def excludes(self, fan_id: str) -> tuple[Exclusion, ...]:
        """The 不计 list of ``fan_id`` under these rules (corpus/fans.json, changed)."""
        changes = self._changes.exclusions
        if not changes:
            return table.fan(fan_id).excludes
        return _excludes(fan_id, tuple(sorted((k, v) for k, v in changes.items() if k[0] == fan_id)))

    def fans_of(self, variant: str) -> tuple[table.Fan, ...]:
        return tuple(f for f in table.fans_of(variant) if f.id not in self._changes.absent)

    def __str__(self) -> str:
        return self.label


@dataclass
class _Changes:
    points: dict[str, int] = field(default_factory=dict)
    repeatable: dict[str, bool] = field(default_factory=dict)
    absent: set[str] = field(default_factory=set)
    exclusions: dict[tuple[str, str], str | None] = field(default_factory=dict)  # (fan, excluded) -> scope


_EXCLUSION_CACHE: dict[tuple[str, tuple[Any, ...]], tuple[Exclusion, ...]] = {}


def _excludes(fan_id: str, changes: tuple[Any, ...]) -> tuple[Exclusion, ...]:
    key = (fan_id, changes)
    if key not in _EXCLUSION_CACHE:
        changed = {excluded: scope for (_, excluded), scope in changes}
        out = []
        for ex in table.fan(fan_id).excludes:
            if ex.fan in changed:
                scope = changed.pop(ex.fan)
                if scope is not None:
                    out.append(Exclusion(ex.fan, scope, ex.source + " (changed)", ex.variants))
            else:
                out.append(ex)
        out += [Exclusion(f, s, "corpus/editions.json") for f, s in changed.items() if s is not None]
        _EXCLUSION_CACHE[key] = tuple(sorted(out, key=lambda e: table.ORDER[e.fan]))
    return _EXCLUSION_CACHE[key]


def _split(entry: str) -> tuple[str, str]:
    if not isinstance(entry, str):
        raise RulesError(f"a ruling is written RULING=OPTION, e.g. R-009=A, not {entry!r}")
    for sep in ("=", ":"):
        if sep in entry:
            rid, option = entry.split(sep, 1)
            return rid, option
    raise RulesError(f"--ruling {entry!r}: write RULING=OPTION, e.g. R-009=A")


DEFAULT = Rules()

# -- the rules in force while a hand is scored (for the fan predicates) ----------------

_ACTIVE: ContextVar[Rules] = ContextVar("gb16_rules", default=DEFAULT)


def active() -> Rules:
    """The rule set of the hand being scored (a fan predicate's only way to a switch)."""
    return _ACTIVE.get()


@contextmanager
def using(rules: Rules | None) -> Iterator[Rules]:
    token = _ACTIVE.set(rules or DEFAULT)
    try:
        yield rules or DEFAULT
    finally:
        _ACTIVE.reset(token)
