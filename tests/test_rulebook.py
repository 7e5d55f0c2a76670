"""The properties' own transcription of the fan table (gb16.properties.rulebook) against
corpus/fans.json, which the scorer reads: entry by entry, any difference fails naming both
sides and the clause.  And the transcription is independent: it does not open fans.json,
and every name it excludes is in the sentence it quotes."""

from __future__ import annotations

import ast
import inspect
import json

import pytest

from gb16.corpus import FANS_PATH
from gb16.properties import definitions, invariants, rulebook

JSON = {f["id"]: f for f in json.loads(FANS_PATH.read_text(encoding="utf-8"))["fans"]}
VARIANTS = ("gb16", "gb13")


def _effective(record: dict, variant: str) -> dict[str, tuple[str, str]]:
    """excluded fan -> (scope, source) of the entries acting in ``variant``."""
    return {e["fan"]: (e["scope"], e["source"]) for e in record["excludes"]
            if variant in e.get("variants", (variant,))}


def test_the_same_82_fans_in_the_same_order():
    assert [r.id for r in rulebook.TABLE] == list(JSON)
    assert [r.number for r in rulebook.TABLE] == list(range(1, 83))


@pytest.mark.parametrize("fan", list(JSON))
def test_row_agrees_with_fans_json(fan):
    mine, theirs = rulebook.FAN[fan], JSON[fan]
    for key in ("zh", "points", "repeatable"):
        assert mine[key] == theirs[key], (
            f"{fan} {key}: the texts say {mine[key]!r} (seed000 §三; xinbian 第七章; seed000 §二.8), "
            f"corpus/fans.json says {theirs[key]!r}")
    assert mine["applies"]["gb16"] == theirs["applies"]["gb16"], (
        f"{fan}: seed000 §二.1/§三 {'has' if mine['applies']['gb16'] else 'does not have'} it in gb16, "
        f"corpus/fans.json says applies.gb16 = {theirs['applies']['gb16']}")


@pytest.mark.parametrize("fan", list(JSON))
def test_exclusions_agree_with_fans_json(fan):
    """Per variant in which the excluding fan exists: the same excluded fans, the same scope."""
    problems = []
    for variant in VARIANTS:
        if not JSON[fan]["applies"][variant]:
            continue
        mine, theirs = _effective(rulebook.FAN[fan], variant), _effective(JSON[fan], variant)
        for other in sorted(set(mine) | set(theirs)):
            a, b = mine.get(other), theirs.get(other)
            if a is None:
                problems.append(f"{variant}: corpus/fans.json has {fan} 不计 {other} ({b[0]}, {b[1]}); "
                                f"no sentence of the texts says so")
            elif b is None:
                problems.append(f"{variant}: {a[1]} says {fan} 不计 {other} ({a[0]}); corpus/fans.json lacks it")
            elif a[0] != b[0]:
                problems.append(f"{variant}: {fan} 不计 {other}: scope {a[0]!r} by {a[1]}, "
                                f"{b[0]!r} in corpus/fans.json ({b[1]})")
    assert not problems, "\n".join(problems)


def test_the_diff_would_name_a_difference(monkeypatch):
    """The comparison itself can fail: a fans.json entry changed in memory is reported."""
    broken = json.loads(json.dumps(JSON["big_three_winds"]))
    broken["excludes"][0]["scope"] = "whole"
    monkeypatch.setitem(JSON, "big_three_winds", broken)
    with pytest.raises(AssertionError, match="scope 'sets' by xinbian 第七章 38"):
        test_exclusions_agree_with_fans_json("big_three_winds")


@pytest.mark.parametrize("nc", rulebook.NOT_COUNTED, ids=lambda nc: f"{nc.clause}-{'/'.join(nc.by)}")
def test_every_excluded_name_is_in_its_sentence(nc):
    words = [w for w, members in rulebook.GROUPS.items() if w in nc.quote for _ in members]
    for name in nc.names:
        in_group = any(name in rulebook.GROUPS[w] for w in words)
        assert name in nc.quote or in_group, f"{name} is not in the quoted sentence of {nc.clause}: {nc.quote}"
        assert name in rulebook.BY_ZH
    for by in nc.by:
        assert by in rulebook.BY_ZH


def test_repeatable_is_the_quoted_list():
    for _, quote in (rulebook.REPEATABLE_TEXT, rulebook.REPEATABLE_TEXT_GB16):
        assert {rulebook.ZH[f] for f in rulebook.REPEATABLE} == {n for n in rulebook.ZH.values() if n in quote}


def _imports(module) -> set[str]:
    tree = ast.parse(inspect.getsource(module))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


@pytest.mark.parametrize("module", [rulebook, definitions, invariants], ids=lambda m: m.__name__)
def test_the_properties_do_not_read_the_scorers_table(module):
    used = _imports(module)
    assert not {n for n in used if n.startswith(("gb16.reference", "gb16.corpus"))}, used
    assert "FANS_PATH" not in inspect.getsource(module)
