"""May this tile be built on these spaces, what does it cost, what does it bring (pp. 21-25).

``check_build`` answers all three at once and lists every rule the proposal breaks, not
only the first. Building tiles never run out (the publisher's ruling), so the number of
tiles left is never a reason.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): typing.NamedTuple
# compiles each string annotation, a start-up cost (see core/classic/models.py).

import dataclasses
from typing import NamedTuple

from ..colonia import Cell, Square, is_corner
from ..ruleset import Rules, TrackStep
from ..scoring import ColumnScore, score_triumphal_column
from ..sheet import PlayerSheet
from ..tiles import PART_WORDS, Tile, TileError, TileProblem, parse_tile  # noqa: E402,F401 - re-exported
from ..vocabulary import BOARD_SIZE, CellKind, Citizen, CitizenState, Colour, Cycle, GrayType, Track
from .payment import Bag, Payment, missing, payments
from .verdict import Rule, Violation

# --- Placement (p. 22-23) ------------------------------------------------------------


def placement_violations(
    sheet: PlayerSheet, tile: Tile, squares: tuple[Square, ...], rules: Rules
) -> list[Violation]:
    """Every placement rule the squares break, in the order of the squares."""
    if len(squares) != len(tile.parts):
        raise ValueError(f"a {len(tile.parts)}-part tile needs {len(tile.parts)} spaces")
    found: list[Violation] = []
    for square in dict.fromkeys(squares):  # a space given twice is judged once
        found.extend(_space_violations(sheet.colonia.at(square), square, rules))
    if tile.is_double:
        first, second = squares
        if first == second:
            found.append(Violation(Rule.SAME_SPACE, rules.page("placement_double"), (first,)))
        elif abs(first[0] - second[0]) + abs(first[1] - second[1]) != 1:
            found.append(Violation(Rule.NOT_NEIGHBOURS, rules.page("placement_double"), squares))
    return found


def places_for(sheet: PlayerSheet, tile: Tile, rules: Rules) -> tuple[tuple[Square, ...], ...]:
    """Every space (a single tile) or pair of neighbouring spaces (a double tile, each pair
    once, in reading order) where the placement rules allow ``tile`` (pp. 22-23): what
    helps a player whose proposed space is refused."""
    size = BOARD_SIZE
    free = [(col, row) for row in range(size) for col in range(size)
            if not _space_violations(sheet.colonia.at((col, row)), (col, row), rules)]
    if not tile.is_double:
        return tuple((square,) for square in free)
    open_squares = set(free)
    return tuple(((col, row), other) for col, row in free
                 for other in ((col + 1, row), (col, row + 1)) if other in open_squares)


def _space_violations(cell: Cell, square: Square, rules: Rules) -> list[Violation]:
    found = []
    if cell.kind is CellKind.COVERED:
        found.append(Violation(Rule.COVERED, rules.page("placement_vacated"), (square,)))
    if is_corner(square):  # covered or not: the crane lies there (p. 22)
        found.append(Violation(Rule.CRANE, rules.page("placement_crane"), (square,),
                               {"uncovered": cell.kind is CellKind.CRANE}))
    elif cell.kind is CellKind.TEMPLE:
        found.append(Violation(Rule.TEMPLE, rules.page("placement_temple"), (square,)))
    elif cell.kind in (CellKind.GRAY, CellKind.STRUCTURE):
        found.append(Violation(Rule.OCCUPIED, rules.page("placement_vacated"), (square,),
                               {"cell": cell}))
    return found


# --- Benefits (pp. 24-25) ------------------------------------------------------------


class ColumnBenefit(NamedTuple):
    """A triumphal column: the column value of the cycle + 1 per active citizen (p. 24)."""

    square: Square
    active_citizens: int
    score: ColumnScore | None  # None when the cycle was not given


class TrackBenefit(NamedTuple):
    """A library, basilica or market moves its track marker one space on (p. 24)."""

    square: Square
    track: Track
    from_step: int
    to_step: int | None  # None: the track was finished already, no benefit
    choices: tuple[TrackStep, ...]  # the benefit reached, and earlier ones from space 2 on
    #: Reaching the last space also scores like a triumphal column (p. 24).
    column: ColumnBenefit | None


class EnvoyBenefit(NamedTuple):
    """Coloured structures send envoys of their colour from the ship (p. 25)."""

    squares: tuple[Square, ...]
    colour: Colour
    wanted: int  # one per structure of this colour in the tile
    ship: int
    #: The forum squares the (first) envoy may go on, when the forum is known (p. 25);
    #: None: no forum given, so whether one is free is not known.
    free: tuple[Square, ...] | None = None

    @property
    def envoys(self) -> int:
        """Envoys that can actually be sent: no more than wait on the ship."""
        return min(self.wanted, self.ship)


Benefit = ColumnBenefit | TrackBenefit | EnvoyBenefit


def benefits(
    sheet: PlayerSheet, tile: Tile, squares: tuple[Square, ...], cycle: Cycle | None, rules: Rules,
    forum=None,
) -> list[Benefit]:
    """What building the tile brings, one entry per gray part, one per structure colour;
    with ``forum`` (a core.forum.Forum) the squares each colour's envoy may go on."""
    found: list[Benefit] = []
    envoys: dict[Colour, list[Square]] = {}
    for part, square in zip(tile.parts, squares, strict=True):
        if part.kind is CellKind.GRAY:
            assert part.gray is not None  # a tile's gray part names its type (core.tiles)
            found.append(_gray_benefit(sheet, part.gray, square, cycle, rules))
        else:
            assert part.colour is not None  # its other parts are structures of a colour
            envoys.setdefault(part.colour, []).append(square)
    for colour, where in envoys.items():
        found.append(EnvoyBenefit(tuple(where), colour,
                                  len(where) * rules.building.envoys_per_structure,
                                  sheet.supply.ship, _free_squares(sheet, forum, colour, rules)))
    return found


