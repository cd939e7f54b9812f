"""`trajan game log`: the record of any game, which reads back into the same game.

A line edited by hand into the game file: `game log` printed its control characters raw (an
OSC sequence reached the terminal) and exited 0 although the game no longer replayed, where
every other command refuses such a game (exit 2) with the characters escaped.

A Trajan (2011) game: `game log` ended in an internal error after quarter IV ("4 is not a
valid Cycle"), called it "Forum Trajanum" and wrote its `game new` line without `--variant
trajan`; `trajan turn` printed a Forum Trajanum hint ("round I.1, Ann starts") and could
not read the log back.
"""

from __future__ import annotations

import shlex

import pytest

from trajan_cli.core.classic.vocabulary import Quarter
from trajan_cli.core.game import Answer
from trajan_cli.core.state import LineRefused
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.games import store
from trajan_cli.games.record_file import escaped, record_text
from trajan_cli.parsing.notation import format_line, parse_line

from helpers.classic_game import FINAL_ANN, FINAL_BOB, Q1, Q2, Q3, Q4, trajan_game
from helpers.walkthrough import play

OSC = "\x1b]0;PWNED\x07"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


def edit_first_turn(name: str, change) -> int:
    """Change the first turn's line of the saved game's record by hand, as a text editor
    would; returns its line number in the file."""
    path = store.game_path(name)
    rows = path.read_text(encoding="utf-8").split("\n")
    number = next(i for i, row in enumerate(rows) if ":" in row and not row.startswith(
        ("#", "board ", "forum:", "round ", "build ", "score ")))
    rows[number] = change(rows[number])
    path.write_text("\n".join(rows), encoding="utf-8")
    return number + 1


@pytest.fixture
def kept(cli):
    """The worked example's cycle I, kept by turns."""
    assert cli("game", "new", "kept", "--player", "Ann", "--player", "Bob",
               "--cards", "I-2,II-1,III-4").code == 0
    assert cli("turn", "kept", "--example", "cycle-1").code == 0
    return "kept"


# --- Control characters (hand-edited lines) -------------------------------------------------


def test_a_line_that_no_longer_replays_is_refused_escaped_as_by_game_show(cli, kept):
    """A line that no longer reads (a control sequence typed into it) and a line that
    reads but breaks a rule (p. 22: a way to pay the tile does not cost): `game log`
    refuses the game as `game show` does, naming the file and line, the characters escaped."""
    path = store.game_path(kept)
    good = path.read_text(encoding="utf-8")
    number = edit_first_turn(kept, lambda row: row + " " + OSC)
    shown = cli("game", "show", kept)
    logged = cli("game", "log", kept)
    assert shown.code == logged.code == 2
    assert "\x1b" not in logged.out + logged.err and "\\x1b]0" in logged.err
    assert f"kept.txt:{number}:" in logged.err and "trajan game restore" in logged.err
    assert logged.err == shown.err
    path.write_text(good, encoding="utf-8")
    number = edit_first_turn(kept, lambda row: row.replace("pay builder", "pay 3 coin", 1))
    shown = cli("game", "show", kept)
    logged = cli("game", "log", kept)
    assert shown.code == logged.code == 2 and logged.out == ""
    assert f"kept.txt:{number}: the record does not replay" in " ".join(logged.err.split())
    assert "trajan game restore" in logged.err and logged.err == shown.err


def test_a_control_character_in_a_comment_replays_and_is_printed_escaped(cli, kept):
    """A comment is no part of the line, so the game replays; its characters never reach
    the terminal (the log prints the game's lines, comments aside)."""
    before = cli("game", "log", kept).out
    edit_first_turn(kept, lambda row: row + " # " + OSC + "\x9b2J")
    path = store.game_path(kept)
    path.write_text(path.read_text(encoding="utf-8") + "# " + OSC + "\n", encoding="utf-8")
    logged = cli("game", "log", kept)
    assert logged.code == 0
    assert "\x1b" not in logged.out and "\x9b" not in logged.out and "\x07" not in logged.out
    assert logged.out == before


def test_escaping_keeps_an_answer_the_same_json():
    """In a JSON value the escape is the same character, so the line reads back the same."""
    line = format_line(Answer("forum.file", Cycle.I, None, {"path": "f\x9b.toml", "text": "x"}))
    assert "\x9b" in line  # JSON leaves a C1 control as it is
    back = parse_line(escaped(line), ("Ann",))
    assert back.value == {"path": "f\x9b.toml", "text": "x"}
    assert escaped("Ann: take C3 D3") == "Ann: take C3 D3"
    assert escaped("a\u202eb\u2028") == "a\\u202eb\\u2028"


# --- Trajan (2011) ------------------------------------------------------------------------------


