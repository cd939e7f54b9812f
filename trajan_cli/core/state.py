"""A game as far as its record goes: the fold of :meth:`GameState.apply` over its lines.

A game is its record (as a chess game is its PGN): a header (:class:`~.game.Game`: the
players in seating order, the cards, the variant, the house rules) and the lines of the
notation, in the order they were played: the set-up boards and the forum, each round's
street cards, each player's turn, builds recorded on their own, and the answers of the
scoring phases. :class:`GameState` is where those lines leave the game: every board and
the forum (:class:`~.tabletop.Tabletop`, with where play stands), and where the scoring
stands (:class:`~.scoring_phase.engine.Scoring`: the question open, the points scored).

- :meth:`GameState.apply` judges a line whole (every problem, nothing changed when it is
  refused: :class:`LineRefused`), applies it, and says what it did (:class:`Applied`).
- :meth:`GameState.replay` is the one way a saved record becomes a state.
- :meth:`GameState.next` is the one answer to "what comes next".
- :meth:`GameState.undo` takes the last line back.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any, NamedTuple

from .box import Box
from .game import N_, PLAY_RECORD, Answer, Game, GameError, Message, player_named
from .records import is_record
from .scoring_phase.engine import AnswerRefused, Known, Scoring
from .setup import SetUpRefused
from .tabletop import BoardRefused, Tabletop, resolve_forum_players
from .turns.assist import is_open, try_turn
from .turns.moves import BoardLine, BoxLine, BuildLine, ForumLine, ForumSetUp, PlayerSetUp, RoundStart, Turn
from .turns.problems import TurnRefused
from .turns.referee import (
    apply_build_line,
    apply_turn,
    refuse_build_outside_turn,
    start_round,
)
from .vocabulary import FORUM_TRAJANUM, Cycle

if TYPE_CHECKING:
    from .classic.vocabulary import Quarter
    from .scoring_phase.questions import Question, Scored
    from .standings import Next, Ranking
    from .turns.building import BuildDone
    from .turns.referee import TurnDone


class Applied(NamedTuple):
    """What a line did: the line as the record keeps it (a turn completed with what the
    rules left no choice about, a board named for its player), what it did on the table
    (the referee's ``TurnDone`` or ``BuildDone``, else None), and whether it changed
    anything (a set-up board the same as recorded changes nothing and is not kept)."""

    line: Any
    done: Any = None
    changed: bool = True


class LineRefused(GameError):
    """A line refused whole, nothing changed: who it was for (None: the table or a round)
    and every problem, each still a structure (a ``TurnProblem``, a ``BoardProblem``, or
    a :class:`~.game.Message`) until the command line or the screen words it."""

    #: Where the line came from, when its reader says (games.recording.refused): the file or
    #: option, and the word that names the line.
    source: str | None = None
    token: str | None = None

    def __init__(self, who: str | None, problems: Sequence[Any], line: Any = None):
        ValueError.__init__(self, f"{who or 'the table'}: {len(problems)} problems")
        self.who, self.problems, self.line = who, tuple(problems), line
        self.number: int | None = None  # the line's place in a record replayed

    @property
    def parts(self) -> list[tuple[str, dict]]:
        """Each problem as a template: a broken rule by its key (render words it fully)."""
        return [(p.text, dict(p.params)) if isinstance(p, Message) else ("{rule}", {"rule": p.rule.value})
                for p in self.problems]

    @parts.setter
    def parts(self, _value) -> None:
        pass


class ChoiceNeeded(LineRefused):
    """A line the rules accept once the player says what they leave open (a payment among
    several, a worker's colour, an envoy's square or none, a bonus, a tile): ``problems`` are
    those choices, in the order the referee met them (core.turns.assist)."""


class GameState:
    """A game and where its record leaves it. Build one with :meth:`start` (no line yet) or
    :meth:`replay` (a saved record)."""

    def __init__(self, game: Game, rules: Any, parsers: Any, known: Known | None = None):
        self.game = game.header
        self.rules = rules
        self.parsers = parsers
        self.table = Tabletop(game.players, first_cycle=game.first_cycle, start_player=game.start_player,
                              readings=game.readings)
        self.scoring = Scoring.start(game, rules, parsers, known)
        self.lines: list[Any] = []  # every line applied, as kept
        #: The facts of the group's copy the record's ``box`` lines gave (core.box.Box).
        self.box = Box()
        #: The worker each player was dealt by a ``set-up`` line (p. 19): player -> colour.
        self.workers_dealt: dict[str, Any] = {}
        self._scoring_begun: Cycle | Quarter | None = None  # the latest period a scoring answer names
        self._history: list[tuple[int, GameState]] = []  # (lines, state) to go back to
        self._stale = False  # a line of play came in mid-cycle: the scoring not run on yet
        self.scoring.advance(self.table)

    @property
    def box(self) -> Box:
        """What the record says of the copy the game is played with (its ``box`` lines): the
        prestige track and the slide bar, read by the scoring phase (kept on the table)."""
        return self.table.box

    @box.setter
    def box(self, box: Box) -> None:
        self.table.box = box
        self._stale = True  # the scoring step open reads it when next looked at

    @classmethod
    def start(cls, game: Game, rules: Any, parsers: Any) -> GameState:
        return cls(game, rules, parsers)

    @classmethod
    def replay(cls, game: Game, rules: Any, parsers: Any) -> GameState:
        """The state the record ``game`` leaves: each of its lines applied as it was when it
        was kept (the checks added since it was made are not held against it). Raises
        :class:`LineRefused` (with ``number``: the line's place) when a line does not fit:
        the record was edited by hand."""
        lines = list(game.lines)
        state = cls(game, rules, parsers, Known(a for a in lines if _is_answer(a)))
        for number, line in enumerate(lines, start=1):
            try:
                state._apply(line, new=False)
            except LineRefused as refused:
                refused.number = number
                raise
            if number % _KEEP_EVERY == 0:
                state._keep()
        return state

    # --- What the game is now ----------------------------------------------------------------

    @property
    def record(self) -> Game:
        """The game as its record stands: the header and every line applied."""
        return replace(self.game, lines=tuple(self.lines))

    @property
    def question(self) -> Question | None:
        """The scoring question open (None once the game is over)."""
        return self._scoring().question

    @property
    def finished(self) -> bool:
        return self._scoring().finished

    @property
    def ranking(self) -> Ranking | None:
        return self._scoring().ranking

    @property
    def events(self) -> tuple[Scored, ...]:
        return tuple(self._scoring().all_events())

    def _scoring(self) -> Scoring:
        """The scoring, run on over the lines of play that came in since it last ran."""
        if self._stale:
            self._stale = False
            self.scoring.advance(self.table)
        return self.scoring

    @property
    def answered(self) -> int:
        """How many lines the record holds."""
        return len(self.lines)

    @property
    def position(self):
        question = self.question
        return None if question is None else (question.cycle, question.step)

    @property
    def period(self):
        """The scoring period the game is in: the cycle (or Trajan's quarter) whose scoring
        phase comes next (None once the game is over)."""
        question = self.question
        return None if question is None else question.cycle

    def totals(self) -> dict[str, int]:
        totals: dict[str, int] = {}
        for e in self.events:
            if e.category is not None and e.player is not None:
                totals[e.player] = totals.get(e.player, 0) + e.points
        return totals

    def breakdown(self) -> dict[str, dict]:
        """player -> period -> category -> points."""
        table: dict[str, dict] = {}
        for e in self.events:
            if e.category is None or e.player is None:
                continue
            cell = table.setdefault(e.player, {}).setdefault(e.cycle, {})
            cell[e.category] = cell.get(e.category, 0) + e.points
        return table

    @property
    def scoring_begun(self) -> bool:
        return self._scoring_begun is not None

    def next(self) -> Next:
        """What comes next: the one answer to it, for every command and screen.

        A game kept by turns goes round by round (the next player's turn, or the next
        round's street cards); after round 4 its scoring phase comes (p. 27), and once that
        is done, round 1 of the next cycle (p. 29). A new game begins with its first round;
        a game scored without its turns waits for its scoring question.
        """
        from .standings import Next, NextKind

        asked = self.question
        if asked is None:
            return Next(NextKind.OVER)
        scoring = Next(NextKind.SCORING, int(asked.cycle), None, asked.player, asked.step.value)
        if not isinstance(asked.cycle, Cycle):
            return scoring  # Trajan (2011) is kept by its scoring only
        play = self.table.play
        if play.cycle is None and self.scoring_begun:
            return scoring  # a game scored without its turns
        if play.cycle is not None and play.cycle_over and play.cycle not in self.table.scored:
            return scoring._replace(cycle_over=True)
        cycle, number = play.round_to_play()
        if int(cycle) != int(asked.cycle):
            return scoring  # the turns stopped in an earlier cycle, scored without them since
        if play.cycle == cycle and play.round == number and not play.round_over:
            return Next(NextKind.TURN, int(cycle), number, play.next_player())
        return Next(NextKind.ROUND, int(cycle), number, play.starter(cycle, number))

    def open_choices(self, turn: Turn):
        """What the rules leave to the player in ``turn`` as far as it is built (a payment,
        the benefit-track space, a worker, an envoy, a bonus, a tile), in the referee's
        order, with the trial of the turn so far (core.turns.assist.Trial: ``choices``,
        ``refusals``, ``done``). The table screen and `trajan build` ask exactly these."""
        return try_turn(self.table, turn, self.rules)

    # --- Changing it -------------------------------------------------------------------------

    def apply(self, line: Any, *, as_recorded: bool = False) -> Applied:
        """Judge ``line`` whole and apply it: a round, a turn, a build, a board, the forum,
        or a scoring answer. Raises :class:`LineRefused` (every problem) and changes nothing
        when it breaks a rule or does not answer the question open. ``as_recorded``: the
        line is read back from a record written before (`game log`, `turn --file`), so a
        choice an earlier reading left unsaid reads as that reading made it."""
        trial = self.copy()
        applied = trial._apply(line, new=True, as_recorded=as_recorded)
        self.__dict__.update(trial.__dict__)
        return applied

    def undo(self) -> Any:
        """Take back the last line; returns it (None when there is none)."""
        if not self.lines:
            return None
        keep, last = self.lines[:-1], self.lines[-1]
        history = [(n, kept) for n, kept in self._history if n <= len(keep)]
        if history and not _is_answer(last):
            # What the record answers is the same without it: a kept state still holds.
            count, state = history[-1][0], history[-1][1].copy()
            for line in keep[count:]:
                state._apply(line, new=False)
            state._history = history
        else:
            state = GameState.replay(replace(self.game, lines=tuple(keep)), self.rules, self.parsers)
        self.__dict__.update(state.__dict__)
        return last

    def copy(self) -> GameState:
        twin = object.__new__(GameState)
        twin.__dict__.update(self.__dict__)
        twin.table = self.table.copy()
        twin.scoring = self.scoring.copy()
        twin.lines = list(self.lines)
        return twin

    def _keep(self) -> None:
        self._history.append((len(self.lines), self.copy()))

    def _apply(self, line: Any, *, new: bool, as_recorded: bool = True) -> Applied:
        """The one dispatch on the kinds of line. ``new``: a line being recorded now, held
        to every check; else a line of a saved record, held to those of its time."""
        table, rules = self.table, self.rules
        done: TurnDone | BuildDone  # what a turn or a build line did
        try:
            if isinstance(line, Answer) and not is_record(line.key):
                applied = Applied(line._replace(value=self._scoring_answer(line, new=new)))
            elif self.game.variant != FORUM_TRAJANUM:  # no referee, no boards in Trajan (2011)
                raise GameError(N_("a Trajan game's record holds its scoring answers only ('score QUARTER "
                                   "PLAYER: KEY = VALUE', as trajan game log writes them); rounds, turns "
                                   "and boards are kept for Forum Trajanum games"))
            elif isinstance(line, Answer):
                return self._as_recorded_before(line)
            elif isinstance(line, RoundStart):
                if new:
                    self._no_turns_while_scoring()
                start_round(table.play, line, set(table.scored), rules)
                applied = Applied(line)
            elif isinstance(line, Turn):
                if new:
                    self._no_turns_while_scoring()
                done = apply_turn(table, line, rules, as_recorded=as_recorded)
                applied = Applied(done.turn, done)
            elif isinstance(line, BuildLine):
                player = self._player(line.player)
                if new and not as_recorded:  # lines made before this rule replay as they were
                    refuse_build_outside_turn(table, player, line.build, rules)
                done = apply_build_line(table, player, line.build, rules, self._cycle(),
                                        as_recorded=as_recorded)
                applied = Applied(BuildLine(player, done.build), done)
            elif isinstance(line, BoardLine):
                applied = self._board(line, new=new)
            elif isinstance(line, ForumLine):
                applied = self._forum(line)
            elif isinstance(line, BoxLine):
                applied = self._box_line(line)
            elif isinstance(line, PlayerSetUp):
                applied = self._player_setup(line, new=new)
            elif isinstance(line, ForumSetUp):
                applied = self._forum_setup(line)
            else:
                raise LineRefused(None, [Message(N_("malformed record {record!r}"), {"record": line})], line)
        except TurnRefused as exc:
            if all(is_open(p) for p in exc.problems):
                raise ChoiceNeeded(exc.player, exc.problems, line) from None
            raise LineRefused(exc.player, exc.problems, line) from None
        except (BoardRefused, SetUpRefused) as exc:
            raise LineRefused(exc.player, exc.problems, line) from None
        except GameError as exc:
            raise LineRefused(None, [Message(t, p) for t, p in exc.parts], line) from None
        if applied.changed:
            self.lines.append(applied.line)
            play = table.play
            if isinstance(line, (RoundStart, Turn)) and not play.cycle_over and self._scoring_begun is None \
                    and not self.scoring.answers:
                # Mid-cycle no step of the phase ahead can be done (its first asks until round
                # 4 is over): it is run on when it is looked at, or when the cycle ends.
                self._stale = True
            else:
                self._scoring()
                self.scoring.advance(table)
        return applied

    def _scoring_answer(self, line: Answer, *, new: bool) -> Any:
        """The answer to the question open; returns the value as kept."""
        if new:  # a replay knows the whole record from the start (Known)
            self.scoring.known.add(line)
        try:
            value = self._scoring().answer(line, self.table, replay=not new)
        except AnswerRefused as exc:
            raise LineRefused(line.player, [Message(exc.template, exc.params)], line) from None
        if self._scoring_begun is None or line.cycle > self._scoring_begun:
            self._scoring_begun = line.cycle
        return value

    def _as_recorded_before(self, line: Answer) -> Applied:
        """A record kept as an earlier version saved it: a line of play or a build as its
        text (applied as that line), a board as sheet text, a build as what it spent."""
        text = line.value.get("line") if isinstance(line.value, dict) else None
        if line.key == PLAY_RECORD or isinstance(text, str):
            if not isinstance(text, str) or self.parsers.line is None:
                raise GameError(N_("malformed record {record!r}"), record=line.value)
            if line.key != PLAY_RECORD:
                text = f"build {line.player}: {text}"
            try:
                parsed = self.parsers.line(text, self.table.players)
            except Exception as exc:  # noqa: BLE001 - the parser's error: the record is damaged
                problem = self.parsers.problem_of(exc)
                if problem is None:
                    raise
                raise GameError(N_("a record does not read: {problem}"), problem=problem) from None
            return self._apply(parsed, new=False)
        from .tabletop import apply_record

        apply_record(self.table, line, self.rules, self.parsers)
        self.lines.append(line)
        self._scoring()
        self.scoring.advance(self.table)
        return Applied(line)

    def _board(self, line: BoardLine, *, new: bool) -> Applied:
        player = self._player(line.player)
        named = replace(line.sheet, name=player)
        before = self.table.board(player)
        self.table.record(player, named, strict=new)
        kept = BoardLine(player, self.table.board(player))
        return Applied(kept, None, before != self.table.board(player))

    def _forum(self, line: ForumLine) -> Applied:
        resolved, problems = resolve_forum_players(line.forum, self.game.players)
        if problems:
            raise LineRefused(None, [Message(template, {
                "mark": mark, "name": line.forum.players[mark], "players": ", ".join(self.game.players)})
                for mark, template in problems], line)
        if self.table.forum == resolved:
            return Applied(ForumLine(resolved), None, False)
        self.table.record_forum(resolved)
        return Applied(ForumLine(resolved))

    def _set_up_over(self) -> bool:
        """The set-up comes before the first round of cycle I (p. 18)."""
        return (self.table.play.cycle is not None or self._scoring_begun is not None
                or self.table.first_cycle != Cycle.I)

    def _box_line(self, line: BoxLine) -> Applied:
        """A fact of the group's copy: kept unless the record knows it already (then it must
        agree)."""
        from .setup import box_problems, knows_all

        found = box_problems(self.box, line.box, self.rules)
        if found:
            raise SetUpRefused(None, found)
        if knows_all(self.box, line.box):
            return Applied(line, None, False)
        self.box = self.box.merged(line.box)
        return Applied(line)

    def _player_setup(self, line: PlayerSetUp, *, new: bool) -> Applied:
        """A player's board as the rulebook sets it up (p. 19), judged whole."""
        from .setup import player_problems, setup_board

        player = self._player(line.player)
        line = line._replace(player=player)
        found = player_problems(line, self.box, self.rules, started=self._set_up_over(),
                                recorded=self.table.board(player) is not None, workers=self.workers_dealt)
        if found:
            raise SetUpRefused(player, found)
        self.table.record(player, setup_board(line, self.box, self.rules), strict=new)
        self.workers_dealt = {**self.workers_dealt, player: line.worker}
        return Applied(line)

    def _forum_setup(self, line: ForumSetUp) -> Applied:
        """The forum the mosaic faces laid make (p. 18), judged whole."""
        from .setup import forum_problems

        forum, found = forum_problems(line.placements, self.box, len(self.game.players), self.rules,
                                      started=self._set_up_over(), recorded=self.table.forum is not None)
        if found or forum is None:
            raise SetUpRefused(None, found)
        self.table.record_forum(forum)
        return Applied(line)

    def _player(self, name: str) -> str:
        found = player_named(name, self.game.players)
        if found is None:
            raise GameError(N_("{name!r} is not a player of this game ({players})"), name=name,
                            players=", ".join(self.game.players))
        return found

    def _cycle(self):
        """The period a record made now belongs to: the one whose scoring comes next."""
        question = self.question
        if question is None:
            raise GameError(N_("the game is over; its record is complete"))
        return question.cycle

    def _no_turns_while_scoring(self) -> None:
        """A turn of a cycle whose scoring phase has begun is refused: the phase scores the
        boards as the cycle left them (p. 27)."""
        play = self.table.play
        in_play = play.cycle if play.cycle is not None and not play.cycle_over else self._cycle()
        if self._scoring_begun is not None and self._scoring_begun >= in_play:
            raise GameError(N_("the scoring phase of cycle {cycle} has begun: its turns are over; "
                               "finish it with trajan score, or take its answers back with trajan "
                               "game undo"), cycle=in_play.numeral)


#: A state is kept every so many lines, so that undo replays at most that many.
_KEEP_EVERY = 64


def _is_answer(line: Any) -> bool:
    return isinstance(line, Answer) and not is_record(line.key)
