"""Crash safety: SIGKILL a walkthrough at many points; the game always loads and keeps every
answer that was acknowledged before the kill, and carries on from there. (A kill inside the
append of a line, at any byte of it: tests/test_store.py.)"""

import json
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from trajan_cli.games import files, store

from helpers.walkthrough import TOM_QUICK, replay

SESSION = Path(__file__).parent / "helpers" / "scripted_session.py"


def start(env, name):
    return subprocess.Popen([sys.executable, str(SESSION), name, json.dumps(TOM_QUICK)], env=env,
                            stdout=subprocess.PIPE, text=True)


@pytest.mark.parametrize("seed", range(12))
def test_sigkill_at_random_points_loses_nothing(tmp_path, monkeypatch, seed):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    env = dict(os.environ, TRAJAN_HOME=str(tmp_path))
    rng = random.Random(seed)
    name = f"crash{seed}"
    acknowledged = 0
    for _round in range(40):
        child = start(env, name)
        wait_for = rng.randint(0, 3)  # kill after this many more acknowledged saves...
        for _ in range(wait_for):
            line = child.stdout.readline()
            if line.startswith("saved"):
                acknowledged = int(line.split()[1])
            if not line or line.startswith("finished"):
                break
        time.sleep(rng.random() * 0.02)  # ...plus a moment, to land inside a write
        child.send_signal(signal.SIGKILL)
        child.wait()
        child.stdout.close()
        if store.exists(name):
            game = store.load_game(name)  # always loads: at most an unfinished last line, not recorded
            values = [a.value for a in game.lines]
            assert values == TOM_QUICK[:len(values)]  # exactly the answers given, in order
            assert len(values) >= acknowledged  # nothing acknowledged was lost
            acknowledged = len(values)
            replay(game)  # and it replays
            if len(values) == len(TOM_QUICK):
                break
    finished = store.load_game(name)
    if len(finished.lines) < len(TOM_QUICK):  # finish the session undisturbed
        child = start(env, name)
        assert child.wait(timeout=60) == 0
        child.stdout.close()
        finished = store.load_game(name)
    assert replay(finished).totals() == {"Tom": 54}
    # Temp files of killed writes are cleared by a later save once stale (age 0 here).
    monkeypatch.setattr(files, "STALE_TEMP_SECONDS", 0.0)
    store.save_game(finished)
    assert not [p.name for p in (tmp_path / "games").iterdir() if p.name.endswith(".tmp")]
