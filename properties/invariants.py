"""Invariants of the gb16 scoring rules, as properties of any scorer.

Each property is a :class:`Property`: a Hypothesis strategy of examples (built from
gb16.properties.strategies, so every hand is a legal winning hand unless the property is
about bad input) and a ``check(scorer, example)`` function that raises
:class:`Violation` when the scorer breaks the invariant.  A scorer is a callable
``input dict -> result dict`` (docs/contract.md); see gb16.properties.scorers.

The checks are written from the texts — seed000 §二 and §三, xinbian 第六章/第七章,
gb16.properties.rulebook for the exclusions (the texts' 不计 sentences, transcribed again), docs/rulings.md where a ruling fixes a reading —
and never import the reference scorer: the reference is one scorer under test like any
other.  The only exception is property 5, which calls the *scorer's own* reading API
(``explain`` / ``score_interpretation``) when it has one.  Properties 13 and 14 judge the
reported reading against every fan definition, written again from the texts in
gb16.properties.definitions; property 15 feeds inputs broken in one known way.

A check returns True when it could check its whole claim and False when part of it could
not be checked for that scorer (e.g. a result without ``waits`` or ``interpretation``);
the runner reports how many examples were fully checked.
"""

from __future__ import annotations

import copy
import itertools
import json
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from hypothesis import strategies as st

from gb16.properties import definitions as D
from gb16.properties import rulebook
from gb16.properties import strategies as S
from gb16.properties.hands import (
    GREEN_TILES, LETTER_OF_HONOUR, NUMBER_SUITS, REVERSIBLE_TILES, Case, Hand,
    Meld, NotationError, Reading, compact, dragon_permutation_map,
    formal_waits, is_honour, is_legal_case, is_terminal_or_honour, parse_tiles, rank,
    reading_key, readings, reflection_map, relabel_case, sorted_tiles, suit,
    suit_permutation_map, wind_rotation_maps,
)

# --------------------------------------------------------------------------------------
# The fan table as the properties read it: transcribed from the texts
# (gb16.properties.rulebook), never corpus/fans.json, which the scorer reads.

FANS: tuple[dict, ...] = rulebook.FANS
FAN: dict[str, dict] = rulebook.FAN
TABLE_ORDER: dict[str, int] = rulebook.ORDER

#: seed000 §二.8: "仅四归一、双同刻、一般高、喜相逢、连六、幺九刻、花牌可重复计，其余各计一次".
REPEATABLE = rulebook.REPEATABLE
#: seed000 §二.5: 一色四节高、一色三节高及所有四顺子／三顺子番种全局至多取一个.
FOUR_CHOW_FANS = frozenset({"quadruple_chow", "four_pure_shifted_chows"})
THREE_CHOW_FANS = frozenset({"pure_triple_chow", "pure_straight", "pure_shifted_chows",
                             "mixed_straight", "mixed_triple_chow", "mixed_shifted_chows"})
PUNG_COMBINATION_FANS = frozenset({"four_pure_shifted_pungs", "pure_shifted_pungs"})
BIG_COMBINATION = FOUR_CHOW_FANS | THREE_CHOW_FANS | PUNG_COMBINATION_FANS
#: seed000 §二.6: the chow-pair fans.
CHOW_PAIR_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
WAIT_FANS = ("edge_wait", "closed_wait", "single_wait")
CONCEALED_PUNG_LEVEL = {"four_concealed_pungs": 4, "three_concealed_pungs": 3,
                        "two_concealed_pungs": 2, "two_concealed_kongs": 2}
#: docs/contract.md, Errors: the closed set of error codes.
ERROR_CODES = frozenset({"invalid_json", "invalid_input", "unsupported_variant", "invalid_notation",
                         "invalid_tile", "too_many_copies", "wrong_tile_count", "invalid_meld",
                         "win_tile_not_in_hand", "inconsistent_flags", "not_winning_hand"})


def whole_exclusions(fan_id: str, variant: str = "gb16") -> set[str]:
    """Fans that ``fan_id`` excludes for the whole hand (scope "whole", respecting
    "variants"), gb16.properties.rulebook; xinbian 第六章 4 (规定原则)."""
    return rulebook.whole_exclusions(fan_id, variant)


def excluded_by(fans, variant: str = "gb16") -> set[str]:
    """Every fan some fan of ``fans`` excludes for the whole hand."""
    out: set[str] = set()
    for f in fans:
        if f in FAN:
            out |= whole_exclusions(f, variant)
    return out


# --------------------------------------------------------------------------------------
# Failures and small helpers


class Violation(AssertionError):
    """A scorer broke a property; the message says how."""


def _brief(value: Any, limit: int = 300) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= limit else text[:limit] + "…"


def call(scorer, case_input: Any) -> Any:
    """Call the scorer; an exception is a violation (the contract: never raise)."""
    try:
        return scorer(case_input)
    except Exception as exc:
        tb = traceback.format_exception(type(exc), exc, exc.__traceback__, limit=-3)
        raise Violation(f"the scorer raised {type(exc).__name__}: {exc} "
                        f"(input {_brief(case_input)}) — {''.join(tb[-2:]).strip()[:500]}") from None


def score_ok(scorer, case_input: dict, what: str = "input") -> dict:
    """Score a legal winning hand: the result must be an ok result."""
    result = call(scorer, case_input)
    if not isinstance(result, dict) or result.get("ok") is not True:
        raise Violation(f"{what} {_brief(case_input)} is a legal winning hand, "
                        f"but the scorer answered {_brief(result)}")
    if not isinstance(result.get("fans"), list):
        raise Violation(f"{what}: the result has no fan list: {_brief(result)}")
    return result


def fan_counts(result: dict) -> Counter:
    counts: Counter = Counter()
    for f in result.get("fans", []):
        counts[f.get("id")] += int(f.get("count", 1))
    return counts


def fan_text(counts: Counter) -> str:
    parts = []
    for fid in sorted(counts, key=lambda f: TABLE_ORDER.get(f, 999)):
        name = FAN[fid]["zh"] if fid in FAN else fid
        parts.append(name + (f"×{counts[fid]}" if counts[fid] != 1 else ""))
    return "、".join(parts) or "(none)"


def fans_only(counts: Counter) -> Counter:
    """Fans other than 花牌."""
    return Counter({f: n for f, n in counts.items() if f != "flower_tiles" and n})


def table_points(counts: Counter) -> int:
    """Σ points × count from the fan table, without flowers (docs/contract.md fan_points)."""
    return sum(FAN[f]["points"] * n for f, n in counts.items() if f != "flower_tiles" and f in FAN)


def interpretation_of(result: dict) -> dict | None:
    interp = result.get("interpretation")
    return interp if isinstance(interp, dict) and interp.get("sets") is not None else None


@dataclass(frozen=True)
class ISet:
    """A set of a result's interpretation, read back into tiles."""

    kind: str
    tiles: tuple[str, ...]
    exposed: bool
    concealed: bool
    win: bool


def interp_sets(interp: dict) -> list[ISet]:
    out = []
    for s in interp.get("sets", []):
        out.append(ISet(s["kind"], tuple(sorted_tiles(parse_tiles(s["tiles"]))), bool(s.get("exposed")),
                        bool(s.get("concealed")), bool(s.get("win"))))
    return out


def interp_key(interp: dict) -> tuple:
    """The canonical reading key (gb16.properties.hands.reading_key) of an interpretation."""
    sets = interp_sets(interp)
    pair = parse_tiles(interp["pair"]["tiles"])[0]
    knitted = interp.get("knitted")
    knitted_tiles = tuple(parse_tiles(knitted["tiles"])) if knitted else None
    win_in = interp.get("win_in", "")
    win_set = None
    if win_in.startswith("set"):
        g = sets[int(win_in.split()[1])]
        win_set = (g.kind, g.tiles, g.exposed)
        win_in = "set"
    return reading_key(interp["shape"], [(g.kind, g.tiles, g.exposed) for g in sets], pair,
                       knitted_tiles, win_in, win_set)


