"""Benchmark: all twelve Trajan cards on the hardest colonias we can construct.

Run from the repository root with the project's environment:

    .venv/bin/python bench/cards.py            # a few seconds
    .venv/bin/python bench/cards.py --random 20000

It prints, for each colonia, the median time of ``check_all`` over the twelve cards and
the slowest single card, then the slowest of many random dense colonias, then the cost
of one whole ``trajan card check all --json`` command. The target is well under 10 ms
for all twelve cards in-process. This is a measurement, not a test: it never fails.
"""

from __future__ import annotations

import argparse
import gc
import random
import statistics
import subprocess
import sys
import time
from pathlib import Path

from trajan_cli.core.card_solver import check_all, check_card, max_disjoint
from trajan_cli.core.colonia import CORNERS, SCORED_CRANE, TEMPLE, Cell, Colonia, gray, structure
from trajan_cli.core.sheet import PlayerSheet, Supply
from trajan_cli.core.vocabulary import BOARD_SIZE, Colour, GrayType
from trajan_cli.rulesdata import load_rules

GRAYS = [gray(g) for g in GrayType]
COLOURS = [structure(c) for c in Colour]


def build(temples: set[tuple[int, int]], fill) -> PlayerSheet:
    """A legal colonia: scored cranes in the corners, ``fill(col, row)`` everywhere else."""
    rows = []
    for row in range(BOARD_SIZE):
        cells: list[Cell] = []
        for col in range(BOARD_SIZE):
            if (col, row) in CORNERS:
                cells.append(SCORED_CRANE)
            elif (col, row) in temples:
                cells.append(TEMPLE)
            else:
                cells.append(fill(col, row))
        rows.append(tuple(cells))
    return PlayerSheet("bench", Colonia(tuple(rows)),
                       supply=Supply(coins=9, tribunes=9, builders=9, assistants=9, ship=9,
                                     workers={c: 9 for c in Colour}))


TOP_ROW_TEMPLES = {(1, 0), (2, 0), (3, 0), (4, 0)}  # leaves rows 2-6 whole for squares
CENTRE_TEMPLES = {(2, 2), (3, 2), (2, 3), (3, 3)}
# Temples two apart, so that their corners overlap (III-3, I-2).
CHAIN_TEMPLES = {(2, 1), (4, 1), (2, 3), (4, 3)}

WORST = {
    # II-1: every 2 x 2 square of tiles overlaps its neighbours.
    "all tiles, temples in the top row": build(TOP_ROW_TEMPLES, lambda c, r: GRAYS[(c + r) % 4]),
    # III-4 / I-3 / III-1: every vertical window of gray buildings matches and overlaps.
    "gray types cycling down every column": build(CENTRE_TEMPLES, lambda c, r: GRAYS[(r + c) % 4]),
    # III-2: every vertical window of structures matches.
    "colours cycling down every column": build(CENTRE_TEMPLES, lambda c, r: COLOURS[(r + c) % 4]),
    # I-1, II-2, II-4: alternating gray and colour in rows and columns.
    "chessboard of gray and colour": build(
        CENTRE_TEMPLES, lambda c, r: GRAYS[c % 4] if (c + r) % 2 else COLOURS[r % 4]),
    # III-3, I-2: temples whose corners overlap, all surrounded by structures.
    "structures around overlapping temples": build(CHAIN_TEMPLES, lambda c, r: COLOURS[(c * 3 + r) % 4]),
}


def median_ms(action, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        action()
        times.append(time.perf_counter() - start)
    return statistics.median(times) * 1000


def random_dense(rng: random.Random) -> PlayerSheet:
    inner = [(c, r) for r in range(BOARD_SIZE) for c in range(BOARD_SIZE) if (c, r) not in CORNERS]
    temples = set(rng.sample(inner, 4))
    return build(temples, lambda c, r: rng.choice(GRAYS + COLOURS))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=200, help="timings per colonia")
    parser.add_argument("--random", type=int, default=3000, help="random dense colonias to try")
    args = parser.parse_args()

    cards = list(load_rules().cards.values())
    print(f"Python {sys.version.split()[0]}; median of {args.repeat} runs each\n")
    print(f"{'colonia':<42}{'12 cards':>10}{'slowest card':>20}{'most candidates':>18}")
    for name, sheet in WORST.items():
        total = median_ms(lambda sheet=sheet: check_all(cards, sheet), args.repeat)
        per_card = {c.id: median_ms(lambda c=c, sheet=sheet: check_card(c, sheet), args.repeat // 4 or 1)
                    for c in cards}
        slowest = max(per_card, key=per_card.get)
        checks = check_all(cards, sheet)
        busiest = max(checks, key=lambda ch: len(ch.building.candidates))
        print(f"{name:<42}{total:>8.2f} ms{slowest:>9} {per_card[slowest]:>6.2f} ms"
              f"{busiest.card.id:>9} {len(busiest.building.candidates):>3}")

    rng = random.Random(2018)
    singles = []
    gc.disable()  # as timeit does: a collection in the middle of one run is not the solver
    try:
        for _ in range(args.random):
            sheet = random_dense(rng)
            start = time.perf_counter()
            check_all(cards, sheet)
            singles.append(((time.perf_counter() - start) * 1000, sheet))
    finally:
        gc.enable()
    singles.sort(key=lambda pair: pair[0])
    took = [ms for ms, _sheet in singles]
    worst_ms, worst_sheet = singles[-1]
    again = median_ms(lambda: check_all(cards, worst_sheet), args.repeat)
    print(f"\n{args.random} random dense colonias, one run each: median {took[len(took) // 2]:.2f} ms, "
          f"99th percentile {took[int(len(took) * 0.99)]:.2f} ms, slowest {worst_ms:.2f} ms "
          f"({again:.2f} ms median when re-run)")

    # The exact search alone, on a board with no temples: 25 overlapping 2 x 2 squares.
    squares = [sum(1 << ((y + dy) * 6 + x + dx) for dx in (0, 1) for dy in (0, 1))
               for y in range(5) for x in range(5)]
    print(f"max_disjoint on 25 overlapping squares of an open 6 x 6 board: "
          f"{median_ms(lambda: max_disjoint(squares), args.repeat):.2f} ms "
          f"(answer {len(max_disjoint(squares))})")

    trajan = Path(sys.executable).parent / "trajan"
    if trajan.is_file():
        command = [str(trajan), "card", "check", "all", "--example", "tom", "--json"]
        runs = []
        for _ in range(5):
            start = time.perf_counter()
            subprocess.run(command, capture_output=True, check=True)
            runs.append(time.perf_counter() - start)
        print(f"whole command `trajan card check all --example tom --json`: "
              f"{statistics.median(runs) * 1000:.0f} ms median of 5 (process start included)")


if __name__ == "__main__":
    main()
