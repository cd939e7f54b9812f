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
"""

from __future__ import annotations

from ..core.colonia import Square, is_corner
from ..core.sheet import TRACK_END
from ..core.vocabulary import BOARD_SIZE, COLUMN_LETTERS, CellKind, Citizen, Track, square_name
from ..i18n import _
from ..parsing.grid import token_of
from ..render.names import citizen_name, gray_name
from ..render.table_words import palette_pairs, part_pairs, use_kind_pairs
from .colonia_state import cell_words
from .screen import Canvas, help_screen, keymap_line, status_lines, too_small, wrap
from .table_state import Mode, TableScreen

GRID_LEFT, GRID_TOP, CELL_WIDTH = 3, 3, 6  # the column letters' row; rows below it
CITIZENS_LEFT = GRID_LEFT + BOARD_SIZE * CELL_WIDTH + 1
FORUM_LEFT, FORUM_CELL = 46, 4
PROMPT_TOP, LINE_ROW, KEYS_ROW, INFO_ROW, STATUS_ROW = 16, 19, 20, 21, 22
CARD_ROW = 12  # the cycle's Trajan card, rows 12-15


def draw_table(screen: TableScreen, width: int, height: int, on_cell=None, on_square=None,
               on_option=None) -> Canvas:
    canvas = Canvas(width, height)
    if width < 80 or height < 24:
        return too_small(canvas)
    if screen.help:
        return help_screen(canvas, _("The table screen: every key"), table_help(), first=1,
                           lines=None, back=_("Press any key to go back to the table screen."))
    mode = screen.view.mode
    canvas.fill(0, "title")
    canvas.put(0, 0, " " + title_text(screen), "title", width=width - 14)
    canvas.put(0, width - 13, _("? all keys").rjust(12), "title", width=12)
    points_line(canvas, screen)
    if mode in (Mode.SCORING, Mode.OVER):
        (draw_scoring if mode is Mode.SCORING else draw_over)(canvas, screen)
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
    if mode is Mode.SCORING:
        parts += [_("Cycle {cycle}").format(cycle=cycle), _("scoring phase")]
        if position.question is not None and position.question.player:
            parts.append(position.question.player)
        return " · ".join(parts)
    parts.append(_("round {cycle}.{round}").format(cycle=cycle, round=position.round))
    if position.streets:
        from ..parsing.notation import format_line
        from ..core.turns.moves import RoundStart

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


# --- The colonia ----------------------------------------------------------------------------


def draw_colonia(canvas: Canvas, screen: TableScreen, on_cell=None) -> None:
    sheet = screen.display_sheet()
    canvas.put(2, 0, " " + _("{player}'s colonia").format(player=screen.player or ""), "heading",
               width=CITIZENS_LEFT + 4)
    if sheet is None:
        canvas.put(4, 2, _("(no board recorded)"), "refusal")
        return
    mode = screen.view.mode
    recorded = screen.sheet()
    offered = set(marked_cells(screen))
    taken = set(screen.view.draft.take)
    cursor_on = mode in (Mode.TAKE, Mode.CELL, Mode.TILE_CELL)
    for col in range(BOARD_SIZE):
        canvas.put(GRID_TOP, GRID_LEFT + col * CELL_WIDTH, COLUMN_LETTERS[col].center(5), "dim")
    canvas.put(GRID_TOP, CITIZENS_LEFT, "☺", "dim")
    for row in range(BOARD_SIZE):
        y = GRID_TOP + 1 + row
        canvas.put(y, 0, f"{row + 1:>2}", "dim")
        for col in range(BOARD_SIZE):
            square = (col, row)
            x = GRID_LEFT + col * CELL_WIDTH
            token, style = cell_look(sheet, square)
            changed = sheet.colonia.at(square) != recorded.colonia.at(square)
            click = (lambda sq=square: on_cell(sq)) if on_cell else None
            mark = "•" if changed else ("*" if square in offered else " ")
            if square in offered:
                style = f"{style},field" if style else "field"
            if cursor_on and screen.view.cursor == square:
                canvas.put(y, x, "[" + token.center(3) + "]", "cursor", click=click)
            else:
                canvas.put(y, x, " " + token.center(3), style, click=click)
                canvas.put(y, x + 4, mark, "changed" if changed or square in taken else style,
                           click=click)
        states = sheet.citizens.get(row + 1, ())
        people = "".join("●" if s.value == "active" else "○" for s in states) or "·"
        canvas.put(y, CITIZENS_LEFT, people, "here" if states else "dim")


def cell_look(sheet, square: Square) -> tuple[str, str]:
    cell = sheet.colonia.at(square)
    token = token_of(cell)
    style = {CellKind.COVERED: "covered", CellKind.TEMPLE: "temple", CellKind.GRAY: "gray"}.get(
        cell.kind, "")
    if cell.kind is CellKind.STRUCTURE:
        style = f"tile-{cell.colour.value}"
    elif cell.kind is CellKind.CRANE and cell.colour is not None:
        style = f"crane-{cell.colour.value}"
    elif cell.kind is CellKind.COVERED and is_corner(square):
        hidden = sheet.crane_colours.get(square)
        if hidden is not None:
            token = f"?K{hidden.letter}"
    return token, style


def marked_cells(screen: TableScreen) -> list[Square]:
    """The spaces on offer now: the streets' covered spaces, or where the tile may go."""
    mode = screen.view.mode
    if mode is Mode.TAKE:
        return screen.offers()
    if mode is Mode.CELL:
        return screen.open_cells()
    return []


