"""What every report says, computed once from a run log: counts, the verdict, the tables per
area, fan, clause and tier, and the display form of hands (tiles as Unicode glyphs).

The renderers (terminal, markdown, html_page, json_report, junit,
badge) only lay this out; none of them reads anything but the run log.
"""

from __future__ import annotations

import hashlib
import json
import re
import shlex
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Iterable

from gb16.tools.harness import runlog
from gb16.tools.harness.compare import describe, fans_involved
from gb16.tools.harness.runlog import FAILING, STATUSES, RunLog
from gb16.tools.safe_text import printable  # noqa: F401  (the reports' name for it)


# --------------------------------------------------------------------------- verdict

@dataclass
class Verdict:
    key: str        # "conforms" | "known" | "fails" | "incomplete" | "empty"
    text: str
    color: str      # shields.io colour name


def verdict(counts: dict[str, int], complete: bool = True, selected: int | None = None,
            violations: int = 0, stopped: dict | None = None, attribution=None) -> Verdict:
    """The one-line answer a referee can cite.

    A run that did not reach its footer is ``incomplete: N of M`` whatever its cases say — an
    interrupted run is never a pass; protocol violations make a run fail even when every
    case passed.  With an *attribution* (tools/harness/attribution.py) the line says what
    the implementation conforms to — seed000, seed000 with an option, an edition — and what
    explains its failures."""
    failing = sum(counts.get(s, 0) for s in FAILING)
    judged = counts.get("total", 0) - counts.get("skipped", 0)
    skipped = f"; {counts['skipped']} skipped" if counts.get("skipped") else ""
    broken = f"; {violations} protocol violation{'s' if violations != 1 else ''}" if violations else ""
    if not complete:
        of = f" of {selected}" if isinstance(selected, int) else ""
        so_far = f"; {failing} failed so far" if failing else ""
        return Verdict("incomplete", f"incomplete: {counts.get('total', 0)}{of} cases recorded (the run was "
                                     f"interrupted){so_far}{broken}", "lightgrey")
    if attribution is not None and judged and not violations and not counts.get("known") and not stopped:
        return Verdict("fails" if failing else "conforms", attribution.verdict_text(judged, failing, skipped),
                       "red" if failing else "brightgreen")
    if failing or violations:
        what = f"{failing} of {judged} judged cases failed" if failing else f"all {judged} judged cases passed"
        stop = f"; stopped early, {stopped['not_run']} cases not run ({stopped['reason']})" if stopped else ""
        return Verdict("fails", f"does not conform: {what}{broken}{skipped}{stop}", "red")
    if judged == 0:
        return Verdict("empty", f"nothing was judged{skipped}", "lightgrey")
    if counts.get("known"):
        return Verdict("known", f"conforms except {counts['known']} known failures "
                                f"({counts['pass']} of {judged} judged cases passed){skipped}", "yellow")
    return Verdict("conforms", f"conforms: all {judged} judged cases passed{skipped}", "brightgreen")


# --------------------------------------------------------------------------- tallies

@dataclass
class Tally:
    """Cases per status for one row of a table (an area, a fan, a clause, a tier)."""

    key: str
    counts: dict[str, int] = field(default_factory=lambda: {s: 0 for s in STATUSES})
    ids: list[str] = field(default_factory=list)

    def add(self, case: dict) -> None:
        self.counts[case["status"]] += 1
        self.ids.append(case["id"])

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def failed(self) -> int:
        return sum(self.counts[s] for s in FAILING)

    @property
    def judged(self) -> int:
        return self.total - self.counts["skipped"]

    def rate(self) -> str:
        return f"{100 * self.counts['pass'] / self.judged:.0f}%" if self.judged else "—"

    def row(self) -> dict[str, Any]:
        return {"cases": self.total, "pass": self.counts["pass"], "failed": self.failed,
                "known": self.counts["known"], "skipped": self.counts["skipped"]}


def tally_by(cases: Iterable[dict], keys_of) -> dict[str, Tally]:
    """Tallies keyed by every key ``keys_of(case)`` yields, in first-seen order."""
    tallies: dict[str, Tally] = {}
    for case in cases:
        for key in keys_of(case):
            tallies.setdefault(key, Tally(key)).add(case)
    return tallies


