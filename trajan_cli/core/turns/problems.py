"""Every rule a record line can break: one :class:`TurnProblem` per reason, with its page.

The core names the rule, its page and what the sentence needs; the words a player reads
are made in ``render/turns.py`` (translatable there, not here). A build's placement and
payment, and an envoy's square, are judged by the referee (``core/referee``): their
:class:`~..referee.verdict.Violation` travels inside the problem.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import StrEnum
from typing import Any, NamedTuple

from ..referee.verdict import Violation


class TurnRule(StrEnum):
    """Every rule a line of the record can break; the value is the JSON ``rule`` key."""

    # The round and the order of play (pp. 20, 25, 27)
    UNKNOWN_PLAYER = "unknown_player"
    NOT_YOUR_TURN = "not_your_turn"  # clockwise from the round's starting player (p. 25)
    ROUND_ORDER = "round_order"  # rounds come one after the other, 4 a cycle (p. 20)
    ROUND_IN_PLAY = "round_in_play"  # a round has begun and is not over (p. 25)
    ROUND_TWICE = "round_twice"  # a round's street cards come out once (p. 20)
    CYCLE_OVER = "cycle_over"  # after round 4 the scoring phase comes first (p. 27)
    GAME_OVER = "game_over"  # after the third scoring phase (p. 29)
    NO_BOARD = "no_board"  # a turn needs the player's board recorded
    NO_FORUM = "no_forum"  # an envoy needs the forum recorded
    # Taking tiles (pp. 20-22)
    TAKE_TOO_MANY = "take_too_many"  # two tiles a round (p. 20)
    TAKE_TWICE = "take_twice"  # one tile per space
    TAKE_NOT_COVERED = "take_not_covered"  # only a space still under its tile (p. 20)
    TAKE_TOO_FEW = "take_too_few"  # fewer than two only when a named street is empty (p. 22)
    TAKE_NO_TRIBUNE = "take_no_tribune"  # a tile elsewhere costs a tribune (p. 21)
    CRANE_UNKNOWN = "crane_unknown"  # a corner's crane colour must be known to uncover it
    # Using a tile (pp. 20-21, 26)
    USE_MISSING = "use_missing"  # a tile must be used (p. 20)
    USE_NO_OWN = "use_no_own"  # no tile was taken this round to keep
    USE_BOTH_TRIBUNES = "use_both_tribunes"  # 2 tribunes owned before the turn (p. 21)
    RECEIVED_NONE = "received_none"  # the neighbour passed none, none of theirs lies beside (p. 22)
    NOT_ON_A_TILE = "not_on_a_tile"  # a Colonia tile shows no victory points (p. 21)
    ROW_FULL = "row_full"  # a citizen row has two spaces (p. 26)
    BONUS_UNSAID = "bonus_unsaid"  # the second citizen's bonus leaves a choice (p. 26)
    BONUS_WRONG = "bonus_wrong"  # ... not one it offers
    BONUS_UNWANTED = "bonus_unwanted"  # no bonus to take there
    # Building (pp. 22-25)
    BUILD_TWICE = "build_twice"  # one building tile per turn (p. 22), two after a 4th basilica
    BUILD_OUTSIDE_TURN = "build_outside_turn"  # kept by turns: a build goes in its turn (p. 22)
    BUILD_ILLEGAL = "build_illegal"  # the referee's placement or payment reason (violation)
    PAY_UNSAID = "pay_unsaid"  # several ways to pay: say which
    PAY_NOT_A_WAY = "pay_not_a_way"  # not one of the ways to pay this turn
    STEP_NOT_OFFERED = "step_not_offered"  # a benefit-track space the build does not offer (p. 24)
    STEP_NO_TRACK = "step_no_track"  # take N on a tile without a track benefit
    WORKER_UNSAID = "worker_unsaid"  # the first library's worker: its colour (p. 24)
    WORKER_UNWANTED = "worker_unwanted"
    ENVOY_UNSAID = "envoy_unsaid"  # an envoy could go: a square, or none (p. 25)
    ENVOY_TOO_MANY = "envoy_too_many"  # more envoys than the build sends
    ENVOY_ILLEGAL = "envoy_illegal"  # the referee's reason for that square (violation)
    AREA_BONUS_COUNT = "area_bonus_count"  # one per area bonus earned, 1-2 with Patrician II (p. 25)
    AREA_BONUS_SAME = "area_bonus_same"  # Patrician II: two must differ (p. 26)
    TILE_UNSAID = "tile_unsaid"  # the 4th library/market: the tile taken and used (p. 24)
    TILE_UNWANTED = "tile_unwanted"
    TILE_NOT_COVERED = "tile_not_covered"
    # Exchanges on the turn outside a build's payment (pp. 21, 26, 28)
    EXCHANGE_NOT_ALLOWED = "exchange_not_allowed"  # none the rules allow (pp. 21, 26)
    EXCHANGE_NO_CITIZEN = "exchange_no_citizen"  # the citizen's exchange needs it active (p. 26)
    EXCHANGE_LIMIT = "exchange_limit"  # its times per turn, the payments' included (p. 26)
    EXCHANGE_SHORT = "exchange_short"  # the supply does not hold what is given
    EXCHANGE_COLOUR_AT_HAND = "exchange_colour_at_hand"  # house rule assistant-colour=when-missing


class TurnProblem(NamedTuple):
    """One reason a line is refused: the rule, its page (``core.ruleset.PageRef``), and
    what the sentence names (cells, players, counts, choices)."""

    rule: TurnRule
    page: Any
    details: Mapping[str, Any] = {}
    violation: Violation | None = None


class TurnRefused(ValueError):
    """A line refused whole: every problem found, nothing recorded."""

    def __init__(self, player: str | None, problems: list[TurnProblem]):
        super().__init__(f"{player or 'the table'}: {', '.join(p.rule.value for p in problems)}")
        self.player = player
        self.problems = tuple(problems)
