"""The conformance site's pictures, as SVG drawn here (no library, no network): a heatmap of
the judged cases without a bug (rows × runs, each cell coloured by that share, labelled, marked
when failures there are attributed to an open ruling's option or an edition delta, and a link),
and a line chart of pass rates over corpus versions (its legend is HTML, beside it).  Every label is data from a run log:
cut to fit here, and escaped by the templates that draw them (``heatmap.svg``, ``trend.svg``,
gb16.tools.reports.templating), which the site's index includes."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from wcwidth import wcswidth

from gb16.tools.reports import templating


def _mix(a: tuple[int, int, int], b: tuple[int, int, int], t: float) -> str:
    return "#" + "".join(f"{round(x + (y - x) * t):02x}" for x, y in zip(a, b))


def rate_colour(rate: float | None) -> str:
    """A pass rate's fill: red (0) through yellow (½) to green (1), ColorBrewer's RdYlGn ends;
    grey when nothing was judged."""
    if rate is None:
        return "#eaeef2"
    red, yellow, green = (215, 48, 39), (254, 224, 139), (26, 152, 80)
    return _mix(red, yellow, rate * 2) if rate < 0.5 else _mix(yellow, green, (rate - 0.5) * 2)


#: The corner mark of a heatmap cell where failures are attributed (not bugs).
ATTRIBUTED = "#0550ae"
#: The trend chart's line colours, in order (its legend, in HTML, uses the same).
TREND_PALETTE = ["#0969da", "#cf222e", "#1a7f37", "#8250df", "#bc4c00", "#1b7c83", "#6e7781", "#bf3989"]


def _percent(rate: float) -> str:
    """A share as a whole percentage that never rounds a bug away: 99.6 % is "99%", not "100%"."""
    return f"{int(100 * rate + 1e-9)}%"


def _text_px(text: str, size: float = 12) -> float:
    """About how wide *text* is drawn (CJK characters count two)."""
    return max(wcswidth(text), len(text)) * size * 0.55


def _fit(text: str, px: float, size: float = 12) -> str:
    while text and _text_px(text, size) > px:
        text = text[:-2] + "…" if len(text) > 2 else ""
    return text


@dataclass
class Cell:
    """One heatmap cell: cases passed and judged, the bugs among the failures (contested ones
    included), the failures attributed to an option or a delta, and the cell's link."""

    passed: int
    judged: int
    bugs: int
    href: str
    attributed: int = 0
    contested: int = 0

    @property
    def rate(self) -> float | None:
        """The share of judged cases without a bug (an attributed difference is not one)."""
        return (self.judged - self.bugs) / self.judged if self.judged else None


