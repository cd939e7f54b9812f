"""A turn judged whole on the table and applied (pp. 20-26), or refused with every reason.

``apply_turn`` works on copies of the player's board and the forum and puts them on the
table only when nothing was found wrong, so a refused turn changes nothing. The order is
the order of play: the tiles taken (simultaneously, before the turns), the tile used and
the tiles placed -- the own tile kept this round onto the ship, unless it became a citizen
(step 2a, p. 21) -- then the building action(s), whose envoys may be that tile. Builds, their
payment and their envoys are judged by the referee of ``core/referee``; what only a turn
knows (one build per turn, the exchanges already made this turn, the round's streets,
the tiles passed between neighbours) is judged here.

``apply_build_line`` applies one building action outside a turn (`trajan build`), with
the same bookkeeping: the benefit, the envoys, the area bonus, the ship, the points; in a
game kept by turns ``refuse_build_outside_turn`` refuses such a line being recorded.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Sequence
from enum import StrEnum
from typing import NamedTuple

from ..colonia import VACATED, Cell, crane, is_corner
from ..forum import Forum
from ..game import player_named
from ..readings import AssistantColour
from ..referee.build import (
    ColumnBenefit,
    EnvoyBenefit,
    TrackBenefit,
    check_build,
    parse_tile,
)
from ..referee.envoy import (
    Placement,
    completes_area,
    legal_squares,
    place,
    violations_at,
)
from ..referee.payment import Resource, bag_of, payments
from ..referee.verdict import Via
from ..ruleset import Rules
from ..sheet import PlayerSheet, Supply
from ..vocabulary import (
    CellKind,
    Citizen,
    CitizenState,
    Colour,
    Cycle,
    Square,
    square_name,
)
from .moves import (
    AREA_BONUSES,
    UPGRADE,
    VP,
    Build,
    Envoy,
    Exchange,
    Gain,
    RoundStart,
    Street,
    TakenTile,
    Turn,
    UseKind,
)
from .problems import TurnProblem, TurnRefused, TurnRule
from .state import PlayState, RoundTurn


class BuildDone(NamedTuple):
    """What one building action did, for the report."""

    build: Build  # as recorded: what the player said, and what the referee filled in
    points: int  # victory points during play: a column, a finished track, the vp bonus
    gained: dict  # resources into the supply (and "upgrade")
    envoys: tuple[str, ...]  # forum squares, in the order placed


class TurnDone(NamedTuple):
    """What a turn did: the turn as recorded (completed by the referee) and its effects."""

    turn: Turn
    player: str
    tribunes_for_take: int
    points: int
    builds: tuple[BuildDone, ...]
    ship: int  # envoys on the ship after the turn


# --- The work of one turn ------------------------------------------------------------------


class _Work:
    """A turn in progress: the player's board and the forum as copies, what was found."""

    def __init__(self, player: str, sheet: PlayerSheet, forum: Forum | None, rules: Rules,
                 cycle: Cycle, as_recorded: bool = False):
        self.player = player
        self.sheet = sheet
        self.forum = forum
        self.rules = rules
        self.cycle = cycle
        self.problems: list[TurnProblem] = []
        self.points = 0
        #: Envoys this turn put onto the ship: its own tile, a fourth library's or market's.
        self.fresh = 0
        #: The line is read back as recorded (see apply_turn).
        self.as_recorded = as_recorded
        self.used: Counter = Counter()  # citizens' exchanges made this turn
        self.extra_builds = 0  # the fourth basilica's extra building action (p. 24)
        self.mark = None if forum is None else forum.mark_of(player)

    def put_on(self, table) -> None:
        """The turn done: its board, forum and points onto the table; refused whole (nothing
        changed) when anything was found wrong."""
        if self.problems:
            raise TurnRefused(self.player, self.problems)
        table.record(self.player, self.sheet)
        if self.forum is not None and self.forum != table.forum:
            table.record_forum(self.forum)
        table.play.points_in(self.cycle)[self.player] += self.points

    def refuse(self, rule: TurnRule, page, **details) -> None:
        self.problems.append(TurnProblem(rule, page, details))

    def page(self, topic: str):
        return self.rules.page(topic)

    # The board, changed step by step.

    def add(self, resources: dict[str, int]) -> None:
        """Resources into the supply; an upgrade moves the slide bar (p. 21)."""
        counts = dict(resources)
        upgrades = counts.pop(UPGRADE, 0)
        self.sheet = dataclasses.replace(self.sheet, supply=_changed(self.sheet.supply, counts))
        if upgrades:
            bar = self.sheet.prestige
            self.sheet = dataclasses.replace(self.sheet, prestige=bar._replace(
                upgrades=bar.upgrades + upgrades))

    def spend(self, resources: dict[str, int]) -> None:
        self.sheet = dataclasses.replace(
            self.sheet, supply=_changed(self.sheet.supply, {k: -n for k, n in resources.items()}))

    def ship(self, change: int) -> None:
        supply = self.sheet.supply
        self.sheet = dataclasses.replace(self.sheet, supply=dataclasses.replace(
            supply, ship=supply.ship + change))

    def onto_ship(self) -> None:
        """One of the player's own tiles goes onto the ship, back up: an envoy (p. 21)."""
        self.ship(1)
        self.fresh += 1

    def uncover(self, square: Square) -> bool:
        """Take the Colonia tile on ``square``: a vacated space, or a crane colour side up
        (p. 22). False (and a problem) when it cannot be taken."""
        cell = self.sheet.colonia.at(square)
        if cell.kind is not CellKind.COVERED:
            self.refuse(TurnRule.TAKE_NOT_COVERED, self.page("round"), cell=square_name(*square),
                        shown=cell)
            return False
        if is_corner(square):
            colour = self.sheet.crane_colours.get(square)
            if colour is None:
                self.refuse(TurnRule.CRANE_UNKNOWN, self.page("construction_cranes"),
                            cell=square_name(*square))
                return False
            new: Cell = crane(colour)
        else:
            new = VACATED
        self.sheet = dataclasses.replace(self.sheet, colonia=self.sheet.colonia.replace(square, new))
        return True


