"""Packaging: the package root, the version, the installed documents, and the extras
(``pip install gb16`` is the scorer alone; a command whose extra is missing names it)."""

from __future__ import annotations

import json
import subprocess
import sys
import tomllib
from importlib import metadata
from pathlib import Path

import pytest

import gb16
from gb16 import docs
from gb16.tools.common import extras
from gb16.tools.commands.cli import COMMAND_MODULES

ROOT = Path(__file__).resolve().parent.parent
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))

# Runs the gb16 command in a fresh interpreter in which the named top-level modules cannot be
# imported, as when their extra is not installed.
_BLOCKED_RUN = """
import importlib.abc, sys
BLOCKED = set(sys.argv[1].split(",")) - {""}
class Missing(importlib.abc.MetaPathFinder):
    def find_spec(self, name, path=None, target=None):
        if name.split(".")[0] in BLOCKED:
            raise ModuleNotFoundError(f"No module named {name!r}", name=name)
sys.meta_path.insert(0, Missing())
from gb16.tools.commands.cli import main
code = main(sys.argv[2:])
sys.stdout.flush()
print("MODULES", json.dumps(sorted(m for m in sys.modules if m.split(".")[0] in WATCHED)), file=sys.stderr)
sys.exit(code)
"""
EVERY_EXTRA_MODULE = sorted({m for mods in extras.EXTRAS.values() for m in mods} | {"referencing"})


def gb16_without(blocked, *args, stdin=None):
    code = "import json\nWATCHED = %r\n" % (EVERY_EXTRA_MODULE,) + _BLOCKED_RUN
    return subprocess.run([sys.executable, "-c", code, ",".join(blocked), *args], input=stdin,
                          capture_output=True, text=True, timeout=120)


def _requirement_name(req: str) -> str:
    for sep in "<>=![;( ":
        req = req.split(sep)[0]
    return req.strip().lower()


# -- the package root ---------------------------------------------------------------------

def test_gb16_is_a_regular_package_with_a_version_and_py_typed():
    assert gb16.__file__ and Path(gb16.__file__).name == "__init__.py"
    assert (Path(gb16.__file__).parent / "py.typed").is_file()
    assert gb16.__version__ == metadata.version("gb16")
    import importlib
    for sub in ("corpus", "docs", "properties", "reference", "tools"):
        assert importlib.import_module(f"gb16.{sub}").__file__.endswith("__init__.py")
    assert importlib.import_module("gb16.reference").score({"hand": "111222333444z 123m 55z，点和5z"})["total"] == 165


def test_version_option_names_the_package_and_the_corpus_the_harness_reads():
    from gb16.tools.harness.corpus import load_corpus
    p = subprocess.run([sys.executable, "-m", "gb16.tools.commands.cli", "--version"], capture_output=True, text=True)
    assert p.returncode == 0, p.stderr
    corpus = load_corpus(None)
    lines = p.stdout.splitlines()
    assert lines[0] == f"gb16 {gb16.__version__}"
    assert lines[1] == f"corpus {corpus.version} ({len(corpus.cases)} cases) {corpus.hash}"
    assert gb16.version_info()["corpus"] == {"version": corpus.version, "hash": corpus.hash,
                                             "cases": len(corpus.cases)}


# -- the installed documents ----------------------------------------------------------------

def test_ruling_text_from_the_installed_documents():
    r = docs.ruling("R-011")
    assert r.id == "R-011" and r.title.startswith("Ties between readings")
    assert r.text.startswith("## R-011 — Ties between readings")
    assert "**Decision.**" in r.text and "## R-014" not in r.text
    assert docs.path("rulings.md").parent == Path(docs.__file__).parent
    with pytest.raises(KeyError):
        docs.ruling("R-999")
    with pytest.raises(KeyError):
        docs.path("../README.md")


def test_every_ruling_and_edition_of_the_data_has_its_section():
    editions = json.loads((Path(gb16.corpus.ROOT) / "editions.json").read_text(encoding="utf-8"))
    sections = docs.rulings()
    for rid in editions["rulings"]:
        assert rid in sections, rid
    for eid in editions.get("editions", {}):
        assert eid in sections, eid
    assert all(s.text.startswith(f"## {s.id} — ") for s in sections.values())


