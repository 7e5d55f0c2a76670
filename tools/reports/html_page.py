"""The HTML report of a run: one self-contained file (inline CSS, JavaScript and SVG tiles;
nothing loaded from the network), from the templates ``report.html`` and ``report_parts.html``
(:mod:`gb16.tools.reports.templating`: autoescaped, every value shown as text).

It shows the verdict and the counts, a case table with the hand drawn as tiles and the
expected result, the actual result and the verdict side by side, client-side filters by
status, area and fan, the per-area, per-fan and per-clause tables, and a section quoting
every cited clause (corpus/clauses.json) that the citations link to.  This module gives the
templates what they lay out; it writes no markup itself.
"""

from __future__ import annotations

import hashlib
import json
import re
from typing import Any

from gb16.tools.harness import provenance
from gb16.tools.harness.compare import fans_involved
from gb16.tools.reports import templating
from gb16.tools.reports.case_text import diff_lines, input_summary
from gb16.tools.reports.hand_display import parse_hand_for_display, tile_glyph, tile_name
from gb16.tools.reports.section import Section
from gb16.tools.reports.summary import Summary
from gb16.tools.harness.runlog import FAILING, STATUSES


def safe_url(value: Any) -> str | None:
    """*value* when it is an absolute ``http``/``https`` URL (the only links a report makes
    from an implementation's metadata), else None — ``javascript:``, ``data:`` and relative
    URLs are shown as text."""
    if not isinstance(value, str) or any(ch.isspace() or ord(ch) < 32 for ch in value):
        return None
    match = re.match(r"(?i)^(https?)://[^/?#\s]+", value)
    return value if match else None


# --------------------------------------------------------------------------- anchors

def clause_id(anchor: str) -> str:
    """A stable HTML id for a clause anchor."""
    return "clause-" + hashlib.sha1(anchor.encode("utf-8")).hexdigest()[:10]


def case_anchor(case_id: str) -> str:
    return "case-" + case_id


# --------------------------------------------------------------------------- tiles

#: The tile faces (report_parts.html ``tile_symbols``): the rule page's notation, digit and suit
#: or the honour letter of docs/contract.md, so that they render without any mahjong or CJK font.
SUIT_COLOURS = {"m": "#b42318", "p": "#1d4ed8", "s": "#15803d"}
HONOUR_FACES = {1: ("E", "#1f2328"), 2: ("S", "#1f2328"), 3: ("W", "#1f2328"), 4: ("N", "#1f2328"),
                5: ("C", "#b42318"), 6: ("P", "#1d4ed8"), 7: ("F", "#15803d")}
_GROUP_TITLES = {"concealed": "standing tiles", "exposed": "exposed meld", "kong": "concealed kong"}


def known_tile(tile: Any) -> bool:
    return isinstance(tile, str) and len(tile) == 2 and ((tile[1] in "mps" and tile[0] in "123456789") or (tile[1] == "z" and tile[0] in "1234567"))


def tile_views(tiles: list[Any]) -> list[tuple[Any, str | None]]:
    """Each tile with its tooltip and accessible name (notation, Chinese name, glyph), or None
    for what is not a tile (shown as code)."""
    return [(t, f"{t} {tile_name(t)} {tile_glyph(t)}" if known_tile(t) else None) for t in tiles]


def hand_view(case_input: Any) -> dict[str, Any]:
    """The hand as tile groups (standing tiles, exposed melds, concealed kongs: ``groups``), or
    the raw input (``raw``, ``groups`` None) when it cannot be read (invalid-notation cases)."""
    hand = case_input.get("hand") if isinstance(case_input, dict) else None
    parsed = parse_hand_for_display(hand)
    meta = input_summary(case_input)
    if parsed is None or not all(known_tile(t) for g in parsed[0] for t in g.tiles):
        raw = json.dumps(hand if hand is not None else case_input, ensure_ascii=False)
        return {"groups": None, "raw": raw, "meta": meta}
    groups, suffix = parsed
    return {"groups": [{"kind": g.kind, "title": _GROUP_TITLES[g.kind], "tiles": tile_views(g.tiles)} for g in groups],
            "suffix": suffix.strip() if suffix else None, "hand": hand, "meta": meta}


# --------------------------------------------------------------------------- results

