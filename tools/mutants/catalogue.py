"""Mutant scorers: the reference scorer with one plausible implementer's mistake each.

    python -m gb16.tools.mutants.catalogue --list
    python -m gb16.tools.mutants.catalogue --serve discard_pung_concealed      # harness protocol
    python -m gb16.tools.mutants.catalogue --kill-table [--corpus DIR] [--properties ci] [--json]
    gb16 certify --impl python:gb16.tools.mutants.catalogue:discard_pung_concealed
    gb16 certify --impl "python -m gb16.tools.mutants.catalogue --serve discard_pung_concealed"

A mutant is the reference (gb16.reference) with one mistake planted: a fan predicate,
an exclusion of corpus/fans.json, a combination rule, the choice of reading, the wait
set or the input contract read the wrong way.  Each is tied to the clause it breaks
(``seed000 §二.4``, ``seed000 §三 全求人``, ``xinbian 第七章 16``, …).  The corpus and the
properties are judged by whether they *kill* the mutants: every mutant must fail at least
one corpus case, and should break at least one property.

How a mutant is built.  Each mutant is defined by a small function returning a
:class:`Mutation`: patches (``unittest.mock`` context managers over the reference's
module globals, the fan registry or the fan table), an input rewrite, a result rewrite
or a replacement of the top-level scoring call.  :func:`mutant` turns it into a scorer
``NAME(case_input) -> result``: every call takes a module lock, clears the reference's
memo caches, enters the patches, scores, leaves the patches and clears the caches again
— so no patch outlives the call, and nothing a mutant computed is left in a cache for
the reference (tests/test_mutants.py checks this).  Measured: entering and leaving the
patches costs 5–25 µs and a mutant scores a corpus case in about 0.4 ms of CPU
(the reference 0.25 ms with its wait cache warm), while a subprocess per mutant costs
about 0.2 s of CPU just to start plus a JSON round trip per case — so the kill table runs
in process.  The price: while a mutant call runs, the reference's module globals are
patched process-wide, so do not score with the reference in another thread at the same
time; use ``--serve`` (one process per mutant) when that matters.

The kill table (:func:`kill_table`) sends every corpus case to every mutant through the
harness's own judging (gb16.tools.harness.certify.run_case) and, on request, replays the
Hypothesis properties' recorded streams (gb16.properties.replay) against each mutant with the
mutant's own reading API (``explain``/``score_interpretation``, patched the same way) where it
has one.  A mutant
that errs or crashes on a case is reported as *broken*, never as killed.  ``gb16 report``
shows the table through :func:`report_rows`.

Layout: machinery.py (Mutation, the mutant decorator, patch helpers), areas/ (the mutants,
one module per area of the rules), data.py (the data mutants of corpus/fans.json),
real_world.py (bug classes seen in real scorers), kill.py (the kill table), tables.py (the kill
tables of every mutant, docs/kill-tables.md); this module
gathers them, speaks the harness protocol and is the command.
"""

from __future__ import annotations

import argparse
import json
import sys
import traceback

from tabulate import tabulate

