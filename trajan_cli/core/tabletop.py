"""The table as a game remembers it: every player's board and the forum, cycle by cycle.

Board records are entries of the game's one list of answers, so that ``game undo`` takes
back the last thing done, whatever it was. Their keys tell them apart from answers:

- ``board.sheet`` (a player): the board as it stands now, as player-sheet TOML text;
- ``board.forum`` (no player): the forum as it stands now, as forum TOML text whose
  marks name the game's players;
- ``board.build`` (a player): a build judged by the referee and recorded (tile, spaces,
  what was paid, where its envoys went), or since the game record (issue 19) the build as
  its notation line (``{"line": "lib C1 pay builder"}``);
- ``play.line`` (no player): a line of the game record, a round's street cards or a turn
  (:mod:`.turns`), which also keeps where play stands (``Tabletop.play``).

While the answers are replayed the records are applied in order, and the scoring script
reads the table as it stands when it gets there. Every record is held against the board
before it: a board only grows (:mod:`.board`), so a record that breaks that is refused
when it is made, and a file edited by hand so that one does not replay is damaged.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from .board import (
    BoardProblem,
    forum_growth_problems,
    growth_problems,
    sheet_problems,
    state_problems,
)
from .box import Box
from .colonia import Square
from .forum import Forum
from .game import (
    BUILD_RECORD,
    FORUM_RECORD,
    N_,
    PLAY_RECORD,
    SHEET_RECORD,
    GameError,
    Plural,
    player_named,
)
from .readings import DEFAULT, NewCyclePass, Readings
from .sheet import PlayerSheet, Supply
from .turns.state import PlayState
from .vocabulary import CellKind, Colour, Cycle, parse_square_name

if TYPE_CHECKING:
    from .classic.vocabulary import Quarter

RECORD_KEYS = (SHEET_RECORD, FORUM_RECORD, BUILD_RECORD, PLAY_RECORD)


def is_record(key: str) -> bool:
    return key in RECORD_KEYS


def scoring_behind(scored: Mapping, first_cycle) -> bool:
    """A scoring phase lies behind the table: one scored here (``scored``), or before the
    game was joined in a later cycle. Before it no crane is colourless and no citizen
    inactive (pp. 26-27)."""
    return bool(scored) or first_cycle != Cycle.I


class BoardRefused(ValueError):
    """A record that would break how a board grows; holds every problem found."""

    def __init__(self, player: str | None, problems: Sequence[BoardProblem]):
        super().__init__(f"{player or 'forum'}: problems: {len(problems)}")
        self.player = player
        self.problems = tuple(problems)


@dataclass
class Tabletop:
    """The boards as recorded so far. Built up by replaying a game; never saved itself."""

    players: tuple[str, ...]
    sheets: dict[str, PlayerSheet] = field(default_factory=dict)
    forum: Forum | None = None
    #: The boards as each scoring phase scored them: cycle -> player -> board.
    scored: dict[Cycle, dict[str, PlayerSheet]] = field(default_factory=dict)
    scored_forum: dict[Cycle, Forum] = field(default_factory=dict)
    #: The cycle the game was joined in: a later one brings earlier scorings with it. (A
    #: Trajan game's table, which keeps no boards and no turns, holds its first quarter.)
    first_cycle: Cycle | Quarter = Cycle.I
    #: Who starts round 1 of the first cycle (the game's start player); None: the first.
    start_player: str | None = None
    #: The game's readings: the starting player figure's moves at a new cycle follow them.
    readings: Readings = field(default=DEFAULT, compare=False)
    #: What the record says of the copy the game is played with (its ``box`` lines): the
    #: scoring phase reads the slide bar's values off it. Part of the table, so that a
    #: scoring step with answers reads the box as it was at its first answer.
    box: Box = field(default_factory=Box, compare=False)
    #: Where play stands when the game is kept turn by turn (turns.state); not part of
    #: what two tables are compared by (a snapshot keeps the boards only).
    play: PlayState = field(init=False, compare=False)

    def __post_init__(self) -> None:
        twice = self.readings.new_cycle_pass is NewCyclePass.TWICE
        self.play = PlayState(self.players, self.start_player or self.players[0], self.first_cycle,
                              cycle_passes=2 if twice else 1)

    def copy(self) -> Tabletop:
        """A copy to try a record on (the boards are immutable values; what changes is not)."""
        twin = Tabletop(self.players, dict(self.sheets), self.forum,
                        {c: dict(s) for c, s in self.scored.items()}, dict(self.scored_forum),
                        self.first_cycle, self.start_player, self.readings, self.box)
        twin.play = self.play.copy()
        return twin

    @property
    def first_scoring_done(self) -> bool:
        return scoring_behind(self.scored, self.first_cycle)

    def board(self, player: str) -> PlayerSheet | None:
        return self.sheets.get(player)

    def problems(self, player: str, sheet: PlayerSheet, *, strict: bool = False) -> list[BoardProblem]:
        """Everything wrong with recording ``sheet`` as ``player``'s board now. ``strict``:
        a record made now, held to the state rules too (a saved one replays without them)."""
        before = self.sheets.get(player)
        found = sheet_problems(sheet) + growth_problems(before, sheet)
        if strict:
            found += state_problems(before, sheet, first_scoring_done=self.first_scoring_done)
        return found

    def record(self, player: str, sheet: PlayerSheet, *, strict: bool = False) -> None:
        found = self.problems(player, sheet, strict=strict)
        if found:
            raise BoardRefused(player, found)
        before = self.sheets.get(player)
        if before is not None:  # crane colours the new sheet does not state stay known
            self.sheets[player] = replace(sheet, name=player, crane_colours={
                **before.crane_colours, **sheet.crane_colours})
        else:
            self.sheets[player] = replace(sheet, name=player)

    def record_forum(self, forum: Forum) -> None:
        found = forum_growth_problems(self.forum, forum)
        if found:
            raise BoardRefused(None, found)
        self.forum = forum

    def mark_of(self, player: str) -> str | None:
        """The player's mark in the recorded forum (marks are resolved to players' names)."""
        return None if self.forum is None else self.forum.mark_of(player)

    def remember_scoring(self, cycle: Cycle) -> None:
        """Keep the boards as the scoring phase of ``cycle`` left them (its history)."""
        self.scored[cycle] = dict(self.sheets)
        if self.forum is not None:
            self.scored_forum[cycle] = self.forum


# --- Forum marks -------------------------------------------------------------------------


def resolve_forum_players(forum: Forum, players: Sequence[str]) -> tuple[Forum, list[tuple[str, str]]]:
    """The forum with each mark naming one of the game's ``players``.

    A mark's name (or the mark itself) is a player's name or a unique start of one, in any
    case. Returns the forum and the problems as (mark, reason template) pairs.
    """
    resolved: dict[str, str] = {}
    problems: list[tuple[str, str]] = []
    for mark, name in forum.players.items():
        player = player_named(name, players) or player_named(mark, players)
        if player is None:
            problems.append((mark, N_("{mark} = {name!r} is not one of the players ({players}) nor "
                                      "the start of exactly one name")))
        elif player in resolved.values():
            problems.append((mark, N_("{mark} = {name!r}: two marks for one player")))
        else:
            resolved[mark] = player
    return Forum(forum.grid, resolved), problems


# --- Builds --------------------------------------------------------------------------------


@dataclass(frozen=True)
class BuildRecord:
    """A build as recorded: what was built where, what was paid, where its envoys went,
    what its track benefits put in the supply."""

    tile: str
    cells: tuple[str, ...]
    spent: Mapping[str, int]  # resource name (payment.Resource value) -> count
    envoys: tuple[str, ...] = ()  # forum cells, in the order placed
    citizens: tuple[str, ...] = ()  # citizens said to be active (--citizen)
    gained: Mapping[str, int] = field(default_factory=dict)  # resource name -> count

    def to_json(self) -> dict:
        answer = {"tile": self.tile, "cells": list(self.cells), "spent": dict(self.spent),
                  "envoys": list(self.envoys), "citizens": list(self.citizens)}
        if self.gained:  # absent in records made before benefits were recorded
            answer["gained"] = dict(self.gained)
        return answer

    @classmethod
    def from_json(cls, value: Any) -> BuildRecord:
        try:
            return cls(str(value["tile"]), tuple(map(str, value["cells"])),
                       {str(k): int(v) for k, v in dict(value["spent"]).items()},
                       tuple(map(str, value.get("envoys", ()))),
                       tuple(map(str, value.get("citizens", ()))),
                       {str(k): int(v) for k, v in dict(value.get("gained", {})).items()})
        except (KeyError, TypeError, ValueError, AttributeError):
            raise GameError(N_("malformed build record {record!r}"), record=value) from None


def built_sheet(sheet: PlayerSheet, tile, squares: Sequence[Square], spent: Mapping[str, int],
                envoys: int, gained: Mapping[str, int] | None = None) -> PlayerSheet:
    """The board after building: the parts on their spaces (each library, basilica or
    market moves its track marker with it, p. 24), the payment gone, what the benefit gave
    in the supply, the envoys gone from the ship."""
    colonia = sheet.colonia
    for part, square in zip(tile.parts, squares, strict=True):
        colonia = colonia.replace(square, part)
    return replace(sheet, colonia=colonia, supply=_spend(sheet.supply, spent, envoys, gained or {}))


def _spend(supply: Supply, spent: Mapping[str, int], envoys: int,
           gained: Mapping[str, int]) -> Supply:
    delta = Counter(gained)
    delta.subtract(spent)
    return supply.changed(delta, ship=-envoys)


def cells_of(names: Sequence[str]) -> tuple[Square, ...]:
    return tuple(parse_square_name(n) for n in names)



def structure_colours(tile) -> list[Colour]:
    """The colour of each envoy a tile sends, in the order of its parts (p. 25)."""
    return [part.colour for part in tile.parts if part.kind is CellKind.STRUCTURE]


def apply_build(table: Tabletop, player: str, record: BuildRecord, rules, cycle: Cycle | None) -> None:
    """Record a build on ``player``'s board (and its envoys in the forum), or raise GameError.

    The referee judges it again on the board as it stands: the tile must be legal there,
    the payment one of the ways to pay, and each envoy on a square the rules allow, the
    second of a double tile judged with the first already placed (or, by house rule, both
    at once: see envoy.py).
    """
    from .referee.build import (
        TileError,
        check_build,
        parse_tile,
        possible_gains,
        with_active,
    )
    from .referee.envoy import Placement, place, violations_at
    from .referee.verdict import Via
    from .vocabulary import Citizen

    sheet = table.board(player)
    if sheet is None:
        raise GameError(N_("{player} has no recorded board to build on"), player=player)
    try:
        tile = parse_tile(record.tile)
        squares = cells_of(record.cells)
        citizens = [Citizen(c) for c in record.citizens]
    except (TileError, ValueError):
        raise GameError(N_("malformed build record {record!r}"), record=record.to_json()) from None
    judged = with_active(sheet, citizens)
    verdict = check_build(judged, tile, squares, rules, cycle=cycle)
    if not verdict.legal:
        raise GameError(N_("the build of {tile} on {cells} for {player} is not legal on the board "
                           "as recorded"), tile=record.tile, cells=", ".join(record.cells), player=player)
    spent = {k: n for k, n in record.spent.items() if n}
    if not any({r.value: n for r, n in p.spent} == spent for p in verdict.payments):
        raise GameError(N_("the payment {spent} recorded for {player} is not a way to pay for {tile}"),
                        spent=spent, player=player, tile=record.tile)
    gained = {k: n for k, n in record.gained.items() if n}
    if gained not in possible_gains(verdict.benefits):
        raise GameError(N_("the resources {gained} recorded for {player} are not a benefit of "
                           "building {tile}"), gained=gained, player=player, tile=record.tile)
    colours = structure_colours(tile)
    if len(record.envoys) > min(len(colours), sheet.supply.ship):
        raise GameError(N_("more envoys recorded than the build sends for {player}"), player=player)
    forum = table.forum
    mark = None
    if record.envoys:
        if forum is None:
            raise GameError(N_("envoys recorded for {player} but no forum is recorded"), player=player)
        forum, mark = forum.with_mark_for(player)
    ship = sheet.supply.ship
    before = forum
    for colour, cell in zip(colours, record.envoys, strict=False):
        assert forum is not None and mark is not None  # there are envoys: the forum is marked above
        square = parse_square_name(cell)
        if forum.at(square) is None:
            raise GameError(N_("{cell} is not a square of the recorded forum"), cell=cell)
        placement = Placement(Via.BUILD, colour, patrician_i=judged.has_active(Citizen.PATRICIAN_I),
                              ship=ship)
        if violations_at(forum, square, placement, rules, before=before):
            raise GameError(N_("an envoy of {player} may not go on {cell}"), player=player, cell=cell)
        forum = place(forum, square, mark)
        ship -= 1
    table.record(player, built_sheet(sheet, tile, squares, spent, len(record.envoys), gained))
    if record.envoys:
        assert forum is not None  # checked above
        table.record_forum(forum)


def apply_record(table: Tabletop, answer, rules, parsers) -> None:
    """Apply one board record of a game's list while it is replayed; GameError if it does
    not fit (the file was edited by hand: records are checked when they are made)."""
    value = answer.value
    try:
        if answer.key == PLAY_RECORD:
            raise GameError(N_("malformed record {record!r}"), record=value)
        if answer.key == BUILD_RECORD:
            apply_build(table, answer.player, BuildRecord.from_json(value), rules, answer.cycle)
            return
        text = value["text"] if isinstance(value, dict) else None
        if not isinstance(text, str):
            raise GameError(N_("malformed board record {record!r}"), record=value)
        if answer.key == SHEET_RECORD:
            if answer.player not in table.players:
                raise GameError(N_("a board for {player}, who does not play"), player=answer.player)
            table.record(answer.player, parsers.read_recorded_sheet(text, f"<board of {answer.player}>"))
        else:
            forum, problems = resolve_forum_players(parsers.forum(text, "<forum>"), table.players)
            if problems:
                raise GameError(N_("the recorded forum names players who do not play"))
            table.record_forum(forum)
    except BoardRefused as exc:
        raise GameError(N_("a board record breaks how a board grows ({problems})"),
                        problems=Plural("{n} problem", "{n} problems", len(exc.problems))) from None
    except GameError:
        raise
    except Exception as exc:  # noqa: BLE001 - a parser's error: the record is damaged
        problem = parsers.problem_of(exc)
        if problem is None:
            raise
        raise GameError(N_("a board record does not read: {problem}"), problem=problem) from None


