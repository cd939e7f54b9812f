"""Readable card answers: the framed colonia picture, card texts and pattern diagrams."""

import re

from trajan_cli.core.card_solver import Fulfilment, NearMiss, Shortfall
from trajan_cli.core.cards import BuildingTask, Distinct, PatternCell, PatternKind
from trajan_cli.core.colonia import VACATED, gray, structure
from trajan_cli.core.vocabulary import Colour, GrayType
from trajan_cli.render.cards import near_miss_words, pattern_diagram, span
from trajan_cli.render.pictures import colonia_picture

ESCAPE = re.compile(r"\x1b\[[0-9;]*m")


def test_framed_cells_keep_their_colour_codes_whole(tom):
    picture = colonia_picture(tom, marked=[(2, 1), (2, 2), (2, 3), (5, 0)])
    # Every escape sequence is complete: none was cut in two by the frame.
    assert picture.count("\x1b[") == len(ESCAPE.findall(picture))
    plain = ESCAPE.sub("", picture)
    assert "[bas]" in plain and "[col]" in plain and "[mkt]" in plain
    assert "[[Kg]" in plain  # the framed crane keeps its colour letter


def test_unmarked_picture_is_unchanged_by_framing_support(tom):
    plain = ESCAPE.sub("", colonia_picture(tom))
    assert "[bas]" not in plain and " bas " in plain and "[Kg]" in plain


# --- Card diagrams and wording ----------------------------------------------------------

def plain_lines(text):
    return [ESCAPE.sub("", line).rstrip() for line in text.splitlines()]


def test_diagram_is_drawn_from_the_shape_data():
    task = BuildingTask("test", shapes=((
        PatternCell(0, 0, PatternKind.GRAY), PatternCell(1, 1, PatternKind.STRUCTURE),
    ),))
    lines = plain_lines(pattern_diagram(task))
    assert lines[0] == "     gry   ·"
    assert lines[1] == "      ·   str"
    assert "· anything" in lines[-1]


def test_diagram_of_variants_side_by_side(rules):
    lines = plain_lines(pattern_diagram(rules.card("I-4").building))
    assert lines[0].split() == ["[K]", "any", "any", "[K]", "any", "·", "·", "any"]


def test_diagram_of_a_counted_task_is_empty(rules):
    assert pattern_diagram(rules.card("II-3").building) == ""


def test_span_names_rectangles_and_lists_the_rest():
    assert span([(2, 1), (2, 2), (2, 3)]) == "C2-C4"
    assert span([(3, 4), (4, 4), (3, 5), (4, 5)]) == "D5-E6"
    assert span([(1, 0), (1, 2)]) == "B1, B3"
    assert span([(0, 0)]) == "A1"


def test_near_miss_words_name_each_missing_cell():
    near = NearMiss(Fulfilment(((2, 0), (2, 1), (2, 2))), (
        Shortfall((2, 0), PatternKind.STRUCTURE, VACATED, (Colour.ORANGE,)),
        Shortfall((2, 2), PatternKind.STRUCTURE, structure(Colour.ORANGE), (Colour.ORANGE,)),
    ))
    assert near_miss_words(near, Distinct.COLOUR) == (
        "C1-C3 would do with a structure in a colour other than orange at C1 (empty now) and a "
        "structure in a colour other than orange at C3 (there now: orange structure), all of "
        "different colours")
    one = NearMiss(Fulfilment(((0, 1),), ((0, 0),)), (
        Shortfall((0, 0), PatternKind.CRANE, VACATED),
        Shortfall((0, 1), PatternKind.TILE, gray(GrayType.LIBRARY)),
    ))
    assert near_miss_words(one, None).startswith(
        "A2 around the crane at A1 would do with the crane at A1 uncovered and a building tile")
