"""The box's editors (ui/box_editors.py), driven through prompt_toolkit's pipe input as the
board editors are (helpers/editor_session.py): a side's four temples, a face typed with
the cursor moving on by itself, and the rows of numbers of the track and the bar.

Every component value here is MADE UP for the test, not read off the real components."""

from __future__ import annotations

import pytest

from trajan_cli.core.box import ColoniaSide, MosaicFace
from trajan_cli.core.forum import ForumSquare
from trajan_cli.core.vocabulary import Colour
from trajan_cli.parsing.box_toml import parse_number_row, parse_sizes
from trajan_cli.ui.box_editors import FaceEditor, TempleEditor, draw_face, draw_side, face_app, side_app

from helpers.editor_session import Session

ENTER, ESC, CTRL_Z, BACKSPACE, DOWN = "\r", "\x1b", "\x1a", "\x7f", "\x1b[B"
B, G, OR, Y = (ForumSquare(c) for c in (Colour.BLUE, Colour.GREEN, Colour.ORANGE, Colour.YELLOW))
E = ForumSquare(None)
MADE_UP_A = ColoniaSide("A", frozenset({(1, 1), (4, 2), (2, 4), (3, 3)}))


def side(keys: str, start: ColoniaSide = ColoniaSide("A", frozenset())) -> Session:
    return Session(lambda pipe, out: side_app(start, input=pipe, output=out), keys)


def face(keys: str, start: MosaicFace = MosaicFace("1a", ())) -> Session:
    return Session(lambda pipe, out: face_app(start, input=pipe, output=out), keys)


# --- A side: four temples on the colonia ------------------------------------------------------


def test_a_side_is_four_temples_placed_on_the_colonia_grid():
    session = side("B2tE3tC5tD4t" + ENTER)
    assert session.result == MADE_UP_A


def test_t_again_or_x_takes_a_temple_away_and_undo_brings_it_back():
    assert side("B2tE3tC5tD4tF5t" + "t" + ENTER).result == MADE_UP_A
    assert side("B2tE3tC5tD4tF5t" + "x" + ENTER).result == MADE_UP_A
    assert side("B2tE3tC5tD4t" + "x" + CTRL_Z + ENTER).result == MADE_UP_A


def test_a_side_with_other_than_four_temples_is_not_saved_p19():
    editor = TempleEditor(ColoniaSide("A", frozenset()))
    for key in "B2tE3tC5t":
        editor.press(key)
    editor.press("enter")
    assert not editor.done and editor.status.refusal
    assert "Not saved: 3 temples; a colonia has exactly 4 temples (p. 19)" in draw_side(editor, 80, 24).text()
    assert side("B2tE3tC5t" + ENTER + ESC).result is None


def test_a_temple_never_lies_on_a_corner_where_the_crane_is_p19():
    editor = TempleEditor(ColoniaSide("A", frozenset()))
    for key in "A1t":
        editor.press(key)
    assert editor.temples == frozenset() and editor.status.refusal and "p. 19" in editor.status.text


def test_a_side_shows_only_temples_other_keys_say_so():
    editor = TempleEditor(ColoniaSide("B1", frozenset()))
    for key in ["B", "2", "g", "tab"]:
        editor.press(key)
    assert editor.temples == frozenset()
    assert editor.status.refusal and "t places one" in editor.status.text


def test_a_known_side_opens_with_its_temples_and_draws_them():
    session = side("A1" + ENTER, MADE_UP_A)
    assert session.result == MADE_UP_A
    screen = draw_side(session.editor, 80, 24).text()
    assert "Side A · 4 of 4 temples" in screen and "temples: B2 E3 D4 C5" in screen


# --- A face: typed square by square, the cursor moving on -----------------------------------


