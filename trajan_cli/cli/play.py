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


def pick_game(name: str | None, variant: str = FORUM_TRAJANUM):
    """The named game, else the only unfinished one (ask when there are several)."""
    from .. import store
    from ..session import replay

    if name is not None:
        game = store.load_game(name)
        if game.variant != variant:
            raise InputError([Problem(str(store.game_path(name)), None, name, _(
                "this is a {game} game; score it with: {command} --game \"{name}\"").format(
                game=TITLES[game.variant], command=SCORE_COMMAND[game.variant], name=name))])
        return game
    running = [g for g in store.list_games() if g.variant == variant and not replay(g).finished]
    if len(running) == 1:
        return running[0]
    if not running:
        raise InputError([Problem("<game>", None, None, _(
            "no {game} game in progress; start one with: {command}").format(
            game=TITLES[variant], command=NEW_GAME[variant]))])
    import questionary

    chosen = questionary.select(_("Which game?"), choices=[g.name for g in running]).unsafe_ask()
    return store.load_game(chosen)


def run_walk(name: str | None, only_step: Step | None = None, variant: str = FORUM_TRAJANUM) -> None:
    from .. import store
    from ..prompts import QuestionaryPrompter
    from ..session import walk

    command = SCORE_COMMAND[variant]
    game = pick_game(name, variant) if name is not None else None  # a wrong game is said first
    needs_terminal(command, variant)
    game = game or pick_game(None, variant)
    typer.echo(_("Game {name}: {players}").format(name=game.name, players=", ".join(game.players)))
    try:
        result = walk(game, QuestionaryPrompter(echo=typer.echo), None, store.save_game,
                      only_step=only_step)
    except (KeyboardInterrupt, EOFError):
        typer.echo("")
        typer.echo(_("Stopped. Every answer so far is saved; carry on with: {command} --game "
                     "\"{name}\"").format(command=command, name=game.name))
        raise typer.Exit(130) from None
    if result.progress.finished:
        typer.echo(_("The game is over. Export it with: trajan game export \"{name}\" --format csv")
                   .format(name=game.name))
    elif only_step is not None:
        from ..render.standings import period_name, view_of

        position = result.progress.position
        typer.echo(_("Next: {step}, {period} ({command} --game \"{name}\").").format(
            step=view_of(game).step_name(position[1]), period=period_name(game, position[0]),
            command=command, name=game.name))
