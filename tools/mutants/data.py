"""Data mutants: the reference with one entry of its fan table (corpus/fans.json) changed.

A scorer reads its exclusions and repeatability as data, and a mistake there is one entry
long: a 不计 dropped, a scope read wrong, an exclusion limited to the wrong variant, a
repeatable flag flipped.  Every such single-entry change is a mutant here:

* ``drop:F>G`` — F no longer excludes G (one entry of F's ``excludes`` removed);
* ``scope:F>G=S`` — the entry's scope changed (whole → sets, sets → whole, one → whole);
* ``variants:F>G=V`` — the entry acts in the wrong variants: an entry of every variant made
  gb13-only (so lost in gb16), and a variant-limited entry made to act everywhere;
* ``repeatable:F`` — F's repeatable flag flipped (seed000 §二.8).

The mutation patches ``gb16.reference.table.BY_ID`` in process (the same machinery as the
catalogue, gb16.tools.mutants.machinery.active), so a mutant costs what the reference
costs.  Two kill tables, kept apart:

* by the corpus: every corpus case scored by the mutant and compared with its expectation
  as the harness compares (gb16.tools.harness.compare); cases whose expectation names
  the fans the entry is about are tried first;
* by the properties: each property's recorded ci stream (gb16.properties.replay) replayed
  against the mutant, in the property order.  The properties judge with their own
  transcription of the texts (gb16.properties.rulebook), so a mistake in fans.json is one
  they can see.

    python -m gb16.tools.mutants.data [--kind drop|scope|variants|repeatable] [--only NAME…]
                                      [--properties [ci|thorough]] [--json]

A mutant that no legal hand can tell apart from the reference is *equivalent*; the
table says which, and why (:func:`equivalence`).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from dataclasses import dataclass, replace
from typing import Any, Callable
from unittest import mock

from tabulate import tabulate

import gb16.reference as reference
from gb16.properties.scorers import Scorer
from gb16.reference import table
from gb16.reference.fans import HAND, REGISTRY
from gb16.tools.harness.compare import compare, select_expectation
from gb16.tools.harness.corpus import load_corpus
from gb16.tools.mutants.machinery import Mutation, active


@dataclass(frozen=True)
class DataMutant:
    name: str
    kind: str                 # drop | scope | variants | repeatable
    fan: str                  # the fan whose record changes
    other: str | None         # the excluded fan of the entry, for entry mutants
    source: str               # the clause the entry cites
    description: str
    mutation: Callable[[], Mutation]

    def score(self, case_input: Any) -> dict:
        with active(self.mutation()):
            return reference.score(case_input)

    def explain(self, case_input: Any) -> dict:
        with active(self.mutation()):
            return reference.explain(case_input)

    def score_interpretation(self, case_input: Any, interpretation: Any) -> dict:
        with active(self.mutation()):
            return reference.score_interpretation(case_input, interpretation)

    def acts_in(self, variant: str) -> bool:
        """Whether the change can reach a hand of ``variant``: the fan exists there and, for an
        entry's drop or scope, the entry acts there (a gb13-only entry changed means nothing in gb16)."""
        fan = table.fan(self.fan)
        if not fan.in_variant(variant):
            return False
        if self.kind in ("drop", "scope"):
            return any(e.fan == self.other and e.applies_to(variant) for e in fan.excludes)
        return True

    def scorer(self):
        """The mutant as a gb16.properties scorer, with its reading API."""
        return Scorer(f"data mutant {self.name}", self.score, explain=self.explain,
                      score_interpretation=self.score_interpretation)


def _record(fan_id: str, **changes):
    return mock.patch.dict(table.BY_ID, {fan_id: replace(table.BY_ID[fan_id], **changes)})


def _entries(fan: table.Fan, k: int, new) -> tuple:
    return tuple(new if i == k else e for i, e in enumerate(fan.excludes) if not (i == k and new is None))


SCOPE_FLIP = {"whole": "sets", "sets": "whole", "one": "whole"}


