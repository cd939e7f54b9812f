"""The table screen (`trajan play`), drawn on the board editor's canvas at 80 x 24.

    row 0      cycle, round, street cards, whose turn
    row 1      points so far
    rows 2-9   the current player's colonia (citizens beside their rows) | the forum
    rows 10-11 supply, ship, benefit tracks, slide bar
    rows 12-14 the cycle's Trajan card and the player's progress on it
    rows 16-18 what the keys do now: the palette, a menu, the street cards
    row 19     the turn's notation line as it is built (longer than a row: rows 19-20)
    row 20     keys that always work (row 21 under a long notation line)
    row 21     the space under the cursor (not under a long notation line)
    rows 22-23 the status line: what was recorded, or a refusal with its page

It reads without colour: covered spaces show ``?``, the tiles taken this turn and the parts
built are marked with a dot, the spaces and squares on offer with ``*`` (and underlined), the
cursor is framed in brackets. The scoring phase replaces the pictures by the standings.

This module lays the screen out and draws what the keys do now; the pictures (rows 2-14)
are ``draw_boards.py``'s, the scoring phase's standings ``draw_scoring.py``'s.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.colonia import is_corner
from ...core.turns.moves import RoundStart, UseKind
from ...core.vocabulary import Citizen, square_name
from ...i18n import _
from ...parsing.notation import format_line
from ...render.names import citizen_name, colour_name
from ...render.table_words import palette_pairs, part_pairs, use_kind_pairs
from ..colonia_state import cell_words
from ..screen import Canvas, help_screen, keymap_line, status_lines, too_small
from .draft import Mode
from .draw_boards import CARD_ROW, draw_card, draw_colonia, draw_forum, draw_supply
from .draw_scoring import draw_over, draw_scored, draw_scoring

if TYPE_CHECKING:
    from .screen import TableScreen

PROMPT_TOP, LINE_ROW, KEYS_ROW, INFO_ROW, STATUS_ROW = 16, 19, 20, 21, 22


def draw_table(screen: TableScreen, width: int, height: int, on_cell=None, on_square=None,
               on_option=None) -> Canvas:
    canvas = Canvas(width, height)
    if width < 80 or height < 24:
        return too_small(canvas, _(
            "The terminal is {width}x{height}; the table screen needs at least "
            "{min_width}x{min_height}. Enlarge the window, or leave with Esc (twice with a turn "
            "being built; every line recorded is saved)."))
    if screen.help:
        return help_screen(canvas, _("The table screen: every key"), table_help(), first=1,
                           lines=None, back=_("Press any key to go back to the table screen."))
    mode = screen.view.mode
    canvas.fill(0, "title")
    canvas.put(0, 0, " " + title_text(screen), "title", width=width - 14)
    canvas.put(0, width - 13, _("? all keys").rjust(12), "title", width=12)
    points_line(canvas, screen)
    if mode in (Mode.SCORING, Mode.SCORED, Mode.OVER):
        {Mode.SCORING: draw_scoring, Mode.SCORED: draw_scored, Mode.OVER: draw_over}[mode](
            canvas, screen)
        keymap_line(canvas, KEYS_ROW, 0, width, always_keys(screen))
    else:
        draw_colonia(canvas, screen, on_cell)
        draw_forum(canvas, screen, on_square)
        draw_supply(canvas, screen)
        draw_card(canvas, screen)
        draw_prompt(canvas, screen, on_option)
        lines = notation_lines(screen.line_text(), width)
        for offset, line in enumerate(lines):
            canvas.put(LINE_ROW + offset, 0, line, "here", width=width)
        if len(lines) > 1:  # the line goes on over the keys' row; they move down a row
            keymap_line(canvas, INFO_ROW, 0, width, always_keys(screen))
        else:
            keymap_line(canvas, KEYS_ROW, 0, width, always_keys(screen))
            canvas.put(INFO_ROW, 0, info_text(screen), "info", width=width)
    status_lines(canvas, STATUS_ROW, screen.status)
    return canvas


def notation_lines(line: str, width: int) -> list[str]:
    """The turn's notation line as it is built, whole: on a second row when it is longer
    than the screen is wide (broken after a space), and, should it outgrow two rows, its
    end (what was typed last)."""
    text = "» " + line
    if len(text) <= width:
        return [text]
    rows = _break(text, width)
    if len(rows) > 2:
        rows = _break("» …" + line[-(2 * width - 12):], width)[-2:]
    return rows


def _break(text: str, width: int) -> list[str]:
    rows = []
    while len(text) > width:
        cut = text.rfind(" ", 0, width + 1)
        if cut <= 2:
            cut = width
        rows.append(text[:cut])
        text = "  " + text[cut:].lstrip(" ")
    return rows + [text]


def title_text(screen: TableScreen) -> str:
    position = screen.position
    mode = screen.view.mode
    if mode is Mode.OVER:
        return _("{game}: the game is over").format(game=screen.session.name)
    cycle = position.cycle.numeral if position.cycle is not None else "-"
    parts = [screen.session.name]
    if mode is Mode.SCORED:
        parts += [_("Cycle {cycle}").format(cycle=screen.scored_cycle.numeral),
                  _("scoring phase done")]
        return " · ".join(parts)
    if mode is Mode.SCORING:
        parts += [_("Cycle {cycle}").format(cycle=cycle), _("scoring phase")]
        if position.question is not None and position.question.player:
            parts.append(position.question.player)
        return " · ".join(parts)
    parts.append(_("round {cycle}.{round}").format(cycle=cycle, round=position.round))
    if position.streets:
        streets = format_line(RoundStart(position.cycle, position.round, position.streets))
        parts.append(_("streets {streets}").format(streets=streets.split("streets ", 1)[1]))
    if mode is Mode.STREETS:
        parts.append(_("{player} starts").format(player=screen.player))
    elif screen.player:
        parts.append(_("{player}'s turn").format(player=screen.player))
    return " · ".join(parts)


def points_line(canvas: Canvas, screen: TableScreen) -> None:
    x = canvas.put(1, 0, " " + _("Points:") + " ", "dim")
    points = screen.points()
    for player in screen.game.players:
        style = "here" if player == screen.player else ""
        x = canvas.put(1, x, f"{player} {points.get(player, 0)}", style)
        x = canvas.put(1, x, "  ")



# --- What the keys do now ---------------------------------------------------------------------


def draw_prompt(canvas: Canvas, screen: TableScreen, on_option=None) -> None:
    view = screen.view
    mode = view.mode
    width = canvas.width
    rows = []
    if mode is Mode.STREETS:
        rows = [[("1-6 A-F", _("the two street cards, e.g. 3 then C"))]]
    elif mode is Mode.TAKE:
        rows = [[("A-F 1-6", _("a cell: the column (or row) alone when one space on offer fits"))],
                [("t", _("elsewhere")), (_("space"), _("the tile under the cursor")),
                 ("Enter", _("no more tiles"))]]
    elif mode in (Mode.USE, Mode.TILE_GAIN):
        rows = [palette_pairs()]
        if mode is Mode.USE:
            rows.append(use_kind_pairs() + [("Enter", done_words(view.draft.kind))])
        else:
            rows.append([("Enter", _("done"))])
    elif mode is Mode.BUILD:
        rows = [part_pairs(), [("+", _("double tile")), ("x", _("an exchange")),
                               ("Enter", _("record the turn"))]]
    elif mode is Mode.CELL:
        rows = [[("A-F 1-6", _("the cell")), ("Enter", _("the marked one")), ("Tab", _("next")),
                 ("←↓↑→", _("move / neighbour"))]]
        build = screen.current_build()
        if build is not None and len(build.parts) == 1 and not build.squares:
            rows[0].insert(0, ("+", _("double tile")))
    elif mode is Mode.TILE_CELL:
        rows = [[("A-F 1-6", _("the covered space")), ("Enter", _("the one under the cursor"))]]
    elif mode is Mode.ENVOY:
        rows = [[(forum_range(screen.forum()), _("the square")),
                 ("Enter", _("the one under the cursor")),
                 ("Tab", _("next")), ("n", _("no envoy"))]]
    if mode is Mode.MENU:
        draw_menu(canvas, screen, on_option)
        return
    keymap_rows(canvas, PROMPT_TOP, 1, width - 2, rows, LINE_ROW - PROMPT_TOP)


def done_words(kind) -> str:
    """Enter's words while the used tile is typed: which tile, in the table's language (the
    notation line below keeps its own words: use received, use own, use both)."""
    return {UseKind.RECEIVED: _("done, with the tile received"),
            UseKind.OWN: _("done, with the own tile"),
            UseKind.BOTH: _("done, with both tiles")}[kind]


def keymap_rows(canvas: Canvas, top: int, col: int, width: int, rows, most: int) -> int:
    """Rows of 'key words  key words', the keys in bold, on at most ``most`` lines: a row
    too long for ``width`` goes on over the next line, broken between words (a key stays
    with its first word); when that takes more lines than there are, the rows run on
    into each other. Only what still does not fit is cut. The lines drawn."""
    for breaks in (True, False):
        lines = _flow(rows, width, breaks)
        if len(lines) <= most:
            break
    for offset, line in enumerate(lines[:most]):
        x = col
        for text, style in line:
            x = canvas.put(top + offset, x, text, style)
    if len(lines) > most:
        canvas.put(top + most - 1, col + width - 1, "…", "")
    return min(len(lines), most)


def _flow(rows, width: int, breaks: bool) -> list[list[tuple[str, str]]]:
    lines: list[list[tuple[str, str]]] = []
    line: list[tuple[str, str]] = []
    used = 0

    def place(units: list[tuple[str, str]], gap: str) -> None:
        nonlocal line, used
        size = sum(len(t) for t, _style in units)
        if line and used + len(gap) + size > width:
            lines.append(line)
            line, used = [], 0
        if line:
            line.append((gap, ""))
            used += len(gap)
        line.extend(units)
        used += size

    for row in rows:
        if breaks and line:
            lines.append(line)
            line, used = [], 0
        for key, words in row:
            if len(key) + 1 + len(words) <= width:  # a pair that fits a line is kept whole
                place([(key, "key"), (" " + words, "")], "  ")
                continue
            first, *rest = words.split(" ")
            place([(key, "key"), (" " + first, "")], "  ")
            for word in rest:
                place([(word, "")], " ")
    if line:
        lines.append(line)
    return lines


def forum_range(forum) -> str:
    """The forum's columns and rows as keys: "A-I 1-6" for a four-player forum."""
    if forum is None:
        return "A-F 1-6"
    return f"A-{square_name(forum.width - 1, 0)[:-1]} 1-{forum.height}"


