"""`gb16 prove`: the Z3 proofs of seed000 §二.5–6 hold, the reference agrees with the model on
the CI subset of five-chow hands, and the cross-check catches planted scorer bugs.

CI share: about 20 s (the claims ≈ 8 s, the cross-check subset and the mutants the rest; the
mutants' cross-checks reuse the module's Z3 optima and reading verdicts).
The full cross-check (every legal multiset) is `gb16 prove`; `gb16 prove --thorough` adds Z3
on every multiset without the symmetry reduction.
"""

from __future__ import annotations

import argparse
import json
import random
from itertools import combinations

import pytest
import z3

from gb16.corpus import CASES_DIR
from gb16.properties import chow_model as cm
from gb16.properties import proof_crosscheck as xc
from gb16.properties import proofs
from gb16.reference import combination, scoring, table
from gb16.tools.commands import prove as cmd_prove

CI_ORBITS = 300   # of 4734 orbits (≈ 3300 of the 52887 multisets)
CI_SEED = 0


class Outcomes(dict):
    """Each claim's outcome, proved the first time a test asks for it: the claims are
    independent, so each test_claim_holds case proves its own claim (on whichever core runs
    it) and the witness tests reuse what this process has already proved."""

    def __missing__(self, claim_id):
        self[claim_id] = proofs.run_claim(CLAIM_BY_ID[claim_id])
        return self[claim_id]


CLAIM_BY_ID = {c.id: c for c in proofs.CLAIMS}


_OUTCOMES = Outcomes()


@pytest.fixture
def outcomes():
    return _OUTCOMES


@pytest.fixture(scope="module")
def subset():
    return xc.ci_subset(CI_ORBITS, CI_SEED)


@pytest.fixture(scope="module")
def optima():
    """Z3 optima shared by the cross-check runs of this module (orbit → (points, reading))."""
    return {}


@pytest.fixture(scope="module")
def verdicts():
    """Z3's verdicts on the readings reported, shared likewise ((multiset, big, links) → admissible)."""
    return {}


def chows_of(names):
    return [cm.parse_chow(n) for n in names]


# --------------------------------------------------------------------------- the claims

#: The claims whose proof takes seconds: make test proves them, make check leaves them out.
SLOW_CLAIMS = {"1", "2", "5f", "5g", "6"}


@pytest.mark.parametrize("claim", [pytest.param(c, id=c.id, marks=[pytest.mark.slow] if c.id in SLOW_CLAIMS else [])
                                   for c in proofs.CLAIMS])
def test_claim_holds(outcomes, claim):
    o = outcomes[claim.id]
    assert o.holds, f"claim {o.id} ({o.claim}): {o.result} {o.detail} {o.witness}"
    expected = {"bound": proofs.PROVED, "witness": proofs.REACHED, "sanity": proofs.REACHED,
                "exhaustive": proofs.PROVED}[claim.kind]
    assert o.result.startswith(expected)


def test_witnesses_really_reach_the_bounds(outcomes):
    """Re-optimise each witness's chows: the bound is the optimum of that very hand."""
    w = outcomes["1w"].witness
    assert w["big_combination"] is None and len(w["links"]) == 4
    assert cm.optimum(chows_of(w["chows"]))[0] == 4  # no big combination qualifies there
    w = outcomes["2w"].witness
    assert w["big_combination"]["fan"] in cm.THREE_CHOW_FANS and len(w["links"]) == 2
    assert cm.optimum(chows_of(w["chows"]))[0] >= cm.BIG_FAN_POINTS[w["big_combination"]["fan"]] + 2
    w = outcomes["5a-w"].witness
    assert len(w["chows"]) == 4 and cm.optimum(chows_of(w["chows"]))[0] == 3


def test_sanity_witnesses_break_the_bound_without_the_rule(outcomes):
    two_terminal = [l for l in outcomes["4a-s"].witness["links"] if l["fan"] == cm.TERMINAL_CHOWS]
    assert len(two_terminal) == 2
    w = outcomes["3-s"].witness
    assert w["big_combination"]["fan"] in cm.FOUR_CHOW_FANS and w["links"]


