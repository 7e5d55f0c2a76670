"""The implementations under test and how they are reached.

An implementation is reached in one of three ways (``gb16 certify --impl SPEC``):

* ``"COMMAND ARGS"`` — any program, in any language, speaking the harness protocol
  (corpus/schema/protocol/): JSON Lines over its standard input and output, one request
  and one response per line.  ``{"cmd": "start", "version": 1}`` is answered with the
  implementation's metadata; ``{"cmd": "score", "seq": N, "input": {...}}`` with
  ``{"seq": N, "result": {...}}``, ``{"seq": N, "skipped": true, "message": ...}`` or
  ``{"seq": N, "errored": true, "context": ...}``; ``{"cmd": "stop"}`` ends the run.
* ``python:MODULE:FUNCTION`` — a Python function called with the input dict, returning a
  result dict (MODULE may also be a path to a ``.py`` file).  ``gb16 certify`` and the
  differential run host it in a process of its own (:func:`resolve_isolated`,
  :mod:`gb16.tools.harness.python_host`); :func:`resolve_implementation` calls it in-process
  (``gb16 certify --in-process``).
* ``reference`` — gb16.reference.score itself.

The harness never sends a case's id or its expected values.  Each case has a time limit;
a program that exits or closes its output is restarted and the case recorded as ``crash``;
a line that is not JSON or not a valid response is recorded as ``error`` together with
the offending line, and the program is restarted so that the next case starts clean.
Output out of step with the requests (a second answer, an answer to a request not yet
sent) is a protocol violation, recorded apart from the cases (SubprocessImplementation).
"""

from __future__ import annotations

import copy
import importlib
import importlib.util
import inspect
import json
import os
import shlex
import sys
import threading
import time
import traceback
from pathlib import Path
from typing import Any, Callable

from gb16.reference import explain as reference_explain, score as reference_score
from gb16.tools.harness import provenance
from gb16.tools.harness.compare import chosen_not_counted
from gb16.tools.harness.corpus import VARIANTS
from gb16.tools.harness.protocol import (PROTOCOL_VERSION, HarnessError, ImplementationError, Outcome, _clip,
                                         check_metadata, check_result, defined_fields, parse_response,
                                         strict_json)
from gb16.tools.harness.transport import (MAX_LINE_BYTES, LineTooLong, Transport, TransportClosed,
                                          TransportError, TransportTimeout)

class Implementation:
    """An implementation under test. ``start()`` returns its metadata; ``score()`` one outcome."""

    spec: str = ""
    restarts: int = 0
    warnings: list[str]
    violations: list[dict]

    def take_violations(self) -> list[dict]:
        """Protocol violations recorded since the last call (see SubprocessImplementation)."""
        return []

    def start(self) -> dict:
        raise NotImplementedError

    def score(self, seq: int, case_input: Any, timeout: float) -> Outcome:
        raise NotImplementedError

    def not_counted(self, seq: int, case_input: Any, timeout: float) -> Outcome | None:
        """The 不计 trace of the chosen reading (an outcome whose result is ``{"not_counted": [...]}``),
        or None when the implementation reports none: only an in-process scorer with the reading
        API ``explain(input, not_counted=True)`` does (:class:`PythonImplementation`); the harness
        protocol carries no trace (corpus/README.md, "The 不计 trace")."""
        return None

    def stop(self, grace: float = 5.0) -> None:
        pass


