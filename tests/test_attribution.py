"""Certification judges an implementation under what it declares, and attributes every
failure to an open-ruling option or edition delta, or to "no option explains it"
(tools/harness/attribution_search.py, stored in the run log as tools/harness/attribution.py
says), on planted edition-following scorers
(tools/examples/edition_impls.py) and the wrong sample (tools/examples/wrong_impl.py)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from gb16 import reference
from gb16.reference.rules import Rules
from gb16.tools.harness import attribution_search, declaration, judging
from gb16.tools.harness.attribution import Attribution
from gb16.tools.harness.evidence import ReferenceAnswers, expectation_of
from gb16.tools.harness.certify import CertifyOptions, run_certification
from gb16.tools.harness.rule_change import RuleChange
from gb16.tools.reports.summary import summarize

ROOT = Path(__file__).resolve().parents[1]
EXAMPLES = ROOT / "tools" / "examples"
#: cases with kongs, 组合龙, 七对, 九莲宝灯 and 十三幺, a few hundred: where the planted editions differ
FILTERS = ["*kong*", "*knitted*", "*seven-pairs*", "*nine-gates*", "*thirteen-orphans*", "*voided*", "seed-examples-*"]


def certify(tmp_path, impl: str, name: str, filters=FILTERS):
    return run_certification(CertifyOptions(impl=impl, out=str(tmp_path / f"{name}.jsonl"), filters=list(filters),
                                            progress=False))


def failures_all_accounted(log, found) -> None:
    """Every failure is attributed to a named option/delta or is a bug; nothing else."""
    failed = {c["id"] for c in log.cases if c["status"] == "fail"}
    assert failed == set(found.attributed) | set(found.bugs)
    assert not set(found.attributed) & set(found.bugs)


def test_kongs_scorer_is_attributed_to_two_deltas(tmp_path):
    log = certify(tmp_path, f"python:{EXAMPLES / 'edition_impls.py'}:kongs_scorer", "kongs")
    found = log.attribution
    assert sum(c["status"] == "fail" for c in log.cases) > 5
    failures_all_accounted(log, found)
    assert sorted(found.chosen) == ["no-concealed-and-melded-kong", "two-concealed-kongs-8"]
    assert found.bugs == []
    text = summarize(log).verdict.text
    support = {label: found.evidence[label].support for label in found.chosen}
    assert sum(support.values()) == len(found.attributed)
    first, second = found.chosen
    assert (f"agrees under deltas {first}: explains {support[first]}, {second}: explains {support[second]} "
            "(contradicted by none), which it does not declare") in text
    assert text.endswith('declare {"deltas": ["no-concealed-and-melded-kong", "two-concealed-kongs-8"]}')
    line = next(c for c in log.cases if c["status"] == "fail")
    assert log.attribution.case_line(line["id"]).startswith("attributed: ")


def test_software_scorer_edition_differences_and_its_bug(tmp_path):
    log = certify(tmp_path, f"python:{EXAMPLES / 'edition_impls.py'}:software_scorer", "software")
    found = log.attribution
    failures_all_accounted(log, found)
    assert set(found.chosen) == {"no-all-chows-with-knitted", "seven-pairs-distinct"}
    # the bugs are exactly the failures where the planted bug (缺一门 = 2) shows
    by_id = {c["id"]: c for c in log.cases}
    for cid in found.bugs:
        assert any(f["id"] == "one_voided_suit" for f in by_id[cid]["actual"]["fans"]), cid
    assert found.bugs
    support = {label: found.evidence[label].support for label in found.chosen}
    # two of the five deltas of edition software: the deltas are named, never the edition
    assert (f"conforms to deltas no-all-chows-with-knitted: explains {support['no-all-chows-with-knitted']}, "
            f"seven-pairs-distinct: explains {support['seven-pairs-distinct']} (contradicted by none; 2 of the 5 "
            f"deltas of edition software) except "
            f"{len(found.bugs)} bugs") in summarize(log).verdict.text


def test_declared_edition_is_judged_under_it(tmp_path):
    log = certify(tmp_path, f"python:{EXAMPLES / 'edition_impls.py'}:mcr2006_scorer", "mcr2006")
    assert sum(c["status"] == "fail" for c in log.cases) == 0
    assert any("mcr2006" in c["expectation"] for c in log.cases)
    assert summarize(log).verdict.text.startswith("conforms to edition mcr2006 with kongs-add-concealed-kong-each: all ")


def test_undeclared_edition_is_attributed_to_it(tmp_path, monkeypatch):
    import importlib.util
    spec = importlib.util.spec_from_file_location("edition_impls", EXAMPLES / "edition_impls.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.mcr2006_scorer.gb16_metadata = dict(module.mcr2006_scorer.gb16_metadata)
    module.mcr2006_scorer.gb16_metadata.pop("edition")
    fake = tmp_path / "undeclared.py"
    fake.write_text("import importlib.util, sys\n"
                    f"spec = importlib.util.spec_from_file_location('ei', {str(EXAMPLES / 'edition_impls.py')!r})\n"
                    "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
                    "def score(i):\n    return m.mcr2006_scorer(i)\n"
                    "GB16_METADATA = {'name': 'undeclared', 'version': '0', 'language': 'python',"
                    " 'variants': ['gb16', 'gb13'], 'rulings': {}}\n")
    log = certify(tmp_path, f"python:{fake}:score", "undeclared")
    found = log.attribution
    failures_all_accounted(log, found)
    assert found.bugs == [] and found.chosen == ["edition:mcr2006", "kongs-add-concealed-kong-each"]
    text = summarize(log).verdict.text
    assert "agrees under delta kongs-add-concealed-kong-each: explains " in text and \
        " + edition mcr2006 (every delta): explains " in text


def test_the_other_reading_of_an_edition_statement_is_attributed_to_its_delta(tmp_path):
    """The mcr2006 sample counts 暗杠 for each concealed kong beside 四杠/三杠; declaring the
    edition alone (whose 可计暗杠 is one kong fan), every failure is a hand of three or more
    kongs with a concealed one, attributed to kongs-add-concealed-kong-each, and none is a bug
    (before that delta existed, all of them were bugs)."""
    fake = tmp_path / "edition_only.py"
    fake.write_text("import importlib.util\n"
                    f"spec = importlib.util.spec_from_file_location('ei', {str(EXAMPLES / 'edition_impls.py')!r})\n"
                    "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
                    "def score(i):\n    return m.mcr2006_scorer(i)\n"
                    "GB16_METADATA = {'name': 'edition-only', 'version': '0', 'language': 'python',"
                    " 'variants': ['gb16', 'gb13'], 'rulings': {}, 'edition': 'mcr2006'}\n")
    log = certify(tmp_path, f"python:{fake}:score", "edition-only", filters=["*kong*"])
    found = log.attribution
    failed = [c for c in log.cases if c["status"] == "fail"]
    assert len(failed) >= 5
    for c in failed:
        kongs = re.findall(r"[\[{](\d)\1\1\1[mps]|[\[{](\d)\2\2\2z", c["input"]["hand"].replace(" ", ""))
        assert len(kongs) >= 3 and "{" in c["input"]["hand"], c["id"]
    failures_all_accounted(log, found)
    assert found.chosen == ["kongs-add-concealed-kong-each"] and found.bugs == []
    assert summarize(log).verdict.text.endswith(
        'declare {"deltas": ["kongs-add-concealed-kong-each"], "edition": "mcr2006"}')


def _reference_under(tmp_path, name: str, declaration: dict, rules: Rules) -> str:
    fake = tmp_path / f"{name}.py"
    fake.write_text("from gb16 import reference\nfrom gb16.reference.rules import Rules\n"
                    f"RULES = Rules.parse({dict(rules.options)!r}, None, {sorted(rules.deltas)!r})\n"
                    "def score(i):\n    return reference.score(i, rules=RULES)\n"
                    f"GB16_METADATA = dict({{'name': {name!r}, 'version': '0', 'language': 'python',"
                    f" 'variants': ['gb16', 'gb13']}}, **{declaration!r})\n")
    return f"python:{fake}:score"


def test_declared_open_option_conforms_to_seed000_with_it(tmp_path):
    impl = _reference_under(tmp_path, "r009a", {"rulings": {"R-009": "A"}}, Rules.parse(["R-009=A"]))
    log = certify(tmp_path, impl, "r009a", filters=["honours-*"])
    assert summarize(log).verdict.text.startswith("conforms to seed000 with R-009:A: all ")
    undeclared = _reference_under(tmp_path, "r009a_undeclared", {"rulings": {}}, Rules.parse(["R-009=A"]))
    log = certify(tmp_path, undeclared, "r009u", filters=["honours-*"])
    found = log.attribution
    assert found.chosen == ["R-009:A"] and found.bugs == []


def test_withdrawn_option_is_never_seed000(tmp_path):
    """An implementation declaring R-001:C (套算一次) is judged under that delta, and the
    verdict does not say it conforms to seed000."""
    impl = _reference_under(tmp_path, "once", {"rulings": {"R-001": "C"}}, Rules.parse(deltas=["chow-pairs-once"]))
    log = certify(tmp_path, impl, "once", filters=["chow-pairs-*", "big-combination-*"])
    text = summarize(log).verdict.text
    assert text.startswith("conforms to deltas chow-pairs-once (not seed000): all "), text
    assert "seed000:" not in text


def test_wrong_sample_failures_are_bugs(tmp_path):
    log = certify(tmp_path, f"python:{EXAMPLES / 'wrong_impl.py'}:score", "wrong",
                  filters=["*flowers*", "*dragon*", "seed-examples-*"])
    found = log.attribution
    failures_all_accounted(log, found)
    assert found.bugs and not found.chosen
    assert "no option or edition delta explains them" in summarize(log).verdict.text


def test_a_coincidence_of_totals_is_not_an_attribution():
    """缺一门 worth 2 beside 明暗杠 looks like 明暗杠 6 by the totals; the fan points tell them apart."""
    hand = {"variant": "gb13", "hand": "{2222m}[8888p]345m678m55p", "win_tile": "5p", "win_by": "discard"}
    base = reference.score(hand)
    assert any(f["id"] == "one_voided_suit" for f in base["fans"])
    bugged = dict(base, fans=[dict(f, points=2) if f["id"] == "one_voided_suit" else f for f in base["fans"]],
                  fan_points=base["fan_points"] + 1, total=base["total"] + 1)
    case = {"id": "x", "status": "fail", "input": hand, "actual": bugged,
            "expected": {"fans": {f["id"]: f["count"] for f in base["fans"]}, "total": base["total"],
                         "fan_points": base["fan_points"], "meets_minimum": base["meets_minimum"]}}
    found = attribution_search.attribute([case], {"rulings": {}})
    assert found.bugs == ["x"] and found.explained_by["x"] == []


@pytest.mark.parametrize("metadata,label", [({}, "seed000"), ({"rulings": {"R-009": "A"}}, "seed000 with R-009:A"),
                                            ({"edition": "mcr1998"}, "edition mcr1998"),
                                            ({"rulings": {"R-013": "B"}}, "deltas exclusions-pairwise (not seed000)")])
def test_targets(metadata, label):
    assert Attribution.target(declaration.declared_rules(metadata)) == label


# --------------------------------------------------------------------------- the differential

def _differential(tmp_path, scorer: str, hands: int = 400):
    from gb16.tools.differential import engine
    options = engine.Options(impl=f"python:{EXAMPLES / 'edition_impls.py'}:{scorer}", hands=hands, seed=5,
                             variant="gb16", jobs=1, out=str(tmp_path / f"{scorer}.jsonl"), shrink_budget=40)
    return engine.run(options), options


@pytest.mark.slow
def test_differential_disagreements_are_attributed_like_corpus_failures(tmp_path):
    """A random-hand disagreement is attributed to the open-ruling options and edition deltas
    under which the reference agrees with the implementation, or called a bug, as in corpus runs."""
    from gb16.tools.harness import runlog
    summary, options = _differential(tmp_path, "kongs_scorer")
    assert summary["disagree"] > 5
    assert sorted(summary["attribution"]["chosen"]) == ["no-concealed-and-melded-kong", "two-concealed-kongs-8"]
    assert summary["attribution"]["bugs"] == 0
    for row in summary["classes"]:                # every class explained by a named delta
        assert set(row["attributed"]) <= {"no-concealed-and-melded-kong", "two-concealed-kongs-8"}, row
    assert "agrees under deltas" in summary["attribution"]["verdict"]
    log = runlog.read(options.out)
    failing = [c for c in log.cases if c["status"] == "fail"]
    assert failing and all(c["explained_by"] for c in failing)   # worked out where each hand was judged
    found = log.attribution
    assert set(found.attributed) == {c["id"] for c in failing} and not found.bugs
    # the software sample: its edition differences are attributed, its planted bug (缺一门 = 2) is a bug
    summary, options = _differential(tmp_path, "software_scorer")
    assert "no-all-chows-with-knitted" in summary["attribution"]["chosen"] and summary["attribution"]["bugs"]
    by_id = {c["id"]: c for c in runlog.read(options.out).cases}
    found = runlog.read(options.out).attribution
    for cid in found.bugs:
        assert any(f["id"] == "one_voided_suit" for f in by_id[cid]["actual"]["fans"]), cid


def test_differential_judges_a_declared_edition_under_it(tmp_path):
    summary, _ = _differential(tmp_path, "mcr2006_scorer", hands=300)
    assert summary["disagree"] == 0 and summary["attribution"]["declared"] == "mcr2006 + kongs-add-concealed-kong-each"
    assert summary["attribution"]["verdict"].startswith("conforms to edition mcr2006")


def test_attribution_scores_each_rule_set_once_per_hand(tmp_path, monkeypatch):
    """The attribution asks for the reference's result under a rule set once per hand, for as long
    as the reference answers it is given live: a second attribution with them scores nothing, and
    one with answers of its own scores again."""
    log = certify(tmp_path, f"python:{EXAMPLES / 'edition_impls.py'}:software_scorer", "software-cache")
    calls = []
    from gb16.tools.harness import evidence
    real = evidence.reference.score
    monkeypatch.setattr(evidence.reference, "score",
                        lambda case_input, rules: calls.append((json.dumps(case_input, sort_keys=True), rules))
                        or real(case_input, rules=rules))
    answers = ReferenceAnswers()
    first = attribution_search.attribute(log.cases, log.header["implementation"], reference=answers)
    assert calls and len(calls) == len(set(calls)) == len(answers)        # each (hand, rule set) once
    scored = len(calls)
    again = attribution_search.attribute(log.cases, log.header["implementation"], reference=answers)
    assert again.chosen == first.chosen and again.bugs == first.bugs and len(calls) == scored
    some = [c for c in log.cases if c["id"] in first.attributed][:2]
    attribution_search.attribute(some, log.header["implementation"])     # answers of its own: scored anew
    assert len(calls) > scored


# --------------------------------------------------------------------------- evidence, not a veto (through the commands)

def _cli_certify(tmp_path, capsys, scorer: str, *args: str):
    """``gb16 certify --impl python:edition_impls.py:<scorer> …`` as a user runs it: the exit
    status, the printed output, and the run log's attribution."""
    from gb16.tools.commands.cli import main
    from gb16.tools.harness import runlog
    out = tmp_path / f"{scorer}-{len(list(tmp_path.glob('*.jsonl')))}.jsonl"
    status = main(["certify", "--impl", f"python:{EXAMPLES / 'edition_impls.py'}:{scorer}", "--out", str(out),
                   "--no-progress", "--show", "none", *args])
    log = runlog.read(out)
    return status, capsys.readouterr().out, log, log.attribution


