"""The classes of disagreement of a finished differential run (:mod:`.engine`): counted per
family, explained by the run's attribution, each with its smallest example shrunk
(:mod:`.shrink`) and written as a corpus-case draft, and printed.
"""

from __future__ import annotations

import json
import os
from collections import Counter
from pathlib import Path

from tabulate import tabulate

from gb16 import reference
from gb16.tools.differential import shrink as shrink_module
from gb16.tools.differential import verdict
from gb16.tools.differential.families import hand_text
from gb16.tools.differential.options import UNEXPLAINED, Options
from gb16.tools.differential.worker import brief
from gb16.tools.harness import declaration
from gb16.tools.harness.attribution_search import attribute
from gb16.tools.harness.implementations import resolve_isolated
from gb16.tools.common.safe_text import file_name

def summarize(records: list[dict], metadata: dict, options: Options, known: dict, elapsed: float,
              found=None) -> dict:
    """Counts, family shares and the classes (with their smallest example) of a run's lines.

    *found* is the run's attribution, as stored in its run log; it is what explains the
    classes unless some hands are known differences: those are not judged there, but the
    classes count them, so the hands are then weighed again with each one's underlying status."""
    records = sorted(records, key=lambda r: r["id"])
    counts = Counter(r["status"] for r in records)
    fams: dict[str, Counter] = {}
    classes: dict[str, dict] = {}
    for r in records:
        tally = fams.setdefault(r["area"], Counter())
        tally["hands"] += 1
        tally["ties"] += bool(r.get("tie"))
        if r.get("class") and r["status"] != "pass":
            tally["disagree"] += 1
            c = classes.setdefault(r["class"], {"key": r["class"], "count": 0, "families": Counter(),
                                                "status": r["status"], "first": r["seq"], "example": None})
            c["count"] += 1
            c["families"][r["area"]] += 1
            size = example_size(r["input"])
            if c["example"] is None or size < c["_size"]:
                c["_size"], c["example"] = size, r
    name = metadata.get("name", "the implementation")
    if found is None or counts["known"]:
        found = attribute([dict(r, status=r.get("underlying", r["status"])) for r in records], metadata)
    by_class: dict[str, Counter] = {}
    for r in records:
        if r.get("class") and r["status"] != "pass":
            label = found.attributed.get(r["id"]) or ("bug" if r["id"] in found.bugs else r["status"])
            by_class.setdefault(r["class"], Counter())[label] += 1
    rows = []
    for c in sorted(classes.values(), key=lambda c: (-c["count"], c["key"])):
        r = c["example"]
        rows.append({"key": c["key"], "label": verdict.label(c["key"], r.get("expected"), r.get("actual"), name),
                     "count": c["count"], "explained": c["key"] in known, "reason": known.get(c["key"]),
                     "attributed": dict(by_class.get(c["key"], Counter()).most_common()),
                     "families": dict(c["families"].most_common()), "first_hand": c["first"],
                     "example": {"id": r["id"], "family": r["area"], "input": r["input"],
                                 "reference": r.get("expected"), "implementation": r.get("actual"),
                                 "message": r.get("message")}})
    n = len(records)
    unexplained = sum(counts[s] for s in UNEXPLAINED)
    return {"kind": "gb16 differential", "variant": options.variant, "seed": options.seed, "hands": n,
            "implementation": metadata, "impl_spec": options.impl,
            "agree": counts["pass"], "ties": sum(1 for r in records if r.get("tie")),
            "disagree": n - counts["pass"] - counts["skipped"], "known": counts["known"],
            "unexplained": unexplained, "skipped": counts["skipped"],
            "statuses": {k: v for k, v in counts.items()},
            "families": {f: {"hands": t["hands"], "share": round(t["hands"] / n, 4) if n else 0,
                             "disagree": t["disagree"], "ties": t["ties"]}
                         for f, t in sorted(fams.items(), key=lambda kv: -kv[1]["hands"])},
            "classes": rows, "unexplained_classes": [r["key"] for r in rows if not r["explained"]],
            "attribution": {"declared": found.declared.label, "chosen": found.chosen,
                            "explanation": found.explanation() if found.chosen else None,
                            "attributed": len(found.attributed), "bugs": len(found.bugs),
                            "faults": len(found.other_failures), "contested": found.contested,
                            "evidence": {k: ev.as_json() for k, ev in found.evidence.items()},
                            "declaration": found.as_json()["declaration"],
                            "verdict": found.verdict_text(n - counts["skipped"], failing_hands(counts))
                            .replace(" cases ", " hands ")},
            "known_not_seen": sorted(k for k in known if k not in classes and not k.startswith(("gb13-", "gb16-"))),
            "elapsed": round(elapsed, 3), "hands_per_second": round(n / elapsed, 1) if elapsed > 0 else None,
            "jobs": options.jobs or os.cpu_count(), "dask": options.dask is not None}


def failing_hands(counts: Counter) -> int:
    """Hands that disagree (a known difference included: it is still a difference)."""
    return sum(counts[s] for s in UNEXPLAINED) + counts["known"]


def example_size(case: dict):
    """Smaller is simpler (see :mod:`.shrink`)."""
    return shrink_module.size(case)


