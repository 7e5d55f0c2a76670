"""Mutants of win conditions, flowers, the minimum (xinbian 第七章 44–47, seed000 §三 无番和, 花牌)."""

from __future__ import annotations

from gb16.tools.mutants.machinery import (
    CHICKEN, FLOWERS, Mutation, _REF, attribute, mutant, rebuilt, unexclude,
)

# --------------------------------------------------------------------------- win conditions, flowers, minimum

@mutant("seed000 §三 抢杠和")
def last_of_kind_beside_robbing_the_kong():
    """和绝张 is counted beside 抢杠和.

    xinbian 第七章 47 抢杠和 "不计和绝张"; seed000 §三 抢杠和.
    """
    return Mutation(patches=(unexclude("robbing_the_kong", "last_of_kind"),))


@mutant("seed000 §三 妙手回春")
def self_drawn_beside_last_tile_draw():
    """自摸 is counted beside 妙手回春.

    xinbian 第七章 44 妙手回春 "不计自摸"; seed000 §三 妙手回春.
    """
    return Mutation(patches=(unexclude("last_tile_draw", "self_drawn"),))


@mutant("seed000 §三 杠上开花")
def self_drawn_beside_out_with_replacement_tile():
    """自摸 is counted beside 杠上开花.

    xinbian 第七章 46 杠上开花 "不计自摸"; seed000 §三 杠上开花.
    """
    return Mutation(patches=(unexclude("out_with_replacement_tile", "self_drawn"),))


@mutant("seed000 §三 无番和")
def chicken_hand_beside_self_drawn():
    """无番和 is counted when the only other fan is 自摸.

    seed000 §三 无番和: "除花牌外没有任何成立番种时计8分。自摸、门前清等已成立便不适用"; R-012.
    """
    def score_interpretation(reading, raw, big):
        interp = _REF["score_interp"](reading, raw, big)
        if set(interp.fans) - {FLOWERS} == {"self_drawn"}:
            return rebuilt(interp, dict(interp.fans, **{CHICKEN: [()]}))
        return interp
    return Mutation(patches=(attribute("gb16.reference.scoring.score_interpretation", score_interpretation),))


@mutant("seed000 §四.4")
def flowers_deny_chicken_hand():
    """Flowers count as a fan for 无番和: a hand with only flowers besides scores no 无番和.

    seed000 §三 无番和 "除花牌外"; §四.4 "若已补一花则总分9".
    """
    def score_interpretation(reading, raw, big):
        interp = _REF["score_interp"](reading, raw, big)
        if CHICKEN in interp.fans and FLOWERS in interp.fans:
            return rebuilt(interp, {f: o for f, o in interp.fans.items() if f != CHICKEN})
        return interp
    return Mutation(patches=(attribute("gb16.reference.scoring.score_interpretation", score_interpretation),))


@mutant("seed000 §三 花牌")
def flowers_toward_minimum():
    """Flowers count toward the 8-point minimum (meets_minimum from the total).

    seed000 §三 花牌: "花分不计入起和门槛"; §四.4 "该花不会单独凑出起和门槛".
    """
    def after(result, _):
        if isinstance(result, dict) and result.get("ok"):
            result = dict(result, meets_minimum=result["total"] >= 8)
        return result
    return Mutation(after=after)


@mutant("xinbian 第三章 43")
def minimum_above_eight():
    """The minimum is read as more than 8 points: a hand of exactly 8 does not meet it.

    xinbian 第三章 43 (起和分 8); seed000 §四.4 (无番和 8 分 wins).
    """
    def after(result, _):
        if isinstance(result, dict) and result.get("ok"):
            result = dict(result, meets_minimum=result["fan_points"] > 8)
        return result
    return Mutation(after=after)


