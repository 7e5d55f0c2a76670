"""``gb16 compare``: one hand through the reference and one or more implementations, side by side.

    gb16 compare "111222333444z 123m 55z，点和5z" --impl "node tools/examples/node_harness.js"
    gb16 compare "147m 258p 369s 111z 555z 66z，自摸6z" --impl reference --impl python:mypkg.scorer:score
    echo '{"hand": "…", "win_tile": "5z", "win_by": "discard"}' | gb16 compare - --impl … --format json

The hand is given as ``gb16 score`` takes it (notation and flags, or ``-`` for a JSON case input on
stdin) and sent as it is — a hand the reference rejects is compared too (its error code); ``--impl``
as ``gb16 certify`` takes it, repeatable.  Each implementation is judged against
the reference under the rules it declares (gb16.tools.differential.one_hand).

Exit status: 0 when every implementation agrees with the reference, 1 when one differs or did not
answer, 2 on bad input or an implementation that cannot be started.
"""

from __future__ import annotations

import argparse
import sys

from gb16.reference import jsonlines
from gb16.tools.referee import disputes
from gb16.tools.commands.score import _hand_arguments, case_input_from_args
from gb16.tools.differential.one_hand import DEFAULT_TIMEOUT, compare_hand
from gb16.tools.harness.protocol import HarnessError
from gb16.tools.harness.transport import kill_all
from gb16.tools.reports.compare_text import render_json, render_text
from gb16.tools.common.safe_text import printable

EXIT_AGREE, EXIT_DIFFER, EXIT_BAD_INPUT = 0, 1, 2


def register(subparsers) -> None:
    p = subparsers.add_parser(
        "compare", help="one hand through the reference and implementations, side by side",
        description="Score one hand with the reference and each --impl; show every fan's points and count "
                    "side by side, mark what differs and say why, per fan.\n\n" + __doc__.split("\n\n")[1]
                    + "\n\n" + __doc__.split("\n\n")[-1],
        formatter_class=argparse.RawDescriptionHelpFormatter)
    _hand_arguments(p)
    p.add_argument("--impl", metavar="SPEC", action="append", default=[],
                   help='an implementation, as gb16 certify takes it: "COMMAND ARGS", python:MODULE:FUNCTION '
                        'or reference (repeatable)')
    p.add_argument("--in-process", action="store_true", help="call python: functions in this process")
    p.add_argument("--timeout", type=float, default=DEFAULT_TIMEOUT, metavar="SECONDS",
                   help=f"time limit for each implementation's answer (default {DEFAULT_TIMEOUT:g})")
    p.add_argument("--format", choices=["text", "json"], default="text")
    p.set_defaults(func=run_compare)


def _error(message: str) -> int:
    print(f"gb16 compare: {printable(message)}", file=sys.stderr)
    return EXIT_BAD_INPUT


def run_compare(args) -> int:
    if args.hand is None:
        return _error("give a hand (as gb16 score takes it, or '-' for a JSON case input on stdin)")
    if not args.impl:
        return _error("give at least one --impl SPEC to compare with the reference")
    if not args.timeout > 0:
        return _error("--timeout must be a positive number of seconds")
    try:
        case_input = case_input_from_args(args)
        rules = disputes.rules_from_args(args)
    except jsonlines.JSONInputError as exc:
        return _error(f"stdin: {exc}")
    except disputes.RulesError as exc:
        return _error(f"rule set: {exc}")
    try:
        columns = compare_hand(case_input, args.impl, rules, timeout=args.timeout, in_process=args.in_process)
    except HarnessError as exc:
        kill_all()
        return _error(str(exc))
    except KeyboardInterrupt:
        kill_all()
        raise
    as_json = args.format == "json" or args.json   # --json, as gb16 score takes it, is --format json
    text = render_json(case_input, columns) if as_json else render_text(case_input, columns) + "\n"
    sys.stdout.write(text)
    return EXIT_AGREE if all(c.status == "pass" for c in columns if c.spec is not None) else EXIT_DIFFER
