"""Property 10. Waits."""

from __future__ import annotations

from collections import Counter

from gb16.properties import best as own, strategies as S
from gb16.properties.hands import formal_waits, rank, sorted_tiles
from gb16.properties.invariants.base import (
    FAN, Violation, WAIT_FANS, _brief, excluded_by, fan_counts, fan_text, interpretation_of, register,
    score_ok, win_group,
)
from gb16.properties.invariants.p09_win_method import _require

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


#: the default profiles and chows kept standing to be won on their edge or middle tile
WAIT_PROFILES = S.PROFILES + ("target:edge_wait", "target:closed_wait", "target:edge_wait", "target:closed_wait",
                              "target:edge_wait")


@register(10, "waits", "The waits are the formal wait set (computed independently) and hold the "
          "winning tile; a wait fan only with a single wait, at most one, the one the reading's "
          "placement of the winning tile gives, and that of a best placement by the properties' own "
          "enumeration",
          "seed000 §二.7; xinbian 第六章 6, 第七章 77–79; R-005, R-010",
          lambda: S.cases(WAIT_PROFILES), weight=1.5)
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
    mine = formal_waits(case.hand, case.win_tile, case.variant)
    _require(sorted_tiles(w) == mine, f"the formal wait set is {mine}{ctx}")
    if present:
        _require(len(w) == 1, f"{FAN[present[0]]['zh']} with {len(w)} waiting tile types (seed000 §二.7){ctx}")
    # the best placement of the winning tile by the properties' own enumeration
    # (gb16.properties.best): the wait fan reported must be that of a best interpretation
    found = own.interpretations(case)
    if found:
        top = found[0].points
        best_waits = {next((x for x in WAIT_FANS if s.fans.get(x)), None) for s in found if s.points == top}
        got = present[0] if present else None
        if got not in best_waits:
            shown = "、".join(FAN[x]["zh"] if x else "no wait fan" for x in sorted(best_waits, key=str))
            raise Violation(f"the best interpretation(s) by the definitions ({top} points) place the winning tile "
                            f"for {shown}, the result has {FAN[got]['zh'] if got else 'no wait fan'} "
                            f"(fan_points {r.get('fan_points')}){ctx}")
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


