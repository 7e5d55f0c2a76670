"""The tile pictures of the referee's page: one small SVG per tile, written to static/tiles/.

    python -m gb16.tools.serve.tiles        # rewrite gb16/tools/serve/static/tiles/*.svg

Unicode's mahjong glyphs (U+1F000…) are not a way to draw tiles: most fonts lack them, and in
Chromium with Noto every one but 🀄 is an empty box.  Each picture here is a plain tile face: a
numbered tile shows its rank in large figures over its suit's character (万 筒 条), each suit in
its own colour; an honour shows its character (东 南 西 北 中 发, and 白 in the usual blue frame).
The files are committed; tests/test_serve.py checks they are what this module writes.
"""

from __future__ import annotations

import sys
from pathlib import Path

from gb16.reference import tiles as T

STATIC = Path(__file__).resolve().parent / "static" / "tiles"

#: The suits' characters and colours, the honours' colours (中 red, 发 green, the rest ink).
SUIT_MARKS = {"m": ("万", "#b3261e"), "p": ("筒", "#1d4f91"), "s": ("条", "#1b6e3a")}
HONOUR_COLOURS = {T.RED: "#b3261e", T.GREEN: "#1b6e3a", T.WHITE: "#1d4f91"}
INK = "#222"
FONT = "'Noto Sans CJK SC','Noto Sans SC','Source Han Sans SC','PingFang SC','Microsoft YaHei',sans-serif"

_FRAME = ('<rect x="1.5" y="1.5" width="57" height="77" rx="7" fill="#fbf8ef" stroke="#8a8373" stroke-width="3"/>'
          '<rect x="1.5" y="72" width="57" height="6.5" rx="3" fill="#d9d1bc"/>')


def svg(t: int) -> str:
    """The picture of tile ``t`` (0–33), as an SVG document of 60 × 80 units."""
    if T.is_honour(t):
        ch = T.HONOUR_NAMES[t]
        colour = HONOUR_COLOURS.get(t, INK)
        face = ""
        if t == T.WHITE:
            face = f'<rect x="12" y="14" width="36" height="48" rx="3" fill="none" stroke="{colour}" stroke-width="3"/>'
        face += (f'<text x="30" y="50" font-size="34" font-weight="700" text-anchor="middle" fill="{colour}" '
                 f'font-family="{FONT}">{ch}</text>')
    else:
        mark, colour = SUIT_MARKS[T.suit_of(t)]
        face = (f'<text x="30" y="39" font-size="36" font-weight="700" text-anchor="middle" fill="{colour}" '
                f'font-family="Arial,Helvetica,sans-serif">{T.number_of(t)}</text>'
                f'<text x="30" y="65" font-size="21" text-anchor="middle" fill="{colour}" '
                f'font-family="{FONT}">{mark}</text>')
    return (f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 60 80" width="60" height="80" '
            f'role="img" aria-label="{T.name(t)}">{_FRAME}{face}</svg>\n')


def write(folder: Path = STATIC) -> list[Path]:
    """Write ``<tile>.svg`` (``1m.svg`` … ``7z.svg``) for every tile; return the paths."""
    folder.mkdir(parents=True, exist_ok=True)
    paths = []
    for t in T.ALL_TILES:
        path = folder / f"{T.name(t)}.svg"
        path.write_text(svg(t), encoding="utf-8")
        paths.append(path)
    return paths


if __name__ == "__main__":
    print(f"wrote {len(write(Path(sys.argv[1]) if len(sys.argv) > 1 else STATIC))} tiles")
