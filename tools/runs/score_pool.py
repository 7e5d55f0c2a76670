"""``gb16 score --batch --jobs N``: batch scoring on several cores, results in input order.

The input lines are cut into chunks; each chunk is scored by a worker process of the kit's one
runner (:mod:`gb16.tools.harness.parallel`) with a per-line function (``gb16 score`` passes
:func:`gb16.tools.common.batch_line.batch_result`, the one-process batch's), and the chunks' results
are written back in the order the chunks were read, so the output is line for line the output
of ``--jobs 1``.  A chunk is written, and flushed, as soon as it and every chunk before it are done.

Bounded whatever happens (the runner's guarantees):

* at most :data:`AHEAD` chunks per worker are read ahead of the one being written, so a reader
  that stalls (a full pipe) stops the input being read instead of filling memory;
* a worker that dies (killed, out of memory, a crash in the scorer) is replaced and the chunk
  it held is scored again by the new one — no line is lost, none written twice; after
  :data:`MAX_RESTARTS` deaths the chunks the other workers hold are finished and written as
  far as they follow on, and the batch stops with :class:`WorkerDied` (the command says
  which lines have results and exits non-zero), never a hang;
* workers ignore Ctrl-C (SIGINT): the command alone stops, kills them and says so once; a
  killed command takes its workers with it;
* ``--jobs`` is at most :data:`JOBS_PER_CORE` per core (0 means one per core).
"""

from __future__ import annotations

import os
from functools import partial
from itertools import islice
from typing import Callable

from gb16.tools.harness import parallel

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


def _chunks(lines, size: int):
    it = iter(lines)
    while chunk := list(islice(it, size)):
        yield (chunk,)


def _score_chunk(chunk: list[bytes], line_result: Callable, rules=None) -> tuple[int, bytes]:
    return len(chunk), b"".join(line_result(raw, rules) for raw in chunk)


def run(lines, out, jobs: int, line_result: Callable, rules=None) -> int:
    """Score the JSON Lines ``lines`` (bytes) with ``line_result(raw, rules) -> bytes`` on
    ``jobs`` workers, writing the result lines to the binary ``out`` in order; returns the
    number of lines written.  Raises :class:`WorkerDied` when workers keep dying."""
    n = workers(jobs)
    score = partial(_score_chunk, line_result=line_result, rules=rules)
    written = 0
    try:
        # one process: a line at a time, each written as soon as it is scored
        for outcome in parallel.run(score, _chunks(lines, CHUNK if n > 1 else 1), n, ahead=AHEAD,
                                    restarts=MAX_RESTARTS):
            size, text = outcome.result()
            out.write(text)
            out.flush()
            written += size
    except parallel.WorkerDied as died:
        raise WorkerDied(written, died.deaths) from None
    return written
