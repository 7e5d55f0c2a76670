"""Keeping the corpus honest (``gb16 corpus``, gb16.tools.commands.corpus): the lint of every case —
schema, unique and never-reused ids, citations that resolve in clauses.json, rulings that exist
in docs/rulings.md, description style, the arithmetic of every expectation (points × counts,
flowers, minimum) — the reference on every case, and the coverage of fans, clauses and rulings
against the targets.
"""

from __future__ import annotations

import json
import re
from collections import Counter, defaultdict
from pathlib import Path

from gb16 import corpus as corpus_package
from gb16 import reference
from gb16.reference.errors import InputError
from gb16.reference.hand import hand_from_input
from gb16.reference.rules import DEFAULT_OPTIONS, DELTAS, RULINGS, WITHDRAWN_OPTIONS, Rules
from gb16.reference.scoring import admissible_interpretations
from gb16.reference.table import BY_ID, FANS
from gb16.tools.harness import compare as cmp
from gb16.tools.harness.corpus import case_variant

RETIRED_PATH = corpus_package.ROOT / "retired.json"
#: Targets of the corpus (the project's coverage requirements).
TARGETS = {"positive_per_fan": 2, "negative_per_fan": 2, "cases_per_clause": 5, "invalid_cases": 20,
           "gb16_cases": 400}
CLAUSES_WITH_TARGETS = [f"seed000 §二.{k}" for k in range(1, 9)]
#: gb13 (issue 7): ≥ 150 cases; the fans that exist only in gb13 held to the gb16 fan target;
#: each counting principle of xinbian 第六章 (its examples included) cited by ≥ 3 cases.
GB13_TARGETS = {"gb13_cases": 150, "cases_per_principle": 3}
GB13_PRINCIPLES = [f"xinbian 第六章 {k}" for k in range(1, 7)]


def _principle(anchor: str) -> str | None:
    """The 第六章 principle an anchor belongs to ("xinbian 第六章 5 例2" → "xinbian 第六章 5")."""
    return next((p for p in GB13_PRINCIPLES if anchor == p or anchor.startswith(p + " ")), None)


# -- check ---------------------------------------------------------------------------------

def rulings_index(path: Path | None = None) -> dict[str, str] | None:
    """``{"R-001": title, …}`` from docs/rulings.md, or None when the docs are not at hand."""
    path = path or corpus_package.ROOT.parent / "docs" / "rulings.md"
    if not path.is_file():
        return None
    return {m.group(1): m.group(2).strip()
            for m in re.finditer(r"^## (R-\d{3}) — (.+)$", path.read_text(encoding="utf-8"), re.M)}


def lint(corpus, rulings: dict[str, str] | None) -> list[tuple[str, str]]:
    """Problems ``(case id, message)`` that need no scorer to find."""
    problems = []
    retired = {r["id"] for r in json.loads(RETIRED_PATH.read_text(encoding="utf-8"))["retired"]} \
        if RETIRED_PATH.is_file() else set()
    for case in corpus.cases:
        cid = case["id"]
        prefix = case["area"].replace("_", "-") + "-"
        if not cid.startswith(prefix):
            problems.append((cid, f"id must start with its area, '{prefix}'"))
        if cid in retired:
            problems.append((cid, "id is retired (corpus/retired.json) and may not be reused"))
        for anchor in case["cites"]:
            if anchor not in corpus.clauses:
                problems.append((cid, f"citation {anchor!r} is not an anchor of corpus/clauses.json"))
        d = case["description"]
        if d != d.strip() or "\n" in d or d.endswith("."):
            problems.append((cid, "description: one line, no surrounding spaces, no final full stop"))
        for entry in case.get("rulings", []):
            if rulings is not None and entry.split(":")[0] not in rulings:
                problems.append((cid, f"ruling {entry} is not in docs/rulings.md"))
        problems.extend((cid, m) for m in ruling_problems(case))
        variant = case_variant(case)
        expectations = [("expect", case["expect"], None)] + [(a.get("ruling") or a["delta"], a["expect"], a.get("delta"))
                                                             for a in case.get("alternatives", [])]
        for label, expect, delta in expectations:
            problems.extend((cid, f"{label}: {m}") for m in arithmetic_problems(case["input"], expect, variant, delta))
    if rulings is not None:
        pinned = {entry.split(":")[0] for case in corpus.cases for entry in case.get("rulings", [])}
        for ruling in sorted(set(rulings) - pinned):
            problems.append((ruling, "no corpus case pins this ruling (add its id to a case's \"rulings\")"))
    problems.extend(delta_problems(corpus))
    return problems


def delta_problems(corpus) -> list[tuple[str, str]]:
    """Every edition delta of corpus/editions.json is pinned by a case that states, under
    ``alternatives``, its hand-worked expectation under that delta (docs/rulings.md Part 3);
    an alternative names a delta that exists."""
    problems, pinned = [], set()
    for case in corpus.cases:
        for delta in cmp.delta_alternatives(case):
            if delta not in DELTAS:
                problems.append((case["id"], f"alternative names {delta!r}, which is not a delta of corpus/editions.json"))
            pinned.add(delta)
    for delta in DELTAS:
        if delta not in pinned:
            problems.append((delta, "no corpus case states an expectation under this delta "
                                    "(add {\"delta\": …, \"expect\": …} to a case's \"alternatives\")"))
    return problems


