"""Rounds (pp. 20, 25, 27, 29): which round may begin now, and beginning it.
``referee.start_round`` begins the round a record line names; ``referee.apply_turn``
begins the next one when a turn comes after a finished round.
"""

from __future__ import annotations

from ..ruleset import Rules
from ..vocabulary import Cycle
from .problems import TurnProblem, TurnRule
from .state import PlayState


def round_problems(play: PlayState, cycle: Cycle, number: int, scored: set,
                   rules: Rules) -> list[TurnProblem]:
    """Why round ``number`` of ``cycle`` cannot begin now (none: it may)."""
    page = rules.page("round")
    problems = cycle_problems(play, scored, rules)
    if problems:
        return problems
    expected_cycle, expected = play.round_to_play()
    if play.cycle is not None and play.round > 0 and not play.round_over:
        in_play = f"{play.cycle.numeral}.{play.round}"
        if (cycle, number) == (play.cycle, play.round) and not play.turns:
            streets = " ".join(street.token for street in play.streets or ())
            return [TurnProblem(TurnRule.ROUND_TWICE, page, {
                "round": in_play, "streets": streets})]
        return [TurnProblem(TurnRule.ROUND_IN_PLAY, rules.page("round_end"), {
            "round": in_play, "due": play.next_player()})]
    # At the start of a cycle a group may begin keeping it from a later round on (the
    # rounds before were played without the tool); within a cycle, rounds follow each other.
    cycle_starts = expected == 1
    if cycle != expected_cycle or (number != expected and not cycle_starts):
        return [TurnProblem(TurnRule.ROUND_ORDER, page, {
            "round": f"{cycle.numeral}.{number}",
            "expected": f"{expected_cycle.numeral}.{expected}"})]
    return []


def cycle_problems(play: PlayState, scored: set, rules: Rules) -> list[TurnProblem]:
    """Why no round may begin at all: the cycle's round 4 is over and its scoring phase
    comes first (p. 27), or the third cycle is scored and the game is over (p. 29)."""
    if play.cycle is None or not play.cycle_over:
        return []
    if play.cycle not in scored:
        return [TurnProblem(TurnRule.CYCLE_OVER, rules.page("citizen_payment"),
                            {"cycle": play.cycle.numeral})]
    if play.cycle is max(Cycle):
        return [TurnProblem(TurnRule.GAME_OVER, rules.page("tie_break"), {})]
    return []


def begin_round(play: PlayState, cycle: Cycle, number: int, streets) -> None:
    """Round ``number`` of ``cycle`` begins, with its street cards when the record names them."""
    play.cycle, play.round, play.streets, play.turns = cycle, number, streets, {}
