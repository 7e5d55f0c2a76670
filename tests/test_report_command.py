"""``gb16 report``: the compliance report — certification, properties, proofs, coverage,
rulings index, fan applicability — and its degradation when a part is missing.

The properties and proofs themselves are other modules' business; here they are replaced
by small stand-ins (monkeypatch) so the report's handling of pass, fail, error and
"not available" is checked quickly.
"""

from __future__ import annotations

import json
import re
import sys
import types
import xml.etree.ElementTree as ET
from pathlib import Path

from gb16.tools.commands import report
from gb16.tools.harness.corpus import load_corpus
from gb16.tools.commands.report import ReportOptions, build_report, run_optional
from gb16.tools.reports.compliance import parse_rulings, row_passed

from test_reports import check_page

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "harness"
FAKE = f"python:{FIXTURES / 'fake_scorer.py'}:score"


def install(monkeypatch, name: str, **functions) -> None:
    """Make ``import name`` give a module with *functions* (a stand-in for a part)."""
    module = types.ModuleType(name)
    for key, value in functions.items():
        setattr(module, key, value)
    monkeypatch.setitem(sys.modules, name, module)


def options(tmp_path: Path, **extra) -> ReportOptions:
    # the differential run and the mutants are long; tests that want them install stand-ins
    extra["skip"] = tuple(extra.get("skip", ())) + tuple(p for p in ("differential", "mutants")
                                                         if p not in extra.pop("with_parts", ()))
    return ReportOptions(out=str(tmp_path / "report"), impl=FAKE, corpus=str(FIXTURES / "corpus"),
                         progress=False, jobs=extra.pop("jobs", 1), **extra)  # jobs=1: stand-ins in this process


PROPERTY_ROWS = [
    {"number": 1, "name": "suit_permutation", "title": "suits are interchangeable", "clause": "seed000 §二",
     "examples": 200, "checked": 200, "result": "pass", "message": None, "counterexample": None, "seconds": 1.5},
    {"number": 2, "name": "flowers_add", "title": "flowers add one point each", "clause": "seed000 §三 花牌",
     "examples": 12, "checked": 12, "result": "FAIL", "message": "total did not grow",
     "counterexample": {"example": {"hand": "123m"}, "violation": "total did not grow"}, "seconds": 0.4},
]
PROOF_ROWS = [{"id": "1", "claim": "five chows: ≤ 4", "clause": "seed000 §二.6", "kind": "bound", "holds": True,
               "result": "proved (unsat)", "seconds": 0.2, "witness": None, "detail": ""}]


def test_report_with_every_part(monkeypatch, tmp_path):
    seen = {}

    def properties_run_all(profile="ci", exhaustive=None, only=None, progress=None):
        seen["profile"] = profile
        return PROPERTY_ROWS

    def proofs_run_all(thorough=True, progress=None):
        seen["thorough"] = thorough
        return PROOF_ROWS

    install(monkeypatch, "gb16.properties.runner", run_all=properties_run_all)
    install(monkeypatch, "gb16.properties.proofs", run_all=proofs_run_all)
    status, files = build_report(options(tmp_path))
    assert seen == {"profile": "thorough", "thorough": False}
    assert status == 1                                   # a property failed
    data = json.loads(files["json"].read_text(encoding="utf-8"))
    sections = data["sections"]
    assert sections["properties"]["status"] == "fail" and sections["proofs"]["status"] == "pass"
    assert sections["overview"]["status"] == "fail" and data["compliance"]["status"] == "fail"
    assert data["verdict"]["key"] == "conforms"          # the certification itself passed
    markdown = files["markdown"].read_text(encoding="utf-8")
    assert "## Properties (thorough profile) — fail" in markdown
    assert "flowers_add: " in markdown and "total did not grow" in markdown
    assert "## Z3 proofs (seed000 §二.5–6) — pass" in markdown
    page = files["html"].read_text(encoding="utf-8")
    check_page(page)
    for section_id in ("overview", "properties", "proofs", "coverage", "rulings", "applicability", "cases"):
        assert f'id="{section_id}"' in page
    ET.parse(files["junit"])
    assert json.loads(files["badge"].read_text())["color"] == "brightgreen"
    assert files["runlog"].exists()


