"""What the referee finds wrong with a proposal: one :class:`Violation` per broken rule.

The core names the rule, the cells and the page; the words a player reads are made in
``render/referee.py`` (translatable there, not here).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from ..ruleset import PageRef
from ..vocabulary import Square


class Via(StrEnum):
    """How an envoy is sent to the forum (pp. 24-25)."""

    BUILD = "build"  # for a coloured structure just built
    MARKET = "market"  # the third market benefit
    LIBRARY = "library"  # the third library benefit


class Rule(StrEnum):
    """Every rule the referee can find broken; the value is the JSON ``rule`` key."""

    # Building in the colonia (pp. 22-23)
    COVERED = "covered"  # the space still lies under its Colonia tile
    CRANE = "crane"  # a corner: construction cranes are never built over
    TEMPLE = "temple"  # temples are never built over
    OCCUPIED = "occupied"  # something is built there already
    SAME_SPACE = "same_space"  # both halves of a double tile on one space
    NOT_NEIGHBOURS = "not_neighbours"  # a double tile needs orthogonal neighbours
    NO_PAYMENT = "no_payment"  # the supply cannot pay for the tile
    # Envoys in the forum (pp. 24-26)
    SQUARE_TAKEN = "square_taken"  # an envoy already stands there
    EAGLE = "eagle"  # no envoy on an eagle space without the library benefit
    NOT_EAGLE = "not_eagle"  # the library benefit places on an eagle space only
    WRONG_COLOUR = "wrong_colour"  # the envoy goes to the colour just built
    STARTED_AREA = "started_area"  # a started, unfinished area of that colour comes first
    NO_ENVOY = "no_envoy"  # the ship is empty
    NO_FREE_SQUARE = "no_free_square"  # nowhere at all to put it


@dataclass(frozen=True)
class Violation:
    rule: Rule
    page: PageRef
    cells: tuple[Square, ...] = ()
    #: What the sentence needs beyond the cells: e.g. ``colour``, ``areas``, ``missing``.
    details: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "details", MappingProxyType(dict(self.details)))
