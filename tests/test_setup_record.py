"""The set-up lines through the commands (pp. 18-19): `trajan turn GAME "box ..."` and
`"set-up ..."` record them or refuse them with every reason (exit 2, rule keys with
--json), `game log` prints them as recorded and `turn --file` reads them back, `board show`
draws the boards they made, and a game set up this way is played: by turn lines (three
players) and on the table screen (the worked example, its boards set up by lines).

The temples and faces are made up for the tests; the example's boards are its own.
"""

from __future__ import annotations

import re

import pytest

from trajan_cli.core.vocabulary import CellKind, Colour
from trajan_cli.games import store
from trajan_cli.games.table_session import TableSession
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.sheet import parse_sheet
from trajan_cli.ui.table.screen import TableScreen

from helpers import table_example as example

SET_UP_3P = [
    "box side A: temples B2 F3 F4 D5",
    "box side B1: temples C2 E2 B4 D5",
    "set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 2; worker o",
    "set-up Bob: side B1; cranes A1 y F1 g A6 o F6 b; citizen 3; worker b",
    "set-up Cleo: side A; cranes A1 b F1 y A6 g F6 o; citizen 6; worker g",
    "box face 1a: b b E / g o y / y y o",
    "box face 2a: g E b / o o y / b g E",
    "box face 3a: y b o / E g g / o y b",
    "box face 4a: b g y / y E o / g b o",
    "set-up forum: 1a A1; 2a D1; 3a A4; 4a D4 turned",
]
ROUND_1 = [
    "round I.1: streets 2 4",
    "Ann: take C2 C4; use own: coin; pass",
    "Bob: take D2 C4; use received: tribune; pass",
    "Cleo: take A2 E4; use own: worker:b; build b A2 pay worker:b envoy A1",
]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


def new_game(cli, name: str, *players: str) -> None:
    assert cli("game", "new", name, *[w for p in players for w in ("--player", p)]).code == 0


def logged(cli, name: str) -> list[str]:
    return [row for row in cli("game", "log", name).out.splitlines() if row and not row.startswith("#")]


def test_set_up_lines_are_recorded_and_logged_in_canonical_form(cli):
    new_game(cli, "g", "Ann", "Bob", "Cleo")
    for line in SET_UP_3P[:2]:
        assert cli("turn", "g", line).code == 0
    typed = "SET-UP bob : worker BLUE; citizen merchant-i; cranes F6 b A6 o F1 g A1 y;  side b1"
    result = cli("turn", "g", typed)
    assert result.code == 0, result.err
    assert "Recorded: set-up Bob: side b1; cranes A1 y F1 g A6 o F6 b; citizen 3; worker b" in result.out
    assert logged(cli, "g")[-1] == "set-up Bob: side b1; cranes A1 y F1 g A6 o F6 b; citizen 3; worker b"


def test_a_refused_set_up_exits_2_with_every_reason_and_rule_key_p18_p19(cli):
    new_game(cli, "g", "Ann", "Bob", "Cleo")
    for line in SET_UP_3P[:3]:
        assert cli("turn", "g", line).code == 0
    wrong = "set-up Bob: side B2; cranes A1 o F1 o A6 b F6 y; citizen 3; worker o"
    result = cli("turn", "g", wrong)
    assert result.code == 2 and "Traceback" not in result.err
    text = " ".join(result.problems)
    assert "no board side B2" in text and "box side B2: temples" in text and "(p. 18)" in text
    assert "2 orange cranes" in text and "Ann was dealt the orange worker" in text and "(p. 19)" in text
    answer = cli("turn", "g", wrong, "--json")
    assert answer.code == 2
    assert [(p["rule"], p["page"]) for p in answer.json()["problems"]] == [
        ("setup_side_unknown", 18), ("setup_cranes", 19), ("setup_cranes", 19), ("setup_worker_taken", 19)]
    assert len(logged(cli, "g")) == 3  # nothing recorded


def test_a_box_fact_that_disagrees_names_what_the_record_says(cli):
    new_game(cli, "g", "Ann", "Bob")
    assert cli("turn", "g", "box side A: temples B2 F3 F4 D5").code == 0
    result = cli("turn", "g", "box side A: temples B2 F3 F4 D4")
    assert result.code == 2
    assert "differs from what the record says: box side A: temples B2 F3 F4 D5" in " ".join(result.problems)
    assert cli("turn", "g", "box side A: temples B2 F3 F4 D5").code == 0  # the same: nothing new
    assert logged(cli, "g") == ["box side A: temples B2 F3 F4 D5"]


def test_a_set_up_line_that_does_not_read_names_its_token(cli):
    new_game(cli, "g", "Ann", "Bob")
    result = cli("turn", "g", "set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 2; worker p")
    assert result.code == 2 and "'p'" in result.err and "a colour is b, g, o or y" in result.err


