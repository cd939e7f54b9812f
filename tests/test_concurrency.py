"""Several real `trajan` processes on one game at once (issue 13, item 1): they take turns,
each sees the others' answers, and nothing is lost. Every child has a time limit, so a
hang fails the test instead of blocking the suite."""

import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest

TRAJAN = Path(sys.executable).parent / "trajan"
WRITER = Path(__file__).parent / "helpers" / "answer_writer.py"
LIMIT = 60  # seconds for any child: a lock that is never released fails here
pytestmark = pytest.mark.skipif(not TRAJAN.is_file(), reason="trajan is not installed beside python")


@pytest.fixture
def env(tmp_path):
    return dict(os.environ, TRAJAN_HOME=str(tmp_path), TRAJAN_LANG="en")


def trajan(env, *args) -> subprocess.CompletedProcess:
    return subprocess.run([str(TRAJAN), *args], env=env, capture_output=True, text=True, timeout=LIMIT)


def all_at_once(env, commands: list[list[str]]) -> list[tuple[int, str, str]]:
    """Start every command before waiting for any; (exit status, stdout, stderr) of each."""
    children = [subprocess.Popen(c, env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
                for c in commands]
    results = []
    try:
        for child in children:
            out, err = child.communicate(timeout=LIMIT)
            results.append((child.returncode, out, err))
    finally:
        for child in children:
            if child.poll() is None:
                child.kill()
                child.communicate()
    return results


def saved_answers(tmp_path, name: str) -> list:
    return json.loads((tmp_path / "games" / f"{name}.json").read_text())["answers"]


def fill(env, name: str, count: int) -> None:
    done = subprocess.run([sys.executable, str(WRITER), name, str(count)], env=env, capture_output=True,
                          text=True, timeout=LIMIT)
    assert done.returncode == 0 and f"saved {count}" in done.stdout, done.stderr


def test_game_new_of_one_name_at_once_exactly_one_wins(env, tmp_path):
    """Issue 13.1: two `game new` of one name at once both succeeded before (8 here)."""
    results = all_at_once(env, [[str(TRAJAN), "game", "new", "race", "-p", f"Ann{i}", "-p", "Bob",
                                 "--cards", "I-1,II-2,III-3"] for i in range(8)])
    codes = Counter(code for code, _out, _err in results)
    assert codes == {0: 1, 2: 7}, results
    assert all("exists" in err for code, _out, err in results if code == 2)
    winner = next(i for i, (code, _o, _e) in enumerate(results) if code == 0)
    saved = json.loads((tmp_path / "games" / "race.json").read_text())
    assert saved["players"] == [f"Ann{winner}", "Bob"]


def test_undo_four_times_at_once_takes_back_four_answers(env, tmp_path):
    """Issue 13.1: two undos at once removed one answer while both said "took back"."""
    assert trajan(env, "game", "new", "undo", "-p", "Ann", "-p", "Bob").returncode == 0
    fill(env, "undo", 10)
    before = saved_answers(tmp_path, "undo")
    results = all_at_once(env, [[str(TRAJAN), "game", "undo", "undo"] for _ in range(4)])
    assert all(code == 0 for code, _out, _err in results), results
    assert sum("Took back" in out for _code, out, _err in results) == 4
    assert saved_answers(tmp_path, "undo") == before[:-4]
    # Each reported the answer it really took back: the last four, one each.
    taken = Counter(out.split("-> ")[1].split("\n")[0] for _code, out, _err in results)
    assert taken == Counter(str(a["value"]) for a in before[-4:])


def test_walkthrough_windows_and_undos_at_once_lose_nothing(env, tmp_path):
    """Issue 13.1: three windows answering and two undos at once; every saved answer stays,
    every undo takes back exactly one, and the game still replays."""
    assert trajan(env, "game", "new", "busy", "-p", "Ann", "-p", "Bob", "-p", "Cy").returncode == 0
    fill(env, "busy", 3)
    writers = [[sys.executable, str(WRITER), "busy", "8"] for _ in range(3)]
    undos = [[str(TRAJAN), "game", "undo", "busy"] for _ in range(2)]
    results = all_at_once(env, writers + undos)
    assert all(code == 0 for code, _out, _err in results), results
    saved = sum(int(out.split()[1]) for _code, out, _err in results[:3])
    taken = sum("Took back" in out for _code, out, _err in results[3:])
    assert saved == 24 and taken == 2
    assert len(saved_answers(tmp_path, "busy")) == 3 + saved - taken
    shown = trajan(env, "game", "show", "busy", "--json")
    assert shown.returncode == 0, shown.stderr
    assert json.loads(shown.stdout)["answers"] == 3 + saved - taken


def test_a_walkthrough_does_not_overwrite_an_undo_from_another_terminal(env, tmp_path):
    """Issue 13.1: a `game undo` was silently reverted when an open walkthrough saved its
    next answer. Now the walkthrough re-reads, says so and asks the current question."""
    pexpect = pytest.importorskip("pexpect")
    assert trajan(env, "game", "new", "table", "-p", "Ann", "-p", "Bob", "--cards", "I-1").returncode == 0
    child = pexpect.spawn(str(TRAJAN), ["score", "--game", "table"], encoding="utf-8", timeout=20,
                          dimensions=(50, 160), env=dict(env, PROMPT_TOOLKIT_NO_CPR="1", TERM="xterm"))
    try:
        child.expect("give Ann's scores")
        child.send("\r")  # quick counts: saved
        child.expect("Ann's marker")
        undone = trajan(env, "game", "undo", "table")  # another terminal takes it back
        assert undone.returncode == 0 and "Took back" in undone.stdout
        child.send("\x15" + "5" + "\r")  # the walkthrough's answer to a question no longer asked
        child.expect("Not saved: the game was changed in another window")
        child.expect("give Ann's scores")  # the current question, asked again
        child.send("\r")
        child.expect("Ann's marker")
        child.send("\x15" + "6" + "\r")
        child.expect("Citizens in each row of Ann")
        child.sendcontrol("c")
        child.expect(pexpect.EOF)
    finally:
        child.close(force=True)
    answers = saved_answers(tmp_path, "table")
    assert [(a["key"], a["value"]) for a in answers] == [("pay.mode", "quick"), ("pay.marker", 6)]
