"""What the planted bugs share: a scorer that edits the reference's results, and the edits
that change only the fan list (the sums recomputed, so only the fans are wrong)."""

from __future__ import annotations

import json
from collections import Counter

import gb16.reference as reference
from gb16.properties.invariants import FAN, TABLE_ORDER, interp_sets
from gb16.properties.scorers import Scorer

__all__ = ["edit_fans", "fans_of", "patched", "pungs", "rebuilt", "reference"]


def rebuilt(result: dict, fans: Counter) -> dict:
    """The result with another fan list, the sums recomputed (so only the fans are wrong)."""
    out = dict(result)
    out["fans"] = [{"id": f, "name": FAN[f]["zh"], "en": f, "points": FAN[f]["points"],
                    "count": n} for f, n in sorted(fans.items(), key=lambda kv: TABLE_ORDER[kv[0]]) if n]
    out["fan_points"] = sum(FAN[f]["points"] * n for f, n in fans.items() if f != "flower_tiles")
    out["total"] = out["fan_points"] + out.get("flower_points", 0)
    out["meets_minimum"] = out["fan_points"] >= 8
    return out


def fans_of(result: dict) -> Counter:
    return Counter({f["id"]: f["count"] for f in result["fans"]})


def patched(name: str, edit) -> Scorer:
    """A scorer that applies ``edit(input, result) -> result`` to the reference's ok results.

    It has no reading API: lending it the unpatched reference's explain/score_interpretation
    would let a property catch the bug by comparing with the reference, not by its own
    judgement."""
    def score(inp):
        result = reference.score(inp)
        if isinstance(result, dict) and result.get("ok"):
            result = edit(inp, json.loads(json.dumps(result)))
        return result
    return Scorer(name, score)


def edit_fans(change):
    """A planted bug that only changes the fan list: ``change(inp, result, fans) -> fans``."""
    def edit(inp, result):
        fans = fans_of(result)
        new = change(inp, result, Counter(fans))
        return rebuilt(result, new) if new != fans else result
    return edit


def pungs(result):
    return [g for g in interp_sets(result["interpretation"]) if g.kind in ("pung", "kong")]
