"""The turn referee on the core, as python-chess tests its Board: a table set up from record
lines (tests/helpers/tables.py), a line applied with ``GameState.apply``, and every rule of
core/turns/problems.py refused with its rule key and its page of the English rulebook,
nothing changed (pp. 20-29).

Each rule has a test that fails if the rule were wrong (gone, or too strict: where a legal
line is near the refused one, it is played too). A line the rules accept once the player
says what they leave open (a payment, a worker's colour, an envoy, a bonus, a tile) is
``ChoiceNeeded``, not a plain refusal. The commands' own part (exit status 2, the message
with its page, the language, --json) is tested in tests/test_turn_referee.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.core.referee.verdict import Rule
from trajan_cli.core.state import GameState, LineRefused
from trajan_cli.core.turns.moves import Axis, BuildLine, RoundStart, Street
from trajan_cli.core.turns.problems import TurnRefused, TurnRule
from trajan_cli.core.turns.referee import start_round
from trajan_cli.core.turns.state import PlayState, RoundTurn
from trajan_cli.core.turns.taking import _matched, street_matching
from trajan_cli.core.vocabulary import CellKind, Colour, Cycle, Track
from trajan_cli.parsing.notation import format_line

from helpers.hypothesis_profiles import scaled
from helpers.tables import (
    ANN,
    CYCLE_I,
    EXAMPLE,
    FORUM,
    PLAYERS,
    RICH,
    RICH_FORUM,
    line_of,
    only,
    play,
    record_lines,
    refusal,
    rich,
    rules_of,
    table,
)

RECORDS = Path(__file__).parent / "records"
A1 = (0, 0)

#: Ann's turn in the rich set-up up to its build: two tiles taken, the own one used.
TAKE = "Ann: take B1 C1; use own: coin; "


def example() -> GameState:
    """The worked example, round I.1 (streets: rows 2 and 4) begun: Ann to play."""
    return table(*EXAMPLE)


def no_streets(*more: str) -> GameState:
    """The example's boards, round I.1 begun without its street cards (the tiles taken are
    not judged against them)."""
    return table(*EXAMPLE[:3], "round I.1", *more)


# --- The round and the order of play (pp. 20, 25, 27, 29) -----------------------------------


def test_unknown_player_p20():
    """Only the game's players take turns: a turn for anyone else is refused by name."""
    state = example()
    turn = line_of(state, "Ann: take C2 C4; use own: coin")._replace(player="Zed")
    problem = only(refusal(state, turn), TurnRule.UNKNOWN_PLAYER, 20)
    assert problem.details["player"] == "Zed" and problem.details["players"] == "Ann, Bob"


def test_not_your_turn_play_goes_clockwise_from_the_starting_player_p25():
    state = example()
    problem = only(refusal(state, "Bob: take E2 E4; use own: coin"), TurnRule.NOT_YOUR_TURN, 25)
    assert problem.details["due"] == "Ann"
    play(state, "Ann: take C2 C4; use own: coin; pass")
    play(state, "Bob: take E2 E4; use own: coin; pass")  # then Bob, clockwise


def test_round_order_rounds_follow_each_other_within_a_cycle_p20():
    state = no_streets("Ann: take C2 C4; use own: coin; pass", "Bob: take E2 E4; use own: coin; pass")
    problem = only(refusal(state, "round I.3"), TurnRule.ROUND_ORDER, 20)
    assert problem.details["expected"] == "I.2"
    play(state, "round I.2: streets 5 F")
    # At a cycle's start a group may begin keeping it from a later round (p. 29).
    later = table(*EXAMPLE[:3], "round I.3")
    assert later.table.play.round == 3


def test_round_in_play_a_round_ends_once_every_player_had_a_turn_p25():
    state = example()
    play(state, "Ann: take C2 C4; use own: coin; pass")
    problem = only(refusal(state, "round I.2"), TurnRule.ROUND_IN_PLAY, 25)
    assert problem.details == {"round": "I.1", "due": "Bob"}


