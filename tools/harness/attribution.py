"""Judged under what it declares, and every disagreement attributed (docs/rulings.md).

An implementation declares in its ``start`` metadata the options it follows for the open
rulings (``"rulings": {"R-009": "A"}``), and may declare an edition and single deltas
(``"edition": "mcr2006"``, ``"deltas": ["two-concealed-kongs-8"]``).  A withdrawn option
(``R-001:C``) is the delta that now carries it.

* :func:`select` — the expectation a case holds the implementation to: the corpus's
  hand-worked expectation of the declared options (:func:`compare.select_expectation`);
  where the declared edition deltas change the reference's result for the hand, the
  reference's result under the declared rule set (the deltas are executable, corpus/editions.json).
* :func:`attribute` — for every failure, the open-ruling options, deltas and editions under
  which the reference agrees with what the implementation answered; then the smallest set
  of them that explains the failures (a greedy cover, pairs tried where no single one
  explains a case).  A failure nothing explains is a *bug*; the others are declared or
  undeclared edition differences.  :meth:`Attribution.verdict_text` is the verdict line:
  "conforms to seed000", "conforms to seed000 with R-009:A",
  "conforms to edition mcr2006 except 3 bugs".
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from functools import lru_cache
from itertools import combinations

from gb16 import reference
from gb16.reference import rules as R
from gb16.reference.rules import Rules, RulesError
from gb16.tools.harness.compare import Selection, compare, select_expectation


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


def expectation_of(result: dict, template: dict | None) -> dict:
    """A reference result as an expectation, with ``waits`` only where the case states them."""
    if not result.get("ok"):
        return {"error": result["error"]["code"]}
    out = {"fans": {f["id"]: f["count"] for f in result["fans"]}, "fan_points": result["fan_points"],
           "total": result["total"], "meets_minimum": result["meets_minimum"]}
    if template and "waits" in template:
        out["waits"] = result["waits"]
    return out


def _outcome_key(result: dict):
    if not result.get("ok"):
        return ("error", result["error"]["code"])
    return (result["total"], tuple(sorted((f["id"], f["count"]) for f in result["fans"])), tuple(result["waits"]))


def select(case: dict, metadata: dict) -> Selection:
    """The expectation for ``case`` under what the implementation declares (module docstring)."""
    selection = select_expectation(case, open_options(metadata))
    rules = declared_rules(metadata)
    if selection.expected is None or not rules.deltas or not isinstance(case.get("input"), dict):
        return selection
    options_only = Rules(rules.options)
    under = score_under(case["input"], rules)
    if _outcome_key(under) == _outcome_key(score_under(case["input"], options_only)):
        return selection
    return Selection(expectation_of(under, selection.expected),
                     f"{rules.label} (the reference under the declared edition)")


# --------------------------------------------------------------------------- attribution

@lru_cache(maxsize=64)
def candidates(declared: Rules) -> tuple[tuple[str, Rules], ...]:
    """Every single change to try on top of the declared rule set: an open-ruling option, a
    delta, an edition."""
    out = []
    for rid, ruling in R.RULINGS.items():
        for option in ruling["options"]:
            if option != declared.option(rid):
                out.append((f"{rid}:{option}", declared.with_option(rid, option)))
    for name in R.DELTAS:
        if name not in declared.deltas:
            out.append((name, declared.with_deltas([name])))
    return tuple(out)


def explains(case_input, label: str, actual: dict, template: dict | None, declared: Rules) -> bool:
    """Whether the reference under ``declared`` changed by ``label`` (a candidate, or a pair
    ``a+b``) answers what the implementation did."""
    rules = declared
    for piece in label.split("+"):
        rules = _with_label(rules, piece)
    return _agrees(case_input, rules, actual, template)


def explain_case(case_input, actual: dict, template: dict | None, declared: Rules) -> list[str]:
    """The labels of the candidates (a single option or delta, else a pair of them) under which
    the reference's result for ``case_input`` is what the implementation answered (``actual``);
    empty when none is.  Only candidates that change the reference's result for the hand are
    tried, singly and then in pairs."""
    found, touching = [], []
    base_key = _outcome_key(score_under(case_input, declared))
    for label, rules in candidates(declared):
        under = score_under(case_input, rules)
        if _outcome_key(under) == base_key:
            continue
        touching.append((label, rules))
        if _matches(under, actual, template):
            found.append(label)
    if not found:
        for (la, ra), (lb, rb) in combinations(touching, 2):
            both = _combine(ra, rb)
            if both is not None and _agrees(case_input, both, actual, template):
                found.append(f"{la}+{lb}")
    return found


# --------------------------------------------------------------------------- the reference under a rule set, once

#: (the input as canonical JSON, the rule set) → the reference's result; every rule set tried
#: on a hand — the declared one, each candidate, each pair, each trial of the cover — is
#: scored once per process however often the attribution asks.
_RESULTS: dict = {}
_RESULTS_LIMIT = 20_000


def score_under(case_input, rules: Rules) -> dict:
    """``reference.score(case_input, rules=rules)``, remembered."""
    key = (json.dumps(case_input, sort_keys=True, ensure_ascii=False), rules)
    found = _RESULTS.get(key)
    if found is None:
        if len(_RESULTS) >= _RESULTS_LIMIT:
            _RESULTS.clear()
        found = _RESULTS[key] = reference.score(case_input, rules=rules)
    return found


def _agrees(case_input, rules: Rules, actual: dict, template: dict | None) -> bool:
    return _matches(score_under(case_input, rules), actual, template)


def _matches(under: dict, actual: dict, template: dict | None) -> bool:
    """The reference's result ``under`` some rules is what the implementation answered: the
    comparison of the harness, and the points of every fan where the implementation states
    them (a total can agree by chance: 缺一门 worth 2 beside 明暗杠 5 looks like 明暗杠 6)."""
    if compare(expectation_of(under, template), actual) != []:
        return False
    if not under.get("ok"):
        return True
    theirs = {f.get("id"): f.get("points") for f in actual.get("fans", []) if isinstance(f, dict)}
    return all(theirs.get(f["id"], f["points"]) in (None, f["points"]) for f in under["fans"])


@dataclass
class Attribution:
    declared: Rules
    explained_by: dict[str, list[str]] = field(default_factory=dict)   # case id → labels ("a+b" for a pair)
    chosen: list[str] = field(default_factory=list)                      # the smallest set found
    attributed: dict[str, str] = field(default_factory=dict)             # case id → the label of chosen that explains it
    bugs: list[str] = field(default_factory=list)                        # failures no option explains
    other_failures: list[str] = field(default_factory=list)              # errors, crashes, timeouts
    rejected: dict[str, list[str]] = field(default_factory=dict)         # candidate → passes it would turn into disagreements

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
        """The chosen set, named by edition where its deltas belong to one: "edition mcr2006
        (two-concealed-kongs-8, concealed-and-melded-kong-6)"."""
        labels = [piece for label in self.chosen for piece in label.split("+")]
        deltas = [x for x in labels if x in R.DELTAS]
        options = [x for x in labels if x not in R.DELTAS]
        homes = [e for e, ed in R.EDITIONS.items() if deltas and set(deltas) <= set(ed["deltas"])]
        parts = []
        if homes:
            parts.append(f"edition {homes[0]} ({', '.join(deltas)})")
        elif deltas:
            parts.append("deltas " + ", ".join(deltas))
        parts += options
        return " + ".join(parts)

    def verdict_text(self, judged: int, failing: int, suffix: str = "") -> str:
        target = self.target(self.declared)
        bugs = len(self.bugs) + len(self.other_failures)
        if not failing:
            return f"conforms to {target}: all {judged} judged cases passed{suffix}"
        if not self.chosen:
            return (f"does not conform: {failing} of {judged} judged cases failed{suffix}; "
                    f"no option or edition delta explains them: {bugs} bugs (judged as {target})")
        explained = len(self.attributed)
        if bugs == 0:
            return (f"does not conform: {failing} of {judged} judged cases failed{suffix}; "
                    f"agrees under {self.explanation()}, which it does not declare (judged as {target})")
        return (f"does not conform: {failing} of {judged} judged cases failed{suffix}; conforms to "
                f"{self.explanation()} except {bugs} bugs ({explained} failures explained; judged as {target})")

    def case_line(self, case_id: str) -> str | None:
        if case_id in self.attributed:
            label = self.attributed[case_id]
            return f"attributed: {label} — " + "; ".join(_describe(x) for x in label.split("+"))
        if case_id in self.bugs:
            return "bug: no open ruling option or edition delta explains it"
        return None

    def as_json(self) -> dict:
        return {"declared": self.declared.label, "chosen": self.chosen, "explanation": self.explanation() if self.chosen else None,
                "attributed": self.attributed, "explained_by": self.explained_by, "bugs": self.bugs,
                "other_failures": self.other_failures,
                "rejected": self.rejected}


