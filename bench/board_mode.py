"""Board mode, measured (issue 14): a benchmark, never a test.

    .venv/bin/python bench/board_mode.py              # about half a minute
    .venv/bin/python bench/board_mode.py --runs 41

1. Typed answers per player per cycle. The three-player game of tests/helpers/board_table_game.py
   (boards and forum recorded, builds recorded as they happen) is scored through its three
   cycles with the session API and the answers given ahead (as `trajan score --answers
   FILE --no-input` does). Every question answered is counted, per player and cycle: the
   typed ones (marker, slide-bar values), the rows to pay (asked only when the coins fall
   short) and the boards looked over in the editor (Kind.BOARD: no typing when they are
   kept). Goal: at most 3 typed answers, plus the rows to pay.
2. Start-up of the commands that read the finished game: `trajan board show GAME --player
   P`, `board show GAME --forum`, `check build --game GAME ...`, `game list`, `game show
   GAME` and `game export GAME`, served from the game's snapshot (trajan_cli/snapshot.py:
   the first run leaves it), and `board show` and `game show` once more with the snapshot
   removed before each run (the replay, and the snapshot written again); then
   `trajan board show --help`, `trajan build --help` and
   `trajan score --help`. Each is run --runs times interleaved with `python -c "import
   typer"` (bench/run.py's way); the median and the ratio. Goal: 1.5.
3. `trajan turn GAME LINE` (issue 19, item 5): the golden three-player game of
   tests/records/golden-3p.txt kept by turns up to Cleo's turn in round II.4 (42 lines);
   her turn recorded, and a turn refused by the rules (building on a space she built on);
   the game file is put back with `cp` before each run (in the time). Goal: 1.5.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import statistics
import sys
import tempfile
from collections import Counter
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
sys.path[:0] = [str(ROOT), str(HERE), str(ROOT / "tests")]

GOAL_TYPED = 3
ROMAN = {1: "I", 2: "II", 3: "III"}


def trajan_in_process(*args: str) -> str:
    """One `trajan` command through the CLI's entry point; its output (fails on an error)."""
    from trajan_cli.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main(list(args))
        except SystemExit as exc:
            code = exc.code or 0
    if code:
        raise SystemExit(f"trajan {' '.join(args)} failed ({code}): {err.getvalue()}")
    return out.getvalue()


class CountingPrompter:
    """Passes every question on and counts it: (cycle, player) -> what kind of answer."""

    def __init__(self, inner):
        self.inner = inner
        self.counts: dict[tuple[int, str | None], Counter] = {}

    def say(self, text: str) -> None:
        self.inner.say(text)

    def ask(self, question):
        from trajan_cli.core.scoring_phase.questions import Kind

        if question.kind is Kind.BOARD:
            kind = "board"
        elif question.key == "pay.rows":
            kind = "rows"
        else:
            kind = "typed"
        self.counts.setdefault((int(question.cycle), question.player), Counter())[kind] += 1
        return self.inner.ask(question)


def score_game(folder: Path) -> tuple[dict, dict]:
    """Play the scripted game; (counts by (cycle, player), totals by player)."""
    from trajan_cli.games import store
    from trajan_cli.games.walk import replayed as replay
    from trajan_cli.games.walk import store_saver, walk
    from trajan_cli.parsing.answers import parse_answers
    from trajan_cli.ui.ahead import AheadPrompter

    from helpers import board_table_game as table

    table.set_up(trajan_in_process, folder)
    counting = CountingPrompter(None)
    for cycle in (1, 2, 3):
        table.play_cycle(trajan_in_process, folder, cycle)
        edited = None
        if cycle == table.TABLE_EDIT["cycle"]:  # the board corrected at the table
            import json

            shown = json.loads(trajan_in_process("board", "show", table.GAME, "--player",
                                                 table.TABLE_EDIT["player"], "--json"))
            edited = table.corrected_board(shown["sheet"])
        ahead = parse_answers(table.answers_toml(cycle, edited), f"answers-{cycle}.toml")
        counting.inner = AheadPrompter(ahead, None, echo=lambda _line: None)
        stored = store.load(table.GAME)
        walk(stored.game, counting, None, store_saver(stored.path), one_phase=True,
             where=stored.path)
    final = replay(store.load_game(table.GAME))
    if final.totals() != table.RUNNING[3]:
        raise SystemExit(f"the game did not score as worked out by hand: {final.totals()}")
    return counting.counts, final.totals()


def print_counts(counts: dict, players) -> None:
    print(f"Typed answers per player per cycle in board mode (goal: <= {GOAL_TYPED}, "
          "+ rows to pay when the coins fall short)")
    print(f"  {'player':<8}{'cycle':<7}{'typed':>6}{'pay rows':>10}{'boards':>8}   ")
    worst = 0
    for player in players:
        for cycle in (1, 2, 3):
            got = counts.get((cycle, player), Counter())
            worst = max(worst, got["typed"])
            mark = "ok" if got["typed"] <= GOAL_TYPED else "over"
            print(f"  {player:<8}{ROMAN[cycle]:<7}{got['typed']:>6}{got['rows']:>10}"
                  f"{got['board']:>8}   {mark}")
    for cycle in (1, 2, 3):
        table_wide = counts.get((cycle, None), Counter())
        print(f"  {'(table)':<8}{ROMAN[cycle]:<7}{table_wide['typed']:>6}{table_wide['rows']:>10}"
              f"{table_wide['board']:>8}   forum looked over once per phase")
    typed = sum(c["typed"] for (_, p), c in counts.items() if p is not None)
    rows = sum(c["rows"] for c in counts.values())
    print(f"  whole game: {typed} typed + {rows} rows to pay for {len(players)} players x 3 "
          f"cycles (at most {worst} per player and cycle)")


