"""The property suite (gb16.properties): every property holds for the reference, and every
property can fail — each is run against a scorer with a planted bug and must report a
counterexample with the violation that names the bug.  The planted bugs stop at the first
failing example (``shrink=False``): the property has made its point there, and shrinking is
tested once, through the command (test_command_reports_a_failing_python_impl)."""

from __future__ import annotations

import json
from collections import Counter
from itertools import combinations

import pytest

from gb16.properties.invariants import BY_NAME, FAN, PROPERTIES, TABLE_ORDER, interp_sets
from gb16.properties.runner import format_table, run_all, run_property
from gb16.properties.scorers import Scorer, reference_scorer

reference = pytest.importorskip("gb16.reference")
FIELDS = ("variant", "hand", "win_tile", "win_by", "prevalent_wind", "seat_wind", "flowers",
          "last_of_kind", "last_tile", "kong_replacement", "robbing_kong")  # docs/contract.md Input


@pytest.fixture(scope="module")
def ref() -> Scorer:
    return reference_scorer()


# --------------------------------------------------------------------------------------
# The reference passes every property (ci profile)


@pytest.fixture(scope="module")
def ci_rows(ref):
    return run_all("ci", ref)


def test_every_property_is_run(ci_rows):
    assert [r["number"] for r in ci_rows] == list(range(1, 17))


@pytest.mark.parametrize("number", range(1, 17))
def test_reference_passes(ci_rows, number):
    row = ci_rows[number - 1]
    assert row["result"] == "pass", json.dumps(row, ensure_ascii=False, indent=1)
    # never vacuous: every example was checked in full against the reference
    assert row["examples"] >= 10 and row["checked"] == row["examples"]


def test_table_lists_every_property(ci_rows):
    text = format_table(ci_rows)
    for p in PROPERTIES:
        assert p.name in text


# --------------------------------------------------------------------------------------
# Planted bugs: wrappers around the reference that break one rule each


def rebuilt(result: dict, fans: Counter) -> dict:
    """The result with another fan list, the sums recomputed (so only the fans are wrong)."""
    out = dict(result)
    out["fans"] = [{"id": f, "name": FAN[f]["zh"], "en": f, "points": FAN[f]["points"],
                    "count": n} for f, n in sorted(fans.items(), key=lambda kv: TABLE_ORDER[kv[0]]) if n]
    out["fan_points"] = sum(FAN[f]["points"] * n for f, n in fans.items() if f != "flower_tiles")
    out["total"] = out["fan_points"] + out.get("flower_points", 0)
    out["meets_minimum"] = out["fan_points"] >= 8
    return out


def fans_of(result: dict) -> Counter:
    return Counter({f["id"]: f["count"] for f in result["fans"]})


def patched(name: str, edit) -> Scorer:
    """A scorer that applies ``edit(input, result) -> result`` to the reference's ok results.

    It has no reading API: lending it the unpatched reference's explain/score_interpretation
    would let a property catch the bug by comparing with the reference, not by its own
    judgement."""
    def score(inp):
        result = reference.score(inp)
        if isinstance(result, dict) and result.get("ok"):
            result = edit(inp, json.loads(json.dumps(result)))
        return result
    return Scorer(name, score)


def edit_fans(change):
    """A planted bug that only changes the fan list: ``change(inp, result, fans) -> fans``."""
    def edit(inp, result):
        fans = fans_of(result)
        new = change(inp, result, Counter(fans))
        return rebuilt(result, new) if new != fans else result
    return edit


def pungs(result):
    return [g for g in interp_sets(result["interpretation"]) if g.kind in ("pung", "kong")]


# 1. a suit-dependent detection: 缺一门 only noticed when the missing suit is not 万 (m)
def _void_m_forgotten(inp, result, fans):
    tiles = [t for g in interp_sets(result["interpretation"]) for t in g.tiles]
    if "one_voided_suit" in fans and not any(t.endswith("m") for t in tiles):
        del fans["one_voided_suit"]
    return fans


# 1b. 三色三节高 detected only when the 万 pung is the lowest of the three
def _mixed_shifted_needs_m_lowest(inp, result, fans):
    if "mixed_shifted_pungs" in fans:
        ranks = {g.tiles[0][1]: int(g.tiles[0][0]) for g in pungs(result) if g.tiles[0][1] in "mps"}
        if ranks.get("m") != min(ranks.values()):
            del fans["mixed_shifted_pungs"]
    return fans


