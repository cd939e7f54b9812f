"""How a scoring phase's cost grows with the game's length (issue 20, item 16): a benchmark,
never a test.

    .venv/bin/python bench/replay_curve.py             # about a minute
    .venv/bin/python bench/replay_curve.py --records 1000 10000 --old-up-to 10000

The three-player game of tests/board_table_game.py, cycle I (boards, forum and builds
recorded), grows by N board records (Ann's board recorded again and again, her coins
changing: what a group recording every build and correction for a long evening leaves).
Then its first scoring phase is walked as `trajan score --answers FILE --no-input` walks
it (the session API, the answers given ahead, saves kept in memory), two ways:

- carried forward (now): the game is replayed once, then each answer only feeds the
  replay on (core.script.Replay, session.Replayed);
- replayed after each answer (before issue 20): the whole game replayed after every answer,
  as the walk used to (about 10 replays per phase).

Printed: records, answers in the phase, seconds each way, and their ratio: the curve of
records against time. The old way is timed only up to --old-up-to records (it grows
linearly in the records times the answers: 21 s at 10,000 records on the project's
machine).

Then what a user waits for: the real command, `trajan score --game G --answers FILE
--no-input`, run as a process on the real game file (the grown game saved with
store.save_game, its snapshot removed), the median of --runs runs. Besides the one
replay, it pays its start-up, reading the file, and one locked read-and-write of the
whole file (with its backup, flushed to disk) per answer saved: that, not the replay,
is what grows with the file past a few thousand records.
"""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE), str(ROOT / "tests")]

from board_mode import trajan_in_process  # noqa: E402


def base_game(folder: Path):
    """The board game at the end of cycle I's builds, as a Game."""
    import os

    import board_table_game as table

    from trajan_cli.games import store

    os.environ["TRAJAN_HOME"] = str(folder / "home")
    table.set_up(trajan_in_process, folder)
    table.play_cycle(trajan_in_process, folder, 1)
    return store.load_game(table.GAME)


def grown(game, records: int):
    """``game`` with ``records`` more board records of Ann's board, her coins going up and down."""
    from trajan_cli.core.game import SHEET_RECORD, Answer
    from trajan_cli.parsing.toml_text import sheet_toml
    from trajan_cli.games.walk import replayed as replay

    board = replay(game).table.board("Ann")
    cycle = game.lines[-1].cycle
    texts = [sheet_toml(dataclasses.replace(board, supply=dataclasses.replace(board.supply, coins=coins)))
             for coins in range(2, 12)]
    extra = tuple(Answer(SHEET_RECORD, cycle, "Ann", {"text": texts[i % len(texts)]}) for i in range(records))
    return dataclasses.replace(game, lines=game.lines + extra)


def walk_phase(game, carried: bool) -> tuple[float, int]:
    """Seconds to walk the first scoring phase with the answers given ahead; answers given."""
    import board_table_game as table

    from trajan_cli import session
    from trajan_cli.parsing.answers import parse_answers
    from trajan_cli.ui.ahead import AheadPrompter

    prompter = AheadPrompter(parse_answers(table.answers_toml(1), "answers.toml"), None, echo=lambda _line: None)
    saved: list = []
    real = session.Replayed
    if not carried:  # as before: each answer replays the whole game
        class Replayed(real):
            def of(self, game):
                self.progress = real(game).progress
                return self.progress

        session.Replayed = Replayed
    try:
        started = time.perf_counter()
        session.walk(game, prompter, None, saved.append, one_phase=True)
        return time.perf_counter() - started, len(saved)
    finally:
        session.Replayed = real


def real_command(game, folder: Path, runs: int) -> float:
    """Median seconds of `trajan score --game G --answers FILE --no-input` on ``game``
    saved as the real game file (saved afresh before each run)."""
    import os
    import statistics
    import subprocess

    import board_table_game as table

    from trajan_cli.games import snapshot, store

    answers = folder / "answers-1.toml"
    answers.write_text(table.answers_toml(1), encoding="utf-8")
    trajan = Path(sys.executable).parent / "trajan"
    times = []
    for _ in range(runs):
        path = store.save_game(game)
        store.backup_path(path).unlink(missing_ok=True)
        snapshot.forget(path)
        started = time.perf_counter()
        done = subprocess.run([str(trajan), "score", "--game", game.name, "--answers", str(answers),
                               "--no-input"], capture_output=True, text=True, env=dict(os.environ))
        times.append(time.perf_counter() - started)
        if done.returncode != 0:
            raise SystemExit(f"trajan score failed ({done.returncode}): {done.stderr}")
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, nargs="*", default=[0, 1000, 2500, 5000, 10000])
    parser.add_argument("--old-up-to", type=int, default=2500,
                        help="time the old way (a replay after each answer) up to this many records")
    parser.add_argument("--runs", type=int, default=3, help="runs of the real command per length")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        game = base_game(Path(folder))
        print(f"{'records':>8} {'answers':>8} {'carried forward':>16} {'replayed each answer':>21} {'ratio':>6}"
              f" {'trajan score (real)':>20} {'file':>8}")
        for records in args.records:
            long_game = grown(game, records)
            new, answers = walk_phase(long_game, carried=True)
            old_text, ratio = "-", ""
            if records <= args.old_up_to:
                old, _answers = walk_phase(long_game, carried=False)
                old_text, ratio = f"{old:.2f} s", f"{old / new:.1f}"
            real = real_command(long_game, Path(folder), args.runs)
            size = store_size(long_game)
            print(f"{len(long_game.lines):>8} {answers:>8} {new:>14.2f} s {old_text:>21} {ratio:>6}"
                  f" {real:>18.2f} s {size:>6.1f} MB")


def store_size(game) -> float:
    from trajan_cli.games import store

    return store.game_path(game.name).stat().st_size / 2**20


if __name__ == "__main__":
    main()
