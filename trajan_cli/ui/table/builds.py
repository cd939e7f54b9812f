"""The building step: a building tile chosen by its key (a double tile with ``+``), its
space(s) on the colonia (pp. 22-23), the colonia as the turn so far leaves it, and an
exchange outside a build's payment (pp. 21, 26, 28)."""

from __future__ import annotations

import dataclasses

from ...core.colonia import VACATED as VACATED_CELL
from ...core.colonia import Square, crane, is_corner
from ...core.referee.build import placement_violations
from ...core.sheet import PlayerSheet
from ...core.tiles import PART_WORDS, TileError, parse_tile
from ...core.turns.assist import open_exchanges, open_for_building
from ...core.vocabulary import BOARD_SIZE, CellKind, square_name
from ...i18n import _
from ...render.referee import reason_text
from ...render.table_words import exchange_words
from ..colonia_state import COLOUR_KEYS, GRAY_KEYS, MOVES
from .cells import cursor_moved
from .draft import BuildDraft, Choice, Menu, Mode
from .menus import MENU_KEYS

PART_KEYS: dict[str, str] = {**{k: g.token for k, g in GRAY_KEYS.items()},
                             **{k: c.letter for k, c in COLOUR_KEYS.items()}}
DOUBLE_KEY = "+"
#: An exchange outside a build's payment (pp. 21, 26, 28), in the building step.
EXCHANGE_KEY = "x"


