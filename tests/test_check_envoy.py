"""`check_envoys`: where an envoy may go in the forum (pp. 24-26)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.core.forum import Forum, ForumSquare
from trajan_cli.core.referee.envoy import (
    Placement,
    Via,
    check_envoys,
    completes_area,
    legal_squares,
    started_areas,
    violations_at,
)
from trajan_cli.core.referee.verdict import Rule
from trajan_cli.core.vocabulary import Colour, parse_square_name, square_name
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.render.referee import envoy_answer, envoy_report

from helpers.hypothesis_profiles import scaled

BLUE, GREEN, ORANGE, YELLOW = Colour

# Green: A1 B1 A2 (started by Anna at A2) and D2 C3 D3 (empty). Blue: C1 B2 C2.
# Orange: E1 E2. Yellow: A3. Eagles: D1, B3. E3 is a gap.
FORUM = '''
players = { T = "Tom", A = "Anna" }
grid = """
g    g    b    E    o
g:A  b    b    g    o
y    E    g    g    -
"""
'''


def forum(text: str = FORUM) -> Forum:
    return parse_forum(text)


def grid(rows: str) -> Forum:
    return parse_forum(f'players = {{ T = "Tom", A = "Anna" }}\ngrid = """\n{rows}\n"""\n')


def names(squares) -> list[str]:
    return [square_name(*sq) for sq in squares]


def sq(name: str):
    return parse_square_name(name)


def build(colour: Colour, **kw) -> Placement:
    return Placement(Via.BUILD, colour, **kw)


def rules_at(board, cell, placement, rules) -> list[Rule]:
    return [v.rule for v in violations_at(board, sq(cell), placement, rules)]


# --- Colour areas (p. 25) -------------------------------------------------------------------


def test_empty_colour_area_any_square_of_the_colour_p25(rules):
    assert names(legal_squares(forum(), build(BLUE), rules)) == ["C1", "B2", "C2"]
    assert names(legal_squares(forum(), build(ORANGE), rules)) == ["E1", "E2"]


def test_started_area_must_be_used_first_p25(rules):
    board = forum()
    assert names(legal_squares(board, build(GREEN), rules)) == ["A1", "B1"]
    [violation] = violations_at(board, sq("D2"), build(GREEN), rules)
    assert violation.rule is Rule.STARTED_AREA and violation.page.en == 25
    assert names(violation.details["areas"][0]) == ["A1", "B1", "A2"]
    assert names(violation.details["free"][0]) == ["A1", "B1"]


def test_started_area_counts_anyones_envoys_p25(rules):
    # Anna's envoy started the area; Tom must follow it all the same.
    assert [names(a) for a in map(sorted, started_areas(forum(), GREEN))] == [["A1", "A2", "B1"]]


def test_envoy_need_not_be_next_to_the_others_p25(rules):
    board = grid("g:A g g g")
    assert names(legal_squares(board, build(GREEN), rules)) == ["B1", "C1", "D1"]


def test_any_of_several_started_areas_p25(rules):
    board = grid("g:A  g    o    g:T  g    g")
    assert names(legal_squares(board, build(GREEN), rules)) == ["B1", "E1", "F1"]


def test_completed_area_does_not_bind_p25(rules):
    board = grid("g:A  g:T  o    g\no    o    o    g")
    assert started_areas(board, GREEN) == []
    assert names(legal_squares(board, build(GREEN), rules)) == ["D1", "D2"]


def test_area_across_board_edges_is_one_area_p25(rules):
    # The forum file lays the mosaic boards side by side: touching squares join areas.
    board = grid("b  b  g:A\no  o  g\no  o  g")
    assert names(legal_squares(board, build(GREEN), rules)) == ["C2", "C3"]


def test_wrong_colour_is_refused_p25(rules):
    assert rules_at(forum(), "C1", build(ORANGE), rules) == [Rule.WRONG_COLOUR]
    # Outside the started green area too: both rules are listed.
    assert rules_at(forum(), "C1", build(GREEN), rules) == [Rule.WRONG_COLOUR, Rule.STARTED_AREA]


def test_occupied_square_is_refused_p25(rules):
    violations = violations_at(forum(), sq("A2"), build(GREEN), rules)
    assert [v.rule for v in violations] == [Rule.SQUARE_TAKEN]
    assert violations[0].details["player"] == "Anna"


# --- Eagles (pp. 24-25) -----------------------------------------------------------------------


def test_never_an_eagle_when_building_p25(rules):
    assert rules_at(forum(), "D1", build(BLUE), rules) == [Rule.EAGLE]
    assert violations_at(forum(), sq("D1"), build(BLUE), rules)[0].page.en == 25


def test_third_library_step_any_empty_eagle_p24(rules):
    library = Placement(Via.LIBRARY)
    assert names(legal_squares(forum(), library, rules)) == ["D1", "B3"]
    [violation] = violations_at(forum(), sq("C1"), library, rules)
    assert violation.rule is Rule.NOT_EAGLE and violation.page.en == 24
    board = grid("E:T  E  g")
    assert names(legal_squares(board, library, rules)) == ["B1"]


def test_third_market_step_any_empty_coloured_square_p24(rules):
    market = Placement(Via.MARKET)
    assert names(legal_squares(forum(), market, rules)) == [
        "A1", "B1", "C1", "E1", "B2", "C2", "D2", "E2", "A3", "C3", "D3"]
    [violation] = violations_at(forum(), sq("B3"), market, rules)
    assert violation.rule is Rule.EAGLE and violation.page.en == 24
    assert rules_at(forum(), "A2", market, rules) == [Rule.SQUARE_TAKEN]


# --- Citizens (p. 26) and the ship (p. 25) ------------------------------------------------------


def test_patrician_i_ignores_the_started_area_p26(rules):
    placement = build(GREEN, patrician_i=True)
    assert names(legal_squares(forum(), placement, rules)) == ["A1", "B1", "D2", "C3", "D3"]
    # It does not lift the colour or the eagle rule.
    assert rules_at(forum(), "C1", placement, rules) == [Rule.WRONG_COLOUR]
    assert rules_at(forum(), "D1", placement, rules) == [Rule.EAGLE]


def test_no_envoy_on_the_ship_refuses_every_square_p25(rules):
    placement = build(BLUE, ship=0)
    assert legal_squares(forum(), placement, rules) == []
    assert rules_at(forum(), "C1", placement, rules) == [Rule.NO_ENVOY]
    verdict = check_envoys(forum(), "T", placement, rules)
    assert not verdict.legal and [v.rule for v in verdict.envoys[0].violations] == [Rule.NO_ENVOY]


def test_completing_an_area_gives_an_area_bonus_p25(rules):
    board = grid("g:A  g    o")
    verdict = check_envoys(board, "T", build(GREEN), rules, squares=(sq("B1"),))
    assert verdict.legal and verdict.completes_area and verdict.area_bonuses == 1
    assert names(sorted(verdict.envoys[0].completed_area)) == ["A1", "B1"]
    assert rules.area_bonus_choices == ("tribune", "assistant", "coin", "upgrade", "points")


def test_patrician_ii_takes_two_area_bonuses_p26(rules):
    board = grid("g:A  g    o")
    verdict = check_envoys(board, "T", build(GREEN, patrician_ii=True), rules,
                           squares=(sq("B1"),))
    assert verdict.completes_area and verdict.area_bonuses == 2


def test_no_completion_while_squares_stay_free_p25(rules):
    assert completes_area(forum(), sq("A1")) == frozenset()
    assert completes_area(grid("g"), sq("A1")) == {sq("A1")}  # a one-square area
    assert completes_area(grid("E"), sq("A1")) == frozenset()  # an eagle has no area


def test_illegal_placement_completes_nothing(rules):
    board = grid("g:A  g    o")
    verdict = check_envoys(board, "T", build(ORANGE), rules, squares=(sq("B1"),))
    assert not verdict.legal and not verdict.completes_area


# --- Two envoys of a double tile (p. 25; the second judged after the first) ----------------------


def test_second_envoy_follows_the_area_the_first_started_p25(rules):
    board = grid("g  g  o  g\no  o  o  g")
    verdict = check_envoys(board, "T", build(GREEN), rules, count=2)
    assert names(verdict.envoys[0].legal_squares) == ["A1", "B1", "D1", "D2"]
    after = {square_name(*first): names(second) for first, second in verdict.second_after}
    assert after == {"A1": ["B1"], "B1": ["A1"], "D1": ["D2"], "D2": ["D1"]}


def test_second_envoy_free_again_after_the_first_completes_an_area_p25(rules):
    board = grid("g  o  g  g")
    verdict = check_envoys(board, "T", build(GREEN), rules, squares=(sq("A1"),), count=2)
    assert verdict.envoys[0].completed_area == {sq("A1")}
    assert names(verdict.envoys[1].legal_squares) == ["C1", "D1"]


def test_two_cells_judged_one_after_the_other_p25(rules):
    board = grid("g  g  o  g\no  o  o  g")
    bad = check_envoys(board, "T", build(GREEN), rules, squares=(sq("A1"), sq("D1")), count=2)
    assert bad.envoys[0].legal and not bad.envoys[1].legal and not bad.legal
    assert [v.rule for v in bad.envoys[1].violations] == [Rule.STARTED_AREA]
    good = check_envoys(board, "T", build(GREEN), rules, squares=(sq("A1"), sq("B1")), count=2)
    assert good.legal and good.completes_area
    with_patrician = check_envoys(board, "T", build(GREEN, patrician_i=True), rules,
                                  squares=(sq("A1"), sq("D1")), count=2)
    assert with_patrician.legal


def test_second_envoy_anywhere_needs_a_second_one_on_the_ship_p25(rules):
    board = grid("g  g  g")
    verdict = check_envoys(board, "T", build(GREEN, ship=1), rules, count=2)
    first, second = verdict.envoys
    assert first.legal and names(first.legal_squares) == ["A1", "B1", "C1"]
    assert not second.legal and [v.rule for v in second.violations] == [Rule.NO_ENVOY]
    assert not verdict.legal
    assert check_envoys(board, "T", build(GREEN, ship=2), rules, count=2).legal


def test_no_square_left_for_the_second_envoy_p25(rules):
    verdict = check_envoys(grid("g:A  g  o"), "T", build(GREEN), rules, count=2)
    assert verdict.envoys[0].legal and not verdict.envoys[1].legal
    assert [v.rule for v in verdict.envoys[1].violations] == [Rule.NO_FREE_SQUARE]


def test_second_envoy_needs_a_second_one_on_the_ship_p25(rules):
    board = grid("g  g  g")
    verdict = check_envoys(board, "T", build(GREEN, ship=1), rules,
                           squares=(sq("A1"), sq("B1")), count=2)
    assert verdict.envoys[0].legal
    assert [v.rule for v in verdict.envoys[1].violations] == [Rule.NO_ENVOY]


def test_both_envoys_problems_are_listed(rules):
    verdict = check_envoys(forum(), "T", build(GREEN), rules, squares=(sq("A2"), sq("D1")),
                           count=2)
    assert [v.rule for v in verdict.envoys[0].violations] == [Rule.SQUARE_TAKEN]
    assert [v.rule for v in verdict.envoys[1].violations] == [Rule.EAGLE, Rule.STARTED_AREA]


def test_build_placement_needs_a_colour():
    with pytest.raises(ValueError):
        Placement(Via.BUILD)


# --- Random forums, against independent code ----------------------------------------------------

square_kinds = st.sampled_from([None, *Colour])  # None: an eagle space
forum_squares = st.one_of(
    st.none(),  # a gap
    st.builds(ForumSquare, square_kinds, st.sampled_from([None, None, "A", "T"])),
    st.builds(ForumSquare, st.sampled_from([GREEN, ORANGE]), st.sampled_from([None, None, "A"])),
)


@st.composite
def forums(draw) -> Forum:
    width, height = draw(st.integers(1, 7)), draw(st.integers(1, 5))
    rows = tuple(tuple(draw(forum_squares) for _ in range(width)) for _ in range(height))
    return Forum(rows, {"T": "Tom", "A": "Anna"})


placements = st.builds(
    Placement,
    st.sampled_from(list(Via)),
    st.sampled_from(list(Colour)),
    st.booleans(),
    st.booleans(),
    st.none() | st.integers(0, 2),
)


def my_areas(board: Forum, colour: Colour) -> list[set]:
    """Orthogonally connected squares of one colour, found without the referee's code."""
    cells = {(c, r) for r, row in enumerate(board.grid) for c, s in enumerate(row)
             if s is not None and s.colour is colour}
    areas = []
    while cells:
        todo, area = [cells.pop()], set()
        while todo:
            c, r = todo.pop()
            area.add((c, r))
            for n in ((c + 1, r), (c - 1, r), (c, r + 1), (c, r - 1)):
                if n in cells:
                    cells.remove(n)
                    todo.append(n)
        areas.append(area)
    return areas


