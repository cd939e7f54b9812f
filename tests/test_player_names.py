"""A player's name is written in every line of the game record that is theirs
(``Ann: take C3 D3; ...``, ``board Ann: ...``, ``score I Ann: ...``, the forum line's
``players 1 Ann, 2 Bob``): `trajan game new` refuses a name the record cannot hold, saying
why, instead of starting a game whose turns can never be recorded.

A player named ``#x`` was accepted, and each of their turns read as a comment: nothing
recorded, exit 0.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.core.game import Answer, Game, GameError, name_problem, record_name_problems
from trajan_cli.core.turns.moves import Turn
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.parsing.notation import format_line, parse_line

from helpers.hypothesis_profiles import scaled


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


def why(*players: str) -> str:
    (template, params), *_rest = record_name_problems(players)
    from trajan_cli.core.game import Message

    return Message(template, params).show()


# --- The rule, on the core -------------------------------------------------------------------


@pytest.mark.parametrize("name, reason", [
    ("#x", "'#' starts a comment"),
    ("Ann: the first", "':' ends the player's name"),
    ("a;b", "';' separates the parts of a line"),
    ("Smith, J", "',' separates the players of the forum line"),
])
def test_a_character_the_record_gives_a_meaning_to_is_named(name, reason):
    assert why(name, "Bob") == (f"the player name {name!r} cannot be written in the game record, where "
                                f"{reason}: choose a name without it")


@pytest.mark.parametrize("name", ["Forum", "round", "Board Ann", "build", "SCORE keeper"])
def test_a_name_beginning_with_a_line_keyword_is_refused(name):
    """``forum: players ...`` read as a turn of a player named Forum; ``board Ann: ...`` as
    a turn of a player named "board Ann"."""
    assert "the word a line of the game record begins with" in why(name, "Bob")


def test_the_record_name_of_the_whole_table_is_refused():
    assert why("-", "Bob") == "the player name '-' is how the game record names the whole table: choose another name"


@pytest.mark.parametrize("name", ["Ann  Lee", "Ann\u00a0Lee", "Ann\u3000Lee", " Ann", "Ann "])
def test_spaces_the_record_reads_as_one_space_are_refused(name):
    """The notation's spaces are free: 'Ann  Lee:' is typed and read as 'Ann Lee:'."""
    assert "holds spaces the game record reads as one" in why(name, "Bob")


def test_names_that_read_as_one_are_refused():
    assert why("Ｂｏｂ", "Bob") == "the player names 'Ｂｏｂ' and 'Bob' read as the same name: choose names that differ"
    assert why("Zoe\u0308", "Zoë") .startswith("the player names")  # the same letter, composed or not


@pytest.mark.parametrize("players", [("Ann", "Bob"), ("Roundtree", "Forumsky"), ("Zoë", "José", "李"),
                                     ("Ann", "Anna", "Ann Lee"), ("O'Neil", "J.R.", "A/B", "x=y")])
def test_names_the_record_holds_are_accepted(players):
    assert record_name_problems(players) == []
    Game(name="g", players=players, start_player=players[0]).check_new()


def test_check_new_refuses_the_game_and_a_saved_game_still_loads():
    """Only a new game is refused: a game saved with such a name keeps loading (its
    scoring never needed the record)."""
    game = Game(name="g", players=("#x", "Bob"), start_player="Bob")  # loads
    with pytest.raises(GameError, match="'#' starts a comment"):
        game.check_new()


SETUP = "colonia ? ? ? ? ? ? / ? T ? ? ? ? / ? ? ? ? ? T / ? ? ? ? ? T / ? ? ? T ? ? / ? ? ? ? ? ?; ship 1"
_NAME_CHARACTERS = st.characters(blacklist_categories=("Cs",), blacklist_characters="\n")


@settings(max_examples=scaled(300), deadline=None)
@given(st.text(_NAME_CHARACTERS, min_size=1, max_size=12))
def test_every_name_accepted_is_written_and_read_back_by_the_record(name):
    """Whatever a new game accepts, its turn, build, board and answer lines, and the forum
    line, read back naming that player (an emoji once broke the board and forum lines)."""
    players = (name.strip(), "Bob")
    if (not players[0] or name_problem(players[0]) or record_name_problems(players)
            or players[0].casefold() == "bob"):
        return
    player = players[0]
    turn = parse_line(format_line(Turn(player, ((2, 2), (3, 2)), passed=True)), players)
    assert turn.player == player and turn.take == ((2, 2), (3, 2)) and turn.passed
    answer = Answer("pay.rows", Cycle.I, player, [2, 5])
    assert parse_line(format_line(answer), players) == answer
    build = parse_line(f"build {player}: g E3", players)
    assert build.player == player and build.build.squares == ((4, 2),)
    board = parse_line(f"board {player}: {SETUP}", players)
    assert board.player == player and parse_line(format_line(board), players) == board
    forum = parse_line(f"forum: players 1 {player}, 2 Bob; grid E o / y b", players)
    assert dict(forum.forum.players) == {"1": player, "2": "Bob"}
    assert parse_line(format_line(forum), players) == forum


# --- `trajan game new` ---------------------------------------------------------------------


@pytest.mark.parametrize("name", ["#x", "a:b", "a;b"])
def test_game_new_refuses_a_name_the_record_cannot_hold(cli, name):
    result = cli("game", "new", "g", "--player", name, "--player", "Bob")
    assert result.code == 2 and "cannot be written in the game record" in result.err
    assert cli("game", "list", "--json").json()["games"] == []  # no game started


def test_game_new_refuses_it_for_trajan_2011_too(cli):
    """A Trajan game's record holds its scoring answers, ``score I NAME: ...``."""
    result = cli("game", "new", "t", "--variant", "trajan", "--player", "Forum", "--player", "Bob")
    assert result.code == 2 and "'Forum', the word a line of the game record begins with" in result.problems[0]


def test_a_player_the_record_holds_plays(cli):
    assert cli("game", "new", "g", "--player", "Zoë", "--player", "Roundtree").code == 0
    assert cli("turn", "g", "round I.1: streets 3 C").code == 0
    refused = cli("turn", "g", "zo: take C3 D3; use own: coin")  # recorded, or refused for the board
    assert "Zoë" in refused.err and "board is not recorded" in refused.err
