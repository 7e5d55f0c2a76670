"""Planted scorers: the reference with one plausible bug of a real implementation each.

They show that a differential run finds, classifies and shrinks real bugs, and that it does
not cry wolf (:func:`relabelled` differs from the reference only by admissible choices).
Each is a ``python:`` implementation —

    gb16 certify --impl python:gb16.tools.differential.planted:four_shifted_pungs --random 5000

— and each can also be run behind the harness protocol, as a program in another language would be:

    gb16 certify --impl "python -m gb16.tools.differential.planted four_shifted_pungs" --random 5000

The bugs (every one seen in real MCR scorers or a direct variant of one):

* ``four_shifted_pungs`` — four pungs of one suit, three of them consecutive and the fourth
  anywhere, scored as 一色四节高 (the near miss that a corpus did not catch);
* ``concealed_kong_as_melded`` — a concealed kong scored as 明杠 (the meld state lost);
* ``flowers_outside_total`` — the flower points left out of the total (seed000 §三 花牌);
* ``single_wait_any_pair`` — 单钓将 whenever the winning tile completes the pair, even with a
  second formal wait (xinbian 第七章 79);
* ``terminal_chows_twice`` — 老少副 counted for each 123/789 pair (§二.6 "老少副依底本只能计一次");
* ``self_drawn_with_fully_concealed`` — 自摸 kept beside 不求人 (a lost 不计);
* ``seven_pairs_no_quad`` (gb13) — 七对 refused when two pairs are four identical tiles;
* ``voided_suit_two_points`` — 缺一门 listed at 2 points instead of 1 (a mistyped fan table;
  seed000 §三), so the totals are one higher wherever it counts;
* ``single_wait_never`` — 单钓将 never counted (a wait rule left out; xinbian 第七章 79);
* ``seven_pairs_no_orphan_fans`` — beside 七对, neither 混幺九 nor 字一色 (detectors that want
  four sets; xinbian 第七章 18, 13 count them in any winning shape): one delta,
  ``tile-fans-basic-shape-only``, would explain these hands, and the passing 七对 hands of 清一色
  contradict it;
* ``terminal_chows_in_forest`` — 老少副 linked like the other chow-pair fans inside the
  forest of §二.6 (the same total, another listing: 老少副 ×3 for 一般高 ×2 + 老少副 where four
  chows allow it), as a scorer that treats 老少副 as repeatable does; no bug, the delta
  ``two-terminal-chows-repeatable`` of corpus/editions.json.

``passthrough`` is the reference itself and ``relabelled`` the reference reporting another
admissible link set (or reading) at the same total; ``faulty`` crashes, hangs and answers
garbage on some hands, ``segfaulting`` has a segmentation fault on some (for the fault
handling of a run: as ``python:`` implementations they run in a process of their own).
"""

from __future__ import annotations

import ctypes
import json
import os
import sys
import time

from gb16 import reference
from gb16.reference import table
from gb16.reference.hand import hand_from_input
from gb16.reference.readings import formal_waits
from gb16.reference.result import MINIMUM, result_json
from gb16.reference.rules import Rules, using
from gb16.reference.scoring import admissible_interpretations, preference_key


def _meta(name: str, variants=("gb16", "gb13")):
    def wrap(function):
        function.gb16_metadata = {"name": f"planted-{name.replace('_', '-')}", "version": "1",
                                  "language": "python", "variants": list(variants), "rulings": {}}
        return function
    return wrap


def _with_fans(result: dict, counts: dict[str, int]) -> dict:
    """``result`` with the fan list ``counts`` (id → count), points recomputed."""
    fans = []
    for fan_id in sorted(counts, key=table.ORDER.__getitem__):
        if counts[fan_id] > 0:
            f = table.fan(fan_id)
            fans.append({"id": f.id, "name": f.zh, "en": f.en, "points": f.points, "count": counts[fan_id]})
    points = sum(f["points"] * f["count"] for f in fans if f["id"] != "flower_tiles")
    out = dict(result, fans=fans, fan_points=points, total=points + result.get("flower_points", 0))
    out["meets_minimum"] = points >= MINIMUM
    return out