def _build() -> dict[str, DataMutant]:
    out: dict[str, DataMutant] = {}

    def add(m: DataMutant) -> None:
        out[m.name] = m

    for fan in table.FANS:
        for k, e in enumerate(fan.excludes):
            where = "" if e.variants is None else f" ({'/'.join(e.variants)})"
            add(DataMutant(
                f"drop:{fan.id}>{e.fan}", "drop", fan.id, e.fan, e.source,
                f"{fan.zh} no longer excludes {table.fan(e.fan).zh}{where}",
                lambda fan=fan, k=k: Mutation(patches=(_record(fan.id, excludes=_entries(fan, k, None)),))))
            flipped = SCOPE_FLIP[e.scope]
            add(DataMutant(
                f"scope:{fan.id}>{e.fan}={flipped}", "scope", fan.id, e.fan, e.source,
                f"{fan.zh} 不计 {table.fan(e.fan).zh}: scope {e.scope} read as {flipped}",
                lambda fan=fan, k=k, e=e, flipped=flipped: Mutation(
                    patches=(_record(fan.id, excludes=_entries(fan, k, replace(e, scope=flipped))),))))
            if e.variants is not None:
                add(DataMutant(
                    f"variants:{fan.id}>{e.fan}=all", "variants", fan.id, e.fan, e.source,
                    f"{fan.zh} 不计 {table.fan(e.fan).zh}, a {'/'.join(e.variants)} rule, applied in every variant",
                    lambda fan=fan, k=k, e=e: Mutation(
                        patches=(_record(fan.id, excludes=_entries(fan, k, replace(e, variants=None))),))))
            elif fan.in_variant("gb16"):
                add(DataMutant(
                    f"variants:{fan.id}>{e.fan}=gb13", "variants", fan.id, e.fan, e.source,
                    f"{fan.zh} 不计 {table.fan(e.fan).zh} made gb13-only (lost in gb16)",
                    lambda fan=fan, k=k, e=e: Mutation(
                        patches=(_record(fan.id, excludes=_entries(fan, k, replace(e, variants=("gb13",)))),))))
        add(DataMutant(
            f"repeatable:{fan.id}", "repeatable", fan.id, None, "seed000 §二.8",
            f"{fan.zh} {'no longer repeatable' if fan.repeatable else 'counted more than once'}",
            lambda fan=fan: Mutation(patches=(_record(fan.id, repeatable=not fan.repeatable),))))
    return out


DATA_MUTANTS: dict[str, DataMutant] = _build()
KINDS = ("drop", "scope", "variants", "repeatable")


# --------------------------------------------------------------------------- equivalence

#: Fans the reference counts at most once per interpretation whatever their repeatable flag
#: says, so making them repeatable changes nothing.
ONE_PER_HAND_REASON = {
    # seed000 §二.5: one big combination, one occurrence (scoring step 2)
    **{f: "the one big combination of seed000 §二.5 is counted with one occurrence" for f in (
        "four_pure_shifted_pungs", "pure_shifted_pungs", "quadruple_chow", "four_pure_shifted_chows",
        "pure_terminal_chows", "three_suited_terminal_chows", "pure_triple_chow", "pure_straight",
        "pure_shifted_chows", "mixed_straight", "mixed_triple_chow", "mixed_shifted_chows")},
    # 三同刻: two of them need six pungs (one rank in three suits, twice)
    "triple_pung": "a second 三同刻 needs six pungs",
}
EXACT = ("an exact count (恰有 N 副) or a condition on the whole hand, which forms at most once")
_KONG_COUNT = {"four_kongs": 4, "three_kongs": 3, "two_concealed_kongs": 2, "two_melded_kongs": 2,
               "concealed_and_melded_kong": 2, "concealed_kong": 1, "melded_kong": 1}

