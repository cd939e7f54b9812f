"""Saved games on disk: one JSON file per game, written atomically.

Every answer is saved at once: the new content goes to a temporary file in the same
folder, is flushed to disk (fsync) and then replaces the game file (os.replace), so a
crash at any moment leaves either the old or the new game, never a mix. Before each
save, the last good copy is kept beside it as ``NAME.json.bak``.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path

from .core.game import GAME_NAME, Game, GameError
from .i18n import _
from .parsing.errors import InputError, Problem

HOME_VARIABLE = "TRAJAN_HOME"
#: A temporary file this old was left by a write that was killed; a live write takes
#: milliseconds, so removing older ones never disturbs another process saving the same game.
STALE_TEMP_SECONDS = 60.0


def home() -> Path:
    """$TRAJAN_HOME, else the platform's user data folder for trajan."""
    override = os.environ.get(HOME_VARIABLE)
    if override:
        return Path(override).expanduser()
    from platformdirs import user_data_dir

    return Path(user_data_dir("trajan", appauthor=False))


def games_dir() -> Path:
    return home() / "games"


def game_path(name: str) -> Path:
    if not GAME_NAME.match(name):
        raise InputError([Problem("<game name>", None, name,
                                  _("a game name uses letters, digits, space, _ . - (up to 64)"))])
    return games_dir() / f"{name}.json"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


def exists(name: str) -> bool:
    return game_path(name).is_file()


def save_game(game: Game) -> Path:
    path = game_path(game.name)
    _remove_stale_temps(path)
    if path.is_file():
        try:
            current = path.read_text(encoding="utf-8")
            Game.from_json(json.loads(current))
        except (OSError, ValueError):
            pass  # never let a damaged file replace the last good copy
        else:
            _atomic_write(backup_path(path), current)
    _atomic_write(path, json.dumps(game.to_json(), indent=1, ensure_ascii=False) + "\n")
    return path


def load_game(name: str) -> Game:
    path = game_path(name)
    if not path.is_file():
        known = ", ".join(g.name for g in list_games()) or "-"
        raise InputError([Problem(str(path), None, name,
                                  _("no such game; saved games: {known} (start one with 'trajan "
                                    "game new')").format(known=known))])
    return read_game_file(path)


def read_game_file(path: Path) -> Game:
    """Load and check a game file; a damaged one is an InputError pointing at the backup."""
    keep = backup_path(path)
    hint = _("; the previous good copy is {path} (copy it over the damaged file to go back one "
             "answer)").format(path=keep) if keep.is_file() else ""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except UnicodeDecodeError:
        raise InputError([Problem(str(path), None, None,
                                  _("is not a trajan game file (not text)") + hint)]) from None
    except json.JSONDecodeError as exc:
        raise InputError([Problem(str(path), exc.lineno, None,
                                  _("damaged game file ({reason})").format(reason=exc.msg) + hint)]) from None
    except OSError as exc:
        raise InputError([Problem(str(path), None, None,
                                  _("cannot be read ({reason})").format(reason=exc.strerror))]) from None
    try:
        return Game.from_json(data)
    except GameError as exc:
        raise InputError([Problem(str(path), None, None,
                                  _("damaged game file: {reason}").format(reason=exc) + hint)]) from None


def damaged(path: Path, exc: GameError) -> InputError:
    """An answer that no longer replays: the file was edited by hand or is damaged."""
    keep = backup_path(path)
    hint = _("; the previous good copy is {path}").format(path=keep) if keep.is_file() else ""
    return InputError([Problem(str(path), None, None,
                               _("the answers do not replay: {reason}").format(reason=exc) + hint)])


def list_games() -> list[Game]:
    folder = games_dir()
    games = []
    for path in sorted(folder.glob("*.json"), key=lambda p: p.stat().st_mtime, reverse=True):
        try:
            games.append(read_game_file(path))
        except InputError:
            continue
    return games


def delete_game(name: str) -> None:
    path = game_path(name)
    path.unlink(missing_ok=True)
    backup_path(path).unlink(missing_ok=True)


def _remove_stale_temps(path: Path) -> None:
    import time

    now = time.time()
    for pattern in (f".{path.name}.*.tmp", f".{backup_path(path).name}.*.tmp"):
        for stale in path.parent.glob(pattern):
            try:
                if now - stale.stat().st_mtime >= STALE_TEMP_SECONDS:
                    stale.unlink()
            except OSError:
                continue


def _atomic_write(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    _fsync_folder(path.parent)


def _fsync_folder(folder: Path) -> None:
    """Make the rename itself durable (POSIX); harmless where folders cannot be opened."""
    try:
        fd = os.open(folder, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)