def draw_menu(canvas: Canvas, screen: TableScreen, on_option=None) -> None:
    """The menu's title and every entry, several to a row where they fit. Entries that need
    more than the two rows under the title take the card's rows above it too (the supply
    stays in sight); a menu longer still shows the rows around the entry the arrows are
    on, ↑ and ↓ saying that more are above or below."""
    menu = screen.view.menu
    width = canvas.width
    lines = menu_lines(menu, width - 2)
    room = LINE_ROW - CARD_ROW - 1  # rows for entries when the card yields them
    shown = max(min(len(lines), room), 2)
    top = LINE_ROW - 1 - shown  # the title's row
    for row in range(top, LINE_ROW):
        canvas.put(row, 0, "", "", width=width)
    first = 0
    if len(lines) > shown:
        here = next((n for n, line in enumerate(lines) if any(i == menu.at for i, *_ in line)), 0)
        first = min(max(here - shown + 1, 0), len(lines) - shown)
    title = menu.title
    if len(lines) > shown:
        title += " " + _("(↑↓ more)")
    canvas.put(top, 1, title, "heading", width=width - 2)
    for offset, line in enumerate(lines[first:first + shown]):
        y, x = top + 1 + offset, 1
        for index, key, label in line:
            click = (lambda i=index: on_option(i)) if on_option else None
            style = "cursor" if index == menu.at else ""
            x = canvas.put(y, x, key, "key" if not style else style, click=click)
            x = canvas.put(y, x, " " + label, style, click=click)
            x = canvas.put(y, x, "   ", "", click=click)
        if offset == 0 and first > 0:
            canvas.put(y, width - 2, "↑", "dim")
        if offset == shown - 1 and first + shown < len(lines):
            canvas.put(y, width - 2, "↓", "dim")


