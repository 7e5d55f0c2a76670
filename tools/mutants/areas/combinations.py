"""Mutants of the big combination and the chow-pair links (seed000 §二.5–6)."""

from __future__ import annotations

from itertools import combinations

from gb16.reference import combination, table
from gb16.reference.fans import REGISTRY
from gb16.tools.mutants.machinery import (
    FOUR_CHOW_FANS, Mutation, THREE_CHOW_FANS, TWO_TERMINAL_CHOWS, _REF, attribute, fan_record, mutant,
    predicate, unexclude,
)

# --------------------------------------------------------------------------- combinations

@mutant("seed000 §二.5")
def all_big_combinations():
    """Every 3-/4-chow fan and pung-sequence fan that holds is counted (no one-big-combination limit).

    seed000 §二.5: "一色四节高、一色三节高及所有四顺子／三顺子番种全局至多取一个".
    """
    return Mutation(patches=(attribute("gb16.reference.scoring.BIG_COMBINATION", ()),))


@mutant("seed000 §二.5")
def first_big_combination():
    """The first big combination found is taken instead of the one giving the highest total.

    seed000 §二.5: "至多取一个，选择总分最高的组合".
    """
    return Mutation(patches=(attribute("gb16.reference.scoring.big_combination_choices",
                                       lambda candidates: _REF["choices"](candidates)[:1]),))


@mutant("seed000 §二.5")
def pung_sequences_outside_big_combination():
    """一色四节高 and 一色三节高 are left out of the one-big-combination group (both may count).

    seed000 §二.5: "一色四节高、一色三节高及所有四顺子／三顺子番种全局至多取一个".
    """
    group = tuple(f for f in combination.BIG_COMBINATION
                  if f not in ("four_pure_shifted_pungs", "pure_shifted_pungs"))
    return Mutation(patches=(attribute("gb16.reference.scoring.BIG_COMBINATION", group),))


@mutant("seed000 §二.6")
def chow_pairs_plain_cap():
    """Chow-pair fans are every related pair, capped at 4 (2 beside a 三顺子 fan), without the cycle rule.

    seed000 §二.6: "每增加一个连接最多计1分，不允许同一圈关系重复计分"; docs/rulings.md R-001 (B).
    """
    def chow_links(chows, big):
        group = set(big[1]) if big is not None else set()
        links, terminal_used = [], False
        for (i, a), (j, b) in combinations(chows, 2):
            fan_id = combination.relation(a, b)
            if not fan_id or (i in group and j in group) or (fan_id == TWO_TERMINAL_CHOWS and terminal_used):
                continue
            terminal_used |= fan_id == TWO_TERMINAL_CHOWS
            links.append((fan_id, i, j))
        links.sort(key=lambda link: (table.ORDER[link[0]], link[1], link[2]))
        return links[:2 if big is not None and big[0] in THREE_CHOW_FANS else 4]
    return Mutation(patches=(attribute("gb16.reference.scoring.chow_links", chow_links),))


@mutant("seed000 §二.6")
def chow_pairs_inside_big_combination():
    """The three chows of a counted 三顺子 fan still form chow-pair fans among themselves.

    seed000 §二.6: "已计入三顺子大番的三副视为一个整体，其内部不再计双顺子".
    """
    return Mutation(patches=(attribute("gb16.reference.scoring.chow_links",
                                       lambda chows, big: _REF["chow_links"](chows, None)),))


@mutant("seed000 §二.5")
def fifth_chow_links_beside_four_chow_fan():
    """Beside a 四顺子 fan the fifth chow may still form a chow-pair fan with the four.

    seed000 §二.5: "四顺子番种成立时全手不计双顺子番种，包含第五顺子".
    """
    pair_fans = combination.CHOW_PAIR_FANS
    return Mutation(patches=tuple(unexclude(f, *pair_fans) for f in FOUR_CHOW_FANS))


@mutant("seed000 §二.6")
def terminal_chows_outside_link_budget():
    """老少副 is counted for every 123/789 pair of one suit, outside the chow-pair link budget.

    seed000 §二.6: "老少副依底本只能计一次" and every link counts within the forest of relations.
    """
    def chow_links(chows, big):
        links = _REF["chow_links"](chows, big)
        group = set(big[1]) if big is not None else set()
        for (i, a), (j, b) in combinations(chows, 2):
            if not (i in group and j in group) and REGISTRY[TWO_TERMINAL_CHOWS].func(a, b):
                links.append((TWO_TERMINAL_CHOWS, i, j))
        return links
    return Mutation(patches=(attribute("gb16.reference.combination.CHOW_PAIR_FANS",
                                       combination.CHOW_PAIR_FANS[:3]),
                             attribute("gb16.reference.scoring.chow_links", chow_links),
                             fan_record(TWO_TERMINAL_CHOWS, repeatable=True)))


@mutant("seed000 §三 一色四步高")
def four_shifted_chows_unequal_steps():
    """一色四步高 accepts steps of 1 and 2 mixed (e.g. 123 234 456 567).

    xinbian 第七章 16: "序数依次递增 1 或 2 的四副顺子，递增数均相同".
    """
    def four_pure_shifted_chows(r):
        found = []
        for chosen in combinations(r.chows, 4):
            starts = sorted(g.number for _, g in chosen)
            if len({g.suit for _, g in chosen}) == 1 and all(b - a in (1, 2) for a, b in zip(starts, starts[1:])):
                found.append(tuple(i for i, _ in chosen))
        return found
    return Mutation(patches=(predicate("four_pure_shifted_chows", four_pure_shifted_chows),))


@mutant("seed000 §三 三色三步高")
def mixed_shifted_chows_step_two():
    """三色三步高 also accepts a step of 2 (e.g. 123m 345p 567s).

    xinbian 第七章 50: "分属三种花色、序数依次递增 1 的三副顺子".
    """
    def mixed_shifted_chows(r):
        found = []
        for chosen in combinations(r.chows, 3):
            starts = sorted(g.number for _, g in chosen)
            steps = {b - a for a, b in zip(starts, starts[1:])}
            if len({g.suit for _, g in chosen}) == 3 and len(steps) == 1 and steps <= {1, 2}:
                found.append(tuple(i for i, _ in chosen))
        return found
    return Mutation(patches=(predicate("mixed_shifted_chows", mixed_shifted_chows),))


