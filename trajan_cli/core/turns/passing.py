"""The tiles passed between neighbours (pp. 20-22): each player passes one of the two
taken to the right; one who took fewer passes none, and their right-hand neighbour picks
one of theirs from beside the colonia instead. Judged where both neighbours' turns are
known, and settled once they are.
"""

from __future__ import annotations

from .judging import Judging
from .problems import TurnRule
from .state import PlayState, RoundTurn


def check_passing(work: Judging, play: PlayState, player: str, turn: RoundTurn) -> None:
    """The tiles passed to the right this round, checked where both neighbours' turns are
    known: a player whose left-hand neighbour passed none (they took fewer than two) used
    a received tile only when one of that neighbour's earlier tiles lay beside them (p. 22)."""
    turns = {**play.turns, player: turn}
    for receiver in {player, play.right_of(player)}:
        passer = play.left_of(receiver)
        if receiver not in turns or passer not in turns:
            continue
        if turns[passer].taken < work.rules.play.tiles_per_round and turns[receiver].used_received \
                and play.tiles_beside(receiver)[passer] < 1:
            work.refuse(TurnRule.RECEIVED_NONE, work.page("taking_fewer"), receiver=receiver,
                        passer=passer)


def settle_passing(play: PlayState, player: str) -> None:
    """Once both neighbours' turns are in: the tile passed lies beside the receiver (used
    or not, unless it was a citizen), or the one picked from there leaves the game (p. 22)."""
    for receiver in {player, play.right_of(player)}:
        passer = play.left_of(receiver)
        if receiver not in play.turns or passer not in play.turns:
            continue
        got, passed = play.turns[receiver], play.turns[passer]
        beside = play.tiles_beside(receiver)
        if passed.taken >= 2:
            if not got.received_citizen:
                beside[passer] += 1
        elif got.used_received:
            beside[passer] -= 1  # picked from beside and used: out of the game
