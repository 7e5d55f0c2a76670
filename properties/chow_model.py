"""A Z3 model of seed000 §二.5–6: big combinations and chow-pair fans among the chows of a hand.

This module is written from the clause text alone and deliberately shares no code with the
reference scorer (it never imports ``gb16.reference``): it is the independent encoding that
``gb16 prove`` checks the clause's stated consequences against, and that the reference's
combinatorial code is compared with on every five-chow hand.

The model, for ``n`` chows (5 in gb16, 4 in gb13):

* **Chows** — chow ``i`` has a suit (0 m, 1 p, 2 s) and a start 1..7 (the chow is start,
  start+1, start+2).  A pair (将) is a tile of suit 0..2 or of the honours (3).  No tile may be
  used more than four times across the chows and the pair (4 copies of each tile).
* **Chow-pair relations** (xinbian 第七章 69–72): 一般高 same suit, same start; 喜相逢 different
  suits, same start; 连六 same suit, starts 3 apart; 老少副 same suit, starts 1 and 7.
* **Big combination** (seed000 §二.5, xinbian 第六章 5): at most one 三顺子 or 四顺子 fan is
  taken, on a chosen set of 3 or 4 of the chows that meets its definition (xinbian 第七章 14,
  16, 23, 28, 30, 39, 41, 50).  一色四节高 / 一色三节高 belong to the same group but need pungs,
  so they never arise among chows.  一色双龙会 and 三色双龙会 do not apply in gb16 (seed000 §二.1).
* **Counted links** (seed000 §二.6) — a Boolean per (pair of chows, relation): the relation is
  counted for that pair.  Conditions, each switchable in :class:`Options` so that a proof can
  show which condition a consequence rests on:

  - ``per_pair_cap``  "每一对顺子最多建立一个1分关系";
  - ``group_contraction`` "已计入三顺子大番的三副视为一个整体，其内部不再计双顺子": the three chows
    of a counted 三顺子 fan are one node; no link inside it;
  - ``forest`` "每增加一个连接最多计1分，不允许同一圈关系重复计分": the counted links, as edges
    between nodes (parallel edges kept apart), contain no cycle.  Encoded by orienting every
    counted link towards a child node, giving each node at most one incoming link and a
    level strictly above its parent's — a digraph of in-degree ≤ 1 with no directed cycle is
    exactly an oriented forest, and every forest can be so oriented (root each tree);
  - ``terminal_once`` "老少副依底本只能计一次";
  - ``four_chow_blocks`` "四顺子番种成立时全手不计双顺子番种，包含第五顺子".

The score of a reading is the big combination's points plus one point per counted link.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import z3

SUITS = "mps"
HONOURS = 3  # suit index of an honour pair

# Chow-pair fans (xinbian 第七章 69–72), 1 point each.
PURE_DOUBLE = "pure_double_chow"      # 一般高
MIXED_DOUBLE = "mixed_double_chow"    # 喜相逢
SHORT_STRAIGHT = "short_straight"     # 连六
TERMINAL_CHOWS = "two_terminal_chows"  # 老少副
RELATIONS = (PURE_DOUBLE, MIXED_DOUBLE, SHORT_STRAIGHT, TERMINAL_CHOWS)

# 三顺子 fans (xinbian 第七章 23, 28, 30, 39, 41, 50) and 四顺子 fans (第七章 14, 16) with points.
THREE_CHOW_FANS = {
    "pure_triple_chow": 24,      # 一色三同顺
    "pure_straight": 16,         # 清龙
    "pure_shifted_chows": 16,    # 一色三步高
    "mixed_straight": 8,         # 花龙
    "mixed_triple_chow": 8,      # 三色三同顺
    "mixed_shifted_chows": 6,    # 三色三步高
}
FOUR_CHOW_FANS = {
    "quadruple_chow": 48,            # 一色四同顺
    "four_pure_shifted_chows": 32,   # 一色四步高
}
BIG_FAN_POINTS = {**THREE_CHOW_FANS, **FOUR_CHOW_FANS}

ZH = {
    PURE_DOUBLE: "一般高", MIXED_DOUBLE: "喜相逢", SHORT_STRAIGHT: "连六", TERMINAL_CHOWS: "老少副",
    "pure_triple_chow": "一色三同顺", "pure_straight": "清龙", "pure_shifted_chows": "一色三步高",
    "mixed_straight": "花龙", "mixed_triple_chow": "三色三同顺", "mixed_shifted_chows": "三色三步高",
    "quadruple_chow": "一色四同顺", "four_pure_shifted_chows": "一色四步高",
}

Chow = tuple[str, int]  # ("m", 1) is 123m


# --------------------------------------------------------------------------- definitions
# Each definition takes chows as (suit, start) pairs of Z3 integer terms and returns a Bool.

def relation_holds(fan: str, a, b) -> z3.BoolRef:
    """The definition of a chow-pair fan between chows ``a`` and ``b`` (xinbian 第七章 69–72)."""
    (sa, ta), (sb, tb) = a, b
    if fan == PURE_DOUBLE:      # 花色、序数均相同的两副顺子
        return z3.And(sa == sb, ta == tb)
    if fan == MIXED_DOUBLE:     # 花色不同、序数相同的两副顺子
        return z3.And(sa != sb, ta == tb)
    if fan == SHORT_STRAIGHT:   # 花色相同、序数相差 3 的两副顺子
        return z3.And(sa == sb, z3.Or(ta - tb == 3, tb - ta == 3))
    if fan == TERMINAL_CHOWS:   # 一种花色的 123、789 两副顺子
        return z3.And(sa == sb, z3.Or(z3.And(ta == 1, tb == 7), z3.And(ta == 7, tb == 1)))
    raise ValueError(f"not a chow-pair fan: {fan}")


def _same_suit(chows) -> z3.BoolRef:
    return z3.And([c[0] == chows[0][0] for c in chows[1:]])


def _three_suits(chows) -> z3.BoolRef:
    return z3.Distinct([c[0] for c in chows])


def _same_start(chows) -> z3.BoolRef:
    return z3.And([c[1] == chows[0][1] for c in chows[1:]])


def _starts_in_some_order(chows, starts) -> z3.BoolRef:
    """The chows' starts are ``starts`` in some order (清龙 / 花龙: 123, 456, 789)."""
    return z3.Or([z3.And([c[1] == s for c, s in zip(perm, starts)])
                  for perm in itertools.permutations(chows)])


