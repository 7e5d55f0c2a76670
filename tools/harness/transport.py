"""The subprocess transport: how the harness talks to a program under test, and how it stays
in control of it whatever the program does.

* The program runs in its own process group (its own session), so the harness can kill it
  together with everything it started; a process it started that left the group (``setsid``,
  a daemon's double fork) is found by the mark in its environment (:data:`MARK`, inherited by
  every descendant) and killed too.
* A request is written while the program is stopped (SIGSTOP to its group, confirmed by
  waitpid) after its output was checked (:meth:`Transport.send_fenced`), so a line the
  program writes before its request is sent is found before the request — never read after
  it as if it were the answer.
* Every write and every read has a deadline.  Standard input and output are non-blocking and
  waited on with a selector: a program that stops reading its input cannot block the harness
  (the write gives up at its deadline), and one that stops answering cannot either.
* Output is read in chunks into a buffer and split into lines there; a line longer than
  ``max_line`` bytes is not read to its end — its first bytes are kept and the program killed.
* Standard error is drained by its own thread into a bounded tail (the last
  ``STDERR_TAIL_BYTES``), so a flood of diagnostics neither fills the pipe and stalls the
  program nor slows the protocol.
* A small watchdog process holds one end of a pipe whose other end only the harness holds.
  When the harness exits in any way — returns, raises, is interrupted, or is killed with
  SIGKILL — the pipe closes and the watchdog kills the program's whole process group.  No
  program under test outlives the harness (:mod:`gb16.tools.harness.lifetime`, which also ends
  a worker of the harness with its parent).

Nothing here knows the protocol's messages; :mod:`gb16.tools.harness.implementations`
speaks the protocol over this transport.
"""

from __future__ import annotations

import atexit
import itertools
import os
import selectors
import signal
import subprocess
import threading
import time

from gb16.reference import jsonlines
from gb16.tools.harness import lifetime

#: The longest response line accepted (bytes): the 1 MiB of every line a tool reads
#: (docs/contract.md "Input limits"), checked before it is parsed.  A longer one is that case's
#: ``error``; what the harness keeps of an answer fits in a run log line.
MAX_LINE_BYTES = jsonlines.MAX_LINE_BYTES
#: How much of an over-long line, or of an unsolicited output, is kept for the run log.
KEEP_BYTES = 2000
#: How much of the program's standard error is kept (its last bytes).
STDERR_TAIL_BYTES = 64 * 1024
#: Bytes asked of the operating system per read.
CHUNK = 1 << 20

#: The environment variable that marks every process a program under test starts (its
#: descendants inherit it), so that those which left its process group — ``setsid``, a
#: daemon's double fork — are found in /proc and killed with it.
MARK = "GB16_HARNESS_PROGRAM"

def marked_processes(mark: bytes) -> list[int]:
    """The processes whose environment holds *mark* (``NAME=value``), from /proc (Linux; an
    empty list where there is no /proc or a process's environment cannot be read)."""
    try:
        names = [name for name in os.listdir("/proc") if name.isdigit()]
    except OSError:
        return []
    found = []
    for name in names:
        pid = int(name)
        if pid == os.getpid():
            continue
        try:
            with open(f"/proc/{name}/environ", "rb") as handle:
                if mark in handle.read().split(b"\0"):
                    found.append(pid)
        except OSError:   # gone, or not ours to read
            pass
    return found


class TransportError(Exception):
    """The base of the transport's failures."""


class TransportTimeout(TransportError):
    """A write or a read did not finish before its deadline."""


class TransportClosed(TransportError):
    """The program closed its standard input or output (usually: it exited)."""

    def __init__(self, message: str, partial: bytes = b""):
        super().__init__(message)
        self.partial = partial


class LineTooLong(TransportError):
    """A line exceeded the maximum length; ``head`` holds its first bytes."""

    def __init__(self, limit: int, head: bytes, seen: int):
        super().__init__(f"a line longer than {limit} bytes")
        self.limit, self.head, self.seen = limit, head, seen


class StderrTail:
    """Drains a pipe in a thread, keeping only its last *limit* bytes."""

    def __init__(self, stream, limit: int = STDERR_TAIL_BYTES):
        self._stream, self._limit = stream, limit
        self._data = bytearray()
        self._lock = threading.Lock()
        self.total = 0
        self._thread = threading.Thread(target=self._drain, daemon=True, name="gb16-stderr")
        self._thread.start()

    def _drain(self) -> None:
        fd = self._stream.fileno()
        try:
            while True:
                chunk = os.read(fd, 65536)
                if not chunk:
                    break
                with self._lock:
                    self.total += len(chunk)
                    self._data += chunk
                    if len(self._data) > 2 * self._limit:
                        del self._data[:-self._limit]
        except OSError:
            pass
        finally:
            try:
                self._stream.close()
            except OSError:
                pass

    def settle(self, wait: float = 0.2) -> None:
        """Give the drain a moment to take what the program wrote just before exiting."""
        self._thread.join(wait)

    def lines(self, count: int = 15) -> list[str]:
        """The last *count* lines of what was kept."""
        with self._lock:
            data = bytes(self._data[-self._limit:])
        text = data.decode("utf-8", "replace")
        lines = text.splitlines()
        if len(data) < self.total and lines:
            lines[0] = "…" + lines[0]  # the kept tail starts inside a line
        return lines[-count:]


