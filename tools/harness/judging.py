"""Run logs read and judged: the one place the attribution a report shows is settled
(docs/contract.md "Attribution"; docs/architecture.md "renderers only read").

A run stores its attribution when it completes (tools/harness/attribution_search.py, an
``attribution`` line).  The commands read run logs through here, and every renderer
(tools/reports/) lays out what these functions return, never working an attribution out again:

* :func:`judged` — one log with the attribution its failures are judged by: the one it stores,
  or — for a complete log written before attribution was stored, or whose attribution was too
  large for a line or names what this gb16 does not know — worked out once from its cases.  An
  incomplete run has none;
* :func:`read` — a run log read (tools/harness/runlog.py) and judged (``gb16 summary``,
  ``gb16 table``, ``gb16 report``);
* :func:`judged_together` — one implementation's logs, each judged by the evidence of all its
  complete runs weighed together (tools/harness/joined.py), as ``gb16 summary`` of the same
  logs weighs it;
* :func:`read_together` — many logs for ``gb16 site``: the readable ones, each file once,
  grouped by the implementation as they name it and judged together per group, and why each
  other one is left out.
"""

from __future__ import annotations

from pathlib import Path
from typing import Iterable

from gb16.tools.harness import joined, provenance, runlog
from gb16.tools.harness.attribution_search import attribute
from gb16.tools.harness.runlog import JudgedLogs, RunLog, RunLogError

#: A reason a log is left out is cut to this many characters (it quotes the log's problem).
MAX_REASON = 400


def judged(log: RunLog) -> RunLog:
    """*log* with the attribution its failures are judged by (module docstring): a new log, *log*
    is not changed."""
    if log.attribution is not None or not log.complete:
        return log
    return log.with_attribution(attribute(log.cases, log.header.get("implementation", {})))


def read(path: Path | str) -> RunLog:
    """The run log at *path*, judged.  Raises :class:`~.runlog.RunLogError` as runlog.read does."""
    return judged(runlog.read(path))


def judged_together(logs: list[RunLog]) -> list[RunLog]:
    """One implementation's run logs (in their order), each with the attribution its failures are
    judged by: the evidence of all its complete runs weighed together (tools/harness/joined.py:
    the same implementation, declaration and corpus; random runs join any corpus); an incomplete
    run keeps the one it stores (none)."""
    groups, _ = joined.join([log for log in logs if log.complete])
    weighed = {id(log): log.with_attribution(group.attribution)
               for group in groups if group.attribution is not None for log in group.logs}
    return [weighed.get(id(log)) or judged(log) for log in logs]


def read_together(paths: Iterable[str | Path], strict: bool = False) -> JudgedLogs:
    """The run logs *paths* read, grouped by implementation and judged (:class:`~.runlog.JudgedLogs`).  A log
    is left out when it cannot be read or is the very same file as one before it (same sha256);
    *strict*: raise :class:`~.runlog.RunLogError` instead."""
    logs, left_out = _read_logs(paths, strict)
    groups: dict[tuple, list[RunLog]] = {}
    for log in logs:
        impl = log.header.get("implementation") or {}
        key = (str(impl.get("name", "?")), str(impl.get("version", "")), repr(sorted((impl.get("rulings") or {}).items())),
               str(impl.get("edition")), repr(impl.get("deltas")))
        groups.setdefault(key, []).append(log)
    return JudgedLogs(tuple(tuple(judged_together(group)) for group in groups.values()), tuple(left_out))


def _read_logs(paths: Iterable[str | Path], strict: bool) -> tuple[list[RunLog], list[tuple[str, str]]]:
    logs: list[RunLog] = []
    left_out: list[tuple[str, str]] = []
    seen: dict[str, str] = {}
    for path in paths:
        try:
            log = runlog.read(path)
            digest = provenance.file_sha256(log.path)
        except (RunLogError, OSError) as exc:
            if strict:
                raise RunLogError(str(exc)) from None
            left_out.append((str(path), f"cannot be read: {_bounded(exc)}"))
            continue
        if digest in seen:
            why = f"the same run log as {seen[digest]} (sha256 {digest[7:19]}…), shown once"
            if strict:
                raise RunLogError(f"{path}: {why}")
            left_out.append((str(path), why))
            continue
        seen[digest] = str(path)
        logs.append(log)
    return logs, left_out


def _bounded(value: object) -> str:
    """*value* as one line of at most :data:`MAX_REASON` characters."""
    text = " ".join(str(value).split())
    return text if len(text) <= MAX_REASON else text[:MAX_REASON - 1] + "…"
