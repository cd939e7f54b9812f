"""The `trajan` command: a thin Typer layer over the library.

Each command group lives in its own module and imports the core lazily. ``main`` builds
only the group that is being run (typer otherwise inspects every command of every group
on each start), so a command costs little more than importing typer. Errors in the
player's input become one line per problem on stderr and exit status 2.
"""

import importlib
import os
import sys
from typing import Annotated

import typer

from .. import __version__

#: Command groups: name -> module; each module has a Typer ``app``. Order = help order.
GROUPS = {
    "score": "score",
    "game": "game",
    "card": "card",
    "check": "check",
    "show": "show",
}
#: Single commands: name -> (module, function).
COMMANDS = {"demo": ("demo", "demo")}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"trajan {__version__}")
        raise typer.Exit()


def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
) -> None:
    """Scoring assistant and rules referee for Forum Trajanum at a real table."""


def build_app(only: str | None = None) -> typer.Typer:
    """The command tree: every group, or just ``only`` (a group or command name)."""
    app = typer.Typer(
        name="trajan",
        help="Scoring assistant and rules referee for Forum Trajanum at a real table.",
        no_args_is_help=True,
        add_completion=False,
        pretty_exceptions_enable=False,
        rich_markup_mode=None,
    )
    app.callback()(root)
    for name, module in GROUPS.items():
        if only in (None, name):
            group = importlib.import_module(f".{module}", __name__).app
            for info in group.registered_commands:
                info.short_help = info.short_help or _short_help(info.help or info.callback.__doc__)
            app.add_typer(group, name=name, short_help=_short_help(group.info.help))
    for name, (module, function) in COMMANDS.items():
        if only in (None, name):
            callback = getattr(importlib.import_module(f".{module}", __name__), function)
            app.command(name, short_help=_short_help(callback.__doc__))(callback)
    return app


def _short_help(text: object) -> str | None:
    """The first line of a help text. Click would cut it at "p." of a page reference."""
    if not isinstance(text, str) or not text.strip():
        return None
    return text.strip().splitlines()[0].rstrip(".")


def _invoked(argv: list[str]) -> str | None:
    """The group or command named on the command line, if any (else: build them all)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in GROUPS or word in COMMANDS else None
    return None


def __getattr__(name: str):
    if name == "app":  # the whole tree, for tools and tests that want the Typer object
        return build_app()
    raise AttributeError(name)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; the one place where errors become messages and exit codes."""
    from ..parsing.errors import InputError

    args = sys.argv[1:] if argv is None else argv
    try:
        build_app(_invoked(args))(args=args, prog_name="trajan")
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
