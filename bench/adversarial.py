"""The adversarial inputs of issue 13 (items 6-11), each timed in a child process.

    .venv/bin/python bench/adversarial.py              # about 10 seconds
    .venv/bin/python bench/adversarial.py --timeout 60

Each case runs ``python -m trajan_cli`` (or a few lines of Python for the algorithms
alone) in a child process with a time limit and 2 GB of memory at most, and prints the
exit status, the seconds it took and the first line it wrote on stderr. The goal: every
case ends within about a second, a bad input with exit status 2. A measurement, never a
test (tests/test_input_limits.py holds the same inputs under time bounds).

Measured on the project's 2-core machine (shared with other work): before, the code of
commit 860f1ef (``PYTHONPATH=<its checkout> python bench/adversarial.py --timeout 30``);
after, this branch. Each "after" refusal names the limit (trajan_cli/parsing/limits.py).

| case                                          | before                      | after              |
|-----------------------------------------------|-----------------------------|--------------------|
| card check, workers = 10^7 of one colour      | 6.0 s, exit 0               | 0.2 s, exit 2      |
| card check, workers = 10^12                   | hung (killed at 30 s)       | 0.2 s, exit 2      |
| 12 cards, 10^12 workers of a colour, in-process| hung (killed at 30 s)      | 0.1 s              |
| classic final, building_jokers = 240          | 4.9 s, exit 0               | 0.3 s, exit 2      |
| classic final, building_jokers = 1000         | hung (killed at 30 s)       | 0.2 s, exit 2      |
| classic final, building_jokers = 2^31         | exit 70 (MemoryError)       | 0.2 s, exit 2      |
| classic final, commodity_jokers = 3000        | hung (killed at 30 s)       | 0.2 s, exit 2      |
| 240 + 3000 jokers, in-process                 | hung (killed at 30 s)       | 1.8 s              |
| TOML nested 1000 deep                         | exit 70 (RecursionError)    | 0.1 s, exit 2      |
| integer of 5000 digits                        | exit 70 (ValueError)        | 0.2 s, exit 2      |
| citizens key "³"                              | exit 70 (ValueError)        | 0.1 s, exit 2      |
| score colonia /dev/zero                       | exit 70 (MemoryError, 2 GB) | 0.2 s, exit 2      |
| score colonia on a pipe without a writer      | hung (killed at 30 s)       | 0.1 s, exit 2      |
| 240 KB of unknown colonia tokens              | 4.6 s, 62001 lines          | 0.2 s, 21 lines    |
| 200x200 forum file (separate envoy groups)    | 14.7 s, exit 0              | 0.2 s, exit 2      |
| largest area on a 200x200 forum, in-process   | 11.6 s                      | 0.2 s              |
| check envoy --count 2, forum of 400 spaces    | 0.7 s                       | 0.4 s              |
| 256 KB TOML array (the reader's worst case)   | 0.4 s, exit 2               | 0.5 s, exit 2      |
| sheet with a UTF-8 BOM                        | exit 2 (Invalid statement)  | 0.2 s, exit 0      |

The jokers in-process go past what any sheet may hold (70 forum tiles): the search grows
with the kinds of goods times the jokers squared, a few milliseconds at 70.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TOM = (ROOT / "trajan_cli" / "examples" / "tom.toml").read_text(encoding="utf-8")
GREEN = (ROOT / "trajan_cli" / "examples" / "classic-green.toml").read_text(encoding="utf-8")
MEMORY = 2 * 1024 ** 3


def _limit_memory() -> None:
    resource.setrlimit(resource.RLIMIT_AS, (MEMORY, MEMORY))


def _colour():
    """Any colour of structure and worker: the first one."""
    from trajan_cli.core.vocabulary import Colour

    return next(iter(Colour))


def _supply(key: str, value: str) -> str:
    lines = [f"{key} = {value}" if line.startswith(f"{key} =") else line
             for line in TOM.splitlines()]
    return "\n".join(lines) + "\n"


def _classic(key: str, value: int) -> str:
    lines = [f"{key} = {value}" if line.startswith(f"{key} =") else line
             for line in GREEN.splitlines()]
    # Commodity bonus tiles of several kinds, so that the jokers have a choice to make.
    tiles = [f'\n[[bonus_tiles]]\nkind = "commodity"\ntype = "{kind}"\nside = "gray"'
             for kind in ("oil", "grain", "salt", "cloth", "pottery", "marble")]
    return "\n".join(lines + tiles) + "\n"


def _forum(width: int, height: int, envoy) -> str:
    square = _colour().letter
    rows = [" ".join(f"{square}:T" if envoy(col, row) else square for col in range(width))
            for row in range(height)]
    return 'players = { T = "Tom" }\ngrid = """\n' + "\n".join(rows) + '\n"""\n'


CARDS = """
from dataclasses import replace
from trajan_cli.core.card_solver import check_all
from trajan_cli.core.sheet import Supply
from trajan_cli.core.vocabulary import Colour
from trajan_cli.parsing.sheet import load_sheet
from trajan_cli.rulesdata import load_rules
from trajan_cli.cli.options import EXAMPLES_DIR
tom = load_sheet(EXAMPLES_DIR / "tom.toml")
huge = Supply(workers={next(iter(Colour)): 10 ** 12})  # one colour: II-1 wants different ones
print(sum(c.fulfilled for c in check_all(load_rules().cards.values(), replace(tom, supply=huge))))
"""

JOKERS = """
from trajan_cli.core.classic.final import commodity_jokers_for, construction_sets
from trajan_cli.core.classic.models import BonusTile, ClassicSheet
from trajan_cli.core.classic.vocabulary import BonusKind, BonusSide
from trajan_cli.rulesdata import load_classic_rules
rules = load_classic_rules()
tiles = tuple(BonusTile(BonusKind.COMMODITY, side, kind) for kind in "abcdef" for side in BonusSide)
sheet = ClassicSheet("Green", commodity_jokers=3000, bonus_tiles=tiles)
print(construction_sets({"bath": 3, "villa": 2}, 240, rules).points,
      sum(commodity_jokers_for(sheet, rules).values()))
