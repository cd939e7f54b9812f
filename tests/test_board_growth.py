"""A recorded board only grows (interface.md "Boards kept in the game"): one test per rule,
each with its rulebook page, plus properties over random boards."""

import dataclasses

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.core.board import (
    BoardRule,
    blank_sheet,
    cell_change_problem,
    citizens_problem,
    forum_growth_problems,
    forum_square_problem,
    growth_problems,
    is_setup,
    sheet_problems,
    state_problems,
)
from trajan_cli.core.colonia import COVERED, SCORED_CRANE, TEMPLE, VACATED, crane, gray, structure
from trajan_cli.core.forum import Forum, ForumSquare
from trajan_cli.core.sheet import Supply
from trajan_cli.core.vocabulary import CitizenState, Colour, GrayType, Track
from trajan_cli.render.board_text import problem_text

from helpers.board_strategies import forums, grown, played, recorded_sheets
from helpers.hypothesis_profiles import scaled

A1, F1, A6, F6 = (0, 0), (5, 0), (0, 5), (5, 5)
B2, C1, C2, C3, D1, E2 = (1, 1), (2, 0), (2, 1), (2, 2), (3, 0), (4, 1)
LIB = gray(GrayType.LIBRARY)
BLUE = structure(Colour.BLUE)
ACTIVE, INACTIVE = CitizenState.ACTIVE, CitizenState.INACTIVE


def with_cells(sheet, **changes):
    """``with_cells(tom, C1=LIB)``: the sheet with those spaces changed."""
    from trajan_cli.core.vocabulary import parse_square_name

    colonia = sheet.colonia
    for name, cell in changes.items():
        colonia = colonia.replace(parse_square_name(name), cell)
    return dataclasses.replace(sheet, colonia=colonia)


def rules(before, after):
    return [(p.rule, p.square or p.row or p.key) for p in growth_problems(before, after)]


# --- The colonia, one rule at a time (Tom's board, examples/tom.toml) -------------------


def test_unchanged_board_and_plain_growth_pass(tom):
    # C1 vacated -> library; E1 covered -> vacated; A1 covered -> tile taken, crane colour up.
    after = with_cells(tom, C1=LIB, E1=VACATED)
    after = dataclasses.replace(after, colonia=after.colonia.replace(A1, crane(Colour.BLUE)))
    assert growth_problems(tom, tom) == []
    assert growth_problems(tom, after) == []


def test_recorded_temple_never_moves_p19(tom):
    assert rules(tom, with_cells(tom, B2=VACATED)) == [(BoardRule.TEMPLE_MOVED, B2)]
    assert rules(tom, with_cells(tom, E1=TEMPLE)) == [(BoardRule.TEMPLE_MOVED, (4, 0))]


def test_temple_never_built_over_p22(tom):
    assert rules(tom, with_cells(tom, B2=LIB)) == [(BoardRule.TEMPLE_BUILT, B2)]


def test_taken_tile_never_goes_back_p20(tom):
    assert rules(tom, with_cells(tom, C1=COVERED)) == [(BoardRule.TILE_RETURNED, C1)]


@pytest.mark.parametrize("now", [VACATED, COVERED, BLUE])
def test_built_space_never_changes_or_empties_p22(tom, now):
    assert rules(tom, with_cells(tom, D1=now)) == [(BoardRule.BUILT_CHANGED, D1)]


def test_uncovered_crane_never_covered_again_p22(tom):
    assert rules(tom, with_cells(tom, F1=COVERED)) == [(BoardRule.CRANE_COVERED, F1)]
    assert rules(tom, with_cells(tom, A6=COVERED)) == [(BoardRule.CRANE_COVERED, A6)]


def test_scored_crane_stays_colourless_p27(tom):
    scored = with_cells(tom, F1=SCORED_CRANE)
    assert rules(tom, scored) == []
    assert rules(scored, tom) == [(BoardRule.CRANE_RECOLOURED, F1)]


