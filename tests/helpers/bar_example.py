"""The slide bar of test_scoring_from_box.py and test_box_in_games.py: a MADE-UP prestige
track and bar (nothing printed only on the components is shipped or used), and the worked
example's cycle I with Ann's bar moved on to a cypress: 20 spaces whose points read 10, 11,
..., 29 and whose Trajan values read 3 (spaces 0-6), 5 (7-13), 7 (14-19); cypresses at
positions 5 and 10."""

from trajan_cli.core.box import BarFace, BarSide, Box, PrestigeTrack

CARDS = ("I-2", "II-1", "III-4")
#: Made up (see the module's docstring).
TRACK = PrestigeTrack(points=tuple(range(10, 30)), trajan=(3,) * 7 + (5,) * 7 + (7,) * 6,
                      cypresses=frozenset({5, 10}))
#: Made up: the basic side shows 1-8 (8 meaning 8 or more) from its second slot, the head on
#: the first; the turned side shows 1-7 from its third slot, the head on its fourth.
BASIC = BarSide(sizes=(None, 1, 2, 3, 4, 5, 6, 7, 8), head=0, open_ended=True)
TURNED = BarSide(sizes=(None, None, 1, 2, 3, 4, 5, 6, 7), head=3, open_ended=True)
BOX = Box(track=TRACK, bar={BarFace.BASIC: BASIC, BarFace.TURNED: TURNED})

#: Ann's bar: two upgrades, the second on to the cypress at 5 (Merchant I active, the bar
#: turned): position 5. Her largest area is 1 envoy: the turned side's 1 (slot 2) lies over
#: space 7 (17 points); its head (slot 3) under space 8 (Trajan 5). Bob's bar is at its
#: start, turned over by the Merchant I of his set-up: the head under space 3 (Trajan 3);
#: Bob has no envoy in the forum.
ANN_BAR = "; prestige 2 turned cypress 2"
ANN_AREA, ANN_TRAJAN, BOB_TRAJAN = 17, 5, 3
PAY = [[2, 5], [3, 5]]  # each player's rows: every row, the suggestion
