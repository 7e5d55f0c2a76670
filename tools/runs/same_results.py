"""Same results before and after a change to the scorer: every output, byte for byte.

    python tools/runs/same_results.py --out new.jsonl            # with the changed install
    /other/checkout/.venv/bin/python tools/runs/same_results.py --out old.jsonl
    cmp old.jsonl new.jsonl

Writes one JSON line per scored hand: ``reference.score`` on seeded random hands of both
variants (the benchmark's hands — handgen for gb16, handgen13 for gb13 — and as many from the
differential run's families), broken copies of some (another winning tile, a tile
dropped), the same hands under every open-ruling option and edition on a share, and ``reference.explain`` (every interpretation) on another share.  It
uses only the public API and the hand generators, so an older checkout runs it unchanged;
the file it writes is the comparison.  Not a test: it prints no verdict, ``cmp`` does.
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time

from gb16 import reference
from gb16.reference.rules import EDITIONS, RULINGS, Rules
from gb16.tools.differential import families, handgen13
from gb16.tools.differential.handgen import random_hand


def rule_sets():
    sets = []
    for rid, ruling in RULINGS.items():
        for option in ruling["options"]:
            if option != ruling["default"]:
                sets.append(Rules.parse([f"{rid}={option}"]))
    sets += [Rules.parse(edition=e) for e in EDITIONS]
    return sets


def cases(n: int, seed: int, variant: str):
    """The benchmark's hands, then as many from the differential run's weighted families
    (kongs, 组合龙, contested big combinations, near misses …)."""
    yield from _plain(n, seed, variant)
    for k in range(n):
        yield families.hand(seed, k, variant)[1]


def _plain(n: int, seed: int, variant: str):
    if variant == "gb13":
        yield from (case for _, case in handgen13.hands(n, seed))
        return
    rng = random.Random(seed)
    for _ in range(n):
        yield random_hand(rng, variant)


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--out", required=True)
    p.add_argument("-n", "--hands", type=int, default=50_000,
                   help="hands of each stream per variant (default 50000: the benchmark's and as many from the families)")
    p.add_argument("--seed", type=int, default=15)
    p.add_argument("--rules-every", type=int, default=10, help="every Nth hand is also scored under each rule set")
    p.add_argument("--explain-every", type=int, default=25, help="every Nth hand is also explained")
    args = p.parse_args(argv)
    rules = rule_sets()
    start, lines = time.monotonic(), 0
    with open(args.out, "w", encoding="utf-8") as out:
        for variant in ("gb16", "gb13"):
            for k, case in enumerate(cases(args.hands, args.seed, variant)):
                out.write(json.dumps(reference.score(case), ensure_ascii=False, sort_keys=False) + "\n")
                lines += 1
                if k % args.rules_every == 0:
                    for r in rules:
                        out.write(json.dumps(reference.score(case, rules=r), ensure_ascii=False) + "\n")
                        lines += 1
                if k % args.rules_every == 1:  # a broken copy: another winning tile, a tile dropped
                    rng = random.Random(k)
                    broken = dict(case, win_tile=f"{rng.randint(1, 7)}{rng.choice('mpsz')}")
                    out.write(json.dumps(reference.score(broken), ensure_ascii=False) + "\n")
                    cut = rng.randrange(len(case["hand"]))
                    out.write(json.dumps(reference.score(dict(case, hand=case["hand"][:cut] + case["hand"][cut + 1:])),
                                         ensure_ascii=False) + "\n")
                    lines += 2
                if k % args.explain_every == 0:
                    out.write(json.dumps(reference.explain(case), ensure_ascii=False) + "\n")
                    lines += 1
                if k % 20_000 == 0:
                    print(f"{variant} {k}/{args.hands} ({time.monotonic() - start:.0f} s)", file=sys.stderr)
    print(f"{lines} lines written to {args.out}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
