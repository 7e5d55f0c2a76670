"""The ``gb16`` command.

Each sub-command lives in its own module, which exposes ``register(subparsers)``;
that function adds its parser(s) and sets ``func`` (called with the parsed
arguments; its return value is the exit status).  Exit status 2 means bad input; 4 that the
command needs an extra that is not installed (the message names it, gb16.tools.common.extras).
"""

from __future__ import annotations

import argparse
import difflib
import errno
import importlib
import os
import re
import sys

import gb16
from gb16.tools.common import extras
from gb16.tools.common.safe_text import printable

#: The modules that contribute sub-commands, and their commands, in the order they are listed in
#: --help.  Only the module of the command run is imported (``gb16 score`` does not load the kit).
COMMAND_MODULES = {
    "gb16.tools.commands.score": ("score", "explain", "waits"),
    "gb16.tools.commands.bench": ("bench",),
    "gb16.tools.commands.corpus": ("corpus",),             # corpus check | coverage | flatten
    "gb16.tools.commands.properties": ("properties",),
    "gb16.tools.commands.prove": ("prove",),
    "gb16.tools.commands.certify": ("certify", "summary"),
    "gb16.tools.commands.compare": ("compare",),
    "gb16.tools.commands.report": ("report",),
    "gb16.tools.commands.table": ("table",),
    "gb16.tools.commands.site": ("site",),
    "gb16.tools.commands.docs": ("docs",),
    "gb16.tools.commands.serve": ("serve",),
}


class Parser(argparse.ArgumentParser):
    """argparse's parser, whose error messages (which quote the argument given) go through
    :func:`~gb16.tools.common.safe_text.printable` and end with "did you mean …?" for a mistyped flag,
    command or choice (what Python 3.12's ``suggest_on_error`` does, by difflib); every command's
    parser is one (add_parser)."""

    def error(self, message: str):
        super().error(printable(message + did_you_mean(self, message)))


def _flags(parser: argparse.ArgumentParser) -> set[str]:
    """Every option string of *parser* and of the sub-commands' parsers beneath it."""
    found = set()
    for action in parser._actions:
        found.update(action.option_strings)
        if isinstance(action, argparse._SubParsersAction):
            for child in action.choices.values():
                found |= _flags(child)
    return found


def did_you_mean(parser: argparse.ArgumentParser, message: str) -> str:
    """`` — did you mean --filter?`` for each unrecognized flag or invalid choice near a real one."""
    hints = []
    if message.startswith("unrecognized arguments:"):
        flags = sorted(_flags(parser))
        for given in message.split(":", 1)[1].split():
            name = given.split("=", 1)[0]
            if name.startswith("-"):
                close = difflib.get_close_matches(name, flags, n=1, cutoff=0.6)
                if close:
                    hints.append((close[0], name))
    else:
        m = re.search(r"invalid choice: '([^']*)' \(choose from (.*)\)$", message)
        if m:
            choices = re.findall(r"'([^']*)'", m.group(2))
            close = difflib.get_close_matches(m.group(1), choices, n=1, cutoff=0.6)
            if close:
                hints.append((close[0], m.group(1)))
    if len(hints) == 1:
        return f" — did you mean {hints[0][0]}?"
    return (" — did you mean " + ", ".join(f"{right} (for {given})" for right, given in hints) + "?") if hints else ""


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The parser; given the command line *argv*, only with the module of the command it names
    (every module when it names none, e.g. for --help)."""
    parser = Parser(
        prog="gb16",
        description="Reference scorer and conformance kit for 国标十六张 (16-tile MCR) and standard MCR.",
    )
    parser.add_argument("--version", action=_Version, help="the package version and the installed corpus's version and hash")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    named = next((a for a in (argv or []) if not a.startswith("-")), None)
    modules = [m for m, commands in COMMAND_MODULES.items() if named in commands] or list(COMMAND_MODULES)
    for name in modules:
        commands = COMMAND_MODULES[name]
        lacking = extras.missing(sorted({e for c in commands for e in extras.COMMANDS.get(c, ("", ()))[1]},
                                        key=list(extras.EXTRAS).index))
        if lacking:  # the command's extra is not installed: a command that says which to install
            _register_missing(sub, commands, lacking)
            continue
        importlib.import_module(name).register(sub)
    return parser


class _Version(argparse.Action):
    """``gb16 --version``: the package, the installed corpus (version, cases, hash), Python."""

    def __init__(self, option_strings, dest, **kwargs):
        super().__init__(option_strings, dest, nargs=0, default=argparse.SUPPRESS, help=kwargs.get("help"))

    def __call__(self, parser, namespace, values, option_string=None):
        info = gb16.version_info()
        corpus = info["corpus"]
        print(f"gb16 {info['gb16']}\n"
              f"corpus {corpus['version']} ({corpus['cases']} cases) {corpus['hash']}\n"
              f"Python {info['python']}")
        parser.exit()


def _register_missing(sub, commands, lacking: list[str]) -> None:
    """Commands whose extra is missing: listed in --help, and saying what to install when run."""
    for command in commands:
        help_text = extras.COMMANDS[command][0]
        p = sub.add_parser(command, help=f"{help_text} (pip install 'gb16[{','.join(lacking)}]')",
                           add_help=False, prefix_chars="\0")
        p.add_argument("arguments", nargs=argparse.REMAINDER, help=argparse.SUPPRESS)
        p.set_defaults(func=_missing_extra(command, lacking))


def _missing_extra(command: str, lacking: list[str]):
    def run(_args) -> int:
        print(extras.message(command, lacking), file=sys.stderr)
        return extras.EXIT_MISSING_EXTRA
    return run


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    parser = build_parser(argv)
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return 2
    lacking = extras.missing_for_options(args.command, args)
    if lacking:
        print(extras.message(*lacking), file=sys.stderr)
        return extras.EXIT_MISSING_EXTRA
    try:
        status = int(args.func(args) or 0)
        sys.stdout.flush()  # a full disk shows here, not as a message from the interpreter's exit
        return status
    except ModuleNotFoundError as exc:  # an extra's module imported on the way (gb16.tools.common.extras)
        extra = extras.extra_of_module(exc.name or "")
        if extra is None:
            raise
        print(extras.message(args.command, [extra]), file=sys.stderr)
        return extras.EXIT_MISSING_EXTRA
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:
        # the reader went away (``gb16 table rulings | head``): nothing more to say, to anyone
        _quiet_stdout()
        return 0
    except OSError as exc:
        if not _is_stdout_failure(exc):
            raise
        _quiet_stdout()
        print(f"gb16 {args.command}: error output_failed: cannot write the output: "
              f"{exc.strerror or exc}; send it where there is room (a file, or --out where the command has one)",
              file=sys.stderr)
        return EXIT_OUTPUT_FAILED


#: the exit status when standard output cannot be written (a full disk, a closed pipe's cousin)
EXIT_OUTPUT_FAILED = 2


def _is_stdout_failure(exc: OSError) -> bool:
    """A write that failed for lack of room or an I/O fault, on no named file: standard
    output (an error opening or writing a named file carries its name)."""
    return exc.errno in (errno.ENOSPC, errno.EIO, errno.EDQUOT, errno.EFBIG) and exc.filename is None


def _quiet_stdout() -> None:
    """Point standard output at /dev/null so the interpreter's last flush at exit fails
    silently instead of printing "Exception ignored …"."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass


if __name__ == "__main__":
    sys.exit(main())
