"""Issue 12, item 1: a sheet is held against what the game remembers (pp. 20, 26, 27).

Scored cranes stay scored (colourless side up to the end), citizens never leave a row, the
gray building types of a row never fall, and the sheet is the player's own. A sheet that
disagrees is refused at the table, saying what to write; a game saved before these checks
still replays, and never scores a crane twice.
"""

from dataclasses import replace
from pathlib import Path

import pytest

from trajan_cli.core.game import Answer, Category, Game
from trajan_cli.core.vocabulary import Cycle

from helpers.walkthrough import play, play_through, replay, sheet_text

CARDS = {Cycle.I: "I-1", Cycle.II: "II-1", Cycle.III: "III-1"}
QUIET_FORUM = ["quick", 0, 0, 0]  # no envoys
GREEN_UP = sheet_text("Ann", A1="Kg", A2="g", C1="g")  # green crane uncovered, 2 green structures
GREEN_SCORED = sheet_text("Ann", A1="K", A2="g", C1="g")


def ann() -> Game:
    return Game("g", ("Ann",), "Ann", cards=CARDS)


def path(tmp_path: Path, name: str, text: str) -> str:
    file = tmp_path / f"{name}.toml"
    file.write_text(text)
    return str(file)


def cycle_one_from_sheet(tmp_path) -> list:
    """Ann scores her green crane from a sheet in cycle I: 2 green structures x 3 = 6."""
    return ["file", 0, path(tmp_path, "one", GREEN_UP)] + QUIET_FORUM


def refusals(shown) -> list[str]:
    return [line for line in shown if line.startswith("Not accepted")]


def test_a_crane_scored_from_a_sheet_is_refused_in_colour_on_the_next_sheet_p20_p27(tmp_path):
    # The sheet of cycle I became Ann's recorded board (issue 14): in cycle II she looks it
    # over instead of giving a sheet, and a board that shows the scored crane in colour again
    # is refused there, whole, with the cell and the page.
    answers = cycle_one_from_sheet(tmp_path) + [{"text": GREEN_UP}, {"text": GREEN_SCORED}, 6]
    result, shown = play_through(ann(), answers + QUIET_FORUM)
    [refused] = refusals(shown)
    assert "A1: was K, now Kg" in refused and "(p. 27)" in refused
    cranes = result.state.breakdown()["Ann"]
    assert cranes[Cycle.I][Category.CRANES] == 6
    assert Category.CRANES not in cranes[Cycle.II]  # scored once only


def test_a_crane_scored_in_quick_counts_is_refused_in_colour_on_a_later_sheet_p27(tmp_path):
    quick_green = ["quick", 0, [0] * 6, 0, ["green"], 2, [0] * 6] + QUIET_FORUM + [0]
    answers = quick_green + ["file", 6, path(tmp_path, "two-wrong", GREEN_UP)]
    _, shown = play_through(ann(), answers)
    [refused] = refusals(shown)
    assert "A1 shows the green crane colour side up (Kg), but it was scored in cycle I" in refused


def test_a_game_saved_with_such_a_sheet_replays_and_scores_the_crane_once_p27(tmp_path):
    """Games saved before the check hold the sheet as given: it replays, and the crane that
    was scored in cycle I is not scored again."""
    result, _ = play_through(ann(), cycle_one_from_sheet(tmp_path))
    saved = result.game
    for key, value in [("pay.mode", "file"), ("pay.marker", 6),
                       ("pay.sheet", {"path": "two.toml", "text": GREEN_UP})]:
        saved = saved.with_line(Answer(key, Cycle.II, "Ann", value))
    progress = replay(saved)
    assert progress.question.key == "forum.mode"  # the old record replays to the forum
    lines = [e for e in progress.events if e.cycle is Cycle.II and e.step.value == "cranes"]
    assert [e.points for e in lines] == [0]
    assert lines[0].text.startswith("{colour} crane: scored in cycle {scored_in} already")


