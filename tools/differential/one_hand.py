"""One hand through the reference and several implementations, side by side (``gb16 compare``).

Each implementation is started as ``gb16 certify`` starts it (the same ``--impl`` specs; a
``python:`` function in a process of its own unless ``in_process``), sent the hand once with the
same deadline, and judged as a differential run judges a hand (:func:`verdict.judge`): against
the reference under the rules the implementation declares in its ``start`` answer, a tie (another
admissible fan list at the same total, R-001/R-011) being agreement.  What differs is said per
fan (:func:`gb16.tools.harness.causes.failure_causes`).  Everything an implementation answers is
data: it is shown escaped, never run.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gb16 import reference
from gb16.reference import table
from gb16.reference.rules import DEFAULT, Rules
from gb16.tools.differential import verdict
from gb16.tools.differential.worker import brief, expectation
from gb16.tools.harness.declaration import declared_rules
from gb16.tools.harness.causes import failure_causes
from gb16.tools.harness.implementations import resolve_implementation, resolve_isolated
from gb16.tools.harness.protocol import HarnessError, ImplementationError, Outcome

DEFAULT_TIMEOUT = 30.0


@dataclass
class Column:
    """One side of the comparison: the reference under a rule set, or an implementation."""

    label: str                       # "reference (seed000)", "node-forward 1.0"
    rules: str                       # the rule set it is judged by (its label)
    spec: str | None = None          # the --impl spec (None: the reference)
    status: str = "result"           # pass | fail | error | crash | timeout | skipped | result (the reference)
    result: dict | None = None       # the answer (a contract result), when there is one
    message: str | None = None       # what it did instead of answering, or its error message
    tie: bool = False                # another admissible fan list at the same total
    differences: list[str] = field(default_factory=list)   # per fan, against its reference column
    against: str | None = None       # the label of the reference column it is judged against

    def as_json(self) -> dict:
        return {"label": self.label, "spec": self.spec, "rules": self.rules, "status": self.status,
                "against": self.against, "tie": self.tie, "differences": self.differences,
                "message": self.message, "result": brief(self.result) if self.result is not None else None}


def fan_table(rules: Rules = DEFAULT) -> dict[str, dict]:
    """The fan table (corpus/fans.json) by id, with each fan's points under *rules*."""
    return {f.id: {"zh": f.zh, "en": f.en, "points": rules.points(f.id)} for f in table.FANS}


def _reference_column(case_input: Any, rules: Rules) -> Column:
    result = reference.score(case_input, rules=rules)
    return Column(label=f"reference ({rules.label})", rules=rules.label, result=result,
                  message=None if result.get("ok") else (result.get("error") or {}).get("message"))


def compare_hand(case_input: Any, specs: list[str], rules: Rules = DEFAULT, timeout: float = DEFAULT_TIMEOUT,
                 in_process: bool = False) -> list[Column]:
    """The reference under *rules*, the reference under each rule set an implementation
    declares, then each implementation of *specs* — as columns in that order.

    Raises :class:`HarnessError` when an implementation cannot be started (its spec and why)."""
    references = {rules.label: _reference_column(case_input, rules)}
    columns: list[Column] = []
    for number, spec in enumerate(specs, 1):
        resolve = resolve_implementation if in_process else resolve_isolated
        try:
            impl = resolve(spec, startup_timeout=max(timeout, 30.0))
            metadata = impl.start()
        except (HarnessError, ImplementationError) as exc:
            raise HarnessError(f"--impl {spec}: {exc}") from None
        try:
            outcome = impl.score(1, case_input, timeout)
        finally:
            impl.stop(grace=1.0)
        declared = declared_rules(metadata)
        if declared.label not in references:
            references[declared.label] = _reference_column(case_input, declared)
        columns.append(_judge(case_input, spec, metadata, outcome, references[declared.label], declared))
    return [*references.values(), *columns]


def _judge(case_input: Any, spec: str, metadata: dict, outcome: Outcome, ref: Column, rules: Rules) -> Column:
    name = f"{metadata.get('name', spec)} {metadata.get('version', '')}".strip()
    column = Column(label=name, rules=rules.label, spec=spec, against=ref.label,
                    result=outcome.result if outcome.kind == "result" else None)
    judged = verdict.judge(case_input if isinstance(case_input, dict) else {}, ref.result, outcome, rules)
    column.status, column.tie = judged["status"], bool(judged["tie"])
    if outcome.kind != "result":
        column.message = outcome.message or outcome.kind
    elif not outcome.result.get("ok"):
        column.message = (outcome.result.get("error") or {}).get("message")
    if column.status == "fail" and column.result is not None:
        skip = () if "waits" in column.result else ("waits",)
        column.differences = [c.text for c in failure_causes(expectation(ref.result), column.result,
                                                             fan_table(rules), skip=skip)] or ["the results differ"]
    return column


def fan_rows(columns: list[Column]) -> list[str]:
    """The fan ids any column counts, in the order of the §三 table."""
    ids = {f["id"] for c in columns if c.result and c.result.get("ok")
           for f in c.result.get("fans", []) if isinstance(f, dict) and isinstance(f.get("id"), str)}
    return sorted(ids, key=lambda f: (table.ORDER.get(f, len(table.ORDER)), f))


def fan_cell(column: Column, fan_id: str) -> tuple[int, int | None] | None:
    """(count, points each) of a fan in a column's answer; None when it does not count it."""
    if not column.result or not column.result.get("ok"):
        return None
    count, points = 0, None
    for entry in column.result.get("fans", []):
        if isinstance(entry, dict) and entry.get("id") == fan_id:
            count += entry.get("count", 0) if isinstance(entry.get("count"), int) else 0
            points = entry.get("points") if isinstance(entry.get("points"), int) else points
    return (count, points) if count else None
