"""End-of-cycle scoring (rulebook pp. 27-28) and the triumphal column (p. 24).

Each function takes models and :class:`Rules` and returns line items that say how
their points came about, so that a report can explain every number.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): typing.NamedTuple
# compiles each string annotation, a start-up cost (see core/classic/models.py).

from typing import NamedTuple

from .colonia import Colonia, Square
from .forum import DIAGONAL, ORTHOGONAL, Forum, connected
from .readings import EagleEnvoy
from .ruleset import Rules
from .sheet import PlayerSheet
from .vocabulary import BOARD_SIZE, CellKind, Citizen, Colour, Cycle, GrayType

# --- Colonia scoring (p. 27) ---------------------------------------------------------


class RowScore(NamedTuple):
    row: int
    citizen: Citizen
    gray_types: tuple[GrayType, ...]  # distinct types, in the order first seen
    gray_buildings: int  # all gray buildings in the row, repeats included
    active_citizens: int
    multiplier: int
    points: int


class ColoniaScore(NamedTuple):
    rows: tuple[RowScore, ...]

    @property
    def total(self) -> int:
        return sum(r.points for r in self.rows)


def score_colonia(sheet: PlayerSheet, rules: Rules) -> ColoniaScore:
    """Each row: different gray types x (1 + active citizens in the row, at most 2)."""
    rows = []
    for row in range(1, BOARD_SIZE + 1):
        buildings = sheet.colonia.gray_in_row(row)
        types = tuple(dict.fromkeys(buildings))
        active = min(sheet.active_in_row(row), 2)
        multiplier = rules.row_multiplier[active]
        rows.append(
            RowScore(
                row=row,
                citizen=Citizen.of_row(row),
                gray_types=types,
                gray_buildings=len(buildings),
                active_citizens=active,
                multiplier=multiplier,
                points=min(len(types), rules.max_gray_types) * multiplier,
            )
        )
    return ColoniaScore(tuple(rows))


# --- Construction cranes (p. 27) -----------------------------------------------------


class CraneScore(NamedTuple):
    square: Square
    colour: Colour
    structures: tuple[Square, ...]
    points_each: int

    @property
    def points(self) -> int:
        return len(self.structures) * self.points_each


class CranesScore(NamedTuple):
    cycle: Cycle
    cranes: tuple[CraneScore, ...]

    @property
    def total(self) -> int:
        return sum(c.points for c in self.cranes)


def score_cranes(colonia: Colonia, cycle: Cycle, rules: Rules) -> CranesScore:
    """Every crane showing its colour scores each structure of that colour once."""
    each = rules.crane_points[cycle]
    cranes = tuple(
        CraneScore(sq, cell.colour, tuple(colonia.structures_of(cell.colour)), each)
        for sq, cell in colonia.squares()
        if cell.kind is CellKind.CRANE and cell.colour is not None
    )
    return CranesScore(cycle, cranes)


# --- Triumphal column and the end of a benefit track (p. 24) -------------------------


class ColumnScore(NamedTuple):
    cycle: Cycle
    fragment_value: int
    active_citizens: int

    @property
    def points(self) -> int:
        return self.fragment_value + self.active_citizens


def score_triumphal_column(cycle: Cycle, active_citizens: int, rules: Rules) -> ColumnScore:
    """The value on top of Trajan's column plus 1 per active citizen."""
    return ColumnScore(cycle, rules.column_values[cycle], active_citizens)


# --- Forum scoring (p. 27; readings in docs/readings.md) ---------------------------------


class EagleScore(NamedTuple):
    on: tuple[Square, ...]
    orthogonal: tuple[Square, ...]
    diagonal: tuple[Square, ...]  # only counted with Patrician I
    values: tuple[int, int, int]  # points for on, orthogonal, diagonal

    @property
    def points(self) -> int:
        counts = (len(self.on), len(self.orthogonal), len(self.diagonal))
        return sum(n * v for n, v in zip(counts, self.values, strict=True))


class ForumScore(NamedTuple):
    player: str  # mark
    eagles: EagleScore
    largest_area: tuple[Square, ...]
    area_points: int | None  # read off the slide bar; None when not given

    @property
    def total(self) -> int | None:
        if self.area_points is None:
            return None
        return self.eagles.points + self.area_points


def score_eagles(forum: Forum, mark: str, patrician_i: bool, rules: Rules) -> EagleScore:
    """Each envoy counts once: on an eagle, else beside one, else (Patrician I) diagonal to one.

    With the house rule ``eagle-envoy=add`` an envoy on an eagle space also scores as an
    envoy beside one when it borders another eagle space (it is then listed twice)."""
    on, orthogonal, diagonal = [], [], []
    add = rules.readings.eagle_envoy is EagleEnvoy.ADD

    def touches_eagle(sq: Square, steps) -> bool:
        return any(forum.cell(n).is_eagle for n in forum.neighbours(sq, steps))

    for sq in forum.envoys_of(mark):
        if forum.cell(sq).is_eagle:
            on.append(sq)
            if not add:
                continue
        if touches_eagle(sq, ORTHOGONAL):
            orthogonal.append(sq)
        elif patrician_i and touches_eagle(sq, DIAGONAL):
            diagonal.append(sq)
    return EagleScore(tuple(on), tuple(orthogonal), tuple(diagonal), rules.eagle_points)


def largest_envoy_area(forum: Forum, mark: str) -> tuple[Square, ...]:
    """The player's largest orthogonally connected group of envoys, eagle spaces included.

    One flood fill over the player's envoys, each visited once (issue 13: looking for the
    next unvisited envoy with min() made a forum of many small groups quadratic). Among
    groups of one size the one whose first envoy (column, then row) comes first wins.
    """
    envoys = sorted(forum.envoys_of(mark))  # (col, row): the order the tie-break uses
    mine = set(envoys)
    best: frozenset[Square] = frozenset()
    for start in envoys:
        if start not in mine:
            continue  # already in a group
        group = connected([start], lambda sq, mine=mine: (n for n in forum.neighbours(sq) if n in mine))
        mine -= group
        if len(group) > len(best):  # groups come by their smallest envoy: a tie keeps the first
            best = group
    return tuple(sorted(best, key=lambda sq: (sq[1], sq[0])))


def score_forum(
    forum: Forum,
    mark: str,
    rules: Rules,
    *,
    patrician_i: bool = False,
    area_points: int | None = None,
) -> ForumScore:
    return ForumScore(
        player=mark,
        eagles=score_eagles(forum, mark, patrician_i, rules),
        largest_area=largest_envoy_area(forum, mark),
        area_points=area_points,
    )