"""

LARGEST_AREA = """
from trajan_cli.core.forum import Forum, ForumSquare
from trajan_cli.core.scoring import largest_envoy_area
from trajan_cli.core.vocabulary import Colour
colour = next(iter(Colour))
grid = tuple(tuple(ForumSquare(colour, "T" if (r + c) % 2 == 0 else None) for c in range(200))
             for r in range(200))
print(len(largest_envoy_area(Forum(grid, {"T": "Tom"}), "T")))
"""


def cases(folder: Path) -> list[tuple[str, list[str]]]:
    """(what, arguments of python) for every adversarial input."""

    def file(name: str, text: str | bytes) -> str:
        path = folder / name
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text, encoding="utf-8")
        return str(path)

    trajan = ["-m", "trajan_cli"]
    colour = _colour().value
    fifo = folder / "fifo.toml"
    os.mkfifo(fifo)
    tokens = "\n".join(" ".join(["zzz"] * 30) for _ in range(2000))
    return [
        ("card check, workers = 10^7 of one colour",
         [*trajan, "card", "check", "all", file("w7.toml", _supply("workers", f"{{ {colour} = 10000000 }}"))]),
        ("card check, workers = 10^12",
         [*trajan, "card", "check", "all", file("w12.toml", _supply("workers", f"{{ {colour} = 1000000000000 }}"))]),
        ("classic final, building_jokers = 240",
         [*trajan, "classic", "final", file("b240.toml", _classic("building_jokers", 240))]),
        ("classic final, building_jokers = 1000",
         [*trajan, "classic", "final", file("b1000.toml", _classic("building_jokers", 1000))]),
        ("classic final, building_jokers = 2^31",
         [*trajan, "classic", "final", file("b2g.toml", _classic("building_jokers", 2 ** 31))]),
        ("classic final, commodity_jokers = 3000",
         [*trajan, "classic", "final", file("c3000.toml", _classic("commodity_jokers", 3000))]),
        ("TOML nested 1000 deep",
         [*trajan, "score", "colonia", file("deep.toml", "x = " + "[" * 1000 + "]" * 1000 + "\n")]),
        ("integer of 5000 digits",
         [*trajan, "score", "colonia", file("digits.toml", _supply("coins", "9" * 5000))]),
        ("citizens key \"³\"",
         [*trajan, "score", "colonia", file("cube.toml", TOM.replace('3 = ["active"]', '"³" = ["active"]'))]),
        ("score colonia /dev/zero", [*trajan, "score", "colonia", "/dev/zero"]),
        ("score colonia on a pipe without a writer", [*trajan, "score", "colonia", str(fifo)]),
        ("240 KB of unknown colonia tokens",
         [*trajan, "score", "colonia", file("tokens.toml", f'name = "Tom"\ncolonia = """\n{tokens}\n"""\n')]),
        ("200x200 forum file (separate envoy groups)",
         [*trajan, "score", "forum", file("f200.toml", _forum(200, 200, lambda c, r: (r + c) % 2 == 0)),
          "--player", "T"]),
        ("largest area on a 200x200 forum, in-process", ["-c", LARGEST_AREA]),
        ("12 cards, 10^12 workers of a colour, in-process", ["-c", CARDS]),
        ("240 + 3000 jokers, in-process", ["-c", JOKERS]),
        ("check envoy --count 2, forum of 400 spaces",
         [*trajan, "check", "envoy", file("f400.toml", _forum(20, 20, lambda c, r: (r + c) % 2 == 0)),
          "--player", "T", "--colour", _colour().letter, "--count", "2", "--json"]),
        ("256 KB TOML array (the reader's worst case)",
         [*trajan, "score", "colonia", file("array.toml", "x = [" + "1," * 131000 + "]\n")]),
        ("sheet with a UTF-8 BOM",
         [*trajan, "score", "colonia", file("bom.toml", b"\xef\xbb\xbf" + TOM.encode("utf-8"))]),
    ]


def run(arguments: list[str], timeout: float) -> tuple[str, float, str]:
    start = time.perf_counter()
    try:
        done = subprocess.run([sys.executable, *arguments], capture_output=True, text=True,
                              timeout=timeout, stdin=subprocess.DEVNULL, preexec_fn=_limit_memory)
    except subprocess.TimeoutExpired:
        return "hung", time.perf_counter() - start, f"killed after {timeout:g} s"
    seconds = time.perf_counter() - start
    lines = done.stderr.splitlines() or done.stdout.splitlines() or [""]
    return f"exit {done.returncode}", seconds, f"{len(lines):>5} lines: {lines[0]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--timeout", type=float, default=20.0, help="seconds before a case is killed")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        for what, arguments in cases(Path(tmp)):
            status, seconds, said = run(arguments, args.timeout)
            said = said.replace(tmp + "/", "")
            print(f"{what:<47} {status:<8} {seconds:6.2f} s {said[:100]}", flush=True)


if __name__ == "__main__":
    main()
