"""The scoring phases of a game as explicit state: a plan of steps, and where the game stands
in it.

Each game (Forum Trajanum, Trajan) lays out its scoring as a :class:`Plan`: a sequence of
:class:`Stage` s, each one step for one player (or for the whole table) in one period, in
the rulebook's order. A stage is told as a short generator: it yields a :class:`Question`
where it needs an answer and a :class:`Scored` line where it scores, and works on a copy
of the table and of the plan's :class:`Memory` (what the phase remembers of each player
between steps and periods).

:class:`Scoring` is the state: the stage open now, the answers it has been given, and
everything the stages before it left (memory, scored lines, the ranking at the end). To
know what the open stage asks, it is run again from its beginning with those answers;
once it asks nothing more it is *settled*: its memory, its lines and what it changed on
the table are kept, and the next stage opens. A stage that asks nothing settles at once.

Until its first answer, the open stage reads the table as it stands now (a turn or a
board recorded meanwhile changes what it asks); from its first answer on, it reads the
table as it stood then, so that the answers it was given stay answers to the same
questions.
"""

from __future__ import annotations

from collections.abc import Callable, Generator, Iterable
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar

from ..classic.vocabulary import Quarter
from ..game import N_, Answer, Game, Message
from ..vocabulary import Cycle
from .questions import Question, Scored

if TYPE_CHECKING:
    from ..standings import Ranking
    from ..tabletop import Tabletop

#: A stage as told: it yields questions and scored lines, receives each question's answer,
#: and may return the final ranking (the last stage of a game).
Script = Generator["Question | Scored", Any, "Ranking | None"]
#: A game's scoring period: Forum Trajanum's cycles, Trajan's quarters. A plan's stages all
#: have its game's periods.
Period = TypeVar("Period", Cycle, Quarter)


class Memory(Protocol):
    """What a game's scoring remembers between its stages (players' totals, modes, cards)."""

    def copy(self) -> Memory: ...


class Known:
    """What a game's whole record answers, for the questions that older versions of the tool
    asked and this one works out itself: where a saved game holds such an answer, the step
    still asks it, so that the game replays as it was played."""

    def __init__(self, answers: Iterable[Answer] = ()):
        self._first: dict[tuple, int] = {}
        self._count = 0
        for answer in answers:
            self.add(answer)

    def add(self, answer: Answer) -> None:
        self._first.setdefault((answer.key, answer.cycle, answer.player), self._count)
        self._count += 1

    def recorded(self, key: str, cycle: Cycle | Quarter, player: str | None) -> bool:
        """The record answers question ``key`` for ``player`` in ``cycle``."""
        return (key, cycle, player) in self._first

    def answered_after(self, key: str, cycle: Cycle | Quarter, player: str | None) -> bool:
        """The record answers ``key`` for ``player`` in ``cycle`` and then answers more."""
        first = self._first.get((key, cycle, player))
        return first is not None and first < self._count - 1

    def copy(self) -> Known:
        twin = Known()
        twin._first, twin._count = dict(self._first), self._count
        return twin


class StageContext(NamedTuple, Generic[Period]):
    """What a stage works with: its period, the game (players, cards), the rules and the
    parsers of the game's variant, a copy of the table and of the memory to read and change,
    and what the whole record answers (:class:`Known`)."""

    period: Period
    player: str | None
    game: Game
    rules: Any
    parsers: Any
    table: Tabletop
    memory: Any
    known: Known


class Stage(NamedTuple, Generic[Period]):
    period: Period
    name: str  # the step it belongs to, for readers of the plan: "pay", "forum", ...
    player: str | None  # None: a step for the whole table
    run: Callable[[StageContext[Period]], Script]


class Plan(NamedTuple):
    """A game's scoring: its stages in order and the memory they start from."""

    stages: tuple[Stage, ...]
    memory: Memory


#: Each game's plan, by ``Game.variant``: (game, rules) -> Plan. Registered by the modules
#: that tell each game's scoring (imported on first use).
PLANS: dict[str, Callable[[Game, Any], Plan]] = {}
PLAN_MODULES = {"forum-trajanum": "..scoring_phase.forum_trajanum", "trajan": "..classic.scoring"}


def plan_for(game: Game, rules: Any) -> Plan:
    if game.variant not in PLANS:
        import importlib

        importlib.import_module(PLAN_MODULES[game.variant], __package__)
    return PLANS[game.variant](game, rules)


class Evaluation(NamedTuple):
    """The open stage run with its answers: what it scored so far, the question it asks next
    (None: it is done), and the memory and table as it leaves them."""

    events: tuple[Scored, ...]
    question: Question | None
    memory: Any
    table: Any
    ranking: Ranking | None


