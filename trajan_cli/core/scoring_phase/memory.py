"""What Forum Trajanum's scoring remembers between its steps and cycles."""

from __future__ import annotations

from dataclasses import dataclass, field, replace

from ..sheet import PlayerSheet
from ..vocabulary import Citizen, Colour, Cycle, SocialClass
from .questions import QUICK


@dataclass
class PlayerMemory:
    """One player, between questions and phases."""

    name: str
    total: int = 0
    mode: str = QUICK
    citizens: list[int] = field(default_factory=lambda: [0] * 6)
    paid_rows: set[int] = field(default_factory=set)
    coins_left: int = 0
    #: Crane colour -> the cycle it was scored in; then it lies colourless side up (p. 27).
    cranes_scored: dict[Colour, Cycle] = field(default_factory=dict)
    #: How many of the player's cranes are scored, when the game knows it: kept from the
    #: first cycle, or read on a sheet (which shows every uncovered crane). None: unknown.
    crane_count: int | None = None
    gray_types: list[int] = field(default_factory=lambda: [0] * 6)
    trajan_value: int | None = None
    sheet: PlayerSheet | None = None  # this phase's sheet, after payment

    def copy(self) -> PlayerMemory:
        return replace(self, citizens=list(self.citizens), paid_rows=set(self.paid_rows),
                       cranes_scored=dict(self.cranes_scored), gray_types=list(self.gray_types))

    @property
    def active_citizens(self) -> int:
        return sum(self.citizens[row - 1] for row in self.paid_rows)

    def active_in_row(self, row: int) -> int:
        return self.citizens[row - 1] if row in self.paid_rows else 0

    def active_by_class(self) -> dict[SocialClass, int]:
        counts = dict.fromkeys(SocialClass, 0)
        for row in self.paid_rows:
            counts[Citizen.of_row(row).social_class] += self.citizens[row - 1]
        return counts


@dataclass
class Memory:
    """Every player's memory, how the forum was given last (its question's default), and
    the Trajan cards as named at the start or asked for since."""

    players: dict[str, PlayerMemory]
    forum_mode: str = QUICK
    cards: dict[Cycle, str | None] = field(default_factory=dict)

    def copy(self) -> Memory:
        return Memory({name: p.copy() for name, p in self.players.items()}, self.forum_mode,
                      dict(self.cards))
