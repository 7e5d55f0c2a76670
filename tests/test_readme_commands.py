"""The README's commands run as shown.

Every ``.venv/bin/gb16 …`` (or installed ``gb16 …``) line of the README's ``sh`` blocks (a line ending in ``\\`` joined
to the next) is run by bash, in README order, from a folder holding links to the checkout's
tools/ (the example implementations) and .venv/, with a fresh out/: each must exit with the
status its comment gives (``exits 1``), else 0, and each file or folder it names with --out or
--report is there afterwards.  Two kinds of line are not run as printed, each for a reason
stated in :data:`NOT_RUN` and :data:`SCALED`, and a test keeps both lists matched to lines
the README has, so that neither outlives its line."""

from __future__ import annotations

import json
import os
import re
import shlex
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
SECTION = "## Tables and the conformance site"

#: lines not run, by a pattern they match → why
NOT_RUN = {
    r"^gb16 serve\b": "a server that runs until stopped (tests/test_serve.py starts it), or the static page it "
                      "exports with the Pyodide runtime npm ci installs (tests/test_serve_export.py)",
}
#: ``--random N`` is run with this many hands: the README's counts are for real use (minutes);
#: the command, its options and its outputs are the same
SCALED = (r"--random \d+", "--random 50")
#: what a line's comment says it prints, by a pattern of the line → texts its output holds
CLAIMS = {
    r'waits "1111222s 111m 222p 555z"': ("1s", "3s"),                       # formal waits: 1s 3s
    r'\[111z\]\[222z\]\[333z\]\[444z\]999m55m': ("disputed: R-009", "94 under A, 95 under B"),
    r"^\.venv/bin/gb16 compare ": ("≠ meets_minimum: expected false, got true",),
}


def readme_lines(section: str | None = None) -> list[str]:
    """The ``.venv/bin/gb16`` (and installed ``gb16``) command lines of the README (of one *section*), continuations joined."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    if section:
        text = text.split(section, 1)[1].split("\n## ", 1)[0]
    found = []
    for block in re.findall(r"```sh\n(.*?)```", text, re.S):
        joined = re.sub(r"\\\n\s*", " ", block)
        found += [line for line in joined.splitlines() if line.startswith((".venv/bin/gb16 ", "gb16 "))]
    return found


def expected_status(line: str) -> int:
    comment = line.partition(" #")[2]
    found = re.search(r"\bexits (\d)\b", comment)
    return int(found.group(1)) if found else 0


def named_outputs(line: str) -> list[str]:
    words = shlex.split(line, comments=True)
    return [words[k + 1] for k, w in enumerate(words[:-1]) if w in ("--out", "--report")]


def test_the_lists_of_exceptions_match_readme_lines():
    lines = readme_lines()
    assert len(lines) >= 25
    for pattern in NOT_RUN:
        assert any(re.search(pattern, line) for line in lines), f"NOT_RUN names no README line: {pattern}"
    assert any(re.search(SCALED[0], line) for line in lines)
    for pattern in CLAIMS:
        assert sum(bool(re.search(pattern, line)) for line in lines) == 1, f"CLAIMS names no one README line: {pattern}"


def test_the_tables_section_has_its_commands():
    listed = [shlex.split(line, comments=True)[1:] for line in readme_lines(SECTION)]
    assert len(listed) >= 6 and any(argv[0] == "site" for argv in listed)
    assert {argv[1] for argv in listed if argv[0] == "table"} >= {"rulings", "editions", "fans", "matrix"}


def test_exit_statuses_are_read_from_the_comments():
    assert expected_status(".venv/bin/gb16 x   # exits 1: it fails some") == 1
    assert expected_status(".venv/bin/gb16 x   # every report format") == 0


@pytest.mark.slow
@pytest.mark.skipif(not (ROOT / ".venv" / "bin" / "gb16").exists(), reason="needs the checkout's .venv (make test builds it)")
def test_the_readme_commands_run_as_shown(tmp_path):
    (tmp_path / "tools").symlink_to(ROOT / "tools")
    (tmp_path / ".venv").symlink_to(ROOT / ".venv")
    line = {"variant": "gb16", "hand": "[123m] 222m 444p 666s 111z 55z", "win_tile": "5z", "win_by": "discard"}
    (tmp_path / "inputs.jsonl").write_text(json.dumps(line, ensure_ascii=False) + "\n", encoding="utf-8")
    env = dict(os.environ, PATH=f"{ROOT / '.venv' / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}")
    ran = 0
    for line in readme_lines():
        if any(re.search(pattern, line) for pattern in NOT_RUN):
            continue
        command = re.sub(SCALED[0], SCALED[1], line)
        done = subprocess.run(["bash", "-c", command], cwd=tmp_path, env=env, capture_output=True, text=True,
                              timeout=300)
        assert done.returncode == expected_status(line), f"{line}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
        assert "Traceback" not in done.stderr, line
        for pattern, texts in CLAIMS.items():
            if re.search(pattern, line):
                assert all(text in done.stdout for text in texts), (line, texts, done.stdout[-2000:])
        for name in named_outputs(line):
            assert (tmp_path / name).exists(), (line, name)
        ran += 1
    assert ran == len(readme_lines()) - 2   # gb16 serve and gb16 serve --export only
    assert (tmp_path / "out" / "site" / "index.html").is_file()
    assert (tmp_path / "results.jsonl").read_text().count("\n") == 1
