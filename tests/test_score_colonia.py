"""Colonia scoring, rulebook p. 27, with Tom's third scoring phase on p. 28."""

from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.core.colonia import gray
from trajan_cli.core.scoring import score_colonia
from trajan_cli.core.sheet import PlayerSheet
from trajan_cli.core.vocabulary import CellKind, CitizenState, GrayType
from trajan_cli.parsing.sheet import parse_sheet

from helpers.sheet_strategies import sheets

BASE = """
name = "P"
colonia = '''
?   .   .   .   .   ?
.   T   .   .   .   .
.   .   .   T   .   .
.   T   .   .   .   .
.   .   .   .   .   T
?   .   .   .   .   ?
'''
"""


def test_tom_rows_p28(tom, rules):
    score = score_colonia(tom, rules)
    assert [r.points for r in score.rows] == [1, 2, 2, 4, 12, 1]
    assert score.total == 22


def test_repeated_gray_building_counts_once_p28(tom, rules):
    row2 = score_colonia(tom, rules).rows[1]
    assert row2.gray_buildings == 3 and len(row2.gray_types) == 2 and row2.points == 2


def test_inactive_citizen_does_not_multiply_p28(tom, rules):
    row6 = score_colonia(tom, rules).rows[5]
    assert tom.citizens[6] == (CitizenState.INACTIVE,)
    assert (row6.active_citizens, row6.multiplier, row6.points) == (0, 1, 1)


def test_multiplier_one_two_three_p27(rules):
    sheet = parse_sheet(BASE.replace(".   T   .   .   .   .\n.   .   .   T",
                                     "col T   lib .   .   .\n.   .   .   T", 1)
                        + '[citizens]\n2 = ["active", "active"]\n')
    assert score_colonia(sheet, rules).rows[1].points == 2 * 3
    one = parse_sheet(BASE.replace(".   T   .   .   .   .\n.   .   .   T",
                                   "col T   lib .   .   .\n.   .   .   T", 1)
                      + '[citizens]\n2 = ["active"]\n')
    assert score_colonia(one, rules).rows[1].points == 2 * 2


def test_empty_rows_score_nothing(rules):
    assert score_colonia(parse_sheet(BASE), rules).total == 0


@given(sheets())
def test_row_never_exceeds_four_times_multiplier(sheet):
    from trajan_cli.rulesdata import load_rules

    for row in score_colonia(sheet, load_rules()).rows:
        assert row.points <= 4 * (1 + min(2, sheet.active_in_row(row.row)))
        assert row.points == len(set(sheet.colonia.gray_in_row(row.row))) * row.multiplier


@given(sheets(), st.data())
def test_new_gray_type_in_a_row_never_lowers_points(sheet, data):
    from trajan_cli.rulesdata import load_rules

    rules = load_rules()
    free = [sq for sq, c in sheet.colonia.squares() if c.kind in (CellKind.VACATED, CellKind.COVERED)
            and sq not in ((0, 0), (5, 0), (0, 5), (5, 5))]
    if not free:
        return
    col, row = data.draw(st.sampled_from(free))
    missing = [g for g in GrayType if g not in sheet.colonia.gray_in_row(row + 1)]
    if not missing:
        return
    built = PlayerSheet(sheet.name, sheet.colonia.replace((col, row), gray(data.draw(st.sampled_from(missing)))),
                        sheet.citizens, sheet.supply)
    before = score_colonia(sheet, rules).rows[row].points
    after = score_colonia(built, rules).rows[row].points
    assert after > before
