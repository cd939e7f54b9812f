"""Asking the table in the walkthrough. With the rest of ``trajan_cli.ui``, the only place
that knows questionary and prompt_toolkit.

A :class:`Prompter` turns a walkthrough :class:`Question` into a raw answer. The session
(:mod:`trajan_cli.session`) validates it and asks again when it does not fit.
``QuestionaryPrompter`` asks in the terminal; ``ScriptedPrompter`` plays back prepared
answers (the demo, and tests).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from ..core.scoring_phase.questions import Kind, Question
from ..games.walk import Prompter  # noqa: E402,F401 - what a prompter is, said by the walk
from ..i18n import _
from ..render.names import fill


def message(question: Question) -> str:
    return fill(question.text, question.params)


def option_label(option) -> str:
    return fill(option.text, option.params)


def rows_text(values: Iterable[int]) -> str:
    return " ".join(str(v) for v in values)


def parse_rows(text: str) -> list[int] | str:
    """'0 0 1 1 2 1' (or with commas) -> six numbers; otherwise a message."""
    from ..core.vocabulary import foreign_digit

    numbers = parse_numbers(text)
    if isinstance(numbers, str) and foreign_digit(text) is not None:
        return numbers  # the digit that is not 0-9, named
    if isinstance(numbers, str) or len(numbers) != 6:
        return _("type six whole numbers, one per row, top row first (e.g. 0 0 1 1 2 1)")
    return numbers


def parse_numbers(text: str) -> list[int] | str:
    """'3 2 1' (or with commas) -> the numbers, maybe none; otherwise a message."""
    from ..core.vocabulary import foreign_digit, foreign_digit_text, is_number

    parts = text.replace(",", " ").split()
    if foreign_digit(text) is not None:
        return foreign_digit_text(foreign_digit(text))
    if not all(is_number(p) for p in parts):
        return _("type whole numbers separated by spaces (e.g. 3 2 1)")
    return [int(p) for p in parts]


def where_label(question: Question) -> str:
    """Where the walkthrough stands, shown before each question: "Cycle II · forum · Ann"."""
    from ..core.game import Step
    from ..render.standings import FORUM_TRAJANUM_VIEW

    if isinstance(question.step, Step):
        view = FORUM_TRAJANUM_VIEW
    else:
        from ..render.classic import STANDINGS_VIEW as view
    parts = [view.period_label().format(cycle=question.cycle.numeral), view.step_name(question.step),
             question.player or _("the whole table")]
    return " · ".join(parts)


#: Room kept at the end of a question's last line for the answer typed or chosen.
ANSWER_ROOM = 16


def fitted_question(qmark: str, text: str) -> str:
    """The question broken between words to fit the terminal after ``qmark`` (the terminal
    would break it anywhere, mid-word), leaving room on its last line for the answer."""
    from ..render.text import terminal_width, wrap_line

    width = terminal_width()
    lines = wrap_line(f"{qmark} {text}", width - 1, hang=0)
    if len(lines[-1]) > width - ANSWER_ROOM and len(lines[-1].split()) > 1:
        last, word = lines[-1].rsplit(" ", 1)
        lines[-1:] = [last, word]
    return "\n".join(lines)[len(qmark) + 1:]


def select_hint() -> str:
    """The line questionary shows beside a choice, in the table's language."""
    return _("(Use arrow keys, Enter to choose)")


def checkbox_hint() -> str:
    return _("(Use arrow keys to move, <space> to select, <a> to toggle, <i> to invert, "
             "Enter when done)")


def board_note(question: Question) -> str:
    """The line before the board editor opens (or instead of it, when nobody can edit)."""
    return _("{question} (Enter saves, Esc keeps it as recorded)").format(question=message(question))


def show_scored(say: Callable[[str], None], question: Question, state: Any, events, steps) -> None:
    """What an answer scored, a line each, and the standings of every step it completed
    (one answer may finish several: a sheet file scores cranes and colonia)."""
    from ..render.standings import event_line, standings_table

    for event in events:
        say(event_line(event))
    if steps:
        say(standings_table(state.record, state, highlight=(question.cycle, steps[-1]), steps=steps))


class SaysScored:
    """What the scoring walk shows after each answer, said through the prompter's ``say``."""

    def scored(self, question: Question, state: Any, events, steps) -> None:
        show_scored(self.say, question, state, events, steps)  # type: ignore[attr-defined]


