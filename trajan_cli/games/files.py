"""Reading and writing game files: never through a link, never a half-written file.

A new file (a game started, a game converted, a restore) is written whole to a temporary
file in the same folder, flushed to disk and renamed over the old one, so a crash leaves
the old or the new file, never a mix. A line is recorded by appending it (and flushing);
a line taken back by cutting the file short. Problems are :class:`InputError` naming the
file and what to do (exit status 2 in the CLI).
"""

from __future__ import annotations

import os
from pathlib import Path

from ..i18n import _
from ..parsing.errors import InputError, Problem

#: A temporary file this old was left by a write that was killed; a live write takes
#: milliseconds, so removing older ones never disturbs another process saving a game.
STALE_TEMP_SECONDS = 60.0
#: A game file holds every line of one game: a few tens of KB; far more is not one.
MAX_GAME_FILE_BYTES = 16 * 2**20


def exists(path: Path, kind: str = "any") -> bool:
    """Whether ``path`` is there (``kind`` "file": a plain file, through a link); a folder
    that cannot be looked into, or a path longer than the system takes, is said as such."""
    try:
        info = path.stat()
    except FileNotFoundError:
        return False
    except NotADirectoryError:
        raise folder_unusable(path, NotADirectoryError(20, "not a folder")) from None
    except OSError as exc:
        import errno

        if exc.errno == errno.ELOOP or exc.errno == errno.ENOENT:
            return False
        raise folder_unusable(path, exc) from None
    if kind == "file":
        import stat

        return stat.S_ISREG(info.st_mode)
    return True

def occupied(path: Path) -> bool:
    """Whether anything stands at ``path`` (a file, a folder, a link, even a broken one)."""
    return exists(path) or is_link(path)

def there(path: Path) -> bool:
    """Whether anything stands at ``path``, asking nothing more (never raises)."""
    try:
        os.lstat(path)
    except OSError:
        return False
    return True

def is_link(path: Path) -> bool:
    try:
        return path.is_symlink()
    except OSError:
        return False

def folder_unusable(path: Path, exc: OSError) -> InputError:
    """The games folder cannot be looked into (no permission, a name too long, a file where
    a folder should be): one line naming it and what to do."""
    return InputError([Problem(str(path.parent), None, None, _(
        "cannot use the games folder ({reason}); make it readable and writable, or choose "
        "another folder with TRAJAN_HOME").format(reason=reason_of(exc)))])

def link_target(path: Path) -> str:
    try:
        return os.readlink(path)
    except OSError:
        return "?"

def refuse_link(path: Path) -> None:
    """Refuse to write where ``path`` is a symbolic link: replacing it would turn a link into
    a plain file (or, for a lock, empty the file it points to)."""
    if is_link(path):
        raise InputError([Problem(str(path), None, None, _(
            "this is a link to {target}; trajan does not write through links: put the file itself "
            "in its place (or remove the link)").format(target=link_target(path)))])

def read_text(path: Path) -> str:
    """Through the one reader of the tool: a pipe or device named *.json never blocks.

    A line being appended when the write was cut short may end in the middle of a
    character (a letter of two or more bytes in UTF-8): that unfinished line is not part
    of the record, and the text up to that character is read."""
    from ..parsing.tomlfile import read_text as read_file

    try:
        return read_file(path, limit=MAX_GAME_FILE_BYTES)
    except InputError:
        text = _cut_in_a_character(path)
        if text is None:
            raise
        return text


