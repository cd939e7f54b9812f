"""A saved game followed at the table (`trajan play`): read, replayed, recorded into a line
at a time, and taken back. Every change goes the way the commands make it: a line through
:func:`recording.record` (as `trajan turn`), an undo through :func:`recording.take_back`
(as `trajan game undo`), each one locked change of the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..i18n import _
from ..parsing.errors import InputError

if TYPE_CHECKING:
    from ..core.game import Game
    from ..core.state import GameState


class TableSession:
    """The game file at ``path`` and its state (``state``: where its record leaves it)."""

    def __init__(self, path: Path):
        from . import store

        self.path = path
        stored = store.read(path)
        self.text = stored.text
        self.state: GameState = store.replay(stored)

    @property
    def game(self) -> Game:
        return self.state.record

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def rules(self):
        return self.state.rules

    @property
    def table(self):
        return self.state.table

    def reload(self) -> None:
        """The game as it is on disk now (another window may have recorded meanwhile)."""
        from . import store

        stored = store.read(self.path)
        if stored.text != self.text:
            self.text, self.state = stored.text, store.replay(stored)

    def record(self, line: Any) -> tuple[Any, InputError | None]:
        """Record one line (a value of the notation, as the screen built it), judged whole:
        (what was recorded or None, the refusal or None). The state is the game as saved
        afterwards."""
        from .recording import record

        recorded, refusal, changed = record(self.path, line, _("the table screen"))
        if changed is not None:
            self.text, self.state = changed.stored.text, changed.state
        else:
            self.reload()  # refused: judged on the game as it is on disk, which may have moved on
        return recorded, refusal

    def take_back(self) -> Any:
        """Take back the game's last line; None when there is none."""
        from . import store
        from .recording import take_back

        last, _game, state = take_back(self.path)
        stored = store.read(self.path)
        self.text = stored.text
        self.state = state if state is not None else store.replay(stored)
        return last
