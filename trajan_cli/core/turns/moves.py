"""What one line of the game record stands for: values, parsed from text by
``parsing/notation.py`` and written back by it, applied by :mod:`.referee`.

A turn (p. 20) is what one player does when it is their turn: the tiles they took this
round, the tile (or tiles) they use, at most one building action (two after a fourth
basilica), the exchanges made outside a build's payment (p. 28), and nothing else. Squares are
zero-based (col, row) as everywhere in the core.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): typing.NamedTuple
# compiles each string annotation, a start-up cost (see core/classic/models.py).

from enum import StrEnum
from typing import Any, NamedTuple

from ..game import Answer
from ..vocabulary import Colour, Cycle, Resource, Square


class Axis(StrEnum):
    ROW = "row"  # a street card naming a row, 1-6
    COLUMN = "column"  # ... or a column, A-F


class Street(NamedTuple):
    """One street of the colonia named by a street card: a row or a column (p. 20)."""

    axis: Axis
    index: int  # type: ignore[assignment]  # 0-5: row 1-6 or column A-F (hides tuple.index)

    def holds(self, square: Square) -> bool:
        return square[1 if self.axis is Axis.ROW else 0] == self.index

    @property
    def token(self) -> str:
        """As the street card is written: a row ``1``-``6`` or a column ``A``-``F``."""
        return str(self.index + 1) if self.axis is Axis.ROW else "ABCDEF"[self.index]

    @classmethod
    def from_token(cls, token: str) -> "Street | None":
        """The street a card written ``token`` names (``3``, ``C``, any case); None if none."""
        text = token.strip().upper()
        if len(text) == 1 and text in "123456":
            return cls(Axis.ROW, int(text) - 1)
        if len(text) == 1 and text in "ABCDEF":
            return cls(Axis.COLUMN, "ABCDEF".index(text))
        return None

    def squares(self, size: int = 6) -> tuple[Square, ...]:
        if self.axis is Axis.ROW:
            return tuple((col, self.index) for col in range(size))
        return tuple((self.index, row) for row in range(size))


class RoundStart(NamedTuple):
    """``round II.3: streets 5 F``: the round begins; its street cards when known."""

    cycle: Cycle
    number: int  # 1-4
    streets: tuple[Street, ...] | None = None


#: What the notation names beside the supply's resources (core.vocabulary.Resource, whose
#: values are its words): ``upgrade`` (the slide bar) and ``vp`` (victory points, an area
#: bonus). The words below are those resources' values, and these two.
COIN, TRIBUNE, BUILDER, ASSISTANT = Resource.COIN, Resource.TRIBUNE, Resource.BUILDER, Resource.ASSISTANT
UPGRADE, VP = "upgrade", "vp"
#: The area bonuses (p. 25) as the notation writes them; rules_data calls ``vp`` "points".
AREA_BONUSES = (TRIBUNE, ASSISTANT, COIN, UPGRADE, VP)


def worker(colour: Colour) -> Resource:
    return Resource.worker(colour)


#: (what, count), count > 0, in the order written: a Resource, or ``upgrade``/``vp``.
Resources = tuple[tuple[str, int], ...]


class Envoy(NamedTuple):
    """Where an envoy goes: a forum square, or nowhere (``-`` / ``none``: an envoy is
    optional, p. 25)."""

    square: Square | None


class Gain(NamedTuple):
    """What a used Colonia tile shows (p. 21): resources, or a citizen placed in ``row``.

    A second citizen in a row gives its one-time bonus (p. 26): ``bonus`` names what it
    gives where there is a choice (row 2 an area bonus, row 3 coin or tribune, row 4 coin or
    assistant, row 5 a worker of a colour; row 6 a builder), ``envoy`` row 1's envoy and
    ``bonus`` then the area bonus when that envoy completes a colour area.
    """

    resources: Resources = ()
    citizen: int | None = None  # row 1-6
    bonus: tuple[str, ...] = ()
    envoy: Envoy | None = None  # None: not said


class UseKind(StrEnum):
    OWN = "own"  # the tile the player kept this round
    RECEIVED = "received"  # the tile passed by the left-hand neighbour
    BOTH = "both"  # both, for 2 tribunes owned before the turn (p. 21)


class Use(NamedTuple):
    kind: UseKind
    gains: tuple[Gain, ...]  # one; two for ``both``, the own tile's first


class TakenTile(NamedTuple):
    """The fourth library or market space: a Colonia tile taken and used at once (p. 24)."""

    square: Square
    gain: Gain


class Build(NamedTuple):
    """A building action (pp. 22-25): the tile on its spaces and every choice it leaves.

    ``None`` means "not said": the referee fills in what the rules leave no choice about
    (the only payment, the benefit reached) and refuses what needs a word from the player.
    """

    tile: str  # a tile token: lib, g, col+g, g+g ... (core.referee.build.parse_tile)
    squares: tuple[Square, ...]
    pay: Resources | None = None  # what leaves the supply, after this turn's exchanges
    take: int | None = None  # the benefit-track space used; 0: none
    worker: Colour | None = None  # the first library's worker
    envoys: tuple[Envoy, ...] | None = None  # in the order the tile's parts send them
    bonus: tuple[str, ...] | None = None  # area bonuses, in the order they are earned
    tile_taken: TakenTile | None = None


class Exchange(NamedTuple):
    """``exchange 2 worker:o for builder``: an exchange made in the building phase outside a
    build's payment, e.g. to hold a Trajan card's resources at the scoring (p. 28: on one's
    turn, never during the scoring). What the rules allow: two workers of one colour for a
    builder, an assistant and a worker for a worker of another colour (p. 21), and the
    active citizens' exchanges (p. 26), each within its limit per turn together with the
    exchanges inside the turn's payments."""

    give: Resources
    get: Resources
    after: int = 0  # the build parts before it in the turn (it comes after ``use``)


