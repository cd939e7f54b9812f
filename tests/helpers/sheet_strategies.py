"""Hypothesis strategies shared by the test files: random legal colonias and sheets."""

from __future__ import annotations

from hypothesis import strategies as st

from trajan_cli.core.colonia import (
    CORNERS,
    COVERED,
    SCORED_CRANE,
    TEMPLE,
    VACATED,
    Colonia,
    crane,
    gray,
    structure,
)
from trajan_cli.core.sheet import PlayerSheet, Supply
from trajan_cli.core.vocabulary import BOARD_SIZE, CitizenState, Colour, GrayType

INNER = [(c, r) for r in range(BOARD_SIZE) for c in range(BOARD_SIZE) if (c, r) not in CORNERS]

building_cells = st.sampled_from(
    [COVERED, VACATED] + [gray(g) for g in GrayType] + [structure(c) for c in Colour]
)
# Built cells only, to make dense colonias where patterns overlap a lot.
built_cells = st.sampled_from([gray(g) for g in GrayType] + [structure(c) for c in Colour])


@st.composite
def colonias(draw, cells=building_cells) -> Colonia:
    """A legal colonia: 4 temples off the corners, cranes in the corners (one per colour)."""
    temples = set(draw(st.lists(st.sampled_from(INNER), min_size=4, max_size=4, unique=True)))
    colours = draw(st.permutations(list(Colour)))
    grid = [[VACATED] * BOARD_SIZE for _ in range(BOARD_SIZE)]
    for i, (col, row) in enumerate(CORNERS):
        state = draw(st.sampled_from(["covered", "colour", "scored"]))
        grid[row][col] = {"covered": COVERED, "colour": crane(colours[i]),
                          "scored": SCORED_CRANE}[state]
    for col, row in INNER:
        grid[row][col] = TEMPLE if (col, row) in temples else draw(cells)
    return Colonia(tuple(tuple(r) for r in grid))


citizen_rows = st.dictionaries(
    st.integers(1, 6),
    # One state per row: a row is paid as a whole (p. 27), so its citizens are all active
    # or all inactive.
    st.tuples(st.sampled_from(list(CitizenState)), st.integers(1, 2)).map(lambda s: (s[0],) * s[1]),
)


@st.composite
def sheets(draw, colonia_strategy=None) -> PlayerSheet:
    small = st.integers(0, 4)
    return PlayerSheet(
        name=draw(st.sampled_from(["Tom", "Anna", "Tanya"])),
        colonia=draw(colonia_strategy if colonia_strategy is not None else colonias()),
        citizens=draw(citizen_rows),
        supply=Supply(
            coins=draw(small), tribunes=draw(small), builders=draw(small),
            assistants=draw(small), ship=draw(small),
            workers={c: draw(small) for c in Colour},
        ),
    )
