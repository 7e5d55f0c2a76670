"""Property 24 (not_counted_trace): the 不计 trace judged by the properties' own model, and the
generated mutants that change only that trace (gb16.tools.mutants.generated_triage)."""

from __future__ import annotations

from collections import Counter

from gb16.properties.invariants import BY_NAME
from gb16.properties.invariants.p24_not_counted_trace import gives_trace, trace_problems
from gb16.properties.runner import run_property
from gb16.properties.scorers import Scorer, as_scorer
from gb16.tools.mutants import generated as G
from gb16.tools.mutants import generated_tables

#: 一色三同顺 on 123m ×3 beside a fourth 123m: 一色四同顺 counts, 一色三同顺 is removed by §二.5,
#: 四归一 ×3 by 一色四同顺's 不计 list (xinbian 第七章 14)
HOLDS = {"quadruple_chow": [(0, 1, 2, 3)], "pure_triple_chow": [(0, 1, 2), (0, 1, 3), (0, 2, 3), (1, 2, 3)],
         "tile_hog": [(0,), (1,), (2,)], "full_flush": [()]}
COUNTED = Counter({"quadruple_chow": 1, "full_flush": 1})


def entry(fan, count, by, rule):
    return {"id": fan, "count": count, "by": {"id": by} if by else None, "rule": rule}


GOOD = [entry("pure_triple_chow", 4, "quadruple_chow", "seed000 §二.5"),
        entry("tile_hog", 3, "quadruple_chow", "xinbian 第七章 14")]


def test_a_trace_that_accounts_for_every_occurrence_passes_and_each_mistake_is_named():
    assert trace_problems(HOLDS, COUNTED, GOOD, "quadruple_chow", "gb16") == []
    wrong_remover = [GOOD[0], entry("tile_hog", 3, "full_flush", "xinbian 第七章 14")]
    assert "不计 list does not name it" in trace_problems(HOLDS, COUNTED, wrong_remover, "quadruple_chow", "gb16")[0]
    assert "neither counts nor is listed" in trace_problems(HOLDS, COUNTED, GOOD[:1], "quadruple_chow", "gb16")[0]
    short = [entry("pure_triple_chow", 3, "quadruple_chow", "seed000 §二.5"), GOOD[1]]
    assert "do not add up" in trace_problems(HOLDS, COUNTED, short, "quadruple_chow", "gb16")[0]
    counted_too = GOOD + [entry("quadruple_chow", 1, None, "seed000 §二.8")]
    assert "is also listed as removed" in trace_problems(HOLDS, COUNTED, counted_too, "quadruple_chow", "gb16")[0]
    zero = GOOD + [entry("full_flush", 0, None, "seed000 §二.8")]
    assert "at least 1" in trace_problems(HOLDS, COUNTED, zero, "quadruple_chow", "gb16")[0]


def test_a_scorer_without_the_trace_is_not_checkable_and_the_reference_passes():
    plain = Scorer("plain", as_scorer("reference"))
    assert not gives_trace(plain)
    assert run_property(BY_NAME["not_counted_trace"], plain, "ci", max_examples=5)["result"] == "not checkable"
    row = run_property(BY_NAME["not_counted_trace"], as_scorer("reference"), "ci", max_examples=30)
    assert row["result"] == "pass" and row["checked"] == 30


def test_a_mutant_that_only_changes_the_trace_passes_property_4_and_fails_property_24():
    s = next(c for c in G.module_sites("scoring", ("core/ReplaceComparisonOperator_Eq_NotEq",))[0]
             if c.function == "score_interpretation" and "f != big[0]" in (G.mutated_code(c)[2]))
    G.recorded_streams(["exclusion_consistency", "not_counted_trace"])   # on the reference, never under the mutant
    _, new, shown = G.mutated_code(s)
    with G.code_swapped(s, new):
        m = G.generated_mutant(s, shown)
        assert G.judge_properties(m, ["exclusion_consistency"])["verdict"] == "survived"
        judged = G.judge_properties(m, ["not_counted_trace"])
    assert judged["verdict"] == "killed" and judged["property"] == "not_counted_trace"


def test_a_rejudging_of_the_relocated_mutant_counts_beside_one_at_its_old_place():
    base = {"module": "scoring", "operator": "X", "function": "f", "mutated": "x", "outcome": "judged"}
    row = {**base, "id": "m:4", "corpus": {"verdict": "killed"}, "properties": {"verdict": "survived"}}
    old_place = {**base, "id": "m:4", "properties": {"verdict": "survived"}}
    relocated = {**base, "id": "m:5", "properties": {"verdict": "killed", "property": "not_counted_trace"}}
    after = generated_tables.join_after([row], [old_place, relocated])
    assert generated_tables.status(row, after) == "killed"