class SubprocessImplementation(Implementation):
    """A program speaking the harness protocol over its standard input and output.

    The bytes travel over :class:`~gb16.tools.harness.transport.Transport` (deadlines on every
    write and read, bounded lines, a drained standard error, process-group kill).  The protocol
    is held strictly: an answer must carry the integer ``seq`` of the request just sent, and
    anything else on standard output — a second answer, an answer to a request not yet sent,
    output between requests — is a *protocol violation*: it is recorded in ``violations``
    (the run log shows it), the program is restarted, and it is never taken as a case's
    answer.  A case whose answer was preceded by such output is sent once more to the
    restarted program.
    """

    def __init__(self, command: str | list[str], startup_timeout: float = 30.0,
                 cwd: str | None = None, env: dict | None = None, max_line: int = MAX_LINE_BYTES,
                 fenced: bool = True):
        try:
            self.argv = shlex.split(command) if isinstance(command, str) else list(command)
        except ValueError as exc:   # "No closing quotation", "No escaped character"
            raise HarnessError(f"--impl {command!r} cannot be read as a command: {str(exc).lower()} "
                               f"(it is split as a POSIX shell would split it)") from None
        if not self.argv:
            raise HarnessError("--impl: empty command")
        self.spec = command if isinstance(command, str) else shlex.join(command)
        self.startup_timeout = startup_timeout
        self.cwd, self.env, self.max_line = cwd, env, max_line
        self.transport: Transport | None = None
        #: Stop the program while looking for unsolicited output and writing each request
        #: (Transport.send_fenced); off only for the harness's own python host, which writes
        #: nothing unasked.
        self.fenced = fenced
        self.metadata: dict | None = None
        self.restarts = 0
        self.warnings = []
        self.violations = []

    # -- process management
    @property
    def proc(self):
        return self.transport.proc if self.transport else None

    def _spawn(self) -> None:
        transport = Transport(self.argv, cwd=self.cwd, env=self.env, max_line=self.max_line)
        try:
            transport.spawn()
        except OSError as exc:
            raise ImplementationError(f"cannot run {self.argv[0]!r}: {exc.strerror or exc}") from None
        self.transport = transport

    def _kill(self) -> None:
        """Kill the program and everything it started (its own process group)."""
        transport, self.transport = self.transport, None
        if transport is not None:
            transport.kill()

    def _exit_context(self, wait: float = 2.0) -> dict:
        """The exit status (waiting up to *wait* s for a program that is exiting; 0 for one that
        hangs) and the tail of its standard error."""
        if self.transport is None:
            return {"exit_status": None, "stderr_tail": []}
        status = self.transport.exit_status(wait=wait)
        return {"exit_status": status, "stderr_tail": self.transport.stderr_lines()}

    def _encode(self, message: dict) -> bytes:
        return (json.dumps(message, ensure_ascii=False) + "\n").encode("utf-8")

    def _violation(self, seq: int, message: str, data: bytes | str | None) -> None:
        text = data.decode("utf-8", "replace") if isinstance(data, bytes) else data
        self.violations.append({"seq": seq, "message": message,
                                "offending_line": _clip(text.rstrip("\r\n")) if text else None})

    def take_violations(self) -> list[dict]:
        """The violations recorded since the last call (and forget them)."""
        taken, self.violations = self.violations, []
        return taken

    # -- protocol
    def start(self) -> dict:
        self._spawn()
        self.metadata = self._handshake()
        return self.metadata

    def _handshake(self) -> dict:
        deadline = time.monotonic() + self.startup_timeout
        try:
            self.transport.send(self._encode({"cmd": "start", "version": PROTOCOL_VERSION}), deadline)
            raw = self.transport.receive(deadline)
        except TransportClosed:
            context = self._exit_context()
            self._kill()
            raise ImplementationError(f"{self.spec}: {_ended(context)} during the handshake"
                                      f"{_stderr_note(context)}") from None
        except TransportTimeout:
            context = self._exit_context(wait=0)
            self._kill()
            raise ImplementationError(f"{self.spec}: did not answer the start request within "
                                      f"{self.startup_timeout:g} s{_stderr_note(context)}") from None
        except LineTooLong as exc:
            self._kill()
            raise ImplementationError(f"{self.spec}: answered the start request with a line longer than "
                                      f"{exc.limit} bytes") from None
        line = raw.decode("utf-8", "replace")
        try:
            metadata = strict_json(raw)
        except ValueError as exc:
            self._kill()
            raise ImplementationError(f"{self.spec}: answered the start request with a line that is "
                                      f"not JSON ({exc}): {_clip(line)!r}") from None
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
        began = time.monotonic()
        outcome = self._exchange(seq, case_input, began + timeout, timeout)
        if outcome is _RETRY:   # output out of step: once more, to a fresh program
            outcome = self._exchange(seq, case_input, time.monotonic() + timeout, timeout)
            if outcome is _RETRY:
                outcome = Outcome("invalid", message="protocol violation twice in a row: "
                                  + self.violations[-1]["message"],
                                  offending_line=self.violations[-1]["offending_line"])
        outcome.time = time.monotonic() - began
        return outcome

    def _exchange(self, seq: int, case_input: Any, deadline: float, timeout: float):
        if self.transport is None or not self.transport.alive():
            if self.transport is not None:
                self._kill()
            self._restart()  # after a crash, timeout, garbage or violation (ImplementationError ends the run)
        request = self._encode({"cmd": "score", "seq": seq, "input": case_input})
        try:
            if self.fenced:
                early = self.transport.send_fenced(request, deadline)   # nothing can slip in between
            else:
                early = self.transport.pending()
                if not early:
                    self.transport.send(request, deadline)
            if early:
                self._violation(seq, f"output before request {seq} was sent", early)
                self._restart()
                self.transport.send(request, deadline)
        except TransportTimeout as exc:
            context = self._exit_context(wait=0)
            self._kill()
            return Outcome("timeout", message=f"the request could not be written within {timeout:g} s "
                                              f"(the implementation is not reading its input; {exc})",
                           context=context)
        except TransportClosed:
            context = self._exit_context()
            self._kill()
            return Outcome("crash", message=f"{_ended(context)} before the request was sent", context=context)
        try:
            raw = self.transport.receive(deadline)
        except TransportTimeout:
            exited = self.transport.exit_status(wait=0)
            context = self._exit_context(wait=0) if exited is not None or (
                self.transport.stderr and self.transport.stderr.total) else None
            self._kill()
            if exited is not None:   # its own process ended; one it started held its output open
                return Outcome("crash", message=f"exited (status {exited}) without responding; a process it "
                                                f"started kept its output open until the {timeout:g} s deadline",
                               context=context)
            return Outcome("timeout", message=f"no response within {timeout:g} s", context=context)
        except TransportClosed as exc:
            context = self._exit_context()
            self._kill()
            message = f"{_ended(context)} without responding"
            if exc.partial:
                return Outcome("crash", message=message + " (its last output had no newline)", context=context,
                               offending_line=_clip(exc.partial.decode("utf-8", "replace")))
            return Outcome("crash", message=message, context=context)
        except LineTooLong as exc:
            self._kill()
            return Outcome("invalid", message=f"the response line is longer than {exc.limit} bytes "
                                              f"(at least {exc.seen} bytes; its first bytes are kept)",
                           offending_line=exc.head.decode("utf-8", "replace"))
        outcome = parse_response(raw, seq)
        if outcome.kind == "unsolicited":
            self._violation(seq, outcome.message, outcome.offending_line)
            self._kill()
            return _RETRY
        if outcome.kind == "invalid":
            self._kill()  # the stream may be out of step; the next case starts a fresh process
            return outcome
        extra = self.transport.pending()
        if extra:
            self._violation(seq, f"more output after the answer to request {seq}", extra)
            self._kill()
        return outcome

    def stop(self, grace: float = 5.0) -> None:
        """Send ``stop`` and give the program *grace* seconds to exit, then kill its group."""
        if self.transport is None:
            return
        if grace > 0 and self.transport.alive():
            try:
                self.transport.send(self._encode({"cmd": "stop"}), time.monotonic() + min(grace, 2.0))
                self.transport.close_input()
                self.transport.exit_status(wait=grace)
            except TransportError:
                pass
        self._kill()