#: Single mutants that no legal hand tells apart from the reference, and why.
EQUIVALENT = {
    "scope:big_four_winds>prevalent_wind=sets": "the 圈风刻 pung is always one of 大四喜's four wind pungs, so "
                                                "\"not with these sets\" removes it as \"not at all\" does",
    "scope:big_four_winds>seat_wind=sets": "the 门风刻 pung is always one of 大四喜's four wind pungs",
    "scope:little_four_winds>big_three_winds=whole": "with 小四喜 (three wind pungs, the fourth wind as the pair) "
                                                     "三风刻 can only be made of those same three pungs",
    "scope:little_three_dragons>two_dragon_pungs=whole": "with 小三元 双箭刻 can only be made of its two dragon pungs",
    "variants:all_terminals>double_pung=gb13": "in gb16 a 清幺九 hand has five pungs of the six tiles 1/9 of "
                                               "m/p/s, so one rank has all three suits: 三同刻 holds and "
                                               "excludes 双同刻 itself (xinbian 第六章 5)",
    "drop:quadruple_chow>pure_double_chow": "一般高 beside 一色四同顺 needs a fifth identical chow — a fifth copy",
    "variants:quadruple_chow>pure_double_chow=gb13": "一般高 beside 一色四同顺 needs a fifth identical chow",
}
#: 老少副 made repeatable lifts only its once-limit inside the chow-pair forest (seed000 §二.6): the
#: forest still holds (nodes − components) links, and two 老少副 pairs are always also joined by 一般高
#: or 喜相逢 (docs/rulings.md R-001, ``gb16 prove``), which Kruskal in table order takes first — so the
#: links counted and listed are the same; only the admissible listings of a tie grow (edition delta
#: ``two-terminal-chows-repeatable``, which is this change).
EQUIVALENT["repeatable:two_terminal_chows"] = (
    "inside the chow-pair forest a second 老少副 never joins two parts that 一般高/喜相逢 left apart "
    "(R-001), so the counted and listed links are the same; only the admissible listings grow")
#: 老少副 beside 一色四步高: the fifth chow (123 or 789) also relates to the group by 连六 (a group of step 1
#: holds 456) or 一般高 (step 2 holds both 123 and 789); the forest takes that relation first (table order,
#: combination.chow_links) and it is still excluded, so the 老少副 edge never counts either way.
for _name in ("drop:four_pure_shifted_chows>two_terminal_chows", "variants:four_pure_shifted_chows>two_terminal_chows=gb13"):
    EQUIVALENT[_name] = ("a fifth chow forming 老少副 with 一色四步高's group also forms 连六 or 一般高 with it, which the "
                         "chow-pair forest takes first and which stays excluded")
for _four in ("quadruple_chow", "four_pure_shifted_chows", "pure_terminal_chows", "three_suited_terminal_chows"):
    for _pair in ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"):
        EQUIVALENT[f"scope:{_four}>{_pair}=sets"] = (
            "beside a four-chow fan at most one chow lies outside its group, so every chow-pair link uses one "
            "of the group's sets: \"not with these sets\" is \"not at all\"")
for _four in ("pure_terminal_chows", "three_suited_terminal_chows"):
    for _pair in ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"):
        EQUIVALENT[f"drop:{_four}>{_pair}"] = (
            "a gb13-only fan whose four chows are the whole hand's chows and one big-combination group; "
            "seed000 §二.6 / xinbian 第六章 5 count no link inside the group")


def equivalence(m: DataMutant) -> str | None:
    """Why no legal hand can tell ``m`` from the reference, or None when some hand can."""
    fan = table.fan(m.fan)
    if m.name in EQUIVALENT:
        return EQUIVALENT[m.name]
    if m.kind == "repeatable" and not fan.repeatable:
        if m.fan in ONE_PER_HAND_REASON:
            return f"{fan.zh}: {ONE_PER_HAND_REASON[m.fan]}"
        pred = REGISTRY.get(m.fan)
        if pred is None or pred.scope == HAND or m.fan in _KONG_COUNT or m.fan in _EXACT_FANS:
            return f"{fan.zh} is {EXACT}"
    if m.kind in ("drop", "scope", "variants") and m.fan in _KONG_COUNT and m.other in _KONG_COUNT:
        return (f"{fan.zh} needs {'at least ' if m.fan == 'four_kongs' else 'exactly '}{_KONG_COUNT[m.fan]} kongs and "
                f"{table.fan(m.other).zh} exactly {_KONG_COUNT[m.other]}: the definitions never hold together")
    return None


