"""Inputs broken in exactly one known way, each with the error code docs/contract.md
gives for it (the error-cause property)."""

from __future__ import annotations

from typing import Any

from hypothesis import strategies as st

from gb16.properties.hands import (
    ALL_TILES, Case, FLAG_FIELDS, Hand, Meld, compact, format_hand, is_honour, is_winning, rank,
    readings, sorted_tiles, suit,
)
from gb16.properties.strategies.blocks import _Pool, _chow, _draw_group, sampled
from gb16.properties.strategies.hand import cases
from gb16.properties.strategies.hostile import CONTRACT_FIELDS, arbitrary_json

# --------------------------------------------------------------------------------------
# Inputs broken in one known way, for the error-cause property


#: Tiles that are written like tiles but do not exist (docs/contract.md invalid_tile).
NONEXISTENT_TILES = ("0m", "0p", "0s", "0z", "8z", "9z")
#: Variant names that are not gb16 or gb13 (docs/contract.md unsupported_variant).
OTHER_VARIANTS = ("gb14", "gb17", "mcr", "riichi", "hk", "sichuan")


def _broken(cause: str, expect: str, inp: Any) -> dict:
    return {"cause": cause, "expect": expect, "input": inp}


def _plain_flags(case: Case) -> Case:
    """The case with every flag off, so that only the planted problem remains."""
    return case.with_(last_of_kind=False, last_tile=False, kong_replacement=False, robbing_kong=False)


def _spare_standing(case: Case) -> list[int]:
    """Positions of standing tiles that may be removed or replaced while the winning tile
    stays among the standing tiles."""
    standing = case.hand.standing
    return [i for i, t in enumerate(standing) if t != case.win_tile or standing.count(t) > 1]


@st.composite
def fifth_copy_inputs(draw) -> dict:
    """A winning shape of five sets and a pair, except that one tile appears five or six
    times (a pung and the pair of it, perhaps a chow or a kong holding it too):
    ``too_many_copies``, the only problem of the input."""
    tile = draw(sampled(ALL_TILES))
    pool = _Pool()
    pool.left[tile] = 0
    style = draw(sampled(("pung", "kong", "chow") if not is_honour(tile) and rank(tile) <= 7
                                 else ("pung", "kong")))
    fixed: list[Meld] = []
    standing = [tile, tile]
    sets: list[tuple[str, ...]] = []
    if style == "kong":
        fixed.append(Meld("kong", (tile,) * 4, concealed=draw(st.booleans())))
    elif draw(st.booleans()):
        fixed.append(Meld("pung", (tile,) * 3))
    else:
        standing += [tile] * 3
    if style == "chow":
        chow = _chow(suit(tile), rank(tile))
        pool.take(chow[1:])
        sets.append(chow)
    while len(sets) + len(fixed) < 5:
        sets.append(_draw_group(draw, pool, frozenset(ALL_TILES), "cp"))
    for g in sets:
        if draw(st.booleans()):
            fixed.append(Meld("chow" if len(set(g)) == 3 else "pung", tuple(g)))
        else:
            standing.extend(g)
    hand = Hand(tuple(sorted_tiles(standing)), tuple(fixed))
    case = Case(hand=hand, win_tile=draw(sampled(sorted_tiles(set(standing)))),
                win_by=draw(sampled(("discard", "self_draw"))), flowers=draw(st.integers(0, 8)))
    return _broken(f"{hand.counts()[tile]} copies of {tile}", "too_many_copies", case.to_input())


