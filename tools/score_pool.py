"""``gb16 score --batch --jobs N``: batch scoring on several cores, results in input order.

The input lines are cut into chunks; each chunk is scored by a worker process with a per-line
function (``gb16 score`` passes :func:`gb16.tools.batch_line.batch_result`, the one-process
batch's), and the chunks' results are written back in the order the chunks were read, so the
output is line for line the output of ``--jobs 1``.  A chunk is written, and flushed, as soon
as it and every chunk before it are done.

Bounded whatever happens:

* at most :data:`AHEAD` chunks per worker are read ahead of the one being written, so a reader
  that stalls (a full pipe) stops the input being read instead of filling memory;
* each worker has a pipe of its own and is watched (its pipe and its exit together): one that
  dies (killed, out of memory, a crash in the scorer) is replaced and the chunk it held is
  scored again by the new one — no line is lost, none written twice; after
  :data:`MAX_RESTARTS` deaths the chunks the other workers hold are finished and written as
  far as they follow on, and the batch stops with :class:`WorkerDied` (the command says
  which lines have results and exits non-zero), never a hang;
* workers ignore Ctrl-C (SIGINT): the command alone stops, kills them and says so once;
* ``--jobs`` is at most :data:`JOBS_PER_CORE` per core (0 means one per core).
"""

from __future__ import annotations

import collections
import gc
import multiprocessing
import multiprocessing.connection
import os
import signal
from functools import partial
from itertools import islice
from typing import Callable

from gb16.tools.harness import lifetime

#: lines per chunk: large enough that sending a chunk to a worker costs little beside
#: scoring it (about 0.1 ms a line), small enough that the first results come quickly
CHUNK = 200
#: chunks in flight per worker (read, sent or scored, not yet written)
AHEAD = 2
#: the most workers per core ``--jobs`` may ask for
JOBS_PER_CORE = 4
#: how many dead workers are replaced before the batch gives up
MAX_RESTARTS = 3


class WorkerDied(Exception):
    """A worker process died more often than :data:`MAX_RESTARTS`; ``written`` lines have results."""

    def __init__(self, written: int, restarts: int):
        super().__init__(f"a worker process died {restarts} times; the batch stopped after {written} lines "
                         f"(each of them has its result; the lines after it have none)")
        self.written = written


def cores() -> int:
    return os.cpu_count() or 1


def workers(jobs: int) -> int:
    """The number of worker processes ``--jobs`` asks for (0: every core), at most
    :data:`JOBS_PER_CORE` per core."""
    return min(jobs if jobs > 0 else cores(), JOBS_PER_CORE * cores())


def _chunks(lines, size: int | None = None):
    size = size or CHUNK
    it = iter(lines)
    while chunk := list(islice(it, size)):
        yield chunk


def _score_chunk(chunk: list[bytes], line_result: Callable, rules=None) -> bytes:
    return b"".join(line_result(raw, rules) for raw in chunk)


def _serve(connection, score: Callable, parent: int) -> None:
    """A worker: score the chunks it is sent, one at a time, until its pipe closes or its parent
    ends (gb16.tools.harness.lifetime).  Ctrl-C goes to the whole foreground process group: the
    command handles it, not each worker."""
    lifetime.end_with_parent(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    while True:
        try:
            chunk = connection.recv()
        except (EOFError, OSError):
            return
        connection.send_bytes(score(chunk))


def _context():
    # fork starts a worker in milliseconds with the scorer already imported; elsewhere, spawn
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


class _Worker:
    """One worker process and its own pipe (no lock or queue shared with the others, so a worker
    that dies anywhere leaves nothing the others wait on); ``job`` is the chunk it scores."""

    def __init__(self, context, score: Callable):
        self.connection, theirs = context.Pipe()
        self.process = context.Process(target=_serve, args=(theirs, score, os.getpid()), daemon=True)
        self.process.start()
        theirs.close()
        self.job: tuple[int, list[bytes]] | None = None

    def give(self, job: tuple[int, list[bytes]]) -> None:
        self.job = job
        try:
            self.connection.send(job[1])
        except OSError:   # it died before taking it: found dead by the wait
            pass

    def kill(self) -> None:
        try:
            self.process.kill()
        except (OSError, ValueError):
            pass
        self.process.join(1)
        self.connection.close()


def run(lines, out, jobs: int, line_result: Callable, rules=None) -> int:
    """Score the JSON Lines ``lines`` (bytes) with ``line_result(raw, rules) -> bytes`` on
    ``jobs`` workers, writing the result lines to the binary ``out`` in order; returns the
    number of lines written.  Raises :class:`WorkerDied` when workers keep dying."""
    n = workers(jobs)
    score = partial(_score_chunk, line_result=line_result, rules=rules)
    if n <= 1:
        written = 0
        for chunk in _chunks(lines, 1):
            out.write(score(chunk))
            out.flush()
            written += 1
        return written
    # The scorer's tables and memos are already built in this process: frozen, the collector
    # of each forked worker leaves them alone (and so does not copy their pages on write).
    gc.freeze()
    context = _context()
    pool: list[_Worker] = []
    try:
        pool = [_Worker(context, score) for _ in range(n)]
        return _run(pool, context, score, enumerate(_chunks(lines)), out, n)
    finally:
        for worker in pool:
            worker.kill()
        gc.unfreeze()


def _run(pool: list, context, score: Callable, chunks, out, n: int) -> int:
    done: dict[int, list] = {}                       # chunk number → [lines, result]
    again: collections.deque = collections.deque()   # chunks whose worker died, to score first
    following, written, deaths, giving_up = 0, 0, 0, False
    exhausted = False
    while True:
        for worker in pool:                          # work for every idle worker, within the window
            if worker.job is not None or giving_up:
                continue
            if again:
                worker.give(again.popleft())
            elif not exhausted and len(done) + sum(w.job is not None for w in pool) < AHEAD * n:
                job = next(chunks, None)
                if job is None:
                    exhausted = True
                else:
                    worker.give(job)
        while following in done:                     # every result whose predecessors are written
            size, text = done.pop(following)
            out.write(text)
            out.flush()
            written += size
            following += 1
        busy = [worker for worker in pool if worker.job is not None]
        if not busy:
            if giving_up:
                raise WorkerDied(written, deaths)
            if exhausted and not again:
                return written
            continue
        ready = multiprocessing.connection.wait([w.connection for w in busy] + [w.process.sentinel for w in busy])
        for index, worker in enumerate(pool):
            if worker.job is None or not (worker.connection in ready or worker.process.sentinel in ready):
                continue
            try:
                text = worker.connection.recv_bytes()
            except (EOFError, OSError):              # it died with the chunk: a new worker scores it again
                deaths += 1
                again.appendleft(worker.job)
                worker.job = None
                worker.kill()
                giving_up = giving_up or deaths > MAX_RESTARTS
                if not giving_up:
                    pool[index] = _Worker(context, score)
                continue
            number, chunk = worker.job
            done[number] = [len(chunk), text]
            worker.job = None
