"""The two-player cycle of the game record's worked example (shared/examples/game-record-cycle-1.md),
as data: the set-up boards and forum, the record of cycle I, the boards it must leave, the
answers of its scoring phase and what `game show` then gives. Played through the table
screen by tests/test_table_screen.py (the keys below are what a player types there).
"""

from __future__ import annotations

GAME = "example"
PLAYERS = ("Ann", "Bob")
CARDS = "I-2,II-1,III-4"

ANN = '''name = "Ann"
colonia = """
?   ?   ?   ?   ?   ?
?   T   ?   ?   ?   ?
?   ?   ?   ?   ?   T
?   ?   ?   ?   ?   T
?   ?   ?   T   ?   ?
?   ?   ?   ?   ?   ?
"""
[cranes]
A1 = "orange"
F1 = "green"
A6 = "blue"
F6 = "yellow"
[citizens]
2 = ["active"]
[supply]
coins = 1
tribunes = 1
builders = 1
assistants = 1
workers = { blue = 0, green = 0, orange = 1, yellow = 0 }
ship = 0
[tracks]
library = 0
basilica = 0
market = 0
'''

BOB = '''name = "Bob"
colonia = """
?   ?   ?   T   ?   ?
?   T   T   ?   ?   ?
?   ?   ?   ?   ?   ?
?   ?   ?   ?   ?   T
?   ?   ?   ?   ?   ?
?   ?   ?   ?   ?   ?
"""
[cranes]
A1 = "yellow"
F1 = "green"
A6 = "orange"
F6 = "blue"
[citizens]
3 = ["active"]
[supply]
coins = 1
tribunes = 1
builders = 1
assistants = 1
workers = { blue = 1, green = 0, orange = 0, yellow = 0 }
ship = 0
[tracks]
library = 0
basilica = 0
market = 0
'''

FORUM = '''players = { 1 = "Ann", 2 = "Bob" }
grid = """
E     o     g     o     E     y     g
E     E     y     E     y     o     o
y     b     g     E     y     g     y
E     E     g     y     y     y     b
y     y     o     b     o     g     g
"""
'''

RECORD = [
    'round I.1: streets 2 4',
    'Ann: take C4 B6; use received: worker:y; build lib B6 pay builder take 1 worker y',
    'Bob: take E2 E4; use own: citizen 3 bonus tribune; build mkt E2 pay builder',
    'round I.2: streets 5 F',
    'Bob: take F6 A5; use both: 2 worker:o / assistant; build b A5 pay worker:b',
    'Ann: take F2 B5; use received: citizen 2 bonus assistant; build lib B5 pay worker:y worker:y take 2',
    'round I.3: streets 5 6',
    'Ann: take E6 E5; use received: citizen 5; build o+bas E5 E6 pay builder worker:o envoy C5 bonus coin assistant',
    'Bob: take E5 A6; use received: citizen 5; build lib E5 pay worker:o worker:o worker g',
    'round I.4: streets B D',
    'Bob: take D6 B6; use received: builder; pass',
    'Ann: take D1 A4; use received: worker:b; pass',
]

ANN_AFTER = '''name = "Ann"
colonia = """
?   ?   ?   .   ?   ?
?   T   ?   ?   ?   .
?   ?   ?   ?   ?   T
.   ?   .   ?   ?   T
?   lib ?   T   o   ?
?   lib ?   ?   bas ?
"""
[cranes]
A1 = "orange"
F1 = "green"
A6 = "blue"
F6 = "yellow"
[citizens]
2 = ["active", "active"]
5 = ["active"]
[supply]
coins = 2
tribunes = 0
builders = 0
assistants = 5
workers = { blue = 1, green = 0, orange = 0, yellow = 0 }
ship = 3
[tracks]
library = 2
basilica = 1
market = 0
'''

BOB_AFTER = '''name = "Bob"
colonia = """
?   ?   ?   T   ?   ?
?   T   T   ?   mkt ?
?   ?   ?   ?   ?   ?
?   ?   ?   ?   .   T
b   ?   ?   ?   lib ?
Ko  .   ?   .   ?   Kb
"""
[cranes]
A1 = "yellow"
F1 = "green"
A6 = "orange"
F6 = "blue"
[citizens]
3 = ["active", "active"]
5 = ["active"]
[supply]
coins = 2
tribunes = 1
builders = 1
assistants = 2
workers = { blue = 0, green = 1, orange = 0, yellow = 0 }
ship = 3
[tracks]
library = 1
basilica = 0
market = 1
'''

FORUM_AFTER = '''players = { 1 = "Ann", 2 = "Bob" }
grid = """
E     o     g     o     E     y     g
E     E     y     E     y     o     o
y     b     g     E     y     g     y
E     E     g     y     y     y     b
y     y     o:1   b     o     g     g
"""
'''

ANSWERS = '''[Ann]
area_points = 12
trajan_value = 7
[Bob]
area_points = 1
trajan_value = 5
'''

#: What `trajan game show example --json` gives for cycle I after the scoring (the example's).
SCORES = {"Ann": {"play": 0, "cranes": 0, "colonia": 4, "eagles": 0, "area": 12, "trajan": 7},
          "Bob": {"play": 0, "cranes": 3, "colonia": 3, "eagles": 0, "area": 0, "trajan": 5}}

#: The keys typed on the table screen for the record above, line by line (a key per word;
#: "enter", "down" are keys by name). Each comment says what the screen asked.
KEYS = [
    "2 4",  # round I.1: the two street cards
    # Ann: C4 (column C alone fits two streets: C then 4), B6 elsewhere (B2 is a temple: B
    # waits, 6 completes it); the received tile's yellow worker; a library on B6 (B alone:
    # the only open space in column B); payment: the builder (the suggestion); its worker
    # yellow; Enter records.
    "C 4 B 6 w y enter i B enter y enter",
    # Bob: E2 then E4 (row 4 is the street left: E alone); own tile: citizen 3, second in
    # its row: bonus tribune; a market on E2, the space marked first; Enter records.
    "E 2 E o 3 t m enter enter",
    "5 F",  # round I.2
    # Bob: F6 (row 6 lies only on street F: 6 alone), A5; both tiles: 2 orange workers / an
    # assistant; blue on A5 (marked: F6 is a corner); payment: the blue worker; no envoy can
    # go (the ship is empty); Enter records.
    "6 A w o w o / a enter b enter enter enter",
    # Ann: F2, B5; citizen 2 (second: bonus assistant); a library on B5; the benefit-track
    # space reached (2, a builder: the suggestion); payment 2 yellow workers (the suggestion).
    "F 2 B 2 a i B enter enter enter",
    "5 6",  # round I.3
    # Ann: E6, E5; citizen 5; the double tile orange + basilica on E5 and below it E6; pay
    # builder + orange worker; the envoy on C5 (C alone: the only square on offer in
    # column C); it completes an area: with Patrician II two bonuses, coin and assistant.
    "E 6 E 5 o + s E 5 down enter C c a enter",
    # Bob: E5, A6; citizen 5; a library on E5 (marked); payment 2 orange workers; worker green.
    "E 5 A 5 i enter enter g enter",
    "B D",  # round I.4
    "D 6 B 6 b enter enter",  # Bob: D6, B6; a builder; Enter records without a build
    "D 1 A 4 w b enter enter",  # Ann: D1, A4 elsewhere (A waits: no street offers column A)
    # The scoring phase: Ann's and Bob's rows (every row: the suggestion), Ann's area points
    # 12, the Trajan values 7 and 5.
    "enter enter 1 2 enter 7 5",
]
