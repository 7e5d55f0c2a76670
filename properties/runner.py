"""``gb16 properties``: run the invariants of gb16.properties.invariants against a scorer.

    gb16 properties                         # the reference, thorough profile (+ exhaustive checks)
    gb16 properties --no-exhaustive         # thorough, without the exhaustive one-suit checks
    gb16 properties --profile ci            # the bounded CI profile
    gb16 properties --impl python:mymod:score --only suit_permutation waits
    gb16 properties --impl "./my-scorer --protocol" --json

For every property the runner reports its clause, how many examples were tried (and how
many of them could be checked in full), the result (``pass``, ``FAIL``, ``error`` when the
property's own code broke, ``not checkable``), and for a failure the counterexample as
Hypothesis shrank it, with the violation message.

``run_all(profile, scorer)`` is the entry point ``gb16 report`` uses.
"""

from __future__ import annotations

import json
import sys
import time
import traceback
from typing import Any

from hypothesis import given, seed as hypothesis_seed
from hypothesis.errors import HypothesisException

from gb16.properties.invariants import PROPERTIES, BY_NAME, Property, Violation
from gb16.properties.profiles import PROFILES, get_profile, hypothesis_settings
from gb16.properties.scorers import Scorer, ScorerUnavailable, as_scorer


def run_property(prop: Property, scorer: Scorer, profile: str = "ci", seed: int | None = None,
                 max_examples: int | None = None, observe=None, shrink: bool = True) -> dict:
    """Run one property; a dict with name, clause, examples tried, result and the shrunk
    counterexample (None when it passes).  ``max_examples`` overrides the profile's budget;
    ``observe(example)`` is called with every example before it is checked (how
    gb16.properties.replay records a stream: the same test function, so the same examples).
    ``shrink=False`` stops at the first failing example and reports it as found, unshrunk
    (for a caller that only needs to know that the property fails, and why)."""
    prof = get_profile(profile)
    state: dict[str, Any] = {"calls": 0, "checked": 0, "first_failure_at": None, "last": None}

    def test(example):
        if observe is not None:
            observe(example)
        state["calls"] += 1
        try:
            complete = prop.check(scorer, example)
        except Violation as v:
            if state["first_failure_at"] is None:
                state["first_failure_at"] = state["calls"]
            state["last"] = (example, str(v))
            raise
        except Exception:
            if state["first_failure_at"] is None:
                state["first_failure_at"] = state["calls"]
            state["last"] = (example, traceback.format_exc(limit=6))
            raise
        if complete and state["first_failure_at"] is None:
            state["checked"] += 1

    wrapped = given(prop.strategy())(test)
    chosen = hypothesis_settings(prof, prop.weight, seed_given=seed is not None)
    if max_examples is not None:
        from hypothesis import settings
        chosen = settings(chosen, max_examples=max_examples)
    if not shrink:
        from hypothesis import Phase, settings
        chosen = settings(chosen, phases=[p for p in chosen.phases if p not in (Phase.shrink, Phase.explain)])
    wrapped = chosen(wrapped)
    if seed is not None:
        wrapped = hypothesis_seed(seed)(wrapped)
    began = time.monotonic()
    outcome, message = "pass", None
    try:
        wrapped()
    except Violation:
        outcome = "FAIL"
    except HypothesisException as exc:
        outcome, message = "error", f"{type(exc).__name__}: {exc}"
    except Exception:
        outcome = "error"
    elapsed = time.monotonic() - began
    examples = state["first_failure_at"] or state["calls"]
    counterexample = None
    if outcome != "pass" and state["last"] is not None:
        example, text = state["last"]
        counterexample = {"example": prop.describe(example), "violation": text}
        message = message or text
    if outcome == "pass" and state["checked"] == 0:
        outcome = "not checkable"
        message = "no example could be checked in full (the scorer's results lack the fields this property reads)"
    elif outcome == "pass" and state["checked"] < examples:
        message = f"{examples - state['checked']} example(s) only partly checked (fields missing from the results)"
    return {
        "number": prop.number,
        "name": prop.name,
        "title": prop.title,
        "clause": prop.clause,
        "profile": profile,
        "examples": examples,
        "checked": state["checked"],
        "shrink_calls": state["calls"] - examples if outcome != "pass" else 0,
        "result": outcome,
        "message": message,
        "counterexample": counterexample,
        "seconds": round(elapsed, 2),
    }


def run_all(profile: str = "thorough", scorer: Any = None, only: list[str] | None = None,
            seed: int | None = None, progress=None, exhaustive: bool | None = None) -> list[dict]:
    """Run every property (or those named in ``only``) against ``scorer`` (the reference when
    None; also a spec string or a callable).  One dict per property, and — with the thorough
    profile, unless ``exhaustive`` is False — one more per exhaustive check
    (gb16.properties.exhaustive)."""
    scorer = as_scorer(scorer)
    prof = get_profile(profile)
    selected = [BY_NAME[n] for n in only] if only else list(PROPERTIES)
    rows = []
    for prop in selected:
        if progress:
            progress(f"property {prop.number} {prop.name} …")
        rows.append(run_property(prop, scorer, profile, seed))
        if progress:
            r = rows[-1]
            progress(f"property {prop.number} {prop.name}: {r['result']} ({r['examples']} examples, {r['seconds']} s)")
    if (prof.exhaustive if exhaustive is None else exhaustive) and not only:
        from gb16.properties.exhaustive import run_exhaustive
        rows.extend(run_exhaustive(scorer, profile=profile, progress=progress))
    return rows


