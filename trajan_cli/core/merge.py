"""Edits of a board merged with what another window recorded on it meanwhile.

The board editor opens on the board as recorded (the *base*). While it is open, another
process may record on the same board (a build: a space built, the payment gone, a track
step, an envoy in the forum). When the editor saves, its board (*mine*) is merged with
the board as recorded now (*theirs*), value by value: what only one side changed is
taken from that side, what both changed alike is kept, and what both changed
differently is a :class:`Conflict`, where the merged board keeps the edit (so the editor
still shows it) and the editor says what was recorded instead.
"""

from __future__ import annotations

from dataclasses import fields, replace
from typing import Any, NamedTuple

from .colonia import Colonia, Square
from .forum import Forum, ForumSquare
from .sheet import PlayerSheet, Supply
from .vocabulary import BOARD_SIZE, Colour

SUPPLY_COUNTS = ("coins", "tribunes", "builders", "assistants", "ship")


class Conflict(NamedTuple):
    """One value both sides changed differently: what it is (a colonia space, a citizen
    row, a supply count or worker colour, a crane colour, a forum square), and
    its value in the edit and as recorded now."""

    kind: str  # "cell" | "citizens" | "supply" | "workers" | "crane" | "square", or another field
    key: Any  # Square | row | count name | Colour (None for another field)
    mine: Any
    theirs: Any


def _pick(base, mine, theirs, kind: str, key, conflicts: list[Conflict]):
    if mine == base or mine == theirs:
        return theirs
    if theirs == base:
        return mine
    conflicts.append(Conflict(kind, key, mine, theirs))
    return mine


def merge_sheets(base: PlayerSheet, mine: PlayerSheet, theirs: PlayerSheet) -> tuple[PlayerSheet, list[Conflict]]:
    """``mine`` (an edit of ``base``) merged with ``theirs`` (``base`` as recorded since)."""
    conflicts: list[Conflict] = []
    rows = tuple(
        tuple(_pick(base.colonia.at((col, row)), mine.colonia.at((col, row)), theirs.colonia.at((col, row)),
                    "cell", (col, row), conflicts) for col in range(BOARD_SIZE))
        for row in range(BOARD_SIZE))
    citizens = {}
    for row in sorted({*base.citizens, *mine.citizens, *theirs.citizens}):
        states = _pick(base.citizens.get(row, ()), mine.citizens.get(row, ()), theirs.citizens.get(row, ()),
                       "citizens", row, conflicts)
        if states:
            citizens[row] = states
    counts = {name: _pick(getattr(base.supply, name), getattr(mine.supply, name), getattr(theirs.supply, name),
                          "supply", name, conflicts) for name in SUPPLY_COUNTS}
    workers = {c: _pick(base.supply.workers[c], mine.supply.workers[c], theirs.supply.workers[c],
                        "workers", c, conflicts) for c in Colour}
    cranes: dict[Square, Colour] = {}
    for square in sorted({*base.crane_colours, *mine.crane_colours, *theirs.crane_colours}):
        colour = _pick(base.crane_colours.get(square), mine.crane_colours.get(square),
                       theirs.crane_colours.get(square), "crane", square, conflicts)
        if colour is not None:
            cranes[square] = colour
    merged: dict[str, Any]  # a value for fields of PlayerSheet, each of its own type
    merged = {"colonia": Colonia(rows), "citizens": citizens, "supply": Supply(workers=workers, **counts),
              "crane_colours": cranes}
    for other in fields(PlayerSheet):  # anything else a board holds, as one value
        if other.name not in merged and other.name != "name":
            merged[other.name] = _pick(getattr(base, other.name), getattr(mine, other.name),
                                       getattr(theirs, other.name), other.name, None, conflicts)
    return replace(theirs, **merged), conflicts


def merge_forums(base: Forum | None, mine: Forum, theirs: Forum) -> tuple[Forum, list[Conflict]]:
    """The forum ``mine`` (an edit of ``base``, None at set-up) merged with ``theirs``.

    Envoys are compared by the name of their player (the marks of the two sides may differ
    for a player who had none yet); the marks are those recorded now, with a new one for a
    player only the edit placed an envoy for. A layout laid out on both sides differently
    is one conflict: the forum keeps the edit's."""
    if base is None or _layout(mine) != _layout(theirs):
        if _layout(mine) == _layout(theirs) and base is None:
            base = Forum(tuple(tuple(None if s is None else ForumSquare(s.colour, None) for s in row)
                               for row in theirs.grid), {})
        else:
            return mine, [] if mine == theirs else [Conflict("square", None, mine, theirs)]
    conflicts: list[Conflict] = []
    owners: dict[Square, str | None] = {}
    for row, squares in enumerate(theirs.grid):
        for col, _square in enumerate(squares):
            at = (col, row)
            owners[at] = _pick(_owner(base, at), _owner(mine, at), _owner(theirs, at), "square", at, conflicts)
    marks = dict(theirs.players)
    forum = Forum(theirs.grid, marks)
    mark_of: dict[str | None, str] = {}  # looked up with None too: a square nobody holds
    for name in {n for n in owners.values() if n is not None}:
        forum, mark_of[name] = forum.with_mark_for(name)
    grid = tuple(tuple(None if s is None else ForumSquare(s.colour, mark_of.get(owners[(col, row)]))
                       for col, s in enumerate(squares)) for row, squares in enumerate(theirs.grid))
    return Forum(grid, forum.players), conflicts


def _layout(forum: Forum) -> tuple:
    return tuple(tuple(None if s is None else s.colour for s in row) for row in forum.grid)


def _owner(forum: Forum, square: Square) -> str | None:
    here = forum.at(square)
    if here is None or here.envoy is None:
        return None
    return forum.players.get(here.envoy, here.envoy)
