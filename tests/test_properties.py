"""The property suite (gb16.properties): every property holds for the reference (that every
property can fail, on planted bugs: tests/test_planted.py), the command, the scorers it drives,
the exhaustive checks in shards.  Shrinking is tested here, through the command
(test_command_reports_a_failing_python_impl)."""

from __future__ import annotations

import json

import pytest

import gb16.reference as reference
from gb16.properties import replay
from gb16.properties.invariants import BY_NAME, PROPERTIES
from gb16.properties.runner import format_table, run_all
from gb16.properties.scorers import Scorer, reference_scorer


@pytest.fixture(scope="module")
def ref() -> Scorer:
    return reference_scorer()


# --------------------------------------------------------------------------------------
# The reference passes every property (ci profile)


@pytest.fixture(scope="module")
def ci_rows(ref):
    """The ci run of every property on the reference.  Its examples are kept as the recorded
    streams (gb16.properties.replay.Keeper), which tests/test_reach.py and tests/test_mutants.py
    replay: run after this file in the same process (tests/conftest.py), they need not record them."""
    keeper = replay.Keeper("ci", ref)
    rows = run_all("ci", ref, observe=keeper.observe)
    keeper.keep(rows)
    return rows


@pytest.mark.slow
def test_every_property_is_run(ci_rows):
    assert [r["number"] for r in ci_rows] == list(range(1, len(PROPERTIES) + 1)) and len(PROPERTIES) >= 25


@pytest.mark.slow
@pytest.mark.parametrize("number", range(1, len(PROPERTIES) + 1))
def test_reference_passes(ci_rows, number):
    row = ci_rows[number - 1]
    assert row["result"] == "pass", json.dumps(row, ensure_ascii=False, indent=1)
    # never vacuous: every example was checked in full against the reference
    assert row["examples"] >= 10 and row["checked"] == row["examples"]


@pytest.mark.slow
def test_the_streams_kept_from_the_ci_run_are_those_record_draws(ci_rows):
    """Keeper's premise: the ci run of a property on the reference draws the examples that
    replay.record draws (the same run_property call); a cheap property is recorded afresh."""
    assert replay.remembered("waits", "ci")  # kept from the run, not recorded on demand
    assert replay.stream("waits", "ci") == tuple(replay.record(BY_NAME["waits"], "ci"))
    assert len(replay.stream("waits", "ci")) == ci_rows[BY_NAME["waits"].number - 1]["examples"]
    with pytest.raises(ValueError):
        replay.Keeper("ci", Scorer("not the reference", reference.score))


@pytest.mark.slow
def test_table_lists_every_property(ci_rows):
    text = format_table(ci_rows)
    for p in PROPERTIES:
        assert p.name in text


# --------------------------------------------------------------------------------------
# The command


BUGGY_MODULE = '''
import gb16.reference as reference

def score(case_input):
    """The reference, except that flowers count toward the 8-point minimum."""
    result = reference.score(case_input)
    if isinstance(result, dict) and result.get("ok"):
        result["meets_minimum"] = result["total"] >= 8
    return result
'''


