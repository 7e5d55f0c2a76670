"""Property 9. Win-method relations."""

from __future__ import annotations

from collections import Counter

from hypothesis import strategies as st

from gb16.properties import strategies as S
from gb16.properties.hands import SETS, Case, Hand, Meld, is_legal_case, readings, sorted_tiles
from gb16.properties.invariants.base import (
    CONCEALED_PUNG_LEVEL, FAN, Violation, _brief, excluded_by, fan_counts, fan_text, interp_sets,
    interpretation_of, register, score_ok,
)

# --------------------------------------------------------------------------------------
# 9. Win-method relations


def exposable_chows(case: Case) -> list[tuple[str, ...]]:
    """Standing chows of some reading whose removal leaves the winning tile standing."""
    out = set()
    for r in readings(case.hand, case.win_tile, case.variant):
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
          "no 自摸 (自摸 where the shape excludes 不求人); open ⇒ neither, self-draw ⇒ 自摸 — unless an excluding fan holds; the flags give "
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
        if present and fan in F and fan in excluded_by(F - Counter({fan: F[fan]}), case.variant):
            by = [FAN[x]["zh"] for x in F if x in FAN and fan in excluded_by([x], case.variant)]
            raise Violation(f"{FAN[fan]['zh']} scored beside {'、'.join(by)}, which excludes it "
                            f"(xinbian 第六章 3 门清原则, 4 规定原则){ctx}")
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
    # 不求人 takes 自摸's place only where it counts itself: a shape concealed by itself excludes
    # it (xinbian 第六章 3 门清原则, 例 1: 七对、推不倒、断幺、自摸), and an excluded fan excludes nothing
    replaced = concealed and "fully_concealed_hand" not in excluded
    if replaced or not drawn:
        expect("self_drawn", False, "不求人 replaces 自摸 on a concealed hand" if drawn
               else "the win is on a discard")
    else:
        expect("self_drawn", True, "an open hand won by self-draw scores 自摸" if not concealed else
               "a self-drawn shape that excludes 不求人 scores 自摸 (xinbian 第六章 3 例 1)")
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
        _require(not drawn and all(m.exposed for m in case.hand.melds)
                 and len(case.hand.melds) == SETS[case.variant]
                 and (interp is None or interp.get("win_in") == "pair"),
                 f"全求人 needs every set melded and a discard on the pair (seed000 §三 全求人, R-004; "
                 f"xinbian 第七章 52){ctx}")

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
                      for rd in readings(case.hand, case.win_tile, case.variant))
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


