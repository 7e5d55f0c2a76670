"""The implementations under test and how they are reached.

An implementation is reached in one of three ways (``gb16 certify --impl SPEC``):

* ``"COMMAND ARGS"`` — any program, in any language, speaking the harness protocol
  (corpus/schema/protocol/): JSON Lines over its standard input and output, one request
  and one response per line.  ``{"cmd": "start", "version": 1}`` is answered with the
  implementation's metadata; ``{"cmd": "score", "seq": N, "input": {...}}`` with
  ``{"seq": N, "result": {...}}``, ``{"seq": N, "skipped": true, "message": ...}`` or
  ``{"seq": N, "errored": true, "context": ...}``; ``{"cmd": "stop"}`` ends the run.
* ``python:MODULE:FUNCTION`` — a Python function called in-process with the input dict,
  returning a result dict (MODULE may also be a path to a ``.py`` file).
* ``reference`` — gb16.reference.score itself.

The harness never sends a case's id or its expected values.  Each case has a time limit;
a program that exits or closes its output is restarted and the case recorded as ``crash``;
a line that is not JSON or not a valid response is recorded as ``error`` together with
the offending line, and the program is restarted so that the next case starts clean.
"""

from __future__ import annotations

import collections
import copy
import importlib
import importlib.util
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import traceback
from pathlib import Path
from typing import Any, Callable

from gb16.tools.harness import runlog
from gb16.tools.harness.corpus import VARIANTS
from gb16.tools.harness.protocol import (PROTOCOL_VERSION, HarnessError, ImplementationError, Outcome, _clip,
                                         check_metadata, check_result, parse_response)

class Implementation:
    """An implementation under test. ``start()`` returns its metadata; ``score()`` one outcome."""

    spec: str = ""
    restarts: int = 0
    warnings: list[str]

    def start(self) -> dict:
        raise NotImplementedError

    def score(self, seq: int, case_input: Any, timeout: float) -> Outcome:
        raise NotImplementedError

    def stop(self, grace: float = 5.0) -> None:
        pass


