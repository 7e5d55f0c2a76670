"""Where a run comes from: the time, the gb16 version, the git checkout, and the hashes that
identify a corpus and a run log.  The run log's header records them
(:mod:`gb16.tools.harness.runlog`); the reports quote them."""

from __future__ import annotations

import datetime as _dt
import hashlib
import subprocess
from importlib.metadata import version
from pathlib import Path
from typing import Any

from gb16 import corpus as corpus_package


def now() -> str:
    """The current time as an ISO 8601 string in UTC, to the second."""
    return _dt.datetime.now(_dt.timezone.utc).replace(microsecond=0).isoformat()


def repo_root() -> Path:
    """The source tree the gb16 package runs from (the folder above tools/)."""
    return Path(__file__).resolve().parents[2]


def git_revision(path: Path | None = None) -> dict[str, Any]:
    """``{"revision": sha or None, "dirty": bool or None}`` of the git checkout holding *path*."""
    where = str(path or repo_root())
    try:
        rev = subprocess.run(["git", "-C", where, "rev-parse", "HEAD"], capture_output=True,
                             text=True, timeout=10)
        if rev.returncode != 0:
            return {"revision": None, "dirty": None}
        status = subprocess.run(["git", "-C", where, "status", "--porcelain", "--untracked-files=no"],
                                capture_output=True, text=True, timeout=10)
        dirty = bool(status.stdout.strip()) if status.returncode == 0 else None
        return {"revision": rev.stdout.strip(), "dirty": dirty}
    except (OSError, subprocess.SubprocessError):
        return {"revision": None, "dirty": None}


def gb16_version() -> str:
    """The installed gb16 distribution's version, or "unknown"."""
    try:
        return version("gb16")
    except Exception:  # not installed as a distribution
        return "unknown"


def fingerprint(files: dict[str, Path]) -> str:
    """``sha256:…`` over logical names → file bytes (sorted by name), so any edit changes it
    while the folder the corpus sits in does not."""
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0")
        digest.update(Path(files[name]).read_bytes() + b"\0")
    return "sha256:" + digest.hexdigest()


def corpus_files(root: Path) -> tuple[list[Path], Path, Path]:
    """A corpus folder's case files (DIR/cases/*.json, or DIR/*.json), its fans.json and
    clauses.json (the installed ones when the folder has none)."""
    cases_dir = root / "cases" if (root / "cases").is_dir() else root
    files = sorted(p for p in cases_dir.glob("*.json") if p.name not in ("fans.json", "clauses.json"))
    fans_path = root / "fans.json" if (root / "fans.json").is_file() else corpus_package.FANS_PATH
    clauses_path = root / "clauses.json" if (root / "clauses.json").is_file() else corpus_package.CLAUSES_PATH
    return files, fans_path, clauses_path


def corpus_hash(path: str | Path | None = None) -> str:
    """The hash of the corpus folder *path* (None: the installed corpus), as the harness gives it
    when it loads the corpus (gb16.tools.harness.corpus), from its files alone: to tell whether a
    run log's corpus is still the one there."""
    files, fans_path, clauses_path = corpus_files(Path(path) if path else corpus_package.ROOT)
    return fingerprint({**{f"cases/{p.name}": p for p in files}, "fans.json": fans_path, "clauses.json": clauses_path})


def file_sha256(path: Path) -> str:
    """``sha256:…`` of a file's bytes (a run log's citable identity)."""
    return "sha256:" + hashlib.sha256(Path(path).read_bytes()).hexdigest()
