"""Running the walkthrough from the command line: pick the game, ask, stop cleanly."""

import sys
from typing import Annotated

import typer

from ..core.vocabulary import FORUM_TRAJANUM, TITLES, TRAJAN, Step
from ..i18n import _
from ..parsing.errors import InputError, Problem

GameOption = Annotated[
    str | None,
    typer.Option("--game", "-g", metavar="NAME",
                 help="The saved game to record into (default: the one game in progress)."),
]


#: The commands that score described files instead, for each game.
FILE_COMMANDS = {FORUM_TRAJANUM: "trajan score colonia|cranes|forum FILE",
                 TRAJAN: "trajan classic needs|senate|final SHEET"}


def needs_terminal(what: str, variant: str = FORUM_TRAJANUM) -> None:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise InputError([Problem("<terminal>", None, None, _(
            "{what} asks questions and needs a terminal; to score described files use "
            "'{files}'").format(what=what, files=FILE_COMMANDS[variant]))])


#: The command that walks each game's scoring, as messages quote it.
SCORE_COMMAND = {FORUM_TRAJANUM: "trajan score", TRAJAN: "trajan classic score"}
NEW_GAME = {FORUM_TRAJANUM: "trajan game new NAME --player A --player B",
            TRAJAN: "trajan game new NAME --variant trajan --player A --player B"}


def pick_game(name: str | None, variant: str | None = FORUM_TRAJANUM, command: str | None = None):
    """The named game, else the only unfinished one (ask when there are several): a
    ``store.Stored``, the game with the file it is saved in.

    ``variant`` None takes a game of any kind (``game show``, ``game undo``); ``command``
    is what to name in the message when several games are in progress and nobody can be
    asked.
    """
    from .. import store
    from ..session import replay

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
            if not replay(entry.game, where=entry.path).finished:
                running.append(store.Stored(entry.path, entry.game))
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
    if command is not None and not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise InputError([Problem("<game>", None, None, _(
            "several games are in progress ({names}); name one: {command} NAME").format(
            names=", ".join(s.path.stem for s in running), command=command))])
    import questionary

    chosen = questionary.select(_("Which game?"), choices=[s.path.stem for s in running]).unsafe_ask()
    return store.load(chosen)


def run_walk(name: str | None, only_step: Step | None = None, variant: str = FORUM_TRAJANUM) -> None:
    from ..prompts import QuestionaryPrompter
    from ..session import store_saver, walk

    command = SCORE_COMMAND[variant]
    stored = pick_game(name, variant) if name is not None else None  # a wrong game is said first
    needs_terminal(command, variant)
    stored = stored or pick_game(None, variant)
    game, path = stored.game, stored.path
    name = path.stem
    typer.echo(_("Game {name}: {players}").format(name=name, players=", ".join(game.players)))
    try:
        result = walk(game, QuestionaryPrompter(echo=typer.echo), None, store_saver(path),
                      only_step=only_step, one_phase=True, where=path)
    except (KeyboardInterrupt, EOFError):
        typer.echo("")
        typer.echo(_("Stopped. Every answer so far is saved; carry on with: {command} --game "
                     "\"{name}\"").format(command=command, name=name))
        raise typer.Exit(130) from None
    from ..render.standings import period_name, view_of

    position = result.progress.position
    if result.progress.finished:
        typer.echo(_("The game is over. Export it with: trajan game export \"{name}\" --format csv")
                   .format(name=name))
    elif only_step is not None:
        typer.echo(_("Next: {step}, {period} ({command} --game \"{name}\").").format(
            step=view_of(game).step_name(position[1]), period=period_name(game, position[0]),
            command=command, name=name))
    else:  # one scoring phase per run: the next one starts when the table gets there
        period = period_name(game, position[0])
        period = period[:1].upper() + period[1:]
        if variant == TRAJAN:
            typer.echo(_("This quarter end is scored. {period} comes next: run {command} --game "
                         "\"{name}\" when it ends.").format(period=period, command=command, name=name))
        else:
            typer.echo(_("This scoring phase is done. {period} comes next: run {command} --game "
                         "\"{name}\" after its round 4.").format(period=period, command=command, name=name))
