"""Test-suite configuration: how the suite is spread over cores.

``make test`` runs everything on every core and one worker more (pytest-xdist,
:func:`pytest_xdist_auto_num_workers`); ``make check`` leaves out the
tests marked ``slow`` and runs in under a minute on two cores.  A test is slow when it
takes seconds on its own (the reference through every property at the ci budget, the Z3
proofs and cross-checks, every mutant against the corpus, faults in spawned processes, the
browser), or a second or more in ``make check`` (``pytest --durations=0 -m "not slow"``
shows the candidates); it is marked where it is defined, ``@pytest.mark.slow`` (a whole
browser file: ``pytestmark``).  Every test file keeps fast tests unmarked, so ``make check``
still touches every part of the kit.

The suite runs with ``--dist loadfile --no-loadscope-reorder`` (pyproject.toml): each test
file goes whole to one worker, so that a module-scoped fixture (the ci rows of the
properties, the cross-check's subset and Z3 optima, the fuzz lines and their results) is
built once and not once on each core; and the files go out in collection order, in which
the files with the long tests come first (``FIRST``), so that they start early instead of
finishing last on one core.

The files of a group in ``TOGETHER`` go to one worker as one unit, in their order, because
the later ones reuse what the first has computed in that process: the ci run of every
property on the reference (tests/test_properties.py) keeps each property's examples as its
recorded stream (gb16.properties.replay.Keeper), which tests/test_reach.py and
tests/test_mutants.py replay instead of recording them again.  Run apart (another ``--dist``,
or one file alone) each still records what it needs.
"""

from __future__ import annotations

import os
import signal

import pytest

# The tests that send Ctrl-C (SIGINT) to a command they start expect it to reach the command, as a
# terminal's does.  A suite started in the background of a non-interactive shell (``cmd &``, nohup)
# inherits SIGINT ignored, and an ignored signal stays ignored across exec in every process it
# starts; so the Python default is put back here, in each process that runs tests, and a command
# started by a test then begins with SIGINT at its default (handlers, unlike ignoring, end at exec).
if signal.getsignal(signal.SIGINT) == signal.SIG_IGN:
    signal.signal(signal.SIGINT, signal.default_int_handler)

#: files that run in one worker, in this order (see the module docstring)
TOGETHER = (("tests/test_properties.py", "tests/test_reach.py", "tests/test_mutants.py"),)

#: test files (or TOGETHER groups, by their first file) collected first, longest first (seconds
#: of a whole-suite run); the rest keep their order
FIRST = ("tests/test_properties.py", "tests/test_differential.py", "tests/test_harness.py",
         "tests/test_attribution.py", "tests/test_proofs.py", "tests/test_fuzz_batch.py", "tests/test_experiment.py",
         "tests/test_bounds.py", "tests/test_serve_browser.py", "tests/test_readme_commands.py",
         "tests/test_planted.py",
         "tests/test_properties_strategies.py", "tests/test_packaging.py")

_GROUP = {name: group[0] for group in TOGETHER for name in group}


def _file(item) -> str:
    return item.nodeid.split("::", 1)[0]


def pytest_collection_modifyitems(config, items):
    rank = {name: k for k, name in enumerate(FIRST)}
    within = {name: k for group in TOGETHER for k, name in enumerate(group)}

    def key(item):
        name = _file(item)
        return rank.get(_GROUP.get(name, name), len(FIRST)), within.get(name, 0)
    items.sort(key=key)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config):
    """``-n auto``: one worker more than there are cores.  Much of the suite's time is spent
    waiting on programs it spawned (a hung implementation's timeout, a restart, a browser);
    a third worker on two cores fills those waits."""
    return (os.cpu_count() or 1) + 1


def pytest_xdist_make_scheduler(config, log):
    """--dist loadfile, with the files of each TOGETHER group as one unit of work."""
    if config.getoption("dist") != "loadfile":
        return None
    from xdist.scheduler import LoadFileScheduling

    class Scheduling(LoadFileScheduling):
        def _split_scope(self, nodeid: str) -> str:
            name = super()._split_scope(nodeid)
            return _GROUP.get(name, name)

    return Scheduling(config, log)