def test_a_scored_crane_never_goes_back_under_a_tile_p27(tmp_path):
    covered_again = sheet_text("Ann", A2="g", C1="g")  # A1 "?": covered
    answers = cycle_one_from_sheet(tmp_path) + [{"text": covered_again}]
    _, shown = play_through(ann(), answers)
    [refused] = refusals(shown)
    assert "A1: was K, now ?" in refused and "never covered again" in refused


def test_a_crane_the_game_never_scored_is_not_colourless_p27(tmp_path):
    flipped = sheet_text("Ann", A1="K", A2="g")
    _, shown = play_through(ann(), ["file", 0, path(tmp_path, "one", flipped)])
    [refused] = refusals(shown)
    assert "the sheet shows 1 colourless crane (K), but only 0 of Ann's cranes were scored" in refused
    # From cycle II on, the game does not know what was scored before: K is taken as it stands.
    later = replace(ann(), first_cycle=Cycle.II)
    result, shown = play_through(later, ["file", 0, path(tmp_path, "two", flipped)])
    assert not refusals(shown) and result.state.question.key == "forum.mode"


def test_gray_building_types_of_a_row_never_fall_on_a_sheet(tmp_path):
    quick = ["quick", 0, [0] * 6, 0, [], [0, 0, 2, 0, 0, 0]] + QUIET_FORUM + [0]
    one_type = sheet_text("Ann", A3="lib", B3="lib")
    _, shown = play_through(ann(), quick + ["file", 4, path(tmp_path, "two", one_type)])
    [refused] = refusals(shown)
    assert ("row 3 had 2 different gray building types at the last scoring and shows 1 different "
            "gray building type now; buildings are never removed") in refused


def test_citizens_never_leave_a_row_on_a_sheet_p26(tmp_path):
    quick = ["quick", 0, [0, 0, 1, 0, 0, 0], 0, [], [], [0] * 6] + QUIET_FORUM + [0]
    none = sheet_text("Ann")
    _, shown = play_through(ann(), quick + ["file", 4, path(tmp_path, "two", none)])
    [refused] = refusals(shown)
    assert "row 3 had 1 citizen at the last scoring and shows 0 citizens now" in refused


@pytest.mark.parametrize("name", ["ANN", "ann"])
def test_the_sheet_name_matches_the_player_whatever_the_case(tmp_path, name):
    own = sheet_text(name, A1="Kg", A2="g")
    result, shown = play_through(ann(), ["file", 0, path(tmp_path, "one", own)])
    assert not refusals(shown) and result.state.question.key == "forum.mode"


def test_another_players_sheet_is_refused(tmp_path):
    toms = sheet_text("Tom", A1="Kg", A2="g")
    _, shown = play_through(ann(), ["file", 0, path(tmp_path, "tom", toms)])
    [refused] = refusals(shown)
    assert 'the sheet is named Tom (name = "Tom"), but this is Ann\'s' in refused
    assert 'write name = "Ann" in it' in refused


def test_a_sheet_with_a_row_of_active_and_inactive_citizens_is_refused_p26(tmp_path):
    """Issue 12, item 3 at the table; a game saved with such a sheet still replays."""
    mixed = sheet_text("Ann", {5: ["active", "inactive"]}, coins=1)
    _, shown = play_through(ann(), ["file", 0, path(tmp_path, "mixed", mixed)])
    [refused] = refusals(shown)
    assert "mixed.toml:" in refused and '5 = ["active", "active"]' in refused
    saved = ann()
    for key, value in [("pay.mode", "file"), ("pay.marker", 0),
                       ("pay.sheet", {"path": "mixed.toml", "text": mixed}), ("pay.rows", [5])]:
        saved = saved.with_line(Answer(key, Cycle.I, "Ann", value))
    assert replay(saved).question.key == "forum.mode"


def test_the_sheet_checks_stop_nothing_a_right_sheet_needs(tmp_path):
    """Tom's p. 28 sheet in a game kept from cycle III: it still scores 54."""
    from trajan_cli.cli.demo import demo_answers

    from helpers.walkthrough import tom_game

    result, shown, _ = play(tom_game(), demo_answers())
    assert result.state.totals() == {"Tom": 54} and not refusals(shown)
