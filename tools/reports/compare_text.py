"""``gb16 compare`` laid out: one hand's answers side by side, a row per fan (its points, ×count)
and per total, ``≠`` where an implementation's cell differs from the reference column it is
judged against, then what differs, per fan.  Text for a terminal, or JSON."""

from __future__ import annotations

import json
from typing import Any

from tabulate import tabulate

from gb16.tools.differential.one_hand import Column, fan_cell, fan_rows, fan_table
from gb16.tools.referee.explain_text import explain_command
from gb16.tools.common.safe_text import printable

#: The mark of a cell that differs from the reference column the implementation is judged against.
DIFFERS = "≠"


def _fan_text(cell: tuple[int, int | None] | None) -> str:
    if cell is None:
        return "—"
    count, points = cell
    return f"{points if points is not None else '?'}" + (f" ×{count}" if count != 1 else "")


def _field_text(column: Column, field: str) -> str:
    result = column.result
    if not result:
        return "—"
    if not result.get("ok"):
        return "—"
    value = result.get(field)
    if field == "waits":
        return " ".join(map(str, value)) if isinstance(value, list) else "(not given)"
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "—" if value is None else str(value)


def _outcome_text(column: Column) -> str:
    if column.spec is None:
        if column.result and not column.result.get("ok"):
            return f"error {(column.result.get('error') or {}).get('code')}"
        return "scored"
    if column.result is not None and not column.result.get("ok"):
        return f"{column.status}: error {(column.result.get('error') or {}).get('code')}"
    if column.result is None:
        return f"{column.status}: {column.message or 'no answer'}"
    return column.status + (" (a tie: another admissible fan list)" if column.tie else "")


def render_text(case_input: Any, columns: list[Column]) -> str:
    """The side-by-side table and the differences, escaped for a terminal."""
    by_label = {c.label: c for c in columns if c.spec is None}
    fans = fan_table()
    rows = []
    for fan_id in fan_rows(columns):
        fan = fans.get(fan_id) or {}
        label = " ".join(str(fan[k]) for k in ("zh", "en") if fan.get(k)) or fan_id
        rows.append([label] + [_mark(c, by_label, _fan_text(fan_cell(c, fan_id)),
                                     lambda col: _fan_text(fan_cell(col, fan_id))) for c in columns])
    for field in ("fan_points", "flower_points", "total", "meets_minimum", "waits"):
        rows.append([field] + [_mark(c, by_label, _field_text(c, field), lambda col, f=field: _field_text(col, f),
                                     skip=field == "waits" and _field_text(c, field) == "(not given)")
                               for c in columns])
    rows.append(["answer"] + [_outcome_text(c) for c in columns])
    headers = [""] + [c.label for c in columns]
    command = explain_command(case_input)
    lines = [f"hand: {command[len('gb16 explain '):] if command else json.dumps(case_input, ensure_ascii=False)}", "",
             tabulate([[printable(str(v)) for v in row] for row in rows], headers=[printable(h) for h in headers],
                      tablefmt="simple", disable_numparse=True), ""]
    for column in columns:
        if column.spec is None:
            continue
        who = f"{column.label} (--impl {column.spec}; judged as {column.rules})"
        if column.status == "pass":
            lines.append(f"{who}: agrees with {column.against}" + (" (a tie)" if column.tie else ""))
        elif column.differences:
            lines.append(f"{who} differs from {column.against}:")
            lines += [f"  {DIFFERS} {text}" for text in column.differences]
        else:
            lines.append(f"{who}: {_outcome_text(column)}")
    return printable("\n".join(lines))


def _mark(column: Column, references: dict[str, Column], text: str, text_of, skip: bool = False) -> str:
    """*text*, marked when the column is an implementation's whose cell differs from its reference's."""
    if column.spec is None or skip or column.result is None or column.against not in references:
        return text
    return f"{text} {DIFFERS}" if text != text_of(references[column.against]) else text


def render_json(case_input: Any, columns: list[Column]) -> str:
    return json.dumps({"format": "gb16-compare", "format_version": 1, "input": case_input,
                       "columns": [c.as_json() for c in columns],
                       "agree": all(c.status == "pass" for c in columns if c.spec is not None)},
                      ensure_ascii=False, indent=1) + "\n"
