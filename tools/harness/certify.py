"""Certification: run an implementation against the corpus and judge it (the command line is
gb16.tools.commands.certify).

Every case goes through :func:`judge`: the expectation is chosen for the implementation's
declared ruling options (compare.select_expectation), the input is sent (never the id or
the expected values), and the outcome becomes one status — pass, fail, error, crash,
timeout, skipped, or known (a failure listed in the known-failures file).  Each case line
is appended to the run log as soon as it is decided.
"""

from __future__ import annotations

import shlex
import time
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Callable

from gb16.reference import jsonlines
from gb16.tools.harness import declaration, provenance, runlog
from gb16.tools.harness.attribution_search import attribute
from gb16.tools.harness.evidence import ReferenceAnswers
from gb16.tools.harness.experiment import Experiment
from gb16.tools.harness.joined import evidence_cases
from gb16.tools.harness.compare import compare, reading_only
from gb16.tools.harness.corpus import VARIANTS, Corpus, case_variant, load_corpus, select_cases
from gb16.tools.harness.features import blocking, case_features, missing_capabilities, restrict
from gb16.tools.harness.implementations import Implementation, resolve_implementation, resolve_isolated
from gb16.tools.harness.progress import Progress
from gb16.tools.harness.protocol import HarnessError, Outcome, kept_result, merge_dropped, schema_problem
from gb16.tools.harness.runlog import RunLogError, RunLogWriter

DEFAULT_TIMEOUT = 30.0


@dataclass
class CertifyOptions:
    impl: str | None
    corpus: str | None = None
    variant: str | None = None
    filters: list[str] = field(default_factory=list)
    timeout: float = DEFAULT_TIMEOUT
    known_failures: str | None = None
    out: str | None = None
    resume: bool = False
    overwrite: bool = False
    progress: bool | None = None    # None: only on a terminal outside CI
    allow_empty: bool = False
    maxfail: int | None = None      # stop after this many failing cases (the footer says so)
    in_process: bool = False        # a python: function called in certify's own process (--in-process)
    last_failed: str | None = None  # a run log: only the cases that failed in it (--last-failed)
    #: generated hands an attribution experiment may ask about (tools/harness/experiment.py
    #: ``Pool``; the command gives the differential's hand families); None: corpus cases only
    probe_pool: Callable | None = None
    #: earlier run logs of the same implementation whose judged cases are weighed as evidence
    #: beside this run's (--evidence; --last-failed adds the log it reads), tools/harness/joined.py
    evidence: list[str] = field(default_factory=list)


# --------------------------------------------------------------------------- judging one case

def load_known_failures(path: str | None) -> dict[str, str]:
    """The known-failures file: JSON ``{case id: reason}``."""
    if not path:
        return {}
    if not Path(path).exists():
        raise HarnessError(f"--known-failures {path}: no such file")
    try:
        data = jsonlines.load_file(path)  # strict: UTF-8, depth, numbers, duplicate keys, surrogates
    except jsonlines.JSONInputError as exc:
        raise HarnessError(f"--known-failures {exc}") from None
    problem = schema_problem("protocol/known-failures.schema.json", data)
    if problem:
        raise HarnessError(f"--known-failures {path}: {problem} "
                           f"(expected a JSON object {{\"case-id\": \"reason\", …}})")
    return data


def case_record(case: dict) -> dict:
    """The part of a run log case line that describes the case itself."""
    return {"type": "case", "id": case["id"], "area": case.get("area"), "file": case.get("file"),
            "description": case.get("description"), "tier": case.get("tier"),
            "variant": case_variant(case), "rulings": case.get("rulings", []), "cites": case.get("cites", []),
            "features": case_features(case), "input": case.get("input")}


