"""The rule set a scorer follows, as the properties' model reads it: the options of the open
rulings and the edition deltas whose effect the model knows, each written again from the texts
(docs/rulings.md, its Part 3 for the deltas, and the texts it quotes) — never read from the scorer's
tables (corpus/editions.json, corpus/fans.json) or its code.

A scorer declares its rule set as the harness protocol's start message does (docs/contract.md:
``{"rulings": {"R-002": "C"}, "deltas": [...]}``, :attr:`gb16.properties.scorers.Scorer.declared`);
one that declares nothing follows the project's reading.  Property 25 (rulings_in_force) judges
a scorer under what it declares, through :class:`InForce`:

* **R-002:C** (docs/rulings.md R-002 (C)): 三同刻 and 三色三节高 may stand beside the big
  combination of §二.5 but not share a pung with it; a 三同刻 whose definition holds but which is not
  counted still prevents 双同刻 (seed000 §二.5 "三同刻成立时**仍**不计双同刻").  Option A, the
  project's reading: they are judged on the whole hand like any other fan.
* **R-018:B** (docs/rulings.md R-018 (B), gb13 only): 全求人 read literally — xinbian 第七章 52 "所有面子
  均为明顺或明刻，点和和牌" with 第三章 16/18: after a discard win, every set melded or the set the
  discarded tile completes.  Option A: every set melded, the discard on the pair.
* **R-006:C** and the delta **own-melds-not-visible** (docs/rulings.md R-006 (C), Part 3): 和绝张 only
  when the input says so (the flag); the winner's own exposed melds never show the other three
  copies by themselves.  Option A: the flag, or the winner's exposed melds holding the other three
  copies (xinbian 第七章 58 "各家副露").
* **six-kind-seven-pairs-no-tile-hog** (2006 rules, seed004 "绿一色、七对并立时，不计四归一", "清幺九、七对
  并立不计四归一"; seed002 "因幺九牌只有6張，七對時必然四歸一"): a 七对 that is also 绿一色 or 清幺九 scores
  no 四归一.
* **tile-fans-basic-shape-only** (98 rules as first issued, seed004: "绿一色、清幺九、字一色、混幺九、清一色、
  全大、全中、全小、大于五、小于五…仅能以'基本牌型'和牌"): those ten fans never on a 七对 reading.
* **seven-pairs-distinct** (docs/rulings.md Part 3: observed practice, no text; it contradicts mil
  附件1 (二)): a 七对 holds no four identical tiles, so a hand that is 七对 only by four identical
  tiles is no 七对, and a tile that completes only such a 七对 is no wait.

Anything else a scorer declares is a rule set this model does not know: property 25 then judges
nothing (its check answers that it could not check the example).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: The project's reading of each open ruling (docs/rulings.md: the decision of R-002, R-006, R-009, R-018).
PROJECT_READING = {"R-002": "A", "R-006": "A", "R-009": "B", "R-018": "A"}
#: Every rule set besides the project's reading that the model knows, as a declaration's label:
#: ``R-NNN:X`` for an option, the delta's id for an edition delta.
MODELLED = ("R-002:C", "R-006:C", "R-018:B", "own-melds-not-visible", "six-kind-seven-pairs-no-tile-hog",
            "tile-fans-basic-shape-only", "seven-pairs-distinct")
#: tile-fans-basic-shape-only: the fans seed004 names, in the properties' ids (xinbian 第七章's table)
BASIC_SHAPE_FANS = ("all_green", "all_terminals", "all_honors", "all_terminals_and_honors", "full_flush",
                    "upper_tiles", "middle_tiles", "lower_tiles", "upper_four", "lower_four")
#: six-kind-seven-pairs-no-tile-hog: 绿一色 and 清幺九, the fans of six kinds of tile
SIX_KIND_FANS = ("all_green", "all_terminals")


@dataclass(frozen=True)
class InForce:
    """A declared rule set, read: the option of each ruling and the deltas."""

    rulings: dict[str, str] = field(default_factory=dict)
    deltas: frozenset[str] = frozenset()
    #: an edition declared whole (all its deltas): not modelled here
    edition: str | None = None

    def option(self, ruling: str) -> str | None:
        return self.rulings.get(ruling, PROJECT_READING.get(ruling))

    def has(self, delta: str) -> bool:
        return delta in self.deltas

    @property
    def known(self) -> bool:
        """Whether the model knows every option and delta declared (the project's reading, or
        options and deltas of :data:`MODELLED`)."""
        labels = {f"{rid}:{opt}" for rid, opt in self.rulings.items() if opt != PROJECT_READING.get(rid)}
        return self.edition is None and labels | set(self.deltas) <= set(MODELLED)

    @property
    def label(self) -> str:
        """The rule set in words, for a violation's message."""
        parts = ([f"{rid}:{opt}" for rid, opt in sorted(self.rulings.items())] + sorted(self.deltas)
                 + ([f"edition {self.edition}"] if self.edition else []))
        return ", ".join(parts) or "the project's reading"

    # -- what each option the model knows changes

    @property
    def shared_pungs_apart(self) -> bool:
        """R-002:C: 三同刻 / 三色三节高 only on pungs the big combination does not use."""
        return self.option("R-002") == "C"

    @property
    def melded_hand_literal(self) -> bool:
        """R-018:B: gb13's 全求人 counts the set the discard completes as melded."""
        return self.option("R-018") == "B"

    @property
    def last_of_kind_by_flag_only(self) -> bool:
        """R-006:C or own-melds-not-visible: 和绝张 only by the flag."""
        return self.option("R-006") == "C" or self.has("own-melds-not-visible")

    @property
    def seven_pairs_no_tile_hog_beside_six_kinds(self) -> bool:
        return self.has("six-kind-seven-pairs-no-tile-hog")

    @property
    def tile_fans_basic_shape_only(self) -> bool:
        return self.has("tile-fans-basic-shape-only")

    @property
    def seven_pairs_distinct(self) -> bool:
        return self.has("seven-pairs-distinct")


def declaration(label: str | None) -> dict[str, Any]:
    """The declaration (docs/contract.md) of one label of :data:`MODELLED` (None: nothing)."""
    if not label:
        return {}
    rid, _, opt = label.partition(":")
    return {"rulings": {rid: opt}} if opt else {"deltas": [label]}


def in_force(scorer: Any) -> InForce:
    """The rule set ``scorer`` declares (its ``declared`` attribute; none: the project's reading)."""
    declared = getattr(scorer, "declared", None) or {}
    rulings = declared.get("rulings") or {}
    deltas = declared.get("deltas") or ()
    edition = declared.get("edition")
    return InForce({str(k): str(v) for k, v in dict(rulings).items()}, frozenset(str(d) for d in deltas),
                   None if edition is None else str(edition))
