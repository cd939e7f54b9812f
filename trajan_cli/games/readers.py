"""The readers the core is given (core.ports): the parsers of the files players type and
of the record's lines, the rules of a game's variant with its house rules, and the words
of a refused line. Where the games package is wired together, and the one module of it
that reaches render (for words): the others keep problems as values."""

from __future__ import annotations

import functools
from typing import Any

from ..core.game import TRAJAN, Game
from ..core.ports import ClassicParsers, Parsers
from ..core.ruleset import Rules
from ..core.sheet import PlayerSheet
from ..parsing.errors import InputError


def problem_of(exc: Exception) -> str | None:
    """A parser's InputError, or a board that does not grow as the rules say, as the lines
    to show; None for any other exception."""
    if isinstance(exc, InputError):
        return "\n".join(str(p) for p in exc.problems)
    from ..core.tabletop import BoardRefused

    if isinstance(exc, BoardRefused):
        from ..render.board_text import problem_text

        return "\n".join(problem_text(p) for p in exc.problems)
    return None


def problem_words(problem: Any) -> str:
    """One problem of a refused line (core.state.LineRefused) in the player's words: a
    damaged record is said with them. This module wires the readers and the words into the
    core and the games package: the one place that package reaches render."""
    from ..render.problems import problem_words as words

    return words(problem)


def default_parsers(rules: Rules) -> Parsers:
    from ..parsing.forum import parse_forum
    from ..parsing.sheet import parse_sheet

    def check_card(card_id: str, sheet: PlayerSheet) -> tuple[int, int, tuple]:
        from ..core.card_solver import check_card as solve

        result = solve(rules.card(card_id), sheet, rules.readings)
        return result.building.times, result.collecting.times, result.building.sets

    return Parsers(sheet=parse_sheet, forum=parse_forum, problem_of=problem_of, check_card=check_card,
                   recorded_sheet=recorded_sheet, line=record_line)


@functools.lru_cache(maxsize=1024)
def record_line(text: str, players: tuple) -> object:
    """A line of the game record (as an earlier version kept it: text) as its value."""
    from ..parsing.notation import parse_line

    return parse_line(text, players)


@functools.lru_cache(maxsize=64)
def recorded_sheet(text: str, file: str) -> PlayerSheet:
    """A sheet kept in a saved game, read as leniently as when it was saved; the same text
    gives the same (immutable) sheet, so it is parsed once."""
    from ..parsing.sheet import parse_sheet

    return parse_sheet(text, file, strict=False)


def script_inputs(game: Game, rules: Rules | None = None) -> tuple[Any, Any]:
    """The rules and parsers a game's variant is judged and scored with.

    ``rules`` are the Forum Trajanum rules (loaded when None); a Trajan game brings its own.
    """
    if game.variant == TRAJAN:
        from ..parsing.classic_sheet import parse_classic_sheet
        from ..rulesdata import load_classic_rules

        classic = load_classic_rules()._replace(readings=game.readings)  # the group's house rules
        return classic, ClassicParsers(sheet=parse_classic_sheet, problem_of=problem_of)
    if rules is None:
        from ..rulesdata import load_rules

        rules = load_rules()
    rules = rules.reading(game.readings)  # the group's house rules, for every step and record
    return rules, default_parsers(rules)
