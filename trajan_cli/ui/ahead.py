"""A prompter that takes its answers from a file given ahead, and asks only what is left.

With ``--no-input`` there is nobody to ask: a question the file leaves open is an error
naming the player and the key to add. An answer from the file that the walkthrough does
not accept is an error naming its key and line (never a question asked in its place, nor
offered twice). A question asked again because the game changed in another window is
answered from the file again.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core.scoring_phase.questions import Kind, Question
from ..i18n import _
from ..parsing.answers import AnswersAhead, key_name
from ..parsing.errors import InputError, Problem
from .prompts import SaysScored

#: The kinds of question that take one value each: a list given for one asked once per item
#: (its ``i``) gives each item its answer in order.
ONE_PER_ITEM = (Kind.CHOICE, Kind.INT, Kind.FILE)


class AheadPrompter(SaysScored):
    def __init__(self, ahead: AnswersAhead, then: Any | None, echo: Callable[[str], None] = print):
        self._ahead = ahead
        self._then = then  # the next prompter (the terminal), or None with --no-input
        self._echo = echo
        self._from_file: tuple | None = None  # the question last answered from the file
        self._used: set[tuple[str | None, str]] = set()  # (player, key) answered from the file

    def say(self, text: str) -> None:
        self._echo(text)

    def unused(self) -> list[str]:
        """The answers of the file that no question asked for, as written there."""
        left = [key_name(key) for key in self._ahead.table if (None, key) not in self._used]
        for name, answers in self._ahead.players.items():
            used = {key for player, key in self._used if player is not None and player.casefold() == name.casefold()}
            left += [f"[{name}] {key_name(key)}" for key in answers if key not in used]
        return left

    def holds(self, question: Question) -> bool:
        """The file answers ``question`` (the walk then asks it even where the game knows the
        answer: the players decide, and the difference is shown)."""
        return self._ahead.given(question.player, question.key) is not None

    def refused(self, question: Question, reason: str) -> None:
        """The walk did not accept the answer just given to ``question``: when it came from
        the file, that is the error (the terminal, asked instead, would hide it)."""
        where = (question.key, question.cycle, question.player)
        given = self._ahead.given(question.player, question.key)
        if given is None or self._from_file != where:
            return
        who = question.player or _("the whole table")
        raise InputError([Problem(self._ahead.file, given.line, key_name(question.key), _(
            "the answer for {player} was not accepted: {reason}").format(player=who, reason=reason))])

    def ask(self, question: Question) -> Any:
        from .prompts import message

        where = (question.key, question.cycle, question.player)
        given = self._ahead.given(question.player, question.key)
        self._from_file = None
        if given is not None:
            self._from_file = where
            self._used.add((question.player, question.key))
            shown = given.value
            if question.kind is Kind.BOARD:  # a whole board's text: say what it did instead
                shown = _("kept as recorded") if given.value is None else _("changed")
            value = given.value
            if isinstance(value, list) and question.kind in ONE_PER_ITEM and "i" in question.params:
                # a question asked once per item (a Trajan bonus tile): the list answers each
                index = question.params["i"] - 1
                if index >= len(value):
                    raise InputError([Problem(self._ahead.file, given.line, key_name(question.key), _(
                        "{player}: the list has no answer for item {i} ({question}); give one "
                        "answer per item").format(
                        player=question.player or _("the whole table"), i=index + 1,
                        question=message(question)))])
                value = shown = value[index]
            self._echo(f"? {message(question)}  {shown}")
            return value
        if self._then is not None:
            return self._then.ask(question)
        if question.kind is Kind.BOARD:  # nobody at a terminal: the board is used as recorded
            from .prompts import board_note

            self._echo(f"? {board_note(question)}  " + _("kept as recorded"))
            return None
        if question.unasked_default and given is None:  # the suggestion stands (docs/formats.md, the answers file)
            from .prompts import shown_answer

            self._echo(f"? {message(question)}  {shown_answer(question, question.default)}")
            return question.default
        who = question.player or _("the whole table")
        table = f"[{question.player}]" if question.player else _("the top of the file")
        raise InputError([Problem(self._ahead.file, None, key_name(question.key), _(
            "no answer for {player}: add {key} to {table} ({question})").format(
            player=who, key=key_name(question.key), table=table, question=message(question)))])