class Scoring:
    """Where a game stands in its scoring: the open stage and its answers, and what every
    stage before it left. (A plain class: copied for every line tried.)"""

    __slots__ = ("game", "rules", "parsers", "stages", "memory", "known", "at", "answers",
                 "captured", "events", "ranking", "open")

    def __init__(self, game: Game, rules: Any, parsers: Any, stages: tuple[Stage, ...], memory: Any,
                 known: Known | None = None, at: int = 0, answers: list[Any] | None = None,
                 captured: Any = None, events: list[Scored] | None = None,
                 ranking: Ranking | None = None, open: Evaluation | None = None):
        self.game, self.rules, self.parsers = game, rules, parsers
        self.stages = stages
        self.memory = memory
        self.known = Known() if known is None else known
        self.at = at  # the open stage (len(stages): the game is over)
        self.answers = [] if answers is None else answers  # given to the open stage, validated
        self.captured = captured  # the table as the open stage's first answer found it
        self.events = [] if events is None else events  # of the stages settled
        self.ranking = ranking
        self.open = open  # the open stage, evaluated on the table as it stands

    @classmethod
    def start(cls, game: Game, rules: Any, parsers: Any, known: Known | None = None) -> Scoring:
        plan = plan_for(game, rules)
        return cls(game, rules, parsers, plan.stages, plan.memory, known or Known())

    def copy(self) -> Scoring:
        """A copy to try an answer on (settled events and stages are shared, never changed)."""
        return Scoring(self.game, self.rules, self.parsers, self.stages, self.memory.copy(),
                       self.known.copy(), self.at, list(self.answers), self.captured,
                       list(self.events), self.ranking, self.open)

    @property
    def finished(self) -> bool:
        return self.at >= len(self.stages)

    @property
    def stage(self) -> Stage | None:
        return None if self.finished else self.stages[self.at]

    @property
    def question(self) -> Question | None:
        return None if self.open is None else self.open.question

    def all_events(self) -> list[Scored]:
        """The lines scored so far, the open stage's included (they may still change while
        it waits for its first answer)."""
        return self.events + list(self.open.events) if self.open is not None else list(self.events)

    # --- Moving on -------------------------------------------------------------------------

    def advance(self, table: Tabletop) -> None:
        """Run the open stage on ``table`` (the game's table as it stands); settle it and
        every stage after it that asks nothing, until one asks a question or the game is
        over. Raises GameError when a stage finds the record does not fit."""
        while not self.finished:
            evaluation = self._evaluate(table)
            if evaluation.question is not None:
                self.open = evaluation
                if self.captured is not None:
                    # What the answers so far changed (a board looked over and edited) is
                    # on the table at once, for every reader, before the stage is done.
                    _carry_changes(self.captured, evaluation.table, table)
                return
            self._settle(evaluation, table)
        self.open = None

    def answer(self, answer: Answer, table: Tabletop, *, replay: bool) -> Any:
        """Give the open stage's question ``answer``: validated (``replay``: as a saved
        answer, without the checks made only at the table), then the stage runs on. Returns
        the value as kept. Raises :class:`AnswerRefused` and changes nothing otherwise."""
        question = self.question
        if question is None:
            raise AnswerRefused(None, N_("the game is over: no question is open"), {})
        if (answer.key, answer.cycle, answer.player) != question.asks:
            raise AnswerRefused(question, N_("the scoring phase asks {key} for {player} in {period} here"), {
                "key": question.key, "player": question.player or "-", "period": period_words(question.cycle)})
        value, problem = question.validate(answer.value, replay=replay)
        if problem is not None:
            raise AnswerRefused(question, "{problem}", {"problem": problem})
        if not self.answers:
            self.captured = table.copy()  # from now on the stage reads the table as it is now
        self.answers.append(value)
        self.advance(table)
        return value

    def _context(self, stage: Stage, table: Tabletop, memory: Any) -> StageContext:
        return StageContext(stage.period, stage.player, self.game, self.rules, self.parsers,
                            table, memory, self.known)

    def _evaluate(self, table: Tabletop) -> Evaluation:
        stage = self.stages[self.at]
        work = (self.captured if self.captured is not None else table).copy()
        memory = self.memory.copy()
        script = stage.run(self._context(stage, work, memory))
        events: list[Scored] = []
        answers = iter(self.answers)
        sent: Any = None
        try:
            while True:
                item = script.send(sent)
                sent = None
                if isinstance(item, Scored):
                    events.append(item)
                    continue
                given = next(answers, _NONE)
                if given is _NONE:
                    return Evaluation(tuple(events), item, memory, work, None)
                sent = given
        except StopIteration as done:
            return Evaluation(tuple(events), None, memory, work, done.value)

    def _settle(self, evaluation: Evaluation, table: Tabletop) -> None:
        """Keep what the done stage left: its lines, its memory, what it changed on the table."""
        base = self.captured if self.captured is not None else table
        _carry_changes(base, evaluation.table, table)
        self.events.extend(evaluation.events)
        self.memory = evaluation.memory
        if evaluation.ranking is not None:
            self.ranking = evaluation.ranking
        self.at += 1
        self.answers = []
        self.captured = None
        self.open = None


_NONE = object()


def period_words(period: Cycle | Quarter) -> Message:
    """A cycle or a quarter as a sentence names it: "cycle III", "quarter IV"."""
    if isinstance(period, Quarter):
        return Message(N_("quarter {cycle}"), {"cycle": period.numeral})
    return Message(N_("cycle {cycle}"), {"cycle": period.numeral})


def _carry_changes(base: Any, work: Any, live: Any) -> None:
    """What a stage changed on its working copy of the table (``work``, copied from
    ``base``), made on the game's table (``live``): boards are immutable values, so a board
    that is not the very one it was is one the stage recorded."""
    for player, sheet in work.sheets.items():
        if base.sheets.get(player) is not sheet:
            live.sheets[player] = sheet
    if work.forum is not base.forum:
        live.forum = work.forum
    for cycle, boards in work.scored.items():
        if base.scored.get(cycle) != boards:
            live.scored[cycle] = dict(boards)
    for cycle, forum in work.scored_forum.items():
        if base.scored_forum.get(cycle) is not forum:
            live.scored_forum[cycle] = forum


class AnswerRefused(ValueError):
    """An answer that does not answer the question open: why, as an English template."""

    def __init__(self, question: Question | None, template: str, params: dict):
        super().__init__(template)
        self.question, self.template, self.params = question, template, params