def _veto_rejects(log, label: str) -> bool:
    """The attribution this module replaced: a candidate was dropped as soon as one passing
    case's answer was not the reference's own answer under it, fan for fan (so a tie broken
    the other way counted as breaking it)."""
    from gb16.tools.harness.compare import compare
    rules = declaration.apply(declaration.declared_rules(log.header["implementation"]), RuleChange.parse(label))
    return any(compare(expectation_of(reference.score(c["input"], rules=rules), c.get("expected")), c["actual"])
               for c in log.cases if c["status"] == "pass" and c.get("actual"))


@pytest.mark.parametrize("run", [("--variant", "gb13"), ("--variant", "gb16"), ("--random", "600", "--seed", "7")],
                         ids=["gb13-corpus", "gb16-corpus", "random"])
def test_an_undeclared_delta_with_ties_broken_its_own_way_is_attributed_in_full(tmp_path, capsys, run):
    """The scorer follows exhausted-tile-no-wait, declares nothing, and where readings tie lists
    another admissible answer than the reference: every failure is that delta, none a bug."""
    status, printed, log, found = _cli_certify(tmp_path, capsys, "exhausted_ties_scorer", *run)
    failed = [c["id"] for c in log.cases if c["status"] == "fail"]
    def own(case_input, rules):
        return reference.score(case_input, rules=rules)

    def tie(c) -> bool:   # passed with another admissible fan list than the reference's own
        if "--random" in run:
            return bool(c.get("tie"))
        mine = own(c["input"], Rules())
        return mine.get("ok") and {f["id"]: f["count"] for f in c["actual"]["fans"]} != \
            {f["id"]: f["count"] for f in mine["fans"]}
    ties = [c for c in log.cases if c["status"] == "pass" and tie(c)]
    assert status == 1 and failed and ties                        # failures, and ties broken the other way
    assert found.chosen == ["exhausted-tile-no-wait"] and found.bugs == [] and set(found.attributed) == set(failed)
    ev = found.evidence["exhausted-tile-no-wait"]
    assert ev.support == len(failed) and ev.contradicted_by == 0
    assert (f"agrees under delta exhausted-tile-no-wait: explains {len(failed)} (contradicted by none; 1 of the 5 "
            f"deltas of edition software), which it does not declare") in printed
    assert 'declare {"deltas": ["exhausted-tile-no-wait"]}' in printed
    if "--random" not in run:
        assert _veto_rejects(log, "exhausted-tile-no-wait")      # the old veto called all of them bugs


