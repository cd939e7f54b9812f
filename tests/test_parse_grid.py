"""The colonia grid format (interface.md): every broken kind names line and token."""

import pytest
from hypothesis import given

from trajan_cli.core.vocabulary import CellKind, Colour, GrayType
from trajan_cli.parsing.errors import InputError, ProblemList
from trajan_cli.parsing.grid import parse_colonia, render_colonia

from helpers.sheet_strategies import colonias

GOOD = """\
?   ?   .   lib ?   Kg
lib T   bas lib .   ?
g   .   col T   y   ?
.   T   mkt g   lib b
col lib g   bas mkt T
K   r   .   bas y   ?
"""


def parse(text: str, first_line: int = 1):
    problems = ProblemList("grid.txt")
    colonia = parse_colonia(text, problems, first_line)
    if problems:
        raise InputError(problems)
    return colonia


def problems_of(text: str) -> list[str]:
    with pytest.raises(InputError) as info:
        parse(text)
    return [str(p) for p in info.value.problems]


def replace_line(n: int, new: str) -> str:
    lines = GOOD.splitlines()
    lines[n - 1] = new
    return "\n".join(lines) + "\n"


def test_good_grid_parses():
    colonia = parse(GOOD)
    assert colonia.at((3, 0)).gray is GrayType.LIBRARY
    assert colonia.at((5, 0)).kind is CellKind.CRANE and colonia.at((5, 0)).colour is Colour.GREEN
    assert colonia.at((0, 5)).crane_scored


def test_tokens_are_case_insensitive_and_aliases_work():
    text = GOOD.replace("lib T   bas", "LIBRARY temple basilica").replace("Kg", "crane:green")
    assert parse(text) == parse(GOOD)


def test_comments_and_blank_lines_are_ignored():
    text = "# Tom's colonia\n\n" + GOOD.replace("Kg", "Kg  # green crane uncovered")
    assert parse(text) == parse(GOOD)


def test_unknown_token_names_line_and_token():
    [message] = problems_of(replace_line(3, "g   .   col T   yy  ?"))
    assert message.startswith("grid.txt:3: 'yy':") and "not a colonia token" in message


def test_near_miss_gets_a_suggestion():
    [message] = problems_of(replace_line(4, ".   T   mrkt g   lib b"))
    assert "did you mean 'mkt'" in message


def test_wrong_number_of_rows():
    [message] = problems_of("\n".join(GOOD.splitlines()[:5]))
    assert "rows in the grid: 5" in message and "6" in message


def test_wrong_number_of_tokens_names_the_line_and_extra_token():
    [message] = problems_of(replace_line(2, "lib T   bas lib .   ?   ."))
    assert message.startswith("grid.txt:2: '.':") and "7 spaces" in message
    [short] = problems_of(replace_line(2, "lib T   bas lib ."))
    assert short.startswith("grid.txt:2:") and "5 spaces" in short


def test_building_on_a_corner_is_refused_p22():
    [message] = problems_of(replace_line(6, "col r   .   bas y   ?"))
    assert message.startswith("grid.txt:6: 'col':") and "A6 is a corner" in message


def test_temple_or_vacated_corner_is_refused():
    assert "F6 is a corner" in problems_of(replace_line(6, "K   r   .   bas y   .")).pop()


def test_crane_off_a_corner_is_refused():
    [message] = problems_of(replace_line(2, "lib T   Kb  lib .   ?"))
    assert message.startswith("grid.txt:2: 'Kb':") and "not a corner" in message


def test_temple_count_must_be_four():
    three = problems_of(replace_line(4, ".   .   mkt g   lib b"))
    assert any("3 temples" in m for m in three)
    five = problems_of(replace_line(1, "?   T   .   lib ?   Kg"))
    assert any("5 temples" in m for m in five)


def test_two_cranes_of_one_colour_are_refused_p19():
    [message] = problems_of(replace_line(6, "Kg  r   .   bas y   ?"))
    assert "second green crane" in message and "F1" in message


def test_every_problem_is_reported_not_only_the_first():
    text = replace_line(1, "?   ?   .   xx  ?   Kg").replace("K   r", "col r")
    assert len(problems_of(text)) == 2


def test_first_line_offsets_line_numbers():
    problems = ProblemList("tom.toml")
    parse_colonia(replace_line(3, "g . col T zz ?"), problems, first_line=10)
    assert str(problems[0]).startswith("tom.toml:12: 'zz':")


@given(colonias())
def test_round_trip_parse_render_parse_is_identity(colonia):
    assert parse(render_colonia(colonia)) == colonia
