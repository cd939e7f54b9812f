"""The box's pure model (core/box.py): the slide bar read and moved, faces laid.

The values below are made up for the tests: the printed components are never shipped as
fact. They are chosen so that the rulebook's worked example holds (p. 28: Tom's bar shows
its "7" above the value 9, and its Trajan head below the value 7).
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.core.box import (
    BarSide,
    Box,
    ColoniaSide,
    MosaicFace,
    Placement,
    PrestigeTrack,
    area_points,
    bar_position,
    bar_problems,
    face_problems,
    last_position,
    lay_forum,
    side_problems,
    track_problems,
    trajan_value,
    turned_face,
)
from trajan_cli.core.forum import ForumSquare
from trajan_cli.core.vocabulary import Colour

# A made-up track of 20 spaces: points 0, 1, 2, ... and Trajan values 3 / 5 / 7 by thirds.
TRACK = PrestigeTrack(points=tuple(range(20)), trajan=(3,) * 7 + (5,) * 7 + (7,) * 6,
                      cypresses=frozenset({4, 8, 12}))
# A made-up bar side: sizes 1-8 on slots 0-7, "8 or more", the head over slot 2.
BAR = BarSide(sizes=(1, 2, 3, 4, 5, 6, 7, 8), head=2, open_ended=True)


def test_the_bar_starts_at_the_left_end_p19():
    assert bar_position(0, (), TRACK, BAR) == 0
    assert area_points(TRACK, BAR, 0, 3) == 2  # the "3" lies over the third space


def test_an_upgrade_moves_the_bar_one_space_right_p21():
    assert [bar_position(n, (), TRACK, BAR) for n in range(5)] == [0, 1, 2, 3, 4]
    assert area_points(TRACK, BAR, 2, 3) == 4


def test_with_merchant_i_an_upgrade_moves_the_bar_on_to_the_next_cypress_p26():
    # upgrades 2 and 3 went to the next cypress: 0 -> 1 -> 4 -> 8 -> 9
    assert bar_position(4, (2, 3), TRACK, BAR) == 9
    # from a cypress, the next one further right
    assert bar_position(2, (1, 2), TRACK, BAR) == 8


def test_past_the_last_cypress_an_upgrade_moves_one_space():
    narrow = BarSide(sizes=(1, 2), head=0)  # ends at 18
    assert bar_position(5, (1, 2, 3, 4, 5), TRACK, narrow) == 14  # 4, 8, 12, then 13, 14


def test_the_bar_never_moves_past_the_track_s_end():
    end = last_position(TRACK, BAR)
    assert end == 12
    assert bar_position(30, (), TRACK, BAR) == end


def test_the_worked_example_of_the_rulebook_p28():
    # Tom's "7" lies above 9 and his Trajan head below 7: with this made-up box, position 3.
    assert area_points(TRACK, BAR, 3, 7) == 9
    # and his head over a 7 needs the bar further on
    assert trajan_value(TRACK, BAR, 12) == 7


def test_an_area_larger_than_the_bar_shows_scores_as_its_last_size_when_open_ended():
    assert area_points(TRACK, BAR, 0, 11) == area_points(TRACK, BAR, 0, 8) == 7
    closed = BAR._replace(open_ended=False)
    assert area_points(TRACK, closed, 0, 11) is None  # the box cannot tell: the players read it


def test_no_envoy_scores_no_area_points():
    assert area_points(TRACK, BAR, 5, 0) == 0


def test_a_value_off_the_track_is_not_read():
    short = PrestigeTrack(points=(0, 1, 2), trajan=(3, 3, 5))
    assert area_points(short, BAR, 0, 5) is None
    assert trajan_value(short, BarSide((1,), head=4), 0) is None


@given(st.integers(0, 40), st.sets(st.integers(1, 40)))
def test_the_bar_only_moves_right_and_stays_on_the_track(upgrades, jumps):
    positions = [bar_position(n, jumps, TRACK, BAR) for n in range(upgrades + 1)]
    assert positions == sorted(positions)
    assert all(0 <= p <= last_position(TRACK, BAR) for p in positions)
    for n in range(1, upgrades + 1):
        before, after = positions[n - 1], positions[n]
        if before == last_position(TRACK, BAR):
            assert after == before
        elif n in jumps and any(c > before for c in TRACK.cypresses):
            assert after == min(min(c for c in TRACK.cypresses if c > before), last_position(TRACK, BAR))
        else:
            assert after == before + 1


# --- Faces laid into a forum ---------------------------------------------------------------

B, G, E = ForumSquare(Colour.BLUE), ForumSquare(Colour.GREEN), ForumSquare(None)
FACE_1A = MosaicFace("1a", ((B, B, E), (G, None, G)))
FACE_2A = MosaicFace("2a", ((G, G, G), (E, B, B)))
BOX = Box(faces={"1a": FACE_1A, "2a": FACE_2A})


def test_faces_laid_side_by_side_make_one_forum_p18():
    forum, problems = lay_forum(BOX, [Placement("1a", (0, 0)), Placement("2A", (3, 0))])
    assert problems == []
    assert forum.grid == ((B, B, E, G, G, G), (G, None, G, E, B, B))


def test_a_face_turned_half_round():
    assert turned_face(FACE_1A) == ((G, None, G), (E, B, B))
    assert turned_face(MosaicFace("x", turned_face(FACE_1A))) == FACE_1A.grid


def test_faces_that_overlap_an_unknown_face_and_a_face_laid_twice_are_all_refused():
    forum, problems = lay_forum(BOX, [Placement("1a", (0, 0)), Placement("2a", (2, 0)),
                                      Placement("9z", (0, 5)), Placement("1A", (0, 9))])
    assert forum is None
    texts = [p.text.format(**p.params) for p in problems]
    assert "face 2a covers C1, which another face covers" in texts
    assert "the box knows no face 9z" in texts
    assert "face 1a is laid twice" in texts


def test_offset_faces_leave_gaps():
    forum, _ = lay_forum(BOX, [Placement("1a", (0, 0)), Placement("2a", (1, 2))])
    assert forum.height == 4 and forum.width == 4
    assert forum.at((0, 2)) is None and forum.at((1, 2)) == G


# --- What a box may hold -------------------------------------------------------------------


def test_a_side_shows_four_temples_none_on_a_corner_p19():
    assert side_problems(ColoniaSide("A", frozenset({(1, 1), (2, 3), (4, 2), (3, 4)}))) == []
    problems = side_problems(ColoniaSide("A", frozenset({(0, 0), (2, 3), (4, 2)})))
    assert [p.show() for p in problems] == ["a side shows 3 temples, not 4",
                                            "A1 is a corner, where a crane lies, not a temple"]


def test_a_face_has_squares_and_no_envoy():
    assert face_problems(FACE_1A) == []
    assert face_problems(MosaicFace("x", ((None,),)))
    assert face_problems(MosaicFace("x", ((ForumSquare(Colour.BLUE, "Ann"),),)))


def test_a_track_s_rows_match_and_its_trajan_values_are_the_rules_p28():
    assert track_problems(TRACK, (3, 5, 7)) == []
    bad = PrestigeTrack(points=(0, 1), trajan=(3, 4, 5), cypresses=frozenset({9}))
    assert len(track_problems(bad, (3, 5, 7))) == 3


def test_a_bar_side_shows_each_size_once_and_its_head():
    assert bar_problems(BAR) == []
    assert len(bar_problems(BarSide((1, 1, None), head=5))) == 2


def test_the_box_finds_names_in_any_case_and_merges():
    box = Box(sides={"A": ColoniaSide("A", frozenset())})
    assert box.side("a") is not None
    merged = box.merged(BOX.with_track(TRACK))
    assert merged.face("1A") == FACE_1A and merged.track == TRACK and merged.side("A")


@pytest.mark.parametrize("name", ["1a", "1A"])
def test_a_face_replaced_by_its_name_in_any_case(name):
    box = BOX.with_face(MosaicFace(name, FACE_2A.grid))
    assert len(box.faces) == 2 and box.face("1a").grid == FACE_2A.grid
