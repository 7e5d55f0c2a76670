"""The compliance report's independent parts run side by side, one process each.

``gb16 report`` has parts that share nothing while they run — the corpus certification,
the properties, the proofs, the differential run and the mutant kill table — so each runs
in a process of its own, at most ``jobs`` at a time (the longest first), and the report is
written once all are back.  A part's outcome is whatever its function returned in that
process, or the error it raised; a process that dies without an answer is an error of
that part alone.

Progress, one line per part: on a terminal the lines are redrawn in place with each
part's state, elapsed time, its last message and — when the message carries a count
``done/total`` — the rate and the time left.  Elsewhere (a CI log, a file) one heartbeat
line is printed every ``heartbeat`` seconds and one when a part ends.
"""

from __future__ import annotations

import multiprocessing
import os
import queue as queue_module
import re
import sys
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable

from gb16.tools.harness import lifetime, runlog

_COUNT = re.compile(r"(\d+)\s*/\s*(\d+)")


@dataclass
class Part:
    """One independent part: ``function(**kwargs)`` run in a process of its own.

    ``function`` must be importable by name in the worker: a module-level function.
    """

    key: str
    label: str
    function: Callable[..., Any]
    kwargs: dict = field(default_factory=dict)


@dataclass
class _State:
    label: str
    status: str = "waiting"     # waiting, running, done, error
    started: float | None = None
    ended: float | None = None
    message: str = ""
    first_count: tuple[float, int] | None = None  # (time, done) when a count was first seen
    count: tuple[int, int] | None = None

    def note(self, text: str, now: float) -> None:
        self.message = " ".join(text.split())
        m = None
        for m in _COUNT.finditer(self.message):
            pass
        if m:
            done, total = int(m.group(1)), int(m.group(2))
            if self.first_count is None or done < self.first_count[1]:
                self.first_count = (now, done)
            self.count = (done, total)

    def line(self, now: float) -> str:
        elapsed = _duration((self.ended or now) - self.started) if self.started else ""
        if self.status == "waiting":
            return f"{self.label:<20} waiting"
        if self.status != "running":
            return f"{self.label:<20} {self.status} in {elapsed}"
        extra = ""
        if self.count and self.first_count and self.count[1]:
            done, total = self.count
            t0, d0 = self.first_count
            if done > d0 and now > t0:
                rate = (done - d0) / (now - t0)
                extra = f" · {rate:,.1f}/s · {_duration((total - done) / rate)} left"
        return f"{self.label:<20} {elapsed:>6} {self.message[:80]}{extra}"


def _duration(seconds: float) -> str:
    seconds = max(0, int(seconds))
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


def default_jobs() -> int:
    return os.cpu_count() or 1


def _worker(part: Part, results, parent: int) -> None:
    lifetime.end_with_parent(parent)   # a killed gb16 report leaves no part running
    def progress(text: str) -> None:
        results.put(("message", part.key, str(text)))
    try:
        value = part.function(**part.kwargs, progress=progress)
    except BaseException as exc:  # every failure goes back to the parent as data
        try:
            results.put(("raised", part.key, (exc, traceback.format_exc(limit=8))))
        except Exception:
            results.put(("raised", part.key, (RuntimeError(repr(exc)), traceback.format_exc(limit=8))))
        return
    results.put(("done", part.key, value))


