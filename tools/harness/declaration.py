"""What an implementation declares, and the changes to it that attribution tries (docs/rulings.md).

An implementation declares in its ``start`` metadata the options it follows for the open
rulings (``"rulings": {"R-009": "A"}``), and may declare an edition and single deltas
(``"edition": "mcr2006"``, ``"deltas": ["two-concealed-kongs-8"]``; docs/contract.md).  A
withdrawn option (``R-001:C``) is the delta that now carries it.

* :func:`declared_rules` — the rule set so declared;
* :func:`select` — the expectation a case holds the implementation to: the corpus's
  hand-worked expectation of the declared options (:func:`compare.select_expectation`);
  where the declared edition deltas change the reference's result for the hand, the case's
  hand-worked expectation under the one delta that acts on it (an ``alternatives`` entry
  naming it), else the reference's result under the declared rule set (the deltas are
  executable, corpus/editions.json);
* :func:`candidates` and :func:`explain_case` — the single changes to the declared rule set
  (another option of an open ruling, a delta added, a declared delta taken away; each a
  :class:`~.rule_change.RuleChange`, ``R-009:A``, ``two-concealed-kongs-8``, ``without:<delta>``,
  ``edition:<edition>``, a pair of them), and which of them make an answer one the reference admits;
* :func:`describe` and :func:`describe_change` — a piece of a change, a change, in words with
  their sources.
"""

from __future__ import annotations

from functools import lru_cache
from itertools import combinations

from gb16.reference import rules as R
from gb16.reference.rules import Rules, RulesError
from gb16.tools.harness.compare import Selection, delta_alternatives, select_expectation
from gb16.tools.harness.evidence import ReferenceAnswers, expectation_of, matches
from gb16.tools.harness.rule_change import EDITION, WITHOUT, RuleChange, is_edition, is_without


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


def select(case: dict, metadata: dict, reference: ReferenceAnswers | None = None) -> Selection:
    """The expectation for ``case`` under what the implementation declares (module docstring);
    the reference's answers from ``reference`` (the run's), else scored for this call alone."""
    reference = reference if reference is not None else ReferenceAnswers()
    selection = select_expectation(case, open_options(metadata))
    rules = declared_rules(metadata)
    if selection.expected is None or not rules.deltas or not isinstance(case.get("input"), dict):
        return selection
    under = reference.answers(case["input"], rules)
    for delta, expect in delta_alternatives(case).items():   # worked by hand, where it is the one that acts
        if delta in rules.deltas and reference.answers(case["input"], Rules(rules.options, frozenset([delta]))).key() == under.key():
            return Selection(expect, f"{delta} (the case's expectation under that delta)")
    if under.key() == reference.answers(case["input"], Rules(rules.options)).key():
        return selection
    return Selection(expectation_of(under.best, selection.expected),
                     f"{rules.label} (the reference under the declared edition)")


# --------------------------------------------------------------------------- candidates

@lru_cache(maxsize=64)
def candidates(declared: Rules) -> tuple[tuple[RuleChange, Rules], ...]:
    """Every single change to try on the declared rule set: another option of an open ruling,
    a delta added, a declared delta taken away (``without:<delta>``)."""
    out = []
    for rid, ruling in R.RULINGS.items():
        for option in ruling["options"]:
            if option != declared.option(rid):
                out.append((RuleChange.of(f"{rid}:{option}"), declared.with_option(rid, option)))
    for name in R.DELTAS:
        change = RuleChange.of(WITHOUT + name if name in declared.deltas else name)
        out.append((change, apply(declared, change)))
    return tuple(out)


def apply(rules: Rules | None, change: RuleChange) -> Rules | None:
    """``rules`` changed by ``change``, piece by piece; None when two pieces choose different
    options of one ruling."""
    pieces = change.pieces
    chosen = [p.partition(":") for p in pieces if not is_without(p) and not is_edition(p) and p not in R.DELTAS]
    if len({rid for rid, _, _ in chosen}) < len(chosen):
        return None   # two options of one ruling
    for piece in pieces:
        if is_without(piece):
            name = piece[len(WITHOUT):]
            edition = rules.edition if rules.edition and name not in R.EDITIONS[rules.edition]["deltas"] else None
            rules = Rules(rules.options, rules.deltas - {name}, edition)
        elif piece in R.DELTAS:
            rules = rules.with_deltas([piece])
        elif is_edition(piece):
            rules = rules.with_deltas(R.EDITIONS[piece[len(EDITION):]]["deltas"])
        else:
            rid, _, option = piece.partition(":")
            rules = rules.with_option(rid, option)
    return rules


def known_label(label: str) -> bool:
    """Whether ``label`` names a change (:class:`~.rule_change.RuleChange`) whose every piece is an
    option, a delta or an edition this gb16 knows."""
    def known(piece: str) -> bool:
        if is_edition(piece):
            return piece[len(EDITION):] in R.EDITIONS
        piece = piece[len(WITHOUT):] if is_without(piece) else piece
        rid, _, option = piece.partition(":")
        return piece in R.DELTAS or (rid in R.RULINGS and option in R.RULINGS[rid]["options"])
    try:
        change = RuleChange.parse(label)
    except ValueError:
        return False
    return all(known(piece) for piece in change.pieces)


def explains(case_input, change: RuleChange, actual: dict, template: dict | None, declared: Rules,
             reference: ReferenceAnswers) -> bool:
    """Whether ``actual`` is admissible under ``declared`` changed by ``change``."""
    rules = apply(declared, change)
    return rules is not None and matches(reference.answers(case_input, rules), actual, template)


