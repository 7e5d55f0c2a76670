"""Mutant scorers: the reference scorer with one plausible implementer's mistake each.

    python -m gb16.tools.mutants.catalogue --list
    python -m gb16.tools.mutants.catalogue --serve discard_pung_concealed      # harness protocol
    python -m gb16.tools.mutants.catalogue --kill-table [--corpus DIR] [--properties ci] [--json]
    gb16 certify --impl python:gb16.tools.mutants.catalogue:discard_pung_concealed
    gb16 certify --impl "python -m gb16.tools.mutants.catalogue --serve discard_pung_concealed"

A mutant is the reference (gb16.reference) with one mistake planted: a fan predicate,
an exclusion of corpus/fans.json, a combination rule, the choice of reading, the wait
set or the input contract read the wrong way.  Each is tied to the clause it breaks
(``seed000 §二.4``, ``seed000 §三 全求人``, ``xinbian 第七章 16``, …).  The corpus and the
properties are judged by whether they *kill* the mutants: every mutant must fail at least
one corpus case, and should break at least one property.

How a mutant is built.  Each mutant is defined by a small function returning a
:class:`Mutation`: patches (``unittest.mock`` context managers over the reference's
module globals, the fan registry or the fan table), an input rewrite, a result rewrite
or a replacement of the top-level scoring call.  :func:`mutant` turns it into a scorer
``NAME(case_input) -> result``: every call takes a module lock, clears the reference's
memo caches, enters the patches, scores, leaves the patches and clears the caches again
— so no patch outlives the call, and nothing a mutant computed is left in a cache for
the reference (tests/test_mutants.py checks this).  Measured: entering and leaving the
patches costs 5–25 µs and a mutant scores a corpus case in about 0.4 ms of CPU
(the reference 0.25 ms with its wait cache warm), while a subprocess per mutant costs
about 0.2 s of CPU just to start plus a JSON round trip per case — so the kill table runs
in process.  The price: while a mutant call runs, the reference's module globals are
patched process-wide, so do not score with the reference in another thread at the same
time; use ``--serve`` (one process per mutant) when that matters.

The kill table (:func:`kill_table`) sends every corpus case to every mutant through the
harness's own judging (gb16.tools.harness.certify.run_case) and, on request, runs the Hypothesis
properties (gb16.properties.runner) against each mutant with the mutant's own reading API
(``explain``/``score_interpretation``, patched the same way) where it has one.  A mutant
that errs or crashes on a case is reported as *broken*, never as killed.  ``gb16 report``
shows the table through :func:`report_rows`.
"""

from __future__ import annotations

import argparse
import contextlib
import copy
import json
import sys
import threading
import time
from dataclasses import dataclass, replace
from itertools import combinations
from typing import Any, Callable, Iterable
from unittest import mock

import gb16.reference as reference
from gb16.reference import combination, hand as hand_module, notation, readings as readings_module
from gb16.reference import scoring, shapes, special_shapes, table, tiles as T
from gb16.reference.fans import REGISTRY, Predicate
from gb16.reference.fans import waits as wait_fans
from gb16.reference.groups import PUNG, Group
from gb16.reference.hand import FIELDS, Hand

#: The reference functions the mutants wrap, taken before any patch can be active.
_REF = {
    "readings": readings_module.readings,
    "is_winning": readings_module.is_winning,
    "knitted_waits": readings_module.knitted_waits,
    "wait_set": readings_module.wait_set,
    "score_interp": scoring.score_interpretation,
    "chow_links": combination.chow_links,
    "choices": combination.big_combination_choices,
    "numbered": notation._numbered,
    "name": T.name,
}

FLOWERS, CHICKEN = scoring.FLOWERS, scoring.CHICKEN
TWO_TERMINAL_CHOWS = combination.ONCE_ONLY_LINK
THREE_CHOW_FANS = ("pure_triple_chow", "pure_straight", "pure_shifted_chows",
                   "mixed_straight", "mixed_triple_chow", "mixed_shifted_chows")
FOUR_CHOW_FANS = ("quadruple_chow", "four_pure_shifted_chows")


# --------------------------------------------------------------------------- the machinery

@dataclass(frozen=True)
class Mutation:
    """What a mutant changes.  ``patches`` are context managers entered around the call;
    ``before`` rewrites the input, ``after(result, input)`` the result; ``score`` replaces
    the top-level ``gb16.reference.score`` call (it runs inside the patches)."""

    patches: tuple = ()
    before: Callable[[Any], Any] | None = None
    after: Callable[[dict, Any], dict] | None = None
    score: Callable[[Any], dict] | None = None

    @property
    def reading_api(self) -> bool:
        """Whether the reference's explain/score_interpretation, patched, describe this mutant."""
        return self.before is None and self.after is None and self.score is None


@dataclass(frozen=True)
class Mutant:
    name: str
    clause: str
    mistake: str           # first line of the defining function's docstring
    doc: str               # the whole docstring
    define: Callable[[], Mutation]
    scorer: Callable[[Any], dict]


#: Every mutant, in definition order.
MUTANTS: dict[str, Mutant] = {}
_LOCK = threading.RLock()


def clear_caches() -> None:
    """Empty the reference's memo caches whose contents a patch can change."""
    readings_module.wait_set.cache_clear()
    scoring.applicable_predicates.cache_clear()
    table.fans_of.cache_clear()


@contextlib.contextmanager
def active(mutation: Mutation):
    """The mutation's patches, entered with clean caches and left with clean caches."""
    with _LOCK, contextlib.ExitStack() as stack:
        clear_caches()
        stack.callback(clear_caches)
        for patch in mutation.patches:
            stack.enter_context(patch)
        yield


def _metadata(name: str, mistake: str) -> dict:
    from gb16.tools.harness import runlog
    return {"name": f"gb16.tools.mutants.catalogue:{name}", "version": runlog.gb16_version(), "language": "python",
            "variants": ["gb16", "gb13"], "rulings": {}, "comment": f"mutant of the reference: {mistake}"}


