"""The open readings: cases the rulebook leaves open, the tool's reading of each, and the
other reading a group may play by as a house rule (`trajan game new ... --house NAME=VALUE`).
Readings the tool commits to with no other value implemented have no type here: they are
explained in rules_data/readings.toml (`[committed.*]`) and done where the referee does them.

A :class:`Readings` value travels with the rules (``Rules.readings``): a game's scoring,
its recorded builds and every referee command read it from there, so that one value set
when the game starts reaches them all. What each reading means, with its pages, is in
rules_data/readings.toml (`trajan rules readings` shows it).
"""

# Annotations are evaluated here (no `from __future__ import annotations`): typing.NamedTuple
# compiles each string annotation, a start-up cost (see core/classic/models.py).

from collections.abc import Iterable, Mapping
from enum import StrEnum
from typing import NamedTuple


class EagleEnvoy(StrEnum):
    """An envoy on an eagle space that also borders another eagle space (pp. 25, 27)."""

    ONCE = "once"  # 2 points for standing on it, and no more (the tool's reading)
    ADD = "add"  # 2, plus the point an envoy beside an eagle space scores


class DoubleEnvoys(StrEnum):
    """The two envoys of a double tile of one colour (p. 25)."""

    ONE_AFTER_ANOTHER = "one-after-another"  # the second meets the forum with the first on it
    TOGETHER = "together"  # both meet the forum as it was before the tile


class Reactivation(StrEnum):
    """What reactivating inactive citizens costs at a scoring (pp. 26, 27)."""

    PER_ROW = "per-row"  # 1 coin for each row, as paying does
    PER_CLASS = "per-class"  # 1 coin for the inactive citizens of one social class


class CoveredCorner(StrEnum):
    """A corner still covered by its Colonia tile, for card I-4's crane (p. 28)."""

    NOT_A_CRANE = "not-a-crane"  # no crane shows there yet
    CRANE = "crane"  # the crane lies beneath: it counts


class AssistantColour(StrEnum):
    """An assistant changing a worker's colour while a worker of the right colour is in the
    supply (pp. 21-23)."""

    ALWAYS = "always"  # the assistant may be used all the same
    WHEN_MISSING = "when-missing"  # only for a colour with no worker left for it


class NewCyclePass(StrEnum):
    """The starting player figure at the start of a new cycle (pp. 25, 29)."""

    ONCE = "once"  # the round's end passes it, and the new cycle's sentence says so again
    TWICE = "twice"  # passed at the end of round 4 and once more when the cycle begins


class BuildingTiles(StrEnum):
    """Whether the building tiles run out (p. 25, and the publisher's later word)."""

    UNLIMITED = "unlimited"  # the publisher's later word: never refused for want of a tile
    LIMITED = "limited"  # the printed rule: a kind with both piles gone can no longer be built


class StartBowl(StrEnum):
    """Trajan (2011): stones sown from a bowl with more than six, when they come round to the
    bowl they were taken from („Aktionssteine umverteilen“)."""

    SOW = "sow"  # the start bowl gets a stone like any other (the tool's reading)
    SKIP = "skip"  # the start bowl is passed over: a 6th stone goes on to the next bowl


class YellowTiles(StrEnum):
    """Trajan (2011): the bonus tile that scores each own bonus tile lying yellow side up,
    when it lies yellow side up itself („Die Bonustafeln“)."""

    COUNTS_ITSELF = "counts-itself"  # it is one of the player's yellow tiles (the tool's reading)
    NOT_ITSELF = "not-itself"  # it counts only the player's other yellow tiles


class BuildingJokers(StrEnum):
    """Trajan (2011): building jokers in the final scoring's sets of 3 and 4 (S. 9, 11)."""

    ALONE = "alone"  # three or four jokers may make a set by themselves (the tool's reading)
    WITH_A_TILE = "with-a-tile"  # every set holds at least one construction tile


