"""Saved games on disk: one JSON file per game; every change a locked read-modify-write.

A game is the file it was loaded from: ``NAME.json`` in the games folder, and the name a
command takes is the file's name. Every write goes through :func:`update` (or
:func:`create` for a new game): it takes the game's OS lock (``.locks/NAME.json.lock``
in the games folder; one per game, so work on one game never waits for another), reads
the file again, applies the change to what is on disk now, and writes the result
atomically, so two processes working on one game take turns and each sees what the
other wrote. A change may refuse (raise) and then nothing is written. The tool never
writes through a link: a game file, backup or lock file that is a symbolic link is
refused, and so is a game that would grow past what a reader accepts.

The write itself: the new content goes to a temporary file in the same folder, is flushed
to disk (fsync) and then replaces the game file (os.replace), so a crash at any moment
leaves either the old or the new game, never a mix. Before each save, the last good copy
is kept beside it as ``NAME.json.bak`` (``trajan game restore`` puts it back). Keys of the
file this version does not know (a newer version's additions) are kept.

Nothing here prompts or prints: problems are :class:`InputError` (one line per problem,
exit status 2 in the CLI).
"""

from __future__ import annotations

import json
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, NamedTuple

from .core.game import GAME_NAME, Game, GameError
from .i18n import _
from .parsing.errors import InputError, Problem

HOME_VARIABLE = "TRAJAN_HOME"
#: A temporary file of another game this old was left by a write that was killed; a live
#: write takes milliseconds, so removing older ones never disturbs another process saving a
#: game. (A game's own temporary files go at once under its lock: see clean_stale_temps.)
STALE_TEMP_SECONDS = 60.0
#: How long a command waits for another one working on the same game (a change takes
#: milliseconds; only a stuck process holds the lock this long).
LOCK_TIMEOUT_SECONDS = 30.0


class Stored(NamedTuple):
    """A game and the file it was read from (and is saved back to)."""

    path: Path
    game: Game


class Listed(NamedTuple):
    """One ``*.json`` file of the games folder: its game, or what is wrong with it."""

    path: Path
    game: Game | None
    problem: str | None  # why it cannot be read; None when it loads
    name_inside: str | None  # the name written inside the file, when it differs from the file's


class GameChanged(Exception):
    """The file no longer holds the game a change was meant for: another process wrote it."""

    def __init__(self, current: Game):
        super().__init__(current.name)
        self.current = current


def home() -> Path:
    """$TRAJAN_HOME, else the platform's user data folder for trajan. Set but empty (or
    only spaces) it is refused: meant as a folder, it would have put the games in the
    default one without a word."""
    override = os.environ.get(HOME_VARIABLE)
    if override is not None and not override.strip():
        raise InputError([Problem(HOME_VARIABLE, None, None, _(
            "set but empty; set it to the folder for the games, or unset it to use the default "
            "folder ({default})").format(default=_default_home()))])
    if override:
        return Path(override).expanduser()
    return _default_home()


def _default_home() -> Path:
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
    return games_dir() / f"{name}.json"


def backup_path(path: Path) -> Path:
    return path.with_name(path.name + ".bak")


#: The folder of the lock files, in the games folder: one lock per game (``NAME.json.lock``),
#: so that a command on one game never waits for a writer of another. A lock file stays
#: when its game is deleted: removing it while another process waits on it would let two in.
LOCK_FOLDER = ".locks"


def lock_path(path: Path) -> Path:
    return path.parent / LOCK_FOLDER / f"{path.name}.lock"


def exists(name: str) -> bool:
    return _exists(game_path(name), kind="file")