@pytest.fixture
def finished_trajan():
    """A Trajan game played through quarter IV and the final scoring (S. 9-11)."""
    _result, _shown, saved = play(trajan_game(name="tg"), Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    store.save_game(saved[-1])
    return saved[-1]


def test_a_quarter_iv_answer_is_written_and_read_as_quarter_iv():
    line = Answer("needs.marker", Quarter.IV, "Ann", 40)
    assert format_line(line) == "score IV Ann: needs.marker = 40"
    assert parse_line("score iv Ann: needs.marker = 40", ("Ann",), periods=Quarter) == line
    assert parse_line("score 4 Ann: needs.marker = 40", ("Ann",), periods=Quarter) == line


def test_the_log_of_a_trajan_game_names_it_and_starts_it_as_trajan(finished_trajan):
    text = record_text(finished_trajan)
    lines = text.splitlines()
    assert lines[0] == "# Trajan, game tg: Ann, Bob in seating order, Ann starts"
    assert lines[1] == "# trajan game new tg --player Ann --player Bob --variant trajan"
    assert "score IV Bob: final.legionaries = 4" in lines
    started_later = finished_trajan.__class__(name="late", players=("Ann", "Bob"), start_player="Bob",
                                              variant="trajan", first_cycle=Quarter.III)
    assert record_text(started_later).splitlines()[1] == (
        "# trajan game new late --player Ann --player Bob --variant trajan --start-player Bob "
        "--from-quarter 3")


def test_the_log_of_a_trajan_game_reads_back_into_the_same_game(cli, write, finished_trajan):
    logged = cli("game", "log", "tg")
    assert logged.code == 0, logged.err
    new = shlex.split(logged.out.splitlines()[1][len("# trajan "):])
    assert cli(*[a.replace("tg", "copy") if a == "tg" else a for a in new]).code == 0
    again = cli("turn", "copy", "--file", write("tg.log", logged.out))
    assert again.code == 0, again.err
    assert store.load_game("copy").lines == store.load_game("tg").lines
    def lines(log: str) -> list[str]:  # the record's lines, its header comments aside
        return [line for line in log.splitlines() if not line.startswith("#")]

    assert lines(cli("game", "log", "copy").out) == lines(logged.out) and len(lines(logged.out)) > 40
    assert "Ann wins with 79 points" in cli("game", "show", "copy").out


def test_trajan_turn_on_a_trajan_game_says_what_comes_next_in_trajan(cli):
    assert cli("game", "new", "t", "--variant", "trajan", "--player", "Ann", "--player", "Bob").code == 0
    refused = cli("turn", "t", "round I.1: streets 3 C")
    assert refused.code == 2 and "a Trajan game's record holds its scoring answers only" in refused.problems[0]
    assert "round I.1" not in refused.out and "street" not in refused.out  # no Forum Trajanum hint
    assert "Next: the people's demands, quarter I." in refused.out
    recorded = cli("turn", "t", 'score I -: needs.demands = "bread,games,religion"', "--json")
    assert recorded.code == 0
    assert recorded.json()["next"] == {"kind": "scoring", "period": 1, "player": "Ann", "step": "needs"}
    out_of_place = cli("turn", "t", "score II Ann: needs.mode = \"quick\"")
    assert out_of_place.code == 2 and "asks needs.mode for Ann in quarter I here" in out_of_place.problems[0]


def test_a_forum_trajanum_game_has_no_quarter_iv(cli):
    assert cli("game", "new", "g", "--player", "Ann", "--player", "Bob").code == 0
    for line in ("score IV Ann: pay.rows = [1]", 'score IV Ann: board.sheet = {"text": "x"}'):
        result = cli("turn", "g", line)
        assert result.code == 2 and "has no scoring period IV" in result.problems[0], result.err
    assert store.load_game("g").lines == ()


def test_record_lines_of_a_trajan_game_take_its_scoring_answers(tmp_path, finished_trajan):
    """The core of `trajan turn --file` on a Trajan game: each answer where the quarter end
    asks it, judged as the walkthrough judges it."""
    from trajan_cli.games.recording import record_lines

    path = store.save_game(trajan_game(name="fresh"))
    lines = [(n, format_line(a))
             for n, a in enumerate(finished_trajan.lines[:5], start=1)]
    done = record_lines(path, lines, "answers")
    assert done.refusal is None and [r.text for r in done.recorded] == [t for _n, t in lines]
    assert done.game.lines == finished_trajan.lines[:5]
    wrong = record_lines(path, [(1, "score I Bob: needs.marker = -9999")], "answers")
    assert wrong.refusal is not None and not wrong.recorded
    assert isinstance(wrong.refusal, LineRefused) and wrong.refusal.problems  # judged: a rule's refusal
    assert store.load_game("fresh").lines == finished_trajan.lines[:5]
