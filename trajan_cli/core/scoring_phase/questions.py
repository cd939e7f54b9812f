"""What a scoring phase asks and what it scores, shared by both games.

A step of a scoring phase asks the table a :class:`Question` where it needs an answer and
says what it scored as a :class:`Scored` line. Nothing here prompts, prints or touches
files: the command line or the table screen asks the question and validates the answer with
:meth:`Question.validate`.
"""

# Annotations are evaluated here (no `from __future__ import annotations`): typing.NamedTuple
# compiles each string annotation, a start-up cost on every command that replays a game.

from collections.abc import Callable, Mapping
from enum import StrEnum
from types import MappingProxyType
from typing import Any, NamedTuple

from ..classic.vocabulary import ClassicCategory, ClassicStep, Quarter
from ..game import N_, Answer, Category, Message, Plural, Step
from ..vocabulary import Cycle

#: How a player's scores are given: quick counts, a sheet file, or the board the game keeps.
QUICK, FILE, BOARD = "quick", "file", "board"


class Kind(StrEnum):
    CHOICE = "choice"  # one of ``options``
    MULTI = "multi"  # any subset of ``options``
    INT = "int"  # a whole number in [minimum, maximum]
    ROWS = "rows"  # six whole numbers, one per colonia row
    NUMBERS = "numbers"  # any count of whole numbers, each in [minimum, maximum]
    FILE = "file"  # {"path": ..., "text": ...} of a sheet or forum file
    #: A recorded board to look over (the board editor at the table): None when it stays as
    #: it is, else {"text": ...} with the board as player-sheet or forum TOML. ``default``
    #: holds the board as recorded (a PlayerSheet or a Forum).
    BOARD = "board"


_NO_PARAMS: Mapping[str, Any] = MappingProxyType({})


class Option(NamedTuple):
    value: Any
    text: str
    params: Mapping[str, Any] = _NO_PARAMS


