"""Renderers only read (docs/architecture.md, "A new report format"): what a run's failures come
to is worked out where a run completes or a log is read (tools/harness/judging.py), and no module
of tools/reports/ imports what works it out — at the top, inside a function, or named in a string
for importlib."""

from __future__ import annotations

import ast
import shutil
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
REPORTS = ROOT / "tools" / "reports"

#: The modules that work a verdict out: the attribution search, the experiments it runs, the
#: evidence of several logs joined, what a rule set makes of an answer (scoring under it), the
#: logs read and judged, and the run itself.
COMPUTES = frozenset({"gb16.tools.harness.attribution_search", "gb16.tools.harness.experiment",
                      "gb16.tools.harness.joined", "gb16.tools.harness.evidence",
                      "gb16.tools.harness.judging", "gb16.tools.harness.certify"})
#: Of the declaration (tools/harness/declaration.py), a renderer reads the declared rule set and
#: a candidate's words; its other functions (explain_case, select, candidates …) weigh answers.
DECLARATION = "gb16.tools.harness.declaration"
DECLARATION_READ = frozenset({"declared_rules", "describe"})


def _imported(tree: ast.AST, package: str):
    """``(line, module, name or None)`` for every import in *tree* (a module of *package*) and every
    string naming a module of gb16."""
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield node.lineno, alias.name, None
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[:len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            for alias in node.names:
                yield node.lineno, module, alias.name
        elif isinstance(node, ast.Constant) and isinstance(node.value, str) and node.value.startswith("gb16."):
            yield node.lineno, node.value, None


def violations(folder: Path = REPORTS) -> list[str]:
    """Each import in a renderer of something that works a verdict out."""
    found = []
    for path in sorted(folder.rglob("*.py")):
        package = ".".join(["gb16", "tools", "reports", *path.relative_to(folder).parent.parts])
        for line, module, name in _imported(ast.parse(path.read_text(encoding="utf-8")), package):
            full = f"{module}.{name}" if name else module
            hit = next((m for m in COMPUTES if full == m or full.startswith(m + ".") or module == m), None)
            if hit is None and module == DECLARATION and name not in DECLARATION_READ:
                hit = f"{DECLARATION}.{name}"
            if hit is None and full == DECLARATION:
                hit = DECLARATION
            if hit:
                found.append(f"{path.relative_to(folder)}:{line}: {hit}")
    return found


def test_no_renderer_imports_what_works_a_verdict_out():
    assert violations() == []


def test_a_planted_import_is_found(tmp_path):
    """The check can fail: each way of importing the search, planted in a copy of tools/reports/."""
    copy = tmp_path / "reports"
    shutil.copytree(REPORTS, copy, ignore=shutil.ignore_patterns("__pycache__", "templates"))
    plants = {
        "summary.py": "from gb16.tools.harness.attribution_search import attribute",
        "site.py": "from gb16.tools.harness import joined",
        "tables.py": "import gb16.tools.harness.experiment",
        "terminal.py": "from gb16.tools.harness.declaration import explain_case",
        "badge.py": "importlib.import_module('gb16.tools.harness.judging')",
        "markdown.py": "from ..harness import evidence",
    }
    for name, line in plants.items():
        path = copy / name
        path.write_text(path.read_text(encoding="utf-8") + f"\n\ndef _planted():\n    {line}\n", encoding="utf-8")
    found = sorted(v.split(": ", 1)[1] for v in violations(copy))
    assert found == sorted(["gb16.tools.harness.attribution_search", "gb16.tools.harness.joined",
                            "gb16.tools.harness.experiment", "gb16.tools.harness.declaration.explain_case",
                            "gb16.tools.harness.judging", "gb16.tools.harness.evidence"])
