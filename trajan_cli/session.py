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
from typing import Any

from .core.game import TRAJAN, Game, GameError, Step
from .core.ruleset import Rules
from .core.sheet import PlayerSheet
from .core.script import Kind, Progress, Question, answer_for, progress
from .core.walkthrough import Parsers
from .i18n import _
from .parsing.errors import InputError
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
                   recorded_sheet=recorded_sheet)


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
    try:
        return progress(game, *script_inputs(game, rules))
    except (GameError, RecursionError, ValueError) as exc:
        from .store import damaged

        raise damaged(where or Path(f"{game.name}.json"), exc) from None


def store_saver(path: Path) -> Callable[[Game], Game]:
    """Saves the walkthrough's answers into the game file at ``path``, one locked update each.

    It is given the game with one answer more than the walkthrough last read; when the
    file no longer holds that game (another window added or took back an answer), it saves
    nothing and raises ``store.GameChanged`` with the game as it is now.
    """
    from . import store

    def save(game: Game) -> Game:
        before = game.without_last_answer()

        def change(current: Game) -> Game:
            if not store.same_game(current, before):
                raise store.GameChanged(current)
            return game

        return store.update(path, change)

    return save


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
    ``save`` gets the game with each new answer; it may raise ``store.GameChanged`` (the
    game changed elsewhere: the walk goes on from the game as it is now) or an InputError
    (not saved: the walk says so and stops with that error).
    """
    from .render.standings import event_line, standings_table
    from .store import GameChanged

    current = replay(game, rules, where)
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
            save(answered)
        except GameChanged as changed:
            prompter.say(_("Not saved: the game was changed in another window meanwhile (an answer "
                           "given or taken back there); going on from the game as it is saved now."))
            game = changed.current
            current = replay(game, rules, where)
            continue
        except InputError:
            prompter.say(_("Your last answer was not saved; every answer before it is."))
            raise
        game = answered
        after = replay(game, rules, where)
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
    while True:
        raw = prompter.ask(question)
        if question.kind is Kind.FILE:
            try:
                raw = {"path": str(raw), "text": read_file(str(raw))}
            except InputError as exc:
                prompter.say("\n".join(str(p) for p in exc.problems))
                continue
        value, problem = question.validate(raw)
        if problem is None:
            return value
        prompter.say(_("Not accepted: {problem}").format(problem=problem.show()))