class Question(NamedTuple):
    key: str
    kind: Kind
    step: Step | ClassicStep
    cycle: Cycle | Quarter  # the game's scoring period
    player: str | None
    text: str
    params: Mapping[str, Any] = _NO_PARAMS
    options: tuple[Option, ...] = ()
    default: Any = None
    minimum: int = 0
    maximum: int = 200
    #: Further check on a well-formed value: what is wrong with it (a Message, or a Plural
    #: when it counts), or None.
    check: Callable[[Any], Message | Plural | None] | None = None
    #: A check made when the answer is given at the table, not when a saved game is
    #: replayed: games saved before the check was added keep replaying as they were.
    table_check: Callable[[Any], Message | Plural | None] | None = None
    #: The default is the answer when nobody can be asked (``--no-input``) and answers
    #: given ahead leave the question open (``pay`` left out).
    unasked_default: bool = False
    #: The game knows the answer: the default, read off the group's box (the slide bar).
    #: The walk and the table screen record it without asking; an answer given ahead, or
    #: typed, still answers it (the players decide), and the step shows the difference.
    known: bool = False

    def validate(self, value: Any, *, replay: bool = False) -> "tuple[Any, Message | Plural | None]":
        """Normalise ``value`` or say what is wrong with it (``replay``: a saved answer)."""
        problem: Message | Plural | None
        normal, problem = self._shape(value)
        if problem is None and self.check is not None:
            problem = self.check(normal)
        if problem is None and not replay and self.table_check is not None:
            problem = self.table_check(normal)
        return normal, problem

    def _shape(self, value: Any) -> "tuple[Any, Message | None]":
        allowed = [o.value for o in self.options]
        match self.kind:
            case Kind.CHOICE:
                return (value, None) if value in allowed else (value, Message(N_("choose one of the options")))
            case Kind.MULTI:
                if not isinstance(value, list) or any(v not in allowed for v in value):
                    return value, Message(N_("choose among the options"))
                return sorted(set(value), key=allowed.index), None
            case Kind.INT:
                if isinstance(value, bool) or not isinstance(value, int):
                    return value, Message(N_("type a whole number"))
                if not self.minimum <= value <= self.maximum:
                    return value, Message(N_("type a number from {low} to {high}"),
                                          {"low": self.minimum, "high": self.maximum})
                return value, None
            case Kind.ROWS:
                if (not isinstance(value, list) or len(value) != 6
                        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
                    return value, Message(N_("type six whole numbers, one per row, top row first"))
                if any(not self.minimum <= v <= self.maximum for v in value):
                    return value, Message(N_("each row takes a number from {low} to {high}"),
                                          {"low": self.minimum, "high": self.maximum})
                return value, None
            case Kind.NUMBERS:
                if (not isinstance(value, list)
                        or any(isinstance(v, bool) or not isinstance(v, int) for v in value)):
                    return value, Message(N_("type whole numbers separated by spaces"))
                if any(not self.minimum <= v <= self.maximum for v in value):
                    return value, Message(N_("each number is from {low} to {high}"),
                                          {"low": self.minimum, "high": self.maximum})
                return value, None
            case Kind.FILE:
                if not (isinstance(value, dict) and isinstance(value.get("text"), str)
                        and isinstance(value.get("path"), str)):
                    return value, Message(N_("give the path of a file"))
                return {"path": value["path"], "text": value["text"]}, None
            case Kind.BOARD:
                if value is None:
                    return None, None
                if not (isinstance(value, dict) and isinstance(value.get("text"), str)):
                    return value, Message(N_("give the board as sheet text, or nothing to keep it"))
                return {"text": value["text"]}, None
        raise AssertionError(self.kind)

    def answer(self, value: Any) -> "Answer":
        """``value`` as the line of the record that answers this question."""
        return Answer(self.key, self.cycle, self.player, value)

    @property
    def asks(self) -> "tuple[str, Cycle | Quarter, str | None]":
        """What an answer must name to answer it: the key, the period and the player."""
        return self.key, self.cycle, self.player


class Scored(NamedTuple):
    """A line of the standings (``category`` set) or a note about the phase (None)."""

    cycle: Cycle | Quarter
    step: Step | ClassicStep
    player: str | None
    category: Category | ClassicCategory | None
    points: int
    text: str
    params: Mapping[str, Any] = _NO_PARAMS


def scored(cycle, step, p, category, gained: int, text: str, **params) -> Scored:
    """A standings line for player ``p`` (anything with ``name`` and a running ``total``)."""
    p.total += gained
    return Scored(cycle, step, p.name, category, gained, text, params)


def note(cycle, step, player: str | None, text: str, **params) -> Scored:
    return Scored(cycle, step, player, None, 0, text, params)


def worded(check: Callable[[Any], Message | Plural | None], parsers: Any) -> Callable[[Any], Message | Plural | None]:
    """``check``, with an error it raises that ``parsers.problem_of`` words (a parser's error,
    a refused board) returned as the message; any other error goes on."""

    def checked(value: Any) -> Message | Plural | None:
        try:
            return check(value)
        except Exception as exc:  # noqa: BLE001 - the parser's own error, turned into a message
            problem = parsers.problem_of(exc)
            if problem is None:
                raise
            return Message("{problem}", {"problem": problem})  # already in the player's words

    return checked


def file_check(parse: Callable[[str, str], Any], parsers: Any) -> Callable[[Any], Message | Plural | None]:
    """A check that a FILE answer parses; ``parsers.problem_of`` words the parser's error."""

    def parses(value: dict) -> None:
        parse(value["text"], value["path"])

    return worded(parses, parsers)


def joined(problems: list[Message | Plural]) -> Message | Plural | None:
    """Several problems with one answer as one message; None when there are none."""
    if len(problems) < 2:
        return problems[0] if problems else None
    return Message("; ".join(f"{{p{i}}}" for i in range(len(problems))),
                   {f"p{i}": problem for i, problem in enumerate(problems)})


def answer_for(question: Question, value: Any) -> Answer:
    """The line of the record that answers ``question`` with ``value``."""
    return question.answer(value)
