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

The work is split into chunks of hands scored by ``--jobs J`` worker processes of the kit's
runner (:mod:`gb16.tools.harness.parallel`; default: every core), each with its own implementation process, or by the workers of a Dask
distributed cluster (``--dask ADDRESS``, the ``cluster`` extra).  Lines are written in hand
order, so the run log — hands, classes and examples — is the same for any J and for Dask.
A crash, hang or garbage answer is recorded for that hand and the implementation is
restarted by the harness (:mod:`gb16.tools.harness.implementations`), exactly as in corpus runs.

This module runs the whole: the chunks are scored by :mod:`.worker`, the finished run's
classes are summed up, shrunk and printed by :mod:`.classes`, with the options of :mod:`.options`.
"""


from __future__ import annotations

import hashlib
import json
import os
import time
from pathlib import Path

from gb16.reference import jsonlines, table
from gb16.tools.differential import families as F
from gb16.tools.differential import verdict
from gb16.tools.differential.classes import shrink_classes, summarize, write_drafts
from gb16.tools.differential.options import CHUNK, KNOWN_DIR, UNEXPLAINED, Options
from gb16.tools.differential.worker import hand_id, score_hands, stop_implementations
from gb16.tools.harness import parallel, provenance, runlog
from gb16.tools.harness.attribution_search import attribute
from gb16.tools.harness.certify import check_out, experiment_of
from gb16.tools.harness.corpus import load_corpus
from gb16.tools.harness.implementations import resolve_isolated
from gb16.tools.harness.progress import Progress
from gb16.tools.harness.protocol import HarnessError
from gb16.tools.common.safe_text import file_name


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
        writer.write({"type": "resume", "at": provenance.now(), "done": len(done)})
    else:
        check_out(out, options.overwrite)
        header = {"type": "header", "format": runlog.FORMAT, "format_version": runlog.FORMAT_VERSION,
                  "kind": "differential", "started": provenance.now(), "gb16_version": provenance.gb16_version(),
                  "corpus": _identity(options), "git": provenance.git_revision(), "implementation": metadata,
                  "impl_spec": options.impl, "options": opts, "selected": options.hands,
                  "areas": {f.name: f.description for f in F.CATALOGUE if f.name in options.families},
                  "fans": [{"number": f.number, "id": f.id, "zh": f.zh, "en": f.en, "points": f.points}
                           for f in table.fans_of(options.variant)],
                  "clauses": {}, "known_failures": known, "warnings": []}
        writer = runlog.RunLogWriter.create(out, header)
    began = time.monotonic()
    records = list(done.values())
    progress = Progress(options.hands, "differential", enabled=options.progress)
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
            progress.advance(by=len(records) - progress.done)
            if options.note:
                options.note(f"{len(records)}/{options.hands} hands")
        elapsed = time.monotonic() - began
        judged = runlog.read(out).cases   # the hands as every report reads them
        found = _attribute(judged, metadata, options)
        writer.write_attribution(found)   # found once, read by every report
        summary = summarize(records, metadata, options, known, elapsed, found)
        summary["classes"] = shrink_classes(summary["classes"], options, metadata)
        write_drafts(summary, options, metadata)
        footer = runlog.footer_record(records, elapsed, 0)
        footer["differential"] = summary
        writer.write(footer)
    finally:
        writer.close()
        progress.close()
    return summary


def _attribute(judged: list, metadata: dict, options: Options):
    """The run's attribution; where hands failed, each candidate is first put to a fresh
    implementation on the corpus cases that pin it and a few generated hands where it acts
    (tools/harness/experiment.py), as a corpus run does."""
    if not any(case["status"] == "fail" for case in judged):
        return attribute(judged, metadata)
    impl = resolve_isolated(options.impl, startup_timeout=max(options.timeout, 30.0))
    try:
        impl.start()
        experiment = experiment_of(impl, metadata, options.timeout, load_corpus().cases, F.probe_hands)
        return attribute(judged, metadata, experiment)
    finally:
        impl.stop(grace=0)


def _apply_known(line: dict, known: dict[str, str]) -> None:
    key = line.get("class")
    if line["status"] in UNEXPLAINED and key and key in known:
        line["known"], line["underlying"], line["status"] = known[key], line["status"], "known"


def _chunks(options: Options, todo):
    """The scored chunks, in hand order, from the kit's worker processes or a Dask cluster."""
    args = [(options.impl, options.variant, options.seed, a, b, options.timeout, tuple(options.families))
            for a, b in todo]
    if options.dask is not None:
        yield from _dask_chunks(options.dask, args)
        return
    jobs = options.jobs or os.cpu_count() or 1
    try:
        # a worker ends with this process, and its implementation with it (harness.parallel)
        for outcome in parallel.run(score_hands, args, jobs, restarts=POOL_RESTARTS, ahead=4):
            yield outcome.result()
    except parallel.WorkerDied as died:
        raise HarnessError(f"a worker process died {died.deaths} times (last exit code {died.exitcode}); "
                           f"the finished hands are kept") from None
    finally:
        stop_implementations()   # one job scored here, in this process


#: How many dead workers are replaced (each chunk it held scored again) before the run stops
#: (with its finished hands kept for --resume).  Implementations run in processes of their own
#: (resolve_isolated), so only a fault of the worker itself — say, the out-of-memory killer —
#: ends a worker.
POOL_RESTARTS = 3


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


def summary_of_log(path) -> dict | None:
    """The differential summary kept in a run log's footer (None for a corpus run)."""
    log = runlog.read(path)
    return (log.footer or {}).get("differential")
