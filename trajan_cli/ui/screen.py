"""The editors' screens: a character canvas drawn from the editor state, for prompt_toolkit.

Every screen is laid out for 80 x 24 and reads without colour: cells show their grid token,
the cursor is framed in brackets, changed cells carry a dot, refusals start with a cross.
Colours only add to that (styles in ``app.py``). A smaller terminal gets a short notice
saying the size it needs.
"""

from __future__ import annotations

from collections.abc import Callable

from ..core.colonia import Square, is_corner
from ..core.sheet import TRACK_END
from ..core.vocabulary import BOARD_SIZE, COLUMN_LETTERS, CellKind, Citizen, Colour, square_name
from ..i18n import _
from ..parsing.grid import token_of
from ..render.board_text import track_label
from ..render.names import citizen_name, colour_name, gray_name
from .colonia_state import (
    COLOUR_KEYS,
    GRAY_KEYS,
    KEY_OF_FIELD,
    PANEL,
    ColoniaEditor,
    Focus,
    cell_words,
    field_label,
)
from .forum_state import ForumEditor

MIN_WIDTH, MIN_HEIGHT = 80, 24
Handler = Callable[[Square], None] | None


class Canvas:
    """A grid of characters, each with a style class and an optional click handler."""

    def __init__(self, width: int, height: int):
        self.width, self.height = max(width, 0), max(height, 0)
        self.chars = [[" "] * self.width for _ in range(self.height)]
        self.styles = [[""] * self.width for _ in range(self.height)]
        self.clicks: list[list[Callable[[], None] | None]] = [[None] * self.width for _ in range(self.height)]

    def put(self, row: int, col: int, text: str, style: str = "", width: int | None = None,
            click: Callable[[], None] | None = None) -> int:
        """Write ``text`` (cut with an ellipsis to ``width`` when given); returns the end column."""
        if width is not None:
            text = text if len(text) <= width else text[: max(width - 1, 0)] + "…"
            text = text[:width].ljust(width)
        if not 0 <= row < self.height:
            return col + len(text)
        for offset, ch in enumerate(text):
            x = col + offset
            if 0 <= x < self.width:
                # No-break spaces are printable on a terminal (French puts them before ':').
                self.chars[row][x] = ch if ch.isprintable() or ch in "\u00a0\u202f" else "?"
                self.styles[row][x] = style
                self.clicks[row][x] = click
        return col + len(text)

    def fill(self, row: int, style: str) -> None:
        if 0 <= row < self.height:
            self.styles[row] = [style] * self.width

    def fragments(self, mouse: Callable | None = None) -> list[tuple]:
        """prompt_toolkit style-and-text fragments, runs of one style and handler merged."""
        out: list[tuple] = []
        for row in range(self.height):
            chars, styles, clicks = self.chars[row], self.styles[row], self.clicks[row]
            start = 0
            for x in range(1, self.width + 1):
                if x == self.width or styles[x] != styles[start] or clicks[x] is not clicks[start]:
                    text = "".join(chars[start:x])
                    style = f"class:{styles[start]}" if styles[start] else ""
                    if clicks[start] is not None and mouse is not None:
                        out.append((style, text, mouse(clicks[start])))
                    else:
                        out.append((style, text))
                    start = x
            if row < self.height - 1:
                out.append(("", "\n"))
        return out

    def text(self) -> str:
        """The screen as plain text (tests, the benchmark)."""
        return "\n".join("".join(line).rstrip() for line in self.chars)


def wrap(text: str, width: int) -> list[str]:
    import textwrap

    return textwrap.wrap(text, max(width, 1)) or [""]


def too_small(canvas: Canvas, message: str | None = None) -> Canvas:
    """The one thing a window too small shows: ``message`` (a translated text with the
    fields {width} {height} {min_width} {min_height}, naming the screen), the board
    editor's by default."""
    if message is None:
        message = _("The terminal is {width}x{height}; the board editor needs at least "
                    "{min_width}x{min_height}. Enlarge the window, or press Esc to leave.")
    message = message.format(width=canvas.width, height=canvas.height, min_width=MIN_WIDTH,
                             min_height=MIN_HEIGHT)
    for row, line in enumerate(wrap(message, canvas.width)[: canvas.height]):
        canvas.put(row, 0, line, "refusal")
    return canvas


