"""A table document — a title, sections of paragraphs, tables, lists and code, one flat table
for CSV and the data for JSON — rendered as plain text, Markdown, CSV, HTML or JSON
(``gb16 table … --format``, gb16.tools.commands.table).

Every value is plain text (or :class:`Code`, a hand or a command shown as code); each format
does its own escaping, and control and bidirectional characters become visible escapes first
(:func:`~gb16.tools.common.safe_text.printable`):

* ``text`` — for a terminal: no markup at all; tables laid out with tabulate and wrapped to
  ``width`` columns (a :class:`Code` cell or a column marked ``keep`` is never broken, so an id
  or a command can be pasted whole; no line breaks inside an id, a fan name or a hand), or row
  after row when a table cannot fit (:func:`vertical_table`);
* ``md`` — GitHub Markdown: every cell made inert (gb16.tools.reports.markdown.cell), code as a
  code span whose fence is longer than any backtick run inside, ``|`` escaped in tables;
* ``csv`` — RFC 4180 through the csv module, the document's one flat table, after a UTF-8
  byte-order mark (:data:`BOM`; a spreadsheet then reads the Chinese as UTF-8) unless asked not
  to; a cell that a spreadsheet would take for a formula (``=``, ``+``, ``@``, ``-`` before a
  non-number) starts with ``'``;
* ``html`` — one self-contained page (inline CSS, no script), every table in a box of its own
  that scrolls sideways on a narrow screen;
* ``json`` — the document's data, as the commands have always written it.
"""

from __future__ import annotations

import csv
import html
import io
import json
import re
from dataclasses import dataclass, field
from typing import Any

from tabulate import tabulate
from wcwidth import wcswidth

from gb16.tools.reports import markdown
from gb16.tools.reports.section import Section
from gb16.tools.common.safe_text import printable

FORMATS = ("text", "md", "csv", "html", "json")
#: Terminal width the text format wraps to unless told otherwise.
WIDTH = 100


@dataclass(frozen=True)
class Code:
    """A value shown as code (a hand in the notation, a ``gb16 explain`` line): monospaced in
    HTML, a code span in Markdown, never wrapped in text."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass
class Table:
    """A rectangular table; ``keep``: the columns the text format never breaks (ids)."""

    headers: list[str]
    rows: list[list[Any]]
    keep: tuple[int, ...] = ()


@dataclass
class Document:
    title: str
    sections: list[Section] = field(default_factory=list)
    flat: Table | None = None        # what --format csv writes
    data: Any = None                 # what --format json writes
    intro: list[str] = field(default_factory=list)   # paragraphs under the title


def plain(value: Any) -> str:
    """A cell's text: ``—`` for nothing, numbers as written, never a Python repr of a container."""
    if value is None:
        return "—"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, (list, tuple)):
        return ", ".join(plain(v) for v in value) or "—"
    if isinstance(value, dict):
        return ", ".join(f"{k} {plain(v)}" for k, v in value.items()) or "—"
    return printable(str(value))


def render(document: Document, fmt: str, width: int = WIDTH, bom: bool = True) -> str:
    """*document* in *fmt* (one of :data:`FORMATS`), ending with a newline; CSV starts with a
    byte-order mark unless *bom* is false."""
    if fmt == "text":
        return render_text(document, width)
    if fmt == "md":
        return render_markdown(document)
    if fmt == "csv":
        return render_csv(document, bom)
    if fmt == "html":
        return render_html(document)
    if fmt == "json":
        return json.dumps(document.data, ensure_ascii=False, indent=1) + "\n"
    raise ValueError(f"unknown format {fmt!r} (one of {', '.join(FORMATS)})")


def only(formats: str | tuple[str, ...], block: tuple) -> tuple:
    """*block* shown only in *formats* (e.g. a table's full-input column, too wide for a
    terminal, where the text format shows the same inputs as commands instead)."""
    return ("only", (formats,) if isinstance(formats, str) else tuple(formats), block)


def blocks(section: Section, fmt: str) -> list[tuple]:
    """The blocks of *section* shown in *fmt*."""
    return [b[2] if b[0] == "only" else b for b in section.blocks if b[0] != "only" or fmt in b[1]]


def _tables(section: Section):
    return [b for b in blocks(section, "csv") if b[0] == "table"]


# --------------------------------------------------------------------------- text

def _width(text: str) -> int:
    return max((max(wcswidth(line), len(line)) for line in text.split("\n")), default=0)


