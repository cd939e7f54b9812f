"""kill -9 during a board edit loses no saved answer (issue 14, "Tests that must exist").

The installed ``trajan`` runs in a real pseudo-terminal with the board editor open, keys
are typed, and the process is killed with SIGKILL: in ``trajan board edit`` before and
while saving, and in ``trajan score`` at the editor after some answers were saved. The
game file always loads, replays, and holds exactly the lines saved before the kill (a
saved edit is there whole, as one board line, or not at all); ``trajan score`` carries on from the board it
was killed at. Store-level crash safety in general: tests/test_crash.py.
"""

from __future__ import annotations

import os
import random
import signal
import time

import pytest

from trajan_cli.core.colonia import gray
from trajan_cli.core.turns.moves import BoardLine
from trajan_cli.core.vocabulary import GrayType
from trajan_cli.games import store
from trajan_cli.games.walk import replayed as replay

from helpers import board_table_game as table
from helpers.timebound import TRAJAN
from helpers.vt_screen import wait_for_text, watch

pexpect = pytest.importorskip("pexpect")
# A real terminal for each test: slow (pytest -m "not slow" leaves them out).
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not TRAJAN.is_file(), reason="trajan is not installed beside python")]

ENTER, ESC, CLEAR = "\r", "\x1b", "\x15"
WAIT = 30
ANN_EDITOR = "Colonia of Ann · changes since the last record"
BOB_EDITOR = "Colonia of Bob · changes since the last record"
# In Ann's recorded board of cycle I, E1 is still covered: vacate it, build a library.
EDIT_KEYS = "E1.i"


@pytest.fixture
def game(cli, tmp_path, monkeypatch):
    """The game of helpers/board_table_game.py in cycle I, boards and builds recorded (in-process)."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    table.cycle_one(cli, tmp_path)
    return dict(os.environ, TRAJAN_HOME=str(tmp_path / "home"), PROMPT_TOOLKIT_NO_CPR="1",
                TERM="xterm", TRAJAN_LANG="en")


def spawn(env, *args):
    """The installed trajan in a 40 x 120 pty, and the screen it draws."""
    child = pexpect.spawn(str(TRAJAN), list(args), env=env, encoding="utf-8", timeout=WAIT,
                          dimensions=(40, 120))
    return child, watch(child, 40, 120)


def shows(child, screen, text: str) -> None:
    wait_for_text(child, screen, text, timeout=WAIT)


def kill(child) -> bool:
    """SIGKILL the child; False when it had already ended by itself."""
    os.kill(child.pid, signal.SIGKILL)  # a child that has ended but is not reaped ignores it
    child.expect(pexpect.EOF, timeout=WAIT)
    child.close(force=True)
    return child.signalstatus == signal.SIGKILL


def saved_answers() -> list:
    """The game as saved: it loads and replays, or this fails."""
    game = store.load_game(table.GAME)
    replay(game)
    return list(game.lines)


def test_kill_minus_nine_in_board_edit_before_saving_records_nothing(game):
    before = saved_answers()
    child, screen = spawn(game, "board", "edit", table.GAME, "--player", "Ann")
    shows(child, screen, ANN_EDITOR)
    child.send(EDIT_KEYS)
    shows(child, screen, "E1: library")  # the edit is on the screen, not saved
    assert kill(child)
    assert saved_answers() == before


@pytest.mark.parametrize("seed", range(6))
def test_kill_minus_nine_while_an_edit_is_saved_keeps_it_whole_or_not_at_all(game, seed):
    before = saved_answers()
    child, screen = spawn(game, "board", "edit", table.GAME, "--player", "Ann")
    shows(child, screen, ANN_EDITOR)
    child.send(EDIT_KEYS)
    shows(child, screen, "E1: library")
    child.send(ENTER)
    time.sleep(random.Random(seed).random() * 0.3)  # somewhere in the locked write, or after
    killed = kill(child)
    after = saved_answers()
    assert after[:len(before)] == before
    assert killed or len(after) == len(before) + 1  # ended by itself: it saved
    if len(after) > len(before):  # the edit made it: one line, the whole board
        [record] = after[len(before):]
        assert isinstance(record, BoardLine) and record.player == "Ann"
        board = replay(store.load_game(table.GAME)).table.board("Ann")
        assert board.colonia.at((4, 0)) == gray(GrayType.LIBRARY)


def test_kill_minus_nine_in_score_at_the_editor_keeps_the_answers_before(game):
    before = saved_answers()
    child, screen = spawn(game, "score", "--game", table.GAME)
    shows(child, screen, ANN_EDITOR)
    child.send(ESC)
    shows(child, screen, "Ann's marker")
    child.send(CLEAR + "5" + ENTER)
    shows(child, screen, "Patrician I: 1 citizen")  # which rows Ann pays
    child.send(ENTER)  # the suggestion: every row her coins pay
    shows(child, screen, BOB_EDITOR)  # Ann's answers were saved before this opened
    child.send("\t++")  # Bob's side panel: a citizen added twice, unsaved
    shows(child, screen, "row 1: 2 citizens")
    assert kill(child)
    after = saved_answers()
    assert after[:len(before)] == before
    assert [(a.key, a.player, a.value) for a in after[len(before):]] == [
        ("pay.board", "Ann", None), ("pay.marker", "Ann", 5), ("pay.rows", "Ann", [1])]
    # The next run opens Bob's board again, as recorded: nothing of the killed edit.
    again, screen = spawn(game, "score", "--game", table.GAME)
    shows(again, screen, BOB_EDITOR)
    again.send(ESC)
    shows(again, screen, "Bob's marker")
    assert kill(again)
    final = saved_answers()
    assert final[:len(after)] == after
    assert [(a.key, a.player, a.value) for a in final[len(after):]] == [("pay.board", "Bob", None)]
    assert replay(store.load_game(table.GAME)).table.board("Bob").citizens.get(1) is None
