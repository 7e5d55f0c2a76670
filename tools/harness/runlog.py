"""The run log: the single record of a certification run, and the source of every report.

A run log is JSON Lines (corpus/schema/protocol/runlog.schema.json):

* one ``header`` line — corpus version and hash, git revision, implementation metadata,
  options, the fan table and the clause quotes the cases cite (so that a report needs
  nothing but the run log);
* one ``case`` line per finished case, appended and flushed as soon as the case is
  decided, so an interrupted run loses nothing;
* ``violation`` lines for output out of step with the requests (a second answer, an answer
  to a request not yet sent), recorded against the implementation, not against a case;
* ``resume`` markers where an interrupted run was continued (``gb16 certify --resume``);
* when the run completed, an ``attribution`` line — what explains its failures, found once
  (tools/harness/attribution_search.py) and read back by every report — and a ``footer``
  with the counts.

When a case id appears more than once (a resumed run re-ran it), the later line counts.

:func:`read` parses each line once into its record (:class:`Header`, :class:`Case`,
:class:`Violation`, :class:`Resume`, :class:`Footer`, and the
:class:`~gb16.tools.harness.attribution.Attribution`); :class:`RunLogWriter` writes them.
A run log written before attribution was stored has no ``attribution`` line: it reads as
such (``RunLog.attribution`` is None), and the commands have the attribution worked out once
when they read it for a report (:func:`gb16.tools.harness.judging.judged`).
"""

from __future__ import annotations

import json
import os
import shlex
from collections import Counter
from dataclasses import dataclass, field, fields, replace
from pathlib import Path
from typing import Any, Iterable

from gb16.reference import jsonlines
from gb16.tools.harness.attribution import Attribution
from gb16.tools.harness.provenance import now
from gb16.tools.common.safe_text import file_name, json_text

FORMAT = "gb16-runlog"
FORMAT_VERSION = 1

#: Every case status, in the order reports list them.
STATUSES = ("pass", "fail", "error", "crash", "timeout", "skipped", "known")
#: The statuses that make a run fail (exit status 1, verdict "does not conform").
FAILING = ("fail", "error", "crash", "timeout")


class RunLogError(Exception):
    """A run log that cannot be read or continued; the message says why."""


class RunLogWriteError(RunLogError):
    """The run log could not be written (a full disk, a file size limit, an I/O fault): the
    lines written before are kept, and ``--resume`` continues from them."""

    def __init__(self, path: Path, reason: str):
        super().__init__(f"cannot write the run log {path}: {reason}")
        self.path, self.reason = path, reason


# --------------------------------------------------------------------------- writing

class RunLogWriter:
    """Appends lines to a run log, flushing each one.

    ``RunLogWriter.create(path, header)`` starts a new log; ``RunLogWriter.append(path)``
    continues an existing one (a partial last line, left by a killed run, is cut off first).
    """

    def __init__(self, path: Path, handle):
        self.path = Path(path)
        self._handle = handle

    @classmethod
    def create(cls, path: Path, header: dict) -> "RunLogWriter":
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        writer = cls(path, open(path, "w", encoding="utf-8"))
        writer.write(header)
        return writer

    @classmethod
    def append(cls, path: Path) -> "RunLogWriter":
        path = Path(path)
        _cut_partial_last_line(path)
        return cls(path, open(path, "a", encoding="utf-8"))

    def write(self, record: dict) -> None:
        """Append one line; a line longer than a run log line may be (:data:`MAX_RUNLOG_LINE`,
        which :func:`read` would refuse) is never written: RunLogError instead."""
        line = json_text(jsonlines.dumps_line(record)) + "\n"   # a lone surrogate, a U+202E: written escaped
        size = len(line.encode("utf-8")) - 1
        if size > MAX_RUNLOG_LINE:
            raise RunLogError(f"{self.path}: a {record.get('type')} line of {size} bytes is more than a run log "
                              f"line holds ({MAX_RUNLOG_LINE} bytes)")
        try:
            self._handle.write(line)
            self._handle.flush()
        except OSError as exc:   # a half-written line is cut off when the run is resumed
            raise RunLogWriteError(self.path, exc.strerror or str(exc)) from None

    def write_attribution(self, attribution: Attribution) -> bool:
        """Append the run's attribution line (written once, when the run completes, just before
        its footer), if it fits in a run log line; one that does not (some tens of thousands of
        failures) is left out, and a report then works it out when it reads the log, as for a
        log written before attribution was stored.  Returns whether it was written."""
        line = attribution.line()
        if len(jsonlines.dumps_line(line).encode("utf-8")) > MAX_RUNLOG_LINE:
            return False
        self.write(line)
        return True

    def close(self) -> None:
        try:
            self._handle.close()
        except OSError:   # the last flush failed as the write did (RunLogWriteError said so)
            pass

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()