def _exists(path: Path, kind: str = "any") -> bool:
    """Whether ``path`` is there (``kind`` "file": a plain file, through a link); a folder
    that cannot be looked into, or a path longer than the system takes, is said as such."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return False
    except NotADirectoryError:
        raise _folder_unusable(path, NotADirectoryError(20, "not a folder")) from None
    except OSError as exc:
        import errno

        if exc.errno == errno.ELOOP or exc.errno == errno.ENOENT:
            return False
        raise _folder_unusable(path, exc) from None
    if kind == "file":
        import stat

        return stat.S_ISREG(info.st_mode)
    return True


def occupied(path: Path) -> bool:
    """Whether anything stands at ``path`` (a file, a folder, a link, even a broken one)."""
    return _exists(path) or _is_link(path)


def _there(path: Path) -> bool:
    """Whether anything stands at ``path``, asking nothing more (never raises)."""
    try:
        os.lstat(path)
    except OSError:
        return False
    return True


def _is_link(path: Path) -> bool:
    try:
        return path.is_symlink()
    except OSError:
        return False


def _folder_unusable(path: Path, exc: OSError) -> InputError:
    """The games folder cannot be looked into (no permission, a name too long, a file where
    a folder should be): one line naming it and what to do."""
    return InputError([Problem(str(path.parent), None, None, _(
        "cannot use the games folder ({reason}); make it readable and writable, or choose "
        "another folder with TRAJAN_HOME").format(reason=_reason(exc)))])


# --- Reading ---------------------------------------------------------------------------


def load(name: str) -> Stored:
    """The game saved as NAME.json; an unknown name lists the saved games."""
    path = game_path(name)
    if not occupied(path):  # a pipe, a folder... is said by read()
        known = ", ".join(e.path.stem for e in list_games()) or "-"
        raise InputError([Problem(str(path), None, name,
                                  _("no such game; saved games: {known} (start one with 'trajan "
                                    "game new')").format(known=known))])
    return read(path)


def load_game(name: str) -> Game:
    return load(name).game


def read(path: Path) -> Stored:
    """Load and check a game file; a damaged one is an InputError pointing at the backup."""
    data = _read_data(path)
    return Stored(path, _game_of(path, data))


def read_game_file(path: Path) -> Game:
    return read(path).game


def _backup_hint(path: Path) -> str:
    keep = backup_path(path)
    try:
        if not keep.is_file() or path.suffix != ".json":
            return ""
    except OSError:
        return ""
    return _("; the previous good copy is {path} (put it back with: trajan game restore \"{name}\")").format(
        path=keep, name=path.stem)


def _read_data(path: Path) -> dict:
    """The file's JSON object (not yet checked as a game)."""
    text = _read_text(path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        raise InputError([Problem(str(path), exc.lineno, None,
                                  _("damaged game file ({reason})").format(reason=exc.msg)
                                  + _backup_hint(path))]) from None
    except (ValueError, RecursionError) as exc:  # an integer of thousands of digits, nesting without end
        raise InputError([Problem(str(path), None, None,
                                  _("damaged game file ({reason})").format(reason=_absurd(exc))
                                  + _backup_hint(path))]) from None


def _game_of(path: Path, data: Any) -> Game:
    """The game in ``data``; its name is the file's, which is how commands find it."""
    if isinstance(data, dict) and valid_name(path.stem) and path.suffix == ".json":
        data = {**data, "name": path.stem}
    try:
        return Game.from_json(data)
    except GameError as exc:
        reason = _message_of(exc)
    except RecursionError as exc:
        reason = _absurd(exc)
    raise InputError([Problem(str(path), None, None,
                              _("damaged game file: {reason}").format(reason=reason) + _backup_hint(path))])


def _message_of(exc: GameError) -> str:
    try:
        return str(exc)
    except (RecursionError, ValueError) as inner:
        return _absurd(inner)


def _absurd(exc: Exception) -> str:
    if isinstance(exc, RecursionError):
        return _("its content is nested too deeply")
    reason = str(exc)
    if "integer string conversion" in reason:  # Python's guard against huge numbers
        return _("it holds a number of thousands of digits")
    return reason if len(reason) <= 100 else reason[:100] + "..."


def damaged(path: Path, exc: Exception) -> InputError:
    """An answer that no longer replays: the file was edited by hand or is damaged."""
    reason = _message_of(exc) if isinstance(exc, GameError) else _absurd(exc)
    return InputError([Problem(str(path), None, None,
                               _("the answers do not replay: {reason}").format(reason=reason)
                               + _backup_hint(path))])


def _name_inside(path: Path) -> str | None:
    try:
        name = json.loads(_read_text(path)).get("name")
    except (InputError, ValueError, RecursionError, AttributeError):
        return None
    return name if isinstance(name, str) and name != path.stem else None


def _link_target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "?"


def list_games() -> list[Listed]:
    """Every ``*.json`` file of the games folder, most recently saved first, damaged ones too."""
    folder = games_dir()
    try:
        paths = [folder / entry for entry in os.listdir(folder) if entry.endswith(".json")]
    except FileNotFoundError:
        return []
    except OSError as exc:
        raise _folder_unusable(folder / "*.json", exc) from None
    entries: list[tuple[float, Listed]] = []
    for path in paths:
        try:
            when = path.stat().st_mtime
        except OSError:
            if not _is_link(path):
                continue  # removed while we were listing
            entries.append((0.0, Listed(path, None, _("a link to a file that is not there ({target})").format(
                target=_link_target(path)), None)))
            continue
        if not valid_name(path.stem):
            problem = _("the file name is not a game name: rename the file (letters, digits, "
                        "space, _ . -) to open it")
            entries.append((when, Listed(path, None, problem, None)))
            continue
        try:
            game = read(path).game
        except InputError as exc:
            if not _there(path):
                continue  # removed while we were listing
            entries.append((when, Listed(path, None, "; ".join(
                p.message if p.line is None else _("line {line}: {problem}").format(line=p.line, problem=p.message)
                for p in exc.problems), None)))
            continue
        entries.append((when, Listed(path, game, None, _name_inside(path))))
    entries.sort(key=lambda entry: (-entry[0], entry[1].path.name))
    return [listed for _when, listed in entries]


# --- Writing ---------------------------------------------------------------------------


def update(path: Path, change: Callable[[Game], Game]) -> Game:
    """The one way to change a saved game: lock it, read it again, apply ``change`` to what is
    on disk now, write the result atomically (the old copy kept as ``.bak``), unlock.

    ``change`` receives the current game and returns the new one; it may raise (for example
    :class:`GameChanged`) and then nothing is written. Returns the game as saved.
    """
    with locked(path):
        _refuse_link(path)
        if not _exists(path, kind="file"):
            raise InputError([Problem(str(path), None, path.stem, _(
                "the game file is gone (removed or renamed by someone else); nothing was saved"))])
        data = _read_data(path)
        current = _game_of(path, data)
        new = change(current)
        if new.to_json() != current.to_json():
            _write_game(path, new, data)
    return new


def create(game: Game) -> Stored:
    """Save a new game as NAME.json; a game of that name already saved is refused (exit 2),
    also when two processes start one at the same moment."""
    path = game_path(game.name)
    with locked(path):
        if occupied(path):
            raise InputError([Problem(str(path), None, game.name, _(
                "a game of that name exists; pick another name or remove it with 'trajan game delete'"))])
        _write_game(path, game, None)
    return Stored(path, game)


def save_game(game: Game) -> Path:
    """Write ``game`` as NAME.json (its own name), whatever the file held: for setting up games
    (tests, scripts). Commands change games with :func:`update`."""
    path = game_path(game.name)
    with locked(path):
        _refuse_link(path)
        data = None
        if _exists(path, kind="file"):
            try:
                data = _read_data(path)
                _game_of(path, data)
            except InputError:
                data = None  # never let a damaged file replace the last good copy
        _write_game(path, game, data)
    return path


class Restored(NamedTuple):
    stored: Stored  # the game as restored
    replaced: Game | None  # the version it replaced, now the backup (None: missing or damaged)
    damaged_kept: bool  # the replaced file was damaged, and is now the backup


def restore(name: str) -> Restored:
    """Swap NAME.json and NAME.json.bak: the backup becomes the game, and the version it
    replaces becomes the backup (so a second restore goes back)."""
    path = game_path(name)
    keep = backup_path(path)
    with locked(path):
        _refuse_link(path)
        _refuse_link(keep)
        if not _exists(keep, kind="file"):
            raise InputError([Problem(str(keep), None, name, _(
                "no backup of this game to restore (one is kept from the second save on)"))])
        try:
            restored = _game_of(path, _read_data(keep))
        except InputError as exc:
            raise InputError([Problem(str(keep), None, name, _(
                "the backup is damaged too, so it is not put back: {reason}").format(
                reason="; ".join(p.message for p in exc.problems)))]) from None
        backup_text = _read_text(keep)
        current_text = None
        replaced = None
        if _exists(path, kind="file"):
            current_text = _read_text(path)
            try:
                replaced = _game_of(path, _read_data(path))
            except InputError:
                replaced = None
        clean_stale_temps(path.parent, locked_game=path)
        _write_text(path, backup_text)
        if current_text is not None:
            _write_text(keep, current_text)
    return Restored(Stored(path, restored), replaced, current_text is not None and replaced is None)


def delete_game(name: str) -> Path:
    """Remove NAME.json and its backup (a link is removed, never what it points to); returns
    the path the game had."""
    path = game_path(name)
    with locked(path):
        try:
            path.unlink(missing_ok=True)
            backup_path(path).unlink(missing_ok=True)
        except OSError as exc:
            raise _unwritable(path, exc) from None
        clean_stale_temps(path.parent, locked_game=path)
    # The lock file stays: removing it while another process waits on it would let two in.
    return path


@contextmanager
def locked(path: Path) -> Iterator[None]:
    """Hold the OS lock of the game saved at ``path`` (waits while another process holds it)."""
    lock_file = lock_path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        _refuse_link(lock_file.parent)
        lock_file.parent.mkdir(exist_ok=True)
        _refuse_link(lock_file)  # filelock 3.12 opens it with O_TRUNC: a link's target would be emptied
        release = _acquire(lock_file)
    except TimeoutError:
        raise InputError([Problem(str(path), None, path.stem, _(
            "another trajan has been working on the game {name} for {seconds} s; finish or stop "
            "it, then try again").format(name=path.stem, seconds=int(LOCK_TIMEOUT_SECONDS)))]) from None
    except OSError as exc:
        raise _unwritable(path, exc) from None
    try:
        yield
    finally:
        release()


def _acquire(lock_file: Path) -> Callable[[], None]:
    """Take the lock ``lock_file`` (TimeoutError after LOCK_TIMEOUT_SECONDS); returns what
    releases it. Where there is ``fcntl.flock`` it is taken directly, as filelock's
    UnixFileLock takes it (the same lock, so the two exclude each other), at a fraction of
    filelock's import (about a fifth of a command's start-up); elsewhere, or on a file
    system without flock, through filelock."""
    try:
        import fcntl
    except ImportError:  # pragma: no cover - Windows
        return _acquire_filelock(lock_file)
    import errno

    flags = os.O_RDWR | os.O_CREAT | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
    fd = os.open(lock_file, flags, 0o644)
    deadline = None
    try:
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                break
            except OSError as exc:
                if exc.errno not in (errno.EAGAIN, errno.EWOULDBLOCK, errno.EACCES):
                    os.close(fd)
                    fd = -1
                    return _acquire_filelock(lock_file)  # no flock here: filelock knows what to do
            import time

            now = time.monotonic()
            if deadline is None:
                deadline = now + LOCK_TIMEOUT_SECONDS
            elif now >= deadline:
                raise TimeoutError(str(lock_file))
            time.sleep(0.05)
    except BaseException:
        if fd >= 0:
            os.close(fd)
        raise

    def release() -> None:
        try:
            fcntl.flock(fd, fcntl.LOCK_UN)
        finally:
            os.close(fd)

    return release


def _acquire_filelock(lock_file: Path) -> Callable[[], None]:
    from filelock import FileLock, Timeout

    lock = FileLock(lock_file, timeout=LOCK_TIMEOUT_SECONDS)
    try:
        lock.acquire()
    except Timeout:
        raise TimeoutError(str(lock_file)) from None
    return lock.release


def _write_game(path: Path, game: Game, previous: dict | None) -> None:
    """Write ``game`` over ``path``; ``previous`` is what the file held (loadable), kept as
    the backup, and its keys this version does not know are kept. A game that would be
    larger than a reader accepts is refused: every command would refuse it afterwards."""
    data = game.to_json()
    if previous is not None:
        data = {**data, **{k: v for k, v in previous.items() if k not in data}}
    text = json.dumps(data, indent=1, ensure_ascii=False) + "\n"
    size = len(text.encode("utf-8", "surrogatepass"))
    if size > MAX_GAME_FILE_BYTES:
        raise InputError([Problem(str(path), None, path.stem, _(
            "not saved: the game would take {size} MB, more than the {limit} MB a game file may "
            "hold; start a new game (trajan game new) or take back answers with trajan game undo"
        ).format(size=round(size / 2**20, 1), limit=MAX_GAME_FILE_BYTES // 2**20))])
    _refuse_link(backup_path(path))
    clean_stale_temps(path.parent, locked_game=path)
    if previous is not None:
        _write_text(backup_path(path), _read_text(path))
    _write_text(path, text)


def _refuse_link(path: Path) -> None:
    """Refuse to write where ``path`` is a symbolic link: replacing it would turn a link into
    a plain file (or, for a lock, empty the file it points to)."""
    if _is_link(path):
        raise InputError([Problem(str(path), None, None, _(
            "this is a link to {target}; trajan does not write through links: put the file itself "
            "in its place (or remove the link)").format(target=_link_target(path)))])


#: A game file holds every answer and board of one game: a few tens of KB; far more is not one.
MAX_GAME_FILE_BYTES = 16 * 2**20


def _read_text(path: Path) -> str:
    """Through the one reader of the tool: a pipe or device named *.json never blocks."""
    from .parsing.tomlfile import read_text

    return read_text(path, limit=MAX_GAME_FILE_BYTES)


def _write_text(path: Path, text: str) -> None:
    try:
        atomic_write(path, text)
    except OSError as exc:
        raise _unwritable(path, exc) from None


def _unwritable(path: Path, exc: OSError) -> InputError:
    failed = Path(exc.filename) if isinstance(exc.filename, str) else path
    if failed.parent == path.parent and failed.name.startswith("."):
        failed = path.parent  # our temporary or lock file: the folder is what cannot be written
    return InputError([Problem(str(failed), None, None, _(
        "cannot save the game here ({reason}); make the folder writable or free some space, "
        "or choose another folder with TRAJAN_HOME").format(reason=_reason(exc)))])


def _reason(exc: Exception) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def clean_stale_temps(folder: Path, locked_game: Path | None = None) -> None:
    """Remove the temporary files of killed saves in the folder: those of ``locked_game``
    (the game file whose lock the caller holds) whatever their age, those of any other
    game once STALE_TEMP_SECONDS old.

    Every save of a game writes its temporary files (``.NAME.json.XXXXXXXX.tmp``, and
    ``.NAME.json.bak.XXXXXXXX.tmp`` for the backup) while it holds the game's lock, so
    under that lock no live writer has one: any left is a killed save's, however young.
    A kill leaves them younger than a minute, and a game that was not saved again a
    minute later kept them for good."""
    import time

    now = time.time()
    try:
        leftovers = list(folder.glob(".*.tmp"))
    except OSError:
        return
    own = None if locked_game is None else _temp_name_of(locked_game)
    for stale in leftovers:
        try:
            if (own is not None and own.fullmatch(stale.name)
                    or now - stale.lstat().st_mtime >= STALE_TEMP_SECONDS):
                stale.unlink()
        except OSError:
            continue


def _temp_name_of(path: Path):
    """The names :func:`atomic_write` gives the temporary files of ``path`` and its backup
    (tempfile.mkstemp: the prefix, 8 characters of a-z 0-9 _, the suffix): a game named
    ``a.json.b`` has temporary files that start like those of ``a``, and are no match."""
    import re

    return re.compile(rf"\.{re.escape(path.name)}(?:\.bak)?\.[a-z0-9_]{{8}}\.tmp")


def atomic_write(path: Path, text: str, durable: bool = True) -> None:
    """Replace ``path`` with ``text`` at once (a temporary file renamed over it); ``durable``
    flushes both to disk first (a snapshot, which can be rebuilt, skips that)."""
    import tempfile  # only commands that write pay for the import

    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            if durable:
                handle.flush()
                os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
    if durable:
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


def same_game(a: Game, b: Game) -> bool:
    """Whether two games hold the same record (as saved)."""
    return a.to_json() == b.to_json()
