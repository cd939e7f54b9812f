"""The slide bar at a scoring (pp. 27-28): the values the game's box reads off it, and the
values players read themselves where the box cannot.

In a cycle kept by turns the game knows each player's bar: how many upgrades moved it,
which went on to a cypress, which side faces up (``Prestige``). When the record's ``box``
lines know the prestige track and that side of the bar, the scoring phase reads the area
points and the Trajan value itself (core.box) and asks nothing; what it cannot read is
asked, and what a player reads then is a fact about the copy (:class:`BarFact`) that the
group's box may keep.
"""

from __future__ import annotations

from typing import NamedTuple

from ..box import BarFace, area_points, bar_position, trajan_value
from ..game import N_, Message, Plural
from ..sheet import Prestige
from ..vocabulary import Cycle

#: The questions that read a value off the slide bar.
AREA_POINTS, TRAJAN_VALUE = "forum.area_points", "trajan.value"


class BarReading(NamedTuple):
    """A value the box reads off a player's bar, and where it comes from (``source``: the
    bar's position and side, and what lies where, as the scoring line shows it)."""

    value: int
    source: Message


class BarFact(NamedTuple):
    """A value a player read off their own bar that the game's box could not give: the bar
    as the game knows it (side up, upgrades, cypress upgrades), the area size read (None:
    the value above the Trajan head) and the value read."""

    player: str
    face: BarFace
    prestige: Prestige
    size: int | None
    value: int


def _bar(table, cycle: Cycle, player: str) -> tuple[Prestige, BarFace] | None:
    """The player's bar as the game knows it: only in a cycle kept by turns, where every
    upgrade and Merchant I were judged by the referee."""
    if not table.play.kept_by_turns(cycle):
        return None
    sheet = table.board(player)
    if sheet is None:
        return None
    return sheet.prestige, BarFace.TURNED if sheet.bar_turned else BarFace.BASIC


def _read(table, cycle: Cycle, player: str):
    """(track, bar side, position, face) when the box knows the player's bar, else None."""
    bar = _bar(table, cycle, player)
    if bar is None:
        return None
    prestige, face = bar
    box = table.box
    if box.track is None or not box.knows_bar(face):
        return None
    side = box.bar[face]
    return box.track, side, bar_position(prestige.upgrades, prestige.to_cypress, box.track, side), face


def _where(position: int, face: BarFace) -> dict:
    """The bar's place and side, as the scoring line says it."""
    if position == 0:
        bar: Message | Plural = Message(N_("the slide bar at its start"))
    else:
        bar = Plural("the slide bar {n} space right of its start",
                     "the slide bar {n} spaces right of its start", position)
    side = N_("basic side up") if face is BarFace.BASIC else N_("turned side up")
    return {"bar": bar, "side": Message(side)}


def area_reading(table, cycle: Cycle, player: str, size: int) -> BarReading | None:
    """The points the player's largest area of ``size`` envoys scores, read off the box
    (p. 27: the value below the bar's number ``size``); None when the box cannot say."""
    read = _read(table, cycle, player)
    if read is None:
        return None
    track, side, position, face = read
    points = area_points(track, side, position, size)
    if points is None:
        return None
    slot = side.slot_of(size)
    shown = side.sizes[slot] if slot is not None else size
    label = f"{shown}+" if side.open_ended and shown == [s for s in side.sizes if s is not None][-1] else str(shown)
    return BarReading(points, Message(
        N_("{bar}, {side}: its {size} lies over {points}"),
        {**_where(position, face), "size": label, "points": points}))


def trajan_reading(table, cycle: Cycle, player: str, allowed) -> BarReading | None:
    """The points one fulfilled Trajan task scores, read off the box (p. 28: the value above
    the Trajan head); None when the box cannot say, or reads a value the rules do not have."""
    read = _read(table, cycle, player)
    if read is None:
        return None
    track, side, position, face = read
    value = trajan_value(track, side, position)
    if value is None or value not in allowed:
        return None
    return BarReading(value, Message(
        N_("{bar}, {side}: the Trajan head lies under {value}"),
        {**_where(position, face), "value": value}))


def bar_fact(table, cycle: Cycle, player: str | None, key: str, size: int | None, value) -> BarFact | None:
    """What a player's answer to ``key`` says of the copy, when the game knows the bar it was
    read off but its box could not read it: the seam through which the group's box learns
    a value typed at a scoring. None for any other answer."""
    if player is None or key not in (AREA_POINTS, TRAJAN_VALUE) or not isinstance(value, int):
        return None
    bar = _bar(table, cycle, player)
    if bar is None:
        return None
    prestige, face = bar
    if key == AREA_POINTS:
        if size is None or area_reading(table, cycle, player, size) is not None:
            return None
        return BarFact(player, face, prestige, size, value)
    read = _read(table, cycle, player)
    if read is not None and trajan_value(*read[:3]) is not None:
        return None
    return BarFact(player, face, prestige, None, value)
