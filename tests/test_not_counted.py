"""The 不计 list of a reading (gb16.reference.scoring.removals): every fan that held by definition
and did not count, with the fan or principle that removed it.

* the rule page's examples, worked from the texts: §四.3 "组合龙12＋五门齐6＋不求人4＋双暗刻2＋箭刻2＋
  幺九刻1＋单钓将1" — 自摸 held and 不求人 removed it ("不计自摸", xinbian 第七章 56), and the 中 pung's
  幺九刻 went with 箭刻 ("不计幺九刻", 第七章 59) while 东's stayed; §四.1 — 大四喜 "不计……幺九刻"
  (第七章 1): the four wind pungs' 幺九刻;
* the trace is complete: on every reading of every corpus hand, the occurrences that held are the
  ones counted plus the ones removed, and nothing else is removed but chow-pair links.
"""

from __future__ import annotations

from collections import Counter

from gb16 import reference
from gb16.reference.errors import InputError
from gb16.reference.hand import hand_from_input
from gb16.reference import scoring
from gb16.reference.combination import CHOW_PAIR_FANS
from gb16.tools.harness.corpus import load_corpus


def _not_counted(hand: str) -> list[tuple]:
    report = reference.explain({"hand": hand}, not_counted=True)
    chosen = report["readings"][0]
    return [(r["id"], r["count"], r["by"]["id"] if r["by"] else None) for r in chosen["not_counted"]]


def test_seed_example_3_self_draw_and_the_dragon_pungs_terminal_pung():
    assert _not_counted("147m 258p 369s 111z 555z 66z，自摸6z") == [
        ("self_drawn", 1, "fully_concealed_hand"), ("pung_of_terminals_or_honors", 1, "dragon_pung")]


def test_seed_example_1_big_four_winds_takes_the_four_terminal_pungs():
    assert _not_counted("111222333444z 123m 55z，点和5z") == [("pung_of_terminals_or_honors", 4, "big_four_winds")]


def test_a_second_big_combination_is_removed_by_section_2_5():
    # 123m ×4: 一色四同顺 is the one big combination; 一色三同顺 also holds, on each of the four ways
    # to take three of the four chows (§二.5 "至多取一个")
    removed = _not_counted("123m123m123m123m 456p 99s，自摸9s")
    assert ("pure_triple_chow", 4, "quadruple_chow") in removed
    entry = reference.explain({"hand": "123m123m123m123m 456p 99s，自摸9s"}, not_counted=True)["readings"][0]
    rules = {r["id"]: r["rule"] for r in entry["not_counted"]}
    assert rules["pure_triple_chow"] == "seed000 §二.5"


def test_only_with_not_counted_asked():
    assert "not_counted" not in reference.explain({"hand": "147m 258p 369s 111z 555z 66z，自摸6z"})["readings"][0]


def test_held_is_counted_plus_removed_on_every_corpus_reading():
    checked = 0
    for case in load_corpus().cases:
        try:
            hand = hand_from_input(case["input"])
            interps = scoring.interpretations(hand)
        except InputError:
            continue
        preds = scoring.applicable_predicates(hand.variant.id)
        hand_fans = scoring._holding(preds["hand"], hand)
        for interp in interps:
            held = {**hand_fans, **scoring._holding(preds["reading"], interp.reading)}
            removed = Counter()
            for r in scoring.removals(interp):
                removed[r.fan] += r.count
            for fan_id, occurrences in held.items():
                assert len(occurrences) == interp.count(fan_id) + removed[fan_id], (case["id"], fan_id)
            # besides what held: the chow-pair links (§二.6) an exclusion removed (四顺子 "包含第五顺子")
            assert set(removed) - set(held) <= set(CHOW_PAIR_FANS), case["id"]
            checked += 1
    assert checked > 700


def test_explain_prints_and_returns_the_list(capsys):
    from gb16.tools.commands import cli
    assert cli.main(["explain", "147m 258p 369s 111z 555z 66z，自摸6z"]) == 0
    assert "不计 (held, not counted): 自摸 by 不求人 (xinbian 第七章 56); 幺九刻 by 箭刻 (xinbian 第七章 59)" \
        in capsys.readouterr().out
    assert cli.main(["explain", "147m 258p 369s 111z 555z 66z，自摸6z", "--json"]) == 0
    import json
    chosen = json.loads(capsys.readouterr().out)["readings"][0]
    assert [n["id"] for n in chosen["not_counted"]] == ["self_drawn", "pung_of_terminals_or_honors"]