#: Reading-level fans of an exact count or of the whole reading (one occurrence at most).
_EXACT_FANS = frozenset({
    "four_concealed_pungs", "three_concealed_pungs", "two_concealed_pungs", "dragon_pung", "two_dragon_pungs",
    "big_three_dragons", "little_three_dragons", "big_four_winds", "little_four_winds", "big_three_winds",
    "prevalent_wind", "seat_wind", "all_pungs", "all_chows", "knitted_straight", "all_fives", "outside_hand",
    "all_even_pungs", "edge_wait", "closed_wait", "single_wait", "chicken_hand", "melded_hand",
    "seven_pairs", "seven_shifted_pairs", "thirteen_orphans", "greater_honors_and_knitted_tiles",
    "lesser_honors_and_knitted_tiles", "nine_gates"})


# --------------------------------------------------------------------------- kill tables

def _fans_named(case: dict) -> set[str]:
    expect = case.get("expect") or {}
    return {f.get("id") for f in expect.get("fans", []) if isinstance(f, dict)}


def corpus_kill(m: DataMutant, cases: list[dict]) -> tuple[str | None, list[str]]:
    """``(first killing case id or None, ids of cases it broke on)``: the mutant's result
    differs from the case's expectation where the reference's does not.

    The cases are scored as :meth:`DataMutant.score` scores one, but with the mutation
    entered once for a run of cases rather than once per case: its patches are the same for
    every case, so the memo caches that :func:`~gb16.tools.mutants.machinery.active` empties
    on entry stay true inside it.  It is left (caches emptied again) before the reference
    scores a case the mutant fails, which the reference must pass for the case to kill."""
    near = [c for c in cases if m.fan in _fans_named(c) or (m.other and m.other in _fans_named(c))]
    rest = [c for c in cases if c not in near]
    order = near + rest
    broken: list[str] = []
    k = 0
    while k < len(order):
        failed = None           # (case, expected): the next case whose expectation the mutant fails
        with active(m.mutation()):
            while k < len(order) and failed is None:
                case = order[k]
                k += 1
                expected = select_expectation(case, {}).expected
                try:
                    got = reference.score(case["input"])
                except Exception:   # noqa: BLE001 — a crash is recorded as broken, never as a kill
                    broken.append(case["id"])
                    continue
                if compare(expected, got):
                    failed = case, expected
        if failed is not None and not compare(failed[1], reference.score(failed[0]["input"])):
            return failed[0]["id"], broken
    return None, broken


def property_kill(m: DataMutant, profile: str = "ci", only: list[str] | None = None) -> tuple[str, int, str] | None:
    """``(property, example index, violation)`` of the first property whose recorded stream
    the mutant fails (gb16.properties.replay); None when it passes them all."""
    from gb16.properties import replay  # gb16.properties needs the properties extra (Hypothesis)
    hits = replay.replay_kills(m.scorer(), profile, only=only)
    if not hits:
        return None
    name, (k, text) = next(iter(hits.items()))
    return name, k, text


def seen_in_gb16(m: DataMutant) -> bool:
    """Whether a gb16 hand can tell ``m``: the change reaches gb16, and for a dropped entry,
    making the entry gb13-only is not argued to change nothing (:func:`equivalence`: then the
    entry does nothing in gb16, and dropping it changes nothing there either)."""
    if not m.acts_in("gb16"):
        return False
    twin = DATA_MUTANTS.get(f"variants:{m.fan}>{m.other}=gb13") if m.kind == "drop" else None
    return twin is None or not equivalence(twin)


#: The properties that can see a table entry, tried first (the rest after them).
JUDGING = ("exclusion_consistency", "gb13_exclusion_consistency", "definition_consistency", "best_big_combination",
           "no_mixing", "one_big_combination", "win_method", "waits")


def ordered_property_kill(m: DataMutant, profile: str = "ci") -> tuple[str, int, str] | None:
    """:func:`property_kill` over every property, the judging ones first — and for an entry
    that no gb16 hand can tell, the gb13 property first of all (the gb16 streams cannot see it)."""
    from gb16.properties.invariants import BY_NAME  # gb16.properties needs the properties extra (Hypothesis)
    first = [n for n in JUDGING if seen_in_gb16(m) or n == "gb13_exclusion_consistency"]
    return (property_kill(m, profile, only=first)
            or property_kill(m, profile, only=[n for n in BY_NAME if n not in first]))


