"""The gb13 differential run against PyMahjongGB, for the compliance report.

PyMahjongGB is one adapter (:mod:`gb16.tools.adapters.pymahjonggb`, ``--impl pymahjonggb``)
run by the generic engine (:mod:`gb16.tools.differential.engine`) like any implementation:

    gb16 certify --impl pymahjonggb --variant gb13 --random 100000 --seed 13

Its known differences are tools/differential/known_differences/pymahjonggb.json.  This
module only turns the run into rows of ``gb16 report`` and times the two scorers on the
same hands (a benchmark, printed, never asserted).
"""

from __future__ import annotations

import tempfile
import time
from pathlib import Path
from typing import Callable

from gb16 import reference
from gb16.tools.adapters import pymahjonggb as adapter
from gb16.tools.differential import engine
from gb16.tools.differential import families as F

DEFAULT_SEED = 13


def run(n: int, seed: int = DEFAULT_SEED, out: str | None = None, jobs: int | None = None,
        note: Callable[[str], None] | None = None) -> dict:
    """The engine's summary of ``n`` gb13 hands scored by PyMahjongGB (``note``: told the hands
    done after each chunk)."""
    with tempfile.TemporaryDirectory() as folder:
        options = engine.Options(impl="pymahjonggb", hands=n, seed=seed, variant="gb13", jobs=jobs,
                                 out=out or str(Path(folder) / "differential-pymahjonggb.jsonl"), note=note)
        options.overwrite = True
        return engine.run(options)


def speed(sample: int = 2000, seed: int = DEFAULT_SEED) -> dict:
    """Hands per second of the reference, PyMahjongGB's C++ call alone, and the adapter."""
    hands = [F.hand(seed, i, "gb13")[1] for i in range(sample)]
    clock = {"reference": 0.0, "library": 0.0, "adapter": 0.0}
    for case in hands:
        t0 = time.perf_counter()
        reference.score(case)
        t1 = time.perf_counter()
        adapter.score(case)
        t2 = time.perf_counter()
        clock["reference"] += t1 - t0
        clock["adapter"] += t2 - t1
        try:
            kwargs = adapter.translate(case)
            t3 = time.perf_counter()
            adapter.MahjongGB.MahjongFanCalculator(**kwargs, verbose=True)
            clock["library"] += time.perf_counter() - t3
        except Exception:
            pass
    return {name: round(sample / seconds, 1) if seconds else None for name, seconds in clock.items()}


def report_rows(n: int = 100_000, seed: int = DEFAULT_SEED, jobs: int | None = None, progress=None) -> list[dict]:
    """Rows for the compliance report: the agreement (holds when every disagreement is a known
    difference or a tie), one row per class, and the speed comparison (a benchmark).  ``jobs``:
    as ``gb16 certify --jobs`` (default: every core)."""
    if progress:
        progress(f"gb13 differential against PyMahjongGB: {n} hands …")
    summary = run(n, seed, jobs=jobs, note=progress)
    rows = [{"name": "agreement", "claim": f"{n} random gb13 hands, seed {seed}",
             "holds": summary["unexplained"] == 0,
             "result": f"{summary['agree']} agree ({summary['agree'] / n:.3%}, of which {summary['ties']} ties); "
                       f"{summary['disagree']} differ, {summary['unexplained']} unexplained"}]
    attribution = summary.get("attribution") or {}
    if attribution.get("verdict"):
        rows.append({"name": "attribution", "claim": "open-ruling options and edition deltas that explain the "
                                                     "differences (tools/harness/attribution.py)",
                     "holds": True, "result": attribution["verdict"]})
    shares = ", ".join(f"{f} {100 * t['share']:.0f}%" + (f" ({t['disagree']} differ)" if t["disagree"] else "")
                       for f, t in summary["families"].items())
    rows.append({"name": "families", "claim": "the hand families of the run and their shares", "holds": True,
                 "result": shares})
    if not summary["classes"]:
        rows.append({"name": "classes", "claim": "classes of disagreement (signature, count, shrunk example)",
                     "checked": 0, "holds": True, "result": "none: every hand agreed or tied"})
    for c in summary["classes"]:   # the class table: one row per class, with its shrunk example
        example = c.get("shrunk", {}).get("input") or c["example"]["input"]
        explains = ", ".join(f"{label} ×{k}" for label, k in (c.get("attributed") or {}).items())
        rows.append({"name": c["key"], "claim": c["label"], "checked": c["count"], "holds": c["explained"],
                     "result": (("explained: " + (c["reason"] or "")) if c["explained"] else "UNEXPLAINED")
                     + (f" · attributed: {explains}" if explains else ""),
                     "detail": f"families: {', '.join(c['families'])} · shrunk example: {F.hand_text(example)}"})
    s = speed(min(n, 2000), seed)
    if s["library"]:
        rows.append({"name": "speed", "claim": "reference vs PyMahjongGB's C++ (a benchmark)", "holds": True,
                     "result": f"reference {s['reference']} hands/s, PyMahjongGB {s['library']} hands/s "
                               f"(through the adapter {s['adapter']}): "
                               f"{round(s['library'] / s['reference'], 1)}× the reference's time"})
    return rows
