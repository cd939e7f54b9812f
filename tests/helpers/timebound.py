"""Time bounds enforced by the harness: a test of something that used to hang fails
instead of hanging the suite (issue 13). The bounds are generous: they catch a hang or a
blow-up by orders of magnitude, never a slow machine.
"""

from __future__ import annotations

import contextlib
import signal
import subprocess
import sys
from pathlib import Path

import pytest

#: The installed command of the virtual environment running the tests.
TRAJAN = Path(sys.executable).parent / "trajan"


class TookTooLong(Exception):
    pass


@contextlib.contextmanager
def within(seconds: float, what: str = "the block"):
    """Raise TookTooLong inside the block once ``seconds`` have passed (SIGALRM)."""

    def expired(signum, frame):
        raise TookTooLong(f"{what} still running after {seconds} s")

    previous = signal.signal(signal.SIGALRM, expired)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def run_trajan(*args, timeout: float = 30, env=None) -> subprocess.CompletedProcess:
    """The real ``trajan`` in a child process, killed (and the test failed) past ``timeout``."""
    try:
        return subprocess.run([str(TRAJAN), *map(str, args)], capture_output=True, text=True,
                              timeout=timeout, env=env, stdin=subprocess.DEVNULL)
    except subprocess.TimeoutExpired:
        pytest.fail(f"trajan {' '.join(map(str, args))} still running after {timeout} s")