def keymap_line(canvas: Canvas, row: int, col: int, width: int, pairs) -> None:
    """'key word  key word ...' with the keys in bold, within ``width``: the pairs set off
    by one space when two do not fit, and a pair that still does not fit left out whole
    (the title names the key of the help, which lists every key), never cut."""
    pairs = list(pairs)
    gap = "  "
    if sum(len(k) + 1 + len(w) for k, w in pairs) + 2 * (len(pairs) - 1) > width:
        gap = " "
    x, end = col, col + width
    for key, word in pairs:
        if x + len(key) + 1 + len(word) > end:
            break
        x = canvas.put(row, x, key, "key")
        x = canvas.put(row, x, " " + word, "")
        x += len(gap)


def status_lines(canvas: Canvas, first: int, status, lines: int = 2) -> None:
    if not status.text:
        return
    text = ("✗ " if status.refusal else "") + status.text
    wrapped = wrap(text, canvas.width)
    if lines < 1:
        return
    if len(wrapped) > lines:
        wrapped = wrapped[: lines - 1] + [wrapped[lines - 1][: canvas.width - 1] + "…"]
    for offset, line in enumerate(wrapped):
        canvas.put(first + offset, 0, line, "refusal" if status.refusal else "ok")


def help_screen(canvas: Canvas, title: str, entries: list[tuple[str, str]], first: int = 2,
                lines: int | None = 3, back: str | None = None) -> Canvas:
    """Every key: ``entries`` from row ``first``, each text on at most ``lines`` rows
    (None: as many as it takes), down to the row above the last; on the last, ``back``:
    how to go back to the screen the help is of (the editors' board when not given)."""
    canvas.fill(0, "title")
    canvas.put(0, 0, " " + title, "title")
    row = first
    for key, text in entries:
        if row > canvas.height - 2:
            break
        canvas.put(row, 2, key, "key", width=16)
        for line in wrap(text, canvas.width - 20)[:lines]:
            if row > canvas.height - 2:
                break
            canvas.put(row, 19, line)
            row += 1
    canvas.put(canvas.height - 1, 0, back or _("Press any key to go back to the board."), "dim")
    return canvas


# --- The colonia ---------------------------------------------------------------------------

GRID_LEFT, GRID_TOP = 3, 2  # the box's top-left corner
CELL = 6  # five characters inside, one border
PANEL_LEFT = 42


def cell_look(editor: ColoniaEditor, square: Square) -> tuple[str, str]:
    """The 3-character token of a space and its style class."""
    cell = editor.sheet.colonia.at(square)
    token = token_of(cell)
    style = {CellKind.COVERED: "covered", CellKind.VACATED: "vacated", CellKind.TEMPLE: "temple",
             CellKind.GRAY: "gray", CellKind.CRANE: "crane"}.get(cell.kind, "")
    if cell.kind is CellKind.STRUCTURE:
        style = f"tile-{cell.colour.value}"
    elif cell.kind is CellKind.CRANE and cell.colour is not None:
        style = f"crane-{cell.colour.value}"
    elif cell.kind is CellKind.COVERED and is_corner(square):
        hidden = editor.sheet.crane_colours.get(square)
        if hidden is not None:
            token = f"?K{hidden.letter}"
    return token, style


def framed(canvas: Canvas, editor, help_title: str, help_rows, title) -> Canvas | None:
    """What both editors draw first: a screen too small, the help page (either is the whole
    screen, returned), or the title line. ``help_rows`` and ``title`` are called only when
    drawn."""
    if canvas.width < MIN_WIDTH or canvas.height < MIN_HEIGHT:
        return too_small(canvas)
    if editor.help:
        return help_screen(canvas, help_title, help_rows())
    canvas.fill(0, "title")
    canvas.put(0, 0, " " + title(), "title", width=canvas.width - 14)
    canvas.put(0, canvas.width - 13, _("? all keys").rjust(12), "title", width=12)
    return None


