"""What the commands on saved games share: the game named or the one in progress, and
whether a terminal is there to ask in."""

import sys
from typing import Annotated

import typer

from ..core.vocabulary import FORUM_TRAJANUM, TITLES, TRAJAN
from ..i18n import _
from ..parsing.errors import InputError, Problem

GameOption = Annotated[
    str | None,
    typer.Option("--game", "-g", metavar="GAME",
                 help="The saved game to record into (default: the one game in progress)."),
]


#: The commands that score described files instead, for each game.
FILE_COMMANDS = {FORUM_TRAJANUM: "trajan score colonia|cranes|forum FILE",
                 TRAJAN: "trajan classic needs|senate|final SHEET"}


def has_terminal() -> bool:
    return sys.stdin.isatty() and sys.stdout.isatty()


def needs_terminal(what: str, variant: str = FORUM_TRAJANUM) -> None:
    if not has_terminal():
        raise InputError([Problem("<terminal>", None, None, _(
            "{what} asks questions and needs a terminal; to score described files use "
            "'{files}'").format(what=what, files=FILE_COMMANDS[variant]))])


#: The command that walks each game's scoring, as messages quote it.
SCORE_COMMAND = {FORUM_TRAJANUM: "trajan score", TRAJAN: "trajan classic score"}
NEW_GAME = {FORUM_TRAJANUM: "trajan game new GAME --player A --player B",
            TRAJAN: "trajan game new GAME --variant trajan --player A --player B"}


def last_played(name: str | None):
    """The named game, else the one saved last (what a group exports right after its last
    scoring, when no game is in progress any more)."""
    from ..games import store

    if name is not None:
        return store.load(name)
    for entry in store.list_games():  # most recently saved first
        if entry.game is not None:
            return entry.stored
    raise InputError([Problem("<game>", None, None, _("no game saved yet; start one with: trajan game new GAME"))])


def pick_game(name: str | None, variant: str | None = FORUM_TRAJANUM, command: str | None = None):
    """The named game, else the only unfinished one (ask when there are several): a
    ``store.Stored``, the game with the file it is saved in.

    ``variant`` None takes a game of any kind (``game show``, ``game undo``); ``command``
    is what to name in the message when several games are in progress and nobody can be
    asked.
    """
    from ..games import store
    from ..games.snapshot import state_of

    if name is not None:
        stored = store.load(name)
        if variant is not None and stored.game.variant != variant:
            raise InputError([Problem(str(stored.path), None, name, _(
                "this is a {game} game; score it with: {command} --game \"{name}\"").format(
                game=TITLES[stored.game.variant], command=SCORE_COMMAND[stored.game.variant], name=name))])
        return stored
    running = []
    for entry in store.list_games():
        if entry.game is None or variant is not None and entry.game.variant != variant:
            continue
        try:
            if not state_of(entry.stored).finished:
                running.append(entry.stored)
        except InputError:
            continue  # damaged: `trajan game list` says what is wrong with it
    if len(running) == 1:
        return running[0]
    if not running:
        if variant is None:
            raise InputError([Problem("<game>", None, None, _(
                "no game in progress; name one (trajan game list shows them all)"))])
        raise InputError([Problem("<game>", None, None, _(
            "no {game} game in progress; start one with: {command}").format(
            game=TITLES[variant], command=NEW_GAME[variant]))])
    if command is not None and not has_terminal():
        raise InputError([Problem("<game>", None, None, _(
            "several games are in progress ({names}); name one: {command} GAME").format(
            names=", ".join(s.path.stem for s in running), command=command))])
    from ..ui.choose import choose

    names = [s.path.stem for s in running]
    return store.load(names[choose(_("Which game?"), names)])


