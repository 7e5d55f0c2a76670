#!/usr/bin/env python3
"""A gb16 harness-protocol implementation in plain Python (standard library only).

    python3 tools/examples/python_impl.py [--scorer MODULE:FUNCTION] [--name NAME]

Certify it with:

    gb16 certify --impl "python3 tools/examples/python_impl.py"

The loop below is all an implementation needs: read one JSON request per line from
standard input, write one JSON response per line to standard output (and nothing else
there — diagnostics go to standard error).  It wraps a scoring function that takes a case
input dict and returns a result dict (docs/contract.md); by default gb16.reference.score,
so replace ``--scorer`` with your own function to certify it.  A function that raises is
reported as ``errored`` (the harness records an error with the traceback) and the loop
goes on.
"""

import argparse
import importlib
import importlib.util
import json
import sys
import traceback


def load(spec):
    """MODULE:FUNCTION, or PATH.py:FUNCTION for a file that is not on the import path."""
    module_name, _, function_name = spec.rpartition(":")
    if module_name.endswith(".py"):
        file_spec = importlib.util.spec_from_file_location("scorer_module", module_name)
        module = importlib.util.module_from_spec(file_spec)
        file_spec.loader.exec_module(module)
        return getattr(module, function_name)
    return getattr(importlib.import_module(module_name), function_name)


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scorer", default="gb16.reference:score", help="MODULE:FUNCTION or PATH.py:FUNCTION (default %(default)s)")
    parser.add_argument("--name", default="python-example")
    args = parser.parse_args()
    score = load(args.scorer)

    def reply(message):
        sys.stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        if not line.strip():
            continue
        request = json.loads(line)
        if request["cmd"] == "start":
            reply({"name": args.name, "version": "1.0", "language": "python",
                   "variants": ["gb16", "gb13"], "rulings": {}, "comment": f"wraps {args.scorer}"})
        elif request["cmd"] == "score":
            try:
                reply({"seq": request["seq"], "result": score(request["input"])})
            except Exception:
                reply({"seq": request["seq"], "errored": True, "context": traceback.format_exc()})
        elif request["cmd"] == "stop":
            break
    return 0


if __name__ == "__main__":
    sys.exit(main())
