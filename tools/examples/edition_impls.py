#!/usr/bin/env python3
"""Scorers that follow other editions, for demonstrations and tests of attribution.

    gb16 certify --impl python:tools/examples/edition_impls.py:kongs_scorer
    gb16 certify --impl python:tools/examples/edition_impls.py:software_scorer
    gb16 certify --impl python:tools/examples/edition_impls.py:mcr2006_scorer
    python3 tools/examples/edition_impls.py --scorer kongs        (the JSON-lines protocol)

Each takes a correct seed000 result (by default the reference's) and changes it the way a
scorer written to another rulebook would — by its own code, not through the reference's
edition switches, so that attribution (tools/harness/attribution.py) has something
independent to explain:

* ``kongs_scorer`` — 双暗杠 worth 8 (the 2006 rules) and no 明暗杠: one concealed and one
  melded kong score 暗杠 2 + 明杠 1 (the 1998 rules); declares nothing;
* ``software_scorer`` — no 平和 in a 组合龙 hand (then 无字 counts), 七对 without four
  identical tiles (gb13), and one plain bug: 缺一门 worth 2; declares nothing;
* ``mcr2006_scorer`` — the 2006 rules as a scorer written to the 2006 book counts them (双暗杠
  8, 明暗杠 6, 九莲宝灯 without 幺九刻, a self-drawn 九莲宝灯/七对/十三幺/连七对/七星不靠/
  四暗刻/全不靠 with 不求人 instead of 自摸, 四杠/三杠 with 暗杠 for each concealed kong,
  清幺九 with 双同刻, 绿一色 with 混一色, no 四归一 in a 七对 of 绿一色 or 清幺九); declares
  ``"edition": "mcr2006"`` and the per-kong reading of its 可计暗杠,
  ``"deltas": ["kongs-add-concealed-kong-each"]``;
* ``exhausted_ties_scorer`` — a tile whose four copies are all in the hand is no wait (a
  convention of real scorers), and where readings tie it lists the last admissible one
  (another chow-link choice or reading at the same total, as real scorers do); declares
  nothing.  ``exhausted_ties_bug_scorer`` is the same with one plain bug (缺一门 = 2),
  ``exhausted_ties_orphans_scorer`` with another (no 混幺九 or 字一色 beside 七对);
* ``undeclared_mcr2006_bugs_scorer`` — the 2006 sample, declaring nothing, with 缺一门 = 2 and
  no 无字: it fails most hands (the attribution benchmark of ``gb16 bench --attribution``);
* ``misdeclared_scorer`` — the kongs sample declaring ``"edition": "mcr2006"``, which it
  does not follow (no 明暗杠; 九莲宝灯 with its 幺九刻; 自摸 on a self-drawn 七对).
"""

from __future__ import annotations

import argparse
import importlib
import json
import re
import sys

from gb16 import reference
from gb16.corpus import FANS_PATH
from gb16.reference.hand import hand_from_input
from gb16.reference.readings import formal_waits
from gb16.reference.result import result_json
from gb16.reference.rules import Rules, using
from gb16.reference.scoring import admissible_interpretations, preference_key

FANS = {}


def _fan_table():
    if not FANS:
        with open(FANS_PATH, encoding="utf-8") as f:
            FANS.update({fan["id"]: fan for fan in json.load(f)["fans"]})
    return FANS


def _rebuild(result: dict, fans: dict[str, int], points: dict[str, int] | None = None) -> dict:
    """``result`` with the fan map ``fans`` (id → count), the points of ``points`` overriding."""
    table, points = _fan_table(), points or {}
    entries = []
    for fan_id in sorted(fans, key=list(table).index):
        f = table[fan_id]
        entries.append({"id": fan_id, "name": f["zh"], "en": f["en"], "points": points.get(fan_id, f["points"]),
                        "count": fans[fan_id]})
    fan_points = sum(e["points"] * e["count"] for e in entries if e["id"] != "flower_tiles")
    return dict(result, fans=entries, fan_points=fan_points, total=fan_points + result.get("flower_points", 0),
                meets_minimum=fan_points >= 8)