@dataclass
class Summary:
    """Everything a report shows about one run."""

    log: RunLog
    counts: dict[str, int]
    verdict: Verdict
    by_area: dict[str, Tally]
    by_tier: dict[str, Tally]
    by_fan: dict[str, Tally]
    by_clause: dict[str, Tally]
    fans: dict[str, dict]
    clauses: dict[str, dict]
    runlog_sha256: str
    attribution: Any = None      # tools/harness/attribution.Attribution
    #: The run's own sections, shown by every format: results by feature and capability, and a
    #: differential run's classes (tools/reports/run_sections.py).
    sections: list = field(default_factory=list)

    @property
    def header(self) -> dict:
        return self.log.header

    @property
    def impl(self) -> dict:
        return self.log.header.get("implementation", {})

    @property
    def cases(self) -> list[dict]:
        return self.log.cases

    def failures(self) -> list[dict]:
        return [c for c in self.log.cases if c["status"] in FAILING]

    def not_compared(self) -> dict[str, dict[str, int]]:
        """Per capability the implementation declared absent: in how many cases a field was
        left out of the comparison (``fields``) and how many cases were not sent (``cases``)."""
        found: dict[str, dict[str, int]] = {}
        for case in self.log.cases:
            for entry in case.get("uncompared") or []:
                found.setdefault(entry["capability"], {"fields": 0, "cases": 0})["fields"] += 1
            for capability in case.get("needs") or []:
                found.setdefault(capability, {"fields": 0, "cases": 0})["cases"] += 1
        return found

    def not_compared_text(self) -> str | None:
        """"not compared (capabilities declared absent): waits in 3 cases (judged on the rest); …"."""
        parts = []
        for capability, n in self.not_compared().items():
            if n["fields"]:
                parts.append(f"{capability} in {n['fields']} cases (judged on the rest)")
            if n["cases"]:
                parts.append(f"{n['cases']} cases needing {capability} not sent")
        return ("not compared, for capabilities the implementation declares it lacks: " + "; ".join(parts)
                + " — none of this counts as a pass of those capabilities") if parts else None

    def failure_groups(self) -> list["FailureGroup"]:
        """The failures grouped by cause, most frequent first."""
        return group_failures(self.failures(), self.fan_label)

    def unexpected_passes(self) -> list[dict]:
        return [c for c in self.log.cases if c.get("unexpected_pass")]

    def fan_label(self, fan_id: str) -> str:
        fan = self.fans.get(fan_id)
        if not fan or not (fan.get("zh") or fan.get("en")):
            return str(fan_id)
        return " ".join(str(fan[k]) for k in ("zh", "en") if fan.get(k))

    def impl_label(self) -> str:
        impl = self.impl
        return f"{impl.get('name', '?')} {impl.get('version', '')} ({impl.get('language', '?')})".strip()

    def declared_rulings(self) -> str:
        from gb16.tools.harness.compare import default_option
        rulings = self.impl.get("rulings") or {}
        others = {k: v for k, v in sorted(rulings.items()) if v != default_option(k)}
        edition = self.impl.get("edition")
        if not others:
            text = "the project's reading of every open ruling (the reference's)"
        else:
            text = ", ".join(f"{k}:{v}" for k, v in others.items()) + "; the project's reading elsewhere"
        return text + (f"; edition {edition}" if edition else "")

    def progress_note(self) -> str | None:
        """Why the run is not complete, if it is not."""
        if self.log.complete:
            return None
        selected = self.log.header.get("selected")
        done = len(self.log.cases)
        spec = self.log.header.get("impl_spec")
        spec = shlex.quote(spec) if isinstance(spec, str) else "SPEC"
        return (f"incomplete run: {done} of {selected} cases recorded (interrupted; "
                f"continue it with `gb16 certify --resume --impl {spec} --out {self.log.path}`)")


