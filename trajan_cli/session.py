"""Running the walkthrough: ask, check, save, show what was scored, repeat.

This is the glue between the pure scripts (:mod:`.core.script`, each game's walkthrough), a
:class:`~.ui.prompts.Prompter` and the saved game (:mod:`.store`). Every accepted answer is
saved before the next question is asked, so stopping at any moment loses nothing.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from .core.game import TRAJAN, Game, GameError, Step
from .core.ruleset import Rules
from .core.sheet import PlayerSheet
from .core.script import Kind, Progress, Question, answer_for, progress
from .core.walkthrough import Parsers
from .i18n import _
from .parsing.errors import InputError

if TYPE_CHECKING:  # the prompts load when something is asked, not for `trajan turn`
    from .ui.prompts import Prompter


def problem_of(exc: Exception) -> str | None:
    """A parser's InputError, or a board that does not grow as the rules say, as the lines
    to show; None for any other exception."""
    if isinstance(exc, InputError):
        return "\n".join(str(p) for p in exc.problems)
    from .core.tabletop import BoardRefused

    if isinstance(exc, BoardRefused):
        from .render.board_text import problem_text

        return "\n".join(problem_text(p) for p in exc.problems)
    return None


def default_parsers(rules: Rules) -> Parsers:
    from .parsing.forum import parse_forum
    from .parsing.sheet import parse_sheet

    def check_card(card_id: str, sheet: PlayerSheet) -> tuple[int, int, tuple]:
        from .core.card_solver import check_card as solve

        result = solve(rules.card(card_id), sheet, rules.readings)
        return result.building.times, result.collecting.times, result.building.sets

    return Parsers(sheet=parse_sheet, forum=parse_forum, problem_of=problem_of, check_card=check_card,
                   recorded_sheet=recorded_sheet, line=record_line)


@functools.lru_cache(maxsize=1024)
def record_line(text: str, players: tuple) -> object:
    """A line of the game record as its value; each replay reads every line again, and
    the same text gives the same (immutable) value."""
    from .parsing.notation import parse_line

    return parse_line(text, players)


@functools.lru_cache(maxsize=64)
def recorded_sheet(text: str, file: str) -> PlayerSheet:
    """A sheet kept in a saved game, read as leniently as when it was saved. Each replay (one
    per answer) reads every recorded sheet again: the same text gives the same sheet (sheets
    are immutable), so it is parsed once; a text that fails is parsed again each time."""
    from .parsing.sheet import parse_sheet

    return parse_sheet(text, file, strict=False)


def read_answer_file(path: str) -> str:
    from .parsing.tomlfile import read_text

    return read_text(Path(path).expanduser())


def script_inputs(game: Game, rules: Rules | None = None) -> tuple[Any, Any]:
    """The rules and parsers the game's scoring script works with.

    ``rules`` are the Forum Trajanum rules (loaded when None); a Trajan game brings its own.
    """
    if game.variant == TRAJAN:
        from .core.classic.walkthrough import ClassicParsers
        from .parsing.classic_sheet import parse_classic_sheet
        from .rulesdata import load_classic_rules

        return load_classic_rules(), ClassicParsers(sheet=parse_classic_sheet, problem_of=problem_of)
    if rules is None:
        from .rulesdata import load_rules

        rules = load_rules()
    rules = rules.reading(game.readings)  # the group's house rules, for every step and record
    return rules, default_parsers(rules)


def replay(game: Game, rules: Rules | None = None, where: Path | None = None) -> Progress:
    """Replay a game; a record that does not fit becomes an InputError naming the file.

    Absurd content (nesting without end, numbers of thousands of digits) that a hand-edited
    file may hold is reported the same way: it never escapes as an internal error.
    """
    return Replayed(game, rules, where).progress


class Replayed:
    """A game replayed once, then carried forward answer by answer (core.script.Replay):
    ``of(game)`` feeds only what ``game`` adds to the game last given, and replays from the
    start when it is not such an extension. Errors as :func:`replay` says."""

    def __init__(self, game: Game, rules: Rules | None = None, where: Path | None = None):
        from .core.script import Replay

        self._where = where or Path(f"{game.name}.json")
        self._replay = self._guarded(lambda: Replay(game, *script_inputs(game, rules)))
        self.progress = self._replay.progress

    def of(self, game: Game) -> Progress:
        self.progress = self._guarded(lambda: self._replay.extend(game))
        return self.progress

    def _guarded(self, run):
        try:
            return run()
        except (GameError, RecursionError, ValueError) as exc:
            from .store import damaged

            raise damaged(self._where, exc) from None


def store_saver(path: Path, rules: Rules | None = None) -> Callable[[Game], Game]:
    """Saves the walkthrough's answers into the game file at ``path``, one locked update each.

    It is given the game with one answer more than the walkthrough last read, and returns
    the game as saved. When the file no longer holds the game the walkthrough read (another
    window answered, took back or recorded something), the answer still goes on top of what
    is saved now when that game asks the very same question (:func:`carried_over`);
    otherwise nothing is saved and ``store.GameChanged`` carries the game as it is now.
    """
    from . import store

    def save(game: Game) -> Game:
        before = game.without_last_answer()
        answer = game.answers[-1]

        def change(current: Game) -> Game:
            if store.same_game(current, before):
                return game
            carried = carried_over(before, current, answer, rules, path)
            if carried is None:
                raise store.GameChanged(current)
            return current.with_answer(carried)

        return store.update(path, change)

    return save


def carried_over(before: Game, current: Game, answer, rules: Rules | None = None,
                 where: Path | None = None):
    """``answer``, given to the question ``before`` asked, as an answer to the question
    ``current`` asks, or None when it is no answer to it. It is when the question is the
    same, showing the same (another window recorded on someone else's board, say) and the
    answer still fits; for a board looked over in the editor while another window recorded
    on that very board, the edit is merged with what was recorded (core.merge), when
    nothing conflicts."""
    try:
        asked = replay(before, rules, where).question
        now = replay(current, rules, where).question
    except InputError:
        return None
    if asked is None or now is None:
        return None
    value = answer.value
    if shown(asked) != shown(now):
        if asked.kind is not Kind.BOARD or shown(asked)[:-3] != shown(now)[:-3] or asked.default is None:
            return None
        value = _merged_board(asked, now, value, script_inputs(current, rules)[1])
        if value is False:
            return None
    value, problem = now.validate(value)
    return None if problem is not None else answer._replace(value=value)


def _merged_board(asked: Question, now: Question, value, parsers):
    """The board edited in answer to ``asked`` merged with the board ``now`` shows as
    recorded: the answer to ``now`` (None: keep it as recorded), or False on a conflict."""
    from .core import merge

    try:
        if asked.player is None:
            from .render.toml_text import forum_toml

            mine = asked.default if value is None else parsers.forum(value["text"], "<forum>")
            merged, conflicts = merge.merge_forums(asked.default, mine, now.default)
            text = None if merged == now.default else forum_toml(merged)
        else:
            from .render.toml_text import sheet_toml

            mine = asked.default if value is None else parsers.sheet(value["text"], "<board>")
            merged, conflicts = merge.merge_sheets(asked.default, mine, now.default)
            text = None if merged == now.default else sheet_toml(merged)
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


@dataclass
class Walk:
    game: Game
    progress: Progress


def walk(
    game: Game,
    prompter: Prompter,
    rules: Rules | None,
    save: Callable[[Game], object],
    *,
    only_step: Step | None = None,
    one_phase: bool = False,
    read_file: Callable[[str], str] = read_answer_file,
    where: Path | None = None,
) -> Walk:
    """Ask until the game is over, or with ``one_phase`` until the scoring phase it starts in
    is done, or with ``only_step`` until that step is done.

    ``rules`` are the Forum Trajanum rules (None: load them); a Trajan game brings its own.
    ``save`` gets the game with each new answer and may return the game as saved (the answer
    on top of another window's changes); it may raise ``store.GameChanged`` (the game
    changed elsewhere: the walk goes on from the game as it is now) or an InputError (not
    saved: the walk says so and stops with that error). The game is replayed once; each
    answer then only carries the replay forward.
    """
    from .render.standings import event_line, standings_table
    from .store import GameChanged

    replayed = Replayed(game, rules, where)
    current = replayed.progress
    start = current.position
    while not current.finished:
        question = current.question
        if only_step is not None and (question.step is not only_step or question.cycle != start[0]):
            break
        if one_phase and question.cycle != start[0]:
            break
        value = _ask_until_valid(question, prompter, read_file)
        answered = game.with_answer(answer_for(question, value))
        try:
            saved = save(answered)
        except GameChanged as changed:
            prompter.say(_("Not saved: the game was changed in another window meanwhile (an answer "
                           "given or taken back there); going on from the game as it is saved now."))
            game = changed.current
            current = replayed.of(game)
            continue
        except InputError:
            prompter.say(_("Your last answer was not saved; every answer before it is."))
            raise
        game = saved if isinstance(saved, Game) else answered
        after = replayed.of(game)
        for event in after.events[len(current.events):]:
            prompter.say(event_line(event))
        done = completed_steps(question, after)
        if done:  # one answer can finish several steps (a sheet file scores cranes and colonia)
            prompter.say(standings_table(game, after, highlight=(question.cycle, done[-1]), steps=done))
        current = after
    return Walk(game, current)


def completed_steps(question: Question, after: Progress) -> list:
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


def _ask_until_valid(question: Question, prompter: Prompter, read_file: Callable[[str], str]):
    """Ask until the answer fits. A prompter with a ``refused(question, reason)`` method hears
    of each answer that does not (answers given ahead make that an error)."""
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
