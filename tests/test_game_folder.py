"""The games folder under attack (issue 20, items 2, 6, 8, 9): a lock per game, no writing
through links, no game written larger than a reader takes, a folder that cannot be used
said in one line. Each ends in a clear message and exit status 2, nothing saved changed,
within a time bound."""

from __future__ import annotations

import os
import subprocess
import sys
import time

import pytest
from conftest import problems_of

from trajan_cli.core.game import Answer, Game
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.games import files, lock, paths, store
from trajan_cli.parsing.errors import InputError

from helpers.legacy_games import write_old
from helpers.timebound import TRAJAN, run_trajan, within

pytestmark = pytest.mark.skipif(not TRAJAN.is_file(), reason="trajan is not installed beside python")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture(autouse=True)
def bounded():
    with within(60, "the test"):
        yield


def env_of(home) -> dict:
    return dict(os.environ, TRAJAN_HOME=str(home), TRAJAN_LANG="en")


def two(name: str) -> Game:
    return Game(name, ("Ann", "Bob"), "Ann")


FIRST_ANSWERS = (Answer("pay.mode", Cycle.I, "Ann", "quick"), Answer("pay.marker", Cycle.I, "Ann", 5),
                 Answer("pay.citizens", Cycle.I, "Ann", [0] * 6))


def answered(name: str, n: int = 1) -> Game:
    """A game with Ann's first ``n`` answers of cycle I."""
    return Game(name, ("Ann", "Bob"), "Ann", lines=FIRST_ANSWERS[:n])


HOLDER = """
import sys, time
from pathlib import Path
from trajan_cli.games import store
with store.locked(Path(sys.argv[1])):
    print("holding", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def hold_lock(path, seconds: float, env) -> subprocess.Popen:
    """Another process holding the lock of the game saved at ``path``."""
    child = subprocess.Popen([sys.executable, "-c", HOLDER, str(path), str(seconds)], env=env,
                             stdout=subprocess.PIPE, text=True)
    assert child.stdout.readline().strip() == "holding"
    return child


# --- Item 2: one lock per game -------------------------------------------------------------


def test_a_writer_of_one_game_never_holds_up_another_game(home):
    """Issue 20.2: `game undo B` waited 30 s behind a writer of game A, then failed."""
    store.create(answered("alpha", 2))
    store.create(answered("beta", 2))
    holder = hold_lock(store.game_path("alpha"), 40, env_of(home))
    try:
        started = time.monotonic()
        done = run_trajan("game", "undo", "beta", env=env_of(home), timeout=20)
        assert done.returncode == 0, done.stderr
        assert time.monotonic() - started < 10
        assert len(store.load_game("beta").lines) == 1
        done = run_trajan("game", "new", "gamma", "-p", "Ann", "-p", "Bob", env=env_of(home), timeout=20)
        assert done.returncode == 0, done.stderr
    finally:
        holder.kill()
        holder.wait()
    assert len(store.load_game("alpha").lines) == 2


@pytest.mark.parametrize("saved_by", ["this version", "an earlier version"])
def test_a_game_held_too_long_is_named_in_the_message(home, monkeypatch, cli, saved_by):
    """A game an earlier version saved (NAME.json, not written by this one yet) has the same
    lock: it is not converted behind the back of a process working on it."""
    if saved_by == "this version":
        store.create(answered("alpha", 2))
    else:
        write_old(home / "games", answered("alpha", 2))
    before = {p.name: p.read_bytes() for p in (home / "games").iterdir() if p.is_file()}
    monkeypatch.setattr(lock, "LOCK_TIMEOUT_SECONDS", 0.5)
    holder = hold_lock(store.game_path("alpha"), 20, env_of(home))
    try:
        result = cli("game", "undo", "alpha")
    finally:
        holder.kill()
        holder.wait()
    assert result.code == 2
    assert len(result.problems) == 1
    assert "another trajan has been working on the game alpha" in " ".join(result.err.split())
    assert len(store.load_game("alpha").lines) == 2
    assert {p.name: p.read_bytes() for p in (home / "games").iterdir() if p.is_file()} == before


FILELOCK_HOLDER = """
import sys, time
from filelock import FileLock
with FileLock(sys.argv[1]):
    print("holding", flush=True)
    time.sleep(float(sys.argv[2]))
