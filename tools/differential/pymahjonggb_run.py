"""Differential certification in gb13: the reference against PyMahjongGB on random legal hands.

    gb16 certify --impl pymahjonggb --variant gb13 --random 100000 --seed 13
    python -m gb16.tools.differential.pymahjonggb_run --random 2000 --seed 13 --json out/differential.json

Every hand of :mod:`gb16.tools.differential.handgen13` is scored by both scorers and the results are
compared field by field: ``total``, ``fan_points``, ``meets_minimum`` and every fan with its
count (``waits`` are compared too and reported apart: the contract compares them only when a
case states them).  Disagreements are grouped into *classes* — the same fan-level difference,
e.g. "the reference has 全求人, PyMahjongGB has not" — each with its count and its smallest
example hand.  A class whose totals agree and whose PyMahjongGB fan list is the
reference's own fan list for another, equally scoring reading is a *tie*: docs/rulings.md
R-011 holds a scorer only to the total and one of those lists, so ties are explained by
R-011 (key prefix ``tie-``).  Any other class listed in the known-differences file
(tools/differential/known_differences/pymahjonggb.json: ``{class key or corpus case id: reason}``) is
*explained*: the reason names the ruling that decides it.  The run fails (exit status 1)
when any class is unexplained.

A class key is a slug (the known-failures file format of ``gb16 certify``): one token per
fan whose count differs — ``ref-<fan>`` when the reference counts it more often,
``pmg-<fan>`` when PyMahjongGB does — joined by ``-plus-`` in table order; ``points-differ``
when the fans agree but the points do not; ``ref-error-<code>`` / ``pmg-error-<code>`` when
only one side rejects the hand.

The run also times both scorers on the same hands (a benchmark, printed, never asserted):
the reference's ``score``, PyMahjongGB's C++ call alone, and the adapter around it.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from pathlib import Path

from gb16 import reference
from gb16.reference import table
from gb16.tools.differential import handgen13
from gb16.tools.adapters import pymahjonggb as adapter

KNOWN_DIFFERENCES = Path(__file__).with_name("known_differences") / "pymahjonggb.json"
DEFAULT_SEED = 13
COMPARED = ("total", "fan_points", "meets_minimum", "fans")
SIDES = {"ref": "the reference", "pmg": "PyMahjongGB"}


# --------------------------------------------------------------------------- comparing two results

def fan_counts(result: dict) -> dict[str, int]:
    return {f["id"]: f["count"] for f in result.get("fans", [])}


def differing_fields(ref: dict, pmg: dict) -> list[str]:
    """The compared fields on which two results differ (``error`` when either is an error)."""
    if not ref["ok"] or not pmg["ok"]:
        same = (not ref["ok"] and not pmg["ok"] and ref["error"]["code"] == pmg["error"]["code"])
        return [] if same else ["error"]
    fields = [f for f in ("total", "fan_points", "meets_minimum") if ref[f] != pmg[f]]
    if fan_counts(ref) != fan_counts(pmg):
        fields.append("fans")
    return fields


def fan_differences(ref: dict, pmg: dict) -> list[tuple[str, int, int]]:
    """``(fan id, reference count, PyMahjongGB count)`` for each fan counted differently, table order."""
    a, b = fan_counts(ref), fan_counts(pmg)
    ids = sorted(set(a) | set(b), key=table.ORDER.__getitem__)
    return [(f, a.get(f, 0), b.get(f, 0)) for f in ids if a.get(f, 0) != b.get(f, 0)]


def class_key(ref: dict, pmg: dict) -> str | None:
    """The class of a disagreement (see the module docstring); None when the results agree."""
    if not differing_fields(ref, pmg):
        return None
    if not ref["ok"] or not pmg["ok"]:
        side, result = ("ref", ref) if not ref["ok"] else ("pmg", pmg)
        if not ref["ok"] and not pmg["ok"]:
            return f"ref-error-{_slug(ref['error']['code'])}-plus-pmg-error-{_slug(pmg['error']['code'])}"
        return f"{side}-error-{_slug(result['error']['code'])}"
    tokens = [f"{'ref' if r > p else 'pmg'}-{_slug(f)}" for f, r, p in fan_differences(ref, pmg)]
    return "-plus-".join(tokens) if tokens else "points-differ"


def class_label(ref: dict, pmg: dict) -> str:
    """The class in words, e.g. "reference has 全求人; PyMahjongGB has 单钓将"."""
    if not ref["ok"] or not pmg["ok"]:
        parts = [f"{SIDES[s]} rejects the hand ({r['error']['code']})" for s, r in (("ref", ref), ("pmg", pmg))
                 if not r["ok"]]
        return "; ".join(parts)
    more = {"ref": [], "pmg": []}
    for f, r, p in fan_differences(ref, pmg):
        name = table.fan(f).zh
        more["ref" if r > p else "pmg"].append(name if min(r, p) == 0 else f"more {name}")
    parts = [f"{SIDES[s]} has {', '.join(names)}" for s, names in more.items() if names]
    return "; ".join(parts) if parts else "same fans, different points"


def _slug(text: str) -> str:
    return text.replace("_", "-")


#: A fan-level difference with equal totals where PyMahjongGB's fan list is exactly the fan list
#: of another reading the reference scores the same: two equally scoring readings, and
#: docs/rulings.md R-011 holds a scorer only to the total and one of their fan lists.
TIE_PREFIX = "tie-"
TIE_REASON = ("R-011: equally scoring readings — PyMahjongGB's fan list is the reference's own fan list "
              "for another reading with the same total; a scorer is held to the total and one of the lists")


def is_tie(case: dict, ref: dict, pmg: dict) -> bool:
    """True when the results differ only by the choice between equally scoring readings (R-011)."""
    if not (ref["ok"] and pmg["ok"]) or ref["total"] != pmg["total"] or ref["fan_points"] != pmg["fan_points"]:
        return False
    wanted = fan_counts(pmg)
    return any(reading["total"] == pmg["total"] and {f["id"]: f["count"] for f in reading["fans"]} == wanted
               for reading in reference.explain(case)["readings"])


# --------------------------------------------------------------------------- the known differences

def load_known(path: Path | str | None = None) -> dict[str, str]:
    """The known-differences file: JSON ``{class key or corpus case id: reason}``."""
    path = Path(path) if path else KNOWN_DIFFERENCES
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except FileNotFoundError:
        raise ValueError(f"known-differences file {path} does not exist") from None
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise ValueError(f"known-differences file {path} is not JSON: {exc}") from None
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) and v
                                             for k, v in data.items()):
        raise ValueError(f"known-differences file {path}: expected {{\"key\": \"reason\", …}}")
    return data


# --------------------------------------------------------------------------- the run

class _Class:
    """One class of disagreement: its count, and its smallest example so far."""

    def __init__(self, key: str):
        self.key, self.count, self.example, self.size = key, 0, None, None
        self.structures: Counter = Counter()

    def add(self, structure: str, case: dict, ref: dict, pmg: dict) -> None:
        self.count += 1
        self.structures[structure] += 1
        size = _example_size(case, ref, pmg)
        if self.size is None or size < self.size:
            self.size, self.example = size, (structure, case, ref, pmg)


def _example_size(case: dict, ref: dict, pmg: dict):
    """Smaller is simpler: fewer fans, fewer melds and flags, a lower total, a shorter hand."""
    fans = len(ref.get("fans", [])) + len(pmg.get("fans", []))
    extras = sum(1 for k in ("last_of_kind", "last_tile", "kong_replacement", "robbing_kong") if case.get(k))
    return (fans, case["hand"].count("[") + case["hand"].count("{") + extras + (case.get("flowers", 0) > 0),
            ref.get("total", 0) + pmg.get("total", 0), len(case["hand"]), json.dumps(case, sort_keys=True))


def _brief(result: dict) -> dict:
    if not result["ok"]:
        return {"error": result["error"]["code"]}
    return {"fans": fan_counts(result), "fan_points": result["fan_points"], "total": result["total"],
            "meets_minimum": result["meets_minimum"]}


def run(n: int, seed: int = DEFAULT_SEED, progress=None, known: dict[str, str] | None = None) -> dict:
    """Score ``n`` random gb13 hands (``seed``) with both scorers and classify every disagreement.

    ``progress(done, total)`` is called now and then.  ``known`` is the known-differences map
    (default: tools/differential/known_differences/pymahjonggb.json).  Returns the JSON-ready summary.
    """
    known = load_known() if known is None else known
    classes: dict[str, _Class] = {}
    fields: Counter = Counter()
    structures: dict[str, Counter] = {}
    wait_classes: dict[str, _Class] = {}
    clock = Counter()
    coverage: Counter = Counter()
    agree = 0
    for k, (structure, case) in enumerate(handgen13.hands(n, seed)):
        t0 = time.perf_counter()
        ref = reference.score(case)
        t1 = time.perf_counter()
        pmg = adapter.score(case)
        t2 = time.perf_counter()
        clock["reference"] += t1 - t0
        clock["adapter"] += t2 - t1
        clock["library"] += _library_time(case)
        tally = structures.setdefault(structure, Counter())
        tally["hands"] += 1
        coverage.update(("ref", f["id"]) for f in ref.get("fans", ()))
        coverage.update(("pmg", f["id"]) for f in pmg.get("fans", ()))
        key = class_key(ref, pmg)
        if key is None:
            agree += 1
        else:
            tally["disagree"] += 1
            fields.update(differing_fields(ref, pmg))
            if is_tie(case, ref, pmg):
                key = TIE_PREFIX + key
            classes.setdefault(key, _Class(key)).add(structure, case, ref, pmg)
        if ref["ok"] and pmg["ok"] and ref.get("waits") != pmg.get("waits"):
            wkey = _wait_class(ref["waits"], pmg["waits"])
            wait_classes.setdefault(wkey, _Class(wkey)).add(structure, case, ref, pmg)
        if progress and (k % 500 == 0 or k + 1 == n):
            progress(k + 1, n)
    return _summary(n, seed, agree, classes, fields, structures, wait_classes, clock, coverage, known)


def report_rows(n: int = 100_000, seed: int = DEFAULT_SEED, progress=None) -> list[dict]:
    """The differential run as rows for the compliance report (gb16.tools.reports.compliance).

    One row for the agreement rate (it holds when every disagreement is explained), one per
    disagreement class (it holds when the class is explained: a tie of R-011 or a known
    difference with its ruling), and one with the speed comparison (a benchmark: always holds).
    ``progress`` takes a message string.
    """
    summary = run(n, seed, progress=(lambda done, total: progress(f"gb13 differential {done}/{total}"))
                  if progress else None)
    classes = summary.get("classes", [])
    unexplained = sum(c["count"] for c in classes if not c["explained"])
    agree = summary.get("agree", n - sum(c["count"] for c in classes))
    rows = [{"name": "agreement", "claim": f"{n} random gb13 hands, seed {seed}", "holds": unexplained == 0,
             "result": f"{agree} agree ({agree / n:.3%}); {n - agree} differ, {unexplained} unexplained"}]
    for c in classes:
        example = c["example"]["input"]
        rows.append({"name": c["key"], "claim": c["label"], "checked": c["count"], "holds": c["explained"],
                     "result": ("explained: " + (c["reason"] or "")) if c["explained"] else "UNEXPLAINED",
                     "detail": f"{example['hand']} win {example.get('win_tile')} {example.get('win_by')}"})
    speed = summary.get("speed", {})
    if speed.get("ratio_reference_to_library"):
        rows.append({"name": "speed", "claim": "reference vs PyMahjongGB's C++ (a benchmark)", "holds": True,
                     "result": f"reference {speed['reference']['hands_per_second']} hands/s, PyMahjongGB "
                               f"{speed['library']['hands_per_second']} hands/s: "
                               f"{speed['ratio_reference_to_library']}× the time"})
    return rows


def _library_time(case: dict) -> float:
    """The time of PyMahjongGB's C++ call alone (the translation done beforehand)."""
    try:
        kwargs = adapter.translate(case)
    except Exception:
        return 0.0
    t0 = time.perf_counter()
    try:
        adapter.MahjongGB.MahjongFanCalculator(**kwargs, verbose=True)
    except TypeError:
        pass
    return time.perf_counter() - t0


