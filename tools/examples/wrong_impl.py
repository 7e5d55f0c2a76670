#!/usr/bin/env python3
"""A deliberately wrong implementation, for demonstrations and tests of the harness.

    python3 tools/examples/wrong_impl.py [--scorer MODULE:FUNCTION] [--defects LIST]
    gb16 certify --impl "python3 tools/examples/wrong_impl.py"
    gb16 certify --impl python:tools/examples/wrong_impl.py:score        (in-process)

It wraps a correct scorer (default gb16.reference.score) and breaks it in two named ways:

* ``red-as-white`` — reads 5z (中, letter C) as 6z (白): the 中 of the hand and the winning
  tile become 白, so a hand with both 中 and 白 loses its 箭刻 or gains a fifth 白
  (``too_many_copies``) — seed000 §四 "z的1至7依次为东南西北中白发";
* ``flowers-count`` — lets flowers count toward the 8-point minimum (meets_minimum from
  ``total`` instead of ``fan_points``) — seed000 §三 花牌 "花分不计入起和门槛".

Both defects touch only some hands, so a certification names exactly the cases they break.
"""

import argparse
import importlib
import importlib.util
import json
import re
import sys

DEFECTS = ("red-as-white", "flowers-count")


def red_as_white(case_input):
    """The input as a scorer that takes 5z for 白 would read it."""
    if not isinstance(case_input, dict):
        return case_input
    misread = dict(case_input)
    if isinstance(misread.get("hand"), str):
        hand = misread["hand"].replace("C", "P")
        # rewrite the digits in front of each z: 5 → 6
        hand = re.sub(r"([0-9]+)z", lambda m: m.group(1).replace("5", "6") + "z", hand)
        misread["hand"] = hand
    if misread.get("win_tile") == "5z":
        misread["win_tile"] = "6z"
    return misread


def wrong(score, defects=DEFECTS):
    """*score* with the named defects."""
    def scorer(case_input):
        if "red-as-white" in defects:
            case_input = red_as_white(case_input)
        result = score(case_input)
        if "flowers-count" in defects and result.get("ok"):
            result = dict(result, meets_minimum=result["total"] >= 8)
        return result
    return scorer


def _load(spec):
    """MODULE:FUNCTION, or PATH.py:FUNCTION for a file that is not on the import path."""
    module_name, _, function_name = spec.rpartition(":")
    if module_name.endswith(".py"):
        file_spec = importlib.util.spec_from_file_location("scorer_module", module_name)
        module = importlib.util.module_from_spec(file_spec)
        file_spec.loader.exec_module(module)
        return getattr(module, function_name)
    return getattr(importlib.import_module(module_name), function_name)


def score(case_input):
    """In-process entry point (``--impl python:tools/examples/wrong_impl.py:score``)."""
    return wrong(_load("gb16.reference:score"))(case_input)


GB16_METADATA = {"name": "wrong-sample", "version": "0.0", "language": "python", "variants": ["gb16", "gb13"],
                 "rulings": {}, "comment": "deliberately wrong: " + ", ".join(DEFECTS)}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scorer", default="gb16.reference:score", help="the correct scorer to break")
    parser.add_argument("--defects", default=",".join(DEFECTS), help="comma-separated, from: " + ", ".join(DEFECTS))
    args = parser.parse_args()
    defects = tuple(d for d in args.defects.split(",") if d)
    unknown = set(defects) - set(DEFECTS)
    if unknown:
        parser.error("unknown defects: " + ", ".join(sorted(unknown)))
    scorer = wrong(_load(args.scorer), defects)
    for line in sys.stdin:
        request = json.loads(line)
        if request["cmd"] == "start":
            reply = dict(GB16_METADATA, comment="deliberately wrong: " + ", ".join(defects))
        elif request["cmd"] == "score":
            reply = {"seq": request["seq"], "result": scorer(request["input"])}
        else:
            break
        sys.stdout.write(json.dumps(reply, ensure_ascii=False) + "\n")
        sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
