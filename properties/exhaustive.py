"""Exhaustive checks: every concealed one-suit gb16 hand with each of its winning tiles.

The space: 17 standing tiles of one suit (no melds, no kongs), at most four of a kind,
forming five sets and a pair (the 组合龙 shape needs three suits).  In 万 alone there are
26,414 such hands and 190,260 (hand, winning tile) pairs; the other suits are their images
under the suit permutations, which property 1 relates, so only 万 is enumerated.

* Every pair is scored (win by discard and by self-draw on alternate pairs) and checked for
  the single-result properties — 4 exclusion consistency, 6 one big combination, 10 waits
  (against the independent formal wait set), 11 robustness (the hand itself and one
  corrupted copy of it), 13 definition consistency and 14 best big combination (every fan
  definition and every big-combination choice, modelled independently) — and,
  implicitly, that no legal hand is rejected or crashes the scorer.
* The multi-call properties — 1 suit permutation, 2 wind/dragon relabelling, 3 number
  reflection, 5 no mixing, 7 flowers, 8 presentation, 9 win method, 12 determinism — run
  on a deterministic sample: every ``sample_every``-th pair (default 10, 19,026 pairs).
  (15 error causes needs broken inputs, not winning hands: it has no exhaustive row.)

Each property gives one row, like the Hypothesis rows of gb16.properties.runner, with the
first counterexample in enumeration order (these are not shrunk: the enumeration goes from
small tiles to large, so the first failure is already a plain one).
"""

from __future__ import annotations

import functools
import json
import time
from typing import Callable, Iterator

from gb16.properties import invariants as I
from gb16.properties.scorers import as_scorer
from gb16.properties.hands import Case, Hand, compact_in_order, sorted_tiles

CHEAP = ("exclusion_consistency", "one_big_combination", "waits", "robustness",
         "definition_consistency", "best_big_combination")
#: (hand, winning tile) pairs of the one-suit space (:func:`count_space`; tests/test_properties.py
#: counts them), for the progress line
PAIRS = 190_260
SAMPLED = ("suit_permutation", "wind_dragon_relabelling", "number_reflection", "no_mixing",
           "flowers", "presentation", "win_method", "determinism")


@functools.cache
def winning_vectors(nsets: int = 5) -> tuple[tuple[int, ...], ...]:
    """The count vectors (copies of 1 … 9 of one suit) of every hand of ``nsets`` sets and a
    pair of one suit, at most four of a kind, in increasing order: built from the sets —
    each vector is a pair plus ``nsets`` chows or pungs — instead of decomposing every vector
    of 3·nsets + 2 tiles (tests/test_properties_strategies.py compares the two on small sizes).
    Worked out once per process."""
    pieces = [tuple(int(r in (a, a + 1, a + 2)) for r in range(9)) for a in range(7)]   # chows
    pieces += [tuple(3 * int(r == a) for r in range(9)) for a in range(9)]             # pungs
    found = {tuple(2 * int(r == a) for r in range(9)) for a in range(9)}                # the pair
    for _ in range(nsets):
        found = {v for v in (tuple(x + y for x, y in zip(f, piece)) for f in found for piece in pieces)
                 if max(v) <= 4}
    return tuple(sorted(found))


def _standing(vector: tuple[int, ...], suit_letter: str) -> tuple[str, ...]:
    return tuple(f"{r + 1}{suit_letter}" for r in range(9) for _ in range(vector[r]))


def one_suit_hands(suit_letter: str = "m") -> Iterator[tuple[str, ...]]:
    """Every 17-tile standing hand of one suit that forms five sets and a pair."""
    for v in winning_vectors():
        yield _standing(v, suit_letter)


def _one_suit_pairs(suit_letter: str = "m") -> Iterator[tuple[int, tuple[str, ...], tuple[str, ...]]]:
    """(k of the first pair, standing tiles, winning tiles) of each hand in enumeration order:
    a hand's pairs are k, k + 1, … one per distinct tile, from small to large."""
    k = 0
    for v in winning_vectors():
        wins = tuple(f"{r + 1}{suit_letter}" for r in range(9) if v[r])
        yield k, _standing(v, suit_letter), wins
        k += len(wins)


def _pair_case(k: int, standing: tuple[str, ...], win: str) -> Case:
    """Pair ``k``: by discard on even k, by self-draw on odd."""
    return Case(hand=Hand(standing), win_tile=win, win_by="discard" if k % 2 == 0 else "self_draw",
                origin=f"exhaustive one-suit #{k}")