def test_the_log_reads_back_through_turn_file_into_the_same_game(cli, tmp_path):
    new_game(cli, "g", "Ann", "Bob", "Cleo")
    (tmp_path / "set-up.txt").write_text("\n".join(SET_UP_3P + ROUND_1) + "\n")
    result = cli("turn", "g", "--file", tmp_path / "set-up.txt")
    assert result.code == 0, result.err
    log = logged(cli, "g")
    assert log == SET_UP_3P + ROUND_1
    new_game(cli, "copy", "Ann", "Bob", "Cleo")
    (tmp_path / "log.txt").write_text(cli("game", "log", "g").out)
    assert cli("turn", "copy", "--file", tmp_path / "log.txt").code == 0
    assert logged(cli, "copy") == log
    first, again = TableSession(store.load("g").path), TableSession(store.load("copy").path)
    assert first.table.sheets == again.table.sheets and first.table.forum == again.table.forum


def test_a_three_player_game_set_up_by_lines_plays_its_first_round(cli):
    """The boards the set-up made are those the round is played on: the tiles taken, the
    tribune and coin gained, Cleo's blue structure paid with the worker her tile gave, its
    envoy on the forum the faces made (p. 25)."""
    new_game(cli, "g", "Ann", "Bob", "Cleo")
    for line in SET_UP_3P + ROUND_1:
        result = cli("turn", "g", line)
        assert result.code == 0, (line, result.err)
    table = TableSession(store.load("g").path).table
    ann, bob, cleo = (table.board(p) for p in ("Ann", "Bob", "Cleo"))
    assert (ann.supply.coins, ann.supply.ship) == (2, 2)  # own tile used, the received one to the ship
    assert (bob.supply.tribunes, bob.supply.ship) == (2, 2)
    assert cleo.colonia.at((0, 1)).kind is CellKind.STRUCTURE
    assert cleo.supply.workers[Colour.GREEN] == 1 and cleo.supply.workers[Colour.BLUE] == 0
    assert table.forum.at((0, 0)).envoy is not None
    # the starting player figure goes to the right-hand neighbour (p. 20): Cleo starts round 2
    assert "Next: Cleo's turn in round I.2." in cli("turn", "g", "round I.2: streets 5 F").out


def test_board_show_draws_a_board_and_the_forum_a_set_up_made(cli):
    new_game(cli, "g", "Ann", "Bob", "Cleo")
    for line in SET_UP_3P:
        assert cli("turn", "g", line).code == 0
    shown = cli("board", "show", "g", "--player", "Bob", "--json")
    assert shown.code == 0
    drawn = cli("board", "show", "g", "--player", "Bob").out
    assert "TTT" in drawn and "envoys on the ship 1" in " ".join(drawn.split())
    forum = cli("board", "show", "g", "--forum").out
    assert "D6" not in forum and len([row for row in forum.splitlines() if row.strip()[:1].isdigit()]) == 6


# --- The worked example set up by lines, played on the table screen --------------------------

#: The worked example's boards (tests/records/game-record-cycle-1.md) as set-up lines: its
#: temples as two made-up sides, its forum as three made-up faces side by side.
EXAMPLE_SET_UP = [
    "box side A: temples B2 F3 F4 D5",
    "box side B-ex: temples D1 B2 C2 F4",
    "set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 2; worker o",
    "set-up Bob: side B-ex; cranes A1 y F1 g A6 o F6 b; citizen 3; worker b",
    "box face x1: E o g / E E y / y b g / E E g / y y o",
    "box face x2: o E / E y / E y / y y / b o",
    "box face x3: y g / o o / g y / y b / g g",
    "set-up forum: x1 A1; x2 D1; x3 F1",
]


def test_the_worked_example_set_up_by_lines_is_the_examples_set_up(cli):
    new_game(cli, "example", *example.PLAYERS)
    for line in EXAMPLE_SET_UP:
        assert cli("turn", "example", line).code == 0, line
    table = TableSession(store.load("example").path).table
    assert table.board("Ann") == parse_sheet(example.ANN, "ann")
    assert table.board("Bob") == parse_sheet(example.BOB, "bob")
    assert table.forum.grid == parse_forum(example.FORUM, "forum").grid


def test_the_table_screen_plays_the_first_round_of_a_game_set_up_by_lines(cli):
    """`trajan play` on a game set up by lines: its first round, keyed as the example's,
    records the example's lines."""
    new_game(cli, "example", *example.PLAYERS)
    for line in EXAMPLE_SET_UP:
        assert cli("turn", "example", line).code == 0
    path = store.load("example").path
    screen = TableScreen(TableSession(path))
    for keys in example.KEYS[:3]:
        for word in keys.split():
            screen.press(" " if word == "space" else word)
    rounds = [row for row in logged(cli, "example") if not row.startswith(("box ", "set-up "))]
    assert [without_take(line) for line in rounds] == [without_take(line) for line in example.RECORD[:3]]


def without_take(line: str) -> str:
    """The screen leaves a build's default benefit-track space unsaid; the example says it."""
    return re.sub(r" take \d", "", line)
