"""The board editor in a real terminal, under what terminals and neighbours send (issue 20,
items 11 to 15).

The installed ``trajan board edit`` runs in a pseudo-terminal on the game of
tests/helpers/board_table_game.py (cycle I, boards and builds recorded). Each test sends what broke
the editor before: keys typed into a window too small to show the board, escape sequences
it does not know (focus reports, Alt+key, DCS and OSC strings), an unterminated bracketed
paste, malformed mouse reports, a build recorded on the same board by another process
while the editor is open. Each ends with the editor still answering, nothing lost and no
traceback, within its time bound.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import time

import pytest

from trajan_cli.core.colonia import VACATED, gray
from trajan_cli.core.vocabulary import GrayType
from trajan_cli.games import store
from trajan_cli.games.walk import replayed as replay
from trajan_cli.parsing.sheet import parse_sheet
from trajan_cli.parsing.toml_text import sheet_toml

from helpers import board_table_game as table
from helpers.hypothesis_profiles import scaled
from helpers.timebound import TRAJAN, within
from helpers.vt_screen import wait_for_text, watch

pexpect = pytest.importorskip("pexpect")
# A real terminal for each test: slow (pytest -m "not slow" leaves them out).
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not TRAJAN.is_file(), reason="trajan is not installed beside python")]

ENTER, ESC, CTRL_C = "\r", "\x1b", "\x03"
WAIT = 30
EDITOR = "Colonia of Ann · changes since the last record"
E1, B3 = (4, 0), (1, 2)


@pytest.fixture(autouse=True)
def bounded():
    with within(150, "the test"):
        yield


@pytest.fixture
def game(cli, tmp_path, monkeypatch):
    """The game of helpers/board_table_game.py in cycle I, boards and builds recorded (in-process)."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    table.cycle_one(cli, tmp_path)
    return dict(os.environ, TRAJAN_HOME=str(tmp_path / "home"), PROMPT_TOOLKIT_NO_CPR="1",
                TERM="xterm", TRAJAN_LANG="en")


def spawn(env, rows=40, columns=120):
    child = pexpect.spawn(str(TRAJAN), ["board", "edit", table.GAME, "--player", "Ann"], env=env,
                          encoding="utf-8", timeout=WAIT, dimensions=(rows, columns))
    return child, watch(child, rows, columns)


def shows(child, screen, text: str) -> None:
    wait_for_text(child, screen, text, timeout=WAIT)


def ends(child, screen) -> str:
    """Wait for the editor to end; what it printed last (the screen as left)."""
    try:
        child.expect(pexpect.EOF, timeout=WAIT)
    except pexpect.TIMEOUT:
        raise AssertionError(f"still running:\n{screen.text()}") from None
    child.close()
    assert child.exitstatus == 0, screen.text()
    assert "Traceback" not in screen.text()
    return screen.text()


def saved() -> list:
    game = store.load_game(table.GAME)
    replay(game)
    return list(game.lines)


def board():
    return replay(store.load_game(table.GAME)).table.board("Ann")


def send_apart(child, *pieces: str) -> None:
    """Each piece in a write of its own, with a pause between (as a terminal would)."""
    for piece in pieces:
        child.send(piece)
        time.sleep(0.15)


# --- Item 11: a window too small acts on nothing but Esc -------------------------------


def test_keys_typed_while_the_window_is_too_small_do_nothing(game):
    """Issue 20.11: at 60 x 20 only "Enlarge the window" shows, yet `l l y Enter` recorded a
    yellow structure."""
    before = saved()
    child, screen = spawn(game, rows=20, columns=60)
    shows(child, screen, "Enlarge the window")
    send_apart(child, "l", "l", "y", ENTER, "E1", ".", "i", ENTER)
    time.sleep(0.3)
    assert child.isalive()  # Enter did not save and leave
    child.setwinsize(40, 120)  # the window enlarged: the board, as recorded
    screen.rows, screen.columns = 40, 120
    screen.grid = [[" "] * 120 for _ in range(40)]
    child.kill(28)  # SIGWINCH: prompt_toolkit redraws at the new size
    shows(child, screen, EDITOR)
    assert "•" not in screen.text()  # no space shows a change
    child.send(ESC)
    assert "Left without saving" in ends(child, screen)
    assert saved() == before


# --- Items 12 to 14: what only looks like a key -------------------------------------------


UNKNOWN_SEQUENCES = [
    "\x1b[I", "\x1b[O",  # focus in and out
    "\x1bx", "\x1bl", "\x1b\x1b[A",  # Alt+x, Alt+l, Alt+Up
    "\x1bP1$r0m\x1b\\", "\x1bP>|xterm(390)\x1b\\",  # DCS replies
    "\x1b]11;rgb:0000/0000/0000\x07", "\x1b]0;title\x1b\\",  # OSC
    "\x1b_Gi=1;OK\x1b\\",  # APC (a graphics reply)
    "\x1b[?1;2c", "\x1b[>0;276;0c", "\x1b[99;99;99x",  # device attributes, an unknown CSI
]


