"""What the referee's page of ``gb16 serve`` shows of one hand, as JSON (the answers of
``/api/explain`` and ``/api/parse``).

Nothing here scores or reads notation on its own: :func:`explain` is ``reference.explain``
(every reading, why each loses — R-011 in words — and the 不计 list of each,
:func:`gb16.reference.scoring.removals`) with the disputes of :mod:`gb16.tools.referee.disputes`, the
readings merged and drawn as :mod:`gb16.tools.referee.explain_text` draws them, and the clause each fan
rests on: its ``cites`` in corpus/fans.json, quoted from corpus/clauses.json.

    >>> view = explain({"hand": "147m 258p 369s 111z 555z 66z，自摸6z"})
    >>> view["result"]["total"], [f["name"] for f in view["not_counted"]]
    (28, ['自摸', '幺九刻'])
"""

from __future__ import annotations

from functools import cache

from gb16 import docs, reference
from gb16.corpus import CLAUSES_PATH
from gb16.reference import jsonlines, table
from gb16.reference import tiles as T
from gb16.reference.errors import InputError
from gb16.reference.notation import parse_hand
from gb16.reference import rules as R
from gb16.reference.rules import Rules
from gb16.tools.referee import disputes
from gb16.tools.referee import explain_text
from gb16.tools.referee import markdown_blocks


@cache
def clauses() -> dict[str, dict]:
    """The clause registry (corpus/clauses.json): anchor → ``{"title", "quote", "source"}``."""
    data = jsonlines.load_file(CLAUSES_PATH)
    return {a["anchor"]: {"title": a["title"], "quote": a["quote"], "source": a["source"]} for a in data["anchors"]}


def fan_detail(entry: dict) -> dict:
    """A fan of a result (id, names, points, count) with what it rests on: the rule page's line for
    it (``gb16_rule``, seed000 §三), the base rulebook's definition and the anchors it cites."""
    f = table.fan(entry["id"])
    return {**entry, "gb16_rule": f.gb16_rule, "definition": f.definition, "cites": list(f.cites)}


def _anchors(rule: str) -> list[str]:
    """The anchors of clauses.json in a ``source`` string such as ``"xinbian 第七章 1; seed000 §二.8"``."""
    return [part.strip() for part in rule.split(";") if part.strip() in clauses()]


def _rulings_in(rule: str) -> list[str]:
    return [part.strip().removeprefix("docs/rulings.md ") for part in rule.split(";")
            if part.strip().startswith("docs/rulings.md R-")]


def _not_counted(entries: list[dict]) -> list[dict]:
    return [{**e, "cites": _anchors(e["rule"]), "rulings": _rulings_in(e["rule"])} for e in entries]


def _pieces(interp: dict) -> list[dict]:
    """The groups of a reading as tiles to draw: ``{"tiles": ["1m", "2m", "3m"], "bracket": "[]", "win": …}``."""
    return [{"tiles": [T.name(t) for t in parse_hand(notation).standing], "bracket": bracket, "win": win}
            for notation, bracket, win in explain_text.pieces(interp)]


def _reading(reading: dict, same: int) -> dict:
    interp = reading["interpretation"]
    return {"chosen": reading["chosen"], "total": reading["total"], "fan_points": reading["fan_points"],
            "why": reading["why"], "same": same,
            "shape": explain_text.SHAPE_NAMES.get(interp["shape"]),
            "notation": explain_text.render_notation(interp), "pieces": _pieces(interp),
            "combinations": explain_text.combination_lines(interp),
            "fans": reading["fans"], "not_counted": _not_counted(reading["not_counted"])}


def _ruling_text(rid: str) -> str:
    try:
        return docs.ruling(rid).text
    except KeyError:
        return ""


def _fan_list(fans: dict[str, int]) -> list[dict]:
    return [{"id": f, "name": table.fan(f).zh, "en": table.fan(f).en, "count": n} for f, n in fans.items()]