def mutant(clause: str):
    """Register the decorated definition as a mutant; the module attribute becomes its scorer."""
    def register(define: Callable[[], Mutation]):
        name = define.__name__
        doc = (define.__doc__ or "").strip()
        mistake = doc.splitlines()[0] if doc else name

        def score(case_input):
            mutation = define()
            with active(mutation):
                given = mutation.before(copy.deepcopy(case_input)) if mutation.before else case_input
                result = (mutation.score or reference.score)(given)
            return mutation.after(result, case_input) if mutation.after else result

        def explain(case_input):
            with active(define()):
                return reference.explain(case_input)

        def score_interpretation(case_input, interpretation):
            with active(define()):
                return reference.score_interpretation(case_input, interpretation)

        score.__name__ = score.__qualname__ = name
        score.__doc__ = doc
        score.__module__ = __name__
        score.clause = clause
        score.mistake = mistake
        score.gb16_metadata = _metadata(name, mistake)
        reading_api = define().reading_api
        score.explain = explain if reading_api else None
        score.score_interpretation = score_interpretation if reading_api else None
        MUTANTS[name] = Mutant(name, clause, mistake, doc, define, score)
        return score
    return register


# --------------------------------------------------------------------------- patch helpers

def predicate(fan_id: str, func: Callable) -> Any:
    """Replace the definition (predicate) of ``fan_id``."""
    return mock.patch.dict(REGISTRY, {fan_id: Predicate(fan_id, func, REGISTRY[fan_id].scope)})


def fan_record(fan_id: str, **changes) -> Any:
    """Replace fields of the fan table's record of ``fan_id`` (points, repeatable, excludes)."""
    return mock.patch.dict(table.BY_ID, {fan_id: replace(table.BY_ID[fan_id], **changes)})


def unexclude(fan_id: str, *excluded: str) -> Any:
    """``fan_id`` no longer excludes the fans ``excluded`` (a 不计 dropped)."""
    kept = tuple(e for e in table.BY_ID[fan_id].excludes if e.fan not in excluded)
    return fan_record(fan_id, excludes=kept)


def exclusion_everywhere(fan_id: str, *excluded: str) -> Any:
    """``fan_id``'s exclusions of ``excluded`` apply in every variant (gb13 rules in gb16)."""
    changed = tuple(replace(e, variants=None) if e.fan in excluded else e for e in table.BY_ID[fan_id].excludes)
    return fan_record(fan_id, excludes=changed)


def attribute(target: str, new: Any) -> Any:
    """Replace a module global such as ``gb16.reference.scoring.chow_links``."""
    return mock.patch(target, new)


def hand_facts(derive: Callable[[Hand], dict]) -> Any:
    """Override facts a :class:`Hand` derives once at construction (``is_concealed``,
    ``tile_set``, ``suits`` …) with ``derive(hand)``, a dict of new values."""
    original = Hand.__post_init__

    def post_init(self):
        original(self)
        for name, value in derive(self).items():
            object.__setattr__(self, name, value)
    return mock.patch.object(Hand, "__post_init__", post_init)


def rebuilt(interp: scoring.Interpretation, fans: dict) -> scoring.Interpretation:
    """An interpretation with another fan map, its points summed again."""
    fans = {f: list(o) for f, o in fans.items() if o}
    fans = dict(sorted(fans.items(), key=lambda kv: table.ORDER[kv[0]]))
    points = sum(table.fan(f).points * len(o) for f, o in fans.items() if f != FLOWERS)
    return scoring.Interpretation(interp.reading, interp.big, fans, list(interp.links), points,
                                  len(fans.get(FLOWERS, ())))


def _error_code(result: dict) -> str | None:
    return (result.get("error") or {}).get("code") if isinstance(result, dict) and not result.get("ok") else None