@pytest.mark.parametrize("apart", [True, False], ids=["one at a time", "all at once"])
def test_unknown_escape_sequences_are_not_esc(game, apart):
    """Issue 20.12: they counted as Esc: the editor left and dropped the edits."""
    child, screen = spawn(game)
    shows(child, screen, EDITOR)
    child.send("E1.i")
    shows(child, screen, "E1: library")
    if apart:
        send_apart(child, *UNKNOWN_SEQUENCES)
    else:
        child.send("".join(UNKNOWN_SEQUENCES))
        time.sleep(0.3)
    assert child.isalive()
    child.send("B3.s")
    shows(child, screen, "B3: basilica")
    child.send(ENTER)
    assert "Recorded Ann's board" in ends(child, screen)
    assert board().colonia.at(E1) == gray(GrayType.LIBRARY)
    assert board().colonia.at(B3) == gray(GrayType.BASILICA)


@pytest.mark.parametrize("key, left", [(ENTER, False), (ESC, True), (CTRL_C, True)])
def test_an_unterminated_bracketed_paste_never_makes_it_deaf(game, key, left):
    """Issue 20.13: after `ESC [ 200 ~` with no end, Enter, Esc and Ctrl-C did nothing."""
    before = saved()
    child, screen = spawn(game)
    shows(child, screen, EDITOR)
    child.send("E1.i")
    shows(child, screen, "E1: library")
    send_apart(child, "\x1b[200~", "lly")  # the paste never ends; what follows is keys again
    child.send(key)
    text = ends(child, screen)
    if left:
        assert "Left without saving" in text and saved() == before
    else:
        assert "Recorded Ann's board" in text
        assert board().colonia.at(E1) == gray(GrayType.LIBRARY)


def test_pasted_text_is_not_typed(game):
    before = saved()
    child, screen = spawn(game)
    shows(child, screen, EDITOR)
    send_apart(child, "\x1b[200~E1.i\r\x1b[201~")
    assert child.isalive()
    child.send(ESC)
    assert "Left without saving" in ends(child, screen)
    assert saved() == before


MALFORMED_MOUSE = [
    "\x1b[<1;2M", "\x1b[<;;M", "\x1b[<0;0;0M", "\x1b[<999;5;5M", "\x1b[<64;9999;9999m",
    "\x1b[;;M", "\x1b[1;2M", "\x1b[96;0;0M", "\x1b[M\x7f!!", "\x1b[M   ", "\x1b[M\x20\x20\x20",
    "\x1b[<0;5;5", "\x1b[M\u00ff\u00ff\u00ff",
]


def test_malformed_mouse_reports_never_print_a_traceback(game):
    """Issue 20.14: a malformed mouse report printed a Python traceback inside the screen."""
    child, screen = spawn(game)
    shows(child, screen, EDITOR)
    send_apart(child, *MALFORMED_MOUSE)
    child.send("".join(MALFORMED_MOUSE))
    time.sleep(0.3)
    assert child.isalive() and "Traceback" not in screen.text() and "Error" not in screen.text()
    child.send("\x1b[<0;30;6M")  # a real click still works (on the grid, row 2)
    child.send("E1.i")
    shows(child, screen, "E1: library")
    child.send(ENTER)
    assert "Recorded Ann's board" in ends(child, screen)


# --- Item 15: another process records on the same board meanwhile ------------------------


