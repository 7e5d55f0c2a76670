"""What the generators reach: the share of each property's examples that shows each
structure the property claims to check.

A property is only as good as the hands it is given.  "No big combination is mixed with
chow-pair links it forbids" says little if no generated hand has four links; "every fan
is checked against its definition" says little for a fan that never holds in the stream.
So every property names, in :data:`CLAIMS`, the structures it claims to check, each with
the share of its examples (at the ci budget, derandomized) that must show it; the
features of an example are computed with the properties' own model (gb16.properties.hands
readings, gb16.properties.definitions), never by the scorer.

    gb16 properties --stats [--profile ci] [--only NAME …]

prints, per property, every claimed structure with its share and minimum, the full
distribution of links, big combinations and shapes in the stream, and per variant the number
of examples holding each fan; then the reach per fan (:func:`fan_reach`): for each variant,
every fan and every form of one (:data:`FORMS`, e.g. 绿一色 with or without 发) against the
examples of the properties that judge it (:data:`JUDGING`).  tests/test_reach.py asserts each
minimum at the ci budget, and that every fan and form of each variant is held by at least one
judging property's example (gb16.properties.replay records the streams).
"""

from __future__ import annotations

import functools
from collections import Counter
from dataclasses import dataclass
from typing import Any

from tabulate import tabulate

from gb16.properties import definitions as D
from gb16.properties.best import best_points
from gb16.properties.hands import KNITTED_OPTIONS, SETS, Case, formal_waits, is_honour, rank, readings
from gb16.properties.replay import stream
from gb16.properties.rulebook import REPEATABLE, whole_exclusions
from gb16.properties.strategies.contests import biggest_fan_loses
from gb16.properties.strategies.gb13 import FAMILIES as GB13_FAMILIES
from gb16.properties.strategies.near_misses import FORMS as NEAR_MISSES
from gb16.properties.strategies.rulings import FORMS as RULING_FORMS


@dataclass(frozen=True)
class Claim:
    feature: str          # a feature of :func:`features`
    minimum: float        # the share of the stream that must show it (0 < minimum ≤ 1)
    why: str = ""


def example_case(example: Any) -> Case | None:
    """The legal hand an example is about (None for bad-input examples)."""
    if isinstance(example, Case):
        return example
    if isinstance(example, dict):
        for key in ("case", "first"):
            if isinstance(example.get(key), Case):
                return example[key]
    return None


