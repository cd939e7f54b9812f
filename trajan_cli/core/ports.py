"""What the pure core is given from outside: how text becomes models.

The core never parses files itself; a scoring step that takes a sheet or a forum given as
a file, and a game record read back, get the readers from the caller (``games`` builds
them from ``parsing``).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, NamedTuple

# Named tuples, not frozen dataclasses (cheaper to define: every command that replays a game
# imports this); the models are imported for the type checker only, so none is loaded here.
if TYPE_CHECKING:
    from .classic.models import ClassicSheet
    from .forum import Forum
    from .sheet import PlayerSheet


class Parsers(NamedTuple):
    """Forum Trajanum's readers."""

    sheet: Callable[[str, str], PlayerSheet]  # (text, file name) -> sheet
    forum: Callable[[str, str], Forum]
    problem_of: Callable[[Exception], str | None]  # a readable message for a parse error
    #: A line of the game record -> core.turns.moves value (text, the game's players).
    line: Callable[[str, tuple], object] | None = None
    #: card, sheet -> (building times, collecting times, the cells of each building fulfilment)
    check_card: Callable[[str, PlayerSheet], tuple[int, int, tuple]] | None = None
    #: Reads a sheet kept in a saved game, as leniently as when it was saved (None: ``sheet``).
    recorded_sheet: Callable[[str, str], PlayerSheet] | None = None

    def read_recorded_sheet(self, text: str, path: str) -> PlayerSheet:
        return (self.recorded_sheet or self.sheet)(text, path)


class ClassicParsers(NamedTuple):
    """Trajan (2011)'s readers: how file answers become sheets."""

    sheet: Callable[[str, str], ClassicSheet]  # (text, file name) -> sheet
    problem_of: Callable[[Exception], str | None]