def _changed(supply: Supply, delta: dict[str, int]) -> Supply:
    return supply.changed(delta)


# --- Rounds ---------------------------------------------------------------------------------


def start_round(play: PlayState, start: RoundStart, scored: set, rules: Rules) -> None:
    """Begin the round ``start`` names: the next round, once the round before it is over
    (p. 25), or any round of a cycle at its start (the scoring phase before it done, p. 29:
    the game may be kept from a later round on), and once only (p. 20: its two street cards
    are revealed when it begins)."""
    problems = _round_problems(play, start.cycle, start.number, scored, rules)
    if problems:
        raise TurnRefused(None, problems)
    _begin(play, start.cycle, start.number, start.streets)


def _round_problems(play: PlayState, cycle: Cycle, number: int, scored: set,
                    rules: Rules) -> list[TurnProblem]:
    page = rules.page("round")
    if play.cycle is not None and play.cycle_over and play.cycle not in scored:
        return [TurnProblem(TurnRule.CYCLE_OVER, rules.page("citizen_payment"),
                            {"cycle": play.cycle.numeral})]
    expected_cycle, expected = play.round_to_play()
    if int(expected_cycle) > int(Cycle.III):
        return [TurnProblem(TurnRule.GAME_OVER, rules.page("tie_break"), {})]
    if play.cycle is not None and play.round > 0 and not play.round_over:
        in_play = f"{play.cycle.numeral}.{play.round}"
        if (cycle, number) == (play.cycle, play.round) and not play.turns:
            streets = " ".join(street.token for street in play.streets or ())
            return [TurnProblem(TurnRule.ROUND_TWICE, page, {
                "round": in_play, "streets": streets})]
        return [TurnProblem(TurnRule.ROUND_IN_PLAY, rules.page("round_end"), {
            "round": in_play, "due": play.next_player()})]
    # At the start of a cycle a group may begin keeping it from a later round on (the
    # rounds before were played without the tool); within a cycle, rounds follow each other.
    cycle_starts = expected == 1
    if cycle != expected_cycle or (number != expected and not cycle_starts):
        return [TurnProblem(TurnRule.ROUND_ORDER, page, {
            "round": f"{cycle.numeral}.{number}",
            "expected": f"{expected_cycle.numeral}.{expected}"})]
    return []


def _begin(play: PlayState, cycle: Cycle, number: int, streets) -> None:
    play.cycle, play.round, play.streets, play.turns = cycle, number, streets, {}


# --- A turn ---------------------------------------------------------------------------------


