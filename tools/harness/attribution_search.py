"""The search that attributes a run's failures: an evidence model, not a veto (docs/rulings.md).

Every judged case, passing or failing, is evidence (:mod:`.evidence`): a *candidate*
(:mod:`.declaration`: another option of an open ruling, a delta added, a declared delta taken
away) is **supported** by the failures it explains — the implementation's answer is admissible
under the rules with it, ties included — and **contradicted** by the cases whose answer, where
the candidate changes the hand, is what the rules without it give.  A tie is evidence only
where the candidate changes what is admissible.  A greedy search takes, one at a time, the
single change (a pair only where none does) that explains the most remaining failures with no
contradiction; a candidate that explains failures but is contradicted is *contested*: shown
with its counts and an example of each, never taken.  What no taken candidate explains is a
*bug*.  A declared option or delta that the answers contradict is named, with the declaration
they support.

With an :class:`~.experiment.Experiment` (the implementation at hand, while the run is live),
a candidate that explains failures and no judged case contradicts is first put to the
implementation on the hands where it acts (:mod:`.experiment`): the corpus cases that pin it
and a few generated hands.  Their answers are weighed like the run's; the candidate is taken
only when none contradicts it, so a run of a few cases (``--last-failed``, one ``--filter``
case, random hands) reaches the verdict of the whole corpus.

The search runs once, when a run completes (:func:`attribute`); its
:class:`~.attribution.Attribution` is stored in the run log and read back by every report
(a log that has none is judged by tools/harness/judging.py, where the commands read logs).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gb16.reference.rules import Rules
from gb16.tools.harness.attribution import Attribution, Evidence
from gb16.tools.harness.compare import reading_only
from gb16.tools.harness.declaration import (apply, declared_pieces, declared_rules, explain_case, known_label,
                                            may_act, undo)
from gb16.tools.harness.features import case_variant
from gb16.tools.harness.evidence import FOLLOWS, OPPOSES, ReferenceAnswers, matches, opinion, template_for
from gb16.tools.harness.experiment import GENERATED, Experiment, acts
from gb16.tools.harness.rule_change import RuleChange

#: Cases weighed against one candidate at one step of the search (the failures first, then
#: the passes in run order); a candidate the implementation does not follow changes the
#: result of a share of hands and shows on some of these.
CASES_CHECKED = 3000


@dataclass
class Judged:
    """One judged case as evidence: its answer (None for a differential hand that agreed,
    whose answer was the reference's under the declared rules) and what it is held to."""

    id: str
    input: dict
    actual: dict | None
    template: dict | None
    failing: bool

    def answer(self, declared: Rules, reference: ReferenceAnswers) -> dict:
        return self.actual if self.actual is not None else reference.score(self.input, declared)


@dataclass
class Weighing:
    """One candidate weighed: every failure it explains and every case that contradicts it."""

    change: RuleChange
    support: list[str] = field(default_factory=list)
    contradicted_by: list[str] = field(default_factory=list)
    checked: int = 0
    asked: int = 0                                         # hands asked in its experiment
    confirmed: list[str] = field(default_factory=list)     # of them, the answers that follow it

    @property
    def label(self) -> str:
        return self.change.label

    def evidence(self) -> Evidence:
        return Evidence.of(self.label, self.support, self.contradicted_by, self.checked, self.asked,
                           len(self.confirmed))


def _weigh(change: RuleChange, judged: list[Judged], left: set[str], declared: Rules, under: Rules,
           trial: Rules, reference: ReferenceAnswers) -> Weighing:
    """The support of ``trial`` (``under`` changed by ``change``) among the failures ``left`` and
    its contradictions among every judged case (at most :data:`CASES_CHECKED`)."""
    ev = Weighing(change)
    for case in judged:
        if case.failing and case.id in left and matches(reference.answers(case.input, trial), case.actual,
                                                        case.template):
            ev.support.append(case.id)
    for case in judged[:CASES_CHECKED]:
        ev.checked += 1
        if not may_act(case.input, under, trial, reference):   # told without scoring the hand under trial
            continue
        if opinion(case.answer(declared, reference), case.template, reference.answers(case.input, under),
                   reference.answers(case.input, trial)) == OPPOSES:
            ev.contradicted_by.append(case.id)
    return ev


def _weigh_declared(piece: str, judged: list[Judged], declared: Rules, reference: ReferenceAnswers) -> Weighing:
    """A declared option or delta as a candidate of its own: the cases whose answers, where it
    changes the hand, are what the declaration gives (support) or what it would be without
    it (contradictions)."""
    ev = Weighing(RuleChange.of(piece))
    undone = apply(declared, undo(piece, declared))
    if undone is None or undone == declared:
        return ev
    for case in judged[:CASES_CHECKED]:
        ev.checked += 1
        if not may_act(case.input, undone, declared, reference):
            continue
        said = opinion(case.answer(declared, reference), case.template, reference.answers(case.input, undone),
                       reference.answers(case.input, declared))
        if said == FOLLOWS:
            ev.support.append(case.id)
        elif said == OPPOSES:
            ev.contradicted_by.append(case.id)
    return ev


def _experiment(ev: Weighing, experiment: Experiment, by_id: dict[str, Judged], judged_ids: set[str],
                under: Rules, trial: Rules, reference: ReferenceAnswers) -> None:
    """Put ``ev``'s candidate to the implementation (:mod:`.experiment`): the hands where it acts
    that the run has not judged, each answer that follows the rules without it a contradiction."""
    variants = sorted({case_variant({"input": by_id[cid].input}) for cid in ev.support})
    probes = [p for p in experiment.pinned(ev.change, set(variants), reference)
              if p.id not in judged_ids and acts(p.input, under, trial, reference)]
    for variant in variants:
        probes += experiment.generated(variant, under, trial, GENERATED, judged_ids, reference)
    for probe in experiment.answer(probes):
        ev.asked += 1
        said = opinion(probe.actual, probe.template, reference.answers(probe.input, under),
                       reference.answers(probe.input, trial))
        if said == OPPOSES:
            ev.contradicted_by.append(probe.id)
        elif said == FOLLOWS:
            ev.confirmed.append(probe.id)


def attribute(cases: list[dict], metadata: dict, experiment: Experiment | None = None,
              earlier: list[dict] = (), reference: ReferenceAnswers | None = None) -> Attribution:
    """Weigh the run log ``cases`` as evidence and attribute the failures (module docstring);
    with ``experiment``, each candidate is put to the implementation before it is taken;
    ``earlier``: judged cases of earlier runs of the implementation (tools/harness/joined.py),
    weighed as evidence beside them — their failures are not this run's to explain;
    ``reference``: the reference's answers the run has scored so far (else the search's own)."""
    reference = reference if reference is not None else ReferenceAnswers()
    declared = declared_rules(metadata)
    result = Attribution(declared)
    result.other_failures = [c["id"] for c in cases if c.get("status") in ("error", "crash", "timeout")]
    judged = [Judged(c["id"], c["input"], c.get("actual") or None,
                     template_for(c.get("expected"), c.get("actual")), c.get("status") == "fail")
              for c in cases if c.get("status") in ("pass", "fail") and isinstance(c.get("input"), dict)
              and (c.get("status") == "pass" or c.get("actual") is not None)]
    here = {c.id for c in judged}
    judged += [Judged(c["id"], c["input"], c.get("actual") or None, template_for(c.get("expected"), c.get("actual")),
                      False)
               for c in earlier if c.get("id") not in here and c.get("status") in ("pass", "fail")
               and isinstance(c.get("input"), dict) and (c.get("status") == "pass" or c.get("actual") is not None)]
    judged.sort(key=lambda c: not c.failing)   # the failures first: they are weighed in full
    failing = [c for c in judged if c.failing]
    # a failure only in what a case states of the chosen reading (its 不计 trace, its winning group) is
    # a bug whatever the rules: no candidate changes it, so none may count it as support
    of_reading = {c["id"] for c in cases if c.get("status") == "fail" and reading_only(c.get("diff") or [])}
    stored = {c["id"]: c.get("explained_by") for c in cases if c.get("status") == "fail"}
    for case in failing:
        found = stored.get(case.id)   # worked out where the case was judged
        if not (isinstance(found, list) and all(isinstance(x, str) and known_label(x) for x in found)):
            found = [change.label for change in explain_case(case.input, case.actual, case.template, declared,
                                                             reference)]
        result.explained_by[case.id] = list(found)
    for piece in declared_pieces(declared):
        result.declared_evidence[piece] = _weigh_declared(piece, judged, declared, reference).evidence()
    weighings = _search(result, judged, [c for c in failing if c.id not in of_reading], declared, reference,
                        experiment)
    # the answers weighed that are not this run's cases — hands asked, earlier runs' cases that
    # contradicted a candidate — are kept, so that joining this log with others weighs them again
    named = {x for ev in weighings.values() for x in ev.contradicted_by}
    for case in judged:
        if case.id in named and case.id not in here and case.actual is not None:
            result.probes[case.id] = {"input": case.input, "actual": _kept(case.actual), "expected": case.template}
    if experiment is not None:
        result.asked = len(experiment.asked)
        result.probes.update({pid: {"input": p.input, "actual": _kept(p.actual), "expected": p.template}
                              for pid, p in experiment.asked.items() if p.actual is not None})
    result.bugs = [c.id for c in failing if c.id not in result.attributed]
    bugs = set(result.bugs)
    result.contested = sorted((label for label, ev in weighings.items()
                               if ev.contradicted_by and label not in result.chosen and set(ev.support) & bugs),
                              key=lambda label: (-len(weighings[label].support), label))
    result.contested_bugs = {label: [c for c in weighings[label].support if c in bugs] for label in result.contested}
    result.evidence = {label: ev.evidence() for label, ev in weighings.items()}
    return result


def _kept(actual: dict) -> dict:
    """The part of an answer attribution weighs (what the run log keeps of a hand asked)."""
    out = {k: actual[k] for k in ("ok", "error", "total", "fan_points", "flower_points", "meets_minimum", "waits")
           if k in actual}
    if isinstance(actual.get("fans"), list):
        out["fans"] = [{k: f.get(k) for k in ("id", "points", "count")} for f in actual["fans"] if isinstance(f, dict)]
    elif "fans" in actual:
        out["fans"] = actual["fans"]
    return out


def probe_cases(found: Attribution) -> list[dict]:
    """The hands an attribution's experiments asked, as judged cases to weigh again
    (tools/harness/joined.py): their answers are evidence about the implementation."""
    return [{"id": pid, "status": "pass", "input": p["input"], "actual": p["actual"], "expected": p["expected"]}
            for pid, p in found.probes.items()
            if isinstance(p, dict) and isinstance(p.get("input"), dict) and isinstance(p.get("actual"), dict)]


def _search(result: Attribution, judged: list[Judged], failing: list[Judged], declared: Rules,
            reference: ReferenceAnswers, experiment: Experiment | None = None) -> dict[str, Weighing]:
    """The greedy search of the module docstring: each step weighs every candidate that
    explains a remaining failure, and takes the one explaining the most with no contradiction.
    Returns each candidate's last weighing, by its label."""
    left = {c.id for c in failing}
    by_id = {c.id: c for c in failing}
    judged_ids = {c.id for c in judged}
    explained = {cid: [RuleChange.parse(label) for label in result.explained_by[cid]] for cid in left}
    further: dict[str, list[RuleChange]] = {}   # explanations found on top of the candidates taken
    weighings: dict[str, Weighing] = {}
    taken: set[str] = set()                     # the pieces of the candidates taken
    under = declared
    while left:
        pool: set[RuleChange] = set()
        for cid in left:
            for change in explained[cid] + further.get(cid, []):
                rest = change.without(taken)
                if rest is not None:
                    pool.add(rest)
        weighed = []
        for change in sorted(pool, key=lambda c: c.label):
            trial = apply(under, change)
            if trial is None or trial == under:
                continue
            ev = _weigh(change, judged, left, declared, under, trial, reference)
            if ev.support and not ev.contradicted_by and experiment is not None:
                _experiment(ev, experiment, by_id, judged_ids, under, trial, reference)
            if ev.support:
                weighings[ev.label] = ev
                weighed.append((ev, trial))
        clean = [(ev, trial) for ev, trial in weighed if not ev.contradicted_by]
        if not clean:
            break
        # single changes before pairs (a pair is needed only where no single one explains)
        ev, trial = min(clean, key=lambda et: (et[0].change.size, -len(et[0].support), len(et[0].label),
                                               et[0].label))
        taken.update(ev.change.pieces)
        result.chosen.append(ev.label)
        for cid in ev.support:
            result.attributed[cid] = ev.label
        left -= set(ev.support)
        # a failure the taken candidate changes but does not explain may need it and more
        for cid in left:
            case = by_id[cid]
            if reference.answers(case.input, under).key() != reference.answers(case.input, trial).key():
                further[cid] = explain_case(case.input, case.actual, case.template, trial, reference)
        under = trial
    return weighings

