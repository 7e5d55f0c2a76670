"""The examples a property sees at a profile's budget, recorded once and replayed.

Under a derandomized profile (ci, thorough) Hypothesis draws the same examples for a
property whatever the scorer answers, up to the first failure: nothing in the strategies
depends on the scorer's results.  So the examples of a ci run can be recorded once and a
check replayed on them against another scorer; the first example that raises a
:class:`~gb16.properties.invariants.Violation` is the example at which the ci run of that
property would first fail (Hypothesis would then shrink it, which changes the
counterexample shown, not whether the property fails).

This makes two things cheap that would otherwise cost a whole ci run each:

* the reach statistics (:func:`gb16.properties.reach.stats`): what share of a property's
  stream shows each structure it claims to check;
* the property side of the data-mutant kill table (gb16.tools.mutants.data): hundreds of
  mutants of corpus/fans.json, each replayed over the recorded streams in well under a
  second, instead of a ci run of about ten seconds each.

tests/test_mutants.py checks on planted bugs that a replayed kill and a real ci run agree.
"""

from __future__ import annotations

import copy
from typing import Any

from gb16.properties.invariants import BY_NAME, PROPERTIES, Property, Violation
from gb16.properties.runner import run_property
from gb16.properties.scorers import as_scorer


def record(prop: Property, profile: str = "ci", seed: int | None = None,
           max_examples: int | None = None) -> list[Any]:
    """The examples ``prop`` draws under ``profile``, in order: a run of the property on the
    reference through gb16.properties.runner.run_property itself (Hypothesis derives a
    derandomized run's seed from the test function, so only the runner's own test function
    draws the runner's examples)."""
    seen: list[Any] = []
    row = run_property(prop, as_scorer("reference"), profile, seed, max_examples,
                       observe=lambda ex: seen.append(copy.deepcopy(ex)))
    if row["result"] != "pass":
        raise RuntimeError(f"property {prop.name} does not pass on the reference: {row['message']}")
    return seen


#: (property name, profile) → its recorded examples, for the life of the process
_STREAMS: dict[tuple[str, str], tuple[Any, ...]] = {}


def stream(name: str, profile: str = "ci") -> tuple[Any, ...]:
    """The recorded examples of property ``name`` (memoised per process: recorded here, or
    kept from a run of the reference by a :class:`Keeper`)."""
    key = (name, profile)
    if key not in _STREAMS:
        _STREAMS[key] = tuple(record(BY_NAME[name], profile))
    return _STREAMS[key]


def keep(name: str, profile: str, examples) -> None:
    """Keep ``examples`` as the recorded stream of property ``name`` at ``profile``: what
    :func:`record` returned for it in another process of the same run (a derandomized profile
    draws the same examples in every process), so that this process, and the processes it
    forks afterwards, replay it without recording it again.  A stream already in memory stays."""
    _STREAMS.setdefault((name, profile), tuple(examples))


def remembered(name: str, profile: str = "ci") -> bool:
    """Whether the stream of property ``name`` is in memory (recorded or kept) already."""
    return (name, profile) in _STREAMS


class Keeper:
    """Keeps the examples of a run of the reference (``run_all(profile, scorer,
    observe=keeper.observe)``, ``scorer`` the reference's own functions) as the recorded streams of :func:`stream`, so that a process
    that has run every property on the reference need not run them again to record them.

    That run and :func:`record` are the same call — ``run_property`` of the property on the
    reference, at the profile, with no seed or budget of its own — so they draw the same
    examples; only the streams of the properties that passed are kept (:func:`record` refuses
    the others)."""

    def __init__(self, profile: str, scorer) -> None:
        import gb16.reference as reference
        if (getattr(scorer, "_function", None), scorer.explain, scorer.score_interpretation) != (
                reference.score, reference.explain, reference.score_interpretation):
            raise ValueError(f"only a run of the reference records streams, not of {scorer!r}")
        self.profile = profile
        self._seen: dict[str, list[Any]] = {}

    def observe(self, prop: Property, example: Any) -> None:
        self._seen.setdefault(prop.name, []).append(copy.deepcopy(example))

    def keep(self, rows: list[dict]) -> None:
        """Make the examples seen the streams of the properties whose row (of this run) passed."""
        for row in rows:
            if row["result"] == "pass" and row.get("profile") == self.profile and row["name"] in self._seen:
                _STREAMS.setdefault((row["name"], self.profile), tuple(self._seen[row["name"]]))


def first_violation(prop: Property, scorer, examples) -> tuple[int, str] | None:
    """``(index, message)`` of the first example of ``examples`` on which ``prop``'s check
    raises a Violation against ``scorer``; None when it holds on all of them.  Any other
    exception is re-raised: a check that breaks is not a kill."""
    for k, example in enumerate(examples):
        try:
            prop.check(scorer, copy.deepcopy(example))
        except Violation as v:
            return k, str(v)
    return None


def replay_kills(scorer, profile: str = "ci", only: list[str] | None = None,
                 first_only: bool = True) -> dict[str, tuple[int, str]]:
    """property name -> (example index, violation) for the properties whose recorded
    stream ``scorer`` fails; with ``first_only`` the scan stops at the first killing property."""
    out: dict[str, tuple[int, str]] = {}
    for prop in PROPERTIES:
        if only and prop.name not in only:
            continue
        hit = first_violation(prop, scorer, stream(prop.name, profile))
        if hit is not None:
            out[prop.name] = hit
            if first_only:
                break
    return out