def apply_turn(table, turn: Turn, rules: Rules, *, as_recorded: bool = False) -> TurnDone:
    """Judge ``turn`` on ``table`` (a Tabletop) and apply it; TurnRefused lists every
    reason otherwise, and the table is left as it was.

    ``as_recorded``: the line is read back as it was recorded (a game replayed, a record
    file read). Records made while the own tile reached the ship only after the turn left
    out the envoy part of a build whose envoy could only have been that tile (or a fourth
    library's or market's): such an envoy left unsaid reads as none sent, as the record
    meant. A line recorded now says ``envoy none`` there (an envoy is optional, p. 25)."""
    play: PlayState = table.play
    player = player_named(turn.player, play.players)
    if player is None:
        raise TurnRefused(None, [TurnProblem(TurnRule.UNKNOWN_PLAYER, rules.page("round"), {
            "player": turn.player, "players": ", ".join(play.players)})])
    # A turn after a finished round begins the next one (its streets unknown).
    if play.cycle is None or play.round == 0 or play.round_over:
        cycle, number = play.round_to_play()
        problems = _round_problems(play, cycle, number, set(table.scored), rules)
        if problems:
            raise TurnRefused(player, problems)
        _begin(play, cycle, number, None)
    due = play.next_player()
    if due != player:
        raise TurnRefused(player, [TurnProblem(TurnRule.NOT_YOUR_TURN, rules.page("envoys"), {
            "player": player, "due": due, "round": f"{play.cycle.numeral}.{play.round}"})])
    sheet = table.board(player)
    if sheet is None:
        raise TurnRefused(player, [TurnProblem(TurnRule.NO_BOARD, rules.page("round"),
                                               {"player": player})])
    work = _Work(player, sheet, table.forum, rules, play.cycle, as_recorded)
    tribunes = _take(work, turn.take, play.streets)
    received = _use(work, turn, play)
    # The tiles are placed when they are used (step 2a, p. 21), before the building action
    # (2b): the own tile kept this round goes onto the ship, used or not, unless it became a
    # citizen, so it may be the envoy of this turn's structure. After the used tile's gain:
    # a second citizen's envoy (row 1) leaves the ship before it (the online summary too
    # gives the resources or citizen first, then the own tiles onto the ship).
    own_citizen = turn.use is not None and turn.use.kind in (UseKind.OWN, UseKind.BOTH) \
        and turn.use.gains[0].citizen is not None
    if turn.take and not own_citizen:
        work.onto_ship()
    builds = []
    for n, build in enumerate(turn.builds):
        for exchange in turn.exchanges:  # those made before this build, in order
            if exchange.after == n:
                _exchange(work, exchange)
        if n >= rules.play.builds_per_turn + work.extra_builds:
            work.refuse(TurnRule.BUILD_TWICE, rules.page("building_turn"), n=n + 1)
            break
        builds.append(_build(work, build))
    else:
        for exchange in turn.exchanges:  # after the last build, or in a turn without one
            if exchange.after >= len(turn.builds):
                _exchange(work, exchange)
    round_turn = RoundTurn(len(turn.take), received is not None, received is not None and
                           received.citizen is not None)
    _passing(work, play, player, round_turn)
    work.put_on(table)
    play.turns[player] = round_turn
    play.kept[play.cycle] += 1
    _settle_passing(play, player)
    completed = turn._replace(player=player, builds=tuple(b.build for b in builds))
    return TurnDone(completed, player, tribunes, work.points, tuple(builds), work.sheet.supply.ship)


# --- Taking tiles (pp. 20-22) --------------------------------------------------------------


def _take(work: _Work, take: Sequence[Square], streets: tuple[Street, ...] | None) -> int:
    """The tiles taken this round: each a covered space; outside the round's streets a
    tribune each (p. 21); fewer than two only when the streets offer fewer (p. 22).
    Returns the tribunes spent."""
    rules = work.rules
    if len(take) > rules.play.tiles_per_round:
        work.refuse(TurnRule.TAKE_TOO_MANY, work.page("taking"), n=len(take))
    if len(set(take)) != len(take):
        work.refuse(TurnRule.TAKE_TWICE, work.page("taking"),
                    cell=square_name(*next(sq for sq in take if take.count(sq) > 1)))
    tribunes = 0
    if streets is not None:
        covered = [sq for sq, cell in work.sheet.colonia.squares() if cell.kind is CellKind.COVERED]
        offered = _matching(covered, streets)
        if len(take) < min(offered, rules.play.tiles_per_round):
            work.refuse(TurnRule.TAKE_TOO_FEW, work.page("taking_fewer"), n=len(take), offered=offered)
        tribunes = (len(set(take)) - _matching(list(set(take)), streets)) * \
            rules.play.tribunes_per_tile_elsewhere
        if tribunes > work.sheet.supply.tribunes:
            work.refuse(TurnRule.TAKE_NO_TRIBUNE, work.page("using"), n=tribunes,
                        have=work.sheet.supply.tribunes)
            tribunes = 0
    for square in dict.fromkeys(take):
        work.uncover(square)
    if tribunes:
        work.spend({"tribune": tribunes})
    return tribunes


