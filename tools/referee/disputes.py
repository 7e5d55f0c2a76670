"""What is disputed about one hand: the open rulings and edition deltas that change its
result, with the total and fans under each, and the normative notes that decided it
(docs/rulings.md).  ``gb16 explain`` shows it; ``gb16 score``/``explain`` take the rule set
with ``--ruling R-009=A`` (repeatable), ``--edition mcr2006`` and ``--delta NAME``.

    >>> d = for_hand({"hand": "[111z][222z][333z][444z]999m55m", "win_tile": "9m", "win_by": "discard"})
    >>> [(o["option"], o["total"]) for o in d["rulings"][0]["options"]]
    [('A', 94), ('B', 95)]
"""

from __future__ import annotations

from gb16 import docs, reference
from gb16.reference import rules as R
from gb16.reference import table
from gb16.reference.hand import FLAGS
from gb16.reference.rules import Rules, RulesError
from gb16.tools.referee.explain_text import ruling_decision

#: The normative notes and the facts of a scored hand that bring each into play: a fan that
#: counts (or, for R-008, one the note removes), the shape, the wait, the flags.
NOTE_FANS = {
    "R-001": {"pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"},
    "R-003": {"four_concealed_pungs"},
    "R-004": {"melded_hand"},
    "R-007": {"triple_pung", "mixed_shifted_pungs", "pure_straight", "mixed_straight", "pure_shifted_chows"},
    "R-008": {"triple_pung"},
    "R-010": {"edge_wait", "closed_wait", "single_wait"},
    "R-012": {"chicken_hand"},
    "R-016": {"all_honors"},
    "R-017": {"flower_tiles"},
    "R-019": {"nine_gates"},
}


# -- the rule set on the command line -------------------------------------------------------

def add_rule_arguments(p) -> None:
    """``--ruling``, ``--edition``, ``--delta`` for a scoring command (docs/rulings.md)."""
    p.add_argument("--ruling", action="append", default=[], metavar="R-NNN=X",
                   help="follow option X of an open ruling (repeatable), e.g. --ruling R-009=A")
    p.add_argument("--edition", metavar="NAME", help=f"score by another edition: {', '.join(R.EDITIONS)}")
    p.add_argument("--delta", action="append", default=[], metavar="NAME",
                   help="apply one edition delta (repeatable; gb16 table editions lists them)")


def rules_from_args(args) -> Rules:
    """The rule set the arguments ask for; raises :class:`RulesError` with what to fix."""
    return Rules.parse(getattr(args, "ruling", None) or [], getattr(args, "edition", None),
                       getattr(args, "delta", None) or [])


# -- the disputes of one hand ---------------------------------------------------------------

def outcome(result: dict) -> dict:
    """A result reduced to what a dispute compares: the total and the fans (or the error), and whether
    it meets the 8-point minimum (起和, xinbian 第三章 43; an error never does)."""
    if not result.get("ok"):
        return {"error": result["error"]["code"], "total": None, "fans": {}, "meets_minimum": False}
    return {"total": result["total"], "fans": {f["id"]: f["count"] for f in result["fans"]},
            "meets_minimum": result["meets_minimum"]}


def same(a: dict, b: dict) -> bool:
    return a.get("error") == b.get("error") and a["total"] == b["total"] and a["fans"] == b["fans"]


def open_rulings(case_input, rules: Rules | None = None, base: dict | None = None) -> list[dict]:
    """Every open ruling whose options give this hand different results, each option with its
    total and fans (the one in force and the project's marked); ``base`` is the outcome under
    ``rules`` when already known."""
    rules = rules or R.DEFAULT
    base = base or outcome(reference.score(case_input, rules=rules))
    found = []
    for rid, ruling in R.RULINGS.items():
        options, differs = [], False
        for option in ruling["options"]:
            o = base if option == rules.option(rid) else outcome(reference.score(case_input, rules=rules.with_option(rid, option)))
            differs |= not same(o, base)
            options.append({"option": option, "summary": ruling["options"][option]["summary"],
                            "in_force": option == rules.option(rid), "project": option == ruling["default"], **o})
        if differs:
            found.append({"id": rid, "title": ruling["title"], "options": options})
    return found


def disputed_line(rulings: list[dict]) -> str | None:
    """``disputed: R-009 — 94 under A, 95 under B (the project's); gb16 explain for more``, or None."""
    if not rulings:
        return None
    parts = [f"{r['id']} — " + ", ".join(f"{o['total'] if o['total'] is not None else o['error']} under {o['option']}"
                                         + (" (the project's)" if o["project"] else "") for o in r["options"])
             for r in rulings]
    return "disputed: " + "; ".join(parts) + "; gb16 explain for more"


