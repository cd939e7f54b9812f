"""The scoring walk: ask the open question, check the answer, record it, show what was
scored, repeat.

This is the glue between a game's state (``core.state.GameState``), a
:class:`~trajan_cli.ui.prompts.Prompter` and the saved game (:mod:`.store`). Every accepted
answer is recorded before the next question is asked, so stopping at any moment loses
nothing.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from ..core.game import Answer, Game, Step
from ..core.scoring_phase.questions import Kind, Question
from ..i18n import _
from ..parsing.errors import InputError

if TYPE_CHECKING:
    from ..core.scoring_phase.bar import BarFact
    from ..core.state import GameState


class Prompter(Protocol):
    """Who the walk asks: the terminal (ui.prompts), answers given ahead (ui.ahead), a test's
    script. It may also have ``scored(question, state, events, steps)``, to show what an
    answer scored, and ``refused(question, reason)``, to hear of an answer not accepted."""

    def ask(self, question: Question) -> Any:
        """A raw answer; FILE questions answer with a path string."""

    def say(self, text: str) -> None:
        """Show a line to the table."""

#: Records an answer to the state it answers and returns the state as saved (with what
#: other windows recorded meanwhile); may raise store.GameChanged or InputError.
Saver = Callable[[Answer, "GameState"], "GameState"]


def read_answer_file(path: str) -> str:
    from ..parsing.tomlfile import read_text

    return read_text(Path(path).expanduser())


def replayed(game: Game, rules: Any = None, where: Path | None = None) -> GameState:
    """``game``'s record replayed; a line that does not fit is an InputError naming the file
    (``where``)."""
    from .store import Stored, replay

    return replay(Stored(where or Path(f"{game.name}.txt"), game), rules)


def in_memory(answer: Answer, state: GameState) -> GameState:
    """A saver that keeps the answers in the state only (a demo, a test)."""
    state.apply(answer)
    return state


def store_saver(path: Path, rules: Any = None) -> Saver:
    """Records the walk's answers into the game file at ``path``, one locked change each.

    When the file no longer holds the game the walk read (another window answered, took
    back or recorded something), the answer still goes on top of what is saved now when
    that game asks the very same question (:func:`carried_over`); otherwise nothing is
    saved and ``store.GameChanged`` carries the game as it is now."""
    from . import store

    def save(answer: Answer, state: GameState) -> GameState:
        asked = state.question

        def work(stored: store.Stored, current: GameState) -> list:
            if current.lines == state.lines:
                applied = current.apply(answer)
                return [applied.line]
            carried = carried_over(asked, current, answer)
            if carried is None:
                raise store.GameChanged(stored, current)
            return [current.apply(carried).line]

        return store.change(path, work, rules=rules).state

    return save


def carried_over(asked: Question | None, current: GameState, answer: Answer) -> Answer | None:
    """``answer``, given to the question ``asked``, as an answer to the question ``current``
    asks, or None when it is no answer to it. It is when the question is the same, showing
    the same (another window recorded on someone else's board, say) and the answer still
    fits; for a board looked over in the editor while another window recorded on that very
    board, the edit is merged with what was recorded (core.merge), when nothing conflicts."""
    now = current.question
    if asked is None or now is None:
        return None
    value = answer.value
    if shown(asked) != shown(now):
        if asked.kind is not Kind.BOARD or shown(asked)[:-3] != shown(now)[:-3] or asked.default is None:
            return None
        value = _merged_board(asked, now, value, current.parsers)
        if value is False:
            return None
    value, problem = now.validate(value)
    return None if problem is not None else answer._replace(value=value)


def _merged_board(asked: Question, now: Question, value, parsers):
    """The board edited in answer to ``asked`` merged with the board ``now`` shows as
    recorded: the answer to ``now`` (None: keep it as recorded), or False on a conflict."""
    from ..core import merge

    try:
        if asked.player is None:
            from ..parsing.toml_text import forum_toml

            mine = asked.default if value is None else parsers.forum(value["text"], "<forum>")
            merged, conflicts = merge.merge_forums(asked.default, mine, now.default)
            text = None if merged == now.default else forum_toml(merged)
        else:
            from ..parsing.toml_text import sheet_toml

            board = asked.default if value is None else parsers.sheet(value["text"], "<board>")
            merged_board, conflicts = merge.merge_sheets(asked.default, board, now.default)
            text = None if merged_board == now.default else sheet_toml(merged_board)
    except (InputError, ValueError, KeyError, TypeError):
        return False
    if conflicts:
        return False
    return None if text is None else {"text": text}


def shown(question: Question) -> tuple:
    """What a question shows and takes (its checks are functions, never equal); the last
    three are its default and range."""
    return (question.key, question.kind, question.step, question.cycle, question.player, question.text,
            dict(question.params), question.options, question.default, question.minimum, question.maximum)


class Walk(NamedTuple):
    game: Game  # the record as saved
    state: GameState


#: Hears what a player read off their slide bar that the game's box could not give
#: (core.scoring_phase.bar.BarFact), once the answer is saved: where the group's box learns it.
Learner = Callable[["BarFact"], None]


def walk(start: Game | GameState, prompter: Prompter, save: Saver = in_memory, *, rules: Any = None,
         only_step: Step | None = None, one_phase: bool = False,
         read_file: Callable[[str], str] = read_answer_file, learn: Learner | None = None) -> Walk:
    """Ask until the game is over, or with ``one_phase`` until the scoring phase it starts in
    is done, or with ``only_step`` until that step is done. ``start`` is the game's state, or
    its record (replayed with ``rules``: None, the rulebook's). After each answer the
    prompter's ``scored(question, state, events, steps)``, when it has one, shows what the
    answer scored and the steps it completed.

    ``save`` records each answer (see :data:`Saver`; by default in the state only); when it
    raises ``store.GameChanged`` (the game changed elsewhere) the walk goes on from the game
    as it is now; an InputError (not saved) is said and ends the walk.

    A question the game knows the answer to (read off the box) is not asked: its answer is
    recorded as it reads, unless the prompter holds one given ahead (``holds(question)``).
    ``learn`` hears each value read off a slide bar that the box could not give."""
    from .store import GameChanged

    scored = getattr(prompter, "scored", None)  # what the table is shown after each answer

    current = replayed(start, rules) if isinstance(start, Game) else start
    position = current.position
    while not current.finished:
        question = current.question
        assert question is not None  # a game not finished asks its next question
        if only_step is not None and (question.step is not only_step or question.cycle != position[0]):
            break
        if one_phase and question.cycle != position[0]:
            break
        value = _ask_until_valid(question, prompter, read_file)
        before = list(current.events)
        try:
            after = save(question.answer(value), current)
        except GameChanged as changed:
            prompter.say(_("Not saved: the game was changed in another window meanwhile (an answer "
                           "given or taken back there); going on from the game as it is saved now."))
            current = changed.state
            continue
        except InputError:
            prompter.say(_("Your last answer was not saved; every answer before it is."))
            raise
        if scored is not None:
            scored(question, after, after.events[len(before):], completed_steps(question, after))
        if learn is not None and not question.known:
            fact = typed_bar_fact(question, value, after)
            if fact is not None:
                learn(fact)
        current = after
    return Walk(current.record, current)


def completed_steps(question: Question, after: GameState) -> list:
    """The steps of ``question``'s scoring phase that every player has now answered.

    A step is complete when the next question lies beyond it; steps this phase does not
    have (no Trajan card in cycle I of the introductory game) are left out.
    """
    steps = list(type(question.step))
    first = steps.index(question.step)
    if after.finished or after.position[0] != question.cycle:
        end = len(steps)
    else:
        end = steps.index(after.position[1])
    present = {e.step for e in after.events if e.cycle == question.cycle}
    return [step for step in steps[first:end] if step in present]


def typed_bar_fact(question: Question, value: Any, state: GameState) -> BarFact | None:
    """What ``value``, the answer to ``question`` recorded in ``state``, says of the group's
    copy: a value read off a slide bar the game knows but its box does not."""
    from ..core.scoring_phase.bar import bar_fact
    from ..core.vocabulary import Cycle

    size = question.params.get("area")
    if not isinstance(question.cycle, Cycle):
        return None  # Trajan (2011) has no slide bar
    return bar_fact(state.table, question.cycle, question.player, question.key,
                    size if isinstance(size, int) else None, value)


def _ask_until_valid(question: Question, prompter: Prompter, read_file: Callable[[str], str]):
    """Ask until the answer fits. A prompter with a ``refused(question, reason)`` method hears
    of each answer that does not (answers given ahead make that an error). A question the
    game knows the answer to is answered with it, unless the prompter holds one given ahead."""
    if question.known and not getattr(prompter, "holds", lambda _question: False)(question):
        return question.default
    refused = getattr(prompter, "refused", lambda _question, _reason: None)
    while True:
        raw = prompter.ask(question)
        if question.kind is Kind.FILE:
            try:
                raw = {"path": str(raw), "text": read_file(str(raw))}
            except InputError as exc:
                reason = "\n".join(str(p) for p in exc.problems)
                refused(question, reason)
                prompter.say(reason)
                continue
        value, problem = question.validate(raw)
        if problem is None:
            return value
        refused(question, problem.show())
        prompter.say(_("Not accepted: {problem}").format(problem=problem.show()))
