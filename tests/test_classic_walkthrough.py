"""Trajan (2011) at the table: quarter ends (S. 9) and the final scoring (S. 9), asked,
saved and replayed by the same machinery as Forum Trajanum."""

import csv
import io
import json

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.classic.vocabulary import ClassicCategory as C
from trajan_cli.core.classic.vocabulary import ClassicStep, Quarter
from trajan_cli.core.game import FORUM_TRAJANUM, TRAJAN, Answer, Game, GameError
from trajan_cli.core.scoring_phase.questions import Kind, Question
from trajan_cli.core.state import LineRefused
from trajan_cli.games import store
from trajan_cli.parsing.notation import parse_line
from trajan_cli.ui.prompts import QuestionaryPrompter

from helpers.classic_game import FINAL_ANN, FINAL_BOB, Q1, Q2, Q3, Q4, trajan_game
from helpers.walkthrough import play, replay


def test_a_quarter_end_demands_then_senate_s9():
    result, shown, saved = play(trajan_game(), Q1)
    cells = result.state.breakdown()
    assert cells["Ann"][Quarter.I] == {C.PLAY: 12, C.DEMANDS: -4}
    assert cells["Bob"][Quarter.I] == {C.PLAY: 9, C.DEMANDS: -9}
    assert any("Ann: consul with 5 votes" in line for line in shown)
    assert any("Bob: deputy with 5 votes" in line and "gray" in line for line in shown)
    assert len(saved) == len(Q1)
    question = result.state.question
    assert (question.key, question.cycle, question.step) == ("needs.demands", Quarter.II, ClassicStep.NEEDS)


def test_jokers_are_asked_only_when_tiles_fall_short_s9():
    result, _, _ = play(trajan_game(), Q1[:7])
    assert result.state.question.key == "needs.mode"  # Ann's joker question came (short 1)
    result, _, _ = play(trajan_game(), Q1 + Q2[:4])
    assert (result.state.question.key, result.state.question.player) == ("needs.mode", "Bob")


def test_level_on_votes_and_track_the_table_says_whose_disc_is_on_top_s9():
    result, _, _ = play(trajan_game(), Q1 + Q2[:-1])
    question = result.state.question
    assert question.key == "senate.top" and [o.value for o in question.options] == ["Ann", "Bob"]
    result, shown, _ = play(result.game, ["Bob"])
    assert any("Bob: consul with 2 votes" in line for line in shown)


def test_three_level_discs_take_two_questions():
    game = trajan_game(players=("Ann", "Bob", "Cy"))
    answers = ["bread,games,religion"] + ["quick", 0, 1, 1, 1] * 3 + [4, 0] * 3
    result, _, _ = play(game, answers)
    assert [o.value for o in result.state.question.options] == ["Ann", "Bob", "Cy"]
    result, _, _ = play(result.game, ["Cy"])
    assert [o.value for o in result.state.question.options] == ["Ann", "Bob"]
    result, shown, _ = play(result.game, ["Ann"])
    assert any("senate discs stacked on the start space, top first: Cy, Ann, Bob" in line for line in shown)


