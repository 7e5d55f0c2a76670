"""The typed Python API (docs/api.md): gb16.score / explain / waits, Result and InputError."""

from __future__ import annotations

import dataclasses
import json

import pytest

import gb16
from gb16 import reference
from gb16.api import case_input
from gb16.tools.harness.corpus import load_corpus

CASES = load_corpus(None).cases


def test_rule_page_example_1_as_typed():
    """seed000 §四.1: 大四喜 88 + 四暗刻 64 + 混一色 6 + 全带幺 4 + 门前清 2 + 单钓将 1 = 165."""
    r = gb16.score("111222333444z 123m 55z", win="5z", by="discard", prevalent="S", seat="W")
    assert isinstance(r, gb16.Result)
    assert r.total == r.fan_points == 165 and r.flower_points == 0 and r.meets_minimum
    assert [(f.id, f.name, f.points, f.count) for f in r.fans] == [
        ("big_four_winds", "大四喜", 88, 1), ("four_concealed_pungs", "四暗刻", 64, 1),
        ("half_flush", "混一色", 6, 1), ("outside_hand", "全带幺", 4, 1),
        ("concealed_hand", "门前清", 2, 1), ("single_wait", "单钓将", 1, 1)]
    assert sum(f.subtotal for f in r.fans) == 165
    assert r.fan("half_flush").en == "Half Flush" and r.fan("all_pungs") is None
    assert r.interpretation.shape == "standard"
    assert r.interpretation.pair == gb16.Pair("55z", True) and r.interpretation.win_in == "pair"
    assert sorted(g.tiles for g in r.interpretation.sets) == ["111z", "123m", "222z", "333z", "444z"]
    assert all(isinstance(g, gb16.Group) and g.concealed and not g.exposed for g in r.interpretation.sets)
    assert r.waits == ("5z",)


def test_the_suffix_and_the_keywords_give_the_same_result():
    a = gb16.score("111222333444z 123m 55z，点和5z", prevalent="S", seat="W")
    b = gb16.score("111222333444z 123m 55z", win="5z", by="discard", prevalent="S", seat="W")
    assert a == b and a.to_dict() == b.to_dict()


def test_flowers_and_flags_reach_the_case_input():
    assert case_input("x", win="5z", by="self_draw", variant="gb13", prevalent="S", seat="N", flowers=3,
                      last_of_kind=True, last_tile=True, kong_replacement=True, robbing_kong=True) == {
        "hand": "x", "win_tile": "5z", "win_by": "self_draw", "variant": "gb13", "prevalent_wind": "S",
        "seat_wind": "N", "flowers": 3, "last_of_kind": True, "last_tile": True, "kong_replacement": True,
        "robbing_kong": True}
    assert case_input("x") == {"hand": "x"}  # nothing given, nothing set: the contract's defaults apply
    # seed000 §四.4: the chicken hand (无番和 8), 9 with one flower
    r = gb16.score("[234m] [456p] [789s] [777m] 333p 44z，点和3p", flowers=1)
    assert (r.fan_points, r.flower_points, r.total) == (8, 1, 9)
    assert r.fan("flower_tiles").count == 1


def test_a_case_input_mapping_is_accepted_alone():
    data = {"hand": "111222333444z 123m 55z，点和5z", "prevalent_wind": "S", "seat_wind": "W"}
    assert gb16.score(data).total == 165
    with pytest.raises(TypeError):
        gb16.score(data, flowers=1)


def test_to_dict_and_to_json_give_the_dict_api_answer():
    data = {"hand": "147m 258p 369s 111z 555z 66z，自摸6z", "prevalent_wind": "S", "seat_wind": "W"}
    r = gb16.score(data)
    assert r.total == 28  # seed000 §四.3
    assert r.to_dict() == reference.score(data)
    assert json.loads(r.to_json()) == reference.score(data)
    assert "组合龙" in r.to_json() and "\\u" not in r.to_json()
    d = r.to_dict()
    d["total"] = 0  # a copy: the result is not changed through it
    assert r.to_dict()["total"] == 28
    with pytest.raises(dataclasses.FrozenInstanceError):
        r.total = 1


