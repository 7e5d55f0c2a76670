"""PyMahjongGB as a gb13 implementation under test: the case input in, the result contract out.

PyMahjongGB (``pip install pymahjonggb``, ``import MahjongGB``) wraps the C++ fan calculator of
ChineseOfficialMahjongHelper, the most used MCR scorer.  This module translates both ways, and
nothing else: every fan, count and point in a result comes from PyMahjongGB.

Two entry points:

* :func:`score` — ``score(case_input) -> result dict`` (docs/contract.md), for
  ``gb16 certify --impl python:gb16.tools.adapters.pymahjonggb:score``;
* ``python -m gb16.tools.adapters.pymahjonggb`` — the harness protocol over standard input and
  output (corpus/schema/protocol/): ``start`` → metadata, ``score`` → result (gb16 inputs are
  answered ``skipped``), ``stop`` → exit.

The translation (checked by tests/test_pymahjonggb_adapter.py):

* tiles — ``m`` → ``W`` (万), ``s`` → ``T`` (条), ``p`` → ``B`` (筒), ``1z``–``4z`` → ``F1``–``F4``
  (东南西北); PyMahjongGB's dragons are ``J1`` 中, ``J2`` 发, ``J3`` 白 (its honour order is
  东南西北中发白), so ``5z`` (中) → ``J1``, ``6z`` (白) → ``J3``, ``7z`` (发) → ``J2``;
* melds — an exposed chow is ``("CHI", middle tile, 1)`` (PyMahjongGB names a chow by its middle
  tile), an exposed pung ``("PENG", tile, 1)``, an exposed kong ``("GANG", tile, 1)`` (a 加杠 too),
  a concealed kong ``("GANG", tile, 0)``: offer 0 is the only thing that makes a pack concealed,
  1–3 only say who gave the tile, which no fan depends on;
* the hand — our ``hand`` includes the winning tile, PyMahjongGB's ``hand`` does not: one copy
  of ``win_tile`` is taken out of the standing tiles;
* flags — ``last_of_kind`` → ``is4thTile``; ``kong_replacement`` or ``robbing_kong`` →
  ``isAboutKong`` (self-drawn: 杠上开花, discard: 抢杠和); ``last_tile`` → ``isWallLast``; winds
  E S W N → 0 1 2 3.  PyMahjongGB corrects flags that cannot hold (it drops 和绝张 when the
  standing tiles hold the winning tile, and adds it when the winner's melds show three copies)
  instead of rejecting them, so this adapter never answers ``inconsistent_flags``;
* fans — :data:`FAN_IDS` maps each of PyMahjongGB's 82 fan names to our fan id;
* errors — PyMahjongGB raises ``TypeError`` with a code string; :data:`ERROR_CODES` maps them.
  (Version 1.4.0 never raises its ERROR_TILE_COUNT_GREATER_THAN_4: a hand with a fifth copy
  of a tile is scored, which this adapter reports as it is.)
  The adapter answers itself only what PyMahjongGB cannot be asked: the input object and its
  fields, the notation (read with the contract's own parser), a winning tile that is not a
  standing tile (it cannot be taken out), and hands too large for PyMahjongGB's fixed-size
  arrays (more than 4 melds or 14 standing tiles), which it would otherwise overrun.
"""

from __future__ import annotations

import json
import sys
import traceback
from functools import lru_cache
from importlib.metadata import version

from gb16.reference import tiles as T
from gb16.reference.errors import InputError
from gb16.reference.groups import CHOW, KONG, PUNG
from gb16.reference.notation import parse_hand, parse_tile

try:  # PyMahjongGB comes with the [differential] extra; without it, a clear message
    import MahjongGB
except ImportError as exc:  # pragma: no cover - exercised only on a broken install
    MahjongGB = None
    _IMPORT_ERROR = str(exc)

NAME = "PyMahjongGB"
VARIANT = "gb13"

# --------------------------------------------------------------------------- tiles

