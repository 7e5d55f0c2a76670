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


@pytest.mark.slow
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


@pytest.mark.slow
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
    from gb16.tools.commands.report import run_optional
    from gb16.tools.reports.compliance import row_passed
    outcome = run_optional(mutants.report_rows, {"corpus": str(_small_corpus(tmp_path)), "properties": None,
                                                 "jobs": 1}, "report_rows()")
    assert outcome.status in ("pass", "fail") and len(outcome.rows) == len(mutants.MUTANTS)
    assert all(row_passed(r) == r["killed_by_corpus"] for r in outcome.rows)


@pytest.mark.slow
def test_property_side_of_the_kill_table():
    """The runner is driven with the mutant's own reading API; one property suffices here."""
    result = mutants.property_kills(mutants.get("all_big_combinations"), "ci", only=["one_big_combination"])
    assert result["killed"] and result["failed"] == ["one_big_combination"]
    assert "more than one big combination" in result["first_violation"]


@pytest.mark.slow
def test_a_replayed_catalogue_kill_is_the_kill_of_a_ci_run():
    """The kill table's property side replays the recorded ci streams; for a catalogue mutant
    (its own reading API lent to the property) the ci run fails at the example where the
    replay first fails, and a property the replay passes passes the ci run too."""
    from gb16.properties import replay
    from gb16.properties.invariants import BY_NAME
    from gb16.properties.runner import run_property
    from gb16.tools.mutants.kill import mutant_scorer
    m = mutants.get("all_big_combinations")
    prop = BY_NAME["one_big_combination"]
    index, _ = replay.first_violation(prop, mutant_scorer(m), replay.stream(prop.name, "ci"))
    row = run_property(prop, mutant_scorer(m), "ci", shrink=False)
    assert row["result"] == "FAIL" and row["examples"] == index + 1
    calm = BY_NAME["flowers"]
    assert replay.first_violation(calm, mutant_scorer(m), replay.stream(calm.name, "ci")) is None
    assert run_property(calm, mutant_scorer(m), "ci")["result"] == "pass"


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


# --------------------------------------------------------------------------------------
# Data mutants (gb16.tools.mutants.data): every single entry of corpus/fans.json changed

from gb16.tools.mutants import data as data_mutants  # noqa: E402

DATA = data_mutants.DATA_MUTANTS
LIVE = [m for m in DATA.values() if not data_mutants.equivalence(m)]
EQUIVALENT = [m for m in DATA.values() if data_mutants.equivalence(m)]
#: the live mutants that act on gb16 hands: the gb16 properties must kill each
GB16_LIVE = [m for m in LIVE if m.acts_in("gb16")]


def test_data_mutants_cover_every_entry_and_flag():
    entries = sum(len(f.excludes) for f in table.FANS)
    kinds = {k: [m for m in DATA.values() if m.kind == k] for k in data_mutants.KINDS}
    assert len(kinds["drop"]) == len(kinds["scope"]) == entries
    assert len(kinds["repeatable"]) == len(table.FANS)
    assert len(kinds["variants"]) >= 70


@pytest.mark.slow
@pytest.mark.parametrize("name", [m.name for m in LIVE])
def test_data_mutant_is_killed_by_the_corpus(name):
    killer, broken = data_mutants.corpus_kill(DATA[name], CASES)
    assert not broken, f"{name} crashes on {broken[:3]}"
    assert killer, f"no corpus case kills the data mutant {name} ({DATA[name].description})"


@pytest.mark.slow
@pytest.mark.parametrize("name", [m.name for m in EQUIVALENT][::8])
def test_an_equivalent_data_mutant_is_never_killed(name):
    """A sample of the mutants argued equivalent: no corpus case tells them from the reference
    (the whole set: python -m gb16.tools.mutants.data)."""
    killer, _ = data_mutants.corpus_kill(DATA[name], CASES)
    assert killer is None, f"{name} was argued equivalent but {killer} kills it: the argument is wrong"


PLANTED_DATA = ["scope:big_three_winds>pung_of_terminals_or_honors=whole",   # 三风刻 removing every 幺九刻
                "variants:four_concealed_pungs>all_pungs=gb13"]               # 四暗刻 → 碰碰和 gb13-only


#: Former survivors, killed at ci since property 4 asks for the hands that show them
#: (gb16.properties.strategies.targets: quadruple_chow_terminal_pair, mixed_shifted_pungs_twice,
#: two_concealed_kongs, little_four_winds_terminal_pung) or property 16 draws gb13's 清幺九 (in
#: gb16 a 清幺九 hand always holds 三同刻, which excludes 双同刻 itself).
FORMER_SURVIVORS = ["drop:quadruple_chow>two_terminal_chows", "variants:quadruple_chow>two_terminal_chows=gb13",
                    "repeatable:mixed_shifted_pungs", "drop:two_concealed_kongs>two_concealed_pungs",
                    "scope:two_concealed_kongs>two_concealed_pungs=sets",
                    "variants:two_concealed_kongs>two_concealed_pungs=gb13",
                    "scope:little_four_winds>pung_of_terminals_or_honors=whole",
                    "drop:all_terminals>double_pung", "scope:all_terminals>double_pung=sets"]


