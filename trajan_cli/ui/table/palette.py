"""The palette: what a Colonia tile shows (p. 21), one key each, typed for the tile used in
a turn and for the tile the fourth library or market space gives."""

from __future__ import annotations

from ...core.turns.moves import ASSISTANT, BUILDER, COIN, TRIBUNE, UPGRADE
from ...i18n import _
from ..colonia_state import COLOUR_KEYS
from .draft import GainDraft

#: The palette of what a Colonia tile shows (p. 21), one key each; a digit is a citizen row.
PALETTE: dict[str, str] = {"c": COIN, "t": TRIBUNE, "b": BUILDER, "a": ASSISTANT, "p": UPGRADE}
WORKER_KEY = "w"
CITIZEN_ROWS = "123456"


class PaletteKeys:
    """A mixin of ``screen.TableScreen``: a palette key added to what a tile shows."""

    def _palette_key(self, key: str, gain: GainDraft) -> GainDraft | str | None:
        """A palette key applied to ``gain``: the new gain, "done" for a citizen (a tile
        showing one shows nothing else), or None when the key is not the palette's."""
        if self.view.pending == WORKER_KEY:
            colour = COLOUR_KEYS.get(key)
            if colour is None:
                self._set(pending=None)
                self._say(_("A worker's colour: b g o y."), True)
                return gain
            return gain.plus(f"worker:{colour.value}")  # the caller clears the pending w
        if key == WORKER_KEY:
            if gain.citizen is not None:
                return self._citizen_alone(gain)
            self._push(pending=WORKER_KEY)
            self._say(_("The worker's colour: b g o y."))
            return gain
        if key in PALETTE:
            if gain.citizen is not None:
                return self._citizen_alone(gain)
            return gain.plus(PALETTE[key])
        if key in CITIZEN_ROWS and len(key) == 1:
            if gain.resources:
                return self._citizen_alone(gain)
            return GainDraft(citizen=int(key))
        return None

    def _citizen_alone(self, gain: GainDraft) -> GainDraft:
        self._say(_("A tile shows resources or a citizen, not both; Backspace takes back."), True)
        return gain
