"""The end-of-game ranking with the official tie-breaks (Forum Trajanum: end of game, p. 29)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

#: How a place was decided, in the order the tie-breaks apply (rules_data/scoring.toml).
POINTS, ACTIVE_CITIZENS, RESOURCES_LEFT, SHARED = "points", "active_citizens", "resources_left", "shared"


@dataclass(frozen=True)
class Place:
    place: int  # 1 = winner; players sharing a place share its number
    players: tuple[str, ...]
    points: int
    decided_by: str  # what separated this place from the players level on points with it


@dataclass(frozen=True)
class Ranking:
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
