"""Evidence joined across the run logs of one implementation (``gb16 summary RUNLOG…``,
``gb16 certify --evidence RUNLOG``; docs/contract.md "Attribution").

Every judged case of every run of one implementation is evidence about it: a ``--last-failed``
run's failures are weighed against the passing cases of the run they came from.  Logs are joined
only when they are runs of the same implementation under the same declaration — the ``start``
answer's name, version and declared rule set (rulings, edition, deltas) — and, for corpus runs,
of the same corpus (version and hash); random hands (differential runs) join any corpus of it.
A log that differs is never joined silently: :func:`join` says which and why.

Where one corpus case was judged in several logs, the latest log's line counts.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from gb16.tools.harness.attribution import Attribution
from gb16.tools.harness.attribution_search import attribute, probe_cases
from gb16.tools.harness.declaration import declared_rules


def implementation_key(header: dict) -> tuple[str, str, str]:
    """(name, version, the declared rule set as a ``start`` declaration in JSON)."""
    metadata = header.get("implementation") or {}
    return (str(metadata.get("name")), str(metadata.get("version")),
            json.dumps(declared_rules(metadata).declaration(), sort_keys=True))


def corpus_key(header: dict) -> tuple[str, str] | None:
    """A corpus run's corpus (version, hash); None for random hands."""
    if header.get("kind") == "differential":
        return None
    corpus = header.get("corpus") or {}
    return (str(corpus.get("version")), str(corpus.get("hash")))


def _describe(key: tuple[str, str, str]) -> str:
    name, version, declaration = key
    return f"{name} {version} declaring {_rules(declaration)}"


def _rules(declaration: str) -> str:
    """A declaration key in words: ``seed000``, ``mcr2006 + R-009:A``."""
    data = json.loads(declaration)
    return declared_rules(data).label


@dataclass
class Joined:
    """The run logs of one implementation weighed together, and what their joined cases say."""

    key: tuple[str, str, str]
    logs: list = field(default_factory=list)      # RunLog, oldest first
    attribution: Attribution | None = None
    judged: int = 0
    failing: int = 0

    @property
    def corpus(self) -> tuple[str, str] | None:
        keys = {corpus_key(log.header) for log in self.logs} - {None}
        return next(iter(keys)) if keys else None

    @property
    def cases(self) -> list[dict]:
        """Every judged case of the logs, the latest log's line where a case id repeats."""
        by_id: dict[str, dict] = {}
        for log in self.logs:
            for case in log.cases:
                by_id[case["id"]] = case
        return list(by_id.values())

    def asked(self) -> list[dict]:
        """The hands the logs' attribution experiments asked, with the answers (evidence too)."""
        return [case for log in self.logs if log.attribution is not None for case in probe_cases(log.attribution)]

    def weigh(self) -> "Joined":
        cases = self.cases
        metadata = self.logs[-1].header.get("implementation") or {}
        self.attribution = attribute(cases, metadata, earlier=self.asked())
        self.judged = sum(c.get("status") in ("pass", "fail") for c in cases)
        self.failing = sum(c.get("status") in ("fail", "error", "crash", "timeout") for c in cases)
        return self

    def verdict_text(self) -> str:
        return self.attribution.verdict_text(self.judged, self.failing)

    def title(self) -> str:
        name, version, declaration = self.key
        names = ", ".join(str(log.path) for log in self.logs)
        return f"{name} {version} (declares {_rules(declaration)}): {len(self.logs)} run log(s) weighed together: {names}"


def join(logs: list) -> tuple[list[Joined], list[str]]:
    """The logs (complete :class:`~.runlog.RunLog`\\ s) grouped by implementation and corpus and
    weighed together; and a note for every log kept apart from another of the same name."""
    ordered = sorted(logs, key=lambda log: str(log.header.get("started", "")))
    groups: list[Joined] = []
    notes: list[str] = []
    for log in ordered:
        key, corpus = implementation_key(log.header), corpus_key(log.header)
        home = next((g for g in groups if g.key == key and (corpus is None or g.corpus in (None, corpus))), None)
        if home is None:
            for other in groups:
                if other.key[:2] == key[:2] and other.key != key:
                    notes.append(f"{log.path} is not joined with {other.logs[0].path}: another declaration "
                                 f"({_rules(key[2])} and {_rules(other.key[2])})")
                elif other.key == key:
                    notes.append(f"{log.path} is not joined with {other.logs[0].path}: another corpus "
                                 f"(version {corpus[0]}, {corpus[1][:19]}… and version {other.corpus[0]}, "
                                 f"{other.corpus[1][:19]}…)")
            home = Joined(key)
            groups.append(home)
        home.logs.append(log)
    return [g.weigh() for g in groups], notes


def evidence_cases(logs: list, header: dict) -> list[dict]:
    """The judged cases of earlier ``logs`` to weigh beside a run with ``header`` (``certify
    --evidence``).  Raises ValueError, saying why, for a log that may not be joined with it."""
    key, corpus = implementation_key(header), corpus_key(header)
    out: dict[str, dict] = {}
    for log in sorted(logs, key=lambda log: str(log.header.get("started", ""))):
        other, other_corpus = implementation_key(log.header), corpus_key(log.header)
        if other != key:
            raise ValueError(f"{log.path} is a run of {_describe(other)}, this run is of {_describe(key)}; "
                             f"logs of another implementation or declaration are never joined")
        if corpus is not None and other_corpus is not None and other_corpus != corpus:
            raise ValueError(f"{log.path} is a run on another corpus (version {other_corpus[0]}, "
                             f"{other_corpus[1][:19]}…) than this one (version {corpus[0]}, {corpus[1][:19]}…)")
        for case in [*(probe_cases(log.attribution) if log.attribution is not None else []), *log.cases]:
            out[case["id"]] = case
    return list(out.values())
