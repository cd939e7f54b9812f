"""The game kept as it is played (issue 19; interface.md, "The game as it is played").

The worked example of the interface (tests/records/game-record-cycle-1.md, a copy of
shared/examples/) recorded line by line must leave exactly the boards it states and score
exactly as it states; `game log` reads back into a new game as the same game; every kind of
refusal names its reason and its page, and records nothing.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trajan_cli.games import store
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.notation import format_line
from trajan_cli.parsing.sheet import parse_sheet

EXAMPLE = Path(__file__).parent / "records" / "game-record-cycle-1.md"


def blocks(path: Path = EXAMPLE) -> list[str]:
    """The fenced blocks of the example, in order: set-up (Ann, Bob, forum), the record,
    the boards after it (Ann, Bob, forum), the answers, the standings."""
    return [body for _kind, body in re.findall(r"```(\w*)\n(.*?)```", path.read_text(), re.S)]


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


@pytest.fixture
def example(cli, write):
    """The example's game, set up (boards and forum recorded), no turn yet."""
    parts = blocks()
    assert cli("game", "new", "example", "--player", "Ann", "--player", "Bob",
               "--cards", "I-2,II-1,III-4").code == 0
    assert cli("board", "import", "example", "-p", "Ann", write("ann.toml", parts[0])).code == 0
    assert cli("board", "import", "example", "-p", "Bob", write("bob.toml", parts[1])).code == 0
    assert cli("board", "import", "example", "--forum", write("forum.toml", parts[2])).code == 0
    return "example"


def sheet_of(cli, game: str, player: str):
    return parse_sheet(cli("board", "show", game, "-p", player, "--json").json()["sheet"])


def forum_of(cli, game: str):
    return parse_forum(cli("board", "show", game, "--forum", "--json").json()["forum"])


# --- The worked example -------------------------------------------------------------------


def test_the_example_cycle_leaves_the_boards_it_states(cli, write, example):
    """Every supply, ship, citizen, crane, building and envoy after round 4 (pp. 20-26)."""
    parts = blocks()
    result = cli("turn", example, "--file", write("record.txt", parts[3]))
    assert result.code == 0, result.err
    assert "Cycle I is over" in result.out
    assert sheet_of(cli, example, "Ann") == parse_sheet(parts[4])
    assert sheet_of(cli, example, "Bob") == parse_sheet(parts[5])
    assert forum_of(cli, example) == parse_forum(parts[6])


def test_the_example_cycle_scores_as_it_states_with_no_marker_asked(cli, write, example):
    """Kept by turns, the phase asks no marker: the answers file gives only the slide bar
    (interface.md, "Scoring a game kept by turns")."""
    parts = blocks()
    assert cli("turn", example, "--file", write("record.txt", parts[3])).code == 0
    scored = cli("score", "--game", example, "--answers", write("a.toml", parts[7]), "--no-input")
    assert scored.code == 0, scored.err
    assert "marker" not in scored.out
    shown = {p["name"]: p["cycles"]["1"] for p in cli("game", "show", example, "--json").json()["players"]}
    expected = {}
    for line in parts[8].strip().splitlines():
        name, _, values = line.partition(": ")
        expected[name] = eval(values)  # noqa: S307 - the example's own dict literals
    assert shown == expected


def test_the_game_log_reads_back_into_a_new_game_as_the_same_game(cli, write, example):
    parts = blocks()
    assert cli("turn", example, "--file", write("record.txt", parts[3])).code == 0
    assert cli("score", "--game", example, "--answers", write("a.toml", parts[7]), "--no-input").code == 0
    log = cli("game", "log", example).out
    assert log.splitlines()[1] == ("# trajan game new example --player Ann --player Bob "
                                   "--cards I-2,II-1,III-4")
    assert log.count("\nboard ") == 2 and "\nforum: " in log and "\nscore I Ann: " in log
    assert cli("game", "new", "copy", "--player", "Ann", "--player", "Bob",
               "--cards", "I-2,II-1,III-4").code == 0
    again = cli("turn", "copy", "--file", write("log.txt", log))
    assert again.code == 0, again.err
    assert store.load_game("copy").lines == store.load_game(example).lines
    def lines(text: str) -> list[str]:  # the record's lines, its header comments aside (created differs)
        return [line for line in text.splitlines() if not line.startswith("#")]

    assert lines(cli("game", "log", "copy").out) == lines(log) and len(lines(log)) >= 20


def test_a_record_kept_in_the_game_file_is_its_notation_line(cli, example):
    assert cli("turn", example, "round I.1: streets 2 4").code == 0
    assert cli("turn", example, "ann: take c4 b6; use received: worker:yellow; "
                                "build lib B6 pay builder take 1 worker y").code == 0
    from trajan_cli.core.turns.moves import RoundStart, Turn

    # The canonical line: names as the game spells them, the payment the referee found.
    canonical = ["round I.1: streets 2 4",
                 "Ann: take C4 B6; use received: worker:y; build lib B6 pay builder take 1 worker y"]
    assert store.game_path(example).read_text(encoding="utf-8").splitlines()[-2:] == canonical
    lines = store.load_game(example).lines
    assert [type(line) for line in lines[-2:]] == [RoundStart, Turn]
    assert [format_line(line) for line in lines[-2:]] == canonical


