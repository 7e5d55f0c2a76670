"""The floors of docs/architecture.md: every import, inside functions too, goes down a floor or
stays on its own — commands, then renderers, then the harness and the differential, then the
reference and the corpus."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
#: The installed package names of the source folders (pyproject.toml [tool.setuptools.package-dir]).
PACKAGES = {"gb16.reference": "reference", "gb16.corpus": "corpus", "gb16.docs": "docs",
            "gb16.properties": "properties", "gb16.tools": "tools"}

#: Floor → the module names on it (a name and everything under it); docs/architecture.md.
FLOORS = {
    3: ("gb16.tools.cli", "gb16.tools.cmd_"),                                   # commands
    2: ("gb16.tools.reports", "gb16.tools.explain_text"),                        # renderers
    1: ("gb16.tools.harness", "gb16.tools.differential", "gb16.tools.adapters"),  # harness, differential
    0: ("gb16.reference", "gb16.corpus", "gb16.docs",                            # reference and corpus,
        "gb16.tools.safe_text"),           # and others' text made safe (standard library only)
}


def modules(root: Path = ROOT) -> dict[str, Path]:
    found = {}
    for package, folder in PACKAGES.items():
        for path in (root / folder).rglob("*.py"):
            parts = path.relative_to(root / folder).with_suffix("").parts
            name = ".".join((package, *parts))
            found[name.removesuffix(".__init__")] = path
    return found


def floor(name: str) -> int | None:
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
    """Each import that goes up a floor, or from the floors below the commands to a module on no floor."""
    known = modules(root)
    found = []
    for name, path in sorted(known.items()):
        level = floor(name)
        if level is None:
            continue
        for line, target in imports(name, path, known):
            to = floor(target)
            if (to is not None and to > level) or (to is None and level < 3 and target != "gb16.tools"):
                found.append(f"{path.relative_to(root)}:{line}: {name} (floor {level}) imports {target} "
                             f"(floor {to if to is not None else 'none'})")
    return found


def test_imports_go_down_the_floors():
    assert violations() == []


def test_an_import_up_a_floor_is_found(tmp_path):
    """The check itself, on a copy of the tree with one planted import: the harness importing a renderer."""
    for folder in PACKAGES.values():
        for path in (ROOT / folder).rglob("*.py"):
            copy = tmp_path / path.relative_to(ROOT)
            copy.parent.mkdir(parents=True, exist_ok=True)
            copy.write_text(path.read_text(encoding="utf-8"), encoding="utf-8")
    planted = tmp_path / "tools" / "harness" / "compare.py"
    planted.write_text(planted.read_text(encoding="utf-8") + "\n\ndef _shown():\n"
                       "    from gb16.tools.reports import terminal\n    return terminal\n", encoding="utf-8")
    assert [v.split(": ", 1)[1] for v in violations(tmp_path)] == [
        "gb16.tools.harness.compare (floor 1) imports gb16.tools.reports.terminal (floor 2)"]
