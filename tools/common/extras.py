"""The optional parts of the kit: which extra of ``pip install gb16[...]`` each command needs.

``pip install gb16`` installs the scorer alone (``score``, ``explain``, ``waits``, ``bench``,
``table``, ``--version``); each part of the kit comes with an extra (pyproject.toml
``[project.optional-dependencies]``).  A command whose extra is missing says which one to install
instead of failing with a traceback::

    gb16 properties needs the [properties] extra: pip install 'gb16[properties]'

This module is the one table of that: the extras and the modules they provide
(:data:`EXTRAS`, checked against pyproject.toml by tests/test_api.py), and what each command
needs (:data:`COMMANDS`).
"""

from __future__ import annotations

import importlib.util

#: extra → the top-level modules it makes importable (the import names of its distributions).
EXTRAS: dict[str, tuple[str, ...]] = {
    "certify": ("jsonschema",),       # the corpus schema and the harness protocol
    "html": ("jinja2",),              # the HTML pages' templates (tools/reports/templating.py)
    "properties": ("hypothesis",),    # the Hypothesis properties
    "proofs": ("z3",),                # z3-solver: the Z3 proofs
    "differential": ("MahjongGB",),   # pymahjonggb: the gb13 differential run, --impl pymahjonggb
    "cluster": ("distributed",),      # Dask: certify --random N --dask ADDRESS
    "mutation": ("cosmic_ray",),      # Cosmic Ray: python -m gb16.tools.mutants.generated
    "serve": ("starlette", "uvicorn"),  # gb16 serve: the referee's page
    "test": ("pytest", "xmlschema", "markdown_it"),  # the test suite's own tools
}

#: extra → the other extras it includes (pyproject.toml: "gb16[certify]" in its list).
INCLUDES: dict[str, tuple[str, ...]] = {
    "certify": ("html",),             # certify --report, summary --report, site and report write HTML
    "differential": ("certify",),
    "cluster": ("certify",),
    "mutation": ("certify", "properties"),
}

#: command → (a one-line help, the extras it needs).  Only the commands that need an extra are
#: listed; the others need nothing beyond ``pip install gb16``.  ``report`` runs every part.
COMMANDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "corpus": ("check, measure and export the conformance corpus", ("certify",)),
    "properties": ("check the invariants of the scoring rules on generated legal hands", ("properties",)),
    "prove": ("Z3 proofs of the chow-combination bounds (seed000 §二.5–6)", ("proofs",)),
    "certify": ("run an implementation against the corpus and write a run log", ("certify",)),
    "summary": ("summarize a run log; render reports from it", ("certify",)),
    "site": ("a static conformance site from many run logs", ("certify",)),
    "compare": ("one hand through the reference and implementations, side by side", ("certify",)),
    "report": ("the compliance report: certify the reference, run properties and proofs",
               ("certify", "properties", "proofs", "differential")),
    "serve": ("the referee's page: tap a hand, see every reading, clause and dispute", ("serve",)),
}

#: (command, option, value) → the extra the option needs when given that value (None: any value).
OPTIONS: dict[tuple[str, str, str | None], str] = {
    ("certify", "impl", "pymahjonggb"): "differential",
    ("compare", "impl", "pymahjonggb"): "differential",
    ("certify", "dask", None): "cluster",
}

#: Exit status of a command whose extra is not installed.
EXIT_MISSING_EXTRA = 4


def extra_of_module(module: str) -> str | None:
    """The extra that provides top-level module *module* (``"hypothesis.strategies"`` → ``"properties"``)."""
    top = module.split(".")[0]
    for extra, modules in EXTRAS.items():
        if top in modules:
            return extra
    if top == "referencing":  # installed with jsonschema
        return "certify"
    if top == "markupsafe":   # installed with jinja2
        return "html"
    return None


def installed(extra: str) -> bool:
    """Whether every module of *extra* (and of the extras it includes, and theirs) can be imported."""
    return all(_importable(m) for m in EXTRAS[extra]) and all(installed(inc) for inc in INCLUDES.get(extra, ()))


def _importable(module: str) -> bool:
    try:
        return importlib.util.find_spec(module) is not None
    except (ImportError, ValueError):
        return False


def missing(extras) -> list[str]:
    """The extras of *extras* that are not installed, in the order given."""
    return [e for e in extras if not installed(e)]


def missing_for_options(command: str, args) -> tuple[str, list[str]] | None:
    """``("certify --impl pymahjonggb", ["differential"])`` when an option given needs an extra
    that is not installed (:data:`OPTIONS`), else None."""
    for (cmd, option, value), extra in OPTIONS.items():
        given = getattr(args, option, None)
        given = given if isinstance(given, list) else [] if given is None else [given]   # --impl is repeatable
        if cmd == command and given and (value is None or value in given) and not installed(extra):
            shown = f"--{option} {value}" if value is not None else f"--{option}"
            return f"{command} {shown}", [extra]
    return None


def message(command: str, extras) -> str:
    """``gb16 properties needs the [properties] extra: pip install 'gb16[properties]'``."""
    extras = list(extras)
    bracketed = [f"[{e}]" for e in extras]
    names = bracketed[0] if len(bracketed) == 1 else ", ".join(bracketed[:-1]) + " and " + bracketed[-1]
    word = "extras" if len(extras) > 1 else "extra"
    return f"gb16 {command} needs the {names} {word}: pip install 'gb16[{','.join(extras)}]'"
