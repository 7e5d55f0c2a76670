"""Progress on standard error for long runs."""

from __future__ import annotations

import collections
import sys
import time

from gb16.tools.harness import runlog
from gb16.tools.safe_text import printable

class Progress:
    """A one-line progress bar on standard error — only on a terminal and outside CI."""

    def __init__(self, total: int, label: str, enabled: bool | None = None, stream=None):
        self.stream = stream or sys.stderr
        if enabled is None:
            enabled = self.stream.isatty() and not runlog.env_is_ci()
        self.enabled, self.total, self.label, self.done = enabled, total, label, 0
        self.tally: collections.Counter = collections.Counter()
        self._last = 0.0

    def advance(self, status: str | None = None, note: str = "") -> None:
        self.done += 1
        if status:
            self.tally[status] += 1
        now = time.monotonic()
        if self.enabled and (now - self._last > 0.1 or self.done == self.total):
            self._last = now
            self._draw(note)

    def _draw(self, note: str) -> None:
        width = 24
        filled = int(width * self.done / self.total) if self.total else width
        tally = " ".join(f"{k} {v}" for k, v in sorted(self.tally.items()))
        line = f"\r{printable(self.label)} [{'#' * filled}{'.' * (width - filled)}] {self.done}/{self.total} {tally} {printable(note)}"
        self.stream.write(line[:140].ljust(100))
        self.stream.flush()

    def message(self, text: str) -> None:
        """A status line for a step without a count (e.g. "running properties…")."""
        if self.enabled:
            self.stream.write(f"\r{printable(text)}".ljust(100)[:140])
            self.stream.flush()

    def close(self) -> None:
        if self.enabled:
            self.stream.write("\r" + " " * 100 + "\r")
            self.stream.flush()