def street_matching(squares: Sequence[Square], streets: Sequence[Street]) -> int:
    """How many of ``squares`` the round's street cards account for (see _matching): a
    tile beyond them costs a tribune (p. 21). The table screen asks it to tell which
    covered spaces a street still offers."""
    return _matching(squares, streets)


def _matching(squares: Sequence[Square], streets: Sequence[Street]) -> int:
    """How many of ``squares`` the street cards account for, one tile per card (p. 20):
    the largest matching of tiles to cards (two cards: a tiny search)."""
    if not streets:
        return 0
    if len(streets) == 2:  # a round's two cards: two tiles when each card holds a different one
        first = {sq for sq in squares if streets[0].holds(sq)}
        second = {sq for sq in squares if streets[1].holds(sq)}
        if first and second:
            return 2 if len(first | second) > 1 else 1
        return 1 if first or second else 0
    return _matched(squares, streets)


def _matched(squares: Sequence[Square], streets: Sequence[Street]) -> int:
    if not streets:
        return 0
    first, rest = streets[0], streets[1:]
    best = _matched(squares, rest)  # the first card accounts for none of them
    for square in squares:
        if first.holds(square):
            others = [sq for sq in squares if sq != square]
            best = max(best, 1 + _matched(others, rest))
    return best


# --- Using a tile (pp. 20-21, 26) ---------------------------------------------------------


def _use(work: _Work, turn: Turn, play: PlayState) -> Gain | None:
    """The tile(s) used. Returns the received tile's gain, when one was used."""
    rules = work.rules
    use = turn.use
    if use is None:
        if turn.take:  # the player holds a tile, and must use one (p. 20)
            work.refuse(TurnRule.USE_MISSING, work.page("round"))
        return None
    if use.kind in (UseKind.OWN, UseKind.BOTH) and not turn.take:
        work.refuse(TurnRule.USE_NO_OWN, work.page("taking"))
    if use.kind is UseKind.BOTH:
        need = rules.play.tribunes_for_both
        if work.sheet.supply.tribunes < need:  # owned before the turn: nothing used yet
            work.refuse(TurnRule.USE_BOTH_TRIBUNES, work.page("using"), n=need,
                        have=work.sheet.supply.tribunes)
        else:
            work.spend({"tribune": need})
    for gain in use.gains:
        _gain(work, gain)
    if use.kind is UseKind.OWN:
        return None
    return use.gains[-1]


def _gain(work: _Work, gain: Gain) -> None:
    """What a used tile shows: resources into the supply, or a citizen into a row."""
    if gain.citizen is None:
        if any(name == VP for name, _ in gain.resources):
            work.refuse(TurnRule.NOT_ON_A_TILE, work.page("using"))
        work.add({name: n for name, n in gain.resources if name != VP})
        return
    _citizen(work, gain)


