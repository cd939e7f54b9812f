"""`trajan classic score --answers FILE --no-input`: a Trajan (2011) game scored without a
terminal, from a TOML file per player, gives the standings the walkthrough gives."""

import json

import pytest

from trajan_cli.core.classic.scoring import PLAYER_KEYS, TABLE_KEYS
from trajan_cli.core.classic.vocabulary import Quarter
from trajan_cli.games import store
from trajan_cli.games.record_file import read_record, record_text

from helpers.classic_board import BROWN_RIGHT, quarter_iv
from helpers.classic_game import FINAL_ANN, FINAL_BOB, Q1, Q2, Q3, Q4, trajan_game
from helpers.walkthrough import play


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


# The answers of tests/helpers/classic_game.py by question key, quarter by quarter (the same
# numbers, worked out there by hand from S. 9).
TOML_Q1 = """
"needs.demands" = "bread,games,religion"
[Ann]
"needs.mode" = "quick"
"needs.marker" = 12
"needs.bread" = 1
"needs.games" = 1
"needs.religion" = 0
"needs.jokers" = 0
"senate.track" = 3
"senate.tiles" = 2
[Bob]
"needs.mode" = "quick"
"needs.marker" = 9
"needs.bread" = 0
"needs.games" = 0
"needs.religion" = 0
"needs.jokers" = 1
"senate.track" = 1
"senate.tiles" = 4
"""
TOML_Q2 = """
"needs.demands" = "bread,bread,bread"
"senate.top" = "Bob"
[Ann]
"needs.mode" = "quick"
"needs.marker" = 20
"needs.bread" = 3
"senate.track" = 2
"senate.tiles" = 0
[Bob]
"needs.mode" = "quick"
"needs.marker" = 15
"needs.bread" = 2
"needs.jokers" = 0
"senate.track" = 2
"senate.tiles" = 0
"""
TOML_Q3 = """
"needs.demands" = "games,games,religion"
[Ann]
"needs.mode" = "quick"
"needs.marker" = 30
"needs.games" = 2
"needs.religion" = 1
"senate.track" = 6
"senate.tiles" = 0
[Bob]
"needs.mode" = "quick"
"needs.marker" = 25
"needs.games" = 0
"needs.religion" = 0
"needs.jokers" = 3
"senate.track" = 4
"senate.tiles" = 5
"""
TOML_Q4 = """
"needs.demands" = "bread,games,religion"
"senate.top" = "Ann"
[Ann]
"needs.mode" = "quick"
"needs.marker" = 40
"needs.bread" = 1
"needs.games" = 1
"needs.religion" = 1
"senate.track" = 5
"senate.tiles" = 0
"final.mode" = "quick"
"final.hand_cards" = 6
"final.workers_in_camp" = 2
"final.legionaries_in_camp" = 0
"final.trajan_tiles_on_circle" = 1
"final.buildings" = [3, 1]
"final.building_jokers" = 1
"final.bonus_tiles" = 2
"final.bonus" = ["city_workers:yellow", "commodity:gray"]
"final.city_workers" = 4
"final.commodity" = 2
"final.commodity_jokers" = 1
[Bob]
"needs.mode" = "quick"
"needs.marker" = 40
"needs.bread" = 1
"needs.games" = 1
"needs.religion" = 1
"senate.track" = 5
"senate.tiles" = 0
"final.mode" = "quick"
"final.hand_cards" = 0
"final.workers_in_camp" = 0
"final.legionaries_in_camp" = 0
"final.trajan_tiles_on_circle" = 0
"final.buildings" = [4]
"final.building_jokers" = 0
"final.bonus_tiles" = 3
"final.bonus" = ["needs:yellow", "legionaries:gray", "yellow_tiles:yellow"]
"final.needs" = 1
"final.legionaries" = 4
"""