def test_round_twice_its_street_cards_come_out_once_p20():
    problem = only(refusal(example(), "round I.1: streets 2 4"), TurnRule.ROUND_TWICE, 20)
    assert problem.details["streets"] == "2 4"


def test_cycle_over_the_scoring_phase_comes_after_round_4_p27():
    state = table(*EXAMPLE, *CYCLE_I)
    only(refusal(state, "round II.1"), TurnRule.CYCLE_OVER, 27)
    only(refusal(state, "Bob: take A1 A2; use own: coin"), TurnRule.CYCLE_OVER, 27)


def test_game_over_after_the_third_cycle_s_scoring_p29(rules):
    """Once cycle III's round 4 is over and the cycle scored, no round begins: the game is
    over (p. 29). The referee says so (it failed with "4 is not a valid Cycle")."""
    play = PlayState(PLAYERS, "Ann", Cycle.III, cycle=Cycle.III, round=4,
                     turns={p: RoundTurn(2, True, False) for p in PLAYERS})
    with pytest.raises(TurnRefused) as refused:
        start_round(play, RoundStart(Cycle.III, 1), {Cycle.III}, rules)
    assert [p.rule for p in refused.value.problems] == [TurnRule.GAME_OVER]
    assert refused.value.problems[0].page.en == 29
    # Not scored yet: the scoring phase comes first.
    with pytest.raises(TurnRefused) as refused:
        start_round(play, RoundStart(Cycle.III, 1), set(), rules)
    assert [p.rule for p in refused.value.problems] == [TurnRule.CYCLE_OVER]


@pytest.mark.parametrize("extra", ["round III.1", "Livia: take A1 B1; use own: coin"])
def test_game_over_a_record_going_on_after_the_end_is_refused_at_that_line_p29(extra):
    """A whole game (tests/records/golden-2p.txt) with a line added after its third scoring
    phase, as a hand edit would: the replay names that line and the rule."""
    lines = record_lines(RECORDS / "golden-2p.txt")
    header = {"players": ("Livia", "Marcus"), "cards": ("I-1", "II-3", "III-4")}
    assert table(*lines, **header).finished
    with pytest.raises(LineRefused) as refused:
        table(*lines, extra, **header)
    assert refused.value.number == len(lines) + 1
    assert only(refused.value, TurnRule.GAME_OVER, 29).details == {}


def test_no_board_a_turn_needs_the_player_s_board_p20():
    state = table("round I.1")
    problem = only(refusal(state, "Ann: take C2 C4; use own: coin"), TurnRule.NO_BOARD, 20)
    assert problem.details == {"player": "Ann"}


def test_no_forum_an_envoy_needs_the_forum_recorded_p25():
    state = rich(forum=None)
    only(refusal(state, TAKE + "build y C2 pay worker:y envoy A1"), TurnRule.NO_FORUM, 25)
    play(state, TAKE + "build y C2 pay worker:y")  # no forum: no envoy to say


def test_a_turn_after_a_finished_round_begins_the_next_one_p25():
    state = no_streets("Ann: take C2 C4; use own: coin; pass", "Bob: take E2 E4; use own: coin; pass")
    play(state, "Bob: take E5 E6; use own: coin; pass")  # round I.2: Bob starts (p. 25)
    assert state.table.play.round == 2 and state.table.play.streets is None


# --- Taking tiles (pp. 20-22) -----------------------------------------------------------------


def test_take_too_many_two_tiles_a_round_p20():
    state = example()
    problem = only(refusal(state, "Ann: take A2 C4 D2; use own: coin"), TurnRule.TAKE_TOO_MANY, 20)
    assert problem.details == {"n": 3}


def test_take_twice_one_tile_per_space_p20():
    problem = only(refusal(example(), "Ann: take C2 C2; use own: coin"), TurnRule.TAKE_TWICE, 20)
    assert problem.details == {"cell": "C2"}