#: Where a line may break: after a space or a comma-like mark, and between two CJK characters
#: (which need no spaces between words) — never at a hyphen, an underscore or a slash, so that an
#: id (``nine-gates-no-terminal-pung``, ``big_four_winds``), a case id or a path stays whole.
_WIDE = "\u2e80-\u9fff\uff00-\uffef\u3000-\u303f"
_NO_BREAK_BEFORE = "，、；。：！？）》」』”’…"   # never at the start of a line
_BREAKS = re.compile(rf"(?<=[ ，、；。,;])|(?<=[{_WIDE}])(?=[{_WIDE}])(?![{_NO_BREAK_BEFORE}])")
#: A wrapped column given fewer display columns than this (and fewer than its text needs) makes a
#: table hard to read: the rows are laid out one after another instead (:func:`vertical_table`).
MIN_WRAPPED = 24


def _wrap(text: str, width: int) -> str:
    """*text* wrapped to *width* display columns (CJK characters count two)."""
    if width <= 0 or _width(text) <= width:
        return text
    out = []
    for line in text.split("\n"):
        current = ""
        for word in _BREAKS.split(line):
            while _width(word) > width:             # a long word: cut it where the width ends
                cut = 1
                while cut < len(word) and _width(current + word[:cut + 1]) <= width:
                    cut += 1
                if current and _width(current + word[:cut]) > width:
                    out.append(current.rstrip())
                    current = ""
                    continue
                out.append((current + word[:cut]).rstrip())
                current, word = "", word[cut:]
            if _width(current + word) > width and current:
                out.append(current.rstrip())
                current = word.lstrip()
            else:
                current += word if current else word.lstrip()
        out.append(current.rstrip())
    return "\n".join(out)


def text_table(headers: list[str], rows: list[list[Any]], width: int = WIDTH, keep: tuple[int, ...] = ()) -> str:
    """A table for a terminal, wrapped to about *width* columns: the widest wrappable columns
    give up room first, down to their longest word; :class:`Code` cells and *keep* columns whole.
    When that cannot fit, or would leave a wrapped column narrower than :data:`MIN_WRAPPED`, the
    rows are laid out one after another (:func:`vertical_table`)."""
    cells = [[plain(v) for v in row] for row in rows]
    heads = plain_heads = [plain(h) for h in headers]
    if not cells:
        return "(none)"
    n = len(heads)
    natural = [max([_width(heads[i])] + [_width(r[i]) for r in cells]) for i in range(n)]
    fixed = {i for i in range(n) if i in keep or all(isinstance(r[i], Code) or isinstance(r[i], (int, float))
                                                     for r in rows)}
    limits = list(natural)
    # a column is narrowed down to its longest word (at most 60 columns: ids stay whole), never below 6
    floor = [max(6, min(60, max(_width(w.strip()) for r in [heads] + cells for w in _BREAKS.split(r[i]))))
             for i in range(n)]
    # tabulate pads every column to at least its header + 2 (MIN_PADDING); between columns: 2
    # spaces (simple) or 3 characters (simple_grid, which also has its two borders)
    budget = width - 2 * (n - 1) if sum(natural) <= width - 2 * (n - 1) else width - 5 * n - 1
    while sum(limits) > budget:
        wrappable = [i for i in range(n) if i not in fixed and limits[i] > floor[i]]
        if not wrappable:
            break
        widest = max(wrappable, key=lambda i: limits[i])
        limits[widest] -= 1
    cramped = any(limits[i] < natural[i] and limits[i] < MIN_WRAPPED for i in range(n) if i not in fixed)
    if sum(limits) > budget or cramped:
        return vertical_table(heads, cells, width)
    wrapped = [[_wrap(c, limits[i]) if i not in fixed else c for i, c in enumerate(r)] for r in cells]
    heads = [_wrap(h, limits[i]) if i not in fixed else h for i, h in enumerate(heads)]
    table = tabulate(wrapped, headers=heads, tablefmt="simple", disable_numparse=True)
    if any("\n" in c for r in wrapped for c in r):   # rows of several lines: a blank line between rows
        table = tabulate(wrapped, headers=heads, tablefmt="simple_grid", disable_numparse=True)
    if _width(table) > width:   # tabulate's padding made it wider than the room it was given
        return vertical_table(plain_heads, cells, width)
    return table


