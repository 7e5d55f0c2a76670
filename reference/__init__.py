"""gb16.reference — the reference scorer for 国标十六张 (seed000) and standard MCR (xinbian).

    >>> from gb16.reference import score
    >>> r = score({"hand": "111222333444z 123m 55z，点和5z"})
    >>> r["total"], [f["name"] for f in r["fans"]]
    (165, ['大四喜', '四暗刻', '混一色', '全带幺', '门前清', '单钓将'])

The public functions take a case input (a dict, docs/contract.md) and return JSON-ready
dicts; bad input gives ``{"ok": false, "error": {...}}``, never an exception.  The typed API
over them (keyword arguments in, dataclasses out, errors raised) is ``gb16.score``,
``gb16.explain`` and ``gb16.waits`` (docs/api.md).

Where things are decided:

* the notation and the input contract — :mod:`.notation`, :mod:`.hand`;
* winning shapes and the formal wait set — :mod:`.shapes`, :mod:`.readings`;
* each fan's definition — :mod:`.fans` (one predicate per fan);
* which fans exclude which — corpus/fans.json, applied in :mod:`.scoring`;
* one big combination and the chow-pair forest — :mod:`.combination`;
* interpretations, the highest total, ties — :mod:`.scoring`;
* decisions where the texts leave room — docs/rulings.md.
"""

from __future__ import annotations

from typing import Any

from .errors import ERROR_CODES, InputError
from .explanation import why
from .hand import Hand, hand_from_input, waiting_hand_from_input
from .readings import formal_waits, wait_set
from .result import fan_entries, interpretation_json, removal_entries, result_json
from .rules import Rules, RulesError, using
from .scoring import best, interpretations, preference_key, removals
from .tiles import name

__all__ = ["score", "explain", "score_interpretation", "waits", "ERROR_CODES", "InputError",
           "Hand", "hand_from_input", "Rules", "RulesError"]


def score(case_input: Any, rules: Rules | None = None) -> dict[str, Any]:
    """Score one case input; the result contract of docs/contract.md.

    ``rules`` (:class:`~gb16.reference.rules.Rules`) chooses the options of the open rulings
    and the edition deltas of docs/rulings.md; by default the project's reading.
    """
    try:
        hand = hand_from_input(case_input)
        with using(rules):
            return result_json(best(interpretations(hand)), formal_waits(hand))
    except InputError as e:
        return e.as_result()


def explain(case_input: Any, rules: Rules | None = None, *, not_counted: bool = False) -> dict[str, Any]:
    """Every interpretation scored on its own, the chosen one marked, and why the others lose.

    With ``not_counted`` each reading also lists the fans that held but were not counted (不计)
    and what removed each (:func:`~gb16.reference.scoring.removals`).
    """
    with using(rules):
        return _explain(case_input, not_counted)


def _explain(case_input: Any, not_counted: bool = False) -> dict[str, Any]:
    try:
        hand = hand_from_input(case_input)
        interps = sorted(interpretations(hand), key=preference_key)
    except InputError as e:
        return e.as_result()
    waits = formal_waits(hand)
    chosen = interps[0]
    tied = sum(i.total == chosen.total for i in interps) > 1
    readings = []
    for k, interp in enumerate(interps):
        readings.append({
            "interpretation": interpretation_json(interp),
            "description": interp.reading.describe(),
            "fans": fan_entries(interp),
            "fan_points": interp.fan_points,
            "total": interp.total,
            "chosen": k == 0,
            "why": why(interp, chosen, k, tied),
            **({"not_counted": removal_entries(removals(interp))} if not_counted else {}),
        })
    return {"ok": True, "result": result_json(chosen, waits), "readings": readings,
            "waits": [_tile(t) for t in waits]}


def score_interpretation(case_input: Any, interpretation: dict[str, Any], rules: Rules | None = None) -> dict[str, Any]:
    """Score one given interpretation (an ``interpretation`` object of a result) alone."""
    with using(rules):
        return _score_interpretation(case_input, interpretation)


def _score_interpretation(case_input: Any, interpretation: dict[str, Any]) -> dict[str, Any]:
    try:
        hand = hand_from_input(case_input)
        for interp in interpretations(hand):
            if _same_reading(interpretation_json(interp), interpretation):
                return result_json(interp, formal_waits(hand))
        raise InputError("invalid_input", "the interpretation is not a legal reading of this hand")
    except InputError as e:
        return e.as_result()


def waits(case_input: Any, rules: Rules | None = None) -> dict[str, Any]:
    """The formal wait set of a hand given WITHOUT its winning tile (16 tiles in gb16).

    ``case_input`` is ``{"hand": ..., "variant": ...}`` (other fields are allowed but not
    needed).  Returns ``{"ok": true, "waits": [...]}`` (seed000 §二.7); a hand written with
    the rule page's ``听X`` (seed000 §四.5 "1111222s 111m 222p 555z听3s") also gets
    ``"ting": X`` and ``"ting_is_wait"``: whether X is one of the waits.  ``rules`` as for
    :func:`score` (the deltas ``exhausted-tile-no-wait`` and ``seven-pairs-distinct`` change
    the waits).
    """
    try:
        w = waiting_hand_from_input(case_input)
    except InputError as e:
        return e.as_result()
    found = wait_set(w.variant, w.melds, w.standing, rules)
    result = {"ok": True, "variant": w.variant.id, "waits": [_tile(t) for t in found]}
    if w.ting is not None:
        result.update(ting=_tile(w.ting), ting_is_wait=w.ting in found)
    return result


def _tile(t: int) -> str:
    return name(t)


def _same_reading(a: dict[str, Any], b: dict[str, Any]) -> bool:
    keys = ("shape", "sets", "pair", "knitted", "win_in", "big_combination")
    return all(a.get(k) == b.get(k) for k in keys)
