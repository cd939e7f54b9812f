"""Scoring with no questions (pp. 27-28): in a cycle kept by turns whose record knows the
prestige track and the side of the slide bar facing up, the scoring phase reads the
forum's area points (the value below the bar's number, p. 27) and the Trajan value (the
value above the Trajan head, p. 28) off the box and asks nothing but the rows to pay; a
value given ahead or typed that differs is used, the box's shown beside it; a value the box
cannot give is asked as before.

The track and the bar are MADE UP for these tests (nothing printed only on the components
is shipped or used): 20 spaces whose points read 10, 11, ..., 29 and whose Trajan values
read 3 (spaces 0-6), 5 (7-13), 7 (14-19); cypresses at positions 5 and 10. The game is the
worked example's cycle I (tests/records/game-record-cycle-1.md), Ann's set-up board given
two upgrades, the second on to a cypress, on a bar turned over.

The record's ``box`` lines are not written yet: the tests set ``GameState.box`` directly.
"""

from __future__ import annotations

import pytest

from trajan_cli.core.box import BarFace, BarSide, Box
from trajan_cli.core.game import Answer, Category
from trajan_cli.core.scoring_phase.bar import BarFact
from trajan_cli.core.sheet import Prestige
from trajan_cli.core.state import GameState
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.games.walk import walk
from trajan_cli.parsing.answers import parse_answers
from trajan_cli.parsing.errors import InputError
from trajan_cli.render.standings import event_line
from trajan_cli.ui.ahead import AheadPrompter
from trajan_cli.ui.prompts import ScriptedPrompter

from helpers.bar_example import ANN_AREA, ANN_BAR, ANN_TRAJAN, BASIC, BOB_TRAJAN, BOX, CARDS, PAY, TRACK, TURNED
from helpers.tables import ANN, CYCLE_I, EXAMPLE, table


def cycle_over(box: Box = BOX) -> GameState:
    """The example's cycle I played, its scoring phase open, ``box`` the record's box."""
    lines = [line.replace(ANN, ANN + ANN_BAR) for line in EXAMPLE]
    state = table(*lines, *CYCLE_I, cards=CARDS)
    assert state.table.board("Ann").prestige == Prestige(2, True, frozenset({2}))
    state.box = box
    return state


class Asked(ScriptedPrompter):
    """A scripted table that notes each question it is asked."""

    def __init__(self, answers):
        super().__init__(answers, echo=lambda _line: None)
        self.asked: list[tuple[str, str | None]] = []

    def ask(self, question):
        self.asked.append((question.key, question.player))
        return super().ask(question)


def points(state: GameState, player: str, category: Category) -> list[int]:
    return [e.points for e in state.events if e.player == player and e.category is category]


def shown(state: GameState, player: str, category: Category) -> str:
    return " | ".join(event_line(e) for e in state.events if e.player == player and e.category is category)


def answers(state: GameState) -> dict[tuple[str, str | None], object]:
    return {(a.key, a.player): a.value for a in state.record.lines if isinstance(a, Answer)}


def test_a_known_box_leaves_only_the_rows_to_pay_p27_p28():
    """The phase asks each player which rows to pay, nothing else; the area points and the
    Trajan values are read off the bar and recorded as the answers."""
    table_ = Asked(PAY)
    done = walk(cycle_over(), table_, one_phase=True).state
    assert table_.asked == [("pay.rows", "Ann"), ("pay.rows", "Bob")]
    assert points(done, "Ann", Category.AREA) == [ANN_AREA]
    assert points(done, "Ann", Category.TRAJAN) == [ANN_TRAJAN * 1]  # card I-2: collecting once
    assert points(done, "Bob", Category.TRAJAN) == [BOB_TRAJAN * 1]
    recorded = answers(done)
    assert recorded[("forum.area_points", "Ann")] == ANN_AREA
    assert recorded[("trajan.value", "Ann")] == ANN_TRAJAN
    assert recorded[("trajan.value", "Bob")] == BOB_TRAJAN


