"""The table-side scoring phase (pp. 27-28), driven by prepared answers."""

import pytest

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.game import Answer, Category, Game, GameError, Step
from trajan_cli.core.scoring_phase.pay import apply_payment
from trajan_cli.core.state import LineRefused
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.parsing.sheet import load_sheet
from trajan_cli.rulesdata import load_rules

from helpers.walkthrough import TOM_QUICK, play, quiet_cycle, replay, tom_game


def test_tom_third_scoring_phase_totals_54_p28():
    result, shown, saved = play(tom_game(), TOM_QUICK)
    assert result.state.finished
    assert result.state.breakdown()["Tom"][Cycle.III] == {
        Category.PLAY: 0, Category.CRANES: 3, Category.COLONIA: 22, Category.EAGLES: 6,
        Category.AREA: 9, Category.TRAJAN: 14}
    assert result.state.totals() == {"Tom": 54}
    assert len(saved) == len(TOM_QUICK)  # every answer saved at once
    assert any("Standings after colonia" in line for line in shown)


def test_every_answer_is_saved_before_the_next_question():
    _, _, saved = play(tom_game(), TOM_QUICK)
    assert [len(g.lines) for g in saved] == list(range(1, len(TOM_QUICK) + 1))


def test_paying_more_rows_than_coins_is_refused_p27():
    answers = TOM_QUICK[:3] + [2, [3, 4, 5], [3, 4]] + TOM_QUICK[5:]
    result, shown, _ = play(tom_game(), answers)
    assert any("too many rows: 2 coins pay for 2 rows at most" in line for line in shown)
    # Rows 5 and 6 unpaid: row 5's four types now count x1.
    assert result.state.breakdown()["Tom"][Cycle.III][Category.COLONIA] == 1 + 2 + 2 + 4 + 4 + 1


def test_unpaid_rows_lose_their_multiplier_p27():
    answers = TOM_QUICK[:4] + [[]] + TOM_QUICK[5:]
    result, _, _ = play(tom_game(), answers)
    assert result.state.breakdown()["Tom"][Cycle.III][Category.COLONIA] == 1 + 2 + 1 + 2 + 4 + 1


def test_marker_never_moves_back():
    game = tom_game(first_cycle=Cycle.II, cards={Cycle.II: "II-1", Cycle.III: "III-4"})
    cycle_ii = ["quick", 10, [0] * 6, 0, [], [0] * 6, "quick", 0, 0, 0, 0, 0]
    result, _, _ = play(game, cycle_ii + ["quick", 4, 12])
    assert result.state.totals()["Tom"] == 12
    _, shown, _ = play(game, cycle_ii + ["quick", 4, 12])
    assert any("never moves back" in line for line in shown)


def test_citizens_and_gray_types_never_decrease():
    game = tom_game(first_cycle=Cycle.II, cards={Cycle.II: "II-1", Cycle.III: "III-4"})
    cycle_ii = ["quick", 0, [1, 0, 0, 0, 0, 0], 1, [1], [], [2, 0, 0, 0, 0, 0],
                "quick", 0, 0, 0, 0, 0, 0]
    _, shown, _ = play(game, cycle_ii + ["quick", 4, [0] * 6, [1, 0, 0, 0, 0, 0], 0, [],
                                         [], [1, 0, 0, 0, 0, 0], [2, 0, 0, 0, 0, 0]])
    assert any("row 1 had 1 citizen at the last scoring and shows 0 citizens now" in line for line in shown)
    assert any("row 1 had 2 different gray building types at the last scoring and shows 1 different "
               "gray building type now" in line for line in shown)


