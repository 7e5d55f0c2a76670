"""Judged under what it declares, and every disagreement weighed as evidence (docs/rulings.md).

An implementation declares in its ``start`` metadata the options it follows for the open
rulings (``"rulings": {"R-009": "A"}``), and may declare an edition and single deltas
(``"edition": "mcr2006"``, ``"deltas": ["two-concealed-kongs-8"]``; docs/contract.md).  A
withdrawn option (``R-001:C``) is the delta that now carries it.

* :func:`select` — the expectation a case holds the implementation to: the corpus's
  hand-worked expectation of the declared options (:func:`compare.select_expectation`);
  where the declared edition deltas change the reference's result for the hand, the case's
  hand-worked expectation under the one delta that acts on it (an ``alternatives`` entry
  naming it), else the reference's result under the declared rule set (the deltas are
  executable, corpus/editions.json).
* :func:`attribute` — an evidence model, not a veto.  Every judged case, passing or failing,
  is evidence (:mod:`.evidence`): a *candidate* (another option of an open ruling, a delta
  added, a declared delta taken away) is **supported** by the failures it explains — the
  implementation's answer is admissible under the rules with it, ties included — and
  **contradicted** by the cases whose answer, where the candidate changes the hand, is what
  the rules without it give.  A tie is evidence only where the candidate changes what is
  admissible.  A greedy search takes, one at a time, the single change (a pair only where
  none does) that explains the most remaining failures with no contradiction; a candidate that explains failures but is
  contradicted is *contested*: shown with its counts and an example of each, never taken.
  What no taken candidate explains is a *bug*.  A declared option or delta that the answers
  contradict is named, with the declaration they support.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from gb16.reference import rules as R
from gb16.reference.rules import Rules, RulesError
from gb16.tools.harness.compare import Selection, delta_alternatives, select_expectation
from gb16.tools.harness.evidence import (FOLLOWS, OPPOSES, answers, expectation_of, matches, opinion,  # noqa: F401
                                         score_under, template_for)

#: A candidate that takes a declared delta away is labelled ``without:<delta>``; one that adds
#: every delta of an edition at once, ``edition:<edition>``.
WITHOUT = "without:"
EDITION = "edition:"
#: Cases weighed against one candidate at one step of the search (the failures first, then
#: the passes in run order); a candidate the implementation does not follow changes the
#: result of a share of hands and shows on some of these.
CASES_CHECKED = 3000
#: Examples kept of a candidate's support and of its contradictions.
EXAMPLES = 3


# --------------------------------------------------------------------------- declared rule set

def declared_rules(metadata: dict) -> Rules:
    """The rule set an implementation declares (unknown names: the project's reading, and
    :func:`declaration_problems` says why)."""
    try:
        return _parse(metadata)
    except RulesError:
        return R.DEFAULT


def declaration_problems(metadata: dict) -> list[str]:
    try:
        _parse(metadata)
    except RulesError as exc:
        return [f"the declared rule set is ignored: {exc}"]
    return []


def _parse(metadata: dict) -> Rules:
    declared = metadata.get("rulings") or {}
    rulings = {k: v for k, v in declared.items() if k in R.RULINGS or f"{k}:{v}" in R.WITHDRAWN_OPTIONS}
    return Rules.parse(rulings, metadata.get("edition"), metadata.get("deltas") or [])


def open_options(metadata: dict) -> dict[str, str]:
    """The declared options of open rulings (and of any ruling id the corpus may name)."""
    return {k: v for k, v in (metadata.get("rulings") or {}).items()
            if f"{k}:{v}" not in R.WITHDRAWN_OPTIONS}


def select(case: dict, metadata: dict) -> Selection:
    """The expectation for ``case`` under what the implementation declares (module docstring)."""
    selection = select_expectation(case, open_options(metadata))
    rules = declared_rules(metadata)
    if selection.expected is None or not rules.deltas or not isinstance(case.get("input"), dict):
        return selection
    under = answers(case["input"], rules)
    for delta, expect in delta_alternatives(case).items():   # worked by hand, where it is the one that acts
        if delta in rules.deltas and answers(case["input"], Rules(rules.options, frozenset([delta]))).key() == under.key():
            return Selection(expect, f"{delta} (the case's expectation under that delta)")
    if under.key() == answers(case["input"], Rules(rules.options)).key():
        return selection
    return Selection(expectation_of(under.best, selection.expected),
                     f"{rules.label} (the reference under the declared edition)")


# --------------------------------------------------------------------------- candidates

@lru_cache(maxsize=64)
def candidates(declared: Rules) -> tuple[tuple[str, Rules], ...]:
    """Every single change to try on the declared rule set: another option of an open ruling,
    a delta added, a declared delta taken away (``without:<delta>``)."""
    out = []
    for rid, ruling in R.RULINGS.items():
        for option in ruling["options"]:
            if option != declared.option(rid):
                out.append((f"{rid}:{option}", declared.with_option(rid, option)))
    for name in R.DELTAS:
        label = WITHOUT + name if name in declared.deltas else name
        out.append((label, _apply(declared, label)))
    return tuple(out)


def _apply(rules: Rules | None, label: str) -> Rules | None:
    """``rules`` changed by ``label`` (pieces joined by ``+``); None when two pieces choose
    different options of one ruling."""
    pieces = label.split("+")
    chosen = [p.partition(":") for p in pieces if not p.startswith((WITHOUT, EDITION)) and p not in R.DELTAS]
    if len({rid for rid, _, _ in chosen}) < len(chosen):
        return None   # two options of one ruling
    for piece in pieces:
        if piece.startswith(WITHOUT):
            name = piece[len(WITHOUT):]
            edition = rules.edition if rules.edition and name not in R.EDITIONS[rules.edition]["deltas"] else None
            rules = Rules(rules.options, rules.deltas - {name}, edition)
        elif piece in R.DELTAS:
            rules = rules.with_deltas([piece])
        elif piece.startswith(EDITION):
            rules = rules.with_deltas(R.EDITIONS[piece[len(EDITION):]]["deltas"])
        else:
            rid, _, option = piece.partition(":")
            rules = rules.with_option(rid, option)
    return rules


def _known_label(label: str) -> bool:
    def known(piece: str) -> bool:
        if piece.startswith(EDITION):
            return piece[len(EDITION):] in R.EDITIONS
        piece = piece[len(WITHOUT):] if piece.startswith(WITHOUT) else piece
        rid, _, option = piece.partition(":")
        return piece in R.DELTAS or (rid in R.RULINGS and option in R.RULINGS[rid]["options"])
    return all(known(piece) for piece in label.split("+"))


def explains(case_input, label: str, actual: dict, template: dict | None, declared: Rules) -> bool:
    """Whether ``actual`` is admissible under ``declared`` changed by ``label``."""
    rules = _apply(declared, label)
    return rules is not None and matches(answers(case_input, rules), actual, template)


def explain_case(case_input, actual: dict, template: dict | None, declared: Rules) -> list[str]:
    """The candidates under which ``actual`` is one of the reference's admissible answers for
    ``case_input`` — single changes, else pairs of them, else a whole edition's deltas; empty
    when none is.  Only candidates that change the reference's answer for the hand are paired."""
    found, touching = [], []
    base = answers(case_input, declared).key()
    for label, rules in candidates(declared):
        under = answers(case_input, rules)
        if under.key() == base:
            continue
        touching.append(label)
        if matches(under, actual, template):
            found.append(label)
    if not found:
        for a, b in combinations(touching, 2):
            if explains(case_input, f"{a}+{b}", actual, template, declared):
                found.append(f"{a}+{b}")
    if not found:   # an edition whose deltas act only together on this hand
        for name in R.EDITIONS:
            if explains(case_input, EDITION + name, actual, template, declared):
                found.append(EDITION + name)
    return found