# 2. 圈风刻 only when the prevalent wind is 东
def _prevalent_only_east(inp, result, fans):
    if inp.get("prevalent_wind", "E") != "E":
        fans.pop("prevalent_wind", None)
    return fans


# 2b. 箭刻 only for 中 (5z)
def _dragon_pung_only_red(inp, result, fans):
    if "dragon_pung" in fans and not any(g.tiles[0] == "5z" for g in pungs(result)):
        del fans["dragon_pung"]
    return fans


# 3. 幺九刻 counts 1s and honours but forgets 9s
def _terminal_pungs_forget_nines(inp, result, fans):
    nines = sum(1 for g in pungs(result) if g.tiles[0][0] == "9" and g.tiles[0][1] != "z")
    if fans.get("pung_of_terminals_or_honors"):
        fans["pung_of_terminals_or_honors"] = max(0, fans["pung_of_terminals_or_honors"] - nines)
    return fans


# 4. 双同刻 beside 三同刻 (seed000 §二.5 / R-008 says none)
def _double_pung_beside_triple(inp, result, fans):
    if "triple_pung" in fans:
        fans["double_pung"] = 3
    return fans


# 4b. 无字 beside 清一色, which excludes it
def _no_honors_beside_full_flush(inp, result, fans):
    if "full_flush" in fans:
        fans["no_honors"] = 1
    return fans


# 4c. 三色三节高 counted once per triple of pungs that forms it (it counts once, seed000 §二.8)
def _mixed_shifted_pungs_per_triple(inp, result, fans):
    if "mixed_shifted_pungs" in fans:
        numbered = [(int(g.tiles[0][0]), g.tiles[0][1]) for g in pungs(result) if g.tiles[0][1] != "z"]
        triples = [t for t in combinations(numbered, 3) if len({s for _, s in t}) == 3
                   and sorted(r for r, _ in t) == list(range(min(r for r, _ in t), min(r for r, _ in t) + 3))]
        if len(triples) >= 2:
            fans["mixed_shifted_pungs"] = len(triples)
    return fans


# 4d. 老少副 beside 一色四同顺 of 123/789 and the fifth chow (a 四顺子 fan excludes every
# 双顺子 fan, fifth chow included: xinbian 第六章 5, seed000 §二.5)
def _terminal_chows_beside_quadruple(inp, result, fans):
    if "quadruple_chow" in fans:
        chows = {(g.tiles[0], g.tiles[2]) for g in interp_sets(result["interpretation"]) if g.kind == "chow"}
        if any((f"1{s}", f"3{s}") in chows and (f"7{s}", f"9{s}") in chows for s in "mps"):
            fans["two_terminal_chows"] = 1
    return fans


# 5. the fans of the two best readings merged (mixing interpretations)
def _mix_two_readings(inp, result):
    ex = reference.explain(inp)
    readings = ex["readings"]
    if len(readings) < 2:
        return result
    merged = fans_of(result) | Counter({f["id"]: f["count"] for f in readings[1]["fans"]})
    return rebuilt(result, merged) if merged != fans_of(result) else result


# 5b. the worst reading reported instead of the best
def _worst_reading(inp, result):
    ex = reference.explain(inp)
    worst = min(ex["readings"], key=lambda r: r["total"])
    return reference.score_interpretation(inp, worst["interpretation"])


# 10c. a winning tile among the 组合龙 nine always read into the 组合龙
def _winning_tile_into_the_knitted_nine(inp, result):
    ex = reference.explain(inp)
    knitted = [r for r in ex["readings"] if r["interpretation"]["win_in"] == "knitted"]
    if not knitted:
        return result
    chosen = max(knitted, key=lambda r: r["total"])
    return reference.score_interpretation(inp, chosen["interpretation"])


# 6c. the chow-pair links capped at 3 (seed000 §二.6 allows 4 among five chows)
def _links_capped_at_three(inp, result, fans):
    pair_fans = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
    while sum(fans.get(f, 0) for f in pair_fans) > 3:
        f = next(f for f in reversed(pair_fans) if fans.get(f))
        fans[f] -= 1
        if not fans[f]:
            del fans[f]
    return fans


# 6. a chow-pair fan too many (the cap of seed000 §二.6 not applied)
def _extra_chow_pair(inp, result, fans):
    if "pure_double_chow" in fans:
        fans["pure_double_chow"] += 1
    return fans


