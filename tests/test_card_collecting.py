"""Collecting tasks (p. 28), and the counted building task II-3: each item serves once."""

from trajan_cli.core.card_solver import check_card, deal, distinct_times
from trajan_cli.core.vocabulary import Colour, SocialClass

from helpers.card_sheets import sheet

CRANES_2 = """
K  .  .  .  .  Kg
.  T  .  .  T  .
.  .  .  .  .  .
.  .  col .  .  .
.  T  .  .  T  .
?  .  .  .  .  ?
"""

CRANES_4 = """
K  .  .  .  .  Kg
.  T  .  .  T  .
.  .  .  .  .  .
.  .  .  .  .  .
.  T  .  .  T  .
K  .  .  .  .  Kb
"""


def collecting(rules, card_id, player):
    return check_card(rules.card(card_id), player).collecting


def test_two_workers_of_different_colours_from_3_blue_1_orange_is_1_not_2_p28(rules):
    player = sheet(CRANES_4, workers={"blue": 3, "orange": 1})
    result = collecting(rules, "III-3", player)
    assert result.times == 1
    workers = result.needs[1]
    # One more needs a second worker of a colour other than blue (orange would do too).
    assert (workers.times, workers.more) == (1, 1)
    assert set(workers.more_of) == {Colour.ORANGE, Colour.GREEN, Colour.YELLOW}


def test_two_workers_of_different_colours_from_2_blue_2_orange_is_2_p28(rules):
    assert collecting(rules, "III-3", sheet(CRANES_4, workers={"blue": 2, "orange": 2})).times == 2


def test_tom_has_marker_assistant_and_coin_once_p28(rules, tom):
    assert collecting(rules, "III-4", tom).times == 1


def test_column_marker_means_a_finished_track_p28(rules):
    none = sheet(tracks={"library": 3}, assistants=2, coins=2)
    assert collecting(rules, "III-4", none).times == 0
    two = sheet(tracks={"library": 4, "basilica": 4, "market": 1}, assistants=2, coins=2)
    assert collecting(rules, "III-4", two).times == 2


def test_tribune_and_coin_p28(rules):
    assert collecting(rules, "I-1", sheet(tribunes=3, coins=2)).times == 2
    assert collecting(rules, "I-1", sheet(tribunes=3)).times == 0


def test_active_citizens_of_different_classes_and_ship_envoy_p28(rules):
    citizens = {1: "a", 3: "a", 5: "aa"}  # patrician 1, merchant 1, craftsman 2
    assert collecting(rules, "I-2", sheet(citizens=citizens, ship=1)).times == 1
    assert collecting(rules, "I-2", sheet(citizens=citizens, ship=5)).times == 2
    assert collecting(rules, "I-2", sheet(citizens={5: "aa"}, ship=5)).times == 0


def test_inactive_citizens_count_as_if_they_did_not_exist_p26(rules):
    player = sheet(citizens={1: "i", 3: "a", 5: "a"}, ship=1)
    assert collecting(rules, "III-1", player).times == 0
    assert collecting(rules, "I-2", player).times == 1  # merchant + craftsman


def test_one_active_citizen_of_each_class_p28(rules, tom):
    assert collecting(rules, "III-1", tom).times == 0  # Tom has no patrician
    every_row = {row: "a" for row in range(1, 7)}
    assert collecting(rules, "III-1", sheet(citizens=every_row)).times == 2
    result = collecting(rules, "III-1", sheet(citizens={1: "a", 2: "a", 3: "a"}))
    assert result.times == 0
    assert result.needs[0].more_of == (SocialClass.CRAFTSMAN,)


def test_assistants_and_coin_p28(rules):
    assert collecting(rules, "I-3", sheet(assistants=5, coins=3)).times == 2


def test_builder_worker_assistant_any_worker_colour_p28(rules):
    player = sheet(builders=2, assistants=5, workers={"blue": 2, "orange": 1})
    assert collecting(rules, "I-4", player).times == 2


def test_assistant_and_two_coins_p28(rules):
    assert collecting(rules, "II-1", sheet(assistants=3, coins=5)).times == 2


