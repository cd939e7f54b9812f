"""The board editor (issue 14), driven through prompt_toolkit's pipe input: moves,
placements, refusals, save, cancel, undo, the side panel, the forum, resizes and tiny
terminals, and keys mashed at random."""

import dataclasses
import subprocess
import sys
import time

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prompt_toolkit.input import create_pipe_input

from trajan_cli.core.board import BoardRule, blank_sheet, growth_problems, sheet_problems
from trajan_cli.core.colonia import COVERED, SCORED_CRANE, TEMPLE, VACATED, crane, gray, structure
from trajan_cli.core.forum import Forum, ForumSquare
from trajan_cli.core.vocabulary import CitizenState, Colour, GrayType, Track
from trajan_cli.parsing.forum import load_forum
from trajan_cli.parsing.sheet import load_sheet
from trajan_cli.ui.colonia_state import COLOUR_KEYS, GRAY_KEYS, ColoniaEditor, key_conflicts
from trajan_cli.ui.editor import colonia_app
from trajan_cli.ui.forum_state import ForumEditor, player_marks
from trajan_cli.ui.screen import CELL, GRID_LEFT, GRID_TOP, draw_colonia, draw_forum

from helpers.editor_session import Terminal, colonia, forum_session
from helpers.hypothesis_profiles import scaled

UP, DOWN, RIGHT, LEFT = "\x1b[A", "\x1b[B", "\x1b[C", "\x1b[D"
ENTER, ESC, TAB, CTRL_C, CTRL_Z, BACKSPACE = "\r", "\x1b", "\t", "\x03", "\x1a", "\x7f"
LETTER = {kind: key for key, kind in GRAY_KEYS.items()}
LIB, COL = LETTER[GrayType.LIBRARY], LETTER[GrayType.COLUMN]
BLUE, GREEN = Colour.BLUE.letter, Colour.GREEN.letter
A1, F1, A6, F6 = (0, 0), (5, 0), (0, 5), (5, 5)


def examples():
    from trajan_cli.cli.options import EXAMPLES_DIR

    return load_sheet(EXAMPLES_DIR / "tom.toml"), load_forum(EXAMPLES_DIR / "tom-forum.toml")


TOM, TOM_FORUM = examples()  # for the hypothesis tests (fixtures are per test, not per example)


# --- Moving ------------------------------------------------------------------------------


def test_arrows_hjkl_and_jumps_move_the_cursor(tom):
    assert colonia(RIGHT + RIGHT + DOWN + ESC, tom).editor.cursor == (2, 1)
    assert colonia("lljjh" + ESC, tom).editor.cursor == (1, 2)
    assert colonia("D5" + ESC, tom).editor.cursor == (3, 4)
    assert colonia("F6" + LEFT + UP + ESC, tom).editor.cursor == (4, 4)


def test_the_cursor_stops_at_the_edges(tom):
    assert colonia(UP + LEFT + "kh" + ESC, tom).editor.cursor == (0, 0)
    assert colonia("F6" + RIGHT + DOWN + "lj" + ESC, tom).editor.cursor == (5, 5)


def test_a_mouse_click_moves_the_cursor(tom):
    # SGR mouse report: press and release at column x, row y (1-based) on C4.
    x, y = GRID_LEFT + 2 * CELL + 3, GRID_TOP + 2 + 2 * 3
    run = colonia(f"\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m" + ESC, tom)
    assert run.editor.cursor == (2, 3)


def test_a_mouse_click_chooses_a_panel_field(tom):
    from trajan_cli.ui.screen import PANEL_LEFT

    x, y = PANEL_LEFT + 15, 10  # the coins value, 1-based terminal coordinates
    run = colonia(f"\x1b[<0;{x};{y}M\x1b[<0;{x};{y}m" + "+" + ENTER, tom)
    assert run.result.supply.coins == tom.supply.coins + 1


