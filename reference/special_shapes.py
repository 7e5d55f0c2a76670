"""gb13's special winning shapes (xinbian 第二章 3–5): 七对, 全不靠, 十三幺.

None of them exists in gb16 (seed000 §二.1 "固定十四张结构……均不适用").
"""

from __future__ import annotations


def readings(hand):
    """The special-shape readings of a gb13 hand."""
    return []


def is_special(melds, standing) -> bool:
    return False
