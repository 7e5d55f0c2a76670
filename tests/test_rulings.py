"""Open rulings as executable options: for every disputed (and ruling-tier) case, the
reference run under option X reproduces the hand-worked expectation of option X; the rule
set object parses, labels and rejects as docs/rulings.md says."""

from __future__ import annotations

import json
from unittest import mock

import pytest

from gb16.reference import score
from gb16.reference import rules as R
from gb16.reference.rules import Rules, RulesError
from gb16.tools.runs.corpus_checks import ruling_problems
from gb16.tools.harness.compare import option_expectations
from gb16.tools.differential.verdict import admissible_fan_lists
from gb16.tools.harness import compare as cmp
from gb16.tools.harness.corpus import load_corpus

CORPUS = load_corpus()
OPTION_RUNS = [(case, rid, option, expected) for case in CORPUS.cases
               for rid, option, expected in option_expectations(case)]


def test_every_open_ruling_and_option_has_a_case():
    covered = {(rid, option) for case, rid, option, _ in OPTION_RUNS if case["tier"] == "disputed"}
    wanted = {(rid, option) for rid, r in R.RULINGS.items() for option in r["options"]}
    assert covered == wanted


@pytest.mark.parametrize("case,rid,option,expected", OPTION_RUNS,
                         ids=[f"{c['id']}[{rid}:{o}]" for c, rid, o, _ in OPTION_RUNS])
def test_reference_under_each_option_gives_its_hand_worked_expectation(case, rid, option, expected):
    result = score(case["input"], rules=Rules.parse({rid: option}))
    assert cmp.compare(expected, result) == []


def test_the_option_test_fails_when_an_option_is_not_executed():
    """Planted bug: R-009:A's data left out, so the reference under A scores as under B."""
    runs = [(c, rid, o, e) for c, rid, o, e in OPTION_RUNS if rid == "R-009" and o == "A" and c["tier"] == "disputed"]
    assert runs
    broken = json.loads(json.dumps(R.RULINGS))
    broken["R-009"]["options"]["A"].pop("data")
    with mock.patch.dict(R.RULINGS, broken):
        for case, rid, option, expected in runs:
            assert cmp.compare(expected, score(case["input"], rules=Rules.parse({rid: option}))) != []


def test_r009_per_set_is_the_project_reading():
    hand = {"hand": "[111z][222z][333z][444z]999m55m", "win_tile": "9m", "win_by": "discard",
            "prevalent_wind": "S", "seat_wind": "W"}
    assert score(hand)["total"] == 95
    assert score(hand, rules=Rules.parse(["R-009=A"]))["total"] == 94


def test_rules_parse_label_and_declaration():
    assert Rules.parse().is_default and Rules.parse().label == "seed000"
    assert Rules.parse(["R-009=B"]).is_default                      # the default option is no change
    r = Rules.parse(["R-009=A", "R-018:B"], edition="mcr2006")
    assert r.label == "mcr2006 + R-009:A + R-018:B"
    assert r.declaration() == {"rulings": {"R-009": "A", "R-018": "B"}, "edition": "mcr2006"}
    assert r.points("two_concealed_kongs") == 8 and Rules().points("two_concealed_kongs") == 6
    # a withdrawn option is the delta that carries it
    assert Rules.parse(["R-001=C"]).deltas == {"chow-pairs-once"}
    for bad in (["R-003=B"], ["R-009=C"], ["R-009"]):
        with pytest.raises(RulesError):
            Rules.parse(bad)
    with pytest.raises(RulesError, match="edition"):
        Rules.parse(edition="mcr1990")
    with pytest.raises(RulesError, match="delta"):
        Rules.parse(deltas=["no-such-delta"])


def test_lint_keeps_the_three_kinds_apart():
    base = {"id": "x", "tier": "disputed", "rulings": ["R-009:A"], "expect": {},
            "alternatives": [{"ruling": "R-009:B", "expect": {}}]}
    assert any("not the project's reading" in m for m in ruling_problems(base))
    withdrawn = dict(base, rulings=["R-001"], alternatives=[{"ruling": "R-001:B", "expect": {}}])
    assert any("withdrawn" in m for m in ruling_problems(withdrawn))
    normative = {"id": "y", "tier": "ruling", "rulings": ["R-003"], "expect": {}}
    assert any("no open ruling" in m for m in ruling_problems(normative))
    missing = {"id": "z", "tier": "disputed", "rulings": ["R-002"], "expect": {},
               "alternatives": [{"ruling": "R-002:B", "expect": {}}]}
    assert any("R-002:C" in m for m in ruling_problems(missing))
    assert [ruling_problems(c) for c in CORPUS.cases if ruling_problems(c)] == []


