"""Running again: ``--last-failed`` re-runs exactly the cases that failed, a complete run log is
answered with what to do instead, one ``--impl`` per certify, and the verdict states how much
was judged (``--min-judged`` makes too much skipping a failure).

On the fixture corpus (tests/fixtures/harness/corpus) with the fault-injecting protocol
program and the node example, through ``gb16``'s own main in this process.
"""

from __future__ import annotations

import json
import re
import shlex
import shutil
import sys
from pathlib import Path

import pytest

from gb16.tools.commands.cli import main
from gb16.tools.harness import runlog

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "harness"
CORPUS = str(FIXTURES / "corpus")
PROTOCOL = f"{sys.executable} {FIXTURES / 'protocol_impl.py'}"
NODE_TINY = f"node {ROOT / 'tools' / 'examples' / 'node_harness.js'} --tiny"


def certify(*args: str) -> int:
    return main(["certify", "--corpus", CORPUS, "--no-progress", "--show", "none", *args])


def test_last_failed_reruns_exactly_the_failures(tmp_path, capsys):
    # request 4 crashes, 6 answers garbage (an error), 10 is declined (skipped); R-009:A fails its case
    faulty = f"{PROTOCOL} --crash-seq 4 --garbage-seq 6 --skip-seq 10 --rulings R-009=A"
    first = tmp_path / "first.jsonl"
    assert certify("--impl", faulty, "--out", str(first)) == 1
    log = runlog.read(first)
    failed = [c["id"] for c in log.cases if c["status"] in runlog.FAILING]
    assert {c["status"] for c in log.cases if c["id"] in failed} == {"fail", "error", "crash"}
    assert any(c["status"] == "skipped" for c in log.cases)          # not a failure: not re-run
    capsys.readouterr()
    # the fixed program: exactly those cases again, into a new --out (no --overwrite needed)
    again = tmp_path / "again.jsonl"
    assert certify("--impl", PROTOCOL, "--last-failed", str(first), "--out", str(again)) == 0
    rerun = runlog.read(again)
    assert [c["id"] for c in rerun.cases] == failed
    assert {c["status"] for c in rerun.cases} == {"pass"}
    assert rerun.header["options"]["last_failed"] == str(first)
    assert f"the {len(failed)} cases that failed in {first}" in capsys.readouterr().out
    # without --out: beside the run log it reads
    assert certify("--impl", PROTOCOL, "--last-failed", str(first)) == 0
    assert [c["id"] for c in runlog.read(tmp_path / "first.last-failed.jsonl").cases] == failed
    # a run with nothing failed has nothing to re-run
    capsys.readouterr()
    assert certify("--impl", PROTOCOL, "--last-failed", str(again), "--out", str(tmp_path / "x.jsonl")) == 2
    assert "no case failed in that run" in capsys.readouterr().err


def test_an_interrupted_last_failed_run_resumes_with_its_own_cases(tmp_path):
    first = tmp_path / "first.jsonl"
    certify("--impl", f"{PROTOCOL} --crash-seq 2 --crash-seq 5", "--out", str(first))
    failed = [c["id"] for c in runlog.read(first).cases if c["status"] == "crash"]
    assert len(failed) == 2
    again = tmp_path / "again.jsonl"
    certify("--impl", PROTOCOL, "--last-failed", str(first), "--out", str(again))
    lines = again.read_text(encoding="utf-8").splitlines()
    again.write_text("\n".join(lines[:2]) + "\n", encoding="utf-8")   # header and one case: interrupted
    assert certify("--impl", PROTOCOL, "--resume", "--out", str(again)) == 0
    assert [c["id"] for c in runlog.read(again).cases] == failed


