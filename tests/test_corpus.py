"""The corpus is valid and the reference passes all of it (`gb16 corpus check`), and the
corpus meets its coverage targets (`gb16 corpus coverage --strict`)."""

import json
import subprocess
import sys
from dataclasses import replace

import pytest

from gb16.tools.runs.corpus_checks import GB13_PRINCIPLES, TARGETS, coverage, lint, reference_failures, rulings_index
from gb16.tools.harness.corpus import case_variant, load_corpus


@pytest.fixture(scope="module")
def corpus():
    return load_corpus()


def test_lint_finds_nothing(corpus):
    assert lint(corpus, rulings_index()) == []


def test_reference_passes_every_case(corpus):
    assert reference_failures(corpus) == []


def test_every_admissible_fan_list_is_accepted(corpus):
    """R-011: where readings or link sets tie, a case accepts every list the texts allow, no
    more and no fewer — a scorer that breaks a tie its own way passes, one that lists a fan
    list the reference does not admit fails.  The corpus lists are worked by hand; this
    holds them and the reference's admissible answers (every reading × big combination ×
    largest chow-link set) to each other, so a tie the hand-worked case missed is found."""
    from gb16.tools.differential.verdict import admissible_fan_lists
    differ = []
    for case in corpus.cases:
        expect = case.get("expect") or {}
        if "error" in expect or not isinstance(case.get("input"), dict):
            continue
        accepted = [expect["fans"]] if "fans" in expect else expect["fans_one_of"]
        admissible = admissible_fan_lists(case["input"])
        if sorted(map(sorted, (x.items() for x in accepted))) != sorted(map(sorted, (x.items() for x in admissible))):
            differ.append((case["id"], accepted, admissible))
    assert not differ, differ


def test_gb16_coverage_targets(corpus):
    cov = coverage(corpus, "gb16")
    below = [r["id"] for r in cov["fans"] if not r["meets"]]
    assert below == [], f"fans below {TARGETS['positive_per_fan']}/{TARGETS['negative_per_fan']} cases: {below}"
    assert [r["anchor"] for r in cov["clauses"] if r["meets"] is False] == []
    assert cov["summary"]["invalid_cases"] >= TARGETS["invalid_cases"]
    assert cov["summary"]["cases"] >= TARGETS["gb16_cases"]
    assert cov["summary"]["targets_met"]


def test_gb13_cases_exist_for_every_fan(corpus):
    cov = coverage(corpus, "gb13")
    assert cov["summary"]["cases"] >= 150
    assert [r["id"] for r in cov["fans"] if r["positive"] == 0] == []
    # the gb13-only fans meet the gb16 fan target; each 第六章 principle has ≥ 3 cases
    assert [r["id"] for r in cov["fans"] if r["meets"] is False] == []
    assert sum(1 for r in cov["fans"] if r["meets"] is not None) == 8
    assert [r["anchor"] for r in cov["clauses"] if r["meets"] is not None] == GB13_PRINCIPLES
    assert all(r["meets"] for r in cov["clauses"] if r["meets"] is not None)
    assert cov["summary"]["targets_met"]


def test_gb13_targets_can_fail(corpus):
    """Without the cases citing principle 1 (or with one 七对 case too few) the targets are not met."""
    import dataclasses
    no_p1 = dataclasses.replace(corpus, cases=[c for c in corpus.cases
                                               if not any(a.startswith("xinbian 第六章 1") for a in c["cites"])])
    cov = coverage(no_p1, "gb13")
    assert [r["anchor"] for r in cov["clauses"] if r["meets"] is False] == ["xinbian 第六章 1"]
    assert not cov["summary"]["targets_met"]
    cases, kept = [], 0
    for c in corpus.cases:           # 七对 left as a positive in one case only
        if "seven_pairs" in c["expect"].get("fans", {}):
            kept += 1
            if kept > 1:
                fans = {k: v for k, v in c["expect"]["fans"].items() if k != "seven_pairs"}
                c = dict(c, expect=dict(c["expect"], fans=fans))
        elif any("seven_pairs" in option for option in c["expect"].get("fans_one_of", [])):
            options = [{k: v for k, v in o.items() if k != "seven_pairs"} for o in c["expect"]["fans_one_of"]]
            c = dict(c, expect=dict(c["expect"], fans_one_of=options))
        cases.append(c)
    fewer = dataclasses.replace(corpus, cases=cases)
    assert [r["id"] for r in coverage(fewer, "gb13")["fans"] if r["meets"] is False] == ["seven_pairs"]


#: No fan pinned by one case: in each variant every fan counts in at least three cases and has
#: at least one near miss (a negative case one step from its definition, `near_miss`).
FAN_FLOOR = {"positive": 3, "near_misses": 1}


def fans_below_floor(cov) -> list[tuple[str, int, int]]:
    return [(r["id"], r["positive"], r["near_misses"]) for r in cov["fans"]
            if r["positive"] < FAN_FLOOR["positive"] or r["near_misses"] < FAN_FLOOR["near_misses"]]