# 6b. 一般高 inside the 一色三同顺 group (the group not contracted)
def _pairs_inside_triple(inp, result, fans):
    if "pure_triple_chow" in fans:
        fans["pure_double_chow"] = fans.get("pure_double_chow", 0) + 2
    return fans


# 7. flowers counted in fan_points
def _flowers_in_fan_points(inp, result):
    k = result.get("flower_points", 0)
    result["fan_points"] += k
    result["total"] += k
    result["meets_minimum"] = result["fan_points"] >= 8
    return result


# 8. the total depends on how the standing tiles are ordered
def _order_sensitive(inp, result):
    """One point more whenever the hand is not written in the canonical order."""
    from gb16.properties.hands import case_from_input
    try:
        canonical = case_from_input(inp).to_input()["hand"]
    except Exception:   # noqa: BLE001 — a hand the model cannot read is left alone
        return result
    if inp.get("hand") != canonical:
        result["total"] += 1
    return result


# 8b. the suffix "，自摸X" read as a discard
def _suffix_ignores_self_draw(inp):
    hand = inp.get("hand", "") if isinstance(inp, dict) else ""
    if isinstance(hand, str) and "自摸" in hand and "win_by" not in inp:
        inp = dict(inp, hand=hand.replace("自摸", "点和"))
    return reference.score(inp)


# 9. 自摸 counted beside 不求人
def _self_drawn_beside_fully_concealed(inp, result, fans):
    if "fully_concealed_hand" in fans:
        fans["self_drawn"] = 1
    return fans


# 9b. melded chows ignored by 门前清
def _melded_chows_stay_concealed(inp, result, fans):
    sets = interp_sets(result["interpretation"])
    exposed = [g for g in sets if g.exposed]
    if inp.get("win_by") == "discard" and exposed and all(g.kind == "chow" for g in exposed):
        fans["concealed_hand"] = 1
    return fans


# 10. 单钓将 whenever the winning tile is the pair, however many waits
def _single_wait_without_unique_wait(inp, result, fans):
    if result["interpretation"]["win_in"] == "pair" and not (fans.keys() & {"four_kongs", "melded_hand"}):
        fans["single_wait"] = 1
        fans.pop("edge_wait", None)
        fans.pop("closed_wait", None)
    return fans


# 10b. waits leave out tiles of which the hand already holds four (seed000 §二.7 says keep them)
def _waits_skip_held_fours(inp, result):
    from gb16.properties.hands import case_from_input
    counts = case_from_input(inp).hand.counts()
    result["waits"] = [w for w in result["waits"] if counts[w] < 4 or w == inp["win_tile"]]
    return result


# 11. raises on input that is not an object
def _raises_on_non_objects(inp):
    if not isinstance(inp, dict):
        raise TypeError("expected a dict")
    return reference.score(inp)


# 11b. an error code outside the contract's closed set
def _invented_error_code(inp):
    result = reference.score(inp)
    if not result.get("ok") and result["error"]["code"] == "invalid_notation":
        result["error"]["code"] = "parse_error"
    return result


# 12. nondeterministic: every other call lists the fans in reverse
_calls = Counter()


def _alternating_order(inp):
    result = reference.score(inp)
    _calls["n"] += 1
    if result.get("ok") and _calls["n"] % 2:
        result = dict(result, fans=list(reversed(result["fans"])))
    return result


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


# 14. one chow-pair link fewer than seed000 §二.6 counts
def _one_link_fewer(inp, result, fans):
    for f in ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"):
        if fans.get(f):
            fans[f] -= 1
            break
    return fans


# 14b. the big combination that scores least on the chosen reading (§二.5 says the most)
def _worst_big_combination(inp, result):
    chosen = result["interpretation"]
    same = [r for r in reference.explain(inp)["readings"]
            if {k: v for k, v in r["interpretation"].items() if k not in ("big_combination", "chow_links")}
            == {k: v for k, v in chosen.items() if k not in ("big_combination", "chow_links")}]
    worst = min(same, key=lambda r: r["total"])
    return reference.score_interpretation(inp, worst["interpretation"])


# 15. unknown fields silently dropped (docs/contract.md: an error, never ignored)
def _unknown_fields_dropped(inp):
    if isinstance(inp, dict):
        inp = {k: v for k, v in inp.items() if k in FIELDS}
    return reference.score(inp)