def _wait_class(ref_waits: list[str], pmg_waits: list[str]) -> str:
    only_ref, only_pmg = sorted(set(ref_waits) - set(pmg_waits)), sorted(set(pmg_waits) - set(ref_waits))
    parts = []
    if only_ref:
        parts.append("ref-only-waits")
    if only_pmg:
        parts.append("pmg-only-waits")
    return "-plus-".join(parts)


def _summary(n, seed, agree, classes, fields, structures, wait_classes, clock, coverage, known) -> dict:
    rows = []
    for c in sorted(classes.values(), key=lambda c: (-c.count, c.key)):
        structure, case, ref, pmg = c.example
        rows.append({
            "key": c.key, "label": class_label(ref, pmg), "count": c.count,
            "share": round(c.count / n, 6), "tie": c.key.startswith(TIE_PREFIX),
            "explained": c.key in known or c.key.startswith(TIE_PREFIX),
            "reason": TIE_REASON if c.key.startswith(TIE_PREFIX) else known.get(c.key),
            "structures": dict(c.structures.most_common()),
            "example": {"structure": structure, "input": case, "reference": _brief(ref),
                        "pymahjonggb": _brief(pmg)},
        })
    disagree = n - agree
    explained = sum(r["count"] for r in rows if r["explained"])
    waits = [{"key": c.key, "count": c.count, "example": {"input": c.example[1], "reference": c.example[2]["waits"],
                                                        "pymahjonggb": c.example[3]["waits"]}}
             for c in sorted(wait_classes.values(), key=lambda c: (-c.count, c.key))]
    speed = {name: {"seconds": round(clock[name], 3), "hands_per_second": round(n / clock[name], 1) if clock[name] else None}
             for name in ("reference", "library", "adapter")}
    if clock["reference"] and clock["library"]:
        speed["ratio_reference_to_library"] = round(clock["reference"] / clock["library"], 2)
        speed["ratio_reference_to_adapter"] = round(clock["reference"] / clock["adapter"], 2)
    return {
        "kind": "gb16 differential", "variant": "gb13", "seed": seed, "hands": n,
        "reference": {"name": "gb16.reference", "version": _gb16_version()},
        "implementation": adapter.metadata(),
        "compared": list(COMPARED),
        "agree": agree, "disagree": disagree, "agreement_rate": round(agree / n, 6) if n else None,
        "ties": sum(r["count"] for r in rows if r["tie"]),
        "explained": explained, "unexplained": disagree - explained,
        "classes": rows,
        "unexplained_classes": [r["key"] for r in rows if not r["explained"]],
        "fields": dict(fields.most_common()),
        "structures": {s: {"hands": t["hands"], "disagree": t["disagree"]}
                       for s, t in sorted(structures.items(), key=lambda kv: -kv[1]["hands"])},
        "waits": {"hands_differing": sum(w["count"] for w in waits), "classes": waits},
        "speed": speed,
        "coverage": {f.id: {"reference": coverage["ref", f.id], "pymahjonggb": coverage["pmg", f.id]}
                     for f in table.fans_of("gb13")},
        "known_not_seen": sorted(k for k in known if k not in classes and _is_class_key(k)),
    }


