"""gb16.corpus — the conformance corpus as package data (fans.json, clauses.json, cases/, schema/)."""

from pathlib import Path

ROOT = Path(__file__).resolve().parent
FANS_PATH = ROOT / "fans.json"
CLAUSES_PATH = ROOT / "clauses.json"
CASES_DIR = ROOT / "cases"
SCHEMA_DIR = ROOT / "schema"