def summarize(log: RunLog) -> Summary:
    cases = log.cases
    counts = runlog.count_statuses(cases)
    fans = {fan["id"]: fan for fan in log.header.get("fans", [])}
    fan_order = {fan_id: i for i, fan_id in enumerate(fans)}
    by_fan = tally_by(cases, lambda c: sorted(fans_involved(c.get("expected")),
                                              key=lambda f: (fan_order.get(f, 999), f)))
    by_fan = dict(sorted(by_fan.items(), key=lambda kv: (fan_order.get(kv[0], 999), kv[0])))
    by_clause = tally_by(cases, lambda c: c.get("cites", []))
    by_clause = dict(sorted(by_clause.items(), key=lambda kv: clause_sort_key(kv[0])))
    from gb16.tools.harness import attribution as attribution_module
    attribution = attribution_module.for_log(log) if log.complete else None
    for case in cases:
        line = attribution.case_line(case["id"]) if attribution else None
        if line:
            case["attribution"] = line
    from gb16.tools.reports import run_sections
    sections = [s for s in (run_sections.attribution_section(log, attribution), run_sections.differential_section(log),
                            run_sections.features_section(log)) if s]
    return Summary(
        log=log, counts=counts, attribution=attribution, sections=sections,
        verdict=verdict(counts, log.complete, log.header.get("selected"), len(log.violations),
                        (log.footer or {}).get("stopped"), attribution),
        by_area=tally_by(cases, lambda c: [c.get("area", "?")]),
        by_tier=tally_by(cases, lambda c: [c.get("tier", "?")]),
        by_fan=by_fan, by_clause=by_clause, fans=fans,
        clauses=log.header.get("clauses", {}),
        runlog_sha256=runlog.file_sha256(log.path))


_CHINESE_NUMERALS = {c: i for i, c in enumerate("〇一二三四五六七八九十", 0)}


def _numeral(text: str) -> int:
    """一 → 1 … 十 → 10, 十一 → 11, 二十八 → 28; ASCII digits as they are."""
    if text.isdigit():
        return int(text)
    if "十" in text:
        tens, _, units = text.partition("十")
        return (_CHINESE_NUMERALS.get(tens, 1) if tens else 1) * 10 + (_CHINESE_NUMERALS.get(units, 0) if units else 0)
    return _CHINESE_NUMERALS.get(text, 0)


def clause_sort_key(anchor: str) -> tuple:
    """Order anchors by source, then section and number as numbers (§二.2 before §二.10)."""
    source, _, rest = anchor.partition(" ")
    parts = re.findall(r"[0-9]+|[〇一二三四五六七八九十]+|[^0-9〇一二三四五六七八九十]+", rest)
    key = []
    for part in parts:
        if part.isdigit() or all(ch in _CHINESE_NUMERALS for ch in part):
            key.append((0, _numeral(part), ""))
        else:
            key.append((1, 0, part))
    return ({"seed000": 0, "xinbian": 1, "mil": 2}.get(source, 3), source, key)


def clause_id(anchor: str) -> str:
    """A stable HTML id for a clause anchor."""
    return "clause-" + hashlib.sha1(anchor.encode("utf-8")).hexdigest()[:10]


def case_anchor(case_id: str) -> str:
    return "case-" + case_id


# --------------------------------------------------------------------------- hands

#: Unicode mahjong tiles: 🀇–🀏 万 1–9, 🀐–🀘 条 1–9, 🀙–🀡 筒 1–9; honours 东南西北 中 白 发.
_SUIT_BASE = {"m": 0x1F007, "s": 0x1F010, "p": 0x1F019}
_HONOURS = {1: "\U0001F000", 2: "\U0001F001", 3: "\U0001F002", 4: "\U0001F003",
            5: "\U0001F004", 6: "\U0001F006", 7: "\U0001F005"}
_HONOUR_LETTERS = {"E": 1, "S": 2, "W": 3, "N": 4, "C": 5, "P": 6, "F": 7}
_TILE_NAMES = {"m": "万", "p": "筒", "s": "条"}
_HONOUR_NAMES = {1: "东", 2: "南", 3: "西", 4: "北", 5: "中", 6: "白", 7: "发"}