# 15b. a tile that does not exist reported as unreadable notation
def _invalid_tile_as_notation(inp):
    result = reference.score(inp)
    if not result.get("ok") and result["error"]["code"] == "invalid_tile":
        result = {"ok": False, "error": {"code": "invalid_notation", "message": result["error"]["message"]}}
    return result


# 15c. inconsistent flags corrected silently (R-014 alternative B) instead of rejected
def _flags_corrected(inp):
    result = reference.score(inp)
    if not result.get("ok") and result["error"]["code"] == "inconsistent_flags":
        result = reference.score(dict(inp, last_of_kind=False, kong_replacement=False, robbing_kong=False))
    return result


# 16. gb13: 门前清 beside 七对 won on a discard (xinbian 第六章 3 门清原则)
def _concealed_hand_beside_seven_pairs(inp, result, fans):
    if inp.get("variant") == "gb13" and "seven_pairs" in fans and inp.get("win_by") == "discard":
        fans["concealed_hand"] = 1
    return fans


# 16b. gb13: 九莲宝灯 keeps every 幺九刻 (its 减计 1 个幺九刻 forgotten, xinbian 第七章 4)
def _nine_gates_keeps_terminal_pungs(inp, result, fans):
    if "nine_gates" in fans and pungs(result):
        fans["pung_of_terminals_or_honors"] = len(pungs(result))
    return fans


# 16c. gb13: 不求人, excluded by 七对, still excluding 自摸 (xinbian 第六章 3 例 1)
def _self_drawn_lost_beside_seven_pairs(inp, result, fans):
    if "seven_pairs" in fans or "seven_shifted_pairs" in fans:
        fans.pop("self_drawn", None)
    return fans


