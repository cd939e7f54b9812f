"""May an envoy go on this forum square (pp. 24-26)?

Three ways to place an envoy:

- ``build``: after building a coloured structure, on an empty square of its colour; while
  a started area of that colour (any envoy in it, a square still free) exists, only inside
  such an area, any of them (p. 25). Patrician I ignores that restriction (p. 26).
- ``market``: the third market benefit, on any empty coloured square, whatever the colour
  rules say; never an eagle (p. 24).
- ``library``: the third library benefit, on an empty eagle space (p. 24).

Outside the library benefit no envoy goes on an eagle space (p. 25).

A double tile of one colour sends two envoys one after the other: the second is judged
on the forum with the first already placed (the reading the referee commits to; the
rulebook does not say it in so many words). So a first envoy that starts an area draws
the second into it, unless Patrician I is active. With the house rule
``double-envoys=together`` (``Rules.readings``) both are placed at once: each is judged on
the areas started before the tile (``before``), the first one's square taken, and an area
it filled up no longer binding.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NamedTuple

from ..forum import Forum, ForumSquare
from ..readings import DoubleEnvoys
from ..ruleset import Rules
from ..vocabulary import Citizen, Colour
from .verdict import Rule, Square, Via, Violation


@dataclass(frozen=True)
class Placement:
    """How the envoy is sent, and what the player has that changes the rules."""

    via: Via
    colour: Colour | None = None  # the structure just built; needed for Via.BUILD
    patrician_i: bool = False  # may ignore the started-area rule (p. 26)
    patrician_ii: bool = False  # two different area bonuses (p. 26)
    ship: int | None = None  # envoys on the ship; None: not said, not checked

    def __post_init__(self) -> None:
        if self.via is Via.BUILD and self.colour is None:
            raise ValueError("an envoy sent for a structure needs the structure's colour")


def started_areas(forum: Forum, colour: Colour,
                  areas: list[frozenset[Square]] | None = None) -> list[frozenset[Square]]:
    """Areas of ``colour`` holding an envoy (anyone's) with a square still free (p. 25).

    ``areas``: the colour's areas when already known (envoys never change them)."""
    return [
        area for area in (forum.colour_areas(colour) if areas is None else areas)
        if any(forum.cell(sq).envoy for sq in area) and any(not forum.cell(sq).envoy for sq in area)
    ]


def violations_at(
    forum: Forum, square: Square, placement: Placement, rules: Rules, before: Forum | None = None
) -> list[Violation]:
    """Every rule that placing the envoy on ``square`` (a square of the forum) breaks.

    ``before``: the forum before the tile whose envoy this is (for a tile's second envoy)."""
    started = _started_for(forum, placement, rules, before=before)
    return _violations(forum, square, placement, rules, _Started(forum, started))


def _started_for(forum: Forum, placement: Placement, rules: Rules, areas=None,
                 before: Forum | None = None) -> list[frozenset[Square]]:
    """The started areas that bind the envoy: on the forum as it is, or with the house rule
    ``double-envoys=together`` those started ``before`` the tile that still have a free square."""
    if placement.via is not Via.BUILD:
        return []
    assert placement.colour is not None  # a Placement for a build is made with its colour
    if before is None or rules.readings.double_envoys is not DoubleEnvoys.TOGETHER:
        return started_areas(forum, placement.colour, areas)
    return [area for area in started_areas(before, placement.colour, areas)
            if any(not forum.cell(sq).envoy for sq in area)]


class _Started:
    """The started areas, worked out once for every square judged on one forum: which
    squares they cover, and (when some square lies outside) how the refusal names them.
    Judging a square then costs the same however many areas there are (issue 13)."""

    def __init__(self, forum: Forum, areas: list[frozenset[Square]]):
        self.forum = forum
        self.areas = areas
        self.inside = frozenset().union(*areas)
        self._named: dict | None = None

    def __bool__(self) -> bool:
        return bool(self.areas)

    def named(self) -> dict:
        if self._named is None:
            self._named = {"areas": tuple(_sorted(a) for a in self.areas),
                           "free": tuple(_sorted(_free(self.forum, a)) for a in self.areas)}
        return self._named


def _violations(forum, square, placement: Placement, rules: Rules, started: _Started) -> list[Violation]:
    target = forum.at(square)
    if target is None:
        raise ValueError(f"{square} is not a square of the forum")
    found: list[Violation] = []
    if placement.ship == 0:
        found.append(Violation(Rule.NO_ENVOY, rules.page("envoy_ship")))
    if target.envoy:
        found.append(Violation(Rule.SQUARE_TAKEN, rules.page("envoys"), (square,),
                               {"player": forum.players.get(target.envoy, target.envoy)}))
    if placement.via is Via.LIBRARY:
        if not target.is_eagle:
            found.append(Violation(Rule.NOT_EAGLE, rules.page("tracks"), (square,),
                                   {"colour": target.colour}))
        return found
    if target.is_eagle:  # the market benefit says so itself (p. 24), the general rule p. 25
        page = rules.page("tracks") if placement.via is Via.MARKET else rules.page("envoy_eagle")
        found.append(Violation(Rule.EAGLE, page, (square,), {"via": placement.via}))
    if placement.via is Via.MARKET:
        return found
    colour = placement.colour
    if not target.is_eagle and target.colour is not colour:
        found.append(Violation(Rule.WRONG_COLOUR, rules.page("envoys"), (square,),
                               {"colour": colour, "square_colour": target.colour}))
    if started and not placement.patrician_i and square not in started.inside:
        found.append(Violation(Rule.STARTED_AREA, rules.page("envoy_started_area"), (square,),
                               {"colour": colour, **started.named(),
                                "patrician_page": rules.citizens[Citizen.PATRICIAN_I].page}))
    return found


def legal_squares(forum: Forum, placement: Placement, rules: Rules,
                  areas: list[frozenset[Square]] | None = None,
                  before: Forum | None = None) -> list[Square]:
    """Every square the envoy may go on, row by row (``areas`` as for started_areas,
    ``before`` as for violations_at)."""
    started = _Started(forum, _started_for(forum, placement, rules, areas, before))
    return [sq for sq in _reading_order(forum)
            if not _violations(forum, sq, placement, rules, started)]


def completes_area(forum: Forum, square: Square) -> frozenset[Square]:
    """The colour area that an envoy on ``square`` fills up; empty when it fills none."""
    target = forum.at(square)
    if target is None or target.is_eagle or target.envoy:
        return frozenset()
    area = forum.colour_area(square)
    if all(forum.cell(sq).envoy for sq in area - {square}):
        return area
    return frozenset()


def place(forum: Forum, square: Square, mark: str) -> Forum:
    """The forum with an envoy of ``mark`` on ``square``."""
    col, row = square
    rows = [list(r) for r in forum.grid]
    rows[row][col] = ForumSquare(forum.cell(square).colour, mark)
    return Forum(tuple(tuple(r) for r in rows), forum.players)


# The answers are NamedTuples rather than frozen dataclasses: on Python 3.11 each dataclass costs
# about 0.6 ms more to create at import (Placement stays one: it checks itself when made).
class EnvoyJudgement(NamedTuple):
    """One envoy: the square asked about (or None), and what the referee finds."""

    number: int  # 1 or 2
    square: Square | None
    violations: tuple[Violation, ...]
    legal_squares: tuple[Square, ...]  # on the forum this envoy meets
    completed_area: frozenset[Square]  # empty unless a legal placement fills its area

    @property
    def legal(self) -> bool:
        if self.square is None:
            return bool(self.legal_squares)
        return not self.violations


class EnvoyVerdict(NamedTuple):
    placement: Placement
    #: The envoys judged, in order. The second one of ``count=2`` without squares has the
    #: squares it may reach after any legal first one.
    envoys: tuple[EnvoyJudgement, ...]
    #: Without squares and with two envoys: for each legal first square, where the second may go.
    second_after: tuple[tuple[Square, tuple[Square, ...]], ...]
    #: Started areas of the colour before placing, each with its free squares.
    started: tuple[tuple[tuple[Square, ...], tuple[Square, ...]], ...]
    area_bonuses: int  # bonuses to take for each completed area (Patrician II: 2, p. 26)

    @property
    def legal(self) -> bool:
        return all(e.legal for e in self.envoys)

    @property
    def completes_area(self) -> bool:
        return any(e.completed_area for e in self.envoys)


def check_envoys(
    forum: Forum,
    mark: str,
    placement: Placement,
    rules: Rules,
    *,
    squares: tuple[Square, ...] = (),
    count: int = 1,
) -> EnvoyVerdict:
    """Judge ``count`` envoys of ``mark``, on ``squares`` when given (at most ``count``).

    Each envoy is judged on the forum left by the one before, with one envoy fewer on
    the ship. Without a square, an envoy gets its legal squares; two envoys without
    squares also get, for each legal first square, the squares left for the second.
    """
    if not 1 <= count <= 2 or len(squares) > count:
        raise ValueError("one or two envoys, and no more squares than envoys")
    judged: list[EnvoyJudgement] = []
    current, ship = forum, placement.ship
    for number in range(1, count + 1):
        now = _with_ship(placement, ship)
        square = squares[number - 1] if number <= len(squares) else None
        legal = tuple(legal_squares(current, now, rules, before=forum))
        if square is None:
            judged.append(EnvoyJudgement(number, None, _nothing_free(current, now, legal, rules),
                                         legal, frozenset()))
            break
        found = tuple(violations_at(current, square, now, rules, before=forum))
        filled = frozenset() if found else completes_area(current, square)
        judged.append(EnvoyJudgement(number, square, found, legal, filled))
        # The next envoy meets the forum with this one on its square, even when a rule
        # forbids it there, so that its own problems are listed too; a taken square keeps
        # the envoy already on it.
        if not current.cell(square).envoy:
            current = place(current, square, mark)
        ship = None if ship is None else ship - 1

    second_after: list[tuple[Square, tuple[Square, ...]]] = []
    if count == 2 and not squares:
        second = _with_ship(placement, None if placement.ship is None else placement.ship - 1)
        # The colour areas are the same after any first envoy: found once, not per square.
        areas: list[frozenset[Square]] | None = None
        if placement.via is Via.BUILD:
            assert placement.colour is not None  # a Placement for a build is made with its colour
            areas = forum.colour_areas(placement.colour)
        for first in judged[0].legal_squares:
            after = place(forum, first, mark)
            second_after.append((first, tuple(legal_squares(after, second, rules, areas, forum))))
        if second_after:
            # The second envoy, wherever the first goes: legal if it can go somewhere.
            anywhere = tuple(_sorted({sq for _, seconds in second_after for sq in seconds}))
            why = () if anywhere else _nothing_free(forum, second, anywhere, rules)
            judged.append(EnvoyJudgement(2, None, why, anywhere, frozenset()))
    started = _started_for(forum, placement, rules)
    return EnvoyVerdict(
        placement=placement,
        envoys=tuple(judged),
        second_after=tuple(second_after),
        started=tuple((_sorted(a), _sorted(_free(forum, a))) for a in started),
        area_bonuses=2 if placement.patrician_ii else 1,
    )


def _with_ship(placement: Placement, ship: int | None) -> Placement:
    return Placement(placement.via, placement.colour, placement.patrician_i,
                     placement.patrician_ii, ship)


def _nothing_free(forum: Forum, placement: Placement, legal, rules: Rules) -> tuple[Violation, ...]:
    """Why no square at all is legal (empty when some is)."""
    if legal:
        return ()
    if placement.ship == 0:
        return (Violation(Rule.NO_ENVOY, rules.page("envoy_ship")),)
    page = rules.page("tracks") if placement.via is not Via.BUILD else rules.page("envoys")
    return (Violation(Rule.NO_FREE_SQUARE, page, (),
                      {"via": placement.via, "colour": placement.colour}),)


def _free(forum: Forum, area) -> list[Square]:
    return [sq for sq in area if not forum.cell(sq).envoy]


def _sorted(squares) -> tuple[Square, ...]:
    return tuple(sorted(squares, key=lambda sq: (sq[1], sq[0])))


def _reading_order(forum: Forum) -> tuple[Square, ...]:
    return _sorted(sq for sq, _ in forum.squares())