def _citizen(work: _Work, gain: Gain) -> None:
    """A citizen on the left space of its row, else the right one (p. 26). The second one
    makes the first active again and gives the row's one-time bonus."""
    rules = work.rules
    row = gain.citizen
    states = tuple(work.sheet.citizens.get(row, ()))
    if len(states) >= rules.play.row_spaces:
        work.refuse(TurnRule.ROW_FULL, work.page("citizens"), row=row)
        return
    now = (CitizenState.ACTIVE,) * (len(states) + 1)
    citizens = {**work.sheet.citizens, row: now}
    prestige = work.sheet.prestige
    if row == Citizen.MERCHANT_I.row and not states:  # turns the slide bar over (p. 26)
        prestige = prestige._replace(turned=True)
    work.sheet = dataclasses.replace(work.sheet, citizens=citizens, prestige=prestige)
    if len(now) < rules.play.row_spaces:
        if gain.bonus or gain.envoy is not None:
            work.refuse(TurnRule.BONUS_UNWANTED, work.page("citizens"), row=row)
        return
    code = rules.citizens[Citizen.of_row(row)].second_bonus
    page = work.page("second_bonus")
    if code == "envoy":
        _citizen_envoy(work, gain, page)
        return
    if gain.envoy is not None:
        work.refuse(TurnRule.BONUS_UNWANTED, page, row=row, what="envoy")
    if code == "area_bonus":  # exactly one, even with Patrician II (p. 26)
        if not gain.bonus:
            work.refuse(TurnRule.BONUS_UNSAID, page, row=row, choices=" / ".join(AREA_BONUSES))
        else:
            _area_bonuses(work, [1], gain.bonus, page)
        return
    offered = rules.play.second_bonus_gains[code]
    allowed = {f"worker:{c.value}" for c in Colour} if offered == ("worker",) else set(offered)
    bonus = gain.bonus
    if not bonus and len(allowed) == 1:
        bonus = tuple(allowed)  # row 6: a builder, no choice
    if not bonus:
        work.refuse(TurnRule.BONUS_UNSAID, page, row=row, choices=" / ".join(offered))
    elif len(bonus) != 1 or bonus[0] not in allowed:
        work.refuse(TurnRule.BONUS_WRONG, page, row=row, given=" ".join(bonus),
                    choices=" / ".join(offered))
    else:
        work.add({bonus[0]: 1})


def _citizen_envoy(work: _Work, gain: Gain, page) -> None:
    """Row 1's second citizen: an envoy from the ship, placed like the third market
    space's (any empty coloured square, never an eagle: the tool's reading, p. 26)."""
    placement = Placement(Via.MARKET, ship=work.sheet.supply.ship)
    target = gain.envoy
    completed = _place_envoy(work, placement, target, None, page)
    # A gain's bonus is () when the line names none: not said, so an area the envoy
    # completes asks for its bonus (p. 25) rather than taking none.
    _area_bonuses(work, [_per_area(work)] if completed else [], gain.bonus or None,
                  work.page("area_bonus"))


# --- Exchanges outside a build (pp. 21, 26, 28) ----------------------------------------------


class ExchangeKind(StrEnum):
    WORKERS_TO_BUILDER = "workers_to_builder"  # two workers of one colour (p. 21)
    COLOUR_CHANGE = "colour_change"  # an assistant changes a worker's colour (pp. 21-22)
    CITIZEN = "citizen"  # an active citizen's exchange (p. 26)


def exchange_kind(give: dict[str, int], get: dict[str, int],
                  rules: Rules) -> tuple[ExchangeKind, Citizen | None] | None:
    """Which exchange ``give`` for ``get`` is (resource names -> counts), and whose, when a
    citizen's; None when the rules allow no such exchange."""
    workers = {f"worker:{c.value}" for c in Colour}
    building = rules.building
    if get == {"builder": 1} and len(give) == 1:
        (name, n), = give.items()
        if name in workers and n == building.workers_per_builder:
            return ExchangeKind.WORKERS_TO_BUILDER, None
    if len(get) == 1 and next(iter(get)) in workers and get[next(iter(get))] == 1:
        wanted = next(iter(get))
        others = {k: n for k, n in give.items() if k != "assistant"}
        if give.get("assistant") == building.assistants_per_colour_change and len(others) == 1:
            (name, n), = others.items()
            if name in workers and name != wanted and n == 1:
                return ExchangeKind.COLOUR_CHANGE, None
    if len(give) == 1 and len(get) == 1 and set(give.values()) == set(get.values()) == {1}:
        given, got = next(iter(give)), next(iter(get))
        for citizen, rule in rules.citizens.items():
            ex = rule.exchange
            if ex is None or given == got:
                continue
            offered = set().union(*(workers if n == "worker" else {n} for n in ex.give))
            taken = set().union(*(workers if n == "worker" else {n} for n in ex.get))
            if given in offered and got in taken:
                return ExchangeKind.CITIZEN, citizen
    return None