def _stepped(chows, steps) -> z3.BoolRef:
    """In some order the starts rise by the same step, the step being one of ``steps``."""
    options = []
    for perm in itertools.permutations(chows):
        for d in steps:
            options.append(z3.And([perm[k + 1][1] == perm[k][1] + d for k in range(len(perm) - 1)]))
    return z3.Or(options)


def big_fan_holds(fan: str, chows) -> z3.BoolRef:
    """The definition of a 三顺子 / 四顺子 fan on exactly these chows."""
    if fan == "pure_triple_chow":         # 花色、序数均相同的三副顺子
        return z3.And(_same_suit(chows), _same_start(chows))
    if fan == "pure_straight":            # 花色相同的 123、456、789 三副顺子
        return z3.And(_same_suit(chows), _starts_in_some_order(chows, (1, 4, 7)))
    if fan == "pure_shifted_chows":       # 花色相同、序数依次递增 1 或 2，递增数相同
        return z3.And(_same_suit(chows), _stepped(chows, (1, 2)))
    if fan == "mixed_straight":           # 一种花色的 123、另一花色的 456、第三种花色的 789
        return z3.And(_three_suits(chows), _starts_in_some_order(chows, (1, 4, 7)))
    if fan == "mixed_triple_chow":        # 分属三种花色、序数相同
        return z3.And(_three_suits(chows), _same_start(chows))
    if fan == "mixed_shifted_chows":      # 分属三种花色、序数依次递增 1
        return z3.And(_three_suits(chows), _stepped(chows, (1,)))
    if fan == "quadruple_chow":           # 花色、序数均相同的四副顺子
        return z3.And(_same_suit(chows), _same_start(chows))
    if fan == "four_pure_shifted_chows":  # 花色相同、序数依次递增 1 或 2，递增数相同
        return z3.And(_same_suit(chows), _stepped(chows, (1, 2)))
    raise ValueError(f"not a big chow combination: {fan}")