def draw_colonia(editor: ColoniaEditor, width: int, height: int, on_cell=None, on_field=None) -> Canvas:
    canvas = Canvas(width, height)

    def title() -> str:
        if editor.setup:
            mode = _("set-up: {n} of 4 temples").format(n=len(editor.sheet.colonia.where(CellKind.TEMPLE)))
        else:
            mode = _("changes since the last record")
        return _("Colonia of {name}").format(name=editor.sheet.name) + " · " + mode

    whole = framed(canvas, editor, _("Board editor: every key"), colonia_help, title)
    if whole is not None:
        return whole
    colonia_grid(canvas, editor, on_cell)
    # Keymap under the grid
    gray_keys = [(k, token_of_gray(g)) for k, g in GRAY_KEYS.items()]
    colours = " ".join(COLOUR_KEYS)
    keymap = [
        [("←↓↑→ hjkl", _("move")), ("A-F", _("column")), ("1-6", _("row"))],
        gray_keys,
        [(colours, _("structure / crane colour"))],
        [(".", _("vacate")), ("x", _("as recorded")), ("t", _("temple"))],
        [("K", _("crane")), ("+ -", _("citizens")), ("Tab", _("panel"))],
        [("u", _("undo")), ("Enter", _("save")), ("Esc", _("leave")), ("?", _("help"))],
    ]
    for offset, pairs in enumerate(keymap):
        keymap_line(canvas, 15 + offset, 1, PANEL_LEFT - 2, pairs)
    draw_panel(canvas, editor, on_field)
    # Info and status, the three lines under it all
    info_and_status(canvas, 21, info_text(editor), editor.status)
    return canvas


def colonia_grid(canvas: Canvas, editor: ColoniaEditor, on_cell=None) -> None:
    """The 6 x 6 colonia with its column letters and row numbers (rows 1-14 of the screen)."""
    for col in range(BOARD_SIZE):
        canvas.put(GRID_TOP - 1, GRID_LEFT + 1 + col * CELL, COLUMN_LETTERS[col].center(5), "dim")
    rule = "─────"
    canvas.put(GRID_TOP, GRID_LEFT, "┌" + "┬".join([rule] * BOARD_SIZE) + "┐", "frame")
    for row in range(BOARD_SIZE):
        y = GRID_TOP + 1 + 2 * row
        canvas.put(y, 0, f"{row + 1:>2}", "dim")
        for col in range(BOARD_SIZE):
            x = GRID_LEFT + col * CELL
            canvas.put(y, x, "│", "frame")
            token, style = cell_look(editor, (col, row))
            square = (col, row)
            click = (lambda sq=square: on_cell(sq)) if on_cell else None
            if editor.focus is Focus.GRID and editor.cursor == square:
                canvas.put(y, x + 1, "[" + token.center(3) + "]", "cursor", click=click)
            else:
                canvas.put(y, x + 1, " " + token.center(3), style, click=click)
                marker = "•" if editor.changed(square) else " "
                canvas.put(y, x + 5, marker, "changed" if editor.changed(square) else style, click=click)
        canvas.put(y, GRID_LEFT + BOARD_SIZE * CELL, "│", "frame")
        joint = "└┴┘" if row == BOARD_SIZE - 1 else "├┼┤"
        canvas.put(y + 1, GRID_LEFT, joint[0] + joint[1].join([rule] * BOARD_SIZE) + joint[2], "frame")


def info_and_status(canvas: Canvas, first: int, info: str, status, lines: int = 3) -> None:
    """The info line (what is under the cursor) wrapped, and the status line under it: the
    status takes the lines it needs (up to two), the info what is left (at least one)."""
    said = wrap(("✗ " if status.refusal else "") + status.text, canvas.width) if status.text else []
    shown = wrap(info, canvas.width)[: max(1, lines - min(len(said), lines - 1))]
    if len(wrap(info, canvas.width)) > len(shown):
        shown[-1] = shown[-1][: canvas.width - 1] + "…"
    for offset, line in enumerate(shown):
        canvas.put(first + offset, 0, line, "info", width=canvas.width)
    status_lines(canvas, first + len(shown), status, lines - len(shown))


