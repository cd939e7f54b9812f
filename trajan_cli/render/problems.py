"""Every problem a line of the record can have, in the player's words: the rule it breaks
(a turn's, a board's growth) or a sentence of its own."""

from __future__ import annotations

from typing import Any


def problem_words(problem: Any) -> str:
    """One problem of a refused line (core.state.LineRefused), worded."""
    from ..core.board import BoardProblem
    from ..core.turns.problems import TurnProblem

    if isinstance(problem, TurnProblem):
        from .turns import problem_text

        return problem_text(problem)
    if isinstance(problem, BoardProblem):
        from .board_text import problem_text as board_problem_text

        return board_problem_text(problem)
    from ..core.setup import SetUpProblem

    if isinstance(problem, SetUpProblem):
        from .setup_text import problem_text as setup_problem_text

        return setup_problem_text(problem)
    return problem.show()


def problem_json(problem: Any) -> dict:
    """One problem for a ``--json`` answer: its rule key (when it breaks a rule), its page
    and the sentence."""
    from ..core.board import BoardProblem
    from ..core.setup import SetUpProblem
    from ..core.turns.problems import TurnProblem

    answer: dict = {"text": problem_words(problem)}
    if isinstance(problem, TurnProblem):
        answer["rule"] = problem.rule.value
        answer["page"] = problem.page.en if problem.page is not None else None
        if problem.violation is not None:
            answer["reason"] = problem.violation.rule.value
    elif isinstance(problem, BoardProblem):
        answer["rule"] = problem.rule.value
        answer["page"] = problem.page
    elif isinstance(problem, SetUpProblem):
        answer["rule"] = problem.rule.value
        answer["page"] = problem.page
    else:
        answer["rule"] = getattr(problem, "key", None)
    return answer


def refusal_error(exc: Any):
    """A refused line (``core.state.LineRefused``, with where it came from: ``source``,
    ``number``, ``token``) as the InputError the command line prints: one line per problem,
    each naming who it was for, the rule in the player's words and its page."""
    from ..core.board import BoardProblem
    from ..i18n import _
    from ..parsing.errors import InputError, Problem

    source = getattr(exc, "source", None) or "trajan"
    number = getattr(exc, "number", None)
    token = getattr(exc, "token", None)
    if exc.problems and all(isinstance(p, BoardProblem) for p in exc.problems):
        who = exc.who or _("the forum")
        return InputError([Problem(source, number, who, problem_words(p)) for p in exc.problems])
    who = token or exc.who or _("the table")
    return InputError([Problem(source, number, who, problem_words(p)) for p in exc.problems])