@pytest.mark.slow
@pytest.mark.parametrize("name", PLANTED_DATA + FORMER_SURVIVORS + [m.name for m in GB16_LIVE][::9])
def test_data_mutant_is_killed_by_the_properties_at_ci(name):
    """The properties judge with their own transcription (gb16.properties.rulebook), so a mistake
    in fans.json fails them: each mutant replayed over the recorded ci streams
    (gb16.properties.replay).  A sample here; every one: python -m gb16.tools.mutants.data."""
    m = DATA[name]
    # a change no gb16 hand can tell goes to the gb13 property first (data_mutants.seen_in_gb16)
    hit = None if data_mutants.seen_in_gb16(m) else data_mutants.property_kill(
        m, "ci", only=["gb13_exclusion_consistency"])
    hit = hit or data_mutants.property_kill(m, "ci", only=list(data_mutants.JUDGING))
    assert hit is not None, f"no property kills {name} at ci"
    assert not hit[2].startswith("the scorer raised"), "a crash is not a kill"


#: the live mutants that act on gb13 hands only: property 16 (gb13 hands) must kill each
GB13_ONLY_LIVE = [m for m in LIVE if not m.acts_in("gb16")]


@pytest.mark.parametrize("name", [m.name for m in GB13_ONLY_LIVE])
def test_gb13_data_mutant_is_killed_by_the_gb13_property_at_ci(name):
    """A mistake in a 不计 entry that acts only in gb13 (九莲宝灯, 连七对, 十三幺, 七对, 全不靠,
    七星不靠, 双龙会, 四暗刻's gb13 entries) fails property 16's ci stream."""
    hit = data_mutants.property_kill(DATA[name], "ci", only=["gb13_exclusion_consistency"])
    assert hit is not None, f"property 16 does not kill {name} at ci"
    assert not hit[2].startswith("the scorer raised"), "a crash is not a kill"


@pytest.mark.slow
def test_a_replayed_kill_is_the_kill_of_a_ci_run():
    """gb16.properties.replay's premise: the ci run of a property on a mutant fails at the
    example where the replay of its recorded stream first fails."""
    from gb16.properties import replay
    from gb16.properties.invariants import BY_NAME
    from gb16.properties.runner import run_property
    m = DATA["drop:full_flush>no_honors"]
    prop = BY_NAME["exclusion_consistency"]
    index, _ = replay.first_violation(prop, m.scorer(), replay.stream(prop.name, "ci"))
    row = run_property(prop, m.scorer(), "ci", shrink=False)   # where it fails, not what it shrinks to
    assert row["result"] == "FAIL" and row["examples"] == index + 1


def test_the_gb16_equivalent_mutants_are_equivalent_on_gb16():
    """pairwise_exclusions and exclusions_bottom_up differ from the reference only through a
    fan that holds, is excluded, and excludes a third fan the first does not exclude.  Read
    off the independent transcription (gb16.properties.rulebook), gb16 has only the chains
    through 双暗杠 under 三杠/四杠, and 双暗杠 (exactly two kongs) never holds beside them;
    gb13 has chains that act — and the corpus kills both mutants on gb13 cases."""
    from gb16.properties import rulebook as rb
    from gb16.tools.mutants.real_world import GB16_EQUIVALENT

    def chains(variant):
        has = {f["id"] for f in rb.FANS if f["applies"][variant]}
        out = set()
        for a in has:
            for ea in rb.exclusions_of(a, variant):
                b = ea["fan"]
                if b in has:
                    out |= {(a, b, eb["fan"]) for eb in rb.exclusions_of(b, variant)
                            if not any(e["fan"] == eb["fan"] for e in rb.exclusions_of(a, variant))}
        return out

    assert chains("gb16") == {("four_kongs", "two_concealed_kongs", "two_concealed_pungs"),
                              ("three_kongs", "two_concealed_kongs", "two_concealed_pungs")}
    assert ("thirteen_orphans", "fully_concealed_hand", "self_drawn") in chains("gb13")
    for name in ("pairwise_exclusions", "exclusions_bottom_up"):
        assert name in GB16_EQUIVALENT
        killed, _ = mutants.corpus_outcomes(mutants.get(name), CASES, stop_after=1)
        assert killed
        # … and property 16 (gb13 hands) kills both at ci: 七对/连七对 自摸 loses its 自摸
        assert mutants.property_kills(mutants.get(name), "ci", only=["gb13_exclusion_consistency"])["killed"]