def kill_row(m: DataMutant, cases: list[dict], properties: str | None = "ci") -> dict:
    began = time.monotonic()
    killer, broken = corpus_kill(m, cases)
    row = {"mutant": m.name, "kind": m.kind, "fan": m.fan, "other": m.other, "source": m.source,
           "description": m.description, "corpus": killer, "broken_on": broken[:5],
           "equivalent": equivalence(m), "properties": None}
    if properties:
        hit = ordered_property_kill(m, properties)
        row["properties"] = None if hit is None else {"property": hit[0], "example": hit[1],
                                                      "violation": hit[2][:300]}
        row["properties_profile"] = properties
    row["seconds"] = round(time.monotonic() - began, 2)
    return row


def kill_table(kinds=KINDS, only: list[str] | None = None, properties: str | None = "ci",
               corpus=None, progress: Callable[[str], None] | None = None) -> list[dict]:
    cases = load_corpus(corpus).cases
    chosen = [DATA_MUTANTS[n] for n in only] if only else [m for m in DATA_MUTANTS.values() if m.kind in kinds]
    rows = []
    for k, m in enumerate(chosen, 1):
        if progress:
            progress(f"{k}/{len(chosen)} {m.name}")
        rows.append(kill_row(m, cases, properties))
    return rows


def summary(rows: list[dict]) -> dict:
    """Per kind: mutants, equivalent, killed by the corpus, killed by the properties."""
    out: dict[str, dict] = {}
    for r in rows:
        s = out.setdefault(r["kind"], {"mutants": 0, "equivalent": 0, "corpus": 0, "properties": 0,
                                       "neither": []})
        s["mutants"] += 1
        s["equivalent"] += bool(r["equivalent"])
        s["corpus"] += bool(r["corpus"])
        s["properties"] += bool(r["properties"])
        if not r["equivalent"] and not (r["corpus"] and r["properties"]):
            s["neither"].append(r["mutant"])
    return out


def format_table(rows: list[dict]) -> str:
    body = []
    for r in rows:
        p = r["properties"]
        body.append([r["mutant"], r["source"], r["corpus"] or ("equivalent" if r["equivalent"] else "SURVIVES"),
                     "—" if "properties_profile" not in r else
                     (f"{p['property']} #{p['example']}" if p else ("equivalent" if r["equivalent"] else "SURVIVES"))])
    text = tabulate(body, headers=["mutant", "entry's clause", "killed by corpus case", "killed by property"],
                    tablefmt="simple")
    lines = [text, ""]
    for kind, s in summary(rows).items():
        lines.append(f"{kind}: {s['mutants']} mutants, {s['equivalent']} equivalent; corpus kills {s['corpus']}, "
                     f"properties kill {s['properties']}")
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m gb16.tools.mutants.data",
                                     description="Kill table of the single-entry mutants of corpus/fans.json.")
    parser.add_argument("--kind", nargs="+", choices=KINDS, default=list(KINDS))
    parser.add_argument("--only", nargs="+", metavar="NAME")
    parser.add_argument("--properties", nargs="?", const="ci", default="ci", metavar="PROFILE",
                        help="replay the properties' recorded streams of this profile (default ci)")
    parser.add_argument("--no-properties", action="store_true", help="the corpus side only")
    parser.add_argument("--list", action="store_true")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.list:
        for m in DATA_MUTANTS.values():
            if m.kind in args.kind:
                print(f"{m.name}\t{m.description}")
        return 0
    unknown = [n for n in args.only or [] if n not in DATA_MUTANTS]
    if unknown:
        print(f"mutants.data: no data mutant {', '.join(unknown)} (see --list)", file=sys.stderr)
        return 2
    progress = (lambda msg: print(f"\r{msg}".ljust(90)[:110], end="", file=sys.stderr, flush=True)) \
        if sys.stderr.isatty() else None
    rows = kill_table(tuple(args.kind), args.only, None if args.no_properties else args.properties,
                      progress=progress)
    if progress:
        print("\r" + " " * 90 + "\r", end="", file=sys.stderr)
    print(json.dumps(rows, ensure_ascii=False, indent=1) if args.json else format_table(rows))
    bad = [r for r in rows if not r["equivalent"] and not r["corpus"]]
    return 0 if not bad else 1


if __name__ == "__main__":
    sys.exit(main())