_LIVE: "set[Transport]" = set()
_SPAWNED = itertools.count(1)
_LIVE_LOCK = threading.Lock()


def kill_all() -> None:
    """Kill every program still running (used at exit and on a signal)."""
    with _LIVE_LOCK:
        live = list(_LIVE)
    for transport in live:
        transport.kill()


atexit.register(kill_all)


class Transport:
    """One running program: bytes in with a deadline, lines out with a deadline."""

    def __init__(self, argv: list[str], cwd: str | None = None, env: dict | None = None,
                 max_line: int = MAX_LINE_BYTES):
        self.argv, self.cwd, self.env, self.max_line = list(argv), cwd, env, max_line
        self.proc: subprocess.Popen | None = None
        self.stderr: StderrTail | None = None
        self._buffer = bytearray()
        self._scanned = 0
        self._eof = False
        self._lifeline: int | None = None
        self._watchdog: subprocess.Popen | None = None
        self._selector: selectors.BaseSelector | None = None

    # -- life cycle
    def spawn(self) -> None:
        """Start the program (raises OSError when it cannot be run)."""
        self._mark = f"{MARK}={os.getpid()}-{next(_SPAWNED)}-{time.time_ns()}"
        env = dict(os.environ if self.env is None else self.env)
        env[MARK] = self._mark.partition("=")[2]
        self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.PIPE, start_new_session=True,
                                     cwd=self.cwd, env=env, bufsize=0)
        with _LIVE_LOCK:
            _LIVE.add(self)
        self._start_watchdog(self.proc.pid)
        os.set_blocking(self.proc.stdin.fileno(), False)
        os.set_blocking(self.proc.stdout.fileno(), False)
        self._buffer, self._scanned, self._eof = bytearray(), 0, False
        self._selector = selectors.DefaultSelector()
        self.stderr = StderrTail(self.proc.stderr)

    def _start_watchdog(self, pgid: int) -> None:
        # no watchdog (it could not start): the harness's own clean-up still kills the group
        self._watchdog, self._lifeline = lifetime.start_watchdog(pgid, self._mark)

    @property
    def pid(self) -> int | None:
        return self.proc.pid if self.proc else None

    def alive(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def exit_status(self, wait: float = 2.0) -> int | None:
        """The program's exit status, waiting up to *wait* seconds; None while it runs."""
        if self.proc is None:
            return None
        if wait <= 0:
            return self.proc.poll()
        try:
            return self.proc.wait(timeout=wait)
        except subprocess.TimeoutExpired:
            return None

    def stderr_lines(self, count: int = 15) -> list[str]:
        if self.stderr is None:
            return []
        if not self.alive():
            self.stderr.settle()   # let the drain take what an exiting program wrote last
        return self.stderr.lines(count)

    def kill(self) -> None:
        """Kill the program's whole process group and release everything (idempotent)."""
        proc, self.proc = self.proc, None
        with _LIVE_LOCK:
            _LIVE.discard(self)
        if proc is not None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
            self._kill_marked()
            try:
                proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                pass
            for stream in (proc.stdin, proc.stdout):
                try:
                    stream.close()
                except OSError:
                    pass
        if self._selector is not None:
            self._selector.close()
            self._selector = None
        if self._lifeline is not None:
            os.close(self._lifeline)   # the watchdog kills the (already dead) group and exits
            self._lifeline = None
        if self._watchdog is not None:
            try:
                self._watchdog.wait(timeout=2)
            except subprocess.TimeoutExpired:
                pass
            self._watchdog = None

    def _kill_marked(self) -> None:
        """Kill the processes the program started that left its process group (they carry
        its mark): a grandchild that called ``setsid``, a daemon.  Only a process that also
        rewrote its environment escapes this (Linux /proc; elsewhere the group kill alone)."""
        mark = getattr(self, "_mark", None)
        if not mark:
            return
        for _ in range(3):   # a process may be forking while it is looked for
            found = marked_processes(mark.encode())
            if not found:
                return
            for pid in found:
                try:
                    os.kill(pid, signal.SIGKILL)
                except OSError:
                    pass
            time.sleep(0.01)

    def close_input(self) -> None:
        """Close the program's standard input (it sees end of file)."""
        if self.proc is not None and self.proc.stdin and not self.proc.stdin.closed:
            try:
                self.proc.stdin.close()
            except OSError:
                pass

    # -- writing
    def send(self, data: bytes, deadline: float) -> None:
        """Write all of *data* before *deadline* (a time.monotonic() value).

        Raises TransportTimeout when the program does not take it in time (it is not reading),
        TransportClosed when its input is closed."""
        if self.proc is None or self.proc.stdin is None or self.proc.stdin.closed:
            raise TransportClosed("the program is not running")
        fd = self.proc.stdin.fileno()
        view = memoryview(data)
        key = None
        try:
            while view:
                try:
                    written = os.write(fd, view)
                except BlockingIOError:
                    written = 0
                except (BrokenPipeError, ConnectionResetError, OSError):
                    raise TransportClosed("the program's standard input is closed") from None
                view = view[written:]
                if not view:
                    break
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise TransportTimeout(f"{len(data) - len(view)} of {len(data)} bytes written")
                if key is None:
                    key = self._selector.register(fd, selectors.EVENT_WRITE)
                self._selector.select(remaining)
        finally:
            if key is not None and self._selector is not None:
                self._selector.unregister(fd)

    def send_fenced(self, data: bytes, deadline: float) -> bytes:
        """Send a request only if the program has written nothing unasked: returns the output
        already there (nothing sent then: that output came before the request), or b"" once
        *data* is sent.

        Checking for output and then writing leaves a window in which a program can write a
        line just before its request arrives and have it taken for the answer.  So the program
        is stopped (SIGSTOP to its process group; its own process confirmed stopped by waitpid)
        while its output is checked and the request is written, and continued after: whatever
        it writes afterwards was written after the request was in its input.  Where the
        program cannot be stopped or confirmed in time, the check and the write are done
        without the fence."""
        proc = self.proc
        if proc is None or proc.stdin is None or proc.stdin.closed:
            raise TransportClosed("the program is not running")
        stopped = self._stop(proc, min(deadline, time.monotonic() + 1.0))
        try:
            early = self.pending()
            if early:
                return early
            fd = proc.stdin.fileno()
            written = 0
            if stopped:   # as much as the pipe takes without waiting; the rest after continuing
                try:
                    written = os.write(fd, data)
                except BlockingIOError:
                    written = 0
                except OSError:
                    raise TransportClosed("the program's standard input is closed") from None
        finally:
            if stopped:
                try:
                    os.killpg(proc.pid, signal.SIGCONT)
                except OSError:
                    pass
        if written < len(data):
            self.send(data[written:], deadline)
        return b""

    def _stop(self, proc: subprocess.Popen, until: float) -> bool:
        """Stop the program's process group; True once its own process is seen stopped."""
        if proc.returncode is not None:
            return False
        try:
            os.killpg(proc.pid, signal.SIGSTOP)
        except OSError:
            return False
        while True:
            try:
                pid, status = os.waitpid(proc.pid, os.WUNTRACED | os.WNOHANG)
            except ChildProcessError:
                return False
            if pid and os.WIFSTOPPED(status):
                return True
            if pid:   # it exited meanwhile: keep its status for the harness
                proc.returncode = os.waitstatus_to_exitcode(status)
                return False
            if time.monotonic() >= until:
                os.killpg(proc.pid, signal.SIGCONT)
                return False
            time.sleep(0.00005)

    # -- reading
    def _read_available(self, timeout: float) -> bool:
        """Wait up to *timeout* for output and read what is there; False on timeout."""
        fd = self.proc.stdout.fileno()
        self._selector.register(fd, selectors.EVENT_READ)
        try:
            ready = self._selector.select(max(timeout, 0))
        finally:
            self._selector.unregister(fd)
        if not ready:
            return False
        while True:
            try:
                chunk = os.read(fd, CHUNK)
            except BlockingIOError:
                return True
            except OSError:
                chunk = b""
            if not chunk:
                self._eof = True
                return True
            self._buffer += chunk
            if len(self._buffer) > self.max_line or len(chunk) < CHUNK:
                return True

    def pending(self) -> bytes:
        """Output that has arrived and not been read as a line (reads without waiting)."""
        if self.proc is not None and not self._eof:
            self._read_available(0)
        return bytes(self._buffer[:KEEP_BYTES])

    def receive(self, deadline: float) -> bytes:
        """The next line (without its newline), read before *deadline*.

        Raises TransportTimeout, TransportClosed (end of output; ``partial`` holds an
        unterminated last line) or LineTooLong."""
        if self.proc is None:
            raise TransportClosed("the program is not running")
        while True:
            newline = self._buffer.find(b"\n", self._scanned)
            if newline >= 0:
                if newline > self.max_line:
                    raise LineTooLong(self.max_line, bytes(self._buffer[:KEEP_BYTES]), newline)
                line = bytes(self._buffer[:newline])
                del self._buffer[:newline + 1]
                self._scanned = 0
                return line[:-1] if line.endswith(b"\r") else line
            self._scanned = len(self._buffer)
            if len(self._buffer) > self.max_line:
                raise LineTooLong(self.max_line, bytes(self._buffer[:KEEP_BYTES]), len(self._buffer))
            if self._eof:
                partial, self._buffer = bytes(self._buffer), bytearray()
                raise TransportClosed("the program closed its output", partial)
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise TransportTimeout("no complete line")
            self._read_available(remaining)
