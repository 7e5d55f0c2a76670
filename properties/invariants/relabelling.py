"""Relabelling a hand (suits, winds and dragons, number reflection) and what the fans
that depend on a suit or a tile become: shared by properties 1–3."""

from __future__ import annotations

from collections import Counter
from typing import Callable

from gb16.properties.hands import (
    Case, GREEN_TILES, REVERSIBLE_TILES, is_honour, relabel_case, sorted_tiles, suit,
)
from gb16.properties.invariants.base import (
    Violation, _brief, excluded_by, fan_counts, fan_text, fans_only, score_ok, table_points,
    whole_exclusions,
)

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