#: What ``_exchange`` returns when the answer came out of step (the case is sent again).
_RETRY = Outcome("retry")


def _ended(context: dict) -> str:
    """How a program's output ended: ``exited (status N)``, or, when it is still running after
    the wait, ``closed its output (still running)``."""
    status = context.get("exit_status")
    return "closed its output (still running)" if status is None else f"exited (status {status})"


def _stderr_note(context: dict) -> str:
    tail = [line for line in context.get("stderr_tail", []) if line.strip()]
    return ("; its standard error ended with:\n    " + "\n    ".join(tail[-8:])) if tail else ""


class PythonImplementation(Implementation):
    """A Python function called in-process: ``function(input: dict) -> result dict``.

    Each call runs in a worker thread so the time limit holds; a call that overruns is
    recorded as ``timeout`` and its thread is abandoned (Python cannot stop a thread).
    An exception is recorded as ``error`` with the traceback, ``SystemExit`` as ``crash``.
    """

    def __init__(self, function: Callable[[dict], dict], metadata: dict, spec: str,
                 explain: Callable[..., Any] | None = None):
        self.function, self.metadata, self.spec = function, metadata, spec
        #: the reading API that gives the 不计 trace: ``explain`` given, else the function's own
        #: ``explain`` attribute when it takes ``not_counted`` (as the reference's and the mutants' do)
        self.explain = explain if explain is not None else _trace_api(getattr(function, "explain", None))
        self.restarts = 0
        self.warnings = []

    def start(self) -> dict:
        problem = check_metadata(self.metadata)
        if problem:
            raise ImplementationError(f"{self.spec}: invalid metadata — {problem}")
        return self.metadata

    def _call(self, function: Callable[..., Any], seq: int, case_input: Any,
              timeout: float) -> tuple[Any, Outcome | None, float]:
        """``function(case_input)`` in a worker thread under the time limit: ``(value, None, seconds)``,
        or ``(None, the failure's outcome, seconds)``."""
        box: dict[str, Any] = {}
        argument = copy.deepcopy(case_input)

        def call() -> None:
            try:
                box["value"] = function(argument)
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
            return None, Outcome("timeout", message=f"no result within {timeout:g} s", time=elapsed), elapsed
        if "exit" in box:
            return None, Outcome("crash", message=f"raised SystemExit({box['exit'].code!r})", time=elapsed), elapsed
        if "traceback" in box:
            return None, Outcome("errored", message="the function raised an exception",
                                 context=box["traceback"], time=elapsed), elapsed
        return box.get("value"), None, elapsed

    def not_counted(self, seq: int, case_input: Any, timeout: float) -> Outcome | None:
        if self.explain is None:
            return None
        explain = self.explain
        value, failed, elapsed = self._call(lambda argument: explain(argument, not_counted=True), seq, case_input,
                                            timeout)
        if failed is not None:
            return failed
        trace = chosen_not_counted(value)
        if trace is None:
            return Outcome("invalid", message="explain(input, not_counted=True) gave no 不计 list for a chosen "
                                              "reading", offending_line=_clip(repr(value)), time=elapsed)
        return Outcome("result", result={"not_counted": trace}, time=elapsed)

    def score(self, seq: int, case_input: Any, timeout: float) -> Outcome:
        value, failed, elapsed = self._call(self.function, seq, case_input, timeout)
        if failed is not None:
            return failed
        try:
            text = json.dumps(value, ensure_ascii=False)
            size = len(text.encode("utf-8", "surrogatepass"))
            if size > MAX_LINE_BYTES:   # as for an answer line (docs/contract.md "Input limits")
                return Outcome("invalid", message=f"the result is {size} bytes of JSON, more than an answer may "
                                                  f"hold ({MAX_LINE_BYTES} bytes; its first characters are kept)",
                               offending_line=_clip(text), time=elapsed)
            result = json.loads(text)
        except (TypeError, ValueError) as exc:
            return Outcome("invalid", message=f"the result is not JSON-serialisable: {exc}",
                           offending_line=_clip(repr(value)), time=elapsed)
        result, dropped = defined_fields(result)   # fields the protocol does not define: not checked, not kept
        problem = check_result(result)
        if problem:
            return Outcome("invalid", message=f"invalid result: {problem}",
                           offending_line=_clip(json.dumps(result, ensure_ascii=False)), time=elapsed)
        return Outcome("result", result=result, time=elapsed, dropped=dropped)


