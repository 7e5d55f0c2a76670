"""Z3 proofs of the consequences of seed000 §二.5–6, and the exhaustive cross-check.

Every claim is checked on the independent model of :mod:`gb16.properties.chow_model`:

* a *bound* is proved by asking Z3 for a reading that breaks it and getting ``unsat``;
* a *witness* shows a bound is reached (``sat``, with the reading found);
* a *sanity* check shows that a rule a bound rests on is not vacuous: without it the bound
  would fail (``sat``) — so the proof really uses the rule.

Several bounds restate the encoding (:data:`RESTATES`; the report says so in its
"content" column): they check the model, not the rules.  Then
:mod:`gb16.properties.proof_crosscheck` compares the model's optimum with the reference
through its real scoring path (``scoring.score_interpretation`` on the one reading of five
melded chows) on every multiset of five chows that fits in a hand.  The command is
``gb16 prove`` (:mod:`gb16.tools.commands.prove`).
"""

from __future__ import annotations

import itertools
import time
from dataclasses import dataclass, field

import z3

from . import chow_model as cm
from .chow_model import ChowModel, Options

# --------------------------------------------------------------------------- claim outcomes

PROVED, REACHED, FAILED = "proved", "reached", "FAILED"


@dataclass
class Outcome:
    """The result of checking one claim."""

    id: str
    claim: str
    clause: str
    kind: str          # "bound" (unsat expected), "witness" / "sanity" (sat expected), "exhaustive"
    holds: bool
    result: str        # what the table shows
    seconds: float
    witness: dict | None = None
    detail: str = ""
    content: str = ""  # "" — the claim has content; else the constraint of the encoding it restates

    def row(self) -> list:
        return [self.id, self.claim, self.clause, self.result,
                f"restates the encoding: {self.content}" if self.content else "content", f"{self.seconds:.2f}s"]


@dataclass
class Claim:
    id: str
    claim: str
    clause: str
    kind: str
    check: object = field(repr=False)  # () -> (holds, result text, witness or None, detail)


def _solve(constraints, extra) -> tuple[z3.CheckSatResult, z3.ModelRef | None, float]:
    """Z3's verdict on ``constraints`` and ``extra``, with a model when satisfiable.

    The model is quantifier-free linear integer arithmetic (integers, Booleans, ``If``, sums,
    at-most constraints), so it is given to Z3's solver for that logic (QF_LIA), a decision
    procedure for it: the verdicts of the default solver, in a third of the time on the
    longest claims (5f, 6, 1)."""
    s = z3.SolverFor("QF_LIA")
    s.add(constraints)
    s.add(extra)
    t0 = time.perf_counter()
    r = s.check()
    return r, (s.model() if r == z3.sat else None), time.perf_counter() - t0


def bound(model: ChowModel, violation) -> tuple[bool, str, dict | None, str]:
    """The claim holds iff no reading satisfies ``violation`` (unsat)."""
    r, m, _ = _solve(model.constraints, violation)
    if r == z3.unsat:
        return True, PROVED + " (unsat)", None, ""
    if r == z3.sat:
        return False, FAILED + " (counterexample)", model.reading(m), "Z3 found a reading that breaks the bound"
    return False, FAILED + f" ({r})", None, "Z3 could not decide"


def reach(model: ChowModel, condition) -> tuple[bool, str, dict | None, str]:
    """The claim holds iff some reading satisfies ``condition`` (sat); the reading is the witness."""
    r, m, _ = _solve(model.constraints, condition)
    if r == z3.sat:
        return True, REACHED + " (sat)", model.reading(m), ""
    return False, FAILED + f" ({r})", None, "no reading reaches it"


def _outside_links_to_group(m: ChowModel, d: int):
    """Links counted between chow ``d`` and the members of the 三顺子 group."""
    return z3.Sum([z3.If(m.in_group[j], m.links_between(d, j), 0) for j in range(m.n) if j != d])


# --------------------------------------------------------------------------- the claims

def _five(options: Options | None = None) -> ChowModel:
    return ChowModel(n=5, options=options or Options())


def c_five_no_big_bound():
    m = _five()
    return bound(m, z3.And(m.no_big_combination_taken(), m.link_points > 4))