def _free_squares(sheet: PlayerSheet, forum, colour: Colour,
                  rules: Rules) -> tuple[Square, ...] | None:
    """Where an envoy for a structure of ``colour`` may go in ``forum`` (p. 25; Patrician I
    as the sheet shows it, p. 26); None without a forum."""
    if forum is None:
        return None
    from .envoy import Placement, legal_squares  # loaded only when a forum is known
    from .verdict import Via

    placement = Placement(Via.BUILD, colour, patrician_i=sheet.has_active(Citizen.PATRICIAN_I))
    return tuple(legal_squares(forum, placement, rules))


def _column(sheet: PlayerSheet, square: Square, cycle: Cycle | None, rules: Rules) -> ColumnBenefit:
    active = sheet.active_citizens
    score = score_triumphal_column(cycle, active, rules) if cycle is not None else None
    return ColumnBenefit(square, active, score)


def _gray_benefit(sheet, kind: GrayType, square: Square, cycle, rules: Rules) -> Benefit:
    if kind.track is None:
        return _column(sheet, square, cycle, rules)
    track = kind.track
    step = sheet.tracks[track]
    last = rules.track_last_step
    if step >= last:  # beyond the fourth: no benefit any more (p. 24)
        return TrackBenefit(square, track, step, None, (), None)
    reached = step + 1
    steps = rules.tracks[track].steps
    first = 1 if reached >= rules.track_choose_earlier_from else reached
    choices = tuple(s for s in steps if first <= s.step <= reached)
    column = _column(sheet, square, cycle, rules) if reached == last else None
    return TrackBenefit(square, track, step, reached, choices, column)


# --- What a benefit puts in the supply (p. 24) ---------------------------------------

#: Gains (rules_data/tracks.toml) that are not resources in the supply: an upgrade moves
#: the slide bar on the prestige track, which no board record holds.
NOT_IN_SUPPLY = frozenset({"upgrade"})


def supply_gain(step: TrackStep, worker: Colour | None = None) -> dict[str, int] | None:
    """What taking ``step`` adds to the supply, as payment.Resource values; an action adds
    nothing. None when the step gives a worker and ``worker`` (its colour) is not given."""
    gained: dict[str, int] = {}
    for name, n in step.gain.items():
        if name in NOT_IN_SUPPLY:
            continue
        if name == "worker":
            if worker is None:
                return None
            name = f"worker:{worker.value}"
        gained[name] = gained.get(name, 0) + n
    return gained


def needs_worker_colour(step: TrackStep) -> bool:
    return "worker" in step.gain


def possible_gains(found: tuple[Benefit, ...] | list[Benefit]) -> list[dict[str, int]]:
    """Every sum of supply gains the build's track benefits allow: for each track benefit
    none (a benefit may be left) or one of its choices, with any worker colour (p. 24)."""
    sums: list[dict[str, int]] = [{}]
    for b in found:
        if not isinstance(b, TrackBenefit) or not b.choices:
            continue
        options: list[dict[str, int]] = [{}]
        for step in b.choices:
            colours = tuple(Colour) if needs_worker_colour(step) else (None,)
            for c in colours:
                gain = supply_gain(step, c)
                assert gain is not None  # a step that gives a worker is given its colour above
                options.append(gain)
        sums = [_added(total, more) for total in sums for more in options]
    unique: list[dict[str, int]] = []
    for total in sums:
        if total not in unique:
            unique.append(total)
    return unique