def test_a_real_bug_beside_the_delta_stays_a_bug(tmp_path, capsys):
    """The same scorer with 缺一门 worth 2: each failure that shows the bug is a bug, whether or
    not the delta also acts on the hand; only the others are the delta's."""
    for run in (("--variant", "gb13"), ("--random", "600", "--seed", "7")):
        _, printed, log, found = _cli_certify(tmp_path, capsys, "exhausted_ties_bug_scorer", *run)
        by_id = {c["id"]: c for c in log.cases}

        def shows_bug(cid):
            return any(f["id"] == "one_voided_suit" and f.get("points") == 2 for f in by_id[cid]["actual"]["fans"])
        assert found.bugs and all(shows_bug(cid) for cid in found.bugs)
        assert not any(shows_bug(cid) for cid in found.attributed)
        assert found.chosen == ["exhausted-tile-no-wait"] and found.attributed
        assert f"except {len(found.bugs)} bugs" in printed


def test_a_wrong_declaration_is_named_with_its_cases_and_a_suggestion(tmp_path, capsys):
    """The kongs sample declares mcr2006 but follows only its 双暗杠 8: 九莲宝灯 keeps its 幺九刻,
    a self-drawn 七对 scores 自摸, … against that edition's other deltas; 明暗杠 is missing,
    which no delta of it says."""
    from gb16.tools.commands.cli import main
    status, printed, log, found = _cli_certify(tmp_path, capsys, "misdeclared_scorer", "--variant", "gb13")
    assert status == 1 and found.bugs == []
    from gb16.reference.rules import EDITIONS
    contradicted = set(found.contradicted_declaration)
    assert {"concealed-shapes-add-fully-concealed", "nine-gates-no-terminal-pung"} <= contradicted
    assert contradicted <= set(EDITIONS["mcr2006"]["deltas"]) - {"two-concealed-kongs-8"}   # the one it follows
    for piece in found.contradicted_declaration:
        ev = found.declared_evidence[piece]
        assert ev.contradicted_by and not ev.support
        assert f"the declared {piece} is contradicted by {ev.contradicted_by} cases (e.g. {ev.contradiction_examples[0]})" \
            in printed
    suggested = found.suggested_declaration()
    assert suggested == {"deltas": ["concealed-and-melded-kong-6", "no-concealed-and-melded-kong", "two-concealed-kongs-8"]}
    # summary prints the start answer to paste; declaring it, the same scorer conforms
    assert main(["summary", str(log.path), "--show", "none"]) == 1
    shown = capsys.readouterr().out
    after = shown.split("as a start answer:")[1]
    start = json.JSONDecoder().raw_decode(after[after.index("{"):])[0]
    assert start["deltas"] == suggested["deltas"] and start["name"] == "misdeclared-sample" and "edition" not in start
    fake = tmp_path / "redeclared.py"
    fake.write_text("import importlib.util\n"
                    f"spec = importlib.util.spec_from_file_location('ei', {str(EXAMPLES / 'edition_impls.py')!r})\n"
                    "m = importlib.util.module_from_spec(spec); spec.loader.exec_module(m)\n"
                    "def score(i):\n    return m.misdeclared_scorer(i)\n"
                    f"GB16_METADATA = {start!r}\n")
    again = run_certification(CertifyOptions(impl=f"python:{fake}:score", out=str(tmp_path / "again.jsonl"),
                                             variant="gb13", progress=False))
    assert sum(c["status"] == "fail" for c in again.cases) == 0