def empty(board: Forum, square) -> bool:
    c, r = square
    return board.grid[r][c].envoy is None


def expected_legal(board: Forum, p: Placement) -> set:
    """The envoy rules of pp. 24-26 written out directly."""
    if p.ship == 0:
        return set()
    squares = {(c, r) for r, row in enumerate(board.grid) for c, s in enumerate(row)
               if s is not None and s.envoy is None}
    if p.via is Via.LIBRARY:
        return {s for s in squares if board.grid[s[1]][s[0]].colour is None}
    coloured = {s for s in squares if board.grid[s[1]][s[0]].colour is not None}
    if p.via is Via.MARKET:
        return coloured
    mine = {s for s in coloured if board.grid[s[1]][s[0]].colour is p.colour}
    started = [a for a in my_areas(board, p.colour)
               if any(not empty(board, s) for s in a) and any(empty(board, s) for s in a)]
    if started and not p.patrician_i:
        return {s for s in mine if any(s in a for a in started)}
    return mine


@settings(max_examples=scaled(300), deadline=None)
@given(board=forums(), placement=placements)
def test_legal_squares_follow_the_rules_p24_p26(rules, board, placement):
    legal = legal_squares(board, placement, rules)
    assert set(legal) == expected_legal(board, placement)
    for square in legal:  # always an empty square of an allowed kind
        target = board.at(square)
        assert target is not None and target.envoy is None
        if placement.via is Via.LIBRARY:
            assert target.is_eagle
        else:
            assert not target.is_eagle
        if placement.via is Via.BUILD:
            assert target.colour is placement.colour


