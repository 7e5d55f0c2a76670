"""One case of a run log in words: its input, the expectation, the implementation's answer,
each difference and what the implementation itself said, and the causes a failure is
grouped by.  Plain text, shared by every format."""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any, Iterable

from gb16.reference.hand import FLAGS
from gb16.tools.harness.causes import Cause, failure_causes
from gb16.tools.harness.compare import READING_FIELDS, describe


def input_summary(case_input: Any) -> str:
    """The non-default input fields of a case, e.g. ``discard 5z · prevalent S · flowers 1``."""
    if not isinstance(case_input, dict):
        return _one_line(case_input)   # JSON, never a Python repr
    parts = []
    for key, value in case_input.items():
        if key == "hand":
            continue
        if key in FLAGS:
            if value is True:
                parts.append(key)
            elif value is not False:
                parts.append(f"{key}={_one_line(value)}")
        else:
            parts.append(f"{key}={value}" if not isinstance(value, str) else f"{key}={value}")
    return " · ".join(parts)


def fans_text(fans: dict[str, int] | None, labels=None) -> str:
    if not fans:
        return "(none)"
    labels = labels or (lambda f: f)
    return ", ".join(labels(f) + (f" ×{n}" if n > 1 else "") for f, n in fans.items())


def expected_text(expected: dict | None, labels=None) -> str:
    """An expectation in one line: ``total 28 (fans 28) · min ✓ · 组合龙, …``."""
    if expected is None:
        return "—"
    if "error" in expected:
        return f"error {expected['error']}"
    parts = [f"total {expected['total']} (fans {expected['fan_points']})",
             "≥8 yes" if expected["meets_minimum"] else "≥8 no"]
    if "fans" in expected:
        parts.append(fans_text(expected["fans"], labels))
    else:
        parts.append(" | ".join(fans_text(o, labels) for o in expected["fans_one_of"]) + " (any one)")
    if expected.get("absent"):
        parts.append("absent: " + ", ".join((labels or str)(f) for f in expected["absent"]))
    if "waits" in expected:
        parts.append("waits " + (" ".join(expected["waits"]) or "(none)"))
    return " · ".join(parts)


def actual_text(case: dict, labels=None) -> str:
    """The implementation's answer in one line, or what happened instead."""
    actual = case.get("actual")
    if isinstance(actual, dict):
        if actual.get("ok") is False:
            return f"error {(actual.get('error') or {}).get('code')}"
        if actual.get("ok"):
            fans = {}
            for fan in actual.get("fans", []):
                fans[fan["id"]] = fans.get(fan["id"], 0) + fan["count"]
            parts = [f"total {actual.get('total')} (fans {actual.get('fan_points')})",
                     "≥8 yes" if actual.get("meets_minimum") else "≥8 no", fans_text(fans, labels)]
            if "waits" in actual and "waits" in (case.get("expected") or {}):
                parts.append("waits " + (" ".join(actual["waits"]) or "(none)"))
            return " · ".join(parts)
    return f"(no result: {case['status']})"


def _one_line(value: Any, limit: int = 300) -> str:
    if isinstance(value, str):
        text = value
    else:
        try:
            text = json.dumps(value, ensure_ascii=False)
        except (TypeError, ValueError):
            text = repr(value)
    text = " ".join(text.split())
    return text if len(text) <= limit else text[:limit] + "…"


def implementation_message(case: dict) -> list[str]:
    """What the implementation itself said about the case: the message of an error result,
    the context of an ``errored`` response (its last lines, for a traceback), the tail of its
    standard error for a crash or timeout."""
    lines = []
    actual = case.get("actual")
    if isinstance(actual, dict) and actual.get("ok") is False:
        error = actual.get("error") if isinstance(actual.get("error"), dict) else {}
        if error.get("message"):
            lines.append(f"implementation's message: {_one_line(error['message'])}")
    context = case.get("context")
    if case["status"] in ("error", "known") and context is not None and not isinstance(context, dict):
        text = str(context).strip().splitlines()
        lines.append("implementation's context: " + (" | ".join(t.strip() for t in text[-3:]) if text else "(empty)"))
    elif case["status"] in ("error", "known") and isinstance(context, dict) and "stderr_tail" not in context:
        lines.append(f"implementation's context: {_one_line(context)}")
    if isinstance(context, dict) and context.get("stderr_tail"):
        tail = [str(line) for line in context["stderr_tail"] if str(line).strip()][-3:]
        if tail:
            lines.append("its standard error ended: " + " | ".join(_one_line(t, 160) for t in tail))
    return lines