def win_group(interp: dict) -> ISet | None:
    win_in = interp.get("win_in", "")
    if win_in.startswith("set"):
        return interp_sets(interp)[int(win_in.split()[1])]
    return None


# --------------------------------------------------------------------------------------
# Tile-level predicates for the suit-specific fans and the fans they exclude


def _numbered_suits(tiles) -> set[str]:
    return {suit(t) for t in tiles if not is_honour(t)}


TILE_PREDICATES: dict[str, Callable[[list[str]], bool]] = {
    # xinbian 第七章 3: only 23468条 and 发
    "all_green": lambda tiles: all(t in GREEN_TILES for t in tiles),
    # xinbian 第七章 40: only 1234589筒, 245689条, 白板
    "reversible_tiles": lambda tiles: all(t in REVERSIBLE_TILES for t in tiles),
    # xinbian 第七章 49: honours and numbered tiles of one suit
    "half_flush": lambda tiles: any(is_honour(t) for t in tiles) and len(_numbered_suits(tiles)) == 1,
    # xinbian 第七章 75: numbered tiles of exactly two suits
    "one_voided_suit": lambda tiles: len(_numbered_suits(tiles)) == 2,
}
#: The fans that name particular tiles (and so are not symmetric under relabelling).
SUIT_SPECIFIC = ("all_green", "reversible_tiles")


def expected_after_relabelling(before: Counter, tiles_after: list[str], variant: str,
                               fan_map: dict[str, str] | None = None) -> Counter:
    """The fans a relabelled hand must score, given the fans of the original.

    Every fan maps to itself (or through ``fan_map``, e.g. 全大 ↔ 全小 under number
    reflection), except the suit-specific 绿一色 and 推不倒: each is dropped when the new
    tiles no longer satisfy it, or added when they now do; the fans it excludes
    (混一色, 缺一门) are then restored or removed according to their own definitions and
    the remaining exclusions; 无番和 follows (R-012).  These fans are tile-level (the same
    in every reading), so the chosen reading's other fans cannot change.
    """
    fan_map = fan_map or {}
    fans = Counter({fan_map.get(f, f): n for f, n in before.items()})
    for special in SUIT_SPECIFIC:
        holds = TILE_PREDICATES[special](tiles_after)
        if special in fans and not holds:
            del fans[special]
            for freed in sorted(whole_exclusions(special, variant)):
                if TILE_PREDICATES[freed](tiles_after) and freed not in excluded_by(fans, variant):
                    fans[freed] = 1
        elif special not in fans and holds:
            fans[special] = 1
            for gone in whole_exclusions(special, variant):
                fans.pop(gone, None)
    others = set(fans_only(fans)) - {"chicken_hand"}
    if others:
        fans.pop("chicken_hand", None)
    elif "chicken_hand" not in fans:
        fans["chicken_hand"] = 1
    return fans


def compare_relabelled(r0: dict, r1: dict, tile_map: dict[str, str], tiles_after: list[str],
                       variant: str, fan_map: dict[str, str] | None = None) -> bool:
    """Check r1 (the relabelled hand's result) against r0 (the original's)."""
    before, after = fan_counts(r0), fan_counts(r1)
    expected = expected_after_relabelling(before, tiles_after, variant, fan_map)
    if expected != after:
        raise Violation(f"fans {fan_text(before)} became {fan_text(after)}; "
                        f"expected {fan_text(expected)}")
    delta = table_points(expected) - table_points(Counter({(fan_map or {}).get(f, f): n
                                                          for f, n in before.items()}))
    for key in ("fan_points", "total"):
        if r1.get(key) != (r0.get(key) or 0) + delta:
            raise Violation(f"{key} {r0.get(key)} became {r1.get(key)} "
                            f"(the fans' points changed by {delta})")
    if r1.get("flower_points") != r0.get("flower_points"):
        raise Violation(f"flower_points {r0.get('flower_points')} became {r1.get('flower_points')}")
    want_min = r0.get("meets_minimum") if delta == 0 else (r0.get("fan_points", 0) + delta >= 8)
    if r1.get("meets_minimum") != want_min:
        raise Violation(f"meets_minimum {r0.get('meets_minimum')} became {r1.get('meets_minimum')}, "
                        f"expected {want_min} (fan_points {r0.get('fan_points')} → {r1.get('fan_points')})")
    if "waits" in r0 and "waits" in r1:
        mapped = sorted_tiles(tile_map.get(w, w) for w in r0["waits"])
        if sorted_tiles(r1["waits"]) != mapped:
            raise Violation(f"waits {r0['waits']} became {r1['waits']}, expected {mapped}")
        return True
    return False


def _relabel_check(scorer, case: Case, tile_map: dict[str, str], wind_map=None,
                   fan_map=None, label: str = "") -> bool:
    r0 = score_ok(scorer, case.to_input(), "the hand")
    moved = relabel_case(case, tile_map, wind_map)
    r1 = score_ok(scorer, moved.to_input(), "the relabelled hand")
    try:
        return compare_relabelled(r0, r1, tile_map, moved.hand.all_tiles(), case.variant, fan_map)
    except Violation as v:
        raise Violation(f"{label}: {v} — original {_brief(case.to_input(), 600)}, "
                        f"relabelled {_brief(moved.to_input(), 600)}") from None


# --------------------------------------------------------------------------------------
# The property record


@dataclass
class Property:
    number: int
    name: str
    title: str
    clause: str
    strategy: Callable[[], st.SearchStrategy]
    check: Callable[[Any, Any], bool]
    #: relative cost; the profiles scale the number of examples by 1/weight
    weight: float = 1.0
    needs: tuple[str, ...] = field(default_factory=tuple)

    def describe(self, example: Any) -> Any:
        return describe_example(example)


def describe_example(example: Any) -> Any:
    """A JSON-ready rendering of an example (a Case becomes its input)."""
    if isinstance(example, Case):
        return example.to_input()
    if isinstance(example, dict):
        return {k: describe_example(v) for k, v in example.items()}
    if isinstance(example, (list, tuple)):
        return [describe_example(v) for v in example]
    return example


PROPERTIES: list[Property] = []


def register(number: int, name: str, title: str, clause: str, strategy, weight: float = 1.0,
             needs: tuple[str, ...] = ()):
    def wrap(check):
        PROPERTIES.append(Property(number, name, title, clause, strategy, check, weight, needs))
        return check
    return wrap


# --------------------------------------------------------------------------------------
# 1. Suit permutation


SUIT_PERMUTATIONS = tuple("".join(p) for p in itertools.permutations(NUMBER_SUITS) if "".join(p) != "mps")


@register(1, "suit_permutation", "Relabelling m/p/s by any permutation changes nothing but the "
          "suit-specific fans 绿一色/推不倒 (and what they exclude)",
          "xinbian 第七章 (no fan definition names a suit except 3 绿一色, 40 推不倒); seed000 §三",
          lambda: st.fixed_dictionaries({"case": S.cases(), "permutation": st.sampled_from(SUIT_PERMUTATIONS)}))
def suit_permutation(scorer, ex) -> bool:
    perm = ex["permutation"]
    return _relabel_check(scorer, ex["case"], suit_permutation_map(perm),
                          label=f"suits m,p,s → {','.join(perm)}")


# --------------------------------------------------------------------------------------
# 2. Wind rotation and dragon relabelling


DRAGON_PERMUTATIONS = tuple(itertools.permutations((5, 6, 7)))


@register(2, "wind_dragon_relabelling", "Rotating the winds in tiles, seat and prevalent wind "
          "together, and relabelling the dragons, changes nothing (outside 绿一色 发 / 推不倒 白)",
          "xinbian 第七章 1, 9, 38, 60, 61 (wind fans), 2, 10, 54, 59 (dragon fans), 3, 40",
          lambda: st.fixed_dictionaries({"case": S.cases(), "wind_steps": st.integers(0, 3),
                                         "dragons": st.sampled_from(DRAGON_PERMUTATIONS)}).filter(
              lambda ex: ex["wind_steps"] or ex["dragons"] != (5, 6, 7)))