def test_each_value_shows_where_on_the_bar_it_comes_from_p27_p28():
    done = walk(cycle_over(), Asked(PAY), one_phase=True).state
    assert ("largest group of 1 envoy: the slide bar 5 spaces right of its start, turned side up: "
            f"its 1 lies over {ANN_AREA}") in shown(done, "Ann", Category.AREA)
    assert (f"the slide bar 5 spaces right of its start, turned side up: the Trajan head lies "
            f"under {ANN_TRAJAN}") in shown(done, "Ann", Category.TRAJAN)
    # Bob drew a merchant at set-up and laid it in Merchant I's row: his bar was turned then
    # (pp. 19, 26), though his board line never says so.
    assert f"the slide bar at its start, turned side up: the Trajan head lies under {BOB_TRAJAN}" in \
        shown(done, "Bob", Category.TRAJAN)


def test_without_the_cypress_the_bar_stands_elsewhere_and_reads_other_values_p26():
    """The same game, Ann's second upgrade one space only: position 2, so the 1 lies over
    space 4 (14) and the head under space 5 (3). The cypress is what made 17 and 5."""
    lines = [line.replace(ANN, ANN + "; prestige 2 turned") for line in EXAMPLE]
    state = table(*lines, *CYCLE_I, cards=CARDS)
    state.box = BOX
    done = walk(state, Asked(PAY), one_phase=True).state
    assert points(done, "Ann", Category.AREA) == [14]
    assert points(done, "Ann", Category.TRAJAN) == [3]


def test_the_record_replays_the_same_without_the_box():
    """The values read off the box are answers in the record: it replays alone."""
    done = walk(cycle_over(), Asked(PAY), one_phase=True).state
    again = GameState.replay(done.record, done.rules, done.parsers)
    assert again.totals() == done.totals()


# --- Answers given ahead (--answers) --------------------------------------------------------


def test_an_answers_file_may_leave_out_area_points_and_trajan_value():
    """--no-input: nobody to ask; the file gives the rows only, the box the rest."""
    ahead = parse_answers("[Ann]\npay = [2, 5]\n[Bob]\npay = [3, 5]\n", "answers.toml")
    prompter = AheadPrompter(ahead, None, echo=lambda _line: None)
    done = walk(cycle_over(), prompter, one_phase=True).state
    assert points(done, "Ann", Category.AREA) == [ANN_AREA]
    assert points(done, "Bob", Category.TRAJAN) == [BOB_TRAJAN]
    assert prompter.unused() == []


def test_without_a_box_the_file_must_still_give_them():
    ahead = parse_answers("[Ann]\npay = [2, 5]\n[Bob]\npay = [3, 5]\n", "answers.toml")
    with pytest.raises(InputError) as refused:
        walk(cycle_over(Box()), AheadPrompter(ahead, None, echo=lambda _line: None), one_phase=True)
    assert "area_points" in str(refused.value.problems[0])


def test_a_value_given_ahead_that_differs_from_the_box_is_used_and_the_box_shown_beside_it():
    """The players decide: 9 for Ann's area counts; the line says the box reads 17."""
    ahead = parse_answers("[Ann]\npay = [2, 5]\narea_points = 9\n[Bob]\npay = [3, 5]\n", "answers.toml")
    done = walk(cycle_over(), AheadPrompter(ahead, None, echo=lambda _line: None), one_phase=True).state
    assert points(done, "Ann", Category.AREA) == [9]
    assert f"9 as given; the box reads {ANN_AREA} (the slide bar 5 spaces" in shown(done, "Ann", Category.AREA)
    assert answers(done)[("forum.area_points", "Ann")] == 9


def test_a_value_given_ahead_that_agrees_with_the_box_reads_as_the_box():
    ahead = parse_answers(f"[Ann]\npay = [2, 5]\ntrajan_value = {ANN_TRAJAN}\n[Bob]\npay = [3, 5]\n",
                          "answers.toml")
    done = walk(cycle_over(), AheadPrompter(ahead, None, echo=lambda _line: None), one_phase=True).state
    assert "as given" not in shown(done, "Ann", Category.TRAJAN)
    assert points(done, "Ann", Category.TRAJAN) == [ANN_TRAJAN]


