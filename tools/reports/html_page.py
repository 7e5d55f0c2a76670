"""The HTML report of a run: one self-contained file (inline CSS, JavaScript and SVG tiles;
nothing loaded from the network).

It shows the verdict and the counts, a case table with the hand drawn as tiles and the
expected result, the actual result and the verdict side by side, client-side filters by
status, area and fan, the per-area, per-fan and per-clause tables, and a section quoting
every cited clause (corpus/clauses.json) that the citations link to.
"""

from __future__ import annotations

import hashlib
import html
import json
import re
from pathlib import Path
from typing import Any

from gb16.tools.harness import provenance
from gb16.tools.harness.compare import fans_involved
from gb16.tools.reports.case_text import diff_lines, input_summary
from gb16.tools.reports.hand_display import parse_hand_for_display, tile_glyph, tile_name
from gb16.tools.reports.section import Section
from gb16.tools.reports.summary import Summary, Tally
from gb16.tools.harness.runlog import FAILING, STATUSES
from gb16.tools.safe_text import printable

TEMPLATES = Path(__file__).resolve().parent / "templates"


def esc(value: Any) -> str:
    """Text made inert in HTML (element content and quoted attributes alike).

    Everything that comes from an implementation or a run log — names, versions, messages,
    offending lines, fan ids, case fields — is shown through this, never as markup; control
    and bidirectional characters become visible escapes first (:func:`printable`)."""
    return html.escape("—" if value is None else printable(str(value)), quote=True)


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

_SUIT_COLOURS = {"m": "#b42318", "p": "#1d4ed8", "s": "#15803d"}
_HONOUR_FACES = {1: ("E", "#1f2328"), 2: ("S", "#1f2328"), 3: ("W", "#1f2328"), 4: ("N", "#1f2328"),
                 5: ("C", "#b42318"), 6: ("P", "#1d4ed8"), 7: ("F", "#15803d")}


def tile_symbols() -> str:
    """One SVG <symbol> per tile: a face with the rule page's notation (digit + suit, or the
    honour letter of docs/contract.md), so it renders without any mahjong or CJK font."""
    symbols = []
    frame = '<rect x="1" y="1" width="28" height="38" rx="4" fill="#fbf8ef" stroke="#8c8c8c" stroke-width="1.2"/>'
    for suit in "mps":
        colour = _SUIT_COLOURS[suit]
        for number in range(1, 10):
            symbols.append(
                f'<symbol id="t-{number}{suit}" viewBox="0 0 30 40">{frame}'
                f'<text x="15" y="22" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" '
                f'font-size="19" font-weight="700" fill="{colour}">{number}</text>'
                f'<text x="15" y="35" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" '
                f'font-size="10" fill="{colour}">{suit}</text></symbol>')
    for number, (letter, colour) in _HONOUR_FACES.items():
        extra = ('<rect x="7" y="8" width="16" height="24" fill="none" stroke="#1d4ed8" stroke-width="1.5"/>'
                 if number == 6 else "")
        symbols.append(
            f'<symbol id="t-{number}z" viewBox="0 0 30 40">{frame}{extra}'
            f'<text x="15" y="27" text-anchor="middle" font-family="DejaVu Sans, Arial, sans-serif" '
            f'font-size="17" font-weight="700" fill="{colour}">{letter}</text></symbol>')
    return "\n".join(symbols)


def tile_svg(tile: str) -> str:
    """One tile; its <title> is the tooltip and accessible name (notation, Chinese name, glyph)."""
    if not _known_tile(tile):
        return f"<code>{esc(tile)}</code>"
    return (f'<svg class="tile"><title>{esc(tile)} {esc(tile_name(tile))} {esc(tile_glyph(tile))}</title>'
            f'<use href="#t-{esc(tile)}"/></svg>')


