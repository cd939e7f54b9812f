"""The table screen (`trajan play GAME`) as a full-screen application: the board editor's
machinery (``ui/app.py``: keys, mouse, styles, NO_COLOR) around ``screen.TableScreen`` and
``draw.draw_table``."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from ...games.table_session import TableSession
from ..app import build_app, run
from .draw import draw_table
from .screen import TableScreen


def table_app(path: Path, *, input: Any = None, output: Any = None, session: Any = None):
    """The screen's state and its Application (tests and the benchmark drive them)."""
    screen = TableScreen(session if session is not None else TableSession(path))
    clicks = {"on_cell": screen.click_cell, "on_square": screen.click_square,
              "on_option": screen.click_option}
    return screen, build_app(screen, draw_table, clicks, input=input, output=output)


def play_table(path: Path, *, input: Any = None, output: Any = None, note: str | None = None) -> None:
    """Follow the game at ``path`` until the table leaves the screen. ``note``: what the
    screen says first (what the set-up screen left to say), instead of its greeting."""
    screen, app = table_app(path, input=input, output=output)
    if note:
        screen.tell(note)
    run(app)
