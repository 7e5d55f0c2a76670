"""The README's commands run as shown.  Each ``.venv/bin/gb16 …`` line of the README's section
"Tables and the conformance site" is run, in that order, from a folder holding the checkout's
tools/ (the example implementations) and a fresh out/: exit status 0, or 1 where its comment
says "exits 1"; and each file or folder it names with --out is there afterwards."""

from __future__ import annotations

import re
import shlex
from pathlib import Path

import pytest

from gb16.tools.cli import main

ROOT = Path(__file__).resolve().parent.parent
SECTION = "## Tables and the conformance site"


def commands(section: str = SECTION) -> list[tuple[list[str], int]]:
    """(arguments after ``gb16``, the exit status the README gives) for each command of *section*."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    body = text.split(section, 1)[1].split("\n## ", 1)[0]
    found = []
    for block in re.findall(r"```sh\n(.*?)```", body, re.S):
        for line in block.splitlines():
            if line.startswith(".venv/bin/gb16 "):
                words = shlex.split(line, comments=True)
                found.append((words[1:], 1 if re.search(r"#.*\bexits 1\b", line) else 0))
    return found


def test_the_section_has_its_commands():
    listed = commands()
    assert len(listed) >= 6 and any(argv[0] == "site" for argv, _ in listed)
    assert {argv[1] for argv, _ in listed if argv[0] == "table"} >= {"rulings", "editions", "fans", "matrix"}


@pytest.mark.slow
def test_the_readme_commands_run_as_shown(tmp_path, monkeypatch, capsys):
    (tmp_path / "tools").symlink_to(ROOT / "tools")
    monkeypatch.chdir(tmp_path)
    for argv, status in commands():
        assert main(argv) == status, argv
        capsys.readouterr()
        if "--out" in argv:
            assert Path(argv[argv.index("--out") + 1]).exists(), argv
    assert (tmp_path / "out" / "site" / "index.html").is_file()
