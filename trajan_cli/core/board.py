"""A recorded board only grows: what may change between two records of the same board.

The table cannot take back what happened: temples are printed on the board, a taken
Colonia tile never returns, a built space stays built, a corner goes covered -> colour
side -> colourless, citizens stay in their row, and the forum keeps its layout and its
envoys (benefit-track markers follow the buildings: :attr:`PlayerSheet.tracks`).
``growth_problems`` and ``forum_growth_problems``
list EVERY change that breaks this (python-chess style), each with the cell, what it was,
what it became and the rulebook page; ``cell_change_problem`` answers one edit at a time
for the board editor. The words a player reads are made in ``render/board_text.py``.

The very first record of a colonia (no temples yet) is the set-up: then the temples are
placed (exactly four) and each corner gets its crane colour. The first record of a forum
lays out its squares; after that the layout is locked.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum
from typing import Any

from .colonia import CORNERS, COVERED, Cell, Colonia, Square, is_corner
from .forum import Forum, ForumSquare
from .sheet import PlayerSheet, Supply
from .vocabulary import BOARD_SIZE, TEMPLE_COUNT, CellKind, CitizenState, Track

#: The most citizens a row holds: a left and a right space (p. 19).
ROW_SPACES = 2


class BoardRule(StrEnum):
    """Every rule a board can break; the value is the JSON ``rule`` key."""

    # growth: the board as recorded against the board now
    TEMPLE_MOVED = "temple_moved"  # temples are printed on the board (p. 19)
    TEMPLE_BUILT = "temple_built"  # temples are never built over (p. 22)
    TILE_RETURNED = "tile_returned"  # a taken Colonia tile never goes back (p. 20)
    BUILT_CHANGED = "built_changed"  # a building tile stays where it was built (p. 22)
    CRANE_COVERED = "crane_covered"  # an uncovered crane is never covered again (p. 22)
    CRANE_RECOLOURED = "crane_recoloured"  # a scored crane stays colourless (p. 27)
    CRANE_COLOUR = "crane_colour"  # a corner's crane keeps its colour all game (p. 19)
    CITIZEN_LEFT = "citizen_left"  # citizens never leave their row (p. 26)
    PRESTIGE_BACK = "prestige_back"  # the slide bar moves right and stays turned (pp. 21, 26)
    PRESTIGE_CYPRESS = "prestige_cypress"  # an upgrade made moved the bar as it did (p. 26)
    # states that only a scoring phase changes (pp. 26-27)
    CRANE_TURNED = "crane_turned"  # a crane turns colourless when it is scored (p. 27)
    CITIZEN_UNPAID = "citizen_unpaid"  # a citizen turns inactive when not paid at a scoring (p. 27)
    CITIZEN_REACTIVATED = "citizen_reactivated"  # active again: paid at a scoring, or joined (p. 26)
    CITIZEN_PLACED = "citizen_placed"  # a citizen placed is active, and so is the first (p. 26)
    LAYOUT_CHANGED = "layout_changed"  # the forum keeps the layout laid out at set-up (p. 18)
    ENVOY_LEFT = "envoy_left"  # an envoy stays on its square (p. 25)
    # the board on its own
    TEMPLE_COUNT = "temple_count"  # exactly four temples (p. 19)
    TEMPLE_ON_CORNER = "temple_on_corner"  # the corners hold the cranes (p. 19)
    CORNER_BUILT = "corner_built"  # cranes are never built over (p. 22)
    CORNER_VACATED = "corner_vacated"  # a corner's taken tile uncovers its crane (p. 22)
    CRANE_OFF_CORNER = "crane_off_corner"  # cranes lie only in the corners (p. 19)
    CRANE_TWICE = "crane_twice"  # one crane per colour (p. 19)
    ROW_FULL = "row_full"  # a citizen row has two spaces (p. 19)
    NEGATIVE = "negative"  # a supply count below zero
    ENVOY_ON_GAP = "envoy_on_gap"  # a gap holds no envoy (p. 25)
    SQUARE_TAKEN = "square_taken"  # one envoy per square (p. 25)
    NO_SQUARES = "no_squares"  # a forum needs its squares (p. 18)


#: English rulebook page of each rule. Board facts like BOARD_SIZE (vocabulary.py): the
#: shape of the game, not scoring figures, so they stay beside the rules they page.
PAGES: dict[BoardRule, int] = {
    BoardRule.TEMPLE_MOVED: 19, BoardRule.TEMPLE_BUILT: 22, BoardRule.TILE_RETURNED: 20,
    BoardRule.BUILT_CHANGED: 22, BoardRule.CRANE_COVERED: 22, BoardRule.CRANE_RECOLOURED: 27,
    BoardRule.CRANE_COLOUR: 19, BoardRule.CITIZEN_LEFT: 26, BoardRule.PRESTIGE_BACK: 21,
    BoardRule.PRESTIGE_CYPRESS: 26,
    BoardRule.CRANE_TURNED: 27, BoardRule.CITIZEN_UNPAID: 27, BoardRule.CITIZEN_REACTIVATED: 26,
    BoardRule.CITIZEN_PLACED: 26,
    BoardRule.LAYOUT_CHANGED: 18, BoardRule.ENVOY_LEFT: 25,
    BoardRule.TEMPLE_COUNT: 19, BoardRule.TEMPLE_ON_CORNER: 19, BoardRule.CORNER_BUILT: 22,
    BoardRule.CORNER_VACATED: 22, BoardRule.CRANE_OFF_CORNER: 19, BoardRule.CRANE_TWICE: 19,
    BoardRule.ROW_FULL: 19, BoardRule.NEGATIVE: 21,
    BoardRule.ENVOY_ON_GAP: 25, BoardRule.SQUARE_TAKEN: 25, BoardRule.NO_SQUARES: 18,
}


@dataclass(frozen=True)
class BoardProblem:
    """One broken rule: where (a square, a citizen row, a track or a supply key), what the
    board showed there before and what it shows now."""

    rule: BoardRule
    square: Square | None = None
    row: int | None = None  # citizen row 1..6
    key: Track | str | None = None  # a track, or a supply count's name
    was: Any = None  # Cell, ForumSquare, Colour, count...
    now: Any = None

    @property
    def page(self) -> int:
        return PAGES[self.rule]


# --- The colonia -----------------------------------------------------------------------


def blank_colonia() -> Colonia:
    """Every space under its Colonia tile: a board before set-up (temples not yet typed)."""
    return Colonia(tuple((COVERED,) * BOARD_SIZE for _ in range(BOARD_SIZE)))


def blank_sheet(name: str) -> PlayerSheet:
    """A board at set-up, before anything is typed: every space covered, and one envoy on
    the ship, the Colonia tile left over lying at the river back up (p. 19) as own tiles
    lie on the ship (p. 21) -- no edition names the space: the tool's reading."""
    return PlayerSheet(name=name, colonia=blank_colonia(), supply=Supply(ship=1))