class _Board:
    """The progress display: lines redrawn on a terminal, heartbeat lines elsewhere."""

    def __init__(self, parts: list[Part], enabled: bool | None, heartbeat: float, stream=None):
        self.stream = stream or sys.stderr
        if enabled is None:
            enabled = True
            self.live = self.stream.isatty() and not runlog.env_is_ci()
        else:
            self.live = enabled and self.stream.isatty()
        self.enabled, self.heartbeat = enabled, heartbeat
        self.states = {p.key: _State(p.label) for p in parts}
        self.began = time.monotonic()
        self._drawn = 0
        self._last_beat = self.began

    def draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if self.live:
            lines = [s.line(now) for s in self.states.values()]
            out = (f"\x1b[{self._drawn}F" if self._drawn else "") + "".join(f"\x1b[2K{line}\n" for line in lines)
            self.stream.write(out)
            self.stream.flush()
            self._drawn = len(lines)
        elif force or now - self._last_beat >= self.heartbeat:
            self._last_beat = now
            parts = "; ".join(s.line(now).replace("  ", " ").strip() for s in self.states.values())
            self.stream.write(f"[report {_duration(now - self.began)}] {' '.join(parts.split())}\n")
            self.stream.flush()


def run_parts(parts: list[Part], jobs: int | None = None, progress: bool | None = None,
              heartbeat: float = 30.0, stream=None) -> dict[str, tuple[str, Any]]:
    """Run ``parts`` (longest first) on ``jobs`` processes at a time (default: every core).

    Returns ``{key: ("done", value)}`` or ``{key: ("raised", (exception, traceback text))}``.
    ``progress`` None: lines on a terminal, heartbeats elsewhere; False: silent.
    """
    jobs = max(1, jobs or default_jobs())
    board = _Board(parts, progress, heartbeat, stream)
    if jobs == 1:
        return _one_after_another(parts, board)
    methods = multiprocessing.get_all_start_methods()
    context = multiprocessing.get_context("fork" if "fork" in methods else "spawn")
    results = context.Queue()
    waiting = list(parts)
    running: dict[str, Any] = {}
    outcomes: dict[str, tuple[str, Any]] = {}
    board.draw()
    try:
        while waiting or running:
            while waiting and len(running) < jobs:
                part = waiting.pop(0)
                process = context.Process(target=_worker, args=(part, results, os.getpid()), name=f"gb16 report {part.key}")
                process.start()
                running[part.key] = process
                state = board.states[part.key]
                state.status, state.started = "running", time.monotonic()
            try:
                kind, key, value = results.get(timeout=0.5)
            except queue_module.Empty:
                for key, process in list(running.items()):
                    if not process.is_alive() and key not in outcomes:
                        # died without an answer (killed, out of memory): drain once more, then say so
                        try:
                            kind, k2, value = results.get(timeout=1.0)
                            _record(board, outcomes, running, kind, k2, value)
                            continue
                        except queue_module.Empty:
                            pass
                        _record(board, outcomes, running, "raised", key,
                                (RuntimeError(f"the {key} process ended with exit code {process.exitcode} "
                                              f"without an answer"), ""))
                board.draw()
                continue
            _record(board, outcomes, running, kind, key, value)
            board.draw(force=kind != "message")
    finally:
        for process in running.values():
            process.terminate()
        for process in running.values():
            process.join(5)
    return outcomes


def _one_after_another(parts: list[Part], board: _Board) -> dict[str, tuple[str, Any]]:
    """``jobs=1``: every part in this process, in order, with the same display."""
    outcomes: dict[str, tuple[str, Any]] = {}
    board.draw()
    for part in parts:
        state = board.states[part.key]
        state.status, state.started = "running", time.monotonic()

        def progress(text: str, state=state) -> None:
            state.note(str(text), time.monotonic())
            board.draw()
        try:
            outcomes[part.key] = ("done", part.function(**part.kwargs, progress=progress))
        except Exception as exc:
            outcomes[part.key] = ("raised", (exc, traceback.format_exc(limit=8)))
        state.status, state.ended = ("done" if outcomes[part.key][0] == "done" else "error"), time.monotonic()
        board.draw(force=True)
    return outcomes


def _record(board, outcomes, running, kind, key, value) -> None:
    state = board.states[key]
    if kind == "message":
        state.note(value, time.monotonic())
        return
    outcomes[key] = (kind, value)
    state.status, state.ended = ("done" if kind == "done" else "error"), time.monotonic()
    process = running.pop(key, None)
    if process is not None:
        process.join(5)