def _cut_partial_last_line(path: Path) -> None:
    """Truncate *path* after its last newline (a killed writer may have left half a line),
    looking back from its end a block at a time."""
    with open(path, "r+b") as handle:
        end = handle.seek(0, os.SEEK_END)
        position = end
        while position > 0:
            start = max(0, position - (1 << 16))
            handle.seek(start)
            block = handle.read(position - start)
            if position == end and block.endswith(b"\n"):
                return
            newline = block.rfind(b"\n")
            if newline >= 0:
                handle.truncate(start + newline + 1)
                return
            position = start
        handle.truncate(0)


# --------------------------------------------------------------------------- records

class Line(dict):
    """A run log line as read: the line's JSON object, never changed once read (``case["status"]``,
    ``header.get("fans")`` read it as the schema names it), with the fields a reader needs as
    typed attributes (the dataclasses below: ``case.status``, ``header.implementation``)."""

    def _read_only(self, *args, **kwargs):
        raise TypeError(f"a {type(self).__name__.lower()} line read from a run log is not changed")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _read_only

    @classmethod
    def read(cls, line: dict, **derived) -> "Line":
        """The record of a line (valid against its schema); ``derived``: fields that are not in the line."""
        record = cls(**{f.name: derived[f.name] if f.name in derived else line.get(f.name, f.default)
                        for f in fields(cls)})
        dict.update(record, line)
        return record

    def __reduce__(self):
        return (_reread, (type(self), dict(self), {f.name: getattr(self, f.name) for f in fields(self)}))


def _reread(cls, line: dict, values: dict) -> Line:
    record = cls(**values)
    dict.update(record, line)
    return record


@dataclass(frozen=True, eq=False, repr=False)
class Header(Line):
    """The first line: what was run, against what, with which options, and the texts a report cites."""

    started: str = ""
    implementation: dict = field(default_factory=dict)   # the implementation's ``start`` answer
    impl_spec: str | None = None
    options: dict = field(default_factory=dict)
    selected: int | None = None                          # cases (or random hands) selected
    fans: list = field(default_factory=list)              # the fan table's rows the reports name
    clauses: dict = field(default_factory=dict)           # anchor → title, quote, source
    known_failures: dict = field(default_factory=dict)
    kind: str = "corpus"                                  # "corpus" or "differential"


@dataclass(frozen=True, eq=False, repr=False)
class Case(Line):
    """One judged case (the latest line of its id).  ``attribution`` is not in the line: it is
    what the run's stored attribution says of the case, joined when the log is read (and found
    also as ``case["attribution"]``)."""

    id: str = ""
    status: str = ""
    area: str | None = None
    tier: str | None = None
    cites: list = field(default_factory=list)
    input: Any = None
    expected: Any = None
    actual: Any = None
    diff: list = field(default_factory=list)
    explained_by: list | None = None
    message: str | None = None
    known: str | None = None
    underlying: str | None = None
    unexpected_pass: bool = False
    attribution: str | None = None

    def joined(self, attribution: "Attribution | None") -> "Case":
        """This case with what *attribution* says of it."""
        said = attribution.case_line(self.id) if attribution is not None else None
        if said is None:
            return self
        line = dict(self, attribution=said)
        return Case.read(line, attribution=said)


@dataclass(frozen=True, eq=False, repr=False)
class Violation(Line):
    """Output out of step with the requests, against the implementation, not a case."""

    case: str | None = None
    seq: Any = None
    message: str = ""
    offending_line: str | None = None


@dataclass(frozen=True, eq=False, repr=False)
class Resume(Line):
    """Where an interrupted run was continued."""

    at: str = ""
    done: int | None = None


@dataclass(frozen=True, eq=False, repr=False)
class Footer(Line):
    """The last line of a completed run."""

    finished: str = ""
    elapsed: float | None = None
    counts: dict = field(default_factory=dict)
    restarts: int | None = None
    violations: int | None = None
    stopped: dict | None = None        # --maxfail: why the run stopped early
    differential: dict | None = None   # a differential run's summary (tools/differential/engine.py)