def wind_dragon_relabelling(scorer, ex) -> bool:
    tiles, letters = wind_rotation_maps(ex["wind_steps"])
    tiles = dict(tiles)
    tiles.update(dragon_permutation_map(ex["dragons"]))
    return _relabel_check(scorer, ex["case"], tiles, letters,
                          label=f"winds rotated {ex['wind_steps']}×, dragons 567z → "
                                f"{''.join(map(str, ex['dragons']))}z")


# --------------------------------------------------------------------------------------
# 3. Number reflection


REFLECTED_FANS = {"upper_tiles": "lower_tiles", "lower_tiles": "upper_tiles",
                  "upper_four": "lower_four", "lower_four": "upper_four"}


@register(3, "number_reflection", "Reflecting every number n → 10−n swaps 全大↔全小 and "
          "大于五↔小于五 and changes nothing else (outside 绿一色/推不倒); 边张 maps to itself",
          "xinbian 第七章 25, 27, 36, 37, 77 (3 of 123 ↔ 7 of 789); seed000 §三",
          lambda: S.cases())
def number_reflection(scorer, case) -> bool:
    return _relabel_check(scorer, case, reflection_map(), fan_map=REFLECTED_FANS,
                          label="numbers reflected n → 10−n")


# --------------------------------------------------------------------------------------
# 4. Exclusion consistency and a well-formed fan list


def dragon_and_wind_pungs(sets: list[ISet]) -> tuple[list[ISet], list[ISet]]:
    winds = [g for g in sets if g.kind in ("pung", "kong") and g.tiles[0] in ("1z", "2z", "3z", "4z")]
    dragons = [g for g in sets if g.kind in ("pung", "kong") and g.tiles[0] in ("5z", "6z", "7z")]
    return winds, dragons


def expected_terminal_pungs(counts: Counter, interp: dict, case_input: dict, variant: str) -> int:
    """幺九刻 count: the terminal/honour pungs of the reading not excluded per set by a
    wind or dragon fan, none when a fan excludes it for the whole hand.

    seed000 §三 幺九刻 "按未被大番、风刻或箭刻排除的每副幺九刻计；圈风与门风相同也只排除同一副";
    seed000 §二.8; docs/rulings.md R-009 (whole-hand exclusions).
    """
    if "pung_of_terminals_or_honors" in excluded_by(counts, variant):
        return 0
    sets = interp_sets(interp)
    candidates = [g for g in sets if g.kind in ("pung", "kong") and is_terminal_or_honour(g.tiles[0])]
    winds, dragons = dragon_and_wind_pungs(sets)
    removed: set[int] = set()
    if counts.keys() & {"big_three_winds", "little_four_winds"}:
        removed |= {id(g) for g in winds}
    if counts.keys() & {"big_three_dragons", "little_three_dragons", "two_dragon_pungs", "dragon_pung"}:
        removed |= {id(g) for g in dragons}
    wind_tile = {w: f"{k + 1}z" for k, w in enumerate("ESWN")}
    for fan, field_name in (("prevalent_wind", "prevalent_wind"), ("seat_wind", "seat_wind")):
        if fan in counts:
            tile = wind_tile.get(case_input.get(field_name, "E"))
            removed |= {id(g) for g in winds if g.tiles[0] == tile}
    return sum(1 for g in candidates if id(g) not in removed)


@register(4, "exclusion_consistency", "No fan beside a fan that excludes it for the whole hand; "
          "non-repeatable fans count once, only §二.8's fans repeat; 幺九刻 counts the pungs no "
          "wind/dragon fan excludes; 无番和 stands alone",
          "seed000 §二.8; xinbian 第六章 4; gb16.properties.rulebook; seed000 §三 幺九刻, 无番和; R-009, R-012",
          lambda: S.cases())
def exclusion_consistency(scorer, case) -> bool:
    inp = case.to_input()
    result = score_ok(scorer, inp, "the hand")
    variant = case.variant
    ids = [f.get("id") for f in result["fans"]]
    if len(ids) != len(set(ids)):
        raise Violation(f"a fan is listed twice: {ids}")
    counts = fan_counts(result)
    for f in result["fans"]:
        fid = f.get("id")
        if fid not in FAN:
            raise Violation(f"unknown fan id {fid!r}")
        if not FAN[fid]["applies"].get(variant, False):
            raise Violation(f"{FAN[fid]['zh']} ({fid}) does not exist in {variant} (seed000 §二.1)")
        if "points" in f and f["points"] != FAN[fid]["points"]:
            raise Violation(f"{FAN[fid]['zh']} reported at {f['points']} points, the table says "
                            f"{FAN[fid]['points']}")
        if fid not in REPEATABLE and counts[fid] != 1:
            raise Violation(f"{FAN[fid]['zh']} is not repeatable (seed000 §二.8) but counts "
                            f"{counts[fid]}")
        if fid == "flower_tiles" and counts[fid] != case.flowers:
            raise Violation(f"花牌 counts {counts[fid]} with {case.flowers} flowers")
    order = [TABLE_ORDER[i] for i in ids]
    if order != sorted(order):
        raise Violation(f"fans are not in the order of the §三 table: {ids}")
    for fid in counts:
        clash = whole_exclusions(fid, variant) & set(counts)
        if clash:
            raise Violation(f"{FAN[fid]['zh']} ({fid}) stands beside {fan_text(Counter(clash))}, "
                            f"which it excludes for the whole hand (gb16.properties.rulebook) — fans "
                            f"{fan_text(counts)}; input {_brief(inp, 600)}")
    if "chicken_hand" in counts and set(fans_only(counts)) != {"chicken_hand"}:
        raise Violation(f"无番和 beside other fans: {fan_text(counts)} (R-012)")
    if not fans_only(counts):
        raise Violation("no fan at all: a winning hand with nothing else scores 无番和 (seed000 §三)")
    interp = interpretation_of(result)
    if interp is None:
        return False
    want = expected_terminal_pungs(counts, interp, inp, variant)
    got = counts.get("pung_of_terminals_or_honors", 0)
    if want != got:
        raise Violation(f"幺九刻 ×{got} but the reading has {want} terminal/honour pung(s) no "
                        f"wind/dragon fan excludes — fans {fan_text(counts)}; input {_brief(inp, 600)}")
    return True


# --------------------------------------------------------------------------------------
# 5. No mixing across interpretations


def _structural_reading_check(case: Case, result: dict, interp: dict) -> None:
    """The reported interpretation is a legal reading of this very hand (checked with the
    independent decomposer) and the reading-dependent fans agree with it."""
    mine = {r.key(): r for r in readings(case.hand, case.win_tile)}
    try:
        key = interp_key(interp)
    except (KeyError, IndexError, ValueError, TypeError, NotationError) as exc:
        raise Violation(f"the interpretation cannot be read ({exc}): {_brief(interp)}") from None
    if key not in mine:
        raise Violation(f"the interpretation is not a legal reading of the hand: {_brief(interp, 600)}")
    counts = fan_counts(result)
    sets = interp_sets(interp)
    if "all_pungs" in counts and (interp["shape"] != "standard"
                                  or any(g.kind == "chow" for g in sets)):
        raise Violation("碰碰和 scored on a reading that is not five pungs/kongs (the fans mix readings)")
    if "all_chows" in counts and (any(g.kind != "chow" for g in sets)
                                  or is_honour(parse_tiles(interp["pair"]["tiles"])[0])):
        raise Violation("平和 scored on a reading with a pung or an honour pair (the fans mix readings)")
    if ("knitted_straight" in counts) != (interp["shape"] == "knitted"):
        raise Violation("组合龙 and the reading's shape disagree (the fans mix readings)")


@register(5, "no_mixing", "The fans are exactly those of the reported interpretation scored "
          "alone, and no legal interpretation scores higher",
          "seed000 §二 (取一个合法解释的最高总分。不得将不同解释的番种拼在一起); xinbian 第六章 2",
          lambda: S.cases(), weight=2.0, needs=("explain", "score_interpretation"))