def vertical_table(heads: list[str], cells: list[list[str]], width: int) -> str:
    """A table too wide for *width* columns, row after row: the short cells as ``header value``
    pairs joined by `` · `` (a pair is never split; a line takes as many as fit), then the cells
    of each column of long text on lines of their own, ``header: text`` wrapped and indented; a
    blank line between rows."""
    # a column of long text that can wrap (a description) is laid out on lines of its own in every row
    wide = {i for i in range(len(heads))
            if any(_width(r[i]) > max(32, width // 3) and _BREAKS.search(r[i]) for r in cells)}
    records = []
    for row in cells:
        pairs, long = [], []
        for i, (head, cell) in enumerate(zip(heads, row)):
            pair = f"{head} {cell}".strip() if head else cell
            (long if i in wide or "\n" in cell else pairs).append((head, cell, pair))
        lines, current = [], ""
        for _, _, pair in pairs:
            joined = f"{current} · {pair}" if current else pair
            if current and _width(joined) > width:
                lines.append(current)
                current = "  " + pair              # the same row, continued
            else:
                current = joined
        if current:
            lines.append(current)
        for head, cell, _ in long:
            text = f"{head}: {cell}" if head else cell
            lines += ["  " + line for line in _wrap(text, width - 2).split("\n")]
        records.append("\n".join(lines))
    return ("\n\n" if any("\n" in r for r in records) else "\n").join(records)


def render_text(document: Document, width: int = WIDTH) -> str:
    lines = [printable(document.title), "=" * min(width, _width(document.title)), ""]
    for paragraph in document.intro:
        lines += [_wrap(printable(paragraph), width), ""]
    for section in document.sections:
        if section.title:
            title = printable(section.title)
            lines += [title, "-" * min(width, _width(title)), ""]
        for block in blocks(section, "text"):
            kind = block[0]
            if kind == "p":
                lines += [_wrap(plain(block[1]), width), ""]
            elif kind == "table":
                lines += [text_table(block[1], block[2], width, block[3] if len(block) > 3 else ()), ""]
            elif kind == "pre":
                lines += [printable(block[1]), ""]
            elif kind == "list":
                for item in block[1]:
                    wrapped = _wrap(plain(item), width - 2).split("\n")
                    lines += ["* " + wrapped[0]] + ["  " + more for more in wrapped[1:]]
                lines.append("")
    return "\n".join(lines).rstrip() + "\n"


# --------------------------------------------------------------------------- Markdown

def md_code(text: str, in_table: bool = False) -> str:
    """A code span for *text*: a fence longer than any backtick run inside, a space inside the
    fence when the text starts or ends with a backtick; ``|`` escaped inside a table row."""
    text = printable(" ".join(str(text).split()))
    longest = max((len(run) for run in re.findall(r"`+", text)), default=0)
    fence = "`" * (longest + 1)
    pad = " " if text.startswith("`") or text.endswith("`") or not text.strip() else ""
    span = f"{fence}{pad}{text}{pad}{fence}"
    return span.replace("|", "\\|") if in_table else span


def _md_cell(value: Any, in_table: bool = True) -> str:
    if isinstance(value, Code):
        if "\\" in value.text:   # a backslash before | would undo its escape: shown as text instead
            return markdown.cell(value.text)
        return md_code(value.text, in_table)
    return markdown.cell(plain(value))


def md_table(headers: list[str], rows: list[list[Any]]) -> str:
    if not rows:
        return "_(none)_"
    return tabulate([[_md_cell(v) for v in row] for row in rows], headers=[markdown.cell(plain(h)) for h in headers],
                    tablefmt="github", disable_numparse=True)


def render_markdown(document: Document) -> str:
    parts = [f"## {markdown.cell(document.title)}", ""]
    parts += [x for p in document.intro for x in (markdown.cell(p), "")]
    for section in document.sections:
        if section.title:
            parts += [f"### {markdown.cell(section.title)}", ""]
        for block in blocks(section, "md"):
            kind = block[0]
            if kind == "p":
                parts += [_md_cell(block[1], in_table=False), ""]
            elif kind == "table":
                parts += [md_table(block[1], block[2]), ""]
            elif kind == "pre":
                parts += markdown.fenced(block[1]) + [""]
            elif kind == "list":
                parts += [f"* {_md_cell(item, in_table=False)}" for item in block[1]] + [""]
    return "\n".join(parts).rstrip() + "\n"


# --------------------------------------------------------------------------- CSV

_FORMULA = re.compile(r"^(?:[=+@\t\r]|-(?![0-9.]+$))")


def csv_cell(value: Any) -> str | int | float:
    """A CSV field: numbers as they are; text that a spreadsheet would run as a formula
    starts with ``'`` (OWASP's advice for CSV from untrusted data)."""
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return value
    text = plain(value) if not isinstance(value, Code) else printable(value.text)
    return "'" + text if _FORMULA.match(text) else text


#: The UTF-8 byte-order mark a CSV file starts with, so that a spreadsheet reads its Chinese as
#: UTF-8 (Excel takes a CSV without it for the system's code page).
BOM = "\ufeff"


def render_csv(document: Document, bom: bool = True) -> str:
    table = document.flat
    if table is None:   # a document of one table
        tables = [b for s in document.sections for b in _tables(s)]
        table = Table(tables[0][1], tables[0][2]) if tables else Table(["(none)"], [])
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow([csv_cell(h) for h in table.headers])
    writer.writerows([[csv_cell(v) for v in row] for row in table.rows])
    return (BOM if bom else "") + out.getvalue()


# --------------------------------------------------------------------------- HTML

#: The page's style: readable on a phone — each table scrolls inside its own box, long ids break.
HTML_STYLE = """
:root { color-scheme: light; --line: #d0d7de; --muted: #57606a; }
body { font: 15px/1.45 system-ui, -apple-system, "Segoe UI", "Noto Sans CJK SC", "Noto Sans", sans-serif;
       margin: 0 auto; padding: 1rem; max-width: 1200px; color: #1f2328; }
h1 { font-size: 1.4rem; } h2 { font-size: 1.15rem; margin-top: 1.6rem; }
.scroll { overflow-x: auto; max-width: 100%; }
table { border-collapse: collapse; margin: .4rem 0 1rem; }
th, td { border: 1px solid var(--line); padding: .25rem .5rem; text-align: left; vertical-align: top; }
th { background: #f6f8fa; }
td { min-width: 3ch; overflow-wrap: anywhere; }
td.num { text-align: right; font-variant-numeric: tabular-nums; }
code, pre { font-family: ui-monospace, "DejaVu Sans Mono", monospace; font-size: .9em; }
pre { background: #f6f8fa; padding: .6rem; overflow-x: auto; }
td code { white-space: nowrap; }
p, li { overflow-wrap: anywhere; }
"""


def _esc(value: Any) -> str:
    return html.escape(plain(value), quote=True)


def _html_cell(value: Any, tag: str = "td") -> str:
    if isinstance(value, Code):
        return f"<{tag}><code>{html.escape(printable(value.text), quote=True)}</code></{tag}>"
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'<{tag} class="num">{_esc(value)}</{tag}>'
    return f"<{tag}>{_esc(value)}</{tag}>"


def html_table(headers: list[str], rows: list[list[Any]]) -> str:
    if not rows:
        return '<p class="muted">(none)</p>'
    head = "".join(f"<th>{_esc(h)}</th>" for h in headers)
    body = "".join("<tr>" + "".join(_html_cell(v) for v in row) + "</tr>" for row in rows)
    return f'<div class="scroll"><table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table></div>'


def render_html(document: Document) -> str:
    parts = [f"<h1>{_esc(document.title)}</h1>"] + [f"<p>{_esc(p)}</p>" for p in document.intro]
    for section in document.sections:
        parts.append("<section>" + (f"<h2>{_esc(section.title)}</h2>" if section.title else ""))
        for block in blocks(section, "html"):
            kind = block[0]
            if kind == "p":
                parts.append(f"<p>{_html_cell(block[1], 'span') if isinstance(block[1], Code) else _esc(block[1])}</p>")
            elif kind == "table":
                parts.append(html_table(block[1], block[2]))
            elif kind == "pre":
                parts.append(f"<pre>{html.escape(printable(block[1]), quote=True)}</pre>")
            elif kind == "list":
                parts.append("<ul>" + "".join(f"<li>{_esc(i)}</li>" for i in block[1]) + "</ul>")
        parts.append("</section>")
    return ('<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            '<meta name="viewport" content="width=device-width, initial-scale=1">'
            f"<title>{_esc(document.title)}</title><style>{HTML_STYLE}</style></head>\n<body>\n"
            + "\n".join(parts) + "\n</body></html>\n")