_SUIT_CODE = {"m": "W", "s": "T", "p": "B"}
#: our honour tiles (z 1–7: 东 南 西 北 中 白 发) → PyMahjongGB's codes (J1 中, J2 发, J3 白)
_HONOUR_CODE = {T.EAST: "F1", T.SOUTH: "F2", T.WEST: "F3", T.NORTH: "F4",
                T.RED: "J1", T.GREEN: "J2", T.WHITE: "J3"}
WIND_INDEX = {"E": 0, "S": 1, "W": 2, "N": 3}


def tile_code(t: int) -> str:
    """PyMahjongGB's code of our tile index ``t`` (gb16.reference.tiles)."""
    if T.is_honour(t):
        return _HONOUR_CODE[t]
    return _SUIT_CODE[T.suit_of(t)] + str(T.number_of(t))


TILE_OF_CODE = {tile_code(t): t for t in range(34)}


def pack_of(meld) -> tuple[str, str, int]:
    """PyMahjongGB's ``(type, tile, offer)`` for one of our melds (a reference Group)."""
    if meld.kind == CHOW:
        return ("CHI", tile_code(meld.tile + 1), 1)
    if meld.kind == PUNG:
        return ("PENG", tile_code(meld.tile), 1)
    if meld.kind == KONG:
        return ("GANG", tile_code(meld.tile), 1 if meld.exposed else 0)
    raise AssertionError(f"not a meld: {meld}")  # pragma: no cover


# --------------------------------------------------------------------------- fans

#: PyMahjongGB's Chinese fan name → our fan id (corpus/fans.json).  Its names are the 1998
#: names of the same 82 fans, in the same order; three differ from ours: the wait fans are
#: "独听・边张", "独听・嵌张" and "独听・单钓" (边张, 嵌张, 单钓将).
FAN_IDS: dict[str, str] = {
    "大四喜": "big_four_winds", "大三元": "big_three_dragons", "绿一色": "all_green",
    "九莲宝灯": "nine_gates", "四杠": "four_kongs", "连七对": "seven_shifted_pairs",
    "十三幺": "thirteen_orphans", "清幺九": "all_terminals", "小四喜": "little_four_winds",
    "小三元": "little_three_dragons", "字一色": "all_honors", "四暗刻": "four_concealed_pungs",
    "一色双龙会": "pure_terminal_chows", "一色四同顺": "quadruple_chow",
    "一色四节高": "four_pure_shifted_pungs", "一色四步高": "four_pure_shifted_chows",
    "三杠": "three_kongs", "混幺九": "all_terminals_and_honors", "七对": "seven_pairs",
    "七星不靠": "greater_honors_and_knitted_tiles", "全双刻": "all_even_pungs",
    "清一色": "full_flush", "一色三同顺": "pure_triple_chow", "一色三节高": "pure_shifted_pungs",
    "全大": "upper_tiles", "全中": "middle_tiles", "全小": "lower_tiles", "清龙": "pure_straight",
    "三色双龙会": "three_suited_terminal_chows", "一色三步高": "pure_shifted_chows",
    "全带五": "all_fives", "三同刻": "triple_pung", "三暗刻": "three_concealed_pungs",
    "全不靠": "lesser_honors_and_knitted_tiles", "组合龙": "knitted_straight",
    "大于五": "upper_four", "小于五": "lower_four", "三风刻": "big_three_winds",
    "花龙": "mixed_straight", "推不倒": "reversible_tiles", "三色三同顺": "mixed_triple_chow",
    "三色三节高": "mixed_shifted_pungs", "无番和": "chicken_hand", "妙手回春": "last_tile_draw",
    "海底捞月": "last_tile_claim", "杠上开花": "out_with_replacement_tile",
    "抢杠和": "robbing_the_kong", "碰碰和": "all_pungs", "混一色": "half_flush",
    "三色三步高": "mixed_shifted_chows", "五门齐": "all_types", "全求人": "melded_hand",
    "双暗杠": "two_concealed_kongs", "双箭刻": "two_dragon_pungs", "全带幺": "outside_hand",
    "不求人": "fully_concealed_hand", "双明杠": "two_melded_kongs", "和绝张": "last_of_kind",
    "箭刻": "dragon_pung", "圈风刻": "prevalent_wind", "门风刻": "seat_wind",
    "门前清": "concealed_hand", "平和": "all_chows", "四归一": "tile_hog", "双同刻": "double_pung",
    "双暗刻": "two_concealed_pungs", "暗杠": "concealed_kong", "断幺": "all_simples",
    "一般高": "pure_double_chow", "喜相逢": "mixed_double_chow", "连六": "short_straight",
    "老少副": "two_terminal_chows", "幺九刻": "pung_of_terminals_or_honors", "明杠": "melded_kong",
    "缺一门": "one_voided_suit", "无字": "no_honors", "独听・边张": "edge_wait",
    "独听・嵌张": "closed_wait", "独听・单钓": "single_wait", "自摸": "self_drawn",
    "花牌": "flower_tiles", "明暗杠": "concealed_and_melded_kong",
}

