"""`trajan play` in a real pseudo-terminal of 80 x 24 (issue 19 item 4): the installed
command, keys and a mouse click as the terminal sends them, without colour (NO_COLOR) and in
German; the line recorded is in the game file, Esc leaves with every line saved."""

from __future__ import annotations

import io
import os
import re
import subprocess

import pytest

from helpers import table_example as example
from helpers.timebound import TRAJAN
from helpers.vt_screen import Screen, wait_for_text

pexpect = pytest.importorskip("pexpect")
# A real terminal for each test: slow (pytest -m "not slow" leaves them out).
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not TRAJAN.is_file(), reason="trajan is not installed beside python")]

WAIT = 30  # seconds for a screen to appear: a hang fails, a slow machine does not
COLOUR = re.compile(r"\x1b\[[0-9;]*(?:3[0-7]|38;5;\d+|4[0-7]|48;5;\d+)[;m]")


class Both(Screen):
    """The drawn screen, and every byte as written (to look for colour codes)."""

    def __init__(self, rows, columns):
        super().__init__(rows, columns)
        self.raw = io.StringIO()

    def write(self, data):
        self.raw.write(data)
        super().write(data)


@pytest.fixture
def env(tmp_path):
    env = dict(os.environ, TRAJAN_HOME=str(tmp_path / "home"), PROMPT_TOOLKIT_NO_CPR="1",
               TERM="xterm", TRAJAN_LANG="en", NO_COLOR="1")
    for name, text in (("ann.toml", example.ANN), ("bob.toml", example.BOB),
                       ("forum.toml", example.FORUM)):
        (tmp_path / name).write_text(text)
    commands = [["game", "new", "example", "--player", "Ann", "--player", "Bob", "--cards",
                 example.CARDS],
                ["board", "import", "example", "--player", "Ann", str(tmp_path / "ann.toml")],
                ["board", "import", "example", "--player", "Bob", str(tmp_path / "bob.toml")],
                ["board", "import", "example", "--forum", str(tmp_path / "forum.toml")]]
    for args in commands:
        subprocess.run([str(TRAJAN), *args], env=env, check=True, capture_output=True, timeout=WAIT)
    return env


def spawn(env):
    child = pexpect.spawn(str(TRAJAN), ["play", "example"], env=env, encoding="utf-8",
                          timeout=WAIT, dimensions=(24, 80))
    screen = Both(24, 80)
    child.logfile_read = screen
    return child, screen


def lines_recorded(env) -> list[str]:
    """The rounds and turns of the game file (its record, a line each), once the game
    replays (`game show` reads it)."""
    done = subprocess.run([str(TRAJAN), "game", "show", "example", "--json"], env=env,
                          capture_output=True, text=True, timeout=WAIT)
    assert done.returncode == 0
    path = os.path.join(env["TRAJAN_HOME"], "games", "example.txt")
    with open(path, encoding="utf-8") as handle:
        rows = handle.read().splitlines()
    return [row for row in rows if row.startswith("round ") or row.split(":")[0] in ("Ann", "Bob")]


def test_a_turn_typed_and_clicked_in_a_real_terminal_without_colour(env):
    child, screen = spawn(env)
    try:
        wait_for_text(child, screen, "Ann starts", WAIT)
        child.send("24")
        wait_for_text(child, screen, "Ann's turn", WAIT)
        # A click on C4 as the terminal reports it (SGR mouse, 1-based column and row):
        # the colonia's row 4 is screen row 8, column C starts at screen column 16.
        child.send("\x1b[<0;17;8M\x1b[<0;17;8m")
        wait_for_text(child, screen, "» Ann: take C4", WAIT)
        child.send("B6")
        wait_for_text(child, screen, "take C4 B6", WAIT)
        child.send("wy\r")
        wait_for_text(child, screen, "use received: worker:y", WAIT)
        child.send("iB\ry\r")
        wait_for_text(child, screen, "Bob's turn", WAIT)
        assert lines_recorded(env)[-1] == \
            "Ann: take C4 B6; use received: worker:y; build lib B6 pay builder worker y"
        assert not COLOUR.search(screen.raw.getvalue())  # NO_COLOR: attributes only
        text = screen.text().splitlines()
        assert len(screen.grid) == 24 and all(len(line) <= 80 for line in text)
        child.send("\x1b")  # nothing typed: Esc leaves
        child.expect(pexpect.EOF, timeout=WAIT)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert "Left the table screen" in screen.raw.getvalue()


def test_the_screen_speaks_german(env):
    env = dict(env, TRAJAN_LANG="de")
    env.pop("NO_COLOR")
    child, screen = spawn(env)
    try:
        wait_for_text(child, screen, "Ann beginnt", WAIT)
        child.send("24")
        wait_for_text(child, screen, "Ann ist am Zug", WAIT)
        child.send("\x1b")
        child.expect(pexpect.EOF, timeout=WAIT)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    assert lines_recorded(env) == ["round I.1: streets 2 4"]


def test_a_whole_cell_name_typed_in_a_real_terminal_takes_that_cell(env):
    """E alone takes E4 once E2 is taken; the 4 typed after it finishes the name and is no
    citizen (the record once said `use received: citizen 4`)."""
    child, screen = spawn(env)
    try:
        wait_for_text(child, screen, "Ann starts", WAIT)
        child.send("24")
        wait_for_text(child, screen, "Ann's turn", WAIT)
        child.send("C4B6wy\riB\ry\r")
        wait_for_text(child, screen, "Bob's turn", WAIT)
        child.send("E2E4")
        wait_for_text(child, screen, "» Bob: take E2 E4", WAIT)
        child.send("\r")  # nothing said of the tile used yet: refused, nothing recorded
        wait_for_text(child, screen, "Say what the tile shows first", WAIT)
        assert "use received: citizen" not in screen.text()
        child.send("o3\rtm\r\r")
        wait_for_text(child, screen, "Round I.2: its street cards?", WAIT)
        assert lines_recorded(env)[-1] == \
            "Bob: take E2 E4; use own: citizen 3 bonus tribune; build mkt E2 pay builder"
        child.send("\x1b")
        child.expect(pexpect.EOF, timeout=WAIT)
    finally:
        child.close(force=True)