def _counts(result: dict) -> dict[str, int]:
    return {f["id"]: f["count"] for f in result["fans"]}


def _sets(result: dict) -> list[dict]:
    return result.get("interpretation", {}).get("sets", [])


@_meta("passthrough")
def passthrough(case):
    return reference.score(case)


@_meta("relabelled")
def relabelled(case):
    """The reference, reporting the *last* admissible interpretation instead of the first."""
    try:
        hand = hand_from_input(case)
        interps = sorted(admissible_interpretations(hand), key=lambda i: preference_key(i)[1:])
    except Exception:
        return reference.score(case)
    return result_json(interps[-1], formal_waits(hand))


@_meta("four-shifted-pungs")
def four_shifted_pungs(case):
    result = reference.score(case)
    if not result["ok"]:
        return result
    by_suit: dict[str, set[int]] = {}
    for s in _sets(result):
        if s["kind"] in ("pung", "kong") and s["tiles"][-1] in "mps":
            by_suit.setdefault(s["tiles"][-1], set()).add(int(s["tiles"][0]))
    for ranks in by_suit.values():
        runs = any({r, r + 1, r + 2} <= ranks for r in range(1, 8))
        if len(ranks) >= 4 and runs:
            counts = _counts(result)
            counts.pop("pure_shifted_pungs", None)
            counts["four_pure_shifted_pungs"] = 1
            return _with_fans(result, counts)
    return result


@_meta("concealed-kong-as-melded")
def concealed_kong_as_melded(case):
    result = reference.score(case)
    if result["ok"] and "concealed_kong" in _counts(result):
        counts = _counts(result)
        counts["melded_kong"] = counts.get("melded_kong", 0) + counts.pop("concealed_kong")
        return _with_fans(result, counts)
    return result


@_meta("flowers-outside-total")
def flowers_outside_total(case):
    result = reference.score(case)
    if result["ok"] and result.get("flower_points"):
        result = dict(result, total=result["fan_points"])
    return result


@_meta("single-wait-any-pair")
def single_wait_any_pair(case):
    result = reference.score(case)
    if (result["ok"] and result.get("interpretation", {}).get("win_in") == "pair"
            and "single_wait" not in _counts(result) and len(result.get("waits", [])) > 1):
        counts = _counts(result)
        counts["single_wait"] = 1
        counts.pop("chicken_hand", None)
        return _with_fans(result, counts)
    return result


@_meta("terminal-chows-twice")
def terminal_chows_twice(case):
    result = reference.score(case)
    if not result["ok"] or _counts(result).get("two_terminal_chows") != 1:
        return result
    chows = [s["tiles"] for s in _sets(result) if s["kind"] == "chow"]
    pairs = sum(min(chows.count(f"123{suit}"), chows.count(f"789{suit}")) for suit in "mps")
    if pairs >= 2:
        return _with_fans(result, dict(_counts(result), two_terminal_chows=pairs))
    return result


@_meta("self-drawn-with-fully-concealed")
def self_drawn_with_fully_concealed(case):
    result = reference.score(case)
    if result["ok"] and "fully_concealed_hand" in _counts(result) and "self_drawn" not in _counts(result):
        return _with_fans(result, dict(_counts(result), self_drawn=1))
    return result


@_meta("seven-pairs-no-quad", variants=("gb13",))
def seven_pairs_no_quad(case):
    result = reference.score(case)
    interp = result.get("interpretation", {}) if result["ok"] else {}
    if interp.get("shape") == "seven_pairs" and len(set(interp.get("pairs", []))) < 7:
        return {"ok": False, "error": {"code": "not_winning_hand", "message": "seven pairs need seven kinds"}}
    return result


@_meta("voided-suit-two-points")
def voided_suit_two_points(case):
    result = reference.score(case)
    if not result["ok"] or "one_voided_suit" not in _counts(result):
        return result
    fans = [dict(f, points=2) if f["id"] == "one_voided_suit" else f for f in result["fans"]]
    extra = sum(f["count"] for f in fans if f["id"] == "one_voided_suit")
    points = result["fan_points"] + extra
    return dict(result, fans=fans, fan_points=points, total=result["total"] + extra,
                meets_minimum=points >= MINIMUM)


