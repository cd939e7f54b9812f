"""Random legal games kept turn by turn, for property tests of the game record.

A game is played on the worked example's set-up (tests/records/game-record-cycle-1.md):
each round's street cards are drawn, and each player's turn is drawn from what the board
allows (tiles from the streets or, for a tribune, elsewhere; resources or a citizen; now
and then a building tile with a way to pay the referee lists, its envoys, bonus and worker
drawn among the legal ones). The turn referee (core/turns) has the last word: a drawn turn
it refuses is drawn again, simpler, so every turn kept is a legal one.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import strategies as st

from trajan_cli.core.colonia import is_corner
from trajan_cli.core.game import FORUM_RECORD, PLAY_RECORD, SHEET_RECORD, Answer, Game
from trajan_cli.core.referee.build import check_build, parse_tile
from trajan_cli.core.state import GameState
from trajan_cli.core.turns.moves import (
    AREA_BONUSES,
    Axis,
    Build,
    Envoy,
    Exchange,
    Gain,
    RoundStart,
    Street,
    TakenTile,
    Turn,
    Use,
    UseKind,
)
from trajan_cli.core.turns.problems import TurnRefused, TurnRule
from trajan_cli.core.turns.referee import apply_turn, start_round
from trajan_cli.core.vocabulary import CellKind, Citizen, Colour, Cycle
from trajan_cli.games.readers import default_parsers
from trajan_cli.parsing.notation import format_line
from trajan_cli.rulesdata import load_rules

EXAMPLE = Path(__file__).resolve().parent.parent / "records" / "game-record-cycle-1.md"
RULES = load_rules()
PARSERS = default_parsers(RULES)
TILES = ["lib", "bas", "mkt", "col", "b", "g", "o", "y", "col+g", "lib+y", "b+b", "o+o"]
RESOURCES = ["coin", "tribune", "builder", "assistant", "upgrade",
             *(f"worker:{c.value}" for c in Colour)]


def set_up_game() -> Game:
    """The example's two players with their boards and the forum recorded, no turn yet."""
    parts = [b for _k, b in re.findall(r"```(\w*)\n(.*?)```", EXAMPLE.read_text(), re.S)]
    records = (Answer(SHEET_RECORD, Cycle.I, "Ann", {"text": parts[0]}),
               Answer(SHEET_RECORD, Cycle.I, "Bob", {"text": parts[1]}),
               Answer(FORUM_RECORD, Cycle.I, None, {"text": parts[2]}))
    game = Game("random", ("Ann", "Bob"), "Ann", lines=records)
    # The set-up as the tool writes it (board import keeps the sheet's canonical text).
    table = GameState.replay(game, RULES, PARSERS).table
    from trajan_cli.parsing.toml_text import forum_toml, sheet_toml

    return Game("random", ("Ann", "Bob"), "Ann", lines=(
        Answer(SHEET_RECORD, Cycle.I, "Ann", {"text": sheet_toml(table.board("Ann"))}),
        Answer(SHEET_RECORD, Cycle.I, "Bob", {"text": sheet_toml(table.board("Bob"))}),
        Answer(FORUM_RECORD, Cycle.I, None, {"text": forum_toml(table.forum)})))


@st.composite
def played_games(draw, rounds: int = 4) -> Game:
    """A game of ``rounds`` rounds (of cycle I) with a random legal turn for each player."""
    game = set_up_game()
    for number in range(1, rounds + 1):
        streets = tuple(draw(st.sampled_from([Street(Axis.ROW, i) for i in range(6)] +
                                             [Street(Axis.COLUMN, i) for i in range(6)]))
                        for _ in range(2))
        start = RoundStart(Cycle.I, number, streets)
        table = GameState.replay(game, RULES, PARSERS).table
        start_round(table.play, start, set(table.scored), RULES)
        game = game.with_line(Answer(PLAY_RECORD, Cycle.I, None, {"line": format_line(start)}))
        for player in table.play.order(Cycle.I, number):
            game = game.with_line(draw(_turn(game, player)))
    return game


