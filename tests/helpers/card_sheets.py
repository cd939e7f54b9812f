"""Helpers for the Trajan card tests: sheets from a grid text, cell names."""

from __future__ import annotations

from trajan_cli.core.colonia import gray
from trajan_cli.core.sheet import PlayerSheet, Supply
from trajan_cli.core.vocabulary import CellKind, CitizenState, Colour, GrayType, Track, parse_square_name
from trajan_cli.parsing.errors import ProblemList
from trajan_cli.parsing.grid import parse_colonia

EMPTY = """
?  .  .  .  .  ?
.  T  .  .  T  .
.  .  .  .  .  .
.  .  .  .  .  .
.  T  .  .  T  .
?  .  .  .  .  ?
"""


def colonia(grid: str):
    problems = ProblemList("test grid")
    parsed = parse_colonia(grid, problems)
    problems.raise_if_any()
    return parsed


def sheet(grid: str = EMPTY, *, citizens=None, tracks=None, workers=None, **supply) -> PlayerSheet:
    """A sheet from a grid; ``citizens`` maps a row to 'a'/'i' letters ('aa', 'ai', ...).

    ``tracks`` (track -> space) builds that many libraries, basilicas or markets on the
    first vacated spaces, row by row: the buildings place the markers (p. 24).
    """
    states = {"a": CitizenState.ACTIVE, "i": CitizenState.INACTIVE}
    built = colonia(grid)
    for track, count in (tracks or {}).items():
        part = gray(GrayType(Track(track).value))
        free = [sq for sq, cell in built.squares() if cell.kind is CellKind.VACATED]
        for square in free[:count]:
            built = built.replace(square, part)
    return PlayerSheet(
        name="Test",
        colonia=built,
        citizens={row: tuple(states[ch] for ch in text) for row, text in (citizens or {}).items()},
        supply=Supply(workers={Colour(k): v for k, v in (workers or {}).items()}, **supply),
    )


def cells(*names: str) -> tuple:
    return tuple(parse_square_name(n) for n in names)
