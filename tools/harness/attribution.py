"""An attribution: what explains a run's failures, as the run log stores it and as the reports
say it (docs/rulings.md, docs/contract.md "Attribution").

:mod:`.attribution_search` weighs every judged case of a run as evidence and finds it, once,
when the run completes; certification writes it into the run log as an ``attribution`` line
(:meth:`Attribution.line`), and every report reads it back (:meth:`Attribution.from_line`),
never searching again.  Its words — the verdict line, each case's line, the notes — are
made here from what is stored.

* a candidate (:mod:`.declaration`: another option of an open ruling, a delta added, a
  declared delta taken away) **taken** explains the failures it is credited with, and no
  judged case contradicts it;
* a **contested** one would explain some of the remaining failures but is contradicted;
* a failure no taken candidate explains is a **bug**;
* a declared option or delta the answers contradict is named, with the declaration they support.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field

from gb16.reference import rules as R
from gb16.reference.rules import Rules, RulesError
from gb16.tools.harness.declaration import apply, describe_change, known_label, undo
from gb16.tools.harness.rule_change import EDITION, WITHOUT, RuleChange

#: Examples kept of a candidate's support and of its contradictions.
EXAMPLES = 3


@dataclass(frozen=True)
class Evidence:
    """What the judged cases say of one candidate (or of one declared piece): how many failures
    it explains (``support``), how many cases contradict it (``contradicted_by``: they follow
    the rules without it), how many were weighed, and the first examples of each."""

    label: str
    support: int = 0
    contradicted_by: int = 0
    checked: int = 0
    support_examples: tuple[str, ...] = ()
    contradiction_examples: tuple[str, ...] = ()
    asked: int = 0         # hands put to the implementation in its experiment (tools/harness/experiment.py)
    confirmed: int = 0     # of them, the answers that follow it

    @classmethod
    def of(cls, label: str, support: list[str], contradicted_by: list[str], checked: int, asked: int = 0,
           confirmed: int = 0) -> "Evidence":
        return cls(label, len(support), len(contradicted_by), checked, tuple(support[:EXAMPLES]),
                   tuple(contradicted_by[:EXAMPLES]), asked, confirmed)

    def as_json(self) -> dict:
        return {"label": self.label, "support": self.support, "contradicted_by": self.contradicted_by,
                "checked": self.checked, "support_examples": list(self.support_examples),
                "contradiction_examples": list(self.contradiction_examples), "asked": self.asked,
                "confirmed": self.confirmed}

    @classmethod
    def from_json(cls, data: dict) -> "Evidence":
        return cls(data["label"], data["support"], data["contradicted_by"], data["checked"],
                   tuple(data["support_examples"]), tuple(data["contradiction_examples"]),
                   data.get("asked", 0), data.get("confirmed", 0))

    def counts(self) -> str:
        """``explains 28, contradicted by 0``; with an experiment, ``… (8 more hands asked where it
        acts: 2 follow it)``."""
        asked = (f" ({self.asked} more hands asked where it acts: {self.confirmed} follow{'s' if self.confirmed == 1 else ''} it)"
                 if self.asked else "")
        return f"explains {self.support}, contradicted by {self.contradicted_by}{asked}"


@dataclass
class Attribution:
    """What explains a run's failures (module docstring).  Candidates are named by their labels
    (:attr:`~.rule_change.RuleChange.label`), as the run log stores them and the reports show them."""

    declared: Rules
    explained_by: dict[str, list[str]] = field(default_factory=dict)   # case id → labels ("a+b" for a pair)
    chosen: list[str] = field(default_factory=list)                      # the candidates taken, in order
    attributed: dict[str, str] = field(default_factory=dict)             # case id → the taken label explaining it
    bugs: list[str] = field(default_factory=list)                        # failures no taken candidate explains
    other_failures: list[str] = field(default_factory=list)              # errors, crashes, timeouts
    evidence: dict[str, Evidence] = field(default_factory=dict)          # candidate → its last weighing
    contested: list[str] = field(default_factory=list)                   # explain failures, contradicted
    contested_bugs: dict[str, list[str]] = field(default_factory=dict)   # contested candidate → the bugs it explains
    declared_evidence: dict[str, Evidence] = field(default_factory=dict)  # declared piece → its evidence
    asked: int = 0                                                       # hands asked in experiments
    probes: dict[str, dict] = field(default_factory=dict)                # hand asked → input, answer, expectation

    @property
    def under(self) -> Rules:
        """The declared rule set with every taken candidate."""
        rules = self.declared
        for label in self.chosen:
            rules = apply(rules, RuleChange.parse(label)) or rules
        return rules

    @property
    def contradicted_declaration(self) -> list[str]:
        return [p for p, ev in self.declared_evidence.items() if ev.contradicted_by]

    def suggested_declaration(self) -> dict | None:
        """The ``start`` declaration the evidence supports, when it is not the declared one."""
        rules = self.under
        for piece in self.contradicted_declaration:
            ev = self.declared_evidence[piece]
            if ev.contradicted_by > ev.support:
                rules = apply(rules, undo(piece, self.declared)) or rules
        if rules == self.declared:
            return None
        for name, edition in R.EDITIONS.items():   # "edition": X where the deltas are all of it
            if rules.edition is None and set(edition["deltas"]) <= rules.deltas:
                rules = Rules(rules.options, rules.deltas, name)
                break
        return rules.declaration()

    # -- the run log line ----------------------------------------------------------------

    def line(self) -> dict:
        """The run log's ``attribution`` line (corpus/schema/protocol/runlog.schema.json)."""
        return {"type": "attribution", "declared": self.declared.declaration(), "chosen": self.chosen,
                "attributed": self.attributed, "explained_by": self.explained_by, "bugs": self.bugs,
                "other_failures": self.other_failures,
                "evidence": {k: ev.as_json() for k, ev in self.evidence.items()},
                "contested": self.contested, "contested_bugs": self.contested_bugs,
                "declared_evidence": {k: ev.as_json() for k, ev in self.declared_evidence.items()},
                "asked": self.asked, "probes": self.probes}

    @classmethod
    def from_line(cls, line: dict) -> "Attribution":
        """An ``attribution`` line read back (valid against the schema).  Raises ValueError when it
        names an option, delta or edition this gb16 does not know."""
        labels = [*line["chosen"], *line["contested"], *line["evidence"], *line["attributed"].values(),
                  *(x for found in line["explained_by"].values() for x in found)]
        unknown = sorted({label for label in labels if not known_label(label)})
        if unknown:
            raise ValueError(f"it names options or deltas this gb16 does not know: {', '.join(unknown)}")
        declared = line["declared"]
        try:
            rules = Rules.parse(declared.get("rulings") or {}, declared.get("edition"), declared.get("deltas") or [])
        except RulesError as exc:
            raise ValueError(f"its declared rule set: {exc}") from None
        return cls(rules, explained_by=line["explained_by"], chosen=line["chosen"], attributed=line["attributed"],
                   bugs=line["bugs"], other_failures=line["other_failures"],
                   evidence={k: Evidence.from_json(v) for k, v in line["evidence"].items()},
                   contested=line["contested"], contested_bugs=line["contested_bugs"],
                   declared_evidence={k: Evidence.from_json(v) for k, v in line["declared_evidence"].items()},
                   asked=line.get("asked", 0), probes=line.get("probes") or {})

    # -- wording ------------------------------------------------------------------------

    @staticmethod
    def target(rules: Rules) -> str:
        """``seed000``, ``seed000 with R-009:A``, ``edition mcr2006``, ``seed000 with deltas x``…"""
        options = [f"{r}:{o}" for r, o in rules.options]
        extra = sorted(rules.deltas - set(R.EDITIONS[rules.edition]["deltas"] if rules.edition else ()))
        if rules.edition:
            head, parts = f"edition {rules.edition}", options + extra
        elif extra:   # a delta contradicts the rule page: never "seed000"
            head, parts = f"deltas {', '.join(extra)} (not seed000)", options
        else:
            head, parts = "seed000", options
        return head + (" with " + ", ".join(parts) if parts else "")

    def explanation(self) -> str:
        """The taken candidates with their support, named by edition where they are all its
        deltas: "edition mcr2006 (two-concealed-kongs-8: explains 12, …) (contradicted by none)";
        else by delta: "deltas a: explains 3, b: explains 2 (contradicted by none; 2 of the 5 deltas of
        edition software)"."""
        def counted(label: str) -> str:
            ev = self.evidence.get(label)
            name = f"edition {label[len(EDITION):]} (every delta)" if label.startswith(EDITION) else label
            return f"{name}: explains {ev.support}" if ev else name
        deltas = [x for x in self.chosen if RuleChange.parse(x).only_deltas()]
        others = [counted(x).replace(WITHOUT, "without the declared ") for x in self.chosen if x not in deltas]
        pieces = {p for x in deltas for p in RuleChange.parse(x).pieces}
        # an edition is named only when every one of its deltas is taken; else the deltas, and
        # how many of an edition's they are
        whole = [e for e, ed in R.EDITIONS.items() if pieces and pieces == set(ed["deltas"])]
        part = [e for e, ed in R.EDITIONS.items() if pieces and pieces < set(ed["deltas"])]
        named = ", ".join(counted(x) for x in deltas)
        share = (f"; {len(pieces)} of the {len(R.EDITIONS[part[0]]['deltas'])} deltas of edition {part[0]}"
                 if part and not whole else "")
        parts = [f"edition {whole[0]} ({named})"] if whole else \
            [f"delta{'s' if len(deltas) > 1 else ''} {named}"] if deltas else []
        return " + ".join(parts + others) + f" (contradicted by none{share})"

    def notes(self) -> str:
        """The contested candidates, the contradicted declaration and the declaration to make."""
        out = []
        for label in self.contested:
            ev = self.evidence[label]
            out.append(f"contested: {label} {ev.counts()} (e.g. {ev.contradiction_examples[0]})")
        for piece in self.contradicted_declaration:
            ev = self.declared_evidence[piece]
            out.append(f"the declared {piece} is contradicted by {ev.contradicted_by} cases "
                       f"(e.g. {ev.contradiction_examples[0]}) and supported by {ev.support}")
        if self.asked:
            out.append(f"{self.asked} further hands asked where a candidate acts (tools/harness/experiment.py)")
        suggested = self.suggested_declaration()
        if suggested is not None and (self.chosen or self.contradicted_declaration):
            out.append("declare " + json.dumps(suggested, ensure_ascii=False, sort_keys=True))
        return "".join(f"; {x}" for x in out)

    def verdict_text(self, judged: int, failing: int, suffix: str = "", of: int | None = None) -> str:
        """The verdict line; with *of* (the cases run, more than *judged*: some were skipped) a
        pass says on how many it was judged: ``conforms to seed000 on 7 of 879 cases{suffix}``."""
        target = self.target(self.declared)
        bugs = len(self.bugs) + len(self.other_failures)
        notes = self.notes()
        if not failing and of is not None and of > judged:
            return f"conforms to {target} on {judged} of {of} cases{suffix}{notes}"
        if not failing:
            return f"conforms to {target}: all {judged} judged cases passed{suffix}{notes}"
        head = f"does not conform: {failing} of {judged} judged cases failed{suffix}"
        if not self.chosen:
            return (f"{head}; no option or edition delta explains them without contradiction: "
                    f"{bugs} bugs (judged as {target}){notes}")
        if bugs == 0:
            return f"{head}; agrees under {self.explanation()}, which it does not declare (judged as {target}){notes}"
        return (f"{head}; conforms to {self.explanation()} except {bugs} bugs "
                f"({len(self.attributed)} failures explained; judged as {target}){notes}")

    def case_line(self, case_id: str) -> str | None:
        if case_id in self.attributed:
            label = self.attributed[case_id]
            return f"attributed: {label} — " + describe_change(RuleChange.parse(label))
        if case_id in self.bugs:
            contested = [x for x in self.contested if case_id in self.contested_bugs.get(x, ())]
            also = "".join(f"; {x} would explain it but is contradicted by {self.evidence[x].contradicted_by} "
                           f"cases (e.g. {self.evidence[x].contradiction_examples[0]})" for x in contested)
            return "bug: no open ruling option or edition delta explains it without contradiction" + also
        return None

    def as_json(self) -> dict:
        return {"declared": self.declared.label, "chosen": self.chosen,
                "explanation": self.explanation() if self.chosen else None,
                "attributed": self.attributed, "explained_by": self.explained_by, "bugs": self.bugs,
                "other_failures": self.other_failures,
                "evidence": {k: ev.as_json() for k, ev in self.evidence.items()},
                "contested": self.contested,
                "declaration": {"contradicted": {p: self.declared_evidence[p].as_json()
                                                 for p in self.contradicted_declaration},
                                "suggested": self.suggested_declaration()}}
