"""Mutants of the winning shapes (seed000 §二.1–2, §三 组合龙)."""

from __future__ import annotations

import gb16.reference as reference
from typing import Iterable

from gb16.reference import hand as hand_module, readings as readings_module, shapes, tiles as T
from gb16.reference.groups import Group
from gb16.reference.hand import Hand
from gb16.tools.mutants.machinery import Mutation, _REF, _error_code, attribute, mutant, predicate

# --------------------------------------------------------------------------- shapes

@mutant("seed000 §二.1")
def seven_pairs_in_gb16():
    """A 14-tile 七对 is accepted as a win in gb16 (scored as in gb13) instead of wrong_tile_count.

    seed000 §二.1: 七对 and the other fixed 14-tile shapes do not apply; §四.7: a 13-tile
    seven-pairs hand cannot win early in the 16-tile room.
    """
    def score(case_input):
        result = reference.score(case_input)
        if _error_code(result) == "wrong_tile_count" and isinstance(case_input, dict) \
                and case_input.get("variant", "gb16") == "gb16":
            as_gb13 = reference.score(dict(case_input, variant="gb13"))
            if as_gb13.get("ok") and (as_gb13.get("interpretation") or {}).get("shape") == "seven_pairs":
                return dict(as_gb13, variant="gb16")
        return result
    return Mutation(score=score)


@mutant("seed000 §二")
def drop_fifth_set():
    """The fifth set may be dropped: a 14-tile sub-hand (one set left out) is scored as gb13 when it pays more.

    seed000 §二: "不得丢掉第五面子后按十四张计分" — the whole 17-tile hand is scored.
    """
    def score(case_input):
        result = reference.score(case_input)
        if not result.get("ok") or result.get("variant") != "gb16":
            return result
        hand = hand_module.hand_from_input(case_input)
        best = result
        for text in _fourteen_tile_hands(hand):
            sub = reference.score(_input_like(hand, text, "gb13"))
            if sub.get("ok") and sub["total"] > best["total"]:
                best = dict(sub, variant="gb16", waits=result["waits"])
        return best
    return Mutation(score=score)


def _fourteen_tile_hands(hand: Hand) -> Iterable[str]:
    """The hand strings left when one set not holding the winning tile is removed."""
    seen = set()
    for reading in readings_module.readings(hand):
        if not reading.is_standard:
            continue
        for k, group in enumerate(reading.sets):
            if reading.win_in == f"set {k}":
                continue
            rest = [g for j, g in enumerate(reading.sets) if j != k] + [reading.pair]
            text = " ".join(_written(g) for g in rest)
            if text not in seen:
                seen.add(text)
                yield text


def _written(group: Group) -> str:
    text = T.names(group.tiles)
    if group.exposed:
        return f"[{text}]"
    if group.is_kong:
        return "{" + text + "}"
    return text


_WIND_LETTER = {v: k for k, v in T.WIND_LETTERS.items()}


def _input_like(hand: Hand, text: str, variant: str) -> dict:
    winds = {k: _WIND_LETTER[w] for k, w in (("prevalent_wind", hand.prevalent_wind), ("seat_wind", hand.seat_wind))
             if w is not None}  # a wind left out stays left out (docs/rulings.md R-020)
    return {"variant": variant, "hand": text, "win_tile": T.name(hand.win_tile),
            "win_by": "self_draw" if hand.self_draw else "discard", **winds,
            "flowers": hand.flowers, "last_of_kind": hand.last_of_kind, "last_tile": hand.last_tile,
            "kong_replacement": hand.kong_replacement, "robbing_kong": hand.robbing_kong}


@mutant("seed000 §三 组合龙")
def knitted_with_one_meld_only():
    """A 组合龙 hand may have at most one exposed set (the 13-tile limit), not two.

    seed000 §三 组合龙: "另有两副普通面子及一对将；最多两副已副露面子".
    """
    def readings(hand):
        found = _REF["readings"](hand)
        if len(hand.melds) >= 2:
            found = [r for r in found if r.knitted is None]
        return found

    def is_winning(variant, melds, standing, *rest, **options):
        if len(melds) >= 2:
            return shapes.is_standard(standing)
        return _REF["is_winning"](variant, melds, standing, *rest, **options)

    def knitted_waits(variant, melds, before):
        return set() if len(melds) >= 2 else _REF["knitted_waits"](variant, melds, before)
    return Mutation(patches=(attribute("gb16.reference.scoring.readings", readings),
                             attribute("gb16.reference.readings.is_winning", is_winning),
                             attribute("gb16.reference.readings.knitted_waits", knitted_waits)))


# --------------------------------------------------------------------------- gb13's fixed shapes

@mutant("xinbian 第七章 4")
def nine_gates_on_the_whole_hand():
    """九莲宝灯 is judged on the fourteen tiles (1112345678999 of one suit held, plus any tile)
    instead of on the thirteen standing before the win.

    xinbian 第七章 4: "一种花色的 1、9 各三张，2–8 各一张共十三张序数牌的立牌外加该花色任意一张序数牌".
    """
    def nine_gates(h):
        if h.melds or h.win_tile >= 27:
            return False
        base = (h.win_tile // 9) * 9
        held = h.standing
        return sum(held) == 14 and sum(held[base:base + 9]) == 14 and \
            all(held[base + k] >= n for k, n in enumerate((3, 1, 1, 1, 1, 1, 1, 1, 3)))
    return Mutation(patches=(predicate("nine_gates", nine_gates),))


@mutant("xinbian 第七章 20")
def greater_knitted_with_six_honours():
    """七星不靠 is given to a 全不靠 holding six of the seven honours.

    xinbian 第七章 20: "七种字牌各一张，外加 147/258/369 九种中任意七种各一张".
    """
    def greater(r):
        return r.shape == "honours_knitted" and sum(1 for t in T.HONOURS if r.hand.standing[t]) >= 6
    return Mutation(patches=(predicate("greater_honors_and_knitted_tiles", greater),))

