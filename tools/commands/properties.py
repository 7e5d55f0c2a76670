"""``gb16 properties``: run the invariants of gb16.properties.invariants against a scorer
(gb16.properties.runner), or show what their examples reach (gb16.properties.reach).

    gb16 properties                         # the reference, thorough profile (+ exhaustive checks)
    gb16 properties --no-exhaustive         # thorough, without the exhaustive one-suit checks
    gb16 properties --profile ci            # the bounded CI profile
    gb16 properties --impl python:mymod:score --only suit_permutation waits
    gb16 properties --impl "./my-scorer --protocol" --json
    gb16 properties --stats --profile ci    # the reach of each property's examples
"""

from __future__ import annotations

import json
import sys

from gb16.properties.invariants import BY_NAME, PROPERTIES
from gb16.properties.profiles import PROFILES
from gb16.properties.reach import fan_reach, format_fan_reach, format_stats, stats
from gb16.properties.runner import format_table, run_all
from gb16.properties.scorers import ScorerUnavailable, as_scorer


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
