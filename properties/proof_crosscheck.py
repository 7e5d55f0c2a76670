"""The exhaustive cross-check of ``gb16 prove``: Z3's optimum against a scorer on every five-chow hand.

For every multiset of five chows that fits in a legal hand (at most four copies of each tile;
a pair can always be added), two things are compared with the independent model of
:mod:`gb16.properties.chow_model`:

1. **points** — the scorer's chow-combination points (the chosen 三顺子/四顺子 fan's points +
   the chow-pair fans counted) must equal Z3's optimum (``Optimize``, maximising big-combination
   points + counted links under seed000 §二.5–6);
2. **the reading** — the big combination and the exact links the scorer reports must be a
   reading the clause allows (Z3 ``sat`` with exactly those choices).  Equal points with an
   inadmissible reading is still a disagreement: e.g. 老少副 ×2 in place of 老少副 + 一般高.

Symmetry (default run): every definition compares suits only for equality and starts only by
differences or by the sets {1, 4, 7} / {1, 7}, so the model is invariant under the 6 suit
permutations and the reflection n → 10 − n (chow start s → 8 − s).  Z3 is run once per orbit
(4734 orbits) and the scorer on every one of the 52887 multisets.  ``thorough`` runs Z3 on
every multiset (which also re-checks the symmetry argument: a multiset whose own optimum
differs from its orbit's is reported), checks the scorer's reading on every multiset, and
checks that the 老少副-once rule never changes an optimum.

Finally a sample of real 17-tile hands (the five chows + a pair, some chows melded) is scored
by ``gb16.reference.explain``: in every reading made of exactly those five chows, the
big-combination fan points + chow-pair fan points must not exceed Z3's optimum and the
reading's big combination and links must be admissible; the best such reading must reach it.
"""

from __future__ import annotations

import functools
import random
import time
from dataclasses import dataclass, field

from . import chow_model as cm
from gb16.reference import explain, scoring, table
from gb16.reference.combination import BIG_COMBINATION, CHOW_PAIR_FANS
from gb16.reference.hand import hand_from_input

Scorer = object  # callable: list[(suit, start)] -> (points, big fan id | None, [(fan, i, j), ...])


@dataclass
class Disagreement:
    chows: list[str]
    kind: str                 # "points", "reading", "symmetry", "explain-points", "explain-reading", "error"
    z3_points: int | None
    scorer_points: int | None
    scorer_big: str | None = None
    scorer_links: list = field(default_factory=list)
    z3_reading: dict | None = None
    hand: str | None = None
    note: str = ""

    def line(self) -> str:
        # a five-chow disagreement is shown as a hand with an honour pair, which any chows fit
        where = f"hand {self.hand}" if self.hand else f"hand {' '.join(self.chows)} 55z"
        links = ", ".join(f"{cm.ZH.get(f, f)} {i}-{j}" for f, i, j in self.scorer_links)
        big = cm.ZH.get(self.scorer_big, self.scorer_big) if self.scorer_big else "no big combination"
        return (f"[{self.kind}] {where}: Z3 {self.z3_points}, scorer {self.scorer_points} "
                f"({big}; {links or 'no links'}){' — ' + self.note if self.note else ''}")


