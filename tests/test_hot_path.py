"""The scorer's hot path reads the same as the definitions it shortcuts.

* every need declared beside a predicate (``needs=AtLeast(...)``) is a necessary condition:
  whenever it fails, the predicate itself finds nothing — checked on the readings of random
  gb16 and gb13 hands and of the corpus, and the check reaches both sides of every need;
* the per-suit tables (:func:`shapes.suit_facts`) agree with splitting every suit again;
* the wait set assembled from them agrees with trying every tile (tests/test_waits.py has
  the same check through :func:`readings.is_winning`).
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import product

import pytest

from gb16.reference import shapes
from gb16.reference.errors import InputError
from gb16.reference.fans import REGISTRY, occurrences
from gb16.reference.hand import hand_from_input
from gb16.reference.readings import readings
from gb16.tools.differential.handgen import random_hand as gb16_hand
from gb16.tools.differential.handgen13 import random_hand as gb13_hand
from gb16.tools.harness.corpus import load_corpus


def _subjects():
    """(hand, its readings) for random hands of both variants and every valid corpus input."""
    rng = random.Random(15)
    inputs = [gb16_hand(rng) for _ in range(1500)] + [gb13_hand(rng) for _ in range(1500)]
    inputs += [case["input"] for case in load_corpus().cases]
    for data in inputs:
        try:
            hand = hand_from_input(data)
        except InputError:
            continue
        yield hand, readings(hand)


@pytest.mark.slow
def test_every_declared_need_is_necessary():
    declared = {p.id: p for p in REGISTRY.values() if p.needs is not None}
    assert len(declared) >= 30
    sides = Counter()
    for hand, found in _subjects():
        for pred in declared.values():
            for subject in ([hand] if pred.scope == "hand" else found):
                holds = pred.needs.holds(subject)
                sides[pred.id, holds] += 1
                if not holds:
                    assert occurrences(pred.func(subject)) == [], (pred.id, str(pred.needs), subject)
    # reached: every need both fails and holds somewhere in the sample
    unreached = [(f, side) for f in declared for side in (True, False) if not sides[f, side]]
    assert not unreached, unreached


def _complete_by_brute_force(counts, honours, pair):
    """Whether one suit's ``counts`` split into sets (and one pair when ``pair``), tried directly."""
    counts = list(counts)

    def split(c, pair_left):
        i = next((k for k, n in enumerate(c) if n), None)
        if i is None:
            return not pair_left
        if c[i] >= 3:
            c[i] -= 3
            ok = split(c, pair_left)
            c[i] += 3
            if ok:
                return True
        if pair_left and c[i] >= 2:
            c[i] -= 2
            ok = split(c, False)
            c[i] += 2
            if ok:
                return True
        if not honours and i + 2 < len(c) and c[i + 1] and c[i + 2]:
            for k in (i, i + 1, i + 2):
                c[k] -= 1
            ok = split(c, pair_left)
            for k in (i, i + 1, i + 2):
                c[k] += 1
            return ok
        return False
    return split(counts, pair)


def test_suit_facts_agree_with_splitting_again():
    rng = random.Random(16)
    patterns = {(0,) * 9, (0,) * 7}
    for _ in range(3000):
        size = 7 if rng.random() < 0.2 else 9
        patterns.add(tuple(rng.choice((0, 0, 1, 1, 2, 3, 4)) for _ in range(size)))
    for counts in patterns:
        honours = len(counts) == 7
        facts = shapes.suit_facts(counts, honours)
        assert facts.complete == _complete_by_brute_force(counts, honours, False), counts
        assert facts.complete_with_pair == _complete_by_brute_force(counts, honours, True), counts
        for off in range(len(counts)):
            plus = counts[:off] + (counts[off] + 1,) + counts[off + 1:]
            assert (off in facts.completed_by) == _complete_by_brute_force(plus, honours, False), (counts, off)
            assert (off in facts.completed_with_pair_by) == _complete_by_brute_force(plus, honours, True), \
                (counts, off)


