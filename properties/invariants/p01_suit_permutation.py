"""Property 1. Suit permutation."""

from __future__ import annotations

import itertools

from hypothesis import strategies as st

from gb16.properties import strategies as S
from gb16.properties.hands import NUMBER_SUITS, suit_permutation_map
from gb16.properties.invariants.base import register
from gb16.properties.invariants.relabelling import _relabel_check

# --------------------------------------------------------------------------------------
# 1. Suit permutation


SUIT_PERMUTATIONS = tuple("".join(p) for p in itertools.permutations(NUMBER_SUITS) if "".join(p) != "mps")


@register(1, "suit_permutation", "Relabelling m/p/s by any permutation changes nothing but the "
          "suit-specific fans 绿一色/推不倒 (and what they exclude)",
          "xinbian 第七章 (no fan definition names a suit except 3 绿一色, 40 推不倒); seed000 §三",
          lambda: st.fixed_dictionaries({"case": S.cases(), "permutation": st.sampled_from(SUIT_PERMUTATIONS)}))
def suit_permutation(scorer, ex) -> bool:
    perm = ex["permutation"]
    return _relabel_check(scorer, ex["case"], suit_permutation_map(perm),
                          label=f"suits m,p,s → {','.join(perm)}")