def one_suit_cases(suit_letter: str = "m") -> Iterator[Case]:
    """Every (hand, winning tile) pair, alternating discard and self-draw."""
    for k, standing, wins in _one_suit_pairs(suit_letter):
        for j, win in enumerate(wins):
            yield _pair_case(k + j, standing, win)


def count_space(suit_letter: str = "m") -> tuple[int, int]:
    """(hands, (hand, winning tile) pairs) of the one-suit space."""
    hands = pairs = 0
    for _, _, wins in _one_suit_pairs(suit_letter):
        hands += 1
        pairs += len(wins)
    return hands, pairs


def written_variant(case: Case, k: int) -> dict:
    """A deterministic re-writing of the input for property 8 (order, spacing, suffix)."""
    inp = case.to_input()
    tiles = list(case.hand.standing)
    style = k % 4
    if style == 0:    # reversed, tile by tile, spaced
        text = " ".join(reversed(tiles))
    elif style == 1:  # rotated, runs merged where adjacent
        tiles = tiles[k % len(tiles):] + tiles[:k % len(tiles)]
        text = compact_in_order(tiles)
    elif style == 2:  # interleaved halves
        text = "".join(tiles[::2] + tiles[1::2])
    else:             # canonical with trailing space
        text = "".join(sorted_tiles(tiles)) + " "
    if k % 3:
        word = "点和" if case.win_by == "discard" else "自摸"
        text += ("，" if k % 3 == 1 else ",") + word + case.win_tile
        del inp["win_tile"], inp["win_by"]
    inp["hand"] = text
    return inp


def corrupted(case: Case, k: int) -> dict:
    """A deterministic broken copy of the input for property 11."""
    inp = case.to_input()
    text = inp["hand"]
    kind = k % 5
    if kind == 0:
        inp["hand"] = text[: k % len(text)] + text[k % len(text) + 1:]
    elif kind == 1:
        inp["hand"] = text[:-1] + "0" + text[-1]
    elif kind == 2:
        inp["hand"] = "[" + text
    elif kind == 3:
        inp["win_tile"] = "9z"
    else:
        inp["hand"] = text + text[:2] + text[-1]
    return inp