def no_mixing(scorer, case) -> bool:
    inp = case.to_input()
    result = score_ok(scorer, inp, "the hand")
    interp = interpretation_of(result)
    if interp is None:
        return False
    _structural_reading_check(case, result, interp)
    complete = True
    alone_of = getattr(scorer, "score_interpretation", None)
    explain = getattr(scorer, "explain", None)
    if alone_of is not None:
        alone = call(lambda x: alone_of(x, interp), inp)
        if not isinstance(alone, dict) or alone.get("ok") is not True:
            raise Violation(f"the reported interpretation, scored alone, is rejected: {_brief(alone)}")
        if fan_counts(alone) != fan_counts(result) or alone.get("total") != result.get("total"):
            raise Violation(f"the result's fans {fan_text(fan_counts(result))} (total {result.get('total')}) "
                            f"are not those of its interpretation scored alone: "
                            f"{fan_text(fan_counts(alone))} (total {alone.get('total')}); input {_brief(inp, 600)}")
    else:
        complete = False
    if explain is not None:
        ex = call(explain, inp)
        if not isinstance(ex, dict) or ex.get("ok") is not True or not ex.get("readings"):
            raise Violation(f"explain() rejected a legal hand: {_brief(ex)}")
        best = max(r["total"] for r in ex["readings"])
        if best > result["total"]:
            top = max(ex["readings"], key=lambda r: r["total"])
            raise Violation(f"a legal interpretation scores {best} > the result's {result['total']}: "
                            f"{fan_text(Counter({f['id']: f['count'] for f in top['fans']}))} "
                            f"{_brief(top['interpretation'], 500)}; input {_brief(inp, 600)}")
        keys = {interp_key(r["interpretation"]) for r in ex["readings"]}
        mine = {r.key() for r in readings(case.hand, case.win_tile)}
        if keys != mine:
            missing, invented = mine - keys, keys - mine
            raise Violation(f"explain() does not list exactly the legal readings: missing {len(missing)} "
                            f"{_brief(sorted(map(repr, missing))[:2], 400)}, not legal {len(invented)} "
                            f"{_brief(sorted(map(repr, invented))[:2], 400)}; input {_brief(inp, 600)}")
        if alone_of is not None:
            # each listed reading is scored on its own: re-score a few of them alone
            for r in sorted(ex["readings"], key=lambda r: -r["total"])[:3]:
                alone = call(lambda x: alone_of(x, r["interpretation"]), inp)
                if not isinstance(alone, dict) or alone.get("total") != r["total"] or \
                        fan_counts(alone) != Counter({f["id"]: f["count"] for f in r["fans"]}):
                    raise Violation(f"explain() lists a reading at total {r['total']} that scores "
                                    f"{_brief(alone.get('total') if isinstance(alone, dict) else alone)} alone; "
                                    f"input {_brief(inp, 600)}")
    else:
        complete = False
    return complete


# --------------------------------------------------------------------------------------
# 6. One big combination; the chow-pair forest


def chow_relation(a: tuple[str, int], b: tuple[str, int]) -> str | None:
    """The chow-pair fan two chows (suit, start) satisfy (xinbian 第七章 69–72); at most one."""
    (sa, x), (sb, y) = a, b
    if sa == sb and x == y:
        return "pure_double_chow"
    if sa != sb and x == y:
        return "mixed_double_chow"
    if sa == sb and abs(x - y) == 3:
        return "short_straight"
    if sa == sb and {x, y} == {1, 7}:
        return "two_terminal_chows"
    return None


class _Forest:
    def __init__(self) -> None:
        self.parent: dict = {}

    def find(self, x):
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self.parent[ra] = rb
        return True


def _chow_group(interp: dict, big: list[str], counts: Counter) -> set[int] | None:
    """The set indices of the counted 3-/4-chow fan (empty when there is none, None when
    the interpretation does not say); a violation when it contradicts the fans."""
    if "big_combination" not in interp:
        return None
    bc = interp["big_combination"]
    if not bc:
        if big:
            raise Violation(f"{FAN[big[0]]['zh']} is scored but the interpretation names no big combination")
        return set()
    if not big or bc.get("fan") != big[0]:
        raise Violation(f"the interpretation names big combination {bc} but the fans are {fan_text(counts)}")
    if big[0] in PUNG_COMBINATION_FANS:
        return set()
    members = set(bc.get("sets") or ())
    return members or None


@register(6, "one_big_combination", "At most one big combination; chow-pair fans never exceed "
          "(chow nodes after contracting the big combination − connected components), none beside "
          "a four-chow fan, 老少副 at most once, no cycle of links",
          "seed000 §二.5, §二.6; xinbian 第六章 5; R-001",
          lambda: S.cases())
def one_big_combination(scorer, case) -> bool:
    inp = case.to_input()
    result = score_ok(scorer, inp, "the hand")
    counts = fan_counts(result)
    big = [f for f in counts if f in BIG_COMBINATION]
    context = f"fans {fan_text(counts)}; input {_brief(inp, 600)}"
    if len(big) > 1:
        raise Violation(f"more than one big combination: {fan_text(Counter(big))} (seed000 §二.5) — {context}")
    pairs = sum(counts.get(f, 0) for f in CHOW_PAIR_FANS)
    if counts.get("two_terminal_chows", 0) > 1:
        raise Violation(f"老少副 counted {counts['two_terminal_chows']} times (seed000 §二.6) — {context}")
    if big and big[0] in FOUR_CHOW_FANS and pairs:
        raise Violation(f"chow-pair fans beside the four-chow fan {FAN[big[0]]['zh']} (seed000 §二.5) — {context}")
    interp = interpretation_of(result)
    if interp is None:
        return False
    sets = interp_sets(interp)
    chows = [(i, (g.tiles[0][1], rank(g.tiles[0]))) for i, g in enumerate(sets) if g.kind == "chow"]
    group = _chow_group(interp, big, counts)  # the contracted 3-/4-chow group; None if unknown
    if group and not group <= {i for i, _ in chows}:
        raise Violation(f"the big combination {interp['big_combination']} names a set that is not a chow")
    node = (lambda i: "group" if group and i in group else i)
    if group is None:
        # members unknown (no big_combination reported): the plain bound of §二.6
        limit = max(len(chows) - (2 if big and big[0] in THREE_CHOW_FANS else 0) - 1, 0)
        components = None
    else:
        nodes = {node(i) for i, _ in chows}
        forest = _Forest()
        for (i, a), (j, b) in itertools.combinations(chows, 2):
            if node(i) != node(j) and chow_relation(a, b):
                forest.union(node(i), node(j))
        components = len({forest.find(n) for n in nodes})
        limit = len(nodes) - components
    if pairs > limit:
        shape = (f"forming {len(chows) - len(group or ()) + (1 if group else 0)} node(s) in {components} "
                 f"connected group(s)" if components is not None else "")
        raise Violation(f"{pairs} chow-pair fan(s) among {len(chows)} chows {shape}: at most {limit} "
                        f"(seed000 §二.6) — {context}")
    links = interp.get("chow_links")
    if links is None or group is None:
        return False
    per_fan = Counter(link["fan"] for link in links)
    if per_fan != Counter({f: counts[f] for f in CHOW_PAIR_FANS if counts.get(f)}):
        raise Violation(f"chow_links {links} disagree with the fans {fan_text(counts)}")
    cycle = _Forest()
    by_index = dict(chows)
    for link in links:
        i, j = link["sets"]
        if i not in by_index or j not in by_index:
            raise Violation(f"chow link {link} joins a set that is not a chow")
        if chow_relation(by_index[i], by_index[j]) != link["fan"]:
            raise Violation(f"chow link {link}: sets {i}, {j} do not form {link['fan']}")
        if not cycle.union(node(i), node(j)):
            raise Violation(f"chow links {links} close a cycle (不允许同一圈关系重复计分, seed000 §二.6) — {context}")
    return True


# --------------------------------------------------------------------------------------
# 7. Flowers