def _describe(label: str) -> str:
    if label in R.DELTAS:
        d = R.DELTAS[label]
        homes = [e for e, ed in R.EDITIONS.items() if label in ed["deltas"]]
        return f"{d['summary']}{' [' + ', '.join(homes) + ']' if homes else ''} ({d['source']})"
    rid, _, option = label.partition(":")
    return f"{rid} option {option}: {R.RULINGS[rid]['options'][option]['summary']}"


def attribute(cases: list[dict], metadata: dict) -> Attribution:
    """Attribute the failures of run log ``cases`` (module docstring)."""
    declared = declared_rules(metadata)
    result = Attribution(declared)
    failing = [c for c in cases if c.get("status") == "fail" and c.get("actual") is not None
               and isinstance(c.get("input"), dict)]
    result.other_failures = [c["id"] for c in cases if c.get("status") in ("error", "crash", "timeout")]
    if not failing:
        return result
    explains: dict[str, set[str]] = {}
    for case in failing:
        stored = case.get("explained_by")   # worked out where the hand was judged (a differential run)
        if isinstance(stored, list) and all(isinstance(x, str) and _known_label(x) for x in stored):
            found = list(stored)
        else:
            found = explain_case(case["input"], case["actual"], case.get("expected"), declared)
        result.explained_by[case["id"]] = found
        for label in found:
            explains.setdefault(label, set()).add(case["id"])
    # the smallest set: greedy cover, fewer pieces first on ties; a candidate under which a
    # case the implementation passed would differ does not explain anything (the
    # implementation does not follow it), and is dropped.  A passed hand of a differential
    # run keeps no answer: it agreed with the reference under the declared rules.
    passes = [c for c in cases if c.get("status") == "pass" and isinstance(c.get("input"), dict)]
    left = {cid for cid, found in result.explained_by.items() if found}
    under = declared
    while left and explains:
        label = max(explains, key=lambda lab: (len(explains[lab] & left), -lab.count("+"), -len(lab)))
        covered = explains.pop(label) & left
        if not covered:
            break
        trial = under
        for piece in label.split("+"):
            trial = _with_label(trial, piece)
        broken = _broken_passes(passes, trial, declared)
        if broken:
            result.rejected[label] = broken
            continue
        under = trial
        result.chosen.append(label)
        for cid in sorted(covered):
            result.attributed[cid] = label
        left -= covered
    result.bugs = [c["id"] for c in failing if c["id"] not in result.attributed]
    return result


