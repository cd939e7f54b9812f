"""The slide bar followed through the game (pp. 21, 26): an upgrade moves it one space; with
Merchant I active and the bar turned over, on to the next cypress (the tool always takes
the cypress: reading ``bar-cypress``). The referee numbers those upgrades in
``Prestige.to_cypress``; board lines and sheet files say them (``prestige 4 turned cypress
3 4``, ``[prestige] cypress = [3, 4]``), and a later board never changes them.

The track and the bar below are made up for the test: nothing printed only on the
components is used here."""

from __future__ import annotations

import pytest

from trajan_cli.core.board import BoardRule, growth_problems
from trajan_cli.core.box import BarSide, PrestigeTrack, bar_position
from trajan_cli.core.sheet import Prestige
from trajan_cli.core.turns.moves import BoardLine
from trajan_cli.parsing.errors import InputError
from trajan_cli.parsing.notation import format_line, parse_line
from trajan_cli.parsing.sheet import parse_sheet
from trajan_cli.parsing.toml_text import sheet_toml

from helpers.tables import RICH, line_of, play, refusal, rich, table

#: Ann completes the yellow area {A1 A2} with the envoy of her yellow build and takes the
#: upgrade as its area bonus (p. 25).
UPGRADE = "Ann: take B1 C1; use own: coin; build y C2 pay worker:y envoy A1 bonus upgrade"

#: Made up: a track of 12 spaces with cypresses at bar positions 4 and 8, and a bar side
#: 4 slots wide.
TRACK = PrestigeTrack(points=tuple(range(12)), trajan=(3,) * 4 + (5,) * 4 + (7,) * 4,
                      cypresses=frozenset({4, 8}))
BAR = BarSide(sizes=(1, 2, 3, 4), head=2)


def ann_with(citizens: str, prestige: str = "") -> str:
    board = RICH.replace("citizens 2 a", f"citizens {citizens}")
    return board + (f"; prestige {prestige}" if prestige else "")


def bar_of(state) -> Prestige:
    return state.table.board("Ann").prestige


def test_an_upgrade_moves_the_bar_one_space_p21():
    """Merchant I not placed: the bar is not turned, an upgrade is one space."""
    state = rich(ann_with("2 a", "1"))
    play(state, UPGRADE)
    assert bar_of(state) == Prestige(2, False, frozenset())


def test_merchant_i_active_and_the_bar_turned_an_upgrade_goes_on_to_the_next_cypress_p26():
    state = rich(ann_with("2 a 3 a", "2 turned"))
    play(state, UPGRADE)
    assert bar_of(state) == Prestige(3, True, frozenset({3}))
    assert bar_position(3, bar_of(state).to_cypress, TRACK, BAR) == 4  # 0 -> 1 -> 2 -> cypress 4


def test_merchant_i_placed_in_the_turn_turns_the_bar_and_the_upgrade_after_it_takes_the_cypress_p26():
    """The tile is used before the building action (p. 20): Merchant I is active, and has
    turned the bar over, when the build's area bonus gives the upgrade."""
    state = rich(ann_with("2 a"))
    play(state, UPGRADE.replace("use own: coin", "use own: citizen 3"))
    assert bar_of(state) == Prestige(1, True, frozenset({1}))


def test_merchant_i_laid_at_set_up_turned_the_bar_though_the_board_line_does_not_say_pp19_26():
    """The citizen drawn at set-up lies in its row with its ability (p. 19): Merchant I's
    turns the bar over then (p. 26). A set-up board that leaves the bar out is read so."""
    state = rich(ann_with("2 a 3 a"))
    assert state.table.board("Ann").bar_turned
    play(state, UPGRADE)
    assert bar_of(state) == Prestige(1, True, frozenset({1}))
    board = BoardLine("Ann", state.table.board("Ann"))
    text = format_line(board)
    assert "prestige 1 turned cypress 1" in text  # the board as the game writes it now
    assert parse_line(text, ("Ann", "Bob")) == board  # and reads it back


def test_merchant_i_inactive_the_bar_stays_turned_and_an_upgrade_is_one_space_p26():
    """An unpaid Merchant I is inactive: its ability is gone, the bar stays turned."""
    state = rich(ann_with("2 a 3 i", "2 turned cypress 2"))
    play(state, UPGRADE)
    assert bar_of(state) == Prestige(3, True, frozenset({2}))


