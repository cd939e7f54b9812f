"""The set-up screen as a full-screen application: the table screen's machinery
(``ui/app.py``: keys, mouse, styles, NO_COLOR) around ``state.SetupScreen`` and
``draw.draw_setup``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...games.setup_session import SetupSession
from ...i18n import _
from ..app import build_app, run
from ..table.recording import worded
from .draw import draw_setup
from .state import SetupScreen


def setup_screen(session: SetupSession) -> SetupScreen:
    """The set-up of the game ``session`` holds, recorded through it at its last key."""

    def record(result) -> tuple[bool, str | None]:
        refusal, unwritten, conflicts = session.record(result)
        if refusal is not None:
            return False, "; ".join(p.message for p in worded(refusal).problems)
        if unwritten is not None:
            return True, _("The set-up is recorded, but the group's box was not written: {reason}").format(
                reason="; ".join(p.message for p in unwritten.problems))
        if conflicts:
            return True, _("The set-up is recorded. The group's box knew {names} otherwise already and "
                           "keeps its own: see trajan box show.").format(
                names=", ".join(_("side {side}").format(side=c.name) if c.kind == "side"
                                else _("face {face}").format(face=c.name) for c in conflicts))
        return True, None

    return SetupScreen(session.players(), len(session.game.players), session.group(),
                       session.recorded_box(), session.needs_forum(), recorder=record,
                       rules=session.state.rules)


def setup_app(path: Path, *, input: Any = None, output: Any = None, home: Path | None = None):
    """The screen's state and its Application (tests and the benchmark drive them)."""
    screen = setup_screen(SetupSession(path, home))
    return screen, build_app(screen, draw_setup, {}, input=input, output=output)


def play_setup(path: Path, *, input: Any = None, output: Any = None) -> SetupScreen:
    """Set up the game at ``path``; the screen as it was left (``result`` None: nothing was
    recorded)."""
    screen, app = setup_app(path, input=input, output=output)
    run(app)
    return screen