def hand_html(case_input: Any) -> str:
    """The hand as tile groups (standing tiles, exposed melds, concealed kongs), or the raw
    string when it cannot be read (invalid-notation cases)."""
    hand = case_input.get("hand") if isinstance(case_input, dict) else None
    parsed = parse_hand_for_display(hand)
    meta = esc(input_summary(case_input))
    if parsed is None or not all(_known_tile(t) for g in parsed[0] for t in g.tiles):
        raw = json.dumps(hand if hand is not None else case_input, ensure_ascii=False)
        return f'<code>{esc(raw)}</code><div class="hand-meta">{meta}</div>'
    groups, suffix = parsed
    parts = []
    for group in groups:
        title = {"concealed": "standing tiles", "exposed": "exposed meld", "kong": "concealed kong"}[group.kind]
        parts.append(f'<span class="group {group.kind}" title="{title}">'
                     + "".join(tile_svg(t) for t in group.tiles) + "</span>")
    suffix_html = f' <span class="mono">{esc(suffix.strip())}</span>' if suffix else ""
    return (f'<div class="hand">{"".join(parts)}{suffix_html}</div>'
            f'<div class="hand-meta"><code>{esc(hand)}</code>{" · " + meta if meta else ""}</div>')


def _known_tile(tile: Any) -> bool:
    return isinstance(tile, str) and len(tile) == 2 and ((tile[1] in "mps" and tile[0] in "123456789") or (tile[1] == "z" and tile[0] in "1234567"))


# --------------------------------------------------------------------------- results

def _fan_items(fans: dict[str, int], bad: set[str], summary: Summary, claimed: dict[str, Any] | None = None) -> str:
    """A fan list with each fan's points: the table's, or those an answer gives (*claimed*)."""
    if not fans:
        return '<ul class="fanlist"><li class="muted">(no fans)</li></ul>'
    items = []
    for fan_id, count in fans.items():
        points = summary.fans.get(fan_id, {}).get("points")
        if claimed and claimed.get(fan_id) is not None and claimed[fan_id] != points:
            points, bad = claimed[fan_id], bad | {fan_id}
        label = f"{esc(summary.fan_label(fan_id))}{' ×' + esc(count) if count != 1 else ''}"
        label += f" <span class=\"muted\">{esc(points)}</span>" if points is not None else ""
        items.append(f'<li class="{"bad" if fan_id in bad else ""}" title="{esc(fan_id)}">{label}</li>')
    return '<ul class="fanlist">' + "".join(items) + "</ul>"


def _bad_fields(case: dict) -> set[str]:
    return {entry["field"] for entry in case.get("diff", [])}


def expected_html(case: dict, summary: Summary) -> str:
    expected = case.get("expected")
    if expected is None:
        return '<span class="muted">—</span>'
    bad = _bad_fields(case)
    bad_fans = {f.split(".", 1)[1] for f in bad if f.startswith("fans.")}
    label = f'<div class="muted">expectation {esc(case.get("expectation", "A"))}</div>' \
        if case.get("expectation", "A") != "A" else ""
    if "error" in expected:
        return f'{label}<div class="line">error <code>{esc(expected["error"])}</code></div>'
    lines = [_totals_line(expected, bad)]
    if "fans" in expected:
        lines.append(_fan_items(expected["fans"], bad_fans, summary))
    else:
        lines.append('<div class="muted">any one of:</div>' + "".join(
            _fan_items(option, set(), summary) for option in expected["fans_one_of"]))
    if expected.get("absent"):
        lines.append('<div class="muted">absent: ' + esc(", ".join(summary.fan_label(f) for f in expected["absent"])) + "</div>")
    if "waits" in expected:
        lines.append(f'<div class="line{" bad" if "waits" in bad else ""}">waits '
                     + ("".join(tile_svg(t) for t in expected["waits"]) or "(none)") + "</div>")
    return label + "".join(lines)


def _totals_line(result: dict, bad: set[str]) -> str:
    def part(field: str, text: str) -> str:
        return f'<b style="color:var(--fail)">{text}</b>' if field in bad else text
    minimum = "≥8 ✓" if result.get("meets_minimum") else "≥8 ✗"
    return (f'<div class="line">{part("total", "total " + esc(result.get("total")))} · '
            f'{part("fan_points", "fans " + esc(result.get("fan_points")))} · {part("meets_minimum", minimum)}</div>')