def _cut_in_a_character(path: Path) -> str | None:
    """The file's text when all that keeps it from being UTF-8 is a character cut short at
    its very end; else None (the reader's own problem stands)."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_NOCTTY", 0)
                     | getattr(os, "O_BINARY", 0))
    except OSError:
        return None
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode) or os.fstat(fd).st_size > MAX_GAME_FILE_BYTES:
            return None
        data = _read_from(fd, 0, MAX_GAME_FILE_BYTES + 1)
    except OSError:
        return None
    finally:
        os.close(fd)
    if len(data) > MAX_GAME_FILE_BYTES:
        return None
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as exc:
        if exc.end != len(data) or exc.reason != "unexpected end of data":
            return None
        return data[:exc.start].decode("utf-8", "strict").removeprefix("\ufeff")
    return None

def write_text(path: Path, text: str) -> None:
    try:
        atomic_write(path, text)
    except OSError as exc:
        raise unwritable(path, exc) from None

def unwritable(path: Path, exc: OSError) -> InputError:
    failed = Path(exc.filename) if isinstance(exc.filename, str) else path
    if failed.parent == path.parent and failed.name.startswith("."):
        failed = path.parent  # our temporary or lock file: the folder is what cannot be written
    return InputError([Problem(str(failed), None, None, _(
        "cannot save the game here ({reason}); make the folder writable or free some space, "
        "or choose another folder with TRAJAN_HOME").format(reason=reason_of(exc)))])

def reason_of(exc: Exception) -> str:
    return getattr(exc, "strerror", None) or str(exc) or type(exc).__name__


def absurd_reason(exc: Exception) -> str:
    """What is wrong with a file whose content made Python give up (nesting without end,
    a number of thousands of digits), in the player's words rather than Python's."""
    if isinstance(exc, RecursionError):
        return _("its content is nested too deeply")
    reason = str(exc)
    if "integer string conversion" in reason:  # Python's guard against huge numbers
        return _("it holds a number of thousands of digits")
    return reason if len(reason) <= 100 else reason[:100] + "..."

def clean_stale_temps(folder: Path, locked_game: Path | None = None) -> None:
    """Remove the temporary files of killed saves in the folder: those of ``locked_game``
    (the game file whose lock the caller holds) whatever their age, those of any other
    game once STALE_TEMP_SECONDS old.

    Every save of a game writes its temporary files (``.NAME.txt.XXXXXXXX.tmp``, and
    ``.NAME.txt.bak.XXXXXXXX.tmp`` for the backup) while it holds the game's lock, so
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
    ``a.txt.b`` has temporary files that start like those of ``a``, and are no match."""
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


#: How a game file is opened to append to it or cut it: never through a link, not kept
#: open by a program started meanwhile, and as bytes (Windows would write a line break
#: as two, and the sizes counted here would miss the end of the file).
_NO_LINK_NO_TEXT_MODE = (getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_CLOEXEC", 0)
                         | getattr(os, "O_BINARY", 0))


def append_text(path: Path, text: str, *, keep: int) -> None:
    """Add ``text`` at the end of ``path``, after its first ``keep`` bytes (what follows
    them is the unfinished line of a write that was cut short, or nothing), and flush it
    to disk: cut short in its turn, it leaves at most an unfinished last line. When the
    write or the flush fails, the file is cut back to its first ``keep`` bytes: a line
    said not to be saved is not in the file either."""
    data = text.encode("utf-8", "surrogatepass")
    flags = os.O_WRONLY | _NO_LINK_NO_TEXT_MODE
    try:
        fd = os.open(path, flags)
        try:
            if os.fstat(fd).st_size != keep:
                os.ftruncate(fd, keep)
            os.lseek(fd, keep, os.SEEK_SET)
            try:
                written = 0
                while written < len(data):
                    written += os.write(fd, data[written:])
                os.fsync(fd)
            except OSError:
                _best_effort(os.ftruncate, fd, keep)
                raise
        finally:
            os.close(fd)
    except OSError as exc:
        raise unwritable(path, exc) from None


def cut_to(path: Path, size: int) -> None:
    """Cut ``path`` short after its first ``size`` bytes (a line taken back), flushed. When
    the flush fails, what was cut off is put back: a line said not to be taken back is
    still in the file."""
    flags = os.O_RDWR | _NO_LINK_NO_TEXT_MODE
    try:
        fd = os.open(path, flags)
        try:
            cut = _read_from(fd, size)
            os.ftruncate(fd, size)
            try:
                os.fsync(fd)
            except OSError:
                _best_effort(_write_at, fd, cut, size)
                raise
        finally:
            os.close(fd)
    except OSError as exc:
        raise unwritable(path, exc) from None


def _read_from(fd: int, offset: int, most: int | None = None) -> bytes:
    """What the file holds from ``offset`` on (at most ``most`` bytes)."""
    os.lseek(fd, offset, os.SEEK_SET)
    chunks: list[bytes] = []
    left = most
    while left is None or left > 0:
        chunk = os.read(fd, 1 << 16 if left is None else min(left, 1 << 16))
        if not chunk:
            break
        chunks.append(chunk)
        left = None if left is None else left - len(chunk)
    return b"".join(chunks)


def _write_at(fd: int, data: bytes, offset: int) -> None:
    os.lseek(fd, offset, os.SEEK_SET)
    written = 0
    while written < len(data):
        written += os.write(fd, data[written:])


def _best_effort(undo, *args) -> None:
    """Undo a change that could not be made durable, as far as the system lets us."""
    try:
        undo(*args)
    except OSError:
        pass
