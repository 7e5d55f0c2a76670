"""The common ground of the properties: the fan table as the properties read it
(gb16.properties.rulebook), failures, calling a scorer, reading its result, and the
property record and registry (gb16.properties.invariants gathers the registered properties)."""

from __future__ import annotations

import json
import traceback
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, Callable

from hypothesis import strategies as st

from gb16.properties import rulebook
from gb16.properties.hands import Case, parse_tiles, reading_key, sorted_tiles

# --------------------------------------------------------------------------------------
# The fan table as the properties read it: transcribed from the texts
# (gb16.properties.rulebook), never corpus/fans.json, which the scorer reads.

FANS: tuple[dict, ...] = rulebook.FANS
FAN: dict[str, dict] = rulebook.FAN
TABLE_ORDER: dict[str, int] = rulebook.ORDER

#: seed000 §二.8: "仅四归一、双同刻、一般高、喜相逢、连六、幺九刻、花牌可重复计，其余各计一次".
REPEATABLE = rulebook.REPEATABLE
#: seed000 §二.5: 一色四节高、一色三节高及所有四顺子／三顺子番种全局至多取一个.
FOUR_CHOW_FANS = frozenset({"quadruple_chow", "four_pure_shifted_chows",
                            "pure_terminal_chows", "three_suited_terminal_chows"})   # the last two gb13 only
THREE_CHOW_FANS = frozenset({"pure_triple_chow", "pure_straight", "pure_shifted_chows",
                             "mixed_straight", "mixed_triple_chow", "mixed_shifted_chows"})
PUNG_COMBINATION_FANS = frozenset({"four_pure_shifted_pungs", "pure_shifted_pungs"})
BIG_COMBINATION = FOUR_CHOW_FANS | THREE_CHOW_FANS | PUNG_COMBINATION_FANS
#: seed000 §二.6: the chow-pair fans.
CHOW_PAIR_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
WAIT_FANS = ("edge_wait", "closed_wait", "single_wait")
CONCEALED_PUNG_LEVEL = {"four_concealed_pungs": 4, "three_concealed_pungs": 3,
                        "two_concealed_pungs": 2, "two_concealed_kongs": 2}
#: docs/contract.md, Errors: the closed set of error codes.
ERROR_CODES = frozenset({"invalid_json", "invalid_input", "unsupported_variant", "invalid_notation",
                         "invalid_tile", "too_many_copies", "wrong_tile_count", "invalid_meld",
                         "win_tile_not_in_hand", "inconsistent_flags", "not_winning_hand"})


def whole_exclusions(fan_id: str, variant: str = "gb16") -> set[str]:
    """Fans that ``fan_id`` excludes for the whole hand (scope "whole", respecting
    "variants"), gb16.properties.rulebook; xinbian 第六章 4 (规定原则)."""
    return rulebook.whole_exclusions(fan_id, variant)


def excluded_by(fans, variant: str = "gb16") -> set[str]:
    """Every fan some fan of ``fans`` excludes for the whole hand."""
    out: set[str] = set()
    for f in fans:
        if f in FAN:
            out |= whole_exclusions(f, variant)
    return out


# --------------------------------------------------------------------------------------
# Failures and small helpers


class Violation(AssertionError):
    """A scorer broke a property; the message says how."""


def _brief(value: Any, limit: int = 300) -> str:
    text = json.dumps(value, ensure_ascii=False, default=repr)
    return text if len(text) <= limit else text[:limit] + "…"


def call(scorer, case_input: Any) -> Any:
    """Call the scorer; an exception is a violation (the contract: never raise)."""
    try:
        return scorer(case_input)
    except Exception as exc:
        tb = traceback.format_exception(type(exc), exc, exc.__traceback__, limit=-3)
        raise Violation(f"the scorer raised {type(exc).__name__}: {exc} "
                        f"(input {_brief(case_input)}) — {''.join(tb[-2:]).strip()[:500]}") from None


def score_ok(scorer, case_input: dict, what: str = "input") -> dict:
    """Score a legal winning hand: the result must be an ok result."""
    result = call(scorer, case_input)
    if not isinstance(result, dict) or result.get("ok") is not True:
        raise Violation(f"{what} {_brief(case_input)} is a legal winning hand, "
                        f"but the scorer answered {_brief(result)}")
    if not isinstance(result.get("fans"), list):
        raise Violation(f"{what}: the result has no fan list: {_brief(result)}")
    return result