def test_a_false_bound_is_not_proved():
    """The proof machinery can fail: '≤ 3 among five chows' is refuted with a counterexample."""
    m = cm.ChowModel(n=5)
    holds, result, witness, _ = proofs.bound(m, z3.And(m.no_big_combination_taken(), m.link_points > 3))
    assert not holds and result.startswith(proofs.FAILED) and len(witness["links"]) == 4


# --------------------------------------------------------------------------- the model's checks

def test_the_model_is_independent_of_the_reference():
    """The model is an encoding of the clause text, not of the scorer: it imports no gb16 code."""
    import ast
    import inspect
    tree = ast.parse(inspect.getsource(cm))
    modules = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import) for a in node.names}
    modules |= {node.module or "" for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    modules |= {"." for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.level}
    assert modules <= {"__future__", "itertools", "dataclasses", "z3"}, modules


def test_admissible_rejects_what_the_clause_forbids():
    chows = chows_of(["123m", "123m", "789m", "456p", "789p"])
    good = [(cm.PURE_DOUBLE, 0, 1), (cm.TERMINAL_CHOWS, 0, 2), (cm.MIXED_DOUBLE, 2, 4), (cm.SHORT_STRAIGHT, 3, 4)]
    assert cm.admissible(chows, None, None, good)
    twice = [(cm.TERMINAL_CHOWS, 0, 2), (cm.TERMINAL_CHOWS, 1, 2), (cm.MIXED_DOUBLE, 2, 4), (cm.SHORT_STRAIGHT, 3, 4)]
    assert not cm.admissible(chows, None, None, twice)
    cycle = [(cm.PURE_DOUBLE, 0, 1), (cm.TERMINAL_CHOWS, 0, 2), (cm.SHORT_STRAIGHT, 1, 2)]
    assert not cm.admissible(chows, None, None, cycle)  # 123m-789m is not 连六
    assert not cm.admissible(chows, None, None, [(cm.MIXED_DOUBLE, 0, 1)])  # wrong fan for the pair
    # 花龙 + 789m related to two members (xinbian 第六章 5 例4): one link, not two
    chows = chows_of(["123m", "789m", "456p", "789s", "345s"])
    assert cm.admissible(chows, "mixed_straight", [0, 2, 3], [(cm.TERMINAL_CHOWS, 0, 1)])
    assert not cm.admissible(chows, "mixed_straight", [0, 2, 3],
                             [(cm.TERMINAL_CHOWS, 0, 1), (cm.MIXED_DOUBLE, 1, 3)])
    # 一色四步高: not even the fifth chow's 喜相逢
    chows = chows_of(["123p", "234p", "345p", "456p", "456s"])
    assert cm.admissible(chows, "four_pure_shifted_chows", None, [])
    assert not cm.admissible(chows, "four_pure_shifted_chows", None, [(cm.MIXED_DOUBLE, 3, 4)])


def test_optimum_is_invariant_under_the_symmetries():
    rng = random.Random(5)
    for ms in rng.sample(cm.legal_multisets(5), 6):
        values = {cm.optimum(list(image))[0] for image in cm.symmetric_images(ms)}
        assert len(values) == 1, ms


def test_chows_that_do_not_fit_have_no_optimum():
    assert cm.optimum(chows_of(["123m", "123m", "123m", "123m", "234m"])) is None
    assert not cm.fits_in_hand(chows_of(["123m", "123m", "123m", "123m", "234m"]))


# --------------------------------------------------------------------------- cross-check

@pytest.mark.slow
def test_reference_agrees_with_the_model_on_the_ci_subset(subset, optima, verdicts):
    report = xc.cross_check(representatives=subset, hand_sample=40, seed=CI_SEED, optima=optima, verdicts=verdicts)
    assert report.orbits == CI_ORBITS and report.multisets > 10 * CI_ORBITS
    assert report.readings_checked == CI_ORBITS and report.hands_scored == 40
    assert report.hand_readings_checked >= 40
    assert report.disagreement_lines() == []


# Planted bugs: the reference's own link counter with one rule broken.  Each must be caught.
_original_chow_links = combination.chow_links


def _root(parent, n):
    while parent.setdefault(n, n) != n:
        n = parent[n]
    return n


def links_pair_counts_two_relations(chows, big):
    """A chow and the 三顺子 group — one pair under §二.6 — count one relation per related member
    (例4's 喜相逢 *and* 老少副)."""
    links = _original_chow_links(chows, big)
    if big is None:
        return links
    group, groups = set(big[1]), dict(chows)
    extra = []
    for _, i, j in links:
        if (i in group) == (j in group):
            continue
        outside, member = (j, i) if i in group else (i, j)
        for k in sorted(group - {member}):
            fan = combination.relation(groups[outside], groups[k])
            if fan:
                extra.append((fan, min(outside, k), max(outside, k)))
    return links + extra


def links_terminal_chows_twice(chows, big):
    """The cycle rule kept, but 老少副 treated as repeatable (and tried first)."""
    group = set(big[1]) if big else set()
    edges = []
    for (i, a), (j, b) in combinations(chows, 2):
        fan = combination.relation(a, b)
        if fan and not (i in group and j in group):
            edges.append((fan != cm.TERMINAL_CHOWS, i, j, fan))
    parent: dict = {}
    links = []
    for _, i, j, fan in sorted(edges):
        a, b = _root(parent, "g" if i in group else i), _root(parent, "g" if j in group else j)
        if a != b:
            parent[a] = b
            links.append((fan, i, j))
    return links


def links_ignoring_the_cycle_rule(chows, big):
    """Every related pair counts, up to the stated totals (4, or 2 beside a 三顺子) — R-001:B."""
    group = set(big[1]) if big else set()
    links, terminal_used = [], False
    for (i, a), (j, b) in combinations(chows, 2):
        fan = combination.relation(a, b)
        if not fan or (i in group and j in group) or (fan == cm.TERMINAL_CHOWS and terminal_used):
            continue
        links.append((fan, i, j))
        terminal_used |= fan == cm.TERMINAL_CHOWS
    return links[: 2 if big else 4]


MUTANTS = {
    "pair-counts-two-relations": (links_pair_counts_two_relations, "points"),
    "terminal-chows-twice": (links_terminal_chows_twice, "reading"),
    "ignores-cycle-rule": (links_ignoring_the_cycle_rule, "points"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", list(MUTANTS))
def test_cross_check_catches_planted_bug(monkeypatch, subset, optima, verdicts, name):
    buggy, kind = MUTANTS[name]
    monkeypatch.setattr(scoring, "chow_links", buggy)   # the real scoring path's own reference
    if name == "terminal-chows-twice":
        # the real path also keeps a non-repeatable fan to one occurrence (seed000 §二.8), which
        # hides a second 老少副 link; the planted bug is a scorer that gets both wrong
        from dataclasses import replace
        monkeypatch.setitem(table.BY_ID, "two_terminal_chows", replace(table.BY_ID["two_terminal_chows"], repeatable=True))
    report = xc.cross_check(representatives=subset, optima=optima, verdicts=verdicts)
    assert report.count(kind) > 0, f"planted bug {name} not caught"
    if name == "terminal-chows-twice":
        # same totals everywhere (the 老少副-once rule never changes an optimum), so only the
        # reading check can see this bug: 老少副 ×2 in place of 老少副 + 一般高
        assert report.count("points") == 0
        assert any(sum(f == cm.TERMINAL_CHOWS for f, _, _ in d.scorer_links) == 2
                   for d in report.disagreements)


def test_a_reading_z3_found_is_taken_as_admissible_and_nothing_else(subset, optima):
    """The cross-check asks Z3 whether a scorer's reading is admissible only when it is not
    exactly the reading Z3 found for the same chows (xc.is_reading): that one is (Z3 says so
    too), in any order of its links; a link dropped or listed twice, or another big
    combination, is not taken for it."""
    solver = cm.Solver(5)
    with_links = 0
    for rep in subset[:12]:
        if rep not in optima:
            optima[rep] = solver.optimum(list(rep))
        found = optima[rep][1]
        big = (found["big_combination"] or {}).get("fan")
        links = [(link["fan"], *link["chows"]) for link in found["links"]]
        assert xc.is_reading(found, big, links) and solver.admissible(list(rep), big, None, links)
        assert xc.is_reading(found, big, [(f, j, i) for f, i, j in reversed(links)])
        assert not xc.is_reading(found, None if big else "pure_straight", links)
        if links:
            with_links += 1
            assert not xc.is_reading(found, big, links[1:])
            assert not xc.is_reading(found, big, links + links[:1])
    assert with_links


def test_the_real_hands_are_drawn_from_every_legal_multiset_in_order():
    """check_real_hands draws its hands from the orbits' members sorted, which must be
    cm.legal_multisets(5) itself (same hands for the same seed)."""
    assert xc._legal_multisets() == tuple(cm.legal_multisets(5))


def test_cross_check_reports_a_crashing_scorer(subset, optima):
    def broken(chows):
        raise RuntimeError("boom")
    report = xc.cross_check(broken, representatives=subset[:3], optima=optima)
    assert report.count("error") == report.multisets > 0


# --------------------------------------------------------------------------- corpus witnesses

def _witness_cases():
    return json.loads((CASES_DIR / "proof_witnesses.json").read_text(encoding="utf-8"))["cases"]


@pytest.mark.parametrize("case", _witness_cases(), ids=lambda c: c["id"])
def test_corpus_witness_matches_the_model(case):
    """The case's chow-combination fans are what Z3's optimum gives for its chows."""
    chows = []
    for token in case["input"]["hand"].split():
        token = token.strip("[]")
        if len(token) == 4:
            chows.append(cm.parse_chow(token))
    assert len(chows) == (4 if case["input"]["variant"] == "gb13" else 5)
    expect = case["expect"]
    fan_maps = expect.get("fans_one_of") or [expect["fans"]]
    best = cm.optimum(chows)[0]
    for fans in fan_maps:
        points = sum(cm.BIG_FAN_POINTS[f] * n for f, n in fans.items() if f in cm.BIG_FAN_POINTS)
        points += sum(n for f, n in fans.items() if f in cm.RELATIONS)
        assert points == best, (case["id"], fans)
        assert fans.get(cm.TERMINAL_CHOWS, 0) <= 1


# --------------------------------------------------------------------------- the command

def _parse(argv):
    parser = argparse.ArgumentParser(prog="gb16")
    cmd_prove.register(parser.add_subparsers())
    return parser.parse_args(argv)


QUICK = (proofs.Claim("4c", "the four chow-pair definitions exclude each other", "xinbian 第七章 69", "bound",
                      proofs.c_relations_exclusive),)


def test_prove_json_claims_only(monkeypatch, capsys):
    monkeypatch.setattr(proofs, "CLAIMS", QUICK)
    assert cmd_prove.run(_parse(["prove", "--claims-only", "--json"])) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["ok"] and out["claims"][0]["holds"] and out["cross_check"] is None


def test_prove_fails_on_a_false_claim(monkeypatch, capsys):
    def false_claim():
        m = cm.ChowModel(n=5)
        return proofs.bound(m, m.link_points > 3)
    monkeypatch.setattr(proofs, "CLAIMS", QUICK + (proofs.Claim("x", "≤ 3 (false)", "seed000 §二.6", "bound",
                                                                false_claim),))
    assert cmd_prove.run(_parse(["prove", "--claims-only"])) == 1
    assert "FAILED" in capsys.readouterr().out


@pytest.mark.slow
def test_prove_fails_on_a_disagreement(monkeypatch, capsys):
    monkeypatch.setattr(proofs, "CLAIMS", QUICK)
    monkeypatch.setattr(scoring, "chow_links", links_ignoring_the_cycle_rule)
    assert cmd_prove.run(_parse(["prove", "--subset", "40", "--sample", "0"])) == 1
    out = capsys.readouterr().out
    assert "[points]" in out and "FAILURES" in out


def test_prove_rejects_bad_options(capsys):
    assert cmd_prove.run(_parse(["prove", "--sample", "-1"])) == 2
    assert cmd_prove.run(_parse(["prove", "--thorough", "--subset", "5"])) == 2