def test_take_not_covered_only_a_space_under_its_tile_p20():
    problem = only(refusal(example(), "Ann: take B2 C4; use own: coin"), TurnRule.TAKE_NOT_COVERED, 20)
    assert problem.details["cell"] == "B2"  # Ann's temple


def test_take_too_few_only_when_the_streets_offer_fewer_p22():
    state = example()
    problem = only(refusal(state, "Ann: take C2; use own: coin"), TurnRule.TAKE_TOO_FEW, 22)
    assert problem.details == {"n": 1, "offered": 2}


def test_take_too_few_one_tile_when_the_streets_hold_one_p22():
    """p. 22: a player the named streets offer fewer tiles may take fewer (no tribune)."""
    # Row 1 and column A hold one covered space between them: A1.
    board = ANN.replace("colonia ? ? ? ? ? ? / ? T ? ? ? ? / ? ? ? ? ? T / ? ? ? ? ? T / ? ? ? T ? ? / "
                        "? ? ? ? ? ?", "colonia ? . . . . Kg / . T ? ? ? ? / . ? ? ? ? T / . ? ? ? ? T / "
                        ". ? ? T ? ? / Kb ? ? ? ? ?")
    state = table(f"board Ann: {board}", f"board Bob: {board}", FORUM, "round I.1: streets 1 A")
    play(state, "Ann: take A1; use own: coin; pass")
    assert state.table.board("Ann").supply.tribunes == 1


def test_take_no_tribune_a_tile_elsewhere_costs_one_p21():
    state = example()
    problem = only(refusal(state, "Ann: take A1 C1; use own: coin"), TurnRule.TAKE_NO_TRIBUNE, 21)
    assert problem.details == {"n": 2, "have": 1}
    done = play(state, "Ann: take C1 C2; use own: coin; pass").done
    assert done.tribunes_for_take == 1
    ann = state.table.board("Ann")
    assert ann.supply.tribunes == 0 and ann.colonia.at((2, 0)).kind is CellKind.VACATED


def test_crane_unknown_a_corner_s_crane_colour_must_be_recorded_p27():
    """A corner's tile uncovers its crane (p. 22), whose colour the crane scoring needs
    (p. 27): a board recorded without it cannot have the corner taken."""
    board = ANN.split("; cranes")[0] + "; citizens 2 a; supply coin; ship 1"
    state = table(f"board Ann: {board}", "round I.1")
    problem = only(refusal(state, "Ann: take A1 A2; use own: coin"), TurnRule.CRANE_UNKNOWN, 27)
    assert problem.details == {"cell": "A1"}


def test_a_corner_taken_uncovers_its_crane_colour_side_up_p22():
    state = no_streets()
    play(state, "Ann: take A1 A2; use own: coin; pass")
    assert state.table.board("Ann").colonia.at(A1).colour is Colour.ORANGE


# --- Using a tile (pp. 20-21, 26) -----------------------------------------------------------


def test_use_missing_a_tile_must_be_used_p20():
    only(refusal(example(), "Ann: take C2 C4"), TurnRule.USE_MISSING, 20)


def test_use_no_own_without_a_tile_taken_p20():
    only(refusal(no_streets(), "Ann: use own: coin"), TurnRule.USE_NO_OWN, 20)


def test_use_both_tribunes_two_owned_before_the_turn_p21():
    """Ann owns 1 tribune; the one her own tile shows does not count: it comes after."""
    problem = only(refusal(example(), "Ann: take C2 C4; use both: tribune / coin"),
                   TurnRule.USE_BOTH_TRIBUNES, 21)
    assert problem.details == {"n": 2, "have": 1}
    state = rich()
    play(state, "Ann: take B1 C1; use both: coin / coin; pass")
    assert state.table.board("Ann").supply.tribunes == 0 and state.table.board("Ann").supply.coins == 5


