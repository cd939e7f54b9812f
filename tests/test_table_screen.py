"""The table screen, `trajan play GAME` (issue 19 item 4), driven by its keys: the worked
example's cycle played through the real application (prompt_toolkit pipe input) gives the
same record, boards and scores as the example; each step of a turn (street cards, tiles
taken, the used tile's palette, builds, the choices the rules leave, envoys on the forum),
refusals with their page, taking back, the mouse, the scoring phase, the screen at 80 x 24
in three languages, and the command without a terminal."""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from trajan_cli.core.vocabulary import Cycle
from trajan_cli.games import store
from trajan_cli.games.table_session import TableSession
from trajan_cli.ui.table.app import table_app
from trajan_cli.ui.table.draft import Mode
from trajan_cli.ui.table.draw import draw_table
from trajan_cli.ui.table.screen import TableScreen

from helpers import table_example as example
from helpers.hypothesis_profiles import scaled

NAMED = {"enter": "\r", "down": "\x1b[B", "up": "\x1b[A", "left": "\x1b[D", "right": "\x1b[C",
         "tab": "\t", "backspace": "\x7f", "space": " "}


class Terminal(DummyOutput):
    def __init__(self, rows=24, columns=80):
        self.size = Size(rows=rows, columns=columns)

    def get_size(self):
        return self.size


def typed(words: str) -> str:
    return "".join(NAMED.get(w, w) for w in words.split())


@pytest.fixture
def game(tmp_path, monkeypatch, cli):
    """The worked example's set-up recorded in a new game; its file's path."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return set_up(tmp_path, cli, example.GAME)


def set_up(tmp_path, cli, name, ann=example.ANN):
    for file, text in (("ann.toml", ann), ("bob.toml", example.BOB),
                       ("forum.toml", example.FORUM)):
        (tmp_path / file).write_text(text)
    players = [w for p in example.PLAYERS for w in ("--player", p)]
    assert cli("game", "new", name, *players, "--cards", example.CARDS).code == 0
    assert cli("board", "import", name, "--player", "Ann", tmp_path / "ann.toml").code == 0
    assert cli("board", "import", name, "--player", "Bob", tmp_path / "bob.toml").code == 0
    assert cli("board", "import", name, "--forum", tmp_path / "forum.toml").code == 0
    return store.load(name).path


def screen_on(path) -> TableScreen:
    return TableScreen(TableSession(path))


def press(screen: TableScreen, words: str) -> TableScreen:
    for word in words.split():
        screen.press(" " if word == "space" else word)
    return screen


def lines_of(path) -> list[str]:
    """The record's rounds and turns, as the file keeps them."""
    from trajan_cli.core.turns.moves import RoundStart, Turn
    from trajan_cli.parsing.notation import format_line

    return [format_line(line) for line in store.read(path).game.lines if isinstance(line, (RoundStart, Turn))]


def without_take(line: str) -> str:
    """A build's ``take N`` names the benefit-track space used; the space reached is the
    default, which the screen leaves unsaid and the example says."""
    return re.sub(r" take \d", "", line)


def text(screen: TableScreen, width=80, height=24) -> str:
    return draw_table(screen, width, height).text()


# --- The worked example, through the real application ---------------------------------------


def test_the_worked_example_cycle_played_on_the_screen_gives_the_example_record(game, tmp_path, cli):
    """shared/examples/game-record-cycle-1.md: cycle I of a two-player game, kept on the
    screen with the keys of helpers/table_example.py (KEYS), scored there, then compared
    with the same record given to `trajan turn --file` and scored from the example's answers."""
    with create_pipe_input() as pipe:
        screen, app = table_app(game, input=pipe, output=Terminal())
        pipe.send_text("".join(typed(k) for k in example.KEYS) + "\x03")
        app.run()
    # The reference: the example's record, through the command line.
    (tmp_path / "record.txt").write_text("\n".join(example.RECORD) + "\n")
    (tmp_path / "answers.toml").write_text(example.ANSWERS)
    reference = set_up(tmp_path, cli, "reference")
    assert cli("turn", "reference", "--file", tmp_path / "record.txt").code == 0
    before_scoring = store.read(reference).game
    assert cli("score", "--game", "reference", "--answers", tmp_path / "answers.toml",
               "--no-input").code == 0
    assert [without_take(line) for line in lines_of(game)] == \
        [without_take(line) for line in lines_of(reference)]
    assert len(lines_of(game)) == len(example.RECORD)
    played, kept = TableSession(game), TableSession(reference)
    assert played.table.sheets == kept.table.sheets
    assert played.table.forum == kept.table.forum
    assert played.table.scored[Cycle.I] == kept.table.scored[Cycle.I]
    shown = cli("game", "show", "example", "--json").json()
    assert {p["name"]: p["cycles"]["1"] for p in shown["players"]} == example.SCORES
    # The boards the record leaves are the example's (before its scoring phase).
    from trajan_cli.games.walk import replayed as replay
    from trajan_cli.parsing.forum import parse_forum
    from trajan_cli.parsing.sheet import parse_sheet

    table = replay(before_scoring).table
    assert table.board("Ann") == parse_sheet(example.ANN_AFTER, "ann")
    assert table.board("Bob") == parse_sheet(example.BOB_AFTER, "bob")
    assert table.forum.grid == parse_forum(example.FORUM_AFTER, "forum").grid
    # After the phase its final standings stay until a key; the next cycle comes next.
    assert screen.view.mode is Mode.SCORED and screen.position.cycle is Cycle.II
    assert screen.done