def for_hand(case_input, rules: Rules | None = None) -> dict:
    """The disputes of one hand under ``rules`` (default: the project's reading).

    * ``rulings``: every open ruling whose options give different results, each option with
      its total and fans (the one in force marked);
    * ``deltas``: every edition delta not in force that changes the result, with its source;
    * ``editions``: every edition that changes the result;
    * ``notes``: the normative notes that decided the hand;
    * ``result``: the outcome under ``rules``.
    """
    rules = rules or R.DEFAULT
    base_result = reference.score(case_input, rules=rules)
    base = outcome(base_result)
    out = {"ok": True, "rules": rules.label, "result": base, "rulings": open_rulings(case_input, rules, base),
           "deltas": [], "editions": [], "notes": []}
    for name, delta in R.DELTAS.items():
        if name in rules.deltas:
            continue
        o = outcome(reference.score(case_input, rules=rules.with_deltas([name])))
        if not same(o, base):
            out["deltas"].append({"id": name, "summary": delta["summary"], "source": delta["source"],
                                  "editions": [e for e, ed in R.EDITIONS.items() if name in ed["deltas"]], **o})
    for name, edition in R.EDITIONS.items():
        if name == rules.edition:
            continue
        o = outcome(reference.score(case_input, rules=rules.with_deltas(edition["deltas"])))
        if not same(o, base):
            out["editions"].append({"id": name, "title": edition["title"], **o})
    out["notes"] = decided_by(case_input, base_result)
    return out


def decided_by(case_input, result: dict) -> list[dict]:
    """The normative notes (and contract conventions) of docs/rulings.md this hand rests on."""
    if not result.get("ok"):
        return []
    fans = {f["id"] for f in result["fans"]}
    interp = result.get("interpretation") or {}
    notes = [rid for rid, wanted in NOTE_FANS.items() if fans & wanted]
    if interp.get("shape") == "knitted":
        notes.append("R-005")
    if len(result.get("waits", [])) > 1:
        notes.append("R-010")
    if isinstance(case_input, dict) and any(case_input.get(f) for f in FLAGS):
        notes.append("R-014")
    if _several_readings(case_input):
        notes.append("R-015")
    if isinstance(case_input, dict) and _unstated_wind_pung(case_input, interp):
        notes.append("R-020")
    out = []
    for rid in sorted(set(notes)):
        entry = {"id": rid, "title": _title(rid)}
        decision = ruling_decision(rid)
        if decision:
            entry["decision"] = decision
        out.append(entry)
    return out


def _title(rid: str) -> str:
    """The title of a note as installed with the package (gb16.docs), without its kind."""
    try:
        title = docs.ruling(rid).title
    except KeyError:
        return ""
    return title.replace(" (normative note)", "").replace(" (convention of the contract)", "")


def _unstated_wind_pung(case_input: dict, interp: dict) -> bool:
    """A wind pung in the reading while a wind is not stated (docs/rulings.md R-020)."""
    if "prevalent_wind" in case_input and "seat_wind" in case_input:
        return False
    return any(s.get("kind") in ("pung", "kong") and s["tiles"][-1] == "z" and s["tiles"][0] in "1234"
               for s in interp.get("sets", []))


def _several_readings(case_input) -> bool:
    report = reference.explain(case_input)
    return report.get("ok") and len(report.get("readings", [])) > 1


# -- text -----------------------------------------------------------------------------------

def _fans_text(o: dict) -> str:
    if o.get("error"):
        return f"error {o['error']}"
    return "、".join(table.fan(f).zh + (f"×{n}" if n > 1 else "") for f, n in o["fans"].items())


def render(d: dict) -> str:
    """The disputes as text, for ``gb16 explain``."""
    lines = [f"what is disputed (rules in force: {d['rules']}):"]
    if not (d["rulings"] or d["deltas"] or d["editions"]):
        lines.append("  no open ruling and no edition delta changes this hand")
    for r in d["rulings"]:
        parts = [f"{o['total'] if o['total'] is not None else o['error']} under {o['option']}"
                 + (" (the project's reading)" if o["project"] else "") for o in r["options"]]
        lines.append(f"  {r['id']} ({r['title']}): " + ", ".join(parts))
        for o in r["options"]:
            lines.append(f"      {o['option']}{'*' if o['in_force'] else ' '} {o['summary']}: {_fans_text(o)}")
    for e in d["editions"]:
        lines.append(f"  edition {e['id']}: {e['total'] if e['total'] is not None else e['error']} — {_fans_text(e)}")
    for x in d["deltas"]:
        where = f" [{', '.join(x['editions'])}]" if x["editions"] else ""
        lines.append(f"  delta {x['id']}{where}: {x['total'] if x['total'] is not None else x['error']} — "
                     f"{x['summary']} ({x['source']})")
    if d["notes"]:
        lines.append("decided by these rulings (as installed with gb16):")
        for n in d["notes"]:
            lines.append(f"  {n['id']} {n['title']}".rstrip())
            if n.get("decision"):
                lines.append(f"      “{n['decision']}”")
    return "\n".join(lines)


__all__ = ["add_rule_arguments", "rules_from_args", "open_rulings", "disputed_line", "for_hand", "decided_by", "render", "outcome", "same", "RulesError"]


def explain_with_disputes(case_input, rules: Rules | None = None) -> dict:
    """``reference.explain`` with each reading's 不计 list, plus ``disputes`` (:func:`for_hand`) —
    what ``gb16 explain`` prints."""
    report = reference.explain(case_input, rules=rules, not_counted=True)
    if report.get("ok"):
        report["disputes"] = for_hand(case_input, rules)
    return report
