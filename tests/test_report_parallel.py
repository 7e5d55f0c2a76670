"""The report's parts side by side (gb16.tools.harness.parallel): every outcome comes back
under its own key, a failing or dying part costs the others nothing, and progress is shown
as heartbeat lines when not on a terminal."""

from __future__ import annotations

import io
import os
import time

from gb16.tools.harness import parallel, progress


def counting(n: int, progress=None):
    for k in range(1, n + 1):
        progress(f"step {k}/{n}")
        time.sleep(0.01)
    return {"counted": n}


def failing(progress=None):
    raise ValueError("planted failure")


def dying(progress=None):
    os._exit(3)


def test_parts_side_by_side_each_with_its_outcome():
    parts = [parallel.Part("a", "part a", counting, {"n": 30}), parallel.Part("b", "part b", failing),
             parallel.Part("c", "part c", dying), parallel.Part("d", "part d", counting, {"n": 5})]
    stream = io.StringIO()
    outcomes = parallel.run_parts(parts, jobs=2, progress=None, heartbeat=0.0, stream=stream)
    assert outcomes["a"] == ("done", {"counted": 30})
    assert outcomes["d"] == ("done", {"counted": 5})
    kind, (exc, text) = outcomes["b"]
    assert kind == "raised" and isinstance(exc, ValueError) and "planted failure" in text
    kind, (exc, _) = outcomes["c"]
    assert kind == "raised" and "exit code 3" in str(exc)
    lines = stream.getvalue().splitlines()
    assert lines and all(line.startswith("[report ") for line in lines)  # heartbeats, one line each
    assert any("part a" in line and "done" in line for line in lines)


def test_one_job_runs_in_this_process_the_same_way():
    seen = []

    def record(progress=None):
        seen.append(os.getpid())
        return 1
    outcomes = parallel.run_parts([parallel.Part("x", "x", record), parallel.Part("y", "y", failing)],
                                  jobs=1, progress=False)
    assert outcomes["x"] == ("done", 1) and seen == [os.getpid()]
    assert outcomes["y"][0] == "raised"


def test_rate_and_time_left_from_counts():
    state = progress._State("differential", status="running", started=0.0)
    state.note("gb13 differential 100/1000", 10.0)
    state.note("gb13 differential 300/1000", 20.0)
    line = state.line(20.0)
    assert "20.0/s" in line and "35s left" in line


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_the_terminal_board_shows_the_running_parts_and_the_broken_under_a_tally(monkeypatch):
    """However many parts (gb16 report has one per property), a frame holds one line per part
    running or broken, under a line counting the parts done and waiting."""
    monkeypatch.delenv("CI", raising=False)
    monkeypatch.delenv("GITHUB_ACTIONS", raising=False)
    stream = Terminal()
    board = progress.Board([f"Property {k}" for k in range(1, 25)], None, 30.0, stream)
    for k in range(5):
        board.start(k)
    for k in range(3):
        board.end(k, ok=k != 1)
    board.note(3, "step 4/10")
    frame = stream.getvalue().rsplit("\x1b[2Kgb16 report", 1)[1]
    assert frame.endswith("\n\x1b[J")   # a longer drawing's lines below are cleared
    frame = frame.removesuffix("\x1b[J").split("\n")
    lines = [line.removeprefix("\x1b[2K") for line in frame if line.strip("\x1b[2K")]
    assert "3 of 24 parts done, 19 waiting" in lines[0]
    assert [line.split("  ")[0] for line in lines[1:]] == ["Property 2", "Property 4", "Property 5"]
    assert "error" in lines[1] and "step 4/10" in lines[2]