from gb16.tools.mutants.machinery import (  # noqa: F401
    CHICKEN, FLOWERS, FOUR_CHOW_FANS, MUTANTS, Mutant, Mutation, THREE_CHOW_FANS, TWO_TERMINAL_CHOWS,
    _LOCK, _REF, _error_code, _metadata, active, attribute, clear_caches, exclusion_everywhere,
    fan_record, get, hand_facts, mutant, names, predicate, rebuilt, unexclude,
)
from gb16.tools.mutants.areas.shapes import (  # noqa: F401
    drop_fifth_set, greater_knitted_with_six_honours, knitted_with_one_meld_only, nine_gates_on_the_whole_hand,
    seven_pairs_in_gb16,
)
from gb16.tools.mutants.areas.waits import (  # noqa: F401
    edge_wait_terminal_tile, knitted_tile_single_wait, practical_waits, single_wait_on_seven_pairs,
    thirteen_orphans_one_wait, wait_fans_by_shape, waits_without_knitted_shape,
)
from gb16.tools.mutants.areas.concealment import (  # noqa: F401
    all_pungs_beside_four_concealed_pungs, concealed_kong_opens_hand, discard_pung_concealed,
    four_concealed_pungs_exclude_concealed_hand, four_concealed_pungs_require_concealed_hand,
    melded_hand_on_set_wait, melded_hand_with_concealed_kong, self_drawn_beside_fully_concealed_hand,
    single_wait_beside_melded_hand, three_concealed_pungs_count_discard_pung,
)
from gb16.tools.mutants.areas.counts import (  # noqa: F401
    all_pungs_with_four_pungs, concealed_and_melded_kong_as_two_melded_kongs,
    four_concealed_pungs_exactly_four, four_kongs_exactly_four, kong_counts_as_tile_hog,
    kong_is_not_a_pung, two_concealed_pungs_at_least,
)
from gb16.tools.mutants.areas.honours import (  # noqa: F401
    double_pung_beside_triple_pung, dragon_pung_beside_two_dragon_pungs, honour_order_riichi,
    mixed_shifted_pungs_repeated, prevalent_and_seat_wind_swapped, same_wind_scored_once,
    terminal_pung_beside_dragon_pung, wind_fans_each_remove_a_terminal_pung,
)
from gb16.tools.mutants.areas.tile_content import (  # noqa: F401
    all_chows_honour_pair, all_chows_standard_shape_only, all_even_pungs_on_knitted,
    all_fives_on_knitted, all_simples_with_honours, all_types_any_honour, half_flush_all_honours,
    one_voided_suit_with_one_suit, outside_hand_ignores_pair, outside_hand_on_knitted,
    tile_content_ignores_kongs, upper_four_beside_upper_tiles, upper_four_includes_five,
)
from gb16.tools.mutants.areas.combinations import (  # noqa: F401
    all_big_combinations, chow_pairs_inside_big_combination, chow_pairs_plain_cap,
    fifth_chow_links_beside_four_chow_fan, first_big_combination, four_shifted_chows_unequal_steps,
    mixed_shifted_chows_step_two, pung_sequences_outside_big_combination,
    terminal_chows_outside_link_budget,
)
from gb16.tools.mutants.areas.win_conditions import (  # noqa: F401
    chicken_hand_beside_self_drawn, flowers_deny_chicken_hand, flowers_toward_minimum,
    last_of_kind_beside_robbing_the_kong, minimum_above_eight, self_drawn_beside_last_tile_draw,
    self_drawn_beside_out_with_replacement_tile,
)
from gb16.tools.mutants.areas.readings import (  # noqa: F401
    fans_mixed_across_readings, first_reading, four_sets_before_a_special_shape,
)
from gb16.tools.mutants.areas.contract import (  # noqa: F401
    flags_not_validated, invalid_tile_reported_as_notation, no_four_copy_limit, unknown_fields_ignored,
)
from gb16.tools.mutants.real_world import (  # noqa: F401
    all_pungs_beside_four_kongs, exclusions_bottom_up, four_shifted_pungs_on_three, knitted_shape_always_concealed,
    last_tile_claim_scores_replacement_tile, pairwise_exclusions, self_drawn_beside_last_tile_draw_on_special_shapes,
)
from gb16.tools.mutants.kill import (  # noqa: F401
    corpus_kills, corpus_outcomes, format_kill_table, kill_row, kill_table, mutant_scorer,
    property_kills, report_rows,
)


# =========================================================================== the protocol