@_meta("single-wait-never")
def single_wait_never(case):
    result = reference.score(case)
    if result["ok"] and "single_wait" in _counts(result):
        counts = _counts(result)
        counts.pop("single_wait")
        return _with_fans(result, counts)
    return result


#: Fans a scorer whose detectors want four sets never finds beside 七对.
_FOUR_SET_FANS = ("all_terminals_and_honors", "all_honors")


@_meta("seven-pairs-no-orphan-fans")
def seven_pairs_no_orphan_fans(case):
    result = reference.score(case)
    if not result["ok"] or "seven_pairs" not in _counts(result):
        return result
    counts = _counts(result)
    if not any(fan in counts for fan in _FOUR_SET_FANS):
        return result
    for fan in _FOUR_SET_FANS:
        counts.pop(fan, None)
    return _with_fans(result, counts)


@_meta("terminal-chows-in-forest")
def terminal_chows_in_forest(case):
    result = reference.score(case)
    if not result["ok"] or "two_terminal_chows" not in _counts(result):
        return result
    repeatable = Rules.parse(deltas=["two-terminal-chows-repeatable"])
    try:
        hand = hand_from_input(case)
        interps = admissible_interpretations(hand, repeatable)
    except Exception:
        return result
    most = max(interps, key=lambda i: (len(i.fans.get("two_terminal_chows", ())), preference_key(i)))
    if len(most.fans.get("two_terminal_chows", ())) <= _counts(result)["two_terminal_chows"]:
        return result
    with using(repeatable):
        return result_json(most, formal_waits(hand))


@_meta("faulty")
def faulty(case):
    """The reference, except with 8 flowers: 东 round → exits, 南 → hangs, 西 → garbage."""
    if case.get("flowers") == 8:
        wind = case.get("prevalent_wind")
        if wind == "E":
            os._exit(3)
        if wind == "S":
            time.sleep(3600)
        if wind == "W":
            return {"ok": True, "fans": "garbage"}
    return reference.score(case)


@_meta("segfaulting")
def segfaulting(case):
    """The reference, except with 8 flowers: a segmentation fault (as a C extension may have)."""
    if case.get("flowers") == 8:
        ctypes.string_at(0)
    return reference.score(case)


PLANTED = {"four_shifted_pungs": four_shifted_pungs, "concealed_kong_as_melded": concealed_kong_as_melded,
           "flowers_outside_total": flowers_outside_total, "single_wait_any_pair": single_wait_any_pair,
           "terminal_chows_twice": terminal_chows_twice,
           "self_drawn_with_fully_concealed": self_drawn_with_fully_concealed,
           "seven_pairs_no_quad": seven_pairs_no_quad, "voided_suit_two_points": voided_suit_two_points,
           "single_wait_never": single_wait_never, "seven_pairs_no_orphan_fans": seven_pairs_no_orphan_fans,
           "terminal_chows_in_forest": terminal_chows_in_forest}
ALL = dict(PLANTED, passthrough=passthrough, relabelled=relabelled, faulty=faulty, segfaulting=segfaulting)


def serve(function, stdin=sys.stdin, stdout=sys.stdout) -> None:
    """The harness protocol (corpus/schema/protocol/) around ``function``: JSON Lines in and out."""
    def reply(message):
        stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request.get("cmd") == "start":
            reply(function.gb16_metadata)
        elif request.get("cmd") == "score":
            reply({"seq": request["seq"], "result": function(request["input"])})
        elif request.get("cmd") == "stop":
            return


if __name__ == "__main__":
    if len(sys.argv) != 2 or sys.argv[1] not in ALL:
        print(f"usage: python -m gb16.tools.differential.planted {{{','.join(ALL)}}}", file=sys.stderr)
        sys.exit(2)
    serve(ALL[sys.argv[1]])