def test_received_none_the_neighbour_passed_no_tile_and_none_lies_beside_p22():
    """Bob (Ann's left-hand neighbour) takes one tile: he passes none, and none of his lies
    beside Ann's colonia yet, so Ann had nothing received to use."""
    state = no_streets("Ann: take C2 C4; use received: coin; pass")
    problem = only(refusal(state, "Bob: take E2; use own: coin; pass"), TurnRule.RECEIVED_NONE, 22)
    assert problem.details == {"receiver": "Ann", "passer": "Bob"}
    play(state, "Bob: take E2 E4; use own: coin; pass")


def test_not_on_a_tile_a_colonia_tile_shows_no_victory_points_p21():
    only(refusal(example(), "Ann: take C2 C4; use own: vp"), TurnRule.NOT_ON_A_TILE, 21)


def test_row_full_a_citizen_row_holds_two_p26():
    state = rich(RICH.replace("citizens 2 a", "citizens 2 a a"))
    problem = only(refusal(state, TAKE.replace("coin", "citizen 2 bonus coin")), TurnRule.ROW_FULL, 26)
    assert problem.details == {"row": 2}


def test_bonus_unsaid_the_second_citizen_s_bonus_is_a_choice_p26():
    problem = only(refusal(example(), "Ann: take C2 C4; use own: citizen 2", choice=True),
                   TurnRule.BONUS_UNSAID, 26)
    assert problem.details["row"] == 2
    # Row 6's bonus is a builder, no choice: nothing to say.
    state = rich(RICH.replace("citizens 2 a", "citizens 2 a 6 a"))
    play(state, TAKE.replace("coin", "citizen 6") + "pass")
    assert state.table.board("Ann").supply.builders == 2 + 1


def test_bonus_wrong_a_bonus_the_row_does_not_offer_p26():
    only(refusal(example(), "Ann: take C2 C4; use own: citizen 2 bonus builder"), TurnRule.BONUS_WRONG, 26)
    state = rich(RICH.replace("citizens 2 a", "citizens 3 a"))
    problem = only(refusal(state, TAKE.replace("coin", "citizen 3 bonus assistant")), TurnRule.BONUS_WRONG, 26)
    assert problem.details["given"] == "assistant"  # row 3: a coin or a tribune


def test_bonus_unwanted_a_first_citizen_gives_no_bonus_p26():
    problem = only(refusal(example(), "Ann: take C2 C4; use own: citizen 1 bonus coin"),
                   TurnRule.BONUS_UNWANTED, 26)
    assert problem.details == {"row": 1}


def test_a_second_citizen_gives_its_bonus_and_is_no_envoy_p26():
    state = example()
    play(state, "Ann: take C2 C4; use own: citizen 2 bonus tribune; pass")
    ann = state.table.board("Ann")
    assert ann.citizens[2] == ("active", "active") and ann.supply.tribunes == 1 + 1
    assert ann.supply.ship == 1  # the set-up's envoy only: the own tile became a citizen (p. 21)


def test_merchant_i_turns_the_slide_bar_over_p26():
    state = example()
    play(state, "Ann: take C2 C4; use received: citizen 3; pass")
    ann = state.table.board("Ann")
    assert ann.prestige.turned and ann.supply.ship == 1 + 1  # the own tile onto the ship (p. 21)


# --- Building (pp. 22-25) -------------------------------------------------------------------


def test_build_twice_one_building_tile_per_turn_p22():
    line = TAKE + "build col C2 pay builder; build col D2 pay builder"
    problem = only(refusal(rich(), line), TurnRule.BUILD_TWICE, 22)
    assert problem.details == {"n": 2}


def test_a_fourth_basilica_gives_a_second_build_in_the_same_turn_p24():
    state = rich()
    play(state, TAKE + "build bas C2 pay builder; build col D2 pay builder")
    ann = state.table.board("Ann")
    assert ann.tracks[Track.BASILICA] == 4 and ann.supply.builders == 0


