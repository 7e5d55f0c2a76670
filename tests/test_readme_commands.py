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
import shutil
import subprocess
import sys
import tarfile
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


# -- the install section, on a fresh environment ----------------------------------------------

INSTALL = "## Install"
#: install lines not run, by a pattern → why
INSTALL_NOT_RUN = {
    r"^make venv\b": "the suite runs in the .venv it builds",
    r"^python3 -m pip install \.\s": "the same build as the wheel line, into the environment itself",
    r"^python3 -m pip install '\.\[all\]'": "every extra: what make venv installs (editable) for the suite",
    r"\.whl\[serve\]'": "an extra of the wheel: the [serve] extra's packages come from the index",
}
#: evaluates each statement of a Python block, printing the value of each expression (one line each)
_PYTHON_LINES = """
import ast, sys
namespace = {}
for node in ast.parse(sys.stdin.read()).body:
    if isinstance(node, ast.Expr):
        print(repr(eval(compile(ast.Expression(node.value), "README", "eval"), namespace)))
    else:
        exec(compile(ast.Module([node], []), "README", "exec"), namespace)
"""


def install_lines() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8").split(INSTALL + "\n", 1)[1].split("\n#", 1)[0]
    block = re.findall(r"```sh\n(.*?)```", text, re.S)[0]
    return [line for line in block.splitlines() if line.strip()]


def python_block() -> str:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return re.search(r"From Python \(docs/api\.md\):\n\n```python\n(.*?)```", text, re.S).group(1)


def test_the_install_lines_are_each_run_or_said_why_not():
    lines = install_lines()
    assert not any(re.search(r"pip install '?gb16\b", line) for line in lines)   # it is on no index
    for line in lines:
        assert line.startswith(("make ", "python3 -m pip ")), line
    for pattern in INSTALL_NOT_RUN:
        assert sum(bool(re.search(pattern, line)) for line in lines) == 1, pattern
    assert sum(not any(re.search(p, line) for p in INSTALL_NOT_RUN) for line in lines) == 2   # wheel, install


@pytest.mark.slow
def test_a_wheel_and_an_sdist_build_and_the_wheel_alone_runs_the_readme(tmp_path):
    """The install section's lines in a copy of the source tree, with a fresh venv's python3 first
    on the PATH: the wheel is built and installed there with the base dependencies alone, and
    gb16 score, gb16 docs and the README's Python lines work; the sdist holds the package data."""
    import venv
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".venv", ".git", "out", "report", "build", "dist",
                                                             "*.egg-info", "__pycache__", ".pytest_cache"))
    fresh = tmp_path / "fresh"
    venv.create(fresh, with_pip=True)
    env = dict(os.environ, PATH=f"{fresh / 'bin'}{os.pathsep}{os.environ.get('PATH', '')}",
               PIP_CONSTRAINT=str(ROOT / "constraints.txt"))
    env.pop("VIRTUAL_ENV", None)
    for line in install_lines():
        if any(re.search(pattern, line) for pattern in INSTALL_NOT_RUN):
            continue
        done = subprocess.run(["bash", "-c", line.partition(" #")[0]], cwd=src, env=env, capture_output=True,
                              text=True, timeout=600)
        assert done.returncode == 0, f"{line}\n{done.stdout[-2000:]}\n{done.stderr[-2000:]}"
    gb16_bin = fresh / "bin" / "gb16"
    installed = subprocess.run([fresh / "bin" / "python", "-m", "pip", "list", "--format", "json"],
                               capture_output=True, text=True, timeout=120)
    names = {p["name"].lower() for p in json.loads(installed.stdout)}
    assert "gb16" in names and {"tabulate", "wcwidth"} <= names
    assert not names & {"jsonschema", "starlette", "uvicorn", "hypothesis", "z3-solver"}   # the base alone
    score = subprocess.run([gb16_bin, "score", "111222333444z 123m 55z，点和5z"], capture_output=True, text=True,
                           timeout=120, cwd=tmp_path)
    assert score.returncode == 0 and "total 165" in score.stdout, score.stderr
    docs = subprocess.run([gb16_bin, "docs", "R-011"], capture_output=True, text=True, timeout=120, cwd=tmp_path)
    assert docs.returncode == 0 and "R-011" in docs.stdout, docs.stderr
    lacking = subprocess.run([gb16_bin, "certify", "--impl", "x"], capture_output=True, text=True, timeout=120)
    assert lacking.returncode == 4 and "[certify] extra" in lacking.stderr
    block = python_block()
    said = subprocess.run([fresh / "bin" / "python", "-c", _PYTHON_LINES], input=block, capture_output=True,
                          text=True, timeout=120, cwd=tmp_path)
    assert said.returncode == 0, said.stderr
    claims = [line.partition("# ")[2].split(";")[0].split(" …")[0].rstrip(", ")
              for line in block.splitlines() if re.search(r"\s# \d", line)]
    printed = said.stdout.splitlines()
    assert len(claims) == len(printed) == 3
    for claim, value in zip(claims, printed):
        assert value.lstrip("(").startswith(claim), (claim, value)
    # the sdist: what the wheel is built from holds the corpus, the documents and the page
    sdist = subprocess.run([sys.executable, "-c", "import sys; from setuptools import build_meta; "
                            "print(build_meta.build_sdist(sys.argv[1]))", str(tmp_path / "sdist")],
                           cwd=src, capture_output=True, text=True, timeout=300)
    assert sdist.returncode == 0, sdist.stderr[-2000:]
    with tarfile.open(tmp_path / "sdist" / sdist.stdout.split()[-1]) as archive:
        members = {Path(*Path(name).parts[1:]).as_posix() for name in archive.getnames()}
    for path in ("pyproject.toml", "README.md", "corpus/fans.json", "corpus/schema/protocol/result.schema.json",
                 "docs/rulings.md", "tools/serve/static/index.html", "tools/examples/node_harness.js"):
        assert path in members, path
    assert sum(m.startswith("corpus/cases/") for m in members) == len(list((ROOT / "corpus" / "cases").glob("*.json")))