#: PyMahjongGB's English names where they differ from corpus/fans.json's.
EN_ALIASES = {
    "All Five": "all_fives", "Robbing The Kong": "robbing_the_kong",
    "Two Dragons Pungs": "two_dragon_pungs", "Last Tile": "last_of_kind",
    "Concealed Kong and Melded Kong": "concealed_and_melded_kong",
}

#: PyMahjongGB's error strings (TypeError messages) → our error codes (docs/contract.md).
#: ("ERROE" is its own spelling.)
ERROR_CODES = {
    "ERROR_WRONG_TILES_COUNT": "wrong_tile_count",
    "ERROR_TILE_COUNT_GREATER_THAN_4": "too_many_copies",
    "ERROR_NOT_WIN": "not_winning_hand",
    "ERROE_WRONG_TILE_CODE": "invalid_tile",
    "ERROE_WRONG_PACK_CODE": "invalid_meld",
    "ERROE_WRONG_OFFER_CODE": "invalid_meld",
}

FLOWERS = "flower_tiles"
MINIMUM = 8  # 起和分: flowers never count toward it

# --------------------------------------------------------------------------- the input

#: the case input fields and their types (docs/contract.md, Input)
_FIELDS = {"variant": str, "hand": str, "win_tile": str, "win_by": str, "prevalent_wind": str,
           "seat_wind": str, "flowers": int, "last_of_kind": bool, "last_tile": bool,
           "kong_replacement": bool, "robbing_kong": bool}


def _check_fields(case_input) -> None:
    """The input object, its fields and their ranges (PyMahjongGB has no notion of them)."""
    if not isinstance(case_input, dict):
        raise InputError("invalid_input", f"a case input must be a JSON object, not {type(case_input).__name__}")
    unknown = sorted(set(case_input) - set(_FIELDS))
    if unknown:
        raise InputError("invalid_input", f"unknown field(s): {', '.join(unknown)}")
    for field, kind in _FIELDS.items():
        if field not in case_input:
            continue
        value = case_input[field]
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise InputError("invalid_input", f"field {field!r} has the wrong type ({type(value).__name__})")
    if case_input.get("variant", "gb16") not in ("gb16", "gb13"):
        raise InputError("unsupported_variant", f"variant {case_input['variant']!r} is not gb16 or gb13")
    if case_input.get("variant", "gb16") != VARIANT:
        raise InputError("unsupported_variant", "PyMahjongGB scores standard 13-tile MCR (gb13) only")
    if "hand" not in case_input:
        raise InputError("invalid_input", "field 'hand' is required")
    if not 0 <= case_input.get("flowers", 0) <= 8:
        raise InputError("invalid_input", "flowers must be 0–8")
    for field in ("prevalent_wind", "seat_wind"):
        if case_input.get(field, "E") not in WIND_INDEX:
            raise InputError("invalid_input", f"{field} must be one of E, S, W, N")
    if case_input.get("win_by", "discard") not in ("discard", "self_draw"):
        raise InputError("invalid_input", "win_by must be 'discard' or 'self_draw'")


