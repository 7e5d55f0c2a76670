"""JUnit XML of a run, valid against the JUnit schema Jenkins uses (the xUnit plugin's
junit-10.xsd): one <testsuite> per area, one <testcase> per case id.

Failures are <failure>, errors, crashes and timeouts <error>, skipped cases and known
failures <skipped> (like pytest's xfail).  The schema gives a <testcase> no <properties>, so
the case's citations, tier, expectation and input go into its <system-out>, with the
implementation's own message; a failure's ``message`` names its cause (the signature the
reports group failures by).  Text from the implementation or the run log is data: it is
escaped by the XML writer, and characters XML 1.0 cannot hold at all are shown as
``\\xNN``.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

from gb16.tools.differential.families import hand_text
from gb16.tools.reports.case_text import failure_details
from gb16.tools.reports.summary import Summary
from gb16.tools.common.safe_text import printable

_NOT_XML = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f\ud800-\udfff\ufffe\uffff]")


def xml_text(value) -> str:
    """*value* as text XML 1.0 can hold, control and bidirectional characters shown as escapes
    (:func:`printable`; the rest of what XML 1.0 cannot hold, lone surrogates, likewise)."""
    return _NOT_XML.sub(lambda m: f"\\x{ord(m.group(0)):02x}", "" if value is None else printable(str(value)))


def _seconds(value) -> str:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        seconds = 0.0
    return f"{max(seconds, 0.0):.3f}"


def _testcase(suite: ET.Element, case: dict, area: str, labels, summary: Summary) -> None:
    element = ET.SubElement(suite, "testcase", classname=xml_text(f"gb16.{area}"), name=xml_text(case["id"]),
                            time=_seconds(case.get("time", 0)))
    status = case["status"]
    causes = summary.causes(case) if status in ("fail", "error", "crash", "timeout", "known") else None
    details = "\n".join(failure_details(case, labels, causes) + summary.repro_lines(case))
    causes = "; ".join(c.text for c in (causes or [])[:3])
    if status == "fail":
        failure = ET.SubElement(element, "failure", type="fail", message=xml_text(causes or "result differs"))
        failure.text = xml_text(details)
    elif status in ("error", "crash", "timeout"):
        error = ET.SubElement(element, "error", type=status, message=xml_text(case.get("message") or status))
        error.text = xml_text(details)
    elif status == "skipped":
        ET.SubElement(element, "skipped", message=xml_text(case.get("message") or "skipped"))
    elif status == "known":
        ET.SubElement(element, "skipped", type="known",
                      message=xml_text(f"known failure ({case.get('underlying', 'fail')}): {case.get('known', '')}"))
    about = [f"cites: {', '.join(map(str, case.get('cites', [])))}", f"tier: {case.get('tier', '')}",
             f"expectation: {case.get('expectation') if case.get('expectation', 'A') != 'A' else 'the case’s own'}"]
    if case.get("rulings"):
        about.append(f"rulings: {', '.join(map(str, case['rulings']))}")
    if case.get("unexpected_pass"):
        about.append("unexpected pass of a known failure — remove it from the known-failures file")
    if status not in ("fail", "error", "crash", "timeout"):
        about += failure_details(case, labels)
    ET.SubElement(element, "system-out").text = xml_text("\n".join(about))


def render(summary: Summary) -> str:
    counts = summary.counts
    errors = lambda c: c["error"] + c["crash"] + c["timeout"]   # noqa: E731
    root = ET.Element("testsuites", name=xml_text(f"gb16 certification: {summary.impl_label()}"),
                      tests=str(counts["total"]), failures=str(counts["fail"]), errors=str(errors(counts)),
                      time=_seconds(sum(_float(c.get("time")) for c in summary.cases)))
    header = summary.header
    labels = summary.fan_label
    for area, tally in sorted(summary.by_area.items()):
        cases = [c for c in summary.cases if c.get("area", "?") == area]
        suite = ET.SubElement(root, "testsuite", name=xml_text(f"gb16.{area}"), tests=str(tally.total),
                              failures=str(tally.counts["fail"]), errors=str(errors(tally.counts)),
                              skipped=str(tally.counts["skipped"] + tally.counts["known"]),
                              time=_seconds(sum(_float(c.get("time")) for c in cases)),
                              timestamp=xml_text(header.get("started", "")))
        props = ET.SubElement(suite, "properties")
        for name, value in [("implementation", summary.impl_label()),
                            ("corpus_hash", (header.get("corpus") or {}).get("hash", "")),
                            ("git_revision", (header.get("git") or {}).get("revision") or "unknown"),
                            ("runlog_sha256", summary.runlog_sha256),
                            ("verdict", summary.verdict.text)]:
            ET.SubElement(props, "property", name=name, value=xml_text(value))
        for name, value in _class_properties(summary, area):
            ET.SubElement(props, "property", name=name, value=xml_text(value))
        for case in cases:
            _testcase(suite, case, area, labels, summary)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"


def _class_properties(summary: Summary, area: str) -> list[tuple[str, str]]:
    """For a differential run, the classes of disagreement seen in this family (area), one
    property each: hands in all, the difference, what explains it, the shrunk example."""
    section = next((s for s in summary.sections if s.id == "differential"), None)
    if section is None:
        return []
    out = []
    for c in (section.data or {}).get("classes") or []:
        if area not in (c.get("families") or {}):
            continue
        shrunk = (c.get("shrunk") or {}).get("input") or (c.get("example") or {}).get("input")
        try:
            example = hand_text(shrunk)
        except Exception:
            example = str(shrunk)
        explains = ", ".join(f"{label} ×{k}" for label, k in (c.get("attributed") or {}).items())
        out.append((f"differential_class:{c.get('key')}",
                    f"{'known' if c.get('explained') else 'NEW'} · {c.get('count')} hands "
                    f"({c['families'][area]} here) · {c.get('label')} · explained by {explains or '—'} · "
                    f"shrunk example {example}"))
    return out


def _float(value) -> float:
    try:
        return max(float(value), 0.0)
    except (TypeError, ValueError):
        return 0.0
