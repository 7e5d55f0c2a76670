"""Groups of tiles: the sets (面子: chow, pung, kong) and the pair (将) of a reading.

Vocabulary of xinbian 第三章: a *chow* (顺子, 15) is three consecutive tiles of one suit; a
*pung* (刻子, 17) three identical tiles — a kong (杠, 25) is also a pung; the *pair* (将牌, 14).
``exposed`` means melded in the open (副露/明露: 吃, 碰, 明杠). ``concealed`` is the 暗 of
xinbian 第三章 19: a pung of three standing tiles, a concealed kong, or a pung completed by
a self-drawn winning tile; a pung completed by a discarded winning tile is 明刻 (第三章 18,
seed000 §二.3), and a chow so completed is 明顺 (第三章 16).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from functools import lru_cache
from typing import Any

from . import tiles as T

CHOW, PUNG, KONG, PAIR = "chow", "pung", "kong", "pair"
_KIND_ORDER = {CHOW: 0, PUNG: 1, KONG: 2, PAIR: 3}


@dataclass(frozen=True, slots=True)
class Group:
    kind: str
    tile: int              # the lowest tile of the group
    exposed: bool = False  # melded in the open
    concealed: bool = True  # 暗 (see the module docstring)
    win: bool = False      # holds the winning tile in this reading
    # derived once from kind and tile
    tiles: tuple[int, ...] = field(init=False, repr=False, compare=False)
    suit: str = field(init=False, repr=False, compare=False)
    number: int = field(init=False, repr=False, compare=False)
    """Rank of the lowest tile (1–9), e.g. 1 for 123m, 7 for 789p."""

    def __post_init__(self) -> None:
        t = self.tile
        tiles = (t, t + 1, t + 2) if self.kind == CHOW else (t,) * {PUNG: 3, KONG: 4, PAIR: 2}[self.kind]
        object.__setattr__(self, "tiles", tiles)
        object.__setattr__(self, "suit", T.suit_of(t))
        object.__setattr__(self, "number", T.number_of(t))

    @property
    def is_chow(self) -> bool:
        return self.kind == CHOW

    @property
    def is_pung(self) -> bool:
        """A pung in the sense of the fan definitions: 刻子 or 杠 (xinbian 第三章 17)."""
        return self.kind in (PUNG, KONG)

    @property
    def is_kong(self) -> bool:
        return self.kind == KONG

    def contains(self, t: int) -> bool:
        return t in self.tiles

    def with_win(self, self_draw: bool) -> "Group":
        """This standing group holding the winning tile (seed000 §二.3, xinbian 第三章 16/18/19)."""
        return _with_win(self, self_draw)

    def sort_key(self) -> tuple[int, int, bool, bool, bool]:
        return (self.tile, _KIND_ORDER[self.kind], self.exposed, not self.concealed, self.win)

    def notation(self) -> str:
        return _notation(self.tiles)

    def as_json(self) -> dict[str, Any]:
        if self.kind == PAIR:
            return {"tiles": self.notation(), "win": self.win}
        return {"kind": self.kind, "tiles": self.notation(), "exposed": self.exposed,
                "concealed": self.concealed, "win": self.win}

    def __str__(self) -> str:
        text = self.notation()
        if self.exposed:
            return f"[{text}]"
        if self.kind == KONG:
            return f"{{{text}}}"
        return text + ("*" if self.win else "")


@lru_cache(maxsize=None)
def _notation(tiles: tuple[int, ...]) -> str:
    """The notation of a group's tiles, written once per group of tiles (at most 34 pungs,
    kongs and pairs and 21 chows)."""
    return T.names(tiles)


@lru_cache(maxsize=4096)
def _with_win(group: Group, self_draw: bool) -> Group:
    """:meth:`Group.with_win`, memoised: groups are immutable values."""
    return replace(group, win=True, concealed=group.concealed and (self_draw or group.kind == PAIR))
