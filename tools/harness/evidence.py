"""What a rule set makes of an implementation's answer: the evidence attribution weighs.

For one hand and one rule set (open-ruling options and edition deltas, corpus/editions.json)
the reference does not give one answer but a set of **admissible answers**: the best total,
with the fan list of any interpretation that reaches it — every reading × every
big-combination choice (seed000 §二.5) × every largest chow-link set (§二.6), docs/rulings.md
R-001 and R-011.  An implementation that breaks a tie its own way lists another admissible
answer; that is agreement, under any rule set that admits it.

* :class:`ReferenceAnswers` — the admissible answers of the hands a run asks about under each
  rule set it tries, scored once while the run lasts;
* :func:`matches` — an implementation's answer is one of them (totals, fan points, the
  起和 verdict, a fan list with the points it states, the waits where compared);
* :func:`opinion` — what an answer says of a change of rule set on one hand: the fields the
  change touches (each fan's count and points over the admissible lists, the error code,
  the waits) are those of the rules with the change (``"follows"``), without it
  (``"opposes"``), or neither.  A hand the change does not touch, or a tie it leaves
  admissible, is no evidence either way.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cached_property

from gb16 import reference
from gb16.reference.errors import InputError
from gb16.reference.hand import hand_from_input
from gb16.reference.rules import Rules
from gb16.reference.scoring import admissible_interpretations
from gb16.tools.harness.compare import compare

FOLLOWS, OPPOSES = "follows", "opposes"


@dataclass
class Answers:
    """The admissible answers of one hand under one rule set."""

    case_input: dict
    rules: Rules
    best: dict                      # reference.score under the rules: the reference's own choice

    @property
    def error(self) -> str | None:
        return None if self.best.get("ok") else self.best["error"]["code"]

    @cached_property
    def lists(self) -> tuple[dict[str, tuple[int, int]], ...]:
        """Every admissible fan list, fan id → (count, points); the reference's own first."""
        if self.error:
            return ()
        own = {f["id"]: (f["count"], f["points"]) for f in self.best["fans"]}
        out = [own]
        try:
            interps = admissible_interpretations(hand_from_input(self.case_input), self.rules)
        except InputError:  # pragma: no cover - the best result was ok
            return tuple(out)
        for interp in interps:
            fans = {f: (len(o), self.rules.points(f)) for f, o in interp.fans.items()}
            if fans not in out:
                out.append(fans)
        return tuple(out)

    def key(self):
        """The reference's own answer, for telling at a glance whether two rule sets differ on
        the hand (the admissible lists are made only where they do)."""
        if self.error:
            return ("error", self.error)
        return (self.best["total"], tuple((f["id"], f["count"], f["points"]) for f in self.best["fans"]),
                tuple(self.best["waits"]))


class ReferenceAnswers:
    """The admissible answers (:class:`Answers`) of the hands one piece of work asks about, under
    every rule set it tries — the declared one, each candidate, each step of the search — each
    scored once for as long as this object lives.  Made where the work starts and passed down:
    one per certification run (its cases' expectations and explanations, then its attribution),
    per attribution search, per chunk of a differential run; dropped with it, so that no answer
    outlives the rule data it was scored under.  At most :attr:`LIMIT` answers are kept (then
    they are dropped and scored again as asked)."""

    LIMIT = 20_000

    def __init__(self) -> None:
        self._answers: dict[tuple[str, Rules], Answers] = {}

    def __len__(self) -> int:
        return len(self._answers)

    def answers(self, case_input: dict, rules: Rules) -> Answers:
        """The admissible answers of ``case_input`` under ``rules`` (module docstring)."""
        key = (json.dumps(case_input, sort_keys=True, ensure_ascii=False), rules)
        found = self._answers.get(key)
        if found is None:
            if len(self._answers) >= self.LIMIT:
                self._answers.clear()
            found = self._answers[key] = Answers(case_input, rules, reference.score(case_input, rules=rules))
        return found

    def score(self, case_input: dict, rules: Rules) -> dict:
        """``reference.score(case_input, rules=rules)``, remembered."""
        return self.answers(case_input, rules).best


def template_for(expected: dict | None, actual: dict | None) -> dict | None:
    """The part of an expectation an answer is held to here: ``waits`` only where the case
    states them and the implementation reports them (without the waits capability they are
    not compared, docs/contract.md)."""
    if not expected or "waits" not in expected or (actual or {}).get("waits") is not None:
        return expected
    return {k: v for k, v in expected.items() if k != "waits"}


def expectation_of(result: dict, template: dict | None) -> dict:
    """A reference result as an expectation, with ``waits`` only where ``template`` has them."""
    if not result.get("ok"):
        return {"error": result["error"]["code"]}
    out = {"fans": {f["id"]: f["count"] for f in result["fans"]}, "fan_points": result["fan_points"],
           "total": result["total"], "meets_minimum": result["meets_minimum"]}
    if template and "waits" in template:
        out["waits"] = result["waits"]
    return out