def test_a_mouse_click_chooses_the_forum_player(tom_forum):
    from trajan_cli.ui.screen import FORUM_PANEL

    x, y = FORUM_PANEL + 3, 4  # the second player's line
    run = forum_session(f"\x1b[<0;{x};{y}M" + RIGHT * 4 + " " + ENTER, tom_forum, tom_forum, ["Tom", "Anna"])
    assert run.result.at((4, 0)).envoy == "A"


# --- Placing, saving, leaving -----------------------------------------------------------


def test_placements_are_saved_with_enter(tom):
    # E1 covered -> library, C1 vacated -> blue, E2 vacated again -> vacated (no change).
    run = colonia("E1" + LIB + "C1" + BLUE + "A4" + COL + ENTER, tom)
    assert run.result.colonia.at((4, 0)) == gray(GrayType.LIBRARY)
    assert run.result.colonia.at((2, 0)) == structure(Colour.BLUE)
    assert run.result.colonia.at((0, 3)) == gray(GrayType.COLUMN)
    assert growth_problems(tom, run.result) == []
    assert "│ lib•│" in draw_colonia(run.editor, 80, 24).text()  # changed cells are marked


def test_the_terminal_shows_what_the_editor_draws(tom):
    run = colonia([(None, "E1" + LIB), (None, ESC)], tom)
    assert any("│[lib]│" in screen and "E1: library" in screen for screen in run.screens)


def test_vacate_and_back_as_recorded(tom):
    run = colonia("E1." + "E2x" + "A1" + "." + ENTER, tom)
    assert run.result.colonia.at((4, 0)) == VACATED
    assert run.result.colonia.at((4, 1)) == VACATED  # already vacated: x keeps it so
    assert run.result.colonia.at(A1) == COVERED  # a corner is never vacated (p. 22)


def test_x_puts_a_changed_space_back_as_recorded(tom):
    run = colonia("E1." + "x" + ENTER, tom)  # E1 lies covered on Tom's recorded board
    assert run.result.colonia.at((4, 0)) == COVERED


def test_escape_leaves_without_saving_at_once(tom):
    start = time.perf_counter()
    run = colonia("E1" + LIB + ESC, tom)
    assert run.result is None and time.perf_counter() - start < 1.0


@pytest.mark.parametrize("key", [CTRL_C, "\x11"])  # Ctrl-C, Ctrl-Q
def test_control_keys_leave_without_saving(tom, key):
    assert colonia("E1" + LIB + key, tom).result is None


def test_closed_input_leaves_without_saving(tom):
    with create_pipe_input() as pipe:
        _editor, app = colonia_app(tom, tom, input=pipe, output=Terminal())
        pipe.send_text("E1" + LIB)
        pipe.close()
        from trajan_cli.ui.app import run

        assert run(app) is None


def test_undo_takes_back_the_last_change(tom):
    run = colonia("E1" + LIB + "C1" + BLUE + "u" + ENTER, tom)
    assert run.result.colonia.at((4, 0)) == gray(GrayType.LIBRARY)
    assert run.result.colonia.at((2, 0)) == VACATED
    run = colonia("E1" + LIB + CTRL_Z + CTRL_Z + ENTER, tom)
    assert run.result == tom


# --- Refusals: what the rules forbid cannot be typed, and the status line says why ------


@pytest.mark.parametrize("keys, reason", [
    ("B2" + LIB, "B2: was T, now lib; temples are never built over (p. 22)"),
    ("D1" + BLUE, "D1: was lib, now b; a built space never changes or empties (p. 22)"),
    ("D1.", "D1: was lib, now .; a built space never changes or empties (p. 22)"),
    ("A1" + LIB, "A1: lib: the corners hold the construction cranes, never built over (p. 22)"),
    ("E1t", "E1: was ?, now T; temples are printed on the board: typed once at set-up, they "
            "never move (p. 19)"),
    ("C3K", "C3: K: cranes lie only in the four corners (p. 19)"),
    ("F1" + BLUE, "F1: was green, now blue; a corner keeps the crane colour chosen at set-up (p. 19)"),
    ("A1" + GREEN, "A1: the green crane lies at F1 already; each colonia has one crane per colour (p. 19)"),
    ("A6K", "A6: was K, now ?; an uncovered crane is never covered again (p. 22)"),
])
def test_forbidden_edits_are_refused_with_the_reason(tom, keys, reason):
    run = colonia(keys + ESC, tom)
    assert run.editor.sheet == tom
    assert run.editor.status.refusal and run.editor.status.text == reason
    assert "✗ " + reason[:60] in draw_colonia(run.editor, 80, 24).text().replace("\n", " ")


