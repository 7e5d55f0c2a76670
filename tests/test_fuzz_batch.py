"""Batch mode is total and the notation is read in linear time (docs/contract.md "Input limits").

The hostile inputs of the limits, one by one, then the seeded fuzz of tools/runs/fuzz_batch.py.
"""

import json
import pytest

from gb16 import reference
from gb16.reference import notation

VALID = {"hand": "111222333444z 123m 55z", "win_tile": "5z", "win_by": "discard"}


def _code(**fields) -> str:
    result = reference.score({**VALID, **fields})
    assert not result["ok"]
    return result["error"]["code"], result["error"]["message"]


@pytest.mark.parametrize("ch", ["\x00", "\t", "\n", "\r", "\x1c", "\x1f", "\x7f", "\x85", "\u2028",
                                "\u2029", "\u200b", "\ufeff", "\U000e0001"])
def test_a_control_or_format_character_inside_a_hand_is_invalid_notation(ch):
    code, message = _code(hand="111222333444z" + ch + "123m 55z")
    assert code == "invalid_notation"
    assert f"U+{ord(ch):04X}" in message and "position 14" in message and ch not in message


def test_a_control_character_in_the_winning_tile_or_the_suffix_is_refused():
    assert _code(win_tile="5z\x1f")[0] == "invalid_notation"
    assert _code(hand="111222333444z 123m 55z，点和\t5z", win_tile="5z")[0] == "invalid_notation"
    # spaces remain free anywhere
    assert reference.score({"hand": " 111 222 333 444z  123m 55z ，点和 5z "})["total"] == 165


@pytest.mark.parametrize("hand", ["1" * 64_000 + "m", "[111m]" * 400_000, "，点和" * 20_000 + " x",
                                  "[1" * 50_000, " " * 257])
def test_a_hand_over_the_limit_is_refused_before_parsing_with_a_short_message(hand):
    code, message = _code(hand=hand)
    assert code == "invalid_notation"
    assert f"the hand is {len(hand)} characters long (at most {notation.MAX_HAND_CHARS})" in message
    assert len(message) < 200


def test_the_longest_hand_within_the_limit_is_read():
    hand = "111222333444z 123m 55z"
    padded = hand + " " * (notation.MAX_HAND_CHARS - len(hand))
    assert reference.score({**VALID, "hand": padded})["total"] == 165
    assert _code(hand=padded + " ")[0] == "invalid_notation"


def test_a_long_winning_tile_is_refused_with_a_short_message():
    code, message = _code(win_tile="5" * 100_000 + "z")
    assert code == "invalid_notation" and len(message) < 200


def test_the_suffix_is_read_after_the_last_comma():
    assert reference.score({"hand": "111222333444z 123m 55z,自摸5z"})["interpretation"]["win_tile"] == "5z"
    assert _code(hand="111222333444z 123m 55z，点和5z，")[0] == "invalid_notation"
    assert _code(hand="111222333444z，点和5z 123m 55z")[0] == "invalid_notation"


def test_brackets_are_matched_in_one_pass():
    assert _code(hand="[12[3m] 111222333z 44455z")[1].startswith("brackets nested or unbalanced after position 1")
    assert _code(hand="{1111m 111222333444z 5z")[1] == "unclosed '{' at position 1"
    assert _code(hand="111m] 222333444z 123m 55z")[1] == "unmatched ']' at position 5"


# -- the seeded fuzz (tools/runs/fuzz_batch.py) --------------------------------------------------------

import io
import subprocess
import sys

from gb16.reference import ERROR_CODES
from gb16.tools.runs import fuzz_batch as F
from gb16.tools.common.batch_line import batch_result

#: lines of each kind; the over-long lines are megabytes each, so fewer of them
PER_KIND = {kind: 2000 for kind in F.KINDS} | {"long_line": 8, "long_hand": 500}
SEED = 20261203


@pytest.fixture(scope="module")
def fuzz_lines() -> list[tuple[str, bytes]]:
    lines = [("issue", raw) for raw in F.ISSUE_INPUTS]
    for n, kind in enumerate(F.KINDS):
        lines.extend(F.generate(SEED + n, PER_KIND[kind], [kind]))
    return lines


