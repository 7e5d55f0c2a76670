"""Every report format, rendered from run logs: terminal, Markdown, HTML, JSON, JUnit, badge,
and ``gb16 summary``.

One run of the fault-injecting fixture program gives a log with every status (pass, fail,
error, crash, timeout, skipped, known and an unexpected pass); one clean run gives the
passing verdict.
"""

from __future__ import annotations

import html.parser
import json
import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from gb16.tools.harness import provenance, runlog
from gb16.tools.reports import badge, html_page, json_report, junit, markdown, terminal
from gb16.tools.harness.certify import CertifyOptions, run_certification
from gb16.tools.commands.cli import main as cli_main
from gb16.tools.reports.formats import MANIFEST, REPORT_FILES, write_reports
from gb16.tools.reports.hand_display import parse_hand_for_display, tile_glyph
from gb16.tools.reports.html_page import clause_id
from gb16.tools.reports.summary import summarize

ROOT = Path(__file__).resolve().parent.parent
FIXTURES = ROOT / "tests" / "fixtures" / "harness"
PROTOCOL = f"{sys.executable} {FIXTURES / 'protocol_impl.py'}"


@pytest.fixture(scope="module")
def mixed_log(tmp_path_factory) -> runlog.RunLog:
    """seq 2 hangs (a known failure), 4 crashes, 6 prints garbage, 7 hangs, 10 declines, R-009:A
    is declared (a fail), and a passing case is listed as known (an unexpected pass)."""
    tmp = tmp_path_factory.mktemp("mixed")
    known = tmp / "known.json"
    known.write_text(json.dumps({"fx-seed-4-3-knitted": "hangs on knitted hands",
                                 "fx-seed-4-4-chicken": "fixed since"}))
    impl = f"{PROTOCOL} --hang-seq 2 --crash-seq 4 --garbage-seq 6 --hang-seq 7 --skip-seq 10 --rulings R-009=A"
    return run_certification(CertifyOptions(impl=impl, corpus=str(FIXTURES / "corpus"), timeout=1.5,
                                            known_failures=str(known), out=str(tmp / "mixed.jsonl"),
                                            progress=False))


@pytest.fixture(scope="module")
def clean_log(tmp_path_factory) -> runlog.RunLog:
    tmp = tmp_path_factory.mktemp("clean")
    return run_certification(CertifyOptions(impl=PROTOCOL, corpus=str(FIXTURES / "corpus"),
                                            out=str(tmp / "clean.jsonl"), progress=False))


def test_the_mixed_run_has_every_status(mixed_log):
    counts = mixed_log.counts()
    assert {s for s in runlog.STATUSES if counts[s]} == set(runlog.STATUSES)
    assert counts["unexpected_pass"] == 1


# --------------------------------------------------------------------------- terminal and summary

def test_terminal_summary_lists_failures_and_verdict(mixed_log):
    text = terminal.render(summarize(mixed_log), show="failures")
    assert "fixture-protocol 1.0 (python)" in text and "R-009:A" in text
    for case_id in ("fx-seed-4-4-chicken-flower", "fx-invalid-five-copies", "fx-invalid-variant",
                    "fx-r009-big-four-winds-fifth-pung"):
        assert case_id in text
    assert "offending line: this is not json" in text
    assert "unexpected pass" in text
    assert text.rstrip().splitlines()[-1].startswith("verdict: does not conform: 4 of 11 judged")
    assert terminal.exit_status(summarize(mixed_log)) == 1


def test_summary_command_exit_status(mixed_log, clean_log, capsys):
    assert cli_main(["summary", str(mixed_log.path), "--show", "failures"]) == 1
    assert "FAIL" in capsys.readouterr().out
    assert cli_main(["summary", str(clean_log.path), "--show", "failures"]) == 0
    out = capsys.readouterr().out
    assert "verdict: conforms to seed000: all 12 judged cases passed" in out
    assert cli_main(["summary", str(clean_log.path) + ".missing"]) == 2
    assert cli_main(["summary", str(mixed_log.path), "--json", "-"]) == 1
    assert json.loads(capsys.readouterr().out)["verdict"]["key"] == "fails"


def test_summary_writes_every_format(mixed_log, tmp_path, capsys):
    assert cli_main(["summary", str(mixed_log.path), "--show", "none", "--report", str(tmp_path)]) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == sorted([*REPORT_FILES.values(), MANIFEST])


