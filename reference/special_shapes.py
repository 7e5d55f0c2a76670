"""gb13's special winning shapes (xinbian 第二章 3–5): 七对, 全不靠, 十三幺.

None of them exists in gb16 (seed000 §二.1 "固定十四张结构。……七对、七星不靠、全不靠……均不适
用"); :class:`~gb16.reference.variants.Variant` ``special_shapes`` switches them on.  All
three are necessarily concealed: no meld of any kind.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import tiles as T
from .rules import active
from .shapes import KNITTED_SETS

if TYPE_CHECKING:
    from .groups import Group
    from .rules import Rules

#: 34 counts of tiles, one per tile (tiles.py's order)
Counts = Sequence[int]

SEVEN_PAIRS, HONOURS_KNITTED, THIRTEEN_ORPHANS = "seven_pairs", "honours_knitted", "thirteen_orphans"
ORPHANS = tuple(t for t in range(34) if T.is_terminal_or_honour(t))
NOT_ORPHANS = tuple(t for t in range(34) if t not in ORPHANS)


def is_seven_pairs(standing: Counts) -> bool:
    """七对特殊和牌型 (xinbian 第七章 19): seven pairs; four identical tiles are two pairs
    (mil 附件1 (二): 七对 may add 四归一).  Edition delta ``seven-pairs-distinct``: seven
    different pairs."""
    allowed = (0, 2) if active().has("seven-pairs-distinct") else (0, 2, 4)
    return sum(standing) == 14 and all(n in allowed for n in standing)


def is_thirteen_orphans(standing: Counts) -> bool:
    """十三幺 (xinbian 第七章 7): each of the thirteen 幺九牌 and a second copy of one."""
    return (sum(standing) == 14 and all(standing[t] for t in ORPHANS)
            and not any(standing[t] for t in NOT_ORPHANS))


def honours_knitted_set(standing: Counts) -> tuple[int, ...] | None:
    """全不靠 / 七星不靠 (xinbian 第七章 34, 20): fourteen different tiles among one 组合龙's nine
    and the seven honours.  Returns that 组合龙's nine tiles, or None."""
    if sum(standing) != 14 or any(n > 1 for n in standing):
        return None
    present = {t for t, n in enumerate(standing) if n}
    for knit in KNITTED_SETS:
        if present <= set(knit) | set(T.HONOURS):
            return knit
    return None


def is_special(melds: Sequence[Group], standing: Counts) -> bool:
    if melds:
        return False
    return is_seven_pairs(standing) or is_thirteen_orphans(standing) or honours_knitted_set(standing) is not None


def waits(before: Counts, rules: Rules | None = None) -> set[int]:
    """The tiles that complete 13 standing tiles ``before`` (no meld) into a special shape.

    七对: the one tile held an odd number of times, when there is exactly one; under
    ``rules`` (default: the rules in force) with edition delta ``seven-pairs-distinct`` (no
    four identical tiles in a 七对, :func:`is_seven_pairs`) only when it is held once and no
    tile is held four times, so a 七对 that would hold four identical tiles gives no wait.
    十三幺: the missing 幺九 tile when twelve are held and one twice, or any of the thirteen
    when all thirteen are held.  全不靠: the tiles of a 组合龙 and the honours not yet held,
    when the thirteen are all different and all among them.
    """
    found: set[int] = set()
    distinct_pairs = (rules or active()).has("seven-pairs-distinct")
    odd = [t for t, n in enumerate(before) if n % 2]
    if len(odd) == 1 and not (distinct_pairs and (before[odd[0]] != 1 or 4 in before)):
        found.add(odd[0])
    if not any(before[t] for t in NOT_ORPHANS):
        missing = [t for t in ORPHANS if not before[t]]
        if not missing:
            found.update(ORPHANS)
        elif len(missing) == 1:
            found.add(missing[0])
    if all(n <= 1 for n in before):
        present = {t for t, n in enumerate(before) if n}
        for knit in KNITTED_SETS:
            allowed = set(knit) | set(T.HONOURS)
            if present <= allowed:
                found.update(allowed - present)
    return found
