"""A report section given as data (the run's own sections, the parts of ``gb16 report``)."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Section:
    """A report section given as data, so Markdown, HTML and JSON render the same content.

    ``blocks`` holds ``("p", text)``, ``("table", headers, rows)``, ``("pre", text)`` and
    ``("list", items)`` entries; every cell and item is plain text.
    """

    id: str
    title: str
    blocks: list[tuple] = field(default_factory=list)
    status: str | None = None   # "pass" | "fail" | "unavailable" | None: shown beside the title
    data: Any = None            # the raw records, for the JSON summary

    def p(self, text: str) -> "Section":
        self.blocks.append(("p", text))
        return self

    def table(self, headers: list[str], rows: list[list[Any]]) -> "Section":
        self.blocks.append(("table", headers, rows))
        return self

    def pre(self, text: str) -> "Section":
        self.blocks.append(("pre", text))
        return self

    def items(self, items: list[str]) -> "Section":
        self.blocks.append(("list", items))
        return self