def _exchange(work: _Work, exchange: Exchange) -> None:
    """An exchange made on the turn outside a build's payment, e.g. to hold a Trajan card's
    resources at the scoring (p. 28: on one's turn, never during the scoring): two workers
    of one colour for a builder, an assistant and a worker for a worker of another colour
    (p. 21), an active citizen's exchange within its limit per turn, counted together with
    the exchanges inside this turn's payments (p. 26)."""
    rules = work.rules
    give, get = dict(exchange.give), dict(exchange.get)
    said = {"give": exchange.give, "get": exchange.get}
    found = exchange_kind(give, get, rules)
    if found is None:
        work.refuse(TurnRule.EXCHANGE_NOT_ALLOWED, work.page("workers_to_builder"),
                    citizens=work.page("citizens"), **said)
        return
    kind, citizen = found
    before = len(work.problems)
    if kind is ExchangeKind.CITIZEN:
        page = rules.citizens[citizen].page
        if not work.sheet.has_active(citizen):
            work.refuse(TurnRule.EXCHANGE_NO_CITIZEN, page, citizen=citizen, **said)
        elif work.used[citizen] >= rules.citizens[citizen].exchange.times:
            work.refuse(TurnRule.EXCHANGE_LIMIT, page, citizen=citizen,
                        times=rules.citizens[citizen].exchange.times, **said)
    elif kind is ExchangeKind.WORKERS_TO_BUILDER:
        page = work.page("workers_to_builder")
    else:
        page = work.page("assistant_colour")
        wanted = next(iter(get))
        if rules.readings.assistant_colour is AssistantColour.WHEN_MISSING \
                and _held(work.sheet.supply, wanted):
            work.refuse(TurnRule.EXCHANGE_COLOUR_AT_HAND, page, worker=wanted, **said)
    for name, n in exchange.give:
        have = _held(work.sheet.supply, name)
        if have < n:
            work.refuse(TurnRule.EXCHANGE_SHORT, page, what=name, n=n, have=have, **said)
    if len(work.problems) > before:
        return
    work.spend(give)
    work.add(get)
    if citizen is not None:
        work.used[citizen] += 1


def _held(supply: Supply, name: str) -> int:
    """How many of the resource ``name`` (a notation word) the supply holds."""
    if name.startswith("worker:"):
        return supply.workers[Colour(name.split(":", 1)[1])]
    return {"coin": supply.coins, "tribune": supply.tribunes, "builder": supply.builders,
            "assistant": supply.assistants}.get(name, 0)


# --- Building (pp. 22-25) -------------------------------------------------------------------


def _build(work: _Work, build: Build) -> BuildDone:
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
    envoys = _Envoys(build.envoys)
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
                    bonus_sources.append(_per_area(work))
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
        gained.update(_area_bonuses(work, bonus_sources, build.bonus, work.page("area_bonus")))
    pay = tuple((r.value, n) for r, n in payment.spent)
    completed = build._replace(pay=pay, envoys=envoys.recorded(build.envoys))
    return BuildDone(completed, work.points - points_before, dict(gained), tuple(envoys.placed))


def _payment(work: _Work, build: Build, verdict):
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


def _chosen_step(work: _Work, build: Build, benefit: TrackBenefit):
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


def _column_points(work: _Work) -> int:
    """A triumphal column, or a track's end: the column value + 1 per active citizen (p. 24)."""
    return work.rules.column_values[work.cycle] + work.sheet.active_citizens


def _taken_tile(work: _Work, taken: TakenTile | None) -> None:
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
    _gain(work, taken.gain)
    if taken.gain.citizen is None:
        work.onto_ship()


class _Envoys:
    """The envoys a build may send, in the order its parts and benefits send them, matched
    with what the build line says (``envoy CELL ...``, ``-`` for none, ``envoy none``)."""

    def __init__(self, said: tuple[Envoy, ...] | None):
        self.said = said
        self.slots = 0
        self.placed: list[str] = []
        self.filled: list[Envoy] = []  # one per slot, for the recorded line

    def slot(self, work: _Work, placement: Placement, bonus_sources: list[int],
             before: Forum | None) -> None:
        index = self.slots
        self.slots += 1
        if self.said == ():
            target = Envoy(None)  # "envoy none": none of them
        elif self.said is None or index >= len(self.said):
            target = None  # not said: refused below if this envoy could go anywhere
        else:
            target = self.said[index]
        completed = _place_envoy(work, placement, target, before, work.page("envoys"),
                                 placed=self.placed)
        self.filled.append(target if target is not None else Envoy(None))
        if completed:
            bonus_sources.append(_per_area(work))

    def finish(self, work: _Work) -> None:
        if self.said is not None and len(self.said) > self.slots:
            work.refuse(TurnRule.ENVOY_TOO_MANY, work.page("envoys"), n=self.slots,
                        given=len(self.said))

    def recorded(self, said):
        """The envoys as the record keeps them: as said, one entry per envoy the build sent
        or could have sent (``-`` where none went); ``envoy none`` kept as said, a choice
        made (an envoy is optional, p. 25); unsaid when the line said nothing (then no
        envoy could go anywhere, the line was read back as recorded where only this turn's
        own tile could have gone, or the line was refused)."""
        if said is None or said == ():
            return said
        return tuple(self.filled)


