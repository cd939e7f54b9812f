"""The Trajan (2011) board the game keeps from one quarter end to the next (S. 9).

The case that made it: Brown and Green (the rulebook's S. 9 senate example) reach the end of
quarter IV. Brown meets bread, games, religion with a bread forum tile, a games Trajan tile
and a demand joker; the bread tile and the joker leave the game („Die eingesetzten
Forumsplättchen werden ... aus dem Spiel genommen“, S. 9). A final sheet that still holds
them scores Brown's demands bonus tile (9 points, „Die Bonustafeln“) and makes Brown win
with 103; by the rulebook Brown has 94 and Green wins with 99.

Hand-worked totals (points per thing from S. 9 and „Die Bonustafeln“):

Green, quarter IV: marker 60; bread unmet (games forum tile, religion Trajan tile): -4 -> 56.
Green, final: hand 2 + worker in camp 1 + legionaries in camp 2 + Trajan tiles 3 = 8;
  sets: bath 3 = 10, villa 2 + 1 building joker = 10 -> 20; bonus tiles: commodity wine yellow,
  3 wine + 1 commodity joker = 4 x 3 = 12, city workers gray, 5 workers -> 3 (half, rounded
  up) -> 15. 8 + 20 + 15 = 43. Total 56 + 43 = 99.
Brown, quarter IV: marker 55; every demand met -> 55.
Brown, final: hand 4 + legionary in camp 1 + Trajan tiles 2 = 7; sets: arch 4 = 20; bonus
  tiles: legionaries yellow, 4 in provinces x 2 = 8; demands yellow, nothing left = 0;
  yellow tiles gray, 2 yellow tiles x 2 = 4 -> 12. 7 + 20 + 12 = 39. Total 55 + 39 = 94.
  (With the bread tile and the joker still counted: demands 9 more, 48 and 103.)
Senate IV: Brown 5 + 3 = 8, Green 5: Brown consul (a yellow bonus tile: the demands one),
Green deputy (a gray one: city workers).
"""

import pytest

from trajan_cli.core.classic.board import Difference, after_quarter_end, differences
from trajan_cli.core.classic.models import BonusTile
from trajan_cli.core.classic.quarter import meet_demands
from trajan_cli.core.classic.vocabulary import BonusKind, BonusSide, Demand, Quarter
from trajan_cli.parsing.classic_sheet import parse_classic_sheet

from helpers.classic_board import (
    BROWN_FINAL,
    BROWN_IV,
    BROWN_RIGHT,
    DEMANDS,
    GREEN_FINAL,
    GREEN_IV,
    GREEN_RIGHT,
    quarter_iv,
)
from helpers.classic_game import trajan_game
from helpers.walkthrough import play


def test_the_examples_are_cut_as_meant():
    assert BROWN_IV != BROWN_FINAL and GREEN_IV != GREEN_FINAL
    assert BROWN_RIGHT != BROWN_FINAL and GREEN_RIGHT != GREEN_FINAL


# --- The core -------------------------------------------------------------------------------


def test_used_forum_tiles_and_jokers_leave_the_game_trajan_tiles_stay_s9(rules):
    from trajan_cli.rulesdata import load_classic_rules

    classic = load_classic_rules()
    brown = parse_classic_sheet(BROWN_IV)
    needs = meet_demands([Demand.BREAD, Demand.GAMES, Demand.RELIGION], brown.forum_needs,
                         brown.trajan_needs, brown.demand_jokers, classic)
    assert needs.unmet == 0 and needs.jokers == 1 and needs.forum_tiles == {Demand.BREAD: 1}
    after = after_quarter_end(brown, needs)
    assert after.forum_needs == {} and after.demand_jokers == 0
    assert after.trajan_needs == (Demand.GAMES,)  # the Trajan tile stays (S. 9)
    assert after.senate_tiles == ()  # every senate tile leaves at the quarter end (S. 9)
    assert after.buildings == brown.buildings and after.bonus_tiles == brown.bonus_tiles


def test_only_the_forum_tiles_used_leave_s9():
    from trajan_cli.rulesdata import load_classic_rules

    green = parse_classic_sheet(GREEN_IV)
    needs = meet_demands([Demand.BREAD, Demand.GAMES, Demand.RELIGION], green.forum_needs,
                         green.trajan_needs, green.demand_jokers, load_classic_rules())
    assert needs.unmet == 1  # bread: -4 as in the rulebook's example
    assert after_quarter_end(green, needs).forum_needs == {Demand.GAMES: 1}


