"""The combination rules: one big combination (seed000 §二.5) and the chow-pair forest
(seed000 §二.6).  This module is the one place where they are decided.

§二.5 "一色四节高、一色三节高及所有四顺子／三顺子番种全局至多取一个，选择总分最高的组合。"
    Every fan of :data:`BIG_COMBINATION` that holds is a candidate; each candidate is scored
    as its own interpretation and the best total wins (docs/rulings.md R-002).  The
    exclusions that go with a big combination (a 四顺子 fan excludes every chow-pair fan,
    "包含第五顺子"; 三同刻 excludes 双同刻) are data in corpus/fans.json.

§二.6 "每一对顺子最多建立一个1分关系。已计入三顺子大番的三副视为一个整体……每增加一个连接最多计
    1分，不允许同一圈关系重复计分……老少副依底本只能计一次。"
    :func:`chow_links` counts a largest forest of relations (docs/rulings.md R-001).
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import combinations
from typing import TYPE_CHECKING, Any

from . import table
from .fans import REGISTRY
from .rules import active

if TYPE_CHECKING:
    from .groups import Group

#: the chows of a reading, each with its set index
Chows = Sequence[tuple[int, "Group"]]
#: a big-combination choice (§二.5): the fan and the indices of its sets, or none
Big = tuple[str, tuple[int, ...]] | None
#: a counted chow-pair link: the fan and the indices of its two chows
Link = tuple[str, int, int]
#: a node of the link forest: a chow's set index, or "group" for the big combination's chows
Node = int | str

#: seed000 §二.5 / xinbian 第六章 5: at most one of these per interpretation.
BIG_COMBINATION = (
    "four_pure_shifted_pungs", "pure_shifted_pungs",                      # 一色四节高, 一色三节高
    "quadruple_chow", "four_pure_shifted_chows",                          # 四顺子
    "pure_terminal_chows", "three_suited_terminal_chows",                 # 四顺子 (gb13 only)
    "pure_triple_chow", "pure_straight", "pure_shifted_chows",            # 三顺子
    "mixed_straight", "mixed_triple_chow", "mixed_shifted_chows",
)

#: seed000 §二.6: relations between two chows, in table order (the order links are tried).
CHOW_PAIR_FANS = ("pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows")
ONCE_ONLY_LINK = "two_terminal_chows"  # 老少副依底本只能计一次

#: docs/rulings.md R-002: the pung fans that option B adds to the group and option C keeps
#: from sharing a pung with it.
SHARED_PUNG_FANS = ("triple_pung", "mixed_shifted_pungs")


def big_combination_group() -> tuple[str, ...]:
    """The fans of §二.5's group under the rules in force: :data:`BIG_COMBINATION`, and under
    R-002:B also 三同刻 and 三色三节高."""
    return BIG_COMBINATION + SHARED_PUNG_FANS if active().option("R-002") == "B" else BIG_COMBINATION


def shared_pung_fans(counted: dict[str, Any], big: Big, raw: dict[str, Any]) -> dict[str, Any]:
    """R-002:C — 三同刻 and 三色三节高 count beside the big combination only in a choice of sets
    that shares no pung with it.  (Option A: unchanged; option B: they are in the group.)"""
    if active().option("R-002") != "C" or big is None:
        return counted
    out = dict(counted)
    for fan_id in SHARED_PUNG_FANS:
        if fan_id in out:
            kept = [o for o in raw.get(fan_id, ()) if not set(o) & set(big[1])]
            if kept:
                out[fan_id] = kept
            else:
                del out[fan_id]
    return out


def relation(a: Group, b: Group) -> str | None:
    """The chow-pair fan two chows form, if any (at most one: the definitions exclude each other)."""
    for fan_id in CHOW_PAIR_FANS:
        if REGISTRY[fan_id].func(a, b):
            return fan_id
    return None


def big_combination_choices(candidates: dict[str, list[tuple[int, ...]]]) -> list[Big]:
    """The interpretations §二.5 allows: one candidate each, or ``None`` if there is none.

    ``candidates`` maps a fan id to the set-index tuples that satisfy it.
    """
    choices: list[Big] = [(fan_id, sets) for fan_id in big_combination_group() for sets in candidates.get(fan_id, ())]
    return choices or [None]


def chow_links(chows: Chows, big: Big) -> list[Link]:
    """The chow-pair fans counted among ``chows`` beside the big combination ``big``.

    ``chows`` is a sequence of ``(set index, Group)``; ``big`` is ``(fan id, set indices)``
    or ``None``.  The chows of the big combination are one node; every related pair of
    nodes is an edge (a chow outside the group gets one edge per group member it relates
    to); the counted links are a largest cycle-free set of edges with at most one 老少副.
    Edges are tried in table order (一般高, 喜相逢, 连六, 老少副) and then by set position
    (Kruskal); trying 老少副 last makes the greedy forest a largest one.
    Returns ``(fan id, i, j)`` for each counted link.

    Edition deltas (docs/rulings.md, Part 3): ``two-terminal-chows-repeatable`` makes 老少副 a
    link like the other three, so the forest may hold it more than once (the number of links,
    and so the total, is the same — only the admissible listings grow, see
    :func:`chow_link_sets`); ``chow-pairs-once`` (套算一次) uses each chow in one counted link at
    most; ``chow-links-plain-cap`` drops the cycle condition and caps the links at 4, or 2
    beside a 三顺子.
    """
    if len(chows) < 2:
        return []  # a link is between two chows
    rules = active()
    once_only = not rules.repeatable(ONCE_ONLY_LINK)
    pairs_once, plain_cap = rules.has("chow-pairs-once"), rules.has("chow-links-plain-cap")
    group = set(big[1]) if big is not None else set()
    node = {i: ("group" if i in group else i) for i, _ in chows}
    edges = []
    for (i, a), (j, b) in combinations(chows, 2):
        if i in group and j in group:
            continue  # 其内部不再计双顺子
        fan_id = relation(a, b)
        if fan_id:
            edges.append((table.ORDER[fan_id], i, j, fan_id))
    edges.sort()
    parent = {n: n for n in node.values()}

    def root(n: Node) -> Node:
        while parent[n] != n:
            parent[n] = parent[parent[n]]
            n = parent[n]
        return n

    links: list[Link] = []
    once_used, used_chows = False, set[int]()
    cap = (2 if group else 4) if plain_cap else None
    for _, i, j, fan_id in edges:
        if fan_id == ONCE_ONLY_LINK and once_used and once_only:
            continue
        if pairs_once and (i in used_chows or j in used_chows):
            continue  # 套算一次 (edition mcr1998)
        if cap is not None:
            if len(links) == cap:
                break
        else:
            root_i, root_j = root(node[i]), root(node[j])
            if root_i == root_j:
                continue  # 不允许同一圈关系重复计分
            parent[root_i] = root_j
        used_chows.update((i, j))
        links.append((fan_id, i, j))
        once_used |= fan_id == ONCE_ONLY_LINK
    return links


def chow_link_sets(chows: Chows, big: Big) -> list[list[Link]]:
    """Every largest chow-pair link set §二.6 allows beside ``big`` (docs/rulings.md R-001).

    :func:`chow_links` counts one of them; a scorer may count any other, e.g. a link 连六
    where the reference says 喜相逢 between the same chows' nodes, at the same size.  The
    edges are those of :func:`chow_links`; a set is admissible when it is cycle-free over
    the nodes (the big combination's chows are one node) and holds at most one 老少副 (any
    number under ``two-terminal-chows-repeatable``), and largest when no admissible set has
    more links.  Under ``chow-pairs-once`` no chow is in two links; under
    ``chow-links-plain-cap`` a set need not be cycle-free but holds at most the cap of
    :func:`chow_links`.  At most ten edges (five chows), so trying every subset, largest
    first, is cheap.  Used to decide ties, never to score.
    """
    rules = active()
    once_only = not rules.repeatable(ONCE_ONLY_LINK)
    pairs_once, plain_cap = rules.has("chow-pairs-once"), rules.has("chow-links-plain-cap")
    group = set(big[1]) if big is not None else set()
    cap = (2 if group else 4) if plain_cap else None
    node = {i: ("group" if i in group else i) for i, _ in chows}
    edges = [(fan_id, i, j) for (i, a), (j, b) in combinations(chows, 2)
             if not (i in group and j in group) for fan_id in [relation(a, b)] if fan_id]

    def admissible(subset: tuple[Link, ...]) -> bool:
        if once_only and sum(f == ONCE_ONLY_LINK for f, _, _ in subset) > 1:
            return False
        if pairs_once and len({c for _, i, j in subset for c in (i, j)}) < 2 * len(subset):
            return False
        if cap is not None:
            return len(subset) <= cap
        parent = {n: n for n in node.values()}

        def root(n: Node) -> Node:
            while parent[n] != n:
                n = parent[n]
            return n
        for _, i, j in subset:
            root_i, root_j = root(node[i]), root(node[j])
            if root_i == root_j:
                return False
            parent[root_i] = root_j
        return True

    for size in range(len(edges), 0, -1):
        found = [list(subset) for subset in combinations(edges, size) if admissible(subset)]
        if found:
            return found
    return [[]]