def actual_html(case: dict, summary: Summary) -> str:
    actual = case.get("actual")
    bad = _bad_fields(case)
    if isinstance(actual, dict) and actual.get("ok") is False:
        error = actual.get("error") or {}
        return (f'<div class="line">error <code>{esc(error.get("code"))}</code></div>'
                f'<div class="muted">{esc(error.get("message", ""))}</div>')
    if isinstance(actual, dict) and actual.get("ok"):
        fans: dict[str, int] = {}
        for fan in actual.get("fans", []):
            fans[fan["id"]] = fans.get(fan["id"], 0) + fan["count"]
        bad_fans = {f.split(".", 1)[1] for f in bad if f.startswith("fans.")}
        claimed = {f["id"]: f.get("points") for f in actual.get("fans", []) if isinstance(f, dict)}
        out = _totals_line(actual, bad) + _fan_items(fans, bad_fans, summary, claimed)
        if "waits" in (case.get("expected") or {}):
            waits = actual.get("waits")
            out += ('<div class="line">waits ' + ("".join(tile_svg(t) for t in waits) if waits else "(none)") + "</div>")
        return out
    return f'<span class="muted">{esc(case.get("message") or "no result")}</span>'


def verdict_html(case: dict, summary: Summary | None = None) -> str:
    """A case's status, what is wrong with it (its causes, per fan) and the commands that
    reproduce a failure."""
    status = case["status"]
    out = f'<span class="status {esc(status)}">{esc(status)}</span>'
    if case.get("unexpected_pass"):
        out += ' <span class="flag">unexpected pass</span>'
    if status == "known":
        out += f' <span class="muted">({esc(case.get("underlying", "fail"))})</span>'
    causes = summary.causes(case) if summary is not None and status != "pass" else None
    lines = diff_lines(case, causes)
    if summary is not None and status in FAILING:
        lines += summary.repro_lines(case)
    if lines:
        items = []
        for line in lines:
            if line.startswith("offending line: "):
                items.append(f'<li>offending line: <code class="offending">{esc(line[16:])}</code></li>')
            elif line.startswith("reproduce ("):
                side, _, command = line.partition(": ")
                items.append(f'<li class="info">{esc(side)}: <code class="repro">{esc(command)}</code></li>')
            else:
                info = line.startswith(("known failure", "unexpected pass"))
                items.append(f'<li class="{"info" if info else ""}">{esc(line)}</li>')
        out += '<ul class="diff">' + "".join(items) + "</ul>"
    return out


def cites_html(cites: list[str], clauses: dict) -> str:
    links = []
    for cite in cites:
        if cite in clauses:
            title = clauses[cite].get("title", "")
            links.append(f'<a class="cite" href="#{clause_id(cite)}" title="{esc(title)}">{esc(cite)}</a>')
        else:
            links.append(f'<span class="cite muted" title="not in clauses.json">{esc(cite)}</span>')
    return '<div class="cites">' + "".join(links) + "</div>"


# --------------------------------------------------------------------------- sections

def counts_html(summary: Summary) -> str:
    counts = summary.counts
    tiles = "".join(f'<div class="count-tile {s}"><span class="n">{counts[s]}</span>{s}</div>' for s in STATUSES)
    rows = "".join(f'<tr><td><span class="status {s}">{s}</span></td><td class="num">{counts[s]}</td></tr>'
                   for s in STATUSES)
    rows += f'<tr><td>unexpected pass</td><td class="num">{counts["unexpected_pass"]}</td></tr>'
    rows += f'<tr><th>total</th><th class="num">{counts["total"]}</th></tr>'
    return (f'<div class="tiles-summary">{tiles}</div>'
            f'<table id="summary-table" class="summary"><thead><tr><th>status</th><th class="num">cases</th></tr>'
            f'</thead><tbody>{rows}</tbody></table>')