def test_a_contradicted_candidate_is_contested_never_taken():
    """A scorer that applies exhausted-tile-no-wait on one hand and not on another: the first
    failure is explained by the delta, the second hand contradicts it — contested, a bug."""
    delta = Rules.parse(deltas=["exhausted-tile-no-wait"])
    hands = [{"variant": "gb13", "hand": "11112333m555p777s", "win_tile": "2m", "win_by": "discard"},
             {"variant": "gb13", "hand": "{5555s}222m888p66677s", "win_tile": "7s", "win_by": "discard"}]
    for h in hands:   # the delta acts on both hands
        assert reference.score(h, rules=delta)["waits"] != reference.score(h, rules=Rules())["waits"]
    cases = [{"id": "follows", "status": "fail", "input": hands[0], "actual": reference.score(hands[0], rules=delta),
              "expected": dict(expectation_of(reference.score(hands[0], rules=Rules()), None),
                               waits=reference.score(hands[0], rules=Rules())["waits"])},
             {"id": "ignores", "status": "pass", "input": hands[1], "actual": reference.score(hands[1], rules=Rules()),
              "expected": dict(expectation_of(reference.score(hands[1], rules=Rules()), None),
                               waits=reference.score(hands[1], rules=Rules())["waits"])}]
    found = attribution_search.attribute(cases, {"rulings": {}})
    assert found.chosen == [] and found.bugs == ["follows"] and found.contested == ["exhausted-tile-no-wait"]
    assert found.evidence["exhausted-tile-no-wait"].contradiction_examples == ("ignores",)
    assert "contested: exhausted-tile-no-wait explains 1, contradicted by 1 (e.g. ignores)" in \
        found.verdict_text(2, 1)
    assert "would explain it but is contradicted by 1 cases (e.g. ignores)" in found.case_line("follows")
    stored = Attribution.from_line(json.loads(json.dumps(found.line())))   # as a run log keeps it
    assert stored.case_line("follows") == found.case_line("follows") and stored.as_json() == found.as_json()