def test_ii_2_wants_a_builder_and_a_coin_does_not_replace_it(rules):
    """The French edition prints a coin here; English and German say builder (interface.md)."""
    assert collecting(rules, "II-2", sheet(tribunes=1, assistants=1, coins=5)).times == 0
    assert collecting(rules, "II-2", sheet(tribunes=1, assistants=1, builders=1)).times == 1


def test_worker_and_two_columns_in_the_colonia_p28(rules):
    grid = """
    ?  .  .   .  .   ?
    .  T  col .  T   .
    .  .  .   .  col .
    .  .  col .  .   .
    .  T  .   .  T   .
    ?  .  .   .  .   ?
    """
    assert collecting(rules, "II-3", sheet(grid, workers={"green": 4})).times == 1
    assert collecting(rules, "II-3", sheet(workers={"green": 4})).times == 0


def test_uncovered_cranes_count_as_scored_covered_ones_do_not(rules):
    """Kg was scored in step 1 of this scoring phase, before the Trajan cards (interface.md)."""
    citizens = {1: "a", 3: "a"}
    assert collecting(rules, "II-4", sheet(CRANES_2, citizens=citizens)).times == 1
    assert collecting(rules, "II-4", sheet(citizens=citizens)).times == 0  # all four covered


def test_column_tribune_builder_p28(rules):
    assert collecting(rules, "III-2", sheet(CRANES_2, tribunes=2, builders=2)).times == 1


def test_missing_items_for_one_more(rules):
    result = collecting(rules, "II-1", sheet(assistants=1, coins=3))
    assert result.times == 1
    assistant, coins = result.needs
    assert (assistant.more, coins.more) == (1, 1)


# --- II-3's building task is counted, not placed ---------------------------------------


def test_four_colours_anywhere_counts_each_structure_once_p28(rules):
    grid = """
    ?  b  b  b  g  ?
    .  T  .  .  T  .
    .  .  .  .  .  r
    .  .  .  .  .  .
    y  T  .  .  T  .
    ?  .  .  .  .  ?
    """
    result = check_card(rules.card("II-3"), sheet(grid)).building
    assert result.times == 1
    (used,) = result.sets
    assert len(used) == 4 and len({sheet(grid).colonia.at(sq).colour for sq in used}) == 4
    assert result.needs[0].more == 3 and set(result.needs[0].more_of) == {
        Colour.GREEN, Colour.ORANGE, Colour.YELLOW}


# --- The counting rule ------------------------------------------------------------------


def test_distinct_times_examples():
    assert distinct_times([3, 1], 2) == 1  # 3 blue + 1 orange workers
    assert distinct_times([2, 2], 2) == 2
    assert distinct_times([5, 1, 1, 1], 4) == 1
    assert distinct_times([2, 2, 2], 3) == 2
    assert distinct_times([4, 4, 1], 2) == 4
    assert distinct_times([], 2) == 0


def test_deal_gives_sets_of_different_kinds():
    kinds = [["b1", "b2", "b3"], ["r1", "r2"], ["g1"]]
    sets = deal(kinds, 2, 3)
    assert len(sets) == 3
    for chosen in sets:
        assert len(chosen) == 2 and len({item[0] for item in chosen}) == 2
    assert len({item for chosen in sets for item in chosen}) == 6


def test_missing_kinds_that_must_each_supply_one(rules, tom):
    """Tom lacks only a patrician for III-1; an empty colonia needs one structure per colour."""
    (citizens,) = collecting(rules, "III-1", tom).needs
    assert (citizens.more, dict(citizens.room), citizens.forced) == (
        1, {SocialClass.PATRICIAN: 1}, True)
    (structures,) = check_card(rules.card("II-3"), sheet()).building.needs
    assert structures.more == 4 and structures.forced
    assert dict(structures.room) == dict.fromkeys(Colour, 1)
    # With 3 blue and 1 orange, one more worker of any other colour than blue would do.
    workers = collecting(rules, "III-3", sheet(CRANES_4, workers={"blue": 3, "orange": 1})).needs[1]
    assert workers.more == 1 and not workers.forced
