"""Hostile input for the robustness property: arbitrary text and JSON, legal inputs
mutated field by field."""

from __future__ import annotations

import functools
import json

from hypothesis import strategies as st

from gb16.properties.hands import ALL_TILES, FLAG_FIELDS, HONOUR_LETTERS
from gb16.properties.strategies.blocks import sampled
from gb16.properties.strategies.hand import legal_inputs

# --------------------------------------------------------------------------------------
# Hostile input for the robustness property


NOTATION_ALPHABET = "0123456789mpszESWNCPF[]{} ，,点和自摸xyz-"


@functools.cache
def arbitrary_text() -> st.SearchStrategy[str]:
    """Any text, biased towards the characters of the notation (built once)."""
    return st.one_of(
        st.text(max_size=60),
        st.text(alphabet=NOTATION_ALPHABET, max_size=60),
        st.lists(sampled(["123m", "55z", "[123p]", "{1111s}", "[5555z]", "0m", "8z",
                                  "99999m", "[", "]", "{", "}", "，点和5z", ",自摸1m", "EEE",
                                  "[12m]", "{111m}", " "]), max_size=12).map("".join),
    )


@functools.cache
def arbitrary_json(max_leaves: int = 12) -> st.SearchStrategy:
    """Any JSON value (no NaN or infinities: they are not JSON); built once for each
    ``max_leaves`` (:func:`mutated_inputs` draws from it for every broken field)."""
    scalars = st.one_of(st.none(), st.booleans(), st.integers(-2**40, 2**40),
                        st.floats(allow_nan=False, allow_infinity=False), arbitrary_text())
    return st.recursive(scalars, _json_containers, max_leaves=max_leaves)


def _json_containers(children: st.SearchStrategy) -> st.SearchStrategy:
    """Lists and objects of ``children`` (the recursive step of :func:`arbitrary_json`)."""
    return st.one_of(st.lists(children, max_size=4),
                     st.dictionaries(st.text(max_size=12), children, max_size=4))


CONTRACT_FIELDS = ("variant", "hand", "win_tile", "win_by", "prevalent_wind", "seat_wind",
                   "flowers") + FLAG_FIELDS


@st.composite
def mutated_inputs(draw) -> dict:
    """A legal input with one or more fields broken: replaced by any JSON value, removed,
    an unknown field added, or the hand string edited character by character."""
    inp = draw(legal_inputs())
    for _ in range(draw(st.integers(1, 3))):
        how = draw(sampled(("replace", "remove", "unknown", "edit_hand", "flags",
                                    "suffix")))
        if how == "replace":
            inp[draw(sampled(CONTRACT_FIELDS))] = draw(arbitrary_json(4))
        elif how == "remove":
            inp.pop(draw(sampled(CONTRACT_FIELDS)), None)
        elif how == "unknown":
            inp[draw(st.text(min_size=1, max_size=10))] = draw(arbitrary_json(2))
        elif how == "flags":
            for flag in FLAG_FIELDS + ("win_by",):
                if draw(st.booleans()):
                    inp[flag] = (draw(sampled(("discard", "self_draw"))) if flag == "win_by"
                                 else draw(st.booleans()))
        elif how == "suffix":
            tile = draw(sampled(ALL_TILES + tuple(HONOUR_LETTERS) + ("0m", "8z")))
            word = draw(sampled(("，点和", "，自摸", ",点和", ",自摸")))
            if isinstance(inp.get("hand"), str):
                inp["hand"] = inp["hand"] + word + tile
        elif isinstance(inp.get("hand"), str):
            text = inp["hand"]
            pos = draw(st.integers(0, len(text)))
            edit = draw(sampled(("insert", "delete", "replace")))
            ch = draw(sampled(NOTATION_ALPHABET))
            if edit == "insert":
                text = text[:pos] + ch + text[pos:]
            elif edit == "delete":
                text = text[:pos] + text[pos + 1:]
            else:
                text = text[:pos] + ch + text[pos + 1:]
            inp["hand"] = text
    return inp


def hostile_inputs() -> st.SearchStrategy:
    """Input for the robustness property: arbitrary JSON, objects with the contract's
    fields holding arbitrary values, arbitrary text as the hand, and mutated legal input."""
    contract_objects = st.fixed_dictionaries(
        {}, optional={f: st.one_of(arbitrary_json(3), sampled(
            ("gb16", "gb13", "E", "S", "discard", "self_draw", "5z", "1m")), st.booleans(),
            st.integers(-2, 12)) for f in CONTRACT_FIELDS})
    text_hands = st.builds(lambda text, tile, by: {"hand": text, "win_tile": tile, "win_by": by},
                           arbitrary_text(), sampled(ALL_TILES),
                           sampled(("discard", "self_draw")))
    return st.one_of(arbitrary_json(), contract_objects, text_hands, mutated_inputs())


def json_roundtrip(value):
    """What a value looks like after a trip through JSON text (keys become strings)."""
    return json.loads(json.dumps(value, ensure_ascii=False))