def test_every_question_of_a_trajan_game_has_a_key_for_answers_given_ahead(write):
    keys = set()
    result, _, _ = play(trajan_game(), Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    keys |= {(line.key, line.player is None) for line in result.game.lines}
    game, answers = quarter_iv(write)
    result, _, _ = play(game, [*answers, "board", "city_workers", "file",
                               str(write("b.toml", BROWN_RIGHT))])
    keys |= {(line.key, line.player is None) for line in result.game.lines}
    assert {k for k, table in keys if not table} <= PLAYER_KEYS
    assert {k for k, table in keys if table} == TABLE_KEYS
    assert "final.won" in {k for k, _ in keys} and "final.sheet" in {k for k, _ in keys}


def test_a_whole_game_from_answers_files_matches_the_walkthrough_s9(cli, home, write):
    assert cli("game", "new", "t", "-p", "Ann", "-p", "Bob", "--variant", "trajan").code == 0
    for n, text in enumerate((TOML_Q1, TOML_Q2, TOML_Q3, TOML_Q4), start=1):
        done = cli("classic", "score", "--game", "t", "--answers", write(f"q{n}.toml", text), "--no-input")
        assert done.code == 0, done.err
        assert "Not asked in this run" not in done.out
    walked, _, _ = play(trajan_game(), Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    saved = store.replay(store.load("t"))
    assert saved.finished
    assert saved.totals() == walked.state.totals() == {"Ann": 79, "Bob": 79}
    assert saved.ranking.winners == ("Ann",) and saved.ranking.decided_by == "senate"
    assert [(a.key, a.cycle, a.player, a.value) for a in saved.lines] == \
        [(a.key, a.cycle, a.player, a.value) for a in walked.game.lines]


def test_a_question_left_open_names_the_player_and_the_key(cli, home, write):
    cli("game", "new", "t", "-p", "Ann", "-p", "Bob", "--variant", "trajan")
    short = TOML_Q1.replace('"needs.jokers" = 1\n', "")
    done = cli("classic", "score", "--game", "t", "--answers", write("a.toml", short), "--no-input")
    assert done.code == 2 and "Traceback" not in done.err
    assert "no answer for Bob" in done.err and '"needs.jokers"' in done.err and "a.toml" in done.err
    # Everything answered before it is kept: the run goes on from there.
    assert store.replay(store.load("t")).question.key == "needs.jokers"


def test_an_unknown_key_and_an_unknown_player_are_refused_before_anything_is_asked(cli, home, write):
    cli("game", "new", "t", "-p", "Ann", "-p", "Bob", "--variant", "trajan")
    typo = write("typo.toml", TOML_Q1.replace('"needs.marker" = 12', '"needs.markr" = 12'))
    done = cli("classic", "score", "--game", "t", "--answers", typo, "--no-input")
    assert done.code == 2 and "needs.markr" in done.err and '"needs.marker"' in done.err
    stranger = write("cy.toml", TOML_Q1 + '[Cy]\n"needs.mode" = "quick"\n')
    done = cli("classic", "score", "--game", "t", "--answers", stranger, "--no-input")
    assert done.code == 2 and "Cy" in done.err and "not a player of this game" in done.err
    assert store.load_game("t").lines == ()


def test_an_answer_the_walk_refuses_names_its_key_and_line(cli, home, write):
    cli("game", "new", "t", "-p", "Ann", "-p", "Bob", "--variant", "trajan")
    bad = write("bad.toml", TOML_Q1.replace('"needs.marker" = 9', '"needs.marker" = "nine"'))
    done = cli("classic", "score", "--game", "t", "--answers", bad, "--no-input")
    assert done.code == 2 and "needs.marker" in done.err and "bad.toml" in done.err


def test_without_a_terminal_or_answers_the_command_says_how_to_script_it(cli, home):
    cli("game", "new", "t", "-p", "Ann", "-p", "Bob", "--variant", "trajan")
    done = cli("classic", "score", "--game", "t")
    assert done.code == 2 and "--answers FILE --no-input" in done.err


@pytest.mark.parametrize("given, asked", [('["needs:yellow"]', 3)])
def test_one_answer_per_bonus_tile_and_too_few_is_an_error(cli, home, write, given, asked):
    cli("game", "new", "t", "-p", "Ann", "-p", "Bob", "--variant", "trajan", "--from-quarter", "4")
    text = TOML_Q4.replace('["needs:yellow", "legionaries:gray", "yellow_tiles:yellow"]', given)
    done = cli("classic", "score", "--game", "t", "--answers", write("q4.toml", text), "--no-input")
    assert done.code == 2 and "final.bonus" in done.err and "no answer for item 2" in done.err


def test_the_game_log_of_a_kept_board_reads_back_into_the_same_game(write):
    game, answers = quarter_iv(write)
    result, _, _ = play(game, [*answers, "board", "city_workers", "board", "needs"])
    text = record_text(result.game)
    assert "# trajan game new t --player Green --player Brown --variant trajan --from-quarter 4" in text
    assert 'score IV Brown: final.won = "needs"' in text
    again = read_record(text, "t.txt").game
    assert again == result.game
    assert again.first_cycle is Quarter.IV
    answers_json = [json.dumps(a.to_json()) for a in again.lines]
    assert len(answers_json) == len(result.game.lines)


def test_the_docs_answers_file_names_only_questions_of_a_trajan_game():
    from pathlib import Path

    from trajan_cli.core.game import TRAJAN
    from trajan_cli.parsing.answers import parse_answers

    page = (Path(__file__).parent.parent / "docs" / "trajan-2011.md").read_text(encoding="utf-8")
    block = page.split("**Scripted**", 1)[1].split("```toml\n", 1)[1].split("```", 1)[0]
    ahead = parse_answers(block, "docs/trajan-2011.md", variant=TRAJAN)
    assert ahead.given("Ann", "final.won").value == ["legionaries"]
    assert ahead.given(None, "needs.demands").value == "bread,games,religion"


def test_two_discs_on_top_in_one_senate_take_a_list_in_order_s9(cli, home, write):
    """Three players level on votes and track (quarter II of the golden game): the table says
    whose disc is on top twice, answered by a list."""
    cli("game", "new", "g", "-p", "Ann", "-p", "Bob", "-p", "Cy", "--variant", "trajan", "--from-quarter", "2")
    text = '"needs.demands" = "religion,religion,religion"\n"senate.top" = ["Cy", "Bob"]\n' + "".join(
        f'[{name}]\n"needs.mode" = "quick"\n"needs.marker" = 0\n"needs.religion" = 3\n'
        f'"senate.track" = 2\n"senate.tiles" = 0\n' for name in ("Ann", "Bob", "Cy"))
    done = cli("classic", "score", "--game", "g", "--answers", write("q2.toml", text), "--no-input")
    assert done.code == 0, done.err
    assert "top first: Cy, Bob, Ann" in done.out
    assert "Cy: consul" in done.out and "Bob: deputy" in done.out