def test_editions_data_names_known_fans_and_deltas():
    from gb16.reference import table
    for delta in R.DELTAS.values():
        data = delta.get("data", {})
        for fan_id in [*data.get("points", {}), *data.get("repeatable", {}), *data.get("absent", ())]:
            assert fan_id in table.BY_ID
        for e in data.get("exclusions", ()):
            assert e["fan"] in table.BY_ID and e["excludes"] in table.BY_ID
        assert delta["source"] and ("data" in delta or "switch" in delta)
        assert set(delta.get("replaces", ())) <= set(R.DELTAS)
    for edition in R.EDITIONS.values():
        assert set(edition["deltas"]) <= set(R.DELTAS)
        # an edition never names one reading of a statement beside the reading that replaces it
        assert not {r for d in edition["deltas"] for r in R.DELTAS[d].get("replaces", ())} & set(edition["deltas"])
    assert set(R.WITHDRAWN_OPTIONS.values()) <= set(R.DELTAS)


def test_architecture_lists_every_switch_in_its_module():
    """docs/architecture.md "Where a new piece goes" lists the switch modules and what each
    switches; the list is the data's (every delta's and option's ``switch``), no more, no less."""
    import re
    from pathlib import Path
    text = (Path(R.__file__).resolve().parents[1] / "docs" / "architecture.md").read_text(encoding="utf-8")
    listed = {}
    for module, ids in re.findall(r"^  \| `(reference/[\w/]+\.py)` \| (.+) \|$", text, re.M):
        listed[module] = set(re.findall(r"`([\w-]+)`|(R-\d+)", ids))
        listed[module] = {a or b for a, b in listed[module]}
    wanted = {}
    for name, delta in R.DELTAS.items():
        if "switch" in delta:
            wanted.setdefault(delta["switch"], set()).add(name)
    for rid, ruling in R.RULINGS.items():
        for option in ruling["options"].values():
            if "switch" in option:
                wanted.setdefault(option["switch"], set()).add(rid)
    # a delta switched in two modules names one in the data; the list may name both
    assert all(ids <= listed.get(module, set()) for module, ids in wanted.items()), (wanted, listed)
    assert set().union(*listed.values()) == set().union(*wanted.values())


def test_a_delta_named_beside_the_reading_it_replaces_puts_that_reading_out_of_force():
    """mcr2006 reads 四杠/三杠可计暗杠 as one kong fan; kongs-add-concealed-kong-each, the other
    reading, replaces it when named beside the edition: only its switch and data act. The
    hand and its fans are those worked by hand in the corpus case
    kongs-concealed-pungs-three-kongs-two-concealed-pungs. Planted bug: 'replaces' ignored,
    both readings are in force (双暗杠 and 暗杠 ×2 together)."""
    both = Rules.parse(edition="mcr2006", deltas=["kongs-add-concealed-kong-each"])
    assert both.has("kongs-add-concealed-kong-each") and not both.has("kongs-add-concealed-kong")
    assert both.label == "mcr2006 + kongs-add-concealed-kong-each" and both.has("two-concealed-kongs-8")
    hand = {"variant": "gb16", "hand": "{2222m} {6666p} [8888s] 345m 456s 77p", "win_tile": "7p", "win_by": "discard"}
    fans = {f["id"]: f["count"] for f in score(hand, rules=both)["fans"]}
    assert fans == {"three_kongs": 1, "two_concealed_pungs": 1, "concealed_kong": 2, "all_simples": 1, "single_wait": 1}
    assert {f["id"] for f in score(hand, rules=Rules.parse(edition="mcr2006"))["fans"]} >= {"two_concealed_kongs"}
    ignored = {k: {x: y for x, y in v.items() if x != "replaces"} for k, v in R.DELTAS.items()}
    with mock.patch.dict(R.DELTAS, ignored):
        planted = Rules.parse(edition="mcr2006", deltas=["kongs-add-concealed-kong-each"])
        assert planted.has("kongs-add-concealed-kong")


def test_every_switch_is_in_the_module_it_names():
    from pathlib import Path
    root = Path(R.__file__).resolve().parents[1]
    entries = [(k, v) for k, v in R.DELTAS.items()]
    entries += [(f"R-{k[2:]}", o) for k, r in R.RULINGS.items() for o in r["options"].values()]
    for name, entry in entries:
        if "switch" in entry:
            text = (root / entry["switch"]).read_text(encoding="utf-8")
            assert f'"{name}"' in text, (name, entry["switch"])


def _example_input(example: dict) -> dict:
    if "case" in example:
        return next(c for c in CORPUS.cases if c["id"] == example["case"])["input"]
    return example["input"]


DELTA_EXAMPLES = [(name, k, ex) for name, delta in R.DELTAS.items() for k, ex in enumerate(delta["examples"])]