def c_five_no_big_reached():
    m = _five()
    return reach(m, z3.And(z3.Not(m.some_big_fan_qualifies()), m.link_points == 4))


def c_three_chow_bound():
    m = _five()
    return bound(m, z3.And(m.three_chow, m.link_points > 2))


def c_three_chow_reached():
    m = _five()
    return reach(m, z3.And(m.three_chow, m.link_points == 2))


def c_one_link_to_group():
    m = _five()
    return bound(m, z3.Or([z3.And(z3.Not(m.in_group[d]), _outside_links_to_group(m, d) >= 2) for d in range(5)]))


def c_one_link_to_group_sanity():
    """Without the contraction rule an outside chow related to two members would count twice."""
    m = _five(Options(group_contraction=False))
    return reach(m, z3.Or([z3.And(z3.Not(m.in_group[d]), _outside_links_to_group(m, d) >= 2) for d in range(5)]))


def c_four_chow_zero():
    m = _five()
    return bound(m, z3.And(m.four_chow, m.link_points >= 1))


def c_four_chow_sanity():
    """Without "包含第五顺子" the fifth chow could link to a 四顺子 member."""
    m = _five(Options(four_chow_blocks=False))
    return reach(m, z3.And(m.four_chow, m.link_points >= 1))


def c_terminal_once():
    m = _five()
    return bound(m, m.count_of(cm.TERMINAL_CHOWS) >= 2)


def c_terminal_once_sanity():
    """The cycle rule alone would allow two 老少副 (123m 123m 789m: a path, no cycle)."""
    m = _five(Options(terminal_once=False))
    return reach(m, m.count_of(cm.TERMINAL_CHOWS) >= 2)


def c_pair_one_fan():
    """Proved on the model *without* the explicit per-pair cap: the four definitions exclude each
    other and two links between the same two chows would be a cycle, so the cap is implied."""
    m = _five(Options(per_pair_cap=False))
    return bound(m, z3.Or([m.links_between(i, j) >= 2 for i, j in itertools.combinations(range(5), 2)]))


def c_relations_exclusive():
    a = (z3.Int("sa"), z3.Int("ta"))
    b = (z3.Int("sb"), z3.Int("tb"))
    domain = [x for (s, t) in (a, b) for x in (s >= 0, s <= 2, t >= 1, t <= 7)]
    two = z3.Or([z3.And(cm.relation_holds(f, a, b), cm.relation_holds(g, a, b))
                 for f, g in itertools.combinations(cm.RELATIONS, 2)])
    r, mdl, _ = _solve(domain, two)
    if r == z3.unsat:
        return True, PROVED + " (unsat)", None, ""
    return False, FAILED + f" ({r})", None, str(mdl)


def c_subset_caps():
    """The base's "k 副顺子之间至多 k−1 分" holds for every subset of the five chows."""
    m = _five()
    violations = [m.links_within(s) > len(s) - 1 for k in range(2, 6) for s in itertools.combinations(range(5), k)]
    return bound(m, z3.Or(violations))


def c_cycle_rule_is_subset_caps():
    """On five chows that are pairwise related (123m 123m 123p 123p 123s), each of the 1024 sets of
    links is allowed by the model iff it meets every subset cap: the cycle rule *is* the base's cap."""
    chows = [("m", 1), ("m", 1), ("p", 1), ("p", 1), ("s", 1)]
    pairs = list(itertools.combinations(range(5), 2))
    link_sets = [[p for k, p in enumerate(pairs) if mask >> k & 1] for mask in range(1 << len(pairs))]
    readings = [(None, None, [(cm.PURE_DOUBLE if chows[i] == chows[j] else cm.MIXED_DOUBLE, i, j) for i, j in chosen])
                for chosen in link_sets]
    wrong = []
    for chosen, allowed in zip(link_sets, cm.Solver(5).admissible_each(chows, readings)):
        caps = all(sum(1 for p in chosen if set(p) <= set(s)) <= len(s) - 1
                   for k in range(2, 6) for s in itertools.combinations(range(5), k))
        if allowed != caps:
            wrong.append(chosen)
    if wrong:
        return False, FAILED + f" ({len(wrong)} link sets)", None, f"first: {wrong[0]}"
    return True, PROVED + " (1024/1024 link sets)", None, ""