def is_setup(recorded: PlayerSheet | None) -> bool:
    """No board recorded yet, or one without temples: the next record is the set-up."""
    return recorded is None or not recorded.colonia.where(CellKind.TEMPLE)


def _crane_rank(cell: Cell) -> int:
    """covered 0 -> colour side up 1 -> colourless 2 (pp. 22, 27)."""
    if cell.kind is CellKind.COVERED:
        return 0
    return 2 if cell.crane_scored else 1


def _corner_shape(square: Square, cell: Cell) -> BoardProblem | None:
    """What may lie in a corner at all: its tile, or its crane (pp. 19, 22)."""
    if cell.kind in (CellKind.GRAY, CellKind.STRUCTURE):
        return BoardProblem(BoardRule.CORNER_BUILT, square, now=cell)
    if cell.kind is CellKind.TEMPLE:
        return BoardProblem(BoardRule.TEMPLE_ON_CORNER, square, now=cell)
    if cell.kind is CellKind.VACATED:
        return BoardProblem(BoardRule.CORNER_VACATED, square, now=cell)
    return None


def _cell_growth(square: Square, was: Cell, now: Cell, setup: bool) -> BoardProblem | None:
    """The one growth rule ``was -> now`` breaks on this space, if any."""
    if was == now:
        return None
    if is_corner(square):
        if now.kind not in (CellKind.COVERED, CellKind.CRANE) or was.kind not in (
            CellKind.COVERED, CellKind.CRANE
        ):
            return None  # not a crane change: the corner's shape check answers it
        if _crane_rank(now) < _crane_rank(was):
            rule = BoardRule.CRANE_COVERED if now.kind is CellKind.COVERED else BoardRule.CRANE_RECOLOURED
            return BoardProblem(rule, square, was=was, now=now)
        if was.colour is not None and now.colour is not None:
            return BoardProblem(BoardRule.CRANE_COLOUR, square, was=was.colour, now=now.colour)
        return None
    if was.kind is CellKind.TEMPLE:
        rule = BoardRule.TEMPLE_BUILT if now.is_building_tile else BoardRule.TEMPLE_MOVED
        return BoardProblem(rule, square, was=was, now=now)
    if now.kind is CellKind.TEMPLE:
        if setup and was.kind is CellKind.COVERED:
            return None  # set-up: the player types the temples printed on the board
        return BoardProblem(BoardRule.TEMPLE_MOVED, square, was=was, now=now)
    if now.kind is CellKind.CRANE:
        return BoardProblem(BoardRule.CRANE_OFF_CORNER, square, was=was, now=now)
    if was.is_building_tile:
        return BoardProblem(BoardRule.BUILT_CHANGED, square, was=was, now=now)
    if was.kind is CellKind.VACATED and now.kind is CellKind.COVERED:
        return BoardProblem(BoardRule.TILE_RETURNED, square, was=was, now=now)
    return None


