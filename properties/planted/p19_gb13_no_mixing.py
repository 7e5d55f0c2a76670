"""Planted bugs for property 19 (gb13_no_mixing, gb16.properties.invariants.p19_gb13_no_mixing):
scorers that take the wrong one of competing gb13 readings, which the property must catch
through its own check (tests/test_planted.py runs them; they never judge anything)."""

from __future__ import annotations

from gb16.properties.planted.base import patched, reference

_SPECIAL = ("seven_pairs", "honours_knitted", "thirteen_orphans")


def _rescored(inp, reading):
    return reference.score_interpretation(inp, reading["interpretation"])


# 19. four sets always preferred to a special shape (the special shapes tried only when no basic
# reading exists; xinbian 第六章 2 例 1 compares them)
def _basic_shape_first(inp, result):
    if result["interpretation"]["shape"] not in _SPECIAL:
        return result
    basic = [r for r in reference.explain(inp)["readings"] if r["interpretation"]["shape"] not in _SPECIAL]
    return _rescored(inp, max(basic, key=lambda r: r["total"])) if basic else result


# 19b. the winning tile put into a set whenever a reading can (xinbian 第六章 2 例 2: on the pair
# the pung stays 暗刻, 三暗刻 instead of 双暗刻)
def _winning_tile_in_a_set(inp, result):
    in_set = [r for r in reference.explain(inp)["readings"] if r["interpretation"]["win_in"].startswith("set")]
    return _rescored(inp, max(in_set, key=lambda r: r["total"])) if in_set else result


# 19c. pungs preferred to chows: the reading with the most pungs taken (例 3: 一色三同顺 wins)
def _most_pungs(inp, result):
    readings = reference.explain(inp)["readings"]
    top = max(readings, key=lambda r: (sum(s["kind"] != "chow" for s in r["interpretation"]["sets"]), r["total"]))
    return _rescored(inp, top)


#: (bug name, scorer factory, words the violation must contain (a tuple: all of them), examples)
BUGS = [
    ("four sets preferred to a special shape", lambda: patched("basic_first", _basic_shape_first),
     "the best interpretation by the definitions", None),
    ("the winning tile always in a set", lambda: patched("win_in_set", _winning_tile_in_a_set),
     "the best interpretation by the definitions", None),
    ("pungs preferred to chows", lambda: patched("most_pungs", _most_pungs),
     "the best interpretation by the definitions", None),
]
