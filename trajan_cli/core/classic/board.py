"""What a Trajan (2011) player holds, as the game keeps it from one quarter end to the next.

The board is a :class:`ClassicSheet`: the sheet a player gives at a quarter end, then
changed by what that quarter end takes away (S. 9, „Quartalsende“): the forum tiles and
demand jokers given up for the people's demands leave the game (Trajan tiles stay), and
so do all senate tiles. Nothing is played between the last quarter end and the final
scoring (S. 9, „Spielende und Endwertung“), so a sheet given for the final scoring must
hold exactly what the board holds, plus the bonus tiles won in the last senate.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from .models import BonusTile, ClassicSheet
from .quarter import NeedsResult
from .vocabulary import BonusSide

#: The counts of a sheet compared one by one (the senate's are left out: the discs go back
#: to the start and the senate tiles leave the game at every quarter end, and neither
#: scores at the end).
COUNTS = ("hand_cards", "workers_in_camp", "legionaries_in_camp", "trajan_tiles_on_circle",
          "workers_in_city", "legionaries_in_provinces", "building_jokers", "commodity_jokers",
          "demand_jokers")
#: The tables compared entry by entry: construction tiles by symbol, cards in the display
#: by kind, forum tiles by demand.
TABLES = ("buildings", "display", "forum_needs")


def after_quarter_end(board: ClassicSheet, needs: NeedsResult) -> ClassicSheet:
    """``board`` after a quarter end (S. 9): the forum tiles and demand jokers used for the
    demands are out of the game, and so is every senate tile; Trajan tiles stay."""
    forum = {kind: n - needs.forum_tiles.get(kind, 0) for kind, n in board.forum_needs.items()}
    return board._replace(
        forum_needs={kind: n for kind, n in forum.items() if n},
        demand_jokers=board.demand_jokers - needs.jokers,
        senate_tiles=(),
    )


@dataclass(frozen=True)
class Difference:
    """One thing a sheet and the kept board disagree on: ``field`` (a sheet key), ``item``
    (the entry of a table, the kind of a Trajan tile, the bonus tile) or None, and the two
    counts."""

    field: str
    item: Any
    known: int
    given: int


def _bonus_key(tile: BonusTile) -> tuple:
    return (tile.kind, tile.side, tile.commodity)


def differences(board: ClassicSheet, won: Sequence[BonusSide], given: ClassicSheet) -> list[Difference]:
    """Where ``given`` (a sheet for the final scoring) disagrees with ``board`` as the game
    keeps it, the bonus tiles won in the senate since (``won``: their sides, the kinds are
    the player's pick) aside. Empty when they agree."""
    found: list[Difference] = []
    for key in COUNTS:
        known, told = getattr(board, key), getattr(given, key)
        if known != told:
            found.append(Difference(key, None, known, told))
    for key in TABLES:
        known_table, told_table = getattr(board, key), getattr(given, key)
        for item in sorted({*known_table, *told_table}, key=str):
            known, told = known_table.get(item, 0), told_table.get(item, 0)
            if known != told:
                found.append(Difference(key, item, known, told))
    known_tiles, told_tiles = Counter(board.trajan_needs), Counter(given.trajan_needs)
    for item in sorted({*known_tiles, *told_tiles}, key=str):
        if known_tiles[item] != told_tiles[item]:
            found.append(Difference("trajan_needs", item, known_tiles[item], told_tiles[item]))
    found += _bonus_differences(board.bonus_tiles, won, given.bonus_tiles)
    return found


def _bonus_differences(kept: Sequence[BonusTile], won: Sequence[BonusSide],
                       told: Sequence[BonusTile]) -> list[Difference]:
    """The bonus tiles: those kept must all be there, and besides them one tile for each
    won, of its side (any kind)."""
    found = []
    known, given = Counter(_bonus_key(t) for t in kept), Counter(_bonus_key(t) for t in told)
    missing = known - given
    for key in sorted(missing, key=str):
        found.append(Difference("bonus_tiles", BonusTile(*key), known[key], given[key]))
    extra = given - known
    sides_told = Counter(key[1] for key in extra.elements())
    sides_won = Counter(won)
    for side in BonusSide:
        if sides_told[side] != sides_won[side]:
            found.append(Difference("bonus_won", side, sides_won[side], sides_told[side]))
    return found


#: What a player keeps from one quarter end to the next, never giving it up in play: forum
#: tiles for the demands and demand jokers leave only at a quarter end, and building jokers
#: count only at the end (S. 11, „Die Forumsplättchen“); construction tiles stay on the
#: tableau and workers in the city stay there („Bau-Aktion“); Trajan tiles stay (S. 9).
KEPT_COUNTS = ("demand_jokers", "building_jokers", "workers_in_city")
KEPT_TABLES = ("forum_needs", "buildings")


def losses(board: ClassicSheet, won: Sequence[BonusSide], given: ClassicSheet) -> list[Difference]:
    """Where ``given`` (a sheet at the next quarter end) holds less than ``board`` kept of
    what is never given up between quarter ends, or bonus tiles other than those kept and
    those won in the senate since. Empty when nothing is missing."""
    found: list[Difference] = []
    for key in KEPT_COUNTS:
        known, told = getattr(board, key), getattr(given, key)
        if told < known:
            found.append(Difference(key, None, known, told))
    for key in KEPT_TABLES:
        known_table, told_table = getattr(board, key), getattr(given, key)
        for item in sorted(known_table, key=str):
            if told_table.get(item, 0) < known_table[item]:
                found.append(Difference(key, item, known_table[item], told_table.get(item, 0)))
    known_tiles, told_tiles = Counter(board.trajan_needs), Counter(given.trajan_needs)
    for item in sorted(known_tiles, key=str):
        if told_tiles[item] < known_tiles[item]:
            found.append(Difference("trajan_needs", item, known_tiles[item], told_tiles[item]))
    found += _bonus_differences(board.bonus_tiles, won, given.bonus_tiles)
    return found
