"""``gb16 score --batch --jobs N``: batch scoring on several cores, results in input order.

The input lines are cut into chunks; each chunk is scored by a worker process with the
same per-line function as the one-process batch (:func:`gb16.tools.cmd_score.batch_result`),
and the chunks' results are written back in the order the chunks were read (``imap``), so
the output is line for line the output of ``--jobs 1``.  A chunk is written, and flushed,
as soon as it and every chunk before it are done.

``--jobs 0`` means one worker per core (:func:`os.cpu_count`).
"""

from __future__ import annotations

import gc
import multiprocessing
import os
from functools import partial
from itertools import islice

#: lines per chunk: large enough that sending a chunk to a worker costs little beside
#: scoring it (about 0.1 ms a line), small enough that the first results come quickly
CHUNK = 200


def workers(jobs: int) -> int:
    """The number of worker processes ``--jobs`` asks for (0: every core)."""
    return jobs if jobs > 0 else (os.cpu_count() or 1)


def _chunks(lines, size: int = CHUNK):
    it = iter(lines)
    while chunk := list(islice(it, size)):
        yield chunk


def _score_chunk(chunk: list[bytes], rules=None) -> bytes:
    from gb16.tools.cmd_score import batch_result
    return b"".join(batch_result(raw, rules) for raw in chunk)


def _context():
    # fork starts a worker in milliseconds with the scorer already imported; elsewhere, spawn
    methods = multiprocessing.get_all_start_methods()
    return multiprocessing.get_context("fork" if "fork" in methods else "spawn")


def run(lines, out, jobs: int, rules=None) -> None:
    """Score the JSON Lines ``lines`` (bytes) on ``jobs`` workers under ``rules`` (default: the
    rules in force), writing the result lines to the binary ``out`` in order."""
    n = workers(jobs)
    if n <= 1:
        for chunk in _chunks(lines, 1):
            out.write(_score_chunk(chunk, rules))
            out.flush()
        return
    # The scorer's tables and memos are already built in this process: frozen, the collector
    # of each forked worker leaves them alone (and so does not copy their pages on write).
    gc.freeze()
    try:
        with _context().Pool(n) as pool:
            for text in pool.imap(partial(_score_chunk, rules=rules), _chunks(lines)):
                out.write(text)
                out.flush()
    finally:
        gc.unfreeze()
