"""The `trajan` command: a thin Typer layer over the library.

Each command group lives in its own module and imports the core lazily. ``main`` builds
only the group that is being run (typer otherwise inspects every command of every group
on each start), so a command costs little more than importing typer. Errors in the
player's input, and the command-line errors Click finds (cli/usage.py), become one message
per problem on stderr, wrapped at the terminal's width, and exit status 2.
"""

import importlib
import os
import sys
from typing import Annotated

import typer
from typer._click import exceptions as click_errors  # loaded with typer already

from .. import __version__
from ..i18n import LANGUAGES, resolve_language, set_language

#: Command groups: name -> module; each module has a Typer ``app``. Order = help order.
GROUPS = {
    "score": "score",
    "game": "game",
    "board": "board",
    "card": "card",
    "check": "check",
    "show": "show",
    "classic": "classic",
    "box": "box",
}
#: Single commands: name -> (module, function).
COMMANDS = {"play": ("play", "play"), "build": ("build", "build"), "turn": ("turn", "turn"),
            "stats": ("stats", "stats"), "rules": ("rules", "rules"), "demo": ("demo", "demo")}


def _version(value: bool) -> None:
    if value:
        typer.echo(f"trajan {__version__}")
        raise typer.Exit()


def _check_language(value: str | None) -> str | None:
    if value is not None and value.strip().lower() not in LANGUAGES:
        raise typer.BadParameter(f"use one of {', '.join(LANGUAGES)}")
    return value


def root(
    version: Annotated[
        bool, typer.Option("--version", callback=_version, is_eager=True, help="Show the version.")
    ] = False,
    lang: Annotated[
        str | None,
        typer.Option("--lang", metavar="en|de|fr", callback=_check_language,
                     help="Language of every answer (default: $TRAJAN_LANG, else the system's)."),
    ] = None,
) -> None:
    """Scoring assistant and rules referee for Forum Trajanum (and Trajan, 2011) at a real table."""


