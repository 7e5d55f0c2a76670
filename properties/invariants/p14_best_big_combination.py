"""Property 14. The best big combination and the exact number of chow-pair links."""

from __future__ import annotations

from collections import Counter

from gb16.properties import definitions as D, strategies as S
from gb16.properties.invariants.base import (
    FAN, Violation, _brief, fan_text, register, score_ok,
)
from gb16.properties.invariants.p13_definition_consistency import (
    _reported_big, describe_reading, reported as reported_by,
)

# --------------------------------------------------------------------------------------
# 14. The best big combination and the exact number of chow-pair links


#: The hands with several candidate big combinations: five chows on which two different big
#: combinations tie for the most points (strategies.tied_big_combination_chows), five chows
#: (one suit or any), the chow and pung families, one suit.
COMBINATION_PROFILES = ("contested", "contested", "chows", "chows", "chow_family", "chow_family",
                        "chow_family", "pung_family", "one_suit", "target:linked_chows")


@register(14, "best_big_combination", "On the reported reading the chow-pair fans number exactly "
          "the links §二.6 allows beside the reported big combination (nodes − components), and no "
          "other choice of big combination (or none) on that reading scores more (independent search)",
          "seed000 §二.5 (选择总分最高的组合), §二.6; xinbian 第六章 5; R-001, R-002",
          lambda: S.cases(COMBINATION_PROFILES))
def best_big_combination(scorer, case) -> bool:
    inp = case.to_input()
    result = score_ok(scorer, inp, "the hand")
    read = reported_by(case, result)
    if read is None:
        return False
    reported, interp, reading, index, f = read
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