def _place_envoy(work: _Work, placement: Placement, target: Envoy | None, before: Forum | None,
                 page, placed: list | None = None) -> bool:
    """One envoy from the ship to ``target``; True when it completed a colour area.

    ``target`` None: the line did not say, which is refused when the envoy could go
    somewhere (an envoy is optional, but the record says so: ``envoy none``, p. 25)."""
    if work.forum is None:
        if target is not None and target.square is not None:
            work.refuse(TurnRule.NO_FORUM, page)
        return False
    forum, mark = work.forum.with_mark_for(work.player)
    if target is None or target.square is None:
        # Read back as recorded: with no envoy but this turn's own ones, an earlier reading
        # put none on the ship yet, and the line said nothing (see apply_turn).
        earlier_none = work.as_recorded and placement.ship is not None \
            and placement.ship <= work.fresh
        if target is None and placement.ship and not earlier_none:
            legal = legal_squares(forum, placement, work.rules, before=before)
            if legal:
                work.refuse(TurnRule.ENVOY_UNSAID, page, via=placement.via,
                            cells=", ".join(square_name(*sq) for sq in legal),
                            squares=tuple(legal))
        return False
    square = target.square
    if forum.at(square) is None:
        work.refuse(TurnRule.ENVOY_ILLEGAL, page, cell=square_name(*square), outside=True)
        return False
    violations = violations_at(forum, square, placement, work.rules, before=before)
    if violations:
        legal = ", ".join(square_name(*sq) for sq in
                          legal_squares(forum, placement, work.rules, before=before)) or "-"
        for violation in violations:
            work.problems.append(TurnProblem(TurnRule.ENVOY_ILLEGAL, violation.page,
                                             {"cell": square_name(*square), "legal": legal},
                                             violation))
        return False
    completed = bool(completes_area(forum, square))
    work.forum = place(forum, square, mark)
    work.ship(-1)
    if placed is not None:
        placed.append(square_name(*square))
    return completed


def _per_area(work: _Work) -> int:
    """Area bonuses per completed area: one, two different ones with Patrician II (p. 26)."""
    return 2 if work.sheet.has_active(Citizen.PATRICIAN_II) else 1


def _area_bonuses(work: _Work, sources: list[int], given: Sequence[str] | None,
                  page) -> Counter:
    """The area bonuses earned (p. 25), each source giving one, or with Patrician II one or
    two different ones ("not only 1, but 2 different", p. 26), taken in the order ``given``
    names them (None: not said). Returns what went into the supply; ``vp`` scores its
    points during play."""
    most = sum(sources)
    if given is not None and not given:  # "bonus none": the player takes none of them
        return Counter()
    words = tuple(given or ())
    least = len(sources)
    if not least <= len(words) <= most:
        # ``n``: as many as may be taken (what a prompt asks); ``least``: one per source.
        work.refuse(TurnRule.AREA_BONUS_COUNT, page, n=most, least=least, given=len(words),
                    choices=", ".join(AREA_BONUSES))
        return Counter()
    wrong = [w for w in words if w not in AREA_BONUSES]
    if wrong:
        work.refuse(TurnRule.BONUS_WRONG, page, given=" ".join(wrong), choices=" / ".join(AREA_BONUSES))
        return Counter()
    if _bonus_split(words, sources) is None:  # a source's two are the same
        work.refuse(TurnRule.AREA_BONUS_SAME, work.page("citizens"), given=" ".join(words))
    gained = Counter(w for w in words if w != VP)
    work.points += work.rules.area_bonus_points * words.count(VP)
    work.add(dict(gained))
    return gained


