"""A player's colonia: the 6 x 6 street grid as an immutable model."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import NamedTuple

from .vocabulary import BOARD_SIZE, CellKind, Colour, GrayType, Square, square_name


class Cell(NamedTuple):
    """One space of the colonia. ``colour`` is set for structures and coloured cranes."""

    kind: CellKind
    gray: GrayType | None = None
    colour: Colour | None = None

    @property
    def is_building_tile(self) -> bool:
        """Gray building or coloured structure: what Trajan cards call 'any building tile'."""
        return self.kind in (CellKind.GRAY, CellKind.STRUCTURE)

    @property
    def crane_scored(self) -> bool:
        """An uncovered crane turned to its colourless side (``K``)."""
        return self.kind is CellKind.CRANE and self.colour is None


COVERED = Cell(CellKind.COVERED)
VACATED = Cell(CellKind.VACATED)
TEMPLE = Cell(CellKind.TEMPLE)
SCORED_CRANE = Cell(CellKind.CRANE)


def gray(kind: GrayType) -> Cell:
    return Cell(CellKind.GRAY, gray=kind)


def structure(colour: Colour) -> Cell:
    return Cell(CellKind.STRUCTURE, colour=colour)


def crane(colour: Colour | None) -> Cell:
    """An uncovered crane: colour side up (not yet scored) or colourless (``None``)."""
    return Cell(CellKind.CRANE, colour=colour)



CORNERS: tuple[Square, ...] = (
    (0, 0),
    (BOARD_SIZE - 1, 0),
    (0, BOARD_SIZE - 1),
    (BOARD_SIZE - 1, BOARD_SIZE - 1),
)


def is_corner(square: Square) -> bool:
    return square in CORNERS


@dataclass(frozen=True, slots=True)
class Colonia:
    """Rows top to bottom, each a tuple of :class:`Cell` from column A to F."""

    rows: tuple[tuple[Cell, ...], ...]

    def __post_init__(self) -> None:
        if len(self.rows) != BOARD_SIZE or any(len(r) != BOARD_SIZE for r in self.rows):
            raise ValueError("a colonia has 6 rows of 6 spaces")

    def at(self, square: Square) -> Cell:
        col, row = square
        return self.rows[row][col]

    def on_board(self, square: Square) -> bool:
        col, row = square
        return 0 <= col < BOARD_SIZE and 0 <= row < BOARD_SIZE

    def squares(self) -> Iterator[tuple[Square, Cell]]:
        for row, cells in enumerate(self.rows):
            for col, cell in enumerate(cells):
                yield (col, row), cell

    def where(self, kind: CellKind) -> list[Square]:
        return [sq for sq, cell in self.squares() if cell.kind is kind]

    def structures_of(self, colour: Colour) -> list[Square]:
        return [
            sq
            for sq, cell in self.squares()
            if cell.kind is CellKind.STRUCTURE and cell.colour is colour
        ]

    def gray_in_row(self, row: int) -> list[GrayType]:
        """Gray buildings of a 1-based row, left to right (repeats kept)."""
        return [c.gray for c in self.rows[row - 1] if c.kind is CellKind.GRAY and c.gray]

    def count_gray(self, kind: GrayType) -> int:
        return sum(1 for _, c in self.squares() if c.kind is CellKind.GRAY and c.gray is kind)

    def uncovered_cranes(self) -> list[Square]:
        return self.where(CellKind.CRANE)

    def replace(self, square: Square, cell: Cell) -> Colonia:
        col, row = square
        rows = [list(r) for r in self.rows]
        rows[row][col] = cell
        return Colonia(tuple(tuple(r) for r in rows))


def name(square: Square) -> str:
    return square_name(*square)