@register(7, "flowers", "Each flower adds exactly 1 to the total and nothing to fan_points or "
          "meets_minimum; totals add up",
          "seed000 §三 花牌; seed000 §四.4; docs/contract.md (Result); R-017",
          lambda: st.fixed_dictionaries({"case": S.cases(), "other_flowers": st.integers(0, 8)}))
def flowers(scorer, ex) -> bool:
    case: Case = ex["case"]
    k2 = ex["other_flowers"]
    results = {}
    for k in sorted({case.flowers, k2, 0}):
        r = score_ok(scorer, case.with_(flowers=k).to_input(), f"the hand with {k} flowers")
        counts = fan_counts(r)
        if counts.get("flower_tiles", 0) != k:
            raise Violation(f"{k} flowers but 花牌 ×{counts.get('flower_tiles', 0)}")
        if r.get("flower_points", k) != k:
            raise Violation(f"{k} flowers but flower_points {r.get('flower_points')}")
        if r.get("fan_points") != table_points(counts):
            raise Violation(f"fan_points {r.get('fan_points')} is not the sum of the fans "
                            f"{fan_text(counts)} = {table_points(counts)} (flowers excluded)")
        if r.get("total") != r.get("fan_points", 0) + k:
            raise Violation(f"total {r.get('total')} ≠ fan_points {r.get('fan_points')} + {k} flowers")
        if r.get("meets_minimum") != (r.get("fan_points", 0) >= 8):
            raise Violation(f"meets_minimum {r.get('meets_minimum')} with fan_points {r.get('fan_points')} "
                            f"(起和 8, flowers never count)")
        results[k] = r
    base = results[0]
    for k, r in results.items():
        if fans_only(fan_counts(r)) != fans_only(fan_counts(base)):
            raise Violation(f"{k} flowers change the fans: {fan_text(fan_counts(base))} → "
                            f"{fan_text(fan_counts(r))}; input {_brief(case.with_(flowers=k).to_input(), 600)}")
        for key in ("fan_points", "meets_minimum"):
            if r.get(key) != base.get(key):
                raise Violation(f"{k} flowers change {key}: {base.get(key)} → {r.get(key)}; "
                                f"input {_brief(case.with_(flowers=k).to_input(), 600)}")
        if r.get("total") != base.get("total") + k:
            raise Violation(f"{k} flowers: total {r.get('total')} ≠ {base.get('total')} + {k}")
    return True


# --------------------------------------------------------------------------------------
# 8. Presentation


@st.composite
def presentations(draw) -> dict:
    """A legal case and another way of writing the same input: tile and meld order, spacing,
    honour letters, runs merged or tile by tile, the suffix form, defaults omitted."""
    case = draw(S.cases())
    letters = draw(st.sampled_from(("digits", "letters", "mixed")))

    def honour(t: str) -> bool:
        if not is_honour(t) or letters == "digits":
            return False
        return letters == "letters" or draw(st.booleans())

    def write(tiles: list[str], merge: bool) -> list[str]:
        tokens: list[str] = []
        for t in tiles:
            if honour(t):
                tokens.append(LETTER_OF_HONOUR[t])
            elif merge and tokens and tokens[-1][-1] == t[1] and tokens[-1][0].isdigit():
                tokens[-1] = tokens[-1][:-1] + t[0] + t[1]
            else:
                tokens.append(t)
        return tokens

    merge = draw(st.booleans())
    units: list[str] = []
    for meld in case.hand.melds:
        body = "".join(write(list(meld.tiles), True))
        units.append("{" + body + "}" if meld.concealed else "[" + body + "]")
    standing = list(draw(st.permutations(case.hand.standing)))
    units.extend(write(standing, merge))
    units = list(draw(st.permutations(units)))
    text = ""
    for u in units:
        text += draw(st.sampled_from(("", "", " ", "  "))) + u
    text += draw(st.sampled_from(("", " ")))
    form = draw(st.sampled_from(("fields", "suffix", "suffix_ascii", "suffix_and_fields")))
    inp = case.to_input()
    if form != "fields":
        word = "点和" if case.win_by == "discard" else "自摸"
        comma = "," if form == "suffix_ascii" else "，"
        text += comma + word + case.win_tile
        if form != "suffix_and_fields":
            del inp["win_tile"], inp["win_by"]
    inp["hand"] = text
    if draw(st.booleans()):  # omit the fields that hold their default value
        defaults = {"variant": "gb16", "prevalent_wind": "E", "seat_wind": "E", "flowers": 0,
                    "last_of_kind": False, "last_tile": False, "kong_replacement": False,
                    "robbing_kong": False}
        for k, v in defaults.items():
            if inp.get(k) == v and draw(st.booleans()):
                del inp[k]
    inp = dict(draw(st.permutations(list(inp.items()))))
    return {"case": case, "written": inp}


@register(8, "presentation", "Tile order, spacing, honour letters (E S W N C P F) vs digits, and "
          "the suffix form vs fields never change the result",
          "docs/contract.md (Hand notation); seed000 §四 (notation)",
          presentations)
def presentation(scorer, ex) -> bool:
    case: Case = ex["case"]
    plain = score_ok(scorer, case.to_input(), "the hand")
    written = score_ok(scorer, ex["written"], "the same hand written differently")
    if json.dumps(plain, ensure_ascii=False, sort_keys=True) != json.dumps(written, ensure_ascii=False, sort_keys=True):
        diff = sorted(k for k in set(plain) | set(written) if plain.get(k) != written.get(k))
        raise Violation(f"{_brief(ex['written'], 400)} scores differently from {_brief(case.to_input(), 400)} "
                        f"(fields {diff}: {_brief({k: plain.get(k) for k in diff}, 300)} vs "
                        f"{_brief({k: written.get(k) for k in diff}, 300)})")
    return True


# --------------------------------------------------------------------------------------
# 9. Win-method relations


def exposable_chows(case: Case) -> list[tuple[str, ...]]:
    """Standing chows of some reading whose removal leaves the winning tile standing."""
    out = set()
    for r in readings(case.hand, case.win_tile):
        for g in r.sets:
            if g.kind == "chow" and not g.exposed:
                rest = list(case.hand.standing)
                for t in g.tiles:
                    rest.remove(t)
                if case.win_tile in rest:
                    out.add(g.tiles)
    return sorted(out)


def expose(case: Case, chow: tuple[str, ...]) -> Case:
    rest = list(case.hand.standing)
    for t in chow:
        rest.remove(t)
    hand = Hand(tuple(sorted_tiles(rest)), case.hand.melds + (Meld("chow", chow),))
    return case.with_(hand=hand)


def exposed_copies(hand: Hand, tile: str) -> int:
    """Copies of ``tile`` in the hand's melded (exposed) sets."""
    return sum(m.tiles.count(tile) for m in hand.melds if m.exposed)


def _require(condition: bool, message: str) -> None:
    if not condition:
        raise Violation(message)


@register(9, "win_method", "Concealed + discard ⇒ 门前清, no 自摸; concealed + self-draw ⇒ 不求人, "
          "no 自摸; open ⇒ neither, self-draw ⇒ 自摸 — unless an excluding fan holds; the flags give "
          "their fans; exposing a concealed chow never adds 门前清/不求人/暗刻",
          "xinbian 第七章 44–47, 56, 58, 62, 80; seed000 §二.4, §三 不求人/门前清; R-003, R-006, R-014",
          lambda: st.fixed_dictionaries({"case": S.cases(), "pick": st.integers(0, 20)}))