PLANTED = [
    # (property, bug name, scorer, words the violation must contain (a tuple: all of them), examples)
    ("suit_permutation", "缺一门 misses a void in m", lambda: patched("void_m", edit_fans(_void_m_forgotten)), "缺一门", None),
    ("suit_permutation", "三色三节高 needs the m pung lowest", lambda: patched("msp", edit_fans(_mixed_shifted_needs_m_lowest)), "三色三节高", 400),
    ("wind_dragon_relabelling", "圈风刻 only in the East round", lambda: patched("prev", edit_fans(_prevalent_only_east)), "圈风刻", None),
    ("wind_dragon_relabelling", "箭刻 only for 中", lambda: patched("red", edit_fans(_dragon_pung_only_red)), "箭刻", None),
    ("number_reflection", "幺九刻 forgets 9s", lambda: patched("nines", edit_fans(_terminal_pungs_forget_nines)), "幺九刻", None),
    ("exclusion_consistency", "双同刻 beside 三同刻", lambda: patched("dp", edit_fans(_double_pung_beside_triple)), "双同刻", 200),
    ("exclusion_consistency", "无字 beside 清一色", lambda: patched("nh", edit_fans(_no_honors_beside_full_flush)), "无字", None),
    ("exclusion_consistency", "三色三节高 once per triple", lambda: patched("msp2", edit_fans(_mixed_shifted_pungs_per_triple)),
     "三色三节高 is not repeatable", None),
    ("exclusion_consistency", "老少副 beside 一色四同顺", lambda: patched("qc", edit_fans(_terminal_chows_beside_quadruple)),
     "老少副", None),
    ("no_mixing", "fans of two readings merged", lambda: patched("mix", _mix_two_readings),
     "the best interpretation by the definitions", None),
    ("no_mixing", "the worst reading reported", lambda: patched("worst", _worst_reading), "scores", None),
    ("one_big_combination", "a chow-pair fan too many", lambda: patched("pairs", edit_fans(_extra_chow_pair)), "chow-pair", None),
    ("one_big_combination", "一般高 inside 一色三同顺", lambda: patched("inside", edit_fans(_pairs_inside_triple)), "chow-pair", 200),
    ("flowers", "flowers in fan_points", lambda: patched("flowers", _flowers_in_fan_points), "fan_points", None),
    ("presentation", "total depends on tile order", lambda: patched("order", _order_sensitive), "scores differently", None),
    # the first failing example is a 杠上开花 hand: its suffix 自摸 misread as 点和 makes the flags
    # inconsistent (shrunk, the example becomes a plain one that "scores differently")
    ("presentation", "suffix 自摸 read as 点和", lambda: Scorer("suffix", _suffix_ignores_self_draw),
     ("the same hand written differently", "，自摸", "but the scorer answered", "inconsistent_flags"), None),
    ("win_method", "自摸 beside 不求人", lambda: patched("zimo", edit_fans(_self_drawn_beside_fully_concealed)), "自摸", None),
    ("win_method", "melded chows ignored by 门前清", lambda: patched("menqing", edit_fans(_melded_chows_stay_concealed)), "门前清", None),
    ("waits", "单钓将 with several waits", lambda: patched("single", edit_fans(_single_wait_without_unique_wait)), "单钓将", 200),
    ("waits", "waits skip tiles held four times", lambda: patched("fours", _waits_skip_held_fours), "formal wait set", 300),
    # caught at 600 examples (example 377), not within the ci budget of 100
    ("waits", "the winning tile always read into the 组合龙", lambda: patched("knit", _winning_tile_into_the_knitted_nine),
     "place the winning tile", 600),
    ("one_big_combination", "links capped at 3", lambda: patched("cap", edit_fans(_links_capped_at_three)), "chow", None),
    ("robustness", "raises on non-objects", lambda: Scorer("raises", _raises_on_non_objects), "raised TypeError", None),
    ("robustness", "an undocumented error code", lambda: Scorer("code", _invented_error_code), "documented codes", None),
    ("determinism", "fan order alternates", lambda: Scorer("alternate", _alternating_order), "two answers", None),
    ("definition_consistency", "a kong counted as 四归一", lambda: patched("hog", edit_fans(_kong_as_tile_hog)), "四归一", None),
    ("definition_consistency", "门风刻 dropped beside the same 圈风刻", lambda: patched("wind", edit_fans(_same_wind_once)), "门风刻", None),
    ("definition_consistency", "无番和 beside 自摸", lambda: patched("chicken", edit_fans(_chicken_beside_self_drawn)), "无番和", None),
    ("best_big_combination", "a chow-pair link too few", lambda: patched("links", edit_fans(_one_link_fewer)), "chow-pair", None),
    ("best_big_combination", "the worst big combination", lambda: patched("bigworst", _worst_big_combination), "选择总分最高的组合", None),
    ("error_causes", "unknown fields ignored", lambda: Scorer("unknown", _unknown_fields_dropped), "invalid_input", None),
    ("error_causes", "invalid_tile as invalid_notation", lambda: Scorer("tile", _invalid_tile_as_notation), "invalid_tile", None),
    ("error_causes", "inconsistent flags corrected", lambda: Scorer("flags", _flags_corrected), "inconsistent_flags", None),
    ("gb13_exclusion_consistency", "门前清 beside 七对 on a discard",
     lambda: patched("qidui", edit_fans(_concealed_hand_beside_seven_pairs)), "门前清", None),
    ("gb13_exclusion_consistency", "九莲宝灯 keeps every 幺九刻",
     lambda: patched("jiulian", edit_fans(_nine_gates_keeps_terminal_pungs)), "幺九刻", None),
    ("gb13_exclusion_consistency", "自摸 lost beside 七对 (excluded 不求人's 不计 acting)",
     lambda: patched("zimo13", edit_fans(_self_drawn_lost_beside_seven_pairs)), "self-drawn win without 自摸", None),
]


def test_every_property_has_a_planted_bug():
    assert {p for p, *_ in PLANTED} == set(BY_NAME)


@pytest.mark.parametrize("prop,bug,make,words,examples", PLANTED, ids=[f"{p}:{b}" for p, b, *_ in PLANTED])
def test_planted_bug_is_caught(prop, bug, make, words, examples):
    row = run_property(BY_NAME[prop], make(), "ci", max_examples=examples, shrink=False)
    assert row["result"] == "FAIL", f"{prop} did not catch: {bug}\n{json.dumps(row, ensure_ascii=False, indent=1)}"
    ce = row["counterexample"]
    assert ce and "example" in ce
    for word in (words,) if isinstance(words, str) else words:
        assert word in ce["violation"], ce["violation"]


def test_without_shrinking_the_first_failing_example_is_reported():
    """shrink=False: the counterexample is the first example the property failed on, as it was
    generated; Hypothesis only replays it once to report it."""
    seen = []
    row = run_property(BY_NAME["exclusion_consistency"], patched("dp", edit_fans(_double_pung_beside_triple)),
                       "ci", max_examples=200, observe=seen.append, shrink=False)
    assert row["result"] == "FAIL" and row["examples"] > 1 and row["shrink_calls"] == 1
    prop = BY_NAME["exclusion_consistency"]
    assert row["counterexample"]["example"] == prop.describe(seen[row["examples"] - 1])
    assert "双同刻" in row["counterexample"]["violation"]


