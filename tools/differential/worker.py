"""Scoring a chunk of random hands, in a worker process of a differential run (:mod:`.engine`).

Hand *i* of seed *S* comes from one of the hand families of :mod:`.families`; it is scored by
the reference under the rule set the implementation declares and by the implementation (one
process of its own per worker, started once), judged by :mod:`.verdict` — agree, tie, or a
disagreement with its class — and explained (:class:`Explainers`); each becomes one ``case``
line of the run log (:func:`hand_record`).
"""

from __future__ import annotations

import atexit
from collections import Counter
from multiprocessing import util

from gb16.reference.rules import DEFAULT as DEFAULT_RULES
from gb16.tools.differential import families as F
from gb16.tools.differential import verdict
from gb16.tools.harness import declaration
from gb16.tools.harness.evidence import ReferenceAnswers
from gb16.tools.harness.implementations import resolve_isolated
from gb16.tools.harness.rule_change import RuleChange

_WORKER: dict = {}


def _implementation(spec: str, timeout: float):
    """This process's implementation, started once (and stopped when the process exits)."""
    impl = _WORKER.get(spec)
    if impl is None:
        impl = resolve_isolated(spec, startup_timeout=max(timeout, 30.0))
        impl.start()
        _WORKER[spec] = impl
        atexit.register(impl.stop, 0)
        try:
            util.Finalize(impl, impl.stop, args=(0,), exitpriority=10)
        except Exception:  # pragma: no cover
            pass
    return impl


def stop_implementations() -> None:
    """Stop the implementations this process started (a run of one job scores in the main
    process: its implementation must not outlive the run)."""
    while _WORKER:
        _WORKER.popitem()[1].stop(0)


def score_hands(spec: str, variant: str, seed: int, start: int, stop: int, timeout: float,
                family_names: tuple) -> list[dict]:
    """Score hands ``start``…``stop - 1``; one run log line per hand (and violation lines)."""
    impl = _implementation(spec, timeout)
    declared = declaration.declared_rules(impl.metadata or {})
    chosen = tuple(F.BY_NAME[n] for n in family_names)
    lines = []
    explainers = Explainers(declared)   # per chunk, so that a run log is the same for any J
    for index in range(start, stop):
        family, case = F.hand(seed, index, variant, chosen)
        ref = explainers.reference.score(case, declared)
        outcome = impl.score(index + 1, case, timeout)
        lines.extend({"type": "violation", **v} for v in impl.take_violations())
        lines.append(hand_record(index, seed, variant, family, case, ref, outcome, declared, explainers))
    return lines


class Explainers:
    """Explaining the disagreements of one chunk of hands without searching every candidate
    for every hand.  A class's hands usually share their explanation: a hand is first tried
    under the options and deltas that explained earlier hands of its class in the chunk (a
    score or two); only when none does is every candidate searched
    (:func:`~gb16.tools.harness.declaration.explain_case`, some twenty scores) — and after
    ``FRUITLESS`` searches of a class found nothing, its further hands in the chunk are taken
    to be what the others were: explained by nothing.  An implementation that disagrees on
    every hand so costs about 1.3× the hands, not 20×.  The reference's answers of the chunk's
    hands are scored once, in ``reference`` (tools/harness/evidence.py), which lives as long."""

    FRUITLESS = 3

    def __init__(self, declared, reference: ReferenceAnswers | None = None):
        self.declared = declared
        self.reference = reference if reference is not None else ReferenceAnswers()
        self.found: dict[str, list[RuleChange]] = {}
        self.fruitless: Counter = Counter()

    def explain(self, key: str, case: dict, actual: dict, template: dict) -> list[RuleChange]:
        known = self.found.get(key)
        if known:
            hits = [change for change in known
                    if declaration.explains(case, change, actual, template, self.declared, self.reference)]
            if hits:
                return hits
        if self.fruitless[key] >= self.FRUITLESS:
            return []
        found = declaration.explain_case(case, actual, template, self.declared, self.reference)
        if found:
            self.found.setdefault(key, [])
            self.found[key] += [change for change in found if change not in self.found[key]]
        else:
            self.fruitless[key] += 1
        return found


def hand_id(variant: str, seed: int, index: int) -> str:
    return f"random-{variant}-s{seed}-{index:08d}"


def hand_record(index, seed, variant, family, case, ref, outcome, declared=None, explainers=None) -> dict:
    """The run log line of one judged hand.  ``ref`` is the reference's result under the rule
    set the implementation declares (``declared``: its options and edition, docs/rulings.md).
    A disagreement carries ``explained_by``: the open-ruling options and edition deltas under
    which the reference would have answered what the implementation did
    (:func:`gb16.tools.harness.declaration.explain_case`), worked out here, in the worker."""
    declared = declared or DEFAULT_RULES
    explainers = explainers or Explainers(declared)
    judged = verdict.judge(case, ref, outcome, declared, explainers.reference)
    record = {"type": "case", "id": hand_id(variant, seed, index), "area": family,
              "description": F.BY_NAME[family].description, "variant": variant, "rulings": [], "cites": [],
              "input": case, "expectation": "reference", "status": judged["status"],
              "class": judged["class"], "tie": judged["tie"], "seq": index + 1,
              "time": round(outcome.time or 0.0, 5)}
    failing = judged["status"] != "pass"
    impl = outcome.result if outcome.kind == "result" else None
    record["expected"] = expectation(ref) if failing or judged["tie"] else None
    record["actual"] = brief(impl) if (failing or judged["tie"]) and impl is not None else None
    record["diff"] = verdict.diff_lines(ref, impl) if failing else []
    if judged["status"] == "fail" and impl is not None:
        template = record["expected"] if "waits" in impl else {k: v for k, v in record["expected"].items()
                                                               if k != "waits"}
        record["explained_by"] = [change.label for change in explainers.explain(judged["class"], case, impl, template)]
    if outcome.kind != "result":
        record["message"] = outcome.message or outcome.kind
        if outcome.context is not None:
            record["context"] = outcome.context
        if outcome.offending_line is not None:
            record["offending_line"] = outcome.offending_line
    return record


def expectation(ref: dict) -> dict:
    """The reference's result in the corpus expectation form (what ``gb16 summary`` compares against)."""
    if not ref["ok"]:
        return {"error": ref["error"]["code"]}
    return {"total": ref["total"], "fan_points": ref["fan_points"], "meets_minimum": ref["meets_minimum"],
            "fans": verdict.fan_counts(ref), "waits": ref.get("waits", [])}


def brief(result: dict | None) -> dict | None:
    """The compared part of a result (what a report shows and a draft keeps)."""
    if result is None:
        return None
    if not result.get("ok", False):
        return {"ok": False, "error": result.get("error")}
    out = {k: result.get(k) for k in ("ok", "total", "fan_points", "flower_points", "meets_minimum")}
    out["fans"] = [{k: f.get(k) for k in ("id", "name", "points", "count")} for f in result.get("fans", [])
                   if isinstance(f, dict)] if isinstance(result.get("fans"), list) else result.get("fans")
    if "waits" in result:
        out["waits"] = result["waits"]
    return out