# --------------------------------------------------------------------------- the evidence of a run

@dataclass
class Judged:
    """One judged case as evidence: its answer (None for a differential hand that agreed,
    whose answer was the reference's under the declared rules) and what it is held to."""

    id: str
    input: dict
    actual: dict | None
    template: dict | None
    failing: bool

    def answer(self, declared: Rules) -> dict:
        return self.actual if self.actual is not None else score_under(self.input, declared)


@dataclass
class Evidence:
    """What the judged cases say of one candidate (or of one declared piece)."""

    label: str
    support: list[str] = field(default_factory=list)          # failures it explains
    contradicted_by: list[str] = field(default_factory=list)  # cases that follow the rules without it
    checked: int = 0                                          # cases weighed against it

    def as_json(self) -> dict:
        return {"label": self.label, "support": len(self.support), "contradicted_by": len(self.contradicted_by),
                "checked": self.checked, "support_examples": self.support[:EXAMPLES],
                "contradiction_examples": self.contradicted_by[:EXAMPLES]}

    def counts(self) -> str:
        """``explains 28, contradicted by 0``."""
        return f"explains {len(self.support)}, contradicted by {len(self.contradicted_by)}"


def _weigh(label: str, judged: list[Judged], left: set[str], declared: Rules, under: Rules,
           trial: Rules) -> Evidence:
    """The support of ``trial`` (``under`` changed by ``label``) among the failures ``left`` and
    its contradictions among every judged case (at most :data:`CASES_CHECKED`)."""
    ev = Evidence(label)
    for case in judged:
        if case.failing and case.id in left and matches(answers(case.input, trial), case.actual, case.template):
            ev.support.append(case.id)
    for case in judged[:CASES_CHECKED]:
        ev.checked += 1
        if opinion(case.answer(declared), case.template, answers(case.input, under),
                   answers(case.input, trial)) == OPPOSES:
            ev.contradicted_by.append(case.id)
    return ev


