"""A building action (pp. 22-25): the tile placed and paid, as the referee of
``core/referee`` allows, with every benefit it brings: a column's points, a benefit-track
space (a worker of the colour said, an envoy, an area bonus, a Colonia tile, a second
build), the points of a finished track, and the envoys of a coloured structure.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from typing import NamedTuple

from ..referee.build import ColumnBenefit, EnvoyBenefit, TrackBenefit, check_build
from ..referee.envoy import Placement
from ..referee.payment import Resource, bag_of, payments
from ..referee.verdict import Via
from ..tiles import parse_tile
from ..vocabulary import CellKind, Citizen, square_name
from .citizens import use_gain
from .envoys import Envoys, area_bonuses, bonuses_per_area
from .judging import Judging
from .moves import Build, TakenTile
from .problems import TurnProblem, TurnRule


class BuildDone(NamedTuple):
    """What one building action did, for the report."""

    build: Build  # as recorded: what the player said, and what the referee filled in
    points: int  # victory points during play: a column, a finished track, the vp bonus
    gained: dict  # resources into the supply (and "upgrade")
    envoys: tuple[str, ...]  # forum squares, in the order placed


def building_action(work: Judging, build: Build) -> BuildDone:
    """One building action with every benefit it brings; problems go to ``work``."""
    rules = work.rules
    tile = parse_tile(build.tile)
    before = work.sheet
    named = None if build.pay is None else bag_of({Resource(name): n for name, n in build.pay})
    verdict = check_build(before, tile, build.squares, rules, cycle=work.cycle, used=work.used,
                          pay=named)
    for violation in verdict.violations:
        work.problems.append(TurnProblem(TurnRule.BUILD_ILLEGAL, violation.page,
                                         {"tile": build.tile}, violation))
    payment = _payment(work, build, verdict)
    if verdict.violations or payment is None:
        return BuildDone(build, 0, {}, ())
    spent = {r.value: n for r, n in payment.spent}
    work.used.update(payment.exchanges_used())
    colonia = before.colonia
    for part, square in zip(tile.parts, build.squares, strict=True):
        colonia = colonia.replace(square, part)
    work.sheet = dataclasses.replace(work.sheet, colonia=colonia)
    work.spend(spent)
    points_before = work.points
    gained: Counter = Counter()
    envoys = Envoys(build.envoys)
    bonus_sources: list[int] = []
    tile_benefit = False
    take_used = False
    worker_used = False
    for benefit in verdict.benefits:
        if isinstance(benefit, ColumnBenefit):
            work.points += _column_points(work)
        elif isinstance(benefit, TrackBenefit):
            take_used = True
            step = _chosen_step(work, build, benefit)
            if step is not None:
                gain = dict(step.gain)
                if "worker" in gain:  # the first library's worker: of the colour said (p. 24)
                    worker_used = True
                    count = gain.pop("worker")
                    if build.worker is None:
                        work.refuse(TurnRule.WORKER_UNSAID, work.page("tracks"))
                    else:
                        gain[f"worker:{build.worker.value}"] = count
                work.add(gain)
                gained.update(gain)
                if step.action == "envoy_on_eagle":
                    envoys.slot(work, Placement(Via.LIBRARY, ship=work.sheet.supply.ship),
                                bonus_sources, None)
                elif step.action == "envoy_on_any_colour":
                    envoys.slot(work, Placement(Via.MARKET, ship=work.sheet.supply.ship),
                                bonus_sources, None)
                elif step.action == "area_bonus":
                    bonus_sources.append(bonuses_per_area(work))
                elif step.action == "use_colonia_tile":
                    tile_benefit = True
                    _taken_tile(work, build.tile_taken)
                    if build.tile_taken is not None:  # what the tile put in the supply too
                        gained.update(dict(build.tile_taken.gain.resources))
                elif step.action == "extra_building_action":
                    work.extra_builds += 1
            if benefit.to_step == rules.track_last_step:  # next to Trajan's column (p. 24)
                work.points += _column_points(work)
        elif isinstance(benefit, EnvoyBenefit):
            first_forum = work.forum
            for _ in range(benefit.wanted):
                placement = Placement(Via.BUILD, benefit.colour,
                                      patrician_i=work.sheet.has_active(Citizen.PATRICIAN_I),
                                      ship=work.sheet.supply.ship)
                envoys.slot(work, placement, bonus_sources, first_forum)
    envoys.finish(work)
    if build.take is not None and not take_used:
        work.refuse(TurnRule.STEP_NO_TRACK, work.page("tracks"), take=build.take)
    if build.worker is not None and not worker_used:
        work.refuse(TurnRule.WORKER_UNWANTED, work.page("tracks"))
    if build.tile_taken is not None and not tile_benefit:
        work.refuse(TurnRule.TILE_UNWANTED, work.page("tracks"))
    if bonus_sources or build.bonus is not None:
        gained.update(area_bonuses(work, bonus_sources, build.bonus, work.page("area_bonus")))
    pay = tuple((r.value, n) for r, n in payment.spent)
    completed = build._replace(pay=pay, envoys=envoys.recorded(build.envoys))
    return BuildDone(completed, work.points - points_before, dict(gained), tuple(envoys.placed))


def _payment(work: Judging, build: Build, verdict):
    """The way the build was paid: the one named (``pay``), or the only one there is."""
    ways = verdict.payments
    if not ways:
        return None  # the referee said why (no payment)
    page = work.page("building_cost_double" if len(verdict.tile.parts) == 2 else "building_cost")
    if build.pay is None:
        if len(ways) == 1:
            return ways[0]
        work.refuse(TurnRule.PAY_UNSAID, page, ways=tuple(w.spent for w in ways))
        return None
    wanted = bag_of({Resource(name): n for name, n in build.pay})
    for way in ways:
        if way.spent == wanted:
            return way
    # The referee offers only the cheapest ways, but one that spends more is legal too:
    # two workers of different colours and an assistant (p. 23) stay a payment when a
    # citizen's exchange, which is optional (p. 26), would have cost less. The table may
    # have paid so, and the record keeps what it did.
    for way in payments(verdict.tile.parts, work.sheet.supply, verdict.active, work.rules,
                        minimal=False, used=work.used):
        if way.spent == wanted:
            return way
    work.refuse(TurnRule.PAY_NOT_A_WAY, page, pay=wanted, ways=tuple(w.spent for w in ways))
    return None


def _chosen_step(work: Judging, build: Build, benefit: TrackBenefit):
    """The benefit-track space whose benefit is used: ``take N``, else the one reached;
    None for none (``take 0``, or a finished track)."""
    if benefit.to_step is None:  # the track is finished: no benefit any more (p. 24)
        if build.take:
            work.refuse(TurnRule.STEP_NOT_OFFERED, work.page("tracks"), take=build.take, offered="-")
        return None
    wanted = benefit.to_step if build.take is None else build.take
    if wanted == 0:
        return None
    for step in benefit.choices:
        if step.step == wanted:
            return step
    work.refuse(TurnRule.STEP_NOT_OFFERED, work.page("tracks"), take=wanted,
                offered=", ".join(str(s.step) for s in benefit.choices))
    return None


def _column_points(work: Judging) -> int:
    """A triumphal column, or a track's end: the column value + 1 per active citizen (p. 24)."""
    return work.rules.column_values[work.cycle] + work.sheet.active_citizens


def _taken_tile(work: Judging, taken: TakenTile | None) -> None:
    """The fourth library or market space: a Colonia tile of the player's street grid,
    taken and used at once (p. 24); being their own, it goes onto the ship once used, as
    the tiles of step 2a do (p. 21), unless it is a citizen placed in a row (the tool's
    reading): a structure of the same building action may send it as its envoy."""
    if taken is None:
        work.refuse(TurnRule.TILE_UNSAID, work.page("tracks"))
        return
    cell = work.sheet.colonia.at(taken.square)
    if cell.kind is not CellKind.COVERED:
        work.refuse(TurnRule.TILE_NOT_COVERED, work.page("tracks"), cell=square_name(*taken.square))
        return
    work.uncover(taken.square)
    use_gain(work, taken.gain)
    if taken.gain.citizen is None:
        work.onto_ship()