def translate(case_input) -> dict:
    """The keyword arguments of ``MahjongGB.MahjongFanCalculator`` for a gb13 case input.

    Raises :class:`~gb16.reference.errors.InputError` for what PyMahjongGB cannot be asked.
    """
    _check_fields(case_input)
    parsed = parse_hand(case_input["hand"])
    win_tile = parse_tile(case_input["win_tile"]) if "win_tile" in case_input else parsed.suffix_win_tile
    win_by = case_input.get("win_by", parsed.suffix_win_by)
    if parsed.suffix_win_tile is not None and win_tile != parsed.suffix_win_tile:
        raise InputError("invalid_input", "win_tile disagrees with the hand's suffix")
    if parsed.suffix_win_by is not None and win_by != parsed.suffix_win_by:
        raise InputError("invalid_input", "win_by disagrees with the hand's suffix")
    if win_tile is None or win_by is None:
        raise InputError("invalid_input", "win_tile and win_by are required (or a '，点和X' / '，自摸X' suffix)")
    if len(parsed.melds) > 4 or len(parsed.standing) > 14:
        raise InputError("wrong_tile_count", f"{len(parsed.melds)} melds and {len(parsed.standing)} standing "
                                             "tiles: more than a 14-tile hand can hold")
    standing = list(parsed.standing)
    if win_tile not in standing:
        raise InputError("win_tile_not_in_hand", f"the winning tile {T.name(win_tile)} is not a standing tile")
    standing.remove(win_tile)
    return {
        "pack": tuple(pack_of(m) for m in parsed.melds),
        "hand": tuple(tile_code(t) for t in sorted(standing)),
        "winTile": tile_code(win_tile),
        "flowerCount": case_input.get("flowers", 0),
        "isSelfDrawn": win_by == "self_draw",
        "is4thTile": case_input.get("last_of_kind", False),
        "isAboutKong": case_input.get("kong_replacement", False) or case_input.get("robbing_kong", False),
        "isWallLast": case_input.get("last_tile", False),
        "seatWind": WIND_INDEX[case_input.get("seat_wind") or _no_wind(parsed)],
        "prevalentWind": WIND_INDEX[case_input.get("prevalent_wind") or _no_wind(parsed)],
    }


def _no_wind(parsed) -> str:
    """A wind left out is no wind (docs/rulings.md R-020); PyMahjongGB always takes one, so give
    it a wind the hand holds no pung of (with four wind pungs, 大四喜 excludes both wind fans)."""
    tiles = list(parsed.standing) + [t for m in parsed.melds for t in m.tiles]
    return next((w for w, t in zip("ESWN", T.WINDS) if tiles.count(t) < 3), "E")


# --------------------------------------------------------------------------- the answer

def result_from(answer, flowers: int, waits: list[str] | None = None) -> dict:
    """Our result contract from PyMahjongGB's verbose answer ``((points, count, zh, en), ...)``."""
    fans = []
    for points, count, zh, en in answer:
        if zh not in FAN_IDS:
            raise ValueError(f"PyMahjongGB answered a fan this adapter does not know: {zh} ({en})")
        if count > 0:
            fans.append({"id": FAN_IDS[zh], "name": zh, "en": en, "points": points, "count": count})
    fan_points = sum(f["points"] * f["count"] for f in fans if f["id"] != FLOWERS)
    result = {"ok": True, "variant": VARIANT, "fans": fans, "fan_points": fan_points,
              "flower_points": flowers, "total": fan_points + flowers,
              "meets_minimum": fan_points >= MINIMUM, "interpretation": None}
    if waits is not None:
        result["waits"] = waits
    return result


def call(kwargs: dict):
    """``MahjongFanCalculator(**kwargs, verbose=True)``; an error string becomes an InputError."""
    _need_library()
    try:
        return MahjongGB.MahjongFanCalculator(**kwargs, verbose=True)
    except TypeError as exc:
        message = str(exc)
        code = ERROR_CODES.get(message)
        if code is None:
            raise  # not one of its error strings: a real failure, reported as such
        raise InputError(code, f"PyMahjongGB: {message}") from None


