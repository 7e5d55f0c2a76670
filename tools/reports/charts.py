"""The conformance site's pictures, as SVG drawn here (no library, no network): a heatmap of
the judged cases without a bug (rows × runs, each cell coloured by that share, labelled, marked
when failures there are attributed to an open ruling's option or an edition delta, and a link),
and a line chart of pass rates over corpus versions (its legend is HTML, beside it).  Every label is data from a run log:
escaped (:func:`esc`) and cut to fit; the site's pages insert the SVG as it is drawn here."""

from __future__ import annotations

import html
from dataclasses import dataclass
from typing import Any

from wcwidth import wcswidth

from gb16.tools.safe_text import printable


def esc(value: Any) -> str:
    """Text made inert in SVG (element content and quoted attributes alike): control and
    bidirectional characters as visible escapes first (:func:`printable`), None as ``—``."""
    return html.escape("—" if value is None else printable(str(value)), quote=True)


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


def heatmap_svg(title: str, rows: list[tuple[str, str]], columns: list[str],
                cells: dict[tuple[str, str], Cell]) -> str:
    """Rows (key, label) × columns (labels): one rect per cell coloured by its pass rate, its
    percentage written in it, each a link (``href``) with a tooltip (``<title>``)."""
    cell_w, cell_h, gap = 58, 20, 2
    label_w = min(300, max([_text_px(label) for _, label in rows] + [60]) + 12)
    head_h = max([_text_px(_fit(c, 170), 13) * 0.71 for c in columns] + [20]) + 16   # the names at 45°
    width = label_w + len(columns) * (cell_w + gap) + head_h
    height = head_h + len(rows) * (cell_h + gap) + 8
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="heatmap" role="img" width="{width:.0f}" '
             f'height="{height:.0f}" viewBox="0 0 {width:.0f} {height:.0f}" font-family="system-ui, sans-serif" '
             f'font-size="12"><title>{esc(title)}</title>']
    for j, column in enumerate(columns):
        x = label_w + j * (cell_w + gap) + cell_w / 2
        parts.append(f'<text class="col" transform="translate({x:.0f},{head_h - 6:.0f}) rotate(-45)">'
                     f'<title>{esc(column)}</title>{esc(_fit(column, 170))}</text>')
    for i, (key, label) in enumerate(rows):
        y = head_h + i * (cell_h + gap)
        parts.append(f'<text x="{label_w - 8:.0f}" y="{y + 14:.0f}" text-anchor="end"><title>{esc(label)}</title>'
                     f'{esc(_fit(label, label_w - 14))}</text>')
        for j, column in enumerate(columns):
            cell = cells.get((key, column))
            x = label_w + j * (cell_w + gap)
            if cell is None or not cell.judged:
                parts.append(f'<rect x="{x:.0f}" y="{y:.0f}" width="{cell_w}" height="{cell_h}" fill="{rate_colour(None)}">'
                             f'<title>{esc(label)} × {esc(column)}: no case judged</title></rect>')
                continue
            rate = cell.rate
            tip = (f"{label} × {column}: {cell.judged} judged, {cell.passed} passed, "
                   f"{cell.bugs} bug{'s' if cell.bugs != 1 else ''}"
                   + (f" ({cell.contested} contested)" if cell.contested else "")
                   + (f", {cell.attributed} attributed to an option or edition delta" if cell.attributed else ""))
            ink = "#ffffff" if rate < 0.25 or rate > 0.85 else "#1f2328"
            corner = (f'<path class="attributed" d="M{x + cell_w - 11:.0f},{y:.0f} h11 v11 z" fill="{ATTRIBUTED}"/>'
                      if cell.attributed else "")
            parts.append(f'<a href="{esc(cell.href)}" class="cell"><title>{esc(tip)}</title>'
                         f'<rect x="{x:.0f}" y="{y:.0f}" width="{cell_w}" height="{cell_h}" fill="{rate_colour(rate)}"/>'
                         f'{corner}<text x="{x + cell_w / 2:.0f}" y="{y + 14:.0f}" text-anchor="middle" fill="{ink}">'
                         f'{_percent(rate)}</text></a>')
    parts.append("</svg>")
    return "".join(parts)


def trend_svg(versions: list[str], lines: dict[str, dict[str, float]]) -> str:
    """Pass rate (0–100 %) over corpus *versions*, one polyline per implementation (*lines*:
    name → version → rate), a point with its tooltip at each run; scales to its box.  The legend
    is the page's (HTML, :data:`TREND_PALETTE`): labels in an SVG would overlap on a phone."""
    width, height, left, right, top, bottom = 640, 230, 44, 16, 16, 30
    step = (width - left - right) / max(1, len(versions) - 1)
    x = {v: left + i * step for i, v in enumerate(versions)}

    def y(rate: float) -> float:
        return top + (1 - rate) * (height - top - bottom)
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" class="trend" role="img" viewBox="0 0 {width} {height}" '
             f'font-family="system-ui, sans-serif" font-size="12"><title>Pass rate over corpus versions</title>']
    for tick in (0, 0.25, 0.5, 0.75, 1):
        parts.append(f'<line x1="{left}" x2="{width - right}" y1="{y(tick):.0f}" y2="{y(tick):.0f}" stroke="#d0d7de"/>'
                     f'<text x="{left - 6}" y="{y(tick) + 4:.0f}" text-anchor="end">{100 * tick:.0f}%</text>')
    for v in versions:
        parts.append(f'<text x="{x[v]:.0f}" y="{height - bottom + 18}" text-anchor="middle">{esc(_fit(v, min(110, step - 8)))}</text>')
    for k, (name, points) in enumerate(lines.items()):
        colour = TREND_PALETTE[k % len(TREND_PALETTE)]
        ordered = [(x[v], y(points[v]), v, points[v]) for v in versions if v in points]
        path = " ".join(f"{px:.0f},{py:.0f}" for px, py, _, _ in ordered)
        parts.append(f'<polyline points="{path}" fill="none" stroke="{colour}" stroke-width="2"/>')
        for px, py, v, rate in ordered:
            parts.append(f'<circle cx="{px:.0f}" cy="{py:.0f}" r="4" fill="{colour}">'
                         f'<title>{esc(name)} on corpus {esc(v)}: {100 * rate:.1f}%</title></circle>')
    parts.append("</svg>")
    return "".join(parts)