def test_build_outside_turn_a_build_goes_in_its_turn_p22():
    state = rich()
    build = line_of(state, TAKE + "build col C2 pay builder").builds[0]
    problem = only(refusal(state, BuildLine("Ann", build)), TurnRule.BUILD_OUTSIDE_TURN, 22)
    assert problem.details["due"] == "Ann" and problem.details["round"] == "III.1"
    # A game not kept by turns records its builds on their own.
    free = table(f"board Ann: {RICH}", f"board Bob: {RICH}", RICH_FORUM, first_cycle=3)
    free.apply(BuildLine("Ann", build))


def test_build_illegal_the_referee_s_placement_reason_p22():
    refused = refusal(example(), "Ann: take C2 C4; use own: coin; build lib B2 pay builder")
    problem = only(refused, TurnRule.BUILD_ILLEGAL, 22)
    assert problem.violation.rule is Rule.TEMPLE and problem.details == {"tile": "lib"}


def test_pay_unsaid_several_ways_to_pay_are_a_choice_p22():
    problem = only(refusal(rich(), TAKE + "build col C2", choice=True), TurnRule.PAY_UNSAID, 22)
    assert len(problem.details["ways"]) > 1
    done = play(example(), "Ann: take C2 C4; use own: coin; build col C2")  # one way: hers
    assert format_line(done.line).endswith("build col C2 pay builder")


def test_pay_not_a_way_p22():
    problem = only(refusal(rich(), TAKE + "build col C2 pay 2 coin"), TurnRule.PAY_NOT_A_WAY, 22)
    assert problem.details["pay"]


def test_a_dearer_way_to_pay_is_still_a_way_p23():
    """Two workers of different colours and an assistant build a double tile of one colour
    (p. 23) also when Craftsman I's exchange, which the player may use (p. 26), would have
    saved the blue worker: the referee suggests the cheaper ways, and records the one the
    table paid."""
    board = ("colonia ? ? ? ? ? ? / . T . . . ? / . . . T . ? / . . . . . ? / "
             ". . . T . ? / ? ? ? ? T ?; cranes A1 o F1 g A6 b F6 y; citizens 5 a; "
             "supply 2 assistant worker:b worker:y; ship 0")
    state = table(f"board Ann: {board}", f"board Bob: {board}", "round III.1", first_cycle=3)
    only(refusal(state, TAKE + "build y+y A2 A3 pay 2 worker:b"), TurnRule.PAY_NOT_A_WAY, 23)
    done = play(state, TAKE + "build y+y A2 A3 pay assistant worker:b worker:y")
    assert format_line(done.line) == TAKE + "build y+y A2 A3 pay assistant worker:b worker:y"
    ann = state.table.board("Ann")
    assert ann.supply.assistants == 1 and ann.supply.total_workers == 0


def test_a_citizen_s_exchange_counts_once_per_turn_over_both_builds_p26():
    """Craftsman II swaps an assistant for a builder once per turn: two builds of one turn
    (a fourth basilica first) cannot both use it."""
    board = ("colonia ? ? ? ? ? ? / . T . . . ? / . . . T . ? / bas bas bas . . ? / "
             ". . . T . ? / ? ? ? ? T ?; cranes A1 o F1 g A6 b F6 y; citizens 6 a; "
             "supply 2 assistant; ship 0")
    state = table(f"board Ann: {board}", f"board Bob: {board}", "round III.1", first_cycle=3)
    refused = refusal(state, TAKE + "build bas A2 pay assistant; build col C2 pay assistant")
    assert rules_of(refused) == [TurnRule.BUILD_ILLEGAL]
    assert refused.problems[0].violation.rule is Rule.NO_PAYMENT
    play(state, "Ann: take B1 C1; use own: builder; build bas A2 pay assistant; build col C2 pay builder")


