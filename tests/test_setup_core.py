"""The set-up as the rulebook does it (pp. 18-19), on the core: the record's ``box`` and
``set-up`` lines judged by GameState.apply, the boards and the forum they make, and their
notation read and written back.

The temples and faces below are made up for the tests (the components' printed values are
never shipped): side A's temples are those of the worked example's first board.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.core.box import BarFace, BarSide, Box, ColoniaSide, MosaicFace, Placement, PrestigeTrack
from trajan_cli.core.colonia import COVERED, TEMPLE
from trajan_cli.core.forum import ForumSquare
from trajan_cli.core.game import Message
from trajan_cli.core.setup import SetUpProblem, SetUpRule
from trajan_cli.core.sheet import Prestige
from trajan_cli.core.turns.moves import BoxLine, ForumSetUp, PlayerSetUp
from trajan_cli.core.vocabulary import Citizen, CitizenState, Colour
from trajan_cli.parsing.errors import InputError
from trajan_cli.parsing.notation import format_line, parse_line

from helpers.tables import ANN, play, refusal, table

SIDE_A = "box side A: temples B2 F3 F4 D5"
SIDE_B1 = "box side B1: temples C2 E2 B4 D5"
FACES = ("box face 1a: b b E / g o y / y y o", "box face 2a: g E b / o o y / b g E",
         "box face 3a: y b o / E g g / o y b", "box face 4a: b g y / y E o / g b o",
         "box face 5a: o o / E b / g y")
SET_UP_ANN = "set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 2; worker o"
SET_UP_BOB = "set-up Bob: side B1; cranes A1 y F1 g A6 o F6 b; citizen merchant-i; worker b"
FORUM_2P = "set-up forum: 1a A1; 2a D1; 3a A4"


def boxed(*lines: str, players: tuple[str, ...] = ("Ann", "Bob")):
    """A new game whose record describes side A, a side B and five faces."""
    return table(SIDE_A, SIDE_B1, *FACES, *lines, players=players)


def rules_of(refused) -> list[SetUpRule]:
    return [p.rule for p in refused.problems]


def only(refused, rule: SetUpRule, page: int) -> SetUpProblem:
    assert rules_of(refused) == [rule], refused.problems
    assert refused.problems[0].page == page
    return refused.problems[0]


# --- The facts of rules_data/setup.toml -----------------------------------------------------


def test_setup_facts_carry_their_pages_p18_p19(rules):
    """p. 19 item 7: 1 tribune, 1 builder, 1 assistant, 1 coin and one worker dealt; item 6
    the tile at the river (an envoy, a reading); items 3-5 the cranes, the citizen, the covered
    spaces; item 2 the bar basic side up; p. 18 item 3 the mosaic boards per player count."""
    setup = rules.setup
    assert setup.supply == {"tribune": 1, "builder": 1, "assistant": 1, "coin": 1}
    assert (setup.workers_dealt, setup.ship, setup.cranes_per_colour, setup.citizens_drawn) == (1, 1, 1, 1)
    assert setup.open_spaces == ("temple",)
    assert (setup.bar_side, setup.bar_upgrades) == ("basic", 0)
    assert setup.forum_faces == {2: 3, 3: 4, 4: 5}
    for topic in ("setup_supply", "setup_worker", "setup_ship", "setup_colonia", "setup_cranes",
                  "setup_citizen", "setup_slide_bar"):
        assert rules.page(topic).en == 19 and rules.page(topic).inferred
    for topic in ("setup_side", "setup_forum", "setup_start"):
        assert rules.page(topic).en == 18


# --- A player's board -------------------------------------------------------------------------


def test_a_set_up_makes_the_board_the_rulebook_describes_p19():
    """Field by field: the temples of the side open, every other space covered (the corners
    by their face-up tiles), the cranes as laid, the citizen drawn active on its row's left
    space, 1 tribune / builder / assistant / coin, the worker dealt, one envoy on the ship,
    the slide bar at its start on its basic side."""
    state = boxed()
    applied = play(state, SET_UP_ANN)
    assert applied.changed and format_line(applied.line) == SET_UP_ANN
    board = state.table.board("Ann")
    temples = {(1, 1), (5, 2), (5, 3), (3, 4)}
    for (col, row), cell in board.colonia.squares():
        assert cell == (TEMPLE if (col, row) in temples else COVERED), (col, row)
    assert dict(board.crane_colours) == {(0, 0): Colour.ORANGE, (5, 0): Colour.GREEN,
                                         (0, 5): Colour.BLUE, (5, 5): Colour.YELLOW}
    assert dict(board.citizens) == {2: (CitizenState.ACTIVE,)}
    supply = board.supply
    assert (supply.tribunes, supply.builders, supply.assistants, supply.coins, supply.ship) == (1, 1, 1, 1, 1)
    assert dict(supply.workers) == {Colour.BLUE: 0, Colour.GREEN: 0, Colour.ORANGE: 1, Colour.YELLOW: 0}
    assert board.prestige == Prestige(0, False)
    assert all(step == 0 for step in board.tracks.values())


def test_a_set_up_equals_the_board_line_of_the_worked_example_p19():
    """The worked example's first board, typed whole as a board line, is what its set-up
    line makes."""
    assert boxed(SET_UP_ANN).table.board("Ann") == table(f"board Ann: {ANN}").table.board("Ann")


def test_a_side_b_board_has_its_own_temples_p18():
    state = boxed(SET_UP_ANN)
    play(state, SET_UP_BOB)
    board = state.table.board("Bob")
    assert set(board.colonia.where(TEMPLE.kind)) == {(2, 1), (4, 1), (1, 3), (3, 4)}
    assert dict(board.citizens) == {Citizen.MERCHANT_I.row: (CitizenState.ACTIVE,)}
    assert board.supply.workers[Colour.BLUE] == 1


def test_a_set_up_comes_before_the_first_round_p18():
    state = boxed(SET_UP_ANN, FORUM_2P, "round I.1: streets 2 4")
    only(refusal(state, SET_UP_BOB), SetUpRule.STARTED, 18)


def test_a_game_joined_in_a_later_cycle_is_not_set_up_p18():
    state = table(SIDE_A, first_cycle=2)
    only(refusal(state, SET_UP_ANN), SetUpRule.STARTED, 18)


def test_a_player_is_set_up_once_p19():
    state = boxed(SET_UP_ANN)
    refused = refusal(state, SET_UP_ANN.replace("worker o", "worker y"))
    assert only(refused, SetUpRule.BOARD_RECORDED, 18).params["player"] == "Ann"


def test_a_player_with_a_board_line_is_not_set_up_again_p19():
    state = boxed(f"board Ann: {ANN}")
    only(refusal(state, SET_UP_ANN), SetUpRule.BOARD_RECORDED, 18)


def test_the_side_must_be_described_in_the_record_p18():
    state = table(SIDE_A)
    refused = refusal(state, SET_UP_BOB)
    assert only(refused, SetUpRule.SIDE_UNKNOWN, 18).params["side"] == "B1"


def test_a_side_is_found_in_any_case():
    state = boxed()
    play(state, SET_UP_BOB.replace("side B1", "side b1"))
    assert state.table.board("Bob") is not None


@pytest.mark.parametrize(("cranes", "what"), [
    ("A1 o F1 g A5 b F6 y", {"off_corner", "corner_missing"}),
    ("A1 o A1 g A6 b F6 y", {"corner_twice", "corner_missing"}),
    ("A1 o F1 g A6 b", {"corner_missing", "colour_count"}),
    ("A1 o F1 o A6 b F6 y", {"colour_count"}),
])
def test_each_corner_gets_one_crane_one_of_each_colour_p19(cranes, what):
    state = boxed()
    refused = refusal(state, SET_UP_ANN.replace("A1 o F1 g A6 b F6 y", cranes))
    assert set(rules_of(refused)) == {SetUpRule.CRANES}
    assert all(p.page == 19 for p in refused.problems)
    assert {p.params["what"] for p in refused.problems} == what


def test_the_citizen_lies_in_one_of_the_six_rows_p19():
    """The notation reads rows 1-6 only; a value built otherwise is refused by the rule."""
    state = boxed()
    line = parse_line(SET_UP_ANN)._replace(citizen=7)
    assert only(refusal(state, line), SetUpRule.CITIZEN_ROW, 19).params["row"] == 7


@pytest.mark.parametrize("row", [1, 2, 3, 4, 5, 6])
def test_the_citizen_drawn_may_lie_in_any_row_of_its_class_p19(row):
    """Each class has two rows; the tile drawn goes on the left space of either."""
    state = boxed()
    play(state, SET_UP_ANN.replace("citizen 2", f"citizen {row}"))
    assert dict(state.table.board("Ann").citizens) == {row: (CitizenState.ACTIVE,)}


def test_each_player_is_dealt_a_worker_of_another_colour_p19():
    state = boxed(SET_UP_ANN)
    refused = refusal(state, SET_UP_BOB.replace("worker b", "worker o"))
    problem = only(refused, SetUpRule.WORKER_TAKEN, 19)
    assert (problem.params["player"], problem.params["colour"]) == ("Ann", Colour.ORANGE)


def test_a_set_up_is_judged_whole_every_problem_p18_p19():
    state = boxed(SET_UP_ANN, FORUM_2P, "round I.1: streets 2 4")
    line = "set-up Ann: side C; cranes A1 o F1 o A6 b F6 y; citizen 2; worker o"
    assert set(rules_of(refusal(state, line))) == {
        SetUpRule.STARTED, SetUpRule.BOARD_RECORDED, SetUpRule.SIDE_UNKNOWN, SetUpRule.CRANES}


def test_a_set_up_for_someone_else_is_refused():
    state = boxed()
    refused = refusal(state, SET_UP_ANN.replace("Ann", "Zed"))
    assert isinstance(refused.problems[0], Message)


# --- The forum --------------------------------------------------------------------------------


def test_the_forum_is_the_faces_laid_p18():
    state = boxed()
    play(state, "set-up forum: 1a A1; 5a D1 turned; 2a A4")
    forum = state.table.forum
    b, g, o, y, e = (ForumSquare(Colour.BLUE), ForumSquare(Colour.GREEN), ForumSquare(Colour.ORANGE),
                     ForumSquare(Colour.YELLOW), ForumSquare(None))
    assert forum.grid == (
        (b, b, e, y, g),  # 5a turned (o o / E b / g y): its last row first, each row reversed
        (g, o, y, b, e),
        (y, y, o, o, o),
        (g, e, b, None, None),  # no face covers D4 to E6: gaps
        (o, o, y, None, None),
        (b, g, e, None, None),
    )


@pytest.mark.parametrize(("players", "faces"), [(("Ann", "Bob"), 3), (("Ann", "Bob", "Cleo"), 4),
                                                (("Ann", "Bob", "Cleo", "Dan"), 5)])
def test_the_number_of_mosaic_boards_follows_the_players_p18(players, faces):
    laid = ["1a A1", "2a D1", "3a A4", "4a D4", "5a G1"]
    state = boxed(players=players)
    for wrong in (faces - 1, faces + 1):
        if wrong <= 5:
            problem = only(refusal(state, "set-up forum: " + "; ".join(laid[:wrong])), SetUpRule.FACE_COUNT, 18)
            assert (problem.params["wanted"], problem.params["count"]) == (faces, wrong)
    play(state, "set-up forum: " + "; ".join(laid[:faces]))
    assert state.table.forum is not None


def test_faces_are_known_laid_once_and_do_not_overlap_p18():
    state = boxed()
    refused = refusal(state, "set-up forum: 1a A1; 9z D1; 1a A4")
    assert rules_of(refused) == [SetUpRule.FORUM_LAYOUT] * 2
    refused = refusal(state, "set-up forum: 1a A1; 2a C1; 3a A4")
    assert rules_of(refused) == [SetUpRule.FORUM_LAYOUT] * 3  # 2a's left column on C1 C2 C3
    assert all(p.page == 18 for p in refused.problems)


def test_the_forum_is_laid_once_p18():
    state = boxed(FORUM_2P)
    only(refusal(state, FORUM_2P), SetUpRule.FORUM_RECORDED, 18)


def test_the_forum_is_laid_before_the_first_round_p18():
    state = boxed(SET_UP_ANN, SET_UP_BOB, "round I.1: streets 2 4")
    assert SetUpRule.STARTED in rules_of(refusal(state, FORUM_2P))


# --- The box lines ----------------------------------------------------------------------------


def test_box_lines_gather_in_the_games_box():
    state = boxed("box track: points 0 1 2 3 4; trajan 3 3 5 5 7; cypress 3", "box bar basic: 1 2 3+; head 2")
    assert state.box.side("a").temples == frozenset({(1, 1), (5, 2), (5, 3), (3, 4)})
    assert state.box.face("5A").grid[1] == (ForumSquare(None), ForumSquare(Colour.BLUE))
    assert state.box.track == PrestigeTrack((0, 1, 2, 3, 4), (3, 3, 5, 5, 7), frozenset({2}))
    assert state.box.bar[BarFace.BASIC] == BarSide((1, 2, 3), 1, True)
    assert BarFace.TURNED not in state.box.bar


def test_a_box_fact_given_again_must_agree_naming_what_the_record_says():
    state = boxed()
    before = len(state.lines)
    assert play(state, "box side a: temples D5 B2 F3 F4").changed is False  # the same, not kept
    assert len(state.lines) == before
    problem = only(refusal(state, "box side A: temples B2 F3 F4 E5"), SetUpRule.BOX_DISAGREES, 18)
    assert problem.params["known"] == ColoniaSide("A", frozenset({(1, 1), (5, 2), (5, 3), (3, 4)}))
    only(refusal(state, "box face 1a: b b E / g o y / y y y"), SetUpRule.BOX_DISAGREES, 18)


def test_a_box_line_may_add_a_fact_later_in_the_game():
    """The bar and the track are often learnt at the first scoring: a box line that only
    adds a fact is accepted after play began."""
    state = boxed(SET_UP_ANN, SET_UP_BOB, FORUM_2P, "round I.1: streets 2 4")
    play(state, "box bar turned: - 1 2 3; head 4")
    assert state.box.bar[BarFace.TURNED].head == 3
    only(refusal(state, "box bar turned: - 1 2 3; head 3"), SetUpRule.BOX_DISAGREES, 18)


def test_a_box_fact_no_component_shows_is_refused():
    """A side shows four temples off the corners (p. 19); a Trajan value is 3, 5 or 7 (p. 28)."""
    state = table()
    refused = refusal(state, "box side A: temples A1 B2 C3")
    assert rules_of(refused) == [SetUpRule.BOX_FACT, SetUpRule.BOX_FACT]
    refused = refusal(state, "box track: points 0 1 2; trajan 3 4 5")
    assert rules_of(refused) == [SetUpRule.BOX_FACT]


def test_undo_takes_a_set_up_back():
    state = boxed(SET_UP_ANN)
    assert state.undo() == parse_line(SET_UP_ANN, ("Ann", "Bob"))
    assert state.table.board("Ann") is None and state.workers_dealt == {}
    play(state, SET_UP_ANN.replace("worker o", "worker y"))


# --- The notation -----------------------------------------------------------------------------

colours = st.sampled_from(list(Colour))
names = st.from_regex(r"[A-Za-z0-9][A-Za-z0-9_-]{0,5}", fullmatch=True).filter(
    lambda n: n.lower() not in ("forum",))
squares = st.tuples(st.integers(0, 5), st.integers(0, 5))
forum_squares = st.one_of(st.none(), st.one_of(st.none(), colours).map(ForumSquare))


@st.composite
def box_lines(draw):
    kind = draw(st.sampled_from(["side", "face", "track", "bar"]))
    if kind == "side":
        name = draw(names)
        return BoxLine(Box(sides={name: ColoniaSide(name, frozenset(draw(st.sets(squares, max_size=6))))}))
    if kind == "face":
        name = draw(names)
        rows = draw(st.lists(st.lists(forum_squares, min_size=1, max_size=4).map(tuple), min_size=1, max_size=4))
        if not any(square is not None for row in rows for square in row):
            rows[0] = (ForumSquare(Colour.BLUE),) + rows[0][1:]
        return BoxLine(Box(faces={name: MosaicFace(name, tuple(rows))}))
    if kind == "track":
        points = draw(st.lists(st.integers(0, 60), min_size=1, max_size=30))
        trajan = draw(st.lists(st.sampled_from([3, 5, 7]), min_size=1, max_size=30))
        return BoxLine(Box(track=PrestigeTrack(tuple(points), tuple(trajan),
                                               frozenset(draw(st.sets(st.integers(0, 40), max_size=4))))))
    sizes = draw(st.lists(st.one_of(st.none(), st.integers(1, 12)), min_size=1, max_size=10))
    open_ended = draw(st.booleans()) and any(s is not None for s in sizes)
    return BoxLine(Box(bar={draw(st.sampled_from(list(BarFace))): BarSide(
        tuple(sizes), draw(st.integers(0, len(sizes) - 1)), open_ended)}))


player_setups = st.builds(
    PlayerSetUp, player=st.sampled_from(["Ann", "Bob", "Cleo"]), side=names,
    cranes=st.lists(st.tuples(squares, colours), max_size=5).map(
        lambda pairs: tuple(sorted(pairs, key=lambda pair: (pair[0][1], pair[0][0])))),
    citizen=st.integers(1, 6), worker=colours)
forum_setups = st.builds(ForumSetUp, st.lists(st.builds(
    Placement, names, st.tuples(st.integers(0, 30), st.integers(0, 30)), st.booleans()),
    min_size=1, max_size=6).map(tuple))


@given(st.one_of(box_lines(), player_setups, forum_setups))
def test_a_set_up_or_box_line_reads_back_as_written(line):
    text = format_line(line)
    assert parse_line(text, ("Ann", "Bob", "Cleo")) == line
    assert format_line(parse_line(text.upper().replace("SET-UP", "set-up").replace("BOX", "box"),
                                  ("Ann", "Bob", "Cleo"))) is not None


def test_the_crane_order_and_citizen_names_read_to_one_canonical_line():
    line = parse_line("set-up Ann: worker orange; citizen craftsman-ii; side A; cranes F6 y A6 b F1 g A1 r")
    assert format_line(line) == "set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 6; worker o"


def test_a_player_named_like_a_keyword_keeps_their_turn():
    line = parse_line("box: take A1 B2; use own: coin", ("box", "Bob"))
    assert line.player == "box"


@pytest.mark.parametrize(("text", "token"), [
    ("box side A: temples B2 G3", "G3"),
    ("box side A B: temples B2", "side A B"),
    ("box face 1a: b x E", "x"),
    ("box track: points 0 1; trajan 3 five", "five"),
    ("box track: points 0 1; trajan 3 5; cypress 0", "0"),
    ("box bar basic: 1 2+ 3; head 1", "2+"),
    ("box bar basic: 1 2 3", ""),
    ("box bar sideways: 1 2; head 1", "sideways"),
    ("box crate: 1", "crate"),
    ("set-up Ann: side A; cranes A1 o F1; citizen 2; worker o", "A1 o F1"),
    ("set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 7; worker o", "7"),
    ("set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 2; worker p", "p"),
    ("set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; worker o", "side A; cranes A1 o F1 g A6 b F6 y; worker o"),
    ("set-up Ann: side A; side B; cranes A1 o; citizen 2; worker o", "side"),
    ("set-up forum: 1a A1 upside", "1a A1 upside"),
    ("set-up forum: 1a 11", "11"),
])
def test_a_set_up_or_box_line_that_does_not_read_names_its_token(text, token):
    with pytest.raises(InputError) as error:
        parse_line(text, ("Ann", "Bob"))
    problem = error.value.problems[0]
    if token:
        assert problem.token == token, problem
    assert problem.message
