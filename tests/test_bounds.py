"""Bounded whatever the kit is fed: schema checks, run logs, corpus files and what an
implementation answers cost bounded memory and time, and are recorded or refused clearly.

The memory bounds are measured, not assumed: the command runs in a process of its own
under an address-space limit (``RLIMIT_AS``) of :data:`LIMIT_MB`, which the kit's imports and
an ordinary run fit in (about 150 MB of address space) and which an unbounded schema check
of the hostile inputs below exceeded twenty times over.
"""

from __future__ import annotations

import io
import json
import re
import os
import resource
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "harness"
CORPUS = FIXTURES / "corpus"
PY = sys.executable
MISBEHAVING = FIXTURES / "misbehaving_impl.py"
PROTOCOL_IMPL = FIXTURES / "protocol_impl.py"

#: The address-space limit the hostile runs must stay under (MB).
LIMIT_MB = 300
#: A hostile fan list: 300,000 empty objects (each missing the required ``id`` and ``count``),
#: 0.9 MB of compact JSON — under the 1 MiB line limit, so it reaches the schema check.
FLOOD = [{}] * 300_000
COMPACT = (",", ":")


def gb16_limited(*args: str, limit_mb: int = LIMIT_MB, timeout: float = 120) -> subprocess.CompletedProcess:
    """``gb16 ARGS`` in a process of its own whose address space is limited to *limit_mb*."""
    def limit() -> None:
        resource.setrlimit(resource.RLIMIT_AS, (limit_mb << 20, limit_mb << 20))
    return subprocess.run([PY, "-m", "gb16", *args], preexec_fn=limit, capture_output=True, text=True,
                          timeout=timeout, cwd=ROOT)


def misbehaving(mode: str, *flags: str) -> str:
    return " ".join([PY, str(MISBEHAVING), mode, *flags])


def run_log_lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


@pytest.fixture(scope="module")
def good_log(tmp_path_factory) -> Path:
    """A complete run log of one fixture case (the fixture scorer passes it)."""
    out = tmp_path_factory.mktemp("good") / "run.jsonl"
    p = gb16_limited("certify", "--impl", f"{PY} {PROTOCOL_IMPL}", "--corpus", str(CORPUS), "--out", str(out),
                     "--filter", "fx-seed-4-4-chicken", "--no-progress")
    assert p.returncode == 0, p.stderr
    return out


# --------------------------------------------------------------------------- schema checks

@pytest.mark.slow
@pytest.mark.parametrize("size", [900_000, 3_000_000])
def test_a_hostile_answer_is_that_cases_error_in_bounded_memory(tmp_path, size):
    """An answer whose ``fans`` holds empty objects: 0.9 MB (225,000 of them) reaches the schema
    check (2.1 GB and 31 s when every schema error was listed), 3 MB is over the 1 MiB line limit and is
    refused unread.  Either way the case is ``error`` with a clear message, under 300 MB."""
    out = tmp_path / "run.jsonl"
    p = gb16_limited("certify", "--impl", misbehaving("fans-flood", "--size", str(size)), "--corpus", str(CORPUS),
                     "--filter", "fx-seed-4-4-chicken", "--out", str(out), "--no-progress")
    assert p.returncode == 1, p.stderr
    assert "Traceback" not in p.stderr and "MemoryError" not in p.stdout + p.stderr
    case = [line for line in run_log_lines(out) if line["type"] == "case"]
    assert [c["status"] for c in case] == ["error"]
    if size < 1 << 20:
        assert case[0]["message"].startswith("invalid result: result/fans/")
        assert "missing required properties 'id', 'count'" in case[0]["message"]
    else:
        assert "longer than 1048576 bytes" in case[0]["message"]
    assert len(case[0]["offending_line"]) < 2100


