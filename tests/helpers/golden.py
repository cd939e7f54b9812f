"""Reading the golden records: tests/records/golden-*.txt, three whole games (two, three and
four players) kept turn by turn in the notation `trajan turn --file` reads, with the
figures worked out by hand from the rulebook in comment lines:

    # trajan game new NAME --player ... --cards ...           how the game is started
    # expect board CYCLE PLAYER: 4 coin, 2 tribune, 1 worker:g; ship 3; citizens 4 aa
                            supply, ship and citizens as the cycle's round 4 left them
    # expect CYCLE PLAYER: play 5, cranes 3, ..., trajan 9; cycle 26, total 26
                            the scoring phase by category, the cycle and the running total
    # expect winner: PLAYER, decided by points|active_citizens|resources_left

tests/test_golden_games.py plays them against these figures; other tests and
bench/replay_curve.py use them as long, legal games.
"""

from __future__ import annotations

import re
import shlex
from collections import Counter
from pathlib import Path
from typing import NamedTuple

RECORDS = Path(__file__).resolve().parent.parent / "records"
GAMES = sorted(RECORDS.glob("golden-*.txt"))
CATEGORIES = ("play", "cranes", "colonia", "eagles", "area", "trajan")
NUMERALS = {"I": "1", "II": "2", "III": "3"}
SCORED = re.compile(r"# expect (I|II|III) (\w+): (.*); cycle (\d+), total (\d+)$")
BOARD = re.compile(r"# expect board (I|II|III) (\w+): (.*)$")
WINNER = re.compile(r"# expect winner: (\w+(?: & \w+)*), decided by (\w+)$")


class Expected(NamedTuple):
    new: list[str]  # the arguments of `trajan game new`
    scored: dict  # (cycle, player) -> ({category: points}, cycle total, running total)
    winner: tuple[list[str], str]


def expected(path: Path) -> Expected:
    lines = path.read_text(encoding="utf-8").splitlines()
    new = next(shlex.split(line[len("# trajan "):]) for line in lines
               if line.startswith("# trajan game new "))
    scored = {}
    winner = None
    for line in lines:
        if match := SCORED.match(line):
            cycle, player, parts, total, running = match.groups()
            points = {name: int(n) for name, n in (p.split() for p in parts.split(", "))}
            scored[NUMERALS[cycle], player] = (points, int(total), int(running))
        elif match := WINNER.match(line):
            winner = (match.group(1).split(" & "), match.group(2))
    assert winner is not None, f"{path.name}: no '# expect winner' line"
    return Expected(new, scored, winner)


def parts(path: Path) -> list[tuple[list[str], list[tuple[str, str, str]]]]:
    """The file cut where boards are expected: (lines to record, boards expected after them)."""
    out: list[tuple[list[str], list]] = [([], [])]
    for line in path.read_text(encoding="utf-8").splitlines():
        if match := BOARD.match(line):
            out[-1][1].append(match.groups())
        elif out[-1][1]:
            out.append(([line], []))
        else:
            out[-1][0].append(line)
    return out


def record_lines(path: Path) -> list[str]:
    """The file's lines of the record: no comments, no blank lines."""
    return [line for line in path.read_text(encoding="utf-8").splitlines()
            if line.strip() and not line.lstrip().startswith("#")]


def held(text: str) -> tuple[Counter, int, dict]:
    """``4 coin, 1 worker:g; ship 3; citizens 4 aa 5 i``: resources, ship, citizen rows."""
    resources, ship, citizens = (part.strip() for part in text.split(";"))
    counts = Counter()
    for item in resources.split(","):
        n, name = item.split()
        counts[name] += int(n)
    words = citizens.split()[1:]
    rows = {int(words[i]): tuple({"a": "active", "i": "inactive"}[s] for s in words[i + 1])
            for i in range(0, len(words), 2)}
    return counts, int(ship.split()[1]), rows