@st.composite
def _turn(draw, game: Game, player: str) -> Answer:
    """A legal turn of ``player`` now, as the record keeps it."""
    base = GameState.replay(game, RULES, PARSERS).table
    refusals = []
    for attempt in range(12):
        turn = draw(_turn_candidate(base, player, simple=attempt >= 6))
        try:
            done = apply_turn(base.copy(), turn, RULES)
        except TurnRefused as exc:
            refusals.append((format_line(turn), [p.rule.value for p in exc.problems]))
            turn = _settled(base, turn, exc, draw)
            if turn is None:
                continue
            try:
                done = apply_turn(base.copy(), turn, RULES)
            except TurnRefused:
                continue
        return Answer(PLAY_RECORD, Cycle.I, None, {"line": format_line(done.turn)})
    # Nothing taken, nothing received (the streets are empty, no tribune, and the neighbour
    # passed none): no tile to use, no build (p. 22).
    turn = Turn(player, passed=True)
    try:
        done = apply_turn(base.copy(), turn, RULES)
    except TurnRefused as exc:
        raise AssertionError(f"no legal turn for {player}: {refusals[-3:]}, {exc}") from None
    return Answer(PLAY_RECORD, Cycle.I, None, {"line": format_line(done.turn)})


@st.composite
def _turn_candidate(draw, table, player: str, simple: bool) -> Turn:
    sheet = table.board(player)
    streets = table.play.streets or ()
    covered = [sq for sq, c in sheet.colonia.squares() if c.kind is CellKind.COVERED]
    if simple or draw(st.booleans()):  # one tile from each street, as the rules ask (p. 20)
        take: tuple = ()
        for street in streets:
            options = [sq for sq in covered if street.holds(sq) and sq not in take]
            if options:
                take += (draw(st.sampled_from(options)),)
    else:  # anywhere: a tribune for each tile outside the streets (p. 21)
        take = tuple(draw(st.lists(st.sampled_from(covered), min_size=min(2, len(covered)),
                                   max_size=min(2, len(covered)), unique=True))) if covered else ()
    gain = draw(_gain(sheet, simple))
    # A received tile only where one surely came: the left-hand neighbour played already
    # and passed one, or one of theirs lies beside the colonia (p. 22).
    left = table.play.left_of(player)
    passed = table.play.turns.get(left)
    received = (passed is not None and passed.taken >= 2) or table.play.tiles_beside(player)[left] > 0
    own = take and (simple or not received or draw(st.booleans()))
    use = None if not take and not received else \
        Use(UseKind.OWN if own else UseKind.RECEIVED, (gain,))
    builds: tuple = ()
    if not simple and draw(st.integers(0, 2)) == 0:
        build = _build(draw, sheet)
        builds = () if build is None else (build,)
    exchanges: tuple = ()
    if not simple and draw(st.integers(0, 2)) == 0:
        exchange = _exchange(draw, sheet)
        if exchange is not None:
            exchanges = (exchange._replace(after=draw(st.integers(0, len(builds)))),)
    return Turn(player, take, use, builds, passed=not builds, exchanges=exchanges)


def _exchange(draw, sheet) -> Exchange | None:
    """An exchange the supply before the turn could make (pp. 21, 26): a citizen's only
    with that citizen active, so that most are legal."""
    supply = sheet.supply
    workers = [f"worker:{c.value}" for c in Colour if supply.workers[c]]
    options = [(((w, 2),), (("builder", 1),)) for w in workers
                if supply.workers[Colour(w.split(":")[1])] >= 2]
    if supply.assistants:
        others = [f"worker:{c.value}" for c in Colour]
        options += [((("assistant", 1), (w, 1)), ((o, 1),)) for w in workers for o in others if o != w]
        if sheet.has_active(Citizen.CRAFTSMAN_I):
            options += [((("assistant", 1),), ((o, 1),)) for o in others]
        if sheet.has_active(Citizen.CRAFTSMAN_II):
            options.append(((("assistant", 1),), (("builder", 1),)))
    if sheet.has_active(Citizen.MERCHANT_II):
        held = {"coin": supply.coins, "tribune": supply.tribunes, "assistant": supply.assistants}
        options += [(((a, 1),), ((b, 1),)) for a in held for b in held if a != b and held[a]]
    if not options:
        return None
    give, get = draw(st.sampled_from(options))
    return Exchange(give, get)