@pytest.mark.parametrize("name,k,example", DELTA_EXAMPLES, ids=[f"{n}-{k}" for n, k, _ in DELTA_EXAMPLES])
def test_every_delta_changes_its_hand_worked_example(name, k, example):
    """Each edition delta is executable: its example hand scores the hand-worked total under
    xinbian/seed000 and the hand-worked total (or error) under the delta."""
    hand = _example_input(example)
    assert score(hand)["total"] == example["total"]
    under = score(hand, rules=Rules.parse(deltas=[name]))
    if "error_under_delta" in example:
        assert under["ok"] is False and under["error"]["code"] == example["error_under_delta"]
    else:
        assert under["total"] == example["total_under_delta"]
    if "admissible_under_delta" in example:
        # a delta that changes only which fan lists are admissible at the same total (R-011)
        fans = example["admissible_under_delta"]
        assert fans in admissible_fan_lists(hand, Rules.parse(deltas=[name]))
        assert fans not in admissible_fan_lists(hand)
    else:
        assert "error_under_delta" in example or example["total_under_delta"] != example["total"]


def test_the_example_test_fails_when_a_delta_admits_nothing_new():
    """Planted bug: 老少副 kept to once under two-terminal-chows-repeatable (the link rule
    ignoring the delta), so its example listing is not admissible under it."""
    (example,) = R.DELTAS["two-terminal-chows-repeatable"]["examples"]
    broken = json.loads(json.dumps(R.DELTAS["two-terminal-chows-repeatable"]))
    broken.pop("data")
    rules = Rules.parse(deltas=["two-terminal-chows-repeatable"])
    assert example["admissible_under_delta"] in admissible_fan_lists(example["input"], rules)
    with mock.patch.dict(R.DELTAS, {"two-terminal-chows-repeatable": broken}):
        rules = Rules.parse(deltas=["two-terminal-chows-repeatable"])
        assert example["admissible_under_delta"] not in admissible_fan_lists(example["input"], rules)


def test_editions_apply_all_their_deltas():
    two_kongs = R.DELTAS["two-concealed-kongs-8"]["examples"][0]["input"]
    assert score(two_kongs, rules=Rules.parse(edition="mcr2006"))["total"] == 13
    kongs = R.DELTAS["no-concealed-and-melded-kong"]["examples"][0]["input"]
    result = score(kongs, rules=Rules.parse(edition="mcr1998"))
    assert {f["id"] for f in result["fans"]} >= {"concealed_kong", "melded_kong"} and result["total"] == 6


def _cli(*argv, stdin=None):
    import subprocess
    import sys
    return subprocess.run([sys.executable, "-m", "gb16.tools.commands.cli", *argv], capture_output=True, text=True,
                          input=stdin, timeout=300)


@pytest.mark.slow
def test_cli_ruling_edition_and_delta_flags():
    hand = ["[111z][222z][333z][444z]999m55m", "--win", "9m", "--discard", "--prevalent", "S", "--seat", "W", "--json"]
    assert json.loads(_cli("score", *hand).stdout)["total"] == 95
    assert json.loads(_cli("score", *hand, "--ruling", "R-009=A").stdout)["total"] == 94
    kongs = ["{2222m}{8888p}234s678s55p", "--win", "5p", "--discard", "--variant", "gb13", "--json"]
    assert json.loads(_cli("score", *kongs, "--edition", "mcr2006").stdout)["total"] == 13
    assert json.loads(_cli("score", *kongs, "--delta", "two-concealed-kongs-8").stdout)["total"] == 13
    bad = _cli("score", *kongs, "--ruling", "R-003=B")
    assert bad.returncode == 2 and "not an open ruling" in bad.stdout
    batch = _cli("score", "--batch", "--edition", "mcr2006",
                 stdin=json.dumps({"variant": "gb13", "hand": "{2222m}{8888p}234s678s55p", "win_tile": "5p",
                                   "win_by": "discard"}) + "\n")
    assert json.loads(batch.stdout)["total"] == 13


def test_explain_shows_the_r009_dispute():
    hand = ["[111z][222z][333z][444z]999m55m", "--win", "9m", "--discard", "--prevalent", "S", "--seat", "W"]
    text = _cli("explain", *hand).stdout
    assert "R-009 (大四喜 and a fifth 幺九 pung): 94 under A, 95 under B (the project's reading)" in text
    report = json.loads(_cli("explain", *hand, "--json").stdout)
    (r009,) = report["disputes"]["rulings"]
    assert [(o["option"], o["total"], o["in_force"]) for o in r009["options"]] == [("A", 94, False), ("B", 95, True)]
    assert "pung_of_terminals_or_honors" not in r009["options"][0]["fans"]
    under_a = json.loads(_cli("explain", *hand, "--json", "--ruling", "R-009=A").stdout)["disputes"]
    assert under_a["rules"] == "R-009:A" and under_a["result"]["total"] == 94