def test_a_final_sheet_is_compared_with_the_kept_board_entry_by_entry():
    from trajan_cli.rulesdata import load_classic_rules

    brown = parse_classic_sheet(BROWN_IV)
    needs = meet_demands([Demand.BREAD, Demand.GAMES, Demand.RELIGION], brown.forum_needs,
                         brown.trajan_needs, brown.demand_jokers, load_classic_rules())
    board = after_quarter_end(brown, needs)
    won = (BonusSide.YELLOW,)
    assert differences(board, won, parse_classic_sheet(BROWN_RIGHT)) == []
    assert differences(board, won, parse_classic_sheet(BROWN_FINAL)) == [
        Difference("demand_jokers", None, 0, 1), Difference("forum_needs", Demand.BREAD, 0, 1)]
    # The tile won as consul is yellow side up (S. 9): a gray one is not it.
    gray = BROWN_RIGHT.replace('kind = "needs"\nside = "yellow"', 'kind = "needs"\nside = "gray"')
    assert differences(board, won, parse_classic_sheet(gray)) == [
        Difference("bonus_won", BonusSide.YELLOW, 1, 0), Difference("bonus_won", BonusSide.GRAY, 0, 1)]
    # A bonus tile never leaves: one missing is named.
    lost = BROWN_RIGHT.replace('kind = "legionaries"', 'kind = "city_workers"')
    assert Difference("bonus_tiles", BonusTile(BonusKind.LEGIONARIES, BonusSide.YELLOW), 1, 0) in \
        differences(board, won, parse_classic_sheet(lost))


# --- The walkthrough --------------------------------------------------------------------------


def test_the_wrong_winner_is_refused_naming_the_tile_and_the_joker_s9(write):
    game, answers = quarter_iv(write)
    wrong, right = write("brown.toml", BROWN_FINAL), write("brown-right.toml", BROWN_RIGHT)
    green = write("green.toml", GREEN_RIGHT)
    result, shown, _ = play(game, [*answers, "file", str(green), "file", str(wrong), str(right)])
    refusal = next(line for line in shown if "does not hold what the game keeps" in line)
    assert "demand jokers: 1 on the sheet, 0 kept by the game" in refusal
    assert "forum tiles bread: 1 on the sheet, 0 kept by the game" in refusal
    assert "S. 9" in refusal
    assert result.state.finished
    assert result.state.totals() == {"Green": 99, "Brown": 94}
    assert result.state.ranking.winners == ("Green",)


def test_green_s_second_games_tile_is_kept_and_one_too_many_is_refused_s9(write):
    game, answers = quarter_iv(write)
    two = write("green.toml", GREEN_FINAL)
    one = write("green-right.toml", GREEN_RIGHT)
    result, shown, _ = play(game, [*answers, "file", str(two), str(one)])
    assert any("forum tiles games: 2 on the sheet, 1 kept by the game" in line for line in shown)
    assert result.state.question.player == "Brown"


def test_the_final_scoring_of_the_kept_board_asks_only_the_won_tiles_kinds(write):
    game, answers = quarter_iv(write)
    result, shown, _ = play(game, [*answers, "board", "city_workers", "board", "needs"])
    assert result.state.finished
    assert result.state.totals() == {"Green": 99, "Brown": 94}
    assert result.state.ranking.winners == ("Green",)
    assert any("Brown" in line and "demands, yellow side: 0" in line for line in shown)


def test_the_kept_board_is_offered_first_and_only_after_a_sheet(write):
    game, answers = quarter_iv(write)
    result, _, _ = play(game, answers)
    question = result.state.question
    assert (question.key, question.default) == ("final.mode", "board")
    quick = trajan_game(players=("Green", "Brown"), start_player="Green", first_cycle=Quarter.IV)
    result, _, _ = play(quick, [DEMANDS, "quick", 0, 0, 0, 0, 0, "quick", 0, 0, 0, 0, 0, 1, 0, 0, 0])
    question = result.state.question
    assert question.key == "final.mode" and "board" not in [o.value for o in question.options]


def test_a_saved_game_replays_the_board_from_its_record(write):
    from helpers.walkthrough import replay

    game, answers = quarter_iv(write)
    result, _, _ = play(game, [*answers, "board", "city_workers"])
    state = replay(result.game)
    question = state.question
    assert (question.player, question.key, question.default) == ("Brown", "final.mode", "board")


