"""Scoring: every interpretation on its own, then the highest total (seed000 §二).

"先确定完整十七张牌姿，再计算该牌姿的番种。存在多种拆牌、面子组合或和牌张归属时，取一个合法解释的
最高总分。不得将不同解释的番种拼在一起，也不得丢掉第五面子后按十四张计分。"

An *interpretation* is a reading (:mod:`gb16.reference.readings`) plus the big
combination it takes (§二.5).  Scoring one interpretation runs these steps, each in one
place:

1. the fan predicates (:mod:`gb16.reference.fans`) — the definitions;
2. §二.5: only the chosen big combination stays (:mod:`gb16.reference.combination`);
3. §二.6: the chow-pair links counted beside it (:func:`~gb16.reference.combination.chow_links`);
4. §二.8: a fan that is not repeatable counts once;
5. 规定原则 (xinbian 第六章 4): the exclusions of corpus/fans.json (:func:`apply_exclusions`);
6. 无番和 when nothing else counts (seed000 §三 无番和);
7. flowers (§三 花牌), outside the fan points.

Every step reads the fan table through the rule set in force (:mod:`gb16.reference.rules`:
the project's reading by default, or the options and edition deltas asked for), which
:func:`interpretations` makes active for the whole of one hand.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from . import table
from .combination import (
    Big,
    Link,
    BIG_COMBINATION,
    SHARED_PUNG_FANS,
    big_combination_choices,
    chow_link_sets,
    chow_links,
    shared_pung_fans,
)
from .errors import InputError
from .fans import CHOW_PAIR, HAND, REGISTRY, AtLeast, Predicate, occurrences
from .hand import Hand
from .readings import Reading, readings
from .rules import Rules, active, using
from .special_shapes import SEVEN_PAIRS

Occurrences = list[tuple[int, ...]]
#: the predicates of one family of needs (:func:`applicable_predicates`): the weakest need, and
#: each need with its predicates
Family = tuple[AtLeast | None, list[tuple[AtLeast | None, list[Predicate]]]]
FLOWERS, CHICKEN = "flower_tiles", "chicken_hand"


@dataclass(frozen=True)
class Removal:
    """A fan that held by definition and did not count, or counted fewer times (不计), and why:
    ``by`` is the fan that removed it (None for a principle alone) and ``rule`` the clause —
    the source of the exclusion in corpus/fans.json, seed000 §二.5 (one big combination) or
    §二.8 (not repeatable)."""

    fan: str
    count: int                 # occurrences removed
    by: str | None
    rule: str


@dataclass
class Interpretation:
    """One reading with one choice of big combination, scored on its own."""

    reading: Reading
    big: tuple[str, tuple[int, ...]] | None
    fans: dict[str, Occurrences]           # counted fans, table order
    links: list[tuple[str, int, int]] = field(default_factory=list)  # counted chow-pair links
    fan_points: int = 0
    flower_points: int = 0

    @property
    def total(self) -> int:
        return self.fan_points + self.flower_points

    def count(self, fan_id: str) -> int:
        return len(self.fans.get(fan_id, ()))


@lru_cache(maxsize=None)
def applicable_predicates(variant: str, rules: Rules | None = None) -> dict[str, list[Family]]:
    """The predicates of the fans that exist in ``variant`` (seed000 §三 适用), by scope.

    Within a scope they are grouped by the need declared beside them, and the needs by the
    groups they count (:data:`~gb16.reference.fans.GROUPS`): ``[(weakest, [(need,
    [predicates])])]``.  ``weakest`` is the smallest count any need of the family asks of
    its groups (``AtLeast("honour pungs", 1)``): each need of the family implies it, so a
    subject that fails it skips the whole family, and one that fails a need skips its
    group.  The predicates without a need come under ``(None, [(None, [...])])``.
    """
    by_scope: dict[str, dict[str | None, dict[AtLeast | None, list[Predicate]]]] = {HAND: {}, "reading": {}}
    for f in (rules or active()).fans_of(variant):
        pred = REGISTRY.get(f.id)
        if pred is not None and pred.scope != CHOW_PAIR:
            what = pred.needs.what if pred.needs is not None else None
            by_scope[pred.scope].setdefault(what, {}).setdefault(pred.needs, []).append(pred)
    return {scope: [(_weakest(what, groups), list(groups.items())) for what, groups in families.items()]
            for scope, families in by_scope.items()}


def _weakest(what: str | None, groups: dict[AtLeast | None, list[Predicate]]) -> AtLeast | None:
    """The need every need of ``groups`` (all counting ``what``) implies."""
    return None if what is None else AtLeast(what, min(need.count for need in groups if need is not None))


def interpretations(hand: Hand, rules: Rules | None = None) -> list[Interpretation]:
    """Every interpretation of ``hand`` under ``rules`` (default: the rule set in force, the
    project's reading unless :func:`~gb16.reference.rules.using` says otherwise), each scored
    alone. Raises ``not_winning_hand``."""
    rules = rules or active()
    if rules is active():  # already in force (reference.score makes it so)
        return _interpretations(hand, rules)
    with using(rules):
        return _interpretations(hand, rules)


def _interpretations(hand: Hand, rules: Rules, every_link_set: bool = False) -> list[Interpretation]:
    if rules.has("own-melds-not-visible") and hand.last_of_kind and \
            any(hand.win_tile in m.tiles for m in hand.melds if m.exposed):
        raise InputError("inconsistent_flags", "last_of_kind (和绝张): under own-melds-not-visible the winner's own "
                                               "exposed copies are not visible, so the flag cannot hold")
    found = readings(hand)
    if not found:
        raise InputError("not_winning_hand",
                         f"the tiles form no {hand.variant.id} winning shape "
                         f"({'five sets and a pair, or 组合龙 + two sets + pair' if hand.variant.id == 'gb16' else 'see xinbian 第二章'})")
    preds = applicable_predicates(hand.variant.id, rules)
    hand_fans = _holding(preds[HAND], hand)
    result = []
    for reading in found:
        raw = dict(hand_fans)
        raw.update(_holding(preds["reading"], reading))
        for big in big_combination_choices({f: raw[f] for f in _big_group(rules) if raw.get(f)}):
            if not every_link_set:
                result.append(score_interpretation(reading, raw, big))
                continue
            for links in chow_link_sets(reading.chows, big):
                result.append(score_interpretation(reading, raw, big, rules, links))
    return result


def _holding(families: list[Family], subject: Hand | Reading) -> dict[str, Occurrences]:
    """The occurrences of each fan whose predicate holds on the hand or reading ``subject``
    (a fan that does not hold is left out); a family or group whose need fails
    (:class:`~gb16.reference.fans.AtLeast`, see :func:`applicable_predicates`) is skipped:
    its fans cannot hold."""
    raw: dict[str, Occurrences] = {}
    tallies: dict[Any, Any] = {}
    for weakest, groups in families:
        if weakest is not None and not weakest.holds(subject, tallies):
            continue
        for need, preds in groups:
            if need is None or need.holds(subject, tallies):
                for p in preds:
                    answer = p.func(subject)
                    if answer:
                        raw[p.id] = occurrences(answer)
    return raw


def admissible_interpretations(hand: Hand, rules: Rules | None = None) -> list[Interpretation]:
    """Every interpretation a scorer may report (docs/rulings.md R-001, R-011): every reading ×
    every big-combination choice × every largest chow-link set, kept when it reaches the best
    total.  For deciding ties (gb16.tools.differential); :func:`best` picks one of them."""
    rules = rules or active()
    with using(rules):
        found = _interpretations(hand, rules, every_link_set=True)
    top = max(i.total for i in found)
    return [i for i in found if i.total == top]


def _big_group(rules: Rules) -> tuple[str, ...]:
    """The fans of seed000 §二.5's group; R-002:B adds 三同刻 and 三色三节高 (docs/rulings.md)."""
    return BIG_COMBINATION + SHARED_PUNG_FANS if rules.option("R-002") == "B" else BIG_COMBINATION


def score_interpretation(reading: Reading, raw: dict[str, Occurrences], big: Big, rules: Rules | None = None,
                         links: list[Link] | None = None, trace: list[Removal] | None = None) -> Interpretation:
    """Steps 2–7 of the module docstring for one reading and one big-combination choice
    (``links``: another largest link set of :func:`~gb16.reference.combination.chow_link_sets`).
    ``trace``, when given, receives a :class:`Removal` for every fan a step removes (:func:`removals`)."""
    rules = rules or active()
    hand = reading.hand
    # 1. what holds by definition
    counted = {f: list(o) for f, o in raw.items() if o}
    if reading.shape == SEVEN_PAIRS:
        counted = seven_pairs_editions(counted, rules)
    # 2. seed000 §二.5: at most one big combination
    for f in _big_group(rules):
        removed = counted.pop(f, None)
        if trace is not None and removed:
            if big is not None and f == big[0]:  # the one taken, on one choice of sets
                if len(removed) > 1:
                    trace.append(Removal(f, len(removed) - 1, None, "seed000 §二.8"))
            else:
                trace.append(Removal(f, len(removed), big[0] if big else None, "seed000 §二.5"))
    if big is not None:
        counted[big[0]] = [big[1]]
    before = counted
    counted = shared_pung_fans(counted, big, raw)
    if trace is not None and big is not None and counted is not before:
        trace.extend(Removal(f, len(before[f]) - len(counted.get(f, ())), big[0], "docs/rulings.md R-002 (option C)")
                     for f in SHARED_PUNG_FANS if len(counted.get(f, ())) < len(before.get(f, ())))
    # 3. seed000 §二.6: chow-pair links
    links = chow_links(reading.chows, big) if links is None else links
    for fan_id, i, j in links:
        counted.setdefault(fan_id, []).append((i, j))
    # 4. seed000 §二.8: only the repeatable fans count more than once
    for f in counted:
        if not rules.repeatable(f):
            if trace is not None and len(counted[f]) > 1:
                trace.append(Removal(f, len(counted[f]) - 1, None, "seed000 §二.8"))
            counted[f] = counted[f][:1]
    # 5. 规定原则
    counted = apply_exclusions(counted, hand.variant.id, rules, raw, trace)
    # 6. 无番和
    if not any(f != FLOWERS for f in counted) and rules.exists(CHICKEN, hand.variant.id):
        counted[CHICKEN] = [()]
    counted = {f: counted[f] for f in sorted(counted, key=table.ORDER.__getitem__)}
    links = [(f, i, j) for f, i, j in links if (i, j) in counted.get(f, ())]
    fan_points = sum(rules.points(f) * len(o) for f, o in counted.items() if f != FLOWERS)
    return Interpretation(reading, big, counted, links, fan_points, len(counted.get(FLOWERS, ())))


#: Edition delta ``tile-fans-basic-shape-only`` (the 1998 rules as first issued, seed004):
#: fans defined "由某某牌的顺子、刻子（杠）及将牌组成的和牌", which a 七对 is not.
BASIC_SHAPE_ONLY = ("all_green", "all_terminals", "all_honors", "all_terminals_and_honors", "full_flush",
                    "upper_tiles", "middle_tiles", "lower_tiles", "upper_four", "lower_four")
#: Edition delta ``six-kind-seven-pairs-no-tile-hog`` (2006, seed004): fans of six kinds of
#: tile, so that their 七对 always holds four of one kind.
SIX_KINDS = ("all_green", "all_terminals")


def seven_pairs_editions(counted: dict[str, Occurrences], rules: Rules) -> dict[str, Occurrences]:
    """What two edition deltas take from a 七对 reading (gb13; docs/rulings.md Part 3):
    ``tile-fans-basic-shape-only`` the fans of :data:`BASIC_SHAPE_ONLY`, and
    ``six-kind-seven-pairs-no-tile-hog`` 四归一 beside 绿一色 or 清幺九 ("绿一色、七对并立时，不计四归一";
    "清幺九、七对并立不计四归一")."""
    if rules.has("tile-fans-basic-shape-only"):
        counted = {f: o for f, o in counted.items() if f not in BASIC_SHAPE_ONLY}
    if rules.has("six-kind-seven-pairs-no-tile-hog") and any(f in counted for f in SIX_KINDS):
        counted = {f: o for f, o in counted.items() if f != "tile_hog"}
    return counted


def apply_exclusions(counted: dict[str, Occurrences], variant: str, rules: Rules | None = None,
                     held: dict[str, Occurrences] | None = None,
                     trace: list[Removal] | None = None) -> dict[str, Occurrences]:
    """规定原则 (xinbian 第六章 4) with the 不计 lists of corpus/fans.json.

    "若番种定义规定番种 1 成立时不计番种 2，则番种 1 成立时番种 2 不成立……若番种定义规定番种 5
    成立时和牌中若干个面子不计番种 6，则番种 5 成立时不得使用相应的面子成立番种 6".
    Scope ``whole`` removes the fan; scope ``sets`` removes each occurrence that uses one of
    the excluding fan's sets; scope ``one`` removes one occurrence (减计 1 个).

    Only a fan that counts excludes (docs/rulings.md R-013): fans are visited in §三 table
    order, and every exclusion of the table points from a fan to one later in that order
    (tests/test_table.py checks it), so a fan removed by an earlier one excludes nothing —
    e.g. 十三幺 removes 不求人, and 自摸 stays (xinbian 第七章 7 例 "十三幺、自摸").

    The 不计 lists are those of ``rules``.  Under the edition delta ``exclusions-pairwise``
    every fan of ``counted`` applies its list, even one that is itself excluded
    (docs/rulings.md, Part 3).  Under R-002:B and C a 三同刻 that holds (in ``held``, the fans
    by definition) but is not counted still prevents 双同刻 (seed000 §二.5 "三同刻成立时仍不计双同刻").
    ``trace``, when given, receives a :class:`Removal` for every fan an exclusion removes.
    """
    rules = rules or active()
    kept = dict(counted)
    excluders = dict(counted)
    if rules.option("R-002") != "A" and held and held.get("triple_pung") and "triple_pung" not in counted:
        excluders["triple_pung"] = held["triple_pung"]
    pairwise = rules.has("exclusions-pairwise")
    for f in sorted(excluders, key=table.ORDER.__getitem__):
        occs = excluders[f] if pairwise or f not in counted else kept.get(f)
        if not occs:
            continue
        used = None  # the sets of f's occurrences, gathered when a "sets" exclusion needs them
        for ex in rules.excludes(f):
            if ex.fan in kept and ex.applies_to(variant):
                had = len(kept[ex.fan]) if trace is not None else 0
                if ex.scope == "whole":
                    kept[ex.fan] = []
                elif ex.scope == "one":
                    kept[ex.fan] = kept[ex.fan][1:]
                else:
                    used = set().union(*occs) if used is None else used
                    kept[ex.fan] = [o for o in kept[ex.fan] if not used.intersection(o)]
                if trace is not None and len(kept[ex.fan]) < had:
                    trace.append(Removal(ex.fan, had - len(kept[ex.fan]), f, ex.source))
    return {f: o for f, o in kept.items() if o}


def removals(interp: Interpretation, rules: Rules | None = None) -> list[Removal]:
    """The fans of ``interp`` that held by definition but were not counted, or were counted fewer
    times — the 不计 of xinbian 第六章 4 and of seed000 §二.5/§二.8 — each with the fan or
    principle that removed it, in the order the steps removed them.

    The interpretation's reading is scored again through the same steps with a trace.  A
    chow-pair link (§二.6) is listed only when an exclusion removes it (a 四顺子 fan "包含第五顺子");
    the links the forest of R-001 leaves out are not fans that held.
    """
    rules = rules or active()
    reading = interp.reading
    with using(rules):
        preds = applicable_predicates(reading.hand.variant.id, rules)
        raw = _holding(preds[HAND], reading.hand)
        raw.update(_holding(preds["reading"], reading))
        trace: list[Removal] = []
        score_interpretation(reading, raw, interp.big, rules, trace=trace)
    return trace


def preference_key(interp: Interpretation) -> tuple[Any, ...]:
    """Sort key, best first: the highest total, then the tie-break of docs/rulings.md R-011."""
    # "greatest fan list, fan by fan in table order, higher count first", as a sparse key;
    # the sentinel makes a list that has an extra fan beat its prefix
    fan_vector = tuple((table.ORDER[f], -len(o)) for f, o in interp.fans.items()) + ((len(table.ORDER),),)
    r = interp.reading
    win_rank = (0 if r.win_in == "pair" else 1 if r.win_in in ("knitted", "special")
                else 2 + int(r.win_in[4:]))
    sets_key = tuple(g.sort_key() for g in r.sets)
    big_key = (table.ORDER[interp.big[0]], interp.big[1]) if interp.big else (-1, ())
    return (-interp.total, fan_vector, win_rank, sets_key, r.shape, big_key)


def best(interps: list[Interpretation]) -> Interpretation:
    return interps[0] if len(interps) == 1 else min(interps, key=preference_key)
