"""The kit's one parallel runner (gb16.tools.harness.parallel): outcomes in the tasks' order,
a dead worker replaced and its task run again, a death or a timeout the outcome of that task
alone, input read only so far ahead, a process per task when asked, workers that ignore
Ctrl-C, and none left when the consumer stops."""

from __future__ import annotations

import os
import signal
import time
from pathlib import Path

import pytest

from gb16.tools.harness import parallel


def square_after(k: int, pause: float) -> int:
    time.sleep(pause)
    return k * k


def dies_the_first_time(k: int, folder: str) -> int:
    """A task whose first try kills its process (a crash, the out-of-memory killer)."""
    mark = Path(folder) / f"tried-{k}"
    if not mark.exists():
        mark.write_text("")
        os._exit(7)
    return k


def always_dies(k: int) -> int:
    if k == 2:
        os._exit(5)
    return k


def raises_on_three(k: int) -> int:
    if k == 3:
        raise ValueError(f"planted failure on {k}")
    return k


def pid_of(k: int) -> int:
    return os.getpid()


def mark_seen(k: int) -> object:
    """What the worker sees of a mark set in the parent after import: a forked worker has it,
    a spawned one (a new interpreter) does not."""
    return getattr(parallel, "_mark_set_by_the_test", None)


def alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except OSError:
        return False
    try:   # a zombie has ended: /proc says so
        return Path(f"/proc/{pid}/stat").read_text().split(") ")[1][0] != "Z"
    except OSError:
        return True


def test_outcomes_come_in_the_tasks_order_whatever_order_they_end_in():
    # the first task takes longest: the other worker runs every later one meanwhile
    tasks = [(k, 0.3 if k == 0 else 0.0) for k in range(10)]
    outcomes = list(parallel.run(square_after, tasks, 2, ahead=5))
    assert [o.index for o in outcomes] == list(range(10))
    assert [o.result() for o in outcomes] == [k * k for k in range(10)]
    ended = [o.index for o in parallel.run(square_after, tasks, 2, ordered=False, ahead=5)]
    assert sorted(ended) == list(range(10)) and ended != list(range(10))


def test_a_dead_worker_is_replaced_and_its_task_run_again(tmp_path):
    outcomes = list(parallel.run(dies_the_first_time, [(k, str(tmp_path)) for k in range(3)], 2, restarts=3))
    assert [(o.status, o.value) for o in outcomes] == [("done", 0), ("done", 1), ("done", 2)]


def test_workers_that_keep_dying_stop_the_run_after_what_follows_on():
    got = []
    with pytest.raises(parallel.WorkerDied) as died:
        for outcome in parallel.run(always_dies, [(k,) for k in range(8)], 2, restarts=2):
            got.append(outcome.result())
    assert got == [0, 1] and died.value.deaths == 3 and died.value.exitcode == 5


def test_without_restarts_a_death_or_an_exception_is_that_task_s_outcome():
    outcomes = list(parallel.run(always_dies, [(k,) for k in range(4)], 2))
    assert [o.status for o in outcomes] == ["done", "done", "died", "done"]
    assert outcomes[2].exitcode == 5 and "exit code 5" in outcomes[2].trace
    raised = list(parallel.run(raises_on_three, [(k,) for k in range(5)], 2))[3]
    assert raised.status == "raised" and isinstance(raised.error, ValueError) and "planted failure" in raised.trace
    with pytest.raises(ValueError):
        raised.result()


def test_a_task_past_its_time_is_timed_out_and_the_others_go_on():
    outcomes = list(parallel.run(square_after, [(1, 0.0), (2, 30.0), (3, 0.0)], 2, timeout=1.0))
    assert [o.status for o in outcomes] == ["done", "timed out", "done"]


def test_the_input_is_read_only_so_far_ahead_of_the_outcome_not_yet_taken():
    pulled = []

    def tasks():   # the first is slow: the other worker would run through all the rest meanwhile
        for k in range(1000):
            pulled.append(k)
            yield (k, 0.3 if k == 0 else 0.0)
    outcomes = parallel.run(square_after, tasks(), 2, ahead=2)
    assert next(outcomes).result() == 0
    outcomes.close()
    assert len(pulled) <= 2 * 2 + 1