def test_save_is_refused_until_the_board_is_right_then_stays_open():
    blank = blank_sheet("Ann")
    run = colonia("B2tC3t" + ENTER + ESC, blank, recorded=None)
    assert run.result is None
    assert run.editor.status.text == "Not saved: 2 temples; a colonia has exactly 4 temples (p. 19)"
    run = colonia("B2tC3tD4tE5t" + ENTER, blank, recorded=None)
    assert sorted(run.result.colonia.where(TEMPLE.kind)) == [(1, 1), (2, 2), (3, 3), (4, 4)]


def test_the_status_line_is_translated(tom):
    from trajan_cli.i18n import set_language

    set_language("de")
    run = colonia("B2" + LIB + ESC, tom)
    assert "S. 6" in run.editor.status.text
    assert "Patrizier I" in draw_colonia(run.editor, 80, 24).text()


# --- Set-up: temples and crane colours (p. 19) ------------------------------------------


def test_set_up_places_temples_and_crane_colours():
    blank = blank_sheet("Ann")
    keys = "B2tC3tD4tE5t" + "A1" + BLUE + "F1" + GREEN + "A1" + GREEN + ENTER
    run = colonia(keys, blank, recorded=None)
    # Green moved from F1 to A1: the last choice holds, F1 is unknown again.
    assert dict(run.result.crane_colours) == {A1: Colour.GREEN}
    assert run.editor.status.text == "A1: green crane below (taken from F1)"
    assert sheet_problems(run.result) == []


def test_the_set_up_board_starts_with_one_envoy_on_the_ship_p19():
    """p. 19: the one Colonia tile left over lies at the river, back (the envoy) up, as own
    tiles lie on the ship (p. 21): the editor's set-up board holds one envoy on the ship,
    and saving the set-up keeps it unless the group types another count."""
    assert blank_sheet("Ann").supply.ship == 1
    run = colonia("B2tC3tD4tE5t" + ENTER, blank_sheet("Ann"), recorded=None)
    assert run.result.supply.ship == 1


def test_a_temple_typed_twice_at_set_up_is_taken_away():
    run = colonia("B2tt" + ESC, blank_sheet("Ann"), recorded=None)
    assert run.editor.sheet.colonia.at((1, 1)) == COVERED


def test_crane_key_cycles_forward_from_the_recorded_state(tom):
    recorded = dataclasses.replace(tom, crane_colours={A1: Colour.BLUE})
    states = []
    for presses in range(1, 4):
        run = colonia("A1" + "K" * presses + ESC, recorded)
        states.append(run.editor.sheet.colonia.at(A1))
    # Recorded covered: uncovered (colour side up) and back; never colourless, which only a
    # scoring phase makes (p. 27).
    assert states == [crane(Colour.BLUE), COVERED, crane(Colour.BLUE)]
    # F1 was recorded colour side up: it stays so until a scoring phase scores it (p. 27).
    run = colonia("F1K" + ESC, tom)
    assert run.editor.sheet.colonia.at(F1) == crane(Colour.GREEN)
    assert run.editor.status.text == ("F1: was Kg, now K; a crane turns to its colourless side "
                                      "only when a scoring phase scores it (p. 27)")


def test_a_set_up_shows_a_scored_crane_only_after_a_scoring_p27(tom):
    """A game joined in a later cycle sets up boards with cranes scored before (K)."""
    keys = "F1" + GREEN + "KK" + ESC  # the green crane below F1: colour side, then colourless
    later = colonia(keys, blank_sheet("Ann"), recorded=None, first_scoring_done=True)
    assert later.editor.sheet.colonia.at(F1) == SCORED_CRANE
    first = colonia(keys, blank_sheet("Ann"), recorded=None)  # a game kept from cycle I
    assert first.editor.sheet.colonia.at(F1) == COVERED  # colour side, then covered again