def token_of_gray(kind) -> str:
    from ..core.colonia import gray

    return token_of(gray(kind))


def info_text(editor: ColoniaEditor) -> str:
    if editor.focus is Focus.GRID:
        square = editor.cursor
        cell = editor.sheet.colonia.at(square)
        hint = editor.sheet.crane_colours.get(square) if is_corner(square) else None
        text = _("{cell}: {what}").format(cell=square_name(*square), what=cell_words(cell, hint))
        if editor.recorded is not None and editor.changed(square):
            text += " · " + _("recorded: {what}").format(what=cell_words(editor.recorded_cell(square), hint))
        citizen = citizen_name(Citizen.of_row(square[1] + 1))
        return text + " · " + _("row {row}: {citizen}").format(row=square[1] + 1, citizen=citizen)
    field = editor.field
    if field.kind == "citizens":
        return _("{what}: + adds a citizen, - takes one added by mistake, space turns the row "
                 "active or inactive").format(what=field_label(field))
    return _("{what}: + and - change it, digits type it").format(what=field_label(field))


def draw_panel(canvas: Canvas, editor: ColoniaEditor, on_field=None) -> None:
    x, w = PANEL_LEFT, canvas.width - PANEL_LEFT - 1
    focused = editor.focus is Focus.PANEL

    def style_of(line: int, index: int) -> str:
        return "cursor" if focused and editor.panel == (line, index) else "field"

    def click(line: int, index: int):
        return (lambda: on_field(line, index)) if on_field else None

    canvas.put(1, x, _("Citizens"), "heading", width=w)
    for line in range(BOARD_SIZE):
        row = line + 1
        states = editor.sheet.citizens.get(row, ())
        people = " ".join("●" if s.value == "active" else "○" for s in states) or "-"
        recorded_n = len(editor.recorded.citizens.get(row, ())) if editor.recorded else 0
        mark = "•" if editor.recorded is not None and len(states) != recorded_n else " "
        here = not focused and editor.cursor[1] == line
        label = f"{row} {citizen_name(Citizen.of_row(row))}"
        canvas.put(2 + line, x, label, "here" if here else "", width=18)
        canvas.put(2 + line, x + 18, f" {people:<3} ", style_of(line, 0), click=click(line, 0))
        canvas.put(2 + line, x + 23, mark, "changed")
    canvas.put(8, x, _("Supply"), "heading", width=w)
    row_y = 9
    for line in range(BOARD_SIZE, BOARD_SIZE + 4):
        fields = PANEL[line]
        cx = x
        for index, field in enumerate(fields):
            if field.kind == "workers":
                if index == 0:
                    words = f"{KEY_OF_FIELD[field]} {_('workers')} "
                    cx = canvas.put(row_y, cx, words, "", width=min(len(words), w - 17))
                text = f"{field.key.letter} {editor.value(field)}"
                cx = canvas.put(row_y, cx, f" {text} ", style_of(line, index), click=click(line, index))
                continue
            span = w // len(fields)
            label = f"{KEY_OF_FIELD[field]} {field_label(field)}"
            value = str(editor.value(field))
            room = span - len(value) - 3
            canvas.put(row_y, cx, label, "", width=max(room, 0))
            canvas.put(row_y, cx + max(room, 0), f" {value} ", style_of(line, index), click=click(line, index))
            cx += span
        row_y += 1
    canvas.put(13, x, _("Benefit tracks (set by the buildings)"), "heading", width=w)
    for offset, (track, step) in enumerate(editor.sheet.tracks.items()):
        bar = "■" * step + "□" * (TRACK_END - step)
        canvas.put(14 + offset, x, track_label(track), "", width=w - 10)
        canvas.put(14 + offset, x + w - 10, f" {bar} {step}/{TRACK_END} ", "")
    legend = [
        _("? covered  . vacated  T temple"),
        _("Kg crane, colour up  K scored"),
        _("?Kg covered, green crane below"),
        _("● active  ○ inactive  • changed"),
    ]
    for offset, text in enumerate(legend):
        canvas.put(17 + offset, x, text, "dim", width=w)


