"""The machinery of a scoring phase told as a script of questions, shared by both games.

A game's script (Forum Trajanum's in :mod:`.walkthrough`, Trajan's in
:mod:`.classic.walkthrough`) is a generator: it yields a :class:`Question` where it needs
an answer and a :class:`Scored` line where it scores, and returns the final ranking.
``progress(game, rules, parsers)`` feeds a saved game's answers into the game's script and
stops at the first question without an answer. Before the script reads the boards to decide
what to ask, it yields :data:`CHECKPOINT`, where the board records made since the last answer
are applied (see ``progress``). It returns what was scored so far and that
question. Nothing here prompts, prints or touches files: the CLI asks the question,
validates the answer with ``Question.validate`` and saves the game with the answer appended.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Generator, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from .classic.vocabulary import ClassicCategory, ClassicStep, Quarter
from .game import N_, FORUM_TRAJANUM, PLAY_RECORD, TRAJAN, Answer, Category, Game, GameError, Message, Plural, Step
from .standings import Next, Ranking
from .vocabulary import Cycle

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


@dataclass(frozen=True)
class Option:
    value: Any
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Question:
    key: str
    kind: Kind
    step: Step | ClassicStep
    cycle: Cycle | Quarter  # the game's scoring period
    player: str | None
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)
    options: tuple[Option, ...] = ()
    default: Any = None
    minimum: int = 0
    maximum: int = 200
    #: Further check on a well-formed value: what is wrong with it (a Message, or a Plural
    #: when it counts), or None.
    check: Callable[[Any], Message | None] | None = None
    #: A check made when the answer is given at the table, not when a saved game is
    #: replayed: games saved before the check was added keep replaying as they were.
    table_check: Callable[[Any], Message | None] | None = None
    #: The default is the answer when nobody can be asked (``--no-input``) and answers
    #: given ahead leave the question open (interface.md: ``pay`` left out).
    unasked_default: bool = False

    def validate(self, value: Any, *, replay: bool = False) -> tuple[Any, Message | None]:
        """Normalise ``value`` or say what is wrong with it (``replay``: a saved answer)."""
        normal, problem = self._shape(value)
        if problem is None and self.check is not None:
            problem = self.check(normal)
        if problem is None and not replay and self.table_check is not None:
            problem = self.table_check(normal)
        return normal, problem

    def _shape(self, value: Any) -> tuple[Any, Message | None]:
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


@dataclass(frozen=True)
class Scored:
    """A line of the standings (``category`` set) or a note about the phase (None)."""

    cycle: Cycle | Quarter
    step: Step | ClassicStep
    player: str | None
    category: Category | ClassicCategory | None
    points: int
    text: str
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Progress:
    events: tuple[Scored, ...]
    question: Question | None  # None when the game is over
    answered: int
    ranking: Ranking | None  # once the game is over
    table: Any = None  # the boards as recorded (a Tabletop), after the last answer
    scoring_begun: bool = False  # a question of a scoring phase has been answered

    @property
    def finished(self) -> bool:
        return self.question is None

    def totals(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for e in self.events:
            if e.category is not None and e.player is not None:
                totals[e.player] = totals.get(e.player, 0) + e.points
        return totals

    def breakdown(self) -> dict[str, dict[Cycle, dict[Category, int]]]:
        table: dict[str, dict[Cycle, dict[Category, int]]] = {}
        for e in self.events:
            if e.category is None or e.player is None:
                continue
            cell = table.setdefault(e.player, {}).setdefault(e.cycle, {})
            cell[e.category] = cell.get(e.category, 0) + e.points
        return table

    @property
    def position(self) -> tuple[Cycle, Step] | None:
        return None if self.question is None else (self.question.cycle, self.question.step)

    def next(self) -> Next:
        """What comes next: the one answer to it, for every command and screen.

        A game kept by turns goes round by round (the next player's turn, or the next
        round's street cards); after round 4 its scoring phase comes (p. 27), and once that
        is done, round 1 of the next cycle (p. 29). A new game begins with its first round;
        a game scored without its turns waits for its scoring question.
        """
        from .standings import NextKind

        asked = self.question
        if asked is None:
            return Next(NextKind.OVER)
        scoring = Next(NextKind.SCORING, int(asked.cycle), None, asked.player, asked.step.value)
        play = getattr(self.table, "play", None) if isinstance(asked.cycle, Cycle) else None
        if play is None or play.cycle is None and self.scoring_begun:
            return scoring  # a game scored without its turns
        if play.cycle_over and play.cycle not in self.table.scored:
            return scoring._replace(cycle_over=True)
        cycle, number = play.round_to_play()
        if int(cycle) != int(asked.cycle):
            return scoring  # the turns stopped in an earlier cycle, scored without them since
        if play.cycle == cycle and play.round == number and not play.round_over:
            return Next(NextKind.TURN, int(cycle), number, play.next_player())
        return Next(NextKind.ROUND, int(cycle), number, play.starter(cycle, number))


# --- Replay -----------------------------------------------------------------------------


class _Checkpoint:
    """Yielded by a script just before it reads the boards to decide what to ask next."""

    def __repr__(self) -> str:
        return "CHECKPOINT"


CHECKPOINT = _Checkpoint()


class _Recheck:
    """Sent to the question a script yields right after a CHECKPOINT: records came in while
    the game waited there, so the script goes back to that checkpoint (yields CHECKPOINT
    again) and decides anew on the table as it is now."""

    def __repr__(self) -> str:
        return "RECHECK"


#: Every question a script yields right after a CHECKPOINT (nothing between them) takes
#: RECHECK in place of an answer: the script then yields that CHECKPOINT again, its own state
#: as it was there, and reads the boards anew. That is what a replay of the game with the
#: records made meanwhile does (it applies them at that checkpoint), without replaying.
RECHECK = _Recheck()

Script = Generator["Question | Scored | _Checkpoint", Any, Ranking]


#: Each game's scoring script, by ``Game.variant``: (game, rules, parsers) -> script. The
#: scripts register themselves when their module is imported.
SCRIPTS: dict[str, Callable[[Game, Any, Any, Any], Script]] = {}
#: Where those modules are; imported on first use, since they import this module.
SCRIPT_MODULES = {FORUM_TRAJANUM: ".walkthrough", TRAJAN: ".classic.walkthrough"}


def script_for(variant: str) -> Callable[[Game, Any, Any], Script]:
    if variant not in SCRIPTS and variant in SCRIPT_MODULES:
        importlib.import_module(SCRIPT_MODULES[variant], __package__)
    return SCRIPTS[variant]


def progress(game: Game, rules: Any, parsers: Any) -> Progress:
    """Replay every answer; raises GameError when the record does not fit the script.

    ``rules`` and ``parsers`` are those of the game's variant (``Rules`` and
    ``walkthrough.Parsers`` for Forum Trajanum). Board records among the answers are applied
    to the table (:mod:`.tabletop`), from which the script reads the boards.

    When: the records between answer k and answer k+1 were made while the game waited at
    question k+1, after the script had run on from answer k. So they are applied only where
    the script stands at a checkpoint (just before it reads the boards to decide what to
    ask) or at question k+1 itself, never earlier: the rest of a scoring phase that answer k
    finished is computed on the boards it was played with, not on builds recorded in the
    next cycle. A line of play (a round or a turn) cannot come in while the scoring phase of
    the cycle it follows is still running: at a checkpoint of that phase it waits, with the
    records after it, for the next checkpoint (p. 29: the next cycle begins after the
    scoring), so a phase that ends without a further question lets the next cycle start.
    """
    return Replay(game, rules, parsers).progress


class Replay:
    """A game's script kept running at the question it waits for, with its table.

    Built by replaying every answer of a game (as :func:`progress` does). ``extend`` then
    takes the same game with answers (or records) added and feeds only those, so a
    walkthrough costs one replay per run instead of one per answer (issue 20). Records that a
    replay would have applied before the question held was asked (at the checkpoint passed
    since the last answer) are applied there: when that question came right after that
    checkpoint, the script is sent RECHECK and decides again from it (every turn during
    play: the game waits at the next phase's first question, asked right after a
    checkpoint). A game that is not such an extension of the one held (an answer taken back
    or changed), records that a replay would apply at a checkpoint further back, and a game
    the script reads differently in pieces (its ``answered_after`` looks ahead at answers of
    old games) are replayed from the start instead: what ``extend`` gives is what
    :func:`progress` gives, which the test suite holds for random games, turns among them.
    """

    def __init__(self, game: Game, rules: Any, parsers: Any):
        self.rules, self.parsers = rules, parsers
        self._start(game)

    def _start(self, game: Game) -> None:
        from .tabletop import Tabletop

        self.game = game
        self._table = Tabletop(game.players, first_cycle=game.first_cycle,
                               start_player=game.start_player, readings=game.readings)
        self._script = script_for(game.variant)(game, self.rules, self.parsers, self._table)
        self._events: list[Scored] = []
        self._index = 0  # answers (and records) fed so far
        self._item: Question | None = None
        self._ranking: Ranking | None = None
        #: Checkpoints passed since the last answer (records made now would have come in at
        #: the first), those among them where a line of play may come in (not inside a
        #: scoring phase that its cycle still waits for: ``_play_waits``), and whether the
        #: question held came right after the only one of them where records made now would
        #: come in.
        self._checkpoints = 0
        self._open_checkpoints = 0
        self._at_checkpoint = False
        self._at_open_checkpoint = False
        self._broken = True  # until the answers are fed without an error
        self._feed(game.answers, first=True)
        self._broken = False
        self.progress = self._progress()

    def extend(self, game: Game) -> Progress:
        """Where ``game`` stands: fed on from where this replay stands when ``game`` is the game
        held with answers added, else replayed from its first answer. Raises GameError as
        :func:`progress` does (and the next call replays from the start)."""
        if not self._extends(game):
            self._start(game)
        elif len(game.answers) > self._index:
            held = self.game
            self._broken = True
            self.game = game
            try:
                if self._records_come_first(game) and not self._back_to_checkpoint():
                    self._start(game)  # the script did not go back (RECHECK): replayed whole
                    return self.progress
                self._feed(game.answers)
            except GameError:
                # Read differently in pieces than whole (a look-ahead of an old game's
                # script): the whole game decides, replayed from the start.
                self.game = held
                self._start(game)
            self._broken = False
            self.progress = self._progress()
        return self.progress

    def _extends(self, game: Game) -> bool:
        held = self.game
        if self._broken or game is not held and (
                len(game.answers) < self._index
                or game.answers[:self._index] != held.answers[:self._index]
                or _setup(game) != _setup(held)):
            return False
        # A record after the question held, with a checkpoint passed since the last answer:
        # a replay applies it there, before that question was asked. The script goes back
        # there when that question came right after it, else the game is replayed whole.
        return not self._records_come_first(game) or self._can_go_back(game)

    def _records_come_first(self, game: Game) -> bool:
        """``game`` adds a record first, which a replay would apply at a checkpoint passed
        since the last answer."""
        from .tabletop import is_record

        return (self._checkpoints > 0 and len(game.answers) > self._index
                and is_record(game.answers[self._index].key))

    def _can_go_back(self, game: Game) -> bool:
        """The records ``game`` adds first come in, in a replay, at the checkpoint right
        before the question held: the only checkpoint since the last answer, or the only one
        where they may come in (a line of play waits out the checkpoints of a scoring phase
        its cycle still waits for)."""
        if self._at_checkpoint:
            return True
        return self._at_open_checkpoint and game.answers[self._index].key == PLAY_RECORD

    def _back_to_checkpoint(self) -> bool:
        """Send RECHECK to the question held: the script stands at the checkpoint before it
        again, where the records are then applied. False when it did not go back."""
        try:
            item = self._script.send(RECHECK)
        except StopIteration:
            return False
        if item is not CHECKPOINT:
            return False
        self._item, self._checkpoints, self._open_checkpoints = item, 0, 0
        self._at_checkpoint = self._at_open_checkpoint = False
        return True

    def _feed(self, answers: tuple[Answer, ...], first: bool = False) -> None:
        from .tabletop import apply_record, is_record

        table, script, events, rules, parsers = self._table, self._script, self._events, self.rules, self.parsers
        index = self._index

        def apply_records(at: int, *, checkpoint: bool = False) -> int:
            while at < len(answers) and is_record(answers[at].key):
                if checkpoint and answers[at].key == PLAY_RECORD and _play_waits(table):
                    break  # it comes in at the next checkpoint, after this scoring phase
                apply_record(table, answers[at], rules, parsers)
                at += 1
            return at

        try:
            if first:
                item = next(script)
            else:
                item = self._item
                if item is None:
                    raise StopIteration(self._ranking)
            after_checkpoint = False  # the item came right after a checkpoint
            last_open = False  # ... where a line of play may come in
            while True:
                if isinstance(item, Scored):
                    events.append(item)
                    after_checkpoint = False
                    item = script.send(None)
                    continue
                if item is CHECKPOINT:
                    opened = not _play_waits(table)
                    index = apply_records(index, checkpoint=True)
                    self._checkpoints += 1
                    self._open_checkpoints += opened
                    after_checkpoint, last_open = True, opened
                    item = script.send(None)
                    continue
                index = apply_records(index)
                if index == len(answers):
                    self._item, self._index = item, index
                    self._at_checkpoint = after_checkpoint and self._checkpoints == 1
                    self._at_open_checkpoint = (after_checkpoint and last_open
                                                and self._open_checkpoints == 1)
                    return
                answer = answers[index]
                if (answer.key, answer.cycle, answer.player) != (item.key, item.cycle, item.player):
                    raise GameError(
                        N_("answer {n} ({key} for {player}, cycle {cycle}) is not the question asked "
                           "there ({asked} for {asked_player})"),
                        n=index + 1, key=answer.key, player=answer.player or "-",
                        cycle=answer.cycle.numeral, asked=item.key, asked_player=item.player or "-")
                value, problem = item.validate(answer.value, replay=True)
                if problem:
                    raise GameError(N_("answer {n} ({key}): {problem}"), n=index + 1, key=answer.key,
                                    problem=problem)
                index += 1
                self._checkpoints = self._open_checkpoints = 0
                after_checkpoint = False
                item = script.send(value)
        except StopIteration as done:
            if index != len(answers):
                raise GameError(N_("answers beyond the end of the game: {n}"),
                                n=len(answers) - index) from None
            self._item, self._index, self._ranking = None, index, done.value
            self._at_checkpoint = self._at_open_checkpoint = False

    def _progress(self) -> Progress:
        # The table goes on changing as answers are fed: each Progress keeps its own copy.
        from .tabletop import is_record

        begun = any(not is_record(a.key) for a in self.game.answers[:self._index])
        return Progress(tuple(self._events), self._item, self._index, self._ranking,
                        _copy_table(self._table), begun)


def _play_waits(table: Any) -> bool:
    """Round 4 of the cycle in play is over and its scoring phase is not done: no line of
    play can come in until it is (p. 29). Only a game's table kept by turns has ``play``."""
    play = getattr(table, "play", None)
    return play is not None and play.cycle_over and play.cycle not in table.scored


