"""The words of Trajan (2011) as typed constants.

Names only; every number that scores lives in ``rules_data/classic.toml`` with the
German rulebook page or section it comes from.
"""

from __future__ import annotations

from enum import IntEnum, StrEnum


class Quarter(IntEnum):
    """The four quarters of four rounds, each closed by a quarter-end scoring."""

    I = 1  # noqa: E741 - the rulebook's quarter markers count in numerals too
    II = 2
    III = 3
    IV = 4

    @property
    def numeral(self) -> str:
        return self.name


class Demand(StrEnum):
    """The people's needs on demand tiles, forum tiles and Trajan tiles."""

    BREAD = "bread"
    GAMES = "games"
    RELIGION = "religion"


class Stone(StrEnum):
    """The six colours of action stones, by the letter the tool reads them from."""

    YELLOW = "Y"
    ORANGE = "O"
    GREEN = "G"
    WHITE = "W"
    PINK = "P"
    BLUE = "B"

    @property
    def colour(self) -> str:
        return self.name.lower()


class ShipTile(StrEnum):
    """The three ship tiles of the harbour action."""

    SAME = "same"  # cards of one kind
    PAIRS = "pairs"  # pairs of different kinds
    DIFFERENT = "different"  # cards all of different kinds


class ShipSide(StrEnum):
    FRONT = "front"  # the coloured side, until the first delivery of the quarter
    BACK = "back"


class BonusKind(StrEnum):
    """What a bonus tile counts at the end of the game."""

    NEEDS = "needs"  # at least one demand forum tile or demand joker
    CITY_WORKERS = "city_workers"  # own workers in the city quarter
    COMMODITY = "commodity"  # commodity cards of one kind in the personal display
    LEGIONARIES = "legionaries"  # own legionaries in provinces
    YELLOW_TILES = "yellow_tiles"  # own bonus tiles showing their yellow side


class BonusSide(StrEnum):
    YELLOW = "yellow"
    GRAY = "gray"


class ClassicStep(StrEnum):
    """The steps of the walkthrough: the two quarter-end steps, then the final scoring."""

    NEEDS = "needs"
    SENATE = "senate"
    FINAL = "final"


class ClassicCategory(StrEnum):
    """Where a player's points come from in the Trajan standings."""

    PLAY = "play"  # moved on the track during the quarter
    DEMANDS = "demands"  # the penalty for unmet demands
    REMAINING = "remaining"  # 1 point each: hand cards, figures in the camps, Trajan tiles
    SETS = "sets"  # construction sets
    BONUS = "bonus"  # bonus tiles