def test_an_interrupted_run_says_so(clean_log, tmp_path):
    lines = clean_log.path.read_text(encoding="utf-8").splitlines(keepends=True)
    cut = tmp_path / "cut.jsonl"
    cut.write_text("".join(lines[:5]), encoding="utf-8")
    summary = summarize(runlog.read(cut))
    assert "incomplete run: 4 of 12" in summary.progress_note()
    assert summary.verdict.key == "incomplete"
    assert summary.verdict.text.startswith("incomplete: 4 of 12 cases recorded")   # never "conforms"
    assert "(incomplete)" in badge.data(summary)["message"]
    assert terminal.exit_status(summary) == 3
    assert cli_main(["summary", str(cut), "--show", "none"]) == 3


def test_a_file_that_is_not_a_run_log_is_refused(tmp_path):
    bad = tmp_path / "x.jsonl"
    bad.write_text('{"hello": 1}\n')
    with pytest.raises(runlog.RunLogError, match="not a gb16 run log header"):
        runlog.read(bad)


# --------------------------------------------------------------------------- Markdown

def markdown_tables(text: str) -> list[list[str]]:
    tables, current = [], []
    for line in text.splitlines():
        if line.startswith("|"):
            current.append(line)
        elif current:
            tables.append(current)
            current = []
    return tables + ([current] if current else [])


def cells(row: str) -> int:
    return len(re.split(r"(?<!\\)\|", row.strip())) - 2


def test_markdown_report(mixed_log):
    text = markdown.render(summarize(mixed_log))
    assert text.startswith("# gb16 certification: fixture-protocol 1.0 (python)")
    for heading in ("## Results", "## By area", "## By fan", "## By clause", "## Failures and known failures",
                    "## All cases", "## Clauses cited"):
        assert heading in text
    for case in mixed_log.cases:
        assert case["id"] in text
    tables = markdown_tables(text)
    assert len(tables) >= 7
    for table in tables:
        widths = {cells(row) for row in table}
        assert len(widths) == 1, table[:3]            # every row has the header's column count
        assert set(table[1].replace("|", "").strip()) <= set("-: ")
    clause = mixed_log.header["clauses"]["seed000 §四.1"]
    assert f"* **seed000 §四.1** {clause['title']} — {clause['quote']}" in text   # the cited clause, quoted


# --------------------------------------------------------------------------- HTML

VOID = {"meta", "br", "hr", "img", "input", "link", "col", "area", "base", "source", "wbr", "use", "rect", "path",
        "circle"}


class Checker(html.parser.HTMLParser):
    """Tag balance, ids, links and external references of a page."""

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.stack, self.ids, self.hrefs, self.errors, self.external = [], [], [], [], []
        self.statuses, self.symbols, self.uses = [], set(), []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag not in VOID:
            self.stack.append(tag)
        if "id" in attrs:
            self.ids.append(attrs["id"])
            if tag == "symbol":
                self.symbols.add(attrs["id"])
        for key in ("src", "href"):
            value = attrs.get(key) or ""
            if re.match(r"(https?:)?//", value):
                self.external.append(value)
        if tag == "a" and (attrs.get("href") or "").startswith("#"):
            self.hrefs.append(attrs["href"][1:])
        if tag == "use":
            self.uses.append(attrs["href"][1:])
        if tag == "link" or (tag == "script" and "src" in attrs):
            self.external.append(f"<{tag}>")
        if tag == "tr" and "data-status" in attrs:
            self.statuses.append(attrs["data-status"])

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if not self.stack or self.stack[-1] != tag:
            self.errors.append(f"</{tag}> closes {self.stack[-1] if self.stack else 'nothing'}")
            return
        self.stack.pop()


def check_page(page: str) -> Checker:
    checker = Checker()
    checker.feed(page)
    checker.close()
    assert checker.errors == [] and checker.stack == []
    assert len(checker.ids) == len(set(checker.ids)), "duplicate ids"
    assert checker.external == [], "the page must not load anything"
    assert set(checker.hrefs) <= set(checker.ids), set(checker.hrefs) - set(checker.ids)
    assert set(checker.uses) <= checker.symbols
    return checker


def test_html_report_is_self_contained_and_complete(mixed_log):
    summary = summarize(mixed_log)
    page = html_page.render(summary)
    checker = check_page(page)
    assert page.startswith("<!DOCTYPE html>") and "{{" not in page
    assert sorted(checker.statuses) == sorted(c["status"] for c in mixed_log.cases)
    assert 'id="summary-table"' in page and 'id="case-table"' in page
    for anchor in ("seed000 §四.1", "seed000 §二.7"):
        assert clause_id(anchor) in checker.ids       # citations link to the quoted clause
    assert mixed_log.header["clauses"]["seed000 §四.1"]["quote"][:20] in page
    for control in ('class="status-filter"', 'id="area-filter"', 'id="fan-filter"', 'id="text-filter"'):
        assert control in page
    assert "this is not json" in page and "unexpected pass" in page
    assert "t-5z" in checker.uses                     # tiles are drawn