def test_schema_problem_collects_a_bounded_number_of_errors():
    """The bounded search finds the same problem as before, for the branch the instance meant."""
    from gb16.tools.harness import protocol
    scored = "protocol/response.schema.json#/$defs/scored"
    flooded = {"seq": 1, "result": {"ok": True, "fans": FLOOD, "fan_points": 8, "total": 8, "meets_minimum": True}}
    problem = protocol.schema_problem(scored, flooded)
    assert problem.startswith("result/fans/") and problem.endswith("missing required properties 'id', 'count'")
    # the errors jsonschema is asked for are bounded, in all and inside each oneOf branch
    errors = list(protocol.validator(scored).iter_errors(flooded))
    assert len(errors) == 1 and 0 < len(errors[0].context) <= 2 * protocol.MAX_ERRORS
    # and the meant branch is still found: an ok: true result missing meets_minimum says so
    assert protocol.schema_problem(scored, {"seq": 1, "result": {"ok": True, "fans": [], "fan_points": 8,
                                                                 "total": 8}}) == \
        "result: missing required property 'meets_minimum'"
    assert len(protocol.schema_problem("protocol/result.schema.json", "x" * 100_000)) <= protocol.MAX_PROBLEM + 30


@pytest.mark.slow
def test_a_crafted_run_log_is_refused_in_bounded_memory(tmp_path, good_log):
    """A run log whose case holds the hostile fan list as its result (0.9 MB, within the 1 MiB
    line): ``summary`` refuses it, naming the line and the problem, under 300 MB (2.1 GB before)."""
    lines = run_log_lines(good_log)
    for line in lines:
        if line["type"] == "case":
            line["actual"] = {"ok": True, "fans": FLOOD, "fan_points": 8, "total": 8, "meets_minimum": True}
    crafted = tmp_path / "crafted.jsonl"
    crafted.write_text("".join(json.dumps(line, separators=COMPACT) + "\n" for line in lines), encoding="utf-8")
    p = gb16_limited("summary", str(crafted))
    assert p.returncode == 2
    assert p.stderr.startswith(f"gb16 summary: {crafted}: line 2 (case): actual") and p.stderr.count("\n") == 1


@pytest.mark.slow
def test_a_crafted_corpus_file_is_refused_in_bounded_memory(tmp_path):
    """A case file of 100,000 empty cases (300 KB): ``certify --corpus`` refuses the corpus,
    naming the file and the problem, under 300 MB (3.1 GB before)."""
    (tmp_path / "cases").mkdir()
    (tmp_path / "cases" / "crafted.json").write_text(json.dumps({"area": "x", "description": "x",
                                                                 "cases": [{}] * 100_000}, separators=COMPACT), encoding="utf-8")
    p = gb16_limited("certify", "--impl", f"{PY} {PROTOCOL_IMPL}", "--corpus", str(tmp_path),
                     "--out", str(tmp_path / "run.jsonl"), "--no-progress")
    assert p.returncode == 2
    assert p.stderr.startswith("gb16 certify: the corpus is not valid:") and "crafted.json: cases/" in p.stderr
    assert "Traceback" not in p.stderr


# --------------------------------------------------------------------------- the batch pool

BATCH_INPUTS = [{"hand": "111222333444z 123m 55z", "win_tile": "5z", "win_by": "discard"},
                {"hand": "147m 258p 369s 111z 555z 66z，自摸6z"}, {"hand": "not a hand"}]


def _batch_process(tmp_path: Path, lines: int, *flags: str) -> subprocess.Popen:
    """``gb16 score --batch FLAGS`` reading *lines* lines (the three inputs in turn) from a file,
    in a session of its own (its process group is the batch and its workers)."""
    data = tmp_path / "in.jsonl"
    data.write_text("".join(json.dumps(BATCH_INPUTS[i % 3], ensure_ascii=False) + "\n" for i in range(lines)),
                    encoding="utf-8")
    with open(data, "rb") as stdin:
        return subprocess.Popen([PY, "-m", "gb16", "score", "--batch", *flags], stdin=stdin,
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, start_new_session=True)


def _rest(process: subprocess.Popen, within: float = 60) -> tuple[bytes, bytes]:
    """The rest of the batch's output and its standard error (read through the same buffered
    stream as the first line); a batch still running after *within* seconds is killed, so a
    hang fails the test instead of stalling it."""
    watchdog = threading.Timer(within, lambda: os.killpg(process.pid, signal.SIGKILL))
    watchdog.start()
    try:
        rest, err = process.stdout.read(), process.stderr.read()
        process.wait()
    finally:
        watchdog.cancel()
    return rest, err


