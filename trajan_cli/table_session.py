"""A saved game followed at the table (`trajan play`): read, replayed, recorded into a line
at a time, and taken back. Every change goes the way the commands make it: a line through
:func:`recording.record_lines` (as `trajan turn`), an undo through
:func:`recording.take_back` (as `trajan game undo`), each one locked update of the file.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from .core.game import Answer, Game
from .core.script import Progress
from .i18n import _
from .parsing.errors import InputError


class TableSession:
    """The game file at ``path`` and its replayed state (``state``: a Progress with the table)."""

    def __init__(self, path: Path, game: Game | None = None):
        self.path = path
        self.game: Game = game if game is not None else _read(path)
        self.state: Progress = self._replay(self.game)
        self._rules = None

    @property
    def name(self) -> str:
        return self.path.stem

    @property
    def rules(self):
        if self._rules is None:
            from .rulesdata import load_rules

            self._rules = load_rules().reading(self.game.readings)  # the group's house rules
        return self._rules

    @property
    def table(self):
        return self.state.table

    def _replay(self, game: Game) -> Progress:
        from .session import replay

        return replay(game, where=self.path)

    def reload(self) -> None:
        """The game as it is on disk now (another window may have recorded meanwhile)."""
        game = _read(self.path)
        if game != self.game:
            self.game, self.state = game, self._replay(game)

    def record(self, line: str) -> tuple[Any, InputError | None]:
        """Record one line of the game record, judged whole: (what was recorded or None,
        the refusal or None). The state is the game as saved afterwards."""
        from .recording import record_lines

        saved, recorded, refusal, state = record_lines(self.path, [(None, line)],
                                                        _("the table screen"))
        if saved != self.game:
            self.game, self.state = saved, state
        return (recorded[0] if recorded else None), refusal

    def take_back(self) -> Answer | None:
        """Take back the game's last line or answer; None when there is none."""
        from .recording import take_back

        last, game, state = take_back(self.path)
        self.game = game
        self.state = state if state is not None else self._replay(game)
        return last


def _read(path: Path) -> Game:
    from . import store

    return store.read(path).game
