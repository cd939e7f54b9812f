"""The `trajan` command: a thin Typer layer over the library.

Each command group lives in its own module and imports the core lazily, so a command
costs little more than importing typer. Errors in the player's input become one line
per problem on stderr and exit status 2 (``main``).
"""

from __future__ import annotations

import os
import sys
from typing import Annotated

import typer

from .. import __version__
from . import classic, demo, game, score, show

app = typer.Typer(
    name="trajan",
    help="Scoring assistant and rules referee for Forum Trajanum (and Trajan, 2011) at a real table.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)
app.add_typer(score.app, name="score")
app.add_typer(show.app, name="show")
app.add_typer(game.app, name="game")
app.add_typer(classic.app, name="classic")
app.command("demo")(demo.demo)


def _version(value: bool) -> None:
    if value:
        typer.echo(f"trajan {__version__}")
        raise typer.Exit()


@app.callback()
def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Scoring assistant and rules referee for Forum Trajanum (and Trajan, 2011) at a real table."""


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; the one place where errors become messages and exit codes."""
    from ..parsing.errors import InputError

    try:
        app(args=argv, prog_name="trajan")
    except InputError as exc:
        for problem in exc.problems:
            typer.echo(str(problem), err=True)
        sys.exit(2)
    except Exception as exc:  # a bug of ours: one clean line, the traceback only on request
        if os.environ.get("TRAJAN_DEBUG"):
            raise
        typer.echo(f"trajan: internal error ({type(exc).__name__}: {exc}); "
                   "set TRAJAN_DEBUG=1 to see the details and please report it", err=True)
        sys.exit(70)
