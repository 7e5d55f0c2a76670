"""The human text of ``gb16 score``, ``gb16 explain`` and ``gb16 waits``: what a referee reads.

Everything is named by its tiles — a set is ``123m``, never "set 1"; a big combination is
``一色三同顺 on 123m 123m 123m`` — and every shape is drawn, gb13's special shapes (七对,
十三幺, 全不靠) included.  Readings that read the same once named by their tiles (the same
sets, fans and total — e.g. 一色三同顺 on three of four identical chows) are shown once,
with how many there are.  Where a tie between readings decides, the rule that decided it is
said in words (:mod:`gb16.reference.explanation`) and quoted from the rulings installed
with the package (:func:`ruling_decision`).
"""

from __future__ import annotations

import re

from tabulate import tabulate

from gb16 import docs
from gb16.reference import table
from gb16.reference import tiles as T
from gb16.reference.hand import command_arguments
from gb16.reference.notation import parse_hand

#: The rule page's names of the shapes that are not five sets and a pair.
SHAPE_NAMES = {"knitted": "组合龙", "seven_pairs": "七对", "thirteen_orphans": "十三幺",
               "honours_knitted": "全不靠"}


# -- tiles ----------------------------------------------------------------------------------

def _tiles(notation: str) -> list[int]:
    return list(parse_hand(notation).standing)


def glyphs(notation: str) -> str:
    return "".join(T.glyph(t) for t in _tiles(notation))


def glyph(tile_name: str) -> str:
    return glyphs(tile_name)


# -- one interpretation ---------------------------------------------------------------------

def pieces(interp: dict) -> list[tuple[str, str, bool]]:
    """``(notation, bracket, holds the win)`` for every piece of the reading, in order:
    the 组合龙, the sets, the pair — or the pairs of 七对, or the fourteen tiles of 十三幺 / 全不靠."""
    shape = interp["shape"]
    win = interp["win_tile"]
    if shape == "seven_pairs":
        marked = False
        out = []
        for p in interp.get("pairs", []):
            holds = not marked and _tiles(p)[0] == _tiles(win)[0]
            marked |= holds
            out.append((p, "", holds))
        return out
    if shape in ("thirteen_orphans", "honours_knitted"):
        return [(interp["tiles"], "", False)]
    out = []
    if interp.get("knitted"):
        out.append((interp["knitted"]["tiles"], "<>", interp["knitted"]["win"]))
    for s in interp["sets"]:
        bracket = "[]" if s["exposed"] else "{}" if s["kind"] == "kong" else ""
        out.append((s["tiles"], bracket, s["win"]))
    if interp.get("pair"):
        out.append((interp["pair"]["tiles"], "", interp["pair"]["win"]))
    return out


def _wrap(text: str, bracket: str) -> str:
    return f"{bracket[0]}{text}{bracket[1]}" if bracket else text


def _special_note(interp: dict) -> str:
    if interp["shape"] in ("seven_pairs", "thirteen_orphans", "honours_knitted"):
        return f"   ({SHAPE_NAMES[interp['shape']]}, winning tile {interp['win_tile']})"
    return ""


def render_interpretation(interp: dict) -> str:
    """The reading as glyphs: [exposed] {concealed kong} <组合龙> standing, the winning group marked *."""
    parts = [_wrap(glyphs(n), b) + ("*" if w else "") for n, b, w in pieces(interp)]
    prefix = f"{SHAPE_NAMES[interp['shape']]}: " if interp["shape"] in ("seven_pairs", "thirteen_orphans",
                                                                        "honours_knitted") else ""
    return prefix + "  ".join(parts)


def render_notation(interp: dict) -> str:
    """The reading in the notation, the winning group marked *."""
    return " ".join(_wrap(n, b) + ("*" if w else "") for n, b, w in pieces(interp)) + _special_note(interp)


def set_names(interp: dict, indices) -> str:
    """Sets by their tiles: ``123m 123m 123m`` (``[123m]`` when exposed)."""
    sets = interp["sets"]
    return " ".join(_wrap(sets[i]["tiles"], "[]" if sets[i]["exposed"] else "") for i in indices)


def big_combination_text(interp: dict) -> str | None:
    big = interp.get("big_combination")
    if not big:
        return None
    return f"{table.fan(big['fan']).zh} on {set_names(interp, big['sets'])}"


def chow_links_text(interp: dict) -> str | None:
    links = interp.get("chow_links") or []
    if not links:
        return None
    return ", ".join(f"{table.fan(l['fan']).zh} {set_names(interp, l['sets']).replace(' ', '+')}" for l in links)


def combination_lines(interp: dict) -> list[str]:
    """The big combination (§二.5) and the chow-pair links (§二.6) of a reading, a line each
    when there are any."""
    lines = []
    big = big_combination_text(interp)
    if big:
        lines.append(f"big combination (§二.5): {big}")
    links = chow_links_text(interp)
    if links:
        lines.append(f"chow-pair links (§二.6): {links}")
    return lines


def fan_table(fans: list[dict]) -> str:
    """The fans with their points and the clauses each rests on (corpus/fans.json ``cites``)."""
    rows = [(f["name"], f["en"], f["points"], f["count"], f["points"] * f["count"], "; ".join(fan_clauses(f["id"])))
            for f in fans]
    return tabulate(rows, headers=("番种", "fan", "points", "×", "subtotal", "clause"), tablefmt="simple")