def may_widen(under: Rules, trial: Rules) -> bool:
    """Whether two rule sets differ in a way that can change the admissible fan lists of a hand
    without changing the reference's own answer: a fan made repeatable, or a switch in the
    scorer's logic (corpus/editions.json).  Points, exclusions and absent fans change the best
    answer wherever they act."""
    changed = (under.deltas ^ trial.deltas) | {f"{r}:{o}" for r, o in set(under.options) ^ set(trial.options)}
    for name in changed:
        rid, _, option = name.partition(":")
        entry = R.DELTAS.get(name) or R.RULINGS[rid]["options"][option]
        if "switch" in entry or (entry.get("data") or {}).get("repeatable"):
            return True
    return False


def _named_fans(entry: dict) -> frozenset | None:
    """The fans an option's or delta's data names (points, repeatability, absence, the fan whose
    不计 list changes); None when it is logic (a ``switch``), which may act on any hand."""
    if "switch" in entry:
        return None
    data = entry.get("data") or {}
    return frozenset([*data.get("points", {}), *data.get("repeatable", {}), *data.get("absent", ()),
                      *(e["fan"] for e in data.get("exclusions", ()))])


@lru_cache(maxsize=512)
def acting_fans(under: Rules, trial: Rules) -> frozenset | None:
    """The fans a hand must score under ``under`` for ``trial`` to change its answer, or None
    when the change is logic that may act on any hand.  A change of the fan table (corpus/
    editions.json ``data``) acts only through the fans it names: the other readings of a hand
    keep their points, and a reading holding a named fan is the best one wherever such a fan is
    in a hand (kongs are in every reading; 九莲宝灯, 清幺九, 绿一色, 三同刻 … outscore the rest)."""
    entries = [R.DELTAS[name] for name in under.deltas ^ trial.deltas]
    for rid in {r for r, _ in under.options} | {r for r, _ in trial.options}:
        if under.option(rid) != trial.option(rid):
            entries += [R.RULINGS[rid]["options"][under.option(rid)], R.RULINGS[rid]["options"][trial.option(rid)]]
    fans: set = set()
    for entry in entries:
        named = _named_fans(entry)
        if named is None:
            return None
        fans |= named
    return frozenset(fans)


def may_act(case_input, under: Rules, trial: Rules, reference: ReferenceAnswers) -> bool:
    """Whether ``trial`` can change the answer of the hand compared with ``under`` (:func:`acting_fans`),
    told from the hand's answer under ``under`` alone: no scoring under ``trial``."""
    fans = acting_fans(under, trial)
    if fans is None:
        return True
    best = reference.answers(case_input, under).best
    return best.get("ok", False) and any(f["id"] in fans for f in best["fans"])


def explain_case(case_input, actual: dict, template: dict | None, declared: Rules,
                 reference: ReferenceAnswers) -> list[RuleChange]:
    """The candidates under which ``actual`` is one of the reference's admissible answers for
    ``case_input`` — single changes, else pairs of them, else a whole edition's deltas; empty
    when none is.  A candidate is tried wherever it changes the admissible answers: the
    reference's own, or — for a candidate that may only widen them (:func:`may_widen`) — the
    other admissible fan lists.  Only candidates that change the reference's answer are paired."""
    found: list[RuleChange] = []
    touching: list[RuleChange] = []
    base = reference.answers(case_input, declared).key()
    for change, rules in candidates(declared):
        if not may_act(case_input, declared, rules, reference):
            continue
        under = reference.answers(case_input, rules)
        if under.key() == base:
            if may_widen(declared, rules) and matches(under, actual, template):
                found.append(change)
            continue
        touching.append(change)
        if matches(under, actual, template):
            found.append(change)
    if not found:
        for a, b in combinations(touching, 2):
            if explains(case_input, a + b, actual, template, declared, reference):
                found.append(a + b)
    if not found:   # an edition whose deltas act only together on this hand
        for name in R.EDITIONS:
            edition = RuleChange.of(EDITION + name)
            if explains(case_input, edition, actual, template, declared, reference):
                found.append(edition)
    return found


# --------------------------------------------------------------------------- the declared pieces

def undo(piece: str, declared: Rules) -> RuleChange:
    """The candidate that takes a declared piece (``R-009:A`` or a delta) away."""
    if piece in R.DELTAS:
        return RuleChange.of(WITHOUT + piece)
    rid = piece.partition(":")[0]
    return RuleChange.of(f"{rid}:{R.RULINGS[rid]['default']}")


def declared_pieces(declared: Rules) -> list[str]:
    return [f"{r}:{o}" for r, o in declared.options] + sorted(declared.deltas)


def describe_change(change: RuleChange) -> str:
    """A change in words, piece by piece, with their sources."""
    return "; ".join(describe(piece) for piece in change.pieces)


def describe(piece: str) -> str:
    """One piece of a change in words, with its source."""
    if is_without(piece):
        return f"not {describe(piece[len(WITHOUT):])} (declared)"
    if is_edition(piece):
        edition = R.EDITIONS[piece[len(EDITION):]]
        return f"every delta of {edition['title']}: {', '.join(edition['deltas'])}"
    if piece in R.DELTAS:
        d = R.DELTAS[piece]
        homes = [e for e, ed in R.EDITIONS.items() if piece in ed["deltas"]]
        return f"{d['summary']}{' [' + ', '.join(homes) + ']' if homes else ''} ({d['source']})"
    rid, _, option = piece.partition(":")
    return f"{rid} option {option}: {R.RULINGS[rid]['options'][option]['summary']}"
