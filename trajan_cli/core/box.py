"""The box: what a group's own copy of the game prints and the rulebook text does not.

The rulebook fixes the rules; the components fix a few values it never writes down: where
the four temples lie on each side of a player board (side A is the same on every board,
each side B is its own, p. 18), the squares and eagle spaces of each face of the five
mosaic boards (p. 18), and the prestige track with its slide bar (the values printed
along the track, the cypresses, and on both sides of the bar the area sizes and the
Trajan head, pp. 21, 26, 27-28). The tool never invents them: a group types them once,
and the box keeps them.

Everything here is pure: values and the arithmetic on them. The group's box file lives in
games/box_file.py; a game copies the facts it uses into its record (``box ...`` lines),
so a record replays the same on any machine, whatever box it finds there.

How the slide bar is read (pp. 27-28):

- the track is a row of spaces, each with two printed values: the points printed below
  the bar (what an area scores) and the Trajan value printed above it (3, 5 or 7);
- a side of the bar is a row of slots as wide as the spaces it covers: some slots show an
  area size (1, 2, ...), one slot shows the Trajan head;
- the bar stands at a *position*: how many spaces it has moved right from its start at
  the left end (p. 19). A slot ``s`` lies over the space ``position + s``;
- an area of ``n`` envoys scores the points printed below the slot showing ``n`` (the last
  size may read "N or more"); a Trajan task scores the value above the head's slot.

How the bar moves: each upgrade moves it one space right (p. 21); with Merchant I active
and the bar turned over, an upgrade moves it on to the next cypress instead (p. 26). It
never moves past the track's end.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import NamedTuple

from .forum import Forum, ForumSquare
from .game import N_, Message, Plural
from .vocabulary import BOARD_SIZE, TEMPLE_COUNT, Colour, Square, square_name

#: Side A of the player boards: the same on all four boards (p. 18).
SIDE_A = "A"


class ColoniaSide(NamedTuple):
    """One side of a player board, as far as the rulebook does not fix it: where its four
    temples lie. ``name`` is ``A`` for the front (the same on every board) or the group's
    name for one board's back (``B1``, ``B-red``, ...)."""

    name: str
    temples: frozenset[Square]


class MosaicFace(NamedTuple):
    """One face of a mosaic board: its squares (colour, or None for an eagle space) and
    its gaps (None in the grid), top row first. No envoys: a face is a component."""

    name: str
    grid: tuple[tuple[ForumSquare | None, ...], ...]

    @property
    def width(self) -> int:
        return max((len(row) for row in self.grid), default=0)

    @property
    def height(self) -> int:
        return len(self.grid)


class Placement(NamedTuple):
    """A face laid on the forum: its top left square at ``at`` (forum square), turned
    half round when ``turned`` (the board laid the other way up)."""

    face: str
    at: Square
    turned: bool = False


class PrestigeTrack(NamedTuple):
    """The prestige track: per space, left to right, the points printed below the bar and
    the Trajan value printed above it; and the positions of the bar that stand on a
    cypress (p. 26)."""

    points: tuple[int, ...]
    trajan: tuple[int, ...]
    cypresses: frozenset[int] = frozenset()

    @property
    def length(self) -> int:
        return len(self.points)


class BarSide(NamedTuple):
    """One side of the slide bar: per slot, left to right, the area size printed there
    (None for none); the slot of the Trajan head; and whether the last size means "that
    many or more"."""

    sizes: tuple[int | None, ...]
    head: int
    open_ended: bool = False

    @property
    def width(self) -> int:
        return len(self.sizes)

    def slot_of(self, size: int) -> int | None:
        """The slot showing ``size`` envoys, None when the side shows no such size."""
        if size in self.sizes:
            return self.sizes.index(size)
        shown = [s for s in self.sizes if s is not None]
        if self.open_ended and shown and size > shown[-1]:
            return self.sizes.index(shown[-1])
        return None


class BarFace(StrEnum):
    """The side of the slide bar facing up: the basic side at set-up (p. 19), turned over
    for good when Merchant I is activated (p. 26)."""

    BASIC = "basic"
    TURNED = "turned"


