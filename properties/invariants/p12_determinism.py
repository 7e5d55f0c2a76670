"""Property 12. Determinism."""

from __future__ import annotations

import copy
import json

from hypothesis import strategies as st

from gb16.properties import strategies as S
from gb16.properties.invariants.base import Violation, _brief, call, register

# --------------------------------------------------------------------------------------
# 12. Determinism


@register(12, "determinism", "The same input scored again at once, and again after another "
          "input, gives byte-identical JSON, and the input is not modified",
          "docs/contract.md (a result is a function of the input)",
          lambda: st.fixed_dictionaries({"first": st.one_of(S.legal_inputs(), S.hostile_inputs()),
                                         "between": S.legal_inputs()}), weight=0.5)
def determinism(scorer, ex) -> bool:
    first = ex["first"]
    pristine = copy.deepcopy(first)
    answers = [call(scorer, first)]
    if first != pristine:
        raise Violation(f"the scorer modified its input: {_brief(pristine)} → {_brief(first)}")
    answers.append(call(scorer, copy.deepcopy(pristine)))
    call(scorer, copy.deepcopy(ex["between"]))
    answers.append(call(scorer, copy.deepcopy(pristine)))
    texts = [json.dumps(x, ensure_ascii=False, default=repr) for x in answers]
    for when, text in zip(("scored again at once", "scored again after another input"), texts[1:]):
        if text != texts[0]:
            raise Violation(f"two answers to {_brief(pristine)} ({when}): {texts[0][:400]} vs {text[:400]}")
    return True



