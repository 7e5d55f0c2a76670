"""Near-miss cases (corpus/cases/near_misses_*.json): a negative case one step from a fan's
definition, the step named.  Each names a fan that exists in its variant and is absent from
the expectation, says its step, and shows the reasoning in its comment; `gb16 corpus
coverage` counts them per fan."""

from __future__ import annotations

import pytest

from gb16.reference import table
from gb16.tools.corpus_cli import coverage
from gb16.tools.harness.corpus import case_variant, load_corpus

CORPUS = load_corpus()
NEAR = [c for c in CORPUS.cases if "near_miss" in c]


def test_there_are_near_misses_in_their_own_files():
    assert len(NEAR) >= 20
    assert all(c["file"].startswith("near_misses_") for c in NEAR)


@pytest.mark.parametrize("case", NEAR, ids=lambda c: c["id"])
def test_near_miss_is_a_negative_case_of_its_fan(case):
    nm = case["near_miss"]
    assert table.fan(nm["fan"]).in_variant(case_variant(case))
    assert nm["fan"] in case["expect"]["absent"], "the fan the case is one step from must be absent"
    assert nm["fan"] not in case["expect"].get("fans", {})
    assert len(case.get("comment", "")) > 80, "the expectation's reasoning is in the comment"


def test_coverage_counts_near_misses_per_fan():
    cov = coverage(CORPUS, "gb16")
    rows = {r["id"]: r["near_misses"] for r in cov["fans"]}
    assert rows["four_pure_shifted_pungs"] >= 1
    assert cov["summary"]["near_miss_cases"] == sum(rows.values()) == len(
        [c for c in NEAR if case_variant(c) == "gb16"])
