"""The corpus as the harness reads it: case files validated against
corpus/schema/cases.schema.json, the fan table and clause registry beside them, and its identity.
"""

from __future__ import annotations

import fnmatch
from dataclasses import dataclass
from pathlib import Path

from gb16 import corpus as corpus_package
from gb16.reference import jsonlines
from gb16.tools.harness import provenance
from gb16.tools.harness.features import case_variant
from gb16.tools.harness.protocol import HarnessError, schema_problem

VARIANTS = ("gb16", "gb13")


@dataclass
class Corpus:
    """A corpus folder read and validated: its cases (each with ``area`` and ``file`` added),
    the fan table, the clause registry, and its identity (version and hash)."""

    root: Path
    cases: list[dict]
    areas: dict[str, str]
    fans: list[dict]
    clauses: dict[str, dict]
    version: str
    hash: str

    def identity(self) -> dict:
        return {"path": str(self.root), "version": self.version, "hash": self.hash, "cases": len(self.cases)}


def load_corpus(path: Path | str | None = None) -> Corpus:
    """Read a corpus folder: DIR/cases/*.json (or DIR/*.json), with DIR/fans.json and
    DIR/clauses.json when present (else the installed ones).  Every case file is checked
    against corpus/schema/cases.schema.json and ids must be unique."""
    root = Path(path) if path else corpus_package.ROOT
    if not root.is_dir():
        raise HarnessError(f"corpus folder {root} does not exist")
    files, fans_path, clauses_path = provenance.corpus_files(root)
    cases, areas, seen, problems = [], {}, {}, []
    for file in files:
        try:
            data = jsonlines.load_file(file)  # strict: UTF-8, depth, numbers, duplicate keys
        except jsonlines.JSONInputError as exc:
            problems.append(str(exc))
            continue
        problem = schema_problem("cases.schema.json", data)
        if problem:
            problems.append(f"{file}: {problem}")
            continue
        areas.setdefault(data["area"], data["description"])
        for case in data["cases"]:
            if case["id"] in seen:
                problems.append(f"{file}: case id {case['id']} already used in {seen[case['id']]}")
                continue
            seen[case["id"]] = file.name
            cases.append(dict(case, area=data["area"], file=file.name))
    if problems:
        raise HarnessError("the corpus is not valid:\n  " + "\n  ".join(problems))
    tables = {}
    for path, schema in ((fans_path, "fans.schema.json"), (clauses_path, "clauses.schema.json")):
        try:
            data = jsonlines.load_file(path)
        except jsonlines.JSONInputError as exc:
            raise HarnessError(f"the corpus is not valid: {exc}") from None
        problem = schema_problem(schema, data)
        if problem:
            raise HarnessError(f"the corpus is not valid: {path}: {problem} (corpus/schema/{schema})")
        tables[schema] = data
    fans = tables["fans.schema.json"]["fans"]
    clauses = {a["anchor"]: a for a in tables["clauses.schema.json"]["anchors"]}
    version_file = root / "VERSION"
    try:
        version = version_file.read_text(encoding="utf-8").strip() if version_file.is_file() else provenance.gb16_version()
    except (OSError, UnicodeDecodeError) as exc:
        raise HarnessError(f"the corpus is not valid: {version_file} is not readable text ({exc})") from None
    digest = provenance.corpus_hash(root)
    return Corpus(root=root.resolve(), cases=cases, areas=areas, fans=fans, clauses=clauses,
                  version=version, hash=digest)


def select_cases(cases: list[dict], variant: str | None = None, filters: list[str] | None = None) -> list[dict]:
    """The cases of *variant* (``gb16``/``gb13``; None for all) whose id matches any glob in *filters*."""
    chosen = []
    for case in cases:
        if variant and case_variant(case) != variant:
            continue
        if filters and not any(fnmatch.fnmatchcase(case["id"], pattern) for pattern in filters):
            continue
        chosen.append(case)
    return chosen