def meta_html(summary: Summary) -> str:
    header = summary.header
    corpus, git, impl = header.get("corpus", {}), header.get("git", {}), summary.impl
    options = ", ".join(f"{k}={v}" for k, v in header.get("options", {}).items() if v not in (None, [], False))
    rows = [
        ("implementation", esc(summary.impl_label()) + _url_html(impl.get("url"))),
        ("variants", esc(", ".join(impl.get("variants", [])))),
        ("rulings", esc(summary.declared_rulings())),
        ("connected as", f'<code>{esc(header.get("impl_spec"))}</code>'),
        ("corpus", f'{esc(corpus.get("version"))} · <code>{esc(corpus.get("hash"))}</code> · {esc(corpus.get("cases"))} cases'),
        ("gb16 revision", f'<code>{esc(git.get("revision") or "unknown")}</code>{" (modified)" if git.get("dirty") else ""}'),
        ("options", esc(options)),
        ("started", esc(header.get("started"))),
        ("finished", esc((summary.log.footer or {}).get("finished", "(not finished)"))),
        ("run log", f'<code>{esc(summary.log.path.name)}</code> · <code>{esc(summary.runlog_sha256)}</code>'),
    ]
    body = "".join(f"<tr><th>{esc(k)}</th><td>{v}</td></tr>" for k, v in rows)
    notes = []
    if summary.progress_note():
        notes.append(f'<div class="note">{esc(summary.progress_note())}</div>')
    for warning in summary.warnings:
        notes.append(f'<div class="note">warning: {esc(warning)}</div>')
    return f'<table class="meta">{body}</table>' + "".join(notes)


def _url_html(url: Any) -> str:
    if url is None:
        return ""
    if safe_url(url):
        return f' · <a href="{esc(url)}" rel="noopener noreferrer nofollow">{esc(url)}</a>'
    return f' · <span class="muted" title="not an http(s) URL, so not a link">{esc(url)}</span>'


def tally_table(name: str, tallies: dict[str, Tally], label=None, link_attr: str | None = None,
                extra_cols: tuple = (), href=None) -> str:
    """A table of tallies; rows link to the case filter (*link_attr*) or to *href(key)*."""
    head = f"<tr><th>{esc(name)}</th>" + "".join(f"<th>{esc(c)}</th>" for c, _ in extra_cols) + \
        "".join(f'<th class="num">{h}</th>' for h in ("cases", "pass", "failed", "known", "skipped", "pass rate")) + "</tr>"
    rows = []
    for key, tally in tallies.items():
        text = esc(label(key) if label else key)
        if link_attr:
            text = f'<a href="#cases" {link_attr}="{esc(key)}">{text}</a>'
        elif href and href(key):
            text = f'<a href="{esc(href(key))}">{text}</a>'
        extra = "".join(f"<td>{esc(fn(key))}</td>" for _, fn in extra_cols)
        failed = f'<b style="color:var(--fail)">{tally.failed}</b>' if tally.failed else "0"
        rows.append(f"<tr><td>{text}</td>{extra}<td class='num'>{tally.total}</td><td class='num'>{tally.counts['pass']}</td>"
                    f"<td class='num'>{failed}</td><td class='num'>{tally.counts['known']}</td>"
                    f"<td class='num'>{tally.counts['skipped']}</td><td class='num'>{tally.rate()}</td></tr>")
    if not rows:
        return '<p class="muted">(none)</p>'
    return f'<table class="tally"><thead>{head}</thead><tbody>{"".join(rows)}</tbody></table>'


def filters_html(summary: Summary) -> str:
    boxes = "".join(f'<label><input type="checkbox" class="status-filter" value="{s}" checked> {s}</label>'
                    for s in STATUSES)
    areas = "".join(f'<option value="{esc(a)}">{esc(a)}</option>' for a in sorted(summary.by_area))
    fans = "".join(f'<option value="{esc(f)}">{esc(summary.fan_label(f))}</option>' for f in summary.by_fan)
    return (f'<div class="filters" role="search">{boxes}'
            f'<label>area <select id="area-filter"><option value="">all</option>{areas}</select></label>'
            f'<label>fan <select id="fan-filter"><option value="">all</option>{fans}</select></label>'
            f'<label><input type="search" id="text-filter" placeholder="search id, hand, text…"></label>'
            f'<button type="button" class="linkish" id="only-problems">only problems</button>'
            f'<button type="button" class="linkish" id="show-all">reset</button>'
            f'<span id="shown-count" class="muted"></span></div>')