def _fan_map(result: dict) -> dict[str, int]:
    return {f["id"]: f["count"] for f in result["fans"]}


def _kongs(fans: dict[str, int], points: dict[str, int]) -> None:
    if "two_concealed_kongs" in fans:
        points["two_concealed_kongs"] = 8


def _no_concealed_and_melded_kong(fans: dict[str, int]) -> None:
    if fans.pop("concealed_and_melded_kong", None):
        fans["concealed_kong"] = 1
        fans["melded_kong"] = 1


def kongs_scorer(case_input, score=reference.score):
    result = score(case_input)
    if not result.get("ok"):
        return result
    fans, points = _fan_map(result), {}
    _kongs(fans, points)
    _no_concealed_and_melded_kong(fans)
    return _rebuild(result, fans, points)


kongs_scorer.gb16_metadata = {"name": "kongs-edition-sample", "version": "0.1", "language": "python",
                              "variants": ["gb16", "gb13"], "rulings": {},
                              "comment": "双暗杠 8, no 明暗杠 (declares nothing)"}

#: fans whose 不计 list names 无字 (corpus/fans.json), for the 组合龙-without-平和 rule
def _excludes_no_honours(fan_id: str) -> bool:
    return any(e["fan"] == "no_honors" for e in _fan_table()[fan_id]["excludes"])


def _has_honours(case_input) -> bool:
    hand = case_input.get("hand", "") if isinstance(case_input, dict) else ""
    return bool(re.search(r"[0-9]+z", hand)) or any(c in hand for c in "ESWNCPF东南西北中白发")


def software_scorer(case_input, score=reference.score):
    result = score(case_input)
    if not result.get("ok"):
        return result
    fans = _fan_map(result)
    if "seven_pairs" in fans and _four_identical(case_input):
        better = _best_without_seven_pairs(case_input)
        if better is None:
            return {"ok": False, "error": {"code": "not_winning_hand", "message": "七对 needs seven different pairs"}}
        result, fans = better, _fan_map(better)
    if "knitted_straight" in fans and fans.pop("all_chows", None):
        if not _has_honours(case_input) and not any(_excludes_no_honours(f) for f in fans):
            fans["no_honors"] = 1
        fans.pop("chicken_hand", None)
    if "one_voided_suit" in fans:          # the plain bug
        return _rebuild(result, fans, {"one_voided_suit": 2})
    return _rebuild(result, fans)


software_scorer.gb16_metadata = {"name": "software-conventions-sample", "version": "0.1", "language": "python",
                                 "variants": ["gb16", "gb13"], "rulings": {},
                                 "comment": "no 平和 with 组合龙, 七对 of distinct pairs, and 缺一门 = 2 (a bug)"}


def _four_identical(case_input) -> bool:
    try:
        hand = hand_from_input(case_input)
    except Exception:
        return False
    return any(n == 4 for n in hand.standing)


def _best_without_seven_pairs(case_input):
    report = reference.explain(case_input)
    others = [r for r in report.get("readings", []) if r["interpretation"]["shape"] != "seven_pairs"]
    if not others:
        return None
    best = others[0]
    return dict(report["result"], fans=best["fans"], fan_points=best["fan_points"], total=best["total"],
                meets_minimum=best["fan_points"] >= 8, interpretation=best["interpretation"])


CONCEALED_SHAPES = ("nine_gates", "seven_pairs", "thirteen_orphans", "seven_shifted_pairs",
                    "greater_honors_and_knitted_tiles", "lesser_honors_and_knitted_tiles")


def _kongs_and_terminal_pungs(case_input):
    """(concealed kongs, melded kongs, the terminal tiles held three or more times) of the hand."""
    hand = hand_from_input(case_input)
    concealed = sum(1 for k in hand.kongs if k.concealed)
    terminals = [t for t, n in enumerate(hand.counts) if n >= 3 and t < 27 and t % 9 in (0, 8)]
    return concealed, len(hand.kongs) - concealed, terminals