@pytest.mark.parametrize("variant", ["gb16", "gb13"])
def test_no_fan_rests_on_one_case(corpus, variant):
    assert fans_below_floor(coverage(corpus, variant)) == []


def test_fan_floor_can_fail(corpus):
    """Planted gaps: 全双刻 left as a positive in two gb13 cases only, and the one 十三幺 near
    miss taken out — the floor names exactly those two fans."""
    kept, cases = 0, []
    for c in corpus.cases:
        if case_variant(c) == "gb13" and "all_even_pungs" in c["expect"].get("fans", {}):
            kept += 1
            if kept > 2:     # 全双刻 left as a positive in two cases only
                fans = {k: v for k, v in c["expect"]["fans"].items() if k != "all_even_pungs"}
                c = dict(c, expect=dict(c["expect"], fans=fans))
        if c.get("near_miss", {}).get("fan") == "thirteen_orphans" and case_variant(c) == "gb13":
            continue
        cases.append(c)
    thin = fans_below_floor(coverage(replace(corpus, cases=cases), "gb13"))
    assert [(fan, pos >= 3, near >= 1) for fan, pos, near in thin] == [
        ("thirteen_orphans", True, False), ("all_even_pungs", False, True)]


def test_seed_examples_come_first(corpus):
    first = corpus.cases[0]
    assert first["id"].startswith("seed-examples-1")


def test_check_command_exit_status():
    p = subprocess.run([sys.executable, "-m", "gb16.tools.commands.cli", "corpus", "check", "--json"],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stdout[-2000:]
    assert json.loads(p.stdout)["problems"] == []


def test_flatten_separates_inputs_from_expectations(tmp_path):
    p = subprocess.run([sys.executable, "-m", "gb16.tools.commands.cli", "corpus", "flatten", "--out", str(tmp_path)],
                       capture_output=True, text=True, timeout=600)
    assert p.returncode == 0
    inputs = [json.loads(line) for line in (tmp_path / "corpus.jsonl").read_text().splitlines()]
    expectations = [json.loads(line) for line in (tmp_path / "expectations.jsonl").read_text().splitlines()]
    assert [i["id"] for i in inputs] == [e["id"] for e in expectations]
    assert all(set(i) == {"id", "input"} for i in inputs)


# -- expectations under edition deltas (alternatives naming a delta) -------------------------

def test_every_delta_is_pinned_and_an_unpinned_one_is_found(corpus):
    from gb16.reference import rules as R
    from gb16.tools.runs.corpus_checks import delta_problems
    assert delta_problems(corpus) == []
    pinned = [c for c in corpus.cases if any(a.get("delta") == "kongs-add-concealed-kong" for a in c.get("alternatives", []))]
    assert pinned
    stripped = replace(corpus, cases=[c for c in corpus.cases if c not in pinned])
    assert [d for d, _ in delta_problems(stripped)] == ["kongs-add-concealed-kong"]
    assert set(R.EDITIONS["mcr2006"]["deltas"]) >= {"kongs-add-concealed-kong"}


def test_a_delta_alternative_is_checked_against_the_reference_under_the_delta(corpus):
    """Planted bugs: the delta's switch ignored (the reference under it scores as without it),
    and 老少副 kept to once in the admissible listings (its fans_one_of no longer admitted)."""
    from unittest import mock
    from gb16.reference import rules as R
    case = next(c for c in corpus.cases if c["id"] == "kongs-concealed-pungs-three-kongs-two-concealed-pungs")
    one = replace(corpus, cases=[case])
    assert reference_failures(one) == []
    real_has = R.Rules.has
    with mock.patch.object(R.Rules, "has", lambda self, d: False if d == "kongs-add-concealed-kong" else real_has(self, d)):
        failures = reference_failures(one)
    assert [cid for cid, _ in failures] == [case["id"] + " [kongs-add-concealed-kong]"]
    chows = next(c for c in corpus.cases if c["id"] == "gb13-fans-pure-terminal-chows-absent-pair-other-suit")
    broken = json.loads(json.dumps(R.DELTAS["two-terminal-chows-repeatable"]))
    broken.pop("data")
    with mock.patch.dict(R.DELTAS, {"two-terminal-chows-repeatable": broken}):
        failures = reference_failures(replace(corpus, cases=[chows]))
    assert failures and all("does not admit" in m for _, m in failures)


def test_flatten_into_a_file_is_an_error_message(tmp_path):
    taken = tmp_path / "a-file"
    taken.write_text("not a folder")
    p = subprocess.run([sys.executable, "-m", "gb16.tools.commands.cli", "corpus", "flatten", "--out", str(taken)],
                       capture_output=True, text=True, timeout=120)
    assert p.returncode == 2 and "error out_unusable" in p.stderr and "Traceback" not in p.stderr
    assert taken.read_text() == "not a folder"