def _is_class_key(key: str) -> bool:
    return key.startswith(("ref-", "pmg-", "points-differ"))


def _gb16_version() -> str:
    from gb16.tools.harness import runlog
    return runlog.gb16_version()


# --------------------------------------------------------------------------- output

def render(summary: dict, examples: bool = True) -> str:
    """The summary as text: the figures, then one table row per class (tabulate)."""
    from tabulate import tabulate
    n = summary["hands"]
    lines = [
        f"gb13 differential: gb16.reference vs {summary['implementation']['name']} "
        f"{summary['implementation']['version']} — {n} random hands, seed {summary['seed']}",
        f"agree {summary['agree']} ({_pct(summary['agree'], n)}), disagree {summary['disagree']}: "
        f"equally scoring readings (R-011) {summary['ties']}, "
        f"other explained {summary['explained'] - summary['ties']}, UNEXPLAINED {summary['unexplained']} "
        f"in {len(summary['unexplained_classes'])} class(es)",
    ]
    unexercised = [f for f, c in summary["coverage"].items() if not c["reference"] and not c["pymahjonggb"]]
    if unexercised:
        lines.append(f"fans no hand of this run produced: {', '.join(table.fan(f).zh for f in unexercised)}")
    if summary["classes"]:
        rows = []
        for c in summary["classes"]:
            example = c["example"]
            rows.append([
                "tie (R-011)" if c["tie"] else "explained" if c["explained"] else "UNEXPLAINED",
                c["count"], _pct(c["count"], n), c["label"],
                _hand_text(example["input"]) if examples else "",
                (c["reason"] or "")[:60],
            ])
        lines.append("")
        lines.append(tabulate(rows, headers=["status", "hands", "share", "difference", "smallest example", "reason"],
                              tablefmt="simple"))
    if summary["waits"]["hands_differing"]:
        lines.append("")
        lines.append(f"waits differ on {summary['waits']['hands_differing']} hands (not part of the verdict): "
                     + ", ".join(f"{w['key']} ×{w['count']}" for w in summary["waits"]["classes"]))
    s = summary["speed"]
    lines.append("")
    lines.append(tabulate(
        [["reference (gb16.reference.score)", s["reference"]["hands_per_second"], s["reference"]["seconds"]],
         ["PyMahjongGB (C++ call alone)", s["library"]["hands_per_second"], s["library"]["seconds"]],
         ["PyMahjongGB through the adapter", s["adapter"]["hands_per_second"], s["adapter"]["seconds"]]],
        headers=["scorer", "hands/s", "seconds"], tablefmt="simple"))
    if "ratio_reference_to_library" in s:
        lines.append(f"the reference takes {s['ratio_reference_to_library']}× the time of PyMahjongGB's C++ call "
                     f"({s['ratio_reference_to_adapter']}× the adapter's)")
    if summary["known_not_seen"]:
        lines.append(f"known differences not seen in this run: {', '.join(summary['known_not_seen'])}")
    return "\n".join(lines)


