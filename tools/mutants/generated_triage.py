"""The triage of the generated mutants (gb16.tools.mutants.generated) that a check does not kill:
each argued equivalent in writing, or left open with what it touches.  A mutant argued here is
still judged on every run: a kill would prove the argument wrong (docs/kill-tables.md shows
both verdicts beside the argument).

Equivalent means: no input of the contract (docs/contract.md), under the rules in force by
default, makes the mutated scorer's ``score``, ``explain`` or ``score_interpretation`` answer
differently in what the contract holds a scorer to (the total and one admissible fan list,
docs/rulings.md R-011).  What lives only under a non-default option of a ruling or an edition
delta, or only in the 不计 trace of ``explain(not_counted=True)``, is not equivalent: the corpus
judges the options and deltas its cases state expectations for, and the 不计 traces and winning groups
its cases state (corpus/README.md); the properties the project's reading and, through property 25
(rulings_in_force), the options and deltas their model knows (gb16.properties.in_force), property
24 the trace; what a check cannot reach is left open and says so.
"""

from __future__ import annotations

#: How many of the corpus's survivors ``rejudge --corpus --drawn-at`` judged on the current source, and how.
RELOCATED = ("146 of its 151 survivors were of 6cd7fa0: 92 are the same mutant of the current source by their code, "
             "47 by their mutated line in a reworded function, and 7 whose mutated line changed too keep their "
             "verdict of 6cd7fa0; the 5 judged on the current source were judged again")
#: How the results in docs/kill-tables-generated*.jsonl were made.
RUN = ("The results here. docs/kill-tables-generated.jsonl: `run --sample 500 --seed 1 --jobs 2` on the reference "
       "of commit 6cd7fa0, stopped after 470 of the 500. The reference was then annotated for `make lint` (mypy "
       "--strict), which renumbered the sites and reworded some functions, so a resumed run skipped nothing; it "
       "went on with `run --sample 512 --seed 1 --jobs 1 --drawn-at 6cd7fa0`: of the 30 drawn mutants not yet "
       "judged, 23 are the same mutant of the current source and were judged there, and the 7 whose functions "
       "had changed were left out and replaced by the next of the seeded order (10 of those 12 the same mutant): "
       "503 mutants, 470 judged at 6cd7fa0 and 33 on the current source. docs/kill-tables-generated-after.jsonl: "
       "`rejudge --property reading_contests --property gb13_special_near_misses` of every mutant the properties "
       "had not killed (at 6cd7fa0). docs/kill-tables-generated-after-corpus.jsonl: `rejudge --corpus --drawn-at "
       "6cd7fa0 --jobs 1` of every mutant the corpus had not killed, on the current source (" + RELOCATED + "). "
       "docs/kill-tables-generated-after-options.jsonl: `rejudge --options --open … --drawn-at 6cd7fa0 --jobs 1` "
       "of the mutants still open that the properties had not killed, on the current source. "
       "docs/kill-tables-generated-after-trace.jsonl: `rejudge --property not_counted_trace --open …(the three "
       "above) --drawn-at 6cd7fa0 --jobs 1` of the 36 mutants still open that the properties had not killed, on the "
       "current source (4 more, of a line of 6cd7fa0 since changed, were left out: see after-reworded below). "
       "docs/kill-tables-generated-after-rulings.jsonl: `rejudge --property rulings_in_force --open …(the four "
       "above) --drawn-at 6cd7fa0 --jobs 1` of the 29 mutants still open that the properties had not killed, on "
       "the current source (3 more, of a line of 6cd7fa0 since changed, were left out: see after-reworded below), "
       "and the same of the six argued equivalent here since (a results file holding their records): property "
       "25 under the project's reading and under each option and delta its model knows, the scorer declaring it. "
       "docs/kill-tables-generated-after-win-marks.jsonl: `rejudge --property definition_consistency --property "
       "gb13_definition_consistency --drawn-at 6cd7fa0 --jobs 1` of the two mutants that change only win marks "
       "(a results file holding their two records): property 13 now reads the interpretation's win marks. "
       "docs/kill-tables-generated-after-corpus2.jsonl: `rejudge --corpus --open` (the after, after-corpus, "
       "after-options and after-trace files above) `--drawn-at 6cd7fa0 --jobs 1` of the 36 mutants still open that "
       "the corpus had not killed, once cases stated the 不计 trace of their chosen reading and the group holding "
       "the winning tile (corpus/README.md) and a 七对's waits under seven-pairs-distinct, on the current source "
       "(33 judged; 3 of a line of 6cd7fa0 since changed were left out). "
       "docs/kill-tables-generated-after-reworded.jsonl and …-reworded-properties.jsonl: `rejudge --corpus` and "
       "`rejudge --property not_counted_trace --property rulings_in_force`, each `--open` (every after file above) "
       "`--drawn-at 6cd7fa0 --jobs 1`, of those 3: 6cd7fa0's mutants (`>`, `>=`, `==` for `is not`) of "
       "score_interpretation's line that writes R-002:C's 不计 trace, which has since gained `big is not None`, "
       "judged as the same operator's mutant of that comparison today (gb16.tools.mutants.generated.REWORDED; "
       "tests/test_reading_expectations.py plants each on 6cd7fa0's own line too, with the same verdicts). "
       "docs/kill-tables-generated-after-timed-out.jsonl: `rejudge --timed-out --drawn-at 6cd7fa0 --jobs 1` of the "
       "one mutant recorded as timeout (`while parent[n] is n:` in chow_links, a loop that never ends on a hand "
       "with a chow link), once a call past its time ended a judgement (gb16.tools.mutants.generated."
       "time_limited; the corpus scan stops at a case past its time): the corpus sees it time out on its first "
       "case with a link and property 1 sees the call interrupted (a kill through a crash, as `gb16 certify` "
       "counts a timeout). "
       "\"before\" of the first 470 is what the checks of 6cd7fa0 found on the reference of 6cd7fa0.")