def score(case_input, with_waits: bool = True) -> dict:
    """Score one case input with PyMahjongGB; the result contract of docs/contract.md.

    Never raises for bad input.  ``with_waits`` adds PyMahjongGB's own wait set (from its
    shanten functions, :func:`waits`).
    """
    try:
        kwargs = translate(case_input)
        answer = call(kwargs)
    except InputError as e:
        return e.as_result()
    return result_from(answer, kwargs["flowerCount"],
                       waits(kwargs["pack"], kwargs["hand"]) if with_waits else None)



def waits(pack, hand) -> list[str]:
    """The tiles PyMahjongGB's shanten functions give as useful for a hand that is ready
    (shanten 0), over the shapes it allows: the basic shape always, 组合龙 with at most one
    meld, 七对 / 全不靠 / 十三幺 with none.  Sorted in our tile order, in our notation."""
    return list(_waits(tuple(pack), tuple(hand)))


@lru_cache(maxsize=65536)
def _waits(pack, hand) -> tuple[str, ...]:
    _need_library()
    useful: set[str] = set()
    functions = [MahjongGB.RegularShanten]
    if len(pack) <= 1:
        functions.append(MahjongGB.KnittedStraightShanten)
    if not pack:
        functions += [MahjongGB.SevenPairsShanten, MahjongGB.HonorsAndKnittedTilesShanten,
                      MahjongGB.ThirteenOrphansShanten]
    for function in functions:
        try:
            shanten, tiles = function(hand=hand)
        except TypeError:
            continue  # the shape does not apply to a hand of this size
        if shanten == 0:
            useful.update(tiles)
    return tuple(T.name(t) for t in sorted(TILE_OF_CODE[c] for c in useful))


def _need_library() -> None:
    if MahjongGB is None:  # pragma: no cover
        raise RuntimeError(f"PyMahjongGB is not installed ({_IMPORT_ERROR}); it comes with the [differential] extra: "
                           "pip install 'gb16[differential]'")


def library_version() -> str:
    try:
        return version("pymahjonggb")
    except Exception:  # pragma: no cover - metadata missing
        return "unknown"


def metadata() -> dict:
    """The harness ``start`` answer."""
    return {"name": NAME, "version": library_version(), "language": "c++",
            "variants": [VARIANT], "rulings": {},
            "comment": "PyMahjongGB (ChineseOfficialMahjongHelper's C++ fan calculator) "
                       "through gb16.tools.adapters.pymahjonggb"}


GB16_METADATA = metadata()
score.gb16_metadata = GB16_METADATA


# --------------------------------------------------------------------------- the harness protocol

def respond(request) -> dict | None:
    """The response to one protocol request (None for ``stop`` and for nothing to say)."""
    if not isinstance(request, dict):
        return None
    cmd = request.get("cmd")
    if cmd == "start":
        return metadata()
    if cmd == "score":
        seq, case_input = request.get("seq"), request.get("input")
        if isinstance(case_input, dict) and case_input.get("variant", "gb16") == "gb16":
            return {"seq": seq, "skipped": True,
                    "message": "PyMahjongGB scores standard 13-tile MCR (gb13) only"}
        return {"seq": seq, "result": score(case_input)}
    return None


def serve(stdin=None, stdout=None) -> int:
    """Speak the harness protocol: one JSON request per line in, one response per line out."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError as exc:
            print(f"pymahjonggb_adapter: a request that is not JSON: {exc}", file=sys.stderr)
            continue
        if isinstance(request, dict) and request.get("cmd") == "stop":
            break
        try:
            response = respond(request)
        except Exception:
            response = {"seq": request.get("seq"), "errored": True, "context": traceback.format_exc()}
        if response is not None:
            stdout.write(json.dumps(response, ensure_ascii=False) + "\n")
            stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(serve())
