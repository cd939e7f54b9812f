"""The rules facts as typed values. Built from rules_data/ by ``trajan_cli.rulesdata``."""

# Annotations are evaluated here (no `from __future__ import annotations`): typing.NamedTuple
# compiles each string annotation, a start-up cost (see core/classic/models.py).

from collections.abc import Mapping
from typing import NamedTuple

from .cards import TrajanCard
from .readings import Readings
from .vocabulary import Citizen, Cycle, SocialClass, Track


class PageRef(NamedTuple):
    """A page of the English rulebook; ``inferred`` when no cross-reference pins it."""

    en: int
    inferred: bool = False

    def in_edition(self, offsets: Mapping[str, int], lang: str) -> int:
        return self.en + offsets.get(lang, 0)

    def __str__(self) -> str:
        # In the player's edition: "S. 11" for German players (i18n holds no state but that).
        from ..i18n import page_label

        return page_label(self.en)


class Exchange(NamedTuple):
    """A swap an active citizen allows: one of ``give`` for one of ``get``, ``times`` per turn."""

    give: tuple[str, ...]
    get: tuple[str, ...]
    times: int
    building_phase_only: bool = False


class CitizenRule(NamedTuple):
    citizen: Citizen
    row: int
    social_class: SocialClass
    ability: str
    second_bonus: str
    exchange: Exchange | None
    page: PageRef


class TrackStep(NamedTuple):
    step: int
    gain: Mapping[str, int]
    action: str | None


class TrackRule(NamedTuple):
    track: Track
    steps: tuple[TrackStep, ...]


class BuildingRules(NamedTuple):
    """What building a tile costs and gives (pp. 21-25; rules_data/building.toml)."""

    builders_per_gray: int  # a gray building part of a tile
    workers_per_structure: int  # a coloured structure part, workers of its colour
    workers_per_builder: int  # workers of one colour that replace one builder
    assistants_per_colour_change: int  # let one worker build another colour
    envoys_per_structure: int
    unlimited_tiles: bool  # the publisher's ruling: never refuse for tiles left


class PlayRules(NamedTuple):
    """A round and its turns (pp. 20-26; rules_data/play.toml)."""

    rounds_per_cycle: int
    street_cards: int
    tiles_per_round: int
    tribunes_per_tile_elsewhere: int
    tribunes_for_both: int
    row_spaces: int
    builds_per_turn: int
    #: second-bonus code (citizens.toml) -> the resources it may give ("worker": any colour)
    second_bonus_gains: Mapping[str, tuple[str, ...]]


class SetUpRules(NamedTuple):
    """What the set-up fixes for every board and the forum (pp. 18-19; rules_data/setup.toml).
    Chance and choice (side, crane colours, the citizen drawn, the worker dealt, the faces
    laid) are the record's ``set-up`` lines."""

    supply: Mapping[str, int]  # resource name ("coin", "tribune", ...) -> count
    workers_dealt: int  # workers dealt to each player, each player's of its own colour
    ship: int  # envoys on the ship (the tile left over at the river; a reading)
    open_spaces: tuple[str, ...]  # colonia spaces left uncovered (CellKind values: the temples)
    cranes_per_colour: int  # crane tiles of each colour per player, one in each corner
    citizens_drawn: int  # citizen tiles drawn, each on the left space of a row of its class
    bar_side: str  # the side of the slide bar facing up at the start ("basic")
    bar_upgrades: int  # how far the bar has moved at the start
    forum_faces: Mapping[int, int]  # number of players -> mosaic boards laid


class Rules(NamedTuple):
    crane_points: Mapping[Cycle, int]
    column_values: Mapping[Cycle, int]
    row_multiplier: Mapping[int, int]  # active citizens in the row -> multiplier
    max_gray_types: int
    coins_per_citizen_row: int
    trajan_values: tuple[int, ...]
    eagle_points: tuple[int, int, int]  # on, beside, diagonal (Patrician I)
    area_bonus_choices: tuple[str, ...]
    area_bonus_points: int
    tie_break: tuple[str, ...]
    tie_break_resources: tuple[str, ...]
    introductory_trajan_scorings: tuple[Cycle, ...]
    citizens: Mapping[Citizen, CitizenRule]
    second_bonus_text: Mapping[str, str]
    tracks: Mapping[Track, TrackRule]
    track_actions: Mapping[str, str]
    track_choose_earlier_from: int
    track_last_step: int
    cards: Mapping[str, TrajanCard]
    pages: Mapping[str, PageRef]  # topic ("construction_cranes", "tracks", ...) -> page
    edition_offsets: Mapping[str, int]
    building: BuildingRules
    play: PlayRules
    setup: SetUpRules
    #: How open cases are read: the tool's readings, or a game's house rules (core/readings.py).
    readings: Readings = Readings()

    def reading(self, readings: Readings) -> "Rules":
        """These rules, with open cases read as ``readings`` say (a game's house rules)."""
        return self._replace(readings=readings)

    def page(self, topic: str) -> PageRef:
        return self.pages[topic]

    def card(self, card_id: str) -> TrajanCard:
        return self.cards[card_id.strip().upper()]
