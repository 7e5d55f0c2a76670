"""The options of a differential run (``gb16 certify --random``; :mod:`.engine`)."""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable

from gb16.tools.differential import families as F

KNOWN_DIR = Path(__file__).with_name("known_differences")
DEFAULT_SEED = 13
DEFAULT_TIMEOUT = 30.0
CHUNK = 50
UNEXPLAINED = ("fail", "error", "crash", "timeout")


@dataclass
class Options:
    impl: str
    hands: int
    seed: int = DEFAULT_SEED
    variant: str = "gb16"
    jobs: int | None = None          # None: every core
    dask: str | object | None = None  # a scheduler address, or a distributed.Client
    known: str | None = None          # None: known_differences/<implementation>.json if it exists
    timeout: float = DEFAULT_TIMEOUT
    out: str | None = None
    drafts: str | None = None         # None: <out>.drafts/
    shrink_budget: int = 400
    progress: bool = False
    #: called with ``"done/total hands"`` after each chunk (a report part's line on its board)
    note: Callable[[str], None] | None = None
    resume: bool = False              # continue the interrupted run log at ``out``
    overwrite: bool = False           # replace whatever is at ``out``
    families: tuple = field(default_factory=lambda: tuple(f.name for f in F.CATALOGUE))