def test_whole_game_tie_on_points_goes_to_the_senate_position_s9():
    result, shown, _ = play(trajan_game(), Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    assert result.state.finished
    final = result.state.breakdown()
    assert final["Ann"][Quarter.IV] == {C.PLAY: 10, C.DEMANDS: 0, C.REMAINING: 9, C.SETS: 20, C.BONUS: 10}
    assert final["Bob"][Quarter.IV] == {C.PLAY: 15, C.DEMANDS: 0, C.REMAINING: 0, C.SETS: 20, C.BONUS: 19}
    assert result.state.totals() == {"Ann": 79, "Bob": 79}
    ranking = result.state.ranking
    assert ranking.winners == ("Ann",) and ranking.decided_by == "senate"
    assert any("decided by the position in the senate" in line for line in shown)


def test_bonus_tiles_default_to_the_start_tile_and_those_won_in_the_senate():
    result, _, _ = play(trajan_game(), Q1 + Q2 + Q3 + Q4 + FINAL_ANN[:7])
    question = result.state.question
    # Ann: one at set-up, consul in I and IV, deputy in II and III.
    assert (question.key, question.default) == ("final.bonus_tiles", 5)


def test_sheets_score_the_quarter_end_and_the_end_of_the_game():
    game = trajan_game(players=("Green", "Brown"), start_player="Green", first_cycle=Quarter.IV)
    green, brown = str(EXAMPLES_DIR / "classic-green.toml"), str(EXAMPLES_DIR / "classic-brown.toml")
    # The final scoring scores the boards the game keeps (tests/test_classic_board.py), asking
    # the kinds of the bonus tiles won in the last senate: Green (deputy) a gray legionaries
    # tile, Brown (consul) a yellow one for yellow tiles.
    answers = ["bread,games,religion", "file", 10, green, "file", 12, brown,
               "board", "legionaries", "board", "yellow_tiles"]
    result, shown, _ = play(game, answers)
    assert result.state.finished
    # Green: 8 one-pointers, sets 20, bonus wine 4 x 3 + city workers 3 + legionaries 2 = 45.
    # Brown: 7 one-pointers, sets 20, bonus legionaries 8 + demands 0 (its bread tile and
    # joker went for the demands) + yellow tiles 3 x 2 + 3 x 3 = 23: 50.
    assert result.state.totals() == {"Green": 10 - 4 + 45, "Brown": 12 + 50}
    assert any("Brown: consul with 8 votes" in line for line in shown)


def test_a_sheet_that_does_not_parse_is_refused_with_its_problems(write):
    bad = write("bad.toml", 'name = "Green"\nsenate_tiles = [9]\n')
    good = str(EXAMPLES_DIR / "classic-green.toml")
    game = trajan_game(players=("Green", "Brown"), start_player="Green")
    result, shown, _ = play(game, ["bread,games,religion", "file", 0, str(bad), good])
    assert any("senate tile shows 2 to 5 votes" in line for line in shown)
    assert result.game.lines[-1].value["path"] == good


def test_the_marker_goes_below_the_start_but_never_back_during_play():
    answers = ["bread,games,religion", "quick", 0, 0, 0, 0, 0, "quick", 0, 1, 1, 1, 0, 0, 1, 0]
    result, _, _ = play(trajan_game(), answers)
    assert result.state.totals()["Ann"] == -15
    result, shown, _ = play(result.game, ["bread,games,religion", "quick", -16, -15])
    assert any("only moves on during play" in line for line in shown)
    assert result.state.totals()["Ann"] == -15


def test_replay_refuses_answers_of_another_game():
    game = trajan_game().with_line(Answer("pay.mode", Quarter.I, "Ann", "quick"))
    with pytest.raises(LineRefused) as refused:
        replay(game)
    assert "the scoring phase asks" in refused.value.problems[0].show()


@pytest.mark.parametrize("text", ["round I.1: streets 3 C", "Ann: take C3 D3; use own: 2 coin",
                                  "build Ann: mkt C1"])
def test_replay_refuses_rounds_turns_and_builds_in_a_trajan_game(text):
    """A Trajan (2011) game keeps its scoring answers only: a round, a turn or a build in its
    record (edited by hand) is refused as such, never judged by Forum Trajanum's referee
    (which broke on Trajan's rules: an internal error, exit 70)."""
    game = trajan_game().with_line(parse_line(text, ("Ann", "Bob"), periods=Quarter))
    with pytest.raises(LineRefused) as refused:
        replay(game)
    assert "holds its scoring answers only" in refused.value.problems[0].show()


def test_game_files_remember_the_variant_and_old_files_are_forum_trajanum():
    game = trajan_game(first_cycle=Quarter.III)
    data = game.to_json()
    assert data["variant"] == TRAJAN and data["first_cycle"] == 3
    assert Game.from_json(json.loads(json.dumps(data))) == game
    old = Game("g", ("A",), "A").to_json()
    del old["variant"]
    assert Game.from_json(old).variant == FORUM_TRAJANUM
    with pytest.raises(GameError, match="unknown game"):
        Game.from_json(data | {"variant": "chess"})
    with pytest.raises(GameError, match="2 to 4 players"):
        trajan_game(players=("Ann",), start_player="Ann")
    with pytest.raises(GameError, match="no scoring period 4"):
        Game("g", ("A",), "A", first_cycle=4)


# --- The game commands on a Trajan game --------------------------------------------------------------


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def finished(home):
    result, _, _ = play(trajan_game(), Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    store.save_game(result.game)
    return result


def test_game_new_list_show_for_trajan(cli, home):
    assert cli("game", "new", "friday", "-p", "Ann", "-p", "Bob", "--variant", "trajan").code == 0
    assert store.load_game("friday").variant == TRAJAN
    listing = cli("game", "list", "--json").json()
    assert listing["games"][0]["state"] == "next: the people's demands, quarter I"
    assert listing["games"][0]["next"] == {"period": 1, "step": "needs"}  # for scripts
    shown = cli("game", "show", "friday", "--json").json()
    assert shown["variant"] == "trajan" and shown["next"] == {"quarter": 1, "step": "needs", "player": None}
    assert "cards" not in shown and set(shown["players"][0]["quarters"]) == {"1", "2", "3", "4"}
    assert cli("game", "new", "x", "-p", "Ann", "-p", "Bob", "--variant", "trajan", "--cards", "I-1").code == 2
    assert cli("game", "new", "y", "-p", "Ann", "--variant", "trajan").code == 2


def test_show_and_export_a_finished_trajan_game(cli, finished):
    shown = cli("game", "show", "t")
    assert shown.code == 0 and "Ann wins with 79 points" in shown.out and "Bonus tiles" in shown.out
    rows = list(csv.DictReader(io.StringIO(cli("game", "export", "t", "--format", "csv").out)))
    assert rows[0]["name"] == "Ann" and rows[0]["total"] == "79" and rows[0]["place"] == "1"
    assert rows[0]["quarter_IV"] == "49" and rows[0]["demands"] == "-4"
    assert json.loads(cli("game", "export", "t", "-f", "bgstats").out)["games"][0]["name"] == "Trajan"


def test_a_turn_line_in_a_trajan_game_file_exits_2_naming_file_and_line(cli, home):
    assert cli("game", "new", "friday", "-p", "Ann", "-p", "Bob", "--variant", "trajan").code == 0
    path = store.game_path("friday")
    path.write_text(path.read_text(encoding="utf-8") + "round I.1: streets 3 C\n", encoding="utf-8")
    for command in (("game", "log", "friday"), ("game", "show", "friday")):
        result = cli(*command)
        said = " ".join(result.err.split())
        assert result.code == 2, said
        assert "friday.txt:4:" in said and "holds its scoring answers only" in said
        assert "internal error" not in said


def test_undo_in_a_trajan_game(cli, home):
    result, _, _ = play(trajan_game(), Q1[:3])
    store.save_game(result.game)
    undone = cli("game", "undo", "t")
    assert undone.code == 0 and "trajan classic score" in undone.out
    assert len(store.load_game("t").lines) == 2


def test_each_score_command_keeps_to_its_game(cli, home):
    store.save_game(trajan_game())
    wrong = cli("score", "--game", "t")
    assert wrong.code == 2 and "trajan classic score" in wrong.err
    no_terminal = cli("classic", "score", "--game", "t")
    assert no_terminal.code == 2 and "terminal" in no_terminal.err and "classic needs" in no_terminal.err


# --- Prompts the Trajan walkthrough adds ----------------------------------------------------------------


def ask(kind, keys, **extra):
    with create_pipe_input() as pipe:
        pipe.send_text(keys)
        question = Question("k", kind, ClassicStep.FINAL, Quarter.IV, "Ann", "Q?", {}, **extra)
        return QuestionaryPrompter(input=pipe, output=DummyOutput()).ask(question)


def test_numbers_prompt_takes_any_count():
    assert ask(Kind.NUMBERS, "3 2, 1\r", default=[]) == [3, 2, 1]
    assert ask(Kind.NUMBERS, "\r", default=[]) == []


def test_whole_number_prompt_takes_a_minus_sign():
    assert ask(Kind.INT, "\x15-15\r", default=0, minimum=-99) == -15