#: Agreeing hands of a differential run (which keep no answer) checked against a candidate:
#: a candidate the implementation does not follow changes the result of a share of hands, and
#: shows on some of these; scoring every one of 10⁵ hands under every candidate would not end.
AGREEING_HANDS_CHECKED = 1000


def _broken_passes(passes: list[dict], trial: Rules, declared: Rules, most: int = 20) -> list[str]:
    """Passed cases under which ``trial`` would make the reference disagree with what the
    implementation answered (at most ``most``: one is enough to reject a candidate)."""
    broken, agreeing = [], 0
    for c in passes:
        if c.get("actual"):
            agrees = _agrees(c["input"], trial, c["actual"], c.get("expected"))
        elif agreeing < AGREEING_HANDS_CHECKED:
            # a differential hand that agreed: the answer was the reference's under ``declared``
            agreeing += 1
            agrees = _outcome_key(score_under(c["input"], trial)) == _outcome_key(score_under(c["input"], declared))
        else:
            continue
        if not agrees:
            broken.append(c["id"])
            if len(broken) >= most:
                break
    return broken


def _known_label(label: str) -> bool:
    return all(piece in R.DELTAS or piece.partition(":")[0] in R.RULINGS for piece in label.split("+"))


def _with_label(rules: Rules, label: str) -> Rules:
    if label in R.DELTAS:
        return rules.with_deltas([label])
    rid, _, option = label.partition(":")
    return rules.with_option(rid, option)


def _combine(a: Rules, b: Rules) -> Rules | None:
    options = dict(a.options)
    for rid, option in b.options:
        if options.get(rid, option) != option:
            return None  # two options of one ruling
        options[rid] = option
    return Rules(tuple(sorted(options.items())), a.deltas | b.deltas, a.edition)


_CACHE: dict = {}


def for_log(log) -> Attribution:
    """:func:`attribute` for a run log, computed once per log file content."""
    key = (str(getattr(log, "path", "")), len(log.cases), sum(1 for c in log.cases if c.get("status") == "fail"))
    if key not in _CACHE:
        _CACHE[key] = attribute(log.cases, log.header.get("implementation", {}))
    return _CACHE[key]
