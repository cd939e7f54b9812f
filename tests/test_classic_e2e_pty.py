"""The installed `trajan classic score` in a real pseudo-terminal: one quarter end, asked
and saved answer by answer, then stopped with Ctrl-C."""

import json

import pytest

from helpers.pty_prompts import CLEAR, DOWN, ENTER, answer, env, needs_trajan, spawn, trajan  # noqa: F401 - env is a fixture

pexpect = pytest.importorskip("pexpect")
# A real terminal for each test: slow (pytest -m "not slow" leaves them out).
pytestmark = [pytest.mark.slow, needs_trajan]


def test_a_quarter_end_scored_at_the_table_s9(env):  # noqa: F811 - the fixture imported above
    trajan(env, "game", "new", "rome", "-p", "Ann", "-p", "Bob", "--variant", "trajan")
    child = spawn(env, "classic", "score", "--game", "rome")
    answer(child, "demand tiles lie face up", DOWN + ENTER)  # bread, bread, games
    answer(child, "give Ann's scores", ENTER)  # quick counts
    answer(child, "Ann's marker", CLEAR + "14" + ENTER)
    answer(child, "bread tiles does Ann", CLEAR + "1" + ENTER)
    answer(child, "games tiles does Ann", CLEAR + "1" + ENTER)
    answer(child, "demand jokers does Ann", CLEAR + "0" + ENTER)  # one bread unmet: -4
    answer(child, "give Bob's scores", ENTER)
    answer(child, "Bob's marker", CLEAR + "6" + ENTER)
    answer(child, "bread tiles does Bob", CLEAR + "2" + ENTER)
    answer(child, "games tiles does Bob", CLEAR + "1" + ENTER)
    answer(child, "disc on the senate track", CLEAR + "3" + ENTER)  # Ann
    answer(child, "Ann's senate tiles", CLEAR + "0" + ENTER)
    answer(child, "disc on the senate track", CLEAR + "3" + ENTER)  # Bob
    answer(child, "Bob's senate tiles", CLEAR + "0" + ENTER)
    answer(child, "whose", DOWN + ENTER)  # level: Bob's disc lies on top
    child.expect("Bob: consul with 3 votes")
    child.expect("Standings after the senate, quarter I")
    child.expect("Quarter II comes next: run trajan classic score --game")  # one quarter end per run
    child.expect(pexpect.EOF)
    shown = json.loads(trajan(env, "game", "show", "rome", "--json"))
    assert {p["name"]: p["total"] for p in shown["players"]} == {"Ann": 10, "Bob": 6}
    assert shown["next"] == {"quarter": 2, "step": "needs", "player": None}
