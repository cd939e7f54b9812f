"""Where play stands, and what the table holds beyond the boards.

Turn order (docs/notation.md, p. 20): the players sit in the order they were named, clockwise;
``Game.start_player`` starts round 1 of the game's first cycle; play goes clockwise (the
next name); at the start of every later round, and cycle, the starting player is the
right-hand neighbour of the previous one (the previous name): one move, though pp. 25 and
29 both say it at a new cycle (the house rule ``new-cycle-pass=twice`` moves it twice
there). Tiles are passed to the right-hand neighbour, so a player receives from the next
name.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING

from ..game import Category
from ..vocabulary import Cycle

if TYPE_CHECKING:
    from ..classic.vocabulary import Quarter


@dataclass
class RoundTurn:
    """What a turn left that the rest of its round needs: the tiles taken (to pass one on),
    whether a received tile was used, and from where."""

    taken: int  # tiles taken from the colonia this round (0-2)
    used_received: bool  # the turn used a received tile (alone or with its own)
    received_citizen: bool  # ... and it was a citizen, placed in the colonia


@dataclass
class PlayState:
    """A game kept turn by turn, as far as its record goes. Built by replaying the record."""

    players: tuple[str, ...]
    start_player: str
    first_cycle: Cycle | Quarter  # a Trajan game's table holds its first quarter, and no turns
    rounds_per_cycle: int = 4
    #: Moves of the starting player figure from a cycle's round 4 to the next cycle's
    #: round 1: one (p. 25's end of the round, which p. 29 says again), or two.
    cycle_passes: int = 1
    cycle: Cycle | None = None  # the cycle in play; None: no round recorded yet
    round: int = 0  # 1..rounds_per_cycle; 0 before the cycle's first round
    streets: tuple | None = None  # the round's street cards, when the record names them
    #: This round's turns so far, in the order played: player -> what the turn left.
    turns: dict[str, RoundTurn] = field(default_factory=dict)
    #: Turns recorded in each cycle: every one of them (rounds x players) keeps the cycle.
    kept: Counter = field(default_factory=Counter)
    #: Victory points scored during play, by cycle and player: columns, finished tracks,
    #: the vp area bonus (pp. 24-25).
    points: dict[Cycle, Counter] = field(default_factory=dict)
    #: Tiles of other players lying face up beside each colonia: player -> origin -> count
    #: (p. 21); a neighbour who passed none is picked from there (p. 22).
    beside: dict[str, Counter] = field(default_factory=dict)

    def copy(self) -> PlayState:
        """A copy to try a line on without touching this one."""
        return replace(self, turns=dict(self.turns), kept=Counter(self.kept),
                       points={c: Counter(v) for c, v in self.points.items()},
                       beside={p: Counter(v) for p, v in self.beside.items()})

    # --- Turn order --------------------------------------------------------------------------

    def rounds_before(self, cycle: Cycle, number: int) -> int:
        """Rounds played in the game before round ``number`` of ``cycle``."""
        return (int(cycle) - int(self.first_cycle)) * self.rounds_per_cycle + number - 1

    def starter(self, cycle: Cycle, number: int) -> str:
        """Who starts that round: each round the figure goes to the right (previous name),
        and ``cycle_passes`` times from one cycle to the next."""
        first = self.players.index(self.start_player)
        moves = self.rounds_before(cycle, number) + \
            (self.cycle_passes - 1) * (int(cycle) - int(self.first_cycle))
        return self.players[(first - moves) % len(self.players)]

    def order(self, cycle: Cycle, number: int) -> tuple[str, ...]:
        """That round's players in turn order, clockwise from its starter."""
        first = self.players.index(self.starter(cycle, number))
        return self.players[first:] + self.players[:first]

    def next_player(self) -> str | None:
        """Whose turn it is in the round in play; None when the round is over or none began."""
        if self.cycle is None or self.round == 0:
            return None
        for player in self.order(self.cycle, self.round):
            if player not in self.turns:
                return player
        return None

    def round_to_play(self) -> tuple[Cycle, int]:
        """The round in play, or the one to begin next: round 1 of the first cycle before
        any, the next round once every player has had a turn (p. 25), round 1 of the next
        cycle after round 4 (its scoring phase comes first, p. 27). None follows the third
        cycle (ValueError): ask ``turns.rounds.cycle_problems`` first."""
        if self.cycle is None:
            assert isinstance(self.first_cycle, Cycle)  # only Forum Trajanum's games keep turns
            return self.first_cycle, 1
        if self.round == 0 or not self.round_over:
            return self.cycle, max(self.round, 1)
        if self.round < self.rounds_per_cycle:
            return self.cycle, self.round + 1
        return Cycle(int(self.cycle) + 1), 1

    @property
    def round_over(self) -> bool:
        return self.cycle is not None and self.round > 0 and self.next_player() is None

    @property
    def cycle_over(self) -> bool:
        """Round 4's last turn is recorded: the cycle waits for its scoring phase."""
        return self.round_over and self.round == self.rounds_per_cycle

    def kept_by_turns(self, cycle: Cycle) -> bool:
        """Every turn of ``cycle`` was recorded: the points of play are known."""
        return self.kept[cycle] == self.rounds_per_cycle * len(self.players)

    def right_of(self, player: str) -> str:
        """The right-hand neighbour, who receives the tile ``player`` passes."""
        return self.players[self.players.index(player) - 1]

    def left_of(self, player: str) -> str:
        """The left-hand neighbour, from whom ``player`` receives a tile."""
        return self.players[(self.players.index(player) + 1) % len(self.players)]

    def points_in(self, cycle: Cycle) -> Counter:
        return self.points.setdefault(cycle, Counter())

    def uncounted(self, breakdown: dict) -> dict[Cycle, dict[str, int]]:
        """The points scored during play that no scoring phase has counted yet, cycle ->
        player -> points: a phase counts a player's at that player's first question, so
        until then the standings (``breakdown``: player -> cycle -> category -> points)
        hold them for some players and not for others."""
        found: dict[Cycle, dict[str, int]] = {}
        for cycle, points in self.points.items():
            for player, n in points.items():
                if Category.PLAY not in breakdown.get(player, {}).get(cycle, {}):
                    found.setdefault(cycle, {})[player] = n
        return found

    def tiles_beside(self, player: str) -> Counter:
        return self.beside.setdefault(player, Counter())

    def where(self) -> dict:
        """Where play stands, for reports: the cycle, round, streets and whose turn."""
        return {"cycle": None if self.cycle is None else int(self.cycle), "round": self.round,
                "next": self.next_player(), "cycle_over": self.cycle_over}
