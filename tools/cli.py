"""The ``gb16`` command.

Each sub-command lives in its own module, which exposes ``register(subparsers)``;
that function adds its parser(s) and sets ``func`` (called with the parsed
arguments; its return value is the exit status).  Exit status 2 means bad input.
"""

from __future__ import annotations

import argparse
import importlib
import sys

#: The modules that contribute sub-commands, in the order they are listed in --help.
COMMAND_MODULES = (
    "gb16.tools.cmd_score",      # score, explain, waits
    "gb16.tools.bench",          # bench
    "gb16.tools.corpus_cli",     # corpus check | coverage | flatten
    "gb16.properties.runner",    # properties
    "gb16.properties.proofs",    # prove
    "gb16.tools.harness.certify",        # certify, summary
    "gb16.tools.reports.compliance",         # report
    "gb16.tools.reports.tables",          # table
)


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="gb16",
        description="Reference scorer and conformance kit for 国标十六张 (16-tile MCR) and standard MCR.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for name in COMMAND_MODULES:
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:  # a real import error inside the module
                raise
            continue  # not written yet; tests/test_cli.py insists every module exists
        module.register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    try:
        return int(args.func(args) or 0)
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