def ruling_problems(case: dict) -> list[str]:
    """The three kinds of decision kept apart (docs/rulings.md): a ``disputed`` or ``ruling``
    case names an open ruling; a disputed case's ``expect`` holds the project's reading and
    its alternatives are options of open rulings, every other option stated."""
    out = []
    held = cmp.expect_options(case)
    open_named = [rid for rid in held if rid in RULINGS]
    if case["tier"] in ("disputed", "ruling") and not open_named:
        out.append(f"tier {case['tier']} but no open ruling named (normative notes give tier normative)")
    for alt in case.get("alternatives", []):
        if "ruling" not in alt:
            continue  # an edition delta's expectation (delta_problems)
        rid, _, option = alt["ruling"].partition(":")
        if alt["ruling"] in WITHDRAWN_OPTIONS:
            out.append(f"alternative {alt['ruling']} was withdrawn: it is the edition delta {WITHDRAWN_OPTIONS[alt['ruling']]}")
        elif rid not in RULINGS or option not in RULINGS[rid]["options"]:
            out.append(f"alternative {alt['ruling']} is not an option of an open ruling")
    if case["tier"] == "disputed":
        stated = set(cmp.ruling_alternatives(case))
        for rid in open_named:
            if held[rid] != RULINGS[rid]["default"]:
                out.append(f"expect holds {rid}:{held[rid]}, not the project's reading {rid}:{RULINGS[rid]['default']}")
            missing = [o for o in RULINGS[rid]["options"] if o != held[rid] and f"{rid}:{o}" not in stated]
            if missing and len(open_named) == 1:
                out.append(f"no expectation for {', '.join(f'{rid}:{o}' for o in missing)} "
                           f"(if it equals expect, say so in the comment and use tier ruling)")
    return out


def arithmetic_problems(case_input, expect: dict, variant: str, delta: str | None = None) -> list[str]:
    """An expectation must add up: fan ids exist in the variant, points × counts, flowers, minimum
    — by the fan table of corpus/fans.json, or as the edition ``delta`` changes it (points,
    repeatable, absent: corpus/editions.json)."""
    if "error" in expect:
        return []
    rules = Rules.parse(deltas=[delta]) if delta in DELTAS else Rules()
    out = []
    flowers = case_input.get("flowers", 0) if isinstance(case_input, dict) else 0
    maps = [expect["fans"]] if "fans" in expect else expect["fans_one_of"]
    for fans in maps:
        for fan_id, count in fans.items():
            f = BY_ID.get(fan_id)
            if f is None:
                out.append(f"unknown fan id {fan_id!r}")
            elif not rules.exists(fan_id, variant):
                out.append(f"fan {fan_id} ({f.zh}) does not exist in {variant}")
            elif count > 1 and not rules.repeatable(fan_id):
                out.append(f"fan {fan_id} ({f.zh}) is not repeatable but has count {count}")
        if any(fan_id not in BY_ID for fan_id in fans):
            continue
        points = sum(rules.points(k) * n for k, n in fans.items() if k != "flower_tiles")
        if points != expect["fan_points"]:
            out.append(f"fan_points {expect['fan_points']} but the fans add up to {points}")
        if fans.get("flower_tiles", 0) != flowers:
            out.append(f"flower_tiles {fans.get('flower_tiles', 0)} but the input has {flowers} flowers")
        for fan_id in expect.get("absent", []):
            if fan_id in fans:
                out.append(f"{fan_id} is both expected and listed as absent")
    if expect["total"] != expect["fan_points"] + flowers:
        out.append(f"total {expect['total']} is not fan_points {expect['fan_points']} + {flowers} flowers")
    if expect["meets_minimum"] != (expect["fan_points"] >= 8):
        out.append(f"meets_minimum must be {expect['fan_points'] >= 8} for {expect['fan_points']} fan points")
    return out