def test_step_not_offered_a_benefit_track_space_the_build_does_not_reach_p24():
    """The space reached or an earlier one (p. 24): the first library offers its first."""
    line = "Ann: take C4 B6; use received: worker:y; build lib B6 pay builder take 2"
    problem = only(refusal(example(), line), TurnRule.STEP_NOT_OFFERED, 24)
    assert problem.details == {"take": 2, "offered": "1"}
    # A finished track offers none (p. 24): four libraries built.
    finished = rich(RICH.replace("mkt mkt mkt T . ?", "mkt mkt mkt T lib ?"))
    problem = only(refusal(finished, TAKE + "build lib C2 pay builder take 1"), TurnRule.STEP_NOT_OFFERED, 24)
    assert problem.details == {"take": 1, "offered": "-"}
    state = rich()
    play(state, TAKE + "build lib C2 pay builder take 2")  # an earlier space: a builder
    assert state.table.board("Ann").supply.builders == 2 - 1 + 1


def test_step_no_track_a_column_has_no_benefit_track_p24():
    only(refusal(rich(), TAKE + "build col C2 pay builder take 1"), TurnRule.STEP_NO_TRACK, 24)


def test_worker_unsaid_the_first_library_s_worker_has_a_colour_p24():
    state = example()
    line = "Ann: take C4 B6; use received: worker:y; build lib B6 pay builder"
    only(refusal(state, line, choice=True), TurnRule.WORKER_UNSAID, 24)
    play(state, line + " worker b")
    assert state.table.board("Ann").supply.workers[Colour.BLUE] == 1


def test_worker_unwanted_no_benefit_taken_gives_a_worker_p24():
    only(refusal(rich(), TAKE + "build col C2 pay builder worker g"), TurnRule.WORKER_UNWANTED, 24)


def test_envoy_unsaid_an_envoy_may_go_so_the_line_says_where_or_none_p25():
    state = rich()
    problem = only(refusal(state, TAKE + "build y C2 pay worker:y", choice=True), TurnRule.ENVOY_UNSAID, 25)
    assert problem.details["squares"] == (A1,)
    done = play(state, TAKE + "build y C2 pay worker:y envoy none")
    assert format_line(done.line).endswith("envoy none") and state.table.board("Ann").supply.ship == 3 + 1


def test_envoy_too_many_more_envoys_than_the_build_sends_p25():
    problem = only(refusal(rich(), TAKE + "build g C2 pay worker:g envoy B2 C2"), TurnRule.ENVOY_TOO_MANY, 25)
    assert problem.details == {"n": 1, "given": 2}


def test_envoy_illegal_the_referee_s_reason_for_the_square_p25():
    refused = refusal(rich(), TAKE + "build g C2 pay worker:g envoy C1")
    problem = only(refused, TurnRule.ENVOY_ILLEGAL, 25)
    assert problem.violation.rule is Rule.WRONG_COLOUR and problem.details["legal"] == "B2, C2"


def test_the_third_library_and_market_spaces_place_an_envoy_p24():
    state = rich()
    play(state, TAKE + "build lib C2 pay builder take 3 envoy B1")  # B1: an eagle
    refused = refusal(state, "Bob: take B1 C1; use own: coin; build mkt C2 pay builder take 3 envoy C3")
    assert only(refused, TurnRule.ENVOY_ILLEGAL, 24).violation.rule is Rule.EAGLE
    play(state, "Bob: take B1 C1; use own: coin; build mkt C2 pay builder take 3 envoy A3")


def test_area_bonus_count_one_per_area_completed_p25():
    """A1 completes the yellow area {A1 A2}: one area bonus without Patrician II, never two;
    none named is the choice left open."""
    state = rich(RICH.replace("citizens 2 a", "citizens 3 a"))
    base = TAKE + "build y C2 pay worker:y envoy A1"
    problem = only(refusal(state, base + " bonus coin tribune"), TurnRule.AREA_BONUS_COUNT, 25)
    assert problem.details["n"] == 1 and problem.details["given"] == 2
    only(refusal(state, base, choice=True), TurnRule.AREA_BONUS_COUNT, 25)
    play(state, base + " bonus coin")
    assert state.table.board("Ann").supply.coins == 3 + 1 + 1