def menu_lines(menu, width: int) -> list[list[tuple[int, str, str]]]:
    """The menu's entries (index, key, label) flowed into rows of ``width``: as many to a
    row as fit, an entry never broken (one longer than a row is cut at its end)."""
    lines: list[list[tuple[int, str, str]]] = []
    line: list[tuple[int, str, str]] = []
    used = 0
    for index, choice in enumerate(menu.choices):
        key = "Enter" if choice.key == "enter" else choice.key
        label = choice.label + (" ←" if index == menu.at else "")
        if choice.value in menu.picked:
            label += " ✓"
        size = len(key) + 1 + len(label) + 3
        if line and used + size > width + 2:
            lines.append(line)
            line, used = [], 0
        room = width - used - len(key) - 1
        if len(label) > room:
            label = label[: max(room - 1, 0)] + "…"
        line.append((index, key, label))
        used += size
    if line:
        lines.append(line)
    return lines


def always_keys(screen: TableScreen) -> list[tuple[str, str]]:
    mode = screen.view.mode
    if mode is Mode.SCORING:
        return [("Enter", _("suggestion")), ("u", _("take back the last answer")),
                ("Esc", _("leave"))]
    if mode is Mode.OVER:
        return [("Esc", _("leave")), ("u", _("take back the last answer"))]
    if mode is Mode.SCORED:
        return [("Enter", _("go on")), ("u", _("take back the last answer")),
                ("Esc", _("leave"))]
    return [("⌫", _("back a step")), ("u", _("undo / last line")), ("Esc", _("clear / leave")),
            ("?", _("keys"))]


