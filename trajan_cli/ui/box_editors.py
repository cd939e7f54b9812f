"""The box's editors: a side of a player board is a colonia where the four temples are
placed; a mosaic face is a small forum typed square by square, the cursor moving on by
itself after each square (``/`` ends a row; the first row ends sets the face's width, and
later rows wrap there on their own).

Both reuse the board editors: the key handling of ``colonia_state``/``forum_state`` and
the grids ``screen.py`` draws. The prompts for the track and the bar (rows of numbers)
are in :func:`ask_row`.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from typing import Any

from ..core.board import BoardProblem, BoardRule, blank_sheet
from ..core.box import ColoniaSide, MosaicFace, face_problems
from ..core.colonia import TEMPLE
from ..core.forum import Forum
from ..core.vocabulary import COLUMN_LETTERS, TEMPLE_COUNT, CellKind, square_name
from ..i18n import _
from ..render.names import colour_name
from .colonia_state import COLOUR_KEYS, DIGITS, MOVES, RESTORE_KEYS, TEMPLE_KEY, ColoniaEditor, Status
from .forum_state import EAGLE_KEYS, GAP_KEY, MAX_HEIGHT, MAX_WIDTH, ForumEditor

#: Ends a row of a face: the cursor goes to the start of the next row.
ROW_KEY = "/"


class TempleEditor(ColoniaEditor):
    """A side of a player board: only its four temples are placed (t on a square; t
    again, x or Backspace takes it away). Enter saves a :class:`ColoniaSide`."""

    def __init__(self, side: ColoniaSide, saver: Callable[[Any], Any] | None = None):
        sheet = blank_sheet(side.name)
        for square in side.temples:
            sheet = dataclasses.replace(sheet, colonia=sheet.colonia.replace(square, TEMPLE))
        super().__init__(sheet, None, saver=saver)
        self.name = side.name
        self.status = Status(_("Side {side}: put the cursor on each temple printed on this side and "
                               "press t. Enter saves, Esc leaves.").format(side=side.name))

    @property
    def temples(self) -> frozenset:
        return frozenset(self.sheet.colonia.where(CellKind.TEMPLE))

    def _key(self, key: str) -> None:
        if key in MOVES or key in ("home", "end") or key == TEMPLE_KEY \
                or len(key) == 1 and key in COLUMN_LETTERS or key in DIGITS:
            self._grid_key(key)
        elif key in RESTORE_KEYS:
            if self.sheet.colonia.at(self.cursor).kind is CellKind.TEMPLE:
                self._temple()  # takes it away
            else:
                self.status = Status(_("{cell} holds no temple").format(cell=square_name(*self.cursor)))
        else:
            self._unknown(key)

    def _unknown(self, key: str) -> None:
        if len(key) == 1 and key.isprintable() or key in ("tab", "s-tab"):
            self.status = Status(_("a side shows only its temples: t places one; ? shows every key"),
                                 refusal=True)

    def _to_save(self) -> tuple[ColoniaSide, list[BoardProblem]]:
        count = len(self.temples)
        problems = [] if count == TEMPLE_COUNT else [BoardProblem(BoardRule.TEMPLE_COUNT, was=TEMPLE_COUNT,
                                                                  now=count)]
        return ColoniaSide(self.name, self.temples), problems


class FaceEditor(ForumEditor):
    """A face of a mosaic board, typed row by row: each square typed (b g o y, e eagle
    space, - gap) moves the cursor on; ``/`` ends a row. Enter saves a :class:`MosaicFace`."""

    def __init__(self, face: MosaicFace, saver: Callable[[Any], Any] | None = None):
        width = face.width
        grid = tuple(tuple(row) + (None,) * (width - len(row)) for row in face.grid)
        super().__init__(Forum(grid=grid), None, (), saver)
        self.name = face.name
        #: The face's width, once known (its first row ended, or the face known already).
        self.row_width: int | None = width or None
        self.status = Status(_("Face {face}: type its squares row by row (b g o y, e eagle, - gap); "
                               "/ ends a row. Enter saves, Esc leaves.").format(face=face.name))

    @property
    def bounds(self) -> tuple[int, int]:
        width, height = super().bounds
        if self.row_width is not None:
            width = max(min(self.row_width, MAX_WIDTH), 1)
        return width, height

    def _key(self, key: str) -> None:
        if key in COLOUR_KEYS or key in EAGLE_KEYS or key == GAP_KEY:
            done = len(self.history)
            at = self.cursor
            super()._key(key)
            if not self.status.refusal and (len(self.history) > done or key == GAP_KEY or self.at(at) is not None):
                self._advance(at)
        elif key == ROW_KEY:
            self._end_row()
        elif key in MOVES or key in ("home", "end"):
            super()._key(key)
        else:
            self._unknown(key)

    def _unknown(self, key: str) -> None:
        if len(key) == 1 and key.isprintable() or key == "tab":
            self.status = Status(_("a face shows squares only: b g o y, e eagle, - gap, / next row; "
                                   "? shows every key"), refusal=True)

    def _advance(self, square: tuple[int, int]) -> None:
        col, row = square
        if self.row_width is not None and col + 1 >= self.row_width:
            self.cursor = (0, min(row + 1, MAX_HEIGHT - 1))
        else:
            self.cursor = (min(col + 1, MAX_WIDTH - 1), row)

    def _end_row(self) -> None:
        col, row = self.cursor
        if col == 0 and self.row_width is not None:  # the row before ended by itself
            self.status = Status(_("row {row}").format(row=row + 1))
            return
        if self.row_width is None:
            if col == 0:
                self.status = Status(_("type the squares of the first row, then / ends it"), refusal=True)
                return
            self.row_width = col
        self.cursor = (0, min(row + 1, MAX_HEIGHT - 1))
        self.status = Status(_("row {row}").format(row=self.cursor[1] + 1))

    def face(self) -> MosaicFace:
        return MosaicFace(self.name, self.trimmed().grid)

    def save(self) -> None:
        problems = face_problems(self.face())
        if problems:
            self.status = Status(_("Not saved: {reason}").format(reason=problems[0].show()), refusal=True)
            return
        super().save()

    def _to_save(self) -> tuple[MosaicFace, list[BoardProblem]]:  # type: ignore[override]
        return self.face(), []


# --- Screens ---------------------------------------------------------------------------------------


def side_help() -> list[tuple[str, str]]:
    return [
        (_("arrows, hjkl"), _("move the cursor; the mouse moves it too")),
        ("A-F 1-6", _("go to that column or row")),
        ("t", _("a temple on this square (t again takes it away)")),
        ("x Del", _("take the temple away")),
        ("u Ctrl-Z", _("undo the last change")),
        ("Enter", _("save (four temples)")),
        ("Esc", _("leave without saving")),
    ]


def face_help() -> list[tuple[str, str]]:
    return [
        (" ".join(COLOUR_KEYS), _("a mosaic square of that colour; the cursor moves on")),
        ("e", _("an eagle space; the cursor moves on")),
        ("-", _("a gap (no square); the cursor moves on")),
        ("/", _("end of the row: the next row starts (the first row sets the face's width)")),
        (_("arrows, hjkl"), _("move the cursor to retype a square")),
        ("u Ctrl-Z", _("undo the last change")),
        ("Enter", _("save")),
        ("Esc", _("leave without saving")),
    ]


def draw_side(editor: TempleEditor, width: int, height: int, on_cell=None):
    from .screen import PANEL_LEFT, Canvas, colonia_grid, framed, info_and_status, keymap_line, wrap

    canvas = Canvas(width, height)
    whole = framed(canvas, editor, _("Side editor: every key"), side_help, lambda: _(
        "Side {side} · {n} of 4 temples").format(side=editor.name, n=len(editor.temples)))
    if whole is not None:
        return whole
    colonia_grid(canvas, editor, on_cell)
    about = _("The temples printed on side {side}: the same on every board for side A (p. 18), "
              "each board's own for a side B. The corners are the cranes' spaces.").format(side=editor.name)
    for offset, line in enumerate(wrap(about, width - PANEL_LEFT - 1)[:10]):
        canvas.put(2 + offset, PANEL_LEFT, line, "dim")
    keymap = [[("←↓↑→ hjkl", _("move")), ("A-F", _("column")), ("1-6", _("row"))],
              [("t", _("temple")), ("x", _("take it away")), ("u", _("undo"))],
              [("Enter", _("save")), ("Esc", _("leave")), ("?", _("help"))]]
    for offset, pairs in enumerate(keymap):
        keymap_line(canvas, 15 + offset, 1, width - 2, pairs)
    temples = " ".join(square_name(*sq) for sq in sorted(editor.temples, key=lambda q: (q[1], q[0])))
    info_and_status(canvas, 21, _("{cell} · temples: {temples}").format(
        cell=square_name(*editor.cursor), temples=temples or "-"), editor.status)
    return canvas


def draw_face(editor: FaceEditor, width: int, height: int, on_cell=None):
    from .screen import FORUM_PANEL, Canvas, forum_grid, framed, info_and_status, keymap_line

    canvas = Canvas(width, height)
    size = "" if editor.row_width is None else " · " + _("{n} wide").format(n=editor.row_width)
    whole = framed(canvas, editor, _("Face editor: every key"), face_help,
                   lambda: _("Face {face}").format(face=editor.name) + size)
    if whole is not None:
        return whole
    forum_grid(canvas, editor, on_cell)
    x, w = FORUM_PANEL, width - FORUM_PANEL - 1
    legend = [" ".join(COLOUR_KEYS) + "  " + _("mosaic squares"), _("e  eagle space"), _("-  gap"),
              _("/  next row")]
    for offset, text in enumerate(legend):
        canvas.put(2 + offset, x, text, "dim", width=w)
    keymap = [[("b g o y", _("square")), ("e", _("eagle")), ("-", _("gap")), ("/", _("next row"))],
              [("←↓↑→ hjkl", _("move")), ("u", _("undo")), ("Enter", _("save")), ("Esc", _("leave"))]]
    for offset, pairs in enumerate(keymap):
        keymap_line(canvas, 16 + offset, 1, width - 2, pairs)
    here = editor.at(editor.cursor)
    what = _("gap") if here is None else _("eagle space") if here.is_eagle else colour_name(here.colour)
    info_and_status(canvas, 21, _("{cell}: {what}").format(cell=square_name(*editor.cursor), what=what),
                    editor.status)
    return canvas


def side_app(side: ColoniaSide, *, input: Any = None, output: Any = None):
    """The side editor's state and its Application (tests drive them)."""
    from .app import build_app

    editor = TempleEditor(side)
    return editor, build_app(editor, draw_side, {"on_cell": editor.click_cell}, input=input, output=output)


def face_app(face: MosaicFace, *, input: Any = None, output: Any = None):
    """The face editor's state and its Application (tests drive them)."""
    from .app import build_app

    editor = FaceEditor(face)
    return editor, build_app(editor, draw_face, {"on_cell": editor.click_cell}, input=input, output=output)


def edit_side(side: ColoniaSide, **kw: Any) -> ColoniaSide | None:
    """The side with its temples as placed, or None when left without saving."""
    from .app import run

    return run(side_app(side, **kw)[1])


def edit_face(face: MosaicFace, **kw: Any) -> MosaicFace | None:
    """The face as typed, or None when left without saving."""
    from .app import run

    return run(face_app(face, **kw)[1])


def ask_row(question: str, parse: Callable[[str], Any], default: str = "") -> Any:
    """A row of values typed on one line, asked again (with what was typed) until ``parse``
    reads it: it returns the value, or a string saying what is wrong."""
    from .choose import ask_text
    from .prompts import fitted_question

    text = default
    while True:
        text = ask_text(fitted_question("?", question), text)
        value = parse(text)
        if not isinstance(value, str):
            return value
        print("✗ " + value)