@dataclass
class Report:
    mode: str
    multisets: int = 0          # multisets whose points were compared
    orbits: int = 0             # orbits covered
    z3_optimisations: int = 0
    readings_checked: int = 0   # scorer readings checked for admissibility
    terminal_rule_checked: int = 0
    hands_scored: int = 0       # real hands scored with explain()
    hand_readings_checked: int = 0
    disagreements: list[Disagreement] = field(default_factory=list)
    seconds: dict = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.disagreements

    def count(self, *kinds: str) -> int:
        return sum(1 for d in self.disagreements if d.kind in kinds)

    def rows(self) -> list[list]:
        s = self.seconds
        rows = [
            ["Z3 optimum = the real scoring path's chow points", "seed000 §二.5–6",
             f"{self.multisets - self.count('points', 'error')}/{self.multisets} multisets agree "
             f"({self.orbits} orbits, {self.z3_optimisations} Z3 optimisations)",
             f"{s.get('points', 0):.1f}s"],
            ["reported big combination + links admissible", "seed000 §二.6",
             f"{self.readings_checked - self.count('reading')}/{self.readings_checked} readings allowed",
             f"{s.get('readings', 0):.1f}s"],
        ]
        if self.mode == "thorough":
            rows.append(["optimum invariant under the 12 symmetries", "—",
                         f"{self.count('symmetry')} differences", "(in points)"])
            rows.append(["老少副-once rule never changes an optimum", "seed000 §二.6",
                         f"{self.count('terminal-rule')} differences on {self.terminal_rule_checked} orbits",
                         f"{s.get('terminal', 0):.1f}s"])
        if self.hands_scored:
            rows.append(["explain() on real 17-tile hands", "seed000 §二",
                         f"{self.hands_scored - len({d.hand for d in self.disagreements if d.hand})}"
                         f"/{self.hands_scored} hands agree ({self.hand_readings_checked} readings)",
                         f"{s.get('explain', 0):.1f}s"])
        return rows

    def disagreement_lines(self, limit: int | None = None) -> list[str]:
        ds = self.disagreements if limit is None else self.disagreements[:limit]
        lines = [d.line() for d in ds]
        if limit is not None and len(self.disagreements) > limit:
            lines.append(f"… {len(self.disagreements) - limit} more (use --json)")
        return lines

    def as_json(self) -> dict:
        return {"mode": self.mode, "ok": self.ok, "multisets": self.multisets, "orbits": self.orbits,
                "z3_optimisations": self.z3_optimisations, "readings_checked": self.readings_checked,
                "terminal_rule_checked": self.terminal_rule_checked,
                "hands_scored": self.hands_scored, "hand_readings_checked": self.hand_readings_checked,
                "seconds": {k: round(v, 2) for k, v in self.seconds.items()},
                "disagreements": [d.__dict__ for d in self.disagreements]}


def reference_scorer():
    """The reference through its real scoring path: the five chows written as a gb16 hand
    (five melded chows and a pair of 白, so the one reading is exactly those chows), every
    interpretation of it scored by ``scoring.score_interpretation`` (via
    ``scoring.interpretations``) — not a copy of the scoring steps — and the chow
    combination's share read off the best: the big combination's points plus the chow-pair
    fans counted beside it."""
    return real_path_chow_points


def real_path_chow_points(chows):

    written = "".join(f"[{s}{s + 1}{s + 2}{suit}]" for suit, s in chows)
    hand = hand_from_input({"variant": "gb16", "hand": written + "66z", "win_tile": "6z", "win_by": "discard",
                            "prevalent_wind": "E", "seat_wind": "S", "flowers": 0})
    chow_fans = {f for f in BIG_COMBINATION if table.fan(f).family == "chows"} | set(CHOW_PAIR_FANS)
    best = None
    for interp in scoring.interpretations(hand):
        counted = {f: o for f, o in interp.fans.items() if f in chow_fans}
        points = sum(table.fan(f).points * len(o) for f, o in counted.items())
        big = interp.big[0] if interp.big and interp.big[0] in chow_fans else None
        if best is None or points > best[0]:
            best = (points, big, [(f, i, j) for f, i, j in interp.links])
    return best


def orbits(n: int = 5) -> dict[tuple, tuple[tuple, ...]]:
    """Orbit representative → the legal multisets in the orbit (sorted)."""
    return dict(_orbits(n))


@functools.lru_cache(maxsize=None)
def _orbits(n: int) -> tuple[tuple[tuple, tuple[tuple, ...]], ...]:
    """:func:`orbits`, worked out once per process (about a second: the 12 images of each of
    the 52887 multisets), kept as tuples so that no caller can change it."""
    out: dict[tuple, list[tuple]] = {}
    for ms in cm.legal_multisets(n):
        out.setdefault(cm.canonical(ms), []).append(ms)
    return tuple((rep, tuple(members)) for rep, members in sorted(out.items()))


@functools.lru_cache(maxsize=1)
def _legal_multisets() -> tuple[tuple, ...]:
    """``cm.legal_multisets(5)``, in its order, gathered from the orbits worked out once per
    process instead of tried again among the 53130 multisets of five chows (the members of all
    orbits are every legal multiset once; sorted, they are legal_multisets' order)."""
    return tuple(sorted(ms for _, members in _orbits(5) for ms in members))


def ci_subset(size: int, seed: int = 0) -> list[tuple]:
    """A seeded sample of orbit representatives (the CI share of the cross-check)."""
    reps = list(orbits())
    return sorted(random.Random(seed).sample(reps, min(size, len(reps))))


def _call(scorer, chows):
    """The scorer's answer, or a Disagreement if it raises or answers out of contract."""
    try:
        points, big, links = scorer(list(chows))
        links = [(str(f), int(i), int(j)) for f, i, j in links]
        return int(points), big, links, None
    except Exception as exc:  # a scorer under test must not crash the check
        return None, None, [], f"{type(exc).__name__}: {exc}"


