"""``gb16 corpus check | coverage | flatten``: keeping the corpus honest and usable.

check     schema, unique and never-reused ids, citations that resolve in clauses.json,
          rulings that exist in docs/rulings.md, description style, the arithmetic of every
          expectation (points × counts, flowers, minimum) — and the reference passes every case.
coverage  fan × positive/negative cases, clause × cases, ruling × cases, against the targets.
flatten   corpus.jsonl (inputs only) and expectations.jsonl, for harnesses in any language.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from tabulate import tabulate

from gb16.tools.runs.corpus_checks import coverage, lint, reference_failures, rulings_index
from gb16.tools.harness.corpus import load_corpus
from gb16.tools.harness.protocol import HarnessError
from gb16.tools.common.safe_text import printable


def register(sub) -> None:
    p = sub.add_parser("corpus", help="check, measure and export the conformance corpus")
    csub = p.add_subparsers(dest="corpus_command", metavar="ACTION", required=True)
    c = csub.add_parser("check", help="lint the corpus and run the reference on every case")
    c.add_argument("--corpus", help="corpus folder (default: the installed corpus)")
    c.add_argument("--no-reference", action="store_true", help="lint only; do not run the reference")
    c.add_argument("--json", action="store_true", help="print the problems as JSON")
    c.set_defaults(func=run_check)
    c = csub.add_parser("coverage", help="tables: fan × positive/negative cases, clause × cases")
    c.add_argument("--corpus", help="corpus folder (default: the installed corpus)")
    c.add_argument("--variant", default="gb16", choices=("gb16", "gb13"))
    c.add_argument("--rulings", action="store_true", help="also list the cases that pin each ruling")
    c.add_argument("--strict", action="store_true", help="exit 1 when a target is not met")
    c.add_argument("--json", action="store_true")
    c.set_defaults(func=run_coverage)
    c = csub.add_parser("flatten", help="write corpus.jsonl (inputs) and expectations.jsonl")
    c.add_argument("--corpus", help="corpus folder (default: the installed corpus)")
    c.add_argument("--out", default="out/corpus", help="output folder (default out/corpus)")
    c.set_defaults(func=run_flatten)


def _load(args):
    """The corpus named by ``--corpus`` (default: the installed one), or None after saying why."""
    try:
        return load_corpus(args.corpus)
    except HarnessError as e:
        print(e, file=sys.stderr)
        return None


def run_check(args) -> int:
    corpus = _load(args)
    if corpus is None:
        return 1
    problems = [("lint", cid, msg) for cid, msg in lint(corpus, rulings_index())]
    if not args.no_reference:
        problems += [("reference", cid, msg) for cid, msg in reference_failures(corpus)]
    if args.json:
        print(json.dumps({"cases": len(corpus.cases), "problems": [
            {"kind": k, "id": cid, "message": m} for k, cid, m in problems]}, ensure_ascii=False))
    else:
        if problems:
            print(tabulate(problems, headers=("kind", "case", "problem"), tablefmt="simple", maxcolwidths=[None, 40, 90]))
        print(f"{len(corpus.cases)} cases, {len(problems)} problems")
    return 1 if problems else 0


def run_coverage(args) -> int:
    corpus = _load(args)
    if corpus is None:
        return 1
    cov = coverage(corpus, args.variant)
    if args.json:
        print(json.dumps(cov, ensure_ascii=False))
    else:
        s = cov["summary"]
        print(f"{s['cases']} {s['variant']} cases ({s['invalid_cases']} invalid-input), tiers: "
              + ", ".join(f"{tier} {n}" for tier, n in s["tiers"].items()))
        mark = {True: "ok", False: "BELOW", None: ""}
        gb13 = s["variant"] == "gb13"
        print(tabulate([(r["zh"], r["id"], r["positive"], r["negative"], r["near_misses"] or "—", mark[r["meets"]])
                        for r in cov["fans"]],
                       headers=("番种", "fan", "positive", "negative", "near misses",
                                "target ≥2/≥2" + (" (gb13-only fans)" if gb13 else ""))))
        print()
        print(tabulate([(r["anchor"], r["cases"], mark[r["meets"]]) for r in cov["clauses"]],
                       headers=("clause", "cases", "target ≥3 per 第六章 principle" if gb13 else "target ≥5")))
        if args.rulings:
            print()
            print(tabulate([(k, len(v), " ".join(v[:6]) + (" …" if len(v) > 6 else "")) for k, v in cov["rulings"].items()],
                           headers=("ruling", "cases", "pinned by")))
        print(f"\nnear misses (a negative case one step from the definition, near_miss in the case): "
              f"{s['near_miss_cases']} cases for {s['fans_with_near_misses']} of {len(cov['fans'])} fans")
        print(f"fans meeting targets: {s['fans_meeting_targets']}/{s['fans']}; clauses meeting targets: "
              f"{s['clauses_meeting_targets']}/{s['clauses_with_targets']}; "
              f"targets {'met' if s['targets_met'] else 'NOT met'}")
    return 1 if args.strict and not cov["summary"]["targets_met"] else 0


def run_flatten(args) -> int:
    corpus = _load(args)
    if corpus is None:
        return 1
    out = Path(args.out)
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        print(f"gb16 corpus flatten: error out_unusable: cannot make the folder {printable(out)}: "
              f"{exc.strerror or exc}; --out names a folder for corpus.jsonl and expectations.jsonl",
              file=sys.stderr)
        return 2
    with open(out / "corpus.jsonl", "w", encoding="utf-8") as inputs, \
            open(out / "expectations.jsonl", "w", encoding="utf-8") as expectations:
        for case in corpus.cases:
            inputs.write(json.dumps({"id": case["id"], "input": case["input"]}, ensure_ascii=False) + "\n")
            record = {k: case[k] for k in ("id", "tier", "cites", "expect") if k in case}
            for k in ("rulings", "alternatives"):
                if k in case:
                    record[k] = case[k]
            expectations.write(json.dumps(record, ensure_ascii=False) + "\n")
    print(f"{len(corpus.cases)} cases → {out / 'corpus.jsonl'} (inputs) and {out / 'expectations.jsonl'}")
    return 0