def test_corner_keeps_its_crane_colour_p19(tom):
    recorded = dataclasses.replace(tom, crane_colours={A1: Colour.BLUE})
    assert rules(recorded, with_cells(recorded, A1=crane(Colour.YELLOW))) == [
        (BoardRule.CRANE_COLOUR, A1)]
    assert rules(recorded, dataclasses.replace(recorded, crane_colours={A1: Colour.YELLOW})) == [
        (BoardRule.CRANE_COLOUR, A1)]


def test_citizens_never_leave_a_row_p26(tom):
    fewer = dataclasses.replace(tom, citizens={**tom.citizens, 5: (ACTIVE,)})
    assert rules(tom, fewer) == [(BoardRule.CITIZEN_LEFT, 5)]
    # Unpaid citizens turn inactive and paid ones come back (pp. 26-27): that is no leaving.
    turned = dataclasses.replace(tom, citizens={**tom.citizens, 5: (INACTIVE, INACTIVE),
                                                6: (ACTIVE,)})
    assert rules(tom, turned) == []


def test_benefit_track_markers_follow_the_buildings_p24(tom):
    """Each library, basilica or market built moves its marker one space, up to 4 (p. 24)."""
    assert dict(tom.tracks) == {Track.LIBRARY: 4, Track.BASILICA: 3, Track.MARKET: 2}
    assert with_cells(tom, C1=gray(GrayType.BASILICA)).tracks[Track.BASILICA] == 4
    assert with_cells(tom, C1=gray(GrayType.MARKET)).tracks[Track.MARKET] == 3
    assert with_cells(tom, C1=LIB).tracks[Track.LIBRARY] == 4  # five, six libraries: still 4


# --- What only a scoring phase changes (pp. 26-27) ---------------------------------------


def states(before, after, done=True):
    return [(p.rule, p.square or p.row) for p in state_problems(before, after, first_scoring_done=done)]


def test_a_crane_turns_colourless_only_in_a_scoring_phase_p27(tom):
    assert states(tom, with_cells(tom, F1=SCORED_CRANE)) == [(BoardRule.CRANE_TURNED, F1)]
    assert states(tom, with_cells(tom, A1=SCORED_CRANE)) == [(BoardRule.CRANE_TURNED, A1)]
    assert states(tom, with_cells(tom, A1=crane(Colour.BLUE))) == []  # uncovered: colour side up


def test_no_crane_is_colourless_at_the_set_up_before_the_first_scoring_p27(tom):
    assert states(None, tom, done=False) == [(BoardRule.CRANE_TURNED, A6),
                                             (BoardRule.CITIZEN_UNPAID, 6)]
    assert states(None, tom, done=True) == []  # a game joined in cycle III (p. 28)


def test_a_citizen_turns_inactive_only_when_not_paid_at_a_scoring_p27(tom):
    unpaid = dataclasses.replace(tom, citizens={**tom.citizens, 3: (INACTIVE,)})
    assert states(tom, unpaid) == [(BoardRule.CITIZEN_UNPAID, 3)]
    text = problem_text(state_problems(tom, unpaid, first_scoring_done=True)[0])
    assert text == ("row 3 (Merchant I): was active, now inactive; a citizen turns inactive only "
                    "when it is not paid in a scoring phase (p. 27)")


def test_an_inactive_citizen_is_active_again_only_when_joined_p26(tom):
    back = dataclasses.replace(tom, citizens={**tom.citizens, 6: (ACTIVE,)})
    assert states(tom, back) == [(BoardRule.CITIZEN_REACTIVATED, 6)]
    joined = dataclasses.replace(tom, citizens={**tom.citizens, 6: (ACTIVE, ACTIVE)})
    assert states(tom, joined) == []  # the second citizen makes the first active (p. 26)
    half = dataclasses.replace(tom, citizens={**tom.citizens, 6: (INACTIVE, ACTIVE)})
    assert states(tom, half) == [(BoardRule.CITIZEN_PLACED, 6)]
    two_off = dataclasses.replace(tom, citizens={**tom.citizens, 6: (INACTIVE, INACTIVE)})
    assert states(tom, two_off) == [(BoardRule.CITIZEN_PLACED, 6)]
    new_off = dataclasses.replace(tom, citizens={**tom.citizens, 1: (INACTIVE,)})
    assert states(tom, new_off) == [(BoardRule.CITIZEN_PLACED, 1)]