def cross_check(scorer=None, *, thorough: bool = False, representatives: list[tuple] | None = None,
                hand_sample: int = 0, seed: int = 16, optima: dict | None = None,
                verdicts: dict | None = None, progress=None) -> Report:
    """Compare ``scorer`` (default: the reference through its real scoring path,
    :func:`real_path_chow_points`) with the Z3 model.

    ``representatives`` restricts the check to those orbits (all members of each are compared);
    ``optima`` is an optional dict reused across calls (orbit representative → Z3 optimum), and
    ``verdicts`` one of Z3's answers on a reported reading ((multiset, big combination, links)
    → admissible or not): both are answers of the model alone, whatever the scorer, so a
    second scorer checked on the same orbits asks Z3 only about the readings it reports that
    the first did not.
    """
    scorer = scorer or reference_scorer()
    all_orbits = orbits()
    reps = list(all_orbits) if representatives is None else [cm.canonical(r) for r in representatives]
    report = Report(mode="thorough" if thorough else ("full" if representatives is None else "subset"))
    report.orbits = len(reps)
    solver = cm.Solver(5)
    optima = {} if optima is None else optima
    verdicts = {} if verdicts is None else verdicts

    t0 = time.perf_counter()
    admissibility_time = 0.0
    for k, rep in enumerate(reps):
        if progress and k % 50 == 0:
            progress(f"cross-check: orbit {k}/{len(reps)}")
        if rep not in optima:
            optima[rep] = solver.optimum(list(rep))
            report.z3_optimisations += 1
        best, reading = optima[rep]
        for ms in all_orbits[rep]:
            found = reading if ms == rep else None   # a reading Z3 found for exactly these chows, in this order
            if thorough and ms != rep:
                own = solver.optimum(list(ms))
                found = own[1]
                report.z3_optimisations += 1
                if own[0] != best:
                    report.disagreements.append(Disagreement(
                        [cm.chow_name(c) for c in ms], "symmetry", own[0], best, note="orbit optimum differs"))
            points, big, links, error = _call(scorer, ms)
            report.multisets += 1
            if error:
                report.disagreements.append(Disagreement([cm.chow_name(c) for c in ms], "error", best, None,
                                                         note=error))
                continue
            if points != best:
                report.disagreements.append(Disagreement(
                    [cm.chow_name(c) for c in ms], "points", best, points, big, links, reading))
            if thorough or ms == rep:
                report.readings_checked += 1
                ta = time.perf_counter()
                asked = (ms, big, tuple(links))
                if asked not in verdicts:
                    verdicts[asked] = is_reading(found, big, links) or solver.admissible(list(ms), big, None, links)
                allowed = verdicts[asked]
                admissibility_time += time.perf_counter() - ta
                if not allowed:
                    report.disagreements.append(Disagreement(
                        [cm.chow_name(c) for c in ms], "reading", best, points, big, links, reading,
                        note="this big combination and these links are not a reading §二.5–6 allows"))
    report.seconds["readings"] = admissibility_time
    report.seconds["points"] = time.perf_counter() - t0 - admissibility_time

    if thorough:
        t1 = time.perf_counter()
        relaxed = cm.Solver(5, cm.Options(terminal_once=False))
        for k, rep in enumerate(reps):
            if progress and k % 50 == 0:
                progress(f"老少副 rule: orbit {k}/{len(reps)}")
            report.terminal_rule_checked += 1
            if relaxed.optimum(list(rep))[0] != optima[rep][0]:
                report.disagreements.append(Disagreement([cm.chow_name(c) for c in rep], "terminal-rule",
                                                         optima[rep][0], None, note="老少副-once changes the optimum"))
        report.seconds["terminal"] = time.perf_counter() - t1

    if hand_sample:
        t2 = time.perf_counter()
        check_real_hands(report, hand_sample, seed, optima, solver, progress)
        report.seconds["explain"] = time.perf_counter() - t2
    return report


def is_reading(found: dict | None, big: str | None, links: list[tuple[str, int, int]]) -> bool:
    """Whether ``big`` and ``links`` (a scorer's answer) are exactly the big combination and the
    counted links of ``found``, a reading Z3 found for the same chows in the same order
    (ChowModel.reading of a model of the clause's constraints).  Then ``found`` is a witness
    that they form a reading §二.5–6 allows — what ``Solver.admissible`` would answer (sat) —
    and Z3 need not be asked again: the scorer picks the optimum Z3 picked in about three
    orbits of four.  A link listed twice, a link of a chow with itself or another fan never
    equals a reading Z3 found, so it is still asked (and refused) as before."""
    if found is None:
        return False
    taken = (found["big_combination"] or {}).get("fan")
    counted = sorted((link["fan"], *sorted(link["chows"])) for link in found["links"])
    return taken == big and counted == sorted((fan, min(i, j), max(i, j)) for fan, i, j in links)


