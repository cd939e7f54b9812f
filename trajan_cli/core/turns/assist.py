"""What a turn being built still needs, as the referee sees it: the table screen (`trajan
play`) and `trajan build` ask exactly these, and nothing else.

The screen builds a turn a part at a time. After each part it tries the turn so far on a
copy of the table (:func:`try_turn`): the referee either accepts it, or lists every
problem. Some problems only say that the player has a choice to make (a payment, a worker's
colour, an envoy's square, a bonus): those are *open*, and the screen asks exactly them,
in the order the referee meets them. The others are refusals, shown as they are. So the
screen never decides a rule itself, and asks nothing the rules leave no choice about.

Pure: no I/O, no prompts.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Generic, NamedTuple, TypeVar

from ..colonia import Square, is_corner
from ..referee.build import TrackBenefit, check_build
from ..ruleset import Rules
from ..sheet import PlayerSheet
from ..tabletop import Tabletop
from ..tiles import parse_tile
from ..vocabulary import CellKind, Colour
from .building import BuildDone
from .moves import Exchange, Street, Turn
from .problems import TurnProblem, TurnRefused, TurnRule
from .referee import TurnDone, apply_build_line, apply_turn, street_matching

#: The problems that ask for a choice rather than refuse: what the screen asks next.
OPEN = frozenset({TurnRule.PAY_UNSAID, TurnRule.WORKER_UNSAID, TurnRule.ENVOY_UNSAID,
                  TurnRule.AREA_BONUS_COUNT, TurnRule.BONUS_UNSAID, TurnRule.TILE_UNSAID})


#: What a trial did: a turn's TurnDone, a build line's BuildDone.
Done = TypeVar("Done", TurnDone, BuildDone)


class Trial(NamedTuple, Generic[Done]):
    """A turn tried on a copy of the table: what it did, or every problem found."""

    done: Done | None
    problems: tuple[TurnProblem, ...]
    table: Tabletop  # the copy: after the turn when ``done``

    @property
    def choices(self) -> tuple[TurnProblem, ...]:
        return tuple(p for p in self.problems if is_open(p))

    @property
    def refusals(self) -> tuple[TurnProblem, ...]:
        return tuple(p for p in self.problems if not is_open(p))


def is_open(problem: TurnProblem) -> bool:
    """A choice left to the player, not a broken rule. An area-bonus count is open only
    while none is named (a wrong count named is a refusal)."""
    if problem.rule is TurnRule.AREA_BONUS_COUNT:
        return problem.details.get("given") == 0
    return problem.rule in OPEN


def track_choice(sheet: PlayerSheet, tile: str, squares: Sequence[Square], rules: Rules, cycle):
    """The benefit-track space a build leaves to the player (p. 24: an earlier space may be
    used instead of the one reached): the track's benefit with its spaces on offer, or None
    when there is no choice. A choice the referee never refuses for (the space reached is
    the default), so it is asked here, beside the open problems of a trial."""
    verdict = check_build(sheet, parse_tile(tile), tuple(squares), rules, cycle=cycle)
    for benefit in verdict.benefits:
        if isinstance(benefit, TrackBenefit) and len(benefit.choices) > 1:
            return benefit
    return None


def first_open(problems: Sequence[TurnProblem]) -> TurnProblem | None:
    """The first choice the referee says is left to the player, in the order it met them;
    None when none is (every problem is a broken rule, or there is none)."""
    return next((p for p in problems if is_open(p)), None)


def try_build(table: Tabletop, player: str, build, rules: Rules, cycle) -> Trial[BuildDone]:
    """A build line of its own (`trajan build`) judged on a copy of ``table``."""
    trial = table.copy()
    try:
        done = apply_build_line(trial, player, build, rules, cycle)
    except TurnRefused as refused:
        return Trial(None, refused.problems, trial)
    return Trial(done, (), trial)


def try_turn(table: Tabletop, turn: Turn, rules: Rules) -> Trial[TurnDone]:
    """``turn`` judged on a copy of ``table`` (a Tabletop); the table is left as it is."""
    trial = table.copy()
    try:
        done = apply_turn(trial, turn, rules)
    except TurnRefused as refused:
        return Trial(None, refused.problems, trial)
    return Trial(done, (), trial)


def street_offers(sheet: PlayerSheet, streets: Sequence[Street] | None,
                  taken: Sequence[Square]) -> list[Square]:
    """The covered spaces a street card still accounts for, after the tiles ``taken``
    (one tile per street card, p. 20): taking one of them costs no tribune. Row by row."""
    if not streets:
        return []
    before = street_matching(list(taken), streets)
    return [square for square, cell in sheet.colonia.squares()
            if cell.kind is CellKind.COVERED and square not in taken
            and street_matching([*taken, square], streets) > before]


def open_for_building(sheet: PlayerSheet, square: Square) -> bool:
    """A space a building tile may go on (pp. 22-23): vacated, neither a corner nor a temple."""
    return not is_corner(square) and sheet.colonia.at(square).kind is CellKind.VACATED


def exchange_candidates(sheet: PlayerSheet, rules: Rules) -> list[Exchange]:
    """The exchanges worth asking the referee about with ``sheet``'s supply (pp. 21, 26):
    two workers of a colour held twice for a builder, an assistant changing a worker held
    into each other colour, and each active citizen's exchanges of what the supply holds.
    Only candidates: the referee judges each (the limits per turn are its to count)."""
    supply = sheet.supply
    held = {"coin": supply.coins, "tribune": supply.tribunes, "builder": supply.builders,
            "assistant": supply.assistants,
            **{f"worker:{c.value}": supply.workers[c] for c in Colour}}
    workers = [f"worker:{c.value}" for c in Colour]
    building = rules.building
    found: list[Exchange] = []
    for worker in workers:
        if held[worker] >= building.workers_per_builder:
            found.append(Exchange(((worker, building.workers_per_builder),), (("builder", 1),)))
    if held["assistant"] >= building.assistants_per_colour_change:
        for worker in workers:
            if held[worker]:
                found += [Exchange((("assistant", building.assistants_per_colour_change),
                                    (worker, 1)), ((other, 1),))
                          for other in workers if other != worker]
    for citizen, rule in rules.citizens.items():
        if rule.exchange is None or not sheet.has_active(citizen):
            continue
        give = [w for n in rule.exchange.give for w in (workers if n == "worker" else [n])]
        get = [w for n in rule.exchange.get for w in (workers if n == "worker" else [n])]
        found += [Exchange(((g, 1),), ((t, 1),)) for g in give if held.get(g) for t in get
                  if t != g]
    return found


def open_exchanges(table: Tabletop, turn: Turn, rules: Rules) -> list[Exchange]:
    """The exchanges the player may make next, after the turn so far (its builds and
    exchanges): each candidate tried as the turn's next part, kept when the referee
    accepts the turn with it. Empty when the turn so far is refused."""
    trial = try_turn(table, turn, rules)
    if trial.done is None:
        return []
    sheet = trial.table.board(trial.done.player)
    assert sheet is not None  # the referee accepts no turn of a player without a board
    after = len(turn.builds)
    found = []
    for candidate in exchange_candidates(sheet, rules):
        exchange = candidate._replace(after=after)
        if try_turn(table, turn._replace(exchanges=(*turn.exchanges, exchange)), rules).done:
            found.append(exchange)
    return found
