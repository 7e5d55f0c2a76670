"""Property 4. Exclusion consistency and a well-formed fan list."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from gb16.properties import rulebook, strategies as S
from gb16.properties.hands import is_terminal_or_honour
from gb16.properties.invariants.base import (
    FAN, ISet, REPEATABLE, TABLE_ORDER, Violation, _brief, excluded_by, fan_counts, fan_text, fans_only,
    interp_sets, interpretation_of, register, score_ok, whole_exclusions,
)

# --------------------------------------------------------------------------------------
# 4. Exclusion consistency and a well-formed fan list


def dragon_and_wind_pungs(sets: list[ISet]) -> tuple[list[ISet], list[ISet]]:
    winds = [g for g in sets if g.kind in ("pung", "kong") and g.tiles[0] in ("1z", "2z", "3z", "4z")]
    dragons = [g for g in sets if g.kind in ("pung", "kong") and g.tiles[0] in ("5z", "6z", "7z")]
    return winds, dragons


def expected_terminal_pungs(counts: Counter, interp: dict, case_input: dict, variant: str) -> int:
    """幺九刻 count: the terminal/honour pungs of the reading not excluded per set by a
    wind or dragon fan, none when a fan excludes it for the whole hand, one fewer beside a
    fan that 减计 1 个幺九刻 (九莲宝灯, xinbian 第七章 4: 减计 1 个幺九刻).

    seed000 §三 幺九刻 "按未被大番、风刻或箭刻排除的每副幺九刻计；圈风与门风相同也只排除同一副";
    seed000 §二.8; docs/rulings.md R-009 (whole-hand exclusions).
    """
    if "pung_of_terminals_or_honors" in excluded_by(counts, variant):
        return 0
    sets = interp_sets(interp)
    candidates = [g for g in sets if g.kind in ("pung", "kong") and is_terminal_or_honour(g.tiles[0])]
    winds, dragons = dragon_and_wind_pungs(sets)
    removed: set[int] = set()
    # the fans whose 不计幺九刻 acts on their own pungs (scope "sets", gb16.properties.rulebook)
    per_set = {f for f in counts if f in rulebook.FAN and any(
        e["fan"] == "pung_of_terminals_or_honors" and e["scope"] == "sets" for e in rulebook.exclusions_of(f, variant))}
    if per_set & {"big_four_winds", "big_three_winds", "little_four_winds"}:
        removed |= {id(g) for g in winds}
    if per_set & {"big_three_dragons", "little_three_dragons", "two_dragon_pungs", "dragon_pung"}:
        removed |= {id(g) for g in dragons}
    wind_tile = {w: f"{k + 1}z" for k, w in enumerate("ESWN")}
    for fan, field_name in (("prevalent_wind", "prevalent_wind"), ("seat_wind", "seat_wind")):
        if fan in per_set:
            tile = wind_tile.get(case_input.get(field_name))  # unstated: no wind
            removed |= {id(g) for g in winds if g.tiles[0] == tile}
    # "减计 1 个幺九刻" (九莲宝灯, xinbian 第七章 4; scope "one"): one fewer, never below none
    fewer = sum(1 for f in counts if f in rulebook.FAN and any(
        e["fan"] == "pung_of_terminals_or_honors" and e["scope"] == "one" for e in rulebook.exclusions_of(f, variant)))
    return max(0, sum(1 for g in candidates if id(g) not in removed) - fewer)


#: the default profiles and the hands where a 不计 acts on sets (大三元, 大四喜 — beside a numbered
#: terminal pung too, R-009 —, 三风刻) or nothing holds (无番和), and 一色四节高 with a fifth pung
#: (its 不计碰碰和, xinbian 第七章 15)
EXCLUSION_PROFILES = S.PROFILES + ("plain", "plain", "plain", "target:big_four_winds", "target:big_three_dragons",
                                  "target:big_three_winds", "target:big_three_dragons", "honours",
                                  "target:big_four_winds_terminal_pung", "target:big_four_winds_terminal_pung",
                                  "target:four_shifted_pungs_all_pungs", "target:four_shifted_pungs_all_pungs")

#: the hands where one entry of the fan table is all that decides (drawn for half the examples):
#: 三色三节高 formed twice (it counts once, seed000 §二.8), 一色四同顺 beside the other terminal
#: chow of its suit (老少副 excluded, xinbian 第六章 5), 三风刻 or 小四喜 beside a numbered terminal
#: pung (their 不计幺九刻 is per set, 第七章 38, 9), 清一色 of pungs with a 1/9 pung (only it excludes 无字),
#: two concealed kongs beside chows (only 双暗杠 excludes 双暗刻, 第七章 53)
ENTRY_PROFILES = ("target:mixed_shifted_pungs_twice", "target:quadruple_chow_terminal_pair",
                  "target:big_three_winds_terminal_pung", "target:little_four_winds_terminal_pung",
                  "target:full_flush_terminal_pung", "target:two_concealed_kongs")


@register(4, "exclusion_consistency", "No fan beside a fan that excludes it for the whole hand; "
          "non-repeatable fans count once, only §二.8's fans repeat; 幺九刻 counts the pungs no "
          "wind/dragon fan excludes; 无番和 stands alone",
          "seed000 §二.8; xinbian 第六章 4; gb16.properties.rulebook; seed000 §三 幺九刻, 无番和; R-009, R-012",
          lambda: st.one_of(S.cases(EXCLUSION_PROFILES), S.cases(ENTRY_PROFILES)))
def exclusion_consistency(scorer, case) -> bool:
    return judge_exclusions(case, score_ok(scorer, case.to_input(), "the hand"))


def judge_exclusions(case, result: dict) -> bool:
    """Property 4's judgement of one ok result for ``case`` (property 16 judges gb13 hands with it)."""
    inp = case.to_input()
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