@st.composite
def broken_inputs(draw) -> dict:
    """``{"cause", "expect", "input"}``: a legal case broken in exactly one way, and the error
    code docs/contract.md (Errors) gives for that cause.

    The causes: a fifth copy of a tile (``too_many_copies``); a tile that does not exist
    (``invalid_tile``); flags that cannot hold together, R-006/R-014
    (``inconsistent_flags``); an unknown field, a value out of range, a mistyped or missing
    field, a suffix that disagrees with the fields, an input that is not an object
    (``invalid_input``); an unknown variant (``unsupported_variant``); an unreadable hand
    string (``invalid_notation``); a braced group that is not a kong (``invalid_meld``);
    a tile too many or too few, a 14-tile hand (七对 or four sets) in gb16, a 17-tile hand in
    gb13 (``wrong_tile_count``); a winning tile that is not standing
    (``win_tile_not_in_hand``); 17 tiles that form no winning shape, e.g. seven pairs and a
    pung (``not_winning_hand``).
    """
    kind = draw(sampled((
        "fifth_copy", "nonexistent_tile", "flags", "unknown_field", "out_of_range", "mistyped",
        "missing", "suffix_disagrees", "not_an_object", "variant", "notation", "braced_non_kong",
        "tile_count", "seven_pairs_gb16", "four_sets_gb16", "gb16_hand_as_gb13",
        "win_tile_elsewhere", "no_shape", "seven_pairs_and_pung")))
    if kind == "fifth_copy":
        return draw(fifth_copy_inputs())
    if kind == "seven_pairs_gb16":
        # seed000 §二.1 / §四.7: 七对 is a 14-tile shape that does not apply in gb16
        tiles = draw(st.lists(sampled(ALL_TILES), min_size=7, max_size=7, unique=True))
        hand = Hand(tuple(sorted_tiles(tiles * 2)))
        case = Case(hand=hand, win_tile=draw(sampled(sorted_tiles(tiles))),
                    win_by=draw(sampled(("discard", "self_draw"))))
        return _broken("a 14-tile 七对 hand in gb16", "wrong_tile_count", case.to_input())
    if kind == "seven_pairs_and_pung":
        tiles = draw(st.lists(sampled(ALL_TILES), min_size=8, max_size=8, unique=True))
        standing = tiles[:7] * 2 + [tiles[7]] * 3
        hand = Hand(tuple(sorted_tiles(standing)))
        if is_winning(hand):  # e.g. pairs that also read as chows: not this cause
            return draw(broken_inputs())
        case = Case(hand=hand, win_tile=draw(sampled(sorted_tiles(set(standing)))),
                    win_by=draw(sampled(("discard", "self_draw"))))
        return _broken("seven pairs and a pung: no five-sets or 组合龙 reading",
                       "not_winning_hand", case.to_input())

    case = _plain_flags(draw(cases()))
    inp = case.to_input()
    if kind == "nonexistent_tile":
        spare = _spare_standing(case)
        i = draw(sampled(spare))
        bad = draw(sampled(NONEXISTENT_TILES))
        standing = list(case.hand.standing)
        standing[i] = bad
        inp["hand"] = format_hand(Hand(tuple(standing), case.hand.melds))
        return _broken(f"the tile {bad} in the hand", "invalid_tile", inp)
    if kind == "flags":
        return draw(_inconsistent_flags(case))
    if kind == "unknown_field":
        name = draw(st.text(min_size=1, max_size=12).filter(lambda n: n not in CONTRACT_FIELDS))
        inp[name] = draw(arbitrary_json(2))
        return _broken(f"the unknown field {name!r}", "invalid_input", inp)
    if kind == "out_of_range":
        field_name, value = draw(sampled((
            ("flowers", 9), ("flowers", 12), ("flowers", -1), ("win_by", "tsumo"),
            ("win_by", "ron"), ("prevalent_wind", "X"), ("prevalent_wind", "east"),
            ("seat_wind", "Z"), ("seat_wind", "1z"))))
        inp[field_name] = value
        return _broken(f"{field_name} = {value!r} is out of range", "invalid_input", inp)
    if kind == "mistyped":
        # (not the variant: a variant of another type could as well be read as unsupported)
        field_name = draw(sampled(CONTRACT_FIELDS[1:]))
        if field_name == "flowers":
            value = draw(sampled((None, 1.5, "3", True, [])))
        elif field_name in FLAG_FIELDS:
            value = draw(sampled((None, 1, 0, "true", [])))
        else:
            value = draw(sampled((None, 1, True, [], {"a": 1})))
        inp[field_name] = value
        return _broken(f"{field_name} = {value!r} has the wrong type", "invalid_input", inp)
    if kind == "missing":
        field_name = draw(sampled(("hand", "win_tile", "win_by")))
        del inp[field_name]
        return _broken(f"the required field {field_name!r} is missing (no suffix)", "invalid_input", inp)
    if kind == "suffix_disagrees":
        other_by = "self_draw" if case.win_by == "discard" else "discard"
        word = "点和" if case.win_by == "discard" else "自摸"
        inp["hand"] += "，" + word + case.win_tile
        if draw(st.booleans()):
            inp["win_by"] = other_by
            why = "win_by"
        else:
            others = [t for t in set(case.hand.standing) if t != case.win_tile]
            if not others:
                inp["win_by"] = other_by
                why = "win_by"
            else:
                inp["win_tile"] = draw(sampled(sorted_tiles(others)))
                why = "win_tile"
        return _broken(f"the suffix and the field {why} disagree", "invalid_input", inp)
    if kind == "not_an_object":
        value = draw(st.one_of(st.lists(st.integers(), max_size=3), st.integers(), st.text(max_size=10),
                               st.just(None), st.just(inp["hand"]), st.just([inp])))
        return _broken("the input is not an object", "invalid_input", value)
    if kind == "variant":
        inp["variant"] = draw(sampled(OTHER_VARIANTS))
        return _broken(f"the variant {inp['variant']!r}", "unsupported_variant", inp)
    if kind == "notation":
        how = draw(sampled(("letter", "open_bracket", "close_bracket", "suitless", "empty_meld",
                                    "nested")))
        text = inp["hand"]
        if how == "letter":
            pos = draw(st.integers(0, len(text)))
            text = text[:pos] + draw(sampled("xq#!?+")) + text[pos:]
        elif how == "open_bracket":
            text = text + " [" + draw(sampled(("", "1", "12")))
        elif how == "close_bracket":
            text = "]" + text
        elif how == "suitless":
            text = text + draw(sampled(("5", "12", "9")))
        elif how == "empty_meld":
            text = draw(sampled(("[] ", "{} "))) + text
        else:
            text = "[[" + text[1:] if text.startswith("[") else "[[123m]] " + text
        inp["hand"] = text
        return _broken(f"the hand string cannot be read ({how})", "invalid_notation", inp)
    if kind == "braced_non_kong":
        return draw(_braced_non_kong(case))
    if kind == "tile_count":
        spare = _spare_standing(case)
        standing = list(case.hand.standing)
        counts = case.hand.counts()
        addable = [t for t in ALL_TILES if counts[t] < 4]
        if draw(st.booleans()) or not addable:
            del standing[draw(sampled(spare))]
            why = "a tile too few"
        else:
            standing.append(draw(sampled(addable)))
            why = "a tile too many"
        inp["hand"] = format_hand(Hand(tuple(sorted_tiles(standing)), case.hand.melds))
        return _broken(f"{why} ({case.hand.size() + (1 if 'many' in why else -1)} tiles)",
                       "wrong_tile_count", inp)
    if kind == "four_sets_gb16":
        # a 14-tile hand of four sets and a pair: the 13-tile shape (seed000 §二: "不得丢掉第五面子")
        hand = _one_set_dropped(draw, case)
        if hand is None:
            return draw(broken_inputs())
        inp["hand"] = format_hand(hand)
        return _broken("a 14-tile hand of four sets and a pair in gb16", "wrong_tile_count", inp)
    if kind == "gb16_hand_as_gb13":
        inp["variant"] = "gb13"
        return _broken("a 17-tile hand in gb13 (14 tiles there)", "wrong_tile_count", inp)
    if kind == "win_tile_elsewhere":
        standing = set(case.hand.standing)
        elsewhere = sorted_tiles(t for t in ALL_TILES if t not in standing)
        inp["win_tile"] = draw(sampled(elsewhere))
        return _broken(f"the winning tile {inp['win_tile']} is not a standing tile",
                       "win_tile_not_in_hand", inp)
    # "no_shape": one standing tile replaced by another so that no reading remains
    spare = _spare_standing(case)
    counts = case.hand.counts()
    i = draw(sampled(spare))
    new = draw(sampled([t for t in ALL_TILES if counts[t] < 4 and t != case.hand.standing[i]]))
    standing = list(case.hand.standing)
    standing[i] = new
    hand = Hand(tuple(sorted_tiles(standing)), case.hand.melds)
    if is_winning(hand):
        return draw(broken_inputs())
    inp["hand"] = format_hand(hand)
    return _broken("17 tiles that form no winning shape", "not_winning_hand", inp)