@functools.lru_cache(maxsize=65536)
def _features(case: Case) -> frozenset[str]:
    out: set[str] = set()
    waits = formal_waits(case.hand, case.win_tile, case.variant)
    out.add(f"waits:{min(len(waits), 3)}")
    if len(waits) == 1:
        out.add("single_formal_wait")
    out.add(f"win_by:{case.win_by}")
    melded = sum(1 for m in case.hand.melds if m.exposed)
    out.add("concealed" if melded == 0 else "melded_all" if melded == SETS[case.variant] else "melded_some")
    if case.flowers:
        out.add("flowers")
    best = best_points(case)
    if best is not None and best < 8:
        out.add("below_minimum")  # 起和 8 is at stake (seed000 §三 花牌: flowers never count)
    if best is not None and biggest_fan_loses(case):
        out.add("biggest_fan_loses")  # the interpretation with the biggest fan scores less (seed000 §二)
    most_links = 0
    sole_everywhere: set | None = None
    for reading in readings(case.hand, case.win_tile, case.variant):
        f = D.facts_of(case, reading, waits)
        holds = D.holding(f)
        out.update(f"fan:{fan}" for fan in holds)
        out.update(f"form:{fan}:{form[0]}" for fan in holds for form in FORMS.get(fan, ()) if form[1](f))
        # a fan that counts once (seed000 §二.8) whose definition holds on two choices of sets
        out.update(f"twice:{fan}" for fan, occ in holds.items() if len(occ) >= 2 and fan not in REPEATABLE)
        if "big_three_winds" in holds and any(g.tiles[0][1] != "z" and g.tiles[0][0] in "19" for g in f.pungs()):
            out.add("big_three_winds+terminal_pung")   # 三风刻's 不计幺九刻 is per set (xinbian 第七章 38)
        if "little_four_winds" in holds and any(g.tiles[0][1] != "z" and g.tiles[0][0] in "19" for g in f.pungs()):
            out.add("little_four_winds+terminal_pung")   # so is 小四喜's (第七章 9)
        if "big_four_winds" in holds and any(g.tiles[0][1] != "z" and g.tiles[0][0] in "19" for g in f.pungs()):
            out.add("big_four_winds+terminal_pung")   # and 大四喜's, under the project's reading of R-009
        # a 不计 at stake: both fans' definitions hold on the reading (gb16.properties.rulebook)
        out.update(f"excludes:{fan}>{other}" for fan in holds for other in whole_exclusions(fan, case.variant)
                   if other in holds)
        # … and the one fan that excludes it: a single 不计 entry is all that keeps it out (on
        # every reading, whichever the scorer takes)
        sole = set()
        for other in holds:
            by = [fan for fan in holds if other in whole_exclusions(fan, case.variant)]
            if len(by) == 1:
                sole.add(f"sole:{by[0]}>{other}")
        sole_everywhere = sole if sole_everywhere is None else sole_everywhere & sole
        out.add(f"shape:{reading.shape}")
        if reading.shape == "standard":
            chows = len(f.chows())
            out.add(f"chows:{chows}")
            if chows == 5:
                out.add("five_chows")
        for choice in [None] + D.big_choices(holds):
            if choice is not None:
                out.add(f"big:{choice[0]}")
            most_links = max(most_links, D.chow_link_count(f, choice) if choice is None or
                             choice[0] not in D.FOUR_CHOW_FANS else 0)
        if len([c for c in D.big_choices(holds) if c is not None]) >= 2:
            out.add("big_combination_choice")
        if any(holds.get(x) for x in ("concealed_kong", "melded_kong", "two_concealed_kongs", "two_melded_kongs",
                                       "concealed_and_melded_kong", "three_kongs", "four_kongs")):
            out.add("kong")
    out |= sole_everywhere or set()
    out.add(f"links:{most_links}")
    if most_links >= 3:
        out.add("links>=3")
    if most_links >= 4:
        out.add("links>=4")
    if any(x.startswith("fan:") and x[4:] in D.CHOW_PAIR_FANS for x in out):
        out.add("chow_pair")
    # 无番和: no fan but 花牌 holds on some reading (seed000 §三 无番和)
    if not any(x.startswith("fan:") and x[4:] not in D.NOT_DEFINED_HERE for x in out):
        out.add("fan:chicken_hand")
    return frozenset(out)


def features(example: Any) -> frozenset[str]:
    case = example_case(example)
    if case is None:
        return frozenset({"not_a_hand"})
    if case.origin.startswith("rulings:"):
        # a hand of gb16.properties.strategies.rulings: its form, where an option or delta acts
        return _ruling_form_features(case)
    if case.variant == "gb13":
        return _gb13_features(case)
    return _features(case) | {"variant:gb16"}


def _ruling_form_features(case: Case) -> frozenset[str]:
    """The form of a hand of gb16.properties.strategies.rulings, beside the features of its variant."""
    base = _gb13_features(case) if case.variant == "gb13" else _features(case) | {"variant:gb16"}
    return base | {f"ruling_form:{case.origin.partition(':')[2]}", f"win_by:{case.win_by}"}


def _gb13_features(case: Case) -> frozenset[str]:
    """A gb13 hand's features by the properties' own model (as a gb16 hand's), its family
    (gb16.properties.strategies.gb13) and whether it has melds."""
    out = set(_features(case)) | {"variant:gb13"}
    family = case.origin.partition(":")[2]
    if family:
        out.add(f"family:{family}")
    if case.hand.melds:
        out.add("melds")
    return frozenset(out)


# --------------------------------------------------------------------------------------
# The forms of a fan: where a definition can hold in several ways, each way is a form that a
# wrong predicate could miss alone (e.g. 绿一色 with or without 发)

def _knitted_complete(f: D.Facts) -> bool:
    return any(all(f.counts[t] for t in k) for k in KNITTED_OPTIONS)


