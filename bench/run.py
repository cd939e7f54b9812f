"""The project's benchmark: how much a command costs beyond importing typer, and how fast
the card solver is on the hardest colonias we can build.

    .venv/bin/python bench/run.py              # about half a minute
    .venv/bin/python bench/run.py --runs 41 --importtime

Start-up: each command runs ``--runs`` times, interleaved with ``python -c "import typer"``
so that both see the same machine load; the report gives each median and its ratio to
typer's (goal: 1.5 or less). In-process: the median time of all twelve cards on each
worst-case colonia from ``bench/cards.py`` (goal: under 5 ms). A measurement, never a test.
"""

from __future__ import annotations

import argparse
import statistics
import subprocess
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
BIN = Path(sys.executable).parent
COMMANDS = {  # every command that needs no saved game (bench/board_mode.py: those that do)
    "trajan --help": ["--help"],
    "trajan rules": ["rules"],
    "trajan rules cranes": ["rules", "cranes"],
    # A question: every word known to the shipped index; one it must stem; a typing mistake.
    "trajan rules QUESTION (known words)": ["rules", "can I look at the first tile before taking the second"],
    "trajan rules QUESTION (a new word)": ["rules", "what happens to tiles nobody wanted"],
    "trajan rules QUESTION (typo, German)": ["--lang", "de", "rules", "Gesanter auf dem Adlerfeld"],
    # Trajan (2011): its words with no game named (both indexes read), and named.
    "trajan rules QUESTION (Trajan's words, German)": ["--lang", "de", "rules", "Konsul Senat Stimmen Gleichstand"],
    "trajan rules --variant trajan QUESTION": ["rules", "--variant", "trajan", "who wins a tie"],
    "trajan demo": ["demo"],
    "trajan demo classic": ["demo", "classic"],
    "trajan card list": ["card", "list"],
    "trajan card show I-1": ["card", "show", "I-1"],
    "trajan card check all --json": ["card", "check", "all", "--example", "tom", "--json"],
    "trajan card check all": ["card", "check", "all", "--example", "tom"],  # tables (tabulate)
    "trajan score colonia --json": ["score", "colonia", "--example", "tom", "--json"],
    "trajan score colonia": ["score", "colonia", "--example", "tom"],
    "trajan check build (tom lib C1)": ["check", "build", "--example", "tom", "lib", "C1"],
    "trajan check envoy (tom, green)": ["check", "envoy", "--example", "tom", "--colour", "g"],
    "trajan show colonia": ["show", "colonia", "--example", "tom"],
    "trajan show forum": ["show", "forum", "--example", "tom"],
    "trajan classic province": ["classic", "province", "--points", "5", "--foreign", "1"],
    "trajan classic final": ["classic", "final", "--example", "brown"],
}
#: Tab pressed in bash after these words (the completion script sets the environment so).
#: Completion is loaded only then; the commands above do not pay for it.
COMPLETIONS = {
    "Tab: trajan <Tab>": "trajan ",
    "Tab: trajan rules ea<Tab>": "trajan rules ea",
    "Tab: trajan check build --example tom <Tab>": "trajan check build --example tom ",
}
GOAL_RATIO = 1.5
GOAL_CARDS_MS = 5.0


def wall(command: list[str]) -> float:
    start = time.perf_counter()
    subprocess.run(command, capture_output=True, check=True)
    return time.perf_counter() - start


def startup(runs: int, commands: dict[str, list[str]] | None = None) -> None:
    """Print each command's median start-up and its ratio to ``import typer``'s, run
    interleaved so that both see the same machine load. ``commands``: name -> argv
    (default: the trajan commands of COMMANDS)."""
    trajan = str(BIN / "trajan")
    if commands is None:
        commands = {name: [trajan, *args] for name, args in COMMANDS.items()}
        for name, line in COMPLETIONS.items():
            words = line.split(" ")
            commands[name] = ["env", "_TRAJAN_COMPLETE=complete_bash", f"COMP_WORDS={line}",
                              f"COMP_CWORD={len(words) - 1}", trajan]
    baseline = [sys.executable, "-c", "import typer"]
    times: dict[str, list[float]] = {"import typer": []} | {name: [] for name in commands}
    for command in [baseline, *commands.values()]:
        subprocess.run(command, capture_output=True, check=True)  # warm the file cache
    for _ in range(runs):
        times["import typer"].append(wall(baseline))
        for name, command in commands.items():
            times[name].append(wall(command))
    base = statistics.median(times["import typer"])
    print(f"Start-up, median of {runs} runs (goal: ratio <= {GOAL_RATIO})")
    label = 'python -c "import typer"'
    print(f"  {label:<36}{base * 1000:8.1f} ms")
    for name in commands:
        median = statistics.median(times[name])
        mark = "ok" if median / base <= GOAL_RATIO else "over"
        print(f"  {name:<36}{median * 1000:8.1f} ms   ratio {median / base:4.2f}  {mark}")


def cards(repeat: int) -> None:
    sys.path.insert(0, str(HERE))
    from cards import WORST, median_ms  # bench/cards.py: the constructed worst colonias

    from trajan_cli.core.card_solver import check_all
    from trajan_cli.rulesdata import load_rules

    all_cards = list(load_rules().cards.values())
    print(f"\nCard solver in-process, all 12 cards, median of {repeat} (goal: < {GOAL_CARDS_MS} ms)")
    for name, sheet in WORST.items():
        ms = median_ms(lambda sheet=sheet: check_all(all_cards, sheet), repeat)
        print(f"  {name:<42}{ms:7.2f} ms  {'ok' if ms < GOAL_CARDS_MS else 'over'}")


def importtime(args: list[str]) -> None:
    """The slowest imports of one command (python -X importtime), cumulative microseconds."""
    code = "import sys; from trajan_cli.cli import main; main(sys.argv[1:])"
    done = subprocess.run([sys.executable, "-X", "importtime", "-c", code, *args],
                          capture_output=True, text=True)
    rows = []
    for line in done.stderr.splitlines():
        if line.startswith("import time:") and "|" in line:
            _, cumulative, name = line.split("|")
            if cumulative.strip().isdigit():
                rows.append((int(cumulative), name.rstrip()))
    print(f"\nSlowest imports of `trajan {' '.join(args)}` (cumulative, us):")
    for cumulative, name in sorted(rows, reverse=True)[:15]:
        print(f"  {cumulative:8d}  {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=21, help="start-up runs per command")
    parser.add_argument("--repeat", type=int, default=200, help="in-process timings per colonia")
    parser.add_argument("--importtime", action="store_true", help="also profile the imports")
    args = parser.parse_args()
    startup(args.runs)
    cards(args.repeat)
    if args.importtime:
        importtime(COMMANDS["trajan score colonia --json"])


if __name__ == "__main__":
    main()
