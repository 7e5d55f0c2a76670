"""The floors of docs/architecture.md: every import, inside functions too, goes down a floor or
stays on its own — commands, then renderers, then the harness and the differential, then the
reference and the corpus."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The installed package names of the source folders (pyproject.toml [tool.setuptools.package-dir]).
PACKAGES = {"gb16": "gb16", "gb16.reference": "reference", "gb16.corpus": "corpus", "gb16.docs": "docs",
            "gb16.properties": "properties", "gb16.tools": "tools"}

#: Floor → the module names on it (a name and everything under it); docs/architecture.md. Every
#: module is on a floor (test_every_module_is_on_a_floor).
FLOORS = {
    3: ("gb16.tools.commands", "gb16.__main__"),                                    # commands
    2: ("gb16.tools.reports", "gb16.tools.referee", "gb16.tools.serve"),            # renderers, the referee's page
    1: ("gb16.tools.harness", "gb16.tools.differential", "gb16.tools.adapters",     # harness, differential,
        "gb16.properties", "gb16.tools.mutants", "gb16.tools.runs"),                # the checks, the runs beside them
    0: ("gb16.reference", "gb16.corpus", "gb16.docs",                               # reference and corpus,
        "gb16.api", "gb16._version", "gb16.tools.common", "gb16.tools.examples"),   # the API, the kit's floor 0, the samples
}
#: The packages' own __init__ modules, on the floor of what they hold (a prefix would take in all below).
PACKAGE_FLOORS = {"gb16": 0, "gb16.tools": 0}


def modules(root: Path = ROOT) -> dict[str, Path]:
    found = {}
    for package, folder in PACKAGES.items():
        for path in (root / folder).rglob("*.py") if package != "gb16" else (root / folder).glob("*.py"):
            parts = path.relative_to(root / folder).with_suffix("").parts
            name = ".".join((package, *parts))
            found[name.removesuffix(".__init__")] = path
    return found


def floor(name: str) -> int | None:
    if name in PACKAGE_FLOORS:
        return PACKAGE_FLOORS[name]
    for level, prefixes in FLOORS.items():
        if any(name == p or name.startswith(p + ("" if p.endswith("_") else ".")) for p in prefixes):
            return level
    return None


def imports(name: str, path: Path, known: dict[str, Path]):
    """``(line, module)`` for every import in the file, at the top or inside a function."""
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            prefix = node.module or ""
            if node.level:
                parts = name.split(".")
                base = parts[:len(parts) - node.level + (path.name == "__init__.py")]
                prefix = ".".join(base + ([node.module] if node.module else []))
            targets = [f"{prefix}.{a.name}" if f"{prefix}.{a.name}" in known else prefix for a in node.names]
        else:
            continue
        for target in targets:
            while target and target not in known:
                target = target.rpartition(".")[0]
            if target and target != name:
                yield node.lineno, target


def violations(root: Path = ROOT) -> list[str]:
    """Each import that goes up a floor, and each module on no floor."""
    known = modules(root)
    found = []
    for name, path in sorted(known.items()):
        level = floor(name)
        if level is None:
            found.append(f"{path.relative_to(root)}: {name} is on no floor (FLOORS; docs/architecture.md)")
            continue
        for line, target in imports(name, path, known):
            to = floor(target)
            if to is not None and to > level:
                found.append(f"{path.relative_to(root)}:{line}: {name} (floor {level}) imports {target} "
                             f"(floor {to})")
    return found


def test_imports_go_down_the_floors():
    assert violations() == []


def test_every_module_is_on_a_floor():
    assert [name for name in modules() if floor(name) is None] == []


def test_each_floor_of_the_kit_is_a_folder():
    """tools/ holds no module of its own but its __init__: each module is in the folder of its floor
    (commands/, reports/ referee/ serve/, harness/ differential/ adapters/ mutants/ runs/, common/ examples/)."""
    assert sorted(p.name for p in (ROOT / "tools").glob("*.py")) == ["__init__.py"]


def test_an_import_up_a_floor_is_found(tmp_path):
    """The check itself, on a copy of the tree with one planted import: the harness importing a renderer."""
    for folder in PACKAGES.values():
        for path in (ROOT / folder).rglob("*.py"):
            copy = tmp_path / path.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    plants = {
        ("tools", "harness", "compare.py"): "from gb16.tools.reports import terminal",  # the harness, a renderer
        ("gb16", "api.py"): "from gb16.tools.commands import score",             # the API, a command
        ("tools", "runs", "score_pool.py"): "from gb16.tools.reports import verdict",  # a runner, a renderer
        ("tools", "common", "batch_line.py"): "import gb16.tools.harness.certify",     # floor 0, the harness
    }
    for parts, line in plants.items():
        planted = tmp_path.joinpath(*parts)
        planted.write_text(planted.read_text(encoding="utf-8") + f"\n\ndef _planted():\n    {line}\n",
                           encoding="utf-8")
    (tmp_path / "tools" / "loose.py").write_text("import json\n", encoding="utf-8")
    assert sorted(v.split(": ", 1)[1] for v in violations(tmp_path)) == [
        "gb16.api (floor 0) imports gb16.tools.commands.score (floor 3)",
        "gb16.tools.common.batch_line (floor 0) imports gb16.tools.harness.certify (floor 1)",
        "gb16.tools.harness.compare (floor 1) imports gb16.tools.reports.terminal (floor 2)",
        "gb16.tools.loose is on no floor (FLOORS; docs/architecture.md)",
        "gb16.tools.runs.score_pool (floor 1) imports gb16.tools.reports.verdict (floor 2)"]
