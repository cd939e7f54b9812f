"""A group's history: figures over many finished games, for `trajan stats`.

Pure: no files, no terminal, no words. The command reads the saved games (games.store)
and where each one stands (games.snapshot.standings_of), makes a :class:`Played` of each
finished one with :func:`played`, chooses with :func:`selected`, and this module adds them
up with :func:`summaries`: per game (Forum Trajanum and Trajan apart, their categories
differ), per player, the games played, the wins, the best and the average score, the
average of each scoring category, and the longest run of wins.

How the figures are counted:

- a player is known by name across games, in any case and width (``Ann`` and ``ann`` are
  one player, as a game's record reads them); the spelling shown is the latest game's;
- a shared victory (level on points and on every tie-break, p. 29) is a win for each
  player sharing it;
- the longest winning streak counts the games a player played, in the order they were
  started: a game without them neither extends nor breaks it;
- the averages are per game played; the table's average of a category is over every
  player of every game chosen (what a seat at the table scored on average), so a
  player's figure against it says where they win or lose points.

Imports only the core's vocabulary.
"""

from __future__ import annotations

import unicodedata
from collections.abc import Iterable, Mapping, Sequence
from datetime import UTC, datetime
from typing import NamedTuple

from .game import FORUM_TRAJANUM, TRAJAN


def player_key(name: str) -> str:
    """How a player is told apart from others across games: case and width aside."""
    return unicodedata.normalize("NFKC", name).casefold()


class Played(NamedTuple):
    """One finished game as the history counts it."""

    name: str  # the saved game's name
    variant: str  # FORUM_TRAJANUM or TRAJAN
    created: str  # when it was started, as its record says (ISO 8601 with offset); "" unknown
    day: str  # that day where the tool runs ("YYYY-MM-DD"); "" unknown
    players: tuple[str, ...]  # in seating order
    totals: Mapping[str, int]  # player -> points
    categories: Mapping[str, Mapping[str, int]]  # player -> category (value) -> points, all periods
    winners: tuple[str, ...]  # more than one: a shared victory


def played(name: str, game, standings, day: str) -> Played | None:
    """``game`` (a core.game.Game) where ``standings`` (a replay or a snapshot's standings)
    says it stands, as the history counts it; None when it is not finished."""
    ranking = standings.ranking
    if not standings.finished or ranking is None:
        return None
    totals = standings.totals()
    breakdown = standings.breakdown()
    categories: dict[str, dict[str, int]] = {}
    for player in game.players:
        cells: dict[str, int] = {}
        for by_category in breakdown.get(player, {}).values():
            for category, points in by_category.items():
                key = getattr(category, "value", category)
                cells[key] = cells.get(key, 0) + points
        categories[player] = cells
    return Played(name, game.variant, game.created, day, tuple(game.players),
                  {p: totals.get(p, 0) for p in game.players}, categories, tuple(ranking.winners))


def categories_of(variant: str) -> tuple[str, ...]:
    """The scoring categories of a game, in the order its standings show them."""
    if variant == TRAJAN:
        from .classic.vocabulary import ClassicCategory

        return tuple(c.value for c in ClassicCategory)
    from .game import Category

    return tuple(c.value for c in Category)


# --- Choosing games ------------------------------------------------------------------------


class Filters(NamedTuple):
    """Which games count: those at which all ``players`` sat (with ``exact``: exactly
    they), started from ``since`` to ``until`` (days, "YYYY-MM-DD", both included), of
    ``variant`` (None: both games)."""

    players: tuple[str, ...] = ()
    exact: bool = False
    since: str | None = None
    until: str | None = None
    variant: str | None = None


