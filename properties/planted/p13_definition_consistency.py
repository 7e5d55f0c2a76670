"""Planted bugs for property 13 (definition_consistency, gb16.properties.invariants.p13_definition_consistency):
scorers with one rule broken each, which the property must catch through its own check
(tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.invariants import interp_sets
from gb16.properties.planted.base import edit_fans, patched


# 13. 四归一 also counted for the four tiles of a kong (seed000 §四.6 says no)
def _kong_as_tile_hog(inp, result, fans):
    kongs = sum(1 for g in interp_sets(result["interpretation"]) if g.kind == "kong")
    if kongs and not fans.get("quadruple_chow"):
        fans["tile_hog"] = fans.get("tile_hog", 0) + kongs
    return fans


# 13b. 门风刻 dropped when the seat wind is the prevalent wind (seed000 §二.8 counts both)
def _same_wind_once(inp, result, fans):
    if inp.get("seat_wind", "E") == inp.get("prevalent_wind", "E"):
        fans.pop("seat_wind", None)
    return fans


# 13c. 无番和 beside 自摸 (R-012: any counted fan prevents it)
def _chicken_beside_self_drawn(inp, result, fans):
    if set(fans) - {"flower_tiles"} == {"self_drawn"}:
        fans["chicken_hand"] = 1
    return fans


# 13d. 绿一色 only with 发 (xinbian 第七章 3: 由 23468 条及发字中的任意牌组成 — 发 may be absent): a
# form of a fan that the generators reached only once the reach table asked for it
def _all_green_needs_green_dragon(inp, result, fans):
    interp = result["interpretation"]
    pair = (interp.get("pair") or {}).get("tiles", "")
    if fans.get("all_green") and "7z" not in pair and not any("7z" in g.tiles for g in interp_sets(interp)):
        fans.pop("all_green")
    return fans


# 13e. the winning tile's mark left on the pair whatever win_in says (docs/contract.md: `win` marks
# the group holding the winning tile)
def _win_mark_on_the_pair(inp, result):
    interp = result.get("interpretation") or {}
    for s in interp.get("sets") or []:
        s["win"] = False
    if isinstance(interp.get("pair"), dict):
        interp["pair"]["win"] = True
    return result


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("the win mark on the pair", lambda: patched("win_mark", _win_mark_on_the_pair), "marked win", None),
    ("a kong counted as 四归一", lambda: patched("hog", edit_fans(_kong_as_tile_hog)), "四归一", None),
    ("门风刻 dropped beside the same 圈风刻", lambda: patched("wind", edit_fans(_same_wind_once)), "门风刻", None),
    ("无番和 beside 自摸", lambda: patched("chicken", edit_fans(_chicken_beside_self_drawn)), "无番和", None),
    ("绿一色 only with 发", lambda: patched("green_needs_fa", edit_fans(_all_green_needs_green_dragon)), "绿一色", None),
]
