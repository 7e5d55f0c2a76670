"""gb16 — reference scorer and conformance kit for 国标十六张 (16-tile MCR) and standard MCR.

The typed Python API (docs/api.md):

    >>> import gb16
    >>> r = gb16.score("111222333444z 123m 55z", win="5z", by="discard")
    >>> r.total, [f.name for f in r.fans][:2]
    (165, ['大四喜', '四暗刻'])

Bad input raises :class:`gb16.InputError`, which carries the code of docs/contract.md
(``e.code``) and a message saying what to fix (``e.message``).  The dict API of
docs/contract.md is :mod:`gb16.reference` (``gb16.reference.score(dict) -> dict``); the
documents the tool cites are :mod:`gb16.docs`.  The parts of the kit are the sub-packages
``gb16.reference``, ``gb16.corpus``, ``gb16.properties``, ``gb16.tools`` and ``gb16.docs``.
"""

from __future__ import annotations

import importlib
import platform
from typing import TYPE_CHECKING, Any

from gb16._version import __version__

__all__ = ["__version__", "score", "explain", "waits", "Result", "Fan", "Interpretation", "Group", "Pair",
           "Link", "Explanation", "Reading", "InputError", "ERROR_CODES", "Rules", "version_info"]

if TYPE_CHECKING:  # the names below are imported on first use (import gb16 stays light)
    from gb16.api import (
        Explanation,
        Fan,
        Group,
        Interpretation,
        Link,
        Pair,
        Reading,
        Result,
        explain,
        score,
        waits,
    )
    from gb16.reference.errors import ERROR_CODES, InputError
    from gb16.reference.rules import Rules

_LAZY = {
    "score": "gb16.api", "explain": "gb16.api", "waits": "gb16.api", "Result": "gb16.api",
    "Fan": "gb16.api", "Interpretation": "gb16.api", "Group": "gb16.api", "Explanation": "gb16.api",
    "Reading": "gb16.api", "Pair": "gb16.api", "Link": "gb16.api", "InputError": "gb16.reference.errors", "ERROR_CODES": "gb16.reference.errors",
    "Rules": "gb16.reference.rules",
}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module 'gb16' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


def version_info() -> dict[str, Any]:
    """The package version and the identity of the installed corpus (what ``gb16 --version`` prints):
    ``{"gb16": "0.1.0", "corpus": {"version": …, "hash": "sha256:…", "cases": N}, "python": "3.11.7"}``."""
    from gb16 import corpus  # on first use: import gb16 stays light
    return {"gb16": __version__, "corpus": corpus.identity(), "python": platform.python_version()}
