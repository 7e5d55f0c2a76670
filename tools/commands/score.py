"""``gb16 score``, ``gb16 explain`` and ``gb16 waits``: the reference scorer on the command line.

    gb16 score "111222333444z 123m 55z" --win 5z --discard
    gb16 score "111222333444z 123m 55z，点和5z" --json
    gb16 score --batch < inputs.jsonl > results.jsonl
    gb16 explain "147m 258p 369s 111z 555z 66z，自摸6z"
    gb16 score "[123m] 222m 444p 666s 111z 55z，点和5z" --prevalent 东 --seat E
    gb16 waits "1111222s 111m 222p 555z听3s"
    gb16 waits "1111222s 111m 222p 555z" --delta exhausted-tile-no-wait

Winds are optional: without ``--prevalent`` / ``--seat`` (or with ``none``) no 圈风刻 / 门风刻
forms, the rule page's convention for its examples (docs/rulings.md R-020).  Messages about
the input name the flags given here (``pass --win TILE and --discard or --self-draw``); with
``-`` (a JSON case input on stdin) they name the JSON fields.

Exit status: 2 when the input is invalid (the error code and message are printed), 1 when a
``--batch --jobs N`` run stopped because its worker processes kept dying, 0 otherwise.
"""

from __future__ import annotations

import argparse
import json
import sys
import unicodedata

from gb16 import reference
from gb16.reference import jsonlines
from gb16.reference.errors import InputError
from gb16.reference.hand import FLAG_TERMS, FLAGS, hand_from_input, waiting_hand_from_input
from gb16.tools.referee import disputes
from gb16.tools.referee import explain_text
from gb16.tools.runs import score_pool
from gb16.tools.common.batch_line import batch_result
from gb16.tools.common.safe_text import printable

EXIT_OK, EXIT_BATCH_STOPPED, EXIT_BAD_INPUT = 0, 1, 2


def register(sub) -> None:
    p = sub.add_parser("score", help="score a winning hand",
                       description="Score a winning hand with the reference scorer (docs/contract.md).")
    _hand_arguments(p)
    p.add_argument("--batch", action="store_true",
                   help="read JSON Lines of case inputs on stdin, write one JSON result per line")
    p.add_argument("--jobs", type=int, default=1, metavar="N",
                   help="with --batch: score on N worker processes, results in input order (0: every core; "
                        "at most 4 per core)")
    p.set_defaults(func=run_score)

    p = sub.add_parser("explain", help="show every interpretation of a hand side by side",
                       description="Score every legal interpretation on its own, mark the chosen one and say "
                                   "why the others lose; show the wait analysis.")
    _hand_arguments(p)
    p.set_defaults(func=run_explain)

    p = sub.add_parser("waits", help="the formal wait set of a hand one tile short of a win",
                       description="The formal wait set (seed000 §二.7) of a 16-tile (gb16) or 13-tile (gb13) hand.")
    p.add_argument("hand", help="the hand without its winning tile, e.g. \"1111222s 111m 222p 555z\" "
                                "(a trailing 听X, as the rule page writes it, is allowed)")
    p.add_argument("--variant", help="gb16 (default) or gb13")
    p.add_argument("--json", action="store_true", help="print JSON")
    disputes.add_rule_arguments(p)
    p.set_defaults(func=run_waits)


def _hand_arguments(p) -> None:
    p.add_argument("hand", nargs="?", help="the winning hand, winning tile included, in the rule page's notation; "
                                           "or '-' to read a JSON case input from stdin")
    p.add_argument("--win", metavar="TILE", help="the winning tile (or use the suffix '，点和5z' / '，自摸5z')")
    how = p.add_mutually_exclusive_group()
    how.add_argument("--discard", dest="win_by", action="store_const", const="discard", help="won on a discard (点和)")
    how.add_argument("--self-draw", dest="win_by", action="store_const", const="self_draw", help="self-drawn (自摸)")
    p.add_argument("--prevalent", metavar="WIND", type=wind_argument,
                   help="prevalent wind (圈风): E S W N or 东 南 西 北; none (the default): no 圈风刻")
    p.add_argument("--seat", metavar="WIND", type=wind_argument,
                   help="seat wind (门风): E S W N or 东 南 西 北; none (the default): no 门风刻")
    p.add_argument("--flowers", type=int, metavar="N", help="flowers 0–8")
    p.add_argument("--variant", help="gb16 (default) or gb13")
    p.add_argument("--last-of-kind", action="store_true", help="和绝张: the other three copies are visible")
    p.add_argument("--last-tile", action="store_true", help="the last tile of the wall (妙手回春 / 海底捞月)")
    p.add_argument("--kong-replacement", action="store_true", help="杠上开花")
    p.add_argument("--robbing-kong", action="store_true", help="抢杠和")
    p.add_argument("--json", action="store_true", help="print the JSON result instead of tables")
    disputes.add_rule_arguments(p)