def _one_set_dropped(draw, case: Case) -> Hand | None:
    """The hand without one of its sets (a meld, or a standing set of some reading that
    leaves the winning tile standing); None when there is no such set."""
    if case.hand.melds and draw(st.booleans()):
        melds = list(case.hand.melds)
        del melds[draw(st.integers(0, len(melds) - 1))]
        return Hand(case.hand.standing, tuple(melds))
    options = set()
    for r in readings(case.hand, case.win_tile):
        for g in r.sets:
            if not g.exposed and g.kind in ("chow", "pung"):
                rest = list(case.hand.standing)
                for t in g.tiles:
                    rest.remove(t)
                if case.win_tile in rest:
                    options.add(tuple(rest))
    if not options:
        return None
    return Hand(draw(sampled(sorted(options))), case.hand.melds)


@st.composite
def _inconsistent_flags(draw, case: Case) -> dict:
    """One flag that cannot hold with the hand or the other fields (R-006, R-014)."""
    counts = case.hand.counts()
    standing = case.hand.standing
    options = ["robbing_self_draw", "replacement_on_discard"]
    if counts[case.win_tile] >= 2:
        options.append("robbing_second_copy")
    if counts[case.win_tile] == 1:
        options.append("robbing_last_tile")
    if not case.hand.kongs:
        options.append("replacement_without_kong")
    if standing.count(case.win_tile) >= 2:
        options.append("last_of_kind_concealed_copy")
    how = draw(sampled(options))
    if how == "robbing_self_draw":
        bad = case.with_(robbing_kong=True, win_by="self_draw")
    elif how == "robbing_second_copy":
        bad = case.with_(robbing_kong=True, win_by="discard")
    elif how == "robbing_last_tile":
        bad = case.with_(robbing_kong=True, win_by="discard", last_tile=True)
    elif how == "replacement_on_discard":
        bad = case.with_(kong_replacement=True, win_by="discard")
    elif how == "replacement_without_kong":
        bad = case.with_(kong_replacement=True, win_by="self_draw")
    else:
        bad = case.with_(last_of_kind=True)
    return _broken(f"inconsistent flags: {how}", "inconsistent_flags", bad.to_input())