def _gb13(n: int) -> ChowModel:
    return ChowModel(n=n)


def c13_four_bound():
    m = _gb13(4)
    return bound(m, z3.And(m.no_big_combination_taken(), m.link_points > 3))


def c13_four_reached():
    m = _gb13(4)
    return reach(m, z3.And(z3.Not(m.some_big_fan_qualifies()), m.link_points == 3))


def c13_three_chow_bound():
    m = _gb13(4)
    return bound(m, z3.And(m.three_chow, m.link_points > 1))


def c13_three_chow_reached():
    m = _gb13(4)
    return reach(m, z3.And(m.three_chow, m.link_points == 1))


def c13_four_chow_zero():
    m = _gb13(4)
    return bound(m, z3.And(m.four_chow, m.link_points >= 1))


def c13_three_bound():
    m = _gb13(3)
    return bound(m, z3.And(m.no_big_combination_taken(), m.link_points > 2))


def c13_three_reached():
    m = _gb13(3)
    return reach(m, z3.And(z3.Not(m.some_big_fan_qualifies()), m.link_points == 2))


def c13_two_bound():
    m = _gb13(2)
    return bound(m, m.link_points > 1)


def c_big_beats_none():
    """R-002: every reading that takes a big combination outscores every reading of the same
    chows that takes none — so taking one whenever one qualifies never loses."""
    a = ChowModel(n=5, prefix="a_")
    b = ChowModel(n=5, prefix="b_")
    same = [x == y for x, y in zip(a.suit + a.start, b.suit + b.start)]
    violation = z3.And(z3.Not(a.no_big_combination_taken()), b.no_big_combination_taken(), a.total <= b.total)
    r, mdl, _ = _solve(a.constraints + b.constraints + same, violation)
    if r == z3.unsat:
        return True, PROVED + " (unsat)", None, ""
    return False, FAILED + f" ({r})", (a.reading(mdl) if mdl else None), "a reading without big combination wins"


CLAIMS: tuple[Claim, ...] = (
    Claim("1", "five chows, no big combination: chow-pair points ≤ 4", "seed000 §二.6", "bound", c_five_no_big_bound),
    Claim("1w", "… and 4 is reached (no big combination qualifies)", "seed000 §二.6", "witness", c_five_no_big_reached),
    Claim("2", "a 三顺子 fan: the two other chows add ≤ 2", "seed000 §二.6", "bound", c_three_chow_bound),
    Claim("2w", "… and 2 is reached", "seed000 §二.6", "witness", c_three_chow_reached),
    Claim("2b", "a chow outside the 三顺子 group counts ≤ 1 link with it", "xinbian 第六章 5 例4", "bound",
          c_one_link_to_group),
    Claim("2b-s", "… the contraction rule is what ensures it", "seed000 §二.6", "sanity", c_one_link_to_group_sanity),
    Claim("3", "a 四顺子 fan: 0 chow-pair points, fifth chow included", "seed000 §二.5", "bound", c_four_chow_zero),
    Claim("3-s", "… the rule is not vacuous (a fifth chow can relate)", "seed000 §二.5", "sanity", c_four_chow_sanity),
    Claim("4a", "老少副 never counts twice", "seed000 §二.6", "bound", c_terminal_once),
    Claim("4a-s", "… the cycle rule alone would allow two", "xinbian 第七章 72", "sanity", c_terminal_once_sanity),
    Claim("4b", "one pair of chows never yields two fans (even without the per-pair cap)", "seed000 §二.6",
          "bound", c_pair_one_fan),
    Claim("4c", "the four chow-pair definitions exclude each other", "xinbian 第七章 69", "bound",
          c_relations_exclusive),
    Claim("5a", "gb13: four chows, no big combination: ≤ 3", "xinbian 第六章 5", "bound", c13_four_bound),
    Claim("5a-w", "… and 3 is reached", "xinbian 第六章 5", "witness", c13_four_reached),
    Claim("5b", "gb13: a 三顺子 fan: the fourth chow adds ≤ 1", "mil 附件1 (十一)", "bound", c13_three_chow_bound),
    Claim("5b-w", "… and 1 is reached", "mil 附件1 (十一)", "witness", c13_three_chow_reached),
    Claim("5c", "gb13: a 四顺子 fan: 0 chow-pair points", "mil 附件1 (十一)", "bound", c13_four_chow_zero),
    Claim("5d", "three chows: ≤ 2", "xinbian 第六章 5", "bound", c13_three_bound),
    Claim("5d-w", "… and 2 is reached", "xinbian 第六章 5", "witness", c13_three_reached),
    Claim("5e", "two chows: ≤ 1", "xinbian 第六章 5", "bound", c13_two_bound),
    Claim("5f", "five chows: any k of them carry ≤ k−1 links (base caps hold)", "xinbian 第六章 5", "bound",
          c_subset_caps),
    Claim("5g", "the cycle rule is exactly the base's per-subset cap", "seed000 §二.6", "exhaustive",
          c_cycle_rule_is_subset_caps),
    Claim("6", "a reading with a big combination beats every reading without", "seed000 §二.5", "bound",
          c_big_beats_none),
)


