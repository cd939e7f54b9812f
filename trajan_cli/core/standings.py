"""The end-of-game ranking with the official tie-breaks (end of game, p. 29)."""

from __future__ import annotations

from collections.abc import Mapping
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

    def key(name: str) -> tuple[int, int, int]:
        return (points[name], active_citizens.get(name, 0), resources_left.get(name, 0))

    order = sorted(points, key=lambda n: tuple(-k for k in key(n)))
    places: list[Place] = []
    for name in order:
        if places and key(places[-1].players[0]) == key(name):
            last = places[-1]
            places[-1] = Place(last.place, (*last.players, name), last.points, SHARED)
            continue
        level = [n for n in points if n != name and points[n] == points[name]]
        if not level:
            decided = POINTS
        elif all(key(n)[:2] != key(name)[:2] for n in level):
            decided = ACTIVE_CITIZENS
        else:
            decided = RESOURCES_LEFT
        places.append(Place(len(places) + sum(len(p.players) - 1 for p in places) + 1,
                            (name,), points[name], decided))
    return Ranking(tuple(places))