def test_documents_and_examples_are_package_data():
    for name in docs.DOCUMENTS:
        assert docs.text(name).startswith("# "), name
        assert docs.path(name).read_bytes() == (ROOT / "docs" / name).read_bytes()
    assert (docs.examples_dir() / "python_impl.py").is_file()
    assert (docs.examples_dir() / "node_harness.js").is_file()
    data = PYPROJECT["tool"]["setuptools"]["package-data"]
    assert "*.md" in data["gb16.docs"] and "*.js" in data["gb16.tools.examples"]
    assert "py.typed" in data["gb16"]


# -- dependencies and extras ----------------------------------------------------------------

def test_the_scorer_alone_needs_only_tabulate_and_wcwidth():
    core = {_requirement_name(r) for r in PYPROJECT["project"]["dependencies"]}
    assert core == {"tabulate", "wcwidth"}


def test_extras_table_matches_pyproject():
    optional = PYPROJECT["project"]["optional-dependencies"]
    assert set(optional) == set(extras.EXTRAS) | {"all"}
    assert optional["all"] == ["gb16[" + ",".join(extras.EXTRAS) + "]"]
    top_level = metadata.packages_distributions()
    for extra, reqs in optional.items():
        if extra == "all":
            continue
        included = [r for r in reqs if r.startswith("gb16[")]
        assert tuple(i[len("gb16["):-1] for i in included) == extras.INCLUDES.get(extra, ()), extra
        distributions = {_requirement_name(r) for r in reqs if not r.startswith("gb16[")}
        for module in extras.EXTRAS[extra]:  # each module the table names comes from the extra
            provided_by = {d.lower() for d in top_level.get(module, [])}
            assert provided_by & distributions, (extra, module, provided_by)


def test_constraints_pin_every_dependency():
    pins = {}
    for line in (ROOT / "constraints.txt").read_text(encoding="utf-8").splitlines():
        line = line.split("#")[0].strip()
        if line:
            name, _, version = line.partition("==")
            pins[name.lower()] = version
    reqs = PYPROJECT["project"]["dependencies"] + [
        r for extra in PYPROJECT["project"]["optional-dependencies"].values() for r in extra]
    for req in reqs:
        if req.startswith("gb16["):
            continue
        name = _requirement_name(req)
        assert name in pins, f"constraints.txt does not pin {name}"
        assert metadata.version(name) == pins[name], name  # make venv installed the pinned one
    assert "'.[all]'" in (ROOT / "Makefile").read_text(encoding="utf-8")


@pytest.mark.slow
def test_every_command_module_that_needs_an_extra_is_listed():
    """Each command module is imported with one extra missing at a time: it either imports (it does
    not need that extra) or it is in extras.COMMANDS with that extra."""
    code = ("import importlib, importlib.abc, sys\n"
            "B = set(sys.argv[1].split(','))\n"
            "class M(importlib.abc.MetaPathFinder):\n"
            "    def find_spec(self, name, path=None, target=None):\n"
            "        if name.split('.')[0] in B: raise ModuleNotFoundError(name, name=name)\n"
            "sys.meta_path.insert(0, M())\n"
            "bad = []\n"
            "for m in sys.argv[2:]:\n"
            "    try: importlib.import_module(m)\n"
            "    except ModuleNotFoundError as e: bad.append(m)\n"
            "print(','.join(bad))\n")
    for extra, modules in extras.EXTRAS.items():
        blocked = set(modules) | ({"referencing"} if extra == "certify" else set())
        p = subprocess.run([sys.executable, "-c", code, ",".join(blocked), *COMMAND_MODULES],
                           capture_output=True, text=True, timeout=120)
        assert p.returncode == 0, p.stderr
        for module in filter(None, p.stdout.strip().split(",")):
            for command in COMMAND_MODULES[module]:
                assert command in extras.COMMANDS, (module, command, extra)
                _, needs = extras.COMMANDS[command]
                assert extra in needs or any(extra in extras.INCLUDES.get(n, ()) for n in needs), (command, extra)