def _workers_of(pid: int) -> list[int]:
    try:
        with open(f"/proc/{pid}/task/{pid}/children") as handle:
            return [int(child) for child in handle.read().split()]
    except OSError:
        return []


@pytest.mark.slow
@pytest.mark.parametrize("how", [signal.SIGKILL, signal.SIGTERM])
def test_a_worker_killed_mid_batch_costs_no_line(tmp_path, how):
    """One worker of ``--jobs 2`` killed while the batch runs: its chunks are scored again on a
    new pool and every line gets its one result, in order (it used to hang forever)."""
    from gb16 import reference
    from gb16.reference import jsonlines
    expected = [jsonlines.encode_line(reference.score(case)) for case in BATCH_INPUTS]
    process = _batch_process(tmp_path, 6000, "--jobs", "2")
    first = process.stdout.readline()         # the pool is running: kill one of its workers
    deadline = time.monotonic() + 30
    while len(_workers_of(process.pid)) < 2 and time.monotonic() < deadline:
        time.sleep(0.01)
    victim = _workers_of(process.pid)[0]
    os.kill(victim, how)
    rest, err = _rest(process)
    lines = (first + rest).splitlines(keepends=True)
    assert process.returncode == 0, err
    assert err == b""
    assert len(lines) == 6000 and all(line == expected[i % 3] for i, line in enumerate(lines))


def _dies_on_ninth(raw: bytes, rules=None) -> bytes:
    """A per-line function whose process dies on one line (a crash in the scorer, every time)."""
    if b'"n": 9,' in raw:
        os._exit(9)
    return raw


def test_a_worker_that_keeps_dying_stops_the_batch_with_its_written_lines(monkeypatch):
    from gb16.tools.runs import score_pool
    monkeypatch.setattr(score_pool, "CHUNK", 4)
    lines = [b'{"n": %d, "x": 1}\n' % i for i in range(40)]
    out = io.BytesIO()
    with pytest.raises(score_pool.WorkerDied) as died:
        score_pool.run(lines, out, 2, _dies_on_ninth)
    assert died.value.written == 8 and out.getvalue() == b"".join(lines[:8])   # chunks 0 and 1, whole
    assert f"died {score_pool.MAX_RESTARTS + 1} times" in str(died.value)


def test_jobs_is_capped_at_a_few_per_core():
    from gb16.tools.runs import score_pool
    assert score_pool.workers(100_000) == score_pool.JOBS_PER_CORE * score_pool.cores()
    assert score_pool.workers(0) == score_pool.cores() and score_pool.workers(2) == min(2, 4 * score_pool.cores())


def test_ctrl_c_stops_a_batch_quietly(tmp_path):
    """Ctrl-C (SIGINT to the whole process group, as a terminal sends it): one line on standard
    error, no worker's traceback, status 130, and a clean prefix of the results."""
    process = _batch_process(tmp_path, 30000, "--jobs", "2")
    first = process.stdout.readline()
    os.killpg(process.pid, signal.SIGINT)
    rest, err = _rest(process)
    assert process.returncode == 130
    assert err == b"interrupted\n"
    assert all(line.startswith(b'{"ok": ') for line in (first + rest).splitlines())


# --------------------------------------------------------------------------- only regular files

@pytest.fixture
def specials(tmp_path) -> dict[str, Path]:
    """A FIFO nobody writes to and a link to /dev/zero: a reader of either would block or never end."""
    fifo = tmp_path / "fifo.jsonl"
    os.mkfifo(fifo)
    zero = tmp_path / "zero.jsonl"
    zero.symlink_to("/dev/zero")
    return {"a FIFO (named pipe)": fifo, "a device": zero}


def test_summary_refuses_a_fifo_or_a_device(specials):
    for kind, path in specials.items():
        p = gb16_limited("summary", str(path), timeout=30)
        assert p.returncode == 2
        assert p.stderr == f"gb16 summary: {path}: cannot read run log: is {kind}, not a regular file\n"