def growth_problems(before: PlayerSheet | None, after: PlayerSheet) -> list[BoardProblem]:
    """Every way ``after`` is not a later state of ``before`` (the board as recorded).

    ``before`` None (or without temples) is the set-up: temples and crane colours may be
    placed then. Problems come in board order (row by row), then citizens.
    """
    if before is None:
        return []
    setup = is_setup(before)
    found: list[BoardProblem] = []
    for square, was in before.colonia.squares():
        problem = _cell_growth(square, was, after.colonia.at(square), setup)
        if problem is not None:
            found.append(problem)
    for square in CORNERS:
        was_colour, now_colour = before.crane_colours.get(square), after.crane_colours.get(square)
        # A sheet that does not say a corner's colour (a colourless K, a covered corner)
        # leaves it as recorded; only a different colour is a change.
        if not setup and was_colour is not None and now_colour is not None and now_colour is not was_colour and not any(
            p.square == square and p.rule is BoardRule.CRANE_COLOUR for p in found
        ):
            found.append(BoardProblem(BoardRule.CRANE_COLOUR, square, was=was_colour, now=now_colour))
    for row in range(1, BOARD_SIZE + 1):
        was_n, now_n = len(before.citizens.get(row, ())), len(after.citizens.get(row, ()))
        if now_n < was_n:
            found.append(BoardProblem(BoardRule.CITIZEN_LEFT, row=row, was=was_n, now=now_n))
    was_bar, now_bar = before.prestige, after.prestige
    if now_bar.upgrades < was_bar.upgrades:
        found.append(BoardProblem(BoardRule.PRESTIGE_BACK, key="prestige.upgrades",
                                  was=was_bar.upgrades, now=now_bar.upgrades))
    if was_bar.turned and not now_bar.turned:
        found.append(BoardProblem(BoardRule.PRESTIGE_BACK, key="prestige.turned", was=True, now=False))
    made = range(1, min(was_bar.upgrades, now_bar.upgrades) + 1)  # the upgrades both boards hold
    was_jumps = sorted(n for n in was_bar.to_cypress if n in made)
    now_jumps = sorted(n for n in now_bar.to_cypress if n in made)
    if was_jumps != now_jumps:
        found.append(BoardProblem(BoardRule.PRESTIGE_CYPRESS, key="prestige.cypress",
                                  was=" ".join(map(str, was_jumps)) or "-",
                                  now=" ".join(map(str, now_jumps)) or "-"))
    return found


def state_problems(before: PlayerSheet | None, after: PlayerSheet, *,
                   first_scoring_done: bool) -> list[BoardProblem]:
    """Every change of ``before -> after`` that only a scoring phase makes (pp. 26-27).

    A crane turns to its colourless side when it is scored, and a citizen turns inactive
    when it is not paid: both happen in a scoring phase, never in a record made between
    them. An inactive citizen is active again when paid at a scoring, or when a second
    citizen is placed in its row (a placed citizen is active, and makes the first one
    active too, p. 26). So a record may not turn a crane colourless, nor a citizen inactive
    or active; and the set-up shows neither a colourless crane nor an inactive citizen
    unless a scoring came before it (``first_scoring_done``: a scoring phase of this game
    was played, or the game was joined in a later cycle).

    Checked when a board is recorded, not when a saved game is replayed: games saved
    before these checks keep replaying as they were.
    """
    setup = is_setup(before)
    found: list[BoardProblem] = []
    for square in CORNERS:
        was = COVERED if before is None or setup else before.colonia.at(square)
        problem = _crane_state(square, was, after.colonia.at(square), setup, first_scoring_done)
        if problem is not None:
            found.append(problem)
    for row in range(1, BOARD_SIZE + 1):
        was_states = () if before is None or setup else tuple(before.citizens.get(row, ()))
        problem = _row_state(row, was_states, tuple(after.citizens.get(row, ())), setup, first_scoring_done)
        if problem is not None:
            found.append(problem)
    return found