def reference_metadata() -> dict:
    """The reference scorer's metadata: it follows the project's reading of every open ruling."""
    return {"name": "gb16.reference", "version": provenance.gb16_version(), "language": "python",
            "variants": list(VARIANTS), "rulings": {},
            "comment": "follows the project's reading of every open ruling (docs/rulings.md)"}


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


def _trace_api(explain: Any) -> Callable[..., Any] | None:
    """``explain`` when it is a reading API that can give the 不计 trace (it takes ``not_counted``)."""
    if not callable(explain):
        return None
    try:
        params = inspect.signature(explain).parameters
    except (TypeError, ValueError):
        return None
    return explain if "not_counted" in params or any(p.kind is p.VAR_KEYWORD for p in params.values()) else None


def resolve_implementation(spec: str, startup_timeout: float = 30.0) -> Implementation:
    """An :class:`Implementation` for an ``--impl`` spec (see the module docstring)."""
    spec = spec.strip()
    if spec == "reference":
        return PythonImplementation(reference_score, reference_metadata(), "reference", explain=reference_explain)
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


def resolve_isolated(spec: str, startup_timeout: float = 30.0) -> Implementation:
    """Like :func:`resolve_implementation`, but a ``python:`` function (and ``pymahjonggb``'s
    C++ library) runs in a process of its own (:mod:`gb16.tools.harness.python_host`), so that
    ``os._exit``, a segmentation fault or an endless loop in it is that case's ``crash`` or
    ``timeout``, the process restarted and the run continued — never the end of the run.
    ``reference`` (the reference itself) stays in-process."""
    spec = spec.strip()
    target = "python:gb16.tools.adapters.pymahjonggb:score" if spec == "pymahjonggb" else spec
    if not target.startswith("python:"):
        return resolve_implementation(spec, startup_timeout=startup_timeout)
    module_name, _, function_name = target[len("python:"):].rpartition(":")
    if not module_name or not function_name:
        raise HarnessError(f"--impl {spec!r}: expected python:MODULE:FUNCTION")
    if (module_name.endswith(".py") or os.sep in module_name) and not Path(module_name).is_file():
        raise HarnessError(f"--impl python:{module_name}:…: no such file")
    hosted = SubprocessImplementation([sys.executable, "-m", "gb16.tools.harness.python_host",
                                       target[len("python:"):]], startup_timeout=startup_timeout,
                                      fenced=False)   # the host answers only what it is asked
    hosted.spec = spec
    return hosted