def win_method(scorer, ex) -> bool:
    case: Case = ex["case"]
    inp = case.to_input()
    r = score_ok(scorer, inp, "the hand")
    F = fan_counts(r)
    excluded = excluded_by(F, case.variant)
    ctx = f" — fans {fan_text(F)}; input {_brief(inp, 600)}"

    def expect(fan: str, present: bool, why: str) -> None:
        if present and fan not in F and fan not in excluded:
            raise Violation(f"{FAN[fan]['zh']} missing: {why}{ctx}")
        if not present and fan in F:
            raise Violation(f"{FAN[fan]['zh']} scored although {why}{ctx}")

    concealed = case.hand.is_concealed
    drawn = case.win_by == "self_draw"
    expect("concealed_hand", concealed and not drawn,
           "门前清 is a concealed hand won on a discard" if concealed and not drawn else
           ("the hand has a melded set" if not concealed else "the win is self-drawn"))
    expect("fully_concealed_hand", concealed and drawn,
           "不求人 is a concealed hand won by self-draw" if concealed and drawn else
           ("the hand has a melded set" if not concealed else "the win is on a discard"))
    if concealed or not drawn:
        expect("self_drawn", False, "不求人 replaces 自摸 on a concealed hand" if concealed
               else "the win is on a discard")
    else:
        expect("self_drawn", True, "an open hand won by self-draw scores 自摸")
    expect("last_tile_draw", case.last_tile and drawn, "妙手回春 = last tile, self-drawn")
    expect("last_tile_claim", case.last_tile and not drawn, "海底捞月 = last tile, on a discard")
    expect("out_with_replacement_tile", case.kong_replacement, "杠上开花 follows kong_replacement")
    expect("robbing_the_kong", case.robbing_kong, "抢杠和 follows robbing_kong")
    shown = exposed_copies(case.hand, case.win_tile) == 3
    expect("last_of_kind", case.last_of_kind or shown,
           "和绝张 follows last_of_kind, or the winner's own melds showing the other three copies (R-006)"
           if case.last_of_kind or shown else
           "last_of_kind is false and the winner's melds do not show the other three copies (R-006)")
    if "melded_hand" in F:
        interp = interpretation_of(r)
        _require(not drawn and all(m.exposed for m in case.hand.melds) and len(case.hand.melds) == 5
                 and (interp is None or interp.get("win_in") == "pair"),
                 f"全求人 needs five melded sets and a discard on the pair (seed000 §三 全求人, R-004){ctx}")

    chows = exposable_chows(case)
    if not chows:
        return True
    opened = expose(case, chows[ex["pick"] % len(chows)])
    assert is_legal_case(opened), opened
    r2 = score_ok(scorer, opened.to_input(), "the hand with a chow melded")
    F2 = fan_counts(r2)
    ctx2 = f" — after melding a chow: fans {fan_text(F2)}; input {_brief(opened.to_input(), 600)}"
    for fan in ("concealed_hand", "fully_concealed_hand"):
        _require(fan not in F2, f"{FAN[fan]['zh']} scored on a hand with a melded chow{ctx2}")
    best_before = max(rd.concealed_pungs(case.win_tile, case.win_by)
                      for rd in readings(case.hand, case.win_tile))
    level = max([CONCEALED_PUNG_LEVEL[f] for f in F2 if f in CONCEALED_PUNG_LEVEL] or [0])
    _require(level <= best_before,
             f"melding a chow raised the concealed-pung fans to {level} although no reading of the "
             f"concealed hand has more than {best_before} concealed pung(s){ctx2}")
    interp = interpretation_of(r2)
    if interp is None:
        return False
    shown = sum(1 for g in interp_sets(interp) if g.kind in ("pung", "kong") and g.concealed)
    _require(shown <= best_before,
             f"the reading shows {shown} concealed pungs after melding a chow; at most {best_before} "
             f"before{ctx2}")
    return True


# --------------------------------------------------------------------------------------
# 10. Waits


def wait_fan_for(interp: dict, win_tile: str) -> str | None:
    """The unique-wait fan the reading's placement of the winning tile gives (R-010)."""
    win_in = interp.get("win_in", "")
    if win_in == "pair":
        return "single_wait"
    g = win_group(interp)
    if g is None or g.kind != "chow" or g.exposed:
        return None
    position = g.tiles.index(win_tile)
    if position == 1:
        return "closed_wait"
    if (position == 2 and rank(g.tiles[0]) == 1) or (position == 0 and rank(g.tiles[0]) == 7):
        return "edge_wait"
    return None


@register(10, "waits", "The waits are the formal wait set (computed independently) and hold the "
          "winning tile; a wait fan only with a single wait, at most one, and the one the "
          "reading's placement of the winning tile gives",
          "seed000 §二.7; xinbian 第六章 6, 第七章 77–79; R-005, R-010",
          lambda: S.cases(), weight=1.5)
def waits(scorer, case) -> bool:
    inp = case.to_input()
    r = score_ok(scorer, inp, "the hand")
    F = fan_counts(r)
    ctx = f" — fans {fan_text(F)}, waits {r.get('waits')}; input {_brief(inp, 600)}"
    present = [f for f in WAIT_FANS if f in F]
    _require(len(present) <= 1, f"more than one wait fan: {fan_text(Counter(present))}{ctx}")
    if "waits" not in r:
        return False
    w = r["waits"]
    _require(isinstance(w, list) and case.win_tile in w, f"the winning tile {case.win_tile} is not in the waits{ctx}")
    mine = formal_waits(case.hand, case.win_tile)
    _require(sorted_tiles(w) == mine, f"the formal wait set is {mine}{ctx}")
    if present:
        _require(len(w) == 1, f"{FAN[present[0]]['zh']} with {len(w)} waiting tile types (seed000 §二.7){ctx}")
    interp = interpretation_of(r)
    if interp is None:
        return False
    due = wait_fan_for(interp, case.win_tile) if len(w) == 1 else None
    if due in excluded_by(F, case.variant):
        due = None
    if present and present[0] != due:
        raise Violation(f"{FAN[present[0]]['zh']} does not match where the reading places the winning "
                        f"tile (win_in {interp.get('win_in')}){ctx}")
    if due and not present:
        raise Violation(f"single wait and the reading places the winning tile for "
                        f"{FAN[due]['zh']}, which is missing{ctx}")
    return True


# --------------------------------------------------------------------------------------
# 11. Robustness