# =========================================================================== the mutants
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
    return {"variant": variant, "hand": text, "win_tile": T.name(hand.win_tile),
            "win_by": "self_draw" if hand.self_draw else "discard",
            "prevalent_wind": _WIND_LETTER[hand.prevalent_wind], "seat_wind": _WIND_LETTER[hand.seat_wind],
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


# --------------------------------------------------------------------------- waits

@mutant("seed000 §二.7")
def practical_waits():
    """Waits on a tile already held four times are ignored (practical instead of formal waits).

    seed000 §二.7: "不因桌面已见或手内已占四枚就忽略形式上的另一种听牌"; §四.5 (1111222s … 听3s: no 边张).
    """
    def formal_waits(hand):
        held = list(hand.counts)
        held[hand.win_tile] -= 1
        return tuple(t for t in _REF["wait_set"](hand.variant, hand.melds, hand.pre_win_standing) if held[t] < 4)
    return Mutation(patches=(attribute("gb16.reference.readings.formal_waits", formal_waits),
                             attribute("gb16.reference.formal_waits", formal_waits)))


@mutant("seed000 §二.7")
def wait_fans_by_shape():
    """边张, 嵌张 and 单钓将 are judged by the reading's shape alone, without a single formal wait.

    seed000 §二.7: "只有一种形式听牌，且和牌张实际解释成边张、嵌张或单钓将时才计1分".
    """
    return Mutation(patches=(attribute("gb16.reference.fans.waits._single_wait", lambda r: True),))


@mutant("seed000 §二.7")
def knitted_tile_single_wait():
    """A single-wait win on one of the nine 组合龙 tiles scores 单钓将.

    seed000 §二.7: "组合龙九张本身不产生独听番"; docs/rulings.md R-005.
    """
    def single_wait(r):
        return r.win_in in ("pair", "knitted") and wait_fans._single_wait(r)
    return Mutation(patches=(predicate("single_wait", single_wait),))


@mutant("seed000 §三 边张")
def edge_wait_terminal_tile():
    """边张 is given for the 1 of 123 and the 9 of 789 (the terminal) instead of the 3 and the 7.

    seed000 §三 边张: "和牌张属于未副露123顺子的3或789顺子的7"; xinbian 第七章 77.
    """
    def edge_wait(r):
        g = wait_fans._winning_chow(r)
        if g is None:
            return False
        w = T.number_of(r.hand.win_tile)
        return ((g.number == 1 and w == 1) or (g.number == 7 and w == 9)) and wait_fans._single_wait(r)
    return Mutation(patches=(predicate("edge_wait", edge_wait),))


@mutant("seed000 §二.7")
def waits_without_knitted_shape():
    """The wait set only tries five sets and a pair; tiles that complete a 组合龙 shape are missed.

    seed000 §二.7: "判断所有可成和牌型的牌种" — the 组合龙 shape is a winning shape (§三 组合龙).
    """
    def is_winning(variant, melds, standing, *rest, **options):
        return shapes.is_standard(standing) or bool(variant.special_shapes and
                                                    special_shapes.is_special(melds, standing))
    return Mutation(patches=(attribute("gb16.reference.readings.is_winning", is_winning),
                             attribute("gb16.reference.readings.knitted_waits", lambda *args: set())))


# --------------------------------------------------------------------------- concealment

@mutant("seed000 §二.4")
def four_concealed_pungs_exclude_concealed_hand():
    """四暗刻 excludes 门前清 and 不求人 in gb16 too (gb13's 门清原则 carried over).

    seed000 §二.4: "本扩展按实际状态另计门前清或不求人"; §三 四暗刻; §四.1 (门前清 beside 四暗刻).
    """
    return Mutation(patches=(exclusion_everywhere("four_concealed_pungs", "concealed_hand",
                                                  "fully_concealed_hand"),))


@mutant("seed000 §二.4")
def four_concealed_pungs_require_concealed_hand():
    """四暗刻 requires the whole hand concealed, so an exposed fifth set denies it.

    seed000 §二.4: "四暗刻在五面子制下不必门清：第五面子可以副露"; §四.2.
    """
    def four_concealed_pungs(r):
        return r.hand.is_concealed and sum(1 for _, g in r.pungs if g.concealed) >= 4
    return Mutation(patches=(predicate("four_concealed_pungs", four_concealed_pungs),))


@mutant("seed000 §二.3")
def discard_pung_concealed():
    """A pung completed by the discarded winning tile stays a concealed pung (暗刻).

    seed000 §二.3: "点和补成的刻子不是暗刻"; xinbian 第三章 18, 19.
    """
    def with_win(self, self_draw):
        return replace(self, win=True)
    return Mutation(patches=(mock.patch.object(Group, "with_win", with_win),))


@mutant("seed000 §三 三暗刻")
def three_concealed_pungs_count_discard_pung():
    """三暗刻 counts a standing pung completed by the discarded winning tile as concealed.

    seed000 §三 三暗刻: "点和张补成的刻子为明刻".
    """
    def three_concealed_pungs(r):
        return sum(1 for _, g in r.pungs if g.concealed or (g.win and not g.exposed)) == 3
    return Mutation(patches=(predicate("three_concealed_pungs", three_concealed_pungs),))


@mutant("seed000 §三 门前清")
def concealed_kong_opens_hand():
    """A concealed kong counts as an opened meld: no 门前清 or 不求人 with a 暗杠.

    seed000 §三 门前清 "按实际整手门清状态判断"; xinbian 第三章 30 (暗杠 keeps the hand 门前清).
    """
    return Mutation(patches=(hand_facts(lambda h: {"is_concealed": not h.melds}),))


@mutant("seed000 §三 全求人")
def melded_hand_with_concealed_kong():
    """全求人 accepts a concealed kong among the five melds.

    seed000 §三 全求人: "五副面子全部明露，点和将牌；暗杠不算明露"; docs/rulings.md R-004.
    """
    def melded_hand(r):
        return (r.is_standard and not r.hand.self_draw and r.win_in == "pair"
                and all(g.exposed or g.is_kong for g in r.sets))
    return Mutation(patches=(predicate("melded_hand", melded_hand),))


@mutant("seed000 §二.2")
def melded_hand_on_set_wait():
    """全求人 when four sets are melded and the discard completes the fifth set (not the pair).

    seed000 §二.2: "全求人须五副均明露且点和将牌"; docs/rulings.md R-004, R-018.
    """
    def melded_hand(r):
        return (r.is_standard and not r.hand.self_draw and all(g.exposed or g.win for g in r.sets))
    return Mutation(patches=(predicate("melded_hand", melded_hand),))


@mutant("seed000 §三 全求人")
def single_wait_beside_melded_hand():
    """单钓将 is counted beside 全求人.

    seed000 §三 全求人: "不计单钓将".
    """
    return Mutation(patches=(unexclude("melded_hand", "single_wait"),))


@mutant("seed000 §三 不求人")
def self_drawn_beside_fully_concealed_hand():
    """自摸 is counted beside 不求人.

    seed000 §三 不求人: "自摸成立；不再计自摸"; xinbian 第七章 56.
    """
    return Mutation(patches=(unexclude("fully_concealed_hand", "self_drawn"),))


@mutant("seed000 §二.4")
def all_pungs_beside_four_concealed_pungs():
    """碰碰和 is counted beside 四暗刻.

    seed000 §二.4: "四暗刻不计碰碰和的明确排除继续保留"; §三 四暗刻 "不计碰碰和".
    """
    return Mutation(patches=(unexclude("four_concealed_pungs", "all_pungs"),))


# --------------------------------------------------------------------------- counts

@mutant("seed000 §二.3")
def two_concealed_pungs_at_least():
    """双暗刻 holds with two or more concealed pungs (also beside 三暗刻 and 四暗刻).

    seed000 §二.3: "三暗刻、三杠、双暗刻、单双杠使用底本的确切数量".
    """
    def two_concealed_pungs(r):
        return sum(1 for _, g in r.pungs if g.concealed) >= 2
    return Mutation(patches=(predicate("two_concealed_pungs", two_concealed_pungs),))


@mutant("seed000 §二.3")
def four_concealed_pungs_exactly_four():
    """四暗刻 needs exactly four concealed pungs: five concealed pungs score no 四暗刻.

    seed000 §二.3: "四暗刻、四杠解释为至少四副，五副时各仍只计一次".
    """
    def four_concealed_pungs(r):
        return sum(1 for _, g in r.pungs if g.concealed) == 4
    return Mutation(patches=(predicate("four_concealed_pungs", four_concealed_pungs),))


@mutant("seed000 §三 四杠")
def four_kongs_exactly_four():
    """四杠 needs exactly four kongs: five kongs score no 四杠.

    seed000 §三 四杠: "至少四副杠；五杠仍只计一次四杠"; §四.6.
    """
    return Mutation(patches=(predicate("four_kongs", lambda h: len(h.kongs) == 4),))


@mutant("seed000 §四.6")
def kong_counts_as_tile_hog():
    """The four tiles of a kong count as 四归一.

    seed000 §四.6: "杠牌不能被当成四归一"; §三 四归一 "每一种未作杠的牌".
    """
    return Mutation(patches=(predicate("tile_hog", lambda h: sum(1 for n in h.counts if n == 4)),))


@mutant("seed000 §三 明暗杠")
def concealed_and_melded_kong_as_two_melded_kongs():
    """One exposed and one concealed kong score 双明杠 (4) instead of 明暗杠 (5).

    seed000 §三 明暗杠: "恰好两副杠，一明一暗"; §三 双明杠 "恰好两副杠且均为明杠".
    """
    def two_melded_kongs(h):
        return len(h.kongs) == 2 and any(k.exposed for k in h.kongs)
    return Mutation(patches=(predicate("two_melded_kongs", two_melded_kongs),
                             predicate("concealed_and_melded_kong", lambda h: False)))


@mutant("seed000 §三 碰碰和")
def kong_is_not_a_pung():
    """A kong is not counted as a pung (碰碰和, 暗刻, 三同刻 … look at pungs of three only).

    seed000 §三 碰碰和 "五副均为刻子或杠"; §三 三同刻 "刻杠"; xinbian 第三章 17, 25.
    """
    return Mutation(patches=(mock.patch.object(Group, "is_pung", property(lambda g: g.kind == PUNG)),))


@mutant("seed000 §三 碰碰和")
def all_pungs_with_four_pungs():
    """碰碰和 with four pungs (the 13-tile definition) although the fifth set is a chow.

    seed000 §三 碰碰和: "五副均为刻子或杠，再加一对将"; §二.2.
    """
    def all_pungs(r):
        return r.is_standard and sum(1 for g in r.sets if g.is_pung) >= 4
    return Mutation(patches=(predicate("all_pungs", all_pungs),))


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
        if isinstance(case_input, dict):
            prevalent, seat = case_input.get("prevalent_wind", "E"), case_input.get("seat_wind", "E")
            case_input = dict(case_input, prevalent_wind=seat, seat_wind=prevalent)
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


# --------------------------------------------------------------------------- tile content

@mutant("seed000 §三 清一色")
def tile_content_ignores_kongs():
    """The tile-content fans (清一色, 断幺, 五门齐, 缺一门, 无字 …) look at every tile except the kongs.

    seed000 §三 (清一色, 断幺, …): "检查全部十七张及杠牌，不能挑选十四张成立".
    """
    def without_kongs(h):
        counts = list(h.standing)
        for meld in h.melds:
            if not meld.is_kong:
                for t in meld.tiles:
                    counts[t] += 1
        tile_set = frozenset(t for t, n in enumerate(counts) if n)
        numbered = [t for t in tile_set if T.is_numbered(t)]
        return {"tile_set": tile_set, "suits": frozenset(T.suit_of(t) for t in numbered),
                "numbers": frozenset(T.number_of(t) for t in numbered),
                "has_honours": len(numbered) < len(tile_set)}
    return Mutation(patches=(hand_facts(without_kongs),))


@mutant("seed000 §三 大于五")
def upper_four_includes_five():
    """大于五 is read as "five and above": tiles 5–9 only.

    xinbian 第七章 36: "由序数牌 6、7、8、9 组成的和牌"; seed000 §三 大于五.
    """
    return Mutation(patches=(predicate("upper_four", lambda h: not h.has_honours and h.numbers <= {5, 6, 7, 8, 9}),))



@mutant("seed000 §三 五门齐")
def all_types_any_honour():
    """五门齐 needs the three suits and any honour (winds or dragons, not both).

    seed000 §三 五门齐; xinbian 第七章 51: 三种花色的序数牌、风牌、箭牌.
    """
    return Mutation(patches=(predicate("all_types", lambda h: len(h.suits) == 3 and h.has_honours),))


@mutant("seed000 §三 缺一门")
def one_voided_suit_with_one_suit():
    """缺一门 also holds when only one suit is present.

    seed000 §三 缺一门; xinbian 第七章 75: 序数牌只包含两种花色.
    """
    return Mutation(patches=(predicate("one_voided_suit", lambda h: 1 <= len(h.suits) <= 2),))


@mutant("seed000 §三 混一色")
def half_flush_all_honours():
    """混一色 is counted for a hand of honours only.

    xinbian 第七章 49 (序数牌只包含一种花色); 第七章 1 例 (大四喜、字一色 152: no 混一色); R-016.
    """
    return Mutation(patches=(predicate("half_flush", lambda h: h.has_honours and len(h.suits) <= 1),))


@mutant("seed000 §三 全带幺")
def outside_hand_ignores_pair():
    """全带幺 looks at the five sets only, not at the pair.

    seed000 §三 全带幺: "五副面子及将牌每一组都含幺九牌或字牌".
    """
    def outside_hand(r):
        return r.is_standard and all(any(T.is_terminal_or_honour(t) for t in g.tiles) for g in r.sets)
    return Mutation(patches=(predicate("outside_hand", outside_hand),))


@mutant("seed000 §二.2")
def outside_hand_on_knitted():
    """全带幺 on a 组合龙 reading whose two sets and pair hold terminals or honours.

    seed000 §二.2: "全带幺…等条件检查整手"; docs/rulings.md R-005.
    """
    def outside_hand(r):
        return (r.shape in ("standard", "knitted")
                and all(any(T.is_terminal_or_honour(t) for t in g.tiles) for g in r.groups()))
    return Mutation(patches=(predicate("outside_hand", outside_hand),))


@mutant("seed000 §二.2")
def all_fives_on_knitted():
    """全带五 on a 组合龙 reading whose two sets and pair each hold a 5.

    seed000 §二.2 (全手条件); §三 全带五 "五副面子及将牌每一组都含五"; docs/rulings.md R-005.
    """
    def all_fives(r):
        return (r.shape in ("standard", "knitted")
                and all(any(not T.is_honour(t) and T.number_of(t) == 5 for t in g.tiles) for g in r.groups()))
    return Mutation(patches=(predicate("all_fives", all_fives),))


@mutant("seed000 §二.2")
def all_even_pungs_on_knitted():
    """全双刻 on a 组合龙 reading whose two sets are even pungs with an even pair.

    seed000 §三 全双刻 "五副刻杠及将牌全部由偶数序数牌组成"; docs/rulings.md R-005.
    """
    def all_even_pungs(r):
        return (r.shape in ("standard", "knitted") and all(g.is_pung for g in r.sets)
                and all(not T.is_honour(g.tile) and T.number_of(g.tile) % 2 == 0 for g in r.groups()))
    return Mutation(patches=(predicate("all_even_pungs", all_even_pungs),))


@mutant("seed000 §三 平和")
def all_chows_honour_pair():
    """平和 with an honour pair.

    seed000 §三 平和 / §二.2: "普通型五副均为顺子、将牌为数牌".
    """
    def all_chows(r):
        return r.shape in ("standard", "knitted") and all(g.is_chow for g in r.sets) and r.pair is not None
    return Mutation(patches=(predicate("all_chows", all_chows),))


@mutant("seed000 §二.2")
def all_chows_standard_shape_only():
    """平和 is never given to a 组合龙 hand whose two other sets are chows with a numbered pair.

    seed000 §二.2: "组合龙型须另外两副均为顺子且将为数牌"; §三 平和.
    """
    def all_chows(r):
        return (r.is_standard and all(g.is_chow for g in r.sets)
                and r.pair is not None and not T.is_honour(r.pair.tile))
    return Mutation(patches=(predicate("all_chows", all_chows),))


@mutant("seed000 §三 全大")
def upper_four_beside_upper_tiles():
    """大于五 is counted beside 全大.

    xinbian 第七章 25 全大 "不计大于五"; seed000 §三 全大 "其余定义和排除按底本".
    """
    return Mutation(patches=(unexclude("upper_tiles", "upper_four"),))


@mutant("seed000 §三 断幺")
def all_simples_with_honours():
    """断幺 only checks the numbered tiles, so honours are allowed.

    xinbian 第七章 68: 由序数牌 2–8 组成的和牌; seed000 §三 断幺.
    """
    return Mutation(patches=(predicate("all_simples", lambda h: bool(h.suits) and h.numbers <= set(range(2, 9))),))


# --------------------------------------------------------------------------- combinations

@mutant("seed000 §二.5")
def all_big_combinations():
    """Every 3-/4-chow fan and pung-sequence fan that holds is counted (no one-big-combination limit).

    seed000 §二.5: "一色四节高、一色三节高及所有四顺子／三顺子番种全局至多取一个".
    """
    return Mutation(patches=(attribute("gb16.reference.scoring.BIG_COMBINATION", ()),))


@mutant("seed000 §二.5")
def first_big_combination():
    """The first big combination found is taken instead of the one giving the highest total.

    seed000 §二.5: "至多取一个，选择总分最高的组合".
    """
    return Mutation(patches=(attribute("gb16.reference.scoring.big_combination_choices",
                                       lambda candidates: _REF["choices"](candidates)[:1]),))


@mutant("seed000 §二.5")
def pung_sequences_outside_big_combination():
    """一色四节高 and 一色三节高 are left out of the one-big-combination group (both may count).

    seed000 §二.5: "一色四节高、一色三节高及所有四顺子／三顺子番种全局至多取一个".
    """
    group = tuple(f for f in combination.BIG_COMBINATION
                  if f not in ("four_pure_shifted_pungs", "pure_shifted_pungs"))
    return Mutation(patches=(attribute("gb16.reference.scoring.BIG_COMBINATION", group),))


@mutant("seed000 §二.6")
def chow_pairs_plain_cap():
    """Chow-pair fans are every related pair, capped at 4 (2 beside a 三顺子 fan), without the cycle rule.

    seed000 §二.6: "每增加一个连接最多计1分，不允许同一圈关系重复计分"; docs/rulings.md R-001 (B).
    """
    def chow_links(chows, big):
        group = set(big[1]) if big is not None else set()
        links, terminal_used = [], False
        for (i, a), (j, b) in combinations(chows, 2):
            fan_id = combination.relation(a, b)
            if not fan_id or (i in group and j in group) or (fan_id == TWO_TERMINAL_CHOWS and terminal_used):
                continue
            terminal_used |= fan_id == TWO_TERMINAL_CHOWS
            links.append((fan_id, i, j))
        links.sort(key=lambda link: (table.ORDER[link[0]], link[1], link[2]))
        return links[:2 if big is not None and big[0] in THREE_CHOW_FANS else 4]
    return Mutation(patches=(attribute("gb16.reference.scoring.chow_links", chow_links),))


@mutant("seed000 §二.6")
def chow_pairs_inside_big_combination():
    """The three chows of a counted 三顺子 fan still form chow-pair fans among themselves.

    seed000 §二.6: "已计入三顺子大番的三副视为一个整体，其内部不再计双顺子".
    """
    return Mutation(patches=(attribute("gb16.reference.scoring.chow_links",
                                       lambda chows, big: _REF["chow_links"](chows, None)),))


@mutant("seed000 §二.5")
def fifth_chow_links_beside_four_chow_fan():
    """Beside a 四顺子 fan the fifth chow may still form a chow-pair fan with the four.

    seed000 §二.5: "四顺子番种成立时全手不计双顺子番种，包含第五顺子".
    """
    pair_fans = combination.CHOW_PAIR_FANS
    return Mutation(patches=tuple(unexclude(f, *pair_fans) for f in FOUR_CHOW_FANS))


@mutant("seed000 §二.6")
def terminal_chows_outside_link_budget():
    """老少副 is counted for every 123/789 pair of one suit, outside the chow-pair link budget.

    seed000 §二.6: "老少副依底本只能计一次" and every link counts within the forest of relations.
    """
    def chow_links(chows, big):
        links = _REF["chow_links"](chows, big)
        group = set(big[1]) if big is not None else set()
        for (i, a), (j, b) in combinations(chows, 2):
            if not (i in group and j in group) and REGISTRY[TWO_TERMINAL_CHOWS].func(a, b):
                links.append((TWO_TERMINAL_CHOWS, i, j))
        return links
    return Mutation(patches=(attribute("gb16.reference.combination.CHOW_PAIR_FANS",
                                       combination.CHOW_PAIR_FANS[:3]),
                             attribute("gb16.reference.scoring.chow_links", chow_links),
                             fan_record(TWO_TERMINAL_CHOWS, repeatable=True)))


@mutant("seed000 §三 一色四步高")
def four_shifted_chows_unequal_steps():
    """一色四步高 accepts steps of 1 and 2 mixed (e.g. 123 234 456 567).

    xinbian 第七章 16: "序数依次递增 1 或 2 的四副顺子，递增数均相同".
    """
    def four_pure_shifted_chows(r):
        found = []
        for chosen in combinations(r.chows, 4):
            starts = sorted(g.number for _, g in chosen)
            if len({g.suit for _, g in chosen}) == 1 and all(b - a in (1, 2) for a, b in zip(starts, starts[1:])):
                found.append(tuple(i for i, _ in chosen))
        return found
    return Mutation(patches=(predicate("four_pure_shifted_chows", four_pure_shifted_chows),))


@mutant("seed000 §三 三色三步高")
def mixed_shifted_chows_step_two():
    """三色三步高 also accepts a step of 2 (e.g. 123m 345p 567s).

    xinbian 第七章 50: "分属三种花色、序数依次递增 1 的三副顺子".
    """
    def mixed_shifted_chows(r):
        found = []
        for chosen in combinations(r.chows, 3):
            starts = sorted(g.number for _, g in chosen)
            steps = {b - a for a, b in zip(starts, starts[1:])}
            if len({g.suit for _, g in chosen}) == 3 and len(steps) == 1 and steps <= {1, 2}:
                found.append(tuple(i for i, _ in chosen))
        return found
    return Mutation(patches=(predicate("mixed_shifted_chows", mixed_shifted_chows),))


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


# --------------------------------------------------------------------------- readings

@mutant("seed000 §二")
def first_reading():
    """The first legal reading found is scored instead of the reading with the highest total.

    seed000 §二: "存在多种拆牌、面子组合或和牌张归属时，取一个合法解释的最高总分".
    """
    return Mutation(patches=(attribute("gb16.reference.best", lambda interps: interps[0]),))


@mutant("seed000 §二")
def fans_mixed_across_readings():
    """The fans of the two best-scoring readings are pooled (each fan at its larger count).

    seed000 §二: "不得将不同解释的番种拼在一起".
    """
    def best(interps):
        ranked = sorted(interps, key=scoring.preference_key)
        first = ranked[0]
        second = next((i for i in ranked[1:] if i.fans != first.fans), None)
        if second is None:
            return first
        fans = dict(first.fans)
        for fan_id, occs in second.fans.items():
            if len(occs) > len(fans.get(fan_id, ())):
                fans[fan_id] = occs
        return rebuilt(first, fans)
    return Mutation(patches=(attribute("gb16.reference.best", best),))


# --------------------------------------------------------------------------- the input contract

@mutant("seed000 §二.7")
def no_four_copy_limit():
    """A fifth copy of a tile is accepted instead of the error too_many_copies.

    seed000 §二.7: "实际和牌与动作许可仍严格限制每种四枚"; docs/contract.md (Errors).
    """
    return Mutation(patches=(attribute("gb16.reference.hand._check_copies", lambda counts: None),))


@mutant("docs/contract.md Errors")
def invalid_tile_reported_as_notation():
    """A tile that does not exist (0m, 8z) is reported as invalid_notation instead of invalid_tile.

    docs/contract.md (Errors): invalid_tile is "a well-formed tile that does not exist".
    """
    def after(result, _):
        if _error_code(result) == "invalid_tile":
            result = {"ok": False, "error": dict(result["error"], code="invalid_notation")}
        return result
    return Mutation(after=after)


@mutant("docs/rulings.md R-014")
def flags_not_validated():
    """Flags that cannot hold together are scored instead of giving inconsistent_flags.

    docs/rulings.md R-014, R-006; xinbian 第四章 6; seed000 §三 抢杠和, 杠上开花, 和绝张.
    """
    return Mutation(patches=(attribute("gb16.reference.hand._check_flags", lambda hand: None),))


@mutant("docs/contract.md Input")
def unknown_fields_ignored():
    """Unknown input fields are silently ignored instead of giving invalid_input.

    docs/contract.md (Input): "Unknown fields are an error (invalid_input), never ignored".
    """
    def before(case_input):
        if isinstance(case_input, dict):
            case_input = {k: v for k, v in case_input.items() if k in FIELDS}
        return case_input
    return Mutation(before=before)


# =========================================================================== kill table

def names() -> list[str]:
    return list(MUTANTS)


def get(name: str) -> Mutant:
    try:
        return MUTANTS[name]
    except KeyError:
        raise KeyError(f"no mutant {name!r}; `python -m gb16.tools.mutants.catalogue --list` lists them") from None


def corpus_outcomes(m: Mutant, cases: list[dict], timeout: float = 60.0,
                    stop_after: int | None = None) -> tuple[list[str], list[str]]:
    """``(killed, broken)``: the ids of the corpus cases the mutant fails — a valid result
    that differs from the expectation, judged exactly as ``gb16 certify`` judges
    (gb16.tools.harness.certify.run_case) — and of those where it errs, crashes or times out.

    A mutant that breaks is not killed, it is broken: its planted mistake was never
    compared (e.g. a patch that no longer fits the reference).  With ``stop_after``, the
    scan stops at that many kills."""
    from gb16.tools.harness.certify import run_case
    from gb16.tools.harness.implementations import PythonImplementation
    from gb16.tools.harness.runlog import FAILING
    impl = PythonImplementation(m.scorer, m.scorer.gb16_metadata, f"python:{__name__}:{m.name}")
    metadata = impl.start()
    killed, broken = [], []
    for seq, case in enumerate(cases, 1):
        record, _ = run_case(impl, case, metadata, {}, timeout, seq)
        if record["status"] == "fail":
            killed.append(case["id"])
            if stop_after is not None and len(killed) >= stop_after:
                break
        elif record["status"] in FAILING:
            broken.append(case["id"])
    return killed, broken


def corpus_kills(m: Mutant, cases: list[dict], timeout: float = 60.0, stop_after: int | None = None) -> list[str]:
    """The ids of the corpus cases that kill the mutant (see :func:`corpus_outcomes`)."""
    return corpus_outcomes(m, cases, timeout, stop_after)[0]


def mutant_scorer(m: Mutant):
    """The mutant as a gb16.properties scorer, with its reading API when it has one."""
    from gb16.properties.scorers import Scorer
    return Scorer(f"mutant {m.name}", m.scorer, explain=m.scorer.explain,
                  score_interpretation=m.scorer.score_interpretation)


def property_kills(m: Mutant, profile: str = "ci", only: list[str] | None = None) -> dict:
    """Run the Hypothesis properties (or those named in ``only``) against the mutant: which
    fail (FAIL) and which broke (error)."""
    from gb16.properties.runner import run_all
    began = time.monotonic()
    rows = run_all(profile, mutant_scorer(m), only=only)
    failed = [r["name"] for r in rows if r["result"] == "FAIL"]
    broken = [r["name"] for r in rows if r["result"] == "error"]
    first = next((r for r in rows if r["result"] == "FAIL"), None)
    return {"profile": profile, "killed": bool(failed), "failed": failed, "errors": broken,
            "first_violation": (first["counterexample"] or {}).get("violation") if first else None,
            "seconds": round(time.monotonic() - began, 1)}


def kill_row(m: Mutant, cases: list[dict], properties: str | None = None, first: int = 5) -> dict:
    """One row of the kill table."""
    from gb16.tools.harness.corpus import case_variant
    began = time.monotonic()
    killers, broken = corpus_outcomes(m, cases)
    variant_of = {case["id"]: case_variant(case) for case in cases}
    gb16_killers = [k for k in killers if variant_of[k] == "gb16"]
    row = {"mutant": m.name, "clause": m.clause, "mistake": m.mistake,
           "cases": len(cases), "killed_by_corpus": bool(killers), "corpus_kills": len(killers),
           "gb16_kills": len(gb16_killers), "gb13_kills": len(killers) - len(gb16_killers),
           "first_kills": (gb16_killers + [k for k in killers if k not in gb16_killers])[:first],
           "broken_on": len(broken), "first_broken": broken[:first],
           "corpus_seconds": round(time.monotonic() - began, 2), "properties": None}
    if properties:
        row["properties"] = property_kills(m, properties)
    # the generic row fields gb16.tools.reports.compliance shows for an optional part (name, result, ok, …)
    killed_by = f"killed by {len(killers)} case(s)" if killers else "SURVIVES the corpus"
    if broken:
        killed_by += f"; BROKEN on {len(broken)} case(s)"
    if row["properties"] is not None:
        p = row["properties"]
        killed_by += "; properties: " + (", ".join(p["failed"]) if p["killed"] else "survives")
    row.update({"name": m.name, "result": killed_by, "ok": bool(killers) and not broken,
                "detail": ", ".join(killers[:first]) or m.mistake,
                "seconds": round(time.monotonic() - began, 2)})
    return row


def _row_for(args: tuple) -> dict:
    name, cases, properties, first = args
    return kill_row(get(name), cases, properties, first)


def kill_table(corpus=None, properties: str | None = None, only: list[str] | None = None,
               first: int = 5, jobs: int = 1, progress: Callable[[str], None] | None = None) -> list[dict]:
    """For every mutant (or those in ``only``): which corpus cases kill it and, when
    ``properties`` names a profile (``"ci"``), whether the Hypothesis properties kill it.

    ``corpus`` is a corpus folder as for ``gb16 certify --corpus`` (None: the installed one).
    Returns one dict per mutant: mutant, clause, mistake, cases, killed_by_corpus,
    corpus_kills (of which gb16_kills and gb13_kills), first_kills (the first ``first``
    ids, gb16 cases first), corpus_seconds and properties (None, or {profile, killed,
    failed, errors, first_violation, seconds}); and, for gb16.tools.reports.compliance's optional
    parts, name, result, ok (killed by the corpus and never broken), detail and seconds.
    ``jobs`` > 1 spreads the mutants over that many processes (each gets the cases read once here).
    """
    from gb16.tools.harness.corpus import load_corpus
    chosen = [get(n).name for n in only] if only else names()
    loaded = load_corpus(corpus)
    if jobs > 1 and len(chosen) > 1:
        import concurrent.futures
        import multiprocessing
        work = [(n, loaded.cases, properties, first) for n in chosen]
        rows: dict[str, dict] = {}
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(max_workers=jobs, mp_context=context) as pool:
            futures = {pool.submit(_row_for, w): w[0] for w in work}
            for future in concurrent.futures.as_completed(futures):
                rows[futures[future]] = future.result()
                if progress:
                    progress(f"{len(rows)}/{len(chosen)} {futures[future]}")
        return [rows[n] for n in chosen]
    out = []
    for k, n in enumerate(chosen, 1):
        if progress:
            progress(f"{k}/{len(chosen)} {n}")
        out.append(kill_row(get(n), loaded.cases, properties, first))
    return out


def report_rows(corpus=None, properties: str | None = "ci", jobs: int = 2,
                progress: Callable[[str], None] | None = None) -> list[dict]:
    """The kill table as the rows of ``gb16 report``'s mutant part: corpus and properties.

    A row passes (``ok``) when the corpus kills the mutant and the mutant never breaks; the
    properties are shown beside it (a mutant they miss is a gap in the property suite, not
    a failure of the reference).  With the ci profile the properties cost about 10 s of CPU
    per mutant; ``properties=None`` leaves them out.
    """
    return kill_table(corpus, properties=properties, jobs=jobs, progress=progress)


def format_kill_table(rows: list[dict]) -> str:
    from tabulate import tabulate
    table_rows = []
    for r in rows:
        p = r.get("properties")
        shown = "—" if p is None else ("killed: " + ", ".join(p["failed"]) if p["killed"] else
                                       "survives" + (f" (errors: {', '.join(p['errors'])})" if p["errors"] else ""))
        table_rows.append([r["mutant"], r["clause"], r["corpus_kills"], r["gb16_kills"],
                           ", ".join(r["first_kills"][:2]) or "SURVIVES", shown])
    killed = sum(r["killed_by_corpus"] for r in rows)
    text = tabulate(table_rows, headers=["mutant", "clause", "kills", "gb16", "first killing cases", "properties"],
                    tablefmt="simple")
    text += f"\n\n{killed} of {len(rows)} mutants killed by the corpus"
    text += f" ({sum(r['gb16_kills'] > 0 for r in rows)} by its gb16 cases alone)"
    with_props = [r for r in rows if r.get("properties")]
    if with_props:
        text += (f"; {sum(r['properties']['killed'] for r in with_props)} of {len(with_props)} by the properties "
                 f"({with_props[0]['properties']['profile']} profile)")
    broken = [r["mutant"] for r in rows if r["broken_on"]]
    if broken:
        text += f"\nBROKEN (the mutant errs or crashes on some cases): {', '.join(broken)}"
    return text


# =========================================================================== the protocol

def serve(name: str, stdin=None, stdout=None) -> int:
    """Speak the harness protocol (corpus/schema/protocol/) on stdin/stdout as mutant ``name``."""
    import traceback
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    m = get(name)

    def reply(message: dict) -> None:
        stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            print(f"mutants --serve: a request that is not JSON: {line[:200]!r}", file=sys.stderr)
            continue
        cmd = request.get("cmd") if isinstance(request, dict) else None
        if cmd == "start":
            reply(m.scorer.gb16_metadata)
        elif cmd == "score":
            try:
                reply({"seq": request["seq"], "result": m.scorer(request.get("input"))})
            except Exception:
                reply({"seq": request.get("seq"), "errored": True, "context": traceback.format_exc(limit=8)})
        elif cmd == "stop":
            return 0
        else:
            print(f"mutants --serve: unknown request {line[:200]!r}", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gb16.tools.mutants.catalogue",
        description="Mutant scorers: the reference with one planted mistake each, and their kill table.")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--list", action="store_true", help="list the mutants with their clause and mistake")
    action.add_argument("--serve", metavar="NAME", help="speak the harness protocol as mutant NAME")
    action.add_argument("--kill-table", action="store_true",
                        help="which corpus cases (and properties) kill each mutant")
    parser.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the installed corpus)")
    parser.add_argument("--properties", metavar="PROFILE", nargs="?", const="ci",
                        help="also run the Hypothesis properties against each mutant (default profile ci)")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="only these mutants")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="processes for the kill table")
    parser.add_argument("--json", action="store_true", help="JSON output")
    args = parser.parse_args(argv)

    if args.list:
        if args.json:
            print(json.dumps([{"mutant": m.name, "clause": m.clause, "mistake": m.mistake}
                              for m in MUTANTS.values()], ensure_ascii=False, indent=1))
        else:
            from tabulate import tabulate
            print(tabulate([[m.name, m.clause, m.mistake] for m in MUTANTS.values()],
                           headers=["mutant", "clause", "mistake"], tablefmt="simple"))
        return 0
    if args.serve:
        if args.serve not in MUTANTS:
            print(f"mutants: no mutant {args.serve!r} (see --list)", file=sys.stderr)
            return 2
        return serve(args.serve)
    unknown = [n for n in args.only or [] if n not in MUTANTS]
    if unknown:
        print(f"mutants: no mutant {', '.join(map(repr, unknown))} (see --list)", file=sys.stderr)
        return 2
    if args.properties:
        from gb16.properties.profiles import PROFILES
        if args.properties not in PROFILES:
            print(f"mutants: unknown properties profile {args.properties!r} ({', '.join(PROFILES)})",
                  file=sys.stderr)
            return 2
    if args.jobs < 1:
        print("mutants: --jobs must be at least 1", file=sys.stderr)
        return 2
    from gb16.tools.harness.protocol import HarnessError
    progress = (lambda msg: print(f"\r{msg}".ljust(80)[:100], end="", file=sys.stderr, flush=True)) \
        if sys.stderr.isatty() else None
    try:
        rows = kill_table(args.corpus, properties=args.properties, only=args.only, jobs=args.jobs,
                          progress=progress)
    except HarnessError as exc:
        print(f"mutants: {exc}", file=sys.stderr)
        return 2
    if progress:
        print("\r" + " " * 80 + "\r", end="", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        print(format_kill_table(rows))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
