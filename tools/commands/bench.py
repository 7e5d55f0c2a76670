"""``gb16 bench``: how fast the reference scores, on a fixed seeded sample of random hands.

A benchmark, not a test: it prints figures and never fails on them.

    gb16 bench                 # 20,000 gb16 hands, seed 16
    gb16 bench -n 5000 --variant gb13 --json
    gb16 bench --jobs 0        # the batch figure on every core

Three figures on the same hands: in-process (``reference.score`` in a loop), whole-process
(``gb16 score --batch`` started as a new process, JSON Lines in and out, start-up
included) and the slowest hands re-timed.  For gb13 (the hands of the differential run,
gb16.tools.differential.handgen13) PyMahjongGB's C++ call is timed on the same hands in
the same run, and the ratios are printed.
"""

from __future__ import annotations

import json
import sys

from gb16.tools.runs.bench import attribution_figure, measure


def register(sub) -> None:
    p = sub.add_parser("bench", help="benchmark the reference scorer on seeded random hands")
    p.add_argument("-n", "--hands", type=int, default=20_000, help="number of hands (default 20000)")
    p.add_argument("--seed", type=int, default=16, help="random seed (default 16)")
    p.add_argument("--variant", default="gb16", choices=("gb16", "gb13"))
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="worker processes for the whole-process batch figure (default 1; 0: every core)")
    p.add_argument("--no-batch", action="store_true", help="leave out the whole-process batch figure")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.add_argument("--attribution", action="store_true",
                   help="instead: the time of a differential run (--random HANDS --jobs 1, default 3000 hands) of a "
                        "scorer that fails most hands over that of one that fails none, in this run")
    p.set_defaults(func=run)


def run(args) -> int:
    if args.attribution:
        return _attribution(args)
    def progress(k, n):
        if sys.stderr.isatty():
            print(f"\r{k}/{n}", end="", file=sys.stderr, flush=True)

    figures = measure(args.hands, args.seed, args.variant, progress, None if args.no_batch else args.jobs)
    if sys.stderr.isatty():
        print("\r", end="", file=sys.stderr)
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
        return 0
    print(f"{figures['hands']} random {figures['variant']} hands (seed {figures['seed']}) "
          f"in {figures['seconds']} s: {figures['hands_per_second']} hands/s")
    print(f"median {figures['median_ms']} ms, p99 {figures['p99_ms']} ms, slowest {figures['slowest_ms']} ms")
    print(f"slowest hand: {json.dumps(figures['slowest_hand'], ensure_ascii=False)}")
    print(f"the slowest 1% re-timed (best of 5 each): at most {figures['slowest_retimed_ms']} ms, "
          f"{json.dumps(figures['slowest_retimed_hand'], ensure_ascii=False)}")
    batch = figures.get("batch")
    if batch:
        print(f"whole process: gb16 score --batch --jobs {batch['jobs']} in {batch['seconds']} s: "
              f"{batch['hands_per_second']} hands/s (start-up and JSON included)")
    library = figures.get("pymahjonggb")
    if library and library.get("available"):
        print(f"PyMahjongGB's C++ call on the same hands: {library['hands_per_second']} hands/s; the reference takes "
              f"{library['in_process_ratio']}× its time in process"
              + (f", {library['batch_ratio']}× whole-process" if "batch_ratio" in library else ""))
    elif library:
        print(f"PyMahjongGB not timed: {library['reason']}")
    if figures["errors"]:
        print(f"{figures['errors']} hands were rejected as invalid (a generator bug)")
    return 0


def _attribution(args) -> int:
    hands = args.hands if args.hands != 20_000 else 3000
    figures = attribution_figure(hands, args.seed, args.variant)
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
        return 0
    for name in ("clean", "failing"):
        f = figures[name]
        print(f"{name:8} {figures['hands']} random {figures['variant']} hands (seed {figures['seed']}, --jobs 1): "
              f"{f['seconds']} s; {f['disagree']} disagree, {f['attributed']} attributed, {f['bugs']} bugs")
    print(f"failing-run/clean-run time ratio: {figures['ratio']}")
    return 0