def test_area_bonus_same_patrician_ii_s_two_bonuses_differ_p26():
    state = rich()
    base = TAKE + "build y C2 pay worker:y envoy A1"
    only(refusal(state, base + " bonus coin coin"), TurnRule.AREA_BONUS_SAME, 26)
    done = play(state, base + " bonus coin vp").done
    assert done.points == 2 and state.table.board("Ann").supply.coins == 3 + 1 + 1  # vp: 2 (p. 25)


@pytest.mark.parametrize(("citizens", "bonus", "legal"), [
    ("citizens 2 a", "coin", True),  # Patrician II: one is enough ...
    ("citizens 2 a", "coin tribune", True),  # ... or two different ones
    ("citizens 2 a", "coin coin", False),  # never two equal ones
    ("citizens 2 a", "coin tribune vp", False),  # never three
    ("citizens 3 a", "coin", True),  # without Patrician II: one ...
    ("citizens 3 a", "coin tribune", False),  # ... never two
])
def test_patrician_ii_takes_one_or_two_different_area_bonuses_p26(citizens, bonus, legal):
    """p. 26, Patrician II: not only one, but two different area bonuses; one is legal with
    Patrician II too."""
    state = rich(RICH.replace("citizens 2 a", citizens))
    line = TAKE + f"build y C2 pay worker:y envoy A1 bonus {bonus}"
    if legal:
        play(state, line)
        assert state.table.board("Ann").supply.coins == 3 + 1 + 1
    else:
        refused = refusal(state, line)
        assert rules_of(refused)[0] in (TurnRule.AREA_BONUS_SAME, TurnRule.AREA_BONUS_COUNT)
        assert refused.problems[0].page.en in (25, 26)


def test_a_second_patrician_i_s_envoy_completing_an_area_earns_its_bonus_p25_p26():
    """The second citizen in row 1 places an envoy (p. 26); one completing an area gives its
    bonus, which the line names (a bonus left unsaid is not none)."""
    state = rich(RICH.replace("citizens 2 a", "citizens 1 a"))
    refused = refusal(state, "Ann: take B1 C1; use own: citizen 1 bonus envoy C1; pass", choice=True)
    problem = only(refused, TurnRule.AREA_BONUS_COUNT, 25)
    assert problem.details["given"] == 0 and problem.details["least"] == 1
    play(state, "Ann: take B1 C1; use own: citizen 1 bonus envoy C1 coin; pass")
    assert state.table.board("Ann").supply.coins == 4


def test_tile_unsaid_the_fourth_library_takes_a_colonia_tile_p24():
    only(refusal(rich(), TAKE + "build lib C2 pay builder", choice=True), TurnRule.TILE_UNSAID, 24)


def test_tile_unwanted_only_the_fourth_library_or_market_gives_a_tile_p24():
    only(refusal(rich(), TAKE + "build col C2 pay builder tile A1: coin"), TurnRule.TILE_UNWANTED, 24)


def test_tile_not_covered_the_tile_taken_lies_on_a_covered_space_p24():
    problem = only(refusal(rich(), TAKE + "build lib C2 pay builder tile C3: coin"),
                   TurnRule.TILE_NOT_COVERED, 24)
    assert problem.details == {"cell": "C3"}


def test_the_fourth_library_s_tile_is_taken_used_and_goes_onto_the_ship_p24():
    state = rich()
    play(state, TAKE + "build lib C2 pay builder tile A1: 2 coin")
    ann = state.table.board("Ann")
    assert ann.colonia.at(A1).colour is Colour.ORANGE  # A1's tile taken: the crane shows
    assert ann.supply.coins == 3 + 1 + 2 and ann.supply.ship == 3 + 1 + 1  # own tile + A1's


def test_a_finished_track_scores_like_a_column_during_play_p24():
    """The fourth library: the column value of cycle III (1) + 1 active citizen."""
    state = rich()
    done = play(state, TAKE + "build lib C2 pay builder take 2").done
    assert done.points == 1 + 1
    assert state.table.play.points_in(Cycle.III)["Ann"] == 2


