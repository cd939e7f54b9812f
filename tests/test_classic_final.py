"""Trajan (2011) final scoring (S. 9), the bonus tiles („Die Bonustafeln“) and the jokers
of the forum tiles (S. 11), with brute-force cross-checks of the joker placements."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.core.classic.final import (
    best_split,
    bonus_lines,
    commodity_jokers_for,
    construction_sets,
    final_score,
)
from trajan_cli.core.classic.models import BonusTile, ClassicSheet
from trajan_cli.core.classic.vocabulary import BonusKind, BonusSide, Demand
from trajan_cli.rulesdata import load_classic_rules

from helpers.hypothesis_profiles import scaled

RULES = load_classic_rules()
YELLOW, GRAY = BonusSide.YELLOW, BonusSide.GRAY


# --- Construction sets ---------------------------------------------------------------------------


@pytest.mark.parametrize(("tiles", "points"), [(2, 0), (3, 10), (4, 20), (5, 20), (6, 20), (7, 30), (8, 40)])
def test_sets_of_three_score_10_and_of_four_20_s9(tiles, points):
    assert best_split(tiles, RULES.construction_sets)[0] == points


def test_a_set_holds_tiles_of_one_symbol_only_s9():
    assert construction_sets({"bath": 2, "villa": 2}, 0, RULES).points == 0
    assert construction_sets({"bath": 3, "villa": 1}, 0, RULES).points == 10


def test_a_building_joker_goes_where_it_is_worth_most_s11():
    # bath 3 + villa 1: the joker makes the baths a set of four (20), not villa a pair.
    result = construction_sets({"bath": 3, "villa": 1}, 1, RULES)
    assert result.points == 20
    [bath_set] = result.sets
    assert (bath_set.symbol, bath_set.tiles, bath_set.jokers, bath_set.points) == ("bath", 3, 1, 20)


def test_jokers_alone_can_form_a_set_s11():
    result = construction_sets({}, 3, RULES)
    assert result.points == 10 and result.sets[0].symbol is None


def test_among_equal_totals_the_fewest_jokers_are_used():
    # Two jokers: baths of four (20) or baths of three plus villa of three (20): one joker suffices.
    result = construction_sets({"bath": 3, "villa": 1}, 2, RULES)
    assert result.points == 20 and result.jokers_used == 1


def brute_force_sets(buildings: dict, jokers: int) -> int:
    """Give every joker to a symbol (or to a symbol nobody has) in every possible way and
    split each symbol's tiles into sets of 3 and 4 in every possible way."""
    symbols = [*buildings, "*"]
    best = 0
    for placement in itertools.product(symbols, repeat=jokers):
        total = 0
        for symbol in symbols:
            n = buildings.get(symbol, 0) + placement.count(symbol)
            total += max(10 * threes + 20 * fours
                         for threes in range(n // 3 + 1) for fours in range(n // 4 + 1)
                         if 3 * threes + 4 * fours <= n)
        best = max(best, total)
    return best


@settings(max_examples=scaled(150))
@given(st.dictionaries(st.sampled_from(["bath", "villa", "temple", "window", "arch"]),
                       st.integers(0, 5), max_size=5),
       st.integers(0, 4))
def test_sets_and_jokers_match_brute_force(buildings, jokers):
    result = construction_sets(buildings, jokers, RULES)
    assert result.points == brute_force_sets(buildings, jokers)
    assert result.jokers_used <= jokers
    for symbol, count in buildings.items():  # never more tiles than the player has
        assert sum(s.tiles for s in result.sets if s.symbol == symbol) <= count
    assert all(s.size in RULES.construction_sets and s.points == RULES.construction_sets[s.size]
               for s in result.sets)


# --- Bonus tiles ----------------------------------------------------------------------------------


def tile(kind, side, commodity=None):
    return BonusTile(BonusKind(kind), side, commodity)


def points_of(sheet):
    return [line.points for line in bonus_lines(sheet, RULES)]


def test_needs_tile_9_or_6_for_a_demand_tile_or_joker_but_not_trajan_tiles():
    tiles = (tile("needs", YELLOW), tile("needs", GRAY))
    assert points_of(ClassicSheet("A", forum_needs={Demand.GAMES: 1}, bonus_tiles=tiles)) == [9, 6]
    assert points_of(ClassicSheet("A", demand_jokers=1, bonus_tiles=tiles)) == [9, 6]
    assert points_of(ClassicSheet("A", forum_needs={Demand.BREAD: 3}, bonus_tiles=tiles)) == [9, 6]
    assert points_of(ClassicSheet("A", trajan_needs=(Demand.BREAD,), bonus_tiles=tiles)) == [0, 0]


def test_city_workers_1_each_gray_half_rounded_up():
    tiles = (tile("city_workers", YELLOW), tile("city_workers", GRAY))
    assert points_of(ClassicSheet("A", workers_in_city=5, bonus_tiles=tiles)) == [5, 3]
    assert points_of(ClassicSheet("A", workers_in_city=4, bonus_tiles=tiles)) == [4, 2]


def test_commodity_3_or_2_per_card_of_its_kind_in_the_display():
    tiles = (tile("commodity", YELLOW, "wine"), tile("commodity", GRAY, "oil"))
    sheet = ClassicSheet("A", display={"wine": 2, "oil": 3, "salt": 4}, bonus_tiles=tiles)
    assert points_of(sheet) == [6, 6]


def test_legionaries_2_or_1_per_legionary_in_a_province():
    tiles = (tile("legionaries", YELLOW), tile("legionaries", GRAY))
    assert points_of(ClassicSheet("A", legionaries_in_provinces=3, legionaries_in_camp=5,
                                  bonus_tiles=tiles)) == [6, 3]


def test_yellow_tiles_counts_yellow_sides_only_itself_included():
    tiles = (tile("yellow_tiles", YELLOW), tile("legionaries", YELLOW), tile("needs", GRAY),
             tile("yellow_tiles", GRAY))
    assert points_of(ClassicSheet("A", bonus_tiles=tiles))[0::3] == [2 * 3, 2 * 2]


def test_an_unused_commodity_joker_counts_as_one_card_for_the_best_tile_s11():
    tiles = (tile("commodity", GRAY, "oil"), tile("commodity", YELLOW, "wine"))
    sheet = ClassicSheet("A", display={"wine": 1, "oil": 1}, commodity_jokers=1, bonus_tiles=tiles)
    lines = bonus_lines(sheet, RULES)
    assert [(line.jokers, line.points) for line in lines] == [(0, 2), (1, 6)]


def test_a_joker_as_one_kind_counts_on_every_tile_of_that_kind():
    # Two oil tiles (2 + 2 per card) beat one wine tile (3 per card).
    tiles = (tile("commodity", GRAY, "oil"), tile("commodity", GRAY, "oil"),
             tile("commodity", YELLOW, "wine"))
    sheet = ClassicSheet("A", commodity_jokers=1, bonus_tiles=tiles)
    assert commodity_jokers_for(sheet, RULES) == {"oil": 1}
    assert points_of(sheet) == [2, 2, 0]


@settings(max_examples=scaled(150))
@given(st.lists(st.tuples(st.sampled_from(["wine", "oil", "salt"]), st.sampled_from(list(BonusSide))),
                max_size=4),
       st.dictionaries(st.sampled_from(["wine", "oil", "salt"]), st.integers(0, 5)),
       st.integers(0, 3))
def test_commodity_jokers_match_brute_force(commodity_tiles, display, jokers):
    tiles = tuple(tile("commodity", side, kind) for kind, side in commodity_tiles)
    sheet = ClassicSheet("A", display=display, commodity_jokers=jokers, bonus_tiles=tiles)
    kinds = ["wine", "oil", "salt", None]  # None: the joker is not counted
    best = 0
    for placement in itertools.product(kinds, repeat=jokers):
        best = max(best, sum(
            RULES.bonus[t.kind].sides[t.side].score(display.get(t.commodity, 0) + placement.count(t.commodity))
            for t in tiles))
    assert sum(points_of(sheet)) == best


# --- The whole final scoring ----------------------------------------------------------------------


def test_final_lines_one_point_each_sets_and_bonus_tiles_s9():
    sheet = ClassicSheet(
        "Ann", hand_cards=3, workers_in_camp=2, legionaries_in_camp=1, trajan_tiles_on_circle=4,
        workers_in_city=6, buildings={"bath": 3, "villa": 1}, building_jokers=1,
        bonus_tiles=(tile("city_workers", YELLOW), tile("yellow_tiles", GRAY)))
    score = final_score(sheet, RULES)
    assert dict(score.lines) == {"hand_cards": 3, "workers_in_camp": 2, "legionaries_in_camp": 1,
                                 "trajan_tiles": 4, "construction_sets": 20, "bonus_tiles": 6 + 2}
    assert score.total == 38


def test_workers_in_the_city_and_legionaries_in_provinces_score_only_by_bonus_tile_s9():
    assert final_score(ClassicSheet("A", workers_in_city=7, legionaries_in_provinces=3), RULES).total == 0
