"""One verdict whatever path reads it: before a candidate is taken it is put to the
implementation on hands where it acts (tools/harness/experiment.py), so ``--last-failed``, the
printed one-case ``reproduce (implementation)`` line, a ``--filter`` run and a small random run
reach the verdict of the whole corpus; and a candidate that only widens the admissible fan
lists is tried (tools/harness/declaration.py ``may_widen``).  Every path runs through the
command, as a user runs it."""

from __future__ import annotations

import contextlib
import io
import re
import shlex
from pathlib import Path

import pytest

from gb16.tools.commands.cli import main
from gb16.tools.harness import runlog

ROOT = Path(__file__).resolve().parents[1]
PLANTED = "python:gb16.tools.differential.planted:"
SAMPLES = f"python:{ROOT / 'tools' / 'examples' / 'edition_impls.py'}:"
#: The delta a scorer without 混幺九/字一色 beside 七对 seems to follow on its failures alone;
#: the 七对 hands of 清一色, 断幺, 缺一门 … it scores as the reference does contradict it.
LURE = "tile-fans-basic-shape-only"

#: A planted scorer (the reference without 混幺九/字一色 beside 七对) and a sample that also
#: follows an undeclared delta with ties broken its own way, with the delta it follows.
SCORERS = {"planted": (PLANTED + "seven_pairs_no_orphan_fans", []),
           "ties-sample": (SAMPLES + "exhausted_ties_orphans_scorer", ["exhausted-tile-no-wait"])}


def certify(tmp_path, capsys, impl: str, *args: str):
    """``gb16 certify --impl IMPL ARGS`` with a fresh ``--out``: (printed output, run log)."""
    out = tmp_path / f"run-{len(list(tmp_path.glob('*.jsonl')))}.jsonl"
    main(["certify", "--impl", impl, "--out", str(out), "--no-progress", *args])
    return capsys.readouterr().out, runlog.read(out)


def orphan_bugs(log) -> set[str]:
    """The failures that show the bug: 混幺九 or 字一色 missing beside 七对."""
    out = set()
    for c in log.cases:
        if c["status"] == "fail" and c["actual"].get("ok"):
            listed = {f["id"] for f in c["actual"]["fans"]}
            if "seven_pairs" in listed and set(c["expected"].get("fans", {})) & {"all_terminals_and_honors",
                                                                               "all_honors"}:
                out.add(c["id"])
    return out


def same_verdict(log, printed: str, follows: list[str]) -> None:
    """The bug a bug, the delta the scorer follows attributed, the lure never taken nor pasted."""
    found = log.attribution
    bugs = orphan_bugs(log)
    assert bugs and set(found.bugs) == bugs
    assert found.chosen == follows
    assert set(found.attributed) == {c["id"] for c in log.cases if c["status"] == "fail"} - bugs
    assert LURE in found.contested and LURE not in found.chosen
    assert f'"{LURE}"' not in printed and "mcr1998" not in printed


@pytest.fixture(scope="module")
def full_runs(tmp_path_factory):
    """Each scorer's whole gb13 corpus run: its log and printed output (failures shown)."""
    runs = {}
    for name, (impl, _) in SCORERS.items():
        folder = tmp_path_factory.mktemp(name)
        out = folder / "full.jsonl"

        buffer = io.StringIO()   # capsys is function-scoped
        with contextlib.redirect_stdout(buffer):
            main(["certify", "--impl", impl, "--variant", "gb13", "--out", str(out), "--no-progress",
                  "--show", "failures"])
        runs[name] = (runlog.read(out), buffer.getvalue())
    return runs


@pytest.mark.parametrize("name", SCORERS)
def test_the_full_corpus_run_calls_the_bug_a_bug(full_runs, name):
    log, printed = full_runs[name]
    same_verdict(log, printed, SCORERS[name][1])


@pytest.mark.parametrize("name", SCORERS)
def test_last_failed_gives_the_full_runs_verdict(full_runs, tmp_path, capsys, name):
    """Today's kit said "agrees under edition mcr1998 … declare {"deltas": [LURE]}" here.  The
    log it reads is evidence: its passing cases contradict the lure as in the full run."""
    full = full_runs[name][0]
    printed, log = certify(tmp_path, capsys, SCORERS[name][0], "--last-failed", str(full.path))
    same_verdict(log, printed, SCORERS[name][1])
    assert log.attribution.evidence[LURE].contradicted_by >= full.attribution.evidence[LURE].contradicted_by


@pytest.mark.parametrize("name", SCORERS)
def test_the_printed_reproduce_line_gives_the_full_runs_verdict(full_runs, tmp_path, capsys, name):
    """The ``reproduce (implementation)`` line the full run prints for a bug, run as printed
    (into another --out): the case is a bug there too, the lure contested."""
    log, printed = full_runs[name]
    bug = sorted(orphan_bugs(log))[0]
    line = next(m.group(1) for m in re.finditer(r"reproduce \(implementation\): (gb16 certify .*)", printed)
                if f"--filter {bug} " in m.group(1))
    assert f"--evidence {log.path} " in line      # the log it came from is its evidence
    args = shlex.split(line)[1:]
    args[args.index("--out") + 1] = str(tmp_path / "repro.jsonl")
    main(args + ["--no-progress"])
    found = runlog.read(tmp_path / "repro.jsonl").attribution
    assert found.bugs == [bug] and LURE in found.contested and not found.chosen
    assert f'"{LURE}"' not in capsys.readouterr().out


def test_a_filter_run_gives_the_full_runs_verdict(tmp_path, capsys):
    """A --filter that holds the bug's cases and none that contradict the lure."""
    printed, log = certify(tmp_path, capsys, SCORERS["planted"][0], "--variant", "gb13", "--filter", "*orphans*")
    same_verdict(log, printed, [])


def test_a_small_random_run_gives_the_full_runs_verdict(tmp_path, capsys):
    """200 random gb13 hands of seed 1 hold three of the bug's hands and no 七对 the lure acts
    on otherwise: today's kit took the lure."""
    printed, log = certify(tmp_path, capsys, SCORERS["planted"][0], "--random", "200", "--seed", "1",
                           "--variant", "gb13", "--jobs", "1")
    found = log.attribution
    failed = {c["id"] for c in log.cases if c["status"] == "fail"}
    assert failed and set(found.bugs) == failed and not found.chosen
    assert LURE in found.contested and found.evidence[LURE].asked > 0
    assert f'"{LURE}"' not in printed
    # the header counts what the attribution counted
    assert f"disagree {len(failed)}: attributed 0, bugs {len(failed)}, faults 0" in printed


def test_a_candidate_that_only_widens_the_fan_lists_is_tried(tmp_path, capsys):
    """A scorer listing 老少副 inside the forest of §二.6 (same total, another listing) follows
    two-terminal-chows-repeatable: the reference's own answer is the same under it, only the
    admissible lists widen.  Today's kit called these failures bugs."""
    printed, log = certify(tmp_path, capsys, PLANTED + "terminal_chows_in_forest", "--filter", "*terminal-chows*",
                           "--show", "none")
    found = log.attribution
    failed = {c["id"] for c in log.cases if c["status"] == "fail"}
    assert failed and found.bugs == [] and found.chosen == ["two-terminal-chows-repeatable"]
    assert set(found.attributed) == failed
    assert 'declare {"deltas": ["two-terminal-chows-repeatable"]}' in printed