@pytest.mark.slow
def test_the_kill_table_on_two_processes_finds_every_mutant():
    """`gb16 report` runs the kill table with jobs > 1 in spawned workers, which start with
    no mutant registered; the rows must be those of the one-process table."""
    from gb16.tools.mutants.kill import kill_table
    only = ["seven_pairs_in_gb16", "flowers_toward_minimum"]
    spread = kill_table(only=only, jobs=2)
    alone = kill_table(only=only, jobs=1)
    assert [r["mutant"] for r in spread] == only
    assert [(r["mutant"], r["corpus_kills"]) for r in spread] == [(r["mutant"], r["corpus_kills"]) for r in alone]


def test_kill_tables_markdown_counts_and_lists_what_a_check_misses():
    """gb16.tools.mutants.tables: the summary counts per family, a live mutant a profile
    misses is listed with SURVIVES, an argued-equivalent one with its argument."""
    from gb16.tools.mutants import tables
    rows = [
        {"mutant": "a", "family": "catalogue", "clause": "c", "what": "w", "corpus": "case-1", "corpus_kills": 3,
         "broken_on": 0, "equivalent": None, "equivalent_on": "gb16",
         "ci": {"killed": True, "by": ["waits"], "errors": []}, "thorough": {"killed": True, "by": ["waits"], "errors": []}},
        {"mutant": "b", "family": "data:drop", "clause": "c", "what": "lost entry", "corpus": "case-2", "corpus_kills": 1,
         "broken_on": 0, "equivalent": None, "equivalent_on": "every variant",
         "ci": {"killed": False, "by": [], "errors": []}, "thorough": {"killed": True, "by": ["flowers"], "errors": []}},
        {"mutant": "c", "family": "data:drop", "clause": "c", "what": "w", "corpus": None, "corpus_kills": 0,
         "broken_on": 0, "equivalent": "never both hold", "equivalent_on": "every variant",
         "ci": {"killed": False, "by": [], "errors": []}, "thorough": None},
    ]
    s = {r["family"]: r for r in tables.summary(rows, ("ci", "thorough"))}
    assert (s["all"]["mutants"], s["all"]["equivalent"], s["all"]["corpus"]) == (3, 1, 2)
    assert (s["data:drop"]["ci"], s["data:drop"]["ci_replayed"]) == (0, 2)
    assert (s["data:drop"]["thorough"], s["data:drop"]["thorough_replayed"]) == (1, 1)
    text = tables.markdown(rows, ("ci", "thorough"), 1.0)
    missed = text.split("## Live mutants a check misses")[1].split("##")[0]
    assert "| b " in missed and "SURVIVES" in missed and "| a " not in missed
    assert "never both hold" in text.split("## Mutants argued equivalent")[1]


def test_the_kill_table_judges_without_explaining_and_that_changes_no_status():
    """The kill table reads only each case's status, so it judges with ``explain_failures=False``
    (no candidate rule change tried for a failing case); the run log line is the one
    ``gb16 certify`` writes, but for ``explained_by``."""
    from gb16.tools.harness.certify import run_case
    from gb16.tools.harness.implementations import PythonImplementation
    m = mutants.get("drop_fifth_set")
    impl = PythonImplementation(m.scorer, m.scorer.gb16_metadata, f"python:gb16.tools.mutants.catalogue:{m.name}")
    metadata = impl.start()
    failing = 0
    for case in CASES[:60]:
        full, _ = run_case(impl, case, metadata, {}, 60.0, 1)
        short, _ = run_case(impl, case, metadata, {}, 60.0, 1, explain_failures=False)
        assert "explained_by" not in short
        assert {k: v for k, v in full.items() if k not in ("explained_by", "time")} == \
            {k: v for k, v in short.items() if k != "time"}
        failing += full["status"] == "fail" and "explained_by" in full
        if failing == 2:
            break
    assert failing == 2, "drop_fifth_set fails fewer than two of the first 60 cases: choose another sample"


@pytest.mark.slow
def test_streams_recorded_for_the_kill_table_are_the_streams_of_a_run(monkeypatch):
    """The kill table records each property's stream once, on its worker processes, and keeps
    it in the parent (kill.record_streams, replay.keep) for the workers it forks next: the
    examples are those the property draws in this process."""
    from gb16.properties import replay
    from gb16.tools.mutants.kill import record_streams
    chosen = ("no_mixing", "flowers")
    expected = {name: replay.stream(name, "ci") for name in chosen}   # kept by test_properties.py, else recorded
    monkeypatch.setattr(replay, "_STREAMS", {})
    record_streams("ci", 2, only=chosen)
    assert {name: replay.stream(name, "ci") for name in chosen} == expected
    assert not replay.remembered("suit_permutation", "ci")
