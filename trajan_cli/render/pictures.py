"""Board pictures for the terminal, to compare with the table at a glance."""

from __future__ import annotations

from collections.abc import Callable, Collection

from ..core.colonia import Cell, Square
from ..core.forum import Forum, ForumSquare
from ..core.sheet import PlayerSheet
from ..core.vocabulary import BOARD_SIZE, CellKind, Citizen, Colour, GrayType, Track, square_name
from ..i18n import _
from . import ansi
from .names import citizen_name, gray_name
from .text import NO_BREAK

CELL_WIDTH = 5


def _cell_look(cell: Cell) -> tuple[str, Callable[[str], str]]:
    """A cell's plain 5-character label and how to paint it."""
    match cell.kind:
        case CellKind.COVERED:
            return " ·?· ", ansi.dim
        case CellKind.VACATED:
            return "  .  ", str
        case CellKind.TEMPLE:
            return " TTT ", lambda text: ansi.paint(text, "1", "35")
        case CellKind.GRAY:
            return f" {cell.gray.token} ", ansi.gray_tile
        case CellKind.STRUCTURE:
            return f"  {cell.colour.letter}  ", lambda text: ansi.on_colour(text, cell.colour)
        case CellKind.CRANE:
            if cell.colour is None:
                return " [K] ", ansi.dim
            return f" [K{cell.colour.letter}]", lambda text: ansi.in_colour(text, cell.colour)
    raise AssertionError(cell)


def _cell_text(cell: Cell, framed: bool = False, hidden: Colour | None = None) -> str:
    """A cell drawn; ``hidden``: the colour of the crane a covered corner hides (as the board
    editor shows it, ?Kg)."""
    label, paint = _cell_look(cell)
    if hidden is not None and cell.kind is CellKind.COVERED:
        label, paint = f" ?K{hidden.letter} ", lambda text: ansi.dim(ansi.in_colour(text, hidden))
    if not framed:
        return paint(label)
    # Frame the plain label, then paint: slicing painted text would cut its escape codes.
    return ansi.paint("[", "1", "96") + paint(label[1:-1]) + ansi.paint("]", "1", "96")


def colonia_picture(sheet: PlayerSheet, marked: Collection[Square] = ()) -> str:
    """The grid with coloured tiles, citizens beside each row, then supply and tracks.

    ``marked`` squares are framed (used to show which tiles form a card fulfilment).
    """
    lines = [ansi.bold(_("Colonia of {name}").format(name=sheet.name)), ""]
    header = "     " + "".join(f"{letter:^{CELL_WIDTH}}" for letter in "ABCDEF")
    lines.append(header)
    for row in range(BOARD_SIZE):
        cells = []
        for col, cell in enumerate(sheet.colonia.rows[row]):
            cells.append(_cell_text(cell, framed=(col, row) in marked,
                                    hidden=sheet.crane_colours.get((col, row))))
        citizen = Citizen.of_row(row + 1)
        states = sheet.citizens.get(row + 1, ())
        people = " ".join("●" if s.value == "active" else "○" for s in states) or "-"
        lines.append(f"  {row + 1}  " + "".join(cells) + f"   {citizen_name(citizen):<13} {people}")
    lines.append("")
    s = sheet.supply
    workers = " ".join(
        ansi.in_colour(f"{s.workers[c]}{c.letter}", c) for c in Colour if s.workers[c]
    ) or "0"
    lines.append(
        _("Supply: coins {coins}, tribunes {tribunes}, builders {builders}, "
          "assistants {assistants}, workers {workers}, envoys on the ship {ship}").format(
            coins=s.coins, tribunes=s.tribunes, builders=s.builders,
            assistants=s.assistants, workers=workers, ship=s.ship)
    )
    tracks = ", ".join(f"{gray_name(GrayType(t.value))} {sheet.tracks[t]}/4" for t in Track)
    lines.append(_("Benefit tracks: {tracks}").format(tracks=tracks))
    lines.append(ansi.dim(_legend(_("Legend: ·?· covered  ?Kx covered, crane of colour x below  . vacated  "
                                    "TTT temple  [Kx] crane not yet scored  [K] scored crane  ● active  "
                                    "○ inactive citizen"))))
    return "\n".join(lines)


def _legend(text: str) -> str:
    """A legend whose entries (set off by two spaces) are each kept on one line when it is
    wrapped: the spaces inside an entry become no-break spaces (render/text.py breaks at
    them only when an entry is wider than a line)."""
    label, colon, entries = text.partition(": ")
    if not colon:
        label, entries = "", text
    kept = "  ".join(" ".join(entry.split()).replace(" ", NO_BREAK)
                     for entry in entries.split("  ") if entry.strip())
    return f"{label}{colon}{kept}"


def _forum_text(square: ForumSquare | None, width: int) -> str:
    """Colour letter (or E) then the envoy's mark, so the picture reads without colours too."""
    if square is None:
        return " " * width
    base = "E" if square.is_eagle else square.colour.letter
    # Left-aligned after one space: the colour letters stay in one column whatever the marks.
    label = f" {base}{square.envoy or ''}".ljust(width)
    if square.is_eagle:
        return ansi.paint(label, "1", "30", "107")
    return ansi.on_colour(label, square.colour)


def forum_picture(forum: Forum, highlight: Collection[Square] = ()) -> str:
    width = max([4] + [len(m) + 3 for m in forum.players])
    lines = [ansi.bold(_("Forum")), ""]
    lines.append("    " + "".join(f" {_column(c)}".ljust(width) for c in range(forum.width)))
    for row, cells in enumerate(forum.grid):
        drawn = []
        for col, square in enumerate(cells):
            text = _forum_text(square, width)
            if (col, row) in highlight:
                text = ansi.paint(text, "4")
            drawn.append(text)
        lines.append(f" {row + 1:>2} " + "".join(drawn))
    lines.append("")
    players = ", ".join(f"{mark} = {name}" for mark, name in forum.players.items())
    lines.append(_("Players: {players}").format(players=players))
    lines.append(ansi.dim(_("Legend: b g o y mosaic squares, E eagle space, blank a gap; "
                            "a player's mark after the letter is an envoy")))
    return "\n".join(lines)


def _column(col: int) -> str:
    return square_name(col, 0)[:-1]