def startup(runs: int, home: Path) -> None:
    from run import startup as startup_table  # bench/run.py: the start-up table

    from helpers import board_table_game as table

    trajan = str(Path(sys.executable).parent / "trajan")
    if not Path(trajan).is_file():
        print(f"\nStart-up: {trajan} is not installed; skipped")
        return
    os.environ["TRAJAN_HOME"] = str(home)  # the subprocesses find the game there
    # Compiled modules are cached as they are for any installed program (pip compiles typer
    # when it installs it; an editable install compiles on the first run). With
    # PYTHONDONTWRITEBYTECODE every run of trajan would compile its own modules again.
    no_bytecode = os.environ.pop("PYTHONDONTWRITEBYTECODE", None) is not None
    stale = home / "games" / ".snapshots" / f"{table.GAME}.json"
    commands = {
        "trajan board show GAME --player P": [trajan, "board", "show", table.GAME, "-p", "Ann"],
        "trajan board show GAME --forum": [trajan, "board", "show", table.GAME, "--forum"],
        "trajan check build --game GAME ...": [trajan, "check", "build", "--game", table.GAME, "-p", "Ann",
                                               "lib", "B2"],
        "trajan game list": [trajan, "game", "list"],
        "trajan game show GAME": [trajan, "game", "show", table.GAME],
        "trajan game export GAME": [trajan, "game", "export", table.GAME],
        "board show, no snapshot (sh, rm)": ["sh", "-c", 'rm -f "$1" && exec "$2" board show "$3" -p Ann',
                                             "sh", str(stale), trajan, table.GAME],
        "game show, no snapshot (sh, rm)": ["sh", "-c", 'rm -f "$1" && exec "$2" game show "$3"',
                                            "sh", str(stale), trajan, table.GAME],
        **turn_commands(trajan, home),
        "trajan board show --help": [trajan, "board", "show", "--help"],
        "trajan build --help": [trajan, "build", "--help"],
        "trajan score --help": [trajan, "score", "--help"],
    }
    print()
    startup_table(runs, commands)
    if no_bytecode:
        print("  (PYTHONDONTWRITEBYTECODE was set: unset for these runs, compiled modules cached)")
    print(f"  (without its snapshot, board show and game show replay the finished game: "
          f"{replay_ms(table.GAME, runs):.1f} ms of it in-process; the rest is start-up: the modules a replay needs)")


TURN_GAME = "golden-3p"
TURN_RECORDED = "Cleo: take C3 A6; use received: builder; build col C3 pay builder"
TURN_REFUSED = "Cleo: take C3 A6; use received: builder; build col B5 pay builder"


def turn_commands(trajan: str, home: Path) -> dict[str, list[str]]:
    """`trajan turn` on the golden three-player game at Cleo's turn in round II.4: a line
    recorded (the game file put back before each run) and a line refused."""
    import shutil

    from trajan_cli.games import store

    lines = (ROOT / "tests" / "records" / "golden-3p.txt").read_text(encoding="utf-8").splitlines()
    record = home.parent / "golden-3p-mid.txt"
    record.write_text("\n".join(lines[:106]) + "\n", encoding="utf-8")
    # A games folder of its own: the game put back before each run has no snapshot that
    # fits, and in the board game's folder `game list` would replay it every time.
    turn_home = home.parent / "turn-home"
    board_home, os.environ["TRAJAN_HOME"] = os.environ["TRAJAN_HOME"], str(turn_home)
    try:
        trajan_in_process("game", "new", TURN_GAME, "-p", "Ann", "-p", "Bob", "-p", "Cleo",
                          "--cards", "I-2,II-4,III-3")
        trajan_in_process("turn", TURN_GAME, "--file", str(record))
        path = store.game_path(TURN_GAME)
    finally:
        os.environ["TRAJAN_HOME"] = board_home
    kept = home.parent / "golden-3p-mid.json"
    shutil.copyfile(path, kept)
    return {
        "trajan turn GAME LINE (recorded; sh, cp)": [
            "sh", "-c", 'cp "$1" "$2" && TRAJAN_HOME="$6" exec "$3" turn "$4" "$5"', "sh", str(kept),
            str(path), trajan, TURN_GAME, TURN_RECORDED, str(turn_home)],
        "trajan turn GAME LINE (refused; sh, cp)": [
            "sh", "-c", 'cp "$1" "$2" && TRAJAN_HOME="$6" "$3" turn "$4" "$5"; test $? = 2', "sh",
            str(kept), str(path), trajan, TURN_GAME, TURN_REFUSED, str(turn_home)],
    }


def replay_ms(name: str, runs: int) -> float:
    """Median in-process time to load and replay the saved game (rules already loaded)."""
    import time

    from trajan_cli.games import store
    from trajan_cli.games.walk import replayed as replay
    from trajan_cli.rulesdata import load_rules

    rules = load_rules()
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        replay(store.load_game(name), rules)
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="start-up runs per command")
    args = parser.parse_args()
    os.environ.setdefault("TRAJAN_LANG", "en")
    with tempfile.TemporaryDirectory(prefix="trajan-bench-") as folder:
        home = Path(folder) / "home"
        os.environ["TRAJAN_HOME"] = str(home)
        from helpers import board_table_game as table

        counts, totals = score_game(Path(folder))
        print_counts(counts, table.PLAYERS)
        print("  final totals: " + ", ".join(f"{p} {n}" for p, n in totals.items())
              + " (as worked out by hand)")
        startup(args.runs, home)


if __name__ == "__main__":
    main()
