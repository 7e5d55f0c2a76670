"""Every ``--help`` is plain text: no reStructuredText markup (````report.md````, ``:func:``)
carried over from a module docstring into what a person reads on a terminal."""

from __future__ import annotations

import argparse
import re

from gb16.tools.commands.cli import build_parser

MARKUP = re.compile(r"``|:(?:func|class|mod|data|meth):`")


def _parsers(parser: argparse.ArgumentParser, path: str = "gb16"):
    yield path, parser
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            for name, sub in action.choices.items():
                yield from _parsers(sub, f"{path} {name}")


def test_no_help_prints_markup():
    found = {path: MARKUP.findall(p.format_help()) for path, p in _parsers(build_parser())}
    assert {path: marks for path, marks in found.items() if marks} == {}
    assert len(found) > 15                       # every command and every table action was looked at


def test_the_check_sees_markup():
    """The check can fail: a description with a literal ``name`` is caught."""
    parser = argparse.ArgumentParser(prog="x", description="writes ``report.md``")
    assert MARKUP.findall(parser.format_help())