@pytest.fixture(scope="module")
def expected(fuzz_lines) -> list[bytes]:
    """Each line's result through the batch's own per-line function, in this process."""
    return [batch_result(F.as_read(raw)) for _, raw in fuzz_lines]


def test_the_generator_is_seeded_reaches_every_kind_and_never_writes_a_newline(fuzz_lines):
    assert list(F.generate(7, 300)) == list(F.generate(7, 300))
    assert {kind for kind, _ in F.generate(7, 3000)} >= set(F.KINDS) - {"long_line"}
    assert all(b"\n" not in raw for _, raw in fuzz_lines)


@pytest.mark.slow
@pytest.mark.parametrize("jobs", [1, 2])
def test_the_batch_process_answers_every_line_in_order(tmp_path, fuzz_lines, expected, jobs):
    """One valid-UTF-8 result per line, documented codes only, nothing on stderr, exit 0, and
    line for line what the per-line function gives (so nothing is out of order or lost)."""
    stdin, stdout = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    stdin.write_bytes(b"".join(raw + b"\n" for _, raw in fuzz_lines))
    stderr, status = F.run_batch_process(stdin, stdout, jobs=jobs)
    with open(stdout, "rb") as f:
        verdict = F.check(len(fuzz_lines), f, stderr, status)
    assert verdict.violations == []
    assert stdout.read_bytes().split(b"\n")[:-1] == [line.rstrip(b"\n") for line in expected]


def test_every_kind_gets_documented_codes_and_the_hostile_ones_are_refused(fuzz_lines, expected):
    by_kind: dict[str, set] = {}
    for (kind, _), out in zip(fuzz_lines, expected):
        result = F.jsonlines.parse_line(out)
        by_kind.setdefault(kind, set()).add("ok" if result["ok"] else result["error"]["code"])
    assert all(codes <= set(ERROR_CODES) | {"ok"} for codes in by_kind.values()), by_kind
    for kind in ("empty", "invalid_utf8", "deep", "surrogate", "separator", "duplicate_key", "non_finite",
                 "long_line"):
        assert by_kind[kind] == {"invalid_json"}, (kind, by_kind[kind])
    assert by_kind["long_hand"] <= {"invalid_notation", "invalid_input", "unsupported_variant"}
    assert "ok" in by_kind["valid"] and "ok" in by_kind["mutate_hand"]  # the mutations stay near valid hands


def test_the_issue_inputs_get_these_codes(expected):
    codes = [F.jsonlines.parse_line(out)["error"]["code"] for out in expected[:len(F.ISSUE_INPUTS)]]
    assert codes == ["invalid_json"] * 8 + ["invalid_notation"] * 2 + ["invalid_json", "invalid_notation",
                                                                        "invalid_json"]


def test_the_slowest_line_takes_under_50_ms_alone(fuzz_lines):
    """Every line timed once in this process; the slowest is timed again alone (best of three), so
    that a loaded machine's pause is not blamed on a line."""
    times = [F.time_line(raw) for _, raw in fuzz_lines]
    worst = max(range(len(times)), key=times.__getitem__)
    kind, raw = fuzz_lines[worst]
    alone = F.retime(raw)
    assert alone < 0.050, f"{kind} line of {len(raw)} bytes takes {alone * 1000:.1f} ms: {raw[:80]!r}"


@pytest.mark.parametrize("command", ["score", "explain"])
def test_score_and_explain_on_stdin_refuse_each_issue_input_with_one_error(command, monkeypatch, capsys):
    from gb16.tools.commands.cli import main
    for raw in F.ISSUE_INPUTS:
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(raw)))
        assert main([command, "-", "--json"]) == 2
        out, err = capsys.readouterr()
        assert err == "" and out.count("\n") == 1, (raw[:60], err[-300:])
        assert F.jsonlines.parse_line(out)["error"]["code"] in ERROR_CODES
    proc = subprocess.run([sys.executable, "-m", "gb16.tools.commands.cli", command, "-"], input=F.ISSUE_INPUTS[1],
                          capture_output=True)
    assert proc.returncode == 2 and proc.stderr == b"" and b"nest more than 64 deep" in proc.stdout