class Turn(NamedTuple):
    """``Ann: take C3 D3; use own: 2 coin; build mkt C1 pay builder``."""

    player: str  # as written; the referee resolves it among the game's players
    take: tuple[Square, ...] = ()
    use: Use | None = None
    builds: tuple[Build, ...] = ()
    passed: bool = False
    #: In the order made; each after as many of ``builds`` as its ``after`` says.
    exchanges: tuple[Exchange, ...] = ()


class BoardLine(NamedTuple):
    """``board Ann: ...``: a player's board as recorded (the set-up, or an import)."""

    player: str
    sheet: Any  # a core.sheet.PlayerSheet


class ForumLine(NamedTuple):
    """``forum: players ...; grid ...``: the forum as recorded."""

    forum: Any  # a core.forum.Forum


class BuildLine(NamedTuple):
    """``build Ann: lib C1 pay builder``: a build recorded outside a turn (`trajan build`)."""

    player: str
    build: Build


class BoxLine(NamedTuple):
    """``box side A: temples B2 E3 C5 D4`` (and ``box face``, ``box track``, ``box bar``): a
    fact of the group's copy that this game uses, copied into its record so that the record
    replays the same on any machine (a ``core.box.Box`` holding that one fact)."""

    box: Any  # a core.box.Box


class PlayerSetUp(NamedTuple):
    """``set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 3; worker o``: what chance
    or choice decided for one player at set-up (p. 19); the rest the rulebook fixes."""

    player: str
    side: str  # a board side known to the record's box (``A``, or a side B's name)
    cranes: tuple[tuple[Square, Colour], ...]  # the four corners, each with its crane's colour
    citizen: int  # the row (1-6) whose left space holds the citizen drawn
    worker: Colour  # the worker dealt


class ForumSetUp(NamedTuple):
    """``set-up forum: 1a A1; 2a D1; 3b A3 turned``: the mosaic faces laid (p. 18)."""

    placements: tuple[Any, ...]  # core.box.Placement values


#: A line of the record. An answer of a scoring phase is a ``core.game.Answer``
#: (``score I Ann: pay.rows = [2, 5]``), as is a record kept as earlier versions saved it.
Line = RoundStart | Turn | BoardLine | ForumLine | BuildLine | BoxLine | PlayerSetUp | ForumSetUp | Answer