def failures_html(summary: Summary) -> str:
    """The failures first: grouped by cause with counts, each group linking to its cases, then
    protocol violations and what was not compared."""
    parts = []
    groups = summary.failure_groups()
    if groups:
        rows = []
        for group in groups:
            links = " ".join(f'<a href="#{esc(case_anchor(i))}">{esc(i)}</a>' for i in group.ids[:8])
            more = f' <span class="muted">… and {len(group.ids) - 8} more</span>' if len(group.ids) > 8 else ""
            rows.append(f'<tr><td class="num">{group.count}</td><td>{esc(group.signature)}</td>'
                        f'<td class="ids">{links}{more}</td></tr>')
        parts.append(f'<p>{len(summary.failures())} failing cases, by cause (a case with two causes is counted in '
                     f'both). The case table below shows only the problems; <em>reset</em> shows every case.</p>'
                     f'<div class="scroll"><table class="data groups"><thead><tr><th class="num">cases</th>'
                     f'<th>cause</th><th>cases</th></tr></thead><tbody>{"".join(rows)}</tbody></table></div>')
    if summary.log.violations:
        items = "".join(f'<li>during <a href="#{esc(case_anchor(str(v.get("case"))))}">{esc(v.get("case"))}</a> '
                        f'(request {esc(v.get("seq"))}): {esc(v.get("message"))}'
                        + (f'<code class="offending">{esc(v.get("offending_line"))}</code>' if v.get("offending_line") else "")
                        + "</li>" for v in summary.log.violations[:50])
        parts.append(f'<h3>Protocol violations: {len(summary.log.violations)}</h3><p>Output out of step with the '
                     f'requests; never taken as a case\'s answer; the implementation was restarted each time.</p>'
                     f'<ul class="violations">{items}</ul>')
    if summary.not_compared_text():
        parts.append(f'<div class="note">{esc(summary.not_compared_text())}</div>')
    return "".join(parts)


def cases_html(summary: Summary) -> str:
    rows = []
    for case in summary.cases:
        fans = " ".join(sorted(fans_involved(case.get("expected"))))
        rows.append(
            f'<tr class="case" id="{esc(case_anchor(case["id"]))}" data-status="{esc(case["status"])}" '
            f'data-area="{esc(case.get("area", ""))}" data-fans="{esc(fans)}">'
            f'<td><a class="case-id" href="#{esc(case_anchor(case["id"]))}">{esc(case["id"])}</a>'
            f'<div class="desc">{esc(case.get("description", ""))}</div>'
            f'<div class="muted">{esc(case.get("area", ""))} · {esc(case.get("tier", ""))}'
            f'{" · " + esc(", ".join(case["rulings"])) if case.get("rulings") else ""}</div>'
            f'{cites_html(case.get("cites", []), summary.clauses)}</td>'
            f'<td>{hand_html(case.get("input"))}</td>'
            f'<td class="result">{expected_html(case, summary)}</td>'
            f'<td class="result">{actual_html(case, summary)}</td>'
            f'<td>{verdict_html(case, summary)}</td></tr>')
    start = "problems" if summary.failures() or summary.unexpected_passes() else "all"
    return (f'<table id="case-table" class="cases" data-start="{start}"><thead><tr><th>case</th><th>hand</th>'
            f'<th>expected</th><th>actual</th><th>verdict</th></tr></thead><tbody>{"".join(rows)}</tbody></table>')


def clauses_html(summary: Summary) -> str:
    items = []
    for anchor in summary.by_clause:
        clause = summary.clauses.get(anchor)
        if not clause:
            continue
        tally = summary.by_clause[anchor]
        items.append(f'<dt id="{clause_id(anchor)}">{esc(anchor)} — {esc(clause.get("title", ""))} '
                     f'<span class="muted">({tally.counts["pass"]}/{tally.judged} passed)</span></dt>'
                     f'<dd class="quote">{esc(clause.get("quote", ""))}</dd>')
    return f'<dl class="clauses">{"".join(items)}</dl>' if items else '<p class="muted">(no clause cited)</p>'