def test_the_check_fails_on_planted_faults(fuzz_lines, expected):
    """Lost, unordered, non-UTF-8 or undocumented output, a traceback, a bad exit: each is caught."""
    good = expected[:50]
    assert F.check(50, good).violation_count == 0
    planted = {
        "a line lost": (good[:-1], b"", 0),
        "raw 0xff echoed": (good[:-1] + [b'{"ok": false, "error": {"code": "invalid_json", "message": "\xff"}}\n'],
                            b"", 0),
        "an undocumented code": (good[:-1] + [b'{"ok": false, "error": {"code": "internal_error", "message": "x"}}\n'],
                                 b"", 0),
        "a traceback": (good, b"Traceback (most recent call last):\n", 0),
        "exit status 1": (good, b"", 1),
        "no final newline": (good[:-1] + [good[-1].rstrip(b"\n")], b"", 0),
    }
    for name, (outs, stderr, status) in planted.items():
        assert F.check(50, outs, stderr, status).violation_count, name


@pytest.mark.slow
def test_a_naive_reader_fails_the_fuzz(fuzz_lines, monkeypatch):
    """The fuzz reaches what it claims: with the strict reader replaced by json.loads, lines get an
    undocumented code (RecursionError, huge integers, invalid UTF-8) and hostile lines are accepted."""
    import json

    from gb16.tools.commands import score as cmd_score
    monkeypatch.setattr(cmd_score.jsonlines, "parse_stream_line", lambda raw: json.loads(raw))
    outs = [batch_result(F.as_read(raw)) for _, raw in fuzz_lines]
    verdict = F.check(len(outs), outs)
    assert verdict.codes["internal_error"] > 100 and verdict.violation_count > 100


# -- every file a tool reads ---------------------------------------------------------------------

#: hostile file contents: each must be refused with the file named, never a traceback
HOSTILE_FILES = {
    "empty": b"", "invalid UTF-8": b'{"a": "\xff"}', "nested 1000 deep": b"[" * 1000 + b"]" * 1000,
    "a 4301-digit integer": b'{"a": ' + b"1" * 4301 + b"}", "a lone surrogate": b'{"a": "\\ud800"}',
    "a duplicate key": b'{"a": "x", "a": "y"}', "NaN": b'{"a": NaN}', "NUL": b'{"a": "\x00"}', "only \\x1c": b"\x1c",
    "a byte-order mark": b"\xef\xbb\xbf{}",
}


def _run_cli(argv, capsys) -> tuple[int, str]:
    from gb16.tools.commands.cli import main
    status = main(argv)
    out, err = capsys.readouterr()
    return status, out + err


@pytest.mark.parametrize("name", HOSTILE_FILES)
def test_known_failures_corpus_and_run_logs_refuse_a_hostile_file_naming_it(name, tmp_path, capsys):
    raw = HOSTILE_FILES[name]
    known = tmp_path / "known.json"
    known.write_bytes(raw)
    (tmp_path / "corpus" / "cases").mkdir(parents=True)
    (tmp_path / "corpus" / "cases" / "bad.json").write_bytes(raw)
    log = tmp_path / "run.jsonl"
    log.write_bytes(raw)
    runs = {
        "known failures": ["certify", "--impl", "reference", "--known-failures", str(known), "--no-progress",
                           "--out", str(tmp_path / "a.jsonl"), "--filter", "seed-examples-1-*"],
        "corpus": ["certify", "--impl", "reference", "--corpus", str(tmp_path / "corpus"), "--no-progress",
                   "--out", str(tmp_path / "b.jsonl")],
        "corpus check": ["corpus", "check", "--corpus", str(tmp_path / "corpus"), "--no-reference"],
        "summary": ["summary", str(log)],
        "fan table": ["table", "fans", "--fans", str(known)],
        "known differences": ["certify", "--impl", "reference", "--random", "5", "--known-differences", str(known),
                              "--out", str(tmp_path / "c.jsonl"), "--no-progress", "--jobs", "1"],
    }
    for what, argv in runs.items():
        status, text = _run_cli(argv, capsys)
        assert status != 0, (what, text)
        assert "Traceback" not in text
        named = {"corpus": "bad.json", "corpus check": "bad.json", "summary": "run.jsonl"}.get(what, "known.json")
        assert named in text or (name == "empty" and what == "summary" and "empty run log" in text), (what, text)


