"""What a run log keeps and what the commands say about it, through the commands a user runs:

* an answer's fields the protocol does not define are not stored (325 right answers with a 1 MB
  field beside each: a run log of some hundred kilobytes, not 310 MB), and every report says so;
* summary.json and the run log write U+202E and the like as escapes;
* a log that repeats its case ids is no run's record (never "all passed", exit 1); a log made on
  another corpus than the one there now is warned about;
* --last-failed on an interrupted run points to --resume; run again after a fix, it replaces
  its own earlier file instead of refusing;
* a full disk (here: a file size limit) ends certify with exit 3, naming the run log and the
  exact --resume line, which works when pasted — and so does Ctrl-C's, with --impl;
* grouping by cause keeps the digits inside a message; an --impl that cannot be split is a clean
  error; --report refuses a folder that is a link; a mistyped flag gets "did you mean".
"""

from __future__ import annotations

import json
import re
import resource
import shlex
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

import gb16
from gb16.tools.commands.cli import main
from gb16.tools.harness import runlog

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "harness"
CORPUS = str(FIXTURES / "corpus")
PROTOCOL = f"{sys.executable} {FIXTURES / 'protocol_impl.py'}"
WRONG = f"python:{ROOT / 'tools' / 'examples' / 'wrong_impl.py'}:score"


def certify(*args: str) -> int:
    return main(["certify", "--corpus", CORPUS, "--no-progress", "--show", "none", *args])


def gb16_command(*args: str, **kwargs) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "gb16", *args], capture_output=True, text=True, timeout=600,
                          cwd=kwargs.pop("cwd", ROOT), **kwargs)


def pasted(command: str) -> list[str]:
    """A printed ``gb16 …`` line as a shell would run it, with this interpreter's gb16."""
    argv = shlex.split(command)
    assert argv[0] == "gb16", command
    return [sys.executable, "-m", "gb16", *argv[1:]]


@pytest.fixture()
def run_log(tmp_path) -> Path:
    """A complete run of the fixture corpus in which some cases fail."""
    out = tmp_path / "run.jsonl"
    assert certify("--impl", f"{PROTOCOL} --crash-seq 2 --rulings R-009=A", "--out", str(out)) == 1
    return out


@pytest.mark.slow
def test_fields_the_protocol_does_not_define_are_not_stored(tmp_path):
    padded = tmp_path / "padded.py"
    padded.write_text("from gb16 import reference\n\n"
                      "def score(case):\n"
                      "    result = reference.score(case)\n"
                      "    result['padding'] = 'x' * 1_000_000\n"
                      "    return result\n", encoding="utf-8")
    out = tmp_path / "padded.jsonl"
    # in certify's process (--in-process), to spare the suite moving 325 MB through a pipe; the
    # same answers from a process of their own are trimmed alike (below, on a few cases)
    p = gb16_command("certify", "--impl", f"python:{padded}:score", "--in-process", "--variant", "gb13",
                     "--out", str(out), "--no-progress", "--show", "none", "--report", str(tmp_path / "report"))
    assert p.returncode == 0, p.stderr[-2000:]
    log = runlog.read(out)
    assert len(log.cases) == 325 and all(case.get("dropped") for case in log.cases)
    assert out.stat().st_size < 20_000_000          # 310 MB when the answers were kept verbatim
    assert not any("padding" in (case["actual"] or {}) for case in log.cases)
    said = "325 answers carried what the protocol does not define or more than it keeps (padding)"
    assert said in p.stdout
    assert said in (tmp_path / "report" / "report.md").read_text(encoding="utf-8")
    assert said in json.loads((tmp_path / "report" / "summary.json").read_text(encoding="utf-8"))["warnings"][-1]
    hosted = tmp_path / "hosted.jsonl"
    p = gb16_command("certify", "--impl", f"python:{padded}:score", "--filter", "gb13-base-examples-ch6-1-*",
                     "--out", str(hosted), "--no-progress", "--show", "none")
    assert p.returncode == 0 and hosted.stat().st_size < 100_000, p.stderr[-2000:]
    assert all(case["dropped"]["fields"] == ["padding"] for case in runlog.read(hosted).cases)