@pytest.mark.parametrize("case", [c for c in CASES if "error" not in c["expect"]], ids=lambda c: c["id"])
def test_typed_result_mirrors_the_dict_result_on_every_corpus_case(case):
    expected = reference.score(case["input"])
    r = gb16.score(case["input"])
    assert r.to_dict() == expected
    assert r == gb16.Result.from_dict(expected)
    assert (r.variant, r.total, r.fan_points, r.flower_points, r.meets_minimum) == (
        expected["variant"], expected["total"], expected["fan_points"], expected["flower_points"],
        expected["meets_minimum"])
    assert [dataclasses.asdict(f) for f in r.fans] == expected["fans"]
    assert list(r.waits) == expected["waits"]
    i, e = r.interpretation, expected["interpretation"]
    assert (i.shape, i.win_tile, i.win_in) == (e["shape"], e["win_tile"], e["win_in"])
    assert [dataclasses.asdict(g) for g in i.sets] == e["sets"]
    assert (i.pair and dataclasses.asdict(i.pair)) == e["pair"]
    assert [(x.fan, list(x.sets)) for x in i.chow_links] == [(x["fan"], x["sets"]) for x in e["chow_links"]]
    assert (i.big_combination and (i.big_combination.fan, list(i.big_combination.sets))) == (
        e["big_combination"] and (e["big_combination"]["fan"], e["big_combination"]["sets"]))
    assert i.tiles == e.get("tiles") and list(i.pairs) == e.get("pairs", [])


@pytest.mark.parametrize("case", [c for c in CASES if "error" in c["expect"]], ids=lambda c: c["id"])
def test_every_error_is_one_exception_with_the_code(case):
    with pytest.raises(gb16.InputError) as info:
        gb16.score(case["input"])
    assert info.value.code == case["expect"]["error"]
    assert info.value.message == reference.score(case["input"])["error"]["message"]
    assert info.value.code in gb16.ERROR_CODES and isinstance(info.value, ValueError)


def test_errors_of_keyword_arguments():
    with pytest.raises(gb16.InputError) as info:
        gb16.score("111222333444z 123m 55z")  # no winning tile
    assert info.value.code == "invalid_input" and "win" in info.value.message
    with pytest.raises(gb16.InputError) as info:
        gb16.score("111222333444z 123m 55z", win="5z", by="ron")
    assert info.value.code == "invalid_input"
    with pytest.raises(gb16.InputError) as info:
        gb16.score("111222333444z 123m 55z", win="5z", by="discard", flowers=9)
    assert info.value.code == "invalid_input"
    with pytest.raises(gb16.InputError) as info:
        gb16.score(17, win="5z", by="discard")  # not a hand string: the contract's check, not a TypeError
    assert info.value.code == "invalid_input"
    with pytest.raises(gb16.InputError) as info:
        gb16.waits("111z")
    assert info.value.code == "wrong_tile_count"


def test_explain_typed():
    e = gb16.explain("123m 123p 123s 456m 789p 11z", win="1z", by="discard")
    assert isinstance(e, gb16.Explanation) and len(e.readings) >= 2
    assert e.chosen is e.readings[0] and sum(r.chosen for r in e.readings) == 1
    assert e.result == gb16.score("123m 123p 123s 456m 789p 11z", win="1z", by="discard")
    assert e.chosen.total == e.result.total and all(r.total <= e.chosen.total for r in e.readings)
    assert all(isinstance(r.interpretation, gb16.Interpretation) for r in e.readings)
    assert e.to_dict() == reference.explain({"hand": "123m 123p 123s 456m 789p 11z", "win_tile": "1z",
                                             "win_by": "discard"})


def test_waits_typed():
    assert gb16.waits("1111222s 111m 222p 555z") == ("1s", "3s")


def test_rules_choose_an_option():
    from gb16.reference.rules import Rules
    data = {"hand": "111222333444z 123m 55z，点和5z", "prevalent_wind": "S", "seat_wind": "W"}
    rules = Rules.parse(edition="mcr2006")
    assert gb16.score(data, rules=rules).to_dict() == reference.score(data, rules=rules)


def test_the_package_exports_what_docs_api_md_documents():
    from gb16 import docs
    page = docs.text("api.md")
    for name in ("score", "explain", "waits", "Result", "Fan", "Interpretation", "Explanation", "Reading",
                 "InputError", "version_info", "__version__"):
        assert name in gb16.__all__ and getattr(gb16, name) is not None
        assert f"{name}" in page, name
    for name in ("ruling", "rulings", "text", "path", "examples_dir"):
        assert f"docs.{name}" in page, name
    with pytest.raises(AttributeError):
        _ = gb16.no_such_name