def info_text(screen: TableScreen) -> str:
    view = screen.view
    if view.mode is Mode.ENVOY and screen.forum() is not None:
        square = view.forum_cursor
        cell = screen.forum().at(square)
        if cell is None:
            return _("{cell}: gap").format(cell=square_name(*square))
        what = _("eagle space") if cell.is_eagle else colour_name(cell.colour)
        if cell.envoy:
            what += " · " + _("envoy of {name}").format(name=screen.forum().players.get(cell.envoy))
        if view.envoy is not None and square in view.envoy.squares:
            what += " · " + _("an envoy may go here")  # its * is under the cursor
        return _("{cell}: {what}").format(cell=square_name(*square), what=what)
    sheet = screen.display_sheet()
    if sheet is None or view.mode not in (Mode.TAKE, Mode.CELL, Mode.TILE_CELL):
        return ""
    square = view.cursor
    hint = sheet.crane_colours.get(square) if is_corner(square) else None
    text = _("{cell}: {what}").format(cell=square_name(*square),
                                      what=cell_words(sheet.colonia.at(square), hint))
    return text + " · " + _("row {row}: {citizen}").format(
        row=square[1] + 1, citizen=citizen_name(Citizen.of_row(square[1] + 1)))



def table_help() -> list[tuple[str, str]]:
    return [
        (_("street cards"), _("at a round's start: two keys, a row 1-6 or a column A-F each")),
        (_("tiles taken"), _("A-F and 1-6 type a cell; one of them alone takes the only space on "
                             "offer it fits; t and a cell's name: a tile elsewhere, for a "
                             "tribune; space takes the cursor's; Enter: no more")),
        (_("the used tile"), _("c coin, t tribune, b builder, a assistant, w and a colour a "
                               "worker, p upgrade, 1-6 a citizen; again for two; r received, o "
                               "own, / both; Enter")),
        (_("building"), _("c i s m b g o y a tile, + a double tile; then its space (cell name, "
                          "Enter for the marked one, arrows for a double tile's neighbour); x an "
                          "exchange outside a payment (p. 28)")),
        (_("choices"), _("asked only where the rules leave one: a key each, Enter the "
                         "suggestion; n: no envoy")),
        ("Enter", _("records the turn, as trajan turn does; a refusal shows with its page")),
        ("⌫ u", _("back a step; u with nothing typed takes back the last line")),
        ("Esc", _("clears the turn being built, then leaves (all recorded lines are saved)")),
        (_("mouse"), _("click a space, a forum square or a menu entry")),
    ]