def test_a_declared_delta_is_judged_by_the_cases_hand_worked_expectation_under_it():
    """Where a case states its expectation under the one declared delta that acts on the hand
    (an ``alternatives`` entry naming the delta), that is what the implementation is held to."""
    from gb16.tools.harness.corpus import load_corpus
    cases = [c for c in load_corpus().cases if any("delta" in a for a in c.get("alternatives", []))]
    assert cases
    for case in cases:
        for alt in (a for a in case["alternatives"] if "delta" in a):
            chosen = declaration.select(case, {"deltas": [alt["delta"]]})
            assert chosen.expected == alt["expect"] and chosen.label.startswith(alt["delta"]), case["id"]


# --------------------------------------------------------------------------- stored once, read by every report

@pytest.fixture(scope="module")
def software_log(tmp_path_factory):
    """The software sample on the 组合龙, 七对 and 缺一门 cases: edition differences and a bug."""
    tmp = tmp_path_factory.mktemp("stored")
    return certify(tmp, f"python:{EXAMPLES / 'edition_impls.py'}:software_scorer", "software",
                   filters=["*knitted*", "*seven-pairs*", "*voided*"])


def _said(found, log) -> tuple:
    return (found.as_json(), found.line(), found.verdict_text(9, 3, "; 1 skipped"),
            [found.case_line(c["id"]) for c in log.cases])


