"""A prompter that takes its answers from a file given ahead, and asks only what is left.

With ``--no-input`` there is nobody to ask: a question the file leaves open is an error
naming the player and the key to add. An answer from the file that the walkthrough does
not accept is never offered twice (that would loop): the next prompter is asked, or the
refusal becomes the error.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.script import Kind, Question
from ..i18n import _
from ..parsing.answers import AnswersAhead, key_name
from ..parsing.errors import InputError, Problem


class AheadPrompter:
    def __init__(self, ahead: AnswersAhead, then: Any | None, echo: Callable[[str], None] = print):
        self._ahead = ahead
        self._then = then  # the next prompter (the terminal), or None with --no-input
        self._echo = echo
        self._offered: set[tuple] = set()
        self._last_said = ""

    def say(self, text: str) -> None:
        self._last_said = text
        self._echo(text)

    def ask(self, question: Question) -> Any:
        from .prompts import message

        where = (question.key, question.cycle, question.player)
        given = self._ahead.given(question.player, question.key)
        if given is not None and where not in self._offered:
            self._offered.add(where)
            shown = given.value
            if question.kind is Kind.BOARD:  # a whole board's text: say what it did instead
                shown = _("kept as recorded") if given.value is None else _("changed")
            self._echo(f"? {message(question)}  {shown}")
            return given.value
        if self._then is not None:
            return self._then.ask(question)
        if question.kind is Kind.BOARD:  # nobody at a terminal: the board is used as recorded
            from .prompts import board_note

            self._echo(f"? {board_note(question)}  " + _("kept as recorded"))
            return None
        if question.unasked_default and given is None:  # the suggestion stands (interface.md)
            from .prompts import shown_answer

            self._echo(f"? {message(question)}  {shown_answer(question, question.default)}")
            return question.default
        who = question.player or _("the whole table")
        if given is not None:
            raise InputError([Problem(self._ahead.file, given.line, key_name(question.key), _(
                "the answer for {player} was not accepted: {reason}").format(
                player=who, reason=self._last_said)) ])
        table = f"[{question.player}]" if question.player else _("the top of the file")
        raise InputError([Problem(self._ahead.file, None, key_name(question.key), _(
            "no answer for {player}: add {key} to {table} ({question})").format(
            player=who, key=key_name(question.key), table=table, question=message(question)))])
