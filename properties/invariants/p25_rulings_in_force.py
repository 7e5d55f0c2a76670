"""Property 25. The fans an option of an open ruling or an edition delta changes, under the rule
set the scorer declares (gb16.properties.in_force: the model's reading of R-002:C, R-006:C,
R-018:B and the deltas own-melds-not-visible, six-kind-seven-pairs-no-tile-hog,
tile-fans-basic-shape-only and seven-pairs-distinct, from docs/rulings.md and the texts it
quotes).  On the reading the scorer reports, with the big combination it reports, the fans those
options touch must count as the model counts them under the declared rule set; under
seven-pairs-distinct a 七对 of four identical tiles is no winning shape and no wait; under R-002:C
an in-process 不计 trace lists what the option removes.  A scorer that declares a rule set the
model does not know is not judged (the check answers that it could not check the example)."""

from __future__ import annotations

from collections import Counter

from gb16.properties import definitions as D
from gb16.properties.hands import Case, Hand, Reading, formal_waits, readings
from gb16.properties.in_force import BASIC_SHAPE_FANS, SIX_KIND_FANS, InForce, in_force
from gb16.properties.invariants.base import (
    FAN, Violation, _brief, call, fan_text, register, score_ok,
)
from gb16.properties.invariants.p13_definition_consistency import (
    _reported_big, describe_reading, reported as reported_by, reported_reading,
)
from gb16.properties.invariants.p24_not_counted_trace import gives_trace
from gb16.properties.strategies.rulings import ruling_hands

#: The fans the options and deltas the model knows change (docs/rulings.md R-002, R-018, R-006, Part 3).
SHARED_PUNG_FANS = ("triple_pung", "mixed_shifted_pungs")
WATCHED = (*SHARED_PUNG_FANS, "double_pung", "melded_hand", "last_of_kind", "tile_hog", *BASIC_SHAPE_FANS)


def four_identical_seven_pairs(reading: Reading, tiles) -> bool:
    """seven-pairs-distinct: a 七对 reading that holds four identical tiles is no 七对."""
    return reading.shape == "seven_pairs" and 4 in Counter(tiles).values()


def legal_readings(case: Case, rules: InForce) -> list[Reading]:
    """The readings of the hand (gb16.properties.hands) that the rule set keeps."""
    found = readings(case.hand, case.win_tile, case.variant)
    if rules.seven_pairs_distinct:
        tiles = case.hand.all_tiles()
        found = [r for r in found if not four_identical_seven_pairs(r, tiles)]
    return found


def expected_waits(case: Case, rules: InForce) -> list[str]:
    """The formal wait set (seed000 §二.7, gb16.properties.hands.formal_waits), less, under
    seven-pairs-distinct, each tile that completes the thirteen tiles only into a 七对 of four
    identical tiles."""
    waits = formal_waits(case.hand, case.win_tile, case.variant)
    if not rules.seven_pairs_distinct:
        return waits
    before = list(case.hand.standing)
    before.remove(case.win_tile)
    kept = []
    for w in waits:
        completed = Case(Hand(tuple(before + [w]), case.hand.melds), w, variant=case.variant)
        if legal_readings(completed, rules):
            kept.append(w)
    return kept


def expected(f: D.Facts, rules: InForce, choice) -> Counter:
    """The watched fans the model counts on the reading ``f`` with the big combination
    ``choice``, under ``rules``."""
    holds = D.holding(f)
    # R-006 (xinbian 第七章 58): under C and own-melds-not-visible only the flag says 和绝张
    if rules.last_of_kind_by_flag_only:
        holds["last_of_kind"] = D.whole(f.case.last_of_kind)
    # B (gb13, xinbian 第七章 52 with 第三章 16/18): every set 明顺/明刻 after a discard win,
    # the set the discarded tile completes included
    if f.variant == "gb13" and rules.melded_hand_literal:
        holds["melded_hand"] = D.whole(f.standard and not f.self_drawn
                                       and all(g.melded or g.holds_win for g in f.sets))
    if f.reading.shape == "seven_pairs":
        # tile-fans-basic-shape-only (seed004): these fans only in a basic shape, never beside 七对
        if rules.tile_fans_basic_shape_only:
            for fan in BASIC_SHAPE_FANS:
                holds.pop(fan, None)
        # six-kind-seven-pairs-no-tile-hog (seed004, seed002): 绿一色 or 清幺九 beside 七对, no 四归一
        if rules.seven_pairs_no_tile_hog_beside_six_kinds and any(holds.get(fan) for fan in SIX_KIND_FANS):
            holds.pop("tile_hog", None)
    holds = {fan: occ for fan, occ in holds.items() if occ}
    counted = D.counted(f, holds, choice)
    # C: 三同刻 / 三色三节高 only on pungs the big combination does not use; the 三同刻 that
    # holds still keeps 双同刻 out (seed000 §二.5 "三同刻成立时仍不计双同刻"), so it is dropped after
    # the 不计 of the counted fans
    if rules.shared_pungs_apart and choice is not None:
        for fan in SHARED_PUNG_FANS:
            if fan in counted and all(set(o) & set(choice[1]) for o in holds.get(fan, ())):
                del counted[fan]
    return Counter({fan: counted.get(fan, 0) for fan in WATCHED})