def judge(case: dict, outcome: Outcome | None, metadata: dict, known: dict[str, str],
          seq: int | None = None, skip_reason: str | None = None,
          reference: ReferenceAnswers | None = None, explain_failures: bool = True) -> dict:
    """The run log line for one case.

    *outcome* is what the implementation did (None when the case was not sent, with
    *skip_reason*).  Statuses: a valid result is ``pass`` or ``fail`` after the field-by-field
    comparison; ``skipped``; ``errored`` and ``invalid`` outcomes are ``error``; ``crash`` and
    ``timeout`` as they are.  A non-passing case listed in *known* becomes ``known``; a
    listed case that passes is flagged ``unexpected_pass``.  *reference*: the run's reference
    answers (tools/harness/evidence.py), else the case's own.  With ``explain_failures`` false
    a failing case gets no ``explained_by`` (the candidates that would explain it are not
    tried): for a caller that reads only the status, such as the mutants' kill table.
    """
    reference = reference if reference is not None else ReferenceAnswers()
    selection = declaration.select(case, metadata, reference)   # declared options and edition
    record = case_record(case)
    record.update({"expectation": selection.label, "expected": selection.expected, "status": "skipped",
                   "actual": None, "diff": [], "seq": seq, "time": 0.0})
    missing = missing_capabilities(record["features"], metadata)
    judged_on, uncompared = restrict(selection.expected, missing)
    if outcome is None:
        record["message"] = skip_reason or selection.skip_reason or "not sent"
        if blocking(missing):
            record["needs"] = blocking(missing)
    else:
        record["time"] = round(outcome.time, 4)
        if uncompared:
            record["uncompared"] = uncompared
        if outcome.kind == "result":
            # the protocol's fields, bounded; the 不计 trace is the harness's own question (with_trace), not
            # something the answer carried: its differences are in the diff
            answer = {k: v for k, v in outcome.result.items() if k != "not_counted"}
            record["actual"], clipped = kept_result(answer)
            dropped = merge_dropped(outcome.dropped, clipped)
            if dropped:
                record["dropped"] = dropped
            record["diff"] = compare(judged_on, outcome.result)
            record["status"] = "fail" if record["diff"] else "pass"
            if record["diff"] and explain_failures and isinstance(case.get("input"), dict):   # worked out once, kept in the log
                # a difference only in what the case states of the chosen reading (its 不计 trace, its
                # winning group) is no rule set's: the candidates change scores, which agree here
                record["explained_by"] = [] if reading_only(record["diff"]) else [
                    change.label for change in declaration.explain_case(
                        case["input"], outcome.result, selection.expected, declaration.declared_rules(metadata),
                        reference)]
        elif outcome.kind == "skipped":
            record["message"] = outcome.message or "skipped by the implementation"
        else:
            record["status"] = {"errored": "error", "invalid": "error",
                                "unsolicited": "error"}.get(outcome.kind, outcome.kind)
            record["message"] = outcome.message or outcome.kind
            if outcome.context is not None:
                record["context"] = outcome.context
            if outcome.offending_line is not None:
                record["offending_line"] = outcome.offending_line
    if case["id"] in known:
        record["known"] = known[case["id"]]
        if record["status"] == "pass":
            record["unexpected_pass"] = True
        elif record["status"] != "skipped":
            record["underlying"] = record["status"]
            record["status"] = "known"
    return record


def run_case(impl: Implementation, case: dict, metadata: dict, known: dict[str, str],
             timeout: float, seq: int, reference: ReferenceAnswers | None = None,
             explain_failures: bool = True) -> tuple[dict, bool]:
    """Decide one case; returns (run log line, whether a request was sent).  *reference*: the
    run's reference answers (tools/harness/evidence.py), else the case's own;
    *explain_failures*: see :func:`judge`."""
    reference = reference if reference is not None else ReferenceAnswers()
    variant = case_variant(case)
    if variant not in metadata.get("variants", []):
        return judge(case, None, metadata, known, skip_reason=f"variant {variant} is not among the "
                     f"implementation's variants ({', '.join(metadata.get('variants', []))})", reference=reference), False
    selection = declaration.select(case, metadata, reference)
    if selection.skip_reason:
        return judge(case, None, metadata, known, skip_reason=selection.skip_reason, reference=reference), False
    needs = blocking(missing_capabilities(case_features(case), metadata))
    if needs:
        return judge(case, None, metadata, known, skip_reason=f"needs {', '.join(needs)}, which the "
                     f"implementation declares it does not have (capabilities in its start answer)", reference=reference), False
    outcome = impl.score(seq, case["input"], timeout)
    if "not_counted" in (selection.expected or {}) and outcome.kind == "result" and (outcome.result or {}).get("ok"):
        outcome = with_trace(impl, outcome, seq, case["input"], timeout)
    return judge(case, outcome, metadata, known, seq=seq, reference=reference,
                 explain_failures=explain_failures), True


