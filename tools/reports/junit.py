"""JUnit XML of a run: one <testcase> per case id, grouped by area, with the clause
citations, tier and expectation as <properties>.  Known failures are reported as skipped
(like pytest's xfail); failures as <failure>, errors, crashes and timeouts as <error>."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from gb16.tools.reports.common import Summary, actual_text, diff_lines, expected_text


def _properties(parent: ET.Element, pairs: list[tuple[str, str]]) -> None:
    if pairs:
        props = ET.SubElement(parent, "properties")
        for name, value in pairs:
            ET.SubElement(props, "property", name=name, value=str(value))


def _testcase(suite: ET.Element, case: dict, area: str) -> None:
    element = ET.SubElement(suite, "testcase", classname=f"gb16.{area}", name=case["id"],
                            time=f"{case.get('time', 0):.3f}")
    pairs = [("cite", cite) for cite in case.get("cites", [])]
    pairs += [("tier", case.get("tier", "")), ("expectation", case.get("expectation", "A"))]
    pairs += [("ruling", r) for r in case.get("rulings", [])]
    if case.get("unexpected_pass"):
        pairs.append(("unexpected_pass", "true"))
    _properties(element, pairs)
    status = case["status"]
    text = "\n".join([f"expected: {expected_text(case.get('expected'))}",
                      f"actual: {actual_text(case)}"] + diff_lines(case))
    if status == "fail":
        failure = ET.SubElement(element, "failure", type="fail",
                                message="; ".join(diff_lines(case)[:3]) or "result differs")
        failure.text = text
    elif status in ("error", "crash", "timeout"):
        error = ET.SubElement(element, "error", type=status, message=case.get("message") or status)
        error.text = text
    elif status == "skipped":
        ET.SubElement(element, "skipped", message=case.get("message") or "skipped")
    elif status == "known":
        ET.SubElement(element, "skipped", type="known",
                      message=f"known failure ({case.get('underlying', 'fail')}): {case.get('known', '')}")


def render(summary: Summary) -> str:
    counts = summary.counts
    root = ET.Element("testsuites", name=f"gb16 certification: {summary.impl_label()}",
                      tests=str(counts["total"]), failures=str(counts["fail"]),
                      errors=str(counts["error"] + counts["crash"] + counts["timeout"]),
                      skipped=str(counts["skipped"] + counts["known"]),
                      time=f"{sum(c.get('time', 0) for c in summary.cases):.3f}")
    header = summary.header
    for area, tally in sorted(summary.by_area.items()):
        cases = [c for c in summary.cases if c.get("area", "?") == area]
        suite = ET.SubElement(root, "testsuite", name=f"gb16.{area}", tests=str(tally.total),
                              failures=str(tally.counts["fail"]),
                              errors=str(tally.counts["error"] + tally.counts["crash"] + tally.counts["timeout"]),
                              skipped=str(tally.counts["skipped"] + tally.counts["known"]),
                              time=f"{sum(c.get('time', 0) for c in cases):.3f}",
                              timestamp=header.get("started", ""))
        _properties(suite, [("implementation", summary.impl_label()),
                            ("corpus_hash", header.get("corpus", {}).get("hash", "")),
                            ("git_revision", header.get("git", {}).get("revision") or "unknown"),
                            ("runlog_sha256", summary.runlog_sha256)])
        for case in cases:
            _testcase(suite, case, area)
    ET.indent(root)
    return '<?xml version="1.0" encoding="UTF-8"?>\n' + ET.tostring(root, encoding="unicode") + "\n"