def _crane_state(square: Square, was: Cell, now: Cell, setup: bool,
                 first_scoring_done: bool) -> BoardProblem | None:
    """Only a scoring turns a crane colourless (p. 27); a set-up may show one scored before."""
    if now.crane_scored and not was.crane_scored and not (setup and first_scoring_done):
        return BoardProblem(BoardRule.CRANE_TURNED, square, was=was, now=now)
    return None


def _row_state(row: int, was: tuple, now: tuple, setup: bool,
               first_scoring_done: bool) -> BoardProblem | None:
    """Only a scoring turns citizens inactive, or active again unless a second citizen
    joins the row (pp. 26-27)."""
    if setup:
        if not first_scoring_done and CitizenState.INACTIVE in now:
            return BoardProblem(BoardRule.CITIZEN_UNPAID, row=row, was=(), now=now)
        return None
    if len(now) > len(was):
        if CitizenState.INACTIVE in now:
            return BoardProblem(BoardRule.CITIZEN_PLACED, row=row, was=was, now=now)
    elif len(now) == len(was) and now != was:
        turned_off = any(w is CitizenState.ACTIVE and n is CitizenState.INACTIVE
                         for w, n in zip(was, now, strict=True))
        rule = BoardRule.CITIZEN_UNPAID if turned_off else BoardRule.CITIZEN_REACTIVATED
        return BoardProblem(rule, row=row, was=was, now=now)
    return None


def sheet_problems(sheet: PlayerSheet) -> list[BoardProblem]:
    """What is wrong with a board on its own (a file's parser says the same in its words)."""
    found: list[BoardProblem] = []
    temples = sheet.colonia.where(CellKind.TEMPLE)
    for square, cell in sheet.colonia.squares():
        if is_corner(square):
            problem = _corner_shape(square, cell)
            if problem is not None:
                found.append(problem)
        elif cell.kind is CellKind.CRANE:
            found.append(BoardProblem(BoardRule.CRANE_OFF_CORNER, square, now=cell))
    if len(temples) != TEMPLE_COUNT:
        found.append(BoardProblem(BoardRule.TEMPLE_COUNT, was=TEMPLE_COUNT, now=len(temples)))
    seen: dict[Any, Square] = {}
    for square in CORNERS:
        cell = sheet.colonia.at(square)
        if cell.kind is CellKind.CRANE and cell.colour is not None:
            if cell.colour in seen:
                found.append(BoardProblem(BoardRule.CRANE_TWICE, square, was=seen[cell.colour],
                                          now=cell.colour))
            seen.setdefault(cell.colour, square)
    for row in range(1, BOARD_SIZE + 1):
        if len(sheet.citizens.get(row, ())) > ROW_SPACES:
            found.append(BoardProblem(BoardRule.ROW_FULL, row=row,
                                      now=len(sheet.citizens[row])))
    supply = sheet.supply
    counts = {"coins": supply.coins, "tribunes": supply.tribunes, "builders": supply.builders,
              "assistants": supply.assistants, "ship": supply.ship,
              **{f"workers.{c.value}": n for c, n in supply.workers.items()}}
    found += [BoardProblem(BoardRule.NEGATIVE, key=k, now=n) for k, n in counts.items() if n < 0]
    return found