# --------------------------------------------------------------------------- the model

@dataclass(frozen=True)
class Options:
    """Which conditions of seed000 §二.5–6 the model imposes (all by default)."""

    per_pair_cap: bool = True
    group_contraction: bool = True
    forest: bool = True
    terminal_once: bool = True
    four_chow_blocks: bool = True
    big_combinations: bool = True


@dataclass
class ChowModel:
    """The constraints and score terms for ``n`` chows; see the module docstring.

    ``chows`` fixes the chows (a list of ``(suit letter, start)``); otherwise they are symbolic.
    """

    n: int = 5
    chows: list[Chow] | None = None
    options: Options = field(default_factory=Options)
    prefix: str = ""

    def __post_init__(self) -> None:
        self.constraints: list[z3.BoolRef] = []
        self._declare_chows()
        self._declare_big_combination()
        self._declare_links()
        self.link_points = z3.Sum([z3.If(c, 1, 0) for c in self.counted.values()] or [z3.IntVal(0)])
        self.big_points = z3.Sum([z3.If(b, BIG_FAN_POINTS[fan], 0)
                                  for (fan, _), b in self.big.items()] or [z3.IntVal(0)])
        self.total = self.big_points + self.link_points

    # -- chows and the pair ---------------------------------------------------------------
    def _var(self, name: str, sort=z3.Int):
        return sort(f"{self.prefix}{name}")

    def _declare_chows(self) -> None:
        """Five (or n) chows and a pair, with at most four copies of any tile."""
        if self.chows is not None:
            if len(self.chows) != self.n:
                raise ValueError(f"expected {self.n} chows, got {len(self.chows)}")
            self.suit = [z3.IntVal(SUITS.index(s)) for s, _ in self.chows]
            self.start = [z3.IntVal(t) for _, t in self.chows]
        else:
            self.suit = [self._var(f"suit{i}") for i in range(self.n)]
            self.start = [self._var(f"start{i}") for i in range(self.n)]
            for s, t in zip(self.suit, self.start):
                self.constraints += [s >= 0, s <= 2, t >= 1, t <= 7]
        self.pair_suit = self._var("pair_suit")
        self.pair_rank = self._var("pair_rank")
        self.constraints += [self.pair_suit >= 0, self.pair_suit <= HONOURS, self.pair_rank >= 1,
                             self.pair_rank <= z3.If(self.pair_suit == HONOURS, 7, 9)]
        for s in range(3):
            for r in range(1, 10):
                copies = [z3.If(z3.And(self.suit[i] == s, self.start[i] <= r, r <= self.start[i] + 2), 1, 0)
                          for i in range(self.n)]
                copies.append(z3.If(z3.And(self.pair_suit == s, self.pair_rank == r), 2, 0))
                self.constraints.append(z3.Sum(copies) <= 4)

    def chow(self, i: int):
        return (self.suit[i], self.start[i])

    # -- the big combination (seed000 §二.5) --------------------------------------------------
    def _declare_big_combination(self) -> None:
        """One Bool per (fan, chosen chows); at most one is taken, and only if its definition holds."""
        self.big: dict[tuple[str, tuple[int, ...]], z3.BoolRef] = {}
        if self.options.big_combinations:
            for size, fans in ((3, THREE_CHOW_FANS), (4, FOUR_CHOW_FANS)):
                for members in itertools.combinations(range(self.n), size):
                    for fan in fans:
                        b = self._var(f"big_{fan}_{''.join(map(str, members))}", z3.Bool)
                        self.big[(fan, members)] = b
                        self.constraints.append(z3.Implies(b, big_fan_holds(fan, [self.chow(i) for i in members])))
        if self.big:
            self.constraints.append(z3.AtMost(*self.big.values(), 1))
        # in_group[i]: chow i belongs to the counted 三顺子 fan; four_chow: a 四顺子 fan is counted.
        self.in_group = [z3.Or([b for (fan, m), b in self.big.items() if fan in THREE_CHOW_FANS and i in m]
                               or [z3.BoolVal(False)]) for i in range(self.n)]
        self.four_chow = z3.Or([b for (fan, _), b in self.big.items() if fan in FOUR_CHOW_FANS]
                               or [z3.BoolVal(False)])
        self.three_chow = z3.Or([b for (fan, _), b in self.big.items() if fan in THREE_CHOW_FANS]
                                or [z3.BoolVal(False)])

    # -- counted links (seed000 §二.6) ------------------------------------------------------
    def _declare_links(self) -> None:
        opts = self.options
        self.counted: dict[tuple[int, int, str], z3.BoolRef] = {}
        into_second: dict[tuple[int, int, str], z3.BoolRef] = {}
        for i, j in itertools.combinations(range(self.n), 2):
            for fan in RELATIONS:
                c = self._var(f"link_{fan}_{i}{j}", z3.Bool)
                self.counted[(i, j, fan)] = c
                into_second[(i, j, fan)] = self._var(f"dir_{fan}_{i}{j}", z3.Bool)
                self.constraints.append(z3.Implies(c, relation_holds(fan, self.chow(i), self.chow(j))))
                if opts.group_contraction:
                    self.constraints.append(z3.Implies(c, z3.Not(z3.And(self.in_group[i], self.in_group[j]))))
                if opts.four_chow_blocks:
                    self.constraints.append(z3.Implies(c, z3.Not(self.four_chow)))
            if opts.per_pair_cap:
                self.constraints.append(z3.AtMost(*[self.counted[(i, j, f)] for f in RELATIONS], 1))
        if opts.terminal_once:
            self.constraints.append(
                z3.AtMost(*[c for (_, _, f), c in self.counted.items() if f == TERMINAL_CHOWS], 1))
        if opts.forest:
            self._forest(into_second)

    def _forest(self, into_second) -> None:
        """No cycle among the counted links, the 三顺子 group being one node (parallel links apart)."""
        group = self.in_group if self.options.group_contraction else [z3.BoolVal(False)] * self.n
        level = [self._var(f"level{i}") for i in range(self.n)]
        incoming: list[list[z3.ArithRef]] = [[] for _ in range(self.n)]
        for (i, j, fan), c in self.counted.items():
            to_j = into_second[(i, j, fan)]
            # the child's level exceeds the parent's
            self.constraints.append(z3.Implies(z3.And(c, to_j), level[j] > level[i]))
            self.constraints.append(z3.Implies(z3.And(c, z3.Not(to_j)), level[i] > level[j]))
            incoming[j].append(z3.If(z3.And(c, to_j), 1, 0))
            incoming[i].append(z3.If(z3.And(c, z3.Not(to_j)), 1, 0))
        for i in range(self.n):
            self.constraints += [level[i] >= 0, level[i] <= self.n]
            self.constraints.append(z3.Implies(z3.Not(group[i]), z3.Sum(incoming[i] or [z3.IntVal(0)]) <= 1))
            for j in range(i + 1, self.n):  # the group is one node: one level
                self.constraints.append(z3.Implies(z3.And(group[i], group[j]), level[i] == level[j]))
        self.constraints.append(
            z3.Sum([z3.If(group[i], z3.Sum(incoming[i] or [z3.IntVal(0)]), 0) for i in range(self.n)]) <= 1)

    # -- helpers for proofs -----------------------------------------------------------------
    def links_between(self, i: int, j: int) -> z3.ArithRef:
        """Number of links counted between chows i and j."""
        a, b = min(i, j), max(i, j)
        return z3.Sum([z3.If(self.counted[(a, b, f)], 1, 0) for f in RELATIONS])

    def links_within(self, members) -> z3.ArithRef:
        return z3.Sum([self.links_between(i, j) for i, j in itertools.combinations(sorted(members), 2)]
                      or [z3.IntVal(0)])

    def count_of(self, fan: str) -> z3.ArithRef:
        return z3.Sum([z3.If(c, 1, 0) for (_, _, f), c in self.counted.items() if f == fan])

    def some_big_fan_qualifies(self) -> z3.BoolRef:
        """Some 三顺子 / 四顺子 fan's definition holds on some of the chows (taken or not)."""
        return z3.Or([big_fan_holds(fan, [self.chow(i) for i in members])
                      for size, fans in ((3, THREE_CHOW_FANS), (4, FOUR_CHOW_FANS))
                      for members in itertools.combinations(range(self.n), size) for fan in fans])

    def no_big_combination_taken(self) -> z3.BoolRef:
        return z3.Not(z3.Or(list(self.big.values()) or [z3.BoolVal(False)]))

    # -- reading a solution -------------------------------------------------------------------
    def reading(self, model: z3.ModelRef) -> dict:
        """The chows, pair, big combination and links of a satisfying assignment."""
        chows = [(SUITS[model.eval(s, model_completion=True).as_long()],
                  model.eval(t, model_completion=True).as_long()) for s, t in zip(self.suit, self.start)]
        ps = model.eval(self.pair_suit, model_completion=True).as_long()
        pr = model.eval(self.pair_rank, model_completion=True).as_long()
        big = [{"fan": fan, "chows": list(m)} for (fan, m), b in self.big.items()
               if z3.is_true(model.eval(b, model_completion=True))]
        links = [{"fan": f, "chows": [i, j]} for (i, j, f), c in self.counted.items()
                 if z3.is_true(model.eval(c, model_completion=True))]
        return {"chows": [chow_name(c) for c in chows],
                "pair": f"{pr}{pr}{'mpsz'[ps]}",
                "big_combination": big[0] if big else None,
                "links": links,
                "points": model.eval(self.total, model_completion=True).as_long()}


