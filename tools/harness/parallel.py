"""The one way the kit runs work on several processes: ``gb16 score --batch --jobs``
(tools/runs/score_pool.py), the differential's chunks of hands (tools/differential/engine.py), the
kill table's mutants (tools/mutants/kill.py), the generated mutants (tools/mutants/generated.py)
and the parts of ``gb16 report`` (:func:`run_parts`) all run on :func:`run`.

``run(function, tasks, jobs)`` calls ``function(*task)`` for every task on at most ``jobs``
worker processes and yields one :class:`Outcome` per task — in the tasks' order, or as each
ends (``ordered=False``).  ``function`` is handed to each worker when it starts (inherited by
a forked worker, never pickled), so a worker can carry what every task needs (the corpus
cases, a scorer's tables); only the tasks and the values cross the pipes.

Whatever happens, bounded and clean:

* **no process outlives its parent**: a worker asks for the parent-death signal first thing
  (:func:`gb16.tools.harness.lifetime.end_with_parent`), so killing the main process — even
  with SIGKILL — ends its workers, and the programs under test they started end with them
  (their watchdogs); when the main process stops in any other way (returns, raises, Ctrl-C,
  a consumer that stops reading) every worker is killed before :func:`run` returns;
* **Ctrl-C**: workers ignore SIGINT (a terminal sends it to the whole foreground group): the
  main process alone stops, kills them and says so once;
* **a worker that dies** (killed, out of memory, a crash) is replaced.  With ``restarts`` a
  number, the task it held is run again by the new worker — no task lost, none yielded twice —
  and after more than ``restarts`` deaths the tasks the other workers hold are finished and
  yielded as far as they follow on, then :class:`WorkerDied` is raised; with ``restarts``
  None the death is that task's outcome (``died``) and the others go on;
* **memory**: at most ``ahead`` tasks per worker are taken from ``tasks`` beyond the first
  one not yet yielded, so a slow consumer stops the input being read instead of filling memory;
* **time**: with ``timeout``, a task not done within that many seconds has its worker killed
  and is ``timed out``;
* ``fresh=True`` gives every task a process of its own (a part of ``gb16 report``, a mutant
  that patches the scorer in place).

``jobs`` ≤ 1 (and not ``fresh``) runs every task in this process, with the same outcomes.
Workers are forked where the system can (they start in milliseconds with the kit already
imported; the collector is frozen meanwhile, so they share its pages), spawned elsewhere.
"""

from __future__ import annotations

import collections
import gc
import multiprocessing
import multiprocessing.connection
import os
import signal
import time
import traceback
from dataclasses import dataclass, field
from typing import Any, Callable, Iterable, Iterator

from gb16.tools.harness import lifetime
from gb16.tools.harness.progress import Board

#: the longest progress message a worker sends (characters)
MESSAGE_CHARS = 1000
#: the most seconds between two calls of a display's ``tick`` while the workers are busy
TICK = 0.5
#: the seconds a worker has to exit by itself once it has no more tasks, before it is killed
GRACE = 5.0


class WorkerDied(Exception):
    """Workers died more often than ``restarts``; the outcomes yielded before are whole."""

    def __init__(self, deaths: int, exitcode: int | None = None):
        super().__init__(f"a worker process died {deaths} times (last exit code {exitcode})")
        self.deaths, self.exitcode = deaths, exitcode


@dataclass(frozen=True)
class Outcome:
    """What became of task ``index``: ``done`` (its ``value``), ``raised`` (``error`` and the
    worker's ``trace``), ``died`` (its process ended without an answer; ``trace`` says how)
    or ``timed out``."""

    index: int
    status: str
    value: Any = None
    error: BaseException | None = None
    trace: str = ""
    exitcode: int | None = None

    def result(self) -> Any:
        """The value; the task's exception raised again, or :class:`WorkerDied`."""
        if self.status == "done":
            return self.value
        if self.error is not None:
            raise self.error
        raise WorkerDied(1, self.exitcode) if self.status == "died" else TimeoutError(self.trace)


def _context():
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def _call(function: Callable, task: tuple, index: int, with_progress: bool, note: Callable) -> tuple:
    """``(status, value)`` of one task; only an exception of the task itself is caught."""
    kwargs = {"progress": lambda text: note(index, text)} if with_progress else {}
    try:
        return "done", function(*task, **kwargs)
    except Exception as exc:  # noqa: BLE001 — the task's failure is its outcome
        return "raised", (exc, traceback.format_exc(limit=8))


