"""Invariants of the gb16 scoring rules, as properties of any scorer.

Each property is a :class:`Property`: a Hypothesis strategy of examples (built from
gb16.properties.strategies, so every hand is a legal winning hand unless the property is
about bad input) and a ``check(scorer, example)`` function that raises
:class:`Violation` when the scorer breaks the invariant.  A scorer is a callable
``input dict -> result dict`` (docs/contract.md); see gb16.properties.scorers.

The checks are written from the texts — seed000 §二 and §三, xinbian 第六章/第七章,
gb16.properties.rulebook for the exclusions (the texts' 不计 sentences, transcribed again), docs/rulings.md where a ruling fixes a reading —
and never import the reference scorer: the reference is one scorer under test like any
other.  The only exception is property 5, which calls the *scorer's own* reading API
(``explain`` / ``score_interpretation``) when it has one.  Properties 13 and 14 judge the
reported reading against every fan definition, written again from the texts in
gb16.properties.definitions; property 15 feeds inputs broken in one known way; property
16 is property 4's check on gb13 hands; 17–21 are properties 13, 10, 5, 9 and 1–3 on gb13
hands (the same checks, gb16.properties.strategies.gb13's stream); 22 is property 5 on reading
contests where the interpretation with the biggest fan loses on total, 23 properties 13 and 5
on near misses of gb13's special shapes (one condition of the definition failed); 24 judges the
不计 trace the scorer's ``explain(input, not_counted=True)`` gives (an in-process reading API only); 25
the fans an option of an open ruling or an edition delta changes, under the rule set the scorer
declares (gb16.properties.in_force, the model's own reading of those options).

A check returns True when it could check its whole claim and False when part of it could
not be checked for that scorer (e.g. a result without ``waits`` or ``interpretation``);
the runner reports how many examples were fully checked.

One module per property (pNN_name.py), in property order; base.py holds what they share.
"""

from __future__ import annotations

from gb16.properties.invariants.base import (  # noqa: F401
    BIG_COMBINATION, CHOW_PAIR_FANS, CONCEALED_PUNG_LEVEL, ERROR_CODES, FAN, FANS, FOUR_CHOW_FANS, ISet,
    PROPERTIES, PUNG_COMBINATION_FANS, Property, REPEATABLE, TABLE_ORDER, THREE_CHOW_FANS, Violation,
    WAIT_FANS, _brief, call, describe_example, excluded_by, fan_counts, fan_text, fans_only, interp_key,
    interp_sets, interpretation_of, register, score_ok, table_points, whole_exclusions, win_group,
)
from gb16.properties.invariants.relabelling import (  # noqa: F401
    SUIT_SPECIFIC, TILE_PREDICATES, _numbered_suits, _relabel_check, compare_relabelled,
    expected_after_relabelling,
)
from gb16.properties.invariants.p01_suit_permutation import (  # noqa: F401
    SUIT_PERMUTATIONS, suit_permutation,
)
from gb16.properties.invariants.p02_wind_dragon_relabelling import (  # noqa: F401
    DRAGON_PERMUTATIONS, wind_dragon_relabelling,
)
from gb16.properties.invariants.p03_number_reflection import (  # noqa: F401
    REFLECTED_FANS, number_reflection,
)
from gb16.properties.invariants.p04_exclusion_consistency import (  # noqa: F401
    dragon_and_wind_pungs, exclusion_consistency, expected_terminal_pungs,
)
from gb16.properties.invariants.p05_no_mixing import (  # noqa: F401
    _structural_reading_check, no_mixing,
)
from gb16.properties.invariants.p06_one_big_combination import (  # noqa: F401
    _Forest, _chow_group, chow_relation, one_big_combination,
)
from gb16.properties.invariants.p07_flowers import (  # noqa: F401
    flowers,
)
from gb16.properties.invariants.p08_presentation import (  # noqa: F401
    presentation, presentations,
)
from gb16.properties.invariants.p09_win_method import (  # noqa: F401
    _require, exposable_chows, expose, exposed_copies, win_method,
)
from gb16.properties.invariants.p10_waits import (  # noqa: F401
    wait_fan_for, waits,
)
from gb16.properties.invariants.p11_robustness import (  # noqa: F401
    check_error_or_result, robustness,
)
from gb16.properties.invariants.p12_determinism import (  # noqa: F401
    determinism,
)
from gb16.properties.invariants.p13_definition_consistency import (  # noqa: F401
    DEFINITION_PROFILES, _excluded_by_reported, _explained_absence, _reported_big, _uses,
    concealment_problems, definition_consistency, definition_problems, describe_reading,
    expected_occurrences, reported_reading,
)
from gb16.properties.invariants.p14_best_big_combination import (  # noqa: F401
    COMBINATION_PROFILES, _choice_text, best_big_combination,
)
from gb16.properties.invariants.p15_error_causes import (  # noqa: F401
    error_causes,
)
from gb16.properties.invariants.p16_gb13_exclusion_consistency import (  # noqa: F401
    gb13_exclusion_consistency,
)
from gb16.properties.invariants.p17_gb13_definition_consistency import (  # noqa: F401
    gb13_definition_consistency,
)
from gb16.properties.invariants.p18_gb13_waits import gb13_waits  # noqa: F401
from gb16.properties.invariants.p19_gb13_no_mixing import gb13_no_mixing  # noqa: F401
from gb16.properties.invariants.p20_gb13_win_method import gb13_win_method  # noqa: F401
from gb16.properties.invariants.p21_gb13_relabelling import gb13_relabelling  # noqa: F401
from gb16.properties.invariants.p22_reading_contests import reading_contests  # noqa: F401
from gb16.properties.invariants.p23_gb13_special_near_misses import gb13_special_near_misses  # noqa: F401
from gb16.properties.invariants.p24_not_counted_trace import not_counted_trace  # noqa: F401
from gb16.properties.invariants.p25_rulings_in_force import rulings_in_force  # noqa: F401

PROPERTIES.sort(key=lambda p: p.number)
BY_NAME: dict[str, Property] = {p.name: p for p in PROPERTIES}