# --------------------------------------------------------------------------------------
# The command


BUGGY_MODULE = '''
import gb16.reference as reference

def score(case_input):
    """The reference, except that flowers count toward the 8-point minimum."""
    result = reference.score(case_input)
    if isinstance(result, dict) and result.get("ok"):
        result["meets_minimum"] = result["total"] >= 8
    return result
'''


def test_command_reports_a_failing_python_impl(tmp_path, capsys):
    from gb16.tools.cli import main
    module = tmp_path / "flowers_bug.py"
    module.write_text(BUGGY_MODULE, encoding="utf-8")
    status = main(["properties", "--impl", f"python:{module}:score", "--profile", "ci",
                   "--only", "flowers", "determinism", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert status == 1
    assert [(r["name"], r["result"]) for r in rows] == [("flowers", "FAIL"), ("determinism", "pass")]
    assert "meets_minimum" in rows[0]["counterexample"]["violation"]
    example = rows[0]["counterexample"]["example"]
    assert example["case"]["flowers"] + example["other_flowers"] > 0  # a flower made the difference


def test_command_table_for_the_reference(capsys):
    from gb16.tools.cli import main
    status = main(["properties", "--profile", "ci", "--only", "waits"])
    out = capsys.readouterr().out
    assert status == 0
    assert "10 waits" in out and "pass" in out and "1 of 1 passed" in out


def test_command_with_an_unavailable_impl(capsys):
    from gb16.tools.cli import main
    status = main(["properties", "--impl", "/nonexistent/scorer --serve", "--profile", "ci"])
    assert status == 2
    assert "cannot start" in capsys.readouterr().err


def test_command_impl_through_the_harness(capsys):
    """A program speaking the harness protocol (the example adapter around the reference)."""
    import sys
    from pathlib import Path
    pytest.importorskip("gb16.tools.harness")
    adapter = Path(__file__).resolve().parents[1] / "tools" / "examples" / "python_impl.py"
    if not adapter.is_file():
        pytest.skip("the example protocol adapter is not there")
    from gb16.tools.cli import main
    status = main(["properties", "--impl", f"{sys.executable} {adapter}", "--profile", "ci",
                   "--only", "robustness", "--json"])
    rows = json.loads(capsys.readouterr().out)
    assert status == 0 and rows[0]["result"] == "pass" and rows[0]["examples"] >= 10


# --------------------------------------------------------------------------------------
# The reading API of a python:MODULE:FUNCTION scorer


def test_python_scorer_takes_the_reading_api_from_the_function(tmp_path):
    from gb16.properties.scorers import python_scorer
    module = tmp_path / "with_api.py"
    module.write_text(
        "import gb16.reference as reference\n"
        "def score(x):\n    return reference.score(x)\n"
        "score.explain = reference.explain\n"
        "score.score_interpretation = None\n"          # the function says: no such API
        "def score_interpretation(x, i):\n    raise AssertionError('the module function must not be used')\n"
        "def plain(x):\n    return reference.score(x)\n", encoding="utf-8")
    own = python_scorer(f"python:{module}:score")
    assert own.explain is reference.explain and own.score_interpretation is None
    fallback = python_scorer(f"python:{module}:plain")  # no attributes: the module's functions
    assert fallback.explain is None and fallback.score_interpretation is not None


def test_python_scorer_of_a_mutant_has_its_reading_api():
    from gb16.properties.scorers import python_scorer
    mutants = pytest.importorskip("gb16.tools.mutants.catalogue")
    s = python_scorer("python:gb16.tools.mutants.catalogue:first_big_combination")
    assert s.explain is mutants.first_big_combination.explain and s.score_interpretation is not None


def test_exhaustive_rows_on_a_prefix(ref):
    """The exhaustive one-suit checks (thorough profile) run every property they list,
    13 and 14 included, and the reference passes them on the first pairs."""
    from gb16.properties.exhaustive import CHEAP, SAMPLED, run_exhaustive
    rows = run_exhaustive(ref, limit=200)
    assert [r["name"] for r in rows] == [f"exhaustive:{n}" for n in CHEAP + SAMPLED]
    assert {"exhaustive:definition_consistency", "exhaustive:best_big_combination"} <= {r["name"] for r in rows}
    for r in rows:
        assert r["result"] == "pass" and r["examples"] > 0, r
