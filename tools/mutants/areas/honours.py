"""Mutants of honour pungs and their 幺九刻 (seed000 §二.8, xinbian 第七章 38, 54, 59–61)."""

from __future__ import annotations

from dataclasses import replace

from gb16.reference import table, tiles as T
from gb16.tools.mutants.machinery import Mutation, _REF, attribute, fan_record, mutant, predicate, unexclude

# --------------------------------------------------------------------------- honours and pungs

@mutant("seed000 §三 幺九刻")
def terminal_pung_beside_dragon_pung():
    """The dragon pung of 箭刻 also scores 幺九刻.

    seed000 §三 幺九刻: "按未被大番、风刻或箭刻排除的每副幺九刻计"; xinbian 第七章 59.
    """
    return Mutation(patches=(unexclude("dragon_pung", "pung_of_terminals_or_honors"),))


@mutant("seed000 §三 箭刻")
def dragon_pung_beside_two_dragon_pungs():
    """箭刻 is counted whenever there is a dragon pung, also beside 双箭刻, 大三元 and 小三元.

    seed000 §三 箭刻: "只有一种箭刻时成立；双箭刻、大小三元不再拆算箭刻".
    """
    def dragon_pung(r):
        found = [(i,) for i, g in r.pungs if g.tile in T.DRAGONS]
        return found[:1]
    return Mutation(patches=(predicate("dragon_pung", dragon_pung),))


@mutant("seed000 §三 圈风刻")
def prevalent_and_seat_wind_swapped():
    """圈风刻 is judged with the seat wind and 门风刻 with the prevalent wind.

    seed000 §三 圈风刻, 门风刻; xinbian 第七章 60 (当前圈风), 61 (自家门风).
    """
    def swap(case_input):
        if isinstance(case_input, dict):  # a wind left out is no wind (docs/rulings.md R-020)
            swapped = {k: v for k, v in case_input.items() if k not in ("prevalent_wind", "seat_wind")}
            for here, there in (("prevalent_wind", "seat_wind"), ("seat_wind", "prevalent_wind")):
                if there in case_input:
                    swapped[here] = case_input[there]
            case_input = swapped
        return case_input
    return Mutation(before=swap)


@mutant("seed000 §二.8")
def wind_fans_each_remove_a_terminal_pung():
    """圈风刻 and 门风刻 each remove one 幺九刻 (减计 1 个), so one wind pung scoring both removes two.

    seed000 §二.8: "圈风与门风相同可同计两种风刻，但不会两次扣掉同一副幺九刻"; §三 幺九刻.
    """
    def one_each(fan_id):
        return fan_record(fan_id, excludes=tuple(replace(e, scope="one") if e.fan == "pung_of_terminals_or_honors"
                                                 else e for e in table.BY_ID[fan_id].excludes))
    return Mutation(patches=(one_each("prevalent_wind"), one_each("seat_wind")))


@mutant("seed000 §二.8")
def same_wind_scored_once():
    """When the prevalent and the seat wind are the same, its pung scores only 圈风刻 (no 门风刻).

    seed000 §二.8: "圈风与门风相同可同计两种风刻".
    """
    def seat_wind(r):
        if r.hand.seat_wind == r.hand.prevalent_wind:
            return []
        return [(i,) for i, g in r.pungs if g.tile == r.hand.seat_wind]
    return Mutation(patches=(predicate("seat_wind", seat_wind),))


@mutant("seed000 §二.5")
def double_pung_beside_triple_pung():
    """双同刻 is counted beside 三同刻.

    seed000 §二.5: "三同刻成立时仍不计双同刻"; §三 双同刻 "三同刻成立时全部不计"; R-008.
    """
    return Mutation(patches=(unexclude("triple_pung", "double_pung"),))


@mutant("seed000 §二.8")
def mixed_shifted_pungs_repeated():
    """三色三节高 is counted once for every triple of pungs that forms it.

    seed000 §二.8: only seven fans repeat, "其余各计一次"; xinbian 第六章 3 例4; R-007.
    """
    return Mutation(patches=(fan_record("mixed_shifted_pungs", repeatable=True),))


@mutant("seed000 §四")
def honour_order_riichi():
    """5z 6z 7z are read in riichi order (白 发 中) instead of the rule page's (中 白 发).

    seed000 §四: "z的1至7依次为东南西北中白发".
    """
    riichi = {5: T.WHITE, 6: T.GREEN, 7: T.RED}
    written = {t: f"{d}z" for d, t in riichi.items()}

    def numbered(d, suit, pos):
        tile = _REF["numbered"](d, suit, pos)
        return riichi[d] if suit == "z" and d in riichi else tile

    def name(t):
        return written.get(t) or _REF["name"](t)
    return Mutation(patches=(attribute("gb16.reference.notation._numbered", numbered),
                             attribute("gb16.reference.tiles.name", name)))