def test_html_escapes_what_the_implementation_says(clean_log, tmp_path):
    lines = clean_log.path.read_text(encoding="utf-8").splitlines()
    case = json.loads(lines[1])
    case.update(status="error", actual=None, message="<script>alert(1)</script>", offending_line="<b>x</b>{{title}}")
    doctored = tmp_path / "doctored.jsonl"
    doctored.write_text("\n".join([lines[0], json.dumps(case)] + lines[2:]) + "\n", encoding="utf-8")
    page = html_page.render(summarize(runlog.read(doctored)))
    check_page(page)
    assert "<script>alert(1)</script>" not in page and "&lt;script&gt;alert(1)&lt;/script&gt;" in page
    assert "{{title}}" in page                        # text that looks like a placeholder stays text


def test_hand_display_parsing():
    groups, suffix = parse_hand_for_display("[123m] 456p {7777s} EEE CC，点和C")
    assert [(g.kind, g.tiles) for g in groups] == [
        ("concealed", ["4p", "5p", "6p", "1z", "1z", "1z", "5z", "5z"]), ("exposed", ["1m", "2m", "3m"]),
        ("kong", ["7s", "7s", "7s", "7s"])]
    assert suffix == "，点和C"
    assert parse_hand_for_display("123x") is None and parse_hand_for_display("[12m") is None
    # read by the reference's own reader: brackets that hold no meld are shown as written, not as tiles
    assert parse_hand_for_display("[124m] 456m 789p 111p 999s 55s") is None
    assert parse_hand_for_display("{111m} 456m 789p 111p 999s 55s") is None
    assert parse_hand_for_display("[123m] 456p 789s 111z 999m 55z 自摸5z")[1] == "自摸5z"
    assert (tile_glyph("1m"), tile_glyph("5z"), tile_glyph("6z"), tile_glyph("7z"), tile_glyph("9p")) == \
        ("\U0001F007", "\U0001F004", "\U0001F006", "\U0001F005", "\U0001F021")


# --------------------------------------------------------------------------- JSON, JUnit, badge

def test_json_summary(mixed_log):
    data = json.loads(json_report.render(summarize(mixed_log)))
    assert data["format"] == "gb16-summary" and data["verdict"]["key"] == "fails"
    assert data["counts"] == mixed_log.counts()
    assert data["runlog"]["sha256"] == provenance.file_sha256(mixed_log.path)
    assert {f["id"] for f in data["failures"]} == {c["id"] for c in mixed_log.cases
                                                   if c["status"] in runlog.FAILING}
    assert data["unexpected_passes"] == ["fx-seed-4-4-chicken"]
    assert data["by_area"]["examples"]["cases"] == 5


JUNIT_XSD = FIXTURES.parent / "junit" / "junit-10.xsd"


def junit_schema_errors(text: str) -> list[str]:
    """Errors of *text* against the JUnit schema Jenkins uses (tests/fixtures/junit/junit-10.xsd)."""
    import xmlschema
    return [f"{e.path}: {e.reason}" for e in xmlschema.XMLSchema(str(JUNIT_XSD)).iter_errors(text)]


def test_junit_xml(mixed_log):
    text = junit.render(summarize(mixed_log))
    assert junit_schema_errors(text) == []
    root = ET.fromstring(text)
    testcases = root.findall(".//testcase")
    assert sorted(t.get("name") for t in testcases) == sorted(c["id"] for c in mixed_log.cases)
    by_name = {t.get("name"): t for t in testcases}
    counts = mixed_log.counts()
    assert int(root.get("tests")) == counts["total"]
    assert int(root.get("failures")) == counts["fail"] == len(root.findall(".//failure"))
    assert int(root.get("errors")) == counts["error"] + counts["crash"] + counts["timeout"] == \
        len(root.findall(".//error"))
    assert sum(int(s.get("skipped")) for s in root.findall("testsuite")) == counts["skipped"] + counts["known"] \
        == len(root.findall(".//skipped"))
    for case in mixed_log.cases:
        out = by_name[case["id"]].find("system-out").text
        assert f"cites: {', '.join(case['cites'])}" in out
    assert by_name["fx-seed-4-4-chicken-flower"].find("error").get("type") == "crash"
    assert by_name["fx-seed-4-3-knitted"].find("skipped").get("type") == "known"
    # a failure shows the input and names its cause
    failing = [c for c in mixed_log.cases if c["status"] == "fail"][0]
    failure = by_name[failing["id"]].find("failure")
    assert failure.text.startswith("input: " + failing["input"]["hand"])
    assert failure.get("message")