def test_a_column_scores_its_value_and_the_active_citizens_p24():
    state = rich()
    play(state, "Ann: take B1 C1; use own: citizen 5; build col C2 pay builder")
    assert state.table.play.points_in(Cycle.III)["Ann"] == 1 + 2  # Patrician II, Craftsman I


# --- Exchanges outside a build's payment (pp. 21, 26, 28) -----------------------------------


def test_exchange_not_allowed_none_the_rules_allow_p21():
    problem = only(refusal(rich(), TAKE + "exchange coin for builder"), TurnRule.EXCHANGE_NOT_ALLOWED, 21)
    assert problem.details["citizens"].en == 26


def test_exchange_workers_to_builder_p21():
    state = rich()
    play(state, TAKE + "exchange 2 worker:b for builder; pass")
    ann = state.table.board("Ann").supply
    assert ann.workers[Colour.BLUE] == 0 and ann.builders == 3


def test_exchange_no_citizen_a_citizen_s_exchange_needs_it_active_p26():
    problem = only(refusal(rich(), TAKE + "exchange coin for tribune"), TurnRule.EXCHANGE_NO_CITIZEN, 26)
    assert problem.details["citizen"] == "merchant-ii"
    play(rich(RICH.replace("citizens 2 a", "citizens 4 a")), TAKE + "exchange coin for tribune; pass")


def test_exchange_limit_merchant_ii_once_a_turn_p26():
    state = rich(RICH.replace("citizens 2 a", "citizens 4 a"))
    line = TAKE + "exchange coin for tribune; exchange coin for assistant"
    problem = only(refusal(state, line), TurnRule.EXCHANGE_LIMIT, 26)
    assert problem.details["times"] == 1


def test_exchange_short_the_supply_holds_what_is_given_p21():
    problem = only(refusal(example(), "Ann: take C2 C4; use own: coin; exchange 2 worker:b for builder"),
                   TurnRule.EXCHANGE_SHORT, 21)
    assert problem.details["have"] == 0


def test_exchange_colour_at_hand_house_rule_assistant_colour_when_missing_p22():
    """With `assistant-colour=when-missing` an assistant changes a worker's colour only while
    no worker of the colour wanted is in the supply; the rulebook's reading allows it."""
    line = TAKE + "exchange assistant worker:o for worker:b"
    state = rich(house=("assistant-colour=when-missing",))
    problem = only(refusal(state, line), TurnRule.EXCHANGE_COLOUR_AT_HAND, 22)
    assert problem.details["worker"] == "worker:blue"
    play(rich(), line + "; pass")


# --- Passing tiles (p. 22) ------------------------------------------------------------------


def test_a_tile_from_beside_the_colonia_is_used_and_leaves_the_game_p22():
    """Round I.1 Bob passes Ann a tile: it lies beside her colonia. In round I.2 Bob takes
    one tile (passing none) and Ann picks that earlier tile from beside hers: used, it
    leaves the game."""
    state = no_streets("Ann: take C2 C4; use own: coin; pass", "Bob: take E2 E4; use own: coin; pass",
                       "round I.2")
    assert state.table.play.tiles_beside("Ann")["Bob"] == 1
    play(state, "Bob: take E5; use own: coin; pass")
    play(state, "Ann: take C5 E5; use received: coin; pass")
    assert state.table.play.tiles_beside("Ann")["Bob"] == 0


# --- The street cards (p. 20) ---------------------------------------------------------------


def test_the_two_cards_matching_is_the_largest_matching_of_tiles_to_cards():
    """street_matching's shortcut for a round's two cards against the plain search (one tile
    per card, p. 20), over random squares, duplicates among them."""
    cards = st.builds(Street, st.sampled_from(list(Axis)), st.integers(0, 5))
    squares = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=12)

    @settings(max_examples=scaled(300), deadline=None)
    @given(squares, st.lists(cards, min_size=2, max_size=2))
    def check(held, streets):
        assert street_matching(held, streets) == _matched(held, streets)

    check()


