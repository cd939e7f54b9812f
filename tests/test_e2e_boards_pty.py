"""Board mode end to end (issue 14, "Tests that must exist"): three players, three cycles.

The installed ``trajan`` of the venv runs the game of tests/helpers/board_table_game.py:
boards and forum recorded with ``board import``, builds recorded with ``trajan build ... --envoy``,
and each scoring phase run by ``trajan score --game G`` in a real pseudo-terminal, where
the board editor opens for every board (Esc keeps it, Enter saves it unchanged, or one
edit is made) and only the marker, the slide-bar values and the rows to pay are typed.
The totals are the golden numbers worked out by hand in helpers/board_table_game.py. The
same game runs once more through ``--answers --no-input``, with no terminal at all.
"""

from __future__ import annotations

import io
import json
import os
import subprocess

import pytest

from helpers import board_table_game as table
from helpers.timebound import TRAJAN

pexpect = pytest.importorskip("pexpect")
# A real terminal for each test: slow (pytest -m "not slow" leaves them out).
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not TRAJAN.is_file(), reason="trajan is not installed beside python")]

ENTER, ESC, TAB, DOWN, CLEAR = "\r", "\x1b", "\t", "\x1b[B", "\x15"
WAIT = 30  # seconds for any one screen to appear: a hang fails, a slow machine does not
TRAJAN_VALUES = [3, 5, 7]  # the slide bar's values above the Trajan head (p. 28)

#: What the table does in each board editor: Esc keeps the board as recorded, Enter saves
#: it (unchanged: nothing is recorded), and in cycle II Cleo's coins are corrected to 4:
#: Tab to the side panel, down six lines to the coins, type 4, Enter saves.
EDITOR_KEYS = {
    1: {"Ann": ESC, "Bob": ESC, "Cleo": ESC, None: ESC},
    2: {"Ann": ENTER, "Bob": ESC, "Cleo": TAB + DOWN * 6 + str(table.TABLE_EDIT["coins"]) + ENTER,
        None: ENTER},
    3: {"Ann": ESC, "Bob": ENTER, "Cleo": ESC, None: ESC},
}
EDITOR_TITLE = {None: "Forum . envoys since the last record"} | {
    p: f"Colonia of {p} . changes since the last record" for p in table.PLAYERS}


@pytest.fixture
def env(tmp_path):
    return dict(os.environ, TRAJAN_HOME=str(tmp_path / "home"), PROMPT_TOOLKIT_NO_CPR="1",
                TERM="xterm", COLUMNS="160", LINES="50", TRAJAN_LANG="en")


def runner(env):
    def trajan(*args: str) -> str:
        done = subprocess.run([str(TRAJAN), *args], env=env, capture_output=True, text=True,
                              timeout=WAIT * 2, stdin=subprocess.DEVNULL)
        assert done.returncode == 0, f"trajan {' '.join(args)}: {done.stderr}"
        return done.stdout

    return trajan


def answer(child, prompt: str, keys: str) -> None:
    child.expect(prompt, timeout=WAIT)
    child.send(keys)


def score_in_terminal(env, cycle: int, trajan_values: dict[str, int]) -> str:
    """One `trajan score` run in a pseudo-terminal, typed as the table would; its output."""
    typed = table.TYPED[cycle]
    child = pexpect.spawn(str(TRAJAN), ["score", "--game", table.GAME], env=env, encoding="utf-8",
                          timeout=WAIT, dimensions=(50, 160))
    child.logfile_read = seen = io.StringIO()
    try:
        for player in table.PLAYERS:  # step 1, pay citizens: the board, the marker, the rows
            answer(child, EDITOR_TITLE[player], EDITOR_KEYS[cycle][player])
            answer(child, f"{player}'s marker", CLEAR + str(typed[player]["marker"]) + ENTER)
            # Paying is always asked (p. 27: a player may pay fewer); the suggestion is every
            # row the coins pay, or the rows typed when they fall short.
            answer(child, f"rows does {player} pay", ENTER)
        answer(child, EDITOR_TITLE[None], EDITOR_KEYS[cycle][None])  # step 4, the forum
        for player in table.PLAYERS:
            answer(child, rf"under \d+ on {player}'s slide bar",
                   CLEAR + str(typed[player]["area_points"]) + ENTER)
        for player in table.PLAYERS:  # step 5: only who fulfils a task reads the value
            if "trajan_value" in typed[player]:
                value = typed[player]["trajan_value"]
                before = trajan_values.get(player, TRAJAN_VALUES[0])  # the suggestion
                steps = TRAJAN_VALUES.index(value) - TRAJAN_VALUES.index(before)
                answer(child, f"Trajan head on {player}'s", DOWN * steps + ENTER)
                trajan_values[player] = value
        child.expect(pexpect.EOF, timeout=WAIT)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0, seen.getvalue()[-2000:]
    return seen.getvalue()


def assert_golden(trajan, cycle: int) -> dict:
    shown = json.loads(trajan("game", "show", table.GAME, "--json"))
    assert {p["name"]: p["total"] for p in shown["players"]} == table.RUNNING[cycle]
    for p in shown["players"]:
        for c in range(1, cycle + 1):
            assert p["cycles"][str(c)] == table.GOLDEN[p["name"]][c], (p["name"], c)
    return shown


def test_the_hand_worked_numbers_add_up():
    for cycle, totals in table.RUNNING.items():
        assert totals == {p: table.golden_total(p, cycle) for p in table.PLAYERS}


def test_three_cycles_in_board_mode_in_a_terminal(env, tmp_path):
    trajan = runner(env)
    table.set_up(trajan, tmp_path)
    values: dict[str, int] = {}
    for cycle in (1, 2, 3):
        table.play_cycle(trajan, tmp_path, cycle)
        out = score_in_terminal(env, cycle, values)
        assert "Not accepted" not in out
        shown = assert_golden(trajan, cycle)
        if cycle == table.TABLE_EDIT["cycle"]:
            # The coins typed in the editor were recorded, then 2 rows paid: 4 - 2 = 2.
            board = json.loads(trajan("board", "show", table.GAME, "--player", "Cleo", "--json"))
            assert "\ncoins = 2\n" in board["sheet"]
    assert "Ann wins with 78 points" in out
    assert shown["finished"] and shown["winners"] == [table.WINNER]


def test_the_same_game_with_answers_given_ahead_and_no_terminal(cli, tmp_path, monkeypatch):
    """The same commands through the CLI's own entry point, in-process (quicker)."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))

    def trajan(*args: str) -> str:
        done = cli(*args)
        assert done.code == 0, f"trajan {' '.join(args)}: {done.err}"
        return done.out

    table.set_up(trajan, tmp_path)
    for cycle in (1, 2, 3):
        table.play_cycle(trajan, tmp_path, cycle)
        edited = None
        if cycle == table.TABLE_EDIT["cycle"]:
            shown = json.loads(trajan("board", "show", table.GAME, "--player",
                                      table.TABLE_EDIT["player"], "--json"))
            edited = table.corrected_board(shown["sheet"])
        answers = tmp_path / f"answers-{cycle}.toml"
        answers.write_text(table.answers_toml(cycle, edited), encoding="utf-8")
        out = trajan("score", "--game", table.GAME, "--answers", str(answers), "--no-input")
        assert out.count("kept as recorded") == 4 - (edited is not None)  # 3 boards + forum
        shown = assert_golden(trajan, cycle)
    assert "Ann wins with 78 points" in out
    assert shown["winners"] == [table.WINNER]