def chow_name(chow: Chow) -> str:
    s, t = chow
    return f"{t}{t + 1}{t + 2}{s}"


def parse_chow(text: str) -> Chow:
    """``"123m"`` → ``("m", 1)``; raises ValueError for anything else."""
    if len(text) != 4 or text[3] not in SUITS or not text[:3].isdigit():
        raise ValueError(f"not a chow: {text!r}")
    t = int(text[0])
    if not 1 <= t <= 7 or text[:3] != f"{t}{t + 1}{t + 2}":
        raise ValueError(f"not a chow: {text!r}")
    return (text[3], t)


class Solver:
    """One symbolic model of ``n`` chows, queried hand after hand (push/pop keeps it fast)."""

    def __init__(self, n: int = 5, options: Options | None = None) -> None:
        self.model = ChowModel(n=n, options=options or Options())
        self._opt = z3.Optimize()
        self._opt.add(self.model.constraints)
        self._objective = self._opt.maximize(self.model.total)
        self._sat = z3.Solver()
        self._sat.add(self.model.constraints)

    def _fix(self, solver, chows: list[Chow]) -> None:
        if len(chows) != self.model.n:
            raise ValueError(f"expected {self.model.n} chows, got {len(chows)}")
        for i, (s, t) in enumerate(chows):
            solver.add(self.model.suit[i] == SUITS.index(s), self.model.start[i] == t)

    def optimum(self, chows: list[Chow]) -> tuple[int, dict] | None:
        """The best score (big combination + counted links) for these chows, with a reading reaching it.

        None when the chows cannot occur in a hand (more than four copies of a tile).
        """
        self._opt.push()
        try:
            self._fix(self._opt, chows)
            if self._opt.check() != z3.sat:
                return None
            return self._objective.value().as_long(), self.model.reading(self._opt.model())
        finally:
            self._opt.pop()

    def admissible(self, chows: list[Chow], big_fan: str | None, big_members: list[int] | None,
                   links: list[tuple[str, int, int]]) -> bool:
        """Whether exactly this big combination and these links form a reading the clause allows.

        ``big_members`` may be None when only the fan is known (then any qualifying choice of
        chows will do); ``links`` are (fan, i, j) with indices into ``chows``.
        """
        reading = self._reading(big_fan, big_members, links)
        if reading is None:
            return False
        self._sat.push()
        try:
            self._fix(self._sat, chows)
            self._sat.add(*reading)
            return self._sat.check() == z3.sat
        finally:
            self._sat.pop()

    def admissible_each(self, chows: list[Chow], readings) -> list[bool]:
        """:meth:`admissible` for each ``(big_fan, big_members, links)`` of ``readings``, all of
        the same chows: the chows are fixed once, in a solver of their own, and each reading is
        asked as assumptions (``check(*reading)``) — the same question, which Z3 answers many
        times faster on a model it has simplified with the chows."""
        solver = z3.Solver()
        solver.add(self.model.constraints)
        self._fix(solver, chows)
        out = []
        for big_fan, big_members, links in readings:
            reading = self._reading(big_fan, big_members, links)
            out.append(reading is not None and solver.check(*reading) == z3.sat)
        return out

    def _reading(self, big_fan: str | None, big_members: list[int] | None,
                 links: list[tuple[str, int, int]]) -> list | None:
        """The constraints that take exactly this big combination and these links (see
        :meth:`admissible`), or None when they are not a reading at all (a fan that is no
        chow-pair fan, a link of a chow with itself or listed twice, an unknown big fan)."""
        m = self.model
        wanted = set()
        for fan, i, j in links:
            if fan not in RELATIONS or i == j or not (0 <= i < m.n and 0 <= j < m.n):
                return None
            key = (min(i, j), max(i, j), fan)
            if key in wanted:  # the same fan listed twice for one pair of chows
                return None
            wanted.add(key)
        if big_fan is not None and big_fan not in BIG_FAN_POINTS:
            return None
        reading = []
        for (fan, members), b in m.big.items():
            if not (fan == big_fan and (big_members is None or tuple(sorted(big_members)) == members)):
                reading.append(z3.Not(b))
        if big_fan is not None:
            reading.append(z3.Or([b for (fan, _), b in m.big.items() if fan == big_fan]))
        for key, c in m.counted.items():
            reading.append(c if key in wanted else z3.Not(c))
        return reading