def build_app(only: str | None = None, completion: bool = False) -> typer.Typer:
    """The command tree: every group, or just ``only`` (a group or command name).

    Typer's --install-completion and --show-completion belong to the whole tree (``trajan
    --help`` lists them), and to answering the shell (``completion``); a command that is run
    does without them (they cost a few milliseconds to set up)."""
    app = typer.Typer(
        name="trajan",
        help="Scoring assistant and rules referee for Forum Trajanum (and Trajan, 2011) at a real table.",
        no_args_is_help=True,
        add_completion=completion or only is None,
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
    """The first paragraph of a help text. Click would cut it at "p." of a page reference."""
    if not isinstance(text, str) or not text.strip():
        return None
    return " ".join(text.strip().split("\n\n")[0].split()).rstrip(".")


#: Options of the root command that take a value (the value is not a command name).
ROOT_VALUE_OPTIONS = ("--lang",)


def _invoked(argv: list[str]) -> str | None:
    """The group or command named on the command line, if any (else: build them all)."""
    words = iter(argv)
    for word in words:
        if word in ROOT_VALUE_OPTIONS:
            next(words, None)
        elif not word.startswith("-"):
            return word if word in GROUPS or word in COMMANDS else None
    return None


def _language_option(argv: list[str]) -> str | None:
    """The --lang value, read before typer parses anything so that every message follows it."""
    for i, word in enumerate(argv):
        if word == "--lang" and i + 1 < len(argv):
            return argv[i + 1]
        if word.startswith("--lang="):
            return word.split("=", 1)[1]
    return None


def __getattr__(name: str):
    if name == "app":  # the whole tree, for tools and tests that want the Typer object
        return build_app()
    raise AttributeError(name)


def main(argv: list[str] | None = None) -> None:
    """Run the CLI; the one place where errors become messages and exit codes.

    Without ``argv`` it is the program itself (the ``trajan`` script, ``python -m
    trajan_cli``): it reads ``sys.argv``, and the process ends soon after (see
    :func:`_leave_memory_to_the_system`).
    """
    try:
        _run(sys.argv[1:] if argv is None else argv)
    finally:
        if argv is None:
            _leave_memory_to_the_system()


def _warn_unknown_environment_language(option: str | None) -> None:
    """--lang xx is refused; TRAJAN_LANG=xx must not pass unnoticed either."""
    from ..i18n import ENVIRONMENT, LANGUAGES, _, language, unknown_environment_language

    value = unknown_environment_language(option)
    if value is not None:
        names = {"en": "English", "de": "Deutsch", "fr": "français"}  # each in its own words
        typer.echo(_("{variable}={value} is not a language trajan speaks ({languages}); it goes on in {lang}")
                   .format(variable=ENVIRONMENT, value=value, languages=", ".join(LANGUAGES),
                           lang=names[language()]), err=True)


def _run(args: list[str]) -> None:
    from ..parsing.errors import InputError
    from ..render.text import fit_message as fit

    lang = _language_option(args)
    set_language(resolve_language(lang))
    if os.environ.get("_TRAJAN_COMPLETE"):  # the shell asks for completions (cli/completion.py)
        from .completion import complete

        complete(build_app, _invoked)
    _warn_unknown_environment_language(lang)
    try:
        # Not standalone: Click's usage errors come here instead of being printed by Click,
        # in English and unwrapped. An Exit (--help, --version, an interrupted table) then
        # returns its status, which a command of ours never returns; the process ends with
        # it, 0 after a command, as Click's standalone mode ends it (callers in-process see
        # the same SystemExit as before).
        command = typer.main.get_command(build_app(_invoked(args)))
        _numbers_in_digits(command)
        status = command(args=args, prog_name="trajan", standalone_mode=False)
        sys.exit(status if isinstance(status, int) and not isinstance(status, bool) else 0)
    except click_errors.UsageError as exc:
        from .usage import usage_error_text

        if isinstance(exc, click_errors.NoArgsIsHelpError):  # the help itself, as Click shows it
            exc.show()
        else:
            typer.echo(usage_error_text(exc), err=True)
        sys.exit(exc.exit_code)
    except typer.Abort:  # Ctrl-D at a question: as Click says it, in the player's words
        from .usage import abort_text

        typer.echo(abort_text(), err=True)
        sys.exit(1)
    except click_errors.ClickException as exc:  # a file Click could not open, say
        from .usage import error_text

        typer.echo(error_text(exc), err=True)
        sys.exit(exc.exit_code)
    except InputError as exc:
        for problem in exc.problems:
            typer.echo(fit(str(problem)), err=True)
        sys.exit(2)

    except OSError as exc:  # the system refused a file or folder: said plainly, never a crash
        if os.environ.get("TRAJAN_DEBUG"):
            raise
        from ..i18n import _

        where = exc.filename if isinstance(exc.filename, str) else "trajan"
        typer.echo(fit(_("{path}: cannot be read or written ({reason}); check that it exists and that you "
                     "may use it, or choose another games folder with TRAJAN_HOME").format(
            path=where, reason=exc.strerror or exc)), err=True)
        sys.exit(2)
    except Exception as exc:  # a bug of ours: one clean line, the traceback only on request
        if type(exc).__name__ in ("LineRefused", "ChoiceNeeded"):  # (core.state: not imported
            from ..render.problems import refusal_error  # by commands that need it not)

            for problem in refusal_error(exc).problems:  # a line the rules refuse, worded
                typer.echo(fit(str(problem)), err=True)
            sys.exit(2)
        if os.environ.get("TRAJAN_DEBUG"):
            raise
        typer.echo(fit(f"trajan: internal error ({type(exc).__name__}: {exc}); "
                       "set TRAJAN_DEBUG=1 to see the details and please report it"), err=True)
        sys.exit(70)


def _numbers_in_digits(command) -> None:
    """Every number option of ``command`` and its subcommands reads the digits 0-9 only.

    Click reads a number with ``int()``, which takes other scripts' digits ('３' is 3) and
    refuses superscripts with a bare "not a valid integer"; here a digit that is not 0-9
    is named instead, as everywhere else a number is read (core.vocabulary.foreign_digit)."""
    from typer._click.types import IntParamType  # loaded with typer already

    for param in command.params:
        kind = param.type
        if isinstance(kind, IntParamType) and not getattr(kind.convert, "digits_only", False):
            kind.convert = _digits_only(kind)
    for sub in getattr(command, "commands", {}).values():
        _numbers_in_digits(sub)


def _digits_only(kind):
    convert = kind.convert

    def checked(value, param, ctx):
        if isinstance(value, str):
            from ..core.vocabulary import foreign_digit, foreign_digit_text

            digit = foreign_digit(value)
            if digit is not None:
                kind.fail(foreign_digit_text(digit), param, ctx)
        return convert(value, param, ctx)

    checked.digits_only = True
    return checked


def _leave_memory_to_the_system() -> None:
    """Keep the interpreter's exit from garbage-collecting what the command made.

    On the way out, Python runs its cyclic garbage collector over every object still alive,
    several times, only to free memory the operating system takes back anyway: about 12 ms
    of a 115 ms command (Python 3.11, measured November 2026). ``gc.freeze()`` puts those
    objects out of its reach. Nothing of ours relies on a finalizer at exit (Python does not
    promise to run them): files are closed by ``with``, locks released by their context
    managers, and atexit handlers still run. Not done when tests call ``main(args)``: their
    process goes on.
    """
    import gc

    gc.freeze()