@settings(max_examples=scaled(100), deadline=None)
@given(data=st.data())
def test_play_between_scorings_passes_and_any_state_change_is_refused(data):
    before = data.draw(recorded_sheets())
    after = data.draw(played(before))
    assert state_problems(before, after, first_scoring_done=True) == []
    changed = data.draw(grown(after))
    turned = any(changed.colonia.at(sq).crane_scored and not after.colonia.at(sq).crane_scored
                 for sq in (A1, F1, A6, F6))
    toggled = any(len(changed.citizens.get(r, ())) == len(after.citizens.get(r, ()))
                  and changed.citizens.get(r, ()) != after.citizens.get(r, ())
                  or len(changed.citizens.get(r, ())) > len(after.citizens.get(r, ()))
                  and INACTIVE in changed.citizens.get(r, ()) for r in range(1, 7))
    assert bool(state_problems(after, changed, first_scoring_done=True)) == (turned or toggled)


def test_every_problem_is_listed_with_cell_old_new_and_page(tom):
    after = with_cells(tom, B2=VACATED, C1=COVERED, D1=BLUE)
    after = dataclasses.replace(after, citizens={})
    found = growth_problems(tom, after)
    assert len(found) == 3 + 4  # cells, citizen rows
    texts = [problem_text(p) for p in found]
    assert texts[:3] == [
        "C1: was ., now ?; a Colonia tile once taken never goes back (p. 20)",
        "D1: was lib, now b; a built space never changes or empties (p. 22)",
        "B2: was T, now .; temples are printed on the board: typed once at set-up, they never "
        "move (p. 19)",
    ]
    assert "row 5 (Craftsman I): was 2, now 0" in texts[5]
    assert texts[-1].startswith("row 6 (Craftsman II): was 1, now 0; citizens never leave")


def test_problem_pages_follow_the_edition(tom):
    from trajan_cli.i18n import set_language

    set_language("de")
    (problem,) = growth_problems(tom, with_cells(tom, C1=COVERED))
    assert "S. 4)" in problem_text(problem)


# --- Set-up: the first record places the temples and the crane colours (p. 19) ----------


def test_first_record_places_temples_and_crane_colours(tom):
    blank = blank_sheet("Tom")
    assert is_setup(blank) and is_setup(None) and not is_setup(tom)
    assert growth_problems(blank, tom) == []
    assert growth_problems(None, tom) == []


def test_crane_colours_may_change_only_while_setting_up_p19(tom):
    blank = dataclasses.replace(blank_sheet("Tom"), crane_colours={A1: Colour.BLUE})
    chosen = dataclasses.replace(blank, crane_colours={A1: Colour.GREEN})
    assert growth_problems(blank, chosen) == []
    recorded = dataclasses.replace(tom, crane_colours={A1: Colour.BLUE})
    changed = dataclasses.replace(tom, crane_colours={A1: Colour.YELLOW})
    assert rules(recorded, changed) == [(BoardRule.CRANE_COLOUR, A1)]


def test_temples_only_at_set_up_p19(tom):
    blank = blank_sheet("Tom")
    assert cell_change_problem(blank, blank, B2, TEMPLE) is None
    assert cell_change_problem(tom, tom, (4, 0), TEMPLE).rule is BoardRule.TEMPLE_MOVED


def test_a_fifth_temple_is_refused_at_set_up_p19(tom):
    blank = blank_sheet("Tom")
    four = with_cells(blank, B2=TEMPLE, C2=TEMPLE, C3=TEMPLE, E2=TEMPLE)
    problem = cell_change_problem(blank, four, D1, TEMPLE)
    assert problem.rule is BoardRule.TEMPLE_COUNT and problem.page == 19
    assert cell_change_problem(blank, four, B2, TEMPLE) is None  # already there


