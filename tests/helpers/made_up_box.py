"""A box of MADE-UP values shared by the box tests: none is read off the real components
(the tool ships no component facts, see trajan_cli/core/box.py)."""

from trajan_cli.core.box import BarFace, BarSide, Box, ColoniaSide, GroupBox, MosaicFace, Placement, PrestigeTrack
from trajan_cli.core.forum import ForumSquare
from trajan_cli.core.vocabulary import Colour

B, G, OR, Y = (ForumSquare(c) for c in (Colour.BLUE, Colour.GREEN, Colour.ORANGE, Colour.YELLOW))
E = ForumSquare(None)

# A made-up box: no value here is printed on the real components.
SIDE_A = ColoniaSide("A", frozenset({(1, 1), (4, 2), (2, 4), (3, 3)}))
SIDE_B1 = ColoniaSide("B1", frozenset({(3, 1), (1, 2), (2, 3), (4, 4)}))
FACE_1A = MosaicFace("1a", ((B, B, E), (G, None, G)))
FACE_2B = MosaicFace("2b", ((Y, OR), (OR, Y)))
TRACK = PrestigeTrack(points=(0, 1, 2, 3, 4, 5), trajan=(3, 3, 5, 5, 7, 7), cypresses=frozenset({2, 4}))
BASIC = BarSide((1, 2, 3), head=1, open_ended=True)
TURNED = BarSide((None, 1, 2), head=0, open_ended=True)
MADE_UP = Box({"A": SIDE_A, "B1": SIDE_B1}, {"1a": FACE_1A, "2b": FACE_2B}, TRACK,
              {BarFace.BASIC: BASIC, BarFace.TURNED: TURNED})
CRANES = (((0, 0), Colour.ORANGE), ((5, 0), Colour.GREEN), ((0, 5), Colour.BLUE), ((5, 5), Colour.YELLOW))
FORUM_3 = (Placement("1a", (0, 0)), Placement("2b", (3, 0), turned=True))
GROUP = GroupBox(MADE_UP, {"Ann": CRANES}, {3: FORUM_3})