def test_fresh_gives_every_task_a_process_of_its_own_and_one_job_runs_here():
    pids = [o.result() for o in parallel.run(pid_of, [(k,) for k in range(4)], 2, fresh=True)]
    assert len(set(pids)) == 4 and os.getpid() not in pids
    assert {o.result() for o in parallel.run(pid_of, [(k,) for k in range(3)], 1)} == {os.getpid()}


def children() -> list[int]:
    mine = str(os.getpid())
    found = []
    for name in os.listdir("/proc"):
        try:
            if name.isdigit() and Path(f"/proc/{name}/stat").read_text().split(") ")[1].split()[1] == mine:
                found.append(int(name))
        except (OSError, IndexError):
            pass
    return found


def test_workers_ignore_ctrl_c():
    before = set(children())  # another test's process of this worker, not the runner's
    outcomes = parallel.run(square_after, [(k, 0.3) for k in range(4)], 2)
    first = next(outcomes)    # the workers are at the next tasks
    workers = [pid for pid in children() if pid not in before]
    assert first.result() == 0 and workers
    for pid in workers:
        os.kill(pid, signal.SIGINT)          # as a terminal's Ctrl-C reaches the whole group
    assert [o.status for o in outcomes] == ["done"] * 3   # ... which the workers ignore


def test_no_worker_is_left_when_the_consumer_stops():
    before = set(children())  # another test's process of this worker, not the runner's
    outcomes = parallel.run(square_after, [(k, 0.3) for k in range(6)], 2)
    assert next(outcomes).result() == 0
    workers = [pid for pid in children() if pid not in before]
    assert workers
    outcomes.close()
    assert not any(alive(pid) for pid in workers)


def pools_outside_the_runner(root: Path) -> list[str]:
    """Every module but harness/parallel.py that imports multiprocessing (other than its
    ``util``, the finalizers) or concurrent.futures: a pool of its own."""
    import ast
    found = []
    for folder in ("tools", "properties", "reference", "corpus", "gb16"):
        for path in sorted((root / folder).rglob("*.py")):
            if path == root / "tools" / "harness" / "parallel.py":
                continue
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                names = ([a.name for a in node.names] if isinstance(node, ast.Import) else
                         [f"{node.module}.{a.name}" for a in node.names] if isinstance(node, ast.ImportFrom) else [])
                if any((n.split(".")[0] == "multiprocessing" and not n.startswith("multiprocessing.util"))
                       or n.split(".")[0] == "concurrent" for n in names):
                    found.append(f"{path.relative_to(root)}:{node.lineno}")
    return found


def test_no_module_but_the_runner_has_a_pool_of_its_own():
    root = Path(__file__).resolve().parents[1]
    assert pools_outside_the_runner(root) == []


def test_spawned_workers_where_fork_is_not_available(monkeypatch, tmp_path):
    """Where the system cannot fork (macOS by default, Windows) workers are spawned: the same
    outcomes, in order, with a dead worker replaced and its task run again."""
    import multiprocessing
    monkeypatch.setattr(parallel, "_context", lambda: multiprocessing.get_context("spawn"))
    for k in (0, 2):   # only task 1 kills its worker the first time
        (tmp_path / f"tried-{k}").write_text("")
    outcomes = list(parallel.run(dies_the_first_time, [(k, str(tmp_path)) for k in range(3)], 2, restarts=1))
    assert [(o.status, o.value) for o in outcomes] == [("done", k) for k in range(3)]
    assert (tmp_path / "tried-1").exists()   # it did die once
    monkeypatch.setattr(parallel, "_mark_set_by_the_test", "inherited", raising=False)
    assert [o.result() for o in parallel.run(mark_seen, [(0,), (1,)], 2)] == [None, None]   # spawned indeed