def test_a_scored_crane_is_not_offered_again_p27():
    game = tom_game(first_cycle=Cycle.II, cards={Cycle.II: "II-1", Cycle.III: "III-4"})
    cycle_ii = ["quick", 0, [0] * 6, 0, ["green"], 4, [0] * 6, "quick", 0, 0, 0, 0, 0]
    result, _, _ = play(game, cycle_ii)
    assert result.state.breakdown()["Tom"][Cycle.II][Category.CRANES] == 8  # Tanya, p. 27
    question = result.state.question
    assert question.cycle is Cycle.III
    after_pay, _, _ = play(result.game, ["quick", 8, [0] * 6, 0])
    crane_question = after_pay.state.question
    assert crane_question.key == "cranes.uncovered"
    assert [o.value for o in crane_question.options] == ["blue", "orange", "yellow"]


def test_crane_points_fall_each_cycle_p27():
    game = Game("g", ("A",), "A", cards={Cycle.I: "I-1"})
    result, _, _ = play(game, ["quick", 0, [0] * 6, 0, ["orange"], 2])
    assert result.state.breakdown()["A"][Cycle.I][Category.CRANES] == 6


def test_patrician_i_asks_for_diagonal_eagles_only_when_paid_p26():
    game = Game("g", ("A",), "A", cards={Cycle.I: "I-1"})
    paid = ["quick", 0, [1, 0, 0, 0, 0, 0], 1, [1], [], [0] * 6, "quick", 1, 1]
    result, _, _ = play(game, paid + [2, 3, 4])
    assert result.state.breakdown()["A"][Cycle.I][Category.EAGLES] == 2 + 1 + 2
    unpaid = ["quick", 0, [1, 0, 0, 0, 0, 0], 1, [], [], [0] * 6, "quick", 1, 1]
    result, _, _ = play(game, unpaid + [3])
    assert result.state.question.key == "forum.area_points"


def test_no_envoys_means_no_slide_bar_question():
    game = Game("g", ("A",), "A", cards={Cycle.I: "I-1"})
    result, _, _ = play(game, ["quick", 0, [0] * 6, 0, [], [0] * 6, "quick", 0, 0, 0])
    assert result.state.question.key == "trajan.building"


def test_introductory_game_scores_the_trajan_card_only_after_cycle_iii_p28():
    game = Game("intro", ("A",), "A", intro=True, cards={Cycle.III: "III-1"})
    cycle = ["quick", 0, [0] * 6, 0, [], [0] * 6, "quick", 0, 0, 0]
    result, _, _ = play(game, cycle + cycle)
    assert result.state.question.cycle is Cycle.III and result.state.question.step is Step.PAY
    result, _, _ = play(game, cycle * 3)
    assert result.state.question.key == "trajan.building"


def test_the_card_is_asked_when_not_named_at_the_start():
    game = Game("g", ("A",), "A")
    result, _, _ = play(game, ["quick", 0, [0] * 6, 2, [], [0] * 6, "quick", 0, 0, 0])
    question = result.state.question
    assert question.key == "trajan.card"
    assert [o.value for o in question.options] == ["I-1", "I-2", "I-3", "I-4"]
    result, _, _ = play(result.game, ["I-3", 0, 2, 5])
    assert result.game.cards_in_play()[Cycle.I] == "I-3"
    assert result.state.breakdown()["A"][Cycle.I][Category.TRAJAN] == 10


def test_two_players_three_cycles_and_the_winner():
    game = Game("g", ("Ann", "Bob"), "Ann")
    answers = quiet_cycle(5, 3, card="I-1") + quiet_cycle(20, 30, card="II-1") + quiet_cycle(40, 31, card="III-1")
    result, shown, _ = play(game, answers)
    assert result.state.finished
    assert result.state.totals() == {"Ann": 40, "Bob": 31}
    assert result.state.ranking.winners == ("Ann",)
    assert any("Ann wins with 40 points" in line for line in shown)


def test_tie_break_asks_resources_only_for_tied_players_p29():
    game = Game("g", ("Ann", "Bob", "Cy"), "Ann")
    answers = quiet_cycle(5, 5, 1, card="I-1") + quiet_cycle(5, 5, 1, card="II-1") + quiet_cycle(9, 9, 2, card="III-1")
    result, _, _ = play(game, answers)
    question = result.state.question
    assert (question.key, question.player) == ("end.resources", "Ann")
    result, shown, _ = play(result.game, [3, 4])
    assert result.state.finished
    assert result.state.ranking.winners == ("Bob",)
    assert any("second tie-break" in line for line in shown)


