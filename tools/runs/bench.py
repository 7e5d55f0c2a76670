"""How fast the reference scores, on a fixed seeded sample of random hands (``gb16 bench``,
gb16.tools.commands.bench).

Three figures on the same hands: in-process (``reference.score`` in a loop), whole-process
(``gb16 score --batch`` started as a new process, JSON Lines in and out, start-up
included) and the slowest hands re-timed.  For gb13 (the hands of the differential run,
gb16.tools.differential.handgen13) PyMahjongGB's C++ call is timed on the same hands in
the same run, and the ratios are printed.
"""

from __future__ import annotations

import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time

from gb16 import reference
from gb16.docs import examples_dir
from gb16.tools.adapters import pymahjonggb as adapter
from gb16.tools.differential import handgen13
from gb16.tools.differential.handgen import random_hand


def sample(hands: int, seed: int, variant: str) -> list[dict]:
    """The benchmark's hands: gb16 from handgen, gb13 the differential run's (handgen13)."""
    if variant == "gb13":
        return [case for _, case in handgen13.hands(hands, seed)]
    rng = random.Random(seed)
    return [random_hand(rng, variant) for _ in range(hands)]


def measure(hands: int, seed: int, variant: str = "gb16", progress=None, batch_jobs: int | None = 1) -> dict:
    cases = sample(hands, seed, variant)
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
    # rather than the hand: re-time the slowest 1% (at least ten hands) and keep each one's
    # best of five.  On a busy machine the first timings are mostly noise, so the slowest
    # hand by its own cost may be far down the first ranking: hence 1%, not ten.
    slow = sorted(range(hands), key=times.__getitem__)[-max(10, hands // 100):]
    retimed = []
    for k in slow:
        best = min(_time_once(cases[k]) for _ in range(5))
        retimed.append((best, cases[k]))
    intrinsic = max(retimed, key=lambda x: x[0])
    extra = {}
    if batch_jobs is not None:
        extra["batch"] = batch_figure(cases, batch_jobs)
    if variant == "gb13":
        extra["pymahjonggb"] = library_figure(cases, elapsed, extra.get("batch"))
    return {
        "variant": variant, "seed": seed, "hands": hands, "seconds": round(elapsed, 3),
        "hands_per_second": round(hands / elapsed, 1),
        "median_ms": round(statistics.median(times) * 1000, 4),
        "p99_ms": round(sorted(times)[int(len(times) * 0.99) - 1] * 1000, 3),
        "slowest_ms": round(slowest[0] * 1000, 3), "slowest_hand": slowest[1],
        "slowest_retimed_ms": round(intrinsic[0] * 1000, 3), "slowest_retimed_hand": intrinsic[1],
        "errors": errors, **extra,
    }


#: The scorers of the attribution benchmark: one that fails no hand, one that fails most
#: (the 2006 rules undeclared, and two bugs: tools/examples/edition_impls.py).
CLEAN_SCORER = "python:gb16.tools.differential.planted:passthrough"
FAILING_SCORER = "undeclared_mcr2006_bugs_scorer"


def attribution_figure(hands: int = 3000, seed: int = 16, variant: str = "gb16") -> dict:
    """A differential run (``--random HANDS --jobs 1``) of a scorer that fails most hands and of one
    that fails none, each timed whole — scoring, attribution (its experiment included), shrinking
    — one after the other in this run; the failing/clean ratio is what the attribution costs."""
    # the differential run needs the certify extra (jsonschema); gb16 bench itself needs none
    from gb16.tools.differential.engine import run as run_differential
    from gb16.tools.differential.options import Options
    failing = f"python:{examples_dir() / 'edition_impls.py'}:{FAILING_SCORER}"
    out = {}
    with tempfile.TemporaryDirectory() as folder:
        for name, impl in (("clean", CLEAN_SCORER), ("failing", failing)):
            began = time.perf_counter()
            summary = run_differential(Options(impl=impl, hands=hands, seed=seed, variant=variant, jobs=1,
                                           out=os.path.join(folder, f"{name}.jsonl")))
            out[name] = {"seconds": round(time.perf_counter() - began, 2), "disagree": summary["disagree"],
                         "attributed": summary["attribution"]["attributed"], "bugs": summary["attribution"]["bugs"]}
    out["ratio"] = round(out["failing"]["seconds"] / out["clean"]["seconds"], 2)
    return {"hands": hands, "seed": seed, "variant": variant, **out}


def batch_figure(cases: list[dict], jobs: int = 1) -> dict:
    """``gb16 score --batch --jobs N`` on ``cases`` as one new process, timed from start to exit."""
    with tempfile.NamedTemporaryFile("w", suffix=".jsonl", delete=False, encoding="utf-8") as f:
        for case in cases:
            f.write(json.dumps(case, ensure_ascii=False) + "\n")
        path = f.name
    command = [sys.executable, "-c", "import sys; from gb16.tools.commands.cli import main; sys.exit(main())",
               "score", "--batch", "--jobs", str(jobs)]
    try:
        with open(path, "rb") as stdin:
            t0 = time.perf_counter()
            done = subprocess.run(command, stdin=stdin, stdout=subprocess.PIPE, check=False)
            seconds = time.perf_counter() - t0
    finally:
        os.unlink(path)
    lines = done.stdout.count(b"\n")
    return {"jobs": jobs, "seconds": round(seconds, 3), "hands_per_second": round(len(cases) / seconds, 1),
            "results": lines, "exit": done.returncode}


def library_figure(cases: list[dict], reference_seconds: float, batch: dict | None) -> dict:
    """PyMahjongGB's C++ call alone on the same hands (translated beforehand), and the ratios."""
    try:
        adapter._need_library()
    except Exception as e:  # not installed: say so, the other figures stand
        return {"available": False, "reason": str(e)}
    calls = []
    for case in cases:
        try:
            calls.append(adapter.translate(case))
        except Exception:
            continue
    t0 = time.perf_counter()
    for kwargs in calls:
        try:
            adapter.MahjongGB.MahjongFanCalculator(**kwargs, verbose=True)
        except TypeError:
            pass
    seconds = time.perf_counter() - t0
    rate = len(calls) / seconds if seconds else float("inf")
    figure = {"available": True, "hands": len(calls), "seconds": round(seconds, 3),
              "hands_per_second": round(rate, 1),
              "in_process_ratio": round(reference_seconds / len(cases) * rate, 1)}
    if batch:
        figure["batch_ratio"] = round(rate / batch["hands_per_second"], 1)
    return figure


def _time_once(case) -> float:
    t0 = time.perf_counter()
    reference.score(case)
    return time.perf_counter() - t0
