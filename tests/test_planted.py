"""Every property can fail: each is run against scorers with a planted bug
(gb16.properties.planted, one module per property) and must report a counterexample with the
violation that names the bug.  The planted bugs stop at the first failing example
(``shrink=False``): the property has made its point there, and shrinking is tested once, through
the command (tests/test_properties.py).  The gb13 bugs, and a fan form's, fail corpus cases too."""

from __future__ import annotations

import json

import pytest

from gb16.properties import planted
from gb16.properties.invariants import BY_NAME
from gb16.properties.runner import run_property


# --------------------------------------------------------------------------------------
# Planted bugs (gb16.properties.planted: one module per property, beside it)

PLANTED = planted.PLANTED


def test_every_property_has_a_planted_bug():
    assert {p for p, *_ in PLANTED} == set(BY_NAME)


@pytest.mark.parametrize("prop,bug,make,words,examples", PLANTED, ids=[f"{p}:{b}" for p, b, *_ in PLANTED])
def test_planted_bug_is_caught(prop, bug, make, words, examples):
    row = run_property(BY_NAME[prop], make(), "ci", max_examples=examples, shrink=False)
    assert row["result"] == "FAIL", f"{prop} did not catch: {bug}\n{json.dumps(row, ensure_ascii=False, indent=1)}"
    ce = row["counterexample"]
    assert ce and "example" in ce
    for word in (words,) if isinstance(words, str) else words:
        assert word in ce["violation"], ce["violation"]


def test_without_shrinking_the_first_failing_example_is_reported():
    """shrink=False: the counterexample is the first example the property failed on, as it was
    generated; Hypothesis only replays it once to report it."""
    seen = []
    bug = next(make for prop, name, make, *_ in PLANTED if name == "双同刻 beside 三同刻")
    row = run_property(BY_NAME["exclusion_consistency"], bug(), "ci", max_examples=200, observe=seen.append,
                       shrink=False)
    assert row["result"] == "FAIL" and row["examples"] > 1 and row["shrink_calls"] == 1
    prop = BY_NAME["exclusion_consistency"]
    assert row["counterexample"]["example"] == prop.describe(seen[row["examples"] - 1])
    assert "双同刻" in row["counterexample"]["violation"]


#: the planted bugs checked against the corpus too: every gb13 property's, and a fan form
#: (绿一色 without 发) the generators reach only since the reach table asked for it
CORPUS_TOO = [p for p in PLANTED if p[0].startswith("gb13") or p[1] == "绿一色 only with 发"]


@pytest.mark.parametrize("prop,bug,make,words,examples", CORPUS_TOO, ids=[f"{p}:{b}" for p, b, *_ in CORPUS_TOO])
def test_planted_gb13_bug_is_also_caught_by_the_corpus(prop, bug, make, words, examples, corpus_cases):
    """Each planted gb13 bug (and the 绿一色 form's) fails some corpus case too: the hand-worked
    cases and the properties catch the same mistakes independently."""
    from gb16.tools.harness.compare import compare, select_expectation
    scorer = make()
    cases = [c for c in corpus_cases if not prop.startswith("gb13") or c["input"].get("variant") == "gb13"]
    assert any(compare(select_expectation(c, {}).expected, scorer(c["input"])) for c in cases), \
        f"no corpus case catches {bug}"


@pytest.fixture(scope="module")
def corpus_cases():
    from gb16.tools.harness.corpus import load_corpus
    return [c for c in load_corpus().cases if isinstance(c.get("input"), dict) and not c.get("alternatives")]
