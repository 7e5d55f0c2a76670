"""``gb16 prove``: the Z3 proofs of seed000 §二.5–6 on the independent model, then the
exhaustive cross-check with the reference (:mod:`gb16.properties.proofs`,
:mod:`gb16.properties.proof_crosscheck`), as tables or JSON."""

from __future__ import annotations

import json
import sys
import time
from dataclasses import asdict

from tabulate import tabulate

from gb16.properties import proof_crosscheck as xc
from gb16.properties.proofs import describe_reading, run_claims


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "prove",
        help="Z3 proofs of the chow-combination bounds (seed000 §二.5–6) and the exhaustive cross-check",
        description="Proves the consequences of seed000 §二.5–6 on an independent Z3 model, then checks that "
                    "the reference's chow-combination points equal the model's optimum on every multiset of "
                    "five chows that fits in a hand.")
    p.add_argument("--json", action="store_true", help="print a JSON report instead of tables")
    p.add_argument("--thorough", action="store_true",
                   help="optimise every multiset in Z3 (no symmetry reduction), check the reference's links on "
                        "every multiset, and score a larger sample of real hands")
    p.add_argument("--sample", type=int, default=None, metavar="N",
                   help="real 17-tile hands scored with explain() (default 200, 2000 with --thorough)")
    p.add_argument("--seed", type=int, default=16, help="seed of the real-hand sample (default 16)")
    p.add_argument("--subset", type=int, default=None, metavar="N",
                   help="cross-check only N orbits drawn with --seed (a quick run; the default checks all)")
    p.add_argument("--claims-only", action="store_true", help="skip the cross-check")
    p.set_defaults(func=run)


def _progress_printer():
    if not sys.stderr.isatty():
        return None

    def show(message: str) -> None:
        print(f"\r\033[K{message}", end="", file=sys.stderr, flush=True)
    return show


def run(args) -> int:
    for name in ("sample", "subset"):
        value = getattr(args, name)
        if value is not None and value < 0:
            print(f"gb16 prove: --{name} must be ≥ 0", file=sys.stderr)
            return 2
    if args.thorough and args.subset is not None:
        print("gb16 prove: --thorough checks every multiset; it cannot take --subset", file=sys.stderr)
        return 2
    progress = _progress_printer()
    t0 = time.perf_counter()
    outcomes = run_claims(progress)
    report = None
    if not args.claims_only:
        sample = args.sample if args.sample is not None else (2000 if args.thorough else 200)
        reps = xc.ci_subset(args.subset, args.seed) if args.subset is not None else None
        report = xc.cross_check(thorough=args.thorough, representatives=reps, hand_sample=sample, seed=args.seed,
                                progress=progress)
    if progress:
        progress("")
        print("\r\033[K", end="", file=sys.stderr)
    elapsed = time.perf_counter() - t0
    ok = all(o.holds for o in outcomes) and (report is None or report.ok)

    if args.json:
        print(json.dumps({"ok": ok, "seconds": round(elapsed, 2),
                          "claims": [asdict(o) | {"seconds": round(o.seconds, 3)} for o in outcomes],
                          "cross_check": report.as_json() if report else None},
                         ensure_ascii=False, indent=2))
        return 0 if ok else 1

    print(tabulate([o.row() for o in outcomes], headers=["#", "claim", "clause", "result", "content", "time"]))
    for o in outcomes:
        if o.witness and o.kind in ("witness", "sanity"):
            print(f"  {o.id}: {describe_reading(o.witness)}")
        if not o.holds:
            print(f"  {o.id} FAILED: {o.detail} {describe_reading(o.witness) if o.witness else ''}")
    if report:
        print()
        print(tabulate(report.rows(), headers=["cross-check", "clause", "result", "time"]))
        for line in report.disagreement_lines(limit=20):
            print("  " + line)
    print(f"\n{'all claims proved' if ok else 'FAILURES'} — {elapsed:.1f}s")
    return 0 if ok else 1