def test_bidirectional_marks_are_escaped_in_summary_json_and_the_run_log(tmp_path):
    out = tmp_path / "evil.jsonl"
    version = "1.0\u202e\u2066 evil"   # the implementation's own version string, as its start answer says
    assert certify("--impl", f"{PROTOCOL} --version {shlex.quote(version)}", "--out", str(out),
                   "--report", str(tmp_path / "r")) == 0
    summary = tmp_path / "r" / "summary.json"
    for path in (out, summary):
        text = path.read_text(encoding="utf-8")
        assert "\u202e" not in text and "\u2066" not in text and "\\u202e\\u2066" in text, path
    assert json.loads(summary.read_text(encoding="utf-8"))["implementation"]["version"] == version


def test_a_log_that_repeats_its_cases_is_not_all_passed(tmp_path, capsys):
    out = tmp_path / "good.jsonl"
    assert certify("--impl", PROTOCOL, "--out", str(out)) == 0
    lines = out.read_text(encoding="utf-8").splitlines(keepends=True)
    cases = [line for line in lines if json.loads(line)["type"] == "case"]
    rest = [line for line in lines[1:] if json.loads(line)["type"] != "case"]
    doubled = tmp_path / "doubled.jsonl"
    doubled.write_text("".join([lines[0], *cases, *cases, *rest]), encoding="utf-8")
    capsys.readouterr()
    assert main(["summary", str(doubled)]) == 1
    said = capsys.readouterr().out
    assert f"{len(cases)} case ids appear more than once" in said
    assert "not one run's record" in said and "conforms" not in said


def test_a_log_made_on_another_corpus_is_warned_about(run_log, tmp_path, capsys):
    lines = run_log.read_text(encoding="utf-8").splitlines(keepends=True)
    header = json.loads(lines[0])
    header["corpus"]["hash"] = "sha256:" + "0" * 64
    other = tmp_path / "other.jsonl"
    other.write_text(json.dumps(header, ensure_ascii=False) + "\n" + "".join(lines[1:]), encoding="utf-8")
    capsys.readouterr()
    main(["summary", str(run_log)])
    assert "its cases may have changed since" not in capsys.readouterr().out
    main(["summary", str(other)])
    assert "warning: the run was made on corpus" in capsys.readouterr().out


def test_last_failed_on_an_interrupted_run_points_to_resume(run_log, tmp_path, capsys):
    lines = run_log.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:4]), encoding="utf-8")   # the header and three cases: interrupted
    capsys.readouterr()
    assert certify("--impl", PROTOCOL, "--last-failed", str(cut)) == 2
    err = capsys.readouterr().err
    assert "that run was interrupted" in err and "nothing to re-run" not in err
    assert f"gb16 certify --resume --impl {shlex.quote(PROTOCOL + ' --crash-seq 2 --rulings R-009=A')} " \
           f"--out {cut}" in err


def test_last_failed_again_after_a_fix_replaces_its_own_file(run_log, capsys):
    assert certify("--impl", f"{PROTOCOL} --crash-seq 1", "--last-failed", str(run_log)) == 1
    capsys.readouterr()
    assert certify("--impl", PROTOCOL, "--last-failed", str(run_log)) == 0   # the fixed program
    assert "refusing" not in capsys.readouterr().err
    again = runlog.read(run_log.with_name("run.last-failed.jsonl"))
    assert {case["status"] for case in again.cases} == {"pass"}
    # the fixed program declares another rule set than the run it re-runs: that run's cases are
    # not weighed beside its own, and the log says so
    assert any("is not weighed" in w for w in again.header["warnings"])
    # a file --last-failed did not write is still never replaced without --overwrite
    assert certify("--impl", PROTOCOL, "--last-failed", str(run_log), "--out", str(run_log)) == 2


def test_grouping_by_cause_keeps_the_digits_inside_a_message(tmp_path, capsys):
    bad = tmp_path / "bad.py"
    bad.write_text("def score(case):\n    return {'ok': True, 'fans': [{'id': 'X1', 'count': 1}], 'fan_points': 8,"
                   " 'total': 8, 'meets_minimum': True}\n", encoding="utf-8")
    out = tmp_path / "bad.jsonl"
    capsys.readouterr()
    assert certify("--impl", f"python:{bad}:score", "--in-process", "--out", str(out), "--show", "failures") == 1
    said = capsys.readouterr().out
    assert "[a-z0-9_]" in said and "[a-zN-N_]" not in said


