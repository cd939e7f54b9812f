"""`trajan play` on a game just made by `trajan game new`: the set-up screen in a real
pseudo-terminal of 80 x 24, without colour (NO_COLOR), in English, German and French; the
set-up typed (a side and faces the box does not know typed once and kept), recorded, and
the table screen taking up the first round. The box's values are made up for the test."""

from __future__ import annotations

import os
import subprocess

import pytest

from helpers.timebound import TRAJAN
from helpers.vt_screen import Screen, wait_for_text

pexpect = pytest.importorskip("pexpect")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not TRAJAN.is_file(), reason="trajan is not installed beside python")]

WAIT = 30
# Two players: side A typed once (Ann), known for Bob; three faces typed, each laid.
KEYS = ("aB2E3C5D4bgo3o" "abgo2g"
        "nbg\rey\r\rA1" "noo\rge\r\rC1" "nyb\rbo\r\rA3" "\ry")
FIRST = {"en": ("Ann: which side of the player board?", "Ann starts"),
         "de": ("Ann: welche Seite des Coloniaplans?", "Ann beginnt"),
         "fr": ("Ann : quelle face du plateau ?", "Ann commence")}


@pytest.fixture
def env(tmp_path):
    env = dict(os.environ, TRAJAN_HOME=str(tmp_path / "home"), PROMPT_TOOLKIT_NO_CPR="1",
               TERM="xterm", TRAJAN_LANG="en", NO_COLOR="1")
    subprocess.run([str(TRAJAN), "game", "new", "g", "--player", "Ann", "--player", "Bob"],
                   env=env, check=True, capture_output=True, timeout=WAIT)
    return env


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_set_up_typed_in_a_real_terminal_then_the_first_round(env, lang):
    env = dict(env, TRAJAN_LANG=lang)
    child = pexpect.spawn(str(TRAJAN), ["play", "g"], env=env, encoding="utf-8", timeout=WAIT,
                          dimensions=(24, 80))
    screen = Screen(24, 80)
    child.logfile_read = screen
    asked, starts = FIRST[lang]
    try:
        wait_for_text(child, screen, asked, WAIT)
        text = screen.text().splitlines()
        assert len(screen.grid) == 24 and all(len(line) <= 80 for line in text)
        for key in KEYS:
            child.send(key)
        wait_for_text(child, screen, starts, WAIT)
        child.send("\x1b")
        child.expect(pexpect.EOF, timeout=WAIT)
    finally:
        child.close(force=True)
    assert child.exitstatus == 0
    with open(os.path.join(env["TRAJAN_HOME"], "games", "g.txt"), encoding="utf-8") as handle:
        record = [row for row in handle.read().splitlines() if not row.startswith("#")]
    assert record == [
        "box side A: temples B2 E3 D4 C5", "box face 1a: b g / E y", "box face 2a: o o / g E",
        "box face 3a: y b / b o",
        "set-up Ann: side A; cranes A1 b F1 g A6 o F6 y; citizen 3; worker o",
        "set-up Bob: side A; cranes A1 b F1 g A6 o F6 y; citizen 2; worker g",
        "set-up forum: 1a A1; 2a C1; 3a A3",  # each face of its own board (p. 18)
    ]
    with open(os.path.join(env["TRAJAN_HOME"], "box.toml"), encoding="utf-8") as handle:
        kept = handle.read()
    assert 'A = "B2 E3 D4 C5"' in kept and "[forums]" in kept