def test_junit_xsd_catches_what_jenkins_rejects():
    """The schema check itself fails on what the old writer produced: <properties> inside a
    <testcase> and a ``skipped`` attribute on <testsuites>."""
    bad = ('<testsuites skipped="1"><testsuite name="a" tests="1" failures="0" errors="0">'
           '<testcase name="x"><properties><property name="cite" value="y"/></properties></testcase>'
           '</testsuite></testsuites>')
    assert len(junit_schema_errors(bad)) == 2


def test_badge(mixed_log, clean_log):
    for log, color in ((mixed_log, "red"), (clean_log, "brightgreen")):
        data = json.loads(badge.render(summarize(log)))
        assert set(data) >= {"schemaVersion", "label", "message", "color"}
        assert data["schemaVersion"] == 1 and data["color"] == color
    assert json.loads(badge.render(summarize(clean_log)))["message"] == "12/12 passed"


def test_write_reports_writes_well_formed_files(mixed_log, tmp_path):
    written = write_reports(mixed_log, tmp_path)
    assert set(written) == set(REPORT_FILES)
    check_page(written["html"].read_text(encoding="utf-8"))
    ET.parse(written["junit"])
    assert junit_schema_errors(written["junit"].read_text(encoding="utf-8")) == []
    json.loads(written["json"].read_text(encoding="utf-8"))
    json.loads(written["badge"].read_text(encoding="utf-8"))
    assert written["markdown"].read_text(encoding="utf-8").startswith("# gb16 certification")


# --------------------------------------------------------------------------- hostile input

def test_hostile_run_log_is_shown_as_text_everywhere(tmp_path):
    """Markup and script from an implementation's metadata and answers, and from a hand-edited
    run log, are escaped in HTML, inert in Markdown, plain in JUnit and the terminal."""
    sys.path.insert(0, str(FIXTURES))
    from hostile import hostile_runlog
    path = hostile_runlog(tmp_path)
    log = runlog.read(path)
    summary = summarize(log)
    page = html_page.render(summary)
    template = (Path(html_page.__file__).parent / "templates" / "report.html").read_text(encoding="utf-8")
    assert page.count("<script") == template.count("<script")          # only the page's own script
    elements = _elements(page)                                          # as a browser's parser sees them
    assert [tag for tag, _ in elements].count("script") == template.count("<script")
    assert not [tag for tag, _ in elements if tag in ("img", "iframe", "object", "embed")]
    for tag, attrs in elements:                                         # no element carries a handler
        assert not [name for name, _ in attrs if name.startswith("on")], (tag, attrs)
        for name, value in attrs:
            if name in ("href", "src", "action", "formaction"):
                assert not (value or "").strip().lower().startswith(("javascript:", "data:")), (tag, value)
    assert "&lt;script&gt;document.documentElement" in page           # shown, as text
    assert "&lt;b onmouseover=alert(1)&gt;python&lt;/b&gt;" in page
    assert "not an http(s) URL" in page                                 # the javascript: url is no link
    md = markdown.render(summary)
    assert "\\<script\\>" in md
    # rendered by a CommonMark renderer that passes raw HTML through (as many do): no element
    # from the payload, no javascript: link
    from markdown_it import MarkdownIt
    rendered = MarkdownIt("commonmark").enable("table").render(md)
    tags = [tag for tag, _ in _elements(rendered)]
    assert not {"script", "img", "svg", "b"} & set(tags) and "a" not in tags, sorted(set(tags))
    assert "&lt;script&gt;document.documentElement" in rendered       # the payload is there, as text
    xml = junit.render(summary)
    ET.fromstring(xml.encode("utf-8"))                                  # well-formed whatever the payload
    assert junit_schema_errors(xml) == []
    text = terminal.render(summary, show="all")
    assert "\x1b" not in text and "\\x1b[31m" in text


def _elements(page: str) -> list[tuple[str, list]]:
    found = []

    class Collect(html.parser.HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.append((tag, attrs))
    Collect().feed(page)
    return found


def test_url_links_only_http_and_https():
    assert html_page.safe_url("https://example.org/scorer") and html_page.safe_url("http://x.y")
    for bad in ("javascript:alert(1)", "JAVASCRIPT:alert(1)", "data:text/html,<b>", "//evil.example/",
                "/relative", "https://a b", " https://x.y", "vbscript:x", "https:alert(1)", None, 5):
        assert html_page.safe_url(bad) is None, bad


def test_a_fan_id_with_markup_in_a_run_log_is_refused(tmp_path, clean_log):
    lines = clean_log.path.read_text(encoding="utf-8").splitlines()
    record = json.loads(lines[1])
    record["actual"]["fans"][0]["id"] = "<img src=x onerror=alert(1)>"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], json.dumps(record, ensure_ascii=False), *lines[2:]]) + "\n", encoding="utf-8")
    with pytest.raises(runlog.RunLogError, match=r"line 2 \(case\).*does not match"):
        runlog.read(bad)
