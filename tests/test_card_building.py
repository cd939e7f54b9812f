"""Building tasks of the twelve Trajan cards (p. 28) on hand-made colonias.

For every card: a colonia with no fulfilment, one, several disjoint ones, and (where the
pattern can overlap itself on a 6 x 6 board) overlapping candidates where only the
largest disjoint choice is right. Cells are named like the grids: A1 top left.
"""

import pytest

from trajan_cli.core.card_solver import check_card, max_disjoint

from helpers.card_sheets import cells, sheet

# (card, what, grid, times, sets or None, matching placements or None)
CASES = [
    # I-1: a coloured structure horizontally between two gray buildings.
    ("I-1", "vertical does not count", """
        ?  .  .   .  .  ?
        .  T  lib .  T  .
        .  .  b   .  .  .
        .  .  lib .  .  .
        .  T  .   .  T  .
        ?  .  .   .  .  ?
     """, 0, (), 0),
    ("I-1", "one", """
        ?  .   .  .   .  ?
        .  T   .  .   T  .
        .  lib b  bas .  .
        .  .   .  .   .  .
        .  T   .  .   T  .
        ?  .   .  .   .  ?
     """, 1, [("B3", "C3", "D3")], 1),
    ("I-1", "two disjoint in one row", """
        ?   .  .   .   .  ?
        .   T  .   .   T  .
        lib b  bas lib r  mkt
        .   .  .   .   .  .
        .   T  .   .   T  .
        ?   .  .   .   .  ?
     """, 2, [("A3", "B3", "C3"), ("D3", "E3", "F3")], 2),
    ("I-1", "two sharing the middle library", """
        ?   .  .   .  .   ?
        .   T  .   .  T   .
        lib b  lib g  lib .
        .   .  .   .  .   .
        .   T  .   .  T   .
        ?   .  .   .  .   ?
     """, 1, None, 2),
    # I-2: a building tile directly above and another directly below the same temple.
    ("I-2", "tile above only", """
        ?  lib .  .  .  ?
        .  T   .  .  T  .
        .  .   .  .  .  .
        .  .   .  .  .  .
        .  T   .  .  T  .
        ?  .   .  .  .  ?
     """, 0, (), 0),
    ("I-2", "one", """
        ?  lib .  .  .  ?
        .  T   .  .  T  .
        .  g   .  .  .  .
        .  .   .  .  .  .
        .  T   .  .  T  .
        ?  .   .  .  .  ?
     """, 1, [("B1", "B3")], 1),
    ("I-2", "two temples", """
        ?  lib .  .  r   ?
        .  T   .  .  T   .
        .  g   .  .  col .
        .  .   .  .  .   .
        .  T   .  .  T   .
        ?  .   .  .  .   ?
     """, 2, [("B1", "B3"), ("E1", "E3")], 2),
    ("I-2", "two temples one below the other share the tile between them", """
        ?  lib .  .  .  ?
        .  T   .  .  T  .
        .  g   .  .  .  .
        .  T   .  .  .  .
        .  b   .  .  T  .
        ?  .   .  .  .  ?
     """, 1, None, 2),
    # I-3: two different gray buildings, one directly below the other.
    ("I-3", "the same type twice, or gray above a structure", """
        ?  .  .   .  .  ?
        .  T  .   .  T  .
        .  .  lib .  .  .
        .  .  lib .  .  .
        .  T  b   .  T  .
        ?  .  .   .  .  ?
     """, 0, (), 0),
    ("I-3", "one", """
        ?  .  .   .  .  ?
        .  T  .   .  T  .
        .  .  lib .  .  .
        .  .  bas .  .  .
        .  T  .   .  T  .
        ?  .  .   .  .  ?
     """, 1, [("C3", "C4")], 1),
    ("I-3", "two columns", """
        ?  .  .   .   .  ?
        .  T  .   .   T  .
        .  .  lib col .  .
        .  .  bas mkt .  .
        .  T  .   .   T  .
        ?  .  .   .   .  ?
     """, 2, [("C3", "C4"), ("D3", "D4")], 2),
    ("I-3", "a column of four: three pairs overlap, two are disjoint", """
        ?  .  lib .  .  ?
        .  T  bas .  T  .
        .  .  mkt .  .  .
        .  .  col .  .  .
        .  T  .   .  T  .
        ?  .  .   .  .  ?
     """, 2, [("C1", "C2"), ("C3", "C4")], 3),
    # I-4: both board neighbours of a crane, scored or not; a covered corner is no crane.
    ("I-4", "one neighbour only", """
        K   lib .  .  .  ?
        .   T   .  .  T  .
        .   .   .  .  .  .
        .   .   .  .  .  .
        .   T   .  .  T  .
        ?   .   .  .  .  ?
     """, 0, (), 0),
    ("I-4", "one", """
        K   lib .  .  .  ?
        b   T   .  .  T  .
        .   .   .  .  .  .
        .   .   .  .  .  .
        .   T   .  .  T  .
        ?   .   .  .  .  ?
     """, 1, [("B1", "A2")], 1),
    ("I-4", "scored and unscored cranes count, a covered corner does not", """
        K   lib .  .  g   Kg
        b   T   .  .  T   col
        .   .   .  .  .   .
        .   .   .  .  .   .
        mkt T   .  .  T   o
        ?   bas .  .  y   Kb
     """, 3, [("B1", "A2"), ("E1", "F2"), ("F5", "E6")], 3),
    ("I-4", "all four corners", """
        K   lib .  .  g   Kg
        b   T   .  .  T   col
        .   .   .  .  .   .
        .   .   .  .  .   .
        mkt T   .  .  T   o
        Ko  bas .  .  y   Kb
     """, 4, None, 4),
    # II-1: a 2 x 2 square of any building tiles.
    ("II-1", "four in a row", """
        ?  .  .   .   .  ?
        .  T  .   .   T  .
        b  g  lib col .  .
        .  .  .   .   .  .
        .  T  .   .   T  .
        ?  .  .   .   .  ?
     """, 0, (), 0),
    ("II-1", "one", """
        ?  .  .   .   .  ?
        .  T  .   .   T  .
        .  .  lib b   .  .
        .  .  g   bas .  .
        .  T  .   .   T  .
        ?  .  .   .   .  ?
     """, 1, [("C3", "D3", "C4", "D4")], 1),
    ("II-1", "two apart", """
        ?  .  .  .   .  ?
        .  T  .  .   T  .
        b  g  .  lib col .
        y  r  .  mkt bas .
        .  T  .  .   T  .
        ?  .  .  .   .  ?
     """, 2, [("A3", "B3", "A4", "B4"), ("D3", "E3", "D4", "E4")], 2),
    # The first square in reading order (C2-D3) blocks both others: a greedy scan finds 1.
    ("II-1", "greedy trap: the first square found blocks the two that fit together", """
        ?  .    .    .    .    ?
        .  .    lib  b    .    .
        .  g    r    y    bas  .
        .  mkt  col  b    g    .
        .  .    .    .    .    .
        ?  T    T    T    T    ?
     """, 2, [("B3", "C3", "B4", "C4"), ("D3", "E3", "D4", "E4")], 4),
    ("II-1", "a 3 x 3 block holds four squares, all through its centre", """
        ?  .  .   .   .   ?
        .  T  .   .   T   .
        .  .  lib b   g   .
        .  .  r   bas col .
        .  T  y   mkt b   .
        ?  .  .   .   T   ?
     """, 1, None, 4),
    # II-2: a gray building with a coloured structure directly above and below it.
    ("II-2", "gray-structure-gray is the other card", """
        ?  .  .   .  .  ?
        .  T  lib .  T  .
        .  .  b   .  .  .
        .  .  bas .  .  .
        .  T  .   .  T  .
        ?  .  .   .  .  ?
     """, 0, (), 0),
    ("II-2", "one", """
        ?  .  .   .  .  ?
        .  T  b   .  T  .
        .  .  lib .  .  .
        .  .  r   .  .  .
        .  T  .   .  T  .
        ?  .  .   .  .  ?
     """, 1, [("C2", "C3", "C4")], 1),
    ("II-2", "two side by side", """
        ?  .  .   .   .  ?
        .  T  b   .   T  .
        .  .  lib g   .  .
        .  .  r   col .  .
        .  T  .   y   T  .
        ?  .  .   .   .  ?
     """, 2, [("C2", "C3", "C4"), ("D3", "D4", "D5")], 2),
    ("II-2", "two vertical triples sharing a structure", """
        ?  .  .   .  .  ?
        .  T  b   .  T  .
        .  .  lib .  .  .
        .  .  r   .  .  .
        .  T  bas .  T  .
        ?  .  g   .  .  ?
     """, 1, None, 2),
    # II-3: four structures of four different colours anywhere (counted, see test_card_collecting).
    ("II-3", "three colours", """
        ?  b  .  .  g  ?
        .  T  .  .  T  .
        .  .  .  .  .  r
        .  .  .  .  .  .
        .  T  .  .  T  .
        ?  .  .  .  .  ?
     """, 0, (), None),
    ("II-3", "four colours far apart", """
        ?  b  .  .  g  ?
        .  T  .  .  T  .
        .  .  .  .  .  r
        .  .  .  .  .  .
        y  T  .  .  T  .
        ?  .  .  .  .  ?
     """, 1, [("B1", "E1", "F3", "A5")], None),
    ("II-3", "every colour twice", """
        ?  b  b  g  g  ?
        .  T  .  .  T  .
        .  .  .  .  .  r
        .  .  .  .  .  r
        y  T  .  .  T  y
        ?  .  .  .  .  ?
     """, 2, None, None),
    # II-4: a coloured structure with a gray building directly above and below it.
    ("II-4", "no gray below", """
        ?  .  .   .  .  ?
        .  T  lib .  T  .
        .  .  b   .  .  .
        .  .  g   .  .  .
        .  T  .   .  T  .
        ?  .  .   .  .  ?
     """, 0, (), 0),
    ("II-4", "one", """
        ?  .  .   .  .  ?
        .  T  lib .  T  .
        .  .  b   .  .  .
        .  .  bas .  .  .
        .  T  .   .  T  .
        ?  .  .   .  .  ?
     """, 1, [("C2", "C3", "C4")], 1),
    ("II-4", "two in one column", """
        ?  .  lib .  .  ?
        .  T  b   .  T  .
        .  .  bas .  .  .
        .  .  col .  .  .
        .  T  r   .  T  .
        ?  .  mkt .  .  ?
     """, 2, [("C1", "C2", "C3"), ("C4", "C5", "C6")], 2),
    ("II-4", "two vertical triples sharing a gray building", """
        ?  .  .   .  .  ?
        .  T  lib .  T  .
        .  .  b   .  .  .
        .  .  bas .  .  .
        .  T  r   .  T  .
        ?  .  mkt .  .  ?
     """, 1, None, 2),
    # III-1: two gray buildings between a structure above and one below (four high).
    # Two placements in one column would need seven rows: this pattern never overlaps itself.
    ("III-1", "one gray too few", """
        ?  .  .   .  .  ?
        .  T  b   .  T  .
        .  .  lib .  .  .
        .  .  r   .  .  .
        .  T  y   .  T  .
        ?  .  .   .  .  ?
     """, 0, (), 0),
    ("III-1", "one", """
        ?  .  .   .  .  ?
        .  T  b   .  T  .
        .  .  lib .  .  .
        .  .  lib .  .  .
        .  T  r   .  T  .
        ?  .  .   .  .  ?
     """, 1, [("C2", "C3", "C4", "C5")], 1),
    ("III-1", "two columns", """
        ?  .  .   .   .  ?
        .  T  b   g   T  .
        .  .  lib mkt .  .
        .  .  lib col .  .
        .  T  r   r   T  .
        ?  .  .   .   .  ?
     """, 2, [("C2", "C3", "C4", "C5"), ("D2", "D3", "D4", "D5")], 2),
    # III-2: three structures of different colours directly one below the other.
    ("III-2", "a colour twice", """
        ?  .  .  .  .  ?
        .  T  b  .  T  .
        .  .  b  .  .  .
        .  .  r  .  .  .
        .  T  .  .  T  .
        ?  .  .  .  .  ?
     """, 0, (), 0),
    ("III-2", "one", """
        ?  .  .  .  .  ?
        .  T  b  .  T  .
        .  .  g  .  .  .
        .  .  r  .  .  .
        .  T  .  .  T  .
        ?  .  .  .  .  ?
     """, 1, [("C2", "C3", "C4")], 1),
    ("III-2", "a column of six: four placements, two disjoint", """
        ?  .  b  .  .  ?
        .  T  g  .  T  .
        .  .  r  .  .  .
        .  .  y  .  .  .
        .  T  b  .  T  .
        ?  .  g  .  .  ?
     """, 2, [("C1", "C2", "C3"), ("C4", "C5", "C6")], 4),
    ("III-2", "two vertical triples sharing two structures", """
        ?  .  .  .  .  ?
        .  T  b  .  T  .
        .  .  g  .  .  .
        .  .  r  .  .  .
        .  T  b  .  T  .
        ?  .  .  .  .  ?
     """, 1, None, 2),
    # III-3: all four diagonal neighbours of a temple are coloured structures.
    ("III-3", "three corners", """
        ?  .  .  .  .  ?
        .  b  .  g  .  .
        .  .  T  .  .  T
        .  r  .  .  .  .
        T  .  .  .  T  .
        ?  .  .  .  .  ?
     """, 0, (), 0),
    ("III-3", "one", """
        ?  .  .  .  .  ?
        .  b  .  g  .  .
        .  .  T  .  .  T
        .  r  .  y  .  .
        T  .  .  .  T  .
        ?  .  .  .  .  ?
     """, 1, [("B2", "D2", "B4", "D4")], 1),
    ("III-3", "two temples far apart", """
        ?  b  .  g  .  ?
        .  .  T  .  .  T
        .  r  .  y  .  .
        .  b  .  r  .  .
        .  .  T  .  .  T
        ?  g  .  y  .  ?
     """, 2, [("B1", "D1", "B3", "D3"), ("B4", "D4", "B6", "D6")], 2),
    ("III-3", "two temples whose corners overlap", """
        ?  .  .  .  .  ?
        .  b  .  g  .  r
        .  .  T  .  T  .
        .  r  .  y  .  b
        T  .  .  .  .  .
        ?  T  .  .  .  ?
     """, 1, None, 2),
    # III-4: three different gray buildings directly one below the other.
    ("III-4", "a type twice", """
        ?  .  .   .  .  ?
        .  T  T   .  T  .
        .  .  lib .  .  .
        .  .  bas .  .  .
        .  .  lib .  T  .
        ?  .  .   .  .  ?
     """, 0, (), 0),
    ("III-4", "one", """
        ?  .  .   .  .  ?
        .  T  lib .  T  .
        .  .  bas .  .  .
        .  .  col .  .  .
        .  T  .   .  T  .
        ?  .  .   .  .  ?
     """, 1, [("C2", "C3", "C4")], 1),
    ("III-4", "a column of six: four placements, two disjoint", """
        ?  .  lib .  .  ?
        .  T  bas .  T  .
        .  .  col .  .  .
        .  .  mkt .  .  .
        .  T  lib .  T  .
        ?  .  bas .  .  ?
     """, 2, [("C1", "C2", "C3"), ("C4", "C5", "C6")], 4),
    ("III-4", "two vertical triples sharing two cells", """
        ?  .  .   .  .  ?
        .  T  lib .  T  .
        .  .  bas .  .  .
        .  .  col .  .  .
        .  T  mkt .  T  .
        ?  .  .   .  .  ?
     """, 1, None, 2),
]