#: The words a wind may be given in on the command line, after NFKC (full-width Ｅ is E).
WIND_WORDS = {**{c: c for c in "ESWN"}, **dict(zip("东南西北", "ESWN")), **dict(zip("東南西北", "ESWN")),
              **{f"{k}z": w for k, w in zip(range(1, 5), "ESWN")},
              **dict(zip(("east", "south", "west", "north"), "ESWN"))}


def wind_argument(text: str) -> str | None:
    """``--prevalent`` / ``--seat``: E S W N (any case), 东 南 西 北, 1z–4z, or none (None)."""
    word = unicodedata.normalize("NFKC", text).strip()
    if word.lower() in ("none", "-", ""):
        return None
    wind = WIND_WORDS.get(word) or WIND_WORDS.get(word.upper()) or WIND_WORDS.get(word.lower())
    if wind is None:
        raise argparse.ArgumentTypeError(f"{text!r} is not a wind: give E, S, W or N (or 东 南 西 北), "
                                         "or none for no wind")
    return wind


def case_input_from_args(args) -> dict:
    """The case input (docs/contract.md) the flags describe; only the flags given are set."""
    if args.hand == "-":
        return jsonlines.parse_line(sys.stdin.buffer.read(jsonlines.MAX_LINE_BYTES + 1))
    data = {"hand": args.hand}
    for key, value in (("variant", args.variant), ("win_tile", args.win), ("win_by", args.win_by),
                       ("prevalent_wind", args.prevalent), ("seat_wind", args.seat), ("flowers", args.flowers)):
        if value is not None:
            data[key] = value
    for flag in FLAGS:
        if getattr(args, flag):
            data[flag] = True
    return data


def _apply(function, args) -> tuple[dict, dict | None, disputes.Rules | None]:
    """``function`` (score or explain) on the case input the arguments describe:
    ``(result, case input, rules)``, the last two None when the input could not be read."""
    try:
        data = case_input_from_args(args)
    except jsonlines.JSONInputError as e:
        return {"ok": False, "error": {"code": "invalid_json", "message": f"stdin: {e}"}}, None, None
    try:
        rules = disputes.rules_from_args(args)
    except disputes.RulesError as e:
        return {"ok": False, "error": {"code": "invalid_input", "message": f"rule set: {e}"}}, None, None
    if args.hand != "-":
        try:  # the same checks as the scorer's, in the words of the flags
            hand_from_input(data, FLAG_TERMS)
        except InputError as e:
            return e.as_result(), None, None
    return function(data, rules=rules), data, rules


def run_score(args) -> int:
    if args.batch:
        if args.hand is not None:
            print("gb16 score --batch reads JSON Lines on stdin; do not give a hand as well", file=sys.stderr)
            return EXIT_BAD_INPUT
        try:
            rules = disputes.rules_from_args(args)
        except disputes.RulesError as e:
            print(f"gb16 score: {e}", file=sys.stderr)
            return EXIT_BAD_INPUT
        if args.jobs < 0:
            print("gb16 score --jobs: give a number of worker processes, or 0 for every core", file=sys.stderr)
            return EXIT_BAD_INPUT
        return run_batch(sys.stdin.buffer, sys.stdout.buffer, rules=rules, jobs=args.jobs)
    if args.hand is None:
        print("gb16 score: give a hand (or '-' for a JSON case input on stdin, or --batch)", file=sys.stderr)
        return EXIT_BAD_INPUT
    result, data, rules = _apply(reference.score, args)
    not_counted = _not_counted(data, rules) if result["ok"] else []
    if args.json:   # the contract's result, with the clauses of its fans and its 不计 list
        extra = {"clauses": clauses_of(result["fans"]), "not_counted": not_counted} if result["ok"] else {}
        print(json.dumps({**result, **extra}, ensure_ascii=False))
    else:
        print(format_result(result))
        if not_counted:
            print(not_counted_line(not_counted))
        if result["ok"]:  # an open ruling that changes this hand (docs/rulings.md), in one line
            line = disputes.disputed_line(disputes.open_rulings(data, rules))
            if line:
                print(line)
    return EXIT_OK if result["ok"] else EXIT_BAD_INPUT