def test_exhaustive_checks_run_as_parts_of_their_own(monkeypatch, tmp_path):
    """On two processes each Hypothesis property runs as a part of its own and the thorough
    profile's exhaustive checks as four shard parts, beside the others, and the properties
    section holds the rows of one whole run."""
    from gb16.properties import exhaustive
    from gb16.properties.invariants import PROPERTIES

    def properties_run_all(profile="ci", exhaustive=None, only=None, progress=None):
        assert exhaustive is False and only                          # (in the part's process)
        return PROPERTY_ROWS if only == ["suit_permutation"] else []   # the rows of property 1's part

    def shard_of_a_prefix(scorer=None, profile="thorough", shard=0, shards=1, progress=None):
        return exhaustive.run_exhaustive(scorer, profile, limit=40, shard=shard, shards=shards)

    install(monkeypatch, "gb16.properties.runner", run_all=properties_run_all)
    install(monkeypatch, "gb16.properties.exhaustive", run_exhaustive=shard_of_a_prefix,
            merge_shards=exhaustive.merge_shards)
    parts = []
    real_run_parts = report.parallel.run_parts
    monkeypatch.setattr(report.parallel, "run_parts",
                        lambda jobs, *a, **k: parts.extend(jobs) or real_run_parts(jobs, *a, **k))
    status, files = build_report(options(tmp_path, jobs=2, skip=("proofs",)))
    assert [p.key for p in parts] == (["corpus"] + [f"exhaustive#{k}" for k in range(1, 5)]
                                      + [f"properties#{prop.number}" for prop in PROPERTIES])
    assert [p.kwargs["kwargs"]["only"] for p in parts[5:]] == [[prop.name] for prop in PROPERTIES]   # one each
    rows = json.loads(files["json"].read_text(encoding="utf-8"))["sections"]["properties"]["data"]["rows"]
    whole = exhaustive.run_exhaustive(None, "thorough", limit=40)
    assert [{k: v for k, v in r.items() if k != "seconds"} for r in rows] == [
        {k: v for k, v in r.items() if k != "seconds"} for r in PROPERTY_ROWS + whole]
    assert status == 1   # PROPERTY_ROWS holds a failure


def test_missing_parts_are_reported_as_not_available(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "gb16.properties.runner", None)   # import raises ModuleNotFoundError
    monkeypatch.setitem(sys.modules, "z3", None)                       # the proofs extra is missing
    monkeypatch.delitem(sys.modules, "gb16.properties.proofs", raising=False)
    status, files = build_report(options(tmp_path))
    assert status == 0                                   # nothing failed; the parts are simply absent
    markdown = files["markdown"].read_text(encoding="utf-8")
    assert "## Properties (thorough profile) — unavailable" in markdown
    assert "## Z3 proofs (seed000 §二.5–6) — unavailable" in markdown
    assert ("Not available: gb16.properties.runner.run_all(profile=\"thorough\") needs module "
            "gb16.properties.runner, which is not installed") in markdown
    assert "needs module z3, which is not installed" in markdown


def test_a_part_that_breaks_is_an_error(monkeypatch, tmp_path):
    def broken(**kwargs):
        raise ZeroDivisionError("in the property code")
    install(monkeypatch, "gb16.properties.runner", run_all=broken)
    status, files = build_report(options(tmp_path, skip=("proofs",)))
    assert status == 1
    data = json.loads(files["json"].read_text(encoding="utf-8"))
    assert data["sections"]["properties"]["status"] == "error"
    note = data["sections"]["properties"]["data"]["note"]
    assert "ZeroDivisionError: in the property code" in note
    # the summary says what and where in one line; the traceback is kept for the section only
    assert "\n" not in note and "Traceback" not in note and "test_report_command.py" in note and "in broken" in note
    overview = data["sections"]["overview"]["data"]["parts"]
    detail = next(v["note"] for k, v in overview.items() if "ropert" in k)
    assert detail == note
    assert "Traceback" in data["sections"]["properties"]["data"]["traceback"]
    markdown = files["markdown"].read_text(encoding="utf-8")
    assert "Traceback, for the kit's developers" in markdown
    assert "proofs" not in data["sections"]


def test_run_optional_and_row_verdicts():
    def missing_extra(progress=None):
        import gb16_no_such_module  # noqa: F401  (an extra that is not installed)

    def broken(progress=None):
        raise ValueError("the part broke")
    unavailable = run_optional(missing_extra, {}, "missing_extra()")
    assert unavailable.status == "unavailable" and "gb16_no_such_module" in unavailable.note
    assert run_optional(broken, {}, "broken()").status == "error"
    assert run_optional(lambda progress=None: "rows", {}, "text()").status == "error"
    assert run_optional(lambda progress=None: [{"result": "pass"}], {}, "rows()").status == "pass"
    assert row_passed({"result": "pass"}) and row_passed({"result": "proved (unsat)"})
    assert row_passed({"holds": True, "result": "FAILED"})          # an explicit flag wins
    assert not row_passed({"result": "FAIL"}) and not row_passed({"result": "not checkable"})
    assert not row_passed({})