# --- The forum ------------------------------------------------------------------------------


def forum_cell_width(forum, width: int) -> int:
    """Four characters a square where every column fits so, else three (8 or 9 columns:
    three and four players, pp. 18-19): the whole forum shows at 80 columns."""
    room = width - FORUM_LEFT - 3
    return FORUM_CELL if forum.width * FORUM_CELL <= room else FORUM_CELL - 1


def draw_forum(canvas: Canvas, screen: TableScreen, on_square=None) -> None:
    """Each square: a space, its colour (E an eagle), then the seat of the envoy on it or
    ``*`` when an envoy may go there now; the cursor framed in brackets."""
    forum = screen.forum()
    x0 = FORUM_LEFT
    player = screen.player
    sheet = screen.sheet()
    ship = sheet.supply.ship if sheet is not None else 0
    heading = _("Forum") + " · " + _("ship {n}").format(n=ship)
    if forum is None:
        canvas.put(2, x0, heading, "heading", width=canvas.width - x0 - 1)
        canvas.put(4, x0, _("(no forum recorded)"), "refusal")
        return
    seats = {mark: str(screen.game.players.index(name) + 1) for mark, name in forum.players.items()
             if name in screen.game.players}
    ask = screen.view.envoy if screen.view.mode is Mode.ENVOY else None
    legal = set(ask.squares) if ask is not None else set()
    cursor = screen.view.forum_cursor if ask is not None else None
    cell_width = forum_cell_width(forum, canvas.width)
    cols_fit = max(1, (canvas.width - x0 - 3) // cell_width)
    rows_fit = 6
    col0 = 0 if cursor is None else min(max(cursor[0] - cols_fit + 1, 0), max(forum.width - cols_fit, 0))
    row0 = 0 if cursor is None else min(max(cursor[1] - rows_fit + 1, 0), max(forum.height - rows_fit, 0))
    columns = range(col0, min(forum.width, col0 + cols_fit))
    for col in columns:
        canvas.put(GRID_TOP, x0 + 4 + (col - col0) * cell_width, square_name(col, 0)[:-1], "dim")
    framed = None
    for row in range(row0, min(forum.height, row0 + rows_fit)):
        y = GRID_TOP + 1 + row - row0
        canvas.put(y, x0, f"{row + 1:>2}", "dim")
        for col in columns:
            square = (col, row)
            cell = forum.at(square)
            x = x0 + 3 + (col - col0) * cell_width
            click = (lambda sq=square: on_square(sq)) if on_square else None
            if cell is None:
                canvas.put(y, x, " · ".ljust(cell_width), "dim", click=click)
                continue
            letter = "E" if cell.is_eagle else cell.colour.letter
            seat = seats.get(cell.envoy, "?") if cell.envoy else ""
            style = "eagle" if cell.is_eagle else f"tile-{cell.colour.value}"
            if cell.envoy and forum.players.get(cell.envoy) == player:
                style += ",here"
            if square == cursor:
                framed = (y, x, "[" + letter + seat + "]", click)
                continue
            if square in legal:
                style += ",field"
            canvas.put(y, x, " ", "", click=click)
            canvas.put(y, x + 1, letter + seat, style, click=click)
            if square in legal:
                canvas.put(y, x + 1 + len(letter + seat), "*", "changed", click=click)
    if framed is not None:  # last: with an envoy's seat it reaches the next square's space
        y, x, token, click = framed
        canvas.put(y, x, token, "cursor", click=click)
    shown = min(forum.height, rows_fit)
    legend_row = GRID_TOP + 1 + shown
    names = screen.game.players
    if legend_row <= GRID_TOP + BOARD_SIZE:
        canvas.put(2, x0, heading, "heading", width=canvas.width - x0 - 1)
        legend = "  ".join(f"{n} {name}" for n, name in enumerate(names, start=1))
        canvas.put(legend_row, x0, _("envoys: {players}").format(players=legend), "dim",
                   width=canvas.width - x0 - 1)
        return
    # A forum of six rows fills the colonia's height: the envoys' seats go on the heading
    # row, beside the ship (the word "Forum" and then the names' ends yield to them).
    room = canvas.width - x0 - 1
    ship_words = _("ship {n}").format(n=ship)
    tries = [(heading, None), (ship_words, None), (ship_words, 4), (ship_words, 3)]
    for words, size in tries:
        legend = " ".join(f"{n} {name[:size]}" for n, name in enumerate(names, start=1))
        if len(words) + 2 + len(legend) <= room:
            break
    x = canvas.put(2, x0, words, "heading")
    canvas.put(2, x + 2, legend, "dim", width=max(canvas.width - x - 3, 0))


# --- Supply, tracks, card -----------------------------------------------------------------


def draw_supply(canvas: Canvas, screen: TableScreen) -> None:
    sheet = screen.sheet()
    if sheet is None:
        return
    s = sheet.supply
    workers = " ".join(f"{c.letter}{n}" for c, n in s.workers.items() if n) or "0"
    text = _("Supply: coins {coins} · tribunes {tribunes} · builders {builders} · assistants "
             "{assistants} · workers {workers}").format(
        coins=s.coins, tribunes=s.tribunes, builders=s.builders, assistants=s.assistants,
        workers=workers)
    canvas.put(10, 1, _fitted(text, canvas.width - 2), "", width=canvas.width - 2)
    tracks = " · ".join(f"{gray_name(_gray(t))} {n}/{TRACK_END}" for t, n in sheet.tracks.items())
    text = _("Tracks: {tracks} · upgrades {upgrades}").format(tracks=tracks,
                                                               upgrades=sheet.prestige.upgrades)
    canvas.put(11, 1, text, "dim", width=canvas.width - 2)


def _fitted(text: str, width: int) -> str:
    """A supply line that fits ``width``: the workers at its end are what a payment is
    chosen by, so the separators close up and then the heading goes, before anything is
    cut (German and French run past 80 columns with four worker colours)."""
    if len(text) > width:
        text = text.replace(" · ", "·")
    if len(text) > width and ": " in text:
        text = text.split(": ", 1)[1]
    return text


def _gray(track: Track):
    from ..core.vocabulary import GrayType

    return GrayType(track.value)


def draw_card(canvas: Canvas, screen: TableScreen) -> None:
    check = screen.card()
    if check is None:
        canvas.put(12, 1, _("No Trajan card is scored after this cycle."), "dim",
                   width=canvas.width - 2)
        return
    from ..render.cards import progress_lines

    title, building, collecting = progress_lines(check)
    width = canvas.width - 4
    canvas.put(12, 1, title, "heading", width=width)
    parts = wrap(building, width)
    if len(parts) > 2:
        parts = [parts[0], parts[1][: width - 1] + "…"]
    for offset, part in enumerate(parts):
        canvas.put(13 + offset, 3, part, "", width=width)
    canvas.put(13 + len(parts), 3, collecting, "", width=width)


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
                [(_("space"), _("take or put back the tile under the cursor")),
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
    from ..core.turns.moves import UseKind

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
    return [("⌫", _("back a step")), ("u", _("undo / last line")), ("Esc", _("clear / leave")),
            ("?", _("keys"))]


def info_text(screen: TableScreen) -> str:
    view = screen.view
    if view.mode is Mode.ENVOY and screen.forum() is not None:
        square = view.forum_cursor
        cell = screen.forum().at(square)
        if cell is None:
            return _("{cell}: gap").format(cell=square_name(*square))
        from ..render.names import colour_name

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


# --- The scoring phase and the end ------------------------------------------------------------


def draw_scoring(canvas: Canvas, screen: TableScreen) -> None:
    from ..core.script import Kind
    from .prompts import message

    question = screen.position.question
    standings(canvas, screen, question.cycle)
    row = 11
    for line in wrap(message(question), canvas.width - 2)[:3]:
        canvas.put(row, 1, line, "heading", width=canvas.width - 2)
        row += 1
    row += 1
    view = screen.view
    if question.kind is Kind.CHOICE:
        pairs = [(c.key, c.label + (" ←" if c.value == question.default else ""))
                 for c in screen.question_keys()]
        keymap_line(canvas, row, 1, canvas.width - 2, pairs)
    elif question.kind is Kind.MULTI:
        pairs = [(str(c.value), ("[x] " if c.value in view.picked else "[ ] ") + c.label)
                 for c in screen.question_keys()]
        for pair in pairs[:6]:
            keymap_line(canvas, row, 1, canvas.width - 2, [pair])
            row += 1
        canvas.put(row, 1, _("Keys toggle a row; Enter pays the rows marked."), "dim")
    elif question.kind is Kind.BOARD:
        canvas.put(row, 1, _("Enter keeps it as recorded (the board editor opens in trajan score)."),
                   "dim", width=canvas.width - 2)
    else:
        default = question.default
        shown = view.field or ""
        canvas.put(row, 1, "> " + shown, "field", width=30)
        if not shown and default not in (None, "", []):
            canvas.put(row, 3, str(default if not isinstance(default, list) else
                                   " ".join(map(str, default))), "dim")
        canvas.put(row + 1, 1, _("Type the answer, Enter to give it."), "dim")


def standings(canvas: Canvas, screen: TableScreen, cycle) -> None:
    """Each player's points of the cycle by category and the total so far. A category's
    name too long for its column goes on over a second header row (never cut)."""
    from ..core.game import Category
    from ..render.standings import view_of

    view = view_of(screen.game)
    breakdown = screen.session.state.breakdown()
    totals = screen.points()
    categories = list(Category)
    heads = [_two_rows(view.category_name(c)) for c in categories] + [_two_rows(_("Total"))]
    widths = [max(3, *(len(part) for part in head)) + 2 for head in heads]
    canvas.put(2, 1, _("Standings, cycle {cycle}").format(cycle=cycle.numeral), "heading")
    header_rows = max(len(head) for head in heads)
    for offset in range(header_rows):
        line = f"{'':<12}" + "".join(
            f"{head[offset - header_rows + len(head)] if offset >= header_rows - len(head) else '':>{w}}"
            for head, w in zip(heads, widths, strict=True))
        canvas.put(3 + offset, 1, line, "dim", width=canvas.width - 2)
    first = 3 + header_rows
    in_play = screen.play_points(cycle)  # not counted yet: the player's turn comes later
    for row, player in enumerate(screen.game.players):
        cells = dict(breakdown.get(player, {}).get(cycle, {}))
        if player in in_play:
            cells[Category.PLAY] = cells.get(Category.PLAY, 0) + in_play[player]
        line = f"{player[:12]:<12}" + "".join(
            f"{cells[c] if c in cells else '·':>{w}}" for c, w in zip(categories, widths, strict=False))
        line += f"{totals.get(player, 0):>{widths[-1]}}"
        style = "here" if player == (screen.position.question.player if screen.position.question
                                     else None) else ""
        canvas.put(first + row, 1, line, style, width=canvas.width - 2)


def _two_rows(name: str) -> list[str]:
    """A column's name on one row, or on two (broken between words) when it is long."""
    if len(name) <= 12 or " " not in name:
        return [name]
    best = None
    for cut in (i for i, ch in enumerate(name) if ch == " "):
        parts = [name[:cut], name[cut + 1:]]
        if best is None or max(map(len, parts)) < max(map(len, best)):
            best = parts
    return best


def draw_over(canvas: Canvas, screen: TableScreen) -> None:
    from ..core.vocabulary import Cycle

    standings(canvas, screen, Cycle.III)
    from ..render.ansi import plain

    state = screen.session.state
    row = 10
    if state.ranking is not None:
        from ..render.standings import ranking_text, view_of

        text = plain(ranking_text(state, view_of(screen.game)))
        for line in text.splitlines()[:10]:
            for part in wrap(line, canvas.width - 2):
                canvas.put(row, 1, part, "heading" if row == 10 else "", width=canvas.width - 2)
                row += 1


def table_help() -> list[tuple[str, str]]:
    return [
        (_("street cards"), _("at a round's start: two keys, a row 1-6 or a column A-F each")),
        (_("tiles taken"), _("A-F and 1-6 type a cell; one of them alone takes the only space on "
                             "offer it fits (type the other first for a tile elsewhere); space "
                             "takes the cursor's; Enter: no more")),
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