def cell_change_problem(
    recorded: PlayerSheet | None, current: PlayerSheet, square: Square, new: Cell, *,
    first_scoring_done: bool = False,
) -> BoardProblem | None:
    """May this space of ``current`` become ``new``, given the board as recorded (and
    whether a scoring lies behind the table, for the state rules of ``state_problems``)?

    None when it may; else the reason. The editor asks this before every keystroke that
    places something, so what the rules forbid cannot be typed.
    """
    setup = is_setup(recorded)
    was = recorded.colonia.at(square) if recorded is not None else COVERED
    if is_corner(square):
        problem = _corner_shape(square, new) or _crane_state(square, was, new, setup,
                                                             first_scoring_done)
        if problem is not None:
            return problem
        if new.kind is CellKind.CRANE and new.colour is not None:
            known = current.crane_colours.get(square)
            if known is not None and known is not new.colour:
                return BoardProblem(BoardRule.CRANE_COLOUR, square, was=known, now=new.colour)
            for other, colour in current.crane_colours.items():
                if other != square and colour is new.colour:
                    return BoardProblem(BoardRule.CRANE_TWICE, square, was=other, now=new.colour)
    elif new.kind is CellKind.CRANE:
        return BoardProblem(BoardRule.CRANE_OFF_CORNER, square, was=was, now=new)
    elif new.kind is CellKind.TEMPLE and current.colonia.at(square).kind is not CellKind.TEMPLE:
        temples = len(current.colonia.where(CellKind.TEMPLE))
        if setup and was.kind is CellKind.COVERED and temples >= TEMPLE_COUNT:
            return BoardProblem(BoardRule.TEMPLE_COUNT, square, was=TEMPLE_COUNT, now=temples + 1)
    return _cell_growth(square, was, new, setup)


def citizens_problem(recorded: PlayerSheet | None, row: int, states: tuple, *,
                     first_scoring_done: bool = False) -> BoardProblem | None:
    """May citizen row ``row`` hold ``states`` (left space first), given the board as
    recorded and whether a scoring lies behind the table?"""
    count = len(states)
    if count > ROW_SPACES:
        return BoardProblem(BoardRule.ROW_FULL, row=row, now=count)
    was = tuple(recorded.citizens.get(row, ())) if recorded is not None else ()
    if count < len(was):
        return BoardProblem(BoardRule.CITIZEN_LEFT, row=row, was=len(was), now=count)
    return _row_state(row, was, tuple(states), is_setup(recorded), first_scoring_done)


# --- The forum -------------------------------------------------------------------------


def forum_is_setup(recorded: Forum | None) -> bool:
    """No forum recorded yet, or one without squares: the group lays it out now."""
    return recorded is None or not any(True for _ in recorded.squares())


def _kind(square: ForumSquare | None) -> Any:
    """What the layout shows on a square: a gap (None), an eagle or a colour."""
    if square is None:
        return None
    return "eagle" if square.is_eagle else square.colour


def _owner(forum: Forum, square: ForumSquare | None) -> str | None:
    """The player (by name, when known) whose envoy stands on the square."""
    if square is None or square.envoy is None:
        return None
    return forum.players.get(square.envoy, square.envoy)


def forum_growth_problems(before: Forum | None, after: Forum) -> list[BoardProblem]:
    """Every way ``after`` is not a later state of ``before``: layout and envoys (pp. 18, 25)."""
    found: list[BoardProblem] = []
    if not any(True for _ in after.squares()):
        found.append(BoardProblem(BoardRule.NO_SQUARES))
    if forum_is_setup(before):
        return found
    assert before is not None  # no forum recorded is the set-up
    height = max(before.height, after.height)
    width = max(before.width, after.width)
    for row in range(height):
        for col in range(width):
            square = (col, row)
            was, now = before.at(square), after.at(square)
            if _kind(was) != _kind(now):
                found.append(BoardProblem(BoardRule.LAYOUT_CHANGED, square,
                                          was=_kind(was), now=_kind(now)))
                continue
            owner = _owner(before, was)
            if owner is not None and _owner(after, now) != owner:
                found.append(BoardProblem(BoardRule.ENVOY_LEFT, square, was=owner,
                                          now=_owner(after, now)))
    return found


def forum_square_problem(
    recorded: Forum | None, current: Forum, square: Square, new: ForumSquare | None
) -> BoardProblem | None:
    """May this forum square become ``new`` (a layout square, a gap, an envoy on it)?"""
    if forum_is_setup(recorded):
        return None
    assert recorded is not None  # no forum recorded is the set-up
    was = recorded.at(square)
    if _kind(was) != _kind(new):
        return BoardProblem(BoardRule.LAYOUT_CHANGED, square, was=_kind(was), now=_kind(new))
    owner = _owner(recorded, was)
    if owner is not None and _owner(current, new) != owner:
        return BoardProblem(BoardRule.ENVOY_LEFT, square, was=owner, now=_owner(current, new))
    return None