def _setup(game: Game) -> Game:
    """Everything of a game but its answers: what its script is started with."""
    from dataclasses import replace

    return replace(game, answers=())


def _copy_table(table: Any) -> Any:
    """The table as it stands: its own dicts (one level down too), the boards shared (they
    are immutable)."""
    import copy

    kept = copy.copy(table)
    for name, value in vars(table).items():
        if isinstance(value, dict):
            setattr(kept, name, {k: dict(v) if isinstance(v, dict) else v for k, v in value.items()})
    return kept


def answer_for(question: Question, value: Any) -> Answer:
    return Answer(question.key, question.cycle, question.player, value)


def scored(cycle, step, p, category, gained: int, text: str, **params) -> Scored:
    """A standings line for player ``p`` (anything with ``name`` and a running ``total``)."""
    p.total += gained
    return Scored(cycle, step, p.name, category, gained, text, params)


def note(cycle, step, player: str | None, text: str, **params) -> Scored:
    return Scored(cycle, step, player, None, 0, text, params)


def recorded(game: Game, key: str, cycle, player: str | None) -> bool:
    """Whether the saved answers hold question ``key`` for ``player`` in ``cycle``.

    A question the script now answers itself is still asked where a game saved before
    holds its answer, so that the game replays as it was played.
    """
    return any((a.key, a.cycle, a.player) == (key, cycle, player) for a in game.answers)


def answered_after(game: Game, key: str, cycle, player: str | None) -> bool:
    """Whether the saved game answers question ``key`` for ``player`` in ``cycle`` and then
    answers more (board records aside): the script went on from there."""
    from .tabletop import is_record

    found = False
    for answer in game.answers:
        if found and not is_record(answer.key):
            return True
        found = found or (answer.key, answer.cycle, answer.player) == (key, cycle, player)
    return False


def worded(check: Callable[[Any], Message | None], parsers: Any) -> Callable[[Any], Message | None]:
    """``check``, with an error it raises that ``parsers.problem_of`` words (a parser's error,
    a refused board) returned as the message; any other error goes on."""

    def checked(value: Any) -> Message | None:
        try:
            return check(value)
        except Exception as exc:  # noqa: BLE001 - the parser's own error, turned into a message
            problem = parsers.problem_of(exc)
            if problem is None:
                raise
            return Message("{problem}", {"problem": problem})  # already in the player's words

    return checked


def file_check(parse: Callable[[str, str], Any], parsers: Any) -> Callable[[Any], Message | None]:
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