def reference_failures(corpus) -> list[tuple[str, str]]:
    """Cases where the reference does not give the case's expectation — under the project's
    reading, for every option of an open ruling the case names, under that option, and for
    every edition delta it states an expectation under, under that delta (docs/rulings.md:
    the hand-worked expectation of each option or delta against the reference run with it).
    Where an expectation lists several fan lists (``fans_one_of``), each must be one the
    reference admits at that total under those rules (:func:`inadmissible_fan_lists`)."""
    failures = []
    for case in corpus.cases:
        runs = [("", None, case["expect"])]
        runs += [(f" [{rid}:{opt}]", Rules.parse({rid: opt}), exp) for rid, opt, exp in cmp.option_expectations(case)
                 if opt != DEFAULT_OPTIONS[rid]]
        runs += [(f" [{delta}]", Rules.parse(deltas=[delta]), exp) for delta, exp in cmp.delta_alternatives(case).items()
                 if delta in DELTAS]
        for label, rules, expected in runs:
            result = reference.score(case["input"], rules=rules)
            if "not_counted" in expected and result.get("ok"):   # the 不计 trace of the chosen reading
                result = {**result, "not_counted": cmp.chosen_not_counted(
                    reference.explain(case["input"], rules, not_counted=True))}
            diff = cmp.compare(expected, result)
            if diff:
                failures.append((case["id"] + label, "; ".join(cmp.describe(d) for d in diff)))
            for fans in inadmissible_fan_lists(case["input"], expected, rules):
                failures.append((case["id"] + label, f"fans_one_of lists {fans}, which the reference does not "
                                                     f"admit at this total"))
    return failures


def inadmissible_fan_lists(case_input, expected: dict, rules=None) -> list[dict]:
    """The fan lists of ``fans_one_of`` that are no admissible interpretation of the hand at
    its best total under ``rules`` (docs/rulings.md R-001, R-011)."""
    if "fans_one_of" not in expected:
        return []
    try:
        admitted = [{f: len(o) for f, o in i.fans.items()}
                    for i in admissible_interpretations(hand_from_input(case_input), rules)]
    except InputError:
        return list(expected["fans_one_of"])
    return [fans for fans in expected["fans_one_of"] if fans not in admitted]


# -- coverage ------------------------------------------------------------------------------

def coverage(corpus, variant: str = "gb16") -> dict:
    cases = [c for c in corpus.cases if case_variant(c) == variant]
    positive, negative, near = Counter(), Counter(), Counter()
    clause_cases, ruling_cases = defaultdict(list), defaultdict(list)
    for case in cases:
        expect = case["expect"]
        positive.update(cmp.fans_involved(expect, absent=False))
        negative.update(expect.get("absent", []))
        if "near_miss" in case:  # a negative case one step from the fan's definition
            near[case["near_miss"]["fan"]] += 1
        for anchor in case["cites"]:
            clause_cases[anchor].append(case["id"])
        for entry in case.get("rulings", []):
            ruling_cases[entry.split(":")[0]].append(case["id"])
    fans = [f for f in FANS if f.in_variant(variant)]

    def fan_target(f) -> bool | None:
        # gb16: every applicable fan; gb13: the fans that exist only in gb13 (None: no target)
        if variant == "gb13" and f.in_variant("gb16"):
            return None
        return positive[f.id] >= TARGETS["positive_per_fan"] and negative[f.id] >= TARGETS["negative_per_fan"]

    fan_rows = [{"id": f.id, "zh": f.zh, "positive": positive[f.id], "negative": negative[f.id],
                 "near_misses": near[f.id], "meets": fan_target(f)}
                for f in fans]
    if variant == "gb16":
        with_targets, per_clause = CLAUSES_WITH_TARGETS, TARGETS["cases_per_clause"]
        cited = {a: len(clause_cases[a]) for a in with_targets}
    else:
        with_targets, per_clause = GB13_PRINCIPLES, GB13_TARGETS["cases_per_principle"]
        cited = {p: len({cid for a, ids in clause_cases.items() if _principle(a) == p for cid in ids})
                 for p in with_targets}
    clause_rows = [{"anchor": a, "cases": cited.get(a, len(clause_cases[a])),
                    "meets": (cited[a] >= per_clause) if a in cited else None}
                   for a in sorted(corpus.clauses, key=_anchor_key) if clause_cases[a] or a in cited]
    invalid = sum(1 for c in cases if "error" in c["expect"])
    tiers = Counter(c["tier"] for c in cases)
    summary = {
        "variant": variant, "cases": len(cases), "invalid_cases": invalid, "tiers": dict(tiers),
        "fans_meeting_targets": sum(1 for r in fan_rows if r["meets"]),
        "fans_with_near_misses": sum(1 for r in fan_rows if r["near_misses"]),
        "near_miss_cases": sum(near.values()),
        "fans": sum(1 for r in fan_rows if r["meets"] is not None),
        "clauses_meeting_targets": sum(1 for r in clause_rows if r["meets"]),
        "clauses_with_targets": len(with_targets),
    }
    enough = (invalid >= TARGETS["invalid_cases"] and len(cases) >= TARGETS["gb16_cases"] if variant == "gb16"
              else len(cases) >= GB13_TARGETS["gb13_cases"])
    targets_met = (all(r["meets"] is not False for r in fan_rows)
                   and all(r["meets"] is not False for r in clause_rows) and enough)
    summary["targets_met"] = targets_met
    return {"summary": summary, "fans": fan_rows, "clauses": clause_rows,
            "rulings": {k: sorted(v) for k, v in sorted(ruling_cases.items())}}


def _anchor_key(anchor: str):
    return [int(p) if p.isdigit() else p for p in re.split(r"(\d+)", anchor)]