# --- The kept board shown, and exported as a sheet ---------------------------------------------


def test_a_sheet_written_out_reads_back_as_the_same_board():
    from trajan_cli.parsing.classic_sheet import classic_sheet_toml

    for text in (BROWN_FINAL, GREEN_FINAL, 'name = "Ann"\n'):
        sheet = parse_classic_sheet(text)
        assert parse_classic_sheet(classic_sheet_toml(sheet)) == sheet


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_classic_board_shows_the_kept_board_after_quarter_iv_s9(cli, home, write):
    from trajan_cli.games import store

    game, answers = quarter_iv(write)
    result, _, _ = play(game, answers)
    store.save_game(result.game)
    done = cli("classic", "board", "--game", "t", "--player", "brown")
    assert done.code == 0, done.err
    assert done.out.startswith("# Brown's board as the game keeps it after quarter IV")
    assert "a bonus tile yellow side up" in done.out  # won as consul, its kind not yet said
    text = "\n".join(line for line in done.out.splitlines() if not line.startswith("#"))
    kept = parse_classic_sheet(text)  # the output is a sheet file, ready to correct and give
    assert kept.forum_needs == {} and kept.demand_jokers == 0 and kept.trajan_needs == (Demand.GAMES,)
    assert kept.senate_tiles == ()
    answer = cli("classic", "board", "--game", "t", "--json").json()
    assert answer["players"]["Green"]["quarter"] == 4 and answer["players"]["Green"]["won"] == ["gray"]
    assert parse_classic_sheet(answer["players"]["Green"]["sheet"]).forum_needs == {Demand.GAMES: 1}
    assert cli("classic", "board", "--game", "t", "--player", "Cy").code == 2


def test_classic_board_says_when_no_board_is_kept(cli, home):
    assert cli("game", "new", "t", "-p", "Ann", "-p", "Bob", "--variant", "trajan").code == 0
    done = cli("classic", "board", "--game", "t")
    assert done.code == 0 and "# Ann: no board kept" in done.out and "# Bob: no board kept" in done.out
    assert cli("classic", "board", "--game", "t", "--json").json() == {"players": {"Ann": None, "Bob": None}}


def test_quick_counts_of_the_final_scoring_must_agree_with_the_kept_board_s9(write):
    game, answers = quarter_iv(write)
    brown = ["quick", 4, 0, 1, 2, [4, 2], 0, 3, "legionaries:yellow", "yellow_tiles:gray", "needs:yellow",
             2, 0,  # the bread tile and the joker counted again: refused, then none
             4]
    result, shown, _ = play(game, [*answers, "board", "city_workers", *brown])
    assert any("the board the game keeps after quarter IV says 0" in line for line in shown)
    assert result.state.finished
    assert result.state.totals() == {"Green": 99, "Brown": 94}


def test_a_quick_count_of_construction_tiles_is_held_to_the_kept_board(write):
    game, answers = quarter_iv(write)
    result, shown, _ = play(game, [*answers, "board", "city_workers", "quick", 4, 0, 1, 2, [4, 3], [2, 4]])
    assert any("says 4 2" in line for line in shown)
    assert result.state.question.key == "final.building_jokers"


def test_what_stays_until_used_is_held_against_the_next_quarter_end_s9_s11():
    from trajan_cli.core.classic.board import losses

    green = parse_classic_sheet(GREEN_IV)
    assert losses(green, (), green) == []
    more = parse_classic_sheet(GREEN_IV.replace("games = 2", "games = 3").replace("bath = 3", "bath = 4"))
    assert losses(green, (), more) == []  # gained in play: fine
    fewer = parse_classic_sheet(GREEN_IV.replace("games = 2", "games = 1").replace("bath = 3", "bath = 2")
                                .replace("workers_in_city = 5", "workers_in_city = 4"))
    assert losses(green, (), fewer) == [
        Difference("workers_in_city", None, 5, 4), Difference("forum_needs", Demand.GAMES, 2, 1),
        Difference("buildings", "bath", 3, 2)]
    # Hand cards, figures in the camps and commodity jokers come and go in play: not held.
    moved = parse_classic_sheet(GREEN_IV.replace("hand_cards = 2", "hand_cards = 0")
                                .replace("commodity_jokers = 1", "commodity_jokers = 0"))
    assert losses(green, (), moved) == []
