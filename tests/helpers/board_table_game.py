"""A three-player game kept in board mode through three cycles (issue 14), worked out by hand.

Shared by tests/test_e2e_boards_pty.py (the real ``trajan`` in a pseudo-terminal, and the
same game through ``--answers --no-input``) and bench/board_mode.py (typed answers counted).

The group records the boards once (``board import``), records some builds as they happen
(``trajan build ... --envoy CELL``), and before each scoring imports the boards as they
stand after round 4 (new Colonia tiles taken, the resources gained in the cycle). At each
scoring the table types only the marker, the slide-bar values and the rows to pay (every
row, the suggestion, unless the coins fall short). In cycle II Cleo's coins are corrected at the table: in the board
editor (the pty run) or as a ``pay.board`` answer (the answers run).

Every expected number below is derived from the rules, not read off the tool:
cranes 3/2/1 points per structure of the crane's colour in cycles I/II/III (p. 27);
colonia rows: different gray types x 1/2/3 for 0/1/2 active citizens in the row (p. 27);
citizens: 1 coin per row with citizens, unpaid rows turn inactive (p. 27); eagles: 2 per
envoy on an eagle space, else 1 orthogonally beside one, else (Patrician I active) 1
diagonally beside one (interface.md); the area and Trajan values are read on the slide
bar (typed); Trajan card = (building + collecting fulfilments) x value (p. 28).
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

GAME = "boards3"
PLAYERS = ("Ann", "Bob", "Cleo")
CARDS = "I-1,II-3,III-4"

# Forum: 8 x 3 squares. Eagles on C1, H1, E2, G3. Colour areas: blue {A1 B1 A2}, {E3 F3};
# green {D1 E1 D2 D3 C3}; orange {F1 G1 F2}, {H3}; yellow {B2 C2 B3}, {G2 H2}.
# At the start Ann has A1 B1, Bob D1 D2, Cleo F1 F2 (marks A, Bo, C: "B" would be blue).
FORUM = '''players = { A = "Ann", Bo = "Bob", C = "Cleo" }
grid = """
b:A b:A E   g:Bo g   o:C o   E
b   y   y   g:Bo E   o:C y   y
-   y   g   g   b   b   E   o
"""
'''

# The boards as they stand after round 4 of each cycle, before that cycle's builds below.
SHEETS: dict[int, dict[str, str]] = {
    1: {
        # Temples B2 D3 E4 C5; cranes A1 blue (uncovered), F1 green, A6 orange, F6 yellow.
        "Ann": '''name = "Ann"
colonia = """
Kb  lib b   .   ?   ?
.   T   g   ?   ?   ?
?   ?   ?   T   ?   ?
?   ?   ?   ?   T   ?
?   ?   T   ?   ?   ?
?   ?   ?   ?   ?   ?
"""
[cranes]
A1 = "blue"
F1 = "green"
A6 = "orange"
F6 = "yellow"
[citizens]
1 = ["active"]
[supply]
coins = 2
tribunes = 1
builders = 1
workers = { blue = 1 }
ship = 3
[tracks]
library = 1
''',
        # Temples C2 E3 B4 D5; cranes A1 green, F1 orange (uncovered), A6 yellow, F6 blue.
        "Bob": '''name = "Bob"
colonia = """
?   ?   ?   ?   .   Ko
?   ?   T   col o   o
?   ?   ?   ?   T   .
?   T   ?   ?   ?   ?
?   ?   ?   T   ?   ?
?   ?   ?   ?   ?   ?
"""
[cranes]
A1 = "green"
F1 = "orange"
A6 = "yellow"
F6 = "blue"
[citizens]
3 = ["active"]
5 = ["active"]
[supply]
coins = 1
builders = 1
ship = 3
''',
        # Temples D2 B3 C4 E5; cranes A1 yellow, F1 blue, A6 green (uncovered), F6 orange.
        "Cleo": '''name = "Cleo"
colonia = """
?   ?   ?   ?   ?   ?
?   ?   .   T   ?   ?
?   T   mkt o   bas ?
?   ?   T   ?   ?   ?
?   ?   ?   ?   T   ?
Kg  g   .   ?   ?   ?
"""
[cranes]
A1 = "yellow"
F1 = "blue"
A6 = "green"
F6 = "orange"
[citizens]
2 = ["active"]
6 = ["active", "active"]
[supply]
coins = 3
tribunes = 2
workers = { orange = 1 }
ship = 3
[tracks]
market = 1
basilica = 1
''',
    },
    2: {
        # The green crane F1 uncovered, E1 and D2 taken; a Patrician II joined.
        "Ann": '''name = "Ann"
colonia = """
K   lib b   mkt .   Kg
b   T   g   .   ?   ?
?   ?   ?   T   ?   ?
?   ?   ?   ?   T   ?
?   ?   T   ?   ?   ?
?   ?   ?   ?   ?   ?
"""
[citizens]
1 = ["active"]
2 = ["active"]
[supply]
coins = 2
tribunes = 1
builders = 1
workers = { yellow = 1 }
ship = 2
[tracks]
library = 1
market = 1
''',
        "Bob": '''name = "Bob"
colonia = """
?   ?   ?   .   lib K
?   .   T   col o   o
?   ?   .   .   T   .
?   T   ?   ?   ?   ?
?   ?   ?   T   ?   ?
?   ?   ?   ?   ?   ?
"""
[citizens]
3 = ["active"]
4 = ["active"]
5 = ["inactive"]
[supply]
coins = 3
builders = 1
assistants = 1
workers = { green = 2 }
ship = 3
[tracks]
library = 1
''',
        "Cleo": '''name = "Cleo"
colonia = """
?   ?   .   .   ?   Kb
?   ?   o   T   ?   ?
?   T   mkt o   bas ?
?   ?   T   ?   ?   ?
?   ?   ?   ?   T   ?
K   g   .   ?   ?   ?
"""
[citizens]
2 = ["active"]
6 = ["active", "active"]
[supply]
coins = 1
tribunes = 2
workers = { blue = 1, yellow = 1 }
ship = 2
[tracks]
basilica = 1
market = 1
''',
    },
    3: {
        # The orange crane A6 uncovered; three more libraries (A4, B4, A5): the library
        # track finished (4, p. 24).
        "Ann": '''name = "Ann"
colonia = """
K   lib b   mkt col K
b   T   g   y   .   ?
?   ?   ?   T   .   ?
lib lib ?   ?   T   ?
lib ?   T   ?   ?   ?
Ko  ?   ?   ?   ?   ?
"""
[citizens]
1 = ["active"]
2 = ["active"]
[supply]
coins = 3
builders = 2
assistants = 1
ship = 1
[tracks]
library = 4
market = 1
''',
        "Bob": '''name = "Bob"
colonia = """
?   ?   ?   bas lib K
?   .   T   col o   o
?   ?   g   g   T   .
?   T   ?   ?   ?   ?
?   ?   ?   T   ?   ?
Ky  ?   ?   ?   ?   Kb
"""
[citizens]
3 = ["active"]
4 = ["active"]
5 = ["active"]
[supply]
coins = 1
tribunes = 1
assistants = 1
workers = { yellow = 1 }
ship = 1
[tracks]
library = 1
basilica = 1
''',
        "Cleo": '''name = "Cleo"
colonia = """
?   ?   b   y   ?   K
?   ?   o   T   ?   ?
?   T   mkt o   bas ?
?   ?   T   ?   ?   ?
?   ?   ?   ?   T   ?
K   g   .   ?   ?   ?
"""
[citizens]
2 = ["active"]
6 = ["active", "active"]
[supply]
coins = 2
tribunes = 2
builders = 1
assistants = 1
[tracks]
basilica = 1
market = 1
''',
    },
}

# Builds recorded as they happen: (player, tile, cells, envoy squares). Each envoy square
# is the one the rules leave (p. 25: a started, unfinished colour area is used first).
BUILDS: dict[int, list[tuple[str, str, list[str], list[str]]]] = {
    1: [("Ann", "mkt", ["D1"], []),
        ("Ann", "b", ["A2"], ["A2"]),  # blue area {A1 B1 A2} is started: A2
        ("Bob", "lib", ["E1"], []),
        ("Cleo", "o", ["C2"], ["G1"])],  # orange area {F1 G1 F2} is started: G1
    2: [("Ann", "col", ["E1"], []),
        ("Ann", "y", ["D2"], ["B2"]),  # no yellow area started yet: B2
        ("Bob", "bas", ["D1"], []),
        ("Bob", "g+g", ["C3", "D3"], ["E1", "D3"]),  # green area started by Bob
        ("Cleo", "b", ["C1"], ["F3"]),  # {A1 B1 A2} is full: the other blue area
        ("Cleo", "y", ["D1"], ["C2"])],  # yellow area {B2 C2 B3} started by Ann
    3: [("Ann", "bas", ["E2"], []),
        ("Ann", "mkt", ["E3"], []),
        ("Bob", "y", ["B2"], ["B3"]),  # {B2 C2 B3}: B3 is left
        ("Cleo", "col", ["C6"], [])],
}

#: The one change made at the table while scoring: cycle II, Cleo had 4 coins, not 1.
TABLE_EDIT = {"cycle": 2, "player": "Cleo", "coins": 4}

# What the table reads and types (interface.md, "Answers given ahead").
TYPED: dict[int, dict[str, dict]] = {
    1: {"Ann": {"marker": 5, "area_points": 3, "trajan_value": 3},
        "Bob": {"marker": 4, "pay": [3], "area_points": 2},
        "Cleo": {"marker": 6, "area_points": 3, "trajan_value": 5}},
    2: {"Ann": {"marker": 31, "area_points": 5},
        "Bob": {"marker": 20, "area_points": 5},
        "Cleo": {"marker": 33, "area_points": 5, "trajan_value": 7}},
    3: {"Ann": {"marker": 50, "area_points": 5, "trajan_value": 5},
        "Bob": {"marker": 35, "pay": [3], "area_points": 5},
        "Cleo": {"marker": 58, "area_points": 5}},
}

# The expected points, worked out by hand: player -> cycle -> category.
GOLDEN: dict[str, dict[int, dict[str, int]]] = {
    "Ann": {
        # I: marker 5. Builds mkt D1 (builder) and b A2 (blue worker, envoy A2). Pays row 1
        #    with 2 coins, 1 left. Blue crane A1: blue C1 A2 = 2 x 3 = 6. Row 1: lib + mkt =
        #    2 types x 2 (1 active) = 4. Envoys A1 B1 A2, Patrician I active: B1 beside C1 = 1;
        #    group of 3 -> 3 read. I-1: C1 b between B1 lib and D1 mkt = 1, tribune + coin
        #    = 1: 2 x 3 = 6.
        1: {"play": 5, "cranes": 6, "colonia": 4, "eagles": 1, "area": 3, "trajan": 6},
        # II: marker 31 - 25 = 6. Builds col E1, y D2 (envoy B2). Pays rows 1, 2 with 2
        #    coins. Green crane F1: green C2 = 1 x 2 = 2. Row 1: lib mkt col = 3 x 2 = 6.
        #    B1 beside C1, B2 diagonal to C1 (Patrician I) = 2; group A1 B1 A2 B2 = 4 -> 5.
        #    II-3: blue, green, yellow only -> 0 building; no worker -> 0 collecting.
        2: {"play": 6, "cranes": 2, "colonia": 6, "eagles": 2, "area": 5, "trajan": 0},
        # III: marker 50 - 46 = 4. Builds bas E2, mkt E3. Pays rows 1, 2 with 3 coins, 1
        #    left. Orange crane A6: no orange structure = 0. Row 1: 3 x 2 = 6; row 2: bas
        #    x 2 = 2; row 3: mkt x 1 = 1; row 4: lib x 1 = 1; row 5: lib x 1 = 1 -> 11.
        #    Forum unchanged: 2, group 4 -> 5. III-4: E1 col / E2 bas / E3 mkt = 1; library
        #    finished (four libraries) + assistant + coin = 1: 2 x 5.
        3: {"play": 4, "cranes": 0, "colonia": 11, "eagles": 2, "area": 5, "trajan": 10},
    },
    "Bob": {
        # I: marker 4. Builds lib E1. Rows 3 and 5, 1 coin: pays row 3 (asked), row 5 goes
        #    inactive. Orange crane F1: orange E2 F2 = 2 x 3 = 6. Row 1: lib x 1; row 2: col
        #    x 1 -> 2. D1 beside C1, D2 beside E2 = 2; group 2 -> 2. I-1: E2 o has col left
        #    but a structure right -> 0; no tribune -> 0.
        1: {"play": 4, "cranes": 6, "colonia": 2, "eagles": 2, "area": 2, "trajan": 0},
        # II: marker 20 - 16 = 4. Builds bas D1, g+g C3 D3 (envoys E1, D3). Rows 3 4 5,
        #    3 coins: all paid. No crane shows its colour. Row 1: bas lib = 2 x 1; row 2:
        #    col x 1 -> 3. D1 D2 E1 beside eagles, D3 not = 3; group D1 E1 D2 D3 = 4 -> 5.
        #    II-3: orange and green only -> 0; no worker left -> 0.
        2: {"play": 4, "cranes": 0, "colonia": 3, "eagles": 3, "area": 5, "trajan": 0},
        # III: marker 35 - 31 = 4. Builds y B2 (envoy B3). Rows 3 4 5, 1 coin: pays row 3
        #    (asked). Yellow crane A6: yellow B2 = 1 x 1; blue crane F6: none = 0 -> 1.
        #    Rows 1, 2 as before -> 3. Eagles 3 (B3 touches none), group 4 -> 5. III-4: no
        #    three different grays in a column, no track finished -> 0.
        3: {"play": 4, "cranes": 1, "colonia": 3, "eagles": 3, "area": 5, "trajan": 0},
    },
    "Cleo": {
        # I: marker 6. Builds o C2 (envoy G1). Rows 2 and 6, 3 coins: paid, 1 left. Green
        #    crane A6: green B6 = 1 x 3 = 3. Row 3: mkt bas = 2 x 1 = 2. F2 beside E2, G1
        #    beside H1 = 2; group F1 G1 F2 = 3 -> 3. I-1: D3 o between C3 mkt and E3 bas =
        #    1, tribune + coin = 1: 2 x 5 = 10.
        1: {"play": 6, "cranes": 3, "colonia": 2, "eagles": 2, "area": 3, "trajan": 10},
        # II: marker 33 - 26 = 7. Builds b C1 (envoy F3), y D1 (envoy C2); coins corrected to
        #    4 at the table: rows 2, 6 paid, 2 left. Blue crane F1: blue C1 = 1 x 2 = 2. Row
        #    3: 2 x 1 = 2. G1 F2 F3 C2 each beside an eagle = 4; group F1 G1 F2 F3 = 4 -> 5.
        #    II-3: blue C1, orange C2, yellow D1, green B6 = 1; no column -> 0: 1 x 7 = 7.
        2: {"play": 7, "cranes": 2, "colonia": 2, "eagles": 4, "area": 5, "trajan": 7},
        # III: marker 58 - 53 = 5. Builds col C6. Rows 2, 6 with 2 coins: paid. No crane
        #    shows its colour. Row 3: 2 x 1; row 6: col x 3 (2 active) -> 5. Eagles 4, group
        #    4 -> 5. III-4: no vertical three grays, no track finished -> 0.
        3: {"play": 5, "cranes": 0, "colonia": 5, "eagles": 4, "area": 5, "trajan": 0},
    },
}

#: After cycle I, II and III.
RUNNING = {1: {"Ann": 25, "Bob": 16, "Cleo": 26},
           2: {"Ann": 46, "Bob": 31, "Cleo": 53},
           3: {"Ann": 78, "Bob": 47, "Cleo": 72}}
WINNER = "Ann"


def golden_total(player: str, upto: int) -> int:
    return sum(sum(GOLDEN[player][c].values()) for c in range(1, upto + 1))


def set_up(trajan: Callable[..., str], folder: Path) -> None:
    """A new game with the three boards of cycle I and the forum recorded."""
    trajan("game", "new", GAME, *(a for p in PLAYERS for a in ("-p", p)), "--cards", CARDS)
    forum = folder / "forum.toml"
    forum.write_text(FORUM, encoding="utf-8")
    trajan("board", "import", GAME, "--forum", str(forum))


def play_cycle(trajan: Callable[..., str], folder: Path, cycle: int) -> None:
    """Round 4 of ``cycle`` is over: import the boards as they stand, record the builds."""
    for player, text in SHEETS[cycle].items():
        path = folder / f"{player.lower()}-{cycle}.toml"
        path.write_text(text, encoding="utf-8")
        trajan("board", "import", GAME, "--player", player, str(path))
    for player, tile, cells, envoys in BUILDS[cycle]:
        extra = [a for cell in envoys for a in ("--envoy", cell)]
        trajan("build", GAME, "--player", player, tile, *cells, *extra, "--pay", "1", "--json")


def answers_toml(cycle: int, edited_board: str | None = None) -> str:
    """The answers file for one scoring run; ``edited_board``: the corrected board of
    TABLE_EDIT's player, given as that player's ``pay.board`` answer."""
    lines = []
    for player, answers in TYPED[cycle].items():
        lines.append(f"[{player}]")
        lines += [f"{key} = {value!r}" for key, value in answers.items()]
        if edited_board is not None and player == TABLE_EDIT["player"]:
            assert "'''" not in edited_board
            lines += [f'[{player}."pay.board"]', f"text = '''{edited_board}'''"]
        lines.append("")
    return "\n".join(lines)


def corrected_board(sheet_toml: str) -> str:
    """TABLE_EDIT applied to a board shown as TOML (``board show --json``)."""
    lines = sheet_toml.splitlines(keepends=True)
    fixed = [f"coins = {TABLE_EDIT['coins']}\n" if line.startswith("coins = ") else line
             for line in lines]
    assert fixed != lines
    return "".join(fixed)


def cycle_one(cli, folder: Path) -> None:
    """The game set up and cycle I's boards and builds recorded, through the in-process
    ``cli`` fixture (TRAJAN_HOME already set)."""

    def trajan(*args: str) -> str:
        done = cli(*args)
        assert done.code == 0, done.err
        return done.out

    set_up(trajan, folder)
    play_cycle(trajan, folder, 1)


def play_to_the_end(trajan: Callable[..., str], folder: Path) -> list[str]:
    """The whole game through the command line, scored with answers given ahead and no
    terminal (the table edit as a ``pay.board`` answer); what each scoring run printed."""
    import json

    set_up(trajan, folder)
    printed = []
    for cycle in (1, 2, 3):
        play_cycle(trajan, folder, cycle)
        edited = None
        if cycle == TABLE_EDIT["cycle"]:
            shown = json.loads(trajan("board", "show", GAME, "--player", TABLE_EDIT["player"], "--json"))
            edited = corrected_board(shown["sheet"])
        answers = folder / f"answers-{cycle}.toml"
        answers.write_text(answers_toml(cycle, edited), encoding="utf-8")
        printed.append(trajan("score", "--game", GAME, "--answers", str(answers), "--no-input"))
    return printed


def run_in_process(*args: str) -> tuple[int, str]:
    """``trajan ARGS`` through the CLI's entry point in this process: exit status, output."""
    import contextlib
    import io

    from trajan_cli.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(out):
        try:
            main(list(args))
            code = 0
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else 0
    return code, out.getvalue()


def played_in(folder: Path, **environment: str):
    """A context: the game played to its end in ``folder`` (TRAJAN_HOME, and the other
    ``environment`` variables, set while it lasts); yields what each scoring run printed.
    For module-scoped fixtures, which cannot use monkeypatch."""
    import contextlib
    import os

    @contextlib.contextmanager
    def context():
        settings = {"TRAJAN_HOME": str(folder / "games"), **environment}
        saved = {key: os.environ.get(key) for key in settings}
        os.environ.update(settings)

        def trajan(*args: str) -> str:
            code, out = run_in_process(*args)
            assert code == 0, f"trajan {' '.join(args)}: {out}"
            return out

        try:
            yield play_to_the_end(trajan, folder)
        finally:
            for key, value in saved.items():
                if value is None:
                    os.environ.pop(key, None)
                else:
                    os.environ[key] = value

    return context()