def test_each_module_registers_the_commands_the_table_gives_it():
    import argparse
    import importlib
    for module, commands in COMMAND_MODULES.items():
        sub = argparse.ArgumentParser().add_subparsers()
        importlib.import_module(module).register(sub)
        assert tuple(sub.choices) == commands, module


def test_scoring_imports_no_extra():
    blocked = EVERY_EXTRA_MODULE
    p = gb16_without(blocked, "score", "111222333444z 123m 55z，点和5z", "--json")
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["total"] == 165
    for args in (["explain", "123m 123p 123s 456m 789p 11z", "--win", "1z", "--discard"],
                 ["waits", "1111222s 111m 222p 555z"]):
        p = gb16_without(blocked, *args)
        assert p.returncode == 0 and "Traceback" not in p.stderr, p.stderr
    # and nothing an extra provides was loaded, even with every extra installed
    p = gb16_without([], "score", "111222333444z 123m 55z，点和5z", "--json")
    assert p.returncode == 0
    assert json.loads(p.stderr.split("MODULES", 1)[1]) == []


@pytest.mark.parametrize("command, blocked, extra", [
    (["properties", "--profile", "ci"], ["hypothesis"], "[properties]"),
    (["prove"], ["z3"], "[proofs]"),
    (["certify", "--impl", "reference"], ["jsonschema", "referencing"], "[certify]"),
    (["summary", "out/x.jsonl"], ["jsonschema", "referencing"], "[certify]"),
    (["corpus", "check", "--no-reference"], ["jsonschema", "referencing"], "[certify]"),
    (["site", "out/x.jsonl", "--out", "out/never-written"], ["jinja2"], "[certify]"),   # [certify] brings [html]
])
def test_a_command_without_its_extra_says_which_to_install(command, blocked, extra):
    p = gb16_without(blocked, *command)
    name = extra.strip("[]")
    assert p.returncode == extras.EXIT_MISSING_EXTRA
    assert p.stderr.splitlines()[0] == f"gb16 {command[0]} needs the {extra} extra: pip install 'gb16[{name}]'"
    assert "Traceback" not in p.stderr and p.stdout == ""


def test_report_names_every_missing_extra():
    p = gb16_without(["z3", "MahjongGB"], "report", "--out", "never-written")
    assert p.returncode == extras.EXIT_MISSING_EXTRA
    assert p.stderr.splitlines()[0] == ("gb16 report needs the [proofs] and [differential] extras: "
                                        "pip install 'gb16[proofs,differential]'")
    assert not (ROOT / "never-written").exists()


def test_help_lists_a_command_whose_extra_is_missing():
    p = gb16_without(EVERY_EXTRA_MODULE, "--help")
    assert p.returncode == 0, p.stderr
    assert "properties" in p.stdout and "pip install 'gb16[properties]'" in p.stdout


def test_an_extra_imported_while_running_is_named():
    """A module of an extra imported by a command only when it needs it (not at registration)."""
    from gb16.tools.commands import cli
    parser = cli.build_parser()
    args = parser.parse_args(["score", "111222333444z 123m 55z，点和5z"])

    def needs_dask(_args):
        raise ModuleNotFoundError("No module named 'distributed'", name="distributed")
    args.func = needs_dask
    import io
    from contextlib import redirect_stderr
    err = io.StringIO()
    with redirect_stderr(err), pytest.MonkeyPatch.context() as mp:
        mp.setattr(parser, "parse_args", lambda argv=None: args)
        mp.setattr(cli, "build_parser", lambda argv=None: parser)
        assert cli.main([]) == extras.EXIT_MISSING_EXTRA
    assert err.getvalue().strip() == "gb16 score needs the [cluster] extra: pip install 'gb16[cluster]'"


def test_docs_command_prints_a_ruling_a_document_and_where_things_are():
    def run(*args):
        return subprocess.run([sys.executable, "-m", "gb16.tools.commands.cli", "docs", *args], capture_output=True,
                              text=True, timeout=60)
    p = run("R-011")
    assert p.returncode == 0 and p.stdout.strip() == docs.ruling("R-011").text
    p = run("contract.md")
    assert p.returncode == 0 and p.stdout == docs.text("contract.md")
    p = run()
    assert p.returncode == 0
    assert str(docs.path("rulings.md")) in p.stdout and str(docs.examples_dir()) in p.stdout
    p = run("R-999")
    assert p.returncode == 2 and "no ruling or document 'R-999'" in p.stderr and "R-011" in p.stderr