def _disputes(case_input, rules: Rules | None) -> dict:
    """:func:`gb16.tools.referee.disputes.for_hand`, each ruling, edition and note with its text in
    docs/rulings.md (``text``, and ``blocks`` to draw it: :mod:`gb16.tools.referee.markdown_blocks`), each outcome's fans with their names (``fan_list``), and ``edition_totals``:
    the total under every edition, the ones that change nothing included."""
    d = disputes.for_hand(case_input, rules)
    for entry in d["rulings"] + d["editions"] + d["notes"]:
        entry["text"] = _ruling_text(entry["id"])
        entry["blocks"] = markdown_blocks.blocks(entry["text"])
    for outcome in [o for r in d["rulings"] for o in r["options"]] + d["editions"] + d["deltas"]:
        outcome["fan_list"] = _fan_list(outcome["fans"])
    rules = rules or R.DEFAULT
    differing = {e["id"]: e for e in d["editions"]}
    page = d["result"] if not rules.deltas else disputes.outcome(reference.score(case_input, rules=Rules(rules.options)))
    d["edition_totals"] = [{"id": "seed000", "title": "the rule page (国标十六张), as this project reads it",
                            "differs": not disputes.same(page, d["result"]), "in_force": not rules.deltas,
                            "total": page["total"], "error": page.get("error")}]
    d["edition_totals"] += [{"id": name, "title": edition["title"], "differs": name in differing,
                             "in_force": name == rules.edition,
                             "total": differing.get(name, d["result"])["total"],
                             "error": differing.get(name, d["result"]).get("error")}
                            for name, edition in R.EDITIONS.items()]
    return d


def explain(case_input, rules: Rules | None = None) -> dict:
    """The page's whole answer for one case input (docs/contract.md), or the contract's error.

    * ``result``: exactly what ``reference.score`` (and ``gb16 score --batch``) answers;
    * ``fans``: the counted fans with their clauses (:func:`fan_detail`);
    * ``not_counted``: the 不计 list of the chosen reading — each fan that held and did not count,
      the fan (``by``) or principle that removed it, and the clause (``rule``, ``cites``);
    * ``readings``: every reading, those identical by their tiles merged (``same``), with its
      total, why it loses, its groups and its own fans and 不计 list;
    * ``waits``: the formal wait set before the win (seed000 §二.7);
    * ``disputes``: :func:`gb16.tools.referee.disputes.for_hand`, each ruling, edition and note with the
      text of its section of docs/rulings.md;
    * ``clauses``: anchor → title and quote, for every anchor cited above.
    """
    report = reference.explain(case_input, rules=rules, not_counted=True)
    if not report["ok"]:
        return report
    result = report["result"]
    readings = [_reading(r, n) for r, n in explain_text.merged_readings(report["readings"])]
    fans = [fan_detail(f) for f in result["fans"]]
    cited = {a for f in fans for a in f["cites"]}
    cited |= {a for r in readings for e in r["not_counted"] for a in e["cites"]}
    return {"ok": True, "result": result, "fans": fans, "not_counted": readings[0]["not_counted"],
            "readings": readings, "waits": report["waits"], "disputes": _disputes(case_input, rules),
            "clauses": {a: clauses()[a] for a in sorted(cited)}}


def parse(data) -> dict:
    """``{"hand": notation}`` read into tiles, for the page to show what was typed (``/api/parse``):
    the melds (``kind``, ``exposed``, ``tiles``), the standing tiles in the order written, and the
    suffix's ``win_tile`` / ``win_by`` (or ``ting``); the contract's error otherwise."""
    if not isinstance(data, dict) or set(data) != {"hand"} or not isinstance(data["hand"], str):
        return {"ok": False, "error": {"code": "invalid_input",
                                       "message": 'give an object with one field, "hand": the notation as a string'}}
    try:
        parsed = parse_hand(data["hand"])
    except InputError as e:
        return e.as_result()
    out = {"ok": True,
           "melds": [{"kind": m.kind, "exposed": m.exposed, "tiles": [T.name(t) for t in m.tiles]} for m in parsed.melds],
           "standing": [T.name(t) for t in parsed.standing],
           "win_tile": T.name(parsed.suffix_win_tile) if parsed.suffix_win_tile is not None else None,
           "win_by": parsed.suffix_win_by}
    if parsed.suffix_ting is not None:
        out["ting"] = T.name(parsed.suffix_ting)
    return out
