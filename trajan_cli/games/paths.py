"""Where games are kept: the games folder in the tool's home, one file a game."""

from __future__ import annotations

import os
from pathlib import Path

from ..core.game import GAME_NAME
from ..i18n import _
from ..parsing.errors import InputError, Problem

HOME_VARIABLE = "TRAJAN_HOME"
#: A game's record file, and the file an earlier version kept it in (read, converted on
#: the first write, and kept beside the new one).
SUFFIX, LEGACY_SUFFIX = ".txt", ".json"
#: The folder of the lock files, in the games folder: one lock per game (``NAME.lock``, the
#: same for its record file and an earlier version's JSON file), so that a command on one
#: game never waits for a writer of another. A lock file stays when its game is deleted:
#: removing it while another process waits on it would let two in.
LOCK_FOLDER = ".locks"


def home() -> Path:
    """$TRAJAN_HOME, else the platform's user data folder for trajan."""
    override = os.environ.get(HOME_VARIABLE)
    if override is not None and not override.strip():
        # Meant as a folder, an empty value would put the games in the default one unsaid.
        raise InputError([Problem(HOME_VARIABLE, None, None, _(
            "set but empty; set it to the folder for the games, or unset it to use the default "
            "folder ({default})").format(default=default_home()))])
    if override:
        return Path(override).expanduser()
    return default_home()


def default_home() -> Path:
    from platformdirs import user_data_dir

    return Path(user_data_dir("trajan", appauthor=False))


def games_dir() -> Path:
    return home() / "games"


def valid_name(name: str) -> bool:
    return isinstance(name, str) and GAME_NAME.fullmatch(name) is not None


def game_path(name: str) -> Path:
    if not valid_name(name):
        raise InputError([Problem("<game name>", None, name, _(
            "a game name uses letters, digits, space, _ . - (up to 64), and ends with no space "
            "or line break"))])
    return games_dir() / f"{name}{SUFFIX}"


def legacy_path(path: Path) -> Path:
    """Where an earlier version kept the game saved at ``path``."""
    return path.with_suffix(LEGACY_SUFFIX)


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def lock_path(path: Path) -> Path:
    return path.parent / LOCK_FOLDER / f"{path.stem}.lock"