@st.composite
def _braced_non_kong(draw, case: Case) -> dict:
    """A set written in braces ``{}`` that is not a kong (a chow or a pung): ``invalid_meld``."""
    inp = case.to_input()
    melded = [m for m in case.hand.melds if m.kind != "kong"]
    if melded and draw(st.booleans()):
        m = draw(sampled(melded))
        melds = list(case.hand.melds)
        melds.remove(m)
        text = format_hand(Hand(case.hand.standing, tuple(melds)))
        inp["hand"] = "{" + compact(m.tiles) + "} " + text
        return _broken(f"the melded {m.kind} written in braces", "invalid_meld", inp)
    # a standing set taken out of the standing tiles into braces
    rs = [r for r in readings(case.hand, case.win_tile)
          if any(not g.exposed and g.kind in ("chow", "pung") for g in r.sets)]
    if not rs:
        return draw(_inconsistent_flags(case))
    r = draw(sampled(rs))
    groups = [g for g in r.sets if not g.exposed and g.kind in ("chow", "pung")]
    g = draw(sampled(groups))
    rest = list(case.hand.standing)
    for t in g.tiles:
        rest.remove(t)
    if case.win_tile not in rest:
        return draw(_inconsistent_flags(case))
    text = format_hand(Hand(tuple(rest), case.hand.melds))
    inp["hand"] = "{" + compact(g.tiles) + "} " + text
    return _broken(f"a standing {g.kind} written in braces", "invalid_meld", inp)
