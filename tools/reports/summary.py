"""What every report says about one run, computed once from its run log as the command read and
judged it (tools/harness/judging.py): the counts, the verdict, the tallies per area, tier, fan
and clause, the failures grouped by cause and the run's own sections.

The renderers (terminal, markdown, html_page, json_report, junit, badge) only lay a
:class:`Summary` out; none of them reads anything but the run log.
"""

from __future__ import annotations

import re
import shlex
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any, Iterable

from gb16 import corpus as corpus_package
from gb16.tools.referee.explain_text import explain_command
from gb16.tools.harness.declaration import declared_rules
from gb16.tools.harness import provenance, runlog
from gb16.tools.harness.compare import READING_FIELDS, default_option, fans_involved
from gb16.tools.harness.runlog import FAILING, STATUSES, RunLog
from gb16.tools.reports import run_sections
from gb16.tools.harness.causes import Cause
from gb16.tools.reports.case_text import FailureGroup, case_causes, group_failures
from gb16.tools.reports.verdict import Verdict, skip_reasons, verdict


#: What a case came to: its status, and for a failure whether it is a bug, a difference
#: attributed to an open ruling's option or an edition delta, or a bug that a contested
#: candidate would explain (tools/harness/attribution.py).  Every page and format marks these.
JUDGEMENTS = ("pass", "bug", "contested", "attributed", "known", "skipped")
#: A failure's judgements (the ones counted as failures).
FAILURE_KINDS = ("bug", "contested", "attributed")


@dataclass(frozen=True)
class Judgement:
    """One case judged: ``kind`` (one of :data:`JUDGEMENTS`) and, for an attributed or contested
    failure, what it is attributed to or what would explain it (``to``)."""

    kind: str
    to: str = ""

    @property
    def text(self) -> str:
        """``bug``, ``attributed to no-all-chows-with-knitted``, ``contested (R-009:A would explain it)``…"""
        if self.kind == "attributed":
            return f"attributed to {self.to}"
        if self.kind == "contested":
            return f"bug, contested ({self.to} would explain it but is contradicted)"
        return {"known": "known failure"}.get(self.kind, self.kind)

    @property
    def short(self) -> str:
        """A badge's word: ``bug``, ``≈ no-all-chows-with-knitted``, ``bug?``."""
        return {"attributed": f"≈ {self.to}", "contested": "bug?", "known": "known"}.get(self.kind, self.kind)


@dataclass
class Tally:
    """Cases per status for one row of a table (an area, a fan, a clause, a tier), and the
    failures among them by judgement (bug, contested, attributed)."""

    key: str
    counts: dict[str, int] = field(default_factory=lambda: {s: 0 for s in STATUSES})
    ids: list[str] = field(default_factory=list)
    kinds: dict[str, int] = field(default_factory=lambda: {k: 0 for k in FAILURE_KINDS})
    failing_ids: list[str] = field(default_factory=list)

    def add(self, case: dict, status: str | None = None, kind: str | None = None) -> None:
        """Count *case* here as *status* (its own unless given: a failing case counts as a pass
        of a fan its answer got right) with its failure's *kind*."""
        status = status or case["status"]
        self.counts[status] += 1
        self.ids.append(case["id"])
        if status in FAILING:
            self.failing_ids.append(case["id"])
            self.kinds[kind if kind in self.kinds else "bug"] += 1

    @property
    def total(self) -> int:
        return sum(self.counts.values())

    @property
    def failed(self) -> int:
        return sum(self.counts[s] for s in FAILING)

    @property
    def bugs(self) -> int:
        """Failures no taken candidate explains (contested ones included)."""
        return self.kinds["bug"] + self.kinds["contested"]

    @property
    def judged(self) -> int:
        return self.total - self.counts["skipped"]

    def rate(self) -> str:
        return f"{100 * self.counts['pass'] / self.judged:.0f}%" if self.judged else "—"

    def row(self) -> dict[str, Any]:
        return {"cases": self.total, "pass": self.counts["pass"], "failed": self.failed,
                "known": self.counts["known"], "skipped": self.counts["skipped"], "bugs": self.bugs,
                "contested": self.kinds["contested"], "attributed": self.kinds["attributed"]}