@settings(max_examples=scaled(300), deadline=None)
@given(board=forums(), placement=placements, data=st.data())
def test_a_judged_square_agrees_with_the_legal_list(rules, board, placement, data):
    squares = [s for s, _ in board.squares()]
    if not squares:
        return
    square = data.draw(st.sampled_from(squares))
    found = violations_at(board, square, placement, rules)
    assert (not found) == (square in legal_squares(board, placement, rules))
    assert all(v.page.en in (24, 25) for v in found)
    assert len({v.rule for v in found}) == len(found)  # each rule once


@settings(max_examples=scaled(300), deadline=None)
@given(board=forums(), colour=st.sampled_from(list(Colour)), mark=st.sampled_from(["T", "A"]))
def test_legal_placement_satisfies_the_colour_rule_afterwards_p25(rules, board, colour, mark):
    placement = Placement(Via.BUILD, colour)
    started_before = [a for a in my_areas(board, colour)
                      if any(not empty(board, s) for s in a) and any(empty(board, s) for s in a)]
    for square in legal_squares(board, placement, rules):
        verdict = check_envoys(board, mark, placement, rules, squares=(square,))
        assert verdict.legal
        c, r = square
        rows = [list(row) for row in board.grid]
        rows[r][c] = ForumSquare(colour, mark)
        after = Forum(tuple(tuple(row) for row in rows), board.players)
        [area] = [a for a in my_areas(after, colour) if square in a]
        # The envoy stands on its colour, and in an area that was started before, if any was.
        assert after.grid[r][c].colour is colour
        if started_before:
            assert any(square in a for a in started_before)
        # completes_area exactly when no square of its area is left free.
        assert verdict.completes_area == all(not empty(after, s) for s in area)


