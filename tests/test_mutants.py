"""The mutant scorers (gb16.tools.mutants.catalogue): each is killed by the corpus, none leaks.

* every mutant fails at least one corpus case that the reference passes — so it differs
  from the reference, and the corpus sees the difference;
* after every mutant has scored in this process, the reference still passes the whole
  corpus, and the patched module state is back as it was;
* the kill table has one row per mutant; ``--serve`` speaks the harness protocol.

The property side of the kill table (the Hypothesis suite against every mutant, about
half a minute per mutant) is not run here: ``python -m gb16.tools.mutants.catalogue --kill-table
--properties ci`` produces it; one test checks the plumbing on a single property.

CI share: about 30 s on two cores (the kill scan stops at each mutant's first killing
case; the no-leak check runs the reference over the whole corpus once).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

import gb16.reference as reference
from gb16.corpus import CLAUSES_PATH
from gb16.reference import combination, readings, scoring, table
from gb16.reference.fans import REGISTRY
from gb16.reference.groups import Group
from gb16.reference.hand import Hand
from gb16.tools.mutants import catalogue as mutants
from gb16.tools.harness.compare import compare, select_expectation
from gb16.tools.harness.implementations import SubprocessImplementation
from gb16.tools.harness.corpus import load_corpus

CORPUS = load_corpus()
CASES = CORPUS.cases
ANCHORS = {a["anchor"] for a in json.loads(CLAUSES_PATH.read_text(encoding="utf-8"))["anchors"]}


def reference_passes(case: dict) -> bool:
    expected = select_expectation(case, {}).expected
    return not compare(expected, reference.score(case["input"]))


def test_at_least_forty_mutants():
    assert len(mutants.MUTANTS) >= 40


@pytest.mark.parametrize("name", mutants.names())
def test_mutant_is_documented_and_tied_to_a_clause(name):
    m = mutants.get(name)
    assert m.scorer.__doc__ and len(m.mistake) > 15, "the docstring names the mistake"
    assert m.clause in ANCHORS or m.clause.startswith(("docs/contract.md", "docs/rulings.md R-")), m.clause
    assert m.scorer.gb16_metadata["name"].endswith(name)
    assert getattr(mutants, name) is m.scorer, "python:gb16.tools.mutants.catalogue:NAME must reach the scorer"


@pytest.mark.parametrize("name", mutants.names())
def test_mutant_is_killed_by_the_corpus(name):
    m = mutants.get(name)
    killed, broken = mutants.corpus_outcomes(m, CASES, stop_after=1)
    assert not broken, f"{name} errs or crashes on {broken[:3]}: the mutant is broken, not killed"
    assert killed, f"no corpus case kills {name}: a gap in the corpus ({m.mistake})"
    case = next(c for c in CASES if c["id"] == killed[0])
    assert reference_passes(case), f"{killed[0]} fails the reference too, so it does not tell {name} apart"
    assert m.scorer(case["input"]) != reference.score(case["input"])


def _module_state() -> dict:
    return {
        "registry": dict(REGISTRY), "by_id": dict(table.BY_ID),
        "with_win": Group.__dict__["with_win"], "is_pung": Group.__dict__["is_pung"],
        "hand": Hand.__dict__["__post_init__"],
        "best": reference.best, "formal_waits": (reference.formal_waits, readings.formal_waits),
        "is_winning": readings.is_winning, "knitted_waits": readings.knitted_waits, "scoring": (scoring.readings, scoring.BIG_COMBINATION,
                                                      scoring.big_combination_choices, scoring.chow_links,
                                                      scoring.score_interpretation),
        "pair_fans": combination.CHOW_PAIR_FANS,
    }


def test_mutants_do_not_leak():
    before = _module_state()
    sample = CASES[::12]
    for m in mutants.MUTANTS.values():
        for case in sample:
            result = m.scorer(case["input"])
            assert isinstance(result.get("ok"), bool), (m.name, case["id"], result)
        if m.scorer.explain is not None:
            assert m.scorer.explain(sample[0]["input"])["ok"]
    assert _module_state() == before
    failing = [c["id"] for c in CASES if not reference_passes(c)]
    assert not failing, f"the reference fails after the mutants ran: {failing[:5]}"


def test_patches_are_undone_when_the_call_raises():
    before = _module_state()
    mutation = mutants.get("discard_pung_concealed").define()
    with pytest.raises(RuntimeError):
        with mutants.active(mutation):
            assert Group.__dict__["with_win"] is not before["with_win"]
            raise RuntimeError("boom")
    assert _module_state() == before


def test_a_mutant_differs_where_its_clause_says():
    """§四.5: formal waits deny 边张; the practical-waits mutant gives it."""
    case = next(c for c in CASES if c["id"] == "seed-examples-5-formal-second-wait-no-edge-wait")
    ref = reference.score(case["input"])
    got = mutants.practical_waits(case["input"])
    assert "edge_wait" not in {f["id"] for f in ref["fans"]}
    assert "edge_wait" in {f["id"] for f in got["fans"]}
    assert len(got["waits"]) < len(ref["waits"])
    # and the reference is itself again at once (the wait cache was cleared)
    assert reference.score(case["input"]) == ref


def _small_corpus(tmp_path: Path) -> Path:
    chosen = [c for c in CASES if c["area"] == "seed_examples"][:6]
    cases = [{k: v for k, v in c.items() if k not in ("area", "file")} for c in chosen]
    (tmp_path / "few.json").write_text(json.dumps({"area": "few", "description": "a few cases", "cases": cases},
                                                  ensure_ascii=False), encoding="utf-8")
    return tmp_path


def test_kill_table_has_one_row_per_mutant(tmp_path):
    rows = mutants.kill_table(corpus=str(_small_corpus(tmp_path)))
    assert [r["mutant"] for r in rows] == mutants.names()
    for r in rows:
        assert r["cases"] == 6 and r["corpus_kills"] == len(r["first_kills"]) <= 5
        assert r["corpus_kills"] == r["gb16_kills"] + r["gb13_kills"] and r["broken_on"] == 0
        assert r["killed_by_corpus"] == bool(r["corpus_kills"]) == r["ok"] and r["properties"] is None
    text = mutants.format_kill_table(rows)
    assert f"of {len(rows)} mutants killed by the corpus" in text


def test_report_rows_plug_into_the_report(tmp_path):
    """gb16 report calls report_rows() through run_optional; a row passes when the corpus kills."""
    from gb16.tools.reports.compliance import row_passed, run_optional
    outcome = run_optional("gb16.tools.mutants.catalogue", "report_rows",
                           {"corpus": str(_small_corpus(tmp_path)), "properties": None, "jobs": 1})
    assert outcome.status in ("pass", "fail") and len(outcome.rows) == len(mutants.MUTANTS)
    assert all(row_passed(r) == r["killed_by_corpus"] for r in outcome.rows)


def test_property_side_of_the_kill_table():
    """The runner is driven with the mutant's own reading API; one property suffices here."""
    result = mutants.property_kills(mutants.get("all_big_combinations"), "ci", only=["one_big_combination"])
    assert result["killed"] and result["failed"] == ["one_big_combination"]
    assert "more than one big combination" in result["first_violation"]


def test_serve_speaks_the_harness_protocol():
    impl = SubprocessImplementation([sys.executable, "-m", "gb16.tools.mutants.catalogue", "--serve", "flowers_toward_minimum"])
    metadata = impl.start()
    try:
        assert metadata["name"] == "gb16.tools.mutants.catalogue:flowers_toward_minimum"
        case = next(c for c in CASES if c["id"] == "flowers-minimum-seven-points-seven-flowers-below-minimum")
        outcome = impl.score(1, case["input"], 30)
        assert outcome.kind == "result"
        assert outcome.result == mutants.flowers_toward_minimum(case["input"])
        assert compare(case["expect"], outcome.result), "the served mutant fails the case"
        assert impl.score(2, "not an object", 30).result["error"]["code"] == "invalid_input"
    finally:
        impl.stop()


def test_command_line(capsys):
    assert mutants.main(["--list"]) == 0
    assert "practical_waits" in capsys.readouterr().out
    assert mutants.main(["--serve", "no_such_mutant"]) == 2
    assert mutants.main(["--kill-table", "--only", "no_such_mutant"]) == 2
    assert mutants.main(["--kill-table", "--properties", "nope", "--only", "first_reading"]) == 2