@dataclass(frozen=True)
class Box:
    """What a group knows of its copy: any part may still be unknown (empty, None)."""

    sides: Mapping[str, ColoniaSide] = field(default_factory=dict)
    faces: Mapping[str, MosaicFace] = field(default_factory=dict)
    track: PrestigeTrack | None = None
    bar: Mapping[BarFace, BarSide] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "sides", MappingProxyType(dict(self.sides)))
        object.__setattr__(self, "faces", MappingProxyType(dict(self.faces)))
        object.__setattr__(self, "bar", MappingProxyType(dict(self.bar)))

    def side(self, name: str) -> ColoniaSide | None:
        return _named(self.sides, name)

    def face(self, name: str) -> MosaicFace | None:
        return _named(self.faces, name)

    def with_side(self, side: ColoniaSide) -> Box:
        return Box({**_without(self.sides, side.name), side.name: side}, self.faces, self.track, self.bar)

    def with_face(self, face: MosaicFace) -> Box:
        return Box(self.sides, {**_without(self.faces, face.name), face.name: face}, self.track, self.bar)

    def with_track(self, track: PrestigeTrack) -> Box:
        return Box(self.sides, self.faces, track, self.bar)

    def with_bar(self, face: BarFace, side: BarSide) -> Box:
        return Box(self.sides, self.faces, self.track, {**self.bar, face: side})

    def knows_bar(self, face: BarFace) -> bool:
        return self.track is not None and face in self.bar

    def merged(self, other: Box) -> Box:
        """This box with everything ``other`` knows added (``other`` wins where both know)."""
        box = self
        for side in other.sides.values():
            box = box.with_side(side)
        for face in other.faces.values():
            box = box.with_face(face)
        if other.track is not None:
            box = box.with_track(other.track)
        for which, bar in other.bar.items():
            box = box.with_bar(which, bar)
        return box


@dataclass(frozen=True)
class GroupBox:
    """The group's box file as values: the copy's facts, and the group's habits at set-up,
    so that "as last time" is one key: the crane colours each player (by name) laid in the
    corners last time, and the faces laid last time for each number of players."""

    box: Box = field(default_factory=Box)
    cranes: Mapping[str, tuple[tuple[Square, Colour], ...]] = field(default_factory=dict)
    forums: Mapping[int, tuple[Placement, ...]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "cranes", MappingProxyType(dict(self.cranes)))
        object.__setattr__(self, "forums", MappingProxyType(dict(self.forums)))


def _named(items: Mapping, name: str):
    """Names are the group's: found in any case."""
    key = name.casefold()
    return next((item for n, item in items.items() if n.casefold() == key), None)


def _without(items: Mapping, name: str) -> dict:
    key = name.casefold()
    return {n: item for n, item in items.items() if n.casefold() != key}


# --- The slide bar ---------------------------------------------------------------------------


def last_position(track: PrestigeTrack, bar: BarSide) -> int:
    """The farthest the bar can move: its last slot over the track's last space."""
    return max(track.length - bar.width, 0)


def bar_position(upgrades: int, to_cypress: Iterable[int], track: PrestigeTrack, bar: BarSide) -> int:
    """Where the bar stands after ``upgrades`` upgrades from its start (position 0, p. 19):
    each moves it one space right (p. 21), those numbered in ``to_cypress`` (1 for the
    first upgrade) on to the next cypress (p. 26: Merchant I active, the bar turned; a bar
    past the last cypress moves one space); never past the track's end."""
    jumps = set(to_cypress)
    end = last_position(track, bar)
    position = 0
    for number in range(1, upgrades + 1):
        ahead = [c for c in track.cypresses if c > position] if number in jumps else []
        position = min(min(ahead) if ahead else position + 1, end)
    return position


def area_points(track: PrestigeTrack, bar: BarSide, position: int, size: int) -> int | None:
    """The points a largest area of ``size`` envoys scores with the bar at ``position``
    (p. 27: the value printed below the bar's number ``size``); 0 for no envoy; None when
    the bar shows no such number or it stands off the track (the box is wrong or
    incomplete: the players read it themselves)."""
    if size <= 0:
        return 0
    slot = bar.slot_of(size)
    if slot is None or not 0 <= position + slot < track.length:
        return None
    return track.points[position + slot]


def trajan_value(track: PrestigeTrack, bar: BarSide, position: int) -> int | None:
    """The points one fulfilled Trajan task scores with the bar at ``position`` (p. 28: the
    value printed above the Trajan head); None when the head stands off the track."""
    space = position + bar.head
    return track.trajan[space] if 0 <= space < track.length else None


# --- Laying the forum -------------------------------------------------------------------------


def turned_face(face: MosaicFace) -> tuple[tuple[ForumSquare | None, ...], ...]:
    """The face's grid laid the other way up (turned half round)."""
    width = face.width
    rows = [tuple(row) + (None,) * (width - len(row)) for row in face.grid]
    return tuple(tuple(reversed(row)) for row in reversed(rows))


