"""The end-of-game ranking with the official tie-breaks (Forum Trajanum: end of game, p. 29),
and where a game stands as the standings read it (:class:`Standings`)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from enum import StrEnum
from typing import NamedTuple

#: How a place was decided, in the order the tie-breaks apply (rules_data/scoring.toml).
POINTS, ACTIVE_CITIZENS, RESOURCES_LEFT, SHARED = "points", "active_citizens", "resources_left", "shared"


# Named tuples, not frozen dataclasses: as immutable, and about 2 ms less to import on every
# command that shows standings (a dataclass's methods are generated and compiled at import).
class Place(NamedTuple):
    place: int  # 1 = winner; players sharing a place share its number
    players: tuple[str, ...]
    points: int
    decided_by: str  # what separated this place from the players level on points with it


class Ranking(NamedTuple):
    places: tuple[Place, ...]

    @property
    def winners(self) -> tuple[str, ...]:
        return self.places[0].players

    @property
    def decided_by(self) -> str:
        return self.places[0].decided_by

    def place_of(self, player: str) -> int:
        return next(p.place for p in self.places if player in p.players)


def rank_players(
    points: Mapping[str, int],
    active_citizens: Mapping[str, int],
    resources_left: Mapping[str, int],
) -> Ranking:
    """Most points; then most active citizens; then most resources left; else shared.

    ``resources_left`` is needed only for players level on points and active citizens.
    """
    return rank_by(points, ((ACTIVE_CITIZENS, active_citizens), (RESOURCES_LEFT, resources_left)))


def rank_by(points: Mapping[str, int], tie_breaks: Sequence[tuple[str, Mapping[str, int]]]) -> Ranking:
    """Most points, then each tie-break in turn (more is better); level on all: shared.

    A tie-break mapping may leave out players it is not needed for (they count 0).
    """
    labels = [POINTS, *(label for label, _ in tie_breaks)]

    def key(name: str) -> tuple[int, ...]:
        return (points[name], *(values.get(name, 0) for _, values in tie_breaks))

    order = sorted(points, key=lambda n: tuple(-k for k in key(n)))
    places: list[Place] = []
    for name in order:
        if places and key(places[-1].players[0]) == key(name):
            last = places[-1]
            places[-1] = Place(last.place, (*last.players, name), last.points, SHARED)
            continue
        level = [n for n in points if n != name and points[n] == points[name]]
        depth = 1  # how many leading keys it takes to tell this player from all level ones
        while depth < len(labels) and any(key(n)[:depth] == key(name)[:depth] for n in level):
            depth += 1
        places.append(Place(len(places) + sum(len(p.players) - 1 for p in places) + 1,
                            (name,), points[name], labels[depth - 1]))
    return Ranking(tuple(places))


# --- Where a game stands ------------------------------------------------------------------


class NextKind(StrEnum):
    TURN = "turn"  # a player's turn in the round in play
    ROUND = "round"  # a round begins: its street cards, then its starting player
    SCORING = "scoring"  # a question of a scoring phase
    OVER = "over"  # the game is over


class Next(NamedTuple):
    """What comes next in a game: the one answer every command gives (``Progress.next``).

    ``period`` is the cycle (or Trajan's quarter) as a number; ``round`` and ``player`` name
    the round and whose turn it is (a round's starting player); a scoring question has its
    ``step`` (value) and ``player`` (None: a question for the whole table), and
    ``cycle_over`` when it follows a cycle kept by turns whose round 4 is over."""

    kind: NextKind
    period: int | None = None
    round: int | None = None
    player: str | None = None
    step: str | None = None
    cycle_over: bool = False

    def to_json(self) -> dict:
        answer: dict = {"kind": self.kind.value}
        for key in ("period", "round", "player", "step"):
            if getattr(self, key) is not None:
                answer[key] = getattr(self, key)
        if self.cycle_over:
            answer["cycle_over"] = True
        return answer

    @classmethod
    def from_json(cls, data: Mapping) -> Next:
        """Raises (ValueError, KeyError, TypeError) on anything :meth:`to_json` did not write."""
        extra = set(data) - {"kind", "period", "round", "player", "step", "cycle_over"}
        if extra:
            raise ValueError(f"unknown keys {sorted(extra)}")
        for key in ("period", "round"):
            if key in data and (isinstance(data[key], bool) or not isinstance(data[key], int)):
                raise TypeError(f"{key}: not a whole number")
        for key in ("player", "step"):
            if key in data and not isinstance(data[key], str):
                raise TypeError(f"{key}: not a text")
        if not isinstance(data.get("cycle_over", False), bool):
            raise TypeError("cycle_over: not true or false")
        return cls(NextKind(data["kind"]), data.get("period"), data.get("round"), data.get("player"),
                   data.get("step"), data.get("cycle_over", False))


class NextQuestion:
    """The question a game waits for, as the standings name it: its period (cycle or
    quarter), its step and its player (None: one for the whole table)."""

    __slots__ = ("cycle", "step", "player")

    def __init__(self, cycle, step, player: str | None):
        self.cycle, self.step, self.player = cycle, step, player

    def __eq__(self, other) -> bool:
        return isinstance(other, NextQuestion) and (self.cycle, self.step, self.player) == (
            other.cycle, other.step, other.player)

    def __repr__(self) -> str:
        return f"NextQuestion({self.cycle!r}, {self.step!r}, {self.player!r})"


class Standings:
    """What the standings, the ranking and the exports read of a replayed game, and
    nothing more: the points by player, period and category, the totals, the ranking once
    the game is over, the next question and how many answers were given.

    Built from a replay's Progress (:meth:`of`) or from the JSON a snapshot keeps of one
    (:meth:`from_json`); it answers exactly as that Progress does (``totals()``,
    ``breakdown()``, ``ranking``, ``question``, ``finished``, ``position``,
    ``answered``), so a renderer does not care which it was given. Read-only: the
    mappings it hands out are copies.
    """

    __slots__ = ("_totals", "_breakdown", "answered", "question", "ranking", "_next")

    def __init__(self, totals: Mapping[str, int], breakdown: Mapping[str, Mapping],
                 answered: int, question: NextQuestion | None, ranking: Ranking | None,
                 next_up: Next | None = None):
        self._totals = dict(totals)
        self._breakdown = {p: {c: dict(cells) for c, cells in by.items()} for p, by in breakdown.items()}
        self.answered = answered
        self.question = question
        self.ranking = ranking
        self._next = next_up

    @classmethod
    def of(cls, progress) -> Standings:
        """The standings of a replay's Progress."""
        asked = progress.question
        question = None if asked is None else NextQuestion(asked.cycle, asked.step, asked.player)
        return cls(progress.totals(), progress.breakdown(), progress.answered, question, progress.ranking,
                   progress.next())

    def next(self) -> Next:
        """What comes next, as the replay answered it (``Progress.next``)."""
        if self._next is not None:
            return self._next
        if self.question is None:
            return Next(NextKind.OVER)
        return Next(NextKind.SCORING, int(self.question.cycle), None, self.question.player,
                    self.question.step.value)

    @property
    def finished(self) -> bool:
        return self.question is None

    @property
    def position(self):
        """(period, step) of the next question; None when the game is over."""
        return None if self.question is None else (self.question.cycle, self.question.step)

    def totals(self) -> dict[str, int]:
        return dict(self._totals)

    def breakdown(self) -> dict[str, dict]:
        """player -> period -> category -> points."""
        return {p: {c: dict(cells) for c, cells in by.items()} for p, by in self._breakdown.items()}

    def __eq__(self, other) -> bool:
        return isinstance(other, Standings) and all(
            getattr(self, name) == getattr(other, name) for name in self.__slots__)

    # --- JSON (kept by trajan_cli/snapshot.py) ---

    def to_json(self) -> dict:
        """Plain JSON: periods as numbers, steps and categories as their values; every
        mapping in the order the replay made it."""
        question = self.question
        answer = {
            "answered": self.answered,
            "next": None if question is None else {
                "period": int(question.cycle), "step": question.step.value, "player": question.player},
            "totals": dict(self._totals),
            "breakdown": {p: {str(int(c)): {cat.value: n for cat, n in cells.items()} for c, cells in by.items()}
                          for p, by in self._breakdown.items()},
            "ranking": None if self.ranking is None else [
                {"place": p.place, "players": list(p.players), "points": p.points, "decided_by": p.decided_by}
                for p in self.ranking.places],
        }
        if self._next is not None:  # a replay's answer to what comes next
            answer["what_next"] = self._next.to_json()
        return answer

    @classmethod
    def from_json(cls, data: Mapping, variant: str) -> Standings:
        """The standings :meth:`to_json` wrote for a game of ``variant``; raises
        (ValueError, KeyError, TypeError) on anything else."""
        period, step, category = _words(variant)

        def number(value) -> int:
            if isinstance(value, bool) or not isinstance(value, int):
                raise TypeError(f"not a whole number: {value!r}")
            return value

        def name(value) -> str:
            if not isinstance(value, str):
                raise TypeError(f"not a name: {value!r}")
            return value

        def listed(value) -> list:
            if not isinstance(value, list):
                raise TypeError(f"not a list: {value!r}")
            return value

        asked = data["next"]
        question = None if asked is None else NextQuestion(
            period(number(asked["period"])), step(asked["step"]),
            None if asked["player"] is None else name(asked["player"]))
        ranking = None if data["ranking"] is None else Ranking(tuple(
            Place(number(p["place"]), tuple(name(n) for n in listed(p["players"])), number(p["points"]),
                  name(p["decided_by"]))
            for p in listed(data["ranking"])))
        breakdown = {name(p): {period(int(c)): {category(cat): number(n) for cat, n in cells.items()}
                               for c, cells in by.items()}
                     for p, by in data["breakdown"].items()}
        totals = {name(p): number(n) for p, n in data["totals"].items()}
        next_up = Next.from_json(data["what_next"]) if "what_next" in data else None
        return cls(totals, breakdown, number(data["answered"]), question, ranking, next_up)


def period_and_step(variant: str, period: int, step: str):
    """A period number and a step value of a game of ``variant`` as its vocabulary's values."""
    period_type, step_type, _category = _words(variant)
    return period_type(period), step_type(step)


def _words(variant: str) -> tuple[type, type, type]:
    """The period, step and category types of a game of ``variant``."""
    from .classic.vocabulary import ClassicCategory, ClassicStep, Quarter
    from .game import FORUM_TRAJANUM, TRAJAN, Category
    from .vocabulary import Cycle, Step

    return {FORUM_TRAJANUM: (Cycle, Step, Category), TRAJAN: (Quarter, ClassicStep, ClassicCategory)}[variant]
