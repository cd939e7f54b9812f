"""The quarter end of Trajan (2011): the people's demands, then the senate (S. 9).

Pure functions over counts; the sheet, the CLI and the walkthrough feed them.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from .models import ClassicRules
from .vocabulary import Demand

# --- The people's demands -------------------------------------------------------------------


@dataclass(frozen=True)
class NeedsResult:
    demands: tuple[Demand, ...]
    met: int
    unmet: int
    penalty: int
    trajan_tiles: Mapping[Demand, int]  # used (they stay on the tableau)
    forum_tiles: Mapping[Demand, int]  # used (they leave the game)
    jokers: int  # demand jokers used (they leave the game)
    unmet_demands: tuple[Demand, ...]


def meet_demands(
    demands: Sequence[Demand],
    forum_tiles: Mapping[Demand, int],
    trajan_tiles: Sequence[Demand],
    jokers: int,
    rules: ClassicRules,
) -> NeedsResult:
    """Meet as many demands as possible, as a player must (S. 9).

    A demand is met by a forum tile of its kind, a Trajan tile of its kind (each once per
    quarter end) or a demand joker. Matching kind by kind and then filling the gaps with
    jokers meets the most, since a joker fits every demand. Of the equally good ways,
    this one gives up the least: Trajan tiles first (they stay), then forum tiles, and
    jokers last.
    """
    wanted = Counter(demands)
    own_trajan = Counter(trajan_tiles)
    use_trajan: dict[Demand, int] = {}
    use_forum: dict[Demand, int] = {}
    short: list[Demand] = []
    for kind in Demand:
        need = wanted[kind]
        use_trajan[kind] = min(need, own_trajan[kind] * rules.trajan_tile_uses)
        use_forum[kind] = min(need - use_trajan[kind], forum_tiles.get(kind, 0))
        short += [kind] * (need - use_trajan[kind] - use_forum[kind])
    used_jokers = min(jokers, len(short))
    unmet = tuple(short[used_jokers:])
    return NeedsResult(
        demands=tuple(demands),
        met=len(demands) - len(unmet),
        unmet=len(unmet),
        penalty=rules.penalty(len(unmet)),
        trajan_tiles={k: v for k, v in use_trajan.items() if v},
        forum_tiles={k: v for k, v in use_forum.items() if v},
        jokers=used_jokers,
        unmet_demands=unmet,
    )


# --- The senate ------------------------------------------------------------------------------

VOTES, TRACK, STACK = "votes", "track", "stack"
#: The final tie-break (S. 9), as Ranking.decided_by names it: the position in the senate.
SENATE = "senate"


@dataclass(frozen=True)
class SenateEntry:
    """One player's standing in the senate when the quarter ends."""

    name: str
    track_votes: int  # the votes printed at the disc's space
    tile_votes: int  # the senate tiles on the tableau
    space: int | None = None  # how far along the track the disc stands, when known

    @property
    def votes(self) -> int:
        return self.track_votes + self.tile_votes


@dataclass(frozen=True)
class SenatePlace:
    entry: SenateEntry
    decided_by: str  # what put this player ahead of the next one: votes, track or stack


@dataclass(frozen=True)
class SenateResult:
    places: tuple[SenatePlace, ...]  # most votes first; also the new stack, top first

    @property
    def consul(self) -> str:
        return self.places[0].entry.name

    @property
    def deputy(self) -> str | None:
        return self.places[1].entry.name if len(self.places) > 1 else None

    @property
    def stack(self) -> tuple[str, ...]:
        """The discs stacked back on the start space, top first: consul on top (S. 9)."""
        return tuple(p.entry.name for p in self.places)


class SenateTie(ValueError):
    """Players level on votes and on the track whose stack order was not given."""

    def __init__(self, players: Sequence[str], votes: int):
        self.players = tuple(players)
        self.votes = votes
        super().__init__(f"{', '.join(players)} are level with {votes} votes")


def senate_ranking(entries: Sequence[SenateEntry], order: Sequence[str] = ()) -> SenateResult:
    """Rank the senate (S. 9): most votes; level: further ahead on the senate track;
    on the same space: the disc higher in the stack.

    ``order`` lists discs top first (all of them, or only those that share a space).
    Where every entry gives ``space``, the track position is that; otherwise the votes of
    the space stand for it: a disc with more track votes is ahead, equal track votes mean
    the same space. Raises SenateTie when the order of tied discs is needed but unknown.
    """
    use_spaces = all(e.space is not None for e in entries)
    top = {name.casefold(): i for i, name in enumerate(order)}

    def position(e: SenateEntry) -> int:
        return e.space if use_spaces and e.space is not None else e.track_votes

    ranked = sorted(entries, key=lambda e: (-e.votes, -position(e)))
    result: list[SenateEntry] = []
    for _, run in itertools.groupby(ranked, key=lambda e: (e.votes, position(e))):
        group = list(run)  # level on votes and position: only the stack decides
        if len(group) > 1 and any(e.name.casefold() not in top for e in group):
            raise SenateTie([e.name for e in group], group[0].votes)
        result += sorted(group, key=lambda e: top.get(e.name.casefold(), 0))

    places = []
    for here, below in zip(result, [*result[1:], None], strict=True):
        if below is None or here.votes != below.votes:
            decided = VOTES
        elif position(here) != position(below):
            decided = TRACK
        else:
            decided = STACK
        places.append(SenatePlace(here, decided))
    return SenateResult(tuple(places))