def shrink_classes(rows: list[dict], options: Options, metadata: dict) -> list[dict]:
    """Each class's example, shrunk with a fresh implementation (deterministic for any J)."""
    if not rows:
        return rows
    impl = resolve_isolated(options.impl, startup_timeout=max(options.timeout, 30.0))
    declared = declaration.declared_rules(impl.start())
    try:
        for row in rows:
            key = row["key"]

            def signature(case, _impl=impl):
                ref = reference.score(case, rules=declared)
                outcome = _impl.score(1, case, options.timeout)
                _impl.take_violations()
                return verdict.judge(case, ref, outcome, declared)["class"], ref, outcome

            # a crash costs a restart, a timeout its whole time limit, in every try
            budget = (options.shrink_budget if not key.startswith(("impl-crash", "impl-timeout"))
                      else 10 if key.startswith("impl-crash") else 3)
            budget = min(budget, options.shrink_budget)
            small, tries = shrink_module.shrink(row["example"]["input"], key, signature, budget)
            _, ref, outcome = signature(small)
            row["shrunk"] = {"input": small, "tries": tries, "reference": brief(ref),
                             "implementation": brief(outcome.result) if outcome.kind == "result" else None,
                             "outcome": outcome.kind}
    finally:
        impl.stop(grace=0)
    return rows


def write_drafts(summary: dict, options: Options, metadata: dict) -> None:
    """One corpus-case draft per class: input, both results side by side, marked draft."""
    folder = Path(options.drafts) if options.drafts else Path(str(options.out) + ".drafts")
    rows = [r for r in summary["classes"] if "shrunk" in r]
    if not rows:
        return
    folder.mkdir(parents=True, exist_ok=True)
    for r in rows:
        draft = {
            "id": f"draft-{verdict.slug(metadata.get('name', 'impl'))}-{r['key']}"[:120],
            "draft": True,
            "note": "DRAFT — found by a differential run; the expectation must be worked by hand from "
                    "the texts (with its reasoning and citations) before this case joins the corpus. "
                    "The reference's result below is not an expectation.",
            "variant": options.variant, "class": r["key"], "label": r["label"], "count": r["count"],
            "families": r["families"], "input": r["shrunk"]["input"],
            "results": {"reference": r["shrunk"]["reference"],
                        metadata.get("name", "implementation"): r["shrunk"]["implementation"]},
            "found": {"run_seed": options.seed, "hand": r["example"]["id"], "original_input": r["example"]["input"]},
        }
        (folder / f"{file_name(r['key'])}.json").write_text(json.dumps(draft, ensure_ascii=False, indent=1) + "\n",
                                                      encoding="utf-8")
    summary["drafts"] = str(folder)


def render(summary: dict) -> str:
    n, impl = summary["hands"], summary["implementation"]
    lines = [
        f"{summary['variant']} differential: gb16.reference vs {impl.get('name')} {impl.get('version')} — "
        f"{n} random hands, seed {summary['seed']}",
        f"agree {summary['agree']} ({_pct(summary['agree'], n)}; ties {summary['ties']}), "
        f"disagree {summary['disagree']}: {_counted(summary)}",
        f"{summary['hands_per_second']} hands/s over {summary['elapsed']} s "
        f"({'Dask' if summary['dask'] else str(summary['jobs']) + ' job(s)'})",
        "", tabulate([[f, t["hands"], f"{100 * t['share']:.1f}%", t["disagree"], t["ties"]]
                      for f, t in summary["families"].items()],
                     headers=["family", "hands", "share", "disagree", "ties"], tablefmt="simple"),
    ]
    if summary["classes"]:
        rows = []
        for c in summary["classes"]:
            shrunk = c.get("shrunk", {}).get("input") or c["example"]["input"]
            explains = ", ".join(f"{label} ×{k}" for label, k in (c.get("attributed") or {}).items())
            rows.append(["explained" if c["explained"] else "NEW", c["count"], c["first_hand"],
                         c["label"], ", ".join(c["families"]), explains or "—", hand_text(shrunk)])
        lines += ["", tabulate(rows, headers=["status", "hands", "first", "difference", "families",
                                              "explained by", "shrunk example"], tablefmt="simple")]
    if (summary.get("attribution") or {}).get("verdict"):
        lines += ["", f"attribution: {summary['attribution']['verdict']}"]
    if summary.get("drafts"):
        lines.append(f"corpus-case drafts (expectations to be worked by hand): {summary['drafts']}")
    if summary["known_not_seen"]:
        lines.append(f"known differences not seen in this run: {', '.join(summary['known_not_seen'])}")
    return "\n".join(lines)


def _counted(summary: dict) -> str:
    """The disagreements as the attribution counted them (each once): attributed to an option or
    delta, bugs, faults (error, crash, timeout); then the known-differences file's share."""
    found = summary.get("attribution") or {}
    parts = [f"attributed {found.get('attributed', 0)}", f"bugs {found.get('bugs', 0)}",
             f"faults {found.get('faults', 0)}"]
    if summary["known"]:
        parts.append(f"known differences {summary['known']}")
    new = len(summary["unexplained_classes"])
    return ", ".join(parts) + f" ({new} class(es) not in the known-differences file)"


def _pct(k, n):
    return f"{100 * k / n:.3f}%" if n else "-"