def test_a_colour_key_uncovers_the_corner_of_that_colour(tom):
    recorded = dataclasses.replace(tom, crane_colours={A1: Colour.BLUE})
    assert colonia("A1" + BLUE + ENTER, recorded).result.colonia.at(A1) == crane(Colour.BLUE)


# --- The side panel: citizens, supply, tracks -------------------------------------------


def test_panel_values_change_with_plus_minus_and_digits(tom):
    coins = TAB + DOWN * 6  # the coins field
    run = colonia(coins + "++" + ENTER, tom)
    assert run.result.supply.coins == 3
    run = colonia(coins + "12" + ENTER, tom)
    assert run.result.supply.coins == 12
    run = colonia(coins + "12" + BACKSPACE + ENTER, tom)
    assert run.result.supply.coins == 1
    run = colonia(coins + RIGHT + "4" + DOWN + DOWN + "3" + RIGHT + "+" + ENTER, tom)
    assert run.result.supply.tribunes == 4
    workers = run.result.supply.workers
    assert [workers[c] for c in Colour] == [0, 3, 1, 0]


@pytest.mark.parametrize("colour", list(Colour))
def test_w_then_a_colour_key_goes_to_that_colours_workers(tom, colour):
    """In the side panel `w` goes to the workers and a colour key right after it to that
    colour's count (`b` then is blue, not the builders); no arrow to find it."""
    run = colonia(TAB + "w" + colour.letter + "7" + ENTER, tom)
    assert run.result.supply.workers[colour] == 7
    others = {c: n for c, n in run.result.supply.workers.items() if c is not colour}
    assert others == {c: n for c, n in tom.supply.workers.items() if c is not colour}
    assert run.result.supply.builders == tom.supply.builders


def test_a_colour_key_not_right_after_w_is_its_own_key(tom):
    """`b` after a digit is the builders' key again: the colour follows `w` only at once."""
    run = colonia(TAB + "wg" + "2" + "b" + "5" + ENTER, tom)
    assert run.result.supply.workers[Colour.GREEN] == 2 and run.result.supply.builders == 5


def test_panel_refuses_a_count_below_zero(tom):
    run = colonia(TAB + DOWN * 7 + "-" + ESC, tom)  # builders: 0
    assert run.editor.status.text == "builders: -1: a count cannot fall below zero (p. 21)"


def test_the_buildings_move_the_track_markers_p24(tom):
    """A basilica typed on a vacated space moves the basilica marker with it (3 -> 4); the
    side panel has no track field to set by hand."""
    run = colonia("C1s" + ENTER, tom)  # C1 is vacated on Tom's board
    assert run.result.tracks[Track.BASILICA] == 4
    assert "■■■■ 4/4" in run.screens[-1]
    more = colonia(TAB + DOWN * 11 + "+" + ENTER, tom).result  # the ship is the last field
    assert more.supply.ship == tom.supply.ship + 1 and more.tracks == tom.tracks


def test_citizens_join_rows_and_never_leave_p26(tom):
    run = colonia(TAB + "+" + DOWN + "+" + ENTER, tom)
    assert run.result.citizens[1] == (CitizenState.ACTIVE,)
    run = colonia(TAB + DOWN * 4 + "-" + ESC, tom)  # Craftsman I: two recorded
    assert run.editor.status.text.startswith("row 5 (Craftsman I): was 2, now 1; citizens never leave")
    # Only a scoring phase turns a row inactive or active (p. 27): space is refused here;
    # + beside an inactive citizen reactivates it (p. 26), - puts the row back as recorded.
    run = colonia(TAB + DOWN * 4 + " " + ESC, tom)
    assert run.editor.sheet.citizens[5] == (CitizenState.ACTIVE,) * 2
    assert run.editor.status.text == ("row 5 (Craftsman I): was active active, now inactive "
                                      "inactive; a citizen turns inactive only when it is not paid "
                                      "in a scoring phase (p. 27)")
    assert colonia(TAB + DOWN * 5 + "+" + ENTER, tom).result.citizens[6] == (CitizenState.ACTIVE,) * 2
    back = colonia(TAB + DOWN * 5 + "+-" + ESC, tom)
    assert back.editor.sheet.citizens[6] == (CitizenState.INACTIVE,)


