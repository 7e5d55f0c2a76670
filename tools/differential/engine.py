"""Differential certification of any implementation against the reference, on random hands.

    gb16 certify --impl SPEC --random 5000 [--seed S] [--variant gb16|gb13] [--jobs J | --dask ADDRESS]
    gb16 certify --resume --out out/differential-….jsonl     # continue an interrupted run
    gb16 summary out/differential-….jsonl --report report/   # every report format

Hand *i* of seed *S* comes from one of the hand families of :mod:`.families` and is the
same whoever scores it.  Each hand is scored by the reference (in the worker) and by the
implementation (any ``--impl`` form: a protocol subprocess, ``python:MODULE:FUNCTION`` and
``pymahjonggb`` each in a process of its own (:func:`~gb16.tools.harness.implementations.
resolve_isolated`: ``os._exit`` or a segmentation fault is that hand's ``crash``, never the
end of the pool), ``reference``), and judged by :mod:`.verdict`: agree, tie (one of the
reference's admissible fan lists), or a disagreement with its class.  Every judged hand is
a ``case`` line of a run log of the same format as corpus runs (``area`` = the family), so
``gb16 summary`` renders it in every report format, and an interrupted run resumes where it
stopped.  The footer carries the classes: count, families, and a **shrunk** example
(:mod:`.shrink`), each also written as a corpus-case draft.

The work is split into chunks of hands scored by ``--jobs J`` worker processes (default:
every core), each with its own implementation process, or by the workers of a Dask
distributed cluster (``--dask ADDRESS``, the ``cluster`` extra).  Lines are written in hand
order, so the run log — hands, classes and examples — is the same for any J and for Dask.
A crash, hang or garbage answer is recorded for that hand and the implementation is
restarted by the harness (:mod:`gb16.tools.harness.implementations`), exactly as in corpus runs.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
from collections import Counter
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass, field
from multiprocessing import get_context
from pathlib import Path

from gb16 import reference
from gb16.reference import jsonlines, table
from gb16.tools.differential import families as F
from gb16.tools.differential.families import hand_text
from gb16.tools.differential import shrink as shrink_module
from gb16.tools.differential import verdict
from gb16.reference.rules import DEFAULT as DEFAULT_RULES
from gb16.tools.harness import declaration, runlog
from gb16.tools.harness.attribution_search import attribute
from gb16.tools.harness.evidence import score_under
from gb16.tools.harness.certify import check_out
from gb16.tools.harness.implementations import resolve_isolated
from gb16.tools.harness.protocol import HarnessError
from gb16.tools.safe_text import file_name

KNOWN_DIR = Path(__file__).with_name("known_differences")
DEFAULT_SEED = 13
DEFAULT_TIMEOUT = 30.0
CHUNK = 50
UNEXPLAINED = ("fail", "error", "crash", "timeout")


@dataclass
class Options:
    impl: str
    hands: int
    seed: int = DEFAULT_SEED
    variant: str = "gb16"
    jobs: int | None = None          # None: every core
    dask: str | object | None = None  # a scheduler address, or a distributed.Client
    known: str | None = None          # None: known_differences/<implementation>.json if it exists
    timeout: float = DEFAULT_TIMEOUT
    out: str | None = None
    drafts: str | None = None         # None: <out>.drafts/
    shrink_budget: int = 400
    progress: bool = False
    resume: bool = False              # continue the interrupted run log at ``out``
    overwrite: bool = False           # replace whatever is at ``out``
    families: tuple = field(default_factory=lambda: tuple(f.name for f in F.CATALOGUE))


# --------------------------------------------------------------------------- scoring hands (workers)

_WORKER: dict = {}


def _implementation(spec: str, timeout: float):
    """This process's implementation, started once (and stopped when the process exits)."""
    impl = _WORKER.get(spec)
    if impl is None:
        impl = resolve_isolated(spec, startup_timeout=max(timeout, 30.0))
        impl.start()
        _WORKER[spec] = impl
        import atexit
        atexit.register(impl.stop, 0)
        try:
            from multiprocessing import util
            util.Finalize(impl, impl.stop, args=(0,), exitpriority=10)
        except Exception:  # pragma: no cover
            pass
    return impl


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
        ref = score_under(case, declared)
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
    every hand so costs about 1.3× the hands, not 20×."""

    FRUITLESS = 3

    def __init__(self, declared):
        self.declared = declared
        self.found: dict[str, list[str]] = {}
        self.fruitless: Counter = Counter()

    def explain(self, key: str, case: dict, actual: dict, template: dict) -> list[str]:
        known = self.found.get(key)
        if known:
            hits = [label for label in known if declaration.explains(case, label, actual, template, self.declared)]
            if hits:
                return hits
        if self.fruitless[key] >= self.FRUITLESS:
            return []
        found = declaration.explain_case(case, actual, template, self.declared)
        if found:
            self.found.setdefault(key, [])
            self.found[key] += [label for label in found if label not in self.found[key]]
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
    judged = verdict.judge(case, ref, outcome, declared)
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
        explainers = explainers or Explainers(declared)
        record["explained_by"] = explainers.explain(judged["class"], case, impl, template)
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


# --------------------------------------------------------------------------- running

def known_path(metadata: dict) -> Path:
    return KNOWN_DIR / f"{file_name(verdict.slug(metadata.get('name', 'impl')))}.json"


def load_known(path) -> dict[str, str]:
    """A known-differences file: JSON ``{class key or corpus case id: reason}``."""
    path = Path(path)
    if not path.exists():
        raise HarnessError(f"known-differences file {path} does not exist")
    try:
        data = jsonlines.load_file(path)  # strict: UTF-8, depth, numbers, duplicate keys, surrogates
    except jsonlines.JSONInputError as exc:
        raise HarnessError(f"known-differences file {exc}") from None
    if not isinstance(data, dict) or not all(isinstance(k, str) and isinstance(v, str) and v
                                             for k, v in data.items()):
        raise HarnessError(f"known-differences file {path}: expected {{\"class-key\": \"reason\", …}}")
    return data


def default_out(options: Options) -> Path:
    slug = file_name(verdict.slug(options.impl), 100)
    return Path("out") / f"differential-{slug}-{options.variant}-s{options.seed}.jsonl"


def _identity(options: Options) -> dict:
    text = json.dumps({"variant": options.variant, "seed": options.seed, "families":
                       [(f.name, f.weight) for f in F.CATALOGUE if f.name in options.families]})
    return {"path": "random hands", "version": f"differential {options.variant} seed {options.seed}",
            "hash": "sha256:" + hashlib.sha256(text.encode()).hexdigest(), "cases": options.hands}


def run(options: Options) -> dict:
    """Run (or resume) a differential run; returns the summary (also the run log's footer)."""
    if options.variant not in ("gb16", "gb13"):
        raise HarnessError(f"--variant {options.variant!r}: gb16 or gb13")
    if options.hands < 1:
        raise HarnessError("--random N: N must be a positive number of hands")
    out = Path(options.out) if options.out else default_out(options)
    options.out = str(out)
    probe = resolve_isolated(options.impl, startup_timeout=max(options.timeout, 30.0))
    metadata = probe.start()
    probe.stop()
    if options.variant not in metadata.get("variants", []):
        raise HarnessError(f"{metadata.get('name')} does not score {options.variant} "
                           f"(its variants: {', '.join(metadata.get('variants', []))})")
    kpath = Path(options.known) if options.known else known_path(metadata)
    known = load_known(kpath) if (options.known or kpath.exists()) else {}
    opts = {"variant": options.variant, "random": options.hands, "seed": options.seed,
            "timeout": options.timeout, "known_differences": str(kpath) if known else None,
            "families": list(options.families)}
    done: dict[str, dict] = {}
    if options.resume:
        log = runlog.read(out)
        if log.header.get("impl_spec") != options.impl or log.header.get("options") != opts:
            raise HarnessError(f"{out} is a run with other options or another implementation; "
                               f"start a new run with another --out")
        done = {c["id"]: c for c in log.cases}
        writer = runlog.RunLogWriter.append(out)
        writer.write({"type": "resume", "at": runlog.now(), "done": len(done)})
    else:
        check_out(out, options.overwrite)
        header = {"type": "header", "format": runlog.FORMAT, "format_version": runlog.FORMAT_VERSION,
                  "kind": "differential", "started": runlog.now(), "gb16_version": runlog.gb16_version(),
                  "corpus": _identity(options), "git": runlog.git_revision(), "implementation": metadata,
                  "impl_spec": options.impl, "options": opts, "selected": options.hands,
                  "areas": {f.name: f.description for f in F.CATALOGUE if f.name in options.families},
                  "fans": [{"number": f.number, "id": f.id, "zh": f.zh, "en": f.en, "points": f.points}
                           for f in table.fans_of(options.variant)],
                  "clauses": {}, "known_failures": known, "warnings": []}
        writer = runlog.RunLogWriter.create(out, header)
    began = time.monotonic()
    records = list(done.values())
    try:
        todo = [(a, min(a + CHUNK, options.hands)) for a in range(0, options.hands, CHUNK)
                if any(hand_id(options.variant, options.seed, i) not in done
                       for i in range(a, min(a + CHUNK, options.hands)))]
        for lines in _chunks(options, todo):
            for line in lines:
                if line["type"] == "case":
                    if line["id"] in done:
                        continue
                    _apply_known(line, known)
                    records.append(line)
                writer.write(line)
            if options.progress:
                print(f"\rdifferential {len(records)}/{options.hands}", end="", file=sys.stderr, flush=True)
        elapsed = time.monotonic() - began
        judged = runlog.read(out).cases   # the hands as every report reads them
        found = attribute(judged, metadata)
        writer.write_attribution(found)   # found once, read by every report
        summary = summarize(records, metadata, options, known, elapsed, found)
        summary["classes"] = shrink_classes(summary["classes"], options, metadata)
        write_drafts(summary, options, metadata)
        footer = runlog.footer_record(records, elapsed, 0)
        footer["differential"] = summary
        writer.write(footer)
    finally:
        writer.close()
        if options.progress:
            print("\r" + " " * 40 + "\r", end="", file=sys.stderr)
    return summary


def _apply_known(line: dict, known: dict[str, str]) -> None:
    key = line.get("class")
    if line["status"] in UNEXPLAINED and key and key in known:
        line["known"], line["underlying"], line["status"] = known[key], line["status"], "known"


def _chunks(options: Options, todo):
    """The scored chunks, in hand order, from a process pool or a Dask cluster."""
    args = [(options.impl, options.variant, options.seed, a, b, options.timeout, tuple(options.families))
            for a, b in todo]
    if options.dask is not None:
        yield from _dask_chunks(options.dask, args)
        return
    jobs = options.jobs or os.cpu_count() or 1
    if jobs == 1:
        for a in args:
            yield score_hands(*a)
        return
    yield from _pool_chunks(jobs, args)


#: How often a pool whose worker died is started again before the run stops (with its
#: finished hands kept for --resume).  Implementations run in processes of their own
#: (resolve_isolated), so only a fault of the worker itself — say, the out-of-memory killer —
#: breaks a pool.
POOL_RESTARTS = 3


def _pool_chunks(jobs: int, args):
    """The chunks from a pool of ``jobs`` processes, in order; a pool whose worker died is
    replaced and the chunks it had not returned are scored again (the same hands, the same lines)."""
    from concurrent.futures.process import BrokenProcessPool
    done, restarts = 0, 0
    while done < len(args):
        pool = ProcessPoolExecutor(max_workers=jobs, mp_context=get_context("spawn"))
        futures = [pool.submit(score_hands, *a) for a in args[done:]]
        try:
            for future in futures:
                lines = future.result()
                done += 1
                yield lines
        except BrokenProcessPool as exc:
            restarts += 1
            if restarts > POOL_RESTARTS:
                raise HarnessError(f"a worker process of the pool died {restarts} times ({exc}); "
                                   f"the finished hands are kept") from None
        finally:
            for future in futures:
                future.cancel()
            pool.shutdown(wait=True, cancel_futures=True)


def _dask_chunks(address, args):
    try:
        from distributed import Client
    except ImportError:
        raise HarnessError("--dask needs Dask distributed: pip install 'gb16[cluster]'") from None
    client = address if not isinstance(address, str) else Client(address)
    try:
        futures = [client.submit(score_hands, *a, pure=False) for a in args]
        for future in futures:
            yield future.result()
    finally:
        if isinstance(address, str):
            client.close()


# --------------------------------------------------------------------------- classes

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


# --------------------------------------------------------------------------- output

def render(summary: dict) -> str:
    from tabulate import tabulate
    n, impl = summary["hands"], summary["implementation"]
    lines = [
        f"{summary['variant']} differential: gb16.reference vs {impl.get('name')} {impl.get('version')} — "
        f"{n} random hands, seed {summary['seed']}",
        f"agree {summary['agree']} ({_pct(summary['agree'], n)}; ties {summary['ties']}), "
        f"disagree {summary['disagree']}: known {summary['known']}, UNEXPLAINED {summary['unexplained']} "
        f"in {len(summary['unexplained_classes'])} class(es)",
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


def _pct(k, n):
    return f"{100 * k / n:.3f}%" if n else "-"


def summary_of_log(path) -> dict | None:
    """The differential summary kept in a run log's footer (None for a corpus run)."""
    log = runlog.read(path)
    return (log.footer or {}).get("differential")
