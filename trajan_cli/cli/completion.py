"""Shell completion, the Typer way, without making any other command slower.

The shell scripts (``trajan --install-completion`` or ``--show-completion``, for bash, zsh
and fish) call ``trajan`` with ``_TRAJAN_COMPLETE`` set. Only then is this module imported:
it builds the command group being typed (or every group while the first word is typed),
gives the parameters their words by name (saved game names, the game's players, rules
topics, card names, tile words, colours...) and lets Typer answer. A command that declares
a parameter of one of these names (``game``, ``player``, ``topic``, ``card``...) completes
without more work.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable
from typing import Any

#: The environment variable the completion scripts set (Typer's name for prog "trajan").
COMPLETE_VAR = "_TRAJAN_COMPLETE"


def requested() -> bool:
    return bool(os.environ.get(COMPLETE_VAR))


def complete(build_app: Callable[..., Any], invoked: Callable[[list[str]], str | None]) -> None:
    """Answer the shell's request (a completion, or the script itself) and exit."""
    from typer.completion import completion_init

    completion_init()  # Typer's bash, zsh, fish and PowerShell completers
    # Typer renders each description through rich, which breaks it at the terminal's width:
    # fish would read the rest of a long one as a word of its own. Put back afterwards: the
    # process may go on (the tests run the CLI in-process).
    columns = os.environ.get("COLUMNS")
    os.environ["COLUMNS"] = "1000"
    try:
        _answer(build_app, invoked)
    finally:
        if columns is None:
            os.environ.pop("COLUMNS", None)
        else:
            os.environ["COLUMNS"] = columns


def _answer(build_app: Callable[..., Any], invoked: Callable[[list[str]], str | None]) -> None:
    import typer.main
    from typer._click import shell_completion

    instruction, _sep, shell = os.environ[COMPLETE_VAR].partition("_")
    only = None
    completer = shell_completion.get_completion_class(shell)
    if instruction == "complete" and completer is not None:
        try:
            words, _incomplete = completer(None, {}, "trajan", COMPLETE_VAR).get_completion_args()
        except (KeyError, ValueError):  # the shell gave no command line: offer everything
            words = []
        only = invoked(words)
    command = typer.main.get_command(build_app(only, completion=True))
    give_words(command)
    command.main(args=[], prog_name="trajan")  # Typer answers from the environment and exits


def give_words(command: Any, path: tuple[str, ...] = ()) -> None:
    """Every parameter of the tree whose name says what it takes completes with those words."""
    for param in command.params:
        completer = _completer_for(path, param.name)
        if completer is not None and param._custom_shell_complete is None:
            param._custom_shell_complete = completer
    for name, sub in getattr(command, "commands", {}).items():
        give_words(sub, (*path, name))


def _completer_for(path: tuple[str, ...], name: str) -> Callable | None:
    if path == ("game", "new") and name in ("name", "player", "start_player"):
        return None  # a new game's name and players are the table's to invent
    if name == "game" and path[:1] == ("classic",):  # a Trajan (2011) game's commands
        return _classic_games
    if name == "game" or (name == "name" and path[:1] == ("game",)):
        return _games
    if name == "player" or name == "start_player":
        return _players
    if name == "words":  # build GAME TILE CELL...; check build TILE CELL...
        if path == ("build",):
            return _build_words
        if path == ("check", "build"):
            return _check_build_words
        return None
    return {"topic": _topics, "card": _cards, "colour": _colours, "worker": _colours,
            "format": _formats, "lang": _languages, "citizen": _citizens, "via": _vias,
            "variant": _variants, "cycle": _cycles, "house": _house}.get(name)


def _matching(words: Iterable[str], incomplete: str) -> list[str]:
    typed = incomplete.casefold()
    return [word for word in words if word.casefold().startswith(typed)]


def _game_files() -> dict[str, Any]:
    """name -> the file each saved game is kept in (nothing is read): its record,
    ``NAME.txt``, or the ``NAME.json`` of an earlier version not yet written as a record."""
    from ..games.paths import LEGACY_SUFFIX, SUFFIX, games_dir

    folder = games_dir()
    found = {path.stem: path for path in folder.glob(f"*{LEGACY_SUFFIX}")}
    found |= {path.stem: path for path in folder.glob(f"*{SUFFIX}")}
    return found


def _games(ctx: Any, param: Any, incomplete: str) -> list[str]:
    """The saved games' names: the files in the games folder (nothing is read)."""
    from ..parsing.errors import InputError

    try:
        names = sorted(_game_files())
    except (OSError, InputError):  # no games folder to look into: nothing to offer
        return []
    return _matching(names, incomplete)


def _classic_games(ctx: Any, param: Any, incomplete: str) -> list[str]:
    """The saved games of Trajan (2011): each file's header read for its variant (the first
    lines of a record; an earlier version's JSON file whole)."""
    from ..core.vocabulary import TRAJAN
    from ..games.paths import LEGACY_SUFFIX
    from ..parsing.errors import InputError

    try:
        files = _game_files()
    except (OSError, InputError):
        return []
    names = []
    for name, path in sorted(files.items()):
        variant = _legacy_variant(path) if path.suffix == LEGACY_SUFFIX else _record_variant(path)
        if variant == TRAJAN:
            names.append(name)
    return _matching(names, incomplete)


def _record_variant(path: Any) -> str | None:
    """The variant the header of the record at ``path`` names; None when it cannot be read."""
    from ..games.record_file import variant_of

    return variant_of(path)


