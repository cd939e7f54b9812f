"""What Forum Trajanum's scoring remembers between its steps and cycles."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..vocabulary import Citizen, Colour, Cycle, SocialClass
from .questions import QUICK

if TYPE_CHECKING:
    from ..sheet import PlayerSheet


class PlayerMemory:
    """One player, between questions and phases. (A plain class: it is copied at every look
    at the stage open, and defined on every command that replays a game.)"""

    __slots__ = ("name", "total", "mode", "citizens", "paid_rows", "coins_left", "cranes_scored",
                 "crane_count", "gray_types", "trajan_value", "sheet")

    def __init__(self, name: str, total: int = 0, mode: str = QUICK, citizens: list[int] | None = None,
                 paid_rows: set[int] | None = None, coins_left: int = 0,
                 cranes_scored: dict[Colour, Cycle] | None = None, crane_count: int | None = None,
                 gray_types: list[int] | None = None, trajan_value: int | None = None,
                 sheet: PlayerSheet | None = None):
        self.name = name
        self.total = total
        self.mode = mode
        self.citizens = [0] * 6 if citizens is None else citizens
        self.paid_rows = set() if paid_rows is None else paid_rows
        self.coins_left = coins_left
        #: Crane colour -> the cycle it was scored in; then it lies colourless side up (p. 27).
        self.cranes_scored = {} if cranes_scored is None else cranes_scored
        #: How many of the player's cranes are scored, when the game knows it: kept from the
        #: first cycle, or read on a sheet (which shows every uncovered crane). None: unknown.
        self.crane_count = crane_count
        self.gray_types = [0] * 6 if gray_types is None else gray_types
        self.trajan_value = trajan_value
        self.sheet = sheet  # this phase's sheet, after payment

    def copy(self) -> PlayerMemory:
        return PlayerMemory(self.name, self.total, self.mode, list(self.citizens), set(self.paid_rows),
                            self.coins_left, dict(self.cranes_scored), self.crane_count,
                            list(self.gray_types), self.trajan_value, self.sheet)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, PlayerMemory) and all(
            getattr(self, name) == getattr(other, name) for name in self.__slots__)

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


class Memory:
    """Every player's memory, how the forum was given last (its question's default), and
    the Trajan cards as named at the start or asked for since."""

    __slots__ = ("players", "forum_mode", "cards")

    def __init__(self, players: dict[str, PlayerMemory], forum_mode: str = QUICK,
                 cards: dict[Cycle, str | None] | None = None):
        self.players = players
        self.forum_mode = forum_mode
        self.cards = {} if cards is None else cards

    def copy(self) -> Memory:
        return Memory({name: p.copy() for name, p in self.players.items()}, self.forum_mode,
                      dict(self.cards))