def heatmap(title: str, rows: list[tuple[str, str]], columns: list[str],
            cells: dict[tuple[str, str], Cell]) -> dict[str, Any]:
    """Rows (key, label) × columns (labels), laid out for ``heatmap.svg``: one rect per cell
    coloured by its pass rate, its percentage written in it, each a link (``href``) with a
    tooltip (``<title>``); the labels cut to fit, whole in their tooltips."""
    cell_w, cell_h, gap = 58, 20, 2
    label_w = min(300, max([_text_px(label) for _, label in rows] + [60]) + 12)
    head_h = max([_text_px(_fit(c, 170), 13) * 0.71 for c in columns] + [20]) + 16   # the names at 45°
    width = label_w + len(columns) * (cell_w + gap) + head_h
    height = head_h + len(rows) * (cell_h + gap) + 8
    drawn_rows = []
    for i, (key, label) in enumerate(rows):
        y = head_h + i * (cell_h + gap)
        drawn = []
        for j, column in enumerate(columns):
            cell = cells.get((key, column))
            x = label_w + j * (cell_w + gap)
            box = {"x": f"{x:.0f}", "y": f"{y:.0f}", "column": column}
            if cell is None or not cell.judged:
                drawn.append({**box, "href": None, "fill": rate_colour(None)})
                continue
            rate = cell.rate
            tip = (f"{label} × {column}: {cell.judged} judged, {cell.passed} passed, "
                   f"{cell.bugs} bug{'s' if cell.bugs != 1 else ''}"
                   + (f" ({cell.contested} contested)" if cell.contested else "")
                   + (f", {cell.attributed} attributed to an option or edition delta" if cell.attributed else ""))
            drawn.append({**box, "href": cell.href, "tip": tip, "fill": rate_colour(rate),
                          "corner": f"M{x + cell_w - 11:.0f},{y:.0f} h11 v11 z" if cell.attributed else None,
                          "text_x": f"{x + cell_w / 2:.0f}", "text_y": f"{y + 14:.0f}",
                          "ink": "#ffffff" if rate < 0.25 or rate > 0.85 else "#1f2328", "percent": _percent(rate)})
        drawn_rows.append({"label": label, "fitted": _fit(label, label_w - 14), "x": f"{label_w - 8:.0f}",
                           "y": f"{y + 14:.0f}", "cells": drawn})
    return {"title": title, "width": f"{width:.0f}", "height": f"{height:.0f}", "cell_w": cell_w, "cell_h": cell_h,
            "attributed": ATTRIBUTED, "rows": drawn_rows,
            "columns": [{"name": c, "fitted": _fit(c, 170), "x": f"{label_w + j * (cell_w + gap) + cell_w / 2:.0f}",
                         "y": f"{head_h - 6:.0f}"} for j, c in enumerate(columns)]}


def heatmap_svg(title: str, rows: list[tuple[str, str]], columns: list[str],
                cells: dict[tuple[str, str], Cell]) -> str:
    """The heatmap (:func:`heatmap`) as SVG."""
    return templating.render("heatmap.svg", chart=heatmap(title, rows, columns, cells))


def trend(versions: list[str], lines: dict[str, dict[str, float]]) -> dict[str, Any]:
    """Pass rate (0–100 %) over corpus *versions*, one polyline per implementation (*lines*:
    name → version → rate), a point with its tooltip at each run, laid out for ``trend.svg``;
    scales to its box.  The legend is the page's (HTML, :data:`TREND_PALETTE`): labels in an SVG
    would overlap on a phone."""
    width, height, left, right, top, bottom = 640, 230, 44, 16, 16, 30
    step = (width - left - right) / max(1, len(versions) - 1)
    x = {v: left + i * step for i, v in enumerate(versions)}

    def y(rate: float) -> float:
        return top + (1 - rate) * (height - top - bottom)
    drawn = []
    for k, (name, points) in enumerate(lines.items()):
        ordered = [(x[v], y(points[v]), v, points[v]) for v in versions if v in points]
        drawn.append({"name": name, "colour": TREND_PALETTE[k % len(TREND_PALETTE)],
                      "path": " ".join(f"{px:.0f},{py:.0f}" for px, py, _, _ in ordered),
                      "points": [{"x": f"{px:.0f}", "y": f"{py:.0f}", "version": v, "percent": f"{100 * rate:.1f}%"}
                                 for px, py, v, rate in ordered]})
    return {"width": width, "height": height, "left": left, "right_x": width - right,
            "ticks": [{"y": f"{y(t):.0f}", "text_y": f"{y(t) + 4:.0f}", "label": f"{100 * t:.0f}%"}
                      for t in (0, 0.25, 0.5, 0.75, 1)],
            "versions": [{"x": f"{x[v]:.0f}", "label": _fit(v, min(110, step - 8))} for v in versions],
            "versions_y": height - bottom + 18, "lines": drawn}


def trend_svg(versions: list[str], lines: dict[str, dict[str, float]]) -> str:
    """The pass-rate chart (:func:`trend`) as SVG."""
    return templating.render("trend.svg", chart=trend(versions, lines))
