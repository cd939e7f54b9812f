"""A saved game set up at the table (`trajan play` on a game with no boards yet): what is
left to set up, what the group's box knows, and the set-up recorded.

The lines go the way every command records them (:func:`recording.record_values`: one
locked change, judged whole by the referee, all or none); afterwards what the players
typed and agreed to keep goes into the group's box file (``box_file.learn``), and their
habits (each player's cranes, the forum laid for this many players) are remembered.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..core.box import Box, GroupBox
from ..i18n import _
from ..parsing.errors import InputError

if TYPE_CHECKING:
    from ..core.game import Game
    from ..core.state import GameState


def before_first_round(game: Game) -> bool:
    """Whether the game is still at its set-up (p. 18): kept from cycle I on, and no round,
    turn, build or scoring answer recorded yet (the referee refuses a set-up line after
    them)."""
    from ..core.game import Answer
    from ..core.turns.moves import BuildLine, RoundStart, Turn
    from ..core.vocabulary import Cycle

    return game.first_cycle == Cycle.I and not any(
        isinstance(line, (RoundStart, Turn, BuildLine, Answer)) for line in game.lines)


class SetupSession:
    """The game at ``path``; ``home`` the tool's home whose box file is the group's (None:
    TRAJAN_HOME)."""

    def __init__(self, path: Path, home: Path | None = None):
        from . import store

        self.path = path
        self.home = home
        stored = store.read(path)
        self.state: GameState = store.replay(stored)

    @property
    def game(self):
        return self.state.record

    @property
    def name(self) -> str:
        return self.path.stem

    def players(self) -> tuple[str, ...]:
        """The players with no board yet, in seating order."""
        table = self.state.table
        return tuple(p for p in self.game.players if table.board(p) is None)

    def needs_forum(self) -> bool:
        return self.state.table.forum is None

    def recorded_box(self) -> Box:
        """The facts of the copy the game's record has already (its ``box`` lines)."""
        return self.state.box

    def group(self) -> GroupBox:
        """The group's box file as it is now (an empty box when there is none yet)."""
        from . import box_file

        return box_file.load(self.home)

    def record(self, result: Any) -> tuple[Any, InputError | None, tuple[Any, ...]]:
        """Record the set-up (a ``ui.setup.state.SetUp``), then keep what was learnt and the
        habits: (the refusal, an InputError or a core.state.LineRefused, when nothing was
        recorded; the group's box file's problem when the set-up is recorded but the box
        file could not be written; the facts typed that the box file knew otherwise
        meanwhile, ``box_file.Conflict`` values: the file keeps its own)."""
        from . import box_file
        from .recording import record_values

        done, refusal = record_values(self.path, list(result.lines), _("the set-up screen"))
        if refusal is not None:
            return refusal, None, ()
        assert done is not None
        self.state = done.state
        conflicts: tuple[Any, ...] = ()
        try:
            if result.learnt.sides or result.learnt.faces:
                conflicts = box_file.learn(result.learnt, self.home).conflicts
            for player, cranes in result.cranes.items():
                box_file.remember_cranes(player, cranes, self.home)
            if result.forum:
                box_file.remember_forum(len(self.game.players), result.forum, self.home)
        except InputError as exc:  # the set-up is recorded; only the box file was not written
            return None, exc, ()
        return None, None, conflicts