# --------------------------------------------------------------------------- real hands

def make_hand(chows, rng: random.Random) -> dict:
    """A 17-tile case input: the five chows (some melded) + a pair that fits, self-drawn."""
    used: dict[str, int] = {}
    for s, t in chows:
        for r in range(t, t + 3):
            used[f"{r}{s}"] = used.get(f"{r}{s}", 0) + 1
    pairs = [f"{r}z" for r in range(1, 8)] + [f"{r}{s}" for s in cm.SUITS for r in range(1, 10)
                                               if used.get(f"{r}{s}", 0) <= 2]
    pair = rng.choice(pairs)
    melded = [rng.random() < 0.3 for _ in chows]
    if all(melded):
        melded[0] = False
    standing = [pair, pair] + [f"{r}{s}" for (s, t), m in zip(chows, melded) if not m for r in range(t, t + 3)]
    win = rng.choice(standing)
    parts = [f"[{cm.chow_name(c)}]" for c, m in zip(chows, melded) if m]
    parts += [cm.chow_name(c) for c, m in zip(chows, melded) if not m] + [f"{pair[0]}{pair}"]
    return {"variant": "gb16", "hand": " ".join(parts), "win_tile": win, "win_by": "self_draw",
            "prevalent_wind": "E", "seat_wind": "S"}


def _reading_chows(interp: dict) -> list[tuple[str, int]] | None:
    """The chows of a standard reading with five chows, in set order; None for any other reading."""
    if interp.get("shape") != "standard":
        return None
    sets = interp.get("sets", [])
    if len(sets) != 5 or any(s.get("kind") != "chow" for s in sets):
        return None
    out = []
    for s in sets:
        tiles = s["tiles"].strip("[]{}")
        out.append(cm.parse_chow(tiles))
    return out


def check_real_hands(report: Report, size: int, seed: int, optima: dict, solver: cm.Solver, progress=None):

    rng = random.Random(seed)
    all_sets = _legal_multisets()
    for k in range(size):
        if progress and k % 20 == 0:
            progress(f"explain: hand {k}/{size}")
        chows = list(rng.choice(all_sets))
        rng.shuffle(chows)
        case = make_hand(chows, rng)
        rep = cm.canonical(chows)
        if rep not in optima:
            optima[rep] = solver.optimum(list(rep))
            report.z3_optimisations += 1
        best = optima[rep][0]
        report.hands_scored += 1
        out = explain(case)
        if not out.get("ok"):
            report.disagreements.append(Disagreement([cm.chow_name(c) for c in chows], "error", best, None,
                                                     hand=case["hand"], note=str(out.get("error"))))
            continue
        seen_best = None
        for reading in out["readings"]:
            interp = reading["interpretation"]
            rchows = _reading_chows(interp)
            if rchows is None or sorted(rchows) != sorted(chows):
                continue
            report.hand_readings_checked += 1
            points = sum(f["points"] * f["count"] for f in reading["fans"]
                         if f["id"] in cm.BIG_FAN_POINTS or f["id"] in cm.RELATIONS)
            seen_best = points if seen_best is None else max(seen_best, points)
            big = interp.get("big_combination")
            links = [(l["fan"], l["sets"][0], l["sets"][1]) for l in interp.get("chow_links", [])]
            relation_count = sum(f["count"] for f in reading["fans"] if f["id"] in cm.RELATIONS)
            problems = []
            if points > best:
                problems.append("explain-points")
            if relation_count != len(links):
                problems.append("explain-reading")
            elif not solver.admissible(rchows, big["fan"] if big else None, big["sets"] if big else None, links):
                problems.append("explain-reading")
            for kind in problems:
                report.disagreements.append(Disagreement(
                    [cm.chow_name(c) for c in rchows], kind, best, points, big["fan"] if big else None, links,
                    hand=case["hand"], note=f"reading {reading.get('description', '')}"))
        if seen_best is None:
            report.disagreements.append(Disagreement([cm.chow_name(c) for c in chows], "explain-points", best, None,
                                                     hand=case["hand"], note="no reading made of these five chows"))
        elif seen_best != best:
            report.disagreements.append(Disagreement([cm.chow_name(c) for c in chows], "explain-points", best,
                                                     seen_best, hand=case["hand"],
                                                     note="best reading of these chows misses the optimum"))
