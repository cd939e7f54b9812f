"""Trajan (2011) models: the rules facts as types, and one player's sheet.

The facts are built from ``rules_data/classic.toml`` by
:func:`trajan_cli.rulesdata.load_classic_rules`; the sheet by
:mod:`trajan_cli.parsing.classic_sheet`.
"""

import math
from collections.abc import Mapping
from types import MappingProxyType
from typing import NamedTuple

from ..readings import DEFAULT as TOOL_READINGS
from ..readings import Readings
from .vocabulary import BonusKind, BonusSide, Demand, ShipSide, ShipTile

# Every Trajan command imports this module, so it is kept quick to import (Python 3.11): the
# models are NamedTuples, not frozen dataclasses (each dataclass costs about 0.6 ms more to
# create), and their annotations are evaluated, not strings (no `from __future__ import
# annotations`): typing.NamedTuple compiles each string annotation, about 2 ms in all here.
EMPTY: Mapping = MappingProxyType({})  # the default of a mapping field: empty, read-only


class SourceRef(NamedTuple):
    """Where a fact stands in the German Trajan rulebook: its page where known, its section."""

    section: str
    page: int | None = None
    inferred: bool = False  # placed on the page by its position between pinned pages

    def __str__(self) -> str:
        return f"S. {self.page}" if self.page is not None else f"„{self.section}“"


class BonusValue(NamedTuple):
    """One side of a bonus tile: ``points`` per ``per`` things (rounded up), or once."""

    points: int
    per: int = 1
    once: bool = False

    def score(self, count: int) -> int:
        if self.once:
            return self.points if count > 0 else 0
        return math.ceil(count / self.per) * self.points


class BonusRule(NamedTuple):
    kind: BonusKind
    sides: Mapping[BonusSide, BonusValue]


class ClassicRules(NamedTuple):
    stones_per_colour: int
    bowls: int
    figures: int
    construction_tiles: int
    commodity_kinds: int
    cards_per_commodity: int
    bonus_tile_count: int
    trajan_tile_places: int
    forum_tiles: int  # in the whole game: senate, needs and joker tiles together
    demands_per_quarter: int
    needs_penalty: Mapping[int, int]  # unmet demands -> points (0 or negative)
    trajan_tile_uses: int
    senate_tile_votes: tuple[int, int]  # lowest, highest
    consul_side: BonusSide
    deputy_side: BonusSide
    final_points: Mapping[str, int]  # hand_card, worker_in_camp, ... -> points each
    construction_sets: Mapping[int, int]  # set size -> points
    bonus: Mapping[BonusKind, BonusRule]
    ship: Mapping[ShipTile, Mapping[ShipSide, tuple[int, ...]]]  # points for 1, 2, ... cards/pairs
    time_steps_per_stone: int
    province_deduction: int
    province_minimum: int
    province_most_foreign: int  # one legionary per other player
    refs: Mapping[str, SourceRef]  # topic ("needs", "senate", ...) -> where it stands
    #: The open readings played by (a Trajan game's house rules; see core/readings.py).
    readings: Readings = TOOL_READINGS

    def ref(self, topic: str) -> SourceRef:
        return self.refs[topic]

    def penalty(self, unmet: int) -> int:
        return self.needs_penalty[min(unmet, max(self.needs_penalty))]

    def ship_points(self, tile: ShipTile, side: ShipSide, count: int) -> int:
        """Points for delivering ``count`` cards (or pairs) on that ship tile; 0 for none."""
        table = self.ship[tile][side]
        return table[count - 1] if 1 <= count <= len(table) else 0

    def ship_capacity(self, tile: ShipTile) -> int:
        return len(self.ship[tile][ShipSide.FRONT])


class BonusTile(NamedTuple):
    kind: BonusKind
    side: BonusSide
    commodity: str | None = None  # the kind of card a commodity tile counts


class ClassicSheet(NamedTuple):
    """One Trajan player's holdings as the sheet (TOML) describes them; missing = 0 / empty."""

    name: str
    hand_cards: int = 0
    workers_in_camp: int = 0
    legionaries_in_camp: int = 0
    trajan_tiles_on_circle: int = 0
    workers_in_city: int = 0
    legionaries_in_provinces: int = 0
    buildings: Mapping[str, int] = EMPTY  # construction tiles by symbol
    building_jokers: int = 0
    display: Mapping[str, int] = EMPTY  # commodity cards laid out, by kind
    commodity_jokers: int = 0  # unused
    forum_needs: Mapping[Demand, int] = EMPTY
    demand_jokers: int = 0
    trajan_needs: tuple[Demand, ...] = ()  # bread/games/religion Trajan tiles on the tableau
    senate_votes: int = 0  # the votes of the disc's space on the senate track
    senate_space: int | None = None  # spaces the disc has moved on the track, when given
    senate_tiles: tuple[int, ...] = ()  # votes of each senate tile
    bonus_tiles: tuple[BonusTile, ...] = ()