#: fan -> (form, predicate on the facts of a reading on which the fan holds[, the variants it exists in])
FORMS: dict[str, tuple[tuple[str, Any], ...]] = {
    "all_green": (("with 发", lambda f: f.counts["7z"] > 0), ("without 发", lambda f: f.counts["7z"] == 0)),
    "outside_hand": (("with a chow", lambda f: bool(f.chows())), ("pungs only", lambda f: not f.chows())),
    "knitted_straight": (("组合龙 shape", lambda f: f.reading.shape == "knitted"),
                         ("in 全不靠", lambda f: f.reading.shape == "honours_knitted", ("gb13",))),
    "all_chows": (("four or five chows", lambda f: f.standard), ("beside a 组合龙", lambda f: not f.standard)),
    "tile_hog": (("in sets", lambda f: not f.special), ("in 七对", lambda f: f.special, ("gb13",))),
    "seven_pairs": (("four of a kind", lambda f: 4 in f.counts.values()),
                    ("seven kinds", lambda f: 4 not in f.counts.values())),
    "lesser_honors_and_knitted_tiles": (("all nine knitted (组合龙)", _knitted_complete),
                                        ("a knitted tile missing", lambda f: not _knitted_complete(f))),
    "greater_honors_and_knitted_tiles": (("won on an honour", lambda f: is_honour(f.case.win_tile)),
                                         ("won on a knitted tile", lambda f: not is_honour(f.case.win_tile))),
    "thirteen_orphans": (("thirteen-sided wait", lambda f: len(f.waits) == 13),
                         ("one waiting tile", lambda f: len(f.waits) == 1)),
    "nine_gates": (("won on 1 or 9", lambda f: rank(f.case.win_tile) in (1, 9)),
                   ("won on 2–8", lambda f: rank(f.case.win_tile) not in (1, 9))),
    "seven_shifted_pairs": (("from 1", lambda f: min(rank(t) for t in f.counts) == 1),
                            ("from 2 or 3", lambda f: min(rank(t) for t in f.counts) > 1)),
    "melded_hand": (("with a kong", lambda f: bool(f.kongs())), ("no kong", lambda f: not f.kongs())),
    "four_concealed_pungs": (("on a discard", lambda f: not f.self_drawn), ("self-drawn", lambda f: f.self_drawn)),
    "pure_terminal_chows": (("won on the pair", lambda f: f.reading.win_in == "pair"),
                            ("won in a chow", lambda f: f.reading.win_in == "set")),
    "half_flush": (("with winds", lambda f: any(f.counts[t] for t in D.WIND_TILES)),
                   ("dragons only", lambda f: not any(f.counts[t] for t in D.WIND_TILES))),
}


#: Every fan the definition-consistency property checks must show in its ci stream.
_DEFINED = tuple(f"fan:{fan}" for fan in D.DEFINITIONS if D.FAN[fan]["applies"]["gb16"])