def test_bar_position_follows_the_upgrades_and_their_cypresses_p26():
    """Made-up track: one space per upgrade, on to the next cypress for those numbered, one
    space again past the last cypress, never past the track's end (12 - 4 = position 8)."""
    assert bar_position(2, (), TRACK, BAR) == 2
    assert bar_position(2, {2}, TRACK, BAR) == 4
    assert bar_position(3, {2, 3}, TRACK, BAR) == 8
    assert bar_position(5, {2, 3, 4, 5}, TRACK, BAR) == 8  # past the last cypress: one space, capped


# --- Board lines and sheet files ------------------------------------------------------------


def test_a_board_line_says_the_cypress_upgrades_and_is_written_back_the_same():
    line = parse_line(f"board Ann: {ann_with('3 a', '4 turned cypress 3 4')}", ("Ann", "Bob"))
    assert line.sheet.prestige == Prestige(4, True, frozenset({3, 4}))
    text = format_line(line)
    assert "prestige 4 turned cypress 3 4" in text
    assert parse_line(text, ("Ann", "Bob")) == line


def test_old_board_lines_read_as_before():
    line = parse_line(f"board Ann: {ann_with('3 a', '1 turned')}", ("Ann", "Bob"))
    assert line.sheet.prestige == Prestige(1, True, frozenset())
    assert format_line(line).endswith("prestige 1 turned")


@pytest.mark.parametrize(("prestige", "token"), [
    ("4 cypress 3", "3"),  # a bar not turned never moves on to a cypress (p. 26)
    ("2 turned cypress 3", "3"),  # the third upgrade of two
    ("2 turned cypress x", "x"),
    ("2 turned cypress", "cypress"),
])
def test_a_board_line_with_impossible_cypress_upgrades_is_refused_naming_the_token(prestige, token):
    with pytest.raises(InputError) as refused:
        parse_line(f"board Ann: {ann_with('3 a', prestige)}", ("Ann", "Bob"))
    assert refused.value.problems[0].token == token


def test_a_sheet_file_says_the_cypress_upgrades_and_is_written_back_the_same():
    sheet = parse_line(f"board Ann: {ann_with('3 a', '4 turned cypress 3 4')}", ("Ann", "Bob")).sheet
    text = sheet_toml(sheet)
    assert "cypress = [3, 4]" in text
    assert parse_sheet(text, "<sheet>").prestige == Prestige(4, True, frozenset({3, 4}))
    old = text.replace("cypress = [3, 4]\n", "")
    assert parse_sheet(old, "<sheet>").prestige == Prestige(4, True, frozenset())


def test_a_sheet_file_with_cypress_upgrades_on_a_bar_not_turned_names_its_line_p26():
    sheet = parse_line(f"board Ann: {ann_with('3 a', '4 turned cypress 3 4')}", ("Ann", "Bob")).sheet
    text = sheet_toml(sheet).replace("turned = true", "turned = false")
    with pytest.raises(InputError) as refused:
        parse_sheet(text, "<sheet>")
    problem = refused.value.problems[0]
    assert problem.line == text.splitlines().index("cypress = [3, 4]") + 1
    assert "p. 26" in problem.message


# --- A later board of the same player -------------------------------------------------------


def sheet(prestige: str):
    return parse_line(f"board Ann: {ann_with('3 a', prestige)}", ("Ann", "Bob")).sheet


def test_the_cypress_upgrades_made_never_change_on_a_later_board_p26():
    problems = growth_problems(sheet("3 turned cypress 3"), sheet("3 turned cypress 2"))
    assert [(p.rule, p.was, p.now) for p in problems] == [(BoardRule.PRESTIGE_CYPRESS, "3", "2")]
    assert problems[0].page == 26
    assert growth_problems(sheet("3 turned cypress 3"), sheet("3 turned"))[0].rule is BoardRule.PRESTIGE_CYPRESS


def test_a_later_board_may_add_upgrades_and_their_cypresses():
    assert growth_problems(sheet("3 turned cypress 3"), sheet("5 turned cypress 3 4 5")) == []


def test_a_later_board_line_changing_a_cypress_upgrade_is_refused_by_the_game_p26():
    state = table(f"board Ann: {ann_with('3 a', '3 turned cypress 3')}", "round III.1", first_cycle=3)
    refused = refusal(state, line_of(state, f"board Ann: {ann_with('3 a', '3 turned cypress 1')}"))
    assert [p.rule for p in refused.problems] == [BoardRule.PRESTIGE_CYPRESS]
