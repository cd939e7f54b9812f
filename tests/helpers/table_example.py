"""The two-player cycle of the game record's worked example (tests/records/game-record-cycle-1.md,
from shared/examples), read from that file: the set-up boards and forum, the record of cycle
I, the boards it must leave and the answers of its scoring phase; with what `game show`
then gives and the keys that play it on the table screen (tests/test_table_screen.py).
"""

from __future__ import annotations

import re
from pathlib import Path

GAME = "example"
PLAYERS = ("Ann", "Bob")
CARDS = "I-2,II-1,III-4"
EXAMPLE = Path(__file__).resolve().parent.parent / "records" / "game-record-cycle-1.md"

_BLOCKS = [body for _kind, body in re.findall(r"```(\w*)\n(.*?)```", EXAMPLE.read_text(), re.S)]
ANN, BOB, FORUM, _RECORD, ANN_AFTER, BOB_AFTER, FORUM_AFTER, ANSWERS = _BLOCKS[:8]
RECORD = _RECORD.strip().splitlines()

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
    # Bob: E2 then E4 (row 4 is the street left: E alone); own tile: citizen 3 (Enter ends
    # what the tile shows), second in its row: bonus tribune; a market on E2, the space
    # marked first; Enter records.
    "E 2 E o 3 enter t m enter enter",
    "5 F",  # round I.2
    # Bob: F6 (row 6 lies only on street F: 6 alone), A5; both tiles: 2 orange workers / an
    # assistant; blue on A5 (marked: F6 is a corner); payment: the blue worker; an envoy may
    # go (the set-up's, or the own tile just put on the ship): n, none; Enter records.
    "6 A w o w o / a enter b enter enter n enter",
    # Ann: F2, B5; citizen 2 (second: bonus assistant); a library on B5; payment 2 yellow
    # workers (the suggestion); the benefit-track space reached (2, a builder: the suggestion).
    "F 2 B 2 enter a i B enter enter enter",
    "5 6",  # round I.3
    # Ann: E6, E5 (E alone takes E5 once E6 is taken; the 5 typed after it only finishes
    # the cell's name); citizen 5; the double tile orange + basilica on E5 and below it
    # E6; pay builder + orange worker; the envoy on C5 (C alone: the only square on offer
    # in column C); it completes an area: with Patrician II two bonuses, coin and assistant.
    "E 6 E 5 5 enter o + s E 5 down enter C c a enter",
    # Bob: E5, A6; citizen 5; a library on E5 (marked); payment 2 orange workers; worker green.
    "E 5 A 5 enter i enter enter g enter",
    "B D",  # round I.4
    "D 6 B 6 b enter enter",  # Bob: D6, B6; a builder; Enter records without a build
    "D 1 A 4 w b enter enter",  # Ann: D1, A4 elsewhere (A waits: no street offers column A)
    # The scoring phase: Ann's and Bob's rows (every row: the suggestion), Ann's area points
    # 12, the Trajan values 7 and 5.
    "enter enter 1 2 enter 7 5",
]