class BuildKeys:
    """A mixin of ``screen.TableScreen``: a building tile and its space."""

    def _build_key(self, key: str) -> None:
        if key == "enter":
            self.record_turn()
            return
        if key == EXCHANGE_KEY:
            self._ask_exchange()
            return
        if key in PART_KEYS:
            draft = self.view.draft
            if draft.builds and not draft.builds[-1].placed:
                draft = dataclasses.replace(draft, builds=draft.builds[:-1])
            build = BuildDraft((PART_KEYS[key],))
            self._push(draft=dataclasses.replace(draft, builds=(*draft.builds, build)),
                       mode=Mode.CELL, pending=None)
            self._set(cursor=self._suggested_cell())
            self._say(self.cell_hint())
            return
        self._unknown(key)

    def _ask_exchange(self) -> None:
        """The exchanges the referee accepts as the turn's next part, in a menu: made on
        one's turn, e.g. to hold a Trajan card's resources at the scoring (p. 28), within
        the citizens' limits per turn, a payment's exchanges counted too (p. 26)."""
        draft = self.view.draft
        if draft.builds and not draft.builds[-1].placed:
            draft = dataclasses.replace(draft, builds=draft.builds[:-1])
            self._set(draft=draft)
        turn = draft.turn(self.player, trial=True)
        found = open_exchanges(self.table, turn, self.session.rules)
        if not found:
            self._say(_("No exchange can be made now: none that the supply and the active "
                        "citizens allow is left this turn ({pages}).").format(
                pages=", ".join((self._page("workers_to_builder"), self._page("citizens")))), True)
            return
        choices = tuple(Choice(key, exchange_words(exchange, self.session.rules), exchange)
                        for key, exchange in zip(MENU_KEYS, found, strict=False))
        self._push()  # Backspace goes back from the menu to the building step
        self._ask(Menu("exchange", _("Which exchange ({page})?").format(
            page=self._page("trajan_scoring")), choices, target="exchange"))

    def current_build(self) -> BuildDraft | None:
        builds = self.view.draft.builds
        return builds[-1] if builds else None

    def _replace_build(self, build: BuildDraft, push: bool = True, **changes) -> None:
        draft = self.view.draft
        draft = dataclasses.replace(draft, builds=(*draft.builds[:-1], build))
        (self._push if push else self._set)(draft=draft, **changes)

    def display_sheet(self) -> PlayerSheet | None:
        """The current player's colonia as the turn so far leaves it: the tiles taken
        vacated (a corner's crane uncovered), the building tiles placed."""
        sheet = self.sheet()
        if sheet is None:
            return None
        colonia = sheet.colonia
        for square in self.view.draft.take:
            if colonia.at(square).kind is CellKind.COVERED:
                hidden = sheet.crane_colours.get(square) if is_corner(square) else None
                colonia = colonia.replace(square, crane(hidden) if is_corner(square) else VACATED_CELL)
        for build in self.view.draft.builds:
            for token, square in zip(build.parts, build.squares, strict=False):
                colonia = colonia.replace(square, PART_WORDS[token])
        return dataclasses.replace(sheet, colonia=colonia)

    def open_cells(self) -> list[Square]:
        """Where the building tile's next part may go (pp. 22-23), the spaces taken this
        turn first."""
        sheet = self.display_sheet()
        build = self.current_build()
        if sheet is None or build is None:
            return []
        cells = [sq for sq, _cell in sheet.colonia.squares() if open_for_building(sheet, sq)]
        if build.squares:  # the second part of a double tile: beside the first
            first = build.squares[0]
            cells = [sq for sq in cells if abs(sq[0] - first[0]) + abs(sq[1] - first[1]) == 1]
        elif len(build.parts) == 2:
            cells = [sq for sq in cells if any(_beside(sq, other) for other in cells)]
        taken = [sq for sq in self.view.draft.take if sq in cells]
        return taken + [sq for sq in cells if sq not in taken]

    def _suggested_cell(self) -> Square:
        cells = self.open_cells()
        return cells[0] if cells else self.view.cursor

    def cell_hint(self) -> str:
        build = self.current_build()
        if build is not None and len(build.parts) == 2 and len(build.squares) == 1:
            return _("The second part's space: an arrow picks the neighbour, Enter the one marked.")
        return _("Its space: type the cell (C4), or Enter for the one marked; + makes a double tile.")

    def _cell_key(self, key: str) -> None:
        build = self.current_build()
        view = self.view
        if view.pending == DOUBLE_KEY:
            self._set(pending=None)
            if key not in PART_KEYS:
                self._say(_("A double tile's second part: c i s m or b g o y."), True)
                return
            parts = (*build.parts, PART_KEYS[key])
            try:
                parse_tile("+".join(parts))
            except TileError:
                self._say(_("No tile shows {tile}: a double tile is a gray building and a "
                            "structure, or two structures of one colour ({page}).").format(
                    tile="+".join(parts), page=self._page("placement_double")), True)
                return
            self._replace_build(dataclasses.replace(build, parts=parts))
            self._set(cursor=self._suggested_cell())
            self._say(self.cell_hint())
            return
        if key == DOUBLE_KEY and len(build.parts) == 1 and not build.squares:
            self._push(pending=DOUBLE_KEY)
            self._say(_("The double tile's second part: c i s m or b g o y."))
            return
        second = len(build.parts) == 2 and len(build.squares) == 1
        if key in ("up", "down", "left", "right") or key in MOVES:
            moved = cursor_moved(view.cursor if not second else build.squares[0], key)
            if second:
                self._choose_cell(moved)
            else:
                self._set(cursor=moved, pending=None)
            return
        if key in ("enter", " "):
            self._choose_cell(view.cursor)
            return
        if key == "tab":
            cells = self.open_cells()
            if cells:
                at = cells.index(view.cursor) + 1 if view.cursor in cells else 0
                self._set(cursor=cells[at % len(cells)])
            return
        self._typed(key, self.open_cells(), self._choose_cell)

    def _choose_cell(self, square: Square) -> None:
        build = self.current_build()
        if not (0 <= square[0] < BOARD_SIZE and 0 <= square[1] < BOARD_SIZE):
            return
        if square not in self.open_cells():
            self._say(self._placement_reason(build, square), True)
            self._set(pending=None)
            return
        build = dataclasses.replace(build, squares=(*build.squares, square))
        self._replace_build(build, cursor=square, pending=None)
        if not build.placed:
            following = self.open_cells()
            self._set(cursor=following[0] if following else square)
            self._say(self.cell_hint())
            return
        self._settle()

    def _placement_reason(self, build: BuildDraft, square: Square) -> str:
        sheet = self.display_sheet()
        part = parse_tile(build.parts[len(build.squares)])
        found = placement_violations(sheet, part, (square,), self.session.rules)
        if found:
            return reason_text(found[0], self.session.rules)
        page = self._page("placement_double")
        if not build.squares:
            return _("{cell}: no open space beside it for the double tile's other part ({page}).") \
                .format(cell=square_name(*square), page=page)
        return _("{cell} is not beside {first}: the parts of a double tile lie side by side or "
                 "one above the other ({page}).").format(cell=square_name(*square), page=page,
                                                         first=square_name(*build.squares[0]))


def _beside(a: Square, b: Square) -> bool:
    return abs(a[0] - b[0]) + abs(a[1] - b[1]) == 1
