"""Boards written back as the TOML files they are read from, and the sheet's [cranes] table."""

import dataclasses

import pytest
from hypothesis import given, settings

from trajan_cli.core.colonia import COVERED, SCORED_CRANE, crane
from trajan_cli.core.vocabulary import Colour
from trajan_cli.parsing.errors import InputError
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.sheet import parse_sheet
from trajan_cli.parsing.toml_text import forum_toml, sheet_toml, toml_string

from helpers.board_strategies import forums, recorded_sheets
from helpers.hypothesis_profiles import scaled

A1, F1, A6, F6 = (0, 0), (5, 0), (0, 5), (5, 5)

GRID = '''name = "Tom"
colonia = """
?   ?   .   lib ?   Kg
lib T   bas lib .   ?
g   .   col T   y   ?
.   T   mkt g   lib b
col lib g   bas mkt T
K   r   .   bas y   ?
"""
'''
BLUE, GREEN, YELLOW = Colour.BLUE, Colour.GREEN, Colour.YELLOW
OTHER = [c for c in Colour if c not in (BLUE, GREEN, YELLOW)][0]  # the fourth colour


def problems(extra: str) -> list[str]:
    with pytest.raises(InputError) as info:
        parse_sheet(GRID + extra, "tom.toml")
    return [str(p) for p in info.value.problems]


# --- Round trips -------------------------------------------------------------------------


@settings(max_examples=scaled(150), deadline=None)
@given(sheet=recorded_sheets())
def test_sheet_toml_reads_back_to_the_same_sheet(sheet):
    assert parse_sheet(sheet_toml(sheet)) == sheet


@settings(max_examples=scaled(150), deadline=None)
@given(forum=forums())
def test_forum_toml_reads_back_to_the_same_forum(forum):
    assert parse_forum(forum_toml(forum)) == forum


def test_the_examples_read_back(tom, tom_forum):
    assert parse_sheet(sheet_toml(tom)) == tom
    assert parse_forum(forum_toml(tom_forum)) == tom_forum
    assert "[cranes]\nF1 = \"green\"" in sheet_toml(tom)


@pytest.mark.parametrize("name", ['Ann "the bold"', "back\\slash", "tab\there", "Zoë", "del\x7f"])
def test_names_are_escaped(tom, name):
    sheet = dataclasses.replace(tom, name=name)
    assert parse_sheet(sheet_toml(sheet)).name == name
    assert toml_string(name).startswith('"')


# --- [cranes]: the crane colour of each corner, chosen at set-up (p. 19) ----------------


def test_cranes_table_records_covered_corners():
    sheet = parse_sheet(GRID + '[cranes]\nA1 = "blue"\nF6 = "y"\n')
    assert dict(sheet.crane_colours) == {A1: BLUE, F1: GREEN, F6: YELLOW}


def test_a_colour_side_up_corner_implies_its_colour(tom):
    assert dict(tom.crane_colours) == {F1: GREEN}


def test_cranes_refuse_non_corners_with_line_and_key_p19():
    found = problems('[cranes]\nB2 = "blue"\n')
    assert found == ["tom.toml:11: 'B2': B2 is not a corner; cranes lie in the corners A1, F1, "
                     "A6 and F6 (p. 19)"]


def test_cranes_refuse_a_colour_twice_p19():
    found = problems('[cranes]\nA1 = "blue"\nF6 = "blue"\n')
    assert found == ["tom.toml:12: 'F6': a second blue crane (the first is at A1); each colonia "
                     "has one crane per colour (p. 19)"]


def test_cranes_refuse_the_colour_a_grid_token_shows_elsewhere_p19():
    assert "the first is at F1" in problems('[cranes]\nA1 = "green"\n')[0]


def test_cranes_refuse_a_contradiction_with_the_grid_p19():
    found = problems('[cranes]\nF1 = "blue"\n')
    assert found == ["tom.toml:11: 'F1': the grid shows the green crane at F1, not blue; a crane "
                     "keeps its colour all game (p. 19)"]


def test_cranes_refuse_unknown_colours_all_at_once():
    found = problems('[cranes]\nA1 = "purple"\nB2 = "g"\nF6 = 3\n')
    assert [f.split(":")[1] for f in found] == ["11", "12", "13"]


def test_scored_corner_keeps_its_recorded_colour(tom):
    sheet = parse_sheet(GRID + '[cranes]\nA6 = "blue"\n')
    assert sheet.colonia.at(A6) == SCORED_CRANE and sheet.crane_colours[A6] is BLUE


def test_model_merges_grid_and_recorded_colours(tom):
    uncovered = dataclasses.replace(tom, crane_colours={A1: OTHER},
                                    colonia=tom.colonia.replace(A1, crane(OTHER)))
    assert dict(uncovered.crane_colours) == {A1: OTHER, F1: GREEN}
    # A stale colour the grid now contradicts gives way to what the grid shows.
    moved = dataclasses.replace(uncovered, colonia=uncovered.colonia.replace(A1, COVERED)
                                .replace(F6, crane(OTHER)))
    assert dict(moved.crane_colours) == {F1: GREEN, F6: OTHER}
    with pytest.raises(ValueError):
        dataclasses.replace(tom, crane_colours={(2, 2): BLUE})
