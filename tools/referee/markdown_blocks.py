"""A ruling's Markdown (docs/rulings.md) as plain blocks for a page to draw as text: headings,
paragraphs, list items and preformatted lines, each a list of runs ``{"text", "strong", "em",
"code"}``.  Nothing here is HTML: the page puts every run on screen with ``textContent``, so
whatever a text holds is shown, never run.  Only what rulings.md uses is read — ``#`` headings,
``*``/``-``/``1.`` items (continued by indented lines), fenced code, tables (kept as lines),
``**strong**``, ``*em*``, ```code``` and ``[text](link)`` (the text only).

    >>> blocks("## R-009 — title\\n\\n**Question.** a *b* `c`")[1]["runs"][0]
    {'text': 'Question.', 'strong': True}
"""

from __future__ import annotations

import re

_HEADING = re.compile(r"^(#{1,6})\s+(.*)$")
_ITEM = re.compile(r"^\s*(?:[*+-]|\d+[.)])\s+(.*)$")
_INLINE = re.compile(r"\*\*(?P<strong>.+?)\*\*|`(?P<code>[^`]+)`|\[(?P<link>[^\]]+)\]\([^)]*\)"
                     r"|(?<![\w*])\*(?P<em>[^*\s][^*]*?)\*(?![\w*])")


def runs(text: str) -> list[dict]:
    """One line of Markdown's inline marks as runs of text."""
    out, at = [], 0
    for m in _INLINE.finditer(text):
        if m.start() > at:
            out.append({"text": text[at:m.start()]})
        kind = m.lastgroup
        out.append({"text": m.group(kind), "strong": True} if kind == "strong"
                   else {"text": m.group(kind), "code": True} if kind == "code"
                   else {"text": m.group(kind), "em": True} if kind == "em"
                   else {"text": m.group(kind)})
        at = m.end()
    if at < len(text):
        out.append({"text": text[at:]})
    return out


def blocks(markdown: str) -> list[dict]:
    """The text as ``[{"kind": "h"|"p"|"li"|"pre", "runs": [...]}]`` (``h`` with its ``level``)."""
    out: list[dict] = []
    paragraph: list[str] = []
    fenced = None

    def flush():
        if paragraph:
            kind, text = paragraph[0], " ".join(line.strip() for line in paragraph[1:])
            out.append({"kind": kind, "runs": runs(text)})
            paragraph.clear()

    for line in markdown.splitlines():
        if fenced is not None:
            if line.strip().startswith("```"):
                out.append({"kind": "pre", "runs": [{"text": "\n".join(fenced)}]})
                fenced = None
            else:
                fenced.append(line)
            continue
        if line.strip().startswith("```"):
            flush()
            fenced = []
        elif not line.strip():
            flush()
        elif m := _HEADING.match(line):
            flush()
            out.append({"kind": "h", "level": len(m.group(1)), "runs": runs(m.group(2))})
        elif line.lstrip().startswith("|"):
            flush()
            if not re.fullmatch(r"[\s|:-]+", line):
                cells = [c.strip() for c in line.strip().strip("|").split("|")]
                out.append({"kind": "pre", "runs": runs(" · ".join(cells))})
        elif m := _ITEM.match(line):
            flush()
            paragraph.extend(["li", m.group(1)])
        else:
            if not paragraph:
                paragraph.append("p")
            paragraph.append(line)
    if fenced is not None:
        out.append({"kind": "pre", "runs": [{"text": "\n".join(fenced)}]})
    flush()
    return out