def _mcr2006_extras(case_input, fans: dict[str, int]) -> None:
    """四杠/三杠 with 暗杠 or 双暗杠, 清幺九 with 双同刻, 绿一色 with 混一色, and no 四归一 in a
    七对 of 绿一色 or 清幺九 (seed004's 【06版世标】 paragraphs)."""
    concealed, _, terminal_pungs = _kongs_and_terminal_pungs(case_input)
    if ("four_kongs" in fans or "three_kongs" in fans) and concealed:
        fans["concealed_kong"] = concealed             # 可计暗杠: one for each concealed kong
    if "all_terminals" in fans and "seven_pairs" not in fans and "triple_pung" not in fans:
        by_rank = [sum(1 for t in terminal_pungs if t % 9 == r) for r in (0, 8)]
        doubles = sum(1 for n in by_rank if n == 2)
        if doubles:
            fans["double_pung"] = doubles
    if "all_green" in fans and _has_honours(case_input):
        fans["half_flush"] = 1
    if "seven_pairs" in fans and ("all_green" in fans or "all_terminals" in fans):
        fans.pop("tile_hog", None)


def _mcr2006_changes(case_input, result: dict) -> dict:
    """One seed000 result as the 2006 rules score it (the module docstring's list)."""
    fans, points = _fan_map(result), {}
    _mcr2006_extras(case_input, fans)
    _kongs(fans, points)
    if "concealed_and_melded_kong" in fans:
        points["concealed_and_melded_kong"] = 6
    if "nine_gates" in fans:
        fans.pop("pung_of_terminals_or_honors", None)
    four_concealed = "four_concealed_pungs" in fans and case_input.get("variant") == "gb13"   # gb16: seed000 §二.4
    if (four_concealed or any(f in fans for f in CONCEALED_SHAPES)) and case_input.get("win_by") == "self_draw":
        fans.pop("self_drawn", None)       # 不求人 不计自摸
        fans["fully_concealed_hand"] = 1
    return _rebuild(result, fans, points)


def mcr2006_scorer(case_input, score=reference.score):
    """Every reading of the hand (``explain``) rescored by the 2006 rules, the highest taken:
    a self-drawn 七对 with 不求人 4 can overtake the standard reading seed000 chose
    (445566m 445566p 55s self-drawn on 5s: 52 against 50)."""
    result = score(case_input)
    if not result.get("ok"):
        return result
    best = _mcr2006_changes(case_input, result)
    readings = reference.explain(case_input)
    for reading in readings.get("readings", ()) if readings.get("ok") else ():
        candidate = _mcr2006_changes(case_input, dict(result, fans=reading["fans"],
                                                      interpretation=reading["interpretation"]))
        if candidate["total"] > best["total"]:
            best = candidate
    return best


mcr2006_scorer.gb16_metadata = {"name": "mcr2006-sample", "version": "0.1", "language": "python",
                                "variants": ["gb16", "gb13"], "rulings": {}, "edition": "mcr2006",
                                "deltas": ["kongs-add-concealed-kong-each"],
                                "comment": "the 2006 rules, declared (可计暗杠: one 暗杠 per concealed kong)"}

def _ties_broken_the_other_way(case_input, rules):
    """The reference's result under ``rules``, but where readings tie at the best total, the
    last admissible interpretation in the reference's own tie order (docs/rulings.md R-011)."""
    result = reference.score(case_input, rules=rules)
    if not result.get("ok"):
        return result
    hand = hand_from_input(case_input)
    interps = sorted(admissible_interpretations(hand, rules), key=lambda i: preference_key(i)[1:])
    with using(rules):
        return result_json(interps[-1], formal_waits(hand))


def exhausted_ties_scorer(case_input, score=None):
    return _ties_broken_the_other_way(case_input, Rules.parse(deltas=["exhausted-tile-no-wait"]))


