"""Each property's generator reaches what the property claims to check (gb16.properties.reach):
at the ci budget and its derandomized seed, every claimed structure shows in at least its
minimum share of the examples — e.g. four chow-pair links for the chow-link property, every
fan the definition-consistency property checks.

CI share: about a minute (recording the streams and computing the features with the
properties' own model)."""

from __future__ import annotations

import pytest

from gb16.properties import reach
from gb16.properties.invariants import BY_NAME


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(reach.CLAIMS))
def test_claimed_structures_are_reached_at_the_ci_budget(name):
    row = reach.stats(name, "ci")
    below = [f"{c['feature']} {c['share']:.1%} < {c['minimum']:.1%}" for c in row["claims"] if not c["meets"]]
    assert not below, f"property {name}: the ci stream does not reach " + "; ".join(below)


def test_every_claim_names_a_real_property_and_feature():
    assert set(reach.CLAIMS) <= set(BY_NAME)
    for claims in reach.CLAIMS.values():
        for c in claims:
            assert 0 < c.minimum <= 1
            assert c.feature.split(":")[0] in ("fan", "links>=3", "links>=4", "big_combination_choice", "flowers",
                                               "win_by", "concealed", "melded_all", "single_formal_wait",
                                               "waits", "shape", "below_minimum", "twice", "sole", "excludes",
                                               "big_three_winds+terminal_pung", "little_four_winds+terminal_pung",
                                               "big_four_winds+terminal_pung", "family",
                                               "melds", "form", "variant", "biggest_fan_loses", "ruling_form"), c.feature


@pytest.mark.slow
def test_the_chow_link_property_sees_four_links():
    """The issue's measure: ≥ 5% four-link hands for the chow-link property at ci."""
    row = reach.stats("one_big_combination", "ci")
    share = {c["feature"]: c["share"] for c in row["claims"]}
    assert share["links>=4"] >= 0.05


@pytest.mark.slow
def test_definition_consistency_sees_every_fan_it_checks():
    from gb16.properties import definitions as D
    row = reach.stats("definition_consistency", "ci")
    missing = [fan for fan in D.DEFINITIONS if D.FAN[fan]["applies"]["gb16"] and not row["distribution"].get(f"fan:{fan}")]
    assert not missing, f"never in the ci stream of definition_consistency: {missing}"


def test_a_claim_below_its_minimum_is_reported(monkeypatch):
    monkeypatch.setitem(reach.CLAIMS, "flowers", (reach.Claim("fan:big_four_winds", 0.9),))
    row = reach.stats("flowers", "ci")
    assert row["claims"][0]["meets"] is False


@pytest.mark.slow
def test_stats_command(capsys):
    from gb16.tools.commands.cli import main
    assert main(["properties", "--stats", "--profile", "ci", "--only", "one_big_combination"]) == 0
    out = capsys.readouterr().out
    assert "links>=4" in out and "claimed structures reach their minimum" in out


@pytest.mark.slow
def test_every_fan_of_each_variant_is_reached_by_a_judging_property():
    """The floor of reach per fan: at the ci budget every fan of gb16 and of gb13 decided on a
    reading (花牌 aside), and every form of one (gb16.properties.reach.FORMS), holds in at least
    one example of a property that judges it against its definition or the best total
    (reach.JUDGING) — otherwise a wrong predicate for it would pass every property."""
    table = reach.fan_reach("ci")
    assert set(table) == {"gb16", "gb13"}
    assert "nine_gates" in table["gb13"] and "nine_gates" not in table["gb16"]
    missing = [f"{variant} {fan}" for variant, fans in table.items() for fan, seen in fans.items()
               if not any(seen.values())]
    assert not missing, "never held in a judging property's ci stream: " + ", ".join(missing)


@pytest.mark.slow
def test_stats_command_shows_the_reach_per_fan(capsys, monkeypatch):
    """The command adds the reach per fan of each variant the selected judging properties judge
    (a fan never held makes it exit 1)."""
    from gb16.tools.commands.cli import main
    only = ["--only", "gb13_definition_consistency", "gb13_no_mixing"]
    assert main(["properties", "--stats", "--profile", "ci", *only]) == 0
    out = capsys.readouterr().out
    assert "reach per fan, gb13" in out and "九莲宝灯" in out and "fans and forms reached by a judging property" in out
    assert "reach per fan, gb16" not in out
    monkeypatch.setitem(reach.FORMS, "nine_gates", (("won on 10", lambda f: False),))
    reach._features.cache_clear()
    assert main(["properties", "--stats", "--profile", "ci", *only]) == 1
    assert "NOT REACHED: gb13 nine_gates:won on 10" in capsys.readouterr().out