#: property name -> the structures it claims to check, with the share each must reach at
#: the ci budget.  The minimums are set below the measured shares (tests/test_reach.py
#: prints both) so that an unlucky generator change fails loudly, not a reseed.
CLAIMS: dict[str, tuple[Claim, ...]] = {
    "suit_permutation": (Claim("fan:all_green", 0.005, "绿一色 is suit-specific"),
                         Claim("fan:reversible_tiles", 0.005, "推不倒 is suit-specific"),
                         Claim("fan:half_flush", 0.02), Claim("fan:one_voided_suit", 0.05)),
    "wind_dragon_relabelling": (Claim("fan:prevalent_wind", 0.02), Claim("fan:seat_wind", 0.02),
                                Claim("fan:dragon_pung", 0.02), Claim("fan:big_three_winds", 0.005)),
    "number_reflection": (Claim("fan:upper_tiles", 0.005), Claim("fan:lower_tiles", 0.005),
                          Claim("fan:upper_four", 0.005), Claim("fan:lower_four", 0.005),
                          Claim("fan:edge_wait", 0.01)),
    "exclusion_consistency": (Claim("fan:big_four_winds", 0.005), Claim("fan:big_three_dragons", 0.005),
                              Claim("fan:big_three_winds", 0.005),
                              Claim("fan:pung_of_terminals_or_honors", 0.2), Claim("fan:full_flush", 0.02),
                              Claim("fan:all_chows", 0.05),
                              Claim("twice:mixed_shifted_pungs", 0.02,
                                    "三色三节高 formed by two triples counts once (seed000 §二.8, R-007)"),
                              Claim("big_three_winds+terminal_pung", 0.01,
                                    "三风刻 removes the 幺九刻 of its own pungs only (xinbian 第七章 38)"),
                              Claim("little_four_winds+terminal_pung", 0.01,
                                    "小四喜 removes the 幺九刻 of its own pungs only (xinbian 第七章 9)"),
                              Claim("big_four_winds+terminal_pung", 0.01,
                                    "大四喜 removes the 幺九刻 of its own pungs only (R-009, option B)"),
                              Claim("excludes:four_pure_shifted_pungs>all_pungs", 0.01,
                                    "一色四节高 with a fifth pung: its 不计碰碰和 (xinbian 第七章 15)"),
                              Claim("sole:full_flush>no_honors", 0.01, "only 清一色 keeps 无字 out (xinbian 第七章 22)"),
                              Claim("excludes:quadruple_chow>two_terminal_chows", 0.01,
                                    "一色四同顺 beside a fifth chow forming 老少副 (xinbian 第六章 5)"),
                              Claim("sole:two_concealed_kongs>two_concealed_pungs", 0.01,
                                    "only 双暗杠 keeps 双暗刻 out (xinbian 第七章 53)")),
    "no_mixing": (Claim("big_combination_choice", 0.03), Claim("fan:four_concealed_pungs", 0.01)),
    "one_big_combination": (Claim("links>=3", 0.05), Claim("links>=4", 0.05),
                            Claim("fan:four_pure_shifted_chows", 0.01), Claim("fan:quadruple_chow", 0.01),
                            Claim("big_combination_choice", 0.03)),
    "flowers": (Claim("flowers", 0.3), Claim("fan:chicken_hand", 0.005),
                Claim("below_minimum", 0.2, "meets_minimum is only at stake below 8 fan points")),
    "win_method": (Claim("win_by:self_draw", 0.2), Claim("win_by:discard", 0.2), Claim("concealed", 0.1),
                   Claim("melded_all", 0.02), Claim("fan:last_tile_draw", 0.01),
                   Claim("fan:robbing_the_kong", 0.01)),
    "waits": (Claim("single_formal_wait", 0.3), Claim("fan:edge_wait", 0.03), Claim("fan:closed_wait", 0.03),
              Claim("fan:single_wait", 0.1), Claim("waits:3", 0.03), Claim("shape:knitted", 0.02)),
    "definition_consistency": tuple(Claim(x, 1e-9) for x in _DEFINED) + (Claim("fan:chicken_hand", 1e-9),),
    "best_big_combination": (Claim("big_combination_choice", 0.2), Claim("links>=3", 0.05),
                             Claim("links>=4", 0.05)),
    # every gb13 shape whose 不计 list is gb13's own, won both ways
    "gb13_exclusion_consistency": tuple(Claim(f"family:{f}", 0.02) for f in dict.fromkeys(GB13_FAMILIES))
    + (Claim("win_by:self_draw", 0.2), Claim("win_by:discard", 0.2), Claim("melds", 0.05)),
    "reading_contests": (Claim("biggest_fan_loses", 0.99, "the interpretation with the biggest fan loses on "
                               "total (seed000 §二): a ranking by the biggest fan first gets every example wrong"),
                         Claim("win_by:self_draw", 0.2), Claim("win_by:discard", 0.2)),
    # every form on which an option or a delta of gb16.properties.in_force changes the fans
    "rulings_in_force": tuple(Claim(f"ruling_form:{form}", 0.02) for form in RULING_FORMS)
    + (Claim("fan:triple_pung", 0.05, "三同刻 beside 一色三节高: R-002:C counts it apart"),
       Claim("fan:last_of_kind", 0.03, "和绝张 shown by the winner's own melds: R-006:C and the delta need the flag"),
       Claim("fan:seven_pairs", 0.2, "七对: what three deltas change")),
    # every near miss of a gb13 special shape, one condition failed each
    "gb13_special_near_misses": tuple(Claim(f"family:near_miss:{form}", 0.01,
                                            f"{'/'.join(fans)}: not {condition}")
                                      for form, (fans, condition) in NEAR_MISSES.items()),
}


def stats(name: str, profile: str = "ci") -> dict:
    """The distribution of features in the recorded stream of property ``name``, and each
    claim with its share and whether it meets its minimum."""
    examples = stream(name, profile)
    counts: Counter = Counter()
    for ex in examples:
        counts.update(features(ex))
    n = len(examples)
    by_variant: dict[str, Counter] = {}
    for ex in examples:
        found = features(ex)
        variant = next((x[8:] for x in found if x.startswith("variant:")), None)
        if variant:
            by_variant.setdefault(variant, Counter()).update(
                x.partition(":")[2] for x in found if x.startswith(("fan:", "form:")))
    claims = [{"feature": c.feature, "share": counts[c.feature] / n if n else 0.0, "minimum": c.minimum,
               "count": counts[c.feature], "meets": n > 0 and counts[c.feature] / n >= c.minimum
               and counts[c.feature] > 0, "why": c.why}
              for c in CLAIMS.get(name, ())]
    return {"property": name, "profile": profile, "examples": n, "claims": claims,
            "distribution": {k: v / n for k, v in sorted(counts.items())} if n else {},
            # per variant: how many examples hold each fan (on some reading) and each form of it
            "fans": {v: dict(sorted(c.items())) for v, c in sorted(by_variant.items())}}


