"""``gb16 bench``: how fast the reference scores, on a fixed seeded sample of random hands.

A benchmark, not a test: it prints figures and never fails on them.

    gb16 bench                 # 20,000 gb16 hands, seed 16
    gb16 bench -n 5000 --variant gb13 --json
"""

from __future__ import annotations

import json
import random
import statistics
import sys
import time

from gb16 import reference
from gb16.tools.differential.handgen import random_hand


def register(sub) -> None:
    p = sub.add_parser("bench", help="benchmark the reference scorer on seeded random hands")
    p.add_argument("-n", "--hands", type=int, default=20_000, help="number of hands (default 20000)")
    p.add_argument("--seed", type=int, default=16, help="random seed (default 16)")
    p.add_argument("--variant", default="gb16", choices=("gb16", "gb13"))
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=run)


def measure(hands: int, seed: int, variant: str = "gb16", progress=None) -> dict:
    rng = random.Random(seed)
    cases = [random_hand(rng, variant) for _ in range(hands)]
    times = []
    slowest = (0.0, None)
    errors = 0
    start = time.perf_counter()
    for k, case in enumerate(cases):
        t0 = time.perf_counter()
        result = reference.score(case)
        dt = time.perf_counter() - t0
        times.append(dt)
        if not result["ok"]:
            errors += 1
        if dt > slowest[0]:
            slowest = (dt, case)
        if progress and k % 1000 == 0:
            progress(k, hands)
    elapsed = time.perf_counter() - start
    # A single slow measurement may be the machine (another process, a garbage collection)
    # rather than the hand: re-time the ten slowest hands and keep each one's best of five.
    slow = sorted(range(hands), key=times.__getitem__)[-10:]
    retimed = []
    for k in slow:
        best = min(_time_once(cases[k]) for _ in range(5))
        retimed.append((best, cases[k]))
    intrinsic = max(retimed, key=lambda x: x[0])
    return {
        "variant": variant, "seed": seed, "hands": hands, "seconds": round(elapsed, 3),
        "hands_per_second": round(hands / elapsed, 1),
        "median_ms": round(statistics.median(times) * 1000, 4),
        "p99_ms": round(sorted(times)[int(len(times) * 0.99) - 1] * 1000, 3),
        "slowest_ms": round(slowest[0] * 1000, 3), "slowest_hand": slowest[1],
        "slowest_retimed_ms": round(intrinsic[0] * 1000, 3), "slowest_retimed_hand": intrinsic[1],
        "errors": errors,
    }


def _time_once(case) -> float:
    t0 = time.perf_counter()
    reference.score(case)
    return time.perf_counter() - t0


def run(args) -> int:
    def progress(k, n):
        if sys.stderr.isatty():
            print(f"\r{k}/{n}", end="", file=sys.stderr, flush=True)

    figures = measure(args.hands, args.seed, args.variant, progress)
    if sys.stderr.isatty():
        print("\r", end="", file=sys.stderr)
    if args.json:
        print(json.dumps(figures, ensure_ascii=False))
        return 0
    print(f"{figures['hands']} random {figures['variant']} hands (seed {figures['seed']}) "
          f"in {figures['seconds']} s: {figures['hands_per_second']} hands/s")
    print(f"median {figures['median_ms']} ms, p99 {figures['p99_ms']} ms, slowest {figures['slowest_ms']} ms")
    print(f"slowest hand: {json.dumps(figures['slowest_hand'], ensure_ascii=False)}")
    print(f"the ten slowest hands re-timed (best of 5): at most {figures['slowest_retimed_ms']} ms, "
          f"{json.dumps(figures['slowest_retimed_hand'], ensure_ascii=False)}")
    if figures["errors"]:
        print(f"{figures['errors']} hands were rejected as invalid (a generator bug)")
    return 0