def _serve(connection, function: Callable, parent: int, with_progress: bool,
           initializer: Callable | None) -> None:
    """A worker: run the tasks it is sent, one at a time, until its pipe closes or its parent ends."""
    lifetime.end_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if initializer is not None:
        initializer()

    def note(index: int, text: str) -> None:
        connection.send(("message", index, str(text)[:MESSAGE_CHARS]))
    while True:
        try:
            job = connection.recv()
        except (EOFError, OSError):
            return
        if job is None:
            return
        index, task = job
        status, value = _call(function, task, index, with_progress, note)
        try:
            connection.send((status, index, value))
        except Exception as exc:  # noqa: BLE001 — a value or an exception that does not pickle
            if status == "raised":
                value = (RuntimeError(repr(value[0])[:MESSAGE_CHARS]), value[1])
            else:
                value = (RuntimeError(f"the task's value could not be sent back: {type(exc).__name__}: {exc}"[:300]), "")
            connection.send(("raised", index, value))


class _Worker:
    """One worker process and its own pipe (nothing shared with the others, so a worker that dies
    anywhere leaves nothing the others wait on); ``job`` is the task it runs."""

    def __init__(self, context, function: Callable, with_progress: bool, initializer: Callable | None):
        self.connection, self._theirs = context.Pipe()
        self.process = context.Process(target=_serve, name="gb16 worker",
                                       args=(self._theirs, function, os.getpid(), with_progress, initializer))
        self.job: tuple[int, tuple] | None = None
        self.began = 0.0

    def start(self) -> "_Worker":
        self.process.start()
        self._theirs.close()
        return self

    def give(self, job: tuple[int, tuple]) -> None:
        self.job, self.began = job, time.monotonic()
        try:
            self.connection.send(job)
        except OSError:   # it died before taking it: found dead by the wait
            pass

    def exitcode(self) -> int | None:
        self.process.join(1)
        return self.process.exitcode

    def stop(self, grace: float = 0.0) -> None:
        """End the worker: its pipe closed, it exits by itself (its finalizers run: an implementation
        it started is stopped) within ``grace`` seconds, or it is killed."""
        if grace > 0:
            try:
                self.connection.send(None)    # no more tasks (a forked worker's sibling may hold this pipe open)
            except OSError:
                pass
            self.process.join(grace)
        self.connection.close()
        self._theirs.close()
        if self.process.pid is not None and self.process.exitcode is None:
            try:
                self.process.kill()
            except (OSError, ValueError, AttributeError):
                pass
            self.process.join(5)


def run(function: Callable, tasks: Iterable[tuple], jobs: int, *, ordered: bool = True, fresh: bool = False,
        restarts: int | None = None, timeout: float | None = None, ahead: int = 2,
        progress: Callable[[int, str], None] | None = None, started: Callable[[int], None] | None = None,
        tick: Callable[[], None] | None = None, initializer: Callable[[], None] | None = None) -> Iterator[Outcome]:
    """``function(*task)`` for every task on ``jobs`` workers: an :class:`Outcome` per task, in
    order (or as each ends).  With ``progress``, the function is called with a ``progress``
    keyword too, and each text it passes arrives as ``progress(index, text)`` here;
    ``started(index)`` is called as each task is handed to a worker, ``tick()`` at least every
    :data:`TICK` seconds while the workers are busy (a display's clock), and ``initializer()``
    first thing in each worker."""
    numbered = enumerate(tasks)
    if jobs <= 1 and not fresh:
        for index, task in numbered:
            if started is not None:
                started(index)
            status, value = _call(function, task, index, progress is not None, progress or (lambda i, t: None))
            yield _outcome(index, status, value)
        return
    context = _context()
    pool: list[_Worker] = []
    gc.freeze()   # a forked worker then leaves the objects already built alone (no copy on write)
    grace = 0.0   # stopped in any other way than by running out of tasks: the workers are killed at once

    def start() -> _Worker:   # in the pool before it starts: a Ctrl-C meanwhile leaves no worker unknown
        pool.append(_Worker(context, function, progress is not None, initializer))
        return pool[-1].start()
    try:
        yield from _run(pool, start, numbered, max(1, jobs), ordered, fresh, restarts, timeout, max(1, ahead),
                        progress, started or (lambda index: None), tick)
        grace = GRACE
    finally:
        try:
            for worker in pool:
                worker.stop(grace)
        finally:   # a Ctrl-C while they exit: the others are killed all the same
            for worker in pool:
                worker.stop()
        gc.unfreeze()


def _outcome(index: int, status: str, value: Any) -> Outcome:
    if status == "done":
        return Outcome(index, "done", value)
    error, trace = value
    return Outcome(index, "raised", error=error, trace=trace)