def test_the_attribution_is_stored_once_when_the_run_completes_and_read_back(software_log):
    """One ``attribution`` line, just before the footer, saying what the search says."""
    kinds = [json.loads(line)["type"] for line in software_log.path.read_text(encoding="utf-8").splitlines()]
    assert kinds.count("attribution") == 1 and kinds[-2:] == ["attribution", "footer"]
    stored = software_log.attribution
    assert stored.chosen and stored.bugs and stored.contested_bugs is not None
    searched = attribution_search.attribute(software_log.cases, software_log.header["implementation"])
    assert _said(stored, software_log) == _said(searched, software_log)
    assert all(c["attribution"] == stored.case_line(c["id"]) for c in software_log.cases if c["status"] == "fail")


def test_every_report_reads_the_stored_attribution_and_never_searches(software_log, monkeypatch):
    def search(*args, **kwargs):
        raise AssertionError("the attribution was searched again")
    monkeypatch.setattr(attribution_search, "attribute", search)
    monkeypatch.setattr(judging, "attribute", search)
    summary = summarize(judging.judged(software_log))
    assert summary.attribution is software_log.attribution
    assert "conforms to" in summary.verdict.text and "bugs" in summary.verdict.text


def test_a_run_log_without_a_stored_attribution_is_attributed_once_when_read(software_log, tmp_path, monkeypatch):
    """A log written before attribution was stored reads as it is; judged where it is read for a
    report (tools/harness/judging.py), its attribution is worked out once and says what the stored
    one says; the reports take it judged only."""
    from gb16.tools.harness import runlog
    from gb16.tools.reports import json_report
    older = tmp_path / "older.jsonl"
    older.write_text("".join(line for line in software_log.path.read_text(encoding="utf-8").splitlines(keepends=True)
                             if '"type": "attribution"' not in line), encoding="utf-8")
    log = runlog.read(older)
    assert log.complete and log.attribution is None and not any("attribution" in c for c in log.cases)
    with pytest.raises(ValueError, match="judged"):
        summarize(log)
    calls = []
    real = attribution_search.attribute
    monkeypatch.setattr(judging, "attribute", lambda *a: calls.append(1) or real(*a))
    summary = summarize(judging.judged(log))
    assert calls == [1] and log.attribution is None   # the log read is not changed
    assert _said(summary.attribution, log) == _said(software_log.attribution, log)
    # (the reproduce lines name the log each case came from as its --evidence)
    shown = json.loads(json_report.render(summary).replace(json.dumps(str(older))[1:-1],
                                                           json.dumps(str(software_log.path))[1:-1]))
    stored = json.loads(json_report.render(summarize(software_log)))
    assert shown.pop("runlog")["sha256"] != stored.pop("runlog")["sha256"]   # the files differ by the attribution line
    assert shown == stored


def test_a_stored_attribution_naming_an_unknown_delta_is_left_aside(software_log, tmp_path):
    from gb16.tools.harness import runlog
    lines = software_log.path.read_text(encoding="utf-8").splitlines(keepends=True)
    crafted = tmp_path / "newer.jsonl"
    crafted.write_text("".join(line.replace('"chosen": ["', '"chosen": ["a-delta-of-tomorrow", "', 1)
                               if '"type": "attribution"' in line else line for line in lines), encoding="utf-8")
    log = runlog.read(crafted)
    assert log.attribution is None
    assert any("a-delta-of-tomorrow" in w and "worked out again" in w for w in log.warnings)
    assert summarize(judging.judged(log)).attribution.chosen == software_log.attribution.chosen


def test_run_log_records_are_typed_and_never_changed(software_log):
    case = software_log.cases[0]
    assert (case.id, case.status, software_log.header.implementation["name"]) == \
        (case["id"], case["status"], "software-conventions-sample")
    assert software_log.footer.counts == software_log.counts()
    with pytest.raises(TypeError):
        case["attribution"] = "changed by a renderer"
    with pytest.raises(TypeError):
        software_log.header.update(fans=[])