# --------------------------------------------------------------------------- reading

@dataclass
class RunLog:
    """A run log read back: the header, the latest line per case (in first-seen order), the
    footer, and the attribution stored when the run completed."""

    path: Path
    header: Header
    cases: list[Case]
    footer: Footer | None
    resumes: list[Resume] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    #: Protocol violations (output out of step with the requests), in the order they happened.
    violations: list[Violation] = field(default_factory=list)
    #: What explains the failures, stored when the run completed (None before it completed, and
    #: in a run log written before attribution was stored).
    attribution: Attribution | None = None
    #: Case ids with more than one line: a run never writes a case twice (``--resume`` runs only
    #: the cases not done), so the log was edited or runs were joined.
    repeated: int = 0

    @property
    def complete(self) -> bool:
        """True when the run reached its footer after the last resume."""
        return self.footer is not None

    @property
    def implementation(self) -> dict:
        return self.header.implementation

    def counts(self) -> dict[str, int]:
        """Cases per status, plus ``unexpected_pass`` and ``total``."""
        return count_statuses(self.cases)

    def failed(self) -> bool:
        """True when any case failed, errored, crashed or timed out, or the protocol was broken."""
        return bool(self.violations) or any(case.status in FAILING for case in self.cases)

    def with_attribution(self, attribution: Attribution) -> "RunLog":
        """This log with *attribution* (a new log; this one is not changed), each case joined with
        what it says of the case."""
        return replace(self, attribution=attribution, cases=[case.joined(attribution) for case in self.cases])


@dataclass(frozen=True)
class JudgedLogs:
    """Run logs read for a page of many: ``groups``, the logs of one implementation as they name
    it (name, version, rulings, edition, deltas) each, in first-seen order, every log judged
    (tools/harness/judging.py); ``left_out``, (path, why) for each log not read."""

    groups: tuple[tuple[RunLog, ...], ...]
    left_out: tuple[tuple[str, str], ...] = ()

    @property
    def logs(self) -> list[RunLog]:
        return [log for group in self.groups for log in group]


def _latest_per_case(lines: list[dict]) -> list[dict]:
    """The latest line of each case id: a line that repeats an id moves the case to the end."""
    by_id: dict[str, dict] = {}
    for line in lines:
        by_id.pop(line["id"], None)
        by_id[line["id"]] = line
    return list(by_id.values())


def count_statuses(cases: Iterable[dict]) -> dict[str, int]:
    counts = {status: 0 for status in STATUSES}
    counts["unexpected_pass"] = 0
    total = 0
    for case in cases:
        counts[case["status"]] = counts.get(case["status"], 0) + 1
        counts["unexpected_pass"] += bool(case.get("unexpected_pass"))
        total += 1
    counts["total"] = total
    return counts


#: The largest run log line read (bytes): the contract's 1 MiB line (docs/contract.md "Input
#: limits"); a longer line is a corrupt log, not a reason to exhaust memory.
MAX_RUNLOG_LINE = jsonlines.MAX_LINE_BYTES
#: The largest run log read (bytes): some thousand cases at the longest line each.
MAX_RUNLOG_BYTES = 1 << 30


def read(path: Path | str) -> RunLog:
    """Read a run log; a truncated last line (an interrupted run) is ignored with a warning.

    A run log is a file someone may have edited or crafted, so it is read as data: only a
    regular file (a FIFO or a device such as /dev/zero is refused unread), at most
    :data:`MAX_RUNLOG_BYTES`, line by line, each line at most :data:`MAX_RUNLOG_LINE` bytes,
    strict JSON (no NaN, no duplicate keys) and valid against the run log schema
    (corpus/schema/protocol/runlog.schema.json).  Raises :class:`RunLogError` naming the
    file, the line and the problem for a missing file, a file that is not a gb16 run log,
    or a corrupt line other than the last.
    """
    path = Path(path)
    try:
        handle = jsonlines.open_regular(path)
    except FileNotFoundError:
        raise RunLogError(f"{path}: no such run log") from None
    except OSError as exc:
        raise RunLogError(f"{path}: cannot read run log: {exc.strerror or exc}") from None
    with handle:
        size = os.fstat(handle.fileno()).st_size
        if size > MAX_RUNLOG_BYTES:
            raise RunLogError(f"{path}: {size} bytes is more than a run log holds (at most {MAX_RUNLOG_BYTES})")
        return _read_lines(path, jsonlines.read_lines(handle, max_bytes=MAX_RUNLOG_LINE))


