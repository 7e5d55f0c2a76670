"""The gb13 differential certification: the generator, the classes, the verdict.

A seeded differential run of 3,000 random hands against PyMahjongGB must show no
UNEXPLAINED disagreement (about 10 s).  The generator's hands must all be legal for the
reference, cover every shape of xinbian 第二章, and carry only flags that hold together.
"""

import json
import re
from collections import Counter

import pytest

from gb16 import reference
from gb16.reference.notation import parse_hand, parse_tile
from gb16.tools.differential import pymahjonggb_run as differential
from gb16.tools.differential import handgen13
from gb16.tools.adapters import pymahjonggb as adapter

SEED = 2024


@pytest.fixture(scope="module")
def generated():
    """2,000 generated hands with the reference's result for each: (structure, input, result)."""
    return [(structure, case, reference.score(case)) for structure, case in handgen13.hands(2000, SEED)]


# --------------------------------------------------------------------------- the generator

def test_generator_is_deterministic():
    assert list(handgen13.hands(50, 7)) == list(handgen13.hands(50, 7))
    assert list(handgen13.hands(50, 7)) != list(handgen13.hands(50, 8))


def test_generated_hands_are_legal(generated):
    """Every generated hand is a legal gb13 winning hand: the reference reports no error."""
    problems = [(case, result["error"]) for _, case, result in generated if not result["ok"]]
    assert problems == []


@pytest.mark.parametrize("structure, shape", [
    ("seven_pairs", "seven_pairs"), ("honours_knitted", "honours_knitted"),
    ("thirteen_orphans", "thirteen_orphans"), ("knitted", "knitted"),
])
def test_special_structures_have_their_shape(structure, shape):
    """Each structure gives the shape it is named after (as one of the hand's readings)."""
    import random
    rng = random.Random(SEED)
    for _ in range(30):
        case = handgen13.random_hand(rng, structure)
        shapes = {reading["interpretation"]["shape"] for reading in reference.explain(case)["readings"]}
        assert shape in shapes, case


def test_nine_gates_structure_gives_nine_gates():
    import random
    rng = random.Random(SEED)
    cases = [handgen13.random_hand(rng, "nine_gates") for _ in range(60)]
    unmelded = [c for c in cases if "[" not in c["hand"]]
    assert unmelded and all(reference.score(c)["fans"][0]["id"] == "nine_gates" for c in unmelded)


def test_every_structure_and_every_gb13_fan_is_drawn(generated):
    assert {s for s, _, _ in generated} == set(handgen13.STRUCTURES)
    seen = Counter(f["id"] for _, _, result in generated for f in result["fans"])
    rare = {"seven_shifted_pairs", "greater_honors_and_knitted_tiles", "lesser_honors_and_knitted_tiles",
            "thirteen_orphans", "nine_gates", "four_kongs", "quadruple_chow", "four_pure_shifted_pungs",
            "pure_terminal_chows", "three_suited_terminal_chows", "melded_hand", "concealed_and_melded_kong",
            "robbing_the_kong", "out_with_replacement_tile", "last_of_kind", "big_four_winds"}
    assert rare <= set(seen), rare - set(seen)


def test_four_identical_tiles_as_two_pairs_are_drawn():
    import random
    rng = random.Random(SEED)
    hands = [handgen13.random_hand(rng, "seven_pairs") for _ in range(300)]
    assert any(max(Counter(parse_hand(c["hand"]).standing).values()) == 4 for c in hands)


def test_flags_hold_together(generated):
    """R-006 and R-014, and 和绝张 whenever the winner's own melds show the other three copies."""
    for _, case, _ in generated:
        parsed = parse_hand(case["hand"])
        win = parse_tile(case["win_tile"])
        total = parsed.standing.count(win) + sum(m.tiles.count(win) for m in parsed.melds)
        shown = sum(m.tiles.count(win) for m in parsed.melds if m.exposed)
        if case.get("robbing_kong"):
            assert case["win_by"] == "discard" and total == 1 and not case.get("last_tile")
        if case.get("kong_replacement"):
            assert case["win_by"] == "self_draw" and any(m.is_kong for m in parsed.melds)
        if case.get("last_of_kind"):
            assert parsed.standing.count(win) == 1
        if shown == 3:
            assert case.get("last_of_kind"), case


# --------------------------------------------------------------------------- classes

def _result(fans, total=None):
    from gb16.reference import table
    entries = [{"id": f, "count": n, "points": table.fan(f).points} for f, n in fans.items()]
    points = sum(e["points"] * e["count"] for e in entries)
    return {"ok": True, "fans": entries, "fan_points": points if total is None else total,
            "total": points if total is None else total, "meets_minimum": points >= 8}


