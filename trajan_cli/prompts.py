"""Asking the table. The one module that knows questionary.

A :class:`Prompter` turns a walkthrough :class:`Question` into a raw answer. The session
(:mod:`trajan_cli.session`) validates it and asks again when it does not fit.
``QuestionaryPrompter`` asks in the terminal; ``ScriptedPrompter`` plays back prepared
answers (the demo, and tests).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any, Protocol

from .core.walkthrough import Kind, Question
from .i18n import _
from .render.names import fill


class Prompter(Protocol):
    def ask(self, question: Question) -> Any:
        """A raw answer; FILE questions answer with a path string."""

    def say(self, text: str) -> None:
        """Show a line to the table."""


def message(question: Question) -> str:
    return fill(question.text, question.params)


def option_label(option) -> str:
    return fill(option.text, option.params)


def rows_text(values: Iterable[int]) -> str:
    return " ".join(str(v) for v in values)


def parse_rows(text: str) -> list[int] | str:
    """'0 0 1 1 2 1' (or with commas) -> six numbers; otherwise a message."""
    numbers = parse_numbers(text)
    if isinstance(numbers, str) or len(numbers) != 6:
        return _("type six whole numbers, one per row, top row first (e.g. 0 0 1 1 2 1)")
    return numbers


def parse_numbers(text: str) -> list[int] | str:
    """'3 2 1' (or with commas) -> the numbers, maybe none; otherwise a message."""
    parts = text.replace(",", " ").split()
    if not all(p.isdigit() for p in parts):
        return _("type whole numbers separated by spaces (e.g. 3 2 1)")
    return [int(p) for p in parts]


class QuestionaryPrompter:
    """Terminal prompts. ``input``/``output`` are for tests (prompt_toolkit pipe input)."""

    def __init__(self, input: Any = None, output: Any = None, echo: Callable[[str], None] = print):
        self._io = {k: v for k, v in {"input": input, "output": output}.items() if v is not None}
        self._echo = echo

    def say(self, text: str) -> None:
        self._echo(text)

    def ask(self, question: Question) -> Any:
        import questionary

        text = message(question)
        match question.kind:
            case Kind.CHOICE:
                choices = [questionary.Choice(option_label(o), value=o.value) for o in question.options]
                prompt = questionary.select(text, choices=choices, default=question.default, **self._io)
            case Kind.MULTI:
                chosen = question.default or []
                choices = [questionary.Choice(option_label(o), value=o.value, checked=o.value in chosen)
                           for o in question.options]
                prompt = questionary.checkbox(text, choices=choices, **self._io)
            case Kind.INT:
                default = "" if question.default is None else str(question.default)
                prompt = questionary.text(text, default=default, validate=_int_check, **self._io)
            case Kind.ROWS:
                prompt = questionary.text(text, default=rows_text(question.default or [0] * 6),
                                          validate=lambda s: not isinstance(parse_rows(s), str)
                                          or parse_rows(s), **self._io)
            case Kind.NUMBERS:
                prompt = questionary.text(text, default=rows_text(question.default or []),
                                          validate=lambda s: not isinstance(parse_numbers(s), str)
                                          or parse_numbers(s), **self._io)
            case Kind.FILE:
                prompt = questionary.path(text, validate=lambda s: bool(s.strip())
                                          or _("type the path of the file"), **self._io)
        answer = prompt.unsafe_ask()
        if question.kind is Kind.INT:
            return int(answer.strip())
        if question.kind is Kind.ROWS:
            return parse_rows(answer)
        if question.kind is Kind.NUMBERS:
            return parse_numbers(answer)
        return answer.strip() if isinstance(answer, str) else answer


def _int_check(text: str) -> bool | str:
    # A minus sign is let through: Trajan's victory point track goes below its start.
    return text.strip().removeprefix("-").isdigit() or _("type a whole number")


class OutOfAnswers(LookupError):
    """A scripted walk reached a question it has no answer for."""


class ScriptedPrompter:
    """Plays back answers in order, showing each question and answer as it goes."""

    def __init__(self, answers: Iterable[Any], echo: Callable[[str], None] = print):
        self._answers = list(answers)
        self._echo = echo

    def say(self, text: str) -> None:
        self._echo(text)

    def ask(self, question: Question) -> Any:
        if not self._answers:
            raise OutOfAnswers(f"no prepared answer for: {message(question)}")
        answer = self._answers.pop(0)
        labels = {o.value: option_label(o) for o in question.options}
        shown = answer
        if question.kind is Kind.CHOICE:
            shown = labels.get(answer, answer)
        elif question.kind is Kind.MULTI:
            shown = ", ".join(labels.get(a, str(a)) for a in answer) or "-"
        elif question.kind in (Kind.ROWS, Kind.NUMBERS):
            shown = rows_text(answer)
        self._echo(f"? {message(question)}  {shown}")
        return answer

    @property
    def remaining(self) -> int:
        return len(self._answers)
