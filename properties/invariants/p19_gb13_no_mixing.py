"""Property 19. No mixing across interpretations on gb13 hands, where the readings compete.

Property 5's check on 13-tile hands: the fan points are those of the best single
interpretation by the properties' own enumeration (readings × big combinations × links,
gb16.properties.best), the fans those of the reported interpretation alone.  The stream
leans on hands whose readings compete with different fan structures
(gb16.properties.strategies.gb13 ``CONTEST_FAMILIES``): a special shape against four sets
(七对 against chows, 一色双龙会 against 七对: xinbian 第六章 2 例 1), pungs against chows
(三同刻/一色三节高 against 一色三同顺: 例 3, 例 4), where the winning tile goes (例 2).
"""

from __future__ import annotations

from gb16.properties.invariants.base import register
from gb16.properties.invariants.p05_no_mixing import no_mixing
from gb16.properties.strategies import gb13

gb13_no_mixing = register(
    19, "gb13_no_mixing", "Property 5 on gb13 hands whose interpretations compete (special shape against "
    "four sets, pungs against chows, the winning tile's place): the best single interpretation by the "
    "properties' own enumeration, its fans alone",
    "xinbian 第六章 2 解释原则 (例 1–4), 第二章 1–5",
    lambda: gb13.cases(gb13.CONTEST_FAMILIES + gb13.ALL_FAMILIES), weight=1.0,
    needs=("explain", "score_interpretation"))(no_mixing)
