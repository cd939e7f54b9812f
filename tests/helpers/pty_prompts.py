"""Answering the prompts of the installed `trajan` in a real pseudo-terminal (pexpect):
tests/test_e2e_pty.py and tests/test_classic_e2e_pty.py. Full-screen programs are read
through helpers/vt_screen.py instead.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

TRAJAN = Path(sys.executable).parent / "trajan"
#: Keys as the terminal sends them (Ctrl-U clears the answer typed so far).
ENTER, DOWN, SPACE, CLEAR = "\r", "\x1b[B", " ", "\x15"
needs_trajan = pytest.mark.skipif(not TRAJAN.is_file(), reason="trajan is not installed beside python")


@pytest.fixture
def env(tmp_path):
    """The environment of a real terminal of 50 x 160 and a games folder of its own."""
    return dict(os.environ, TRAJAN_HOME=str(tmp_path), PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm",
                COLUMNS="160", LINES="50")


def trajan(env, *args) -> str:
    """`trajan ARGS` without a terminal; it must succeed. Its output."""
    done = subprocess.run([str(TRAJAN), *args], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def spawn(env, *args):
    """`trajan ARGS` in a pseudo-terminal of 50 x 160 (a pexpect child)."""
    child = pexpect.spawn(str(TRAJAN), list(args), env=env, encoding="utf-8", timeout=20,
                          dimensions=(50, 160))
    return child


def answer(child, prompt: str, keys: str) -> None:
    """Wait for ``prompt``, then type ``keys``."""
    child.expect(prompt)
    child.send(keys)