def _bonus_split(words: Sequence[str], sources: Sequence[int]) -> list[tuple[str, ...]] | None:
    """``words`` shared out in order among ``sources``, one to as many as each gives, all
    different within a source (p. 26); None when no such sharing exists."""
    if not sources:
        return [] if not words else None
    first, rest = sources[0], sources[1:]
    for size in range(1, first + 1):
        chunk = tuple(words[:size])
        if len(chunk) < size or len(set(chunk)) != size:
            break
        after = _bonus_split(words[size:], rest)
        if after is not None:
            return [chunk, *after]
    return None


# --- Passing tiles between neighbours (pp. 20-22) ------------------------------------------


def _passing(work: _Work, play: PlayState, player: str, turn: RoundTurn) -> None:
    """The tiles passed to the right this round, checked where both neighbours' turns are
    known: a player whose left-hand neighbour passed none (they took fewer than two) used
    a received tile only when one of that neighbour's earlier tiles lay beside them (p. 22)."""
    turns = {**play.turns, player: turn}
    for receiver in {player, play.right_of(player)}:
        passer = play.left_of(receiver)
        if receiver not in turns or passer not in turns:
            continue
        if turns[passer].taken < work.rules.play.tiles_per_round and turns[receiver].used_received \
                and play.tiles_beside(receiver)[passer] < 1:
            work.refuse(TurnRule.RECEIVED_NONE, work.page("taking_fewer"), receiver=receiver,
                        passer=passer)


def _settle_passing(play: PlayState, player: str) -> None:
    """Once both neighbours' turns are in: the tile passed lies beside the receiver (used
    or not, unless it was a citizen), or the one picked from there leaves the game (p. 22)."""
    for receiver in {player, play.right_of(player)}:
        passer = play.left_of(receiver)
        if receiver not in play.turns or passer not in play.turns:
            continue
        got, passed = play.turns[receiver], play.turns[passer]
        beside = play.tiles_beside(receiver)
        if passed.taken >= 2:
            if not got.received_citizen:
                beside[passer] += 1
        elif got.used_received:
            beside[passer] -= 1  # picked from beside and used: out of the game


# --- A build outside a turn (`trajan build`) ----------------------------------------------


def builds_go_in_turns(table) -> bool:
    """The cycle in play is kept by turns (a round or a turn of it recorded) and not yet
    scored: its builds are recorded inside the turns (see refuse_build_outside_turn)."""
    play: PlayState = table.play
    return play.cycle is not None and not (play.cycle_over and play.cycle in table.scored)


def refuse_build_outside_turn(table, player: str, build: Build, rules: Rules) -> None:
    """A build line of its own is for a cycle not kept by turns. Once a round or a turn of
    the cycle in play is recorded, each build belongs in its player's turn line: one
    building tile a turn (p. 22), taken in turn order (p. 25), with the turn's exchanges
    counted together (Craftsman II once a turn, p. 26). A build line then could be a second
    build after the turn, a build out of turn, or an exchange made twice: TurnRefused,
    naming who plays next and carrying the build, for the turn line's ``build`` part.
    Once that cycle is scored the next one may be kept either way. Records made before
    this rule replay as they were: only a line being recorded is held to it."""
    if not builds_go_in_turns(table):
        return
    play: PlayState = table.play
    details = {"player": player, "build": build, "due": None, "round": None, "waits": None}
    if play.cycle_over:
        details["waits"] = play.cycle.numeral  # the cycle's scoring phase comes first
    else:
        cycle, number = play.round_to_play()
        details["due"] = play.next_player() if not play.round_over else play.starter(cycle, number)
        details["round"] = f"{cycle.numeral}.{number}"
    raise TurnRefused(player, [TurnProblem(TurnRule.BUILD_OUTSIDE_TURN,
                                           rules.page("building_turn"), details)])


def apply_build_line(table, player: str, build: Build, rules: Rules, cycle: Cycle, *,
                     as_recorded: bool = False) -> BuildDone:
    """One building action recorded on its own (`trajan build`), with the bookkeeping of a
    turn's: payment, benefit, envoys, area bonus, ship and points. No turn is known, so the
    exchanges of an earlier build of the same turn are not held against it. ``as_recorded``
    as for apply_turn (a fourth library's or market's tile)."""
    sheet = table.board(player)
    if sheet is None:
        raise TurnRefused(player, [TurnProblem(TurnRule.NO_BOARD, rules.page("round"),
                                               {"player": player})])
    work = _Work(player, sheet, table.forum, rules, cycle, as_recorded)
    done = _build(work, build)
    work.put_on(table)
    return done
