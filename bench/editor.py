"""The board editor, measured (issue 14): a benchmark, never a test.

    .venv/bin/python bench/editor.py            # a few seconds
    .venv/bin/python bench/editor.py --keys 400

1. Keystrokes to record a typical cycle's eight new building tiles for one player: two
   double tiles and four single ones on spaces spread over the board, each reached by the
   shortest mix of arrows and jumps (A-F column, 1-6 row), then Enter. The keys are typed
   into the real editor (pipe input) and the saved board is checked. Goal: under 30.
2. Key press to redrawn screen: keys typed one by one into the running editor, which draws
   80x24 into a real VT100 output (escape codes written to /dev/null); the time from
   sending a key to the end of the redraw it causes. Goal: median under 16 ms.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import threading
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from trajan_cli.core.colonia import COVERED, TEMPLE, VACATED, Colonia, gray, structure  # noqa: E402
from trajan_cli.core.sheet import PlayerSheet  # noqa: E402
from trajan_cli.core.vocabulary import BOARD_SIZE, COLUMN_LETTERS, Colour, GrayType  # noqa: E402
from trajan_cli.ui.colonia_state import GRAY_KEYS  # noqa: E402
from trajan_cli.ui.editor import colonia_app  # noqa: E402

GOAL_KEYS, GOAL_MS = 30, 16.0
ARROWS = {"left": "\x1b[D", "right": "\x1b[C", "up": "\x1b[A", "down": "\x1b[B"}
GRAY_KEY = {kind: key for key, kind in GRAY_KEYS.items()}
COLOURS = list(Colour)

# After cycle I: temples B2 C4 E3 D6, a few tiles taken and built (any board would do).
TEMPLES = [(1, 1), (2, 3), (4, 2), (3, 5)]
EARLIER = {(2, 0): gray(GrayType.LIBRARY), (3, 0): structure(COLOURS[0]), (1, 4): VACATED,
           (4, 4): gray(GrayType.MARKET)}
# Cycle II's eight new parts: double tiles on C2+D2 (column + structure) and A4+A5 (two
# structures of one colour), singles on F2, E1, B6, E6.
NEW = [
    ((2, 1), gray(GrayType.COLUMN)), ((3, 1), structure(COLOURS[1])),
    ((0, 3), structure(COLOURS[2])), ((0, 4), structure(COLOURS[2])),
    ((5, 1), gray(GrayType.BASILICA)), ((4, 0), structure(COLOURS[3])),
    ((1, 5), gray(GrayType.LIBRARY)), ((4, 5), structure(COLOURS[0])),
]


def recorded_board() -> PlayerSheet:
    rows = [[COVERED] * BOARD_SIZE for _ in range(BOARD_SIZE)]
    for col, row in TEMPLES:
        rows[row][col] = TEMPLE
    for (col, row), cell in EARLIER.items():
        rows[row][col] = cell
    return PlayerSheet(name="Ann", colonia=Colonia(tuple(tuple(r) for r in rows)))


def path(start: tuple[int, int], goal: tuple[int, int]) -> list[str]:
    """The fewest keys from one space to another: arrows, or a jump then arrows, or both jumps."""
    (c0, r0), (c1, r1) = start, goal
    horizontal = ["right" if c1 > c0 else "left"] * abs(c1 - c0)
    vertical = ["down" if r1 > r0 else "up"] * abs(r1 - r0)
    column, row = [COLUMN_LETTERS[c1]] if c1 != c0 else [], [str(r1 + 1)] if r1 != r0 else []
    return min([horizontal + vertical, column + vertical, row + horizontal, column + row], key=len)


def tile_key(cell) -> str:
    return GRAY_KEY[cell.gray] if cell.gray is not None else cell.colour.letter


def keystrokes() -> tuple[list[str], PlayerSheet]:
    keys: list[str] = []
    cursor = (0, 0)
    for square, cell in NEW:
        keys += path(cursor, square) + [tile_key(cell)]
        cursor = square
    return keys + ["enter"], recorded_board()


def typed(keys: list[str]) -> str:
    return "".join(ARROWS.get(k, "\r" if k == "enter" else k) for k in keys)


class Sink:
    """A terminal of 80x24 whose output goes nowhere (the escape codes are still made)."""

    @staticmethod
    def output():
        from prompt_toolkit.data_structures import Size
        from prompt_toolkit.output.vt100 import Vt100_Output

        devnull = open(os.devnull, "w")  # noqa: SIM115 - lives as long as the run
        return Vt100_Output(devnull, lambda: Size(rows=24, columns=80), term="xterm-256color")


def count_keys() -> int:
    from prompt_toolkit.input import create_pipe_input

    keys, board = keystrokes()
    with create_pipe_input() as pipe:
        _editor, app = colonia_app(board, board, input=pipe, output=Sink.output())
        pipe.send_text(typed(keys))
        saved = app.run()
    assert saved is not None, "the editor did not save"
    for square, cell in NEW:
        assert saved.colonia.at(square) == cell, (square, saved.colonia.at(square))
    print(f"Keystrokes for 8 new tiles (incl. Enter): {len(keys)}  (goal: under {GOAL_KEYS})")
    print("  " + " ".join(keys))
    return len(keys)


def latency(count: int) -> float:
    from prompt_toolkit.input import create_pipe_input

    board = recorded_board()
    cycle = ["right", "down", "l", "j", "left", "up", "h", "k", GRAY_KEY[GrayType.LIBRARY], "u",
             "\t", "+", "-", "\t", "D", "3", "?", "x"]
    plan = [cycle[i % len(cycle)] for i in range(count)]
    sent: list[float] = []
    rendered: list[float] = []
    with create_pipe_input() as pipe:
        _editor, app = colonia_app(board, board, input=pipe, output=Sink.output())
        app.after_render += lambda _app: rendered.append(time.perf_counter())

        def typist():
            time.sleep(0.5)  # the first screen
            for key in plan:
                sent.append(time.perf_counter())
                pipe.send_text(typed([key]))
                time.sleep(0.025)
            time.sleep(0.1)
            pipe.send_text("\x03")

        threading.Thread(target=typist, daemon=True).start()
        app.run()
    delays = []
    for at in sent:
        after = [r for r in rendered if r >= at]
        if after:
            delays.append((after[0] - at) * 1000)
    median = statistics.median(delays)
    p95 = statistics.quantiles(delays, n=20)[-1]
    print(f"Key press to redrawn screen, 80x24, {len(delays)} keys: median {median:.2f} ms, "
          f"95th percentile {p95:.2f} ms  (goal: median under {GOAL_MS:.0f} ms)")
    return median


def draw_only(count: int) -> None:
    """The editor's own share: handling the key and drawing the canvas, without the terminal."""
    from trajan_cli.ui.colonia_state import ColoniaEditor
    from trajan_cli.ui.screen import draw_colonia

    board = recorded_board()
    editor = ColoniaEditor(board, board)
    times = []
    for i in range(count):
        start = time.perf_counter()
        editor.press(["right", "down", "left", "up"][i % 4])
        draw_colonia(editor, 80, 24).fragments(lambda f: f)
        times.append((time.perf_counter() - start) * 1000)
    print(f"  of which the editor's key handling and drawing: median {statistics.median(times):.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keys", type=int, default=200, help="keys typed for the latency")
    args = parser.parse_args()
    count_keys()
    latency(args.keys)
    draw_only(args.keys)


if __name__ == "__main__":
    main()