# --- A value typed --------------------------------------------------------------------------


def test_a_typed_value_that_differs_from_the_box_is_used_and_the_box_shown_beside_it_p28():
    """A score line recorded as the table types it (`trajan turn`, the table screen after a
    take-back): Bob reads 7 above his head; 7 counts, the box's 3 is shown."""
    state = cycle_over()
    for rows, player in zip(PAY, ("Ann", "Bob"), strict=True):
        state.apply(Answer("pay.rows", Cycle.I, player, rows))
    state.apply(Answer("forum.area_points", Cycle.I, "Ann", ANN_AREA))
    state.apply(Answer("trajan.value", Cycle.I, "Ann", ANN_TRAJAN))
    question = state.question
    assert (question.key, question.player, question.known, question.default) == ("trajan.value", "Bob", True,
                                                                                  BOB_TRAJAN)
    state.apply(question.answer(7))
    assert points(state, "Bob", Category.TRAJAN) == [7]
    assert f"x 7 as given; the box reads {BOB_TRAJAN} (the slide bar at its start" in \
        shown(state, "Bob", Category.TRAJAN)


# --- What the box cannot give -----------------------------------------------------------------


def test_a_side_of_the_bar_the_box_does_not_know_is_asked_and_its_value_heard_by_the_learner():
    """The box knows the basic side only; both bars are turned: their values are asked, and
    what is typed is handed to ``learn`` as a fact about the copy (the group's box keeps it)."""
    heard: list[BarFact] = []
    table_ = Asked([*PAY, 12, 7, 5])
    done = walk(cycle_over(Box(track=TRACK, bar={BarFace.BASIC: BASIC})), table_, one_phase=True,
                learn=heard.append).state
    assert table_.asked == [("pay.rows", "Ann"), ("pay.rows", "Bob"), ("forum.area_points", "Ann"),
                            ("trajan.value", "Ann"), ("trajan.value", "Bob")]
    assert points(done, "Ann", Category.AREA) == [12]
    assert points(done, "Bob", Category.TRAJAN) == [5]
    ann = Prestige(2, True, frozenset({2}))
    assert heard == [BarFact("Ann", BarFace.TURNED, ann, 1, 12), BarFact("Ann", BarFace.TURNED, ann, None, 7),
                     BarFact("Bob", BarFace.TURNED, Prestige(), None, 5)]


def test_a_bar_never_turned_is_read_on_its_basic_side_p27():
    """Ann's set-up board as the example has it (no upgrade, no citizen in Merchant I's
    row ever): her bar stands at its start, basic side up. Its 1 (slot 1) lies over space 1
    (11 points), its head (slot 0) under space 0 (Trajan 3)."""
    state = table(*EXAMPLE, *CYCLE_I, cards=CARDS)
    state.box = BOX
    assert not state.table.board("Ann").bar_turned
    done = walk(state, Asked(PAY), one_phase=True).state
    assert points(done, "Ann", Category.AREA) == [11]
    assert points(done, "Ann", Category.TRAJAN) == [3]
    assert "the slide bar at its start, basic side up: its 1 lies over 11" in shown(done, "Ann", Category.AREA)


def test_a_size_the_bar_does_not_show_is_asked_p27():
    """Made up: a turned side that shows no 1: Ann's area of 1 envoy is asked, her Trajan
    value still read."""
    no_one = BarSide(sizes=(None, None, None, 2, 3, 4, 5, 6, 7), head=3)
    table_ = Asked([*PAY, 12])
    done = walk(cycle_over(Box(track=TRACK, bar={BarFace.BASIC: BASIC, BarFace.TURNED: no_one})),
                table_, one_phase=True).state
    assert ("forum.area_points", "Ann") in table_.asked
    assert ("trajan.value", "Ann") not in table_.asked
    assert points(done, "Ann", Category.AREA) == [12]


