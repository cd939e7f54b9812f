"""What a game's length costs: a benchmark, never a test.

    .venv/bin/python bench/replay_curve.py              # about a minute
    .venv/bin/python bench/replay_curve.py --records 1000 10000 --runs 5

1. `trajan turn` at the end of cycle III: the golden three-player game of
   tests/records/golden-3p.txt recorded up to its last turn of cycle III (the longest a
   game gets before its last scoring), then that turn recorded by the real command, the
   game file put back before each run. Its wall and CPU time, median of --runs runs
   interleaved with `python -c "import typer"`, and the ratio (the goal is 1.5).
2. A scoring phase from an answers file against the game's length: the three-player game
   of tests/helpers/board_table_game.py, cycle I (boards, forum and builds recorded), grown by N
   board lines (Ann's board recorded again and again, her coins going up and down: what a
   group recording every correction for a long evening leaves), then its first scoring
   phase by the real command, `trajan score --game G --answers FILE --no-input`. The game
   file is written afresh before each run. Seconds for each length, and per 1,000 lines:
   flat per-line cost means the time grows linearly with the record (each answer is one
   line appended, the file read and replayed once per answer at most).
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE), str(ROOT / "tests")]

TRAJAN = Path(sys.executable).parent / "trajan"


def _run(command: list[str], reset=None) -> tuple[float, float]:
    """(wall, CPU) seconds of one process."""
    if reset is not None:
        reset()
    started = time.perf_counter()
    child = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    _pid, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    if os.waitstatus_to_exitcode(status) != 0:
        raise SystemExit(f"{command[1:3]} failed: {child.stderr.read().decode()}")
    return wall, usage.ru_utime + usage.ru_stime


def turn_at_the_end(folder: Path, runs: int) -> None:
    from helpers.golden import RECORDS, expected, record_lines

    os.environ["TRAJAN_HOME"] = str(folder / "turn")
    path = RECORDS / "golden-3p.txt"
    new = expected(path).new
    lines = record_lines(path)
    last = max(i for i, line in enumerate(lines) if line.split(":")[0] in ("Ann", "Bob", "Cleo"))
    before = folder / "before.txt"
    before.write_text("\n".join(lines[:last]) + "\n", encoding="utf-8")
    subprocess.run([str(TRAJAN), *new], check=True, capture_output=True)
    subprocess.run([str(TRAJAN), "turn", new[2], "--file", str(before)], check=True, capture_output=True)
    from trajan_cli.games import store

    game_file = store.game_path(new[2])
    saved = game_file.read_bytes()

    def reset() -> None:
        game_file.write_bytes(saved)

    typer, turn = [], []
    for _ in range(runs):
        typer.append(_run([sys.executable, "-c", "import typer"]))
        turn.append(_run([str(TRAJAN), "turn", new[2], lines[last]], reset))
    median = statistics.median
    t_wall, t_cpu = median(w for w, _ in typer), median(c for _, c in typer)
    r_wall, r_cpu = median(w for w, _ in turn), median(c for _, c in turn)
    print(f"trajan turn, last turn of cycle III ({last} lines before it): "
          f"{r_wall * 1000:.0f} ms wall, {r_cpu * 1000:.0f} ms CPU; import typer {t_wall * 1000:.0f} ms "
          f"wall, {t_cpu * 1000:.0f} ms CPU; ratio {r_wall / t_wall:.2f} wall, {r_cpu / t_cpu:.2f} CPU")


def grown_game(folder: Path, records: int):
    """The board game at the end of cycle I's builds, with ``records`` more board lines."""
    from board_mode import trajan_in_process

    from trajan_cli.core.turns.moves import BoardLine
    from trajan_cli.games import store

    from helpers import board_table_game as table

    os.environ["TRAJAN_HOME"] = str(folder / "curve")
    if not store.exists(table.GAME):
        table.set_up(trajan_in_process, folder)
        table.play_cycle(trajan_in_process, folder, 1)
    game = store.load_game(table.GAME)
    board = store.replay(store.load(table.GAME)).table.board("Ann")
    boards = [BoardLine("Ann", dataclasses.replace(board, supply=dataclasses.replace(board.supply, coins=coins)))
              for coins in range(2, 12)]
    extra = tuple(boards[i % len(boards)] for i in range(records))
    return dataclasses.replace(game, name="curve", lines=game.lines + extra)


def scoring_curve(folder: Path, lengths: list[int], runs: int) -> None:
    from trajan_cli.games import store

    from helpers import board_table_game as table

    answers = folder / "answers-1.toml"
    answers.write_text(table.answers_toml(1), encoding="utf-8")
    print(f"{'lines':>8} {'trajan score --answers --no-input':>34} {'per 1,000 lines':>16} {'file':>8}")
    for records in lengths:
        game = grown_game(folder, records)

        def reset(game=game) -> None:
            path = store.save_game(game)
            store.backup_path(path).unlink(missing_ok=True)

        seconds = statistics.median(
            _run([str(TRAJAN), "score", "--game", "curve", "--answers", str(answers), "--no-input"],
                 reset)[0] for _ in range(runs))
        size = store.game_path("curve").stat().st_size / 2**20
        print(f"{len(game.lines):>8} {seconds:>32.2f} s {seconds * 1000 / len(game.lines):>14.3f} s "
              f"{size:>6.2f} MB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--records", type=int, nargs="*", default=[0, 1000, 2500, 5000, 10000])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        turn_at_the_end(Path(folder), max(args.runs, 11))
        scoring_curve(Path(folder), args.records, args.runs)


if __name__ == "__main__":
    main()