def _pct(k: int, n: int) -> str:
    return f"{100 * k / n:.3f}%" if n else "-"


def _hand_text(case: dict) -> str:
    flags = [k for k in ("last_of_kind", "last_tile", "kong_replacement", "robbing_kong") if case.get(k)]
    text = f"{case['hand']}，{'自摸' if case['win_by'] == 'self_draw' else '点和'}{case['win_tile']} " \
           f"{case['prevalent_wind']}{case['seat_wind']}"
    if case.get("flowers"):
        text += f" 花{case['flowers']}"
    return text + (" " + " ".join(flags) if flags else "")


# --------------------------------------------------------------------------- command line

def register_options(parser: argparse.ArgumentParser) -> None:
    """The options of a differential run, for ``gb16 certify`` (which owns --impl, --variant,
    --no-progress) and for this module's own command line."""
    group = parser.add_argument_group("differential run (gb13, --impl pymahjonggb)")
    group.add_argument("--random", type=int, metavar="N",
                       help="score N random legal gb13 hands with the reference and the implementation "
                            "and classify every disagreement (instead of running the corpus)")
    group.add_argument("--seed", type=int, default=DEFAULT_SEED, help=f"random seed (default {DEFAULT_SEED})")
    group.add_argument("--known-differences", metavar="FILE",
                       help="JSON {class key: reason} (default tools/differential/known_differences/pymahjonggb.json)")
    group.add_argument("--json", metavar="FILE", help="also write the summary as JSON ('-' for standard output)")