@dataclass
class Attribution:
    declared: Rules
    explained_by: dict[str, list[str]] = field(default_factory=dict)   # case id → labels ("a+b" for a pair)
    chosen: list[str] = field(default_factory=list)                      # the candidates taken, in order
    attributed: dict[str, str] = field(default_factory=dict)             # case id → the taken label explaining it
    bugs: list[str] = field(default_factory=list)                        # failures no taken candidate explains
    other_failures: list[str] = field(default_factory=list)              # errors, crashes, timeouts
    evidence: dict[str, Evidence] = field(default_factory=dict)          # candidate → its last weighing
    contested: list[str] = field(default_factory=list)                   # explain failures, contradicted
    declared_evidence: dict[str, Evidence] = field(default_factory=dict)  # declared piece → its evidence

    @property
    def under(self) -> Rules:
        """The declared rule set with every taken candidate."""
        rules = self.declared
        for label in self.chosen:
            rules = _apply(rules, label) or rules
        return rules

    @property
    def contradicted_declaration(self) -> list[str]:
        return [p for p, ev in self.declared_evidence.items() if ev.contradicted_by]

    def suggested_declaration(self) -> dict | None:
        """The ``start`` declaration the evidence supports, when it is not the declared one."""
        rules = self.under
        for piece in self.contradicted_declaration:
            ev = self.declared_evidence[piece]
            if len(ev.contradicted_by) > len(ev.support):
                rules = _apply(rules, _undo(piece, self.declared)) or rules
        return rules.declaration() if rules != self.declared else None

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
        """The taken candidates with their support, named by edition where their deltas
        belong to one: "edition mcr2006 (two-concealed-kongs-8: explains 12, …) (contradicted by none)"."""
        def counted(label: str) -> str:
            ev = self.evidence.get(label)
            name = f"edition {label[len(EDITION):]} (every delta)" if label.startswith(EDITION) else label
            return f"{name}: explains {len(ev.support)}" if ev else name
        deltas = [x for x in self.chosen if all(p in R.DELTAS for p in x.split("+"))]
        others = [counted(x).replace(WITHOUT, "without the declared ") for x in self.chosen if x not in deltas]
        pieces = {p for x in deltas for p in x.split("+")}
        homes = [e for e, ed in R.EDITIONS.items() if pieces and pieces <= set(ed["deltas"])]
        named = ", ".join(counted(x) for x in deltas)
        parts = [f"edition {homes[0]} ({named})"] if homes else [f"delta{'s' if len(deltas) > 1 else ''} {named}"] \
            if deltas else []
        return " + ".join(parts + others) + " (contradicted by none)"

    def notes(self) -> str:
        """The contested candidates, the contradicted declaration and the declaration to make."""
        out = []
        for label in self.contested:
            ev = self.evidence[label]
            out.append(f"contested: {label} {ev.counts()} (e.g. {ev.contradicted_by[0]})")
        for piece in self.contradicted_declaration:
            ev = self.declared_evidence[piece]
            out.append(f"the declared {piece} is contradicted by {len(ev.contradicted_by)} cases "
                       f"(e.g. {ev.contradicted_by[0]}) and supported by {len(ev.support)}")
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
            return f"attributed: {label} — " + "; ".join(describe(x) for x in label.split("+"))
        if case_id in self.bugs:
            contested = [x for x in self.contested if case_id in self.evidence[x].support]
            also = "".join(f"; {x} would explain it but is contradicted by {len(self.evidence[x].contradicted_by)} "
                           f"cases (e.g. {self.evidence[x].contradicted_by[0]})" for x in contested)
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


def describe(label: str) -> str:
    """One candidate in words, with its source."""
    if label.startswith(WITHOUT):
        return f"not {describe(label[len(WITHOUT):])} (declared)"
    if label.startswith(EDITION):
        edition = R.EDITIONS[label[len(EDITION):]]
        return f"every delta of {edition['title']}: {', '.join(edition['deltas'])}"
    if label in R.DELTAS:
        d = R.DELTAS[label]
        homes = [e for e, ed in R.EDITIONS.items() if label in ed["deltas"]]
        return f"{d['summary']}{' [' + ', '.join(homes) + ']' if homes else ''} ({d['source']})"
    rid, _, option = label.partition(":")
    return f"{rid} option {option}: {R.RULINGS[rid]['options'][option]['summary']}"


def _undo(piece: str, declared: Rules) -> str:
    """The candidate that takes a declared piece (``R-009:A`` or a delta) away."""
    if piece in R.DELTAS:
        return WITHOUT + piece
    rid = piece.partition(":")[0]
    return f"{rid}:{R.RULINGS[rid]['default']}"


