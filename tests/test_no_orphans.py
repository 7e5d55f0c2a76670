"""No process the kit starts outlives it (gb16.tools.harness.lifetime, gb16.tools.harness.parallel):
after a SIGKILL of the main process of ``certify --random N --jobs 2`` (its workers, their
implementations and watchdogs), of ``score --batch --jobs 2`` (its workers) and of ``gb16 report
--jobs 2`` (its parts, and the workers and implementations of the parts), none of their processes
is left 15 s later.  Every process of a run is found by a mark in its environment, which each inherits.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not Path("/proc/self/environ").exists(), reason="finds the processes in /proc")]

ROOT = Path(__file__).resolve().parent.parent
WRONG = f"python:{ROOT / 'tools' / 'examples' / 'wrong_impl.py'}:score"


def marked(mark: bytes) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                with open(f"/proc/{name}/environ", "rb") as handle:
                    if mark in handle.read().split(b"\0"):
                        found.append(int(name))
            except OSError:
                pass
    return found


def poll(condition, seconds: float):
    end = time.monotonic() + seconds
    while True:
        value = condition()
        if value or time.monotonic() > end:
            return value
        time.sleep(0.2)


def kill_and_count_left(argv: list[str], at_least: int, stdin=subprocess.DEVNULL) -> tuple[int, list[int]]:
    """Start ``argv`` with a mark, wait until ``at_least`` processes carry it, SIGKILL the main one;
    the number seen before and the pids still marked 15 s later (polled)."""
    mark = f"GB16_TEST_RUN={uuid.uuid4().hex}"
    env = dict(os.environ, GB16_TEST_RUN=mark.partition("=")[2])
    p = subprocess.Popen(argv, stdin=stdin, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env,
                         cwd=ROOT)
    left: list[int] = []
    try:
        seen = poll(lambda: len(marked(mark.encode())) >= at_least and len(marked(mark.encode())), 120)
        assert seen, f"the run never had {at_least} processes (exit status {p.poll()})"
        p.kill()
        p.wait(30)
        left = poll(lambda: not marked(mark.encode()), 15) or marked(mark.encode())
        return seen, ([] if left is True else left)
    finally:
        for pid in marked(mark.encode()):
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass


def test_a_killed_differential_run_leaves_no_worker_implementation_or_watchdog(tmp_path):
    # main + 2 workers, each with its implementation (python_host) and that one's watchdog
    seen, left = kill_and_count_left(
        [sys.executable, "-m", "gb16", "certify", "--impl", WRONG, "--random", "1000000", "--seed", "3",
         "--variant", "gb16", "--jobs", "2", "--out", str(tmp_path / "run.jsonl")], at_least=7)
    assert seen >= 7 and left == [], (seen, left)


def test_a_killed_batch_leaves_no_worker(tmp_path):
    # the workers wait for more input on a pipe that stays open: only their parent's end ends them
    read_end, write_end = os.pipe()
    try:
        os.write(write_end, b'{"hand": "147m 258p 369s 111z 555z 66z\xef\xbc\x8c\xe8\x87\xaa\xe6\x91\xb86z"}\n')
        seen, left = kill_and_count_left([sys.executable, "-m", "gb16", "score", "--batch", "--jobs", "2"],
                                         at_least=3, stdin=read_end)
    finally:
        os.close(read_end)
        os.close(write_end)
    assert seen >= 3 and left == [], (seen, left)


def test_a_killed_report_leaves_no_part_worker_or_implementation(tmp_path):
    # main + 2 parts (the corpus and the gb13 differential), the differential's workers, each
    # with PyMahjongGB in a process of its own: killed once the differential's workers exist
    pytest.importorskip("MahjongGB")
    seen, left = kill_and_count_left(
        [sys.executable, "-m", "gb16", "report", "--out", str(tmp_path / "report"), "--profile", "ci",
         "--skip", "properties", "--skip", "proofs", "--skip", "mutants", "--differential", "1000000",
         "--jobs", "2", "--no-progress"], at_least=5)
    assert seen >= 5 and left == [], (seen, left)