#: The properties that judge, on every example, each fan a reading holds against its
#: definition (13, 17) or the best total of the readings (5, 19, 14): a fan that never holds
#: in their streams, or a form of it that never shows, passes them whatever its predicate says.
JUDGING: dict[str, tuple[str, ...]] = {
    "gb16": ("definition_consistency", "no_mixing", "best_big_combination", "reading_contests"),
    "gb13": ("gb13_definition_consistency", "gb13_no_mixing", "gb13_special_near_misses"),
}


def fans_to_reach(variant: str) -> list[str]:
    """Every fan of ``variant`` decided on a reading (花牌 aside: the flowers field), as
    ``fan`` and ``fan:form`` for each form of :data:`FORMS`."""
    out = []
    for fan in D.FAN_TABLE:
        if not fan["applies"][variant] or fan["id"] == "flower_tiles":
            continue
        out.append(fan["id"])
        out.extend(f"{fan['id']}:{form[0]}" for form in FORMS.get(fan["id"], ())
                   if variant in (form[2] if len(form) > 2 else (variant,)))
    return out


def fan_reach(profile: str = "ci", only=None) -> dict[str, dict[str, dict[str, int]]]:
    """variant -> fan (or fan:form) -> judging property -> examples of its stream holding it
    (``only``: just these properties, and the variants some of them judge)."""
    out: dict[str, dict[str, dict[str, int]]] = {}
    for variant, names in JUDGING.items():
        names = tuple(n for n in names if only is None or n in only)
        if not names:
            continue
        rows = {name: stats(name, profile)["fans"].get(variant, {}) for name in names}
        out[variant] = {fan: {name: rows[name].get(fan, 0) for name in names} for fan in fans_to_reach(variant)}
    return out


def format_fan_reach(reach: dict) -> str:
    out = []
    for variant, table in reach.items():
        names = list(next(iter(table.values())))
        rows = [[fan if ":" not in fan else "  · " + fan.partition(":")[2],
                 D.FAN[fan.partition(":")[0]]["zh"] if ":" not in fan else "", *table[fan].values(),
                 "ok" if any(table[fan].values()) else "NOT REACHED"] for fan in table]
        out.append(f"reach per fan, {variant}: examples holding each fan (and each form) in the judging "
                   f"properties' streams")
        out.append(tabulate(rows, headers=["fan", "番种", *names, ""], tablefmt="simple"))
        out.append("")
    return "\n".join(out)


def format_stats(rows: list[dict]) -> str:
    out = []
    for r in rows:
        out.append(f"property {r['property']} — {r['examples']} examples ({r['profile']})")
        if r["claims"]:
            out.append(tabulate([[c["feature"], f"{c['share']:.1%}", c["count"], f"≥ {c['minimum']:.1%}"
                                  if c["minimum"] >= 0.001 else "≥ 1 example", "ok" if c["meets"] else "BELOW"]
                                 for c in r["claims"]],
                                headers=["claimed structure", "share", "examples", "minimum", ""],
                                tablefmt="simple"))
        groups: dict[str, list[str]] = {}
        for k, v in r["distribution"].items():
            kind = k.split(":")[0] if ":" in k else "other"
            groups.setdefault(kind, []).append(f"{k.split(':', 1)[-1]} {v:.0%}" if v >= 0.005 else
                                                f"{k.split(':', 1)[-1]} <1%")
        for kind, items in groups.items():
            if kind not in ("fan", "form"):
                out.append(f"  {kind}: " + ", ".join(items))
        for variant, held in r.get("fans", {}).items():
            out.append(f"  fans held ({variant}, examples): " + ", ".join(
                f"{D.FAN[k]['zh']} {v}" for k, v in held.items() if ":" not in k))
        out.append("")
    return "\n".join(out)
