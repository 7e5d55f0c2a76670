"""Planted bugs for property 12 (determinism, gb16.properties.invariants.p12_determinism):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from collections import Counter

from gb16.properties.planted.base import reference
from gb16.properties.scorers import Scorer


# 12. nondeterministic: every other call lists the fans in reverse
_calls = Counter()


def _alternating_order(inp):
    result = reference.score(inp)
    _calls["n"] += 1
    if result.get("ok") and _calls["n"] % 2:
        result = dict(result, fans=list(reversed(result["fans"])))
    return result


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("fan order alternates", lambda: Scorer("alternate", _alternating_order), "two answers", None),
]
