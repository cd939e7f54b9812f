"""`trajan box edit` in a real terminal (80 x 24, NO_COLOR): the menu, the side editor, the
face editor with the cursor moving on by itself, the track typed as rows (a wrong value
asked again), and what is saved kept in the box file.

Every component value here is MADE UP for the test, not read off the real components."""

from __future__ import annotations

import os

import pytest

from trajan_cli.core.box import ColoniaSide, MosaicFace, PrestigeTrack
from trajan_cli.core.forum import ForumSquare
from trajan_cli.core.vocabulary import Colour
from trajan_cli.games import box_file

from helpers.timebound import TRAJAN, within
from helpers.vt_screen import wait_for_text, watch

pexpect = pytest.importorskip("pexpect")
pytestmark = [pytest.mark.slow,
              pytest.mark.skipif(not TRAJAN.is_file(), reason="trajan is not installed beside python")]

ENTER, ESC, DOWN, UP, BACKSPACE = "\r", "\x1b", "\x1b[B", "\x1b[A", "\x7f"
WAIT = 30
B, G = ForumSquare(Colour.BLUE), ForumSquare(Colour.GREEN)
E = ForumSquare(None)


@pytest.fixture(autouse=True)
def bounded():
    with within(150, "the test"):
        yield


def test_box_edit_describes_a_side_a_face_and_the_track_and_keeps_them(tmp_path):
    home = tmp_path / "home"
    env = dict(os.environ, TRAJAN_HOME=str(home), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm",
               TRAJAN_LANG="en", NO_COLOR="1")
    child = pexpect.spawn(str(TRAJAN), ["box", "edit"], env=env, dimensions=(24, 80), encoding="utf-8",
                          timeout=WAIT)
    screen = watch(child, 24, 80)
    child.expect_exact("What do you describe?")
    child.send(ENTER)  # the menu starts on what is missing first: side A
    wait_for_text(child, screen, "Side A · 0 of 4 temples", WAIT)
    child.send("B2tE3tC5tD4t" + ENTER)
    child.expect_exact("Kept in the box: side A.")
    child.expect_exact("What do you describe?")
    child.send(ENTER)  # then a face
    child.expect_exact("name")
    child.send("1a" + ENTER)
    wait_for_text(child, screen, "Face 1a", WAIT)
    child.send("bbe/g-g" + ENTER)  # the second row wraps by itself
    child.expect_exact("Kept in the box: face 1a.")
    child.expect_exact("What do you describe?")
    child.send(DOWN + ENTER)  # the menu stands on the faces (nine still missing): down to the track
    child.expect_exact("points printed below")
    child.send("0 1 2 3" + ENTER)
    child.expect_exact("Trajan values printed")
    child.send("3 3 5 9" + ENTER)
    child.expect_exact("not 9")  # asked again, with what was typed
    child.send(BACKSPACE + "7" + ENTER)
    child.expect_exact("cypresses")
    child.send("2" + ENTER)
    child.expect_exact("Kept in the box: track.")
    child.expect_exact("What do you describe?")
    child.send(UP * 3 + ENTER)  # from the faces up, past the top, round to Done
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    box = box_file.load(home).box
    assert box.side("A") == ColoniaSide("A", frozenset({(1, 1), (4, 2), (2, 4), (3, 3)}))
    assert box.face("1a") == MosaicFace("1a", ((B, B, E), (G, None, G)))
    assert box.track == PrestigeTrack((0, 1, 2, 3), (3, 3, 5, 7), frozenset({2}))