class SubprocessImplementation(Implementation):
    """A program speaking the harness protocol over its standard input and output."""

    def __init__(self, command: str | list[str], startup_timeout: float = 30.0,
                 cwd: str | None = None, env: dict | None = None):
        self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        if not self.argv:
            raise HarnessError("--impl: empty command")
        self.spec = command if isinstance(command, str) else shlex.join(command)
        self.startup_timeout = startup_timeout
        self.cwd, self.env = cwd, env
        self.proc: subprocess.Popen | None = None
        self.metadata: dict | None = None
        self.restarts = 0
        self.warnings = []
        self._lines: queue.Queue = queue.Queue()
        self._stderr: collections.deque = collections.deque(maxlen=40)

    # -- process management
    def _spawn(self) -> None:
        try:
            self.proc = subprocess.Popen(self.argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.PIPE, start_new_session=True,
                                         cwd=self.cwd, env=self.env, bufsize=0)
        except OSError as exc:
            raise ImplementationError(f"cannot run {self.argv[0]!r}: {exc.strerror or exc}") from None
        self._lines = queue.Queue()
        self._stderr.clear()
        threading.Thread(target=self._pump_stdout, args=(self.proc, self._lines), daemon=True).start()
        threading.Thread(target=self._pump_stderr, args=(self.proc, self._stderr), daemon=True).start()

    @staticmethod
    def _pump_stdout(proc: subprocess.Popen, lines: queue.Queue) -> None:
        for raw in iter(proc.stdout.readline, b""):
            lines.put(raw)
        lines.put(None)  # end of output

    @staticmethod
    def _pump_stderr(proc: subprocess.Popen, tail: collections.deque) -> None:
        for raw in iter(proc.stderr.readline, b""):
            tail.append(raw.decode("utf-8", "replace").rstrip("\n"))

    def _kill(self) -> None:
        """Kill the program and everything it started (its own process group)."""
        proc, self.proc = self.proc, None
        if proc is None:
            return
        if proc.poll() is None:
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except (ProcessLookupError, PermissionError):
                pass
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()
        for stream in (proc.stdin, proc.stdout, proc.stderr):
            try:
                stream.close()
            except OSError:
                pass

    def _send(self, message: dict) -> bool:
        try:
            self.proc.stdin.write((json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8"))
            self.proc.stdin.flush()
            return True
        except (BrokenPipeError, OSError, ValueError):
            return False

    def _receive(self, timeout: float) -> tuple[str, str | None]:
        """("line", text) | ("eof", None) | ("timeout", None)."""
        try:
            raw = self._lines.get(timeout=timeout)
        except queue.Empty:
            return "timeout", None
        if raw is None:
            return "eof", None
        return "line", raw.decode("utf-8", "replace").rstrip("\r\n")

    def _exit_context(self) -> dict:
        status = None
        if self.proc is not None:
            try:
                status = self.proc.wait(timeout=2)
            except subprocess.TimeoutExpired:
                status = None
        time.sleep(0.05)  # let the stderr pump catch up
        return {"exit_status": status, "stderr_tail": list(self._stderr)[-15:]}

    # -- protocol
    def start(self) -> dict:
        self._spawn()
        self.metadata = self._handshake()
        return self.metadata

    def _handshake(self) -> dict:
        if not self._send({"cmd": "start", "version": PROTOCOL_VERSION}):
            context = self._exit_context()
            self._kill()
            raise ImplementationError(f"{self.spec}: exited before the handshake "
                                      f"(status {context['exit_status']}){_stderr_note(context)}")
        kind, line = self._receive(self.startup_timeout)
        if kind != "line":
            context = self._exit_context() if kind == "eof" else {"stderr_tail": list(self._stderr)}
            self._kill()
            what = (f"exited during the handshake (status {context.get('exit_status')})" if kind == "eof"
                    else f"did not answer the start request within {self.startup_timeout:g} s")
            raise ImplementationError(f"{self.spec}: {what}{_stderr_note(context)}")
        try:
            metadata = json.loads(line)
        except json.JSONDecodeError:
            self._kill()
            raise ImplementationError(f"{self.spec}: answered the start request with a line that is "
                                      f"not JSON: {_clip(line)!r}") from None
        problem = check_metadata(metadata)
        if problem:
            self._kill()
            raise ImplementationError(f"{self.spec}: invalid metadata in answer to start — {problem}; "
                                      f"the line was {_clip(line)!r}")
        return metadata

    def _restart(self) -> None:
        self._kill()
        self.restarts += 1
        first = self.metadata
        self._spawn()
        metadata = self._handshake()
        if first is not None and metadata != first:
            self.warnings.append(f"the implementation's metadata changed after restart {self.restarts}")

    def score(self, seq: int, case_input: Any, timeout: float) -> Outcome:
        if self.proc is None:
            self._restart()  # after a crash, timeout or garbage (ImplementationError ends the run)
        began = time.monotonic()
        if not self._send({"cmd": "score", "seq": seq, "input": case_input}):
            context = self._exit_context()
            self._kill()
            return Outcome("crash", message=f"exited before the request was sent "
                                            f"(status {context['exit_status']})",
                           context=context, time=time.monotonic() - began)
        kind, line = self._receive(timeout)
        elapsed = time.monotonic() - began
        if kind == "timeout":
            self._kill()
            return Outcome("timeout", message=f"no response within {timeout:g} s", time=elapsed)
        if kind == "eof":
            context = self._exit_context()
            self._kill()
            return Outcome("crash", message=f"exited (status {context['exit_status']}) without responding",
                           context=context, time=elapsed)
        outcome = parse_response(line, seq)
        outcome.time = elapsed
        if outcome.kind == "invalid":
            self._kill()  # the stream may be out of step; the next case starts a fresh process
        return outcome

    def stop(self, grace: float = 5.0) -> None:
        """Send ``stop`` and give the program *grace* seconds to exit, then kill it."""
        if self.proc is None:
            return
        if grace > 0 and self._send({"cmd": "stop"}):
            try:
                self.proc.stdin.close()
                self.proc.wait(timeout=grace)
            except (OSError, subprocess.TimeoutExpired):
                pass
        self._kill()


def _stderr_note(context: dict) -> str:
    tail = [line for line in context.get("stderr_tail", []) if line.strip()]
    return ("; its standard error ended with:\n    " + "\n    ".join(tail[-8:])) if tail else ""


class PythonImplementation(Implementation):
    """A Python function called in-process: ``function(input: dict) -> result dict``.

    Each call runs in a worker thread so the time limit holds; a call that overruns is
    recorded as ``timeout`` and its thread is abandoned (Python cannot stop a thread).
    An exception is recorded as ``error`` with the traceback, ``SystemExit`` as ``crash``.
    """

    def __init__(self, function: Callable[[dict], dict], metadata: dict, spec: str):
        self.function, self.metadata, self.spec = function, metadata, spec
        self.restarts = 0
        self.warnings = []

    def start(self) -> dict:
        problem = check_metadata(self.metadata)
        if problem:
            raise ImplementationError(f"{self.spec}: invalid metadata — {problem}")
        return self.metadata

    def score(self, seq: int, case_input: Any, timeout: float) -> Outcome:
        box: dict[str, Any] = {}
        argument = copy.deepcopy(case_input)

        def call() -> None:
            try:
                box["value"] = self.function(argument)
            except SystemExit as exc:
                box["exit"] = exc
            except Exception:  # the implementation's own failure, recorded as an error
                box["traceback"] = traceback.format_exc(limit=12)

        began = time.monotonic()
        worker = threading.Thread(target=call, daemon=True, name=f"gb16-case-{seq}")
        worker.start()
        worker.join(timeout)
        elapsed = time.monotonic() - began
        if worker.is_alive():
            return Outcome("timeout", message=f"no result within {timeout:g} s", time=elapsed)
        if "exit" in box:
            return Outcome("crash", message=f"raised SystemExit({box['exit'].code!r})", time=elapsed)
        if "traceback" in box:
            return Outcome("errored", message="the function raised an exception",
                           context=box["traceback"], time=elapsed)
        value = box.get("value")
        try:
            result = json.loads(json.dumps(value, ensure_ascii=False))
        except (TypeError, ValueError) as exc:
            return Outcome("invalid", message=f"the result is not JSON-serialisable: {exc}",
                           offending_line=_clip(repr(value)), time=elapsed)
        problem = check_result(result)
        if problem:
            return Outcome("invalid", message=f"invalid result: {problem}",
                           offending_line=_clip(json.dumps(result, ensure_ascii=False)), time=elapsed)
        return Outcome("result", result=result, time=elapsed)


def reference_metadata() -> dict:
    """The reference scorer's metadata: it follows option A of every ruling."""
    return {"name": "gb16.reference", "version": runlog.gb16_version(), "language": "python",
            "variants": list(VARIANTS), "rulings": {}, "comment": "follows option A of every ruling"}


def import_module(name: str):
    """A module by dotted name or by ``.py`` path (the MODULE of ``python:MODULE:FUNCTION``)."""
    if name.endswith(".py") or os.sep in name:
        path = Path(name)
        if not path.is_file():
            raise HarnessError(f"--impl python:{name}:…: no such file")
        spec = importlib.util.spec_from_file_location(path.stem, path)
        module = importlib.util.module_from_spec(spec)
        try:
            spec.loader.exec_module(module)
        except Exception as exc:
            raise ImplementationError(f"cannot load {path}: {type(exc).__name__}: {exc}") from None
        return module
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        raise ImplementationError(f"cannot import module {name!r}: {exc}") from None
    except Exception as exc:
        raise ImplementationError(f"importing {name!r} failed: {type(exc).__name__}: {exc}") from None


def resolve_implementation(spec: str, startup_timeout: float = 30.0) -> Implementation:
    """An :class:`Implementation` for an ``--impl`` spec (see the module docstring)."""
    spec = spec.strip()
    if spec == "reference":
        try:
            from gb16.reference import score as reference_score
        except ImportError as exc:
            raise ImplementationError(f"the reference scorer is not available: {exc}") from None
        return PythonImplementation(reference_score, reference_metadata(), "reference")
    if spec == "pymahjonggb":  # shorthand for the shipped adapter (gb13 only)
        spec = "python:gb16.tools.adapters.pymahjonggb:score"
    if spec.startswith("python:"):
        module_name, _, function_name = spec[len("python:"):].rpartition(":")
        if not module_name or not function_name:
            raise HarnessError(f"--impl {spec!r}: expected python:MODULE:FUNCTION")
        module = import_module(module_name)
        function = getattr(module, function_name, None)
        if not callable(function):
            raise ImplementationError(f"{module_name} has no function {function_name!r}")
        metadata = getattr(function, "gb16_metadata", None) or getattr(module, "GB16_METADATA", None) or {
            "name": f"{module_name}:{function_name}",
            "version": str(getattr(module, "__version__", "unknown")),
            "language": "python", "variants": list(VARIANTS), "rulings": {}}
        return PythonImplementation(function, dict(metadata), spec)
    return SubprocessImplementation(spec, startup_timeout=startup_timeout)
