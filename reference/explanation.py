"""Why one interpretation loses to the chosen one, in words (``gb16 explain``).

A lower total says so.  Between equal totals the tie-break of docs/rulings.md R-011
decides (:func:`gb16.reference.scoring.preference_key`): the fan lists compared fan by fan
in §三 table order with the higher count first; then where the winning tile sits (the pair,
then the sets in canonical order); then the canonical order of the sets.  :func:`why` names
the step that decided and what differs there, by fan names and tiles — never by an index.
"""

from __future__ import annotations

from . import table
from .scoring import Interpretation


def _fan_list(interp: Interpretation) -> list[tuple[str, int]]:
    return [(f, len(o)) for f, o in interp.fans.items()]


def _fan(f: str, n: int) -> str:
    return table.fan(f).zh + (f"×{n}" if n > 1 else "")


def _place(interp: Interpretation) -> str:
    """Where the winning tile sits, by tiles: 'the pair 55z', 'the set 123m', 'the 组合龙'."""
    r = interp.reading
    if r.win_in == "pair" and r.pair is not None:
        return f"the pair {r.pair.notation()}"
    if r.win_in == "knitted":
        return "the 组合龙"
    if r.win_in == "special":
        return "the special shape"
    return f"the set {r.sets[int(r.win_in[4:])].notation()}"


def tie_break(chosen: Interpretation, other: Interpretation) -> str:
    """The step of R-011 that puts ``chosen`` before ``other`` (equal totals), in words."""
    a, b = _fan_list(chosen), _fan_list(other)
    for k in range(max(len(a), len(b))):
        fa = a[k] if k < len(a) else None
        fb = b[k] if k < len(b) else None
        if fa == fb:
            continue
        assert fa is not None  # the chosen one's fan list is the greater: never a prefix of the other's
        before = "、".join(_fan(*f) for f in a[:k])
        after = f"after {before} " if before else ""
        if fb is None:
            detail = f"{after}the chosen one also has {_fan(*fa)}, this one nothing more"
        elif fa is not None and fa[0] == fb[0]:
            detail = f"{after}the chosen one has {_fan(*fa)} where this one has {_fan(*fb)}"
        else:
            detail = (f"{after}the chosen one has {_fan(*fa)}, which comes before this one's {_fan(*fb)} "
                      "in the §三 table")
        return ("same total; R-011 prefers the greater fan list, compared fan by fan in §三 table order, "
                f"higher count first: {detail}")
    pa, pb = _place(chosen), _place(other)
    if pa != pb:
        return ("same total and the same fans; R-011 next prefers the reading that places the winning tile "
                f"earliest (the pair, then the sets in order): the chosen one has it in {pa}, this one in {pb}")
    sa = " ".join(g.notation() for g in chosen.reading.sets)
    sb = " ".join(g.notation() for g in other.reading.sets)
    if sa != sb:
        return ("same total, fans and place of the winning tile; R-011 last takes the canonical order of the "
                f"sets: {sa} comes before {sb}")
    return ("same total, fans and sets: the same reading by its tiles (the big combination or the links on "
            "other copies of equal sets)")


def why(interp: Interpretation, chosen: Interpretation, k: int, tied: bool) -> str:
    """The ``why`` of reading ``k`` (0 is the chosen one) of ``gb16 explain``."""
    if k == 0:
        return "highest total" + (", and first by the tie-break of R-011 (see the other readings)" if tied else "")
    if interp.total < chosen.total:
        return f"total {interp.total} < {chosen.total}"
    return tie_break(chosen, interp)


__all__ = ["why", "tie_break"]