@pytest.mark.slow
def test_certify_refuses_them_as_out_corpus_file_or_known_failures(tmp_path, specials):
    impl = f"{PY} {PROTOCOL_IMPL}"
    for kind, path in specials.items():
        p = gb16_limited("certify", "--impl", impl, "--corpus", str(CORPUS), "--out", str(path), "--no-progress",
                         timeout=30)
        assert (p.returncode, p.stderr) == (2, f"gb16 certify: --out {path} is not a regular file; give the "
                                               f"path of a run log file\n")
        p = gb16_limited("certify", "--impl", impl, "--corpus", str(CORPUS), "--known-failures", str(path),
                         "--out", str(tmp_path / "run.jsonl"), "--overwrite", "--no-progress", timeout=30)
        assert p.returncode == 2 and f"{path}: cannot be read: is {kind}, not a regular file" in p.stderr
    corpus = tmp_path / "corpus"
    (corpus / "cases").mkdir(parents=True)
    os.mkfifo(corpus / "cases" / "fifo.json")
    p = gb16_limited("certify", "--impl", impl, "--corpus", str(corpus), "--out", str(tmp_path / "run.jsonl"),
                     "--overwrite", "--no-progress", timeout=30)
    assert p.returncode == 2 and "fifo.json: cannot be read: is a FIFO (named pipe), not a regular file" in p.stderr


def test_a_run_log_is_read_line_by_line_and_its_partial_line_cut(tmp_path, good_log):
    from gb16.tools.harness import runlog
    copy = tmp_path / "run.jsonl"
    data = good_log.read_bytes()
    copy.write_bytes(data + b'{"type": "case", "id": "half')
    half = len(data.splitlines()) + 1
    assert runlog.read(copy).warnings == [f"line {half} is incomplete (the run was interrupted); ignored"]
    runlog._cut_partial_last_line(copy)
    assert copy.read_bytes() == data
    runlog._cut_partial_last_line(copy)   # a complete log is left alone
    assert copy.read_bytes() == data


# --------------------------------------------------------------------------- what is stored

@pytest.mark.slow
@pytest.mark.parametrize("mode, size", [("fans-extra", 1_000_000), ("big-context", 1_047_000)])
def test_what_an_implementation_sends_is_stored_bounded(tmp_path, mode, size):
    """An answer within the 1 MiB line whose record is not: 29,000 made-up fans (the result and its
    differences, 3.5 MB together) make the case an ``error`` keeping their head; a 1 MB error context
    is kept as its first 64 KiB.  Every run log line is within 1 MiB, every report small."""
    from gb16.tools.harness import runlog
    out, report = tmp_path / "run.jsonl", tmp_path / "report"
    p = gb16_limited("certify", "--impl", misbehaving(mode, "--size", str(size)), "--corpus", str(CORPUS),
                     "--filter", "fx-seed-4-*", "--out", str(out), "--report", str(report), "--no-progress")
    assert p.returncode == 1 and "Traceback" not in p.stderr
    assert max(len(line) for line in out.read_bytes().splitlines()) <= runlog.MAX_RUNLOG_LINE
    cases = runlog.read(out).cases
    assert len(cases) == 4 and {case["status"] for case in cases} == {"error"}
    if mode == "fans-extra":
        assert all(case["message"].startswith("the case's record would be ") and case["actual"] is None and
                   case["offending_line"].startswith('[{"field": ') for case in cases)
    else:
        assert all(case["context"].startswith("x" * 1000) and
                   case["context"].endswith(f"… ({size} characters; the head is kept)") for case in cases)
    assert max(path.stat().st_size for path in report.iterdir()) < 1_000_000


def test_a_line_too_long_for_a_run_log_is_never_written(tmp_path):
    from gb16.tools.harness import runlog
    path = tmp_path / "run.jsonl"
    with runlog.RunLogWriter(path, open(path, "w", encoding="utf-8")) as writer:
        with pytest.raises(runlog.RunLogError, match="a header line of 1048601 bytes is more than a run log line"):
            writer.write({"type": "header", "x": "y" * (runlog.MAX_RUNLOG_LINE - 2)})
    assert path.read_bytes() == b""


# --------------------------------------------------------------------------- file names from data