def main(args) -> int:
    """Run from parsed arguments (``random``, ``seed``, ``known_differences``, ``json`` and, when
    called by ``gb16 certify``, ``impl``, ``variant``, ``no_progress``).  Exit status 0 when
    every disagreement is explained, 1 when any is not, 2 on bad input."""
    impl = getattr(args, "impl", None) or "pymahjonggb"
    if impl != "pymahjonggb":
        print(f"gb16 certify --random: only --impl pymahjonggb has a differential run (got {impl!r})",
              file=sys.stderr)
        return 2
    if getattr(args, "variant", None) not in (None, "gb13"):
        print("gb16 certify --random: PyMahjongGB scores gb13 only; use --variant gb13", file=sys.stderr)
        return 2
    if args.random is None or args.random < 1:
        print("gb16 certify --random N: N must be a positive number of hands", file=sys.stderr)
        return 2
    try:
        known = load_known(args.known_differences)
    except ValueError as exc:
        print(f"gb16 certify: {exc}", file=sys.stderr)
        return 2
    show = sys.stderr.isatty() and not getattr(args, "no_progress", False)

    def progress(done, total):
        if show:
            print(f"\rdifferential {done}/{total}", end="", file=sys.stderr, flush=True)

    summary = run(args.random, args.seed, progress, known)
    if show:
        print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    if args.json == "-":
        sys.stdout.write(json.dumps(summary, ensure_ascii=False, indent=1) + "\n")
    else:
        print(render(summary))
        if args.json:
            Path(args.json).parent.mkdir(parents=True, exist_ok=True)
            Path(args.json).write_text(json.dumps(summary, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
            print(f"wrote {args.json}", file=sys.stderr)
    return 1 if summary["unexplained"] else 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m gb16.tools.differential.pymahjonggb_run",
                                     description=__doc__.split("\n\n")[0])
    register_options(parser)
    parser.add_argument("--no-progress", action="store_true", help="no progress line")
    parser.set_defaults(random=2000)
    return parser


if __name__ == "__main__":
    sys.exit(main(_parser().parse_args()))
