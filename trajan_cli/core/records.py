"""The shape of each record a game keeps among its answers, checked when a game is loaded.

A game file may have been edited by hand. Its answers are checked against the questions
when the game is replayed; the records (boards, builds) are applied to the table there
too, but a record of the wrong shape (a board record holding ``{}``, a build on ``Z9``)
must be refused before anything reads it: the game is then listed as damaged with the
reason, and every other game stays usable.

One check per record key, in :data:`SHAPES`. A new kind of record registers its own:

    @shape("turn.something")
    def _turn(value, player, players):
        return None if ... else (N_("what is wrong"), {})

A check gets the record's value, its player and the game's players, and returns what is
wrong (an English template and its parameters) or None. Checks are cheap and import
nothing heavy: every command that loads a game runs them.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any

from .vocabulary import Citizen, Colour

Problem = tuple[str, dict] | None
#: record key -> the check of its shape.
SHAPES: dict[str, Callable[[Any, str | None, Sequence[str]], Problem]] = {}

# The keys of the records (the table applies them, core/tabletop.py).
SHEET_RECORD, FORUM_RECORD, BUILD_RECORD = "board.sheet", "board.forum", "board.build"
#: A line of the game record: a round's street cards or a player's turn, kept as its
#: notation ({"line": "Ann: take C3 D3; use own: coin"}, docs/notation.md).
PLAY_RECORD = "play.line"
#: The longest line of the game record a file may hold (a turn is a few dozen characters).
LONGEST_LINE = 2000

#: A colonia space: A-F and 1-6.
COLONIA_CELL = re.compile(r"[A-Fa-f][1-6]")
#: A forum square: column letters and a row number (forums may be wide).
FORUM_CELL = re.compile(r"[A-Za-z]{1,3}[1-9][0-9]{0,3}")
#: What a build can spend or gain (core/referee/payment.py's Resource values).
RESOURCES = frozenset({"builder", "assistant", "coin", "tribune", *(f"worker:{c.value}" for c in Colour)})
#: The most of one resource a record may name (a supply count is at most 999).
MOST = 999


def N_(text: str) -> str:
    return text


def shape(key: str):
    """Register the shape check of the records of ``key``."""

    def register(check):
        SHAPES[key] = check
        return check

    return register


def is_record(key: str) -> bool:
    return key in SHAPES


def record_problems(answers: Sequence[Any], players: Sequence[str]) -> list[tuple[str, dict]]:
    """Every record of the wrong shape among ``answers`` (Answer tuples), numbered from 1."""
    from .game import Message

    problems = []
    for n, answer in enumerate(answers, start=1):
        check = SHAPES.get(answer.key)
        if check is None:
            continue
        found = check(answer.value, answer.player, players)
        if found is not None:
            template, params = found
            problems.append((N_("record {n} ({key}): {problem}"),
                             {"n": n, "key": answer.key, "problem": Message(template, params)}))
    return problems


def _text_of_board(value: Any) -> bool:
    return isinstance(value, dict) and isinstance(value.get("text"), str)


@shape(SHEET_RECORD)
def _sheet(value: Any, player: str | None, players: Sequence[str]) -> Problem:
    if player not in players:
        return N_("a board for {player!r}, who does not play"), {"player": player}
    if not _text_of_board(value):
        return N_("it holds no board text ({{\"text\": ...}})"), {}
    return None


@shape(FORUM_RECORD)
def _forum(value: Any, player: str | None, players: Sequence[str]) -> Problem:
    if player is not None:
        return N_("the forum belongs to no player"), {}
    if not _text_of_board(value):
        return N_("it holds no board text ({{\"text\": ...}})"), {}
    return None


def _counts(value: Any) -> bool:
    return isinstance(value, dict) and all(
        k in RESOURCES and type(n) is int and 0 <= n <= MOST for k, n in value.items())


def _names(value: Any, pattern: re.Pattern, most: int) -> bool:
    return (isinstance(value, list) and len(value) <= most
            and all(isinstance(v, str) and pattern.fullmatch(v) for v in value))


def _line(value: Any) -> Problem:
    line = value.get("line")
    if not isinstance(line, str) or not line.strip() or len(line) > LONGEST_LINE:
        return N_("it holds no line of the game record ({{\"line\": ...}})"), {}
    return None


@shape(PLAY_RECORD)
def _play(value: Any, player: str | None, players: Sequence[str]) -> Problem:
    if not isinstance(value, dict):
        return N_("it holds no line of the game record ({{\"line\": ...}})"), {}
    return _line(value)


@shape(BUILD_RECORD)
def _build(value: Any, player: str | None, players: Sequence[str]) -> Problem:
    if isinstance(value, dict) and "line" in value:  # a build kept as a line of the record
        return _line(value)
    if player not in players:
        return N_("a build for {player!r}, who does not play"), {"player": player}
    if not isinstance(value, dict) or not isinstance(value.get("tile"), str) or len(value["tile"]) > 40:
        return N_("it names no tile"), {}
    cells = value.get("cells")
    if not _names(cells, COLONIA_CELL, 2) or not cells:
        return N_("its spaces {cells} are not one or two colonia spaces (A1 to F6)"), {"cells": _short(cells)}
    if not _counts(value.get("spent")) or not _counts(value.get("gained", {})):
        return N_("what it spends or gains is not a count of resources ({known})"), {
            "known": ", ".join(sorted(RESOURCES))}
    if not _names(value.get("envoys", []), FORUM_CELL, 2):
        return N_("its envoys {cells} are not forum squares"), {"cells": _short(value.get("envoys"))}
    citizens = value.get("citizens", [])
    known = {c.value for c in Citizen}
    if not isinstance(citizens, list) or any(not isinstance(c, str) or c not in known for c in citizens):
        return N_("its citizens {citizens} are not citizens ({known})"), {
            "citizens": _short(citizens), "known": ", ".join(c.value for c in Citizen)}
    return None


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:40] + "..."