@pytest.fixture
def rich_ann(game, tmp_path):
    """Ann's board with E1 vacated and a well-stocked supply, so that a build fits."""
    shown = json.loads(subprocess.run([str(TRAJAN), "board", "show", table.GAME, "-p", "Ann", "--json"],
                                      env=game, capture_output=True, text=True, timeout=WAIT).stdout)
    sheet = parse_sheet(shown["sheet"], "ann.toml", strict=False)
    supply = dataclasses.replace(sheet.supply, coins=9, builders=3, assistants=3, tribunes=3,
                                 workers={c: 3 for c in sheet.supply.workers})
    sheet = dataclasses.replace(sheet, colonia=sheet.colonia.replace(E1, VACATED), supply=supply)
    path = tmp_path / "ann-rich.toml"
    path.write_text(sheet_toml(sheet), encoding="utf-8")
    done = subprocess.run([str(TRAJAN), "board", "import", table.GAME, "-p", "Ann", str(path)], env=game,
                          capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 0, done.stderr
    return game


def build_elsewhere(env, *args: str) -> None:
    done = subprocess.run([str(TRAJAN), "build", table.GAME, "-p", "Ann", *args, "--pay", "1", "--json"], env=env,
                          capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 0 and json.loads(done.stdout)["recorded"], done.stdout + done.stderr


def test_a_build_elsewhere_merges_with_edits_that_do_not_conflict(rich_ann):
    """Issue 20.15: a build recorded by another process made Enter fail and lose every edit."""
    child, screen = spawn(rich_ann)
    shows(child, screen, EDITOR)
    child.send("B3.s")
    shows(child, screen, "B3: basilica")
    build_elsewhere(rich_ann, "lib", "E1", "--take", "0")  # no benefit: the payment shows alone
    child.send(ENTER)
    assert "Recorded Ann's board" in ends(child, screen)
    after = board()
    assert after.colonia.at(E1) == gray(GrayType.LIBRARY)  # the build
    assert after.colonia.at(B3) == gray(GrayType.BASILICA)  # the edit
    assert after.supply.coins + after.supply.builders + after.supply.total_workers < 9 + 3 + 12  # paid


def test_a_conflict_is_shown_and_the_edits_stay_on_screen(rich_ann):
    child, screen = spawn(rich_ann)
    shows(child, screen, EDITOR)
    child.send("B3.s")
    shows(child, screen, "B3: basilica")
    child.send("E1c")  # a column on E1, where the other window builds a library
    shows(child, screen, "E1: triumphal column")
    build_elsewhere(rich_ann, "lib", "E1")
    child.send(ENTER)
    shows(child, screen, "Recorded meanwhile in another window: E1: library (yours: triumphal column)")
    assert child.isalive()
    child.send("x")  # E1 back as recorded now: the library
    shows(child, screen, "E1: back to library, as recorded")
    child.send(ENTER)
    assert "Recorded Ann's board" in ends(child, screen)
    after = board()
    assert after.colonia.at(E1) == gray(GrayType.LIBRARY)
    assert after.colonia.at(B3) == gray(GrayType.BASILICA)


# --- The filter itself, without a terminal ------------------------------------------------


def parsed(*chunks: str, flush: bool = True) -> list:
    from trajan_cli.ui.terminal_input import EditorKeys

    keys: list = []
    parser = EditorKeys(keys.append)
    for chunk in chunks:
        parser.feed(chunk)
    if flush:
        parser.flush()
    return [(getattr(k.key, "value", k.key), k.data) for k in keys]


def test_keys_pass_and_what_is_not_a_key_does_not():
    assert parsed("E1.i\r") == [("E", "E"), ("1", "1"), (".", "."), ("i", "i"), ("c-m", "\r")]
    assert [k for k, _ in parsed("\x1b[A\x1bOB\x1b[3~\x1b[Z")] == ["up", "down", "delete", "s-tab"]
    assert parsed("\x1b") == [("escape", "\x1b")]  # a lone Esc, once the input pauses
    assert parsed("\x1b", "[A") == [("up", "\x1b[A")]  # an arrow cut in two reads
    assert parsed("".join(UNKNOWN_SEQUENCES)) == []
    assert parsed("".join(MALFORMED_MOUSE)) == []
    assert [k for k, _ in parsed("\x1b[<0;30;6M\x1b[M !!")] == ["<vt100-mouse-event>"] * 2
    assert parsed("\x1b[200~lly\r\x1b[201~x") == [("x", "x")]
    assert parsed("\x1b[200~ll", "y\x1b[20", "1~x") == [("x", "x")]  # the end mark cut in two
    assert parsed("\x1b[200~ll", flush=True) + parsed("\r") == [("c-m", "\r")]
    # A control key after a stray or broken sequence is still that key (Ctrl-C leaves).
    for broken in ("\x1b", "\x1bO", "\x1b[", "\x1b[M!", "\x1b[1;", "\x1b]0;ti", "\x1bP1$"):
        assert parsed(broken + "\x03") == [("c-c", "\x03")], broken


from hypothesis import given, settings  # noqa: E402
from hypothesis import strategies as st  # noqa: E402


@settings(max_examples=scaled(300), deadline=None)
@given(st.lists(st.text(alphabet=st.sampled_from(list("\x1b[]<>;M0123456789OPX^_\\\x07~mAZ lxy\r\x03\x7f"))
                        | st.characters(), max_size=12), max_size=6), st.booleans())
def test_any_input_is_sorted_without_error_and_plain_keys_always_pass(chunks, flush):
    keys = parsed(*chunks, flush=flush)
    for key, data in keys:
        assert "\x1b" not in data or key != "escape" or data == "\x1b"
    plain = "".join(ch for ch in "".join(chunks) if ch.isalnum())
    if "\x1b" not in "".join(chunks):
        assert "".join(d for _k, d in keys if d.isalnum()) == plain


def test_in_the_scoring_walk_too_a_build_elsewhere_merges_with_the_edit(rich_ann):
    """The board editor of `trajan score` (looking Ann's board over before she is scored):
    a build recorded meanwhile no longer makes the walk drop the edit and ask again."""
    child = pexpect.spawn(str(TRAJAN), ["score", "--game", table.GAME], env=rich_ann, encoding="utf-8",
                          timeout=WAIT, dimensions=(40, 120))
    screen = watch(child, 40, 120)
    shows(child, screen, EDITOR)
    child.send("B3.s")
    shows(child, screen, "B3: basilica")
    build_elsewhere(rich_ann, "lib", "E1")
    child.send(ENTER)
    shows(child, screen, "Ann's marker")
    child.sendcontrol("c")
    child.expect(pexpect.EOF, timeout=WAIT)
    child.close()
    assert "Not saved" not in screen.text()
    after = board()
    assert after.colonia.at(E1) == gray(GrayType.LIBRARY)
    assert after.colonia.at(B3) == gray(GrayType.BASILICA)