"""


def test_the_lock_is_the_one_filelock_takes(home, monkeypatch, cli):
    """The lock is taken with flock directly (filelock's import costs a command's start-up):
    a process holding it through filelock (an older trajan) still keeps a writer out."""
    store.create(answered("alpha", 2))
    monkeypatch.setattr(lock, "LOCK_TIMEOUT_SECONDS", 0.5)
    lock_file = paths.lock_path(store.game_path("alpha"))
    child = subprocess.Popen([sys.executable, "-c", FILELOCK_HOLDER, str(lock_file), "20"],
                             env=env_of(home), stdout=subprocess.PIPE, text=True)
    try:
        assert child.stdout.readline().strip() == "holding"
        result = cli("game", "undo", "alpha")
    finally:
        child.kill()
        child.wait()
    assert result.code == 2
    assert "another trajan has been working on the game alpha" in result.err
    assert len(store.load_game("alpha").lines) == 2
    assert cli("game", "undo", "alpha").code == 0  # and it is let go of
    assert len(store.load_game("alpha").lines) == 1


def test_the_lock_files_keep_out_of_the_game_list(home, cli):
    store.create(two("alpha"))
    store.append(store.game_path("alpha"), FIRST_ANSWERS[0])
    assert (home / "games" / paths.LOCK_FOLDER / "alpha.lock").exists()
    listed = cli("game", "list", "--json").json()["games"]
    assert [g["name"] for g in listed] == ["alpha"]


# --- Item 8: never through a link ----------------------------------------------------------


def test_a_lock_file_that_is_a_link_is_refused_and_its_target_kept(home, tmp_path, cli):
    """Issue 20.8: with filelock 3.12 the lock's O_TRUNC emptied the link's target."""
    store.create(answered("alpha", 2))
    precious = tmp_path / "precious.txt"
    precious.write_text("keep me")
    lock_file = paths.lock_path(store.game_path("alpha"))
    lock_file.unlink(missing_ok=True)
    lock_file.symlink_to(precious)
    result = cli("game", "undo", "alpha")
    assert result.code == 2 and "trajan does not write through links" in result.err
    assert str(lock_file) in result.err
    assert precious.read_text() == "keep me"
    assert len(store.load_game("alpha").lines) == 2


def test_a_game_file_that_is_a_link_is_read_but_never_replaced(home, tmp_path, cli):
    """Issue 20.8: saving replaced the link with a plain file, silently."""
    elsewhere = tmp_path / "kept" / "alpha.txt"
    elsewhere.parent.mkdir()
    store.create(answered("alpha", 2))
    game = home / "games" / "alpha.txt"
    elsewhere.write_bytes(game.read_bytes())
    game.unlink()
    game.symlink_to(elsewhere)
    before = elsewhere.read_text()
    assert cli("game", "show", "alpha").code == 0  # reading through it is fine
    result = cli("game", "undo", "alpha")
    assert result.code == 2 and "is a link to" in result.err and "alpha.txt" in result.err
    assert game.is_symlink() and elsewhere.read_text() == before
    result = cli("game", "restore", "alpha")
    assert result.code == 2 and game.is_symlink()


def test_a_backup_that_is_a_link_is_refused(home, tmp_path, cli):
    store.create(answered("alpha", 2))
    other = tmp_path / "other.txt"
    other.write_text("{}")
    store.backup_path(store.game_path("alpha")).symlink_to(other)
    before = store.game_path("alpha").read_text()
    result = cli("game", "undo", "alpha")
    assert result.code == 2 and "trajan does not write through links" in result.err
    assert other.read_text() == "{}" and store.game_path("alpha").read_text() == before
    with pytest.raises(InputError, match="does not write through links"):  # nor when a line is added
        store.append(store.game_path("alpha"), FIRST_ANSWERS[2])
    assert other.read_text() == "{}" and store.game_path("alpha").read_text() == before


def test_the_lock_folder_as_a_link_is_refused(home, tmp_path, cli):
    store.create(two("alpha"))
    locks = home / "games" / paths.LOCK_FOLDER
    for entry in locks.iterdir():
        entry.unlink()
    locks.rmdir()
    (tmp_path / "elsewhere").mkdir()
    locks.symlink_to(tmp_path / "elsewhere")
    result = cli("game", "new", "beta", "-p", "Ann", "-p", "Bob")
    assert result.code == 2 and "trajan does not write through links" in result.err
    assert list((tmp_path / "elsewhere").iterdir()) == []


# --- Item 9: the writer keeps the reader's limit -------------------------------------------


def test_a_write_that_would_make_the_game_too_large_is_refused(home, monkeypatch, cli):
    """Issue 20.9: the write succeeded, then every command refused the game."""
    store.create(answered("alpha", 2))
    before = store.game_path("alpha").read_text()
    monkeypatch.setattr(files, "MAX_GAME_FILE_BYTES", len(before.encode()) + 10)
    with pytest.raises(InputError) as info:
        store.append(store.game_path("alpha"), FIRST_ANSWERS[2])
    assert "a game file may hold" in str(info.value) and "nothing" not in str(info.value)
    assert store.game_path("alpha").read_text() == before
    assert cli("game", "show", "alpha").code == 0


# --- Item 6: a folder that cannot be used --------------------------------------------------


@pytest.mark.parametrize("command", [
    ["game", "list"], ["game", "show", "alpha"], ["game", "new", "beta", "-p", "A", "-p", "B"],
    ["game", "undo", "alpha"], ["score", "--game", "alpha", "--no-input"], ["board", "show", "alpha", "-p", "A"],
    ["game", "delete", "alpha", "--yes"], ["game", "restore", "alpha"], ["build", "alpha", "-p", "A", "lib", "C1"],
])
def test_a_trajan_home_longer_than_the_system_allows(tmp_path, command):
    """Issue 20.6: exit 70 before; now one line naming the folder and what to do."""
    env = env_of(tmp_path / ("x" * 5000))
    done = run_trajan(*command, env=env)
    assert done.returncode == 2, done.stderr
    assert len(problems_of(done.stderr)) == 1 and "internal error" not in done.stderr
    assert "TRAJAN_HOME" in done.stderr


def test_a_games_folder_that_cannot_be_read(home, cli, monkeypatch):
    """Issue 20.6: a folder the user may not look into. The suite may run as root, whom no
    permission stops, so the system's refusal is played by the calls that meet it."""
    store.create(answered("alpha", 2))
    folder = str(home / "games")
    real_listdir, real_stat = os.listdir, os.stat

    def listdir(path="."):
        if str(path) == folder:
            raise PermissionError(13, "Permission denied", folder)
        return real_listdir(path)

    def stat(path, *args, **kwargs):
        if str(path).startswith(folder + os.sep):
            raise PermissionError(13, "Permission denied", str(path))
        return real_stat(path, *args, **kwargs)

    with monkeypatch.context() as patched:
        patched.setattr(os, "listdir", listdir)
        patched.setattr(os, "stat", stat)
        for command in (["game", "list"], ["game", "show", "alpha"], ["game", "undo", "alpha"],
                        ["game", "show"], ["score", "--game", "alpha", "--no-input"]):
            result = cli(*command)
            assert result.code == 2, (command, result.err)
            assert "Permission denied" in " ".join(result.err.split()), command
            assert "internal error" not in result.err, command
            assert len(result.problems) == 1, command
    assert len(store.load_game("alpha").lines) == 2