def test_a_complete_run_log_is_kept_with_what_to_do_instead(tmp_path, capsys, monkeypatch):
    monkeypatch.chdir(tmp_path)
    spec = f"{PROTOCOL} --crash-seq 3"
    assert certify("--impl", spec) == 1
    capsys.readouterr()
    assert certify("--impl", spec) == 2                                  # nothing run, nothing replaced
    err = capsys.readouterr().err
    default = runlog.default_path(spec)
    assert f"{default} already holds a complete run (12 cases, 1 failing" in err
    for hint in (f"gb16 summary {default}", f"gb16 certify --impl {shlex.quote(spec)} --last-failed {default}",
                 "the same command with --out OTHER.jsonl", "the same command with --overwrite"):
        assert hint in err
    assert "Traceback" not in err


def test_a_second_impl_is_an_error_not_dropped(tmp_path, capsys):
    assert certify("--impl", PROTOCOL, "--impl", "reference", "--out", str(tmp_path / "two.jsonl")) == 2
    err = capsys.readouterr().err
    assert "one --impl per run (2 given" in err and "gb16 compare" in err
    assert not (tmp_path / "two.jsonl").exists()


@pytest.mark.skipif(shutil.which("node") is None, reason="node is not installed")
def test_the_tiny_example_states_its_coverage_and_fails_under_min_judged(tmp_path, capsys):
    out = tmp_path / "tiny.jsonl"
    badge = tmp_path / "badge.json"
    assert certify("--impl", NODE_TINY, "--out", str(out)) == 0
    text = capsys.readouterr().out
    log = runlog.read(out)
    judged = sum(c["status"] != "skipped" for c in log.cases)
    skipped = len(log.cases) - judged
    assert 0 < judged < skipped
    assert (f"verdict: conforms to seed000 on {judged} of {len(log.cases)} cases ({skipped} skipped: "
            f"{skipped} the tiny scorer only validates inputs)") in text
    assert main(["summary", str(out), "--badge", str(badge), "--show", "none"]) == 0
    data = json.loads(badge.read_text(encoding="utf-8"))
    assert data["message"] == f"{judged}/{judged} passed, {skipped} of {len(log.cases)} skipped"
    assert data["color"] != "brightgreen"
    capsys.readouterr()
    assert main(["summary", str(out), "--min-judged", "50%", "--show", "none"]) == 1
    assert (f"verdict: does not conform: only {judged} of {len(log.cases)} cases judged "
            f"({100 * judged / len(log.cases):.1f}%), fewer than --min-judged 50%") in capsys.readouterr().out
    assert certify("--impl", NODE_TINY, "--out", str(tmp_path / "t2.jsonl"), "--min-judged", str(judged)) == 0
    assert certify("--impl", NODE_TINY, "--out", str(tmp_path / "t3.jsonl"), "--min-judged", str(judged + 1)) == 1


@pytest.mark.parametrize("value, words", [("half", "is not a number of cases"), ("120%", "from 0% to 100%"),
                                          ("2.5", "a whole number of cases")])
def test_min_judged_takes_a_number_or_a_share(value, words, capsys):
    with pytest.raises(SystemExit) as stop:
        certify("--impl", PROTOCOL, "--min-judged", value)
    assert stop.value.code == 2 and words in capsys.readouterr().err


def test_the_readmes_summary_and_last_failed_lines_name_the_run_log_certify_writes():
    """README: `gb16 summary RUNLOG` after `gb16 certify --impl SPEC` names the file that certify
    writes without --out (summary takes one run log, so no glob)."""
    text = (ROOT / "README.md").read_text(encoding="utf-8").replace("\\\n", " ")
    commands = [shlex.split(re.sub(r"\s+#.*$", "", line)) for line in text.splitlines()
                if line.startswith(".venv/bin/gb16 ")]
    written = {str(runlog.default_path(words[words.index("--impl") + 1])) for words in commands
               if words[1] == "certify" and "--impl" in words and "--out" not in words and "--random" not in words}
    named = [word for words in commands if words[1] in ("summary", "certify")
             for word in words if word.startswith("out/certify")]
    assert named and set(named) <= written, (named, written)