@pytest.mark.slow
def test_the_wheel_holds_the_package_data_and_requires_only_the_scorer(tmp_path):
    """Build the wheel from a copy of the tree (no index needed beyond the build backend) and read it."""
    import shutil
    import zipfile
    src = tmp_path / "src"
    shutil.copytree(ROOT, src, ignore=shutil.ignore_patterns(".venv", ".git", "build", "dist", "*.egg-info", "out",
                                                              "report", "__pycache__", ".pytest_cache", ".hypothesis",
                                                              "node_modules"))
    p = subprocess.run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--quiet", "--disable-pip-version-check",
                        "-w", str(tmp_path / "dist"), str(src)], capture_output=True, text=True, timeout=600)
    assert p.returncode == 0, p.stderr
    (wheel,) = (tmp_path / "dist").glob("gb16-*.whl")
    assert wheel.name.startswith(f"gb16-{gb16.__version__}-")
    names = set(zipfile.ZipFile(wheel).namelist())
    for needed in ("gb16/__init__.py", "gb16/api.py", "gb16/py.typed", "gb16/docs/__init__.py",
                   "gb16/docs/rulings.md", "gb16/docs/contract.md", "gb16/docs/api.md",
                   "gb16/tools/examples/README.md", "gb16/tools/examples/node_harness.js",
                   "gb16/tools/examples/python_impl.py", "gb16/tools/common/extras.py", "gb16/reference/__init__.py",
                   "gb16/corpus/fans.json", "gb16/corpus/schema/cases.schema.json",
                   "gb16/tools/serve/static/index.html", "gb16/tools/serve/static/app.js",
                   "gb16/tools/serve/static/style.css", "gb16/tools/serve/static/tiles/7z.svg",
                   "gb16/tools/serve/static/offline.js", "gb16/tools/serve/static/sw.js"):
        assert needed in names, needed
    cases = {f"gb16/corpus/cases/{p.name}" for p in (ROOT / "corpus" / "cases").glob("*.json")}
    assert cases <= names
    assert not any(n.startswith(("tests/", "gb16/tests/")) for n in names)
    metadata_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
    meta = zipfile.ZipFile(wheel).read(metadata_name).decode()
    requires = [line.split(":", 1)[1].strip() for line in meta.splitlines() if line.startswith("Requires-Dist:")]
    core = sorted(_requirement_name(r) for r in requires if "extra ==" not in r)
    assert core == ["tabulate", "wcwidth"]
    provides = {line.split(":", 1)[1].strip() for line in meta.splitlines() if line.startswith("Provides-Extra:")}
    assert provides == set(extras.EXTRAS) | {"all"}


@pytest.mark.parametrize("command, blocked, first_line", [
    (["certify", "--impl", "pymahjonggb", "--variant", "gb13"], ["MahjongGB"],
     "gb16 certify --impl pymahjonggb needs the [differential] extra: pip install 'gb16[differential]'"),
    (["certify", "--impl", "reference", "--random", "10", "--dask", "127.0.0.1:1"], ["distributed"],
     "gb16 certify --dask needs the [cluster] extra: pip install 'gb16[cluster]'"),
])
def test_an_option_that_needs_an_extra_says_which_before_running(command, blocked, first_line, tmp_path):
    p = gb16_without(blocked, *command, "--out", str(tmp_path / "run.jsonl"))
    assert p.returncode == extras.EXIT_MISSING_EXTRA
    assert p.stderr.splitlines()[0] == first_line
    assert not (tmp_path / "run.jsonl").exists()


def test_python_dash_m_gb16_is_the_command():
    p = subprocess.run([sys.executable, "-m", "gb16", "score", "111222333444z 123m 55z，点和5z", "--json"],
                       capture_output=True, text=True, timeout=60)
    assert p.returncode == 0, p.stderr
    assert json.loads(p.stdout)["total"] == 165