def test_a_box_without_the_track_asks_as_before():
    table_ = Asked([*PAY, 12, 7, 5])
    walk(cycle_over(Box(bar={BarFace.BASIC: BASIC, BarFace.TURNED: TURNED})), table_, one_phase=True)
    assert [key for key, _player in table_.asked] == ["pay.rows", "pay.rows", "forum.area_points",
                                                      "trajan.value", "trajan.value"]


# --- The command line and the table screen --------------------------------------------------
# The record's `box` lines are not written yet: every replay of a saved game is given the
# made-up box, as those lines will give it.


@pytest.fixture
def saved(tmp_path, monkeypatch, cli):
    """The example's cycle I played and saved (Ann's bar as above), its scoring phase
    open; every replay of it knows the made-up box."""
    from trajan_cli.games import store

    from helpers import table_example as example

    original = GameState.replay.__func__

    def replay(cls, game, rules, parsers):
        state = original(cls, game, rules, parsers)
        state.box = BOX
        return state

    monkeypatch.setattr(GameState, "replay", classmethod(replay))
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    ann = example.ANN + "\n[prestige]\nupgrades = 2\nturned = true\ncypress = [2]\n"
    for file, text in (("ann.toml", ann), ("bob.toml", example.BOB), ("forum.toml", example.FORUM),
                       ("record.txt", "\n".join(example.RECORD) + "\n")):
        (tmp_path / file).write_text(text)
    assert cli("game", "new", "boxed", "-p", "Ann", "-p", "Bob", "--cards", example.CARDS).code == 0
    assert cli("board", "import", "boxed", "--player", "Ann", tmp_path / "ann.toml").code == 0
    assert cli("board", "import", "boxed", "--player", "Bob", tmp_path / "bob.toml").code == 0
    assert cli("board", "import", "boxed", "--forum", tmp_path / "forum.toml").code == 0
    assert cli("turn", "boxed", "--file", tmp_path / "record.txt").code == 0
    return store.load("boxed").path


def cycle_one(cli) -> dict:
    shown = cli("game", "show", "boxed", "--json").json()
    return {p["name"]: p["cycles"]["1"] for p in shown["players"]}


def test_trajan_score_with_answers_and_no_input_reads_the_bar_values_off_the_box(saved, cli, write):
    file = write("answers.toml", "[Ann]\npay = [2, 5]\n[Bob]\npay = [3, 5]\n")
    result = cli("score", "--game", "boxed", "--answers", file, "--no-input")
    assert result.code == 0, result.err
    assert "its 1 lies over 17" in result.out
    scores = cycle_one(cli)
    assert (scores["Ann"]["area"], scores["Ann"]["trajan"], scores["Bob"]["trajan"]) == (ANN_AREA, ANN_TRAJAN,
                                                                                        BOB_TRAJAN)


def test_the_table_screen_asks_only_the_rows_and_a_take_back_asks_the_box_value_again(saved, cli):
    from trajan_cli.games import store
    from trajan_cli.games.table_session import TableSession
    from trajan_cli.ui.table.draft import Mode
    from trajan_cli.ui.table.screen import TableScreen

    screen = TableScreen(TableSession(saved))
    assert screen.position.question.key == "pay.rows"
    screen.press("enter")  # Ann's rows: every row, the suggestion
    screen.press("enter")  # Bob's
    assert screen.view.mode is Mode.SCORED  # the phase is over: its final standings stay until a key
    assert answers(store.replay(store.read(saved)))[("trajan.value", "Bob")] == BOB_TRAJAN
    screen.press("u")  # Bob's Trajan value taken back: asked now, the box's value suggested
    question = screen.position.question
    assert (screen.view.mode, question.key, question.player, question.default) == (
        Mode.SCORING, "trajan.value", "Bob", BOB_TRAJAN)
    screen.press("7")  # Bob reads 7: it counts, the box's 3 is shown beside it
    assert cycle_one(cli)["Bob"]["trajan"] == 7
    assert "the box reads 3" in screen.status.text