def _legacy_variant(path: Any) -> str | None:
    """The variant an earlier version's JSON game file names; None when it does not read."""
    import json

    from ..games.files import MAX_GAME_FILE_BYTES
    from ..parsing.errors import InputError
    from ..parsing.tomlfile import read_text

    try:
        saved = json.loads(read_text(path, MAX_GAME_FILE_BYTES))
    except (InputError, ValueError, RecursionError):  # unreadable: the command will say why, if it is named
        return None
    return saved.get("variant") if isinstance(saved, dict) else None


def _game_named(ctx: Any) -> str | None:
    """The game the command line names so far: --game, NAME, build's first word. While an
    option still waits for its value, Click leaves the words it did not parse in ``args``:
    the first of them that is a saved game's name counts too."""
    saved = None
    while ctx is not None:
        params = ctx.params or {}
        for key in ("game", "name"):
            if isinstance(params.get(key), str):
                return params[key]
        words = [*(params.get("words") or ()), *ctx.args]
        if words:
            saved = saved if saved is not None else set(_games(ctx, None, ""))
            for word in words:
                if word in saved:
                    return word
        ctx = ctx.parent
    return None


def _players(ctx: Any, param: Any, incomplete: str) -> list[str]:
    """The players of the game named on the line, else of the only saved game."""
    from ..games import store

    name = _game_named(ctx)
    if name is None:
        games = _games(ctx, param, "")
        if len(games) != 1:
            return []
        name = games[0]
    try:
        players = store.load_game(name).players
    except Exception:  # a missing or damaged game completes nothing; the command will say why
        return []
    return _matching(players, incomplete)


def _tiles(incomplete: str) -> list[str]:
    """Building tiles: lib col bas mkt b g o y, and double tiles once a "+" is typed."""
    singles = ["lib", "col", "bas", "mkt", "b", "g", "o", "y"]
    if "+" in incomplete:
        first = incomplete.split("+", 1)[0]
        return _matching([f"{first}+{part}" for part in singles], incomplete)
    return _matching(singles, incomplete)


def _cells(incomplete: str) -> list[str]:
    return _matching([f"{column}{row}" for row in range(1, 7) for column in "ABCDEF"], incomplete)


def _build_words(ctx: Any, param: Any, incomplete: str) -> list[str]:
    given = len((ctx.params or {}).get("words") or ())
    if given == 0:
        return _games(ctx, param, incomplete)
    return _tiles(incomplete) if given == 1 else _cells(incomplete)


def _check_build_words(ctx: Any, param: Any, incomplete: str) -> list[str]:
    """SHEET TILE CELL...: first the sheet (nothing offered, so the shell offers files),
    then the tile, then its cells; with --example or --game there is no SHEET."""
    params = ctx.params or {}
    given = len(params.get("words") or ())
    if not (params.get("example") or params.get("game")):
        if given == 0:
            return []
        given -= 1
    return _tiles(incomplete) if given == 0 else _cells(incomplete)


def _house(ctx: Any, param: Any, incomplete: str) -> list[str]:
    """--house NAME=VALUE: every open case with each way the tool can read it (Trajan's for
    `trajan classic ...` and `game new --variant trajan`)."""
    from ..rulesdata import load_classic_readings, load_readings

    variant = str((getattr(ctx, "params", None) or {}).get("variant") or "").strip().lower()
    trajan = variant == "trajan" or " classic " in f" {getattr(ctx, 'command_path', '')} "
    readings: dict = dict(load_classic_readings() if trajan else load_readings())
    pairs = [f"{name}={value}" for name, info in readings.items() for value in info.values]
    return _matching(pairs, incomplete)


def _topics(ctx: Any, param: Any, incomplete: str) -> list[str]:
    """Forum Trajanum's topics, then those only Trajan (2011) has (`trajan rules` finds them
    by name too); with --variant trajan, Trajan's alone."""
    from ..i18n import language
    from ..rulesdata import load_topics

    variant = (getattr(ctx, "params", None) or {}).get("variant")
    trajan = list(load_topics(language(), "trajan"))
    if variant == "trajan":
        return _matching(trajan, incomplete)
    forum = list(load_topics(language()))
    return _matching(forum + [t for t in trajan if t not in forum], incomplete)


def _cards(ctx: Any, param: Any, incomplete: str) -> list[str]:
    from ..rulesdata import CARD_IDS

    return _matching([*CARD_IDS, "all"] if ctx.info_name == "check" else CARD_IDS, incomplete)


def _colours(ctx: Any, param: Any, incomplete: str) -> list[str]:
    return _matching(["b", "g", "o", "y", "blue", "green", "orange", "yellow"], incomplete)


def _formats(ctx: Any, param: Any, incomplete: str) -> list[str]:
    from ..render.export import FORMATS

    return _matching(FORMATS, incomplete)


def _languages(ctx: Any, param: Any, incomplete: str) -> list[str]:
    from ..i18n import LANGUAGES

    return _matching(LANGUAGES, incomplete)


def _citizens(ctx: Any, param: Any, incomplete: str) -> list[str]:
    from ..core.vocabulary import Citizen

    return _matching([c.value for c in Citizen], incomplete)


def _vias(ctx: Any, param: Any, incomplete: str) -> list[str]:
    return _matching(["build", "market", "library"], incomplete)


def _variants(ctx: Any, param: Any, incomplete: str) -> list[str]:
    from ..core.game import PERIODS

    return _matching(PERIODS, incomplete)


def _cycles(ctx: Any, param: Any, incomplete: str) -> list[str]:
    return _matching(["1", "2", "3"], incomplete)
