"""Property 8. Presentation."""

from __future__ import annotations

import json

from hypothesis import strategies as st

from gb16.properties import strategies as S
from gb16.properties.hands import Case, LETTER_OF_HONOUR, is_honour
from gb16.properties.invariants.base import Violation, _brief, register, score_ok

# --------------------------------------------------------------------------------------
# 8. Presentation


@st.composite
def presentations(draw) -> dict:
    """A legal case and another way of writing the same input: tile and meld order, spacing,
    honour letters, runs merged or tile by tile, the suffix form, defaults omitted."""
    case = draw(S.cases())
    letters = draw(st.sampled_from(("digits", "letters", "mixed")))

    def honour(t: str) -> bool:
        if not is_honour(t) or letters == "digits":
            return False
        return letters == "letters" or draw(st.booleans())

    def write(tiles: list[str], merge: bool) -> list[str]:
        tokens: list[str] = []
        for t in tiles:
            if honour(t):
                tokens.append(LETTER_OF_HONOUR[t])
            elif merge and tokens and tokens[-1][-1] == t[1] and tokens[-1][0].isdigit():
                tokens[-1] = tokens[-1][:-1] + t[0] + t[1]
            else:
                tokens.append(t)
        return tokens

    merge = draw(st.booleans())
    units: list[str] = []
    for meld in case.hand.melds:
        body = "".join(write(list(meld.tiles), True))
        units.append("{" + body + "}" if meld.concealed else "[" + body + "]")
    standing = list(draw(st.permutations(case.hand.standing)))
    units.extend(write(standing, merge))
    units = list(draw(st.permutations(units)))
    text = ""
    for u in units:
        text += draw(st.sampled_from(("", "", " ", "  "))) + u
    text += draw(st.sampled_from(("", " ")))
    form = draw(st.sampled_from(("fields", "suffix", "suffix_ascii", "suffix_and_fields")))
    inp = case.to_input()
    if form != "fields":
        word = "点和" if case.win_by == "discard" else "自摸"
        comma = "," if form == "suffix_ascii" else "，"
        text += comma + word + case.win_tile
        if form != "suffix_and_fields":
            del inp["win_tile"], inp["win_by"]
    inp["hand"] = text
    if draw(st.booleans()):  # omit the fields that hold their default value
        # (not the winds: a wind left out is no wind, docs/rulings.md R-020, not East)
        defaults = {"variant": "gb16", "flowers": 0,
                    "last_of_kind": False, "last_tile": False, "kong_replacement": False,
                    "robbing_kong": False}
        for k, v in defaults.items():
            if inp.get(k) == v and draw(st.booleans()):
                del inp[k]
    inp = dict(draw(st.permutations(list(inp.items()))))
    return {"case": case, "written": inp}


@register(8, "presentation", "Tile order, spacing, honour letters (E S W N C P F) vs digits, and "
          "the suffix form vs fields never change the result",
          "docs/contract.md (Hand notation); seed000 §四 (notation)",
          presentations)
def presentation(scorer, ex) -> bool:
    case: Case = ex["case"]
    plain = score_ok(scorer, case.to_input(), "the hand")
    written = score_ok(scorer, ex["written"], "the same hand written differently")
    if json.dumps(plain, ensure_ascii=False, sort_keys=True) != json.dumps(written, ensure_ascii=False, sort_keys=True):
        diff = sorted(k for k in set(plain) | set(written) if plain.get(k) != written.get(k))
        raise Violation(f"{_brief(ex['written'], 400)} scores differently from {_brief(case.to_input(), 400)} "
                        f"(fields {diff}: {_brief({k: plain.get(k) for k in diff}, 300)} vs "
                        f"{_brief({k: written.get(k) for k in diff}, 300)})")
    return True