def _read_lines(path: Path, lines) -> RunLog:
    from gb16.tools.harness.protocol import schema_problem, strict_json   # jsonschema: an extra (pyproject.toml)
    header, footer, attribution, warnings, resumes, violations = None, None, None, [], [], []
    unreadable_last = None  # the error of an incomplete last line, ignored unless nothing else is there
    case_lines = []
    for number, raw in enumerate(lines, 1):
        where = f"{path}: line {number}"
        if isinstance(raw, jsonlines.LineTooLong):
            raise RunLogError(f"{where}: longer than {MAX_RUNLOG_LINE} bytes ({raw.length} bytes)")
        if not raw.strip():
            continue
        try:
            record = strict_json(raw, max_bytes=MAX_RUNLOG_LINE)
        except ValueError as exc:
            if not raw.endswith(b"\n"):   # only the last line can lack its newline
                warnings.append(f"line {number} is incomplete (the run was interrupted); ignored")
                unreadable_last = f"{where}: {exc}"
                continue
            raise RunLogError(f"{where}: {exc} — is this a gb16 run log?") from None
        kind = record.get("type") if isinstance(record, dict) else None
        if header is None:
            if kind != "header" or record.get("format") != FORMAT:
                raise RunLogError(f"{where}: not a gb16 run log header (a run log starts with a line "
                                  f'{{"type": "header", "format": "{FORMAT}", …}})')
            if record.get("format_version") != FORMAT_VERSION:
                raise RunLogError(f"{path}: run log format version {record.get('format_version')!r} "
                                  f"is not supported (this gb16 reads version {FORMAT_VERSION})")
        if kind not in LINE_TYPES:
            raise RunLogError(f"{where}: unknown line type {_short(kind)} "
                              f"(expected one of {', '.join(LINE_TYPES)})")
        problem = schema_problem(f"protocol/runlog.schema.json#/$defs/{kind}", record)
        if problem:
            raise RunLogError(f"{where} ({kind}): {problem}")
        if kind == "header":
            if header is not None:
                raise RunLogError(f"{where}: a second header")
            header = Header.read(record)
        elif kind == "case":
            case_lines.append(record)
            footer = attribution = None  # a case after a footer means the footer is stale
        elif kind == "resume":
            resumes.append(Resume.read(record))
            footer = attribution = None
        elif kind == "violation":
            violations.append(Violation.read(record))
        elif kind == "attribution":
            attribution = (number, record)
        elif kind == "footer":
            footer = Footer.read(record)
    if header is None and unreadable_last:
        raise RunLogError(f"{unreadable_last} — not a gb16 run log (its only line is not JSON)")
    if header is None:
        raise RunLogError(f"{path}: empty run log")
    found = _attribution(attribution, warnings) if footer is not None else None
    latest = _latest_per_case(case_lines)
    repeated = sum(1 for n in Counter(line["id"] for line in case_lines).values() if n > 1)
    if repeated:
        warnings.append(f"{repeated} case ids appear more than once ({len(case_lines)} case lines for {len(latest)} "
                        f"cases): a run writes each case once, so this log was edited or runs were joined; the last "
                        f"line of each case is counted")
    trimmed = [line for line in latest if line.get("dropped")]
    if trimmed:
        fields = sorted({name for line in trimmed for name in line["dropped"].get("fields", [])})
        lost = sum(line["dropped"].get("characters", 0) for line in trimmed)
        shown = ", ".join(fields[:8]) + (f", … {len(fields) - 8} more" if len(fields) > 8 else "")
        warnings.append(f"{len(trimmed)} answers carried what the protocol does not define or more than it keeps "
                        f"({shown}): {lost} characters not kept in the run log and not compared")
    return RunLog(path=path, header=header, cases=[Case.read(line).joined(found) for line in latest],
                  footer=footer, resumes=resumes, warnings=warnings, violations=violations, attribution=found,
                  repeated=repeated)