def serve(name: str, stdin=None, stdout=None) -> int:
    """Speak the harness protocol (corpus/schema/protocol/) on stdin/stdout as mutant ``name``."""
    stdin, stdout = stdin or sys.stdin, stdout or sys.stdout
    m = get(name)

    def reply(message: dict) -> None:
        stdout.write(json.dumps(message, ensure_ascii=False) + "\n")
        stdout.flush()

    for line in stdin:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
        except json.JSONDecodeError:
            print(f"mutants --serve: a request that is not JSON: {line[:200]!r}", file=sys.stderr)
            continue
        cmd = request.get("cmd") if isinstance(request, dict) else None
        if cmd == "start":
            reply(m.scorer.gb16_metadata)
        elif cmd == "score":
            try:
                reply({"seq": request["seq"], "result": m.scorer(request.get("input"))})
            except Exception:
                reply({"seq": request.get("seq"), "errored": True, "context": traceback.format_exc(limit=8)})
        elif cmd == "stop":
            return 0
        else:
            print(f"mutants --serve: unknown request {line[:200]!r}", file=sys.stderr)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m gb16.tools.mutants.catalogue",
        description="Mutant scorers: the reference with one planted mistake each, and their kill table.")
    action = parser.add_mutually_exclusive_group(required=True)
    action.add_argument("--list", action="store_true", help="list the mutants with their clause and mistake")
    action.add_argument("--serve", metavar="NAME", help="speak the harness protocol as mutant NAME")
    action.add_argument("--kill-table", action="store_true",
                        help="which corpus cases (and properties) kill each mutant")
    parser.add_argument("--corpus", metavar="DIR", help="corpus folder (default: the installed corpus)")
    parser.add_argument("--properties", metavar="PROFILE", nargs="?", const="ci",
                        help="also run the Hypothesis properties against each mutant (default profile ci)")
    parser.add_argument("--only", nargs="+", metavar="NAME", help="only these mutants")
    parser.add_argument("--jobs", type=int, default=1, metavar="N", help="processes for the kill table")
    parser.add_argument("--json", action="store_true", help="JSON output")
    args = parser.parse_args(argv)

    if args.list:
        if args.json:
            print(json.dumps([{"mutant": m.name, "clause": m.clause, "mistake": m.mistake}
                              for m in MUTANTS.values()], ensure_ascii=False, indent=1))
        else:
            print(tabulate([[m.name, m.clause, m.mistake] for m in MUTANTS.values()],
                           headers=["mutant", "clause", "mistake"], tablefmt="simple"))
        return 0
    if args.serve:
        if args.serve not in MUTANTS:
            print(f"mutants: no mutant {args.serve!r} (see --list)", file=sys.stderr)
            return 2
        return serve(args.serve)
    unknown = [n for n in args.only or [] if n not in MUTANTS]
    if unknown:
        print(f"mutants: no mutant {', '.join(map(repr, unknown))} (see --list)", file=sys.stderr)
        return 2
    if args.properties:
        from gb16.properties.profiles import PROFILES  # gb16.properties needs the properties extra (Hypothesis)
        if args.properties not in PROFILES:
            print(f"mutants: unknown properties profile {args.properties!r} ({', '.join(PROFILES)})",
                  file=sys.stderr)
            return 2
    if args.jobs < 1:
        print("mutants: --jobs must be at least 1", file=sys.stderr)
        return 2
    from gb16.tools.harness.protocol import HarnessError   # jsonschema: the certify extra
    progress = (lambda msg: print(f"\r{msg}".ljust(80)[:100], end="", file=sys.stderr, flush=True)) \
        if sys.stderr.isatty() else None
    try:
        rows = kill_table(args.corpus, properties=args.properties, only=args.only, jobs=args.jobs,
                          progress=progress)
    except HarnessError as exc:
        print(f"mutants: {exc}", file=sys.stderr)
        return 2
    if progress:
        print("\r" + " " * 80 + "\r", end="", file=sys.stderr)
    if args.json:
        print(json.dumps(rows, ensure_ascii=False, indent=1))
    else:
        print(format_kill_table(rows))
    return 0 if all(r["ok"] for r in rows) else 1


if __name__ == "__main__":
    sys.exit(main())