# --------------------------------------------------------------------------- matching

def _stated(actual: dict) -> dict[str, tuple[int, int | None]]:
    """An answer's fans, id → (count, the points it states or None); a brief result's map too."""
    fans = actual.get("fans")
    if isinstance(fans, dict):
        return {f: (c, None) for f, c in fans.items()}
    out = {}
    for f in fans if isinstance(fans, list) else ():
        if isinstance(f, dict) and isinstance(f.get("id"), str):
            count, points = f.get("count"), f.get("points")
            out[f["id"]] = (count, points if isinstance(points, int) else None)
    return out


def _same_list(admissible: dict[str, tuple[int, int]], stated: dict[str, tuple[int, int | None]]) -> bool:
    if set(admissible) != set(stated):
        return False
    return all(stated[f][0] == c and stated[f][1] in (None, p) for f, (c, p) in admissible.items())


def matches(ans: Answers, actual: dict, template: dict | None) -> bool:
    """``actual`` is one of the admissible answers ``ans``: the comparison of the harness
    (tools/harness/compare.py) with every admissible fan list accepted, and the points of
    every fan where the answer states them (a total can agree by chance: 缺一门 worth 2
    beside 明暗杠 5 looks like 明暗杠 6)."""
    template = template_for(template, actual)
    expected = expectation_of(ans.best, template)
    if ans.error:
        return compare(expected, actual) == []
    totals = {k: v for k, v in expected.items() if k != "fans"}
    totals["fans_one_of"] = [{}]   # the fan lists are compared below, so not here
    if any(d["field"] in ("result", "total", "fan_points", "meets_minimum", "waits")
           for d in compare(totals, {**actual, "fans": []})):
        return False
    ids = [f.get("id") for f in actual.get("fans", []) if isinstance(f, dict)] \
        if isinstance(actual.get("fans"), list) else []
    if len(ids) != len(set(ids)):   # each fan appears once, with its count (docs/contract.md)
        return False
    if len(ids) > max(map(len, ans.lists)):   # more fans than any admissible list holds
        return False
    stated = _stated(actual)
    return any(_same_list(fans, stated) for fans in ans.lists)


# --------------------------------------------------------------------------- one hand's opinion of a change

def _fields(ans: Answers, with_waits: bool) -> dict[str, set]:
    """Each field an answer can differ in → the values the admissible answers give it."""
    if ans.error:
        out = {"result": {ans.error}}
    else:
        out = {"result": {"ok"}, "total": {ans.best["total"]}}
        for fans in ans.lists:
            for f in set().union(*ans.lists):
                out.setdefault("fan:" + f, set()).add(fans.get(f, (0, 0)))
    if with_waits and not ans.error:
        out["waits"] = {tuple(sorted(ans.best["waits"]))}
    return out


def _value(actual: dict, field: str, stated: dict):
    if field == "result":
        return "ok" if actual.get("ok") else (actual.get("error") or {}).get("code")
    if field == "total":
        return actual.get("total") if actual.get("ok") else None
    if field == "waits":
        waits = actual.get("waits")
        return tuple(sorted(waits)) if isinstance(waits, list) else None
    return stated.get(field[4:], (0, None))


def _among(value, values: set) -> bool:
    if isinstance(value, tuple) and len(value) == 2 and isinstance(value[0], int):   # (count, points)
        count, points = value
        return any(c == count and (count == 0 or points in (None, p)) for c, p in values)
    return value in values


def opinion(actual: dict, template: dict | None, without: Answers, with_: Answers) -> str | None:
    """What ``actual`` says of the change from rule set ``without`` to ``with_`` on its hand:
    ``"follows"`` when, on every field the change touches, it is what ``with_`` admits and not
    all of it is what ``without`` admits; ``"opposes"`` the other way round; None when the
    change does not touch the hand, or the answer is neither (it differs there for another
    reason)."""
    if without.key() == with_.key():
        return None
    template = template_for(template, actual)
    with_waits = bool(template and "waits" in template) or (template is None and "waits" in actual)
    before, after = _fields(without, with_waits), _fields(with_, with_waits)
    def values(fields: dict, f: str) -> set:
        return fields.get(f, {(0, 0)} if f.startswith("fan:") else {None})

    touched = [f for f in set(before) | set(after) if values(before, f) != values(after, f)]
    if not touched:
        return None
    stated = _stated(actual) if actual.get("ok") else {}
    agrees_before = all(_among(_value(actual, f, stated), values(before, f)) for f in touched)
    agrees_after = all(_among(_value(actual, f, stated), values(after, f)) for f in touched)
    if agrees_after and not agrees_before:
        return FOLLOWS
    if agrees_before and not agrees_after:
        return OPPOSES
    return None