def test_plus_in_the_grid_adds_a_citizen_to_the_cursor_row(tom):
    assert colonia("A2+" + ENTER, tom).result.citizens[2] == (CitizenState.ACTIVE,)


# --- Screen: 80x24, colour, NO_COLOR, resize, tiny terminals ----------------------------


def test_the_screen_fits_80_by_24_and_shows_keys_and_board(tom):
    screen = colonia(ESC, tom).screens[0]  # as the terminal got it
    lines = screen.splitlines()
    assert len(lines) <= 24 and max(len(line) for line in lines) <= 80
    for text in ("Colonia of Tom", "Citizens", "Supply", "Benefit tracks", "Enter save",
                 "Esc leave", "? help", f"{LIB} lib"):
        assert text in screen, text


def test_help_lists_every_key_and_escape_closes_only_the_help(tom):
    with create_pipe_input() as pipe:
        editor, app = colonia_app(tom, tom, input=pipe, output=Terminal())
        editor.press("?")
        help_screen = draw_colonia(editor, 80, 24).text()
        editor.press("escape")
        assert not editor.help and not editor.done
    for text in ("Esc", "Enter", "Tab", "u Ctrl-Z", "K", "x Del", " ".join(COLOUR_KEYS)):
        assert text in help_screen, text


def test_no_color_turns_colours_off(tom, monkeypatch):
    from prompt_toolkit.output import ColorDepth

    from trajan_cli.ui.app import style_rules

    monkeypatch.setenv("NO_COLOR", "1")
    with create_pipe_input() as pipe:
        _editor, app = colonia_app(tom, tom, input=pipe, output=Terminal())
        assert app.color_depth is ColorDepth.DEPTH_1_BIT
    assert not any("#" in rule or "ansi" in rule for rule in style_rules(plain=True).values())
    assert any("bg:" in rule for rule in style_rules(plain=False).values())


def test_a_tiny_terminal_says_the_size_it_needs_and_a_resize_brings_the_board_back(tom):
    """Issue 20.11: keys typed while only the notice shows do nothing (they were acted on
    unseen); after the resize they work again."""
    run = colonia([((10, 30), "E1" + LIB + ENTER), ((24, 80), "C1" + LIB), (None, ESC)], tom)
    small = [s.replace("\n", " ") for s in run.screens if len(s.splitlines()) <= 10]
    assert small and "needs at least 80x24" in small[-1] and "10" in small[-1]
    assert "Colonia of Tom" in run.screens[-1]
    assert run.editor.sheet.colonia.at((4, 0)) == tom.colonia.at((4, 0))  # typed unseen: nothing
    assert run.editor.sheet.colonia.at((2, 0)) == gray(GrayType.LIBRARY)  # seen: placed


@pytest.mark.parametrize("rows, columns", [(0, 0), (1, 1), (3, 200), (100, 5), (23, 80), (24, 79)])
def test_any_size_draws_without_error(tom, rows, columns):
    editor = ColoniaEditor(tom, tom)
    text = draw_colonia(editor, columns, rows).text().replace("\n", " ")
    if (rows, columns) in ((23, 80), (24, 79), (3, 200)):
        assert "needs at least 80x24" in text
    forum = ForumEditor(Forum(grid=()), None, ["Ann"])
    draw_forum(forum, columns, rows)


def test_large_terminals_work(tom):
    run = colonia("E1" + LIB + ENTER, tom, size=(60, 200))
    assert run.result is not None and "Colonia of Tom" in run.screen


# --- The forum ----------------------------------------------------------------------------