def _attribution(stored: tuple[int, dict] | None, warnings: list[str]) -> Attribution | None:
    """The attribution line of a completed run, read back; one this gb16 cannot read (it names an
    option or delta it does not know) is left aside with a warning, as if it were not there."""
    if stored is None:
        return None
    number, line = stored
    try:
        return Attribution.from_line(line)
    except ValueError as exc:
        warnings.append(f"line {number}: the stored attribution is left aside ({exc}); it is worked out again")
        return None


LINE_TYPES = ("header", "case", "violation", "resume", "attribution", "footer")


#: The fields of a case line that hold what the implementation said (or what was worked out from it).
FROM_IMPLEMENTATION = ("actual", "diff", "explained_by", "context", "offending_line", "message")
#: How much of an over-large field is kept (characters of its JSON).
KEEP_HEAD = 2000
#: The longest error context kept whole (characters of its JSON): a traceback or a diagnostic,
#: not a place to store megabytes in every report.
MAX_CONTEXT = 64 * 1024


def within_line(record: dict) -> dict:
    """*record* (a case line) if it fits in a run log line, else the case as an ``error`` that
    says so, keeping the head of the largest field the implementation filled; an error's
    context longer than :data:`MAX_CONTEXT` is kept as its head.

    docs/contract.md: a run log line is at most 1 MiB.  The answer itself is within that (the
    transport refuses a longer line), but its result, the differences and an error's context
    together may not be; what does not fit is not stored, so neither the run log nor the
    reports made from it grow with what an implementation sends."""
    context = record.get("context")
    text = context if isinstance(context, str) else jsonlines.dumps_line(context)
    if context is not None and len(text) > MAX_CONTEXT:
        record = dict(record, context=f"{text[:MAX_CONTEXT]}… ({len(text)} characters; the head is kept)")
    size = len(jsonlines.dumps_line(record).encode("utf-8"))
    if size <= MAX_RUNLOG_LINE:
        return record
    present = [name for name in FROM_IMPLEMENTATION if record.get(name) is not None]
    largest = max(present, key=lambda name: len(jsonlines.dumps_line(record[name])), default=None)
    bounded = {key: value for key, value in record.items()
               if key not in FROM_IMPLEMENTATION and key != "unexpected_pass"}
    status = record.get("underlying", record["status"]) if record["status"] == "known" else record["status"]
    bounded.update(actual=None, diff=[], message=(
        f"the case's record would be {size} bytes, more than a run log line holds ({MAX_RUNLOG_LINE} bytes), "
        f"its {largest or 'answer'} the largest part (the case was {status}; the head of its {largest} is kept)"))
    if largest is not None:
        text = record[largest] if isinstance(record[largest], str) else jsonlines.dumps_line(record[largest])
        bounded["offending_line"] = text[:KEEP_HEAD] + (f"… ({len(text)} characters)" if len(text) > KEEP_HEAD else "")
    if "known" in record:
        bounded.update(status="known", underlying="error")
    else:
        bounded["status"] = "error"
    return bounded


def _short(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 60 else text[:60] + "…"


def footer_record(cases: list[dict], elapsed: float, restarts: int, violations: int = 0) -> dict:
    """The footer line closing a run."""
    return {"type": "footer", "finished": now(), "elapsed": round(elapsed, 3),
            "counts": count_statuses(cases), "restarts": restarts, "violations": violations}


def default_path(impl_spec: str, directory: Path | str = "out") -> Path:
    """``out/certify-<slug>.jsonl`` for an --impl spec (stable, so --resume finds it)."""
    slug = "".join(ch if ch.isalnum() else "-" for ch in impl_spec.lower()).strip("-")
    while "--" in slug:
        slug = slug.replace("--", "-")
    return Path(directory) / f"certify-{file_name(slug[:60], 160) or 'impl'}.jsonl"


def resume_command(impl_spec: str | None, path: Path | str) -> str:
    """The command that continues the run log at *path*, whole and shell-quoted, to paste as it
    is: ``gb16 certify --resume --impl SPEC --out PATH`` (a run log is data: its --impl is given
    again on the command line, never taken from the log)."""
    return f"gb16 certify --resume --impl {shlex.quote(impl_spec or 'SPEC')} --out {shlex.quote(str(path))}"


def is_interrupted(path: Path) -> bool:
    """True when *path* is a run log without a footer (a run that did not finish)."""
    try:
        return not read(path).complete
    except RunLogError:
        return False


def env_is_ci() -> bool:
    """True under a CI system (progress output is then suppressed)."""
    return bool(os.environ.get("CI"))