def section_html(section: Section) -> str:
    status = (f' <span class="status {esc(section.status)}">{esc(section.status)}</span>'
              if section.status else "")
    parts = [f'<section id="{esc(section.id)}"><h2>{esc(section.title)}{status}</h2>']
    for block in section.blocks:
        kind = block[0]
        if kind == "p":
            parts.append(f"<p>{esc(block[1])}</p>")
        elif kind == "pre":
            parts.append(f"<pre>{esc(block[1])}</pre>")
        elif kind == "list":
            parts.append("<ul>" + "".join(f"<li>{esc(i)}</li>" for i in block[1]) + "</ul>")
        elif kind == "table":
            headers, rows = block[1], block[2]
            if not rows:
                parts.append('<p class="muted">(none)</p>')
                continue
            head = "".join(f"<th>{esc(h)}</th>" for h in headers)
            body = "".join("<tr>" + "".join(_cell(v) for v in row) + "</tr>" for row in rows)
            parts.append(f'<table class="data"><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>')
    parts.append("</section>")
    return "".join(parts)


def _cell(value: Any) -> str:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'<td class="num">{esc(value)}</td>'
    if value in ("pass", "fail", "error", "unavailable", "known", "skipped", "timeout", "crash"):
        return f'<td><span class="status {esc(value)}">{esc(value)}</span></td>'
    return f"<td>{esc(value)}</td>"


# --------------------------------------------------------------------------- page

def render(summary: Summary, title: str | None = None, sections: list[Section] = (),
           lead: list[Section] = ()) -> str:
    """The whole page.  *lead* sections come first, *sections* (the compliance report's)
    after the run's tables, then the case table and the quoted clauses."""
    title = title or f"gb16 certification: {summary.impl_label()}"
    fan_points = lambda f: summary.fans.get(f, {}).get("points", "")
    clause_title = lambda a: summary.clauses.get(a, {}).get("title", "(not in clauses.json)")
    blocks = [
        ("summary", "Summary", meta_html(summary) + counts_html(summary)),
        ("by-area", "By area", tally_table("area", dict(sorted(summary.by_area.items())),
                                           link_attr="data-set-area")),
        ("by-tier", "By tier", tally_table("tier", summary.by_tier)),
        ("by-fan", "By fan", tally_table("fan", summary.by_fan, label=summary.fan_label,
                                         link_attr="data-set-fan", extra_cols=(("points", fan_points),))),
        ("by-clause", "By clause", tally_table("clause", summary.by_clause, extra_cols=(("title", clause_title),),
                                               href=lambda a: "#" + clause_id(a) if a in summary.clauses else None)),
    ]
    problems = failures_html(summary)
    if problems:   # the page opens on the failures
        blocks.insert(0, ("failures", "Failures", problems))
    first = [s for s in summary.sections if s.id == "differential"]   # a random run's classes lead
    body = [section_html(s) for s in [*lead, *first]]
    body += [f'<section id="{sid}"><h2>{esc(head)}</h2>{content}</section>' for sid, head, content in blocks]
    sections = [*(s for s in summary.sections if s not in first), *sections]
    body += [section_html(s) for s in sections]
    body.append(f'<section id="cases"><h2>Cases</h2>{filters_html(summary)}{cases_html(summary)}</section>')
    body.append(f'<section id="clauses"><h2>Clauses cited</h2>{clauses_html(summary)}</section>')
    toc_items = [(s.id, s.title) for s in [*lead, *first]] + [(sid, head) for sid, head, _ in blocks] + [(s.id, s.title) for s in sections] + \
        [("cases", "Cases"), ("clauses", "Clauses")]
    toc = "".join(f'<a href="#{esc(sid)}">{esc(head)}</a>' for sid, head in toc_items)
    verdict = f'<div class="verdict {esc(summary.verdict.key)}">Verdict: {esc(summary.verdict.text)}</div>'
    template = (TEMPLATES / "report.html").read_text(encoding="utf-8")
    values = {
        "title": esc(title), "css": (TEMPLATES / "report.css").read_text(encoding="utf-8"),
        "js": (TEMPLATES / "report.js").read_text(encoding="utf-8"), "tile_symbols": tile_symbols(),
        "verdict": verdict, "toc": toc, "body": "\n".join(body), "gb16_version": esc(provenance.gb16_version()),
        "runlog_name": esc(summary.log.path.name), "runlog_sha256": esc(summary.runlog_sha256),
    }
    # One pass, so that text inside a value is never taken for a placeholder.
    return re.sub(r"\{\{(\w+)\}\}", lambda m: values[m.group(1)], template)