def tile_glyph(tile: str) -> str:
    """"1m" → 🀇, "5z" → 🀄 (中), "6z" → 🀆 (白), "7z" → 🀅 (发); anything else unchanged."""
    if len(tile) == 2 and tile[0].isdigit():
        number, suit = int(tile[0]), tile[1]
        if suit in _SUIT_BASE and 1 <= number <= 9:
            return chr(_SUIT_BASE[suit] + number - 1)
        if suit == "z" and number in _HONOURS:
            return _HONOURS[number]
    return tile


def tile_name(tile: str) -> str:
    """"1m" → "1万", "5z" → "中"."""
    if len(tile) == 2 and tile[0].isdigit():
        number, suit = int(tile[0]), tile[1]
        if suit in _TILE_NAMES:
            return f"{number}{_TILE_NAMES[suit]}"
        if suit == "z" and number in _HONOUR_NAMES:
            return _HONOUR_NAMES[number]
    return tile


@dataclass
class HandGroup:
    kind: str            # "concealed" | "exposed" | "kong"  (standing tiles, [..] melds, {..} kongs)
    tiles: list[str]


def parse_hand_for_display(hand: Any) -> tuple[list[HandGroup], str] | None:
    """Split a hand string into display groups and its suffix (e.g. "，点和5z").

    Display only — never used for scoring; returns None when the string cannot be read
    (invalid-notation cases), and the caller shows the raw string.
    """
    if not isinstance(hand, str):
        return None
    text, suffix = hand, ""
    match = re.search(r"[，,]\s*(点和|自摸)\s*(\S+)\s*$", hand)
    if match:
        text, suffix = hand[:match.start()], hand[match.start():]
    groups: list[HandGroup] = []
    loose: list[str] = []
    for match in re.finditer(r"\[([^\[\]{}]*)\]|\{([^\[\]{}]*)\}|([^\[\]{}]+)|(.)", text):
        if match.group(4):
            return None
        body = match.group(1) if match.group(1) is not None else match.group(2) if match.group(2) is not None else match.group(3)
        tiles = _tiles(body)
        if tiles is None:
            return None
        if match.group(3) is not None:
            loose.extend(tiles)
        else:
            if not tiles:
                return None
            groups.append(HandGroup("exposed" if match.group(1) is not None else "kong", tiles))
    if loose:
        groups.insert(0, HandGroup("concealed", loose))
    return groups, suffix


def _tiles(body: str) -> list[str] | None:
    tiles, digits = [], []
    for ch in body:
        if ch.isspace():
            continue
        if ch.isdigit():
            digits.append(ch)
        elif ch in "mpsz":
            if not digits:
                return None
            tiles.extend(d + ch for d in digits)
            digits = []
        elif ch in _HONOUR_LETTERS:
            if digits:
                return None
            tiles.append(f"{_HONOUR_LETTERS[ch]}z")
        else:
            return None
    return None if digits else tiles


def input_summary(case_input: Any) -> str:
    """The non-default input fields of a case, e.g. ``discard 5z · prevalent S · flowers 1``."""
    if not isinstance(case_input, dict):
        return repr(case_input)
    parts = []
    for key, value in case_input.items():
        if key == "hand":
            continue
        if key in ("last_of_kind", "last_tile", "kong_replacement", "robbing_kong"):
            if value is True:
                parts.append(key)
            elif value is not False:
                parts.append(f"{key}={value!r}")
        else:
            parts.append(f"{key}={value}" if not isinstance(value, str) else f"{key}={value}")
    return " · ".join(parts)


# printable (gb16.tools.safe_text): the one escaping of others' text for a terminal, which every
# report format applies before its own escaping too.


# --------------------------------------------------------------------------- result text

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


def diff_lines(case: dict) -> list[str]:
    """The case's differences, or the reason it has no result, as short lines, with what the
    implementation itself said."""
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
    return f"input: {case_input.get('hand')}" + (f" · {extra}" if extra else "")


