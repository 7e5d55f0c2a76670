"""Property 20. Win-method relations on gb13 hands.

Property 9's check on 13-tile hands: concealed + discard ⇒ 门前清, concealed + self-draw ⇒
不求人 (neither beside a shape that is concealed by itself: xinbian 第六章 3 门清原则), open +
self-draw ⇒ 自摸, the flags their fans, 全求人 only with every set melded and a discard on the
pair (xinbian 第七章 52), and melding a concealed chow never adds 门前清/不求人/暗刻.
"""

from __future__ import annotations

from hypothesis import strategies as st

from gb16.properties.invariants.base import register
from gb16.properties.invariants.p09_win_method import win_method
from gb16.properties.strategies import gb13

gb13_win_method = register(
    20, "gb13_win_method", "Property 9 on gb13 hands: 门前清/不求人/自摸 by concealment and win method "
    "(门清原则 for the concealed shapes), the flags' fans, 全求人, melding a chow adds nothing concealed",
    "xinbian 第六章 3, 第七章 44–47, 52, 56, 58, 62, 80; R-006, R-014",
    lambda: st.fixed_dictionaries({"case": gb13.cases(gb13.ALL_FAMILIES), "pick": st.integers(0, 20)}), weight=0.5)(win_method)
