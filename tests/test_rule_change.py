"""A rule-set change as one value (tools/harness/rule_change.py): its pieces in order, its label as
the run log writes it, read back from a label; the attribution line's text the same through it."""

from __future__ import annotations

import json

import pytest

from gb16.reference.rules import Rules
from gb16.tools.harness.attribution import Attribution
from gb16.tools.harness.declaration import apply, known_label, undo
from gb16.tools.harness.rule_change import RuleChange

#: Labels as docs/contract.md "Attribution" writes them: an option, a delta, a declared delta taken
#: away, a whole edition, and pairs of them (joined by "+", in the order they apply).
LABELS = {
    "R-009:A": ("R-009:A",),
    "two-concealed-kongs-8": ("two-concealed-kongs-8",),
    "without:two-concealed-kongs-8": ("without:two-concealed-kongs-8",),
    "edition:mcr2006": ("edition:mcr2006",),
    "R-009:A+exhausted-tile-no-wait": ("R-009:A", "exhausted-tile-no-wait"),
    "edition:mcr2006+kongs-add-concealed-kong-each": ("edition:mcr2006", "kongs-add-concealed-kong-each"),
}


@pytest.mark.parametrize("label", LABELS)
def test_a_label_is_read_into_its_pieces_and_written_back(label):
    change = RuleChange.parse(label)
    assert change.pieces == LABELS[label] and change.label == label and str(change) == label
    assert change.size == len(LABELS[label]) and known_label(label)


def test_a_pair_and_what_is_left_once_pieces_are_taken():
    pair = RuleChange.of("R-009:A") + RuleChange.of("exhausted-tile-no-wait")
    assert pair == RuleChange.parse("R-009:A+exhausted-tile-no-wait") and pair.label == "R-009:A+exhausted-tile-no-wait"
    assert pair.without({"R-009:A"}) == RuleChange.of("exhausted-tile-no-wait")
    assert pair.without({"R-009:A", "exhausted-tile-no-wait"}) is None
    assert len({pair, RuleChange.parse("R-009:A+exhausted-tile-no-wait")}) == 1      # a value: hashable, equal by pieces
    assert RuleChange.parse("edition:mcr2006+R-009:A").deltas() >= {"two-concealed-kongs-8"}
    assert RuleChange.parse("edition:mcr2006+R-009:A").rulings() == {"R-009"}


@pytest.mark.parametrize("label", ["", "+", "R-009:A+", "a++b"])
def test_a_label_with_an_empty_piece_is_no_change(label):
    with pytest.raises(ValueError):
        RuleChange.parse(label)
    assert not known_label(label)


def test_a_change_applies_piece_by_piece():
    declared = Rules.parse(deltas=["two-concealed-kongs-8"])
    assert apply(declared, RuleChange.parse("without:two-concealed-kongs-8")) == Rules()
    assert apply(declared, undo("two-concealed-kongs-8", declared)) == Rules()
    assert apply(Rules(), RuleChange.parse("R-009:A+R-009:B")) is None           # two options of one ruling
    assert apply(Rules(), RuleChange.parse("R-009:A")) == Rules.parse({"R-009": "A"})


def test_the_attribution_line_is_the_same_text_read_and_written():
    """A stored line names candidates by their labels; reading it and writing it again gives the
    same JSON text, pairs and all."""
    evidence = {"label": "R-009:A+exhausted-tile-no-wait", "support": 2, "contradicted_by": 0, "checked": 9,
                "support_examples": ["a", "b"], "contradiction_examples": [], "asked": 0, "confirmed": 0}
    line = {"type": "attribution", "declared": Rules.parse(deltas=["two-concealed-kongs-8"]).declaration(),
            "chosen": ["R-009:A+exhausted-tile-no-wait"],
            "attributed": {"a": "R-009:A+exhausted-tile-no-wait", "b": "R-009:A+exhausted-tile-no-wait"},
            "explained_by": {"a": ["R-009:A+exhausted-tile-no-wait"], "b": ["R-009:A+exhausted-tile-no-wait",
                                                                              "edition:mcr2006"]},
            "bugs": [], "other_failures": [], "evidence": {evidence["label"]: evidence}, "contested": [],
            "contested_bugs": {}, "declared_evidence": {}, "asked": 0, "probes": {}}
    text = json.dumps(line, ensure_ascii=False, sort_keys=True)
    found = Attribution.from_line(json.loads(text))
    assert json.dumps(found.line(), ensure_ascii=False, sort_keys=True) == text
    assert found.case_line("a").startswith("attributed: R-009:A+exhausted-tile-no-wait — R-009 option A: ")