class QuestionaryPrompter(SaysScored):
    """Terminal prompts. ``input``/``output`` are for tests (prompt_toolkit pipe input)."""

    def __init__(self, input: Any = None, output: Any = None, echo: Callable[[str], None] = print):
        self._io = {k: v for k, v in {"input": input, "output": output}.items() if v is not None}
        self._echo = echo

    def say(self, text: str) -> None:
        self._echo(text)

    def ask(self, question: Question) -> Any:
        if question.kind is Kind.BOARD:
            return self._edit_board(question)
        import questionary

        qmark = f"[{where_label(question)}] ?"
        text = fitted_question(qmark, message(question))
        io = {**self._io, "qmark": qmark}
        match question.kind:
            case Kind.CHOICE:
                choices = [questionary.Choice(option_label(o), value=o.value) for o in question.options]
                prompt = questionary.select(text, choices=choices, default=question.default,
                                            instruction=select_hint(), **io)
            case Kind.MULTI:
                chosen = question.default or []
                choices = [questionary.Choice(option_label(o), value=o.value, checked=o.value in chosen)
                           for o in question.options]
                prompt = questionary.checkbox(text, choices=choices, instruction=checkbox_hint(),
                                              **io)
            case Kind.INT:
                prompt = self._typed(questionary, text, _int_check, question.default, io)
            case Kind.ROWS:
                prompt = self._typed(questionary, text, _checker(parse_rows),
                                     question.default or [0] * 6, io)
            case Kind.NUMBERS:
                prompt = self._typed(questionary, text, _checker(parse_numbers),
                                     question.default or [], io)
            case Kind.FILE:
                prompt = questionary.path(text, validate=lambda s: bool(s.strip())
                                          or _("type the path of the file"), **io)
        answer = prompt.unsafe_ask()
        if question.kind in TYPED and not answer.strip() and question.default is not None:
            return question.default  # Enter on an empty line takes the suggestion
        if question.kind is Kind.INT:
            return int(answer.strip())
        if question.kind is Kind.ROWS:
            return parse_rows(answer)
        if question.kind is Kind.NUMBERS:
            return parse_numbers(answer)
        return answer.strip() if isinstance(answer, str) else answer


    def _edit_board(self, question: Question) -> dict | None:
        """The board editor on the recorded board; None when it is left as it was."""
        from ..parsing.toml_text import forum_toml, sheet_toml
        from . import edit_colonia, edit_forum

        self._echo(board_note(question))
        recorded = question.default
        if question.player is None:
            edited = edit_forum(recorded, recorded, question.params.get("players", ()), **self._io)
            return None if edited is None or edited == recorded else {"text": forum_toml(edited)}
        edited = edit_colonia(recorded, recorded, **self._io,
                              first_scoring_done=question.params.get("first_scoring_done", True))
        return None if edited is None or edited == recorded else {"text": sheet_toml(edited)}

    def _typed(self, questionary, text: str, check: Callable[[str], bool | str], default: Any,
               io: dict):
        """A typed answer. The default is a suggestion shown greyed in the empty line, never
        text to edit: what is typed replaces it, and Enter on the empty line takes it."""
        if default is None:
            return questionary.text(text, validate=check, **io)
        from prompt_toolkit.formatted_text import FormattedText

        shown = rows_text(default) if isinstance(default, list) else str(default)
        return questionary.text(text, validate=lambda s: not s.strip() or check(s),
                                placeholder=FormattedText([("fg:ansibrightblack", shown)]), **io)


#: Questions answered by typing (the others choose among options).
TYPED = (Kind.INT, Kind.ROWS, Kind.NUMBERS)


def _checker(parse: Callable[[str], Any]) -> Callable[[str], bool | str]:
    """A prompt validator from a parser that returns a message when the text does not fit."""
    def check(text: str) -> bool | str:
        parsed = parse(text)
        return parsed if isinstance(parsed, str) else True

    return check


def _int_check(text: str) -> bool | str:
    # A minus sign is let through: Trajan's victory point track goes below its start.
    from ..core.vocabulary import foreign_digit, foreign_digit_text, is_number

    if foreign_digit(text) is not None:
        return foreign_digit_text(foreign_digit(text))
    return is_number(text.strip().removeprefix("-")) or _("type a whole number")


def shown_answer(question: Question, answer: Any) -> str:
    """An answer as the table reads it beside its question (the options' labels)."""
    labels = {o.value: option_label(o) for o in question.options}
    if question.kind is Kind.CHOICE:
        return str(labels.get(answer, answer) if isinstance(answer, (str, int)) else answer)
    if not isinstance(answer, list):
        return str(answer)
    if question.kind is Kind.MULTI:
        return ", ".join(labels.get(a, str(a)) for a in answer) or "-"
    if question.kind in (Kind.ROWS, Kind.NUMBERS):
        return rows_text(answer)
    if question.kind is Kind.BOARD:
        return _("kept as recorded") if answer is None else _("changed")
    return str(answer)


class OutOfAnswers(LookupError):
    """A scripted walk reached a question it has no answer for."""


class ScriptedPrompter(SaysScored):
    """Plays back answers in order, showing each question and answer as it goes."""

    def __init__(self, answers: Iterable[Any], echo: Callable[[str], None] = print,
                 file_labels: dict[str, str] | None = None):
        self._answers = list(answers)
        self._echo = echo
        self._file_labels = file_labels or {}  # a file answer shown by a shorter name

    def say(self, text: str) -> None:
        self._echo(text)

    def ask(self, question: Question) -> Any:
        if not self._answers:
            raise OutOfAnswers(f"no prepared answer for: {message(question)}")
        answer = self._answers.pop(0)
        shown = (self._file_labels.get(answer, answer) if question.kind is Kind.FILE
                 else shown_answer(question, answer))
        self._echo(f"? {message(question)}  {shown}")
        return answer

    @property
    def remaining(self) -> int:
        return len(self._answers)