def colonia_help() -> list[tuple[str, str]]:
    colours = " ".join(COLOUR_KEYS)
    names = ", ".join(colour_name(c) for c in Colour)
    grays = ", ".join(f"{k} {gray_name(g)}" for k, g in GRAY_KEYS.items())
    return [
        (_("arrows, hjkl"), _("move the cursor; the mouse moves it too")),
        ("A-F 1-6", _("jump to a column (capital letter) or a row")),
        (" ".join(GRAY_KEYS), _("build a gray building: {buildings}").format(buildings=grays)),
        (colours, _("build a structure of that colour ({names}); on a corner, uncover the "
                    "crane of that colour (at set-up: the crane lying there)").format(names=names)),
        (". " + _("space"), _("vacate: the Colonia tile was taken, nothing built")),
        ("x Del", _("put the space back as it was recorded")),
        ("t", _("temple (set-up only; again to take it away)")),
        ("K", _("crane: covered -> colour side up -> scored (colourless)")),
        ("+ -", _("add or take back a citizen in the cursor's row")),
        ("Tab", _("board <-> side panel (citizens, supply, tracks)")),
        (_("in the panel"), _("arrows move, the key beside a count goes to it (w then b g o y: "
                              "that colour's workers), + - and digits change it, space turns a "
                              "citizen row (in)active")),
        ("u Ctrl-Z", _("undo the last change")),
        ("Enter", _("save (only a board that keeps the rules)")),
        ("Esc", _("leave without saving")),
    ]


# --- The forum -----------------------------------------------------------------------------

FORUM_TOP, FORUM_LEFT = 2, 4
FORUM_PANEL = 56


def forum_cell_width(editor: ForumEditor) -> int:
    return max(4, 3 + max((len(m) for m in editor.marks), default=1))