def with_trace(impl: Implementation, outcome: Outcome, seq: int, case_input: Any, timeout: float) -> Outcome:
    """The result with the 不计 trace of its chosen reading (``not_counted``) for a case that states
    one, when the implementation reports a trace (:meth:`~gb16.tools.harness.implementations.
    Implementation.not_counted`); asking for it is part of the case, so a failure there (raising,
    crashing, running over the limit, no trace) is the case's outcome."""
    traced = impl.not_counted(seq, case_input, timeout)
    if traced is None:
        return outcome
    if traced.kind != "result" or traced.result is None:
        return traced
    return replace(outcome, result={**(outcome.result or {}), "not_counted": traced.result["not_counted"]},
                   time=outcome.time + traced.time)


# --------------------------------------------------------------------------- a whole run

def header_record(corpus: Corpus, selected: list[dict], impl_spec: str, metadata: dict,
                  options: dict, known: dict[str, str]) -> dict:
    cited = {cite for case in selected for cite in case.get("cites", [])}
    warnings = []
    unknown = sorted(set(known) - {case["id"] for case in corpus.cases})
    if unknown:
        warnings.append("the known-failures file lists ids that are not in the corpus: " + ", ".join(unknown))
    uncited = sorted(c for c in cited if c not in corpus.clauses)
    if uncited:
        warnings.append("cases cite anchors missing from clauses.json: " + ", ".join(uncited))
    return {
        "type": "header", "format": runlog.FORMAT, "format_version": runlog.FORMAT_VERSION,
        "started": provenance.now(), "gb16_version": provenance.gb16_version(),
        "corpus": corpus.identity(), "git": provenance.git_revision(),
        "implementation": metadata, "impl_spec": impl_spec, "options": options,
        "selected": len(selected),
        "areas": {area: description for area, description in corpus.areas.items()},
        "fans": [{k: fan.get(k) for k in ("number", "id", "zh", "en", "points", "family", "repeatable", "applies")}
                 for fan in corpus.fans],
        "clauses": {a: {k: corpus.clauses[a].get(k) for k in ("title", "quote", "source")}
                    for a in sorted(cited) if a in corpus.clauses},
        "known_failures": known, "warnings": warnings,
    }


def _options_record(options: CertifyOptions, cases: list[str] | None = None) -> dict:
    record = {"variant": options.variant, "filter": options.filters, "timeout": options.timeout,
              "known_failures": options.known_failures, "in_process": options.in_process}
    if cases is not None:   # --last-failed: exactly these cases (a resumed run selects them again)
        record.update(last_failed=options.last_failed, cases=cases)
    return record


def failed_ids(path: str) -> list[str]:
    """The ids of the cases that failed, errored, crashed or timed out in the run log at *path*,
    in run order (a known failure, listed in the known-failures file, is not among them)."""
    log = runlog.read(path)
    if log.header.get("kind") == "differential":
        raise HarnessError(f"--last-failed {path}: a differential run's hands are not corpus cases; "
                           f"run one again with the gb16 compare line its report prints")
    return [case["id"] for case in log.cases if case["status"] in runlog.FAILING]


def _last_failed(options: CertifyOptions, cases: list[dict]) -> tuple[list[dict], list[str], list[str]]:
    """The corpus cases that failed in ``--last-failed``'s run log, the ids, and the ids the
    corpus no longer has."""
    log = runlog.read(options.last_failed)
    if not log.complete:
        raise HarnessError(f"--last-failed {options.last_failed}: that run was interrupted ({len(log.cases)} cases "
                           f"recorded, no footer), so what failed in it is not known yet; finish it first with "
                           f"{runlog.resume_command(log.header.get('impl_spec'), options.last_failed)} — "
                           f"then --last-failed re-runs its failures")
    wanted = failed_ids(options.last_failed)
    if not wanted:
        raise HarnessError(f"--last-failed {options.last_failed}: no case failed in that run; nothing to re-run")
    by_id = {case["id"]: case for case in cases}
    return [by_id[i] for i in wanted if i in by_id], wanted, [i for i in wanted if i not in by_id]


