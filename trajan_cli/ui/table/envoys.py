"""An envoy's square on the forum (p. 25): the squares the referee offers marked, one typed
(its column letter and row), clicked or taken under the cursor, or none."""

from __future__ import annotations

import dataclasses

from ...core.colonia import Square
from ...core.turns.moves import Envoy
from ...core.vocabulary import square_name
from ...i18n import _
from ..colonia_state import MOVES
from .cells import cursor_moved
from .draft import EnvoyAsk, Mode

NONE_KEYS = ("n", "-", "0")


class EnvoyKeys:
    """A mixin of ``screen.TableScreen``: where an envoy goes."""

    def forum(self):
        return self.table.forum

    def _envoy_target(self, problem):
        if self.view.mode in (Mode.TILE_GAIN, Mode.TILE_CELL):
            return None
        build = self.current_build()
        if build is not None and build.placed:
            return "build"
        for index, gain in enumerate(self.view.draft.gains):
            if gain.citizen == 1 and gain.envoy is None:
                return ("gain", index)
        return None

    def _ask_envoy(self, problem, target) -> None:
        squares = tuple(problem.details.get("squares", ()))
        ask = EnvoyAsk(squares, str(problem.details.get("via", "")), target)
        self._set(mode=Mode.ENVOY, envoy=ask, menu=None, pending=None,
                  forum_cursor=squares[0] if squares else self.view.forum_cursor)
        self._say(self.envoy_hint())

    def envoy_hint(self) -> str:
        return _("An envoy may go on a marked square: type it (C3), Enter for the one under the "
                 "cursor, n for none.")

    def _envoy_key(self, key: str) -> None:
        view = self.view
        ask = view.envoy
        if key in NONE_KEYS and view.pending is None:
            self._place_envoy(None)
            return
        if key in ("up", "down", "left", "right") or key in MOVES:
            forum = self.forum()
            moved = cursor_moved(view.forum_cursor, key, forum.width, forum.height)
            self._set(forum_cursor=moved, pending=None)
            return
        if key in ("enter", " "):
            self._place_envoy(view.forum_cursor)
            return
        if key == "tab" and ask.squares:
            at = ask.squares.index(view.forum_cursor) + 1 if view.forum_cursor in ask.squares else 0
            self._set(forum_cursor=ask.squares[at % len(ask.squares)])
            return
        forum = self.forum()
        self._typed(key, ask.squares, self._place_envoy, lambda k: _forum_coordinate(k, forum))

    def click_square(self, square: Square) -> None:
        self._completing = frozenset()  # a click is no key of a cell's name
        if self.view.mode is Mode.ENVOY and self._fresh_click(("square", square)):
            self._set(pending=None)
            self._place_envoy(square)

    def _place_envoy(self, square: Square | None) -> None:
        ask = self.view.envoy
        if square is not None and square not in ask.squares:
            self._set(pending=None, forum_cursor=square if self.forum().at(square) else
                      self.view.forum_cursor)
            cells = ", ".join(square_name(*sq) for sq in ask.squares)
            self._say(_("{cell}: no envoy may go there now; the squares on offer: {cells} ({page})")
                      .format(cell=square_name(*square), cells=cells, page=self._page("envoys")),
                      True)
            return
        envoy = Envoy(square)
        draft = self.view.draft
        if ask.target == "build":
            build = self.current_build()
            self._replace_build(dataclasses.replace(build, envoys=(*build.envoys, envoy),
                                                    envoys_asked=True), pending=None)
        else:
            gains = list(draft.gains)
            gains[ask.target[1]] = dataclasses.replace(gains[ask.target[1]], envoy=envoy)
            self._push(draft=dataclasses.replace(draft, gains=tuple(gains)), pending=None)
        self._set(envoy=None)
        self._settle()


def _forum_coordinate(key: str, forum) -> tuple[str, int] | None:
    if len(key) != 1 or forum is None:
        return None
    if key in "0123456789" and 1 <= int(key) <= forum.height:  # str.isdigit() takes '²' too
        return "r", int(key) - 1
    if key.isalpha() and key.isascii():
        column = ord(key.upper()) - ord("A")
        if 0 <= column < forum.width:
            return "c", column
    return None