def forum_grid(canvas: Canvas, editor: ForumEditor, on_cell=None) -> None:
    """The forum's squares (rows 1-14 of the screen, left of the panel), scrolled to the cursor."""
    cw = forum_cell_width(editor)
    cols_fit = max(1, (FORUM_PANEL - FORUM_LEFT - 1) // cw)
    rows_fit = 12
    bw, bh = editor.bounds
    col0 = min(max(editor.cursor[0] - cols_fit + 1, 0), max(bw - cols_fit, 0))
    row0 = min(max(editor.cursor[1] - rows_fit + 1, 0), max(bh - rows_fit, 0))
    for col in range(col0, min(bw, col0 + cols_fit)):
        canvas.put(FORUM_TOP - 1, FORUM_LEFT + (col - col0) * cw, square_name(col, 0)[:-1].center(cw), "dim")
    for row in range(row0, min(bh, row0 + rows_fit)):
        y = FORUM_TOP + (row - row0)
        canvas.put(y, 0, f"{row + 1:>3}", "dim")
        for col in range(col0, min(bw, col0 + cols_fit)):
            square = (col, row)
            cell = editor.at(square)
            outside = col >= editor.width or row >= editor.height
            if cell is None:
                token, style = ("+" if outside else "·"), "dim"
            else:
                token = ("E" if cell.is_eagle else cell.colour.letter) + (cell.envoy or "")
                style = "eagle" if cell.is_eagle else f"tile-{cell.colour.value}"
            click = (lambda sq=square: on_cell(sq)) if on_cell else None
            x = FORUM_LEFT + (col - col0) * cw
            if editor.cursor == square:
                canvas.put(y, x, "[" + token.center(cw - 2) + "]", "cursor", click=click)
            else:
                changed = editor.changed(square)
                canvas.put(y, x, " " + token.center(cw - 2), style, click=click)
                canvas.put(y, x + cw - 1, "•" if changed else " ", "changed" if changed else style,
                           click=click)
    if col0 > 0 or col0 + cols_fit < bw or row0 > 0 or row0 + rows_fit < bh:
        canvas.put(FORUM_TOP + rows_fit, FORUM_LEFT, _("(the forum scrolls with the cursor)"), "dim")


def draw_forum(editor: ForumEditor, width: int, height: int, on_cell=None, on_player=None) -> Canvas:
    canvas = Canvas(width, height)
    whole = framed(canvas, editor, _("Forum editor: every key"), forum_help, lambda: _("Forum") + " · " + (
        _("set-up: the layout") if editor.setup else _("envoys since the last record")))
    if whole is not None:
        return whole
    forum_grid(canvas, editor, on_cell)
    # Players
    x, w = FORUM_PANEL, width - FORUM_PANEL - 1
    canvas.put(1, x, _("Envoys per player"), "heading", width=w)
    for index, mark in enumerate(editor.marks):
        label = f"{index + 1} {mark} {editor.players[mark]}"
        count = str(editor.envoys(mark))
        style = "cursor" if index == editor.player else "field"
        click = (lambda i=index: on_player(i)) if on_player else None
        canvas.put(2 + index, x, label, style, width=w - len(count) - 1, click=click)
        canvas.put(2 + index, x + w - len(count) - 1, " " + count, style, click=click)
    sample = f"{next(iter(COLOUR_KEYS))}{editor.marks[0] if editor.marks else 'T'}"
    legend = [" ".join(COLOUR_KEYS) + "  " + _("mosaic squares"), _("E eagle space  · gap"),
              _("{sample}  envoy of {mark}").format(sample=sample, mark=sample[1:]),
              _("• new in this edit")]
    for offset, text in enumerate(legend):
        canvas.put(9 + offset, x, text, "dim", width=w)
    choose = f"Tab 1-{len(editor.marks)}" if len(editor.marks) > 1 else "Tab"
    keymap = [
        [("←↓↑→ hjkl", _("move")), (choose, _("player")), ("u", _("undo"))],
        [(_("space"), _("place an envoy")), ("x", _("take it back"))],
        [("Enter", _("save")), ("Esc", _("leave")), ("?", _("help"))],
    ]
    if editor.setup:
        keymap.insert(2, [(" ".join(COLOUR_KEYS), _("square colour")), ("e", _("eagle")),
                          ("-", _("gap"))])
    for offset, pairs in enumerate(keymap):
        keymap_line(canvas, 16 + offset, 1, width - 2, pairs)
    here = editor.at(editor.cursor)
    if here is None:
        what = _("gap")
    elif here.is_eagle:
        what = _("eagle space")
    else:
        what = colour_name(here.colour)
    if here is not None and here.envoy:
        what += " · " + _("envoy of {name}").format(name=editor.players.get(here.envoy, here.envoy))
    info = _("{cell}: {what}").format(cell=square_name(*editor.cursor), what=what)
    if editor.marks:
        info += " · " + _("placing for {name}").format(name=editor.players[editor.mark])
    info_and_status(canvas, 21, info, editor.status)
    return canvas


def forum_help() -> list[tuple[str, str]]:
    colours = " ".join(COLOUR_KEYS)
    return [
        (_("arrows, hjkl"), _("move the cursor; the mouse moves it too")),
        (colours, _("set-up: a mosaic square of that colour")),
        ("e", _("set-up: an eagle space")),
        ("-", _("set-up: a gap (no square)")),
        (_("past the edge"), _("set-up: typing a square there makes the forum wider or longer")),
        ("Tab 1-4", _("choose the player whose envoys you place")),
        (_("space") + " p +", _("place that player's envoy on the square")),
        ("x Del", _("take back an envoy placed in this edit")),
        ("u Ctrl-Z", _("undo the last change")),
        ("Enter", _("save")),
        ("Esc", _("leave without saving")),
    ]
