"""Property 5. No mixing across interpretations."""

from __future__ import annotations

from collections import Counter

from gb16.properties import best as own, strategies as S
from gb16.properties.hands import Case, NotationError, is_honour, parse_tiles, readings
from gb16.properties.invariants.p13_definition_consistency import describe_reading
from gb16.properties.invariants.base import (
    Violation, _brief, call, fan_counts, fan_text, interp_key, interp_sets, interpretation_of, register,
    score_ok,
)

# --------------------------------------------------------------------------------------
# 5. No mixing across interpretations


def _structural_reading_check(case: Case, result: dict, interp: dict) -> None:
    """The reported interpretation is a legal reading of this very hand (checked with the
    independent decomposer) and the reading-dependent fans agree with it."""
    mine = {r.key(): r for r in readings(case.hand, case.win_tile, case.variant)}
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
    # 组合龙 is the shape's own fan; in gb13 全不靠 holding all nine knitted tiles has it too
    # (xinbian 第七章 34 牌例 全不靠、组合龙), which property 17 judges
    if interp["shape"] != "honours_knitted" and ("knitted_straight" in counts) != (interp["shape"] == "knitted"):
        raise Violation("组合龙 and the reading's shape disagree (the fans mix readings)")


@register(5, "no_mixing", "The fan points are those of the best single interpretation by the properties' "
          "own enumeration (readings × big combinations × links), the fans are those of the reported "
          "interpretation scored alone, and explain() lists exactly the legal readings",
          "seed000 §二 (取一个合法解释的最高总分。不得将不同解释的番种拼在一起); xinbian 第六章 2",
          lambda: S.cases(), weight=2.0, needs=("explain", "score_interpretation"))
def no_mixing(scorer, case) -> bool:
    inp = case.to_input()
    result = score_ok(scorer, inp, "the hand")
    # seed000 §二: the highest total of one legal interpretation — by the properties' own
    # enumeration of readings × big combinations × links (gb16.properties.best), not the scorer's
    found = own.interpretations(case)
    if found and result.get("fan_points") != found[0].points:
        top = found[0]
        more = result.get("fan_points") is not None and result["fan_points"] > top.points
        raise Violation(
            f"fan_points {result.get('fan_points')} but the best interpretation by the definitions scores "
            f"{top.points}: {fan_text(top.fans)} on the reading {describe_reading(top.reading)}"
            + (" — the result scores more than any single interpretation (fans mixed across readings?)" if more
               else " — a better interpretation was missed")
            + f"; the result's fans {fan_text(fan_counts(result))}; input {_brief(inp, 600)}")
    interp = interpretation_of(result)
    if interp is None:
        return bool(found)   # the highest total is judged; the rest needs an interpretation
    _structural_reading_check(case, result, interp)
    # the reading API, where the scorer has one: its interpretations scored alone and listed
    # completely (consistency of the scorer's own answers; the judgement above does not need it)
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
        mine = {r.key() for r in readings(case.hand, case.win_tile, case.variant)}
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
    return complete