def _declared_pieces(declared: Rules) -> list[str]:
    return [f"{r}:{o}" for r, o in declared.options] + sorted(declared.deltas)


# --------------------------------------------------------------------------- the search

def attribute(cases: list[dict], metadata: dict) -> Attribution:
    """Weigh the run log ``cases`` as evidence and attribute the failures (module docstring)."""
    declared = declared_rules(metadata)
    result = Attribution(declared)
    result.other_failures = [c["id"] for c in cases if c.get("status") in ("error", "crash", "timeout")]
    judged = [Judged(c["id"], c["input"], c.get("actual") or None,
                     template_for(c.get("expected"), c.get("actual")), c.get("status") == "fail")
              for c in cases if c.get("status") in ("pass", "fail") and isinstance(c.get("input"), dict)
              and (c.get("status") == "pass" or c.get("actual") is not None)]
    judged.sort(key=lambda c: not c.failing)   # the failures first: they are weighed in full
    failing = [c for c in judged if c.failing]
    stored = {c["id"]: c.get("explained_by") for c in cases if c.get("status") == "fail"}
    for case in failing:
        found = stored.get(case.id)   # worked out where the case was judged
        if not (isinstance(found, list) and all(isinstance(x, str) and _known_label(x) for x in found)):
            found = explain_case(case.input, case.actual, case.template, declared)
        result.explained_by[case.id] = list(found)
    for piece in _declared_pieces(declared):
        result.declared_evidence[piece] = _weigh_declared(piece, judged, declared)
    _search(result, judged, failing, declared)
    result.bugs = [c.id for c in failing if c.id not in result.attributed]
    result.contested = sorted((label for label, ev in result.evidence.items()
                               if ev.contradicted_by and label not in result.chosen
                               and set(ev.support) & set(result.bugs)),
                              key=lambda label: (-len(result.evidence[label].support), label))
    return result


def _weigh_declared(piece: str, judged: list[Judged], declared: Rules) -> Evidence:
    """A declared option or delta as a candidate of its own: the cases whose answers, where it
    changes the hand, are what the declaration gives (support) or what it would be without
    it (contradictions)."""
    ev = Evidence(piece)
    undone = _apply(declared, _undo(piece, declared))
    if undone is None or undone == declared:
        return ev
    for case in judged[:CASES_CHECKED]:
        ev.checked += 1
        said = opinion(case.answer(declared), case.template, answers(case.input, undone), answers(case.input, declared))
        if said == FOLLOWS:
            ev.support.append(case.id)
        elif said == OPPOSES:
            ev.contradicted_by.append(case.id)
    return ev


def _search(result: Attribution, judged: list[Judged], failing: list[Judged], declared: Rules) -> None:
    """The greedy search of the module docstring: each step weighs every candidate that
    explains a remaining failure, and takes the one explaining the most with no contradiction."""
    left = {c.id for c in failing}
    by_id = {c.id: c for c in failing}
    further: dict[str, list[str]] = {}   # explanations found on top of the candidates taken
    under = declared
    while left:
        taken = {p for label in result.chosen for p in label.split("+")}
        pool = set()
        for cid in left:
            for label in result.explained_by[cid] + further.get(cid, []):
                rest = [p for p in label.split("+") if p not in taken]
                if rest:
                    pool.add("+".join(rest))
        weighed = []
        for label in sorted(pool):
            trial = _apply(under, label)
            if trial is None or trial == under:
                continue
            ev = _weigh(label, judged, left, declared, under, trial)
            if ev.support:
                result.evidence[label] = ev
                weighed.append((ev, trial))
        clean = [(ev, trial) for ev, trial in weighed if not ev.contradicted_by]
        if not clean:
            break
        # single changes before pairs (a pair is needed only where no single one explains)
        ev, trial = min(clean, key=lambda et: (et[0].label.count("+"), -len(et[0].support), len(et[0].label),
                                               et[0].label))
        result.chosen.append(ev.label)
        for cid in ev.support:
            result.attributed[cid] = ev.label
        left -= set(ev.support)
        # a failure the taken candidate changes but does not explain may need it and more
        for cid in left:
            case = by_id[cid]
            if answers(case.input, under).key() != answers(case.input, trial).key():
                further[cid] = explain_case(case.input, case.actual, case.template, trial)
        under = trial


_CACHE: dict = {}


def for_log(log) -> Attribution:
    """:func:`attribute` for a run log, computed once per log file content."""
    key = (str(getattr(log, "path", "")), len(log.cases), sum(1 for c in log.cases if c.get("status") == "fail"))
    if key not in _CACHE:
        _CACHE[key] = attribute(log.cases, log.header.get("implementation", {}))
    return _CACHE[key]
