"""The round's two street cards (p. 20), typed at a round's start: a row 1-6 or a column
A-F each; the second one records the round's line."""

from __future__ import annotations

from ...core.turns.moves import RoundStart, Street
from ...core.vocabulary import COLUMN_LETTERS
from ...i18n import _
from .cells import ROW_DIGITS


class StreetKeys:
    """A mixin of ``screen.TableScreen``: the street cards."""

    def streets(self) -> tuple[Street, ...] | None:
        return self.position.streets

    def _streets_key(self, key: str) -> None:
        street = _street_key(key)
        if street is None:
            if key == "enter":
                self._say(_("Type the round's two street cards: a row 1-6 or a column A-F each."),
                          True)
            else:
                self._unknown(key)
            return
        if self.view.pending is None:
            self._push(pending=street)
            self._say(_("Street card {street}; the second one?").format(street=street))
            return
        streets = (Street.from_token(self.view.pending), Street.from_token(street))
        self._record(RoundStart(self.position.cycle, self.position.round, streets))


def _street_key(key: str) -> str | None:
    if len(key) == 1 and key in ROW_DIGITS:
        return key
    if len(key) == 1 and key.upper() in COLUMN_LETTERS:
        return key.upper()
    return None
