"""Property 25 (rulings_in_force): the properties' own model of the options and deltas of
gb16.properties.in_force, judged on the rule set a scorer declares; the reference passes its ci
stream under each, and a generated mutant that acts only under an option is killed there
(gb16.tools.mutants.generated.rule_passes).  Property 13's win marks (docs/contract.md) too."""

from __future__ import annotations

import pytest

import gb16.reference as reference
from gb16.properties import replay
from gb16.properties.in_force import MODELLED, declaration, in_force
from gb16.properties.invariants import BY_NAME
from gb16.properties.invariants.p13_definition_consistency import win_mark_problems
from gb16.properties.runner import run_property
from gb16.properties.scorers import Scorer
from gb16.reference.rules import Rules
from gb16.tools.mutants import generated as G

PROPERTY = BY_NAME["rulings_in_force"]


def declaring(label: str | None) -> Scorer:
    """The reference under ``label``, declaring it."""
    d = declaration(label)
    rules = Rules.parse(d.get("rulings", {}), None, d.get("deltas", [])) if label else None
    return Scorer(f"reference {label}", lambda inp: reference.score(inp, rules), declared=d)


@pytest.mark.parametrize("label", [None, *MODELLED])
def test_the_reference_passes_the_ci_stream_under_every_rule_set_the_model_knows(label):
    stream = replay.stream(PROPERTY.name, "ci")
    scorer = declaring(label)
    assert replay.first_violation(PROPERTY, scorer, stream) is None
    assert all(PROPERTY.check(scorer, example) for example in stream[:40])   # judged, not passed over


def test_every_rule_set_the_model_knows_is_one_the_reference_has():
    from gb16.reference import rules as R
    from gb16.properties.in_force import PROJECT_READING
    assert PROJECT_READING == R.DEFAULT_OPTIONS     # every open ruling's decision, read from docs/rulings.md
    for label in MODELLED:
        rid, _, option = label.partition(":")
        assert (option in R.RULINGS[rid]["options"]) if option else label in R.DELTAS, label


def test_a_declaration_the_model_does_not_know_judges_nothing():
    assert in_force(Scorer("plain", reference.score)).label == "the project's reading"
    assert not in_force(Scorer("x", reference.score, declared={"rulings": {"R-009": "A"}})).known
    assert in_force(Scorer("x", reference.score, declared={"rulings": {"R-009": "B", "R-006": "A"}})).known
    assert not in_force(Scorer("x", reference.score, declared={"edition": "mcr2006"})).known
    assert in_force(Scorer("x", reference.score, declared={"rulings": {"R-002": "A"}})).known
    unknown = Scorer("x", reference.score, declared={"deltas": ["exhausted-tile-no-wait"]})
    assert run_property(PROPERTY, unknown, "ci", max_examples=5)["result"] == "not checkable"


def test_a_mutant_acting_only_under_an_option_is_killed_there_by_property_25():
    """fans.win_conditions `or` → `and` (last_of_kind): under R-006:C alone it infers 和绝张 from
    the winner's own melds as the project's reading does; the options pass of property 25 sees it."""
    s = next(c for c in G.module_sites("fans.win_conditions", ("core/ReplaceOrWithAnd",))[0]
             if c.function == "last_of_kind")
    G.recorded_streams([PROPERTY.name])     # on the reference, never under the mutant
    _, new, shown = G.mutated_code(s)
    with G.code_swapped(s, new):
        judged = G.judge_properties(G.generated_mutant(s, shown), [PROPERTY.name], s, shown)
    assert (judged["verdict"], judged["property"], judged["under"]) == ("killed", PROPERTY.name, "R-006:C")


def test_win_marks_follow_win_in():
    sets = [{"kind": "chow", "tiles": "123m", "win": False}, {"kind": "pung", "tiles": "555p", "win": True}]
    assert win_mark_problems({"win_in": "set 1", "sets": sets, "pair": {"tiles": "11z", "win": False}}) == []
    wrong = win_mark_problems({"win_in": "pair", "sets": sets, "pair": {"tiles": "11z", "win": False}})
    assert len(wrong) == 2 and "set 1 is marked win True" in wrong[0] and "pair is marked win False" in wrong[1]
    assert win_mark_problems({"win_in": "special", "sets": [], "pair": None, "knitted": None}) == []


def test_a_harness_start_answer_is_read_as_the_declaration():
    from gb16.properties.scorers import declared_rules
    assert declared_rules({"name": "x", "rulings": {"R-002": "C"}, "deltas": ["seven-pairs-distinct"]}) == \
        {"rulings": {"R-002": "C"}, "deltas": ["seven-pairs-distinct"]}
    assert declared_rules({"rulings": ["R-002"], "edition": 7, "deltas": "x"}) == {}
    assert declared_rules(None) == {}