def test_class_keys():
    ref = _result({"melded_hand": 1, "dragon_pung": 1})
    pmg = _result({"single_wait": 1, "dragon_pung": 1})
    assert differential.class_key(ref, ref) is None
    assert differential.class_key(ref, pmg) == "ref-melded-hand-plus-pmg-single-wait"
    assert differential.class_label(ref, pmg) == "the reference has 全求人; PyMahjongGB has 单钓将"
    more = _result({"pung_of_terminals_or_honors": 2})
    less = _result({"pung_of_terminals_or_honors": 1})
    assert differential.class_key(more, less) == "ref-pung-of-terminals-or-honors"
    assert differential.class_label(more, less) == "the reference has more 幺九刻"
    assert differential.class_key(_result({"self_drawn": 1}, total=3), _result({"self_drawn": 1})) == "points-differ"
    error = {"ok": False, "error": {"code": "not_winning_hand", "message": "…"}}
    assert differential.class_key(error, pmg) == "ref-error-not-winning-hand"
    assert differential.class_key(ref, error) == "pmg-error-not-winning-hand"


def test_class_keys_fit_the_known_failures_format():
    """Keys are slugs, so one file can list corpus case ids and classes (gb16 certify --known-failures)."""
    ref, pmg = _result({"all_terminals_and_honors": 1}), _result({"outside_hand": 1, "self_drawn": 1})
    assert re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", differential.class_key(ref, pmg))


def test_a_tie_between_equally_scoring_readings():
    """66778899m: 789m 789m + 66m (边张) or 678m 678m + 99m (嵌张) — same total (R-011)."""
    case = {"variant": "gb13", "hand": "[456s] [111z] 66778899m", "win_tile": "7m", "win_by": "discard",
            "prevalent_wind": "N", "seat_wind": "E"}
    ref = reference.score(case)
    other = dict(ref, fans=[dict(f, id="closed_wait") if f["id"] == "edge_wait" else f for f in ref["fans"]])
    assert differential.class_key(ref, other) == "ref-edge-wait-plus-pmg-closed-wait"
    assert differential.is_tie(case, ref, other)
    wrong = dict(ref, fans=[f for f in ref["fans"] if f["id"] != "edge_wait"])
    assert not differential.is_tie(case, ref, wrong)


# --------------------------------------------------------------------------- the known differences

def test_known_differences_file():
    """Slug keys (classes and corpus case ids: the file also serves gb16 certify --known-failures);
    every reason names its ruling, or says it is a defect of the library and no ruling."""
    from gb16.tools.harness.protocol import schema_problem
    known = differential.load_known()
    assert schema_problem("protocol/known-failures.schema.json", known) is None
    for key, reason in known.items():
        assert re.search(r"R-\d{3}", reason) or reason.startswith("defect, no ruling"), key


# --------------------------------------------------------------------------- the verdict

def test_a_seeded_differential_run_has_no_unexplained_disagreement():
    summary = differential.run(3000, seed=SEED)
    assert summary["hands"] == 3000 and summary["agree"] + summary["disagree"] == 3000
    unexplained = [(c["key"], c["example"]) for c in summary["classes"] if not c["explained"]]
    assert unexplained == []
    assert summary["unexplained"] == 0


def test_a_wrong_scorer_is_caught(monkeypatch):
    """The run can fail: a PyMahjongGB that forgets 自摸 gives an UNEXPLAINED class and exit status 1."""
    score = adapter.score

    def forgetful(case, with_waits=True):
        result = score(case, with_waits)
        if result["ok"] and any(f["id"] == "self_drawn" for f in result["fans"]):
            result = dict(result, fans=[f for f in result["fans"] if f["id"] != "self_drawn"],
                          fan_points=result["fan_points"] - 1, total=result["total"] - 1)
            result["meets_minimum"] = result["fan_points"] >= 8
        return result

    monkeypatch.setattr(adapter, "score", forgetful)
    summary = differential.run(300, seed=SEED, known={})
    keys = {c["key"]: c for c in summary["classes"]}
    assert "ref-self-drawn" in keys and not keys["ref-self-drawn"]["explained"]
    assert summary["unexplained"] >= keys["ref-self-drawn"]["count"] > 0
    example = keys["ref-self-drawn"]["example"]
    assert example["reference"]["fans"]["self_drawn"] == 1 and "self_drawn" not in example["pymahjonggb"]["fans"]


def test_command_line(tmp_path, capsys, monkeypatch):
    out = tmp_path / "differential.json"
    parser = differential._parser()
    assert differential.main(parser.parse_args(["--random", "200", "--seed", "3", "--json", str(out),
                                                "--no-progress"])) == 0
    text = capsys.readouterr().out
    assert "200 random hands, seed 3" in text and "hands/s" in text
    summary = json.loads(out.read_text(encoding="utf-8"))
    assert summary["hands"] == 200 and summary["seed"] == 3 and summary["unexplained"] == 0
    assert set(summary["speed"]) >= {"reference", "library", "adapter"}
    # bad input is exit status 2
    args = parser.parse_args(["--random", "0"])
    assert differential.main(args) == 2
    args = parser.parse_args(["--random", "10"])
    args.impl, args.variant = "python:some.module:score", "gb13"
    assert differential.main(args) == 2