def test_replay_refuses_answers_that_do_not_fit():
    game = tom_game().with_line(Answer("pay.coins", Cycle.III, "Tom", 4))
    with pytest.raises(LineRefused) as refused:
        replay(game)
    assert "the scoring phase asks" in refused.value.problems[0].show()
    bad_value = tom_game().with_line(Answer("pay.mode", Cycle.III, "Tom", "telepathy"))
    with pytest.raises(GameError, match="choose one of the options"):
        replay(bad_value)


def test_undo_returns_to_the_previous_question():
    result, _, _ = play(tom_game(), TOM_QUICK[:5])
    assert result.state.question.key == "cranes.uncovered"
    back = replay(result.game.without_last_line())
    assert back.question.key == "pay.rows"
    assert replay(result.game).events != back.events


def test_payment_turns_the_sheet_into_its_paid_state_p27():
    before = load_sheet(EXAMPLES_DIR / "tom-before-payment.toml")
    after = apply_payment(before, {3, 4, 5}, load_rules())
    tom = load_sheet(EXAMPLES_DIR / "tom.toml")
    assert (after.citizens, after.supply) == (tom.citizens, tom.supply)


def test_sheet_and_forum_files_are_scored_by_the_tool_p28():
    """Tom's phase from his sheet before payment and the forum file: the tool pays rows 3-5,
    scores cranes, colonia, forum and card III-4 itself, and reaches the same 54."""
    from trajan_cli.cli.demo import demo_answers

    result, shown, _ = play(tom_game(), demo_answers())
    assert result.state.breakdown()["Tom"][Cycle.III] == {
        Category.PLAY: 0, Category.CRANES: 3, Category.COLONIA: 22, Category.EAGLES: 6,
        Category.AREA: 9, Category.TRAJAN: 14}
    assert not any(q.startswith("? Card III-4") for q in shown)  # the solver answered


def test_a_broken_sheet_file_is_asked_again(tmp_path):
    bad = tmp_path / "bad.toml"
    bad.write_text('name = "Tom"\ncolonia = "? ?"\n')
    good = str(EXAMPLES_DIR / "tom-before-payment.toml")
    result, shown, _ = play(tom_game(), ["file", 0, str(bad), str(tmp_path / "missing.toml"), good])
    assert any("bad.toml:2" in line for line in shown)
    assert any("no such file" in line for line in shown)
    assert result.state.question.key == "pay.rows"


def test_the_first_marker_kept_mid_game_is_not_one_cycles_play():
    """Issue 12, item 12: with --from-cycle, the marker holds every point scored before,
    scoring phases included; the next cycles' markers are again one cycle's play."""
    game = tom_game(first_cycle=Cycle.II, cards={Cycle.II: "II-1", Cycle.III: "III-4"})
    cycle_ii = ["quick", 40, [0] * 6, 0, [], [0] * 6, "quick", 0, 0, 0, 0]
    _, shown, _ = play(game, cycle_ii + ["quick", 45])
    plays = [line for line in shown if "+40" in line or "+5" in line]
    assert "points before the first scoring kept here" in plays[0]
    assert "points scored during the cycle" not in plays[0]
    assert "points scored during the cycle" in plays[1]
    _, shown, _ = play(Game("g", ("A",), "A"), ["quick", 7])
    assert any("+7" in line and "points scored during the cycle" in line for line in shown)


def test_the_building_task_question_names_the_card_check_command():
    """Issue 12, item 12: quick counts point to the solver for a sheet."""
    result, _, _ = play(tom_game(), TOM_QUICK[:-3])
    question = result.state.question
    assert question.key == "trajan.building"
    from trajan_cli.ui.prompts import message

    assert "'trajan card check III-4 SHEET' works it out" in message(question)
