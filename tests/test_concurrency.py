"""Several real `trajan` processes on one game at once (issue 13, item 1): they take turns,
each sees the others' answers, and nothing is lost. Every child has a time limit, so a
hang fails the test instead of blocking the suite."""

import json
import os
import subprocess
import sys
import time
from collections import Counter
from pathlib import Path

import pytest

from trajan_cli.games import store

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
    """The lines of the game's record file, as read back."""
    return list(store.read(tmp_path / "games" / f"{name}.txt").game.lines)


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
    saved = store.read(tmp_path / "games" / "race.txt").game
    assert saved.players == (f"Ann{winner}", "Bob")


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
    assert taken == Counter(str(a.value) for a in before[-4:])


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


@pytest.mark.slow  # a real terminal
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
    assert [(a.key, a.value) for a in answers] == [("pay.mode", "quick"), ("pay.marker", 6)]


WRITER_OF_BOARDS = """
import dataclasses, sys, time
from pathlib import Path
from trajan_cli.games import recording, store
from trajan_cli.games.walk import replayed as replay
path, stop = Path(sys.argv[1]), Path(sys.argv[2])
writes = 0
while not stop.exists():
    board = replay(store.read(path).game).table.board("Cleo")
    supply = dataclasses.replace(board.supply, coins=board.supply.coins + 1)
    try:  # merged with what the scoring changed meanwhile; a conflict: read again
        recording.record_sheet(path, "Cleo", dataclasses.replace(board, supply=supply), "writer", base=board)
        writes += 1
    except (recording.ChangedMeanwhile, recording.InputError):
        pass
    time.sleep(0.05)
print(writes, flush=True)
"""


def test_answers_given_ahead_go_on_while_another_process_writes_the_game(env, tmp_path, cli, monkeypatch):
    """Issue 20.1: `score --answers FILE --no-input` failed whenever another process wrote to
    the game meanwhile, even to another player's board: 0 of 40 runs passed under load. Now
    an answer goes on top of a change that leaves its question as it was, and a question
    asked again is answered from the file again."""
    from helpers import board_table_game as table

    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))

    def in_process(*args):
        done = cli(*args)
        assert done.code == 0, done.err
        return done.out

    table.set_up(in_process, tmp_path)
    table.play_cycle(in_process, tmp_path, 1)
    answers = tmp_path / "answers.toml"
    answers.write_text(table.answers_toml(1), encoding="utf-8")
    path = tmp_path / "games" / f"{table.GAME}.txt"
    before = len(saved_answers(tmp_path, table.GAME))
    stop = tmp_path / "stop"
    writer = subprocess.Popen([sys.executable, "-c", WRITER_OF_BOARDS, str(path), str(stop)], env=env,
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        time.sleep(0.5)
        done = trajan(env, "score", "--game", table.GAME, "--answers", str(answers), "--no-input")
    finally:
        stop.touch()
        out, err = writer.communicate(timeout=LIMIT)
    assert writer.returncode == 0, err
    assert int(out) > 3, "the writer hardly wrote: the test proved nothing"
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr
    assert "This scoring phase is done" in done.stdout
    shown = json.loads(trajan(env, "game", "show", table.GAME, "--json").stdout)
    assert shown["next"]["cycle"] == 2 and len(saved_answers(tmp_path, table.GAME)) > before


def test_one_round_header_from_four_writers_at_once_is_recorded_once(env, tmp_path, write):
    """p. 20: a round's street cards come out once. Four `trajan turn` of the same header
    at once: one is recorded, the three others are refused (each reads the game under the
    lock, the header already in it), and the log holds the header once."""
    from helpers.golden import RECORDS, record_lines

    setup = [line for line in record_lines(RECORDS / "golden-2p.txt")
             if line.startswith(("board ", "forum:"))]
    assert trajan(env, "game", "new", "race", "-p", "Livia", "-p", "Marcus").returncode == 0
    assert trajan(env, "turn", "race", "--file", write("setup.txt", "\n".join(setup))).returncode == 0
    results = all_at_once(env, [[str(TRAJAN), "turn", "race", "round I.1: streets 4 D"]] * 4)
    assert sorted(code for code, _, _ in results) == [0, 2, 2, 2]
    assert sum("has begun already" in err for _, _, err in results) == 3
    assert trajan(env, "game", "log", "race").stdout.count("round I.1") == 1
