"""Construction crane scoring, rulebook p. 27 (Tanya) and p. 28 (Tom)."""

from hypothesis import given

from trajan_cli.core.scoring import score_cranes
from trajan_cli.core.vocabulary import CellKind, Cycle
from trajan_cli.parsing.sheet import parse_sheet

from helpers.sheet_strategies import colonias

TANYA = '''
name = "Tanya"
colonia = """
Kg  g   .   .   .   ?
.   T   g   .   .   .
.   .   .   T   g   .
.   T   .   .   .   g
.   .   .   .   b   T
?   .   .   .   .   K
"""
'''


def test_tanya_green_crane_cycle_ii_scores_8_p27(rules):
    # Tanya uncovered the green crane (upper left) in cycle II and has 4 green structures.
    score = score_cranes(parse_sheet(TANYA).colonia, Cycle.II, rules)
    assert [(c.colour.value, len(c.structures), c.points) for c in score.cranes] == [("green", 4, 8)]
    assert score.total == 8


def test_tom_green_crane_cycle_iii_scores_3_p28(tom, rules):
    score = score_cranes(tom.colonia, Cycle.III, rules)
    assert score.total == 3
    assert score.cranes[0].points_each == 1


def test_same_crane_is_worth_3_in_cycle_i_p27(rules):
    assert score_cranes(parse_sheet(TANYA).colonia, Cycle.I, rules).total == 12


def test_every_visible_coloured_crane_scores_p27(rules):
    two = TANYA.replace("?   .   .   .   .   K", "Kb  .   .   .   .   K")
    score = score_cranes(parse_sheet(two).colonia, Cycle.III, rules)
    assert sorted((c.colour.value, c.points) for c in score.cranes) == [("blue", 1), ("green", 4)]


def test_scored_and_covered_cranes_score_nothing_p27(rules):
    none = TANYA.replace("Kg  g", "K   g")
    assert score_cranes(parse_sheet(none).colonia, Cycle.I, rules).cranes == ()


@given(colonias())
def test_crane_total_is_structures_of_each_visible_colour(colonia):
    from trajan_cli.rulesdata import load_rules

    rules = load_rules()
    expected = sum(
        len(colonia.structures_of(cell.colour)) * 2
        for _, cell in colonia.squares()
        if cell.kind is CellKind.CRANE and cell.colour is not None
    )
    assert score_cranes(colonia, Cycle.II, rules).total == expected
