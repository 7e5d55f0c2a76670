"""The fan table (seed000 §三, xinbian 第七章) — loaded from corpus/fans.json.

The table is data: ids, the rule page's Chinese names, English names, points, whether a
fan may count more than once (§二.8), which variants have it, and the fans it excludes
(不计) with their scope.  The scorer, the corpus, the reports and other implementations
all read this one file.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from typing import Any

from gb16.corpus import FANS_PATH


@dataclass(frozen=True)
class Exclusion:
    fan: str                      # the fan not counted
    scope: str                    # "whole": not at all; "sets": not with the excluder's sets
    source: str                   # clause it comes from
    variants: tuple[str, ...] | None = None  # None: every variant

    def applies_to(self, variant: str) -> bool:
        return self.variants is None or variant in self.variants


@dataclass(frozen=True)
class Fan:
    number: int
    id: str
    zh: str
    en: str
    points: int
    repeatable: bool
    family: str
    applies: dict[str, Any]
    excludes: tuple[Exclusion, ...]
    gb16_rule: str
    definition: str
    cites: tuple[str, ...]

    def in_variant(self, variant: str) -> bool:
        return bool(self.applies.get(variant))


@cache
def _load() -> tuple[Fan, ...]:
    with open(FANS_PATH, encoding="utf-8") as f:
        doc = json.load(f)
    fans = []
    for rec in doc["fans"]:
        excludes = tuple(Exclusion(e["fan"], e["scope"], e["source"],
                                   tuple(e["variants"]) if "variants" in e else None)
                         for e in rec["excludes"])
        fans.append(Fan(rec["number"], rec["id"], rec["zh"], rec["en"], rec["points"], rec["repeatable"],
                        rec["family"], rec["applies"], excludes, rec["gb16_rule"], rec["definition"],
                        tuple(rec["cites"])))
    return tuple(fans)


FANS: tuple[Fan, ...] = _load()
BY_ID: dict[str, Fan] = {f.id: f for f in FANS}
ORDER: dict[str, int] = {f.id: k for k, f in enumerate(FANS)}


def fan(fan_id: str) -> Fan:
    return BY_ID[fan_id]


@cache
def fans_of(variant: str) -> tuple[Fan, ...]:
    return tuple(f for f in FANS if f.in_variant(variant))
