"""A ``python:MODULE:FUNCTION`` implementation in a process of its own, speaking the harness
protocol (corpus/schema/protocol/), so that whatever the function does — ``os._exit``, a
segmentation fault in a C extension, an endless loop — ends only that process:

    python -m gb16.tools.harness.python_host MODULE:FUNCTION

The harness reaches it as any protocol program (:class:`~gb16.tools.harness.implementations.
SubprocessImplementation`): a process that dies is a ``crash`` of the case it was scoring and is
restarted, one that hangs is killed at the deadline, and the run goes on.  The differential
run (:mod:`gb16.tools.differential.engine`) hosts every ``python:`` implementation this way.

The function is called with the input dict; its result dict is the ``result`` of the answer.
An exception is answered ``errored`` with the traceback; a result that is not JSON is answered
as it is (``repr``), so that the harness records it as an invalid result with the offending text.
Whatever the function prints goes to standard error (kept in the run log's tail), never into
the answers.
"""

from __future__ import annotations

import json
import os
import sys
import traceback

from gb16.reference import jsonlines

_ANSWERS = None   # the protocol's output: the original standard output


def _answer(line: str) -> None:
    _ANSWERS.write(line + "\n")
    _ANSWERS.flush()


def _write(message: dict) -> None:
    _answer(jsonlines.dumps_line(message))


def _keep_standard_output_for_answers() -> None:
    """Answers go to the original standard output; anything the function prints — from Python
    or from C — goes to standard error, so it cannot break the protocol."""
    global _ANSWERS
    sys.stdout.flush()
    _ANSWERS = os.fdopen(os.dup(1), "w", encoding="utf-8")
    os.dup2(2, 1)
    sys.stdout = sys.stderr


def serve(target: str) -> int:
    _keep_standard_output_for_answers()
    # imported once standard output is kept for the answers: what an import prints goes to standard error
    from gb16.tools.harness.implementations import resolve_implementation
    from gb16.tools.harness.protocol import HarnessError
    try:
        implementation = resolve_implementation("python:" + target)
    except HarnessError as exc:   # ImplementationError too: the harness shows this standard error
        print(f"gb16 python host: {exc}", file=sys.stderr)
        return 2
    function, metadata = implementation.function, implementation.metadata
    for raw in sys.stdin:
        try:
            request = json.loads(raw)
        except ValueError:
            print("gb16 python host: a request that is not JSON", file=sys.stderr)
            return 2
        command = request.get("cmd") if isinstance(request, dict) else None
        if command == "start":
            _write(metadata)
        elif command == "score":
            seq = request.get("seq")
            try:
                value = function(request.get("input"))
            except Exception:   # the function's own failure; SystemExit ends the process (a crash)
                _write({"seq": seq, "errored": True, "context": traceback.format_exc(limit=12)})
                continue
            try:   # a lone surrogate is written as its \\u escape: the harness refuses it, as from any program
                line = json.dumps({"seq": seq, "result": value}, ensure_ascii=False, allow_nan=False)
                line.encode("utf-8")
            except UnicodeEncodeError:
                line = json.dumps({"seq": seq, "result": value}, allow_nan=False)
            except (TypeError, ValueError) as exc:
                line = json.dumps({"seq": seq, "result": f"not JSON-serialisable ({exc}): {value!r}"[:4000]},
                                  ensure_ascii=False)
            _answer(line)
        elif command == "stop":
            return 0
        else:
            print(f"gb16 python host: unknown request {command!r}", file=sys.stderr)
            return 2
    return 0


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if len(argv) != 1:
        print("usage: python -m gb16.tools.harness.python_host MODULE:FUNCTION", file=sys.stderr)
        return 2
    return serve(argv[0])


if __name__ == "__main__":
    sys.exit(main())