@pytest.mark.parametrize(("card_id", "what", "grid", "times", "sets", "matching"), CASES,
                         ids=[f"{c[0]}-{c[1]}" for c in CASES])
def test_building_task_p28(rules, card_id, what, grid, times, sets, matching):
    result = check_card(rules.card(card_id), sheet(grid))
    assert result.building.times == times
    if sets is not None:
        assert result.building.sets == tuple(cells(*s) for s in sets)
    if matching is not None:
        assert len(result.building.candidates) == matching
    used = [sq for s in result.building.sets for sq in s]
    assert len(used) == len(set(used)), "no cell serves two fulfilments (p. 28)"


def grid_of(card_id: str, what: str) -> str:
    return next(c[2] for c in CASES if c[0] == card_id and c[1] == what)


def test_every_card_is_tried_with_none_one_and_several(rules):
    for card_id in rules.cards:
        found = {times for c, _w, _g, times, _s, _m in CASES if c == card_id}
        assert {0, 1} <= found and max(found) >= 2, card_id


def test_tom_fulfils_iii_4_once_at_c2_c4_p28(rules, tom):
    result = check_card(rules.card("III-4"), tom)
    assert result.building.times == 1
    assert result.building.sets == (cells("C2", "C3", "C4"),)


def test_temples_and_cranes_are_anchors_not_used_cells_p28(rules):
    result = check_card(rules.card("I-2"), sheet(grid_of("I-2", "one")))
    (fulfilment,) = result.building.fulfilments
    assert fulfilment.used == cells("B1", "B3") and fulfilment.anchors == cells("B2")


def test_patterns_are_never_turned_p28(rules):
    """'If a task requires a vertical arrangement, it has to be fulfilled vertically' (p. 28)."""
    vertical = sheet(grid_of("I-1", "vertical does not count"))  # gray-structure-gray one below the other
    assert check_card(rules.card("I-1"), vertical).building.times == 0
    assert check_card(rules.card("II-4"), vertical).building.times == 1


# --- The exact search itself ------------------------------------------------------------


def test_max_disjoint_beats_a_greedy_choice():
    # Candidate 0 overlaps 1 and 2, which fit together: greedy in order takes only 0.
    masks = [0b0110, 0b0011, 0b1100]
    assert max_disjoint(masks) == (1, 2)


def test_max_disjoint_of_nothing():
    assert max_disjoint([]) == ()


def test_max_disjoint_refuses_a_candidate_using_no_cell():
    with pytest.raises(ValueError):
        max_disjoint([0b1, 0])