def test_file_names_from_data_are_limited_in_bytes():
    from gb16.tools.common.safe_text import MAX_NAME_BYTES, file_name
    long = "impl-error-" + "错误" * 41                                      # 257 bytes of UTF-8
    name = file_name(long)
    assert len(name.encode()) <= MAX_NAME_BYTES and long.startswith(name[:-9]) and name != file_name(long + "x")
    assert file_name("a/b\x1b[31m\u202e") == "a-b-[31m-" and file_name("short") == "short"
    assert len(file_name("é" * 300, 11).encode()) <= 11   # never half a character


@pytest.mark.slow
def test_a_long_cjk_error_code_neither_crashes_random_nor_resume(tmp_path):
    """An implementation answering every hand with an 82-character CJK error code: the draft's
    file name was 257 bytes (the run crashed before its footer and --resume the same way)."""
    impl = tmp_path / "cjk.py"
    impl.write_text('def score(case):\n    return {"ok": False, "error": {"code": "错误" * 41}}\n', encoding="utf-8")
    out = tmp_path / "d.jsonl"
    args = ["certify", "--random", "3", "--impl", f"python:{impl}:score", "--out", str(out)]
    p = gb16_limited(*args)
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr
    drafts = list((tmp_path / "d.jsonl.drafts").iterdir())
    assert len(drafts) == 1 and drafts[0].name.startswith("impl-error-错误")
    lines = out.read_text(encoding="utf-8").splitlines()
    out.write_text("\n".join(lines[:-1]) + "\n", encoding="utf-8")      # no footer: an interrupted run
    p = gb16_limited(*args[:3], "--resume", *args[3:])
    assert p.returncode == 1 and "Traceback" not in p.stderr, p.stderr


# --------------------------------------------------------------------------- others' text shown

#: A raw control or bidirectional formatting character (newline and tab aside).
RAW = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def test_printable_shows_controls_and_bidi_as_escapes():
    from gb16.tools.common.safe_text import printable
    assert printable("a\x1b[31mb\x07c\u202ed\x9be\nf") == "a\\x1b[31mb\\x07c\\u202ed\\x9be\nf"
    assert not RAW.search(printable("".join(map(chr, range(0x2100)))).replace("\n", ""))


@pytest.mark.slow
def test_a_hostile_run_leaves_no_raw_control_character_on_the_terminal_or_in_a_report(tmp_path):
    """Escapes, BEL and U+202E in an implementation's metadata, answers, standard error and
    schema-error paths, and in a crafted run log: every command's output and every report shows
    them as escapes (``\\x1b``, ``\\u202e``), never raw."""
    out, report = tmp_path / "run.jsonl", tmp_path / "report"
    runs = [gb16_limited("certify", "--impl", misbehaving("hostile"), "--corpus", str(CORPUS), "--out", str(out),
                         "--report", str(report), "--no-progress", "--show", "all", "--limit", "0")]
    assert runs[0].returncode == 1
    runs.append(gb16_limited("summary", str(out), "--show", "all", "--limit", "0"))
    for mode in ("hostile-exit", "hostile-start"):
        runs.append(gb16_limited("certify", "--impl", misbehaving(mode), "--corpus", str(CORPUS),
                                 "--out", str(tmp_path / f"{mode}.jsonl"), "--no-progress"))
        assert runs[-1].returncode == 2
    assert "its standard error ended with:\n    <script>" in runs[2].stderr and "\\x1b]0;pwned\\x07" in runs[2].stderr
    assert "capabilities/\\x1b[2J\\u202e: 1 is not of type 'boolean'" in runs[3].stderr
    crafted = tmp_path / "crafted.jsonl"
    crafted.write_text(out.read_text(encoding="utf-8").splitlines()[0] + '\n{"type": "\\u001b[2J\u202e"}\n',
                       encoding="utf-8")
    runs.append(gb16_limited("summary", str(crafted)))
    assert runs[-1].returncode == 2 and "unknown line type" in runs[-1].stderr
    impl = tmp_path / "named.py"
    impl.write_text("GB16_METADATA = {'name': 'x\\x1b[2J\\u202e', 'version': '\\x07', 'language': 'python',\n"
                    "                 'variants': ['gb16', 'gb13']}\n"
                    "from gb16.reference import score\n", encoding="utf-8")
    runs.append(gb16_limited("certify", "--random", "2", "--impl", f"python:{impl}:score",
                             "--out", str(tmp_path / "random.jsonl")))
    assert runs[-1].returncode == 0 and "x\\x1b[2J\\u202e" in runs[-1].stdout
    for run in runs:
        assert not RAW.search(run.stdout + run.stderr), (run.args, RAW.search(run.stdout + run.stderr))
    assert "\\x1b[31m" in runs[0].stdout and "\\u202e" in runs[1].stdout
    for name in ("report.html", "report.md", "junit.xml"):
        text = (report / name).read_text(encoding="utf-8")
        assert not RAW.search(text), (name, RAW.search(text))
        assert "\\u202e" in text, name


