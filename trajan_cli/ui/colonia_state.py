"""What the colonia editor knows and does, key by key, without any terminal library.

``ColoniaEditor.press(key)`` takes one key (``"up"``, ``"enter"``, ``"escape"``, ``"tab"``,
``"c-z"``..., or the character typed) and changes the board, the cursor or the status line.
Everything the rules forbid is refused here, with the reason and page (core/board.py), so
the board in the editor is always one that may be saved except for the temple count.
The screen (``screen.py``) draws this state; ``app.py`` feeds it the terminal's keys.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Any

from ..core.board import (
    BoardProblem,
    BoardRule,
    cell_change_problem,
    citizens_problem,
    growth_problems,
    is_setup,
    sheet_problems,
)
from ..core.colonia import COVERED, SCORED_CRANE, TEMPLE, VACATED, Cell, Square, crane, gray, is_corner, structure
from ..core.sheet import PlayerSheet
from ..core.vocabulary import (
    BOARD_SIZE,
    COLUMN_LETTERS,
    CellKind,
    CitizenState,
    Colour,
    GrayType,
    square_name,
)
from ..i18n import _, ngettext
from ..render.board_text import problem_text, supply_label
from ..render.names import colour_name, gray_name

#: The four gray buildings: keys that are not movement (hjkl), colours or jumps.
GRAY_KEYS: dict[str, GrayType] = {"c": GrayType.COLUMN, "i": GrayType.LIBRARY,
                                  "s": GrayType.BASILICA, "m": GrayType.MARKET}
COLOUR_KEYS: dict[str, Colour] = {c.letter: c for c in Colour}
MOVES: dict[str, tuple[int, int]] = {
    "left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1),
    "h": (-1, 0), "l": (1, 0), "k": (0, -1), "j": (0, 1),
}
VACATE_KEYS = (".", " ")
RESTORE_KEYS = ("x", "delete", "backspace")
TEMPLE_KEY, CRANE_KEY, UNDO_KEYS, HELP_KEY = "t", "K", ("u", "c-z"), "?"
SAVE_KEYS, LEAVE_KEYS = ("enter",), ("escape", "c-c", "c-q")
MAX_COUNT = 99  # a supply count typed with digits
#: ASCII digits only: str.isdigit() also says yes to "²", which int() refuses.
DIGITS = frozenset("0123456789")

ACTIVE, INACTIVE = CitizenState.ACTIVE, CitizenState.INACTIVE
SUPPLY_COUNTS = ("coins", "tribunes", "builders", "assistants", "ship")


class Focus(Enum):
    GRID = "grid"
    PANEL = "panel"


@dataclass(frozen=True)
class Field:
    """One value of the side panel: a citizen row, a supply count, a worker colour."""

    kind: str  # "citizens" | "supply" | "workers"
    key: Any  # row 1..6 | supply count name | Colour | Track


#: The side panel, line by line (up/down move between lines, left/right within one).
PANEL: tuple[tuple[Field, ...], ...] = (
    *((Field("citizens", row),) for row in range(1, BOARD_SIZE + 1)),
    (Field("supply", "coins"), Field("supply", "tribunes")),
    (Field("supply", "builders"), Field("supply", "assistants")),
    tuple(Field("workers", c) for c in Colour),
    (Field("supply", "ship"),),
    # No track fields: the buildings place the benefit-track markers (p. 24).
)


#: In the side panel, a key for each count, so that it is reached directly (one Down too
#: many cannot change the wrong count); the panel shows each key beside its field.
FIELD_KEYS: dict[str, Field] = {
    "c": Field("supply", "coins"), "t": Field("supply", "tribunes"),
    "b": Field("supply", "builders"), "a": Field("supply", "assistants"),
    "w": Field("workers", Colour.BLUE), "s": Field("supply", "ship"),
}
KEY_OF_FIELD = {field: key for key, field in FIELD_KEYS.items()}
WORKER_FIELD_KEY = "w"  # then a colour key: that colour's workers


def place_of(field: Field) -> tuple[int, int]:
    """(line, index) of a field in PANEL."""
    return next((line, fields.index(field)) for line, fields in enumerate(PANEL) if field in fields)


@dataclass(frozen=True)
class Status:
    text: str
    refusal: bool = False


@dataclass(frozen=True)
class Snapshot:
    sheet: PlayerSheet
    cursor: Square
    focus: Focus
    panel: tuple[int, int]


class EditorState:
    """What the colonia and the forum editor share: the help page, Enter and Esc, the undo
    stack and the status line. A subclass handles its own keys (``_key``), says how to go
    back to a snapshot (``_back_to``), what a save would record (``_to_save``) and how to
    take in a board recorded elsewhere meanwhile (``_rebase``).

    ``saver``, when given, records the board on Enter while the editor is still open: it
    returns None (recorded: the editor closes), a message (not recorded: shown, the editor
    stays open), or a ``recording.ChangedMeanwhile`` (another window recorded on the board
    and both changed a value: the editor takes in the board as recorded now, keeps the
    edits on screen and says what conflicts)."""

    def __init__(self, greeting: str, saver: Callable[[Any], Any] | None = None):
        self.history: list[Any] = []
        self.help = False
        self.done = False
        self.result: Any = None
        self.status = Status(greeting)
        self.saver = saver

    def press(self, key: str) -> None:
        if self.done:
            return
        # Any key closes the help, Esc included (Esc must not leave from there); Ctrl-C leaves.
        if self.help and key not in ("c-c", "c-q"):
            self.help = False
            return
        self._any_key(key)
        if key == HELP_KEY:
            self.help = True
        elif key in SAVE_KEYS:
            self.save()
        elif key in LEAVE_KEYS:
            self.done, self.result = True, None
        elif key in UNDO_KEYS:
            self.undo()
        else:
            self._key(key)

    def _any_key(self, key: str) -> None:
        """Called for every key the editor acts on, before it does."""

    def _key(self, key: str) -> None:
        raise NotImplementedError

    def _refuse(self, problem: BoardProblem) -> None:
        self.status = Status(problem_text(problem), refusal=True)

    def _unknown(self, key: str) -> None:
        if len(key) == 1 and key.isprintable():
            self.status = Status(_("{key!r} does nothing here; ? shows every key").format(key=key),
                                 refusal=True)

    # --- Undo, save --------------------------------------------------------------------------

    def undo(self) -> None:
        if not self.history:
            self.status = Status(_("nothing to undo"))
            return
        self._back_to(self.history.pop())
        self.status = Status(ngettext("undone; {n} more step to undo", "undone; {n} more steps to undo",
                                      len(self.history)).format(n=len(self.history)))

    def _back_to(self, snapshot: Any) -> None:
        raise NotImplementedError

    def _to_save(self) -> tuple[Any, list[BoardProblem]]:
        """What Enter would record, and every reason it may not be."""
        raise NotImplementedError

    def save(self) -> None:
        result, problems = self._to_save()
        if problems:
            text = problem_text(problems[0])
            if len(problems) > 1:
                text = ngettext("{problem} (and {n} more)", "{problem} (and {n} more)",
                            len(problems) - 1).format(problem=text, n=len(problems) - 1)
            self.status = Status(_("Not saved: {reason}").format(reason=text), refusal=True)
            return
        outcome = None if self.saver is None else self.saver(result)
        if isinstance(outcome, str):
            self.status = Status(_("Not saved: {reason}").format(reason=outcome), refusal=True)
            return
        if outcome is not None:
            self._rebase(outcome.board, outcome.merged)
            self.status = Status(_("Recorded meanwhile in another window: {changes}. Nothing is saved "
                                   "yet; your other edits are kept with it. Enter saves what is shown.").format(
                changes="; ".join(self._conflict_text(c) for c in outcome.conflicts)), refusal=True)
            return
        self.done, self.result = True, result

    def _rebase(self, recorded: Any, merged: Any) -> None:
        """Take ``recorded`` as the board recorded, and show ``merged`` (undo goes back)."""
        raise NotImplementedError

    def _conflict_text(self, conflict: Any) -> str:
        raise NotImplementedError


def key_conflicts() -> list[str]:
    """Keys bound twice in the grid (a colour letter could one day collide with a command)."""
    keys = [*GRAY_KEYS, *COLOUR_KEYS, "h", "j", "k", "l", *VACATE_KEYS, "x", TEMPLE_KEY,
            CRANE_KEY, "u", HELP_KEY, "+", "-", *COLUMN_LETTERS, *(str(r) for r in range(1, 7))]
    return sorted({k for k in keys if keys.count(k) > 1})


def cell_words(cell: Cell, colour_hint: Colour | None = None) -> str:
    """A cell in words: 'library', 'blue structure', 'covered (green crane below)'..."""
    match cell.kind:
        case CellKind.COVERED:
            if colour_hint is not None:
                return _("covered ({colour} crane below)").format(colour=colour_name(colour_hint))
            return _("covered")
        case CellKind.VACATED:
            return _("vacated")
        case CellKind.TEMPLE:
            return _("temple")
        case CellKind.GRAY:
            return gray_name(cell.gray)
        case CellKind.STRUCTURE:
            return _("{colour} structure").format(colour=colour_name(cell.colour))
        case CellKind.CRANE:
            if cell.colour is None:
                return _("crane, scored (colourless side)")
            return _("{colour} crane, colour side up").format(colour=colour_name(cell.colour))
    raise AssertionError(cell)


def field_label(field: Field) -> str:
    from ..core.vocabulary import Citizen
    from ..render.names import citizen_name

    if field.kind == "citizens":
        return citizen_name(Citizen.of_row(field.key))
    if field.kind == "supply":
        return supply_label(field.key)
    return supply_label(f"workers.{field.key.value}")


class ColoniaEditor(EditorState):
    """The board being edited, the board as recorded, the cursor, the undo stack."""

    def __init__(self, sheet: PlayerSheet, recorded: PlayerSheet | None, *,
                 first_scoring_done: bool = False, saver: Callable[[PlayerSheet], Any] | None = None):
        self.sheet = sheet
        self.recorded = recorded
        self.setup = is_setup(recorded)
        #: A scoring lies behind the table: a set-up may show scored cranes and inactive
        #: citizens (board.state_problems).
        self.first_scoring_done = first_scoring_done
        self.cursor: Square = (0, 0)
        self.focus = Focus.GRID
        self.panel = (0, 0)  # (line, index) in PANEL
        self._typing: Field | None = None  # the field whose digits are being typed
        self._after_w = self._worker_colour = False  # w pressed: a colour key may follow
        super().__init__(
            _("Set-up: type the 4 temples (t) and put each corner's crane colour on it (its "
              "colour key).") if self.setup else
            _("Record what changed since the last record. Enter saves, Esc leaves, ? shows "
              "every key."), saver)

    # --- What the screen asks ------------------------------------------------------------

    def recorded_cell(self, square: Square) -> Cell:
        return self.recorded.colonia.at(square) if self.recorded is not None else COVERED

    def changed(self, square: Square) -> bool:
        return self.recorded is not None and self.sheet.colonia.at(square) != self.recorded_cell(square)

    @property
    def field(self) -> Field:
        line, index = self.panel
        return PANEL[line][index]

    def value(self, field: Field) -> Any:
        if field.kind == "citizens":
            return self.sheet.citizens.get(field.key, ())
        if field.kind == "supply":
            return getattr(self.sheet.supply, field.key)
        return self.sheet.supply.workers[field.key]

    # --- Keys -----------------------------------------------------------------------------

    def _any_key(self, key: str) -> None:
        if key != "backspace" and key not in DIGITS:
            self._typing = None  # digits typed next start a new number
        # ``w`` went to the workers: a colour key right after it picks that colour's count.
        self._worker_colour, self._after_w = self._after_w, False

    def _key(self, key: str) -> None:
        if key in ("tab", "s-tab"):
            self.focus = Focus.PANEL if self.focus is Focus.GRID else Focus.GRID
            self._clear_status()
        elif self.focus is Focus.GRID:
            self._grid_key(key)
        else:
            self._panel_key(key)

    def click_cell(self, square: Square) -> None:
        self.help = False
        self.focus, self.cursor = Focus.GRID, square
        self._clear_status()

    def click_field(self, line: int, index: int) -> None:
        self.help = False
        self.focus, self.panel, self._typing = Focus.PANEL, (line, index), None
        self._clear_status()

    def _clear_status(self) -> None:
        self.status = Status("")

    # --- The grid ---------------------------------------------------------------------------

    def _grid_key(self, key: str) -> None:
        col, row = self.cursor
        if key in MOVES:
            dc, dr = MOVES[key]
            self.cursor = (min(max(col + dc, 0), BOARD_SIZE - 1), min(max(row + dr, 0), BOARD_SIZE - 1))
            self._clear_status()
        elif key in ("home", "end"):
            self.cursor = (0 if key == "home" else BOARD_SIZE - 1, row)
        elif len(key) == 1 and key in COLUMN_LETTERS:
            self.cursor = (COLUMN_LETTERS.index(key), row)
            self._clear_status()
        elif key in DIGITS and 1 <= int(key) <= BOARD_SIZE:
            self.cursor = (col, int(key) - 1)
            self._clear_status()
        elif key in GRAY_KEYS:
            self.place(gray(GRAY_KEYS[key]))
        elif key in COLOUR_KEYS:
            self._colour(COLOUR_KEYS[key])
        elif key in VACATE_KEYS:
            self.place(VACATED)
        elif key in RESTORE_KEYS:
            self._restore()
        elif key == TEMPLE_KEY:
            self._temple()
        elif key == CRANE_KEY:
            self._crane()
        elif key in ("+", "-"):
            self._citizens_step(row + 1, 1 if key == "+" else -1)
        else:
            self._unknown(key)

    def _apply(self, sheet: PlayerSheet, message: str) -> None:
        self.history.append(Snapshot(self.sheet, self.cursor, self.focus, self.panel))
        self.sheet = sheet
        self.status = Status(message)

    def _with_cell(self, square: Square, cell: Cell, **changes) -> PlayerSheet:
        return dataclasses.replace(self.sheet, colonia=self.sheet.colonia.replace(square, cell), **changes)

    def place(self, cell: Cell) -> None:
        square = self.cursor
        current = self.sheet.colonia.at(square)
        words = cell_words(cell)
        if current == cell:
            self.status = Status(_("{cell} is {what} already").format(cell=square_name(*square), what=words))
            return
        problem = cell_change_problem(self.recorded, self.sheet, square, cell,
                                      first_scoring_done=self.first_scoring_done)
        if problem is not None:
            self._refuse(problem)
            return
        self._apply(self._with_cell(square, cell),
                    _("{cell}: {what}").format(cell=square_name(*square), what=words))

    def _restore(self) -> None:
        square = self.cursor
        cell = self.recorded_cell(square)
        if self.sheet.colonia.at(square) == cell:
            self.status = Status(_("{cell} is as recorded").format(cell=square_name(*square)))
            return
        self._apply(self._with_cell(square, cell), _("{cell}: back to {what}, as recorded").format(
            cell=square_name(*square), what=cell_words(cell)))

    def _temple(self) -> None:
        square = self.cursor
        if self.sheet.colonia.at(square).kind is CellKind.TEMPLE and self.setup:
            self._apply(self._with_cell(square, self.recorded_cell(square)),
                        _("{cell}: temple taken away").format(cell=square_name(*square)))
            return
        self.place(TEMPLE)
        if not self.status.refusal and self.setup:
            count = len(self.sheet.colonia.where(CellKind.TEMPLE))
            self.status = Status(_("{cell}: temple ({n} of 4)").format(cell=square_name(*square), n=count))

    def _colour(self, colour: Colour) -> None:
        square = self.cursor
        if not is_corner(square):
            self.place(structure(colour))
            return
        cell = self.sheet.colonia.at(square)
        if self.setup and cell.kind is CellKind.COVERED:
            self._choose_crane_colour(square, colour)
        else:
            self.place(crane(colour))

    def _choose_crane_colour(self, square: Square, colour: Colour) -> None:
        """Set-up: the crane of this colour lies under this corner (p. 19)."""
        colours = dict(self.sheet.crane_colours)
        if colours.get(square) is colour:
            self.status = Status(_("{cell}: the {colour} crane lies here already").format(
                cell=square_name(*square), colour=colour_name(colour)))
            return
        for other, shown in colours.items():
            cell = self.sheet.colonia.at(other)
            if shown is colour and cell.kind is CellKind.CRANE and cell.colour is colour:
                self._refuse(BoardProblem(BoardRule.CRANE_TWICE, square, was=other, now=colour))
                return
        moved = [other for other, shown in colours.items() if shown is colour]
        colours = {sq: c for sq, c in colours.items() if c is not colour and sq != square}
        colours[square] = colour
        message = _("{cell}: {colour} crane below").format(cell=square_name(*square),
                                                            colour=colour_name(colour))
        if moved:
            message = _("{message} (taken from {other})").format(message=message,
                                                                 other=square_name(*moved[0]))
        self._apply(dataclasses.replace(self.sheet, crane_colours=colours), message)

    def _crane(self) -> None:
        """Covered -> colour side up -> colourless, as far as the recorded board allows."""
        square = self.cursor
        if not is_corner(square):
            self._refuse(BoardProblem(BoardRule.CRANE_OFF_CORNER, square, now=crane(None)))
            return
        known = self.sheet.crane_colours.get(square)
        states = [COVERED] + ([crane(known)] if known is not None else []) + [SCORED_CRANE]
        current = self.sheet.colonia.at(square)
        start = states.index(current) if current in states else 0
        for step in range(1, len(states)):
            cell = states[(start + step) % len(states)]
            if cell_change_problem(self.recorded, self.sheet, square, cell,
                                   first_scoring_done=self.first_scoring_done) is None:
                self.place(cell)
                if known is None and cell == SCORED_CRANE and current == COVERED:
                    self.status = Status(_("{status}; its colour is unknown: type the colour key "
                                           "to show the colour side").format(status=self.status.text))
                return
        problem = cell_change_problem(self.recorded, self.sheet, square,
                                      states[(start + 1) % len(states)],
                                      first_scoring_done=self.first_scoring_done)
        if problem is not None:
            self._refuse(problem)

    # --- Citizens, supply, tracks -------------------------------------------------------------

    def _set_citizens(self, row: int, states: tuple[CitizenState, ...], message: str) -> None:
        problem = citizens_problem(self.recorded, row, states,
                                   first_scoring_done=self.first_scoring_done)
        if problem is not None:
            self._refuse(problem)
            return
        citizens = {**self.sheet.citizens, row: states}
        if not states:
            citizens.pop(row)
        self._apply(dataclasses.replace(self.sheet, citizens=citizens), message)

    def _citizens_step(self, row: int, step: int) -> None:
        states = tuple(self.sheet.citizens.get(row, ()))
        if step > 0:
            # A second citizen makes an inactive first one active again (p. 26).
            new = (ACTIVE,) * (len(states) + 1) if states and len(states) < 2 else states + (ACTIVE,)
        else:
            new = states[:-1]
            recorded = tuple(self.recorded.citizens.get(row, ())) if self.recorded else ()
            if len(new) == len(recorded):  # back to the row as recorded, states and all
                new = recorded
        self._set_citizens(row, new, self._citizens_message(row, new))

    def _citizens_message(self, row: int, states: tuple[CitizenState, ...]) -> str:
        active = sum(1 for s in states if s is ACTIVE)
        return ngettext("row {row}: {n} citizen, {active} active", "row {row}: {n} citizens, {active} active",
                        len(states)).format(row=row, n=len(states), active=active)

    def _toggle_citizens(self, row: int) -> None:
        states = tuple(self.sheet.citizens.get(row, ()))
        if not states:
            self.status = Status(_("row {row} has no citizen yet; + adds one").format(row=row), refusal=True)
            return
        new = (INACTIVE if any(s is ACTIVE for s in states) else ACTIVE,) * len(states)
        self._set_citizens(row, new, self._citizens_message(row, new))

    def _set_value(self, field: Field, value: int) -> None:
        label = field_label(field)
        if field.kind == "citizens":
            states = tuple(self.sheet.citizens.get(field.key, ()))
            new = states[:value] if value <= len(states) else states + (ACTIVE,) * (value - len(states))
            self._set_citizens(field.key, new, self._citizens_message(field.key, new))
            return
        if value < 0:
            self._refuse(BoardProblem(BoardRule.NEGATIVE, key=field.key if field.kind == "supply"
                                      else f"workers.{field.key.value}", now=value))
            return
        value = min(value, MAX_COUNT)
        supply = self.sheet.supply
        if field.kind == "workers":
            supply = dataclasses.replace(supply, workers={**supply.workers, field.key: value})
        else:
            supply = dataclasses.replace(supply, **{field.key: value})
        self._apply(dataclasses.replace(self.sheet, supply=supply),
                    _("{what}: {n}").format(what=label, n=value))

    def _panel_key(self, key: str) -> None:
        line, index = self.panel
        field = self.field
        vertical = {"up": -1, "k": -1, "down": 1, "j": 1}
        horizontal = {"left": -1, "h": -1, "right": 1, "l": 1}
        if key in vertical:
            line = min(max(line + vertical[key], 0), len(PANEL) - 1)
            self.panel = (line, min(index, len(PANEL[line]) - 1))
            self._clear_status()
        elif key in horizontal:
            self.panel = (line, min(max(index + horizontal[key], 0), len(PANEL[line]) - 1))
            self._clear_status()
        elif self._worker_colour and key in COLOUR_KEYS:
            colour = COLOUR_KEYS[key]
            self.panel = place_of(Field("workers", colour))
            self.status = Status(_("{what}: + - or digits").format(
                what=supply_label(f"workers.{colour.value}")))
        elif key in FIELD_KEYS:
            self.panel = place_of(FIELD_KEYS[key])
            self._clear_status()
            if key == WORKER_FIELD_KEY:
                self._after_w = True
                self.status = Status(_("Workers: b g o y picks the colour (now {what}).").format(
                    what=supply_label(f"workers.{Colour.BLUE.value}")))
        elif key in ("+", "="):
            self._step(field, 1)
        elif key == "-":
            self._step(field, -1)
        elif key == " " and field.kind == "citizens":
            self._toggle_citizens(field.key)
        elif key in DIGITS:
            digit = int(key)
            typed = self.value(field) if self._typing == field and field.kind in ("supply", "workers") else None
            self._set_value(field, digit if typed is None else typed * 10 + digit)
            self._typing = field
        elif key == "backspace" and field.kind in ("supply", "workers"):
            self._set_value(field, self.value(field) // 10)
            self._typing = field
        else:
            self._unknown(key)

    def _step(self, field: Field, step: int) -> None:
        if field.kind == "citizens":
            self._citizens_step(field.key, step)
        else:
            self._set_value(field, self.value(field) + step)

    # --- Undo, save --------------------------------------------------------------------------

    def _back_to(self, snap: Snapshot) -> None:
        self.sheet, self.cursor, self.focus, self.panel = snap.sheet, snap.cursor, snap.focus, snap.panel

    def problems(self) -> list[BoardProblem]:
        return growth_problems(self.recorded, self.sheet) + sheet_problems(self.sheet)

    def _to_save(self) -> tuple[PlayerSheet, list[BoardProblem]]:
        return self.sheet, self.problems()

    def _rebase(self, recorded: PlayerSheet | None, merged: PlayerSheet) -> None:
        self.history.append(Snapshot(self.sheet, self.cursor, self.focus, self.panel))
        self.recorded, self.sheet = recorded, merged
        self.setup = is_setup(recorded)

    def _conflict_text(self, conflict) -> str:
        mine, theirs = conflict.mine, conflict.theirs
        match conflict.kind:
            case "cell":
                what, mine, theirs = square_name(*conflict.key), cell_words(mine), cell_words(theirs)
            case "citizens":
                from ..core.vocabulary import Citizen
                from ..render.names import citizen_name

                what, mine, theirs = citizen_name(Citizen.of_row(conflict.key)), len(mine), len(theirs)
            case "supply":
                what = supply_label(conflict.key)
            case "workers":
                what = supply_label(f"workers.{conflict.key.value}")
            case "crane":  # a crane's colour under a corner
                what = square_name(*conflict.key)
                mine, theirs = (colour_name(c) if c is not None else "-" for c in (mine, theirs))
            case _:  # another value of the board, as a whole
                what = conflict.kind
        return _("{what}: {theirs} (yours: {mine})").format(what=what, theirs=theirs, mine=mine)