TRIAGE = ("Survivors are triaged in gb16.tools.mutants.generated_triage: argued equivalent (the argument is in "
          "the triage column), or OPEN with what the mutant touches that a check does not judge.")

#: The two kinds of bug the properties missed, planted (gb16.properties.planted p22, p23) and replayed
#: over every ci stream of properties 1–21 (measured 2026-12-07: each property's stream replayed
#: against the planted scorer, first violation): which of them the suite caught before properties 22
#: and 23, and at which example (the index of the first failing example of the stream, from 0).  tests/test_planted.py runs each against its own property.
PLANTED_MEASURE = [
    ("the biggest fan first (22)", "none", "reading_contests 0"),
    ("the most fans first (22)", "no_mixing 0, best_big_combination 4, gb13_no_mixing 0", "reading_contests 0"),
    ("十三幺 without all thirteen kinds (23)", "gb13_definition_consistency 83", "gb13_special_near_misses 0"),
    ("七对 by even counts, declared kongs included (23)", "gb13_exclusion_consistency 0 and three more",
     "gb13_special_near_misses 28"),
    ("连七对 without consecutive numbers (23)", "gb13_exclusion_consistency 128, gb13_no_mixing 128",
     "gb13_special_near_misses 22"),
    ("全不靠 with sets and a pair (23)", "gb13_definition_consistency 83 and two more", "gb13_special_near_misses 49"),
    ("组合龙 on every 全不靠 (23)", "gb13_no_mixing 1, gb13_definition_consistency 31", "gb13_special_near_misses 1"),
    ("九莲宝灯 with a melded set (23)", "none", "gb13_special_near_misses 7"),
]

_IS_SMALL_INT = ("`is` for `==` between tile numbers 1–9: CPython keeps one object per small int (−5…256), "
                 "so identity and equality agree on every value these take")
