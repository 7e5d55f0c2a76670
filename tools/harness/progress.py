"""The one progress display of the kit, on standard error, for long runs: :class:`Progress`, one
bar for a count (a corpus run, a differential run), and :class:`Board`, one line per part for
work that runs side by side (the parts of ``gb16 report``).  Both draw in place only on a
terminal outside CI."""

from __future__ import annotations

import collections
import re
import sys
import time
from dataclasses import dataclass

from gb16.tools.harness import runlog
from gb16.tools.common.safe_text import printable


class Progress:
    """A one-line progress bar on standard error — only on a terminal and outside CI."""

    def __init__(self, total: int, label: str, enabled: bool | None = None, stream=None):
        self.stream = stream or sys.stderr
        if enabled is None:
            enabled = self.stream.isatty() and not runlog.env_is_ci()
        self.enabled, self.total, self.label, self.done = enabled, total, label, 0
        self.tally: collections.Counter = collections.Counter()
        self._last = 0.0

    def advance(self, status: str | None = None, note: str = "", by: int = 1) -> None:
        self.done += by
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


_COUNT = re.compile(r"(\d+)\s*/\s*(\d+)")


def duration(seconds: float) -> str:
    """``42s`` or ``3m05s``."""
    seconds = max(0, int(seconds))
    return f"{seconds // 60}m{seconds % 60:02d}s" if seconds >= 60 else f"{seconds}s"


@dataclass
class _State:
    """One line of a :class:`Board`: a part's state, elapsed time and last message."""

    label: str
    status: str = "waiting"     # waiting, running, done, error
    started: float | None = None
    ended: float | None = None
    message: str = ""
    first_count: tuple[float, int] | None = None  # (time, done) when a count was first seen
    count: tuple[int, int] | None = None

    def note(self, text: str, now: float) -> None:
        self.message = " ".join(printable(text).split())
        m = None
        for m in _COUNT.finditer(self.message):
            pass
        if m:
            done, total = int(m.group(1)), int(m.group(2))
            if self.first_count is None or done < self.first_count[1]:
                self.first_count = (now, done)
            self.count = (done, total)

    def line(self, now: float) -> str:
        elapsed = duration((self.ended or now) - self.started) if self.started is not None else ""
        if self.status == "waiting":
            return f"{self.label:<20} waiting"
        if self.status != "running":
            return f"{self.label:<20} {self.status} in {elapsed}"
        extra = ""
        if self.count and self.first_count and self.count[1]:
            done, total = self.count
            t0, d0 = self.first_count
            if done > d0 and now > t0:
                rate = (done - d0) / (now - t0)
                extra = f" · {rate:,.1f}/s · {duration((total - done) / rate)} left"
        return f"{self.label:<20} {elapsed:>6} {self.message[:80]}{extra}"


class Board:
    """Progress of several parts at once (``gb16 report``): on a terminal the lines are redrawn
    in place, one per running part (its elapsed time, its last message and — when the message
    carries a count ``done/total`` — the rate and the time left) and one per part that broke,
    under a line counting the parts done and waiting; elsewhere (a CI log, a file) a line when a
    part ends and a heartbeat line of the running parts every ``heartbeat`` seconds.  ``enabled``
    None: lines on a terminal outside CI, heartbeats elsewhere; False: silent."""

    def __init__(self, labels: list[str], enabled: bool | None, heartbeat: float, stream=None):
        self.stream = stream or sys.stderr
        if enabled is None:
            enabled = True
            self.live = self.stream.isatty() and not runlog.env_is_ci()
        else:
            self.live = enabled and self.stream.isatty()
        self.enabled, self.heartbeat = enabled, heartbeat
        self.states = [_State(printable(label)) for label in labels]
        self.began = time.monotonic()
        self._drawn = 0
        self._last_beat = self.began

    def start(self, index: int) -> None:
        state = self.states[index]
        state.status, state.started = "running", time.monotonic()

    def note(self, index: int, text: str) -> None:
        self.states[index].note(str(text), time.monotonic())
        self.draw()

    def end(self, index: int, ok: bool) -> None:
        state = self.states[index]
        state.status, state.ended = ("done" if ok else "error"), time.monotonic()
        if self.enabled and not self.live:   # a log: one line per part that ends
            now = time.monotonic()
            self.stream.write(f"[report {duration(now - self.began)}] {' '.join(state.line(now).split())}\n")
            self.stream.flush()
        else:
            self.draw(force=True)

    def tally(self) -> str:
        """``3 of 32 parts done, 27 waiting``."""
        count = collections.Counter(s.status for s in self.states)
        text = f"{count['done'] + count['error']} of {len(self.states)} parts done"
        return text + (f", {count['waiting']} waiting" if count["waiting"] else "")

    def draw(self, force: bool = False) -> None:
        if not self.enabled:
            return
        now = time.monotonic()
        if self.live:
            shown = [s.line(now) for s in self.states if s.status in ("running", "error")]
            lines = [f"gb16 report {duration(now - self.began)} · {self.tally()}"] + shown
            out = (f"\x1b[{self._drawn}F" if self._drawn else "") + "".join(f"\x1b[2K{line}\n" for line in lines)
            self.stream.write(out + "\x1b[J")   # and clear what a longer drawing left below
            self.stream.flush()
            self._drawn = len(lines)
        elif force or now - self._last_beat >= self.heartbeat:
            self._last_beat = now
            running = "; ".join(" ".join(s.line(now).split()) for s in self.states if s.status == "running")
            self.stream.write(f"[report {duration(now - self.began)}] {self.tally()}"
                              + (f"; running: {running}" if running else "") + "\n")
            self.stream.flush()
