"""Property 18. Waits on gb13 hands.

Property 10's check on 13-tile hands: the waits are the formal wait set by the properties' own
enumeration (gb16.properties.hands.formal_waits with the gb13 shapes: four sets and a pair, the
组合龙 with one set, and the special shapes — 七对's one odd tile, 十三幺's missing tile or all
thirteen, 全不靠's missing knitted tiles and honours; xinbian 第二章 1–5), a wait fan only with
a single wait and on a basic shape (xinbian 第六章 6 独听原则: "被解释为基本和牌型计番时"; a
special shape never has one), and that of a best placement of the winning tile.
"""

from __future__ import annotations

from gb16.properties.invariants.base import register
from gb16.properties.invariants.p10_waits import waits
from gb16.properties.strategies import gb13

gb13_waits = register(
    18, "gb13_waits", "Property 10 on gb13 hands: the formal wait set by the properties' own enumeration "
    "(the special shapes' waits included), wait fans only on a single wait and a basic shape",
    "xinbian 第二章 1–5, 第六章 6, 第七章 77–79", lambda: gb13.cases(gb13.ALL_FAMILIES), weight=0.5)(waits)