def tally_by(cases: Iterable[dict], keys_of, kind_of=None) -> dict[str, Tally]:
    """Tallies keyed by every key ``keys_of(case)`` yields, in first-seen order; *kind_of* gives a
    failing case's judgement (bug when not given)."""
    tallies: dict[str, Tally] = {}
    for case in cases:
        for key in keys_of(case):
            tallies.setdefault(key, Tally(key)).add(case, kind=kind_of(case) if kind_of else None)
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
    attribution: Any = None      # tools/harness/attribution.Attribution, as the run log stores it
    #: The run's own sections, shown by every format: results by feature and capability, and a
    #: differential run's classes (tools/reports/run_sections.py).
    sections: list = field(default_factory=list)
    #: What a reader of any report must know before trusting it: the run's own warnings, the
    #: reading's (a repeated case, answers not kept whole), a corpus that changed since the run.
    warnings: list[str] = field(default_factory=list)
    _causes: dict = field(default_factory=dict, repr=False)

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

    def judgement(self, case: dict) -> Judgement:
        """What *case* came to (:class:`Judgement`), from the attribution the run log stores."""
        status = case["status"]
        if status not in FAILING:
            return Judgement(status)
        found, case_id = self.attribution, case["id"]
        if found is not None and case_id in found.attributed:
            return Judgement("attributed", str(found.attributed[case_id]))
        contested = [x for x in found.contested if case_id in found.contested_bugs.get(x, ())] if found else []
        return Judgement("contested", ", ".join(contested)) if contested else Judgement("bug")

    def blamed(self, case: dict) -> set[str] | None:
        """What a failing case's answer got wrong: the fan ids and fields its causes are about
        (tools/harness/causes.py), or None when there was no score to compare (every fan and
        feature of the case is wrong then)."""
        about = {cause.about for cause in self.causes(case)}
        return None if "result" in about else about

    def failure_groups(self) -> list["FailureGroup"]:
        """The failures grouped by cause, most frequent first; a failure attributed to an open
        ruling's option or an edition delta, or a contested one, is grouped apart and its group
        says so (``missing 平和 All Chows — attributed to no-all-chows-with-knitted``), so that no
        format counts a difference of rules in a bug's row."""
        def judged(case: dict) -> list[Cause]:
            judgement = self.judgement(case)
            if judgement.kind == "bug":
                return self.causes(case)
            return [Cause(c.text, f"{c.group} — {judgement.text}", c.about) for c in self.causes(case)]
        return group_failures(self.failures(), judged)

    def causes(self, case: dict) -> list[Cause]:
        """What is wrong with one failing case, per fan (tools/reports/case_text.case_causes), at
        the points of the rules the implementation declares (an edition may change a fan's)."""
        key = id(case)
        if key not in self._causes:
            self._causes[key] = case_causes(case, self.fans, self._points_of)
        return self._causes[key]

    @cached_property
    def _rules(self):
        return declared_rules(self.impl)

    def _points_of(self, fan_id: str):
        rules = self._rules
        if not rules.is_default:
            try:
                return rules.points(fan_id)
            except KeyError:   # a fan the installed table does not know
                pass
        return (self.fans.get(fan_id) or {}).get("points")

    @property
    def differential(self) -> bool:
        """A differential run (random hands judged against the reference, not corpus cases)."""
        return self.header.get("kind") == "differential"

    def repro_commands(self, case: dict) -> list[tuple[str, str]]:
        """The commands that reproduce one case, shell-quoted: ``("reference", "gb16 explain …")``
        (the reference under the rules the implementation declares) and ``("implementation",
        "gb16 certify --impl … --filter <id> --evidence RUNLOG …")``, with ``--in-process`` where the run
        had it — for a differential hand, whose id names no
        corpus case, ``gb16 compare … --impl …`` (the hand through both, side by side)."""
        arguments = explain_command(case.get("input"))
        raw = self.header.get("impl_spec") if isinstance(self.header.get("impl_spec"), str) else ""
        spec = shlex.quote(raw) if raw else "SPEC"
        rules = " ".join(self._rule_arguments())
        out: list[tuple[str, str]] = []
        if arguments:
            out.append(("reference", f"{arguments} {rules}".strip()))
        if self.differential:
            if arguments:
                out.append(("implementation", f"gb16 compare {arguments[len('gb16 explain '):]} --impl {spec}"))
            return out
        corpus = (self.header.get("corpus") or {}).get("path")
        where = f" --corpus {shlex.quote(corpus)}" if corpus and Path(corpus) != corpus_package.ROOT else ""
        scratch = runlog.default_path(raw or "impl")
        scratch = scratch.with_name(scratch.stem + "-repro.jsonl")
        # the log the case came from is evidence for the one-case run (tools/harness/joined.py)
        evidence = f" --evidence {shlex.quote(str(self.log.path))}" if getattr(self.log, "path", None) else ""
        # a run in certify's own process asked what only such a run asks (the 不计 trace): so does its repro
        in_process = " --in-process" if (self.header.get("options") or {}).get("in_process") is True else ""
        out.append(("implementation", f"gb16 certify --impl {spec}{where} --filter {shlex.quote(case['id'])}"
                                      f"{in_process}{evidence} --out {shlex.quote(str(scratch))} --overwrite"))
        return out

    def _rule_arguments(self) -> list[str]:
        """``--ruling R-009=A``, ``--edition mcr2006``, ``--delta …``: the declared rules, for gb16 explain."""
        declared = self._rules.declaration()
        args = [f"--ruling {shlex.quote(f'{r}={o}')}" for r, o in sorted((declared.get("rulings") or {}).items())]
        if declared.get("edition"):
            args.append(f"--edition {shlex.quote(declared['edition'])}")
        args += [f"--delta {shlex.quote(d)}" for d in declared.get("deltas") or []]
        return args

    def repro_lines(self, case: dict) -> list[str]:
        """:meth:`repro_commands` as report lines: ``reproduce (reference): gb16 explain …``."""
        return [f"reproduce ({side}): {command}" for side, command in self.repro_commands(case)]

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