@pytest.mark.slow
def test_command_reports_a_failing_python_impl(tmp_path, capsys):
    from gb16.tools.commands.cli import main
    module = tmp_path / "flowers_bug.py"
    module.write_text(BUGGY_MODULE, encoding="utf-8")
    status = main(["properties", "--impl", f"python:{module}:score", "--profile", "ci",
                   "--only", "flowers", "determinism", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert status == 1
    assert [(r["name"], r["result"]) for r in rows] == [("flowers", "FAIL"), ("determinism", "pass")]
    assert "meets_minimum" in rows[0]["counterexample"]["violation"]
    example = rows[0]["counterexample"]["example"]
    assert example["case"]["flowers"] + example["other_flowers"] > 0  # a flower made the difference


@pytest.mark.slow
def test_command_table_for_the_reference(capsys):
    from gb16.tools.commands.cli import main
    status = main(["properties", "--profile", "ci", "--only", "waits"])
    out = capsys.readouterr().out
    assert status == 0
    assert "10 waits" in out and "pass" in out and "1 of 1 passed" in out


@pytest.mark.slow
def test_command_with_an_unavailable_impl(capsys):
    from gb16.tools.commands.cli import main
    status = main(["properties", "--impl", "/nonexistent/scorer --serve", "--profile", "ci"])
    assert status == 2
    assert "cannot start" in capsys.readouterr().err


@pytest.mark.slow
def test_command_impl_through_the_harness(capsys):
    """A program speaking the harness protocol (the example adapter around the reference)."""
    import sys
    from pathlib import Path
    adapter = Path(__file__).resolve().parents[1] / "tools" / "examples" / "python_impl.py"
    from gb16.tools.commands.cli import main
    status = main(["properties", "--impl", f"{sys.executable} {adapter}", "--profile", "ci",
                   "--only", "robustness", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert status == 0 and rows[0]["result"] == "pass" and rows[0]["examples"] >= 10


# --------------------------------------------------------------------------------------
# The reading API of a python:MODULE:FUNCTION scorer


def test_python_scorer_takes_the_reading_api_from_the_function(tmp_path):
    from gb16.properties.scorers import python_scorer
    module = tmp_path / "with_api.py"
    module.write_text(
        "import gb16.reference as reference\n"
        "def score(x):\n    return reference.score(x)\n"
        "score.explain = reference.explain\n"
        "score.score_interpretation = None\n"          # the function says: no such API
        "def score_interpretation(x, i):\n    raise AssertionError('the module function must not be used')\n"
        "def plain(x):\n    return reference.score(x)\n", encoding="utf-8")
    own = python_scorer(f"python:{module}:score")
    assert own.explain is reference.explain and own.score_interpretation is None
    fallback = python_scorer(f"python:{module}:plain")  # no attributes: the module's functions
    assert fallback.explain is None and fallback.score_interpretation is not None


def test_python_scorer_of_a_mutant_has_its_reading_api():
    from gb16.properties.scorers import python_scorer
    from gb16.tools.mutants import catalogue as mutants
    s = python_scorer("python:gb16.tools.mutants.catalogue:first_big_combination")
    assert s.explain is mutants.first_big_combination.explain and s.score_interpretation is not None


def test_exhaustive_rows_on_a_prefix(ref):
    """The exhaustive one-suit checks (thorough profile) run every property they list,
    13 and 14 included, and the reference passes them on the first pairs."""
    from gb16.properties.exhaustive import CHEAP, SAMPLED, run_exhaustive
    rows = run_exhaustive(ref, limit=200)
    assert [r["name"] for r in rows] == [f"exhaustive:{n}" for n in CHEAP + SAMPLED]
    assert {"exhaustive:definition_consistency", "exhaustive:best_big_combination"} <= {r["name"] for r in rows}
    for r in rows:
        assert r["result"] == "pass" and r["examples"] > 0, r


def _comparable(rows):
    return [{k: v for k, v in r.items() if k != "seconds"} for r in rows]


@pytest.mark.parametrize("shards", [2, 3])
def test_exhaustive_shards_merge_into_the_whole_run(ref, shards):
    """The exhaustive checks spread over shards (as gb16 report runs them) give the rows of
    one whole run: on the reference (every row a pass) and on a scorer whose bug shows
    first in some pair (the merged failure is the first in the enumeration, with the
    examples a whole run checks up to it)."""
    from gb16.properties.exhaustive import merge_shards, run_exhaustive

    def no_pure_double_chow(inp):   # drops 一般高 (first held at pair 10: the second block)
        result = ref(inp)
        if result.get("ok"):
            fans = [f for f in result["fans"] if f["id"] != "pure_double_chow"]
            dropped = sum(f["points"] * f["count"] for f in result["fans"]) - sum(
                f["points"] * f["count"] for f in fans)
            result = dict(result, fans=fans, fan_points=result["fan_points"] - dropped,
                          total=result["total"] - dropped)
        return result

    for scorer in (ref, no_pure_double_chow):
        whole = run_exhaustive(scorer, limit=120)
        parts = [run_exhaustive(scorer, limit=120, shard=i, shards=shards) for i in range(shards)]
        assert _comparable(merge_shards(parts)) == _comparable(whole)
    failed = [r for r in whole if r["result"] == "FAIL"]
    assert failed and all(r["counterexample"]["pair"] >= 0 for r in failed)
    assert any((r["counterexample"]["pair"] // 10) % shards for r in failed), "a first failure lies in a later shard"