def test_a_face_is_typed_with_one_key_a_square_and_one_key_a_row():
    # 9 squares, the first row's end, Enter: 11 keys for a 3 x 3 face; a / where a row has
    # just wrapped by itself changes nothing
    assert face("bbe/g-gyyo" + ENTER).result == MosaicFace("1a", ((B, B, E), (G, None, G), (Y, Y, OR)))
    session = face("bbe/g-g/yyo" + ENTER)
    assert session.result == MosaicFace("1a", ((B, B, E), (G, None, G), (Y, Y, OR)))


def test_after_the_first_row_the_rows_wrap_by_themselves():
    session = face("bbe/" + "g-g" + "yyo" + ENTER)
    assert session.result == MosaicFace("1a", ((B, B, E), (G, None, G), (Y, Y, OR)))
    assert "Face 1a · 3 wide" in draw_face(session.editor, 80, 24).text()


def test_a_square_retyped_after_moving_back_and_undo_take_the_cursor_back():
    editor = FaceEditor(MosaicFace("1a", ()))
    for key in "bb/gg":
        editor.press(key)
    assert editor.cursor == (0, 2)
    editor.press("u")
    assert editor.cursor == (1, 1)  # back where the undone square was typed
    for key in ["up", "o"]:
        editor.press(key)
    assert editor.face().grid == ((B, OR), (G, None))


def test_a_row_end_before_any_square_is_refused_and_envoy_keys_do_nothing():
    editor = FaceEditor(MosaicFace("1a", ()))
    editor.press("/")
    assert editor.status.refusal and editor.cursor == (0, 0)
    for key in [" ", "p", "x", "1", "tab"]:
        editor.press(key)
        assert editor.status.refusal
    assert editor.face().grid == ()


def test_a_face_without_squares_is_not_saved():
    editor = FaceEditor(MosaicFace("1a", ()))
    for key in ["-", "-", "/", "enter"]:
        editor.press(key)
    assert not editor.done and "Not saved: a face has at least one square" in editor.status.text
    assert face("--/" + ENTER + ESC).result is None


def test_a_known_face_opens_as_it_is_and_keeps_its_width():
    known = MosaicFace("2b", ((Y, OR), (OR, Y)))
    assert face(ENTER, known).result == known
    assert face("gg" + ENTER, known).result == MosaicFace("2b", ((G, G), (OR, Y)))


def test_the_face_editor_fits_80_by_24_and_names_its_keys():
    editor = FaceEditor(MosaicFace("1a", ()))
    for key in "bb":
        editor.press(key)
    screen = draw_face(editor, 80, 24).text()
    assert "/ next row" in screen and "e eagle" in screen
    assert max(len(line) for line in screen.splitlines()) <= 80


# --- The rows of the track and the bar ---------------------------------------------------------


@pytest.mark.parametrize(("text", "read"), [
    ("0 1 2 3", (0, 1, 2, 3)), ("0, 1,2", (0, 1, 2)), ("  7 ", (7,)),
])
def test_a_row_of_numbers_reads_with_spaces_or_commas(text, read):
    assert parse_number_row(text) == read


@pytest.mark.parametrize("text", ["", "1 x", "1 -2", "1000", "1 ３"])
def test_a_row_that_is_not_whole_numbers_says_so(text):
    assert isinstance(parse_number_row(text), str)


def test_an_empty_row_may_mean_none_where_it_is_allowed():
    assert parse_number_row("", empty=True) == ()


@pytest.mark.parametrize(("text", "read"), [
    ("1 2 3", ((1, 2, 3), False)),
    ("- 1 2 8+", ((None, 1, 2, 8), True)),
    ("1 2+ -", ((1, 2, None), True)),  # "or more" on the last size, a blank slot after it
])
def test_the_sizes_on_a_side_of_the_bar(text, read):
    assert parse_sizes(text) == read


@pytest.mark.parametrize("text", ["", "1+ 2", "1 two", "1 2++"])
def test_sizes_that_do_not_read_say_so(text):
    assert isinstance(parse_sizes(text), str)