# --------------------------------------------------------------------------------------
# The command


def _clip(text: str | None, width: int) -> str:
    if not text:
        return ""
    text = " ".join(str(text).split())
    return text if len(text) <= width else text[: width - 1] + "…"


def format_table(rows: list[dict]) -> str:
    from tabulate import tabulate
    table = []
    for r in rows:
        ce = r.get("counterexample")
        shown = ""
        if ce:
            shown = _clip(json.dumps(ce["example"], ensure_ascii=False), 90) + " — " + _clip(ce["violation"], 160)
        elif r.get("message"):
            shown = _clip(r["message"], 120)
        table.append([f"{r['number']} {r['name']}", _clip(r["clause"], 48), r["examples"],
                      r.get("checked", ""), r["result"], shown])
    return tabulate(table, headers=["property", "clause", "examples", "checked", "result",
                                    "shrunk counterexample"], tablefmt="simple")


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "properties", help="check the invariants of the scoring rules on generated legal hands",
        description="Run the Hypothesis properties (gb16.properties.invariants) against a scorer "
                    "and report which invariants it breaks, with shrunk counterexamples.")
    p.add_argument("--impl", default="reference",
                   help="reference (default), python:MODULE:FUNCTION, or a command speaking the "
                        "harness protocol")
    p.add_argument("--profile", default="thorough", choices=sorted(PROFILES),
                   help="ci: bounded and fast; thorough: many examples and the exhaustive checks "
                        "(default)")
    p.add_argument("--only", nargs="+", metavar="NAME", choices=sorted(BY_NAME),
                   help="run only these properties")
    p.add_argument("--seed", type=int, help="a Hypothesis seed (default: derandomized)")
    p.add_argument("--no-exhaustive", action="store_true",
                   help="leave out the exhaustive one-suit checks of the thorough profile")
    p.add_argument("--json", action="store_true", help="print the rows as JSON instead of a table")
    p.add_argument("--stats", action="store_true",
                   help="do not run the checks: print what each property's examples reach (the share of "
                        "every structure it claims to check, gb16.properties.reach) at the profile's budget")
    p.set_defaults(func=run)


def run_stats(args) -> int:
    """The reach of each property's stream, and the reach per fan of each variant in the streams
    of the judging properties among them (gb16.properties.reach.fan_reach)."""
    from gb16.properties.reach import fan_reach, format_fan_reach, format_stats, stats
    names = args.only or [p.name for p in PROPERTIES]
    rows = [stats(n, args.profile) for n in names]
    per_fan = fan_reach(args.profile, names) or None
    unreached = [f"{variant} {fan}" for variant, table in (per_fan or {}).items()
                 for fan, seen in table.items() if not any(seen.values())]
    if args.json:
        print(json.dumps({"properties": rows, "fan_reach": per_fan} if per_fan else rows,
                         ensure_ascii=False, indent=1))
    else:
        print(format_stats(rows))
        if per_fan:
            print(format_fan_reach(per_fan))
        below = [f"{r['property']}: {c['feature']}" for r in rows for c in r["claims"] if not c["meets"]]
        print(f"{sum(len(r['claims']) for r in rows) - len(below)} of {sum(len(r['claims']) for r in rows)} "
              f"claimed structures reach their minimum (profile {args.profile})"
              + (f"; BELOW: {', '.join(below)}" if below else ""))
        if per_fan:
            total = sum(len(t) for t in per_fan.values())
            print(f"{total - len(unreached)} of {total} fans and forms reached by a judging property"
                  + (f"; NOT REACHED: {', '.join(unreached)}" if unreached else ""))
    return 0 if all(c["meets"] for r in rows for c in r["claims"]) and not unreached else 1


def run(args) -> int:
    if args.stats:
        return run_stats(args)
    try:
        scorer = as_scorer(args.impl)
    except ScorerUnavailable as exc:
        print(f"gb16 properties: {exc}", file=sys.stderr)
        return 2
    progress = (lambda msg: print(msg, file=sys.stderr, flush=True)) if sys.stderr.isatty() else None
    try:
        rows = run_all(args.profile, scorer, only=args.only, seed=args.seed, progress=progress,
                       exhaustive=False if args.no_exhaustive else None)
    finally:
        scorer.close()
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        print(format_table(rows))
        failed = [r for r in rows if r["result"] not in ("pass",)]
        print(f"\n{len(rows) - len(failed)} of {len(rows)} passed"
              f" ({sum(r['examples'] for r in rows)} examples, profile {args.profile}, impl {args.impl})")
    return 0 if all(r["result"] == "pass" for r in rows) else 1