def check_error_or_result(value: Any, case_input: Any) -> None:
    if not isinstance(value, dict):
        raise Violation(f"answered {_brief(value)} (not a result object) to {_brief(case_input)}")
    try:
        json.dumps(value, ensure_ascii=False, allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise Violation(f"the answer is not JSON ({exc}) for {_brief(case_input)}") from None
    if value.get("ok") is True:
        for key, kind in (("fans", list), ("fan_points", int), ("total", int), ("meets_minimum", bool)):
            if not isinstance(value.get(key), kind):
                raise Violation(f"an ok result without a valid {key!r}: {_brief(value)} for {_brief(case_input)}")
        return
    if value.get("ok") is not False:
        raise Violation(f"answered {_brief(value)}: neither an ok result nor an error")
    error = value.get("error")
    if not isinstance(error, dict) or error.get("code") not in ERROR_CODES:
        raise Violation(f"error {_brief(error)} is not one of the documented codes "
                        f"(docs/contract.md) — input {_brief(case_input)}")
    if not isinstance(error.get("message"), str) or not error["message"]:
        raise Violation(f"error {error.get('code')} without a message — input {_brief(case_input)}")


@register(11, "robustness", "Any text or JSON input yields a result or a documented error code — "
          "never an exception",
          "docs/contract.md (Errors: the set of codes is closed)",
          S.hostile_inputs, weight=0.25)
def robustness(scorer, value) -> bool:
    check_error_or_result(call(scorer, copy.deepcopy(value)), value)
    return True


# --------------------------------------------------------------------------------------
# 12. Determinism


@register(12, "determinism", "The same input scored again at once, and again after another "
          "input, gives byte-identical JSON, and the input is not modified",
          "docs/contract.md (a result is a function of the input)",
          lambda: st.fixed_dictionaries({"first": st.one_of(S.legal_inputs(), S.hostile_inputs()),
                                         "between": S.legal_inputs()}), weight=0.5)
def determinism(scorer, ex) -> bool:
    first = ex["first"]
    pristine = copy.deepcopy(first)
    answers = [call(scorer, first)]
    if first != pristine:
        raise Violation(f"the scorer modified its input: {_brief(pristine)} → {_brief(first)}")
    answers.append(call(scorer, copy.deepcopy(pristine)))
    call(scorer, copy.deepcopy(ex["between"]))
    answers.append(call(scorer, copy.deepcopy(pristine)))
    texts = [json.dumps(x, ensure_ascii=False, default=repr) for x in answers]
    for when, text in zip(("scored again at once", "scored again after another input"), texts[1:]):
        if text != texts[0]:
            raise Violation(f"two answers to {_brief(pristine)} ({when}): {texts[0][:400]} vs {text[:400]}")
    return True



# --------------------------------------------------------------------------------------
# 13. Definition consistency


def reported_reading(case: Case, interp: dict) -> tuple[Reading, dict[int, int]]:
    """The reading of the independent model (gb16.properties.hands) that ``interp`` names,
    and the map from the interpretation's set indices to that reading's."""
    mine = {r.key(): r for r in readings(case.hand, case.win_tile)}
    try:
        key = interp_key(interp)
        sets = interp_sets(interp)
    except (KeyError, IndexError, ValueError, TypeError, NotationError) as exc:
        raise Violation(f"the interpretation cannot be read ({exc}): {_brief(interp)}") from None
    if key not in mine:
        raise Violation(f"the interpretation is not a legal reading of the hand: {_brief(interp, 600)}")
    reading = mine[key]
    index: dict[int, int] = {}
    for i, g in enumerate(sets):
        for j, h in enumerate(reading.sets):
            if j not in index.values() and (h.kind, tuple(h.tiles), h.exposed) == (g.kind, g.tiles, g.exposed):
                index[i] = j
                break
    return reading, index


def _uses(fan: str, holds: dict, reported_big: tuple | None) -> set[int]:
    """The sets a reported fan is made of (for exclusions of "these sets")."""
    if reported_big is not None and fan == reported_big[0]:
        return set(reported_big[1])
    return set().union(*holds.get(fan, [()]))


def expected_occurrences(fan: str, holds: dict, reported: Counter, reported_big=None) -> int:
    """How many times a repeatable fan must count beside the reported fans: its occurrences
    on the reading, none when a reported fan excludes it for the whole hand, fewer by those
    sharing a set with a reported fan that excludes it for its sets (xinbian 第六章 4; seed000
    §二.8, §三 幺九刻 "按未被大番、风刻或箭刻排除的每副幺九刻计"; R-009)."""
    occ = list(holds.get(fan, ()))
    for other in sorted(reported, key=TABLE_ORDER.get):
        for e in D.exclusions_of(other):
            if e["fan"] != fan:
                continue
            if e["scope"] == "whole":
                return 0
            if e["scope"] == "one":
                occ = occ[1:]
            else:
                used = _uses(other, holds, reported_big)
                occ = [o for o in occ if not used.intersection(o)]
    return len(occ)


def _explained_absence(fan: str, holds: dict, reported: Counter, reported_big) -> str | None:
    """Why a fan that holds may be missing from the reported fans, or None."""
    if fan in D.BIG_COMBINATION:
        return "at most one big combination counts (seed000 §二.5; property 14 judges the choice)"
    if fan in D.CHOW_PAIR_FANS:
        return "chow-pair fans are limited by seed000 §二.6 (property 14 counts them)"
    return _excluded_by_reported(fan, holds, reported, reported_big)


def _excluded_by_reported(fan: str, holds: dict, reported: Counter, reported_big) -> str | None:
    """Which reported fans exclude ``fan`` (for the whole hand, or for sets that every
    occurrence of it uses), or None."""
    covered: set[int] = set()
    excluders: list[str] = []
    for other in reported:
        for e in D.exclusions_of(other):
            if e["fan"] != fan:
                continue
            if e["scope"] in ("whole", "one"):
                return f"{FAN[other]['zh']} excludes it"
            covered |= _uses(other, holds, reported_big)
            excluders.append(FAN[other]["zh"])
    if covered and all(covered.intersection(o) for o in holds[fan]):
        return f"{'、'.join(excluders)} exclude(s) it for their sets"
    return None


def definition_problems(f: "D.Facts", reported: Counter, reported_big: tuple | None = None) -> list[str]:
    """What is wrong with ``reported`` (fan → count, without 花牌) for the reading ``f``.

    * every reported fan holds by its definition (gb16.properties.definitions);
    * every fan that holds is reported, or excluded by a reported fan (gb16.properties.rulebook; a
      fan excluded for "these sets" only when each of its occurrences uses one of them), or
      limited by the combination rules (seed000 §二.5–6: the big combinations and the
      chow-pair fans, whose choice and number property 14 judges);
    * a fan that is not repeatable counts once; 四归一, 双同刻 and 幺九刻 count their
      occurrences left by the reported exclusions (seed000 §二.8);
    * 无番和 is reported exactly when no fan holds (seed000 §三 无番和; R-012).
    """
    holds = D.holding(f)
    problems = []
    big = [x for x in reported if x in D.BIG_COMBINATION]
    if reported_big is None and big:
        reported_big = (big[0], next(iter(holds.get(big[0], [()]))))
    for fan, n in sorted(reported.items(), key=lambda kv: TABLE_ORDER.get(kv[0], 999)):
        if fan == "chicken_hand" or fan not in D.DEFINITIONS:
            continue
        if fan not in holds:
            problems.append(f"{FAN[fan]['zh']} is reported but its definition does not hold "
                            f"({D.DEFINITIONS[fan].clause})")
        elif fan in D.CHOW_PAIR_FANS and n > len(holds[fan]):
            problems.append(f"{FAN[fan]['zh']} ×{n} but only {len(holds[fan])} pair(s) of chows form it")
        if not FAN[fan]["repeatable"] and n != 1:
            problems.append(f"{FAN[fan]['zh']} counts {n} times; it is not repeatable (seed000 §二.8)")
    for fan in sorted(reported, key=lambda x: TABLE_ORDER.get(x, 999)):
        if fan in holds and not FAN[fan]["repeatable"]:
            why = _excluded_by_reported(fan, holds, reported, reported_big)
            if why:
                problems.append(f"{FAN[fan]['zh']} is reported although {why} (xinbian 第六章 4, gb16.properties.rulebook)")
    if reported_big is not None and big and (reported_big[0] != big[0]
                                             or reported_big[1] not in holds.get(big[0], ())):
        problems.append(f"the big combination {FAN[big[0]]['zh']} is named on sets {list(reported_big[1])} "
                        f"of the reading, which do not form it")
    for fan, occ in sorted(holds.items(), key=lambda kv: TABLE_ORDER[kv[0]]):
        if fan in reported:
            continue
        if _explained_absence(fan, holds, reported, reported_big) is None:
            problems.append(f"{FAN[fan]['zh']} holds ({D.DEFINITIONS[fan].clause}) but is neither "
                            f"reported nor excluded by a reported fan")
    for fan in ("tile_hog", "double_pung", "pung_of_terminals_or_honors"):
        want = expected_occurrences(fan, holds, reported, reported_big)
        if reported.get(fan, 0) != want and (fan in reported or want):
            problems.append(f"{FAN[fan]['zh']} ×{reported.get(fan, 0)}, but the reading has {want} "
                            f"occurrence(s) no reported fan excludes ({D.DEFINITIONS[fan].clause})")
    if "chicken_hand" in reported and holds:
        problems.append(f"无番和 is reported although {fan_text(Counter({k: len(v) for k, v in holds.items()}))} "
                        f"hold (seed000 §三 无番和: 除花牌外没有任何成立番种时)")
    if not holds and "chicken_hand" not in reported:
        problems.append("no fan holds on the reading, so it scores 无番和 (seed000 §三, R-012), which is missing")
    return problems


def concealment_problems(f: "D.Facts", interp: dict, index: dict[int, int]) -> list[str]:
    """The interpretation's ``concealed`` flags against xinbian 第三章 16–19 and seed000 §二.3
    (a set completed by a discarded winning tile is 明顺 / 明刻).  Identical sets are
    interchangeable, so the flags are compared as a multiset per kind of set."""
    if not all(isinstance(s, dict) and "concealed" in s for s in interp.get("sets", [])):
        return []
    def want(g: "D.SetFact") -> bool:
        return g.concealed and not (g.is_chow and g.holds_win and not f.self_drawn)
    theirs: dict[tuple, list[bool]] = {}
    mine: dict[tuple, list[bool]] = {}
    for i, s in enumerate(interp["sets"]):
        g = f.sets[index[i]]
        key = (g.kind, g.tiles, g.melded)
        theirs.setdefault(key, []).append(bool(s["concealed"]))
        mine.setdefault(key, []).append(want(g))
    return [f"the sets {compact(key[1])} are reported concealed {sorted(theirs[key])}, but xinbian 第三章 16–19 "
            f"and seed000 §二.3 make them {sorted(mine[key])}"
            for key in theirs if sorted(theirs[key]) != sorted(mine[key])]


def _reported_big(interp: dict, index: dict[int, int]) -> tuple | None:
    bc = interp.get("big_combination")
    if isinstance(bc, dict) and bc.get("fan") and bc.get("sets") is not None:
        try:
            return bc["fan"], tuple(sorted(index[i] for i in bc["sets"]))
        except (KeyError, TypeError):
            raise Violation(f"big_combination {bc} names sets the interpretation does not have") from None
    return None


#: Every profile, with more weight on the hands whose fans sit near a definition's edge: few
#: fans (无番和 beside flowers or 自摸), terminals (全带幺 and its pair), 组合龙 (the fans that
#: need five sets), pungs and kongs (exact counts of 暗刻 and 杠), honours.
DEFINITION_PROFILES = S.PROFILES + ("plain", "plain", "plain", "terminals", "knitted", "knitted",
                                    "pungs", "kongs", "honours")


@register(13, "definition_consistency", "On the reported reading every fan reported holds by its "
          "definition, and every fan whose definition holds is reported, excluded by a reported fan or "
          "limited by the combination rules; 四归一/双同刻/幺九刻 count their occurrences; 无番和 exactly "
          "when nothing holds (definitions modelled independently)",
          "xinbian 第七章 1–82, 第三章 16–19; seed000 §二.2–8, §三; gb16.properties.rulebook; R-004–R-006, "
          "R-009, R-012, R-013, R-016", lambda: S.cases(DEFINITION_PROFILES), weight=0.5)
def definition_consistency(scorer, case) -> bool:
    inp = case.to_input()
    result = score_ok(scorer, inp, "the hand")
    reported = fans_only(fan_counts(result))
    interp = interpretation_of(result)
    ctx = f" — fans {fan_text(reported)}; input {_brief(inp, 600)}"
    if interp is None:
        # no reading reported: the fans must at least be those of some reading
        best = None
        for r in readings(case.hand, case.win_tile):
            problems = definition_problems(D.facts_of(case, r), reported)
            if not problems:
                return False
            best = problems if best is None or len(problems) < len(best) else best
        raise Violation(f"no reading of the hand gives these fans; the closest: {'; '.join(best or [])}{ctx}")
    reading, index = reported_reading(case, interp)
    f = D.facts_of(case, reading)
    problems = (definition_problems(f, reported, _reported_big(interp, index))
                + concealment_problems(f, interp, index))
    if problems:
        raise Violation("; ".join(problems) + f" — reading {describe_reading(reading)}{ctx}")
    return True


def describe_reading(reading: Reading) -> str:
    parts = []
    if reading.knitted:
        parts.append("<" + compact(reading.knitted) + ">")
    for g in reading.sets:
        body = compact(g.tiles)
        parts.append(f"{{{body}}}" if g.concealed_kong else f"[{body}]" if g.exposed else body)
    parts.append(compact((reading.pair, reading.pair)))
    where = reading.win_in if reading.win_group is None else "set " + compact(reading.win_group.tiles)
    return " ".join(parts) + f" (winning tile in {where})"


# --------------------------------------------------------------------------------------
# 14. The best big combination and the exact number of chow-pair links


#: The hands with several candidate big combinations: five chows on which two different big
#: combinations tie for the most points (strategies.tied_big_combination_chows), five chows
#: (one suit or any), the chow and pung families, one suit.
COMBINATION_PROFILES = ("contested", "contested", "chows", "chows", "chow_family", "chow_family",
                        "chow_family", "pung_family", "one_suit")


@register(14, "best_big_combination", "On the reported reading the chow-pair fans number exactly "
          "the links §二.6 allows beside the reported big combination (nodes − components), and no "
          "other choice of big combination (or none) on that reading scores more (independent search)",
          "seed000 §二.5 (选择总分最高的组合), §二.6; xinbian 第六章 5; R-001, R-002",
          lambda: S.cases(COMBINATION_PROFILES))
def best_big_combination(scorer, case) -> bool:
    inp = case.to_input()
    result = score_ok(scorer, inp, "the hand")
    reported = fans_only(fan_counts(result))
    interp = interpretation_of(result)
    if interp is None:
        return False
    reading, index = reported_reading(case, interp)
    f = D.facts_of(case, reading)
    holds = D.holding(f)
    ctx = f" — fans {fan_text(reported)}; reading {describe_reading(reading)}; input {_brief(inp, 600)}"
    big = [x for x in reported if x in D.BIG_COMBINATION]
    if len(big) > 1:
        raise Violation(f"more than one big combination: {fan_text(Counter(big))} (seed000 §二.5){ctx}")
    # "至多取一个": one candidate, or none at all
    choices = [c for c in D.big_choices(holds) if c is not None] + [None]
    named = _reported_big(interp, index) if "big_combination" in interp else None
    if big:
        options = [c for c in choices if c is not None and c[0] == big[0]
                   and (named is None or c == named)]
        if not options:
            raise Violation(f"{FAN[big[0]]['zh']} is reported but does not hold on the reading's sets{ctx}")
    else:
        options = [None]
    value = {c: D.points(D.counted(f, holds, c)) for c in choices}
    chosen = max(options, key=value.get)
    links = sum(reported.get(x, 0) for x in D.CHOW_PAIR_FANS)
    allowed = D.chow_link_count(f, chosen)
    if links != allowed:
        raise Violation(f"{links} chow-pair fan(s) beside {_choice_text(chosen)}; seed000 §二.6 counts "
                        f"exactly {allowed} (R-001: nodes − connected components){ctx}")
    best = max(choices, key=value.get)
    if value[best] > value[chosen]:
        raise Violation(f"{_choice_text(chosen)} scores {value[chosen]} on this reading, but "
                        f"{_choice_text(best)} scores {value[best]} (seed000 §二.5: 选择总分最高的组合){ctx}")
    return True


def _choice_text(choice) -> str:
    if choice is None:
        return "no big combination"
    return f"{FAN[choice[0]]['zh']} on sets {list(choice[1])}"


# --------------------------------------------------------------------------------------
# 15. Errors match their cause


@register(15, "error_causes", "An input broken in exactly one known way (a fifth copy, a tile that "
          "does not exist, inconsistent flags, an unknown field, a 14-tile 七对 in gb16, 17 tiles of "
          "no shape, …) gets the error code docs/contract.md gives for that cause",
          "docs/contract.md (Errors); seed000 §二.1, §二.7, §四.7; R-006, R-014",
          S.broken_inputs, weight=0.5)
def error_causes(scorer, ex) -> bool:
    result = call(scorer, copy.deepcopy(ex["input"]))
    check_error_or_result(result, ex["input"])
    if result.get("ok") is not False:
        raise Violation(f"{ex['cause']}: expected the error {ex['expect']}, got an ok result "
                        f"{_brief({k: result.get(k) for k in ('fans', 'total')})} — input {_brief(ex['input'], 600)}")
    code = result["error"]["code"]
    if code != ex["expect"]:
        raise Violation(f"{ex['cause']}: expected the error {ex['expect']}, got {code} "
                        f"({_brief(result['error'].get('message'), 200)}) — input {_brief(ex['input'], 600)}")
    return True


PROPERTIES.sort(key=lambda p: p.number)
BY_NAME: dict[str, Property] = {p.name: p for p in PROPERTIES}