def test_saved_board_has_exactly_four_temples_p19():
    blank = blank_sheet("Tom")
    three = with_cells(blank, B2=TEMPLE, C2=TEMPLE, C3=TEMPLE)
    assert [p.rule for p in sheet_problems(three)] == [BoardRule.TEMPLE_COUNT]
    assert sheet_problems(with_cells(three, E2=TEMPLE)) == []


# --- One edit at a time (the editor) ----------------------------------------------------


@pytest.mark.parametrize("new, rule", [
    (LIB, BoardRule.CORNER_BUILT), (BLUE, BoardRule.CORNER_BUILT),
    (TEMPLE, BoardRule.TEMPLE_ON_CORNER), (VACATED, BoardRule.CORNER_VACATED),
])
def test_corners_hold_cranes_never_buildings_p22(tom, new, rule):
    problem = cell_change_problem(tom, tom, A1, new)
    assert problem.rule is rule and problem.page in (19, 22)


def test_building_on_a_temple_is_refused_p22(tom):
    assert cell_change_problem(tom, tom, B2, LIB).rule is BoardRule.TEMPLE_BUILT


def test_crane_only_in_corners_p19(tom):
    assert cell_change_problem(tom, tom, C1, crane(None)).rule is BoardRule.CRANE_OFF_CORNER


def test_uncovering_a_crane_of_another_corners_colour_is_refused_p19(tom):
    problem = cell_change_problem(tom, tom, A1, crane(Colour.GREEN))
    assert problem.rule is BoardRule.CRANE_TWICE
    assert problem_text(problem) == ("A1: the green crane lies at F1 already; each colonia has "
                                     "one crane per colour (p. 19)")


def test_edits_are_judged_against_the_recorded_board_not_the_edited_one(tom):
    # E1 was covered when recorded: library then vacated again in the same edit is fine.
    edited = with_cells(tom, E1=LIB)
    assert cell_change_problem(tom, edited, (4, 0), VACATED) is None
    assert cell_change_problem(tom, edited, (4, 0), COVERED) is None
    assert cell_change_problem(tom, tom, D1, VACATED).rule is BoardRule.BUILT_CHANGED


def test_citizens_one_edit_at_a_time(tom):
    assert citizens_problem(tom, 5, (ACTIVE,)).rule is BoardRule.CITIZEN_LEFT
    assert citizens_problem(tom, 5, (ACTIVE,) * 3).rule is BoardRule.ROW_FULL
    assert citizens_problem(tom, 1, (ACTIVE,)) is None
    assert citizens_problem(tom, 5, (INACTIVE,) * 2).rule is BoardRule.CITIZEN_UNPAID
    assert citizens_problem(tom, 6, (ACTIVE, ACTIVE)) is None
    assert citizens_problem(None, 6, (INACTIVE,)).rule is BoardRule.CITIZEN_UNPAID  # set-up
    assert citizens_problem(None, 6, (INACTIVE,), first_scoring_done=True) is None


def test_board_on_its_own(tom):
    bad = dataclasses.replace(with_cells(tom, A1=LIB, C1=crane(None)),
                              supply=Supply(coins=-1), citizens={2: (ACTIVE,) * 3})
    assert {p.rule for p in sheet_problems(bad)} == {
        BoardRule.CORNER_BUILT, BoardRule.CRANE_OFF_CORNER, BoardRule.NEGATIVE, BoardRule.ROW_FULL}
    assert sheet_problems(tom) == []


# --- Properties over random boards ------------------------------------------------------


@settings(max_examples=scaled(100), deadline=None)
@given(data=st.data())
def test_any_growth_passes(data):
    before = data.draw(recorded_sheets())
    after = data.draw(grown(before))
    assert growth_problems(before, after) == []


@settings(max_examples=scaled(100), deadline=None)
@given(data=st.data())
def test_going_back_from_a_grown_board_is_refused_whenever_anything_changed(data):
    before = data.draw(recorded_sheets())
    after = data.draw(grown(before))
    changed_cells = before.colonia != after.colonia
    changed_counts = any(len(before.citizens.get(r, ())) != len(after.citizens.get(r, ()))
                         for r in range(1, 7)) or before.tracks != after.tracks
    found = growth_problems(after, before)
    assert bool(found) == (changed_cells or changed_counts)


