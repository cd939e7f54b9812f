"""The forum square in Rome: mosaic squares, eagle spaces and the envoys on them."""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from .vocabulary import Colour, Square, square_name

ORTHOGONAL = ((1, 0), (-1, 0), (0, 1), (0, -1))
DIAGONAL = ((1, 1), (1, -1), (-1, 1), (-1, -1))


class ForumSquare(NamedTuple):
    """A mosaic square (``colour`` set) or an eagle space (``colour`` None)."""

    colour: Colour | None
    envoy: str | None = None  # the player mark, when occupied

    @property
    def is_eagle(self) -> bool:
        return self.colour is None


@dataclass(frozen=True)
class Forum:
    """``grid[row][col]`` is a square, or None where the arrangement has a gap."""

    grid: tuple[tuple[ForumSquare | None, ...], ...]
    players: Mapping[str, str] = field(default_factory=dict)  # mark -> name

    def __post_init__(self) -> None:
        object.__setattr__(self, "players", MappingProxyType(dict(self.players)))

    @property
    def width(self) -> int:
        return max((len(r) for r in self.grid), default=0)

    @property
    def height(self) -> int:
        return len(self.grid)

    def at(self, square: Square) -> ForumSquare | None:
        col, row = square
        if 0 <= row < len(self.grid) and 0 <= col < len(self.grid[row]):
            return self.grid[row][col]
        return None

    def cell(self, square: Square) -> ForumSquare:
        """What stands on ``square``, a square the forum has (one that :meth:`squares` or
        :meth:`neighbours` gave, or of a colour area); ValueError for a gap or off the forum."""
        cell = self.at(square)
        if cell is None:
            raise ValueError(f"{square_name(*square)} is not a square of the forum")
        return cell

    def squares(self) -> Iterator[tuple[Square, ForumSquare]]:
        for row, cells in enumerate(self.grid):
            for col, cell in enumerate(cells):
                if cell is not None:
                    yield (col, row), cell

    def neighbours(self, square: Square, steps: Iterable[tuple[int, int]] = ORTHOGONAL):
        col, row = square
        for dc, dr in steps:
            other = (col + dc, row + dr)
            if self.at(other) is not None:
                yield other

    def mark_of(self, player: str) -> str | None:
        """The mark that stands for ``player`` (by name), or None."""
        return next((m for m, name in self.players.items() if name == player), None)

    def with_mark_for(self, player: str) -> tuple[Forum, str]:
        """This forum and ``player``'s mark in it: a player with no mark yet is given one."""
        mark = self.mark_of(player)
        if mark is not None:
            return self, mark
        mark = new_mark(self, player)
        return Forum(self.grid, {**self.players, mark: player}), mark

    def envoys_of(self, mark: str) -> list[Square]:
        return [sq for sq, cell in self.squares() if cell.envoy == mark]

    def colour_area(self, square: Square) -> frozenset[Square]:
        """Every square of the same colour connected orthogonally to ``square`` (p. 25)."""
        start = self.at(square)
        if start is None or start.colour is None:
            return frozenset()
        return connected(
            [square],
            lambda sq: (n for n in self.neighbours(sq) if self.cell(n).colour is start.colour),
        )

    def colour_areas(self, colour: Colour) -> list[frozenset[Square]]:
        seen: set[Square] = set()
        areas = []
        for sq, cell in self.squares():
            if cell.colour is colour and sq not in seen:
                area = self.colour_area(sq)
                seen |= area
                areas.append(area)
        return areas

    def resolve_player(self, who: str) -> str | None:
        """The mark for a player given by mark or by name (case-insensitive)."""
        wanted = who.strip().casefold()
        for mark, name in self.players.items():
            if wanted in (mark.casefold(), name.casefold()):
                return mark
        return None


def connected(start: Iterable[Square], step) -> frozenset[Square]:
    """Flood fill from ``start`` following ``step(square) -> neighbours``."""
    todo = list(start)
    seen = set(todo)
    while todo:
        for nxt in step(todo.pop()):
            if nxt not in seen:
                seen.add(nxt)
                todo.append(nxt)
    return frozenset(seen)


def name(square: Square) -> str:
    return square_name(*square)


def new_mark(forum: Forum, player: str) -> str:
    """A mark for a player the forum does not know yet: the name without spaces, made
    unique and never a square's word (a player called Blue is not a blue square)."""
    from .vocabulary import COLOUR_LETTERS, COLOUR_NAMES

    base = "".join(ch for ch in player if not ch.isspace() and ch != ":") or "P"
    taken = {m.casefold() for m in forum.players} | set(COLOUR_LETTERS) | set(COLOUR_NAMES) | {
        "e", "eagle", "-"}
    mark, n = base, 2
    while mark.casefold() in taken:
        mark, n = f"{base}{n}", n + 1
    return mark