def shared_pung_trace_problems(scorer, case: Case) -> list[str]:
    """R-002:C in the 不计 trace (``explain(input, not_counted=True)``, an in-process reading API):
    on the chosen reading, each 三同刻 / 三色三节高 that holds and shares a pung with the big
    combination on every occurrence is listed as removed by that big combination, its entries
    adding up to the occurrences that hold (xinbian 第六章 4: what holds is counted or listed)."""
    report = call(lambda i: scorer.explain(i, not_counted=True), case.to_input())
    readings_given = report.get("readings") if isinstance(report, dict) else None
    chosen = [r for r in readings_given or [] if isinstance(r, dict) and r.get("chosen")]
    if len(chosen) != 1 or not isinstance(chosen[0].get("not_counted"), list) \
            or not isinstance(chosen[0].get("interpretation"), dict):
        return []
    reading, index = reported_reading(case, chosen[0]["interpretation"])
    holds = D.holding(D.facts_of(case, reading))
    big = _reported_big(chosen[0]["interpretation"], index)
    problems = []
    for fan in SHARED_PUNG_FANS if big is not None else ():
        if not holds.get(fan) or not all(set(o) & set(big[1]) for o in holds[fan]):
            continue
        entries = [e for e in chosen[0]["not_counted"] if isinstance(e, dict) and e.get("id") == fan]
        listed = sum(int(e.get("count") or 0) for e in entries)
        by = {e["by"].get("id") if isinstance(e.get("by"), dict) else e.get("by") for e in entries}
        if listed != len(holds[fan]) or big[0] not in by:
            problems.append(f"the 不计 trace lists {FAN[fan]['zh']} ×{listed} removed by {sorted(map(str, by))}; under "
                            f"R-002:C it holds ×{len(holds[fan])}, every time on a pung of {FAN[big[0]]['zh']}, "
                            f"which removes it")
    return problems


def _choice(interp: dict, index: dict[int, int], reported: Counter, holds: dict, ctx: str):
    """The big combination the scorer reports on its reading (one fan on one choice of sets)."""
    named = _reported_big(interp, index)
    big = [x for x in reported if x in D.BIG_COMBINATION]
    if len(big) > 1:
        raise Violation(f"more than one big combination: {fan_text(Counter(big))} (seed000 §二.5){ctx}")
    if not big:
        return None
    found = [(big[0], occ) for occ in holds.get(big[0], ()) if named is None or (big[0], occ) == named]
    if not found:
        raise Violation(f"{FAN[big[0]]['zh']} is reported but does not hold on the reading's sets{ctx}")
    return found[0]


@register(25, "rulings_in_force", "Under the rule set the scorer declares (the project's reading, an option "
          "or a delta of gb16.properties.in_force), 三同刻, 三色三节高, 双同刻, 全求人, 和绝张, 四归一 and the tile "
          "fans beside 七对 are counted on the reported reading as that rule set reads them, a 七对 holds "
          "and waits as it says, and the 不计 trace lists what R-002:C removes (the options and deltas "
          "modelled independently)",
          "seed000 §二.5; xinbian 第七章 32, 42, 52, 58, 64, 第三章 16/18; seed004; docs/rulings.md R-002, "
          "R-006, R-018, Part 3", lambda: ruling_hands())
def rulings_in_force(scorer, case: Case) -> bool:
    rules = in_force(scorer)
    if not rules.known:
        return False          # a rule set the model does not know: nothing judged
    inp = case.to_input()
    if not legal_readings(case, rules):
        # seven-pairs-distinct: 七对 only by four identical tiles, and no other shape
        result = call(scorer, inp)
        code = (result.get("error") or {}).get("code") if isinstance(result, dict) else None
        if code != "not_winning_hand":
            raise Violation(f"under {rules.label} the hand is a 七对 only by four identical tiles, so no "
                            f"winning hand (not_winning_hand), but the scorer answered {_brief(result)} — "
                            f"input {_brief(inp, 600)}")
        return True
    result = score_ok(scorer, inp, f"under {rules.label}, the hand")
    read = reported_by(case, result)
    if read is None:
        return False
    reported, interp, reading, index, f = read
    ctx = (f" — under {rules.label}; fans {fan_text(reported)}; reading {describe_reading(reading)}; "
           f"input {_brief(inp, 600)}")
    if rules.seven_pairs_distinct:
        if four_identical_seven_pairs(reading, case.hand.all_tiles()):
            raise Violation(f"a 七对 of four identical tiles is reported{ctx}")
        want_waits = sorted(expected_waits(case, rules))
        if isinstance(result.get("waits"), list) and sorted(result["waits"]) != want_waits:
            raise Violation(f"waits {result['waits']}, under seven-pairs-distinct {want_waits}{ctx}")
    choice = _choice(interp, index, reported, D.holding(f), ctx)
    want = expected(f, rules, choice)
    wrong = [f"{FAN[fan]['zh']} ×{reported.get(fan, 0)}, the option counts ×{n}"
             for fan, n in want.items() if reported.get(fan, 0) != n]
    if rules.shared_pungs_apart and choice is not None and gives_trace(scorer):
        wrong += shared_pung_trace_problems(scorer, case)
    if wrong:
        raise Violation("; ".join(wrong) + ctx)
    return True
