"""A turn judged whole on the table and applied (pp. 20-26), or refused with every reason.

The entry points: ``start_round`` (a round's street cards), ``apply_turn`` (a player's
turn) and ``apply_build_line`` (a building action recorded on its own, `trajan build`;
in a game kept by turns ``refuse_build_outside_turn`` refuses such a line being recorded).

``apply_turn`` works on copies of the player's board and the forum (:class:`~.judging.Judging`,
the turn being judged) and puts them on the table only when nothing was found wrong, so a
refused turn changes nothing. The order is the order of play, each part judged in its own
module:

- :mod:`.rounds`: the round the turn belongs to, begun when the one before is over;
- :mod:`.taking`: the tiles taken (simultaneously, before the turns);
- :mod:`.citizens`: the tile used, a citizen and its row's bonus; then the tiles placed
  -- the own tile kept this round onto the ship, unless it became a citizen (step 2a,
  p. 21);
- :mod:`.building`: the building action(s), their payment and benefits, whose envoys
  (:mod:`.envoys`, with the area bonuses) may be that tile;
- :mod:`.exchanges`: the exchanges made on the turn outside a payment;
- :mod:`.passing`: the tiles passed between neighbours.

Builds, their payment and their envoys are judged by the referee of ``core/referee``;
what only a turn knows (one build per turn, the exchanges already made this turn, the
round's streets, the tiles passed between neighbours) is judged here.
"""

from __future__ import annotations

from typing import NamedTuple

from ..game import player_named
from ..ruleset import Rules
from ..tabletop import Tabletop
from ..vocabulary import Cycle
from .building import BuildDone, building_action
from .citizens import use_tiles
from .exchanges import ExchangeKind, exchange_kind, make_exchange
from .judging import Judging
from .moves import Build, RoundStart, Turn, UseKind
from .passing import check_passing, settle_passing
from .problems import TurnProblem, TurnRefused, TurnRule
from .rounds import begin_round, cycle_problems, round_problems
from .state import PlayState, RoundTurn
from .taking import street_matching, take_tiles

__all__ = [
    "BuildDone", "ExchangeKind", "TurnDone", "apply_build_line", "apply_turn", "builds_go_in_turns",
    "exchange_kind", "refuse_build_outside_turn", "start_round", "street_matching",
]


class TurnDone(NamedTuple):
    """What a turn did: the turn as recorded (completed by the referee) and its effects."""

    turn: Turn
    player: str
    tribunes_for_take: int
    points: int
    builds: tuple[BuildDone, ...]
    ship: int  # envoys on the ship after the turn


# --- Rounds ---------------------------------------------------------------------------------


def start_round(play: PlayState, start: RoundStart, scored: set, rules: Rules) -> None:
    """Begin the round ``start`` names: the next round, once the round before it is over
    (p. 25), or any round of a cycle at its start (the scoring phase before it done, p. 29:
    the game may be kept from a later round on), and once only (p. 20: its two street cards
    are revealed when it begins)."""
    problems = round_problems(play, start.cycle, start.number, scored, rules)
    if problems:
        raise TurnRefused(None, problems)
    begin_round(play, start.cycle, start.number, start.streets)


# --- A turn ---------------------------------------------------------------------------------


def apply_turn(table: Tabletop, turn: Turn, rules: Rules, *, as_recorded: bool = False) -> TurnDone:
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
        scored = set(table.scored)
        problems = cycle_problems(play, scored, rules)  # before asking which round is next
        if not problems:
            cycle, number = play.round_to_play()
            problems = round_problems(play, cycle, number, scored, rules)
        if problems:
            raise TurnRefused(player, problems)
        begin_round(play, cycle, number, None)
    assert play.cycle is not None  # a round is in play: begun above if there was none
    due = play.next_player()
    if due != player:
        raise TurnRefused(player, [TurnProblem(TurnRule.NOT_YOUR_TURN, rules.page("envoys"), {
            "player": player, "due": due, "round": f"{play.cycle.numeral}.{play.round}"})])
    sheet = table.board(player)
    if sheet is None:
        raise TurnRefused(player, [TurnProblem(TurnRule.NO_BOARD, rules.page("round"),
                                               {"player": player})])
    work = Judging(player, sheet, table.forum, rules, play.cycle, as_recorded)
    tribunes = take_tiles(work, turn.take, play.streets)
    received = use_tiles(work, turn, play)
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
                make_exchange(work, exchange)
        if n >= rules.play.builds_per_turn + work.extra_builds:
            work.refuse(TurnRule.BUILD_TWICE, rules.page("building_turn"), n=n + 1)
            break
        builds.append(building_action(work, build))
    else:
        for exchange in turn.exchanges:  # after the last build, or in a turn without one
            if exchange.after >= len(turn.builds):
                make_exchange(work, exchange)
    round_turn = RoundTurn(len(turn.take), received is not None, received is not None and
                           received.citizen is not None)
    check_passing(work, play, player, round_turn)
    work.put_on(table)
    play.turns[player] = round_turn
    play.kept[play.cycle] += 1
    settle_passing(play, player)
    completed = turn._replace(player=player, builds=tuple(b.build for b in builds))
    return TurnDone(completed, player, tribunes, work.points, tuple(builds), work.sheet.supply.ship)


# --- A build outside a turn (`trajan build`) ----------------------------------------------


def builds_go_in_turns(table: Tabletop) -> bool:
    """The cycle in play is kept by turns (a round or a turn of it recorded) and not yet
    scored: its builds are recorded inside the turns (see refuse_build_outside_turn)."""
    play: PlayState = table.play
    return play.cycle is not None and not (play.cycle_over and play.cycle in table.scored)


def refuse_build_outside_turn(table: Tabletop, player: str, build: Build, rules: Rules) -> None:
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
    assert play.cycle is not None  # builds_go_in_turns: a cycle is in play
    details = {"player": player, "build": build, "due": None, "round": None, "waits": None}
    if play.cycle_over:
        details["waits"] = play.cycle.numeral  # the cycle's scoring phase comes first
    else:
        cycle, number = play.round_to_play()
        details["due"] = play.next_player() if not play.round_over else play.starter(cycle, number)
        details["round"] = f"{cycle.numeral}.{number}"
    raise TurnRefused(player, [TurnProblem(TurnRule.BUILD_OUTSIDE_TURN,
                                           rules.page("building_turn"), details)])


def apply_build_line(table: Tabletop, player: str, build: Build, rules: Rules, cycle: Cycle, *,
                     as_recorded: bool = False) -> BuildDone:
    """One building action recorded on its own (`trajan build`), with the bookkeeping of a
    turn's: payment, benefit, envoys, area bonus, ship and points. No turn is known, so the
    exchanges of an earlier build of the same turn are not held against it. ``as_recorded``
    as for apply_turn (a fourth library's or market's tile)."""
    sheet = table.board(player)
    if sheet is None:
        raise TurnRefused(player, [TurnProblem(TurnRule.NO_BOARD, rules.page("round"),
                                               {"player": player})])
    work = Judging(player, sheet, table.forum, rules, cycle, as_recorded)
    done = building_action(work, build)
    work.put_on(table)
    return done