def test_disputes_name_deltas_editions_and_notes():
    from gb16.tools.referee.disputes import for_hand
    d = for_hand(R.DELTAS["two-concealed-kongs-8"]["examples"][0]["input"])
    assert d["rulings"] == []
    assert {x["id"]: x["total"] for x in d["deltas"]}["two-concealed-kongs-8"] == 13
    assert {x["id"]: x["total"] for x in d["editions"]}["mcr2006"] == 13
    assert "R-010" in [n["id"] for n in d["notes"]]
    seven = for_hand(R.DELTAS["seven-pairs-distinct"]["examples"][0]["input"])
    assert {x["id"]: x.get("error") for x in seven["deltas"]}["seven-pairs-distinct"] == "not_winning_hand"


@pytest.mark.slow
def test_table_rulings_and_editions():
    text = _cli("table", "rulings", "--format", "md").stdout
    assert "### R-009 — 大四喜 and a fifth 幺九 pung" in text
    assert "honours-big-four-winds-fifth-terminal-pung-r009" in text
    rows = json.loads(_cli("table", "rulings", "--format", "json").stdout)["hands"]
    r009 = {r["case"]: r["totals"] for r in rows if r["ruling"] == "R-009"}
    assert r009["honours-big-four-winds-fifth-terminal-pung-r009"] == {"A": 94, "B": 95}
    editions = json.loads(_cli("table", "editions", "--format", "json").stdout)
    by_delta = {r["delta"]: r for r in editions["deltas"]}
    assert set(by_delta) == set(R.DELTAS) and by_delta["two-concealed-kongs-8"]["editions"] == ["mcr2006"]
    assert all(r["source"] for r in by_delta.values())
    text = _cli("table", "editions").stdout
    assert "two-concealed-kongs-8" in text
    # the other reading of one statement is shown beside the edition it can stand in for, not as outside any
    each = by_delta["kongs-add-concealed-kong-each"]
    assert each["editions"] == [] and each["in_place_of"] == {"mcr2006": "kongs-add-concealed-kong"}
    assert "kongs-add-concealed-kong-each (mcr2006 in place of kongs-add-concealed-kong)" in " ".join(text.split())
    assert "kongs-add-concealed-kong-each" not in " ".join(text.split()).split("deltas outside any edition:")[1].split("Deltas")[0]


def test_score_says_when_the_total_is_disputed(capsys):
    from gb16.tools.commands import cli
    assert cli.main(["score", "[111z][222z][333z][444z]999m55m", "--win", "9m", "--discard"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[-1] == "disputed: R-009 — 94 under A, 95 under B (the project's); gb16 explain for more"
    assert cli.main(["score", "[111z][222z][333z][444z]999m55m", "--win", "9m", "--discard", "--ruling", "R-009=A"]) == 0
    assert "fan points 94" in capsys.readouterr().out      # the line names both options under either
    assert cli.main(["score", "111222333444z 123m 55z，点和5z"]) == 0
    assert "disputed" not in capsys.readouterr().out       # §四.1: no open ruling changes it
    assert cli.main(["score", "[111z][222z][333z][444z]999m55m", "--win", "9m", "--discard", "--json"]) == 0
    assert "disputed" not in capsys.readouterr().out       # the JSON result is the contract's, unchanged


def test_each_rulings_row_carries_the_whole_input_as_explain_takes_it():
    """The ``explain`` line of each row of gb16 table rulings, read back by the command's own parser,
    is the row's case input: the same result (winning tile, winds and flags included)."""
    import shlex
    from gb16.tools.commands import cli
    from gb16.tools.commands import score as cmd_score
    from gb16.tools.reports.tables import rulings_rows
    rows = rulings_rows(CORPUS)
    by_id = {c["id"]: c for c in CORPUS.cases}
    assert rows and all(r["explain"] for r in rows if isinstance(by_id[r["case"]]["input"].get("hand"), str))
    flagged = 0
    for r in rows:
        words = shlex.split(r["explain"])
        assert words[:2] == ["gb16", "explain"], r["explain"]
        args = cli.build_parser(words[1:]).parse_args(words[1:])
        again = cmd_score.case_input_from_args(args)
        case_input = by_id[r["case"]]["input"]
        assert score(again) == score(case_input), r["case"]
        flagged += any(case_input.get(f) for f in ("last_of_kind", "last_tile", "kong_replacement", "robbing_kong"))
    assert flagged  # the flags are carried too, not only hands without them