# --------------------------------------------------------------------------- the hands to check

def chow_types() -> list[Chow]:
    return [(s, t) for s in SUITS for t in range(1, 8)]


def fits_in_hand(chows) -> bool:
    """At most four copies of every tile.  A pair can always be added (an honour pair uses no
    suited tile), so this is exactly "can occur in a legal hand with a pair"."""
    copies: dict[tuple[str, int], int] = {}
    for s, t in chows:
        for r in range(t, t + 3):
            copies[(s, r)] = copies.get((s, r), 0) + 1
    return all(v <= 4 for v in copies.values())


def legal_multisets(n: int = 5) -> list[tuple[Chow, ...]]:
    """Every multiset of ``n`` chows that fits in a hand, each as a sorted tuple."""
    return [ms for ms in itertools.combinations_with_replacement(chow_types(), n) if fits_in_hand(ms)]


def symmetric_images(chows) -> list[tuple[Chow, ...]]:
    """The images of a multiset under the 12 symmetries of the definitions: the 6 permutations
    of the suits and the reflection n → 10 − n (a chow starting at s goes to one starting at 8 − s).
    Every definition above only compares suits for equality and starts by differences or by the
    set {1, 4, 7} / pair {1, 7}, all preserved by these maps."""
    images = []
    for perm in itertools.permutations(SUITS):
        rename = dict(zip(SUITS, perm))
        for reflect in (False, True):
            images.append(tuple(sorted((rename[s], 8 - t if reflect else t) for s, t in chows)))
    return images


def canonical(chows) -> tuple[Chow, ...]:
    """The least image of a multiset under the symmetries (its orbit's representative)."""
    return min(symmetric_images(chows))


_SOLVERS: dict[tuple[int, Options], Solver] = {}


def _solver(n: int, options: Options | None) -> Solver:
    key = (n, options or Options())
    if key not in _SOLVERS:
        _SOLVERS[key] = Solver(n, key[1])
    return _SOLVERS[key]


def optimum(chows: list[Chow], options: Options | None = None) -> tuple[int, dict] | None:
    """Z3's best score for these chows (see :meth:`Solver.optimum`)."""
    return _solver(len(chows), options).optimum(list(chows))


def admissible(chows: list[Chow], big_fan: str | None, big_members: list[int] | None,
               links: list[tuple[str, int, int]], options: Options | None = None) -> bool:
    """Whether this exact reading is allowed by the clause (see :meth:`Solver.admissible`)."""
    return _solver(len(chows), options).admissible(list(chows), big_fan, big_members, links)