_IS_ONE_CHAR = ("`is` for `==` between suit letters: each is a one-character str taken from the tile tables, "
                "and CPython keeps one object per one-character Latin-1 string")
_IS_LITERAL = ("`is` for `==` against the literal \"pair\": win_in is only ever assigned that same literal "
               "(reference/readings.py), and identifier-like literals are interned, so identity and equality agree")
_IS_SHAPE = ("`is` for `==` between a reading's shape and a shape name: shapes are only ever the module constants "
             "of reference/special_shapes.py and reference/readings.py, identifier-like literals, which are interned")
_DIFFERENTIAL_ONLY = ("equivalent as a scorer: chow_link_sets and admissible_interpretations(every_link_set=True) "
                      "are reached only from scoring.admissible_interpretations, which only the gb13 differential's "
                      "tie decisions call (gb16.tools.differential); score, explain and score_interpretation never "
                      "reach them (tests/test_differential.py is where a kill would come from)")
_R002_ONLY = ("OPEN: the mutant differs from the reference only when R-002's option {} is in force "
              "(docs/rulings.md); the corpus judges it there on the cases that state that option's expectation, "
              "the properties only through those that need no model of the rules (RULE_FREE: symmetries, "
              "determinism, robustness), which see it where it breaks a symmetry or raises")
#: R-002:C's shared_pung_fans, where the reference's `kept` is empty whenever the line runs.
_R002C_ALWAYS_SHARED = ("under R-002:C the line runs only beside a big combination, and then every occurrence of 三同刻 or "
                        "三色三节高 shares a set with it: they need three pungs, a chow big combination three chows "
                        "(six sets, of five in gb16 and four in gb13), a pung one three pungs of one suit (3 + 3 > 5); "
                        "so the reference keeps none, and the mutant none either (`not (A | B)` is false for a "
                        "non-empty B; `not (A ^ B)` needs A = B, one suit against three)")
_TESTS_ONLY = ("equivalent as a scorer: readings.is_winning (and special_shapes.is_special, which only it calls) is the "
               "tile-by-tile form of the wait decision that tests/test_waits.py checks formal_waits against; score, "
               "explain and score_interpretation never call it (a kill would come from that test)")
_NO_EMPTY_OCCURRENCES = ("`!= 1` for `> 1` on a counted fan's occurrences at §二.8: none is ever empty there (the fans "
                         "held come in only when their occurrences are not empty, the big combination gets its one "
                         "choice, the links are appended, and R-002:C's shared_pung_fans deletes a fan rather than "
                         "leave it empty), so the two agree on every length the list takes")
_SAME_OBJECT_OR_CHANGED = ("`!=` for `is not` between the fans before and after shared_pung_fans: it returns the same "
                           "dict (options A and B, or no big combination) — then both are false — or a new one; a new "
                           "one equal to the old adds no entry either way (the trace lists only a fan with fewer "
                           "occurrences after than before)")

