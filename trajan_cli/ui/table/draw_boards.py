"""The table screen's pictures (`trajan play`, rows 2-15 of ``draw.py``'s layout): the
current player's colonia as the turn so far leaves it, the forum with the squares an envoy
may go to, the supply and benefit tracks, and the cycle's Trajan card with the player's
progress on it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core.colonia import Square, is_corner
from ...core.sheet import TRACK_END
from ...core.vocabulary import BOARD_SIZE, COLUMN_LETTERS, CellKind, GrayType, Resource, Track, square_name
from ...i18n import _
from ...parsing.grid import token_of
from ...render.cards import progress_lines
from ...render.names import gray_name
from ..screen import Canvas, wrap
from .draft import Mode

if TYPE_CHECKING:
    from .screen import TableScreen

GRID_LEFT, GRID_TOP, CELL_WIDTH = 3, 3, 6  # the column letters' row; rows below it
CITIZENS_LEFT = GRID_LEFT + BOARD_SIZE * CELL_WIDTH + 1
FORUM_LEFT, FORUM_CELL = 46, 4
CARD_ROW = 12  # the cycle's Trajan card, rows 12-15


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
    gained = screen.turn_gains()  # the turn being built: its gains counted in, marked (+n)
    s = sheet.supply.changed({r.value: n for r, n in gained.items()})

    def count(n: int, resource: Resource) -> str:
        return f"{n}(+{gained[resource]})" if gained.get(resource) else str(n)

    workers = " ".join(f"{c.letter}{count(n, Resource.worker(c))}" for c, n in s.workers.items()
                       if n) or "0"
    text = _("Supply: coins {coins} · tribunes {tribunes} · builders {builders} · assistants "
             "{assistants} · workers {workers}").format(
        coins=count(s.coins, Resource.COIN), tribunes=count(s.tribunes, Resource.TRIBUNE),
        builders=count(s.builders, Resource.BUILDER),
        assistants=count(s.assistants, Resource.ASSISTANT), workers=workers)
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
    return GrayType(track.value)


def draw_card(canvas: Canvas, screen: TableScreen) -> None:
    check = screen.card()
    if check is None:
        canvas.put(12, 1, _("No Trajan card is scored after this cycle."), "dim",
                   width=canvas.width - 2)
        return
    title, building, collecting = progress_lines(check)
    width = canvas.width - 2  # the tasks under the heading at its margin: the room they need
    canvas.put(12, 1, title, "heading", width=width)
    # Three rows for the two tasks: each wrapped, the one that needs it taking the third
    # (only what still does not fit is cut).
    built, collected = wrap(building, width), wrap(collecting, width)
    room_b = max(1, min(len(built), 3 - min(len(collected), 2)))
    rows = _first_rows(built, room_b, width) + _first_rows(collected, 3 - room_b, width)
    for offset, part in enumerate(rows):
        canvas.put(13 + offset, 1, part, "", width=width)


def _first_rows(parts: list[str], room: int, width: int) -> list[str]:
    if len(parts) <= room:
        return parts
    return [*parts[: room - 1], parts[room - 1][: width - 1] + "…"]
