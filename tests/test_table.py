"""The fan table as data (corpus/fans.json): shape, consistency with the texts' rules."""

from gb16.reference import table
from gb16.reference.fans import CHOW_PAIR, REGISTRY

SEED_REPEATABLE = {"tile_hog", "double_pung", "pure_double_chow", "mixed_double_chow", "short_straight",
                   "pung_of_terminals_or_honors", "flower_tiles"}  # seed000 §二.8
NOT_IN_GB16 = {"nine_gates", "seven_shifted_pairs", "thirteen_orphans", "pure_terminal_chows", "seven_pairs",
               "greater_honors_and_knitted_tiles", "three_suited_terminal_chows",
               "lesser_honors_and_knitted_tiles"}  # seed000 §二.1


def test_82_fans_with_unique_ids_in_base_order():
    assert [f.number for f in table.FANS] == list(range(1, 83))
    assert len({f.id for f in table.FANS}) == 82
    assert len({f.zh for f in table.FANS}) == 82


def test_repeatable_fans_are_exactly_those_of_section_2_8():
    assert {f.id for f in table.FANS if f.repeatable} == SEED_REPEATABLE


def test_gb16_applicability():
    assert {f.id for f in table.FANS if not f.in_variant("gb16")} == NOT_IN_GB16
    assert all(f.in_variant("gb13") for f in table.FANS)


def test_every_fan_but_chicken_hand_has_a_predicate():
    assert set(REGISTRY) == {f.id for f in table.FANS} - {"chicken_hand"}


def test_exclusions_point_forward_in_table_order():
    """apply_exclusions relies on it (docs/rulings.md R-013): a fan only excludes later fans."""
    for f in table.FANS:
        for ex in f.excludes:
            assert ex.fan in table.BY_ID, (f.id, ex.fan)
            assert table.ORDER[ex.fan] > table.ORDER[f.id], (f.id, ex.fan)
            assert ex.scope in ("whole", "sets", "one")


def test_set_scoped_exclusions_come_from_fans_that_name_their_sets():
    """这几副刻子不计…: the excluder's predicate must report the sets it uses."""
    for f in table.FANS:
        for ex in f.excludes:
            if ex.scope == "sets":
                assert REGISTRY[f.id].scope == "reading", f.id


def test_chow_pair_relations_are_chow_pair_predicates():
    assert {k for k, p in REGISTRY.items() if p.scope == CHOW_PAIR} == {
        "pure_double_chow", "mixed_double_chow", "short_straight", "two_terminal_chows"}