def diff_lines(case: dict, causes: list[Cause] | None = None) -> list[str]:
    """The case's differences — its *causes* when given (:func:`case_causes`), else the raw
    field-by-field entries — or the reason it has no result, as short lines, with what the
    implementation itself said."""
    if causes is not None and case.get("diff"):
        lines = [cause.text for cause in causes]
    else:
        lines = [describe(entry) for entry in case.get("diff", [])]
    if case.get("attribution"):
        lines.append(case["attribution"])
    if case["status"] in ("error", "crash", "timeout", "skipped") and case.get("message"):
        lines.append(case["message"])
    if case.get("offending_line"):
        lines.append(f"offending line: {case['offending_line']}")
    lines += implementation_message(case)
    if case.get("uncompared"):
        lines.append("not compared: " + ", ".join(f"{entry['field']} (needs {entry['capability']})"
                                                  for entry in case["uncompared"]))
    if case.get("known"):
        lines.append(f"known failure: {case['known']}")
    if case.get("unexpected_pass"):
        lines.append("unexpected pass of a known failure — remove it from the known-failures file")
    return lines


def input_line(case: dict) -> str:
    """The case's input in one line: the hand and its non-default fields (winds, flags …)."""
    case_input = case.get("input")
    if not isinstance(case_input, dict):
        return f"input: {_one_line(case_input)}"
    extra = input_summary(case_input)
    hand = case_input.get("hand")
    hand = "(no hand)" if hand is None else hand if isinstance(hand, str) else _one_line(hand)
    return f"input: {hand}" + (f" · {extra}" if extra else "")


def expected_heading(case: dict) -> str:
    """"expected", or what the expectation is when it is not the case's own: "expected under
    R-009:A" (an open ruling's option the implementation follows), "expected (the reference's
    answer)" (a differential hand) — never a bare "(A)", which would read like a ruling's option."""
    label = case.get("expectation") or "A"
    if label == "A":
        return "expected"
    if label == "reference":
        return "expected (the reference's answer)"
    return f"expected under {label}"


def failure_details(case: dict, labels=None, causes: list[Cause] | None = None) -> list[str]:
    """Everything a person needs to act on one failure: the input, the expectation, the
    answer, each difference (its *causes* when given) and the implementation's own message."""
    return [input_line(case), f"{expected_heading(case)}: {expected_text(case.get('expected'), labels)}",
            f"actual: {actual_text(case, labels)}"] + diff_lines(case, causes)


#: A number standing alone in a message ("within 5 s", "line 12"), grouped as N; digits within a
#: word, a pattern or an escape ("[a-z0-9_]", "\\x0b", "R-009", "1e30") are left as they are.
_NUMBERS = re.compile(r"(?<![\w\\.\-])\d+(\.\d+)?(?![\w\-]|\.\d)")


def case_causes(case: dict, fans: dict[str, dict], points=None) -> list[Cause]:
    """The causes of one failing case (gb16.tools.harness.causes): per fan for a wrong answer
    ("缺一门 One Voided Suit: 2 points, expected 1", "missing 单钓将 Single Wait"), the status and
    message for an error, crash or timeout.  Only what the comparison compared: a field left
    out for a capability the implementation lacks, or waits the diff does not name, is not a cause."""
    status = case.get("underlying") if case["status"] == "known" else case["status"]
    if status != "fail":
        message = str(case.get("message") or status)
        return [Cause(f"{status}: {message}", f"{status}: {_NUMBERS.sub('N', message)}"[:160])]
    diff = case.get("diff") or []
    skip = {str(entry.get("field")) for entry in case.get("uncompared") or [] if isinstance(entry, dict)}
    if not any(entry.get("field") == "waits" for entry in diff):
        skip.add("waits")
    causes = failure_causes(case.get("expected"), case.get("actual"), fans, points, skip)
    raw = [Cause(describe(entry), f"{entry.get('field')} differs", _about(entry)) for entry in diff]
    if causes:   # the score's causes, and what the case states of the chosen reading (not in the score)
        return causes + [c for c in raw if c.about in READING_FIELDS]
    return raw or [Cause("result differs", "result differs")]


def _about(entry: dict) -> str:
    """What a raw diff entry is about: the fan id of ``fans.<id>``, else its field."""
    field = str(entry.get("field"))
    return field[len("fans."):] if field.startswith("fans.") else field


@dataclass
class FailureGroup:
    signature: str       # the cause's group phrase
    count: int
    ids: list[str]


def group_failures(cases: Iterable[dict], causes_of) -> list[FailureGroup]:
    """Failing cases grouped by cause (*causes_of*: a case's causes), most frequent first (a
    case with two causes counts in both)."""
    groups: dict[str, FailureGroup] = {}
    for case in cases:
        for signature in dict.fromkeys(cause.group for cause in causes_of(case)):
            group = groups.setdefault(signature, FailureGroup(signature, 0, []))
            group.count += 1
            group.ids.append(case["id"])
    return sorted(groups.values(), key=lambda g: (-g.count, g.signature))