def test_coverage_rulings_and_applicability_sections(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "gb16.properties.runner", None)
    monkeypatch.setitem(sys.modules, "gb16.properties.proofs", None)
    _, files = build_report(options(tmp_path))
    data = json.loads(files["json"].read_text(encoding="utf-8"))
    coverage = data["sections"]["coverage"]["data"]
    corpus = load_corpus(FIXTURES / "corpus")
    assert coverage["cases"] == len(corpus.cases) == 12
    assert coverage["areas"] == {"examples": 5, "honours": 4, "invalid": 3}
    assert "big_four_winds" not in coverage["gb16_fans_missing"]
    assert "all_green" in coverage["gb16_fans_missing"]
    assert coverage["gb16_fans_applicable"] == 74      # 82 fans less the 8 fixed-shape ones
    applicability = data["sections"]["applicability"]["data"]
    assert len(applicability) == 82
    big_four = applicability[0]
    assert (big_four["zh"], big_four["counting"], big_four["cases"]) == ("大四喜", "一次", 3)
    assert applicability[3]["counting"] == "不适用"      # 九莲宝灯
    rulings = data["sections"]["rulings"]["data"]["rulings"]
    by_id = {r["id"]: r for r in rulings}
    assert by_id["R-009"]["options"] == ["A", "B"] and by_id["R-009"]["default"] == "B"
    assert by_id["R-001"]["kind"] == "normative" and by_id["R-001"]["options"] == ["A"]


def test_parse_rulings():
    """Headings give ids and titles; the options of an open ruling come from corpus/editions.json."""
    text = ("# Rulings\n\n## R-001 — First (normative note)\n\n**Decision.** x\n\n"
            "## R-002 — Second\n\n**Options.** (A) one; (B) two; (C) three.\n\n"
            "## R-011 — Third, withdrawn (convention of the contract)\n\n**Decision.** y\n")
    assert parse_rulings(text) == [
        {"id": "R-001", "title": "First (normative note)", "options": ["A"], "kind": "normative",
         "default": "A", "withdrawn": False},
        {"id": "R-002", "title": "Second", "options": ["A", "B", "C"], "kind": "open", "default": "A",
         "withdrawn": False},
        {"id": "R-011", "title": "Third, withdrawn (convention of the contract)", "options": ["A"],
         "kind": "convention", "default": "A", "withdrawn": True}]


def test_rulings_file_missing_is_said(monkeypatch, tmp_path):
    monkeypatch.setitem(sys.modules, "gb16.properties.runner", None)
    monkeypatch.setitem(sys.modules, "gb16.properties.proofs", None)
    _, files = build_report(options(tmp_path, rulings=str(tmp_path / "nowhere.md")))
    assert "Rulings index — unavailable" in files["markdown"].read_text(encoding="utf-8")


def test_report_command_line(monkeypatch, tmp_path, capsys):
    from gb16.tools.commands.cli import main
    monkeypatch.setitem(sys.modules, "gb16.properties.runner", None)
    monkeypatch.setitem(sys.modules, "gb16.properties.proofs", None)
    monkeypatch.setattr(report, "ReportOptions", lambda **kw: ReportOptions(**kw, impl=FAKE))
    # the long parts are left out on the command line (their own tests cover them); the skipped parts
    # must then be absent from the report rather than run
    code = main(["report", "--out", str(tmp_path / "r"), "--corpus", str(FIXTURES / "corpus"), "--no-progress",
                 "--skip", "differential", "--skip", "mutants"])
    out = capsys.readouterr().out
    assert code == 0 and "compliance: pass (partial)" in out      # never a plain "pass" with parts left out
    assert (tmp_path / "r" / "report.html").exists()
    report_data = json.loads((tmp_path / "r" / "report.json").read_text(encoding="utf-8"))
    # the benchmark the report ends with: each part's seconds (those that ran), as in report.json
    times = report_data["compliance"]["seconds"]
    assert set(times["parts"]) == {"corpus", "Properties", "Z3 proofs"} and times["whole"] > 0
    assert "time per part (" in out and "the whole report" in out
    assert all(re.search(rf"\n  {label} +{seconds:.1f} s\n", out) for label, seconds in times["parts"].items())
    sections = report_data["sections"]
    assert "differential" not in sections and "mutants" not in sections and "coverage" in sections
    # ... but the overview has a row for each skipped part, and the overall status says partial
    assert report_data["compliance"]["status"] == "pass (partial)"
    rows = sections["overview"]["data"]["parts"]
    assert rows["gb13 differential"]["status"] == "skipped" and "--skip differential" in rows["gb13 differential"]["note"]
    assert rows["Mutants"]["status"] == "skipped"
    assert "skipped (--skip mutants)" in (tmp_path / "r" / "report.md").read_text(encoding="utf-8")
    assert main(["report", "--out", str(tmp_path / "r2"), "--corpus", str(tmp_path / "missing")]) == 2


def test_no_exhaustive_shards_when_the_properties_cannot_run(monkeypatch, tmp_path):
    """The exhaustive checks are split into parts of their own only when the properties part can
    run: with its runner missing they would run the thorough profile's checks for nothing."""
    from gb16.tools.harness import parallel

    def jobs() -> list:
        return [parallel.Part("properties", "properties", run_optional,
                              {"call": report.properties_rows, "kwargs": {"profile": "thorough"}, "what": "run_all()"})]
    assert report.exhaustive_shards(ReportOptions(jobs=2), jobs())            # the shards, with the runner there
    monkeypatch.setitem(sys.modules, "gb16.properties.runner", None)
    assert report.exhaustive_shards(ReportOptions(jobs=2), jobs()) == []
