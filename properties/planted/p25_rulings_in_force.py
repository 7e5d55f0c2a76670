"""Planted bugs for property 25 (rulings_in_force, gb16.properties.invariants.p25_rulings_in_force):
scorers that declare an option of an open ruling or an edition delta (docs/contract.md, what an
implementation declares) and score otherwise, which the property must catch through its own
model of the option (tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

import gb16.reference as reference
from gb16.properties.in_force import declaration
from gb16.properties.scorers import Scorer
from gb16.reference.rules import Rules


def _declares_but_ignores(label: str) -> Scorer:
    """Declares ``label`` and scores every hand by the project's reading."""
    return Scorer(f"ignores {label}", reference.score, declared=declaration(label))


def _option_undeclared(label: str) -> Scorer:
    """Declares nothing (the project's reading) and scores by ``label``."""
    d = declaration(label)
    rules = Rules.parse(d.get("rulings", {}), None, d.get("deltas", []))
    return Scorer(f"{label} undeclared", lambda inp: reference.score(inp, rules))


def _distinct_pairs_without_their_wait() -> Scorer:
    """Declares seven-pairs-distinct and follows it, but reads "no four identical tiles" into the
    wait as well and keeps no 七对 wait: a 七对 won on its one odd tile lists the winning tile
    as no wait."""
    rules = Rules.parse((), None, ["seven-pairs-distinct"])

    def score(inp):
        result = reference.score(inp, rules)
        if result.get("ok") and (result.get("interpretation") or {}).get("shape") == "seven_pairs":
            result = {**result, "waits": [w for w in result["waits"] if w != inp.get("win_tile")]}
        return result
    return Scorer("distinct pairs, no 七对 wait", score, declared=declaration("seven-pairs-distinct"))


def _shared_pungs_left_out_of_the_trace() -> Scorer:
    """Declares R-002:C and follows it, but its 不计 trace (explain not_counted) leaves out the
    三同刻 / 三色三节高 that C removes."""
    rules = Rules.parse({"R-002": "C"})

    def explain(inp, **how):
        report = reference.explain(inp, rules, **how)
        for r in report.get("readings") or []:
            if isinstance(r.get("not_counted"), list):
                r["not_counted"] = [e for e in r["not_counted"] if "R-002" not in str(e.get("rule"))]
        return report
    return Scorer("R-002:C, no trace of it", lambda inp: reference.score(inp, rules), explain=explain,
                  declared=declaration("R-002:C"))


BUGS = [
    ("R-002:C declared, 三同刻 counted on a shared pung", lambda: _declares_but_ignores("R-002:C"), "三同刻", None),
    ("R-002:C followed, left out of the 不计 trace", _shared_pungs_left_out_of_the_trace, "不计 trace", None),
    ("R-002:C followed undeclared", lambda: _option_undeclared("R-002:C"), "the project's reading", None),
    ("R-006:C declared, 和绝张 by the winner's own melds", lambda: _declares_but_ignores("R-006:C"), "和绝张", None),
    ("R-018:B declared, 全求人 needs the discard on the pair", lambda: _declares_but_ignores("R-018:B"), "全求人",
     None),
    ("own-melds-not-visible declared, 和绝张 by the winner's own melds",
     lambda: _declares_but_ignores("own-melds-not-visible"), "和绝张", None),
    ("six-kind-seven-pairs-no-tile-hog declared, 四归一 beside 清幺九/绿一色 七对",
     lambda: _declares_but_ignores("six-kind-seven-pairs-no-tile-hog"), "四归一", None),
    ("tile-fans-basic-shape-only declared, 清一色 beside 七对",
     lambda: _declares_but_ignores("tile-fans-basic-shape-only"), "under tile-fans-basic-shape-only", None),
    ("seven-pairs-distinct declared, 七对 of four identical tiles",
     lambda: _declares_but_ignores("seven-pairs-distinct"), "four identical tiles", None),
    ("seven-pairs-distinct followed, no 七对 wait", _distinct_pairs_without_their_wait,
     "under seven-pairs-distinct", None),
]