def fan_clauses(fan_id: str) -> list[str]:
    """The clauses a fan rests on: its definition in the base rulebook and the rule page's line
    (``["xinbian 第七章 1", "seed000 §三 大四喜"]``; ``gb16 docs`` and corpus/clauses.json quote them)."""
    return list(table.fan(fan_id).cites) if fan_id in table.ORDER else []


def clauses_of(fans: list[dict]) -> dict[str, list[str]]:
    """fan id → the clauses it rests on, for the JSON of ``score`` and ``explain``."""
    return {f["id"]: fan_clauses(f["id"]) for f in fans}


# -- results --------------------------------------------------------------------------------

def format_error(result: dict) -> str:
    e = result["error"]
    return f"error {e['code']}: {e['message']}"


def format_result(result: dict) -> str:
    if not result["ok"]:
        return format_error(result)
    interp = result["interpretation"]
    lines = [render_interpretation(interp), render_notation(interp), "", fan_table(result["fans"]), ""]
    flowers = f" + flowers {result['flower_points']}" if result["flower_points"] else ""
    lines.append(f"fan points {result['fan_points']}{flowers} = total {result['total']}"
                 f"   ({'meets' if result['meets_minimum'] else 'BELOW'} the 8-point minimum)")
    lines.extend(combination_lines(interp))
    lines.append(f"waits (§二.7): {' '.join(result['waits'])}")
    return "\n".join(lines)


def not_counted_line(entries: list[dict]) -> str:
    """``不计 (held, not counted): 自摸 by 不求人 (xinbian 第七章 56); …`` — a reading's 不计 list."""
    parts = [f"{e['name']}" + (f"×{e['count']}" if e["count"] > 1 else "")
             + (f" by {e['by']['name']}" if e["by"] else "") + f" ({e['rule']})" for e in entries]
    return "不计 (held, not counted): " + "; ".join(parts)


def _same_key(reading: dict) -> tuple:
    """What a referee sees of a reading: equal keys read the same."""
    i = reading["interpretation"]
    return (render_notation(i), big_combination_text(i), chow_links_text(i),
            tuple((f["id"], f["count"]) for f in reading["fans"]), reading["total"])


def merged_readings(readings: list[dict]) -> list[tuple[dict, int]]:
    """``(reading, how many read the same)``, in the order of the first of each."""
    groups: dict[tuple, list] = {}
    for r in readings:
        groups.setdefault(_same_key(r), [r, 0])[1] += 1
    return [(r, n) for r, n in groups.values()]


def format_explanation(report: dict) -> str:
    out = []
    merged = merged_readings(report["readings"])
    ties = False
    for k, (r, n) in enumerate(merged, 1):
        mark = "CHOSEN" if r["chosen"] else "      "
        same = f"  ({n} readings, identical by their tiles)" if n > 1 else ""
        out.append(f"[{k}] {mark}  total {r['total']}{same}  —  {r['why']}")
        ties |= not r["chosen"] and r["total"] == merged[0][0]["total"] and "R-011" in r["why"]
        interp = r["interpretation"]
        out.append("    " + render_interpretation(interp))
        out.append("    " + render_notation(interp))
        out.extend("    " + line for line in combination_lines(interp))
        out.extend("    " + line for line in fan_table(r["fans"]).splitlines())
        if r.get("not_counted"):
            out.append("    " + not_counted_line(r["not_counted"]))
        out.append("")
    if ties:
        out.append(f"R-011 {quote('R-011')}")
        out.append("")
    waits = report["waits"]
    out.append(f"formal waits of the hand before the win (§二.7): {' '.join(waits)}"
               + ("  — single wait" if len(waits) == 1 else "  — not a single wait: no 边张/嵌张/单钓将"))
    return "\n".join(out)


# -- a case input as a command line ---------------------------------------------------------

def explain_command(case_input) -> str | None:
    """The ``gb16 explain`` line that scores ``case_input`` as it is, for a shell
    (:func:`gb16.reference.hand.command_arguments`); None when the input has no hand string."""
    arguments = command_arguments(case_input)
    return None if arguments is None else f"gb16 explain {arguments}"


# -- the rulings, as installed --------------------------------------------------------------

def ruling_decision(ruling_id: str) -> str | None:
    """The first sentence of the **Decision.** of a ruling or note, from the rulings installed
    with the package (gb16.docs), as plain text; None if there is none."""
    try:
        text = docs.ruling(ruling_id).text
    except (ImportError, KeyError, OSError):
        return None
    m = re.search(r"\*\*Decision\.\*\*\s*(.+?)(?:\n\n|\Z)", text, re.S)
    if not m:
        return None
    para = re.sub(r"\s+", " ", m.group(1).replace("**", "").replace("`", "")).strip()
    first = re.match(r"(.+?\.)(?=\s+[A-Z(*]|$)", para)
    return first.group(1) if first else para


def quote(ruling_id: str) -> str:
    """``(title): “decision”`` for the text output; the title and decision as installed."""
    try:
        title = docs.ruling(ruling_id).title
    except (ImportError, KeyError, OSError):
        title = ""
    title = title.replace(" (normative note)", "").replace(" (convention of the contract)", "")
    decision = ruling_decision(ruling_id)
    return (f"({title})" if title else "") + (f": “{decision}”" if decision else "")
