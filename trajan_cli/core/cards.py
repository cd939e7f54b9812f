"""Trajan cards as data: building patterns and collecting needs (rules_data/cards.toml)."""

# Annotations are evaluated here (no `from __future__ import annotations`): typing.NamedTuple
# compiles each string annotation, a start-up cost (see core/classic/models.py).

from collections.abc import Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import NamedTuple

from .vocabulary import Cycle


class PatternKind(StrEnum):
    """What a cell of a building pattern must show."""

    GRAY = "gray"
    STRUCTURE = "structure"
    TILE = "tile"  # gray building or coloured structure
    TEMPLE = "temple"
    CRANE = "crane"  # uncovered, scored or not

    @property
    def is_anchor(self) -> bool:
        """Temples and cranes locate a pattern but are not buildings used up by it."""
        return self in (PatternKind.TEMPLE, PatternKind.CRANE)


class Distinct(StrEnum):
    GRAY_TYPE = "gray_type"
    COLOUR = "colour"
    CLASS = "class"


class Item(StrEnum):
    """Things a task can ask for (cards.toml explains each)."""

    COIN = "coin"
    TRIBUNE = "tribune"
    BUILDER = "builder"
    ASSISTANT = "assistant"
    WORKER = "worker"
    SHIP_ENVOY = "ship_envoy"
    ACTIVE_CITIZEN = "active_citizen"
    COLUMN = "column"
    SCORED_CRANE = "scored_crane"
    COLUMN_MARKER = "column_marker"
    STRUCTURE = "structure"


#: Which ``distinct`` an item may carry.
ITEM_DISTINCT = {
    Item.WORKER: Distinct.COLOUR,
    Item.STRUCTURE: Distinct.COLOUR,
    Item.ACTIVE_CITIZEN: Distinct.CLASS,
}


class PatternCell(NamedTuple):
    dx: int
    dy: int
    kind: PatternKind


class Need(NamedTuple):
    item: Item
    count: int  # type: ignore[assignment]  # a field that hides tuple.count, which nothing calls
    distinct: Distinct | None = None


class BuildingTask(NamedTuple):
    text: str
    #: Variants of a spatial pattern; empty when the task is counted with ``needs``.
    shapes: tuple[tuple[PatternCell, ...], ...] = ()
    distinct: Distinct | None = None
    needs: tuple[Need, ...] = ()


class CollectingTask(NamedTuple):
    text: str
    needs: tuple[Need, ...]
    #: Where an edition prints the task differently: language -> its wording.
    edition_note: Mapping[str, str] = MappingProxyType({})


class TrajanCard(NamedTuple):
    id: str  # "I-1" .. "III-4"
    cycle: Cycle
    building: BuildingTask
    collecting: CollectingTask
    page: int
