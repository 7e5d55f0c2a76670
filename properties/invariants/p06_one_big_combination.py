"""Property 6. One big combination; the chow-pair forest."""

from __future__ import annotations

import itertools
from collections import Counter

from gb16.properties import strategies as S
from gb16.properties.hands import rank
from gb16.properties.invariants.base import (
    BIG_COMBINATION, CHOW_PAIR_FANS, FAN, FOUR_CHOW_FANS, PUNG_COMBINATION_FANS, THREE_CHOW_FANS,
    Violation, _brief, fan_counts, fan_text, interp_sets, interpretation_of, register, score_ok,
)

# --------------------------------------------------------------------------------------
# 6. One big combination; the chow-pair forest


def chow_relation(a: tuple[str, int], b: tuple[str, int]) -> str | None:
    """The chow-pair fan two chows (suit, start) satisfy (xinbian 第七章 69–72); at most one."""
    (sa, x), (sb, y) = a, b
    if sa == sb and x == y:
        return "pure_double_chow"
    if sa != sb and x == y:
        return "mixed_double_chow"
    if sa == sb and abs(x - y) == 3:
        return "short_straight"
    if sa == sb and {x, y} == {1, 7}:
        return "two_terminal_chows"
    return None


class _Forest:
    def __init__(self) -> None:
        self.parent: dict = {}

    def find(self, x):
        self.parent.setdefault(x, x)
        while self.parent[x] != x:
            self.parent[x] = self.parent[self.parent[x]]
            x = self.parent[x]
        return x

    def union(self, a, b) -> bool:
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return False
        self.parent[ra] = rb
        return True


def _chow_group(interp: dict, big: list[str], counts: Counter) -> set[int] | None:
    """The set indices of the counted 3-/4-chow fan (empty when there is none, None when
    the interpretation does not say); a violation when it contradicts the fans."""
    if "big_combination" not in interp:
        return None
    bc = interp["big_combination"]
    if not bc:
        if big:
            raise Violation(f"{FAN[big[0]]['zh']} is scored but the interpretation names no big combination")
        return set()
    if not big or bc.get("fan") != big[0]:
        raise Violation(f"the interpretation names big combination {bc} but the fans are {fan_text(counts)}")
    if big[0] in PUNG_COMBINATION_FANS:
        return set()
    members = set(bc.get("sets") or ())
    return members or None


#: the default profiles and five chows linked into a tree (four chow-pair links, seed000 §二.6)
LINK_PROFILES = S.PROFILES + ("target:linked_chows", "target:linked_chows", "chow_family",
                              "target:four_pure_shifted_chows", "target:quadruple_chow")


@register(6, "one_big_combination", "At most one big combination; chow-pair fans never exceed "
          "(chow nodes after contracting the big combination − connected components), none beside "
          "a four-chow fan, 老少副 at most once, no cycle of links",
          "seed000 §二.5, §二.6; xinbian 第六章 5; R-001",
          lambda: S.cases(LINK_PROFILES))
def one_big_combination(scorer, case) -> bool:
    inp = case.to_input()
    result = score_ok(scorer, inp, "the hand")
    counts = fan_counts(result)
    big = [f for f in counts if f in BIG_COMBINATION]
    context = f"fans {fan_text(counts)}; input {_brief(inp, 600)}"
    if len(big) > 1:
        raise Violation(f"more than one big combination: {fan_text(Counter(big))} (seed000 §二.5) — {context}")
    pairs = sum(counts.get(f, 0) for f in CHOW_PAIR_FANS)
    if counts.get("two_terminal_chows", 0) > 1:
        raise Violation(f"老少副 counted {counts['two_terminal_chows']} times (seed000 §二.6) — {context}")
    if big and big[0] in FOUR_CHOW_FANS and pairs:
        raise Violation(f"chow-pair fans beside the four-chow fan {FAN[big[0]]['zh']} (seed000 §二.5) — {context}")
    interp = interpretation_of(result)
    if interp is None:
        return False
    sets = interp_sets(interp)
    chows = [(i, (g.tiles[0][1], rank(g.tiles[0]))) for i, g in enumerate(sets) if g.kind == "chow"]
    group = _chow_group(interp, big, counts)  # the contracted 3-/4-chow group; None if unknown
    if group and not group <= {i for i, _ in chows}:
        raise Violation(f"the big combination {interp['big_combination']} names a set that is not a chow")
    node = (lambda i: "group" if group and i in group else i)
    if group is None:
        # members unknown (no big_combination reported): the plain bound of §二.6
        limit = max(len(chows) - (2 if big and big[0] in THREE_CHOW_FANS else 0) - 1, 0)
        components = None
    else:
        nodes = {node(i) for i, _ in chows}
        forest = _Forest()
        for (i, a), (j, b) in itertools.combinations(chows, 2):
            if node(i) != node(j) and chow_relation(a, b):
                forest.union(node(i), node(j))
        components = len({forest.find(n) for n in nodes})
        limit = len(nodes) - components
    if pairs > limit:
        shape = (f"forming {len(chows) - len(group or ()) + (1 if group else 0)} node(s) in {components} "
                 f"connected group(s)" if components is not None else "")
        raise Violation(f"{pairs} chow-pair fan(s) among {len(chows)} chows {shape}: at most {limit} "
                        f"(seed000 §二.6) — {context}")
    links = interp.get("chow_links")
    if links is None or group is None:
        return False
    per_fan = Counter(link["fan"] for link in links)
    if per_fan != Counter({f: counts[f] for f in CHOW_PAIR_FANS if counts.get(f)}):
        raise Violation(f"chow_links {links} disagree with the fans {fan_text(counts)}")
    cycle = _Forest()
    by_index = dict(chows)
    for link in links:
        i, j = link["sets"]
        if i not in by_index or j not in by_index:
            raise Violation(f"chow link {link} joins a set that is not a chow")
        if chow_relation(by_index[i], by_index[j]) != link["fan"]:
            raise Violation(f"chow link {link}: sets {i}, {j} do not form {link['fan']}")
        if not cycle.union(node(i), node(j)):
            raise Violation(f"chow links {links} close a cycle (不允许同一圈关系重复计分, seed000 §二.6) — {context}")
    return True


