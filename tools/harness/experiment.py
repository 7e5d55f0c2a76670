"""Attribution by experiment: before a candidate is taken, the implementation is asked about
hands where the candidate acts (docs/rulings.md, "Attribution").

The cases of one run are not always enough to judge a candidate: ``--last-failed``, a one-case
``--filter`` line and a random run see the failing hands a candidate explains, not the hands that
would contradict it.  So a candidate (an option, a delta, ``without:<delta>``, an edition, a pair
of them) is put to the implementation itself, on a small, stated number of hands:

* the **corpus cases that pin it** — an ``alternatives`` entry naming the delta or ruling, a case
  of the ruling, a case corpus/editions.json gives as the delta's example — at most
  :data:`PINNED`;
* **generated hands on which it acts** — of a pool of hands the caller supplies (the hand
  families of a differential run, tools/differential/families.py, seeded), those where the
  candidate changes the reference's answer or the admissible fan lists — at most
  :data:`GENERATED`, looked for among the first :data:`POOL` of the pool.

A hand the run has judged already is not asked again; each hand is asked once per run, whatever
the number of candidates it serves, and a hand that needs a capability the implementation
declares it lacks, or a variant it does not score, is not sent.  The answers are weighed like
any other evidence (tools/harness/evidence.py :func:`opinion`): an answer that follows the rules
without the candidate where it acts contradicts it, one that follows it confirms it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

from gb16.reference import rules as R
from gb16.reference.rules import Rules
from gb16.tools.harness.compare import delta_alternatives, ruling_alternatives, ruling_ids
from gb16.tools.harness.declaration import may_act, may_widen, select
from gb16.tools.harness.evidence import ReferenceAnswers, template_for
from gb16.tools.harness.features import blocking, case_features, case_variant, missing_capabilities
from gb16.tools.harness.rule_change import RuleChange

#: Corpus cases asked per candidate, at most.
PINNED = 8
#: Generated hands asked per candidate, at most.
GENERATED = 8
#: Generated hands looked at per variant for hands where a candidate changes the reference's
#: answer; of them, the first :data:`WIDEN_POOL` for hands where it changes only the admissible
#: fan lists (each such look scores every reading of the hand under both rule sets).
POOL = 600
WIDEN_POOL = 200

#: ``ask(inputs) -> answers``: the implementation's result for each input, None where it gave
#: none (skipped, errored, crashed, timed out).
Ask = Callable[[list[dict]], list["dict | None"]]
#: ``pool(variant, n) -> [(hand id, input)]``: the first *n* generated hands of *variant*.
Pool = Callable[[str, int], list[tuple[str, dict]]]


@dataclass
class Probe:
    """One hand asked in an experiment: its id, input, the expectation it is held to (a corpus
    case's, or None for a generated hand) and the implementation's answer."""

    id: str
    input: dict
    template: dict | None
    actual: dict | None = None


@dataclass
class Experiment:
    """The hands a run may ask about, and the answers it got (each hand asked once)."""

    ask: Ask
    metadata: dict
    corpus_cases: list[dict] = field(default_factory=list)
    pool: Pool | None = None
    asked: dict[str, Probe] = field(default_factory=dict)    # hand id → the probe, answered
    _pools: dict[str, list[tuple[str, dict]]] = field(default_factory=dict)

    def sendable(self, case_input: dict, expect: dict | None = None) -> bool:
        """Whether the implementation scores the hand's variant and has what it needs."""
        variant = case_variant({"input": case_input})
        if variant not in self.metadata.get("variants", []):
            return False
        features = case_features({"input": case_input, "expect": expect or {}})
        return not blocking(missing_capabilities(features, self.metadata))

    def pinned(self, change: RuleChange, variants: set[str], reference: ReferenceAnswers) -> list[Probe]:
        """The corpus cases that pin ``change``'s pieces, in corpus order (at most :data:`PINNED`)."""
        deltas, rulings = change.deltas(), change.rulings()
        examples = {ex["case"] for d in deltas for ex in R.DELTAS[d].get("examples", []) if "case" in ex}
        out = []
        for case in self.corpus_cases:
            if len(out) >= PINNED:
                break
            if not isinstance(case.get("input"), dict) or case_variant(case) not in variants:
                continue
            if not (case["id"] in examples or deltas & set(delta_alternatives(case))
                    or rulings & (set(ruling_ids(case)) | {k.partition(":")[0] for k in ruling_alternatives(case)})):
                continue
            selection = select(case, self.metadata, reference)
            if selection.expected is None or not self.sendable(case["input"], case.get("expect")):
                continue
            out.append(Probe(case["id"], case["input"], selection.expected))
        return out

    def generated(self, variant: str, under: Rules, trial: Rules, wanted: int, skip: set[str],
                  reference: ReferenceAnswers) -> list[Probe]:
        """Up to ``wanted`` hands of the pool on which ``trial`` acts, compared with ``under``:
        another answer of the reference, or other admissible fan lists."""
        if self.pool is None or wanted <= 0 or variant not in self.metadata.get("variants", []):
            return []
        if variant not in self._pools:
            self._pools[variant] = [(i, h) for i, h in self.pool(variant, POOL) if self.sendable(h)]
        out = []
        for number, (hand_id, case_input) in enumerate(self._pools[variant]):
            if len(out) >= wanted:
                break
            if hand_id in skip:
                continue
            if acts(case_input, under, trial, reference, widen=number < WIDEN_POOL):
                out.append(Probe(hand_id, case_input, None))
        return out

    def answer(self, probes: list[Probe]) -> list[Probe]:
        """The probes with the implementation's answers (asked once per hand); those it answered."""
        todo = [p for p in probes if p.id not in self.asked]
        if todo:
            for probe, actual in zip(todo, self.ask([p.input for p in todo])):
                probe.actual = actual if isinstance(actual, dict) else None
                if probe.actual is not None and probe.template is not None:
                    probe.template = template_for(probe.template, probe.actual)
                self.asked[probe.id] = probe
        return [self.asked[p.id] for p in probes if self.asked[p.id].actual is not None]


def acts(case_input: dict, under: Rules, trial: Rules, reference: ReferenceAnswers, widen: bool = True) -> bool:
    """Whether ``trial`` changes what the reference admits for the hand, compared with ``under``:
    its own answer, or — at the same answer, with ``widen`` — the admissible fan lists (a delta
    that only widens them, as ``two-terminal-chows-repeatable`` does; a fan made repeatable can
    widen them only where the hand scores it)."""
    if not may_act(case_input, under, trial, reference):
        return False
    before, after = reference.answers(case_input, under), reference.answers(case_input, trial)
    if before.key() != after.key():
        return True
    if not widen or before.error or not may_widen(under, trial):
        return False
    repeatable = set(_repeatable(under)) ^ set(_repeatable(trial))
    if repeatable and not any(f["id"] in repeatable for f in before.best["fans"]):
        return False
    return set(map(_frozen, before.lists)) != set(map(_frozen, after.lists))


def _repeatable(rules: Rules) -> list[str]:
    """The fans ``rules``' data makes repeatable (corpus/editions.json ``repeatable``)."""
    return [fan for name in rules.deltas for fan, on in ((R.DELTAS[name].get("data") or {}).get("repeatable")
                                                         or {}).items() if on]


def _frozen(fans: dict) -> tuple:
    return tuple(sorted(fans.items()))