def _implementation(spec: str, timeout: float, in_process: bool) -> Implementation:
    """The implementation of ``--impl``: a ``python:`` function (and ``pymahjonggb``) is hosted in
    a process of its own (:func:`~gb16.tools.harness.implementations.resolve_isolated`), so that
    ``os._exit``, a segmentation fault or a call that never returns is that case's ``crash`` or
    ``timeout`` and the run goes on; ``--in-process`` calls it in certify's own process instead
    (faster to start, and a debugger reaches it — but such a failure ends or stalls the run)."""
    resolve = resolve_implementation if in_process else resolve_isolated
    return resolve(spec, startup_timeout=max(timeout, 30.0))


def run_certification(options: CertifyOptions) -> runlog.RunLog:
    """Certify one implementation; returns the run log read back from disk.

    Raises HarnessError (bad options, corpus or implementation) and RunLogError.
    KeyboardInterrupt leaves a run log without footer, which ``--resume`` continues.
    """
    if options.resume:
        return _resume(options)
    if not options.impl:
        raise HarnessError("--impl is required (or --resume to continue a run log)")
    out = Path(options.out) if options.out else runlog.default_path(options.impl)
    if options.last_failed and out.exists() and out.resolve() == Path(options.last_failed).resolve():
        raise HarnessError(f"--out {out} is the run log --last-failed reads; give another --out")
    check_out(out, options.overwrite, options.impl)
    for path in options.evidence:
        if out.exists() and Path(path).exists() and Path(path).resolve() == out.resolve():
            raise HarnessError(f"--out {out} is a run log --evidence reads; give another --out")
    corpus = load_corpus(options.corpus or (_corpus_of(options.last_failed) if options.last_failed else None))
    selected = select_cases(corpus.cases, options.variant, options.filters)
    ids, gone = None, []
    if options.last_failed:
        selected, ids, gone = _last_failed(options, selected)
    if not selected and not options.allow_empty:
        raise HarnessError(f"no corpus case matches (corpus {corpus.root}, {len(corpus.cases)} cases, "
                           f"variant {options.variant or 'any'}, filter {options.filters or 'none'})")
    known = load_known_failures(options.known_failures)
    impl = _implementation(options.impl, options.timeout, options.in_process)
    metadata = impl.start()
    header = header_record(corpus, selected, impl.spec, metadata, _options_record(options, ids), known)
    try:
        earlier = _evidence(options, header)
    except HarnessError:
        impl.stop(grace=0)
        raise
    if gone:
        header["warnings"].append(f"--last-failed: {len(gone)} of the failed cases are not in this corpus "
                                  f"(not run): {', '.join(gone)}")
    with RunLogWriter.create(out, header) as writer:
        _run(impl, metadata, selected, writer, known, options, [], corpus=corpus, evidence=earlier)
    return runlog.read(out)


def _evidence(options: CertifyOptions, header: dict) -> list[dict]:
    """The judged cases of ``--evidence`` logs (and of ``--last-failed``'s), checked to be runs of
    this implementation under this declaration and corpus (tools/harness/joined.py).  A log named
    with ``--evidence`` that may not be joined is an error; the ``--last-failed`` log of a program
    that has since changed (another version or declaration: a fix) is not weighed, and a warning of
    the run log says so — the re-run is judged on its own cases and any ``--evidence``."""
    paths = list(dict.fromkeys(options.evidence))
    logs = []
    for path in paths:
        if not Path(path).is_file():
            raise HarnessError(f"--evidence {path}: no such run log")
        logs.append(runlog.read(path))
    if options.last_failed and options.last_failed not in paths:
        source = runlog.read(options.last_failed)
        try:
            evidence_cases([source], header)
            logs.append(source)
        except ValueError as exc:
            header["warnings"].append(f"--last-failed: the evidence of {options.last_failed} is not weighed: {exc}")
    try:
        return evidence_cases(logs, header)
    except ValueError as exc:
        raise HarnessError(f"--evidence: {exc}") from None


def _corpus_of(path: str) -> str | None:
    """The corpus folder a run log was run on, when it is still there (else the installed one)."""
    where = (runlog.read(path).header.get("corpus") or {}).get("path")
    return where if isinstance(where, str) and Path(where).is_dir() else None


