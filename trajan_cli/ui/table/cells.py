"""A cell typed on the table screen: its column letter and its row digit, on the colonia or
on the forum, and the cursor moved by the arrows. Shared by every step that takes a space:
the tiles taken, a building tile's space, the fourth space's tile, an envoy's square."""

from __future__ import annotations

from collections.abc import Sequence

from ...core.colonia import Square
from ...core.vocabulary import BOARD_SIZE, COLUMN_LETTERS, square_name
from ...i18n import _
from ..colonia_state import MOVES

ROW_DIGITS = "123456"
#: Before a tile's name: the whole name follows, so no coordinate alone takes a tile (a
#: tile elsewhere, for a tribune, p. 20).
WHOLE_KEY = "t"


class CellTyping:
    """A mixin of ``screen.TableScreen``: the keys of a cell's name."""

    def _typed(self, key: str, offers: Sequence[Square], act, parse=None) -> None:
        """A key of a cell's name (``parse``: a column letter or a row digit of the colonia,
        or of the forum), then ``act`` on the cell. A whole name completes the cell; one
        coordinate alone does when a single space on offer fits it (the key that would have
        finished its name, typed next, then only says so: ``press``). Else it waits; after
        ``WHOLE_KEY`` (pending) it always waits for the whole name."""
        coordinate = (parse or typed_coordinate)(key)
        if coordinate is None:
            self._unknown(key)
            return
        kind, value = coordinate
        pending = self.view.pending
        if pending is not None and pending[0] != kind and pending[0] in "cr":
            column = value if kind == "c" else int(pending[1:])
            row = value if kind == "r" else int(pending[1:])
            act((column, row))  # it clears the pending coordinate (the undo stack keeps it)
            return
        fits = [sq for sq in offers if (sq[0] if kind == "c" else sq[1]) == value]
        if pending == WHOLE_KEY:
            fits = []  # a whole name follows: no coordinate takes a cell alone
        if len(fits) == 1:
            self._set(pending=None)
            act(fits[0])
            self._completing = name_rest(fits[0], kind)
            self._last_named = square_name(*fits[0])
            return
        self._push(pending=f"{kind}{value}")
        name = square_name(value, 0)[:-1] if kind == "c" else str(value + 1)
        self._say(_("{name}... : the rest of the cell's name").format(name=name))


def typed_coordinate(key: str) -> tuple[str, int] | None:
    """A colonia coordinate typed: ("c", column) for A-F (either case), ("r", row) for 1-6."""
    if len(key) != 1:
        return None
    if key in ROW_DIGITS:
        return "r", int(key) - 1
    if key.upper() in COLUMN_LETTERS and key.upper() != key.lower():
        return "c", COLUMN_LETTERS.index(key.upper())
    return None


def name_rest(square: Square, typed: str) -> frozenset[str]:
    """The keys that finish a cell's name after its column (``typed`` "c") or its row ("r")."""
    if typed == "c":
        return frozenset({str(square[1] + 1)})
    letter = square_name(square[0], 0)[:-1]
    return frozenset({letter.upper(), letter.lower()})


def cursor_moved(square: Square, key: str, width: int = BOARD_SIZE,
                 height: int = BOARD_SIZE) -> Square:
    dc, dr = MOVES.get(key, (0, 0))
    return (min(max(square[0] + dc, 0), width - 1), min(max(square[1] + dr, 0), height - 1))