def failure_details(case: dict, labels=None) -> list[str]:
    """Everything a person needs to act on one failure: the input, the expectation, the
    answer, each difference and the implementation's own message."""
    return [input_line(case), f"expected ({case.get('expectation', 'A')}): {expected_text(case.get('expected'), labels)}",
            f"actual: {actual_text(case, labels)}"] + diff_lines(case)


_NUMBERS = re.compile(r"\d+(\.\d+)?")


def failure_signatures(case: dict, labels=None) -> list[str]:
    """The causes of one failing case, each a short phrase shared by every case with the same
    cause ("单钓将 Single Wait missing", "total differs", "timeout"), for grouping."""
    labels = labels or str
    status = case.get("underlying") if case["status"] == "known" else case["status"]
    if status != "fail":
        message = _NUMBERS.sub("N", str(case.get("message") or status))
        return [f"{status}: {message}"[:160]]
    found = []
    for entry in case.get("diff", []):
        field = str(entry.get("field", ""))
        if field.startswith("fans."):
            found.append(f"{labels(field[5:])} {entry.get('note') or 'differs'}".split(" (none of")[0])
        elif field in ("total", "fan_points", "meets_minimum", "waits"):
            found.append(f"{field} differs")
        elif field == "result":
            found.append(f"an error ({entry.get('actual')}) instead of a score")
        elif field == "error":
            found.append(f"error {entry.get('expected')} expected, got {entry.get('actual')}")
        else:
            found.append(f"{field} differs")
    return list(dict.fromkeys(found)) or ["result differs"]


@dataclass
class FailureGroup:
    signature: str
    count: int
    ids: list[str]


def group_failures(cases: Iterable[dict], labels=None) -> list[FailureGroup]:
    """Failing cases grouped by cause, most frequent first (a case with two causes counts in both)."""
    groups: dict[str, FailureGroup] = {}
    for case in cases:
        for signature in failure_signatures(case, labels):
            group = groups.setdefault(signature, FailureGroup(signature, 0, []))
            group.count += 1
            group.ids.append(case["id"])
    return sorted(groups.values(), key=lambda g: (-g.count, g.signature))


# --------------------------------------------------------------------------- writing every format

REPORT_FILES = {"markdown": "report.md", "html": "report.html", "json": "summary.json",
                "junit": "junit.xml", "badge": "badge.json"}


def write_reports(log: RunLog, directory: Path | str, formats: Iterable[str] = tuple(REPORT_FILES)) -> dict[str, Path]:
    """Render *log* into *directory* in each format; returns format → path written."""
    from gb16.tools.reports import badge
    from gb16.tools.reports import html_page
    from gb16.tools.reports import json_report
    from gb16.tools.reports import junit
    from gb16.tools.reports import markdown

    renderers = {"markdown": markdown.render, "html": html_page.render, "json": json_report.render,
                 "junit": junit.render, "badge": badge.render}
    directory = Path(directory)
    directory.mkdir(parents=True, exist_ok=True)
    summary = summarize(log)
    written = {}
    for fmt in formats:
        path = directory / REPORT_FILES[fmt]
        path.write_text(renderers[fmt](summary), encoding="utf-8")
        written[fmt] = path
    return written


# --------------------------------------------------------------------------- extra sections

@dataclass
class Section:
    """A report section given as data, so Markdown, HTML and JSON render the same content.

    ``blocks`` holds ``("p", text)``, ``("table", headers, rows)``, ``("pre", text)`` and
    ``("list", items)`` entries; every cell and item is plain text.
    """

    id: str
    title: str
    blocks: list[tuple] = field(default_factory=list)
    status: str | None = None   # "pass" | "fail" | "unavailable" | None: shown beside the title
    data: Any = None            # the raw records, for the JSON summary

    def p(self, text: str) -> "Section":
        self.blocks.append(("p", text))
        return self

    def table(self, headers: list[str], rows: list[list[Any]]) -> "Section":
        self.blocks.append(("table", headers, rows))
        return self

    def pre(self, text: str) -> "Section":
        self.blocks.append(("pre", text))
        return self

    def items(self, items: list[str]) -> "Section":
        self.blocks.append(("list", items))
        return self