exhausted_ties_scorer.gb16_metadata = {"name": "exhausted-ties-sample", "version": "0.1", "language": "python",
                                       "variants": ["gb16", "gb13"], "rulings": {},
                                       "comment": "no wait on a tile held four times; ties broken the other way "
                                                  "(declares nothing)"}


def exhausted_ties_bug_scorer(case_input, score=None):
    result = exhausted_ties_scorer(case_input)
    if not result.get("ok") or "one_voided_suit" not in _fan_map(result):
        return result
    return _rebuild(result, _fan_map(result), {"one_voided_suit": 2})   # the plain bug


exhausted_ties_bug_scorer.gb16_metadata = dict(exhausted_ties_scorer.gb16_metadata, name="exhausted-ties-bug-sample",
                                               comment="exhausted-ties-sample with 缺一门 = 2 (a bug)")


def exhausted_ties_orphans_scorer(case_input, score=None):
    """exhausted-ties-sample with one plain bug: beside 七对, neither 混幺九 nor 字一色 (detectors
    that want four sets; xinbian 第七章 18, 13 count them in any winning shape)."""
    result = exhausted_ties_scorer(case_input)
    fans = _fan_map(result) if result.get("ok") else {}
    if "seven_pairs" not in fans or not {"all_terminals_and_honors", "all_honors"} & set(fans):
        return result
    for fan_id in ("all_terminals_and_honors", "all_honors"):
        fans.pop(fan_id, None)
    return _rebuild(result, fans)


exhausted_ties_orphans_scorer.gb16_metadata = dict(
    exhausted_ties_scorer.gb16_metadata, name="exhausted-ties-orphans-sample",
    comment="exhausted-ties-sample without 混幺九 or 字一色 beside 七对 (a bug)")


def undeclared_mcr2006_bugs_scorer(case_input, score=reference.score):
    """The 2006 rules, undeclared, with two plain bugs that show on most hands: 缺一门 worth 2 and
    无字 never counted (for the attribution benchmark of gb16 bench)."""
    result = mcr2006_scorer(case_input, score)
    if not result.get("ok"):
        return result
    fans = _fan_map(result)
    fans.pop("no_honors", None)
    return _rebuild(result, fans, {"one_voided_suit": 2} if "one_voided_suit" in fans else None)


undeclared_mcr2006_bugs_scorer.gb16_metadata = dict(
    mcr2006_scorer.gb16_metadata, name="undeclared-mcr2006-bugs-sample", edition=None,
    comment="the 2006 rules, undeclared, with 缺一门 = 2 and no 无字 (bugs)")
del undeclared_mcr2006_bugs_scorer.gb16_metadata["edition"]


def misdeclared_scorer(case_input, score=reference.score):
    return kongs_scorer(case_input, score)


misdeclared_scorer.gb16_metadata = dict(kongs_scorer.gb16_metadata, name="misdeclared-sample", edition="mcr2006",
                                        comment="the kongs sample, declaring an edition it does not follow")

SCORERS = {"kongs": kongs_scorer, "software": software_scorer, "mcr2006": mcr2006_scorer,
           "exhausted-ties": exhausted_ties_scorer, "exhausted-ties-bug": exhausted_ties_bug_scorer,
           "exhausted-ties-orphans": exhausted_ties_orphans_scorer,
           "undeclared-mcr2006-bugs": undeclared_mcr2006_bugs_scorer, "misdeclared": misdeclared_scorer}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scorer", choices=sorted(SCORERS), required=True)
    parser.add_argument("--base", default="gb16.reference:score", help="the seed000 scorer to start from")
    args = parser.parse_args()
    module, _, function = args.base.rpartition(":")
    base = getattr(importlib.import_module(module), function)
    scorer = SCORERS[args.scorer]
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "start":
            reply = scorer.gb16_metadata
        elif request["cmd"] == "score":
            reply = {"seq": request["seq"], "result": scorer(request["input"], score=base)}
        else:
            break
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