@st.composite
def _gain(draw, sheet, simple: bool) -> Gain:
    rows = [r for r in range(1, 7) if len(sheet.citizens.get(r, ())) < 2]
    if not simple and rows and draw(st.integers(0, 4)) == 0:
        row = draw(st.sampled_from(rows))
        return Gain(citizen=row)
    name = draw(st.sampled_from(RESOURCES))
    return Gain(resources=((name, draw(st.integers(1, 2))),))


def _build(draw, sheet) -> Build | None:
    vacated = [sq for sq, c in sheet.colonia.squares()
               if c.kind is CellKind.VACATED and not is_corner(sq)]
    if not vacated:
        return None
    token = draw(st.sampled_from(TILES))
    tile = parse_tile(token)
    first = draw(st.sampled_from(vacated))
    squares = (first,)
    if tile.is_double:
        near = [sq for sq in vacated if abs(sq[0] - first[0]) + abs(sq[1] - first[1]) == 1]
        if not near:
            return None
        squares = (first, draw(st.sampled_from(near)))
    verdict = check_build(sheet, tile, squares, RULES)
    if not verdict.legal:
        return None
    way = draw(st.sampled_from(verdict.payments))
    return Build(token, squares, pay=tuple((r.value, n) for r, n in way.spent))


def _settled(table, turn: Turn, exc: TurnRefused, draw) -> Turn | None:
    """The turn with the open choices of its build settled (a legal square or none, a
    bonus, a worker colour, the fourth space's tile), or None when it is refused for
    anything else."""
    for _round in range(6):
        open_ = [p for p in exc.problems if p.rule in (
            TurnRule.ENVOY_UNSAID, TurnRule.AREA_BONUS_COUNT, TurnRule.WORKER_UNSAID,
            TurnRule.TILE_UNSAID, TurnRule.BONUS_UNSAID)]
        if len(open_) != len(exc.problems) or not turn.builds and not turn.use:
            return None
        problem = open_[0]
        gain = turn.use.gains[0] if turn.use else None
        if problem.rule is TurnRule.ENVOY_UNSAID and gain is not None and gain.citizen == 1 \
                and gain.envoy is None:  # row 1's second citizen: an envoy (p. 26)
            from trajan_cli.core.vocabulary import parse_square_name

            target = draw(st.sampled_from([None, *problem.details["cells"].split(", ")]))
            gain = gain._replace(envoy=Envoy(None if target is None else parse_square_name(target)))
            turn = turn._replace(use=turn.use._replace(gains=(gain,)))
        elif not turn.builds and problem.rule is not TurnRule.BONUS_UNSAID:
            return None
        elif problem.rule is TurnRule.BONUS_UNSAID:
            gain = turn.use.gains[0]
            choices = problem.details["choices"].split(" / ")
            word = draw(st.sampled_from(choices))
            if word == "worker":
                word = f"worker:{draw(st.sampled_from(list(Colour))).value}"
            turn = turn._replace(use=turn.use._replace(gains=(gain._replace(bonus=(word,)),)))
        else:
            build = turn.builds[0]
            if problem.rule is TurnRule.ENVOY_UNSAID:
                from trajan_cli.core.vocabulary import parse_square_name

                cells = problem.details["cells"].split(", ")
                target = draw(st.sampled_from([None, *cells]))
                envoy = Envoy(None if target is None else parse_square_name(target))
                build = build._replace(envoys=tuple(build.envoys or ()) + (envoy,))
            elif problem.rule is TurnRule.AREA_BONUS_COUNT:
                n = problem.details["n"]
                build = build._replace(bonus=tuple(draw(st.permutations(AREA_BONUSES))[:n]))
            elif problem.rule is TurnRule.WORKER_UNSAID:
                build = build._replace(worker=draw(st.sampled_from(list(Colour))))
            else:
                sheet = table.board(turn.player)
                covered = [sq for sq, c in sheet.colonia.squares() if c.kind is CellKind.COVERED
                           and sq not in turn.take]
                if not covered:
                    return None
                build = build._replace(tile_taken=TakenTile(draw(st.sampled_from(covered)),
                                                            Gain(resources=(("coin", 1),))))
            turn = turn._replace(builds=(build,))
        try:
            apply_turn(table.copy(), turn, RULES)
            return turn
        except TurnRefused as again:
            exc = again
    return None