def test_an_impl_that_cannot_be_split_is_a_clean_error(tmp_path):
    p = gb16_command("certify", "--impl", "python3 'x", "--out", str(tmp_path / "x.jsonl"))
    assert p.returncode == 2 and "Traceback" not in p.stderr
    assert "cannot be read as a command: no closing quotation" in p.stderr


def test_report_refuses_a_folder_that_is_a_link(run_log, tmp_path, capsys):
    (tmp_path / "elsewhere").mkdir()
    (tmp_path / "link").symlink_to(tmp_path / "elsewhere")
    capsys.readouterr()
    assert main(["summary", str(run_log), "--report", str(tmp_path / "link")]) == 2
    assert "is a link; gb16 never writes through a link" in capsys.readouterr().err
    assert list((tmp_path / "elsewhere").iterdir()) == []


def test_a_mistyped_flag_gets_did_you_mean():
    p = gb16_command("certify", "--impl", "x", "--fitler", "seed-*")
    assert p.returncode == 2 and "did you mean --filter?" in p.stderr
    p = gb16_command("summery", "x.jsonl")
    assert p.returncode == 2 and "did you mean summary?" in p.stderr


def test_rules_parse_takes_one_ruling_as_a_string():
    assert gb16.Rules.parse("R-009=A") == gb16.Rules.parse(["R-009=A"])
    hand = "[111z][222z][333z][444z]999m55m，点和9m"   # docs/rulings.md R-009: 94 under A, 95 under B
    assert gb16.score(hand, rules=gb16.Rules.parse("R-009=A")).total == 94
    with pytest.raises(gb16.reference.rules.RulesError, match="RULING=OPTION"):
        gb16.Rules.parse(["R-009=A", 9])


def _limited_to(size: int):
    def limit():
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)   # a write past the limit fails (EFBIG), not the process
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))
    return limit


@pytest.mark.slow
def test_a_full_disk_names_the_log_and_the_resume_line_that_works(tmp_path):
    out = tmp_path / "my runs" / "full.jsonl"
    first = subprocess.run([sys.executable, "-m", "gb16", "certify", "--impl", WRONG, "--filter", "seed-*",
                            "--out", str(out), "--no-progress"], capture_output=True, text=True, timeout=600,
                           cwd=ROOT, preexec_fn=_limited_to(60_000))
    assert first.returncode == 3, first.stderr[-3000:]
    assert "Traceback" not in first.stderr and f"cannot write the run log {out}" in first.stderr
    line = re.search(r"continue with: (gb16 certify .*)$", first.stderr, re.M).group(1)
    assert f"--impl {shlex.quote(WRONG)}" in line
    done_before = len(runlog.read(out).cases)
    assert 0 < done_before < 28
    again = subprocess.run(pasted(line), capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert again.returncode == 1, again.stderr[-3000:]   # the wrong scorer: completes, and fails
    log = runlog.read(out)
    assert log.complete and len(log.cases) == 28 and not log.repeated


@pytest.mark.slow
@pytest.mark.parametrize("random", [False, True])
def test_ctrl_c_prints_a_resume_line_that_works_when_pasted(tmp_path, random):
    slow = tmp_path / "slow.py"
    slow.write_text("import time\nfrom gb16 import reference\n\n"
                    "def score(case):\n    time.sleep(0.05)\n    return reference.score(case)\n", encoding="utf-8")
    impl = f"python:{slow}:score"
    out = tmp_path / "a run" / "log.jsonl"
    scope = ["--random", "40", "--seed", "1"] if random else ["--filter", "seed-*", "--filter", "waits-*"]
    p = subprocess.Popen([sys.executable, "-m", "gb16", "certify", "--impl", impl, *scope, "--out", str(out),
                          "--no-progress"], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, cwd=ROOT)
    end = time.monotonic() + 120
    while time.monotonic() < end and (not out.exists() or out.read_text(encoding="utf-8").count("\n") < 2):
        time.sleep(0.1)
    p.send_signal(signal.SIGINT)
    _, err = p.communicate(timeout=120)
    assert p.returncode == 130, err[-3000:]
    line = re.search(r"continue with: (gb16 certify .*)$", err, re.M).group(1)
    assert f"--impl {shlex.quote(impl)}" in line
    again = subprocess.run(pasted(line), capture_output=True, text=True, timeout=600, cwd=ROOT)
    assert again.returncode == 0, again.stderr[-3000:]
    assert runlog.read(out).complete
