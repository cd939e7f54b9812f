"""bench/table.py keeps working: the scripted three-player game is typed from `game new`
through the set-up screen and the table screen to its end, and the keystroke goals hold. Keystrokes are counted, never
timed (the latency half of the benchmark is left to the benchmark)."""

import re
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parent.parent / "bench" / "table.py"


@pytest.mark.skipif(not BENCH.exists(), reason="bench/ is not beside the tests")
def test_the_table_game_is_typed_to_its_end_within_the_keystroke_goals(tmp_path):
    done = subprocess.run([sys.executable, str(BENCH), "--keys-only"], capture_output=True,
                          text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "The record the screen left equals the game's, line for line." in done.stdout
    whole = int(re.search(r"whole game: (\d+)", done.stdout).group(1))
    median = float(re.search(r"median ([\d.]+) per turn", done.stdout).group(1))
    assert whole <= 450 and median <= 10, done.stdout
    known = int(re.search(r"three players: (\d+) in a box that knows", done.stdout).group(1))
    new_box = int(re.search(r"(\d+) in the first game with a new box", done.stdout).group(1))
    assert known <= 40 and new_box <= 200, done.stdout