def check_out(out: Path, overwrite: bool, impl: str | None = None) -> None:
    """Refuse to replace anything at *out* without ``--overwrite``: a run log is a record, and
    a file that is not one may be anybody's.  A complete run there is answered with what can be
    done instead: see it, re-run its failures, run again elsewhere or replace it."""
    if out.is_dir():
        raise HarnessError(f"--out {out} is a folder; give the path of a run log file")
    if out.exists() and not out.is_file():   # a FIFO, a device (/dev/zero), a socket: never read, never run into
        raise HarnessError(f"--out {out} is not a regular file; give the path of a run log file")
    if not out.exists() or overwrite or out.stat().st_size == 0:
        return
    try:
        existing = runlog.read(out)
    except RunLogError:
        raise HarnessError(f"--out {out} exists and is not a gb16 run log; refusing to overwrite it "
                           f"(choose another --out, or --overwrite to replace it)") from None
    if not existing.complete:
        raise HarnessError(f"{out} holds an interrupted run ({len(existing.cases)} cases done); continue it "
                           f"with --resume, or start over with --overwrite")
    failing = sum(case["status"] in runlog.FAILING for case in existing.cases)
    spec = shlex.quote(impl) if impl else "SPEC"
    lines = [f"{out} already holds a complete run ({len(existing.cases)} cases, {failing} failing; started "
             f"{existing.header.get('started')}); refusing to overwrite it, nothing was run. Instead:"]
    where = shlex.quote(str(out))
    ways = [("see it again:", f"gb16 summary {where}")]
    if failing and existing.header.get("kind") != "differential":
        ways.append((f"re-run its {failing} failures:", f"gb16 certify --impl {spec} --last-failed {where}"))
    ways += [("run into another file:", "the same command with --out OTHER.jsonl"),
             ("replace it:", "the same command with --overwrite")]
    width = max(len(label) for label, _ in ways)
    lines += [f"  {label.ljust(width)}  {command}" for label, command in ways]
    raise HarnessError("\n".join(lines))


def _saved_options(header: dict, where: str) -> dict:
    """The run options stored in a header, checked: a run log is data that anyone may have edited."""
    saved = header.get("options") or {}
    timeout = saved.get("timeout", DEFAULT_TIMEOUT)
    if isinstance(timeout, bool) or not isinstance(timeout, (int, float)) or not 0 < timeout <= 86400:
        raise HarnessError(f"{where}: header option timeout {timeout!r} is not a number of seconds")
    variant = saved.get("variant")
    if variant not in (None, *VARIANTS):
        raise HarnessError(f"{where}: header option variant {variant!r} is not one of {', '.join(VARIANTS)}")
    filters = saved.get("filter") or []
    if not isinstance(filters, list) or not all(isinstance(f, str) for f in filters):
        raise HarnessError(f"{where}: header option filter {filters!r} is not a list of globs")
    cases = saved.get("cases")
    if cases is not None and (not isinstance(cases, list) or not all(isinstance(c, str) for c in cases)):
        raise HarnessError(f"{where}: header option cases {cases!r} is not a list of case ids")
    return {"timeout": float(timeout), "variant": variant, "filter": filters, "cases": cases}


def _resume(options: CertifyOptions) -> runlog.RunLog:
    """Continue an interrupted run.  The implementation comes from ``--impl`` on the command
    line, never from the run log: a run log is a shareable file, and running the command it
    names would let whoever wrote it run anything.  When ``--impl`` differs from the one the
    run was started with, both are shown and nothing runs."""
    if not options.out:
        raise HarnessError("--resume needs --out RUNLOG (the run log to continue)")
    log = runlog.read(options.out)
    header = log.header
    recorded = header.get("impl_spec")
    if not options.impl:
        raise HarnessError(f"--resume needs --impl: the run log is data and its command is never run; "
                           f"this run was started with --impl {recorded!r} — pass it again if that is what "
                           f"you mean to run")
    if options.impl.strip() != recorded:
        raise HarnessError(f"{options.out} is a run of a different implementation:\n"
                           f"  run log:      --impl {recorded!r}\n  command line: --impl {options.impl.strip()!r}\n"
                           f"start a new run with another --out to certify the other one")
    saved = _saved_options(header, str(options.out))
    corpus = load_corpus(options.corpus or header["corpus"].get("path"))
    if corpus.hash != header["corpus"]["hash"]:
        raise HarnessError(f"the corpus changed since this run started ({header['corpus']['hash'][:19]}… → "
                           f"{corpus.hash[:19]}…); start a new run")
    selected = select_cases(corpus.cases, saved.get("variant"), saved.get("filter"))
    if saved["cases"] is not None:   # a --last-failed run: exactly its cases
        chosen = set(saved["cases"])
        selected = [case for case in selected if case["id"] in chosen]
    done = {case["id"] for case in log.cases}
    remaining = [case for case in selected if case["id"] not in done]
    if log.complete and not remaining:
        return log
    resumed = CertifyOptions(impl=options.impl, timeout=saved["timeout"], progress=options.progress,
                             in_process=bool(saved.get("in_process", False)))
    impl = _implementation(options.impl, resumed.timeout, resumed.in_process)
    metadata = impl.start()
    if metadata != header["implementation"]:
        impl.stop()
        raise HarnessError("the implementation's metadata differs from the run log's header "
                           f"({metadata.get('name')} {metadata.get('version')} vs "
                           f"{header['implementation'].get('name')} {header['implementation'].get('version')}); "
                           "start a new run")
    with RunLogWriter.append(Path(options.out)) as writer:
        writer.write({"type": "resume", "at": provenance.now(), "done": len(done)})
        resumed.probe_pool = options.probe_pool
        _run(impl, metadata, remaining, writer, header.get("known_failures", {}), resumed, list(log.cases),
             log.violations, corpus=corpus)
    return runlog.read(options.out)