def selected(games: Iterable[Played], filters: Filters) -> list[Played]:
    """The games ``filters`` lets through, in the order they were started."""
    wanted = {player_key(p) for p in filters.players}
    chosen = []
    for game in games:
        seated = {player_key(p) for p in game.players}
        if not wanted <= seated or (filters.exact and wanted != seated):
            continue
        if (filters.since or filters.until) and not game.day:
            continue  # a game without its date cannot be placed in a period
        if filters.since and game.day < filters.since or filters.until and game.day > filters.until:
            continue
        if filters.variant and game.variant != filters.variant:
            continue
        chosen.append(game)
    return in_order(chosen)


def in_order(games: Iterable[Played]) -> list[Played]:
    """Oldest first (games without a creation time before all others), then by name."""
    def when(game: Played) -> tuple[float, str]:
        try:
            started = datetime.fromisoformat(game.created)
        except ValueError:
            return (float("-inf"), game.name)
        if started.tzinfo is None:
            started = started.replace(tzinfo=UTC)
        return (started.timestamp(), game.name)

    return sorted(games, key=when)


def known_players(games: Iterable[Played]) -> dict[str, str]:
    """Every player of ``games``: key -> the name as the latest game spells it."""
    names: dict[str, str] = {}
    for game in in_order(games):
        for player in game.players:
            names[player_key(player)] = player
    return names


# --- The figures ---------------------------------------------------------------------------


class PlayerFigures(NamedTuple):
    name: str
    games: int
    wins: int
    best: int
    average: float
    categories: dict[str, float]  # category -> average points per game
    longest_streak: int  # most wins in a row among the games they played
    scores: tuple[int, ...]  # their totals, oldest game first


class Summary(NamedTuple):
    """The figures of one game (Forum Trajanum or Trajan) over the games chosen."""

    variant: str
    games: tuple[Played, ...]  # oldest first
    categories: tuple[str, ...]
    players: tuple[PlayerFigures, ...]  # most wins first, then best average, then name
    table_average: float  # points per player and game
    table_categories: dict[str, float]  # category -> points per player and game

    @property
    def first_day(self) -> str:
        return next((g.day for g in self.games if g.day), "")

    @property
    def last_day(self) -> str:
        return next((g.day for g in reversed(self.games) if g.day), "")


def summaries(games: Sequence[Played]) -> list[Summary]:
    """One summary per game that ``games`` holds: Forum Trajanum first, then Trajan."""
    found = []
    for variant in (FORUM_TRAJANUM, TRAJAN):
        mine = in_order(g for g in games if g.variant == variant)
        if mine:
            found.append(summary(variant, mine))
    return found


def summary(variant: str, games: Sequence[Played]) -> Summary:
    """The figures of ``games`` (all of ``variant``, oldest first)."""
    categories = categories_of(variant)
    names = known_players(games)
    seats: dict[str, list[tuple[Played, str]]] = {key: [] for key in names}
    for game in games:
        for player in game.players:
            seats[player_key(player)].append((game, player))
    figures = []
    for key, taken in seats.items():
        scores = tuple(game.totals[player] for game, player in taken)
        won = [any(player_key(w) == key for w in game.winners) for game, _player in taken]
        figures.append(PlayerFigures(
            name=names[key],
            games=len(taken),
            wins=sum(won),
            best=max(scores),
            average=sum(scores) / len(taken),
            categories={c: sum(game.categories[player].get(c, 0) for game, player in taken) / len(taken)
                        for c in categories},
            longest_streak=longest_run(won),
            scores=scores,
        ))
    figures.sort(key=lambda f: (-f.wins, -f.average, player_key(f.name)))
    every = [(game, player) for game in games for player in game.players]
    return Summary(
        variant, tuple(games), categories, tuple(figures),
        sum(game.totals[player] for game, player in every) / len(every),
        {c: sum(game.categories[player].get(c, 0) for game, player in every) / len(every) for c in categories},
    )


def longest_run(flags: Iterable[bool]) -> int:
    """The most true values in a row."""
    best = run = 0
    for flag in flags:
        run = run + 1 if flag else 0
        best = max(best, run)
    return best
