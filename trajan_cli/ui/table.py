"""The table screen (`trajan play GAME`) as a full-screen application: the board editor's
machinery (``app.py``: keys, mouse, styles, NO_COLOR) around ``table_state`` and
``table_screen``."""

from __future__ import annotations

from pathlib import Path
from typing import Any


def table_app(path: Path, *, input: Any = None, output: Any = None, session: Any = None):
    """The screen's state and its Application (tests and the benchmark drive them)."""
    from ..games.table_session import TableSession
    from .app import build_app
    from .table_screen import draw_table
    from .table_state import TableScreen

    screen = TableScreen(session if session is not None else TableSession(path))
    clicks = {"on_cell": screen.click_cell, "on_square": screen.click_square,
              "on_option": screen.click_option}
    return screen, build_app(screen, draw_table, clicks, input=input, output=output)


def play_table(path: Path, *, input: Any = None, output: Any = None) -> None:
    """Follow the game at ``path`` until the table leaves the screen."""
    from .app import run

    _screen, app = table_app(path, input=input, output=output)
    run(app)
