"""gb16.docs — the documents the tool cites, installed with the package.

    >>> from gb16 import docs
    >>> r = docs.ruling("R-011")
    >>> r.title
    'Ties between readings (convention of the contract)'
    >>> r.text.startswith("## R-011 — Ties between readings")
    True

:func:`ruling` returns one section of docs/rulings.md by its id (``R-011``, or an edition such
as ``mcr2006``); :func:`text` a whole document (``rulings.md``, ``contract.md``, ``api.md``);
:func:`path` where an installed document is; :func:`examples_dir` the example
implementations of ``gb16 certify`` (tools/examples/).  Everything is read from the installed
package, so the answers are the same in a source checkout and after ``pip install gb16``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

__all__ = ["DOCUMENTS", "Ruling", "examples_dir", "path", "ruling", "rulings", "text"]

ROOT = Path(__file__).resolve().parent

#: The installed documents: name → what it is.
DOCUMENTS = {
    "rulings.md": "rulings, normative notes and editions: every decision where the texts leave room",
    "contract.md": "the input and result contract and the closed set of error codes",
    "api.md": "the Python API",
}

# A section is a level-2 heading ("## R-011 — title" or "## mcr2006 — title") up to the next
# heading of level 1 or 2 or a horizontal rule.
_HEADING = re.compile(r"^## (?P<id>[A-Za-z0-9-]+) — (?P<title>.+?)\s*$")
_END = re.compile(r"^(#{1,2} |---\s*$)")


@dataclass(frozen=True)
class Ruling:
    """One section of docs/rulings.md: an open ruling, a normative note, a convention or an edition."""

    id: str
    title: str
    text: str
    """The section as written (Markdown), heading included, trailing blank lines removed."""


def path(name: str) -> Path:
    """The installed file of document *name* (``"rulings.md"``, ``"contract.md"``, ``"api.md"``)."""
    if name not in DOCUMENTS:
        raise KeyError(f"unknown document {name!r}; the installed documents are {', '.join(DOCUMENTS)}")
    return ROOT / name


def text(name: str) -> str:
    """The text of document *name*."""
    return path(name).read_text(encoding="utf-8")


@lru_cache(maxsize=1)
def rulings() -> dict[str, Ruling]:
    """Every section of docs/rulings.md with an id, in the order of the file."""
    out: dict[str, Ruling] = {}
    current: list[str] | None = None
    head: dict[str, str] = {}
    for line in text("rulings.md").splitlines() + ["---"]:
        m = _HEADING.match(line)
        if current is not None and (m or _END.match(line)):
            out[head["id"]] = Ruling(head["id"], head["title"], "\n".join(current).rstrip())
            current = None
        if m:
            head, current = m.groupdict(), [line]
        elif current is not None:
            current.append(line)
    return out


def ruling(ruling_id: str) -> Ruling:
    """The section of docs/rulings.md with id *ruling_id* (``"R-011"``, ``"mcr2006"``); KeyError if none."""
    found = rulings().get(ruling_id)
    if found is None:
        raise KeyError(f"docs/rulings.md has no section {ruling_id!r}")
    return found


def examples_dir() -> Path:
    """The folder of the example implementations for ``gb16 certify`` (tools/examples/, beside
    this package in the source tree and in the installed ``gb16`` package alike)."""
    return Path(__file__).resolve().parent.parent / "tools" / "examples"