def test_every_turn_of_the_example_takes_few_keys():
    """Keys per turn line of the example (the round headers take two)."""
    per_line = [len(k.split()) for k in example.KEYS[:-1]]
    turns = [n for n, line in zip(per_line, example.RECORD, strict=True)
             if not line.startswith("round")]
    assert all(n == 2 for n, line in zip(per_line, example.RECORD, strict=True)
               if line.startswith("round"))
    assert sorted(turns)[len(turns) // 2] <= 12, turns


# --- Street cards and taking tiles ----------------------------------------------------------


def test_two_keys_record_the_rounds_street_cards(game):
    screen = screen_on(game)
    assert screen.view.mode is Mode.STREETS and screen.player == "Ann"
    press(screen, "2")
    assert lines_of(game) == [] and "streets 2" in screen.line_text()
    press(screen, "4")
    assert lines_of(game) == ["round I.1: streets 2 4"]
    assert screen.view.mode is Mode.TAKE and screen.player == "Ann"
    assert "streets 2 4" in text(screen).splitlines()[0]


def test_a_coordinate_alone_takes_the_only_space_on_offer_it_fits(game):
    screen = press(screen_on(game), "2 4")
    # Column E: E2 and E4 are both on offer, so E waits for the row.
    press(screen, "E")
    assert screen.view.draft.take == () and screen.view.pending == "c4"
    press(screen, "2")
    assert screen.view.draft.take == ((4, 1),)
    # Row 4 is the street left: a column alone takes its space.
    press(screen, "A")
    assert screen.view.draft.take == ((4, 1), (0, 3))
    assert screen.view.mode is Mode.USE  # two tiles: on to the tile used


def test_a_whole_cell_name_takes_exactly_that_cell(game):
    """E alone takes E4 once E2 is taken; the 4 typed after it finishes the cell's name and
    never becomes the used tile's citizen 4."""
    screen = press(screen_on(game), example.KEYS[0] + " " + example.KEYS[1])
    assert screen.player == "Bob"
    press(screen, "E 2 E 4")
    assert screen.view.draft.take == ((4, 1), (4, 3)) and screen.view.mode is Mode.USE
    assert screen.view.draft.gains[0].empty and not screen.status.refusal
    press(screen, "o 3 enter t m enter enter")
    assert without_take(lines_of(game)[-1]) == without_take(example.RECORD[2])


def test_the_rest_of_a_cell_name_reaches_no_other_step(game):
    """Every step that reads cells: the key finishing the name of the cell one coordinate
    alone took is swallowed, whichever step comes next (a menu, the palette, a tile's key)."""
    screen = press(screen_on(game), "2 4 C 4 B 6 w y enter i 6")  # 6 alone: the library on B6
    assert screen.view.mode is Mode.MENU and screen.view.menu.kind == "pay"
    press(screen, "b")  # B6's column: no menu entry, no refusal
    assert screen.view.mode is Mode.MENU and not screen.status.refusal
    press(screen, "enter y enter")
    assert without_take(lines_of(game)[-1]) == without_take(example.RECORD[1])


def test_the_rest_of_an_envoy_squares_name_picks_no_bonus(game):
    screen = screen_on(game)
    for keys in example.KEYS[:7]:
        press(screen, keys)
    press(screen, "E 6 E 5 5 enter o + s E 5 down enter C")  # C alone: C5, the only square in C
    assert screen.view.mode is Mode.MENU and screen.view.menu.kind == "area"
    press(screen, "5")
    assert screen.view.menu.picked == () and not screen.status.refusal
    press(screen, "c a enter")
    assert without_take(lines_of(game)[-1]) == without_take(example.RECORD[7])


def test_a_tile_elsewhere_is_typed_row_first_and_costs_a_tribune(game):
    screen = press(screen_on(game), "2 4")
    press(screen, "D 2 6 A")  # D2 on a street; row 6 is none, so 6 waits for the column
    assert screen.view.draft.take == ((3, 1), (0, 5))
    press(screen, "c enter enter")
    assert lines_of(game)[-1] == "Ann: take D2 A6; use received: coin; pass"
    assert "1 tribune for a tile outside the streets" in screen.status.text


def test_a_tile_off_the_streets_is_typed_by_its_name_after_t_p20(game):
    """Streets C and 3: B alone takes B3 and 1 alone takes C1, so B1 (a tile taken elsewhere
    for a tribune, p. 20) is typed whole after t, in either order, first or second tile."""
    screen = press(screen_on(game), "C 3 B")
    assert screen.view.draft.take == ((1, 2),)  # B3, the only space of column B on offer
    press(screen, "backspace 1")
    assert screen.view.draft.take == ((2, 0),)  # C1, the only space of row 1 on offer
    press(screen, "backspace t")
    assert "p. 20" in screen.status.text and not screen.status.refusal
    press(screen, "B")
    assert screen.view.draft.take == ()  # after t, B waits for the row
    press(screen, "1")
    assert screen.view.draft.take == ((1, 0),) and screen.view.mode is Mode.TAKE
    press(screen, "t 1 B")  # B1 typed whole again, row first: put back
    assert screen.view.draft.take == ()
    press(screen, "t 1 B t 3 D")  # after t even a tile on a street waits for its whole name
    assert screen.view.draft.take == ((1, 0), (3, 2)) and screen.view.mode is Mode.USE
    press(screen, "c enter enter")
    assert lines_of(game)[-1].startswith("Ann: take B1 D3; use received: coin"), \
        screen.status.text


def test_the_rest_of_a_name_typed_after_a_coordinate_took_its_cell_says_so(game):
    """2 alone takes C2 (streets C and 3); C typed after it finishes that name: the status
    line says so instead of ignoring the key in silence."""
    screen = press(screen_on(game), "C 3 2")
    assert screen.view.draft.take == ((2, 1),)
    said = screen.status.text
    press(screen, "C")
    assert screen.view.draft.take == ((2, 1),) and screen.status.text != said
    assert "C2" in screen.status.text and not screen.status.refusal


def test_space_takes_the_tile_under_the_cursor_and_puts_it_back(game):
    screen = press(screen_on(game), "2 4")
    first = screen.view.cursor  # the first space on offer
    assert first in screen.offers()
    press(screen, "space")
    assert screen.view.draft.take == (first,) == ((0, 1),)  # A2
    assert screen.view.cursor in screen.offers()  # on to the next space on offer
    press(screen, "2 A")  # A2 typed again: put back (row 2 first: no street offers it now)
    assert screen.view.draft.take == ()


def test_a_space_without_a_tile_is_refused_with_the_reason(game):
    screen = press(screen_on(game), "2 4 2 B")  # B2 is a temple
    assert screen.view.draft.take == ()
    assert screen.status.refusal and "B2" in screen.status.text


# --- The used tile, building, the choices -------------------------------------------------


def test_the_palette_counts_repeated_keys_and_reads_workers_and_citizens(game):
    screen = press(screen_on(game), "2 4 C 4 A")
    press(screen, "c c w g t")
    assert "use received: 2 coin worker:g tribune" in screen.line_text()
    press(screen, "backspace")
    assert "use received: 2 coin worker:g" in screen.line_text()
    press(screen, "o")
    assert "use own: 2 coin worker:g" in screen.line_text()


def test_a_citizen_waits_for_enter_and_its_second_bonus_is_a_menu(game):
    screen = press(screen_on(game), "2 4 C 4 A 2")  # A alone took A2; 2 finishes its name
    press(screen, "2")  # Ann's second citizen in row 2 (Patrician II): an area bonus
    assert screen.view.mode is Mode.USE and "Enter" in screen.status.text
    press(screen, "enter")
    assert screen.view.mode is Mode.MENU and screen.view.menu.kind == "bonus"
    press(screen, "v")
    assert "use received: citizen 2 bonus vp" in screen.line_text()
    assert screen.view.mode is Mode.BUILD


@pytest.mark.parametrize("keys", ["2 o", "o 2", "r 2 o", "2 r o", "3 o 2"])
def test_own_or_received_is_chosen_before_or_after_a_citizen_p21(game, keys):
    """The tile used (p. 21) is the own one or the received one whichever order its keys
    come in: a citizen's row waits for Enter like any other palette key, so o after it
    chooses the own tile and never starts an orange building."""
    screen = press(screen_on(game), "2 4 C 4 A 2")  # A alone took A2; 2 ends its name
    press(screen, keys)
    assert screen.view.mode is Mode.USE and screen.view.draft.builds == ()
    assert "use own: citizen 2" in screen.line_text()
    press(screen, "enter")
    assert screen.view.mode is not Mode.USE and "use own: citizen 2" in screen.line_text()


def test_both_tiles_use_slash_between_the_own_and_the_received_gain(game):
    screen = press(screen_on(game), "2 4 C 4 A")
    press(screen, "b / a enter")
    assert "use both: builder / assistant" in screen.line_text()


def test_pass_records_the_turn_without_a_build(game):
    screen = press(screen_on(game), "2 4 C 4 A c enter enter")  # A: A2, row 2 is left
    assert lines_of(game)[-1] == "Ann: take C4 A2; use received: coin; pass"
    assert screen.player == "Bob" and screen.view.mode is Mode.TAKE


def test_a_refused_turn_shows_why_with_its_page_and_records_nothing(game):
    screen = press(screen_on(game), "2 4 C 4 enter")  # one tile, the streets offer more
    press(screen, "c enter enter")
    assert lines_of(game) == ["round I.1: streets 2 4"]
    assert screen.status.refusal
    assert "1 tile taken," in screen.status.text and "(p. 22)" in screen.status.text


def test_the_building_space_suggested_is_the_one_taken_first(game):
    screen = press(screen_on(game), "2 4 C 4 A c enter")
    press(screen, "s")
    assert screen.view.mode is Mode.CELL and screen.view.cursor == (2, 3)  # C4
    press(screen, "F 1")  # a corner: refused with the reason, nothing placed
    assert screen.status.refusal and "(p. 22)" in screen.status.text
    assert screen.current_build().squares == ()


def test_a_builds_payment_is_asked_before_its_benefit_track_space_pp22_24(game):
    """The README's order: how the tile is paid (p. 22), then the benefit-track space
    (p. 24). Ann's library on B5 in round I.2 leaves both open."""
    screen = screen_on(game)
    for keys in example.KEYS[:5]:
        press(screen, keys)
    press(screen, "F 2 B 2 enter a i B")
    assert screen.view.mode is Mode.MENU and screen.view.menu.kind == "pay"
    press(screen, "enter")
    assert screen.view.mode is Mode.MENU and screen.view.menu.kind == "step"
    assert "pay 2 worker:y" in screen.line_text()
    press(screen, "enter enter")
    assert without_take(lines_of(game)[-1]) == \
        "Ann: take F2 B5; use received: citizen 2 bonus assistant; build lib B5 pay 2 worker:y"


def test_a_double_tile_takes_its_second_space_with_an_arrow(game):
    screen = press(screen_on(game), "4 C C 3 C b enter")  # C3 and C4; a builder
    assert screen.view.draft.take == ((2, 2), (2, 3))
    press(screen, "g + c C 3")
    assert screen.current_build().parts == ("g", "col")
    press(screen, "up")  # C2 is covered: refused with the reason
    assert screen.status.refusal and "(p. 22)" in screen.status.text
    assert screen.current_build().squares == ((2, 2),)
    press(screen, "down")
    assert "build g+col C3 C4" in screen.line_text()


def test_envoy_on_the_forum_or_none(game):
    # Bob's turn with envoys on the ship: the worked example up to round I.3 (Ann's turn),
    # Ann's double tile orange + basilica sends an envoy: C5 is the only orange square on
    # offer; n sends none.
    screen = screen_on(game)
    for keys in example.KEYS[:7]:
        press(screen, keys)
    press(screen, "E 6 E 5 5 enter o + s E 5 down enter")
    assert screen.view.mode is Mode.ENVOY
    assert screen.view.envoy.squares and screen.view.forum_cursor == screen.view.envoy.squares[0]
    assert "*" in text(screen)
    press(screen, "A 1")  # an eagle, not on offer: refused with the squares that are
    assert screen.status.refusal and "on offer" in screen.status.text
    press(screen, "n")
    # A declined envoy is a choice made (p. 25: "may"): `envoy none`, never `envoy -`.
    assert screen.line_text().endswith("envoy none") and screen.view.mode is Mode.BUILD
    press(screen, "backspace")
    assert screen.view.mode is Mode.ENVOY
    for key in ("-", "0"):  # the other keys for none record the same
        press(screen, key)
        assert screen.line_text().endswith("envoy none"), key
        press(screen, "backspace")
    press(screen, "n enter")
    line = lines_of(game)[-1]
    assert line.endswith("envoy none"), line


def test_the_mouse_takes_builds_and_answers(game, monkeypatch):
    from trajan_cli.ui.table import screen as table_screen

    monkeypatch.setattr(table_screen, "CLICK_REPEAT", -1)  # clicks far apart in time
    screen = press(screen_on(game), "2 4")
    screen.click_cell((2, 3))
    screen.click_cell((0, 1))
    assert screen.view.draft.take == ((2, 3), (0, 1))
    press(screen, "w y enter i")
    screen.click_cell((0, 1))
    assert screen.view.mode is Mode.MENU  # how to pay: builder, or 2 workers + assistant
    screen.click_option(0)
    assert screen.view.menu.kind == "worker"
    screen.click_option(3)  # yellow
    assert "build lib A2 pay builder worker y" in screen.line_text()


def test_a_press_and_its_release_are_one_click(game):
    screen = press(screen_on(game), "2 4")
    screen.click_cell((2, 3))
    screen.click_cell((2, 3))  # the release of the same click
    assert screen.view.draft.take == ((2, 3),)


# --- Taking back -----------------------------------------------------------------------------


def test_u_takes_back_the_last_part_then_the_last_recorded_line(game):
    screen = press(screen_on(game), "2 4 C 4 A c enter enter")
    assert len(lines_of(game)) == 2 and screen.player == "Bob"
    press(screen, "E")  # something typed: u takes it back first
    press(screen, "u")
    assert screen.view.pending is None and len(lines_of(game)) == 2
    press(screen, "u")  # nothing typed: the last recorded line
    assert lines_of(game) == ["round I.1: streets 2 4"]
    assert screen.player == "Ann" and screen.view.mode is Mode.TAKE
    assert "Took back: Ann: take C4 A2" in screen.status.text


def test_backspace_says_what_it_took_back_one_key_at_a_time(game):
    """Each Backspace names what it took back (the part of the line it removed, or the key
    that was waiting), never the line that is left, and each takes back one key's work."""
    screen = press(screen_on(game), "2 4 C 4 B 6 w y enter i B enter y")
    said = []
    for _ in range(10):
        press(screen, "backspace")
        said.append(screen.status.text)
    assert said == ["Taken back: worker y", "Taken back: pay builder", "Taken back: B6",
                    "Taken back: build lib", "Taken back: use received: worker:y",
                    "Taken back: the key w", "Taken back: B6", "Taken back: the key B",
                    "Taken back: take C4", "Taken back: the key C"]
    assert screen.line_text() == "Ann:" and screen.view.pending is None
    press(screen, "backspace")
    assert "Nothing typed" in screen.status.text


def test_escape_clears_the_turn_then_leaves(game):
    screen = press(screen_on(game), "2 4 C 4 A")
    screen.press("escape")
    assert screen.view.draft.take == () and not screen.done
    screen.press("escape")
    assert screen.done


def test_u_after_escape_takes_back_the_last_recorded_line(game):
    """Esc clears the turn being built; u then takes back the last recorded line (README),
    it does not bring the cleared turn back (Backspace does)."""
    screen = press(screen_on(game), "2 4 C 4 A c enter enter")
    assert screen.player == "Bob"
    press(screen, "E 2 E")
    screen.press("escape")
    assert screen.view.draft.empty and not screen.done
    press(screen, "u")
    assert lines_of(game) == ["round I.1: streets 2 4"]
    assert screen.player == "Ann" and screen.view.draft.empty
    assert "Took back: Ann: take C4 A2" in screen.status.text
    # Backspace after Esc still brings the cleared turn back.
    screen = press(screen_on(game), "C 4 A")
    screen.press("escape")
    press(screen, "backspace")
    assert screen.view.draft.take == ((2, 3), (0, 1))


# --- The scoring phase -------------------------------------------------------------------


def test_after_round_4_the_scoring_questions_take_one_key_each(game):
    screen = screen_on(game)
    for keys in example.KEYS[:-1]:
        press(screen, keys)
    assert screen.view.mode is Mode.SCORING
    assert screen.position.question.key == "pay.rows"
    assert "[x] row 2" in text(screen)
    press(screen, "enter enter")  # every row, the suggestion, for Ann and Bob
    assert screen.position.question.key == "forum.area_points"
    press(screen, "1 2 enter")
    assert screen.position.question.key == "trajan.value"
    press(screen, "7 5")
    assert screen.view.mode is Mode.SCORED and screen.position.cycle is Cycle.II
    assert screen.points() == {"Ann": 23, "Bob": 11}


def test_a_scoring_phases_final_standings_stay_until_a_key(game):
    """The last answer of cycle I's phase leaves its standings (each category, the total)
    on the screen; a key goes on to round II.1's street cards, and a street card's key
    counts as the first card. u there takes back the last answer."""
    screen = screen_on(game)
    for keys in example.KEYS:
        press(screen, keys)
    shown = text(screen)
    assert screen.view.mode is Mode.SCORED
    assert "Standings, cycle I" in shown and "round II.1" in " ".join(shown.split())
    ann = next(line for line in shown.splitlines() if line.strip().startswith("Ann"))
    assert ann.split()[-1] == "23" and "12" in ann.split()  # the total, the area points
    press(screen, "u")
    assert screen.view.mode is Mode.SCORING and screen.position.question.key == "trajan.value"
    press(screen, "5")
    assert screen.view.mode is Mode.SCORED
    press(screen, "enter")
    assert screen.view.mode is Mode.STREETS and screen.view.pending is None
    assert screen.position.cycle is Cycle.II
    screen = press(screen_on(game), "u 5")  # the screen opened again: on from the phase
    assert screen.view.mode is Mode.SCORED
    press(screen, "3")  # a street card: the standings go, and it is the first card
    assert screen.view.mode is Mode.STREETS and screen.view.pending == "3"


def test_u_takes_back_the_last_scoring_answer(game):
    """The key row says "u take back the last answer": with nothing typed it does, for a
    choice of rows and for a number alike."""
    screen = screen_on(game)
    for keys in example.KEYS[:-1]:
        press(screen, keys)

    def answers():
        return len(store.read(game).game.lines)

    played = answers()
    press(screen, "enter")  # Ann's rows
    assert screen.position.question.key == "pay.rows" and screen.position.question.player == "Bob"
    assert answers() == played + 1
    press(screen, "u")
    assert answers() == played and screen.view.mode is Mode.SCORING
    assert screen.position.question.player == "Ann" and "Took back" in screen.status.text
    press(screen, "enter enter")
    assert screen.position.question.key == "forum.area_points"  # a number: field empty
    press(screen, "1 u")  # typed: u is no digit, the answer stays
    assert screen.view.field == "1" and answers() == played + 2
    press(screen, "backspace u")
    assert answers() == played + 1 and screen.position.question.key == "pay.rows"


# --- The screen ------------------------------------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_screen_fits_80_by_24_in_every_language(game, lang):
    from trajan_cli.i18n import set_language

    set_language(lang)
    screen = screen_on(game)
    for keys in ("", "2 4", "C 4 A", "c enter", "i"):
        press(screen, keys)
        lines = text(screen).splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert "Ann" in lines[0]


RECORDS = __import__("pathlib").Path(__file__).parent / "records"


def golden(tmp_path, monkeypatch, cli, name, lines):
    """A golden game's first ``lines`` lines recorded in a new game; its file's path."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    text = (RECORDS / f"{name}.txt").read_text()
    command = next(line for line in text.splitlines() if "trajan game new" in line)
    assert cli(*command.split("trajan ", 1)[1].split()).code == 0
    (tmp_path / "part.txt").write_text("\n".join(text.splitlines()[:lines]) + "\n")
    assert cli("turn", name, "--file", tmp_path / "part.txt").code == 0
    return store.load(name).path


def forum_part(lines: list[str], row: int) -> str:
    return lines[row][46:]


def test_a_forum_of_eight_columns_shows_whole_and_every_square_is_chosen(tmp_path, monkeypatch,
                                                                          cli):
    """golden-3p.txt line 90: Bob's envoy goes on H3, the forum's eighth column."""
    path = golden(tmp_path, monkeypatch, cli, "golden-3p", 89)
    screen = press(screen_on(path), "B 4 B 5 b enter g + s B 4 down enter")
    assert screen.view.mode is Mode.ENVOY and (7, 2) in screen.view.envoy.squares
    lines = text(screen).splitlines()
    assert forum_part(lines, 3).split() == list("ABCDEFGH")
    assert forum_part(lines, 6).split() == ["3", "o1", "o1", "b", "E", "y", "y", "E", "g*"]
    assert "A-H 1-5 the square" in lines[16] and "A-G" not in text(screen)
    press(screen, "right " * 7)
    assert screen.view.forum_cursor == (7, 1) and "[o]" in forum_part(text(screen).splitlines(), 5)
    assert "may go" not in text(screen).splitlines()[21]
    press(screen, "down")  # H3: its * is under the cursor; the line below says it
    assert text(screen).splitlines()[21] == "H3: green · an envoy may go here"
    press(screen, "H 3")
    assert "envoy H3" in screen.line_text()
    press(screen, "enter")
    assert lines_of(path)[-1] == \
        "Bob: take B4 B5; use received: builder; build g+bas B4 B5 pay builder worker:g envoy H3"


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_forum_of_nine_columns_and_six_rows_fits_80_by_24(tmp_path, monkeypatch, cli, lang):
    """golden-4p.txt: the four players' forum, its envoys' seats named on the heading row."""
    from trajan_cli.i18n import set_language

    path = golden(tmp_path, monkeypatch, cli, "golden-4p", 25)
    set_language(lang)
    lines = text(screen_on(path)).splitlines()
    assert forum_part(lines, 3).split() == list("ABCDEFGHI")
    assert [forum_part(lines, row).split()[0] for row in range(4, 10)] == list("123456")
    assert forum_part(lines, 9).split()[-2:] == ["E", "·"]  # I6 is a gap
    assert "1 Dor" in lines[2] and "4 Gus" in lines[2]
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)


def test_a_long_notation_line_shows_whole_on_two_rows(tmp_path, monkeypatch, cli):
    """The envoy is part of the line checked before Enter: a line longer than 80 columns
    goes on over a second row (the keys move down a row), never cut."""
    path = golden(tmp_path, monkeypatch, cli, "golden-3p", 89)
    screen = press(screen_on(path), "B 4 B 5 b enter g + s B 4 down enter H 3")
    line = screen.line_text()
    assert len(line) > 78 and line.endswith("envoy H3")
    lines = text(screen).splitlines()
    assert lines[19].startswith("» Bob:") and "…" not in lines[19] + lines[20]
    assert " ".join((lines[19][2:] + " " + lines[20]).split()) == line
    assert lines[21].startswith("⌫ ")
    press(screen, "backspace")  # the envoy taken back: one row again, the keys in place
    lines = text(screen).splitlines()
    assert lines[19] == "» " + screen.line_text() and lines[20].startswith("⌫ ")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_keys_rows_and_the_help_are_never_cut(game, lang):
    from trajan_cli.i18n import set_language

    set_language(lang)
    screen = screen_on(game)
    for keys in ("", "2 4", "C 4", "B 6", "w y enter", "i"):
        press(screen, keys)
        lines = text(screen).splitlines()
        assert not any("…" in line for line in lines[16:22]), "\n".join(lines[16:22])
        assert all(len(line) <= 80 for line in lines)
    press(screen, "?")
    lines = text(screen).splitlines()
    assert not any("…" in line for line in lines), "\n".join(lines)
    from trajan_cli.ui.table.draw import table_help

    last_key, last_text = table_help()[-1]
    assert any(line.startswith("  " + last_key) for line in lines)


@pytest.mark.parametrize("lang,heads", [("en", ["During play", "Cranes", "Total"]),
                                        ("de", ["Im Spiel", "Baukräne", "Gesamt"]),
                                        ("fr", ["En cours", "de partie", "Grues", "Total"])])
def test_the_standings_name_every_category_whole(game, lang, heads):
    from trajan_cli.i18n import set_language

    screen = screen_on(game)
    for keys in example.KEYS[:-1]:
        press(screen, keys)
    set_language(lang)
    lines = text(screen).splitlines()
    header = " ".join(lines[3:5])
    assert all(head in header for head in heads), header
    assert "…" not in header and all(len(line) <= 80 for line in lines)


def test_a_small_terminal_says_the_size_it_needs(game):
    shown = " ".join(text(screen_on(game), 60, 20).split())
    assert "80x24" in shown and "60x20" in shown
    # The screen named is the table screen, not the board editor it shares the machinery with.
    assert "the table screen needs" in shown and "board editor" not in shown


def test_without_a_terminal_play_says_so_and_exits_2(game, cli):
    done = cli("play", "example")
    assert done.code == 2 and "needs a terminal" in done.err
    assert "trajan turn" in done.err


def test_play_without_a_terminal_on_a_game_not_set_up_names_the_way_without_one(tmp_path, monkeypatch, cli):
    """A game with no boards is set up on the set-up screen, which needs a terminal; without
    one, the set-up lines are recorded with trajan turn (test_setup_screen.py covers the
    screen, and a game under way with boards missing)."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    assert cli("game", "new", "bare", "--player", "Ann", "--player", "Bob").code == 0
    done = cli("play", "bare")
    assert done.code == 2 and "needs a terminal" in done.err and "trajan turn" in done.err


# --- The rarer parts of a turn -----------------------------------------------------------------

CUSTOM = '''name = "Ann"
colonia = """
?   lib lib lib ?   ?
?   T   ?   ?   ?   ?
?   ?   ?   ?   ?   T
?   ?   ?   ?   ?   T
?   ?   ?   T   ?   ?
?   ?   ?   ?   ?   ?
"""
[cranes]
A1 = "orange"
F1 = "green"
A6 = "blue"
F6 = "yellow"
[citizens]
1 = ["active"]
[supply]
coins = 1
tribunes = 1
builders = 1
ship = 2
'''


@pytest.fixture
def custom(tmp_path, monkeypatch, cli):
    """The example's set-up but for Ann's board, CUSTOM: three libraries built (the library
    track at 3), a citizen in row 1, two envoys on the ship (a game joined in cycle I)."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return set_up(tmp_path, cli, "custom", ann=CUSTOM)


def test_a_fourth_library_takes_a_colonia_tile_and_uses_it(custom):
    screen = press(screen_on(custom), "2 4 C 4 A c enter i")  # take C4 A2; a coin; a library
    press(screen, "A")  # A2: the only open space in column A
    menu = screen.view.menu
    assert menu.kind == "step" and menu.default == 4  # the fourth space, or an earlier one
    press(screen, "enter")
    assert screen.view.mode is Mode.TILE_CELL
    press(screen, "F 3")  # a temple: refused
    assert screen.status.refusal and screen.view.mode is Mode.TILE_CELL
    press(screen, "E 3")
    assert screen.view.mode is Mode.TILE_GAIN
    press(screen, "t enter")
    assert screen.line_text().endswith("build lib A2 tile E3: tribune")
    press(screen, "enter")
    assert lines_of(custom)[-1].startswith("Ann: take C4 A2; use received: coin; build lib A2")
    assert "tile E3: tribune" in lines_of(custom)[-1]


def test_a_second_patrician_i_sends_an_envoy_anywhere_coloured(custom):
    screen = press(screen_on(custom), "2 4 C 4 A 1 enter")  # citizen 1: Ann's second in row 1
    assert screen.view.mode is Mode.ENVOY and screen.view.envoy.target == ("gain", 0)
    press(screen, "B 3")  # a blue square of its own: the area is complete, a bonus
    assert screen.view.mode is Mode.MENU and screen.view.menu.kind == "area"
    press(screen, "t")
    assert "use received: citizen 1 bonus envoy B3 tribune" in screen.line_text()
    press(screen, "enter")
    assert lines_of(custom)[-1] == "Ann: take C4 A2; use received: citizen 1 bonus envoy B3 tribune; pass"



def test_a_turn_recorded_in_another_window_meanwhile(game, cli):
    screen = press(screen_on(game), "2 4 C 4 A c enter")
    assert cli("turn", "example", "Ann: take C4 A2; use received: tribune; pass").code == 0
    press(screen, "enter")  # the screen's own line for Ann: refused, the game followed
    assert screen.status.refusal and "another window" in screen.status.text
    assert screen.player == "Bob" and screen.view.draft.take == ()
    assert lines_of(game)[-1] == "Ann: take C4 A2; use received: tribune; pass"



KEYS = [*"abcdefgimnoprstuvwyABCDEFG0123456789/+-? ", "enter", "backspace", "tab", "up", "down",
        "left", "right", "u", "escape"]


PRISTINE: dict = {}


@settings(max_examples=scaled(25), deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(keys=st.lists(st.sampled_from(KEYS), max_size=40))
def test_keys_mashed_never_raise_and_the_screen_draws(game, keys):
    """Whatever is typed, the screen answers in its status line and draws at 80 x 24 (a
    refused line is not recorded; a line recorded is one the referee accepted)."""
    pristine = PRISTINE.setdefault(game, game.read_bytes())
    game.write_bytes(pristine)  # each example from the set-up
    screen = screen_on(game)
    for key in keys:
        screen.press(key)
        assert len(text(screen).splitlines()) <= 24
    from trajan_cli.games.walk import replayed as replay

    replay(store.read(game).game)  # whatever was recorded replays


def test_u_leaves_the_set_up_alone(game):
    """The boards and forum recorded at set-up are not lines of play: u does not take them
    back (trajan game undo does)."""
    screen = screen_on(game)
    press(screen, "u")
    assert screen.status.refusal and "trajan game undo" in screen.status.text
    assert TableSession(game).table.forum is not None


def test_a_fourth_basilica_lets_a_second_tile_be_built(tmp_path, monkeypatch, cli):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    board = CUSTOM.replace("lib lib lib", "bas bas bas").replace("builders = 1", "builders = 2")
    path = set_up(tmp_path, cli, "basilica", ann=board)
    screen = press(screen_on(path), "2 4 C 4 A c enter s A")  # a basilica on A2
    assert screen.view.menu.kind == "step" and screen.view.menu.default == 4
    press(screen, "enter")  # the fourth space: one more building action
    assert screen.view.mode is Mode.BUILD
    press(screen, "i enter g enter")  # a library on C4 (the space marked), its worker green
    assert lines_of(path)[-1] == \
        "Ann: take C4 A2; use received: coin; build bas A2 pay builder; " \
        "build lib C4 pay builder worker g"



# --- Patrician II: one or two different area bonuses (p. 26) --------------------------------

BOB_I4 = "A 2 A 1 o w g w g enter g E 3 F 1"  # golden-3p.txt line 48, up to the area bonus


def test_patrician_ii_takes_one_area_bonus_with_enter(tmp_path, monkeypatch, cli):
    """golden-3p.txt line 48: Bob's green structure completes F1 with Patrician II active;
    he may take one bonus or two different ones. One key, then Enter: no second bonus."""
    path = golden(tmp_path, monkeypatch, cli, "golden-3p", 47)
    screen = press(screen_on(path), BOB_I4)
    menu = screen.view.menu
    assert screen.view.mode is Mode.MENU and menu.kind == "area"
    assert (menu.count, menu.fewest) == (2, 1)
    lines = text(screen).splitlines()
    assert "One or two different area bonuses" in lines[16] and "p. 26" in lines[16]
    assert "Enter no second bonus" in "\n".join(lines[17:19])
    press(screen, "enter")  # nothing chosen yet: a key first
    assert screen.status.refusal and screen.view.mode is Mode.MENU
    press(screen, "c")
    assert screen.view.mode is Mode.MENU and "Enter: no more" in screen.status.text
    press(screen, "enter")
    assert screen.line_text().endswith("envoy F1 bonus coin")
    press(screen, "enter")
    assert lines_of(path)[-1] == \
        "Bob: take A2 A1; use own: 2 worker:g; build g E3 pay worker:g envoy F1 bonus coin"


def test_patrician_ii_still_takes_two_area_bonuses_and_a_click_ends_at_one(tmp_path,
                                                                            monkeypatch, cli):
    path = golden(tmp_path, monkeypatch, cli, "golden-3p", 47)
    screen = press(screen_on(path), BOB_I4 + " c t")
    assert screen.line_text().endswith("envoy F1 bonus coin tribune")
    press(screen, "backspace backspace")  # the bonus and its first key taken back
    assert screen.view.mode is Mode.MENU and screen.view.menu.picked == ()
    press(screen, "v")
    screen.click_option(len(screen.view.menu.choices) - 1)  # the entry "no second bonus"
    assert screen.line_text().endswith("envoy F1 bonus vp")


# --- The standings: points scored during play -------------------------------------------------


@pytest.mark.parametrize("lang", ["en", "de"])
def test_the_standings_show_the_points_scored_during_play_as_game_show_does(
        tmp_path, monkeypatch, cli, lang):
    """golden-3p.txt after round I.4: the scoring phase counts a player's points scored
    during play at that player's first question; before it, the column shows them as
    `trajan game show` reports them (Ann 5, Bob 5, Cleo 2), beside the total."""
    from trajan_cli.core.game import Category
    from trajan_cli.i18n import set_language
    from trajan_cli.render.standings import view_of

    path = golden(tmp_path, monkeypatch, cli, "golden-3p", 52)
    shown = cli("--lang", lang, "game", "show", "golden-3p", "--json").json()
    in_play = shown["play"]["points"]
    assert in_play == {"Ann": 5, "Bob": 5, "Cleo": 2}
    set_language(lang)
    screen = screen_on(path)
    assert screen.view.mode is Mode.SCORING and screen.position.question.player == "Ann"
    lines = text(screen).splitlines()
    during = 1 + 12 + 2 + len(view_of(screen.game).category_name(Category.PLAY))
    for row, player in enumerate(("Ann", "Bob", "Cleo")):
        line = lines[4 + row]
        assert line.split()[0] == player
        assert line[:during].split()[-1] == str(in_play[player]), line
        assert line.split()[-1] == str(in_play[player])  # the total
    press(screen, "enter")  # Ann pays: Bob's points are still the same, Ann's counted
    lines = text(screen).splitlines()
    assert [lines[4 + row][:during].split()[-1] for row in range(3)] == ["5", "5", "2"]


# --- The use step's words -----------------------------------------------------------------------


@pytest.mark.parametrize("lang,received,both", [
    ("en", "Enter done, with the tile received", "Enter done, with both tiles"),
    ("de", "Enter fertig, mit dem erhaltenen Plättchen", "Enter fertig, mit beiden Plättchen"),
    ("fr", "Enter fini, avec la tuile reçue", "Enter fini, avec les deux tuiles")])
def test_the_use_steps_hint_names_the_tile_in_the_tables_language(game, lang, received, both):
    """The keys' rows say which tile is used in the player's words; the notation line below
    keeps the notation's own (use received, use both)."""
    from trajan_cli.i18n import set_language

    set_language(lang)
    screen = press(screen_on(game), "2 4 C 4 A")
    assert screen.view.mode is Mode.USE
    keys = " ".join(text(screen).splitlines()[16:19])
    assert received in keys
    press(screen, "b /")
    lines = text(screen).splitlines()
    keys = " ".join(lines[16:19])
    assert both in keys and "use both: builder" in lines[19]
    if lang != "en":
        assert not {"(received)", "(own)", "(both)"} & set(keys.split())


@pytest.mark.parametrize("lang,rows,value", [
    ("en", "Took back Ann's answer “row 1, Patrician I: 1 citizen” to: Which citizen rows "
           "does Ann pay for?", "Took back Ann's answer “3” to: Which value stands above the "
                               "Trajan head"),
    ("de", "Zurückgenommen: die Antwort von Ann „Zeile 1, Patrizier I: 1 Bürger“ auf: Für "
           "welche Bürgerzeilen bezahlt Ann?", "Zurückgenommen: die Antwort von Ann „3“ auf: "
                                               "Welcher Wert steht")])
def test_u_on_a_scoring_answer_says_it_in_words(tmp_path, monkeypatch, cli, lang, rows, value):
    """golden-3p.txt's scoring phase I: the answer taken back is shown with its question,
    as the phase asks them (not "Ann: pay.rows = [1]")."""
    from trajan_cli.i18n import set_language

    path = golden(tmp_path, monkeypatch, cli, "golden-3p", 74)  # Ann's rows answered
    set_language(lang)
    screen = press(screen_on(path), "u")
    assert screen.position.question.key == "pay.rows"
    said = " ".join(screen.status.text.split())
    assert said.startswith(rows) and "pay.rows" not in said and "[1]" not in said, said
    press(screen, "enter enter enter 1 enter 2 enter 1 enter")  # on to Ann's Trajan value
    assert screen.position.question.key == "trajan.value"
    press(screen, "3 u")
    said = " ".join(screen.status.text.split())
    assert said.startswith(value) and "trajan.value" not in said, said


@pytest.mark.parametrize("lang,back,editor", [
    ("en", "Press any key to go back to the table screen.", "the board"),
    ("de", "Eine beliebige Taste führt zurück zur Tischansicht.", "Editor"),
    ("fr", "Appuyez sur une touche pour revenir à l'écran de table.", "plateau")])
def test_the_help_says_it_goes_back_to_the_table_screen(game, lang, back, editor):
    from trajan_cli.i18n import set_language

    set_language(lang)
    last = text(press(screen_on(game), "?")).splitlines()[-1]
    assert last == back and editor not in last


# --- A pay menu of many ways --------------------------------------------------------------------

MANY_WAYS = CUSTOM.replace("lib lib lib ?   ?", "?   ?   ?   ?   ?").replace(
    "?   ?   ?   ?   ?   T\n?   ?   ?   ?   ?   T", ".   .   ?   ?   ?   T\n?   ?   ?   ?   ?   T"
).replace("ship = 2", "assistants = 3\nworkers = { blue = 1, green = 2, orange = 2, yellow = 2 }")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_a_pay_menu_of_many_ways_shows_every_way_at_80_by_24(tmp_path, monkeypatch, cli, lang):
    """A blue double structure with 1 blue, 2 green, 2 orange, 2 yellow workers and 3
    assistants: nine ways to pay. The menu takes the card's rows; what still does not fit
    scrolls with the arrows (Enter takes the way marked), and each way's key picks it."""
    from trajan_cli.i18n import set_language

    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    path = set_up(tmp_path, cli, "ways", ann=MANY_WAYS)
    set_language(lang)
    screen = press(screen_on(path), "2 4 C 4 A c enter b + b A 3 right")
    menu = screen.view.menu
    assert menu.kind == "pay" and len(menu.choices) == 9
    seen = set()
    for _n in range(9):
        lines = text(screen).splitlines()
        assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
        assert lines[19].startswith("» Ann") and "…" not in "".join(lines[12:19])
        seen |= {c.label for c in menu.choices if any(
            line.startswith(f" {c.key} {c.label}") for line in lines[12:19])}
        press(screen, "down")
    assert seen == {c.label for c in menu.choices}
    assert screen.view.menu.at == 8
    press(screen, "up enter")  # the eighth way: 2 assistants, an orange and a yellow worker
    assert screen.line_text().endswith("pay 2 assistant worker:o worker:y")
    press(screen, "backspace")
    assert screen.view.mode is Mode.MENU
    press(screen, "9")
    assert screen.line_text().endswith("pay 2 assistant 2 worker:y")


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_supply_line_shows_every_worker_at_80_columns(tmp_path, monkeypatch, cli, lang):
    """A payment is chosen by what the supply holds (p. 23): with two-digit counts and all
    four worker colours the line closes up rather than cut the workers off (German and
    French ran past 80 columns)."""
    from trajan_cli.i18n import set_language

    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    rich = example.ANN.replace("coins = 1", "coins = 12").replace(
        "workers = { blue = 0, green = 0, orange = 1, yellow = 0 }",
        "workers = { blue = 11, green = 12, orange = 13, yellow = 14 }")
    assert rich != example.ANN
    path = set_up(tmp_path, cli, "rich", ann=rich)
    set_language(lang)
    text = draw_table(screen_on(path), 80, 24).text()
    supply = next(line for line in text.splitlines() if "b11 g12 o13 y14" in line)
    assert "…" not in supply and len(supply.rstrip()) <= 80


# --- Exchanges on the turn (pp. 21, 26, 28) -------------------------------------------------


def test_the_supply_line_counts_the_gains_of_the_turn_being_built(game):
    """Ann holds 1 coin and no yellow worker; the received tile's yellow worker and two
    coins show at once in the supply line, marked as this turn's, and go with Backspace."""
    screen = press(screen_on(game), "2 4 C 4 B 6")
    supply = next(line for line in text(screen).splitlines() if "coins" in line)
    assert "coins 1" in supply and "(+" not in supply and " y1" not in supply
    press(screen, "w y c c")
    supply = next(line for line in text(screen).splitlines() if "coins" in line)
    assert "coins 3(+2)" in supply and "y1(+1)" in supply and len(supply) <= 80
    press(screen, "backspace backspace")
    supply = next(line for line in text(screen).splitlines() if "coins" in line)
    assert "coins 1" in supply and "coins 1(" not in supply and "y1(+1)" in supply


def test_x_offers_the_exchanges_the_referee_accepts_and_records_the_one_chosen(game):
    """In the building step `x` lists the exchanges the turn may make next (p. 28: on one's
    turn, e.g. to hold a Trajan card's resources): Ann holds an assistant, an orange and a
    yellow worker, so the assistant may change either worker into each other colour (p. 21);
    no two workers of one colour make a builder. The one chosen goes into the line."""
    from trajan_cli.core.turns.moves import Exchange

    screen = press(screen_on(game), "2 4 C 4 B 6 w y enter")
    assert screen.view.mode is Mode.BUILD
    press(screen, "x")
    menu = screen.view.menu
    assert screen.view.mode is Mode.MENU and menu.kind == "exchange"
    gives = sorted(dict(c.value.give).keys() - {"assistant"} for c in menu.choices)
    assert len(menu.choices) == 6 and gives == [{"worker:orange"}] * 3 + [{"worker:yellow"}] * 3
    assert all(dict(c.value.get).keys() <= {f"worker:{w}" for w in ("blue", "green", "orange",
                                                                     "yellow")} for c in menu.choices)
    assert "1 assistant + 1 orange worker -> 1 blue worker" in text(screen)
    press(screen, "backspace")
    assert screen.view.mode is Mode.BUILD and not screen.view.draft.exchanges
    press(screen, "x 1")
    assert screen.view.draft.exchanges == (
        Exchange((("assistant", 1), ("worker:orange", 1)), (("worker:blue", 1),), 0),)
    assert screen.line_text().endswith("exchange assistant worker:o for worker:b")
    press(screen, "x")  # the assistant is spent: nothing is left to offer
    assert screen.status.refusal and "No exchange" in screen.status.text
    assert screen.view.mode is Mode.BUILD
    press(screen, "enter")
    assert lines_of(game)[-1] == ("Ann: take C4 B6; use received: worker:y; exchange assistant "
                                  "worker:o for worker:b; pass")


def test_a_citizen_s_exchange_is_offered_within_its_limit_per_turn_p26(tmp_path, monkeypatch, cli):
    """Craftsman II once per turn (p. 26): offered, chosen, then offered no more though an
    assistant is left; a library then paid with the builder made."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    ann = example.ANN.replace('2 = ["active"]', '2 = ["active"]\n6 = ["active"]') \
        .replace("assistants = 1", "assistants = 2")
    path = set_up(tmp_path, cli, "crafts", ann=ann)
    screen = press(screen_on(path), "2 4 C 4 B 6 w y enter x")
    labels = [c.label for c in screen.view.menu.choices]
    assert "Craftsman II: 1 assistant -> 1 builder" in labels
    press(screen, screen.view.menu.choices[labels.index("Craftsman II: 1 assistant -> 1 builder")].key)
    assert screen.line_text().endswith("exchange assistant for builder")
    press(screen, "x")
    assert all("Craftsman II" not in c.label for c in screen.view.menu.choices)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_exchange_menu_fits_80_by_24_in_every_language(game, lang):
    from trajan_cli.i18n import set_language

    set_language(lang)
    screen = press(screen_on(game), "2 4 C 4 B 6 w y enter")
    lines = text(screen).splitlines()
    assert any(" x " in f" {line} " for line in lines[16:19]), "\n".join(lines[16:19])
    press(screen, "x")
    lines = text(screen).splitlines()
    assert len(lines) <= 24 and all(len(line) <= 80 for line in lines)
    assert screen.view.menu.title in "\n".join(lines)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_trajan_cards_progress_fits_its_rows_at_80_columns(game, lang):
    """Card I-2 at the example's start (p. 28): the building task's closest placement (the
    same shortfall at two cells said once) and the collecting task's missing citizen are
    shown whole, in each language, not cut off."""
    from trajan_cli.i18n import set_language

    set_language(lang)
    try:
        rows = text(screen_on(game)).splitlines()[12:16]
    finally:
        set_language("en")
    assert not any("…" in row for row in rows), rows
    if lang == "en":
        shown = " ".join(" ".join(rows).split())
        assert "a building tile at each of B1 and B3 (still covered)" in shown
        assert "collecting: missing 1 more active citizen" in shown


def test_a_note_from_the_set_up_is_the_first_thing_the_table_screen_says(game):
    """What the set-up screen left to say (the group's box file not written, say) is shown
    on the table screen's status line, where the players look, not above the screen."""
    screen = screen_on(game)
    screen.tell("The set-up is recorded; the group's box file could not be written.")
    assert "the group's box file could not be written" in " ".join(text(screen).split())
