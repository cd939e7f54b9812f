"""Taking and using Colonia tiles: the tiles taken from the round's streets (pp. 20-21) on
the colonia, what the used tile shows (its palette: ``palette.py``), and the tile the
fourth library or market space gives, taken and used at once (p. 24)."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

from ...core.colonia import Square
from ...core.turns.assist import street_offers
from ...core.turns.moves import UseKind
from ...core.vocabulary import CellKind, Resource, square_name
from ...i18n import _
from ..colonia_state import MOVES
from .cells import WHOLE_KEY, cursor_moved
from .draft import GainDraft, Mode
from .palette import WORKER_KEY

RESOURCE_NAMES = frozenset(r.value for r in Resource)
#: Which tile is used: own, received, or both (the own one's gain typed first, then "/").
OWN_KEY, RECEIVED_KEY, BOTH_KEY = "o", "r", "/"


class TileKeys:
    """A mixin of ``screen.TableScreen``: the tiles taken and what the used one shows."""

    # --- Taking tiles -------------------------------------------------------------------

    def offers(self, taken: Sequence[Square] | None = None) -> list[Square]:
        """Covered spaces the round's streets still offer the current player."""
        sheet = self.sheet()
        if sheet is None:
            return []
        return street_offers(sheet, self.streets(), self.view.draft.take if taken is None else taken)

    def _first_offer(self, taken) -> Square | None:
        offers = self.offers(taken)
        return offers[0] if offers else None

    def _take_key(self, key: str) -> None:
        view = self.view
        if key in MOVES or key in ("up", "down", "left", "right"):
            self._set(cursor=cursor_moved(view.cursor, key), pending=None)
            return
        if key == " ":
            self._toggle_take(view.cursor)
            return
        if key == "enter":
            self._push(mode=Mode.USE, pending=None, gain=0)
            self._say(self.use_hint())
            return
        if key == WHOLE_KEY:
            self._push(pending=WHOLE_KEY)
            self._say(_("A tile anywhere, for a tribune ({page}): its name (B1).").format(
                page=self._page("taking")))
            return
        self._typed(key, self.offers(), self._toggle_take)

    def _toggle_take(self, square: Square) -> None:
        sheet = self.sheet()
        draft = self.view.draft
        if square in draft.take:
            take = tuple(sq for sq in draft.take if sq != square)
            self._push(draft=dataclasses.replace(draft, take=take), cursor=square, pending=None)
            self._say(_("{cell} put back.").format(cell=square_name(*square)))
            return
        cell = sheet.colonia.at(square)
        if cell.kind is not CellKind.COVERED:
            self._say(_("{cell} holds no Colonia tile any more: only a covered space gives one.")
                      .format(cell=square_name(*square)), True)
            self._set(pending=None)
            return
        take = (*draft.take, square)
        self._push(draft=dataclasses.replace(draft, take=take), cursor=square, pending=None)
        if len(take) >= 2:
            self._set(mode=Mode.USE, gain=0)
            self._say(self.use_hint())
        else:
            following = self._first_offer(take)
            if following is not None:
                self._set(cursor=following)
            self._say(_("{cell} taken; the second tile (Enter: no more).").format(
                cell=square_name(*square)))

    def turn_gains(self) -> dict[Resource, int]:
        """The resources the turn being built gains so far: what the used tile(s) show, a
        second citizen's bonus, the fourth space's tile, area bonuses (an upgrade or a
        victory point is no resource of the supply)."""
        draft = self.view.draft
        gains = [*draft.gains, *(b.tile_gain for b in draft.builds if b.tile_gain is not None)]
        words = [name for gain in gains for name, n in gain.resources for _i in range(n)]
        words += [word for gain in gains for word in gain.bonus]
        words += [word for b in draft.builds for word in b.bonus or ()]
        counts: dict[Resource, int] = {}
        for word in words:
            if word in RESOURCE_NAMES:
                counts[Resource(word)] = counts.get(Resource(word), 0) + 1
        return counts

    # --- Using a tile ---------------------------------------------------------------------

    def use_hint(self) -> str:
        return _("What does the used tile show? Keys below; Enter when done.")

    def _use_key(self, key: str) -> None:
        view = self.view
        draft = view.draft
        gain = draft.gains[view.gain]
        if view.pending != WORKER_KEY and key in (OWN_KEY, RECEIVED_KEY):
            kind = UseKind.OWN if key == OWN_KEY else UseKind.RECEIVED
            self._push(draft=dataclasses.replace(draft, kind=kind, gains=draft.gains[:1]), gain=0)
            self._say(_("Uses the tile kept this round.") if kind is UseKind.OWN else
                      _("Uses the tile received from the left."))
            return
        if key == BOTH_KEY:
            if gain.empty or view.gain == 1:
                self._say(_("First what the own tile shows, then / and what the received one "
                            "shows."), True)
                return
            self._push(draft=dataclasses.replace(draft, kind=UseKind.BOTH,
                                                 gains=(gain, GainDraft())), gain=1)
            self._say(_("Both tiles (2 tribunes): now what the received tile shows."))
            return
        if key == "enter":
            self._end_gain()
            return
        changed = self._palette_key(key, gain)
        if changed is None:
            self._unknown(key)
            return
        if changed is not gain:
            gains = list(draft.gains)
            gains[view.gain] = changed
            self._push(draft=dataclasses.replace(draft, gains=tuple(gains)), pending=None)
            if changed.citizen is not None:
                self._say(self.citizen_hint(changed.citizen))
            else:
                self._say(self.use_hint())

    def citizen_hint(self, row: int) -> str:
        """A citizen typed: the step waits for Enter, so that o or r may still follow."""
        if self.view.mode is Mode.USE and self.view.draft.kind is not UseKind.BOTH:
            return _("A citizen in row {row}; o the own tile, r the received one; Enter when "
                     "done.").format(row=row)
        return _("A citizen in row {row}; Enter when done.").format(row=row)

    def _end_gain(self) -> None:
        view = self.view
        if view.draft.gains[view.gain].empty:
            self._say(_("Say what the tile shows first (a palette key), then Enter."), True)
            return
        if view.draft.kind is UseKind.BOTH and view.gain == 0:
            self._set(gain=1)
            return
        self._settle()

    # --- The fourth library or market space: a tile taken and used at once ----------------

    def _tile_cell_key(self, key: str) -> None:
        view = self.view
        if key in ("up", "down", "left", "right") or key in MOVES:
            self._set(cursor=cursor_moved(view.cursor, key), pending=None)
            return
        if key in ("enter", " "):
            self._take_tile(view.cursor)
            return
        self._typed(key, (), self._take_tile)

    def _take_tile(self, square: Square) -> None:
        sheet = self.display_sheet()
        if sheet.colonia.at(square).kind is not CellKind.COVERED:
            self._say(_("{cell} holds no Colonia tile any more: only a covered space gives one.")
                      .format(cell=square_name(*square)), True)
            self._set(pending=None)
            return
        build = self.current_build()
        self._replace_build(dataclasses.replace(build, tile_square=square, tile_gain=GainDraft()),
                            mode=Mode.TILE_GAIN, cursor=square, pending=None)
        self._say(_("What does the tile from {cell} show? Enter when done.").format(
            cell=square_name(*square)))

    def _tile_gain_key(self, key: str) -> None:
        build = self.current_build()
        gain = build.tile_gain
        if key == "enter":
            if gain.empty:
                self._say(_("Say what the tile shows first (a palette key), then Enter."), True)
                return
            self._settle()
            return
        changed = self._palette_key(key, gain)
        if changed is None:
            self._unknown(key)
            return
        if changed is not gain:
            self._replace_build(dataclasses.replace(build, tile_gain=changed), pending=None)
            if changed.citizen is not None:
                self._say(self.citizen_hint(changed.citizen))
