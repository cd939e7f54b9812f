"""Looking over a recorded board before it is scored: the board editor opens at the table
(a player's board in step 1, the forum in step 4), and the answer is the board as saved
there, or nothing when it stays as recorded."""

from __future__ import annotations

from ..game import N_, Message, Step
from ..vocabulary import Cycle
from .questions import Kind, Question, worded


def board_question(cycle: Cycle, player: str | None, recorded, parsers, players=(),
                   first_scoring_done: bool = True) -> Question:
    """Look over ``player``'s recorded board (None: the forum). A board changed at the
    table is held to the state rules too (board.state_problems)."""
    from ..board import forum_growth_problems
    from ..tabletop import BoardRefused, resolve_forum_players

    def grows(value: dict) -> Message | None:
        if player is None:
            forum, marks = resolve_forum_players(parsers.forum(value["text"], "<forum>"), players)
            if marks:
                return Message(N_("the forum names players who do not play: {marks}"),
                               {"marks": ", ".join(m for m, _ in marks)})
            found = forum_growth_problems(recorded, forum)
        else:
            from ..board import growth_problems, sheet_problems

            board = parsers.sheet(value["text"], f"<board of {player}>")
            found = sheet_problems(board) + growth_problems(recorded, board)
        if found:
            raise BoardRefused(player, found)  # worded below, like a parser's error
        return None

    grows_in_words = worded(grows, parsers)

    def check(value: dict | None):
        return None if value is None else grows_in_words(value)

    def changes_as_played(value: dict) -> None:
        from ..board import state_problems

        board = parsers.sheet(value["text"], f"<board of {player}>")
        found = state_problems(recorded, board, first_scoring_done=first_scoring_done)
        if found:
            raise BoardRefused(player, found)  # worded below, like a parser's error

    as_played_in_words = worded(changes_as_played, parsers)

    def table_check(value: dict | None):
        return None if value is None or player is None else as_played_in_words(value)

    if player is None:
        return Question("forum.board", Kind.BOARD, Step.FORUM, cycle, None,
                        N_("The forum as recorded: look it over and place the envoys sent since"),
                        {"players": tuple(players)}, default=recorded, check=check)
    return Question("pay.board", Kind.BOARD, Step.PAY, cycle, player,
                    N_("{player}'s board as recorded: add this cycle's tiles and update the supply"),
                    {"player": player, "first_scoring_done": first_scoring_done}, default=recorded,
                    check=check, table_check=table_check)
