"""The installed `trajan` in a real pseudo-terminal: a whole scoring phase, and a kill -9."""

import json
import os
import signal

import pytest

from helpers.pty_prompts import CLEAR, DOWN, ENTER, SPACE, answer, env, needs_trajan, spawn, trajan  # noqa: F401 - env is a fixture

pexpect = pytest.importorskip("pexpect")
# A real terminal for each test: slow (pytest -m "not slow" leaves them out).
pytestmark = [pytest.mark.slow, needs_trajan]


def test_two_players_score_cycle_one(env):
    trajan(env, "game", "new", "table", "-p", "Ann", "-p", "Bob", "--cards", "I-1")
    child = spawn(env, "score", "--game", "table")
    answer(child, "give Ann's scores", ENTER)
    answer(child, "Ann's marker", CLEAR + "5" + ENTER)
    answer(child, "Citizens in each row of Ann", CLEAR + "1 0 0 0 0 0" + ENTER)
    answer(child, "coins does Ann have", CLEAR + "2" + ENTER)
    answer(child, "rows does Ann pay", ENTER)
    answer(child, "give Bob's scores", ENTER)
    answer(child, "Bob's marker", CLEAR + "3" + ENTER)
    answer(child, "Citizens in each row of Bob", ENTER)
    answer(child, "coins does Bob have", ENTER)
    child.expect("Standings after pay citizens")
    answer(child, "Which of Ann's cranes", DOWN + SPACE + ENTER)  # green
    answer(child, "green structures", CLEAR + "2" + ENTER)
    answer(child, "Which of Bob's cranes", ENTER)
    answer(child, "gray building types in each row of Ann", CLEAR + "2 1 0 0 0 0" + ENTER)
    answer(child, "gray building types in each row of Bob", CLEAR + "1 0 0 0 0 0" + ENTER)
    answer(child, "give the forum", ENTER)
    answer(child, "Ann's envoys stand on eagle", CLEAR + "1" + ENTER)
    answer(child, "Ann's other envoys", CLEAR + "2" + ENTER)
    answer(child, "Patrician I", CLEAR + "1" + ENTER)
    answer(child, "Ann's largest", CLEAR + "3" + ENTER)
    answer(child, "under 3 on Ann's slide bar", CLEAR + "3" + ENTER)
    answer(child, "Bob's envoys stand on eagle", ENTER)
    answer(child, "Bob's other envoys", ENTER)
    answer(child, "Bob's largest", ENTER)
    answer(child, "building task: how many separate times does Ann", CLEAR + "1" + ENTER)
    answer(child, "collecting task: how many times does Ann", ENTER)
    answer(child, "Trajan head on Ann's", ENTER)  # 3, the first value
    answer(child, "building task: how many separate times does Bob", ENTER)
    # Bob kept no coin, and card I-1's collecting task takes one: worked out, not asked.
    child.expect("collecting task worked out from the answers so far: 0 times")
    child.expect("Standings after Trajan card, cycle I")
    child.expect("Cycle II comes next: run trajan score")  # one phase per run (issue 12, item 9)
    child.expect(pexpect.EOF)
    # Ann: 5 play + 6 cranes (2 x 3) + 5 colonia (2x2 + 1x1) + 5 eagles + 3 area + 3 Trajan.
    shown = json.loads(trajan(env, "game", "show", "table", "--json"))
    assert {p["name"]: p["total"] for p in shown["players"]} == {"Ann": 27, "Bob": 4}
    assert shown["next"] == {"cycle": 2, "step": "pay", "player": "Ann"}


def test_kill_minus_nine_loses_no_answer(env):
    trajan(env, "game", "new", "crash", "-p", "Ann", "-p", "Bob", "--cards", "I-1")
    child = spawn(env, "score", "--game", "crash")
    answer(child, "give Ann's scores", ENTER)
    answer(child, "Ann's marker", CLEAR + "7" + ENTER)
    answer(child, "Citizens in each row of Ann", CLEAR + "0 1 0 0 0 0" + ENTER)
    child.expect("coins does Ann have")  # the citizens answer was saved before this appeared
    os.kill(child.pid, signal.SIGKILL)
    child.expect(pexpect.EOF)
    shown = json.loads(trajan(env, "game", "show", "crash", "--json"))
    assert shown["answers"] == 3 and shown["players"][0]["total"] == 7
    again = spawn(env, "score", "--game", "crash")
    answer(again, "coins does Ann have", CLEAR + "1" + ENTER)  # resumes at the next question
    answer(again, "rows does Ann pay", ENTER)
    answer(again, "give Bob's scores", "")
    again.sendcontrol("c")
    again.expect("every answer so far is saved|Every answer so far is saved")
    again.expect(pexpect.EOF)
    assert json.loads(trajan(env, "game", "show", "crash", "--json"))["answers"] == 5