def lay_forum(box: Box, placements: Iterable[Placement]) -> tuple[Forum | None, list[Message | Plural]]:
    """The forum the faces make, laid as ``placements`` say, and every problem: an
    unknown face, a face laid twice, faces that overlap. Squares no face covers are gaps."""
    problems: list[Message | Plural] = []
    cells: dict[Square, ForumSquare] = {}
    used: set[str] = set()
    for placement in placements:
        face = box.face(placement.face)
        if face is None:
            problems.append(Message(N_("the box knows no face {face}"), {"face": placement.face}))
            continue
        if face.name.casefold() in used:
            problems.append(Message(N_("face {face} is laid twice"), {"face": face.name}))
            continue
        used.add(face.name.casefold())
        grid = turned_face(face) if placement.turned else face.grid
        col0, row0 = placement.at
        for dr, row in enumerate(grid):
            for dc, square in enumerate(row):
                if square is None:
                    continue
                where = (col0 + dc, row0 + dr)
                if where in cells:
                    problems.append(Message(N_("face {face} covers {square}, which another face covers"),
                                            {"face": face.name, "square": square_name(*where)}))
                    continue
                cells[where] = square
    if problems or not cells:
        return None, problems or [Message(N_("no face is laid"))]
    width = max(c for c, _ in cells) + 1
    height = max(r for _, r in cells) + 1
    grid = tuple(tuple(cells.get((c, r)) for c in range(width)) for r in range(height))
    return Forum(grid), []


# --- What a box may hold ----------------------------------------------------------------------

CORNER_SQUARES = frozenset({(0, 0), (BOARD_SIZE - 1, 0), (0, BOARD_SIZE - 1), (BOARD_SIZE - 1, BOARD_SIZE - 1)})


def side_problems(side: ColoniaSide) -> list[Message | Plural]:
    """Four temples, on the colonia, none on a corner (the cranes' spaces, p. 19)."""
    found: list[Message | Plural] = []
    if len(side.temples) != TEMPLE_COUNT:
        found.append(Plural("a side shows {n} temple, not {count}", "a side shows {n} temples, not {count}",
                            len(side.temples), {"count": TEMPLE_COUNT}))
    for col, row in sorted(side.temples):
        if not (0 <= col < BOARD_SIZE and 0 <= row < BOARD_SIZE):
            found.append(Message(N_("{square} is off the colonia"), {"square": square_name(col, row)}))
        elif (col, row) in CORNER_SQUARES:
            found.append(Message(N_("{square} is a corner, where a crane lies, not a temple"),
                                 {"square": square_name(col, row)}))
    return found


def face_problems(face: MosaicFace) -> list[Message | Plural]:
    """A face has squares and no envoys."""
    found: list[Message | Plural] = []
    if not any(square is not None for row in face.grid for square in row):
        found.append(Message(N_("a face has at least one square")))
    if any(square is not None and square.envoy is not None for row in face.grid for square in row):
        found.append(Message(N_("a face of a mosaic board holds no envoys")))
    return found


def track_problems(track: PrestigeTrack, trajan_values: Iterable[int]) -> list[Message | Plural]:
    """Both rows as long as the track; Trajan values among those the rules know (p. 28);
    cypresses on the track."""
    found: list[Message | Plural] = []
    allowed = sorted(set(trajan_values))
    if not track.points:
        found.append(Message(N_("the track has at least one space")))
    if len(track.trajan) != len(track.points):
        found.append(Message(N_("the track has {points} point values but {trajan} Trajan values"),
                             {"points": len(track.points), "trajan": len(track.trajan)}))
    found += [Message(N_("a Trajan value is one of {values}, not {value}"),
                      {"values": ", ".join(map(str, allowed)), "value": v})
              for v in sorted(set(track.trajan) - set(allowed))]
    found += [Message(N_("cypress {position} is off the track"), {"position": c})
              for c in sorted(track.cypresses) if not 0 < c < len(track.points)]
    return found


def bar_problems(bar: BarSide) -> list[Message | Plural]:
    """Sizes counted from 1 without repeats; the head on the bar."""
    found: list[Message | Plural] = []
    shown = [s for s in bar.sizes if s is not None]
    if not shown:
        found.append(Message(N_("a side of the bar shows at least one area size")))
    if any(s < 1 for s in shown):
        found.append(Message(N_("area sizes count envoys from 1")))
    if len(set(shown)) != len(shown):
        found.append(Message(N_("an area size is shown twice on one side of the bar")))
    if not 0 <= bar.head < max(bar.width, 1):
        found.append(Plural("the Trajan head lies on the bar's {n} slot",
                            "the Trajan head lies on one of the bar's {n} slots", bar.width))
    return found