@settings(max_examples=scaled(150), deadline=None)
@given(board=forums(), placement=placements.filter(lambda p: p.via is Via.BUILD))
def test_second_envoy_is_judged_on_the_forum_after_the_first(rules, board, placement):
    verdict = check_envoys(board, "T", placement, rules, count=2)
    firsts = [first for first, _ in verdict.second_after]
    assert firsts == list(verdict.envoys[0].legal_squares)
    reachable = {sq for _, second in verdict.second_after for sq in second}
    assert verdict.legal == bool(reachable)
    for first, second in verdict.second_after:
        c, r = first
        rows = [list(row) for row in board.grid]
        rows[r][c] = ForumSquare(board.grid[r][c].colour, "T")
        after = Forum(tuple(tuple(row) for row in rows), board.players)
        ship = None if placement.ship is None else placement.ship - 1
        fewer = Placement(placement.via, placement.colour, placement.patrician_i,
                          placement.patrician_ii, ship)
        assert set(second) == expected_legal(after, fewer)


@settings(max_examples=scaled(200), deadline=None)
@given(board=forums(), placement=placements, data=st.data())
def test_any_proposal_is_answered(rules, board, placement, data):
    """Never a crash: any squares, one or two envoys, answer and report made."""
    squares = [s for s, _ in board.squares()]
    count = 1 if placement.via is not Via.BUILD else data.draw(st.integers(1, 2))
    asked = tuple(data.draw(st.lists(st.sampled_from(squares), max_size=count))) if squares else ()
    verdict = check_envoys(board, "A", placement, rules, squares=asked, count=count)
    answer = envoy_answer(verdict, rules, [])
    assert json.loads(json.dumps(answer))["legal"] is verdict.legal
    assert len(answer["reasons"]) == sum(len(e.violations) for e in verdict.envoys)
    assert verdict.legal == (not answer["reasons"])  # every "no" says why
    assert envoy_report("Anna", verdict, rules, [], "")
