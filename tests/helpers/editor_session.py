"""The board editors (trajan_cli/ui/editor.py) run in-process on prompt_toolkit's pipe
input and a dummy output of a chosen size: the keys typed, what the editor returned, its
state and every screen it drew. Used by tests/test_editor.py and tests/test_plurals.py.
"""

from __future__ import annotations

import threading
import time

from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from trajan_cli.ui.editor import colonia_app, forum_app


class Terminal(DummyOutput):
    """A dummy output of a chosen size, which a test may change (a resize)."""

    def __init__(self, rows=24, columns=80):
        self.size = Size(rows=rows, columns=columns)

    def get_size(self):
        return self.size


class Session:
    """One editor run: the keys typed, then what it returned, the state and every screen."""

    def __init__(self, make, keys, size=(24, 80)):
        """``keys``: the text typed, or a list of (terminal size or None, text) steps typed
        one after the other while the editor runs (a size is a resize before the text)."""
        self.terminal = Terminal(*size)
        self.screens: list[str] = []
        with create_pipe_input() as pipe:
            self.editor, app = make(pipe, self.terminal)
            app.after_render += self._capture
            if isinstance(keys, str):
                pipe.send_text(keys)
            else:
                def typist():
                    for size, text in keys:
                        time.sleep(0.15)
                        if size is not None:
                            self.terminal.size = Size(*size)
                            app.invalidate()
                            time.sleep(0.15)
                        pipe.send_text(text)

                threading.Thread(target=typist, daemon=True).start()
            self.result = app.run()

    def _capture(self, app):
        screen = app.renderer._last_screen
        if screen is None:
            return
        size = self.terminal.size
        self.screens.append("\n".join(
            "".join(screen.data_buffer[y][x].char for x in range(size.columns)).rstrip()
            for y in range(size.rows)))

    @property
    def screen(self) -> str:
        return self.screens[-1]


def colonia(keys, sheet, recorded="same", first_scoring_done=False, **kw) -> Session:
    """The colonia editor on ``sheet`` (``recorded``: the board as the game holds it) typed ``keys``."""
    recorded = sheet if recorded == "same" else recorded
    return Session(lambda pipe, out: colonia_app(sheet, recorded, input=pipe, output=out,
                                                 first_scoring_done=first_scoring_done), keys, **kw)


def forum_session(keys, forum, recorded, players, **kw) -> Session:
    """The forum editor on ``forum`` for ``players`` typed ``keys``."""
    return Session(lambda pipe, out: forum_app(forum, recorded, players, input=pipe, output=out),
                   keys, **kw)
