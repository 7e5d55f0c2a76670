"""Property 13. Definition consistency."""

from __future__ import annotations

from collections import Counter
from typing import NamedTuple

from gb16.properties import definitions as D, strategies as S
from gb16.properties.hands import Case, NotationError, Reading, compact, readings
from gb16.properties.invariants.base import (
    FAN, TABLE_ORDER, Violation, _brief, fan_counts, fan_text, fans_only, interp_key, interp_sets,
    interpretation_of, register, score_ok,
)

# --------------------------------------------------------------------------------------
# 13. Definition consistency


class Reported(NamedTuple):
    """A result read by the model: the fans it reports (flowers aside), its interpretation, the
    model's reading that interpretation names with the map from its set indices to the
    reading's, and the facts of that reading (gb16.properties.definitions)."""

    fans: Counter
    interp: dict
    reading: Reading
    index: dict[int, int]
    facts: D.Facts


def reported(case: Case, result: dict) -> Reported | None:
    """:class:`Reported` of a scorer's ``result`` for ``case``; None when it names no interpretation."""
    interp = interpretation_of(result)
    if interp is None:
        return None
    reading, index = reported_reading(case, interp)
    return Reported(fans_only(fan_counts(result)), interp, reading, index, D.facts_of(case, reading))


def reported_reading(case: Case, interp: dict) -> tuple[Reading, dict[int, int]]:
    """The reading of the independent model (gb16.properties.hands) that ``interp`` names,
    and the map from the interpretation's set indices to that reading's."""
    mine = {r.key(): r for r in readings(case.hand, case.win_tile, case.variant)}
    try:
        key = interp_key(interp)
        sets = interp_sets(interp)
    except (KeyError, IndexError, ValueError, TypeError, NotationError) as exc:
        raise Violation(f"the interpretation cannot be read ({exc}): {_brief(interp)}") from None
    if key not in mine:
        raise Violation(f"the interpretation is not a legal reading of the hand: {_brief(interp, 600)}")
    reading = mine[key]
    index: dict[int, int] = {}
    for i, g in enumerate(sets):
        for j, h in enumerate(reading.sets):
            if j not in index.values() and (h.kind, tuple(h.tiles), h.exposed) == (g.kind, g.tiles, g.exposed):
                index[i] = j
                break
    return reading, index


def _uses(fan: str, holds: dict, reported_big: tuple | None) -> set[int]:
    """The sets a reported fan is made of (for exclusions of "these sets")."""
    if reported_big is not None and fan == reported_big[0]:
        return set(reported_big[1])
    return set().union(*holds.get(fan, [()]))


def expected_occurrences(fan: str, holds: dict, reported: Counter, reported_big=None, variant: str = "gb16") -> int:
    """How many times a repeatable fan must count beside the reported fans: its occurrences
    on the reading, none when a reported fan excludes it for the whole hand, fewer by those
    sharing a set with a reported fan that excludes it for its sets (xinbian 第六章 4; seed000
    §二.8, §三 幺九刻 "按未被大番、风刻或箭刻排除的每副幺九刻计"; R-009)."""
    occ = list(holds.get(fan, ()))
    for other in sorted(reported, key=TABLE_ORDER.get):
        for e in D.exclusions_of(other, variant):
            if e["fan"] != fan:
                continue
            if e["scope"] == "whole":
                return 0
            if e["scope"] == "one":
                occ = occ[1:]
            else:
                used = _uses(other, holds, reported_big)
                occ = [o for o in occ if not used.intersection(o)]
    return len(occ)


def _explained_absence(fan: str, holds: dict, reported: Counter, reported_big, variant: str = "gb16") -> str | None:
    """Why a fan that holds may be missing from the reported fans, or None."""
    if fan in D.BIG_COMBINATION:
        return "at most one big combination counts (seed000 §二.5; property 14 judges the choice)"
    if fan in D.CHOW_PAIR_FANS:
        return "chow-pair fans are limited by seed000 §二.6 (property 14 counts them)"
    return _excluded_by_reported(fan, holds, reported, reported_big, variant)


def _excluded_by_reported(fan: str, holds: dict, reported: Counter, reported_big, variant: str = "gb16") -> str | None:
    """Which reported fans exclude ``fan`` (for the whole hand, or for sets that every
    occurrence of it uses), or None."""
    covered: set[int] = set()
    excluders: list[str] = []
    for other in reported:
        for e in D.exclusions_of(other, variant):
            if e["fan"] != fan:
                continue
            if e["scope"] in ("whole", "one"):
                return f"{FAN[other]['zh']} excludes it"
            covered |= _uses(other, holds, reported_big)
            excluders.append(FAN[other]["zh"])
    if covered and all(covered.intersection(o) for o in holds[fan]):
        return f"{'、'.join(excluders)} exclude(s) it for their sets"
    return None