# --------------------------------------------------------------------------- statuses that say what happened

@pytest.mark.parametrize("mode, kind, message", [
    ("close-output", "crash", "closed its output (still running) without responding"),
    ("exit-leaving-child", "crash", "exited (status 5) without responding; a process it started kept its output "
                                    "open until the 1 s deadline"),
])
@pytest.mark.slow
def test_how_a_program_stopped_answering_is_told(mode, kind, message):
    """A program that closes its output but runs on was "exited (status None)"; one that exits
    while a child holds its output was a ``timeout`` with its exit status lost."""
    from gb16.tools.harness.corpus import load_corpus
    from gb16.tools.harness.implementations import SubprocessImplementation
    impl = SubprocessImplementation(misbehaving(mode))
    impl.start()
    try:
        outcome = impl.score(1, load_corpus(CORPUS).cases[0]["input"], timeout=1)
    finally:
        impl.stop(grace=0)
    assert (outcome.kind, outcome.message) == (kind, message)


@pytest.mark.slow
def test_a_python_function_returning_a_lone_surrogate_is_that_cases_error(tmp_path):
    """It used to end the hosting process on every case (a crash each time)."""
    impl = tmp_path / "surrogate.py"
    impl.write_text('def score(case):\n    return {"ok": False, "error": {"code": "\\ud800"}}\n', encoding="utf-8")
    out = tmp_path / "run.jsonl"
    p = gb16_limited("certify", "--impl", f"python:{impl}:score", "--corpus", str(CORPUS), "--filter", "fx-seed-*",
                     "--out", str(out), "--no-progress")
    assert p.returncode == 1
    from gb16.tools.harness import runlog
    log = runlog.read(out)
    assert {case["status"] for case in log.cases} == {"error"}
    assert all("lone surrogate" in case["message"] for case in log.cases)


@pytest.mark.slow
def test_report_files_gb16_did_not_write_are_kept_and_links_never_followed(tmp_path, capsys):
    """--report refuses to replace a file of another program (unless --overwrite) or to write
    through a link out of its folder; gb16's own report files it replaces freely."""
    from gb16.tools.commands.cli import main
    log = tmp_path / "run.jsonl"
    assert main(["certify", "--impl", "reference", "--filter", "seed-examples-1-*", "--out", str(log),
                 "--no-progress", "--show", "none"]) == 0
    folder = tmp_path / "report"
    folder.mkdir()
    (folder / "report.html").write_text("someone's page", encoding="utf-8")
    capsys.readouterr()
    assert main(["summary", str(log), "--show", "none", "--report", str(folder)]) == 2
    assert "gb16 did not write it" in capsys.readouterr().err
    assert (folder / "report.html").read_text(encoding="utf-8") == "someone's page"
    (folder / "report.html").unlink()
    outside = tmp_path / "outside.md"
    outside.write_text("not gb16's", encoding="utf-8")
    (folder / "report.md").symlink_to(outside)
    assert main(["summary", str(log), "--show", "none", "--report", str(folder)]) == 2
    assert "never writes through a link" in capsys.readouterr().err
    assert main(["certify", "--impl", "reference", "--filter", "seed-examples-1-*", "--out", str(log),
                 "--overwrite", "--no-progress", "--report", str(folder / "report.md")]) == 2   # a file, not a folder
    assert main(["summary", str(log), "--show", "none", "--report", str(folder), "--overwrite"]) == 0
    assert outside.read_text(encoding="utf-8") == "not gb16's" and not (folder / "report.md").is_symlink()
    assert main(["summary", str(log), "--show", "none", "--report", str(folder)]) == 0   # its own files again