def test_undo_takes_back_the_last_line(cli, example):
    assert cli("turn", example, "round I.1: streets 2 4").code == 0
    assert cli("turn", example, "Ann: take C4 B6; use received: worker:y; pass").code == 0
    assert sheet_of(cli, example, "Ann").supply.workers["yellow"] == 1
    undone = cli("game", "undo", example)
    assert "Took back: Ann: take C4 B6" in undone.out
    assert sheet_of(cli, example, "Ann").supply.workers["yellow"] == 0
    assert cli("turn", example, "Ann: take C4 B6; use received: worker:y; pass").code == 0


# --- Turn order (interface.md, "Turn order"; p. 20, p. 25) ---------------------------------


def test_the_starting_player_moves_to_the_right_each_round_p20_p25(cli, write):
    """Three players clockwise Ann, Bob, Cleo: round 1 Ann starts, round 2 Cleo (Ann's
    right-hand neighbour), round 3 Bob; play goes clockwise (the next name)."""
    from trajan_cli.core.turns.state import PlayState
    from trajan_cli.core.vocabulary import Cycle

    play = PlayState(("Ann", "Bob", "Cleo"), "Ann", Cycle.I)
    assert [play.starter(Cycle.I, n) for n in (1, 2, 3, 4)] == ["Ann", "Cleo", "Bob", "Ann"]
    assert play.starter(Cycle.II, 1) == "Cleo"  # the figure moves on at the new cycle too
    assert play.order(Cycle.I, 2) == ("Cleo", "Ann", "Bob")
    assert play.right_of("Ann") == "Cleo" and play.left_of("Ann") == "Bob"  # passes to Cleo


def test_a_turn_out_of_order_is_refused_naming_whose_turn_it_is_p25(cli, example):
    before = store.game_path(example).read_bytes()
    result = cli("turn", example, "Bob: take E2 E4; use own: coin")
    assert result.code == 2 and "it is Ann's turn in round I.1" in result.err and "p. 25" in result.err
    assert store.game_path(example).read_bytes() == before  # nothing recorded
    assert store.load_game(example).lines[-1].__class__.__name__ == "ForumLine"  # the set-up's last


def test_after_round_4_the_next_turn_waits_for_the_scoring_p27(cli, write, example):
    assert cli("turn", example, "--file", write("record.txt", blocks()[3])).code == 0
    result = cli("turn", example, "Bob: take A2 A3; use own: coin")
    assert result.code == 2 and "cycle I is over after its round 4" in result.err
    early = cli("turn", example, "round II.1")
    assert early.code == 2 and "score it first" in early.err


def test_scoring_waits_for_the_end_of_a_cycle_kept_by_turns_p27(cli, write, example):
    assert cli("turn", example, "round I.1: streets 2 4").code == 0
    assert cli("turn", example, "Ann: take C4 B6; use received: worker:y; pass").code == 0
    result = cli("score", "--game", example, "--answers", write("a.toml", blocks()[7]), "--no-input")
    assert result.code == 2 and "cycle I is in play (round 1, Bob next)" in result.err


def test_a_round_header_names_the_next_round_or_a_later_one_of_the_cycle_p20(cli, example):
    assert cli("turn", example, "round II.1").code == 2  # cycle I comes first
    assert cli("turn", example, "round I.2: streets 5 F").code == 0  # kept from round 2 on
    assert cli("turn", example, "round I.1").code == 2  # back in time
    result = cli("turn", example, "Ann: take B5 F2; use own: coin")
    assert result.code == 2 and "Bob's turn" in result.err  # round 2: Ann's right-hand neighbour


def test_rounds_and_turns_are_for_forum_trajanum_only(cli):
    """A Trajan (2011) game's record holds its scoring answers (tests/test_game_log.py)."""
    assert cli("game", "new", "rome", "-p", "Ann", "-p", "Bob", "--variant", "trajan").code == 0
    result = cli("turn", "rome", "round I.1")
    assert result.code == 2 and "are kept for Forum Trajanum games" in result.problems[0]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_record_s_readable_answers_fit_80_columns(cli, write, example, monkeypatch, lang):
    """trajan turn (a line, a file, a refusal), trajan build and game show in play (issue 22)."""
    from helpers.terminal_width import too_wide

    monkeypatch.setenv("COLUMNS", "80")
    outputs = [cli("--lang", lang, "turn", example, "round I.1: streets 2 4"),
               cli("--lang", lang, "turn", example, "Ann: take C4 B6; use received: worker:y; "
                                                    "build lib B6 pay builder take 1 worker y"),
               cli("--lang", lang, "turn", example, "Ann: take C4 B6; use received: worker:y"),
               cli("--lang", lang, "game", "show", example),
               cli("--lang", lang, "build", example, "-p", "Bob", "lib", "D2"),
               cli("--lang", lang, "turn", example, "--file", write("r.txt", blocks()[3]))]
    for result in outputs:
        assert too_wide(result.out) == [], result.out  # errors: one line per problem, by design