def definition_problems(f: "D.Facts", reported: Counter, reported_big: tuple | None = None) -> list[str]:
    """What is wrong with ``reported`` (fan → count, without 花牌) for the reading ``f``.

    * every reported fan holds by its definition (gb16.properties.definitions);
    * every fan that holds is reported, or excluded by a reported fan (gb16.properties.rulebook; a
      fan excluded for "these sets" only when each of its occurrences uses one of them), or
      limited by the combination rules (seed000 §二.5–6: the big combinations and the
      chow-pair fans, whose choice and number property 14 judges);
    * a fan that is not repeatable counts once; 四归一, 双同刻 and 幺九刻 count their
      occurrences left by the reported exclusions (seed000 §二.8);
    * 无番和 is reported exactly when no fan holds (seed000 §三 无番和; R-012).
    """
    holds = D.holding(f)
    problems = []
    big = [x for x in reported if x in D.BIG_COMBINATION]
    if reported_big is None and big:
        reported_big = (big[0], next(iter(holds.get(big[0], [()]))))
    for fan, n in sorted(reported.items(), key=lambda kv: TABLE_ORDER.get(kv[0], 999)):
        if fan == "chicken_hand" or fan not in D.DEFINITIONS:
            continue
        if fan not in holds:
            problems.append(f"{FAN[fan]['zh']} is reported but its definition does not hold "
                            f"({D.DEFINITIONS[fan].clause})")
        elif fan in D.CHOW_PAIR_FANS and n > len(holds[fan]):
            problems.append(f"{FAN[fan]['zh']} ×{n} but only {len(holds[fan])} pair(s) of chows form it")
        if not FAN[fan]["repeatable"] and n != 1:
            problems.append(f"{FAN[fan]['zh']} counts {n} times; it is not repeatable (seed000 §二.8)")
    for fan in sorted(reported, key=lambda x: TABLE_ORDER.get(x, 999)):
        if fan in holds and not FAN[fan]["repeatable"]:
            why = _excluded_by_reported(fan, holds, reported, reported_big, f.variant)
            if why:
                problems.append(f"{FAN[fan]['zh']} is reported although {why} (xinbian 第六章 4, gb16.properties.rulebook)")
    if reported_big is not None and big and (reported_big[0] != big[0]
                                             or reported_big[1] not in holds.get(big[0], ())):
        problems.append(f"the big combination {FAN[big[0]]['zh']} is named on sets {list(reported_big[1])} "
                        f"of the reading, which do not form it")
    for fan, occ in sorted(holds.items(), key=lambda kv: TABLE_ORDER[kv[0]]):
        if fan in reported:
            continue
        if _explained_absence(fan, holds, reported, reported_big, f.variant) is None:
            problems.append(f"{FAN[fan]['zh']} holds ({D.DEFINITIONS[fan].clause}) but is neither "
                            f"reported nor excluded by a reported fan")
    for fan in ("tile_hog", "double_pung", "pung_of_terminals_or_honors"):
        want = expected_occurrences(fan, holds, reported, reported_big, f.variant)
        if reported.get(fan, 0) != want and (fan in reported or want):
            problems.append(f"{FAN[fan]['zh']} ×{reported.get(fan, 0)}, but the reading has {want} "
                            f"occurrence(s) no reported fan excludes ({D.DEFINITIONS[fan].clause})")
    if "chicken_hand" in reported and holds:
        problems.append(f"无番和 is reported although {fan_text(Counter({k: len(v) for k, v in holds.items()}))} "
                        f"hold (seed000 §三 无番和: 除花牌外没有任何成立番种时)")
    if not holds and "chicken_hand" not in reported:
        problems.append("no fan holds on the reading, so it scores 无番和 (seed000 §三, R-012), which is missing")
    return problems


def concealment_problems(f: "D.Facts", interp: dict, index: dict[int, int]) -> list[str]:
    """The interpretation's ``concealed`` flags against xinbian 第三章 16–19 and seed000 §二.3
    (a set completed by a discarded winning tile is 明顺 / 明刻).  Identical sets are
    interchangeable, so the flags are compared as a multiset per kind of set."""
    if not all(isinstance(s, dict) and "concealed" in s for s in interp.get("sets", [])):
        return []
    def want(g: "D.SetFact") -> bool:
        return g.concealed and not (g.is_chow and g.holds_win and not f.self_drawn)
    theirs: dict[tuple, list[bool]] = {}
    mine: dict[tuple, list[bool]] = {}
    for i, s in enumerate(interp["sets"]):
        g = f.sets[index[i]]
        key = (g.kind, g.tiles, g.melded)
        theirs.setdefault(key, []).append(bool(s["concealed"]))
        mine.setdefault(key, []).append(want(g))
    return [f"the sets {compact(key[1])} are reported concealed {sorted(theirs[key])}, but xinbian 第三章 16–19 "
            f"and seed000 §二.3 make them {sorted(mine[key])}"
            for key in theirs if sorted(theirs[key]) != sorted(mine[key])]


