"""The result contract (docs/contract.md "Result"): turning a scored interpretation into JSON."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from . import table
from . import tiles as T
from .rules import active
from .scoring import FLOWERS, Interpretation, Removal

if TYPE_CHECKING:
    from .readings import Reading

MINIMUM = 8  # 起和分 (xinbian 第三章 43); flowers never count toward it (seed000 §三 花牌)


def fan_entries(interp: Interpretation) -> list[dict[str, Any]]:
    rules = active()
    out = []
    for fan_id, occs in interp.fans.items():
        f = table.fan(fan_id)
        out.append({"id": f.id, "name": f.zh, "en": f.en, "points": rules.points(f.id), "count": len(occs)})
    return out


def removal_entries(removed: list[Removal]) -> list[dict[str, Any]]:
    """The 不计 list of a reading (:func:`~gb16.reference.scoring.removals`): each fan that held and
    did not count, how many times, and the fan (``by``, null for a principle alone) and clause
    that removed it."""
    out = []
    for r in removed:
        f = table.fan(r.fan)
        by = table.fan(r.by) if r.by else None
        out.append({"id": f.id, "name": f.zh, "en": f.en, "count": r.count,
                    "by": ({"id": by.id, "name": by.zh, "en": by.en} if by else None), "rule": r.rule})
    return out


def interpretation_json(interp: Interpretation) -> dict[str, Any]:
    r = interp.reading
    return {
        "shape": r.shape,
        "sets": [g.as_json() for g in r.sets],
        "pair": r.pair.as_json() if r.pair is not None else None,
        "knitted": ({"tiles": T.names(r.knitted), "win": r.win_in == "knitted"}
                    if r.knitted and r.shape == "knitted" else None),
        "win_tile": T.name(r.hand.win_tile),
        "win_in": r.win_in,
        "big_combination": ({"fan": interp.big[0], "sets": list(interp.big[1])} if interp.big else None),
        "chow_links": [{"fan": f, "sets": [i, j]} for f, i, j in interp.links],
        **_special(r),
    }


def _special(r: Reading) -> dict[str, Any]:
    """gb13's special shapes: the pairs of 七对, the tiles of 全不靠/十三幺."""
    if r.shape in ("standard", "knitted"):
        return {}
    out: dict[str, Any] = {"tiles": T.names([t for t, n in enumerate(r.hand.standing) for _ in range(n)])}
    if r.pairs:
        out["pairs"] = [g.notation() for g in r.pairs]
    return out


def result_json(interp: Interpretation, waits: Iterable[int]) -> dict[str, Any]:
    return {
        "ok": True,
        "variant": interp.reading.hand.variant.id,
        "fans": fan_entries(interp),
        "fan_points": interp.fan_points,
        "flower_points": interp.flower_points,
        "total": interp.total,
        "meets_minimum": interp.fan_points >= MINIMUM,
        "interpretation": interpretation_json(interp),
        "waits": [T.name(t) for t in waits],
    }


__all__ = ["FLOWERS", "MINIMUM", "fan_entries", "interpretation_json", "removal_entries", "result_json"]