def _run(pool: list, start: Callable[[], _Worker], numbered, jobs: int, ordered: bool, fresh: bool,
         restarts: int | None, timeout: float | None, ahead: int, progress, started,
         tick) -> Iterator[Outcome]:
    finished: dict[int, Outcome] = {}                 # ended, not yet yielded (ordered)
    again: collections.deque = collections.deque()    # tasks whose worker died, to run first
    following, deaths, last_exit, giving_up, exhausted = 0, 0, None, False, False
    if not fresh:   # every worker ready before the first task is read (it may be slow to come: a pipe)
        for _ in range(jobs):
            start()
    while True:
        idle = [w for w in pool if w.job is None]
        while not giving_up and (again or not exhausted):
            held = len(finished) + sum(w.job is not None for w in pool)
            if not again and ordered and held >= ahead * jobs:
                break
            if not idle and len(pool) >= jobs:
                break
            if not again:
                job = next(numbered, None)
                if job is None:
                    exhausted = True
                    break
            else:
                job = again.popleft()
            if not idle:
                idle.append(start())
            idle.pop(0).give(job)
            started(job[0])
        yielded = following
        while ordered and following in finished:
            yield finished.pop(following)
            following += 1
        busy = [w for w in pool if w.job is not None]
        if not busy:
            if giving_up:
                raise WorkerDied(deaths, last_exit)
            if exhausted and not again:
                return
            if following > yielded:   # room in the window again
                continue
            raise RuntimeError(f"task {following} was lost")   # never: each task is given, held or ended
        wait = None if tick is None else TICK
        if timeout is not None:
            wait = min(wait or timeout, max(0.0, min(w.began + timeout for w in busy) - time.monotonic()))
        ready = multiprocessing.connection.wait([w.connection for w in busy] + [w.process.sentinel for w in busy], wait)
        if tick is not None:
            tick()
        ended: list[Outcome] = []
        for worker in busy:
            if worker.connection not in ready and worker.process.sentinel not in ready:
                if timeout is not None and time.monotonic() - worker.began >= timeout:
                    ended.append(Outcome(worker.job[0], "timed out", trace=f"no answer within {timeout:g} s"))
                    _drop(pool, worker)
                continue
            answer = _receive(worker, progress)
            if answer is None:                          # still running: its messages were read
                continue
            if answer == "died":
                last_exit = worker.exitcode()
                job, worker.job = worker.job, None
                _drop(pool, worker)
                if restarts is None:
                    ended.append(Outcome(job[0], "died", trace=f"ended with exit code {last_exit} without an answer",
                                         exitcode=last_exit))
                    continue
                deaths += 1
                again.appendleft(job)
                giving_up = giving_up or deaths > restarts
                continue
            status, index, value = answer
            worker.job = None
            ended.append(_outcome(index, status, value))
            if fresh:
                _drop(pool, worker, GRACE)
        for outcome in ended:
            if ordered:
                finished[outcome.index] = outcome
            else:
                yield outcome
        if giving_up:
            again.clear()


def _receive(worker: _Worker, progress) -> tuple | str | None:
    """The worker's answer (its messages passed on), ``"died"``, or None when it is still at work."""
    try:
        while worker.connection.poll():
            message = worker.connection.recv()
            if message[0] != "message":
                return message
            if progress is not None:
                progress(message[1], message[2])
    except (EOFError, OSError):
        return "died"
    return "died" if not worker.process.is_alive() and not worker.connection.poll() else None


def _drop(pool: list, worker: _Worker, grace: float = 0.0) -> None:
    worker.stop(grace)
    pool.remove(worker)


# --------------------------------------------------------------------------- the parts of gb16 report

@dataclass
class Part:
    """One independent part of ``gb16 report``: ``function(**kwargs, progress=…)`` in a process of
    its own.  ``function`` is a module-level function (a spawned worker imports it by name)."""

    key: str
    label: str
    function: Callable[..., Any]
    kwargs: dict = field(default_factory=dict)


def default_jobs() -> int:
    return os.cpu_count() or 1


def _run_part(part: Part, progress: Callable[[str], None]) -> Any:
    return part.function(**part.kwargs, progress=progress)


def run_parts(parts: list[Part], jobs: int | None = None, progress: bool | None = None,
              heartbeat: float = 30.0, stream=None) -> dict[str, tuple[str, Any]]:
    """Run ``parts`` (in the order given) on ``jobs`` processes at a time (default: every core;
    1: one after another in this process), each part in a process of its own, with their
    progress on a :class:`~gb16.tools.harness.progress.Board`.

    Returns ``{key: ("done", value)}`` or ``{key: ("raised", (exception, traceback text))}``; a
    part whose process dies without an answer is an error of that part alone.  ``progress``
    None: lines on a terminal, heartbeats elsewhere; False: silent."""
    jobs = max(1, jobs or default_jobs())
    board = Board([p.label for p in parts], progress, heartbeat, stream)
    outcomes: dict[str, tuple[str, Any]] = {}
    board.draw()
    for outcome in run(_run_part, ((p,) for p in parts), jobs, ordered=False, fresh=jobs > 1, ahead=1,
                       started=board.start, progress=board.note, tick=board.draw):
        key = parts[outcome.index].key
        if outcome.status == "done":
            outcomes[key] = ("done", outcome.value)
        elif outcome.status == "raised":
            outcomes[key] = ("raised", (outcome.error, outcome.trace))
        else:
            outcomes[key] = ("raised", (RuntimeError(f"the {key} process {outcome.trace}"), ""))
        board.end(outcome.index, outcomes[key][0] == "done")
    return outcomes