def test_a_run_log_line_names_its_line(tmp_path, capsys):
    status, _ = _run_cli(["certify", "--impl", "reference", "--no-progress", "--filter", "seed-examples-1-*",
                          "--out", str(tmp_path / "run.jsonl")], capsys)
    assert status == 0
    good = (tmp_path / "run.jsonl").read_bytes()
    for raw in HOSTILE_FILES.values():
        if not raw:
            continue
        (tmp_path / "bad.jsonl").write_bytes(good.replace(b"\n", b"\n" + raw + b"\n", 1))
        status, text = _run_cli(["summary", str(tmp_path / "bad.jsonl")], capsys)
        assert status == 2 and "bad.jsonl: line 2" in text and "Traceback" not in text, text


def test_a_surrogate_in_known_failures_never_reaches_the_run_log(tmp_path, capsys):
    """A lone surrogate a user gave (here in a reason) is refused; the run log is always UTF-8."""
    known = tmp_path / "known.json"
    known.write_text('{"seed-examples-1": "\\ud800"}')
    status, text = _run_cli(["certify", "--impl", "reference", "--known-failures", str(known), "--no-progress",
                             "--out", str(tmp_path / "run.jsonl"), "--filter", "seed-examples-1-*"], capsys)
    assert status == 2 and "lone surrogate" in text
    from gb16.tools.harness.runlog import RunLogWriter
    with RunLogWriter.create(tmp_path / "w.jsonl", {"type": "header", "x": "\ud800"}):
        pass
    assert (tmp_path / "w.jsonl").read_bytes() == b'{"type": "header", "x": "\\ud800"}\n'


#: valid JSON of the wrong shape for a corpus's fan table or clause registry
WRONG_SHAPES = {"a list": [], "no fans": {"x": 1}, "a number for an entry": {"fans.json": {"fans": [5]},
                                                                         "clauses.json": {"anchors": [5]}},
                "a fan without points": {"fans": [{"number": 1, "id": "x", "zh": "x", "en": "x", "repeatable": False,
                                                   "applies": {"gb16": True, "gb13": True}, "excludes": []}]},
                "an unknown scope": {"fans": [{"number": 1, "id": "x", "zh": "x", "en": "x", "points": 1,
                                               "repeatable": False, "applies": {"gb16": True, "gb13": True},
                                               "excludes": [{"fan": "y", "scope": "most"}]}]}}


@pytest.mark.parametrize("table", ["fans.json", "clauses.json"])
@pytest.mark.parametrize("shape", WRONG_SHAPES)
def test_a_corpus_table_of_the_wrong_shape_is_refused_naming_file_and_place(table, shape, tmp_path, capsys):
    """fans.json and clauses.json of a --corpus folder are read through corpus/schema/, as the case files are
    (one loader, tools/harness/corpus.py, serves every command: `corpus coverage` is tried on one shape)."""
    import shutil
    from gb16 import corpus as corpus_package
    root = tmp_path / "corpus"
    shutil.copytree(corpus_package.ROOT / "cases", root / "cases")
    data = WRONG_SHAPES[shape]
    (root / table).write_text(json.dumps(data.get(table, data) if isinstance(data, dict) else data), encoding="utf-8")
    # certify: bad input (2); corpus coverage: the corpus it measures is not valid (1)
    for argv, expected in ((["certify", "--impl", "reference", "--corpus", str(root), "--no-progress",
                             "--out", str(tmp_path / "run.jsonl"), "--filter", "seed-examples-1-*"], 2),
                           (["corpus", "coverage", "--corpus", str(root)], 1))[:1 if shape != "a list" else 2]:
        status, text = _run_cli(argv, capsys)
        assert status == expected and "Traceback" not in text, text
        assert f"{table}:" in text and f"corpus/schema/{table.replace('.json', '.schema.json')}" in text, text


def test_the_installed_corpus_tables_meet_their_schemas():
    from gb16 import corpus as corpus_package
    from gb16.tools.harness.protocol import schema_problem
    for table in ("fans", "clauses"):
        data = json.loads((corpus_package.ROOT / f"{table}.json").read_text(encoding="utf-8"))
        assert schema_problem(f"{table}.schema.json", data) is None
