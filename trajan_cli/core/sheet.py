"""One player's holdings at the table: colonia, citizens, supply and benefit tracks."""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from types import MappingProxyType
from typing import NamedTuple

from .colonia import CORNERS, Colonia, Square
from .vocabulary import (
    CellKind,
    Citizen,
    CitizenState,
    Colour,
    GrayType,
    Resource,
    SocialClass,
    Track,
)

#: A benefit track has four spaces; 4 means the marker stands next to Trajan's column (p. 24).
TRACK_END = 4


def _frozen(mapping: Mapping) -> Mapping:
    return MappingProxyType(dict(mapping))


@dataclass(frozen=True)
class Supply:
    """Resources on the player's storing space, and envoys waiting on the ship."""

    coins: int = 0
    tribunes: int = 0
    builders: int = 0
    assistants: int = 0
    workers: Mapping[Colour, int] = field(default_factory=dict)
    ship: int = 0

    def __post_init__(self) -> None:
        object.__setattr__(
            self, "workers", _frozen({c: int(self.workers.get(c, 0)) for c in Colour})
        )

    def counts(self) -> Counter[Resource]:
        """What the supply holds, resource by resource (the ship aside)."""
        counts = Counter({Resource.BUILDER: self.builders, Resource.ASSISTANT: self.assistants,
                          Resource.COIN: self.coins, Resource.TRIBUNE: self.tribunes})
        for colour in Colour:
            counts[Resource.worker(colour)] = self.workers[colour]
        return counts

    def changed(self, delta: Mapping[str, int], ship: int = 0) -> Supply:
        """The supply with ``delta`` (resource -> count, less when negative) added, and
        ``ship`` envoys more on the ship."""
        counts = self.counts()
        counts.update({Resource(k): n for k, n in delta.items()})
        return Supply(coins=counts[Resource.COIN], tribunes=counts[Resource.TRIBUNE],
                      builders=counts[Resource.BUILDER], assistants=counts[Resource.ASSISTANT],
                      workers={c: counts[Resource.worker(c)] for c in Colour}, ship=self.ship + ship)

    @property
    def total_workers(self) -> int:
        return sum(self.workers.values())

    @property
    def resources_left(self) -> int:
        """Coins, tribunes, builders, assistants and workers: the second tie-break (p. 29)."""
        return self.coins + self.tribunes + self.builders + self.assistants + self.total_workers


class Prestige(NamedTuple):
    """The slide bar on the prestige track, as far as the game can know it: how many
    upgrades moved it right (p. 21), whether Merchant I turned it over (p. 26), and which
    upgrades (1 for the first) moved it on to the next cypress instead of one space (p. 26:
    Merchant I active and the bar turned). The numbers printed on it are read off the
    physical bar, or the group's box (core.box.bar_position)."""

    upgrades: int = 0
    turned: bool = False
    to_cypress: frozenset[int] = frozenset()

    def upgraded(self, n: int, *, to_cypress: bool) -> Prestige:
        """The bar after ``n`` upgrades more, each on to the next cypress when ``to_cypress``."""
        jumps = range(self.upgrades + 1, self.upgrades + n + 1) if to_cypress else ()
        return Prestige(self.upgrades + n, self.turned, self.to_cypress | frozenset(jumps))


@dataclass(frozen=True)
class PlayerSheet:
    name: str
    colonia: Colonia
    #: row (1..6) -> states of the citizens in it, left space first.
    citizens: Mapping[int, tuple[CitizenState, ...]] = field(default_factory=dict)
    supply: Supply = field(default_factory=Supply)
    #: corner -> colour of the crane lying there: each player's own choice at set-up, one
    #: crane per colour (p. 19). A corner showing its colour side (``Kx``) tells it too.
    crane_colours: Mapping[Square, Colour] = field(default_factory=dict)
    prestige: Prestige = Prestige()

    def __post_init__(self) -> None:
        object.__setattr__(self, "citizens", _frozen(self.citizens))
        object.__setattr__(self, "crane_colours", _frozen(_crane_colours(self)))

    @property
    def tracks(self) -> Mapping[Track, int]:
        """The space each benefit-track marker has reached: every library, basilica or
        market built moves its marker one space on, up to the fourth (p. 24), so the grid
        says where it stands."""
        return markers_of(self.colonia)

    def active_in_row(self, row: int) -> int:
        return sum(1 for s in self.citizens.get(row, ()) if s is CitizenState.ACTIVE)

    @property
    def bar_turned(self) -> bool:
        """The slide bar is turned over: the sheet says so, or Merchant I's row holds a
        citizen, which turned it when it was placed, at set-up too (pp. 19, 26: placed
        active; the bar stays turned even when Merchant I turns inactive)."""
        return self.prestige.turned or bool(self.citizens.get(Citizen.MERCHANT_I.row))

    def has_active(self, citizen: Citizen) -> bool:
        """A row's special ability works while its first citizen is active (p. 26)."""
        return self.active_in_row(citizen.row) > 0

    @property
    def active_citizens(self) -> int:
        """Every active citizen tile in the colonia (column points, tie-break)."""
        return sum(self.active_in_row(row) for row in range(1, 7))

    def active_by_class(self) -> dict[SocialClass, int]:
        counts = dict.fromkeys(SocialClass, 0)
        for row in range(1, 7):
            counts[Citizen.of_row(row).social_class] += self.active_in_row(row)
        return counts

    @property
    def markers_at_column(self) -> int:
        """Forum markers that finished their track and stand next to Trajan's column."""
        return sum(1 for step in self.tracks.values() if step >= TRACK_END)


def markers_of(colonia: Colonia) -> dict[Track, int]:
    """Benefit-track markers as the buildings of ``colonia`` place them (p. 24)."""
    return {t: min(TRACK_END, colonia.count_gray(GrayType(t.value))) for t in Track}


def _crane_colours(sheet: PlayerSheet) -> dict[Square, Colour]:
    """The crane colours known: what the grid shows (``Kx``) and what was recorded before.

    The grid wins: ``dataclasses.replace(sheet, colonia=...)`` carries the old colours over,
    and a colour the new grid contradicts is dropped rather than kept twice. Files and the
    editor refuse contradictions with a reason before a sheet is ever built from them.
    """
    given = {tuple(square): Colour(colour) for square, colour in sheet.crane_colours.items()}
    for square in given:
        if square not in CORNERS:
            raise ValueError(f"crane colour given for {square}, which is not a corner")
    colours: dict[tuple[int, ...], Colour] = {}  # the squares given are corners (checked above)
    for square in CORNERS:
        cell = sheet.colonia.at(square)
        if cell.kind is CellKind.CRANE and cell.colour is not None:
            colours[square] = cell.colour
    for square, colour in given.items():
        if square not in colours and colour not in colours.values():
            colours[square] = colour
    return {square: colours[square] for square in CORNERS if square in colours}
