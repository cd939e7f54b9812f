"""A building tile as a value (pp. 22-23): a single tile (one part) or a double tile (two
parts, in the order of their spaces), read from the words players type (``lib``, ``g``,
``col+g``, ``g+g``). Kept apart from the referee, so that reading a record's build lines
loads nothing of the judging."""

# Annotations are evaluated here (no `from __future__ import annotations`): typing.NamedTuple
# compiles each string annotation, a start-up cost.

from enum import StrEnum
from typing import NamedTuple

from .colonia import Cell, gray, structure
from .vocabulary import COLOUR_LETTERS, COLOUR_NAMES, CellKind, GrayType

#: Words for one part of a tile, lower case: the colonia grid's tokens and long names.
PART_WORDS: dict[str, Cell] = {}
for _g in GrayType:
    PART_WORDS[_g.token] = PART_WORDS[_g.value] = gray(_g)
PART_WORDS["triumphal-column"] = gray(GrayType.COLUMN)
for _w, _c in (COLOUR_LETTERS | COLOUR_NAMES).items():  # r, red: orange's old name
    PART_WORDS[_w] = structure(_c)


class TileProblem(StrEnum):
    EMPTY_PART = "empty_part"  # 'g+' or '+g'
    UNKNOWN_PART = "unknown_part"
    TOO_MANY_PARTS = "too_many_parts"
    TWO_GRAY = "two_gray"  # no double tile shows two gray buildings (p. 23)
    TWO_COLOURS = "two_colours"  # nor two structures of different colours (p. 23)


class TileError(ValueError):
    """A TILE that names no real building tile; ``token`` is the offending word."""

    def __init__(self, token: str, problem: TileProblem):
        super().__init__(f"{token!r}: {problem.value}")
        self.token = token
        self.problem = problem


# The records are NamedTuples rather than frozen dataclasses: on Python 3.11 each dataclass
# costs about 0.6 ms more to create at import, and every referee command imports this module.
class Tile(NamedTuple):
    """A single tile (one part) or a double tile (two parts, in the order of the spaces)."""

    parts: tuple[Cell, ...]

    @property
    def is_double(self) -> bool:
        return len(self.parts) == 2

    @property
    def token(self) -> str:
        return "+".join(_part_token(p) for p in self.parts)


def _part_token(part: Cell) -> str:
    """A part's token on the colonia grid: a gray building's, or its colour's letter."""
    if part.kind is CellKind.GRAY:
        assert part.gray is not None  # gray() names the type of every gray part
        return part.gray.token
    assert part.colour is not None  # the other parts are structure()s, each of a colour
    return part.colour.letter


def parse_tile(text: str) -> Tile:
    """``lib``, ``g``, ``col+g``, ``g+g`` (long names too) -> Tile; raises :class:`TileError`."""
    words = text.strip().lower().split("+")
    if len(words) > 2:
        raise TileError(text, TileProblem.TOO_MANY_PARTS)
    parts = []
    for word in words:
        word = word.strip()
        if not word:
            raise TileError(text, TileProblem.EMPTY_PART)
        if word not in PART_WORDS:
            raise TileError(word, TileProblem.UNKNOWN_PART)
        parts.append(PART_WORDS[word])
    if len(parts) == 2:
        kinds = {p.kind for p in parts}
        if kinds == {CellKind.GRAY}:
            raise TileError(text, TileProblem.TWO_GRAY)
        if kinds == {CellKind.STRUCTURE} and parts[0].colour is not parts[1].colour:
            raise TileError(text, TileProblem.TWO_COLOURS)
    return Tile(tuple(parts))