def corpus_warnings(header) -> list[str]:
    """A warning when the corpus the run was made on (its folder if still there, else the installed
    one) is not the one whose hash the run log records: the cases may have changed since."""
    recorded = header.get("corpus") or {}
    where = recorded.get("path")
    root = Path(where) if isinstance(where, str) and Path(where).is_dir() else corpus_package.ROOT
    try:
        now = provenance.corpus_hash(root)
    except OSError:
        return []
    if not recorded.get("hash") or recorded.get("hash") == now:
        return []
    return [f"the run was made on corpus {recorded.get('version')} ({str(recorded.get('hash'))[:19]}…, "
            f"{recorded.get('cases')} cases); the corpus at {root} is now {now[:19]}…: its cases may have changed "
            f"since — run again to judge the corpus as it is"]


def summarize(log: RunLog, min_judged: tuple[float, bool] | None = None) -> Summary:
    """What every report says about *log*, as tools/harness/judging.py read and judged it (a complete
    run carries the attribution its failures are judged by: a renderer never works it out, and a
    complete log without one is refused with ValueError); *min_judged* (``--min-judged``: a number
    of cases, or a share when the flag is true) makes a run that judged less a failure."""
    if log.complete and log.attribution is None:
        raise ValueError(f"{log.path}: a complete run log reaches the reports judged (tools/harness/judging.py), "
                         f"with the attribution its failures are judged by")
    cases = log.cases
    counts = runlog.count_statuses(cases)
    fans = {fan["id"]: fan for fan in log.header.get("fans", [])}
    fan_order = {fan_id: i for i, fan_id in enumerate(fans)}
    by_clause: dict[str, Tally] = {}
    attribution = log.attribution
    summary = Summary(
        log=log, counts=counts, attribution=attribution,
        verdict=verdict(counts, log.complete, log.header.get("selected"), len(log.violations),
                        (log.footer or {}).get("stopped"), attribution, skip_reasons(cases), min_judged,
                        repeated=log.repeated),
        warnings=[*log.header.get("warnings", []), *log.warnings, *corpus_warnings(log.header)],
        by_area={}, by_tier={}, by_fan={}, by_clause=by_clause, fans=fans,
        clauses=log.header.get("clauses", {}),
        runlog_sha256=provenance.file_sha256(log.path))

    def kind(case: dict) -> str:
        return summary.judgement(case).kind
    summary.by_area = tally_by(cases, lambda c: [c.get("area", "?")], kind)
    summary.by_tier = tally_by(cases, lambda c: [c.get("tier", "?")], kind)
    summary.by_fan = fan_tallies(summary, fan_order)
    summary.by_clause = dict(sorted(tally_by(cases, lambda c: c.get("cites", []), kind).items(),
                                    key=lambda kv: clause_sort_key(kv[0])))
    summary.sections = [s for s in (run_sections.attribution_section(log, attribution),
                                    run_sections.differential_section(log),
                                    run_sections.features_section(log, summary.blamed)) if s]
    return summary


#: What a cause may be about besides a fan (tools/harness/causes.Cause.about; the 不计 trace and the
#: winning group: gb16.tools.harness.compare.READING_FIELDS).
FIELDS = frozenset({"result", "error", "total", "fan_points", "meets_minimum", "waits", *READING_FIELDS})


def fan_tallies(summary: Summary, fan_order: dict[str, int]) -> dict[str, Tally]:
    """Cases per fan: each case under the fans its expectation names and, when it fails, the fans
    its answer got wrong.  A failing case counts as a failure only of the fans that differ
    (:meth:`Summary.blamed`) — a 缺一门 bug is not a failure of 十三幺 — and as a pass of the
    fans its answer got right; a case with no score to compare fails every fan it names."""
    tallies: dict[str, Tally] = {}
    for case in summary.cases:
        fans = fans_involved(case.get("expected"))
        failing = case["status"] in FAILING
        blamed = summary.blamed(case) if failing else set()
        kind = summary.judgement(case).kind
        wrong = fans if blamed is None else blamed - FIELDS
        for fan_id in sorted(fans | wrong, key=lambda f: (fan_order.get(f, 999), f)):
            status = None if not failing or fan_id in wrong else "pass"
            tallies.setdefault(fan_id, Tally(fan_id)).add(case, status, kind)
    return dict(sorted(tallies.items(), key=lambda kv: (fan_order.get(kv[0], 999), kv[0])))


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
