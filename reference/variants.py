"""The two variants: gb16 (seed000, the rule page) and gb13 (standard MCR, xinbian).

Which fans exist in a variant is data (``applies`` in corpus/fans.json); what differs in
the shape of a hand and in the counting principles is here.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Variant:
    id: str
    sets: int              # sets beside the pair in a standard hand
    tiles: int             # hand size with kongs counted as three
    knitted_sets: int      # ordinary sets beside the nine tiles of a 组合龙
    special_shapes: bool   # 七对, 全不靠, 十三幺 (xinbian 第二章 3–5)
    concealed_principle: bool  # xinbian 第六章 3 (门清原则) applies as written

    def __str__(self) -> str:
        return self.id


#: seed000 §二: five sets and a pair, 17 tiles; §二.1: no fixed 14-tile shapes;
#: §二.4: 四暗刻 is no longer necessarily concealed, so 门清原则 has nothing left to act on.
GB16 = Variant("gb16", sets=5, tiles=17, knitted_sets=2, special_shapes=False, concealed_principle=False)

#: xinbian 第二章: four sets and a pair (14 tiles) and the special shapes.
GB13 = Variant("gb13", sets=4, tiles=14, knitted_sets=1, special_shapes=True, concealed_principle=True)

VARIANTS = {v.id: v for v in (GB16, GB13)}
