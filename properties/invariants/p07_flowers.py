"""Property 7. Flowers."""

from __future__ import annotations

from hypothesis import strategies as st

from gb16.properties import strategies as S
from gb16.properties.hands import Case
from gb16.properties.invariants.base import (
    Violation, _brief, fan_counts, fan_text, fans_only, register, score_ok, table_points,
)

# --------------------------------------------------------------------------------------
# 7. Flowers


@register(7, "flowers", "Each flower adds exactly 1 to the total and nothing to fan_points or "
          "meets_minimum; totals add up",
          "seed000 §三 花牌; seed000 §四.4; docs/contract.md (Result); R-017",
          # half the hands from the low-fan family: meets_minimum is only at stake below 8
          # fan points, which the rich families rarely reach (properties/reach.py claims it)
          lambda: st.fixed_dictionaries({"case": st.one_of(S.cases(), S.cases(profiles=("plain",))),
                                         "other_flowers": st.integers(0, 8)}))
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


