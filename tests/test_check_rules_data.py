"""rules_data/building.toml: the referee's figures, each with its rulebook page."""

from trajan_cli.core.vocabulary import Citizen


def test_building_costs_p22_p23(rules):
    # A gray building costs 1 builder, a structure 1 worker of its colour (p. 22).
    assert (rules.building.builders_per_gray, rules.building.workers_per_structure) == (1, 1)
    assert rules.page("building_cost").en == 22
    assert rules.page("building_cost_double").en == 23


def test_two_workers_of_one_colour_replace_a_builder_p21(rules):
    assert rules.building.workers_per_builder == 2
    assert rules.page("workers_to_builder").en == 21


def test_one_assistant_changes_a_workers_colour_p22(rules):
    assert rules.building.assistants_per_colour_change == 1


def test_placement_pages_p22_p23_are_marked_inferred(rules):
    for topic in ("placement_vacated", "placement_temple", "placement_crane"):
        assert rules.page(topic).en == 22 and rules.page(topic).inferred
    assert rules.page("placement_double").en == 23 and rules.page("placement_double").inferred


def test_envoy_rules_p25(rules):
    assert rules.building.envoys_per_structure == 1
    for topic in ("envoys", "envoy_started_area", "envoy_eagle", "envoy_ship"):
        assert rules.page(topic).en == 25 and not rules.page(topic).inferred


def test_publisher_ruling_unlimited_building_tiles(rules):
    assert rules.building.unlimited_tiles is True


def test_citizen_exchanges_the_payments_use_p26(rules):
    craftsman_i = rules.citizens[Citizen.CRAFTSMAN_I].exchange
    assert (craftsman_i.give, craftsman_i.get, craftsman_i.times) == (("assistant",), ("worker",), 2)
    craftsman_ii = rules.citizens[Citizen.CRAFTSMAN_II].exchange
    assert (craftsman_ii.give, craftsman_ii.get, craftsman_ii.times) == (("assistant",), ("builder",), 1)
    merchant_ii = rules.citizens[Citizen.MERCHANT_II].exchange
    assert set(merchant_ii.give) == set(merchant_ii.get) == {"coin", "tribune", "assistant"}
    assert merchant_ii.times == 1 and merchant_ii.building_phase_only