class Readings(NamedTuple):
    """One value per open reading; the defaults are the readings the tool commits to."""

    eagle_envoy: EagleEnvoy = EagleEnvoy.ONCE
    double_envoys: DoubleEnvoys = DoubleEnvoys.ONE_AFTER_ANOTHER
    reactivation: Reactivation = Reactivation.PER_ROW
    covered_corner: CoveredCorner = CoveredCorner.NOT_A_CRANE
    assistant_colour: AssistantColour = AssistantColour.ALWAYS
    new_cycle_pass: NewCyclePass = NewCyclePass.ONCE
    tiles: BuildingTiles = BuildingTiles.UNLIMITED
    # Trajan (2011)'s open readings (a Trajan game's house rules)
    start_bowl: StartBowl = StartBowl.SOW
    yellow_tiles: YellowTiles = YellowTiles.COUNTS_ITSELF
    building_jokers: BuildingJokers = BuildingJokers.ALONE

    def house(self) -> dict[str, str]:
        """The readings that differ from the tool's, by NAME: the game's house rules."""
        return {name: getattr(self, field).value for name, field in (FIELDS | CLASSIC_FIELDS).items()
                if getattr(self, field) != getattr(DEFAULT, field)}

    def with_house(self, house: Mapping[str, str], variant: str = "forum-trajanum") -> "Readings":
        """These readings with ``house`` (NAME -> VALUE) played instead, NAME one of the
        readings of ``variant`` ("forum-trajanum" or "trajan"); ReadingError lists every name
        or value that is not one."""
        fields, kinds = fields_of(variant)
        problems: list[HouseProblem] = []
        chosen = {}
        for name, value in house.items():
            key = str(name).strip().lower()
            if key not in fields:
                problems.append(HouseProblem(f"{name}={value}", "name", None))
                continue
            try:
                chosen[fields[key]] = kinds[key](str(value).strip().lower())
            except ValueError:
                problems.append(HouseProblem(f"{name}={value}", "value", key))
        if problems:
            raise ReadingError(problems)
        return self._replace(**chosen)  # type: ignore[arg-type]  # KINDS gives each field its own enum


class HouseProblem(NamedTuple):
    """A house rule that does not read: what was typed, why ("form": not NAME=VALUE,
    "twice": a NAME given twice, "name": no such reading, "value": no such value of
    ``reading``)."""

    token: str
    kind: str
    reading: str | None


#: NAME (as typed after --house) -> the field of Readings, and the values it takes.
FIELDS = {
    "eagle-envoy": "eagle_envoy",
    "double-envoys": "double_envoys",
    "reactivation": "reactivation",
    "covered-corner": "covered_corner",
    "assistant-colour": "assistant_colour",
    "new-cycle-pass": "new_cycle_pass",
    "tiles": "tiles",
}
KINDS: dict[str, type[StrEnum]] = {
    "eagle-envoy": EagleEnvoy,
    "double-envoys": DoubleEnvoys,
    "reactivation": Reactivation,
    "covered-corner": CoveredCorner,
    "assistant-colour": AssistantColour,
    "new-cycle-pass": NewCyclePass,
    "tiles": BuildingTiles,
}
#: Trajan (2011)'s readings, as FIELDS and KINDS (a Trajan game's --house NAME=VALUE).
CLASSIC_FIELDS = {
    "start-bowl": "start_bowl",
    "yellow-tiles": "yellow_tiles",
    "building-jokers": "building_jokers",
}
CLASSIC_KINDS: dict[str, type[StrEnum]] = {
    "start-bowl": StartBowl,
    "yellow-tiles": YellowTiles,
    "building-jokers": BuildingJokers,
}
DEFAULT = Readings()


def fields_of(variant: str) -> tuple[dict[str, str], dict[str, type[StrEnum]]]:
    """(FIELDS, KINDS) of the readings a game of ``variant`` may switch."""
    return (CLASSIC_FIELDS, CLASSIC_KINDS) if variant == "trajan" else (FIELDS, KINDS)


class ReadingError(ValueError):
    """House rules that do not read, every one of them."""

    def __init__(self, problems: list[HouseProblem]):
        super().__init__("; ".join(p.token for p in problems))
        self.problems = problems


def parse_house(items: Iterable[str], variant: str = "forum-trajanum") -> Readings:
    """``["eagle-envoy=add", ...]`` (the --house options of a ``variant`` game) -> Readings;
    ReadingError lists every item that does not read, a NAME given twice included."""
    house: dict[str, str] = {}
    problems: list[HouseProblem] = []
    for item in items:
        name, equals, value = item.partition("=")
        key = name.strip().lower()
        if not equals or not key or not value.strip():
            problems.append(HouseProblem(item, "form", None))
        elif key in house:
            problems.append(HouseProblem(item, "twice", key))
        else:
            house[key] = value
    try:
        readings = DEFAULT.with_house(house, variant)
    except ReadingError as exc:
        problems += exc.problems
    if problems:
        raise ReadingError(problems)
    return readings