def _added(a: dict[str, int], b: dict[str, int]) -> dict[str, int]:
    total = dict(a)
    for name, n in b.items():
        total[name] = total.get(name, 0) + n
    return total


# --- The whole answer ----------------------------------------------------------------


class BuildVerdict(NamedTuple):
    tile: Tile
    squares: tuple[Square, ...]
    violations: tuple[Violation, ...]  # placement first, then payment
    payments: tuple[Payment, ...]
    missing: tuple[Bag, ...]  # smallest additions that would pay, when nothing does
    benefits: tuple[Benefit, ...]
    active: frozenset[Citizen]  # citizens whose abilities counted

    @property
    def legal(self) -> bool:
        return not self.violations


def every_way_to_pay(verdict: BuildVerdict, sheet: PlayerSheet, rules: Rules,
                     used=None) -> tuple[Payment, ...]:
    """Every legal payment for the verdict's tile from ``sheet``: the cheapest ways first,
    in the order ``check_build`` lists them, then those that spend more. Spending more is
    legal: an assistant may change a worker's colour (pp. 21-22) although a citizen's
    exchange, which is optional (p. 26), would have cost less; the table may have paid so."""
    if not verdict.payments:
        return ()
    cheapest = {way.spent for way in verdict.payments}
    more = [way for way in payments(verdict.tile.parts, sheet.supply, verdict.active, rules,
                                    minimal=False, used=used) if way.spent not in cheapest]
    return verdict.payments + tuple(more)


#: The benefit-track actions that send an envoy from the ship (p. 24).
ENVOY_ACTIONS = frozenset({"envoy_on_eagle", "envoy_on_any_colour"})


def most_envoys(verdict: BuildVerdict) -> int:
    """The most envoys the build may send, before the ship is counted: one per coloured
    structure (p. 25), and one more when its library or market may take the third space's
    benefit, an envoy on an eagle or on any coloured square (p. 24)."""
    structures = sum(b.wanted for b in verdict.benefits if isinstance(b, EnvoyBenefit))
    track = sum(1 for b in verdict.benefits if isinstance(b, TrackBenefit)
                and any(step.action in ENVOY_ACTIONS for step in b.choices))
    return structures + track


def with_active(sheet: PlayerSheet, citizens) -> PlayerSheet:
    """The sheet with each of ``citizens`` active: its row paid as a whole (p. 27), every
    citizen in it turned up, or one placed where the row is empty.

    Used for ``--citizen``: the player says a citizen is active that the sheet does not show.
    """
    rows = dict(sheet.citizens)
    for citizen in citizens:
        if sheet.has_active(citizen):
            continue
        rows[citizen.row] = (CitizenState.ACTIVE,) * max(1, len(rows.get(citizen.row, ())))
    return dataclasses.replace(sheet, citizens=rows)


def active_citizens(sheet: PlayerSheet) -> frozenset[Citizen]:
    return frozenset(c for c in Citizen if sheet.has_active(c))


def check_build(
    sheet: PlayerSheet,
    tile: Tile,
    squares: tuple[Square, ...],
    rules: Rules,
    *,
    cycle: Cycle | None = None,
    used=None,
    forum=None,
    pay: Bag | None = None,
) -> BuildVerdict:
    """Judge building ``tile`` on ``squares`` (one per part, in order) from ``sheet``;
    ``used``: the citizens' exchanges an earlier build of the same turn made; ``forum``:
    the forum as recorded, to tell where the envoys may go (p. 25); ``pay``: the payment
    named (a recorded turn keeps it): when it is a way to pay, even one spending more than
    the cheapest, the verdict's payments are that way alone, found without listing the
    others; else every way, as without it."""
    violations = placement_violations(sheet, tile, squares, rules)
    active = active_citizens(sheet)
    options = []
    if pay is not None:
        options = [way for way in payments(tile.parts, sheet.supply, active, rules, minimal=False,
                                           used=used, within=pay) if way.spent == pay]
    if not options:
        options = payments(tile.parts, sheet.supply, active, rules, used=used)
    lacking: list[Bag] = []
    if not options:
        lacking = missing(tile.parts, sheet.supply, active, rules, used=used)
        page = rules.page("building_cost_double" if tile.is_double else "building_cost")
        violations.append(Violation(Rule.NO_PAYMENT, page, squares, {"missing": tuple(lacking)}))
    return BuildVerdict(
        tile=tile,
        squares=squares,
        violations=tuple(violations),
        payments=tuple(options),
        missing=tuple(lacking),
        benefits=tuple(benefits(sheet, tile, squares, cycle, rules, forum)),
        active=active,
    )