def experiment_of(impl: Implementation, metadata: dict, timeout: float, corpus_cases: list[dict],
                  pool=None, first_seq: int = 1, on_violation=None) -> Experiment:
    """An attribution experiment (tools/harness/experiment.py) that asks ``impl``, numbering its
    requests from ``first_seq``; a protocol violation meanwhile goes to ``on_violation``."""
    seq = [first_seq - 1]

    def ask(inputs: list[dict]) -> list[dict | None]:
        out = []
        for case_input in inputs:
            seq[0] += 1
            outcome = impl.score(seq[0], case_input, timeout)
            for violation in impl.take_violations():
                if on_violation is not None:
                    on_violation(violation)
            out.append(outcome.result if outcome.kind == "result" else None)
        return out

    return Experiment(ask, metadata, corpus_cases, pool)


def _run(impl: Implementation, metadata: dict, cases: list[dict], writer: RunLogWriter,
         known: dict[str, str], options: CertifyOptions, earlier: list[dict],
         earlier_violations: tuple = (), corpus: Corpus | None = None, evidence: list[dict] = ()) -> None:
    """Send every case, write each line as it is decided, then the footer.  The reference's
    answers are scored once for the run: its cases' expectations and explanations, then its
    attribution (tools/harness/evidence.py)."""
    reference = ReferenceAnswers()
    progress = Progress(len(cases), f"certify {metadata.get('name', '')}", enabled=options.progress)
    began = time.monotonic()
    records = list(earlier)
    violations = list(earlier_violations)
    seq = 0
    try:
        failing = sum(record["status"] in runlog.FAILING for record in records)
        stopped = None
        for number, case in enumerate(cases):
            if options.maxfail and failing >= options.maxfail:
                stopped = {"reason": f"--maxfail {options.maxfail}: stopped after {failing} failing cases",
                           "not_run": len(cases) - number}
                break
            record, sent = run_case(impl, case, metadata, known, options.timeout, seq + 1, reference)
            record = runlog.within_line(record)   # what does not fit in a run log line is not stored
            failing += record["status"] in runlog.FAILING
            seq += sent
            writer.write(record)
            records.append(record)
            for violation in impl.take_violations():
                violation = {"type": "violation", "case": case["id"], **violation}
                writer.write(violation)
                violations.append(violation)
            progress.advance(record["status"], case["id"])
        judged = runlog.read(writer.path).cases   # the cases as every report reads them

        def violation_in_experiment(violation):
            violation = {"type": "violation", "case": "(attribution experiment)", **violation}
            writer.write(violation)
            violations.append(violation)

        experiment = experiment_of(impl, metadata, options.timeout, corpus.cases if corpus else [],
                                   options.probe_pool, seq + 1, violation_in_experiment)
        # found once, read by every report
        writer.write_attribution(attribute(judged, metadata, experiment, evidence, reference))
        footer = runlog.footer_record(judged, time.monotonic() - began, impl.restarts,
                                      violations=len(violations))
        if stopped:
            footer["stopped"] = stopped
        writer.write(footer)
    except BaseException:
        progress.close()
        impl.stop(grace=0)   # interrupted or aborted: do not wait for a program that may hang
        raise
    progress.close()
    impl.stop()