def test_forum_set_up_types_the_layout_and_grows(tom_forum):
    y, b = Colour.YELLOW.letter, Colour.BLUE.letter
    keys = y + RIGHT + y + RIGHT + "e" + DOWN + b + RIGHT + "-" + ENTER
    run = forum_session(keys, Forum(grid=()), None, ["Tom", "Ann"])
    forum = run.result
    assert forum.grid == ((ForumSquare(Colour.YELLOW), ForumSquare(Colour.YELLOW), ForumSquare(None)),
                          (None, None, ForumSquare(Colour.BLUE)))
    assert dict(forum.players) == {"T": "Tom", "A": "Ann"}


def test_forum_set_up_trims_gap_edges():
    keys = DOWN + RIGHT + Colour.GREEN.letter + ENTER
    run = forum_session(keys, Forum(grid=()), None, ["Tom"])
    assert run.result.grid == ((ForumSquare(Colour.GREEN),),)


def test_forum_layout_is_locked_after_set_up_p18(tom_forum):
    run = forum_session(Colour.BLUE.letter + ESC, tom_forum, tom_forum, ["Tom", "Anna"])
    assert run.editor.status.text == "A1: was yellow, now blue; the forum layout is fixed once it is laid out (p. 18)"
    run = forum_session(RIGHT * 8 + DOWN * 4 + "+" + ESC, tom_forum, tom_forum, ["Tom", "Anna"])
    assert run.editor.cursor == (7, 3)  # no growing past the recorded layout


def test_envoys_are_placed_per_player(tom_forum):
    # D1 is an eagle space, E1 a free blue square: Anna (player 2) on E1, Tom on D1.
    keys = RIGHT * 4 + "2 " + LEFT + TAB + " " + ENTER
    run = forum_session(keys, tom_forum, tom_forum, ["Tom", "Anna"])
    assert run.result.at((4, 0)) == ForumSquare(Colour.BLUE, "A")
    assert run.result.at((3, 0)).envoy == "T"  # Tab went on to the next player: Tom
    from trajan_cli.core.board import forum_growth_problems

    assert forum_growth_problems(tom_forum, run.result) == []


@pytest.mark.parametrize("keys, rule_text", [
    (" ", "A1: Tom: a square holds one envoy (p. 25)"),
    ("x", "A1: was Tom, now nothing; an envoy never leaves its square (p. 25)"),
    (DOWN * 3 + " ", "A4: a gap holds no envoy (p. 25)"),
])
def test_envoy_refusals(tom_forum, keys, rule_text):
    run = forum_session("2" + keys + ESC, tom_forum, tom_forum, ["Tom", "Anna"])
    assert run.editor.status.text == rule_text


def test_an_envoy_placed_in_this_edit_may_be_taken_back(tom_forum):
    run = forum_session(RIGHT * 4 + " x" + ENTER, tom_forum, tom_forum, ["Tom", "Anna"])
    assert run.result == tom_forum


def test_new_players_get_marks_the_forum_file_reads():
    marks = player_marks({}, ["Tom", "Tanya", "Bob", "Ed", "Gus Grey"])
    assert marks == {"T": "Tom", "Ta": "Tanya", "Bo": "Bob", "Ed": "Ed", "Gu": "Gus Grey"}
    assert player_marks({"T": "Tom"}, ["Tom", "Ann"]) == {"T": "Tom", "A": "Ann"}


def test_forum_screen_fits_and_scrolls_a_wide_forum():
    wide = Forum(grid=(tuple(ForumSquare(Colour.GREEN) for _ in range(24)),), players={"T": "Tom"})
    editor = ForumEditor(wide, wide, ["Tom"])
    for _ in range(23):
        editor.press("right")
    text = draw_forum(editor, 80, 24).text()
    assert "X" in text.splitlines()[1] and max(len(line) for line in text.splitlines()) <= 80


# --- Never crashes: keys mashed at random ------------------------------------------------