#: mutant id → why no legal input tells it from the reference (or, starting "OPEN:", why it stays open).
ARGUED: dict[str, str] = {
    "combination:ReplaceComparisonOperator_Eq_Is:3":
        "the roots compared are set indices 0–5 or the one string \"group\" of the node map (the same object "
        "throughout): small ints and one object, so `is` and `==` agree",
    "fans.chows:ReplaceComparisonOperator_Eq_Is:4": _IS_SMALL_INT,
    "fans.special:ReplaceComparisonOperator_Eq_Is:6": _IS_ONE_CHAR,
    "fans.waits:ReplaceComparisonOperator_Eq_Is:1": _IS_LITERAL,
    "groups:ReplaceComparisonOperator_Eq_LtE:1":
        "a group's kind is one of \"chow\", \"pung\", \"kong\", \"pair\", and \"chow\" is the least of them, so "
        "`kind <= \"chow\"` holds exactly when `kind == \"chow\"`",
    "fans:ReplaceUnaryOperator_Delete_Not:0":
        "a declared need only lets the scorer skip a predicate that cannot hold (reference/fans/__init__.py); "
        "with the `not` gone every need whose count is met answers True, so predicates are skipped less often and "
        "still decide: the fans are the same",
    "fans.special:ReplaceComparisonOperator_GtE_Eq:1":
        "with an honour pair other than 东 the mutant no longer returns early, but number_of gives 1–7 for honours and "
        "the chows looked for are those of the pair's suit, z, which has none: [] as before",
    "fans.concealment:ReplaceComparisonOperator_Eq_GtE:1":
        "R-018 has the options A and B only (docs/rulings.md), so `>= \"B\"` holds exactly when `== \"B\"`",
    "fans.concealment:ReplaceComparisonOperator_Is_LtE:0": _R002_ONLY.replace("R-002's option {}", "R-018's option B"),
    "scoring:ReplaceOrWithAnd:0":
        "both callers pass the rules already in force (interpretations and score_interpretation make `rules or "
        "active()` and run under using(rules)), and a Rules object is true, so `rules and active()` is that same "
        "object",
    "scoring:ReplaceUnaryOperator_Delete_USub:1":
        "the last element of the preference key orders only interpretations equal in total, fan list, winning "
        "tile's place, sets and shape: which of those is reported is R-011's convention, and the contract holds a "
        "scorer to the total and one admissible list",
    "shapes:ReplaceBinaryOperator_Mod_LShift:0":
        "the test is a shortcut: 3k + 1 tiles never split into sets of three and at most one pair, so with the "
        "shortcut never taken the walk finds no split and returns () just the same",
    "special_shapes:ReplaceComparisonOperator_NotEq_Gt:0":
        "both callers (readings.special_readings, special_shapes.is_special) return before it when the hand has a "
        "meld, and a valid gb13 input with no meld has 14 standing tiles (wrong_tile_count otherwise): "
        "`!= 14` and `> 14` agree on every call",
    "fans.win_conditions:ReplaceComparisonOperator_Eq_GtE:1":
        "shown counts the winning tile's copies in the winner's exposed melds; with the winning tile itself in "
        "the hand there are at most three other copies (too_many_copies otherwise), so `>= 3` is `== 3`",
    "combination:ReplaceBinaryOperator_Add_BitOr:0": _R002_ONLY.format("B"),
    "scoring:ReplaceBinaryOperator_Add_Mul:1": _R002_ONLY.format("B"),
    "scoring:ReplaceComparisonOperator_Eq_Is:3": _IS_SHAPE,
    "fans.special:ReplaceComparisonOperator_NotEq_IsNot:0": _IS_SHAPE,
    "shapes:ReplaceComparisonOperator_NotEq_IsNot:2":
        "`is not` for `!=` between tile indices 0–33: small ints, one object each in CPython",
    "readings:ReplaceComparisonOperator_Eq_LtE:2":
        "win_in is \"pair\", \"knitted\", \"special\" or \"set k\", and only \"knitted\" is <= \"knitted\" among them",
    "shapes:ReplaceTrueWithFalse:0":
        "a partition that takes a second pair leaves those tiles out of its sets (_suit_splits keeps one pair and "
        "the sets), so with the hand's tile count fixed it has fewer sets than the variant needs and "
        "readings() drops it (len(sets) + len(melds) == variant.sets); is_standard and the waits read "
        "_splits_from_lowest, which the mutant leaves alone",
    "readings:ReplaceComparisonOperator_Eq_GtE:3":
        "a split of the standing tiles into sets and one pair uses every tile, so with the melds it has exactly "
        "variant.sets sets or fewer (never more): `>=` keeps the same splits as `==`",
    "combination:ReplaceBinaryOperator_Add_BitAnd:0": _R002_ONLY.format("B"),
    "combination:ReplaceBinaryOperator_BitAnd_BitOr:0": _R002C_ALWAYS_SHARED,
    "combination:ReplaceContinueWithBreak:1":
        "the edges are sorted by table order and 老少副 is the last of the four chow-pair fans, so every edge after "
        "a second 老少副 that is passed over is another 老少副, passed over too: stopping there counts the same links",

    "shapes:ReplaceComparisonOperator_GtE_LtE:1":
        "held once, a pair taken from the lowest tile leaves a negative count that no branch brings back to zero, so "
        "that walk adds nothing; held three or four times, the pair is skipped there but the walk that takes one or "
        "two chows from that tile first meets it with two copies and takes the pair: the same partitions are found "
        "(honours: a pair from three or four copies leaves a tile that fits nowhere, so none either way)",
    "shapes:ReplaceComparisonOperator_Gt_Eq:0":
        "the span keeps the empty ranks above its highest tile; the leading ones are still trimmed, a chow needs "
        "the next two ranks held and a pung or pair only the first, so empty ranks at the end change no answer, "
        "and a span of zeros alone is still () (the loop steps hi below lo once)",
    "fans.honours:ReplaceComparisonOperator_Eq_Is:1":
        "`is` for `==` between tile indices (27–30 for the winds): small ints, one object each in CPython",
    "shapes:ReplaceComparisonOperator_Lt_IsNot:1":
        "lo climbs from 0 by one and stops at hi at the latest, so `lo is not hi` (small ints) ends the loop "
        "exactly where `lo < hi` does",
    "fans.special:ReplaceComparisonOperator_Eq_LtE:5":
        "the shapes are \"standard\", \"knitted\", \"seven_pairs\", \"thirteen_orphans\" and "
        "\"honours_knitted\", and none sorts before \"honours_knitted\": `<=` holds exactly when `==` does",
    "fans:NumberReplacer:2":
        "_spread is asked only once the need's count of groups is met (AtLeast.holds), and every count is at "
        "least 1, so the groups are never empty and max's default is never used",
    "fans:ReplaceFalseWithTrue:1":
        "a need that never fails only lets fewer predicates be skipped; the predicates still decide "
        "(reference/fans/__init__.py): the fans are the same",
    "scoring:ReplaceUnaryOperator_USub_Invert:2": "~t is −t − 1: the totals sort in the same order",
    "scoring:ReplaceComparisonOperator_IsNot_NotEq:0": _SAME_OBJECT_OR_CHANGED,
    "combination:ReplaceBinaryOperator_Add_Div:0": _R002_ONLY.format("B"),
    "combination:ReplaceBinaryOperator_Add_FloorDiv:0": _R002_ONLY.format("B"),
    "combination:ReplaceBinaryOperator_Add_Sub:0": _R002_ONLY.format("B"),
    "scoring:ReplaceBinaryOperator_Add_FloorDiv:1": _R002_ONLY.format("B"),
    "combination:ReplaceComparisonOperator_NotEq_Lt:0":
        "R-002 has the options A, B and C (docs/rulings.md), and only C is not < \"C\": `< \"C\"` is `!= \"C\"`",
    "fans.concealment:ReplaceComparisonOperator_Is_Eq:0": (
        "under R-018:B, `g == r.win_group` for `g is r.win_group`: a Group equals another only with the same kind, "
        "tile, exposure, concealment and win mark, and readings marks only the set at win_in (with_win); when the "
        "winning tile is in the pair, win_group is the pair, which equals no set: no other set of r.sets equals it"),
    "readings:ReplaceAndWithOr:3": _TESTS_ONLY,
    "combination:ReplaceComparisonOperator_Eq_IsNot:0":
        "the mutant adds 三同刻 and 三色三节高 to the group under the default option too, but its only caller passes "
        "candidates that scoring.py has already kept to _big_group(rules), so the fans added find no candidate",
    "fans.concealment:ReplaceComparisonOperator_Is_GtE:0": _R002_ONLY.replace("R-002's option {}", "R-018's option B"),
    "readings:ReplaceComparisonOperator_Is_Eq:0":
        "a memo of the last hand asked: a hand equal to it (the same tiles, melds, winning tile and flags) has the "
        "same formal waits under the same rules, so answering from the memo gives the same waits",
    "readings:ReplaceTrueWithFalse:1": _TESTS_ONLY,
    "special_shapes:ReplaceOrWithAnd:2": _TESTS_ONLY,
    "fans.chows:ReplaceComparisonOperator_Eq_LtE:2":
        "four chows have at least one start, so the set of starts is never empty: `<= 1` is `== 1`",
    "fans.special:ReplaceComparisonOperator_NotEq_Lt:1": "the suits are m, p, s and z, and only z is not < \"z\"",
    "groups:ReplaceComparisonOperator_Eq_Is:5":
        "`is` for `==` between a group's kind and PAIR: kinds are only ever the module constants of "
        "reference/groups.py, identifier-like literals, which are interned",
    "shapes:ReplaceComparisonOperator_Eq_Is:1":
        "`is` for `==` between a group's kind and PAIR: kinds are only ever the module constants of "
        "reference/groups.py, identifier-like literals, which are interned",
    "readings:ReplaceFalseWithTrue:9": (
        "the win marks of a 七对's pairs are never read: the interpretation lists the pairs as tiles only "
        "(reference/result.py `pairs`), 连七对 reads their tiles (fans/special.py), and the 七对 reading is the "
        "hand's one special reading, so marking every pair changes no comparison between readings; score, "
        "explain and explain(not_counted=True) answer the same"),
    "scoring:ReplaceBinaryOperator_Add_Sub:3":
        "the ordering key's win_rank orders only interpretations equal in total and fan list: which of those is "
        "reported is R-011's convention, and the contract holds a scorer to the total and one admissible list",
    "shapes:ReplaceComparisonOperator_Gt_GtE:2":
        "a chow tried without its third tile leaves a negative count, which the span keeps (it is not 0) and no "
        "branch brings back to zero: that walk answers False, and the others answer as before",
    "special_shapes:ReplaceBinaryOperator_BitOr_BitXor:0":
        "the knitted tiles and the honours are disjoint, so their symmetric difference is their union",
    "special_shapes:ReplaceComparisonOperator_Eq_LtE:0":
        "is_seven_pairs is asked only of a hand with no meld, whose standing tiles a valid gb13 input makes 14: "
        "`<= 14` is `== 14` on every call",
    "combination:ReplaceBinaryOperator_Add_Mul:0": _R002_ONLY.format("B"),
    "combination:ReplaceBinaryOperator_Add_Pow:0": _R002_ONLY.format("B"),
    "combination:ReplaceBreakWithContinue:0": (
        "once the links reach the cap (chow-links-plain-cap), no later edge adds one: each is passed over by a "
        "test before the cap's or meets `len(links) == cap` again, so `continue` leaves the same links as "
        "`break`; without the delta the cap is None and the line never runs"),
    "scoring:ReplaceComparisonOperator_NotEq_IsNot:3": (
        "`is not` for `!=` against the literal \"tile_hog\": the fan ids are the literals of @fan(...) in "
        "reference/fans, identifier-like code constants, interned like the literal here, so identity and equality "
        "agree; property 25 judges it under six-kind-seven-pairs-no-tile-hog on 七对 of 清幺九 and 绿一色 with "
        "四归一, and it survives"),
    "readings:ReplaceComparisonOperator_LtE_Lt:1": _TESTS_ONLY,
    "special_shapes:ReplaceComparisonOperator_IsNot_Is:0": _TESTS_ONLY,
    "readings:ReplaceComparisonOperator_Eq_Is:1": _IS_SHAPE,
    "fans.concealment:ReplaceComparisonOperator_Eq_LtE:2":
        "among the values of win_in only \"knitted\" sorts before \"pair\", and a reading with the winning tile in "
        "the knitted tiles is not standard, which melded_hand has already answered False for",
    "fans.honours:ReplaceComparisonOperator_Eq_GtE:2":
        "four wind pungs beside a wind pair would need a fifth copy of a wind (too_many_copies), so with the pair "
        "a wind there are never more than three wind pungs: `>= 3` is `== 3`",
    "fans.pungs:ReplaceComparisonOperator_Eq_LtE:1":
        "three pungs of one suit are of three different numbers (one number would need nine copies), so the set "
        "of their steps is never empty: `<= {1}` is `== {1}`",
    "fans.pungs:ReplaceComparisonOperator_NotEq_LtE:0":
        "the pungs come in the reading's order, by tile index, so the suits of a pair of them never decrease, and "
        "two pungs of one suit and one number would need six copies: `<=` holds exactly when `!=` does",
    "fans.sets:ReplaceComparisonOperator_Eq_LtE:1": "n % 2 is 0 or 1, so `<= 0` is `== 0`",
    "fans:ReplaceAndWithOr:0":
        "a need that holds more often only lets fewer predicates be skipped; the predicates still decide "
        "(reference/fans/__init__.py): the fans are the same",
    "fans:ReplaceComparisonOperator_Is_Eq:1":
        "a predicate answers a bool, an int or a list; `== False` also takes the int 0, which the next line turns "
        "into [()] * 0 = [] anyway",
    "scoring:ReplaceComparisonOperator_Is_Eq:0":
        "score, explain and score_interpretation put the rules in force before they ask, so the rules given are "
        "those in force, equal and identical: the same branch",
    "scoring:ReplaceComparisonOperator_Is_NotEq:0":
        "score, explain and score_interpretation put the rules in force before they ask, so the mutant always "
        "takes the other branch, which runs _interpretations under using(rules) of the rules already in force: "
        "the same call",
    "shapes:ReplaceBinaryOperator_Add_Pow:3":
        "c[i] is the first tile held, never 0, so the mutant tries a chow whenever c[i + 2] is held; when c[i + 1] "
        "is not, the chow leaves a negative count that no branch brings back to zero, and that walk adds no "
        "partition: the same partitions are found",
    "shapes:ReplaceBinaryOperator_Mod_BitOr:0":
        "`x | 3` is at least 3, so the shortcut is never taken; a suit of 3k + 1 tiles still has no split, and "
        "the walk finds none",
    "combination:ReplaceBinaryOperator_BitAnd_BitXor:0": _R002C_ALWAYS_SHARED,
    "combination:ReplaceComparisonOperator_Is_IsNot:0": _R002_ONLY.format("C"),
    "fans.concealment:ReplaceComparisonOperator_Is_Gt:0": _R002_ONLY.replace("R-002's option {}", "R-018's option B"),
    "combination:ReplaceComparisonOperator_NotEq_IsNot:1":
        "the nodes compared are set indices 0–5 or the one string \"group\" of the node map: small ints and one "
        "object, so `is not` and `!=` agree",
    "shapes:ReplaceComparisonOperator_Gt_Is:0":
        "`hi is lo` is `hi == lo` for these small ints, and with it the span keeps the empty ranks above its highest "
        "tile: as for shapes:ReplaceComparisonOperator_Gt_Eq:0, they change no answer",
    "fans.kongs:ReplaceBinaryOperator_Sub_RShift:0":
        "k − c and k >> c (k kongs, c of them concealed) differ only when k ≥ 3 and c ≥ 1, and then 三杠 or 四杠 "
        "holds and its 不计 removes every fan read from these counts (明杠, 暗杠, 双明杠, 双暗杠, 明暗杠; "
        "corpus/fans.json, seed000 §三 三杠/四杠); the edition delta beside three kongs reads the concealed count only",
    "fans.special:ReplaceComparisonOperator_NotEq_Gt:0":
        "\"knitted\" and \"honours_knitted\" sort before \"seven_pairs\", so the mutant goes on for them, but their "
        "readings hold no pairs: the one-suit test fails on the empty list and 连七对 does not hold, as before",
    "scoring:ReplaceComparisonOperator_Is_IsNot:1":
        "score, explain and score_interpretation put the rules in force before they ask (using), so the rules "
        "given are always those in force and the other branch runs _interpretations under using(rules) of the "
        "rules already in force: the same call",
    "special_shapes:ReplaceBinaryOperator_Sub_BitXor:0":
        "the line runs only when present ⊆ allowed (the test above it), and then allowed ^ present is allowed − "
        "present",
    "special_shapes:ReplaceComparisonOperator_Eq_GtE:0":
        "is_seven_pairs is asked only of a hand with no meld (special_readings and is_special return before it "
        "otherwise), whose standing tiles a valid gb13 input makes 14: `>= 14` is `== 14` on every call",
    "scoring:ReplaceComparisonOperator_Gt_NotEq:1": _NO_EMPTY_OCCURRENCES,
    "scoring:ReplaceTrueWithFalse:1": _DIFFERENTIAL_ONLY,
    "shapes:ReplaceComparisonOperator_GtE_Eq:3":
        "the pair is still found: when the lowest tile is held c ≥ 3 times and the pair is taken from it, the c − 2 "
        "copies left can only go into chows from it (honours: nowhere, so no split either way); the chow branch "
        "takes those chows first and meets the lowest tile again with two copies, where the mutant takes the pair",
    "shapes:ReplaceBinaryOperator_Sub_BitXor:2":
        "`first ^ 2` is `first - 2` for 2 and 3; for 4 it leaves six copies and no pair, 3k + 1 tiles that never "
        "split into sets, so that branch fails where the original's would succeed — but then the chow branch takes "
        "two chows from the lowest tile first and meets it with two copies (2 ^ 2 = 0): the same split is found",
    # judged on the current source (run --drawn-at 6cd7fa0)
    "groups:ReplaceUnaryOperator_Delete_Not:0":
        "sort_key orders a reading's sets; two sets it ranks apart only by `concealed` have the same tile, kind and "
        "exposure (a set completed by the discard beside a concealed one of the same tiles), so the mutant only "
        "swaps them: the reading has the same sets and fans, and where the order shows — the winning set's "
        "index in win_in and the sets key of preference_key — it orders only interpretations equal in total and "
        "fan list, which R-011's convention picks among (the contract holds a scorer to the total and one "
        "admissible list)",
    "fans.chows:ReplaceComparisonOperator_NotEq_LtE:0":
        "relation() is asked only of chows in reading order (combinations of the sorted sets, tile index first), "
        "so for two chows of one number in different suits a.suit < b.suit, and `<=` holds as `!=` does; for two "
        "of one suit and number `<=` also holds, but relation() tries 一般高 first (CHOW_PAIR_FANS), which holds "
        "there: the same fan either way",
    "combination:ReplaceComparisonOperator_Eq_GtE:0":
        "under R-002:C the mutant adds 三同刻 and 三色三节高 to the group, but its only caller passes candidates "
        "that scoring.py has already kept to _big_group(rules), the §二.5 group alone under C: the fans added find "
        "no candidate, under every option",
    "shapes:ReplaceComparisonOperator_Gt_IsNot:0":
        "after the first loop lo <= hi; hi steps down by one from len(counts) and stops at lo at the latest, so "
        "`hi is not lo` (small ints, one object each) ends the loop exactly where `hi > lo` does",
}

#: Functions every mutant of which is equivalent as a scorer, with the argument.
FUNCTIONS: dict[tuple[str, str], str] = {
    ("combination", "chow_link_sets"): _DIFFERENTIAL_ONLY,
    ("scoring", "admissible_interpretations"): _DIFFERENTIAL_ONLY,
}


def argued(row: dict) -> str | None:
    """The written argument that the mutant of ``row`` is equivalent, or the reason it stays open
    (starting "OPEN:"), or None."""
    return ARGUED.get(row["id"]) or FUNCTIONS.get((row.get("module"), row.get("function")))