def test_standard_waits_agree_with_trying_every_tile():
    rng = random.Random(17)
    checked = Counter()
    for _ in range(400):
        counts = [0] * 34
        for _ in range(rng.choice((4, 7, 13, 16))):
            counts[rng.randrange(34)] += 1
        counts = tuple(counts)
        brute = tuple(t for t in range(34)
                      if shapes.is_standard(counts[:t] + (counts[t] + 1,) + counts[t + 1:]))
        assert shapes.standard_waits(counts) == brute, counts
        checked[bool(brute)] += 1
    # and on hands one tile short that do wait
    for _ in range(400):
        case = gb16_hand(rng)
        before = hand_from_input(case).pre_win_standing
        brute = tuple(t for t in range(34) if shapes.is_standard(before[:t] + (before[t] + 1,) + before[t + 1:]))
        assert shapes.standard_waits(before) == brute, case
        checked[bool(brute)] += 1
    assert checked[True] and checked[False]


def test_decompositions_are_every_split():
    """standard_decompositions (built from per-suit splits) lists each split exactly once."""
    for counts in product((0, 1, 2, 3), repeat=5):
        c = tuple(counts) + (0,) * 29
        found = shapes.standard_decompositions(c)
        keys = [(tuple(sorted(g.sort_key() for g in sets)), pair.tile) for sets, pair in found]
        assert len(keys) == len(set(keys)), c
        assert bool(found) == shapes.is_standard(c), c


def test_batch_on_several_workers_keeps_every_line_in_order():
    import io
    import json

    from gb16.reference.jsonlines import MAX_LINE_BYTES
    from gb16.tools.commands.score import run_batch
    rng = random.Random(18)
    lines = [json.dumps(gb16_hand(rng), ensure_ascii=False) for _ in range(450)]
    lines[7] = "{not json"
    lines[300] = "   "
    lines[301] = json.dumps({"hand": "123m", "win_tile": "1m", "win_by": "discard"})
    lines[302] = "[" * (MAX_LINE_BYTES + 10)  # too long a line
    lines += [json.dumps(gb13_hand(rng), ensure_ascii=False) for _ in range(50)]
    data = ("\n".join(lines) + "\n").encode("utf-8") + b"\xff\xfe\n"
    one, two = io.BytesIO(), io.BytesIO()
    run_batch(io.BytesIO(data), one, jobs=1)
    run_batch(io.BytesIO(data), two, jobs=2)
    assert one.getvalue() == two.getvalue()
    results = one.getvalue().decode("utf-8").splitlines()
    assert len(results) == len(lines) + 1
    assert json.loads(results[7])["error"]["code"] == "invalid_json"
    assert json.loads(results[301])["error"]["code"] == "wrong_tile_count"
    assert json.loads(results[302])["error"]["code"] == "invalid_json"
    assert json.loads(results[-1])["error"]["code"] == "invalid_json"
    assert sum(json.loads(r)["ok"] for r in results) == len(lines) - 4


def test_skipping_by_needs_changes_nothing():
    """The scorer's evaluation — families of needs, each checked after its weakest member —
    finds exactly the fans that every predicate, run on every subject, finds."""
    from gb16.reference.rules import DEFAULT
    from gb16.reference.scoring import _holding, applicable_predicates
    skipped = 0
    for hand, found in _subjects():
        for scope, subjects in (("hand", [hand]), ("reading", found)):
            families = applicable_predicates(hand.variant.id, DEFAULT)[scope]
            every = [p for _, groups in families for _, preds in groups for p in preds]
            for subject in subjects:
                plain = {p.id: occurrences(p.func(subject)) for p in every}
                plain = {f: o for f, o in plain.items() if o}
                assert _holding(families, subject) == plain, (scope, subject)
                skipped += sum(weakest is not None and not weakest.holds(subject) for weakest, _ in families)
    assert skipped  # the families did skip predicates in the sample
