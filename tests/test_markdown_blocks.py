"""tools/referee/markdown_blocks.py: a ruling's Markdown as blocks of plain runs for the referee's page —
every ruling of docs/rulings.md drawn without a Markdown mark left, and text that looks like
HTML kept as text."""

from __future__ import annotations

from gb16 import docs
from gb16.tools.referee.markdown_blocks import blocks, runs


def test_inline_marks_become_runs():
    assert runs("a **b** `c` *d* [e](http://x) f") == [
        {"text": "a "}, {"text": "b", "strong": True}, {"text": " "}, {"text": "c", "code": True}, {"text": " "},
        {"text": "d", "em": True}, {"text": " "}, {"text": "e"}, {"text": " f"}]


def test_blocks_of_headings_paragraphs_items_code_and_tables():
    text = "## R-1 — t\n\n**Q.** one\ntwo\n\n* (A) x\n  more\n* (B) y\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```\nraw *x*\n```\n"
    assert blocks(text) == [
        {"kind": "h", "level": 2, "runs": [{"text": "R-1 — t"}]},
        {"kind": "p", "runs": [{"text": "Q.", "strong": True}, {"text": " one two"}]},
        {"kind": "li", "runs": [{"text": "(A) x more"}]},
        {"kind": "li", "runs": [{"text": "(B) y"}]},
        {"kind": "pre", "runs": [{"text": "a · b"}]},
        {"kind": "pre", "runs": [{"text": "1 · 2"}]},
        {"kind": "pre", "runs": [{"text": "raw *x*"}]},
    ]


def test_html_in_a_text_stays_text():
    assert blocks("<script>alert(1)</script> **<b>x</b>**") == [
        {"kind": "p", "runs": [{"text": "<script>alert(1)</script> "}, {"text": "<b>x</b>", "strong": True}]}]


def test_every_ruling_is_drawn_without_markdown_marks_left():
    ids = docs.rulings()
    assert len(ids) > 20
    for ruling in map(docs.ruling, ids):
        for block in blocks(ruling.text):
            for run in block["runs"]:
                if not run.get("code") and block["kind"] != "pre":
                    assert "**" not in run["text"] and not run["text"].startswith("#"), (ruling.id, run)
