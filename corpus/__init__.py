"""gb16.corpus — the conformance corpus as package data (fans.json, clauses.json, cases/, schema/)."""

import hashlib
import json
from pathlib import Path
from typing import Any

from gb16._version import __version__

ROOT = Path(__file__).resolve().parent
FANS_PATH = ROOT / "fans.json"
CLAUSES_PATH = ROOT / "clauses.json"
CASES_DIR = ROOT / "cases"
SCHEMA_DIR = ROOT / "schema"


def identity() -> dict[str, Any]:
    """The installed corpus's version, hash and size, as ``gb16 --version`` prints them and run logs
    record them: ``{"version": …, "hash": "sha256:…", "cases": N}``.

    The hash is the one the harness computes (gb16.tools.harness.corpus): sha256 over the logical
    names ``cases/<file>``, ``fans.json``, ``clauses.json`` and their bytes, sorted by name.  The
    version is corpus/VERSION when there is one, else the package's.
    """

    files = {f"cases/{p.name}": p for p in sorted(CASES_DIR.glob("*.json"))}
    files.update({"fans.json": FANS_PATH, "clauses.json": CLAUSES_PATH})
    digest = hashlib.sha256()
    for name in sorted(files):
        digest.update(name.encode() + b"\0")
        digest.update(files[name].read_bytes() + b"\0")
    cases = sum(len(json.loads(files[n].read_text(encoding="utf-8")).get("cases", []))
                for n in files if n.startswith("cases/"))
    version_file = ROOT / "VERSION"
    if version_file.is_file():
        version = version_file.read_text(encoding="utf-8").strip()
    else:
        version = __version__
    return {"version": version, "hash": "sha256:" + digest.hexdigest(), "cases": cases}
