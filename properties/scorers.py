"""Scorers the property suite can test.

A scorer is a callable ``input dict -> result dict`` (docs/contract.md).  It may also
offer the reference's reading API — ``explain(input)`` and
``score_interpretation(input, interpretation)`` — which the no-mixing property uses
when present.

``--impl`` specs (the same as ``gb16 certify``):

* ``reference`` — gb16.reference;
* ``python:MODULE:FUNCTION`` — a function called in-process (MODULE may be a ``.py``
  path); its reading API is taken from ``explain`` / ``score_interpretation`` attributes
  of the function itself when it has them (as the mutant scorers of gb16.tools.mutants.catalogue
  do; an attribute set to None means "no reading API"), otherwise from functions of those
  names in the module;
* anything else — a command speaking the harness protocol, connected through
  gb16.tools.harness.
"""

from __future__ import annotations

import json
from typing import Any, Callable


class ScorerUnavailable(Exception):
    """The implementation named by an ``--impl`` spec cannot be used; the message says why."""


class ScorerFailure(Exception):
    """The implementation did not produce a result (crash, timeout, protocol error)."""


class Scorer:
    """A callable scorer with an optional reading API."""

    def __init__(self, name: str, function: Callable[[dict], dict],
                 explain: Callable[[dict], dict] | None = None,
                 score_interpretation: Callable[[dict, dict], dict] | None = None,
                 close: Callable[[], None] | None = None, declared: dict | None = None):
        self.name = name
        #: the rule set the scorer follows, as the harness protocol's start message declares it
        #: (docs/contract.md: ``rulings``, ``deltas``); empty: the project's reading
        #: (gb16.properties.in_force reads it)
        self.declared = dict(declared or {})
        self._function = function
        self.explain = explain
        self.score_interpretation = score_interpretation
        self._close = close

    def __call__(self, case_input: Any) -> dict:
        return self._function(case_input)

    def close(self) -> None:
        if self._close:
            self._close()

    def __repr__(self) -> str:
        return f"<Scorer {self.name}>"


def reference_scorer() -> Scorer:
    try:
        import gb16.reference as reference
    except ImportError as exc:
        raise ScorerUnavailable(f"the reference scorer is not available: {exc}") from None
    return Scorer("reference", reference.score, explain=reference.explain,
                  score_interpretation=reference.score_interpretation)


def _load_module(name: str):
    """The MODULE of ``python:MODULE:FUNCTION``, loaded as the harness loads it."""
    from gb16.tools.harness.protocol import HarnessError   # jsonschema: the certify extra
    from gb16.tools.harness.implementations import import_module
    try:
        return import_module(name)
    except HarnessError as exc:
        raise ScorerUnavailable(str(exc)) from None


def python_scorer(spec: str) -> Scorer:
    """``python:MODULE:FUNCTION``."""
    module_name, _, function_name = spec[len("python:"):].rpartition(":")
    if not module_name or not function_name:
        raise ScorerUnavailable(f"--impl {spec!r}: expected python:MODULE:FUNCTION")
    module = _load_module(module_name)
    function = getattr(module, function_name, None)
    if not callable(function):
        raise ScorerUnavailable(f"{module_name} has no function {function_name!r}")
    explain = _reading_api(function, module, "explain")
    score_interpretation = _reading_api(function, module, "score_interpretation")
    return Scorer(spec, function, explain=explain, score_interpretation=score_interpretation)


def _reading_api(function, module, name: str):
    """The function's own attribute ``name`` when it has one (None included: a scorer
    without that API), else the module's function of that name, else None."""
    if hasattr(function, name):
        value = getattr(function, name)
    else:
        value = getattr(module, name, None)
    return value if callable(value) else None


def harness_scorer(spec: str, timeout: float = 30.0) -> Scorer:
    """A command speaking the harness protocol, through gb16.tools.harness."""
    try:
        from gb16.tools.harness import implementations as harness   # jsonschema: the certify extra
    except ImportError as exc:
        raise ScorerUnavailable(f"the harness (gb16.tools.harness) is not available: {exc}") from None
    try:
        impl = harness.resolve_implementation(spec)
        metadata = impl.start()
    except Exception as exc:  # HarnessError, ImplementationError, OSError
        raise ScorerUnavailable(f"cannot start {spec!r}: {exc}") from None
    seq = [0]

    def call(case_input: Any) -> dict:
        seq[0] += 1
        outcome = impl.score(seq[0], case_input, timeout)
        if outcome.kind == "result":
            return outcome.result
        detail = outcome.message or outcome.kind
        if outcome.context:
            detail += f" — {json.dumps(outcome.context, ensure_ascii=False)[:400]}"
        raise ScorerFailure(f"{outcome.kind}: {detail}")

    return Scorer(spec, call, close=impl.stop, declared=declared_rules(metadata))


def declared_rules(metadata: Any) -> dict:
    """The rule set a start answer declares (docs/contract.md: ``rulings``, ``edition``,
    ``deltas``), kept only where each has the protocol's shape."""
    if not isinstance(metadata, dict):
        return {}
    out: dict[str, Any] = {}
    if isinstance(metadata.get("rulings"), dict):
        out["rulings"] = {str(k): str(v) for k, v in metadata["rulings"].items()}
    if isinstance(metadata.get("edition"), str):
        out["edition"] = metadata["edition"]
    if isinstance(metadata.get("deltas"), list):
        out["deltas"] = [str(d) for d in metadata["deltas"]]
    return out


def resolve_scorer(spec: str | None) -> Scorer:
    """A Scorer for an ``--impl`` spec (None or "reference" is the reference)."""
    spec = (spec or "reference").strip()
    if spec == "reference":
        return reference_scorer()
    if spec.startswith("python:"):
        return python_scorer(spec)
    return harness_scorer(spec)


def as_scorer(value: Any) -> Scorer:
    """Accept a Scorer, a plain callable, a spec string or None (the reference)."""
    if isinstance(value, Scorer):
        return value
    if value is None or isinstance(value, str):
        return resolve_scorer(value)
    if callable(value):
        return Scorer(getattr(value, "__name__", repr(value)), value,
                      explain=getattr(value, "explain", None),
                      score_interpretation=getattr(value, "score_interpretation", None))
    raise TypeError(f"not a scorer: {value!r}")