# --- The forum: layout fixed at set-up (p. 18), envoys stay (p. 25) ---------------------


def sq(colour, envoy=None):
    return ForumSquare(colour, envoy)


def forum(*rows, players=None):
    return Forum(grid=tuple(tuple(r) for r in rows), players=players or {"T": "Tom", "A": "Ann"})


Y, G, E = Colour.YELLOW, Colour.GREEN, None
LAID = forum([sq(Y, "T"), sq(Y), sq(E)], [None, sq(G), sq(G, "A")])


def frules(before, after):
    return [(p.rule, p.square) for p in forum_growth_problems(before, after)]


def test_forum_set_up_lays_out_anything():
    assert forum_growth_problems(None, LAID) == []
    assert forum_growth_problems(Forum(grid=()), LAID) == []


def test_forum_needs_squares_p18():
    assert frules(None, Forum(grid=((None,),))) == [(BoardRule.NO_SQUARES, None)]


def test_envoys_are_added_freely(tom_forum):
    more = forum([sq(Y, "T"), sq(Y, "A"), sq(E, "T")], [None, sq(G, "T"), sq(G, "A")])
    assert forum_growth_problems(LAID, more) == []


def test_forum_layout_never_changes_p18():
    recoloured = forum([sq(Y, "T"), sq(G), sq(E)], [None, sq(G), sq(G, "A")])
    filled = forum([sq(Y, "T"), sq(Y), sq(E)], [sq(G), sq(G), sq(G, "A")])
    wider = forum([sq(Y, "T"), sq(Y), sq(E), sq(Y)], [None, sq(G), sq(G, "A"), None])
    assert frules(LAID, recoloured) == [(BoardRule.LAYOUT_CHANGED, (1, 0))]
    assert frules(LAID, filled) == [(BoardRule.LAYOUT_CHANGED, (0, 1))]
    assert frules(LAID, wider) == [(BoardRule.LAYOUT_CHANGED, (3, 0))]
    texts = [problem_text(p) for p in forum_growth_problems(LAID, filled)]
    assert texts == ["A2: was a gap, now green; the forum layout is fixed once it is laid out (p. 18)"]


def test_envoys_never_leave_their_square_p25():
    gone = forum([sq(Y), sq(Y), sq(E)], [None, sq(G), sq(G, "T")])
    assert frules(LAID, gone) == [(BoardRule.ENVOY_LEFT, (0, 0)), (BoardRule.ENVOY_LEFT, (2, 1))]
    assert problem_text(forum_growth_problems(LAID, gone)[1]) == (
        "C2: was Ann, now Tom; an envoy never leaves its square (p. 25)")


def test_envoys_are_compared_by_player_not_by_mark():
    renamed = forum([sq(Y, "t"), sq(Y), sq(E)], [None, sq(G), sq(G, "an")],
                    players={"t": "Tom", "an": "Ann"})
    assert forum_growth_problems(LAID, renamed) == []


def test_forum_single_edits():
    assert forum_square_problem(LAID, LAID, (1, 0), sq(Y, "A")) is None
    assert forum_square_problem(LAID, LAID, (0, 0), sq(Y)).rule is BoardRule.ENVOY_LEFT
    assert forum_square_problem(LAID, LAID, (0, 1), sq(G)).rule is BoardRule.LAYOUT_CHANGED
    assert forum_square_problem(None, LAID, (0, 1), sq(G)) is None


@settings(max_examples=scaled(100), deadline=None)
@given(before=forums(envoys=False), data=st.data())
def test_placing_envoys_on_a_laid_out_forum_always_passes(before, data):
    marks = list(before.players)
    grid = tuple(tuple(None if s is None else sq(s.colour, data.draw(st.sampled_from([None, *marks])))
                       for s in row) for row in before.grid)
    after = Forum(grid=grid, players=before.players)
    problems = forum_growth_problems(before, after)
    assert problems == [] or [p.rule for p in problems] == [BoardRule.NO_SQUARES]