def _not_counted(data: dict, rules) -> list[dict]:
    """The 不计 list of the reading ``score`` reports: the fans that held and did not count, and
    what removed each (reference.explain's ``not_counted`` of the chosen reading)."""
    report = reference.explain(data, rules=rules, not_counted=True)
    chosen = [r for r in report.get("readings", []) if r["chosen"]]
    return chosen[0]["not_counted"] if chosen else []


def run_batch(stream, out, rules=None, jobs: int = 1) -> int:
    """One JSON result per input line, in order, flushed line by line; the batch is total.

    ``stream`` and ``out`` are binary.  Every line gets exactly one result — an empty line,
    invalid UTF-8, too deep or too long a line gets an ``invalid_json`` error
    (docs/contract.md "Input limits") — and every output line is valid UTF-8.
    With ``jobs`` other than 1 the lines are scored on worker processes and written back in
    order, chunk by chunk (:mod:`gb16.tools.runs.score_pool`); a worker that dies is replaced and
    its lines scored again, and when workers keep dying the batch stops with a message
    saying which lines have results, exit status 1.
    """
    if jobs != 1:
        try:
            score_pool.run(jsonlines.read_lines(stream), out, jobs, batch_result, rules)
        except score_pool.WorkerDied as e:
            print(f"gb16 score --batch: {e}", file=sys.stderr)
            return EXIT_BATCH_STOPPED
        return EXIT_OK
    for raw in jsonlines.read_lines(stream):
        out.write(batch_result(raw, rules))
        out.flush()
    return EXIT_OK


def run_explain(args) -> int:
    if args.hand is None:
        print("gb16 explain: give a hand (or '-' for a JSON case input on stdin)", file=sys.stderr)
        return EXIT_BAD_INPUT
    report, _, _ = _apply(disputes.explain_with_disputes, args)
    if args.json:
        if report["ok"]:   # the clauses of every fan of every reading
            report = {**report, "clauses": clauses_of([f for r in report["readings"] for f in r["fans"]])}
        print(json.dumps(report, ensure_ascii=False))
    elif not report["ok"]:
        print(format_error(report))
    else:
        print(format_explanation(report))
        print()
        print(disputes.render(report["disputes"]))
    return EXIT_OK if report["ok"] else EXIT_BAD_INPUT


def run_waits(args) -> int:
    data = {"hand": args.hand, **({"variant": args.variant} if args.variant is not None else {})}
    try:  # the same checks as reference.waits, in the words of the flags
        rules = disputes.rules_from_args(args)
        waiting_hand_from_input(data, FLAG_TERMS)
        result = reference.waits(data, rules=rules)
    except disputes.RulesError as e:
        result = {"ok": False, "error": {"code": "invalid_input", "message": f"rule set: {e}"}}
    except InputError as e:
        result = e.as_result()
    if args.json:
        print(json.dumps(result, ensure_ascii=False))
    elif not result["ok"]:
        print(format_error(result))
    else:
        tiles = result["waits"]
        shown = " ".join(f"{t} {_glyph(t)}" for t in tiles) or "none (not one tile short of a win)"
        print(f"waits: {shown}")
        if "ting" in result:
            t = result["ting"]
            print(f"听{t}: " + (f"{t} is one of the waits" if result["ting_is_wait"]
                                else f"{t} is not a wait of this hand"))
        print("single formal wait: 边张/嵌张/单钓将 possible" if len(tiles) == 1
              else "not a single formal wait: no 边张/嵌张/单钓将 (seed000 §二.7)")
    return EXIT_OK if result["ok"] else EXIT_BAD_INPUT


# -- human output: gb16.tools.referee.explain_text, imported when a table is printed (not for --batch) --

# (each through printable: a hand or a flag given on the command line is shown, never acted on)

def format_error(result: dict) -> str:
    return printable(explain_text.format_error(result))


def format_result(result: dict) -> str:
    return printable(explain_text.format_result(result))


def format_explanation(report: dict) -> str:
    return printable(explain_text.format_explanation(report))


def _glyph(tile: str) -> str:
    return explain_text.glyph(tile)


def clauses_of(fans: list[dict]) -> dict[str, list[str]]:
    return explain_text.clauses_of(fans)


def not_counted_line(entries: list[dict]) -> str:
    return explain_text.not_counted_line(entries)
