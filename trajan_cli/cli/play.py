"""Running the walkthrough from the command line: pick the game, ask, stop cleanly."""

import sys
from typing import Annotated

import typer

from ..core.vocabulary import Step
from ..i18n import _
from ..parsing.errors import InputError, Problem

GameOption = Annotated[
    str | None,
    typer.Option("--game", "-g", metavar="NAME",
                 help="The saved game to record into (default: the one game in progress)."),
]


def needs_terminal(what: str) -> None:
    if not (sys.stdin.isatty() and sys.stdout.isatty()):
        raise InputError([Problem("<terminal>", None, None, _(
            "{what} asks questions and needs a terminal; to score described files use "
            "'trajan score colonia|cranes|forum FILE'").format(what=what))])


def pick_game(name: str | None):
    """The named game, else the only unfinished one (ask when there are several)."""
    from .. import store
    from ..rulesdata import load_rules
    from ..session import replay

    if name is not None:
        return store.load_game(name)
    rules = load_rules()
    running = [g for g in store.list_games() if not replay(g, rules).finished]
    if len(running) == 1:
        return running[0]
    if not running:
        raise InputError([Problem("<game>", None, None, _(
            "no game in progress; start one with: trajan game new NAME --player A --player B"))])
    import questionary

    chosen = questionary.select(_("Which game?"), choices=[g.name for g in running]).unsafe_ask()
    return store.load_game(chosen)


def run_walk(name: str | None, only_step: Step | None = None) -> None:
    from .. import store
    from ..prompts import QuestionaryPrompter
    from ..rulesdata import load_rules
    from ..session import walk

    needs_terminal("trajan score")
    game = pick_game(name)
    typer.echo(_("Game {name}: {players}").format(name=game.name, players=", ".join(game.players)))
    try:
        result = walk(game, QuestionaryPrompter(echo=typer.echo), load_rules(), store.save_game,
                      only_step=only_step)
    except (KeyboardInterrupt, EOFError):
        typer.echo("")
        typer.echo(_("Stopped. Every answer so far is saved; carry on with: trajan score --game "
                     "\"{name}\"").format(name=game.name))
        raise typer.Exit(130) from None
    if result.progress.finished:
        typer.echo(_("The game is over. Export it with: trajan game export \"{name}\" --format csv")
                   .format(name=game.name))
    elif only_step is not None:
        position = result.progress.position
        typer.echo(_("Next: {step} in cycle {cycle} (trajan score --game \"{name}\").").format(
            step=position[1].value, cycle=position[0].numeral, name=game.name))