def fan_counts(result: dict) -> Counter:
    counts: Counter = Counter()
    for f in result.get("fans", []):
        counts[f.get("id")] += int(f.get("count", 1))
    return counts


def fan_text(counts: Counter) -> str:
    parts = []
    for fid in sorted(counts, key=lambda f: TABLE_ORDER.get(f, 999)):
        name = FAN[fid]["zh"] if fid in FAN else fid
        parts.append(name + (f"×{counts[fid]}" if counts[fid] != 1 else ""))
    return "、".join(parts) or "(none)"


def fans_only(counts: Counter) -> Counter:
    """Fans other than 花牌."""
    return Counter({f: n for f, n in counts.items() if f != "flower_tiles" and n})


def table_points(counts: Counter) -> int:
    """Σ points × count from the fan table, without flowers (docs/contract.md fan_points)."""
    return sum(FAN[f]["points"] * n for f, n in counts.items() if f != "flower_tiles" and f in FAN)


def interpretation_of(result: dict) -> dict | None:
    interp = result.get("interpretation")
    return interp if isinstance(interp, dict) and interp.get("sets") is not None else None


@dataclass(frozen=True)
class ISet:
    """A set of a result's interpretation, read back into tiles."""

    kind: str
    tiles: tuple[str, ...]
    exposed: bool
    concealed: bool
    win: bool


def interp_sets(interp: dict) -> list[ISet]:
    out = []
    for s in interp.get("sets", []):
        out.append(ISet(s["kind"], tuple(sorted_tiles(parse_tiles(s["tiles"]))), bool(s.get("exposed")),
                        bool(s.get("concealed")), bool(s.get("win"))))
    return out


def interp_key(interp: dict) -> tuple:
    """The canonical reading key (gb16.properties.hands.reading_key) of an interpretation."""
    sets = interp_sets(interp)
    # a gb13 special shape (七对, 全不靠, 十三幺) has no sets and no pair: it is named by its shape
    pair = None if interp.get("pair") is None and not sets else parse_tiles(interp["pair"]["tiles"])[0]
    knitted = interp.get("knitted") if pair is not None else None
    knitted_tiles = tuple(parse_tiles(knitted["tiles"])) if knitted else None
    win_in = interp.get("win_in", "")
    win_set = None
    if win_in.startswith("set"):
        g = sets[int(win_in.split()[1])]
        win_set = (g.kind, g.tiles, g.exposed)
        win_in = "set"
    return reading_key(interp["shape"], [(g.kind, g.tiles, g.exposed) for g in sets], pair,
                       knitted_tiles, win_in, win_set)


def win_group(interp: dict) -> ISet | None:
    win_in = interp.get("win_in", "")
    if win_in.startswith("set"):
        return interp_sets(interp)[int(win_in.split()[1])]
    return None


# --------------------------------------------------------------------------------------
# The property record


@dataclass
class Property:
    number: int
    name: str
    title: str
    clause: str
    strategy: Callable[[], st.SearchStrategy]
    check: Callable[[Any, Any], bool]
    #: relative cost; the profiles scale the number of examples by 1/weight
    weight: float = 1.0
    needs: tuple[str, ...] = field(default_factory=tuple)

    def describe(self, example: Any) -> Any:
        return describe_example(example)


def describe_example(example: Any) -> Any:
    """A JSON-ready rendering of an example (a Case becomes its input)."""
    if isinstance(example, Case):
        return example.to_input()
    if isinstance(example, dict):
        return {k: describe_example(v) for k, v in example.items()}
    if isinstance(example, (list, tuple)):
        return [describe_example(v) for v in example]
    return example


PROPERTIES: list[Property] = []


def register(number: int, name: str, title: str, clause: str, strategy, weight: float = 1.0,
             needs: tuple[str, ...] = ()):
    def wrap(check):
        PROPERTIES.append(Property(number, name, title, clause, strategy, check, weight, needs))
        return check
    return wrap


