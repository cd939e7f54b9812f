"""Hypothesis strategies for recorded boards: sheets with crane colours, forums, growth.

Kept apart from helpers/sheet_strategies.py, which makes the sheets they start from.
"""

from __future__ import annotations

import dataclasses

from hypothesis import strategies as st

from trajan_cli.core.colonia import CORNERS, COVERED, SCORED_CRANE, VACATED, CellKind, crane, gray, structure
from trajan_cli.core.forum import Forum, ForumSquare
from trajan_cli.core.sheet import PlayerSheet
from trajan_cli.core.vocabulary import BOARD_SIZE, CitizenState, Colour, GrayType

from helpers.sheet_strategies import INNER, sheets

BUILDINGS = [gray(g) for g in GrayType] + [structure(c) for c in Colour]


@st.composite
def recorded_sheets(draw) -> PlayerSheet:
    """A legal sheet whose crane colours are all known (the set-up choice, p. 19)."""
    sheet = draw(sheets())
    shown = dict(sheet.crane_colours)
    missing = [c for c in Colour if c not in shown.values()]
    hidden = [sq for sq in CORNERS if sq not in shown]
    order = draw(st.permutations(missing))
    colours = shown | dict(zip(hidden, order, strict=True))
    # Some boards were imported without a [cranes] table: a covered corner's colour unknown.
    keep = draw(st.sets(st.sampled_from(hidden))) if hidden else set()
    return dataclasses.replace(
        sheet, crane_colours={sq: c for sq, c in colours.items() if sq in shown or sq in keep})


@st.composite
def grown(draw, before: PlayerSheet) -> PlayerSheet:
    """A later state of ``before`` that keeps every "only grows" rule."""
    colonia = before.colonia
    for square, cell in before.colonia.squares():
        if square in CORNERS:
            order = [COVERED, "colour", SCORED_CRANE]
            rank = 0 if cell.kind is CellKind.COVERED else (2 if cell.crane_scored else 1)
            colour = before.crane_colours.get(square)
            choices = [s for s in order[rank:] if s != "colour" or colour is not None]
            new = draw(st.sampled_from(choices))
            new = crane(colour) if new == "colour" else new
        elif cell.kind is CellKind.COVERED:
            new = draw(st.sampled_from([COVERED, VACATED, *BUILDINGS]))
        elif cell.kind is CellKind.VACATED:
            new = draw(st.sampled_from([VACATED, *BUILDINGS]))
        else:
            new = cell
        colonia = colonia.replace(square, new)
    citizens = {}
    for row in range(1, BOARD_SIZE + 1):
        states = before.citizens.get(row, ())
        size = draw(st.integers(len(states), max(2, len(states))))
        # The citizens of one row share one state: a row is paid as a whole (p. 27).
        citizens[row] = (draw(st.sampled_from(list(CitizenState))),) * size
    return dataclasses.replace(before, colonia=colonia,
                               citizens={r: s for r, s in citizens.items() if s})


@st.composite
def played(draw, before: PlayerSheet) -> PlayerSheet:
    """A later state of ``before`` reached by play alone, between two scorings: it grows,
    and no crane turns colourless nor any citizen inactive or active except by a second
    citizen joining its row (pp. 26-27)."""
    after = draw(grown(before))
    colonia = after.colonia
    for square in CORNERS:
        if colonia.at(square).crane_scored and not before.colonia.at(square).crane_scored:
            colour = before.crane_colours.get(square)
            colonia = colonia.replace(square, crane(colour) if colour else before.colonia.at(square))
    citizens = {}
    for row in range(1, BOARD_SIZE + 1):
        was, now = tuple(before.citizens.get(row, ())), after.citizens.get(row, ())
        citizens[row] = (CitizenState.ACTIVE,) * len(now) if len(now) > len(was) else was
    return dataclasses.replace(after, colonia=colonia, citizens={r: s for r, s in citizens.items() if s})


MARKS = st.sampled_from(["T", "A", "Jo", "Ki", "P1", "Zo"])
NAMES = st.text(st.characters(codec="utf-8", exclude_categories=["Cs", "Zs", "Zl", "Zp", "Cc"]),
                min_size=1, max_size=8).map(str.strip).filter(bool)


@st.composite
def forums(draw, envoys: bool = True) -> Forum:
    marks = draw(st.lists(MARKS, min_size=1, max_size=4, unique_by=str.casefold))
    players = {m: draw(NAMES) for m in marks}
    width, height = draw(st.integers(1, 9)), draw(st.integers(1, 6))
    kinds = st.one_of(st.none(), st.just("eagle"), st.sampled_from(list(Colour)))
    grid = []
    for _row in range(height):
        row = []
        for _col in range(width):
            kind = draw(kinds)
            if kind is None:
                row.append(None)
                continue
            envoy = draw(st.sampled_from([None, *marks])) if envoys else None
            row.append(ForumSquare(None if kind == "eagle" else kind, envoy))
        grid.append(tuple(row))
    return Forum(grid=tuple(grid), players=players)


__all__ = ["INNER", "forums", "grown", "recorded_sheets"]
