"""Near-miss cases (corpus/cases/near_misses_*.json): a negative case one step from a fan's
definition, the step named.  Each names a fan that exists in its variant and is absent from
the expectation, says its step, and shows the reasoning in its comment; `gb16 corpus
coverage` counts them per fan."""

from __future__ import annotations

import pytest

from gb16.reference import table
from gb16.tools.runs.corpus_checks import coverage
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


#: Fans with no near-miss case, and why (none now). 花牌 has no parts to miss (one point per
#: melded flower, seed000 §三 花牌): its near miss is zero flowers, which is no 花牌 entry at all,
#: not one with count 0. No winning hand is one tile from 十三幺 (fourteen tiles of thirteen
#: orphans and a pair; a winning hand holding twelve of them is no nearer), so its near miss is
#: the shape step: only 幺九 tiles, as seven pairs.
WITHOUT_NEAR_MISS: dict[str, set[str]] = {"gb16": set(), "gb13": set()}


@pytest.mark.parametrize("variant", ["gb16", "gb13"])
def test_every_fan_of_the_variant_has_a_near_miss(variant):
    cov = coverage(CORPUS, variant)
    missing = {r["id"] for r in cov["fans"] if not r["near_misses"]}
    assert missing == WITHOUT_NEAR_MISS[variant], (
        f"{variant}: fans without a near-miss case {sorted(missing - WITHOUT_NEAR_MISS[variant])}; "
        f"listed as without one but now covered {sorted(WITHOUT_NEAR_MISS[variant] - missing)}")


def test_near_misses_name_every_kind_of_step():
    steps = {c["near_miss"]["step"] for c in NEAR}
    assert {"tile", "rank", "suit", "meld", "win_tile", "count", "circumstance"} <= steps