KEYS = ["up", "down", "left", "right", "home", "end", "enter", "escape", "tab", "s-tab",
        "backspace", "delete", "c-z", "c-c", "c-q", "?", " ", ".", "+", "-", "=", "x", "t", "K",
        "u", "p", "e", "E", "q", "é", "\x00", *"ABCDEF0123456789hjkl", *GRAY_KEYS, *COLOUR_KEYS]
key_lists = st.lists(st.one_of(st.sampled_from(KEYS), st.characters()), max_size=60)


@settings(max_examples=scaled(150), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(keys=key_lists, setup=st.booleans(), size=st.tuples(st.integers(0, 40), st.integers(0, 120)))
def test_mashing_keys_never_raises_and_never_breaks_a_rule(keys, setup, size):
    tom = TOM
    recorded = None if setup else tom
    editor = ColoniaEditor(blank_sheet("Ann") if setup else tom, recorded)
    for key in keys:
        editor.press(key)
        editor.help = False  # keep pressing (the help would swallow every other key)
        if editor.done:
            editor.done = False
    draw_colonia(editor, size[1], size[0])
    # What the rules forbid cannot be typed: only the temple count may be off before saving.
    assert growth_problems(recorded, editor.sheet) == []
    assert {p.rule for p in sheet_problems(editor.sheet)} <= {BoardRule.TEMPLE_COUNT}


@settings(max_examples=scaled(100), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(keys=key_lists, setup=st.booleans())
def test_mashing_keys_in_the_forum_never_raises(keys, setup):
    tom_forum = TOM_FORUM
    from trajan_cli.core.board import forum_growth_problems

    recorded = None if setup else tom_forum
    editor = ForumEditor(Forum(grid=()) if setup else tom_forum, recorded, ["Tom", "Anna", "Bea"])
    for key in keys:
        editor.press(key)
        editor.help = editor.done = False
    draw_forum(editor, 80, 24)
    problems = forum_growth_problems(recorded, editor.trimmed())
    assert {p.rule for p in problems} <= {BoardRule.NO_SQUARES}


@settings(max_examples=scaled(20), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=st.lists(st.sampled_from([UP, DOWN, TAB, BACKSPACE, "\x1b[3~", "\x1b[<0;10;5M",
                                      "\x1bO", "\x1b[", "a", "K", "?", " ", "1", "é", "\x00", "²"]),
                     max_size=40).map("".join))
def test_raw_terminal_bytes_through_the_app_never_raise(text):
    tom = TOM
    with create_pipe_input() as pipe:
        _editor, app = colonia_app(tom, tom, input=pipe, output=Terminal())
        pipe.send_text(text)
        pipe.send_text(CTRL_C)
        from trajan_cli.ui.app import run

        assert run(app) is None


# --- The house ----------------------------------------------------------------------------


def test_no_key_is_bound_twice():
    assert key_conflicts() == []


def test_importing_the_ui_package_loads_no_prompt_toolkit():
    code = "import sys, trajan_cli.ui; print(any(m.startswith('prompt_toolkit') for m in sys.modules))"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "False"


def test_developer_entry_needs_a_terminal():
    from trajan_cli.cli.options import EXAMPLES_DIR

    done = subprocess.run([sys.executable, "-m", "trajan_cli.ui.editor", str(EXAMPLES_DIR / "tom.toml")],
                          capture_output=True, text=True, input="", timeout=30)
    assert done.returncode == 2 and done.stdout == "" and "terminal" in done.stderr


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("keys", ["", "\t" * 7, "2"], ids=["grid", "citizens field", "row 2"])
def test_at_80x24_no_text_is_cut_in_any_language(tom, lang, keys):
    """Issue 22: in French the key row ended "?…" and the info line "Espac…"."""
    from trajan_cli.i18n import set_language

    set_language(lang)
    try:
        run = colonia(keys + ESC, tom)
        text = draw_colonia(run.editor, 80, 24).text()
    finally:
        set_language("en")
    assert "…" not in text, text
    lines = text.split("\n")
    assert any("Esc" in line for line in lines[15:21])  # the key rows keep their last pairs
    assert all(len(line) <= 80 for line in lines)
