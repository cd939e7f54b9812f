"""One OS lock per game: every change of a game file is made holding it, so two processes
working on one game take turns and each sees what the other wrote."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

from ..i18n import _
from ..parsing.errors import InputError, Problem
from .files import refuse_link, unwritable
from .paths import lock_path

#: How long a command waits for another one working on the same game (a change takes
#: milliseconds; only a stuck process holds the lock this long).
LOCK_TIMEOUT_SECONDS = 30.0


@contextmanager
def locked(path: Path, busy: Callable[[], str] | None = None,
           unwritable_as: Callable[[Path, OSError], InputError] = unwritable) -> Iterator[None]:
    """Hold the OS lock of the game saved at ``path`` (waits while another process holds it).
    Another file kept in the tool's home (the group's box) says what it is with ``busy``
    (the message when another process holds the lock too long) and ``unwritable_as``."""
    lock_file = lock_path(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        refuse_link(lock_file.parent)
        lock_file.parent.mkdir(exist_ok=True)
        refuse_link(lock_file)  # filelock 3.12 opens it with O_TRUNC: a link's target would be emptied
        release = _acquire(lock_file)
    except TimeoutError:
        raise InputError([Problem(str(path), None, path.stem, busy() if busy is not None else _(
            "another trajan has been working on the game {name} for {seconds} s; finish or stop "
            "it, then try again").format(name=path.stem, seconds=int(LOCK_TIMEOUT_SECONDS)))]) from None
    except OSError as exc:
        raise unwritable_as(path, exc) from None
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