def win_mark_problems(interp: dict) -> list[str]:
    """The interpretation's ``win`` marks against its ``win_in`` (docs/contract.md: "`win` marks
    the group holding the winning tile"): true on the set ``win_in`` names, on the pair when it
    is ``"pair"``, on the knitted tiles when ``"knitted"``, and nowhere else.  A mark the result
    leaves out is not judged."""
    win_in = interp.get("win_in")
    groups = [(f"set {i}", s) for i, s in enumerate(interp.get("sets") or [])]
    groups += [(place, interp.get(place)) for place in ("pair", "knitted")]
    return [f"{where} is marked win {g['win']}, but win_in is {win_in!r} (docs/contract.md: `win` marks the group "
            f"holding the winning tile)"
            for where, g in groups if isinstance(g, dict) and isinstance(g.get("win"), bool)
            and g["win"] != (where == win_in)]


def _reported_big(interp: dict, index: dict[int, int]) -> tuple | None:
    bc = interp.get("big_combination")
    if isinstance(bc, dict) and bc.get("fan") and bc.get("sets") is not None:
        try:
            return bc["fan"], tuple(sorted(index[i] for i in bc["sets"]))
        except (KeyError, TypeError):
            raise Violation(f"big_combination {bc} names sets the interpretation does not have") from None
    return None


#: Every profile, with more weight on the hands whose fans sit near a definition's edge: few
#: fans (无番和 beside flowers or 自摸), terminals (全带幺 and its pair), 组合龙 (the fans that
#: need five sets), pungs and kongs (exact counts of 暗刻 and 杠), honours.
DEFINITION_PROFILES = S.PROFILES + ("plain", "plain", "plain", "terminals", "knitted", "knitted",
                                    "pungs", "kongs", "honours",
                                    *(f"target:{t}" for t in dict.fromkeys(S.TARGETS)),
                                    "terminals", "pung_family", "green_without_dragon", "green")


@register(13, "definition_consistency", "On the reported reading every fan reported holds by its "
          "definition, and every fan whose definition holds is reported, excluded by a reported fan or "
          "limited by the combination rules; 四归一/双同刻/幺九刻 count their occurrences; 无番和 exactly "
          "when nothing holds (definitions modelled independently)",
          "xinbian 第七章 1–82, 第三章 16–19; seed000 §二.2–8, §三; gb16.properties.rulebook; R-004–R-006, "
          "R-009, R-012, R-013, R-016", lambda: S.cases(DEFINITION_PROFILES), weight=0.25)
def definition_consistency(scorer, case) -> bool:
    inp = case.to_input()
    result = score_ok(scorer, inp, "the hand")
    reported = fans_only(fan_counts(result))
    interp = interpretation_of(result)
    ctx = f" — fans {fan_text(reported)}; input {_brief(inp, 600)}"
    if interp is None:
        # no reading reported: the fans must at least be those of some reading
        best = None
        for r in readings(case.hand, case.win_tile, case.variant):
            problems = definition_problems(D.facts_of(case, r), reported)
            if not problems:
                return False
            best = problems if best is None or len(problems) < len(best) else best
        raise Violation(f"no reading of the hand gives these fans; the closest: {'; '.join(best or [])}{ctx}")
    reading, index = reported_reading(case, interp)
    f = D.facts_of(case, reading)
    problems = (definition_problems(f, reported, _reported_big(interp, index))
                + concealment_problems(f, interp, index) + win_mark_problems(interp))
    if problems:
        raise Violation("; ".join(problems) + f" — reading {describe_reading(reading)}{ctx}")
    return True


def describe_reading(reading: Reading) -> str:
    parts = []
    if reading.knitted:
        parts.append("<" + compact(reading.knitted) + ">")
    for g in reading.sets:
        body = compact(g.tiles)
        parts.append(f"{{{body}}}" if g.concealed_kong else f"[{body}]" if g.exposed else body)
    if reading.pair is not None:
        parts.append(compact((reading.pair, reading.pair)))
    else:
        parts.append(f"the special shape {reading.shape} (xinbian 第二章 3–5)")
    where = reading.win_in if reading.win_group is None else "set " + compact(reading.win_group.tiles)
    return " ".join(parts) + f" (winning tile in {where})"