#: Bounds that follow from the way chow_model encodes §二.5–6 rather than from anything
#: the proof discovers: Z3 confirms the encoding, not a consequence of it.  They stay as
#: checks of the encoding (a change that broke one would be seen) but are not evidence
#: about the rules.  The other claims have content: the witnesses show a bound is reached,
#: the sanity checks that a rule is not vacuous, 2b/4b/4c/5f/5g/6 relate definitions and
#: rules that the encoding states separately.
RESTATES = {
    "1": "links are a forest on five nodes (≤ nodes − 1)",
    "2": "the 三顺子 group is contracted to one node: a forest on three nodes",
    "3": "no link is allowed beside a 四顺子 fan",
    "4a": "at most one 老少副 link is allowed",
    "5a": "a forest on four nodes (gb13)",
    "5b": "the group contracted: a forest on two nodes (gb13)",
    "5c": "no link beside a 四顺子 fan (gb13)",
    "5d": "a forest on three nodes",
    "5e": "a forest on two nodes",
}


def run_claim(claim: Claim) -> Outcome:
    t0 = time.perf_counter()
    holds, result, witness, detail = claim.check()
    return Outcome(claim.id, claim.claim, claim.clause, claim.kind, holds, result,
                   time.perf_counter() - t0, witness, detail, RESTATES.get(claim.id, ""))


def run_claims(progress=None) -> list[Outcome]:
    outcomes = []
    for claim in CLAIMS:
        if progress:
            progress(f"claim {claim.id}: {claim.claim}")
        outcomes.append(run_claim(claim))
    return outcomes


def run_all(thorough: bool = False, progress=None) -> list[dict]:
    """Every claim, then the cross-check, as rows for the compliance report (gb16.tools.reports.compliance).

    One row per claim (``holds``, ``result``, ``seconds``) and one per cross-check line; the
    cross-check rows hold when it found no disagreement.
    """
    from . import proof_crosscheck as xc   # the reference, only for the cross-check (the proofs import no gb16 code)

    rows = [{"name": o.id, "claim": o.claim, "clause": o.clause, "holds": o.holds, "result": o.result,
             "seconds": round(o.seconds, 2)} for o in run_claims(progress)]
    report = xc.cross_check(thorough=thorough, representatives=None, hand_sample=2000 if thorough else 200,
                            seed=16, progress=progress)
    for line in report.rows():
        name, clause, result, seconds = line
        rows.append({"name": "cross-check", "claim": name, "clause": clause, "holds": report.ok,
                     "result": result, "seconds": seconds})
    for text in report.disagreement_lines(limit=20):
        rows.append({"name": "disagreement", "claim": text, "clause": "seed000 §二.6", "holds": False,
                     "result": "disagreement"})
    return rows


def describe_reading(r: dict) -> str:
    """``123m 123m 456m 456p 789p (pair 55s): 一般高 0-1, 连六 0-2, …`` for a model reading."""
    parts = []
    if r.get("big_combination"):
        b = r["big_combination"]
        parts.append(f"{cm.ZH[b['fan']]} {'+'.join(str(i) for i in b['chows'])}")
    parts += [f"{cm.ZH[l['fan']]} {l['chows'][0]}-{l['chows'][1]}" for l in r.get("links", [])]
    return f"{' '.join(r['chows'])} (pair {r['pair']}) = {r['points']}: {', '.join(parts) or 'nothing'}"