def example_for(name: str, case: Case, k: int, previous: Case | None):
    """The example object property ``name`` expects, built deterministically (``previous``:
    the pair before in the enumeration, scored between two scorings of this one by 12)."""
    if name == "suit_permutation":
        return {"case": case, "permutation": I.SUIT_PERMUTATIONS[k % len(I.SUIT_PERMUTATIONS)]}
    if name == "wind_dragon_relabelling":
        return {"case": case.with_(prevalent_wind="ESWN"[k % 4], seat_wind="ESWN"[(k // 4) % 4]),
                "wind_steps": 1 + k % 3, "dragons": I.DRAGON_PERMUTATIONS[k % 6]}
    if name == "flowers":
        return {"case": case.with_(flowers=k % 9), "other_flowers": (k * 5) % 9}
    if name == "presentation":
        return {"case": case, "written": written_variant(case, k)}
    if name == "win_method":
        return {"case": case, "pick": k}
    if name == "determinism":
        return {"first": case.to_input(), "between": (previous or case).to_input()}
    return case


class _Memo:
    """Scores each distinct input once within one pair (the single-result checks share it)."""

    def __init__(self, scorer):
        self.scorer = scorer
        self.explain = getattr(scorer, "explain", None)
        self.score_interpretation = getattr(scorer, "score_interpretation", None)
        self.cache: dict[object, dict] = {}

    def __call__(self, inp):
        try:   # the field values with their types (1 and True are different inputs)
            key: object = tuple((field, type(value), value) for field, value in sorted(inp.items()))
            hash(key)
        except TypeError:   # a value that is no plain one
            key = json.dumps(inp, sort_keys=True, ensure_ascii=False, default=repr)
        if key not in self.cache:
            self.cache[key] = self.scorer(inp)
        return self.cache[key]


def run_exhaustive(scorer, profile: str = "thorough", sample_every: int = 10,
                   limit: int | None = None, progress: Callable[[str], None] | None = None,
                   shard: int = 0, shards: int = 1) -> list[dict]:
    """Run the exhaustive checks; one row per property (see the module docstring).

    ``shard`` of ``shards``: check only the pairs of every ``shards``-th block of
    ``sample_every`` consecutive pairs, starting with block ``shard`` (the others are
    enumerated, not checked), so that the checks can be spread over processes, each with
    its share of sampled pairs, of wins by discard and by self-draw, and of small and large
    tiles; :func:`merge_shards` puts their rows together into the rows of one whole run."""
    if not 0 <= shard < shards:
        raise ValueError(f"shard {shard} of {shards}: a shard is 0 … shards − 1")
    scorer = as_scorer(scorer)
    names = list(CHEAP) + list(SAMPLED)
    stats = {n: {"examples": 0, "failure": None, "seconds": 0.0} for n in names}
    began = time.monotonic()
    total = mine = 0
    share = f"shard {shard + 1} of {shards}: " if shards > 1 else ""
    expected = (PAIRS if limit is None else min(limit, PAIRS)) // shards
    stop = PAIRS if limit is None else limit
    last: tuple[int, tuple[str, ...], str] | None = None   # the pair before a hand's first
    for k0, standing, wins in _one_suit_pairs():
        if k0 >= stop:
            break
        end = min(k0 + len(wins), stop)
        total += end - k0
        # a hand none of whose pairs is this shard's is enumerated, not built
        if all((k // sample_every) % shards != shard for k in range(k0, end)):
            last = (end - 1, standing, wins[end - 1 - k0])
            continue
        for k in range(k0, end):
            if (k // sample_every) % shards != shard:
                last = (k, standing, wins[k - k0])
                continue
            case = _pair_case(k, standing, wins[k - k0])
            previous = None if last is None else _pair_case(*last)
            last = (k, standing, wins[k - k0])
            mine += 1
            memo = _Memo(scorer)
            for name in names:
                if name in SAMPLED and k % sample_every:
                    continue
                s = stats[name]
                if s["failure"] is not None:
                    continue
                prop = I.BY_NAME[name]
                t0 = time.process_time()
                uses_raw = name == "determinism"
                try:
                    if name == "robustness":
                        prop.check(memo, case.to_input())
                        prop.check(scorer, corrupted(case, k))
                    else:
                        prop.check(scorer if uses_raw else memo, example_for(name, case, k, previous))
                except I.Violation as v:
                    s["failure"] = {"example": prop.describe(example_for(name, case, k, previous)),
                                    "violation": str(v), "pair": k}
                except Exception as exc:  # the property's own code broke
                    s["failure"] = {"example": prop.describe(case), "violation": f"error: {type(exc).__name__}: {exc}",
                                    "error": True, "pair": k}
                s["examples"] += 1
                s["seconds"] += time.process_time() - t0
            if progress and mine % 5000 == 0:
                progress(f"exhaustive {share}{mine}/{expected} pairs ({time.monotonic() - began:.0f} s)")
    return [_row(name, stats[name], profile, total, sample_every) for name in names]


def _row(name: str, s: dict, profile: str, total: int, sample_every: int) -> dict:
    """One property's row, like the Hypothesis rows of gb16.properties.runner."""
    prop, failure = I.BY_NAME[name], s["failure"]
    result = _result(failure)
    scope = "all" if name in CHEAP else f"every {sample_every}th"
    return {
        "number": prop.number, "name": f"exhaustive:{name}", "title": prop.title,
        "clause": prop.clause, "profile": profile, "examples": s["examples"],
        "checked": s["examples"], "shrink_calls": 0, "result": result,
        "message": f"concealed one-suit hands × winning tiles ({total} pairs; {scope})",
        "counterexample": failure, "seconds": round(s["seconds"], 2),
    }


def merge_shards(shard_rows: list[list[dict]], sample_every: int = 10) -> list[dict]:
    """The rows of one whole run from the rows of its shards (:func:`run_exhaustive`): the
    examples and seconds added up, and where a property failed, the failure first in the
    enumeration, with the examples a whole run would have checked up to it (it stops there)."""
    merged = []
    for rows in zip(*shard_rows):
        failures = [r["counterexample"] for r in rows if r["counterexample"] is not None]
        first = min(failures, key=lambda f: f["pair"], default=None)
        name = rows[0]["name"].removeprefix("exhaustive:")
        examples = sum(r["examples"] for r in rows)
        if first is not None:   # a whole run checks every pair (or every sample_every-th) up to the failing one
            examples = first["pair"] + 1 if name in CHEAP else first["pair"] // sample_every + 1
        merged.append(dict(rows[0], examples=examples, checked=examples, counterexample=first, result=_result(first),
                           seconds=round(sum(r["seconds"] for r in rows), 2)))
    return merged


def _result(failure: dict | None) -> str:
    return "pass" if failure is None else ("error" if failure.get("error") else "FAIL")