def fan_items(summary: Summary, fans: dict[str, int], bad: set[str],
              claimed: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """A fan list with each fan's points: the table's, or those an answer gives (*claimed*; a
    fan whose claimed points differ from the table's is marked bad)."""
    items = []
    for fan_id, count in fans.items():
        points = summary.fans.get(fan_id, {}).get("points")
        wrong = fan_id in bad
        if claimed and claimed.get(fan_id) is not None and claimed[fan_id] != points:
            points, wrong = claimed[fan_id], True
        items.append({"id": fan_id, "label": summary.fan_label(fan_id), "count": count, "points": points, "bad": wrong})
    return items


def bad_fields(case: dict) -> set[str]:
    return {entry["field"] for entry in case.get("diff", [])}


def bad_fans(bad: set[str]) -> set[str]:
    return {f.split(".", 1)[1] for f in bad if f.startswith("fans.")}


def answer_fans(actual: dict) -> dict[str, int]:
    """An answer's fans, each with its count summed."""
    fans: dict[str, int] = {}
    for fan in actual.get("fans", []):
        fans[fan["id"]] = fans.get(fan["id"], 0) + fan["count"]
    return fans


def answer_points(actual: dict) -> dict[str, Any]:
    """The points an answer gives each fan."""
    return {f["id"]: f.get("points") for f in actual.get("fans", []) if isinstance(f, dict)}


def verdict_lines(summary: Summary | None, case: dict) -> list[tuple[str, str, str]]:
    """What is wrong with a case (its causes, per fan) and the commands that reproduce a failure:
    ``(kind, text, command)``, kind ``offending``, ``repro``, ``info`` or ``line``."""
    status = case["status"]
    causes = summary.causes(case) if summary is not None and status != "pass" else None
    lines = diff_lines(case, causes)
    if summary is not None and status in FAILING:
        lines += summary.repro_lines(case)
    out = []
    for line in lines:
        if line.startswith("offending line: "):
            out.append(("offending", line[16:], ""))
        elif line.startswith("reproduce ("):
            side, _, command = line.partition(": ")
            out.append(("repro", side, command))
        else:
            out.append(("info" if line.startswith(("known failure", "unexpected pass")) else "line", line, ""))
    return out


def options_text(header: dict) -> str:
    return ", ".join(f"{k}={v}" for k, v in header.get("options", {}).items() if v not in (None, [], False))


# --------------------------------------------------------------------------- page

def render(summary: Summary, title: str | None = None, sections: list[Section] = (),
           lead: list[Section] = ()) -> str:
    """The whole page.  *lead* sections come first, *sections* (the compliance report's)
    after the run's tables, then the case table and the quoted clauses."""
    first = [s for s in summary.sections if s.id == "differential"]   # a random run's classes lead
    leading = [*lead, *first]
    trailing = [*(s for s in summary.sections if s not in first), *sections]
    has_problems = bool(summary.failure_groups() or summary.log.violations or summary.not_compared_text())
    tables = [("summary", "Summary"), ("by-area", "By area"), ("by-tier", "By tier"), ("by-fan", "By fan"),
              ("by-clause", "By clause")]
    if has_problems:   # the page opens on the failures
        tables.insert(0, ("failures", "Failures"))
    toc = [(s.id, s.title) for s in leading] + tables + [(s.id, s.title) for s in trailing] + \
        [("cases", "Cases"), ("clauses", "Clauses")]
    return templating.render(
        "report.html", summary=summary, title=title or f"gb16 certification: {summary.impl_label()}",
        leading=leading, trailing=trailing, has_problems=has_problems, toc=toc,
        by_area=dict(sorted(summary.by_area.items())), statuses=STATUSES,
        gb16_version=provenance.gb16_version(),
        suit_colours=SUIT_COLOURS, honour_faces=HONOUR_FACES,
        # what the templates ask of a case, a fan or a clause
        tile_views=tile_views, hand_view=hand_view,
        fan_items=lambda fans, bad, claimed=None: fan_items(summary, fans, bad, claimed),
        fan_names=lambda ids: ", ".join(summary.fan_label(f) for f in ids),
        bad_fields=bad_fields, bad_fans=bad_fans, answer_fans=answer_fans, answer_points=answer_points,
        verdict_lines=lambda case: verdict_lines(summary, case), options_text=options_text, safe_url=safe_url,
        fans_of=lambda case: " ".join(sorted(fans_involved(case.get("expected")))),
        case_anchor=case_anchor, clause_id=clause_id,
        cited_clauses=lambda: [a for a in summary.by_clause if summary.clauses.get(a)],
        fan_points=lambda f: summary.fans.get(f, {}).get("points", ""),
        clause_title=lambda a: summary.clauses.get(a, {}).get("title", "(not in clauses.json)"),
        clause_href=lambda a: "#" + clause_id(a) if a in summary.clauses else None)
