"""A game at the table: who plays, which Trajan cards lie out, and every answer given.

The answers are the whole record. Replaying them through the scoring script
(:mod:`.walkthrough`) rebuilds the standings and says what to ask next, so a game is
resumed after a crash by loading it, and an answer is taken back by dropping it.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from enum import StrEnum
from typing import Any

from .classic.vocabulary import Quarter
from .vocabulary import Cycle

SCHEMA_VERSION = 1
GAME_NAME = re.compile(r"^[A-Za-z0-9][A-Za-z0-9 _.-]{0,63}$")

#: The games the tool keeps score of. A file without "variant" is a Forum Trajanum game.
FORUM_TRAJANUM, TRAJAN = "forum-trajanum", "trajan"
#: Each game's scoring periods: Forum Trajanum's three cycles, Trajan's four quarters.
PERIODS: dict[str, type[Cycle] | type[Quarter]] = {FORUM_TRAJANUM: Cycle, TRAJAN: Quarter}
#: Players per game (Forum Trajanum p. 18; Trajan: set-up for 2, 3 or 4 players).
PLAYER_COUNTS = {FORUM_TRAJANUM: (1, 4), TRAJAN: (2, 4)}
TITLES = {FORUM_TRAJANUM: "Forum Trajanum", TRAJAN: "Trajan"}


class Step(StrEnum):
    """The scoring phase in the rulebook's order (p. 27)."""

    PAY = "pay"
    CRANES = "cranes"
    COLONIA = "colonia"
    FORUM = "forum"
    TRAJAN = "trajan"


class Category(StrEnum):
    """Where a player's points come from, as the standings break them down."""

    PLAY = "play"  # moved on the track during the cycle: columns, area bonuses, tracks
    CRANES = "cranes"
    COLONIA = "colonia"
    EAGLES = "eagles"
    AREA = "area"
    TRAJAN = "trajan"


class GameError(ValueError):
    """A game record that cannot be right (bad setup, or answers that do not replay)."""


@dataclass(frozen=True)
class Answer:
    key: str  # the question's key, e.g. "pay.coins"
    cycle: Cycle | Quarter  # the game's scoring period
    player: str | None
    value: Any

    def to_json(self) -> dict:
        return {"key": self.key, "cycle": int(self.cycle), "player": self.player, "value": self.value}


@dataclass(frozen=True)
class Game:
    name: str
    players: tuple[str, ...]  # seating order; the walkthrough asks in this order
    start_player: str
    intro: bool = False  # introductory game: one Trajan card, scored after cycle III (p. 28)
    cards: Mapping[Cycle, str | None] = field(default_factory=dict)
    first_cycle: Cycle | Quarter = Cycle.I  # a group may start using the tool mid-game
    created: str = ""
    answers: tuple[Answer, ...] = ()
    variant: str = FORUM_TRAJANUM

    def __post_init__(self) -> None:
        problems = []
        if not GAME_NAME.match(self.name):
            problems.append(f"game name {self.name!r}: use letters, digits, space, _ . - (up to 64)")
        if self.variant not in PERIODS:
            raise GameError(f"unknown game {self.variant!r}; known: {', '.join(PERIODS)}")
        fewest, most = PLAYER_COUNTS[self.variant]
        if not fewest <= len(self.players) <= most:
            problems.append(f"{TITLES[self.variant]} is for {fewest} to {most} players"
                            + (" (p. 18 lists boards for 2-4)" if self.variant == FORUM_TRAJANUM
                               else " (set-up: 2, 3 or 4 players)"))
        if self.variant != FORUM_TRAJANUM and (self.intro or any(self.cards.values())):
            problems.append("Trajan cards and the introductory game belong to Forum Trajanum")
        try:
            object.__setattr__(self, "first_cycle", self.periods(int(self.first_cycle)))
        except ValueError:
            problems.append(f"{TITLES[self.variant]} has no scoring period {int(self.first_cycle)}")
        if len({p.casefold() for p in self.players}) != len(self.players):
            problems.append("two players have the same name")
        if any(not p.strip() for p in self.players):
            problems.append("a player name is empty")
        if self.start_player not in self.players:
            problems.append(f"start player {self.start_player!r} is not one of the players")
        if problems:
            raise GameError("; ".join(problems))
        object.__setattr__(self, "cards", {c: self.cards.get(c) for c in Cycle})

    def with_answer(self, answer: Answer) -> Game:
        return replace(self, answers=(*self.answers, answer))

    def without_last_answer(self) -> Game:
        return replace(self, answers=self.answers[:-1])

    def cards_in_play(self) -> dict[Cycle, str | None]:
        """The cards named at the start, and those the walkthrough asked for since."""
        cards = dict(self.cards)
        for answer in self.answers:
            if answer.key == "trajan.card":
                cards[answer.cycle] = answer.value
        return cards

    @property
    def periods(self) -> type[Cycle] | type[Quarter]:
        return PERIODS[self.variant]

    @property
    def scored_cycles(self) -> tuple[Cycle | Quarter, ...]:
        return tuple(c for c in self.periods if c >= self.first_cycle)

    def trajan_scoring_in(self, cycle: Cycle) -> bool:
        """The introductory game scores only one Trajan card, after cycle III (p. 28)."""
        return cycle is Cycle.III or not self.intro

    def to_json(self) -> dict:
        return {
            "schema": SCHEMA_VERSION,
            "name": self.name,
            "created": self.created,
            "players": list(self.players),
            "start_player": self.start_player,
            "intro": self.intro,
            "cards": {str(int(c)): self.cards[c] for c in Cycle},
            "first_cycle": int(self.first_cycle),
            "answers": [a.to_json() for a in self.answers],
            "variant": self.variant,
        }

    @classmethod
    def from_json(cls, data: Any) -> Game:
        """Rebuild a game; raises GameError naming what is wrong."""
        if not isinstance(data, dict):
            raise GameError("a game file holds one JSON object")
        schema = data.get("schema")
        if schema != SCHEMA_VERSION:
            raise GameError(f"schema {schema!r} is not {SCHEMA_VERSION}; this trajan cannot read it")
        variant = data.get("variant", FORUM_TRAJANUM)
        if variant not in PERIODS:
            raise GameError(f"unknown game {variant!r}; known: {', '.join(PERIODS)}")
        period = PERIODS[variant]
        try:
            answers = tuple(
                Answer(str(a["key"]), period(int(a["cycle"])),
                       None if a.get("player") is None else str(a["player"]), a.get("value"))
                for a in data["answers"]
            )
            cards = {Cycle(int(k)): (None if v is None else str(v)) for k, v in data["cards"].items()}
            return cls(
                name=str(data["name"]),
                players=tuple(str(p) for p in data["players"]),
                start_player=str(data["start_player"]),
                intro=bool(data["intro"]),
                cards=cards,
                first_cycle=period(int(data["first_cycle"])),
                created=str(data.get("created", "")),
                answers=answers,
                variant=variant,
            )
        except (KeyError, TypeError, ValueError) as exc:
            raise GameError(f"missing or malformed entry ({exc})") from None
