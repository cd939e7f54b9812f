"""A Trajan (2011) game for two (Ann and Bob) in quick counts: the answers of its four
quarter ends (S. 9) and of each player's final scoring (S. 9), worked out by hand in the
comments. Played by tests/test_classic_walkthrough.py and used as a finished Trajan game by
the show, log, export, snapshot and stats tests.
"""

from __future__ import annotations

from trajan_cli.core.game import TRAJAN, Game

Q1 = ["bread,games,religion",
      "quick", 12, 1, 1, 0, 0,   # Ann: marker 12; bread 1, games 1, religion 0; no joker: -4
      "quick", 9, 0, 0, 0, 1,    # Bob: marker 9; nothing but one joker: -9
      3, 2, 1, 4]                # senate: Ann 3 + 2, Bob 1 + 4: level, Ann ahead on the track
Q2 = ["bread,bread,bread",
      "quick", 20, 3,            # Ann meets all three
      "quick", 15, 2, 0,         # Bob two of three: -4
      2, 0, 2, 0, "Bob"]         # level on votes and track: Bob's disc on top
Q3 = ["games,games,religion",
      "quick", 30, 2, 1,
      "quick", 25, 0, 0, 3,      # three jokers meet everything
      6, 0, 4, 5]                # Bob 9, Ann 6
Q4 = ["bread,games,religion",
      "quick", 40, 1, 1, 1,
      "quick", 40, 1, 1, 1,
      5, 0, 5, 0, "Ann"]         # level again: Ann's disc on top
FINAL_ANN = ["quick", 6, 2, 0, 1, [3, 1], 1,            # 9 one-pointers; baths + joker: 20
             2, "city_workers:yellow", "commodity:gray",
             4, 2, 1]                                   # 4 city workers; 2 cards + 1 joker x 2
FINAL_BOB = ["quick", 0, 0, 0, 0, [4], 0,
             3, "needs:yellow", "legionaries:gray", "yellow_tiles:yellow",
             1, 4]                                      # needs 9, legionaries 4, 2 yellow tiles x 3


def trajan_game(**changes) -> Game:
    setup = dict(name="t", players=("Ann", "Bob"), start_player="Ann", variant=TRAJAN)
    setup.update(changes)
    return Game(**setup)
