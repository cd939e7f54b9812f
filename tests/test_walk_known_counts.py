"""Issue 12, item 4: quick counts never contradict what the game knows (pp. 25, 27, 28).

A collecting task whose needs the earlier answers fix (coins left after paying, active
citizens by social class, scored cranes) is worked out, not asked; otherwise it is asked and
a count above what those answers allow is refused with the reason. A largest group of 0 is
refused when envoys were counted on or beside eagles.
"""

from dataclasses import replace

from trajan_cli.core.game import Answer, Category, Game
from trajan_cli.core.vocabulary import Cycle

from helpers.walkthrough import play, replay

QUIET_FORUM = ["quick", 0, 0, 0]  # no envoys (rows 2-6 only below: Patrician I would ask more)


def ann(card: str, cycle: Cycle, **changes) -> Game:
    return Game("g", ("Ann",), "Ann", cards={cycle: card}, first_cycle=cycle, **changes)


def refusals(shown) -> list[str]:
    return [line for line in shown if line.startswith("Not accepted")]


def test_no_coin_left_after_paying_means_card_ii_1_collecting_is_not_fulfilled_p27_p28():
    """II-1 takes 1 assistant and 2 coins; paying two rows spent both coins."""
    answers = ["quick", 0, [0, 1, 1, 0, 0, 0], 2, [2, 3], [], [0] * 6] + QUIET_FORUM + [0]
    result, shown, _ = play(ann("II-1", Cycle.II), answers)
    assert result.state.question.cycle is Cycle.III  # the collecting task was not asked
    assert any("Ann: card II-1, collecting task worked out from the answers so far: 0 times "
               "(each time takes 2 coins; Ann has 0 coins left after paying citizens)" in line
               for line in shown)


def test_a_collecting_count_above_the_coins_left_is_refused_p28():
    answers = ["quick", 0, [0, 1, 0, 0, 0, 0], 3, [2], [], [0] * 6] + QUIET_FORUM + [0, 2, 1]
    result, shown, _ = play(ann("II-1", Cycle.II), answers)
    [refused] = refusals(shown)
    assert ("Ann can fulfil this collecting task 1 time at most: each time takes 2 coins; Ann has "
            "2 coins left after paying citizens") in refused
    assert result.state.question.key == "trajan.value"  # 1 was accepted


def test_card_iii_1_is_worked_out_from_the_citizens_paid_p27_p28():
    """One active citizen of each social class: rows 2 (patrician), 3 (merchant), 5 (craftsman)."""
    every_class = ["quick", 0, [0, 1, 1, 0, 1, 0], 3, [2, 3, 5], [], [0] * 6] + QUIET_FORUM + [0]
    result, shown, _ = play(ann("III-1", Cycle.III), every_class + [5])
    assert result.state.finished
    assert result.state.breakdown()["Ann"][Cycle.III][Category.TRAJAN] == 5
    assert any("collecting task worked out from the answers so far: 1 time" in line for line in shown)
    # The craftsman unpaid: inactive, as if he did not exist (p. 26): no fulfilment.
    unpaid = ["quick", 0, [0, 1, 1, 0, 1, 0], 3, [2, 3], [], [0] * 6] + QUIET_FORUM + [0]
    result, _, _ = play(ann("III-1", Cycle.III), unpaid)
    assert result.state.finished
    assert result.state.breakdown()["Ann"][Cycle.III][Category.TRAJAN] == 0


def test_scored_cranes_count_when_the_game_kept_them_from_the_first_cycle_p27():
    """II-4: 2 scored cranes and 2 active citizens of different social classes."""
    game = Game("g", ("Ann",), "Ann", cards={Cycle.I: "I-1", Cycle.II: "II-4", Cycle.III: "III-1"})
    cycle_i = ["quick", 0, [0] * 6, 0, ["blue", "green"], 1, 1, [0] * 6] + QUIET_FORUM + [0]
    cycle_ii = ["quick", 10, [0, 1, 1, 0, 0, 0], 2, [2, 3], [], [0] * 6] + QUIET_FORUM + [0]
    result, shown, _ = play(game, cycle_i + cycle_ii)
    assert result.state.question.key == "trajan.value"  # II-4 collecting: 1, worked out
    # Kept from cycle II on, the game cannot know the cranes: asked, and bounded by the citizens.
    later = replace(game, first_cycle=Cycle.II)
    result, shown, _ = play(later, cycle_ii + [2, 1])
    [refused] = refusals(shown)
    assert ("1 time at most: each time takes 2 active citizens of different social classes; Ann "
            "has active citizens by social class: patricians 1, merchants 1, craftsmen 0") in refused
    assert result.state.question.key == "trajan.value"


def test_a_game_saved_with_the_collecting_answer_still_replays():
    """Saved before the task was worked out: the recorded answer is asked for and kept."""
    answers = ["quick", 0, [0, 1, 1, 0, 0, 0], 2, [2, 3], [], [0] * 6] + QUIET_FORUM + [0]
    result, _, _ = play(ann("II-1", Cycle.II), answers)
    saved = result.game.with_line(Answer("trajan.collecting", Cycle.II, "Ann", 1))
    assert replay(saved).question.key == "trajan.value"


def test_a_largest_group_of_none_is_refused_beside_eagles_p25_p27():
    """Envoys counted on or beside eagles stand in the forum, so some group holds one."""
    answers = ["quick", 0, [0] * 6, 0, [], [0] * 6, "quick", 0, 3, 0, 2, 4, 0]
    result, shown, _ = play(ann("I-1", Cycle.I), answers)
    [refused] = refusals(shown)
    assert "Ann has 3 envoys on or next to eagle spaces, so the largest group holds at least 1 envoy" in refused
    forum = result.state.breakdown()["Ann"][Cycle.I]
    assert (forum[Category.EAGLES], forum[Category.AREA]) == (3, 4)
    assert not any("no envoys" in line for line in shown)


def test_no_envoys_at_all_says_so_once():
    result, shown, _ = play(ann("I-1", Cycle.I), ["quick", 0, [0] * 6, 0, [], [0] * 6] + QUIET_FORUM)
    assert result.state.question.key == "trajan.building"
    assert sum("no envoys in the forum" in line for line in shown) == 1


def test_a_game_saved_with_a_group_of_none_beside_eagles_replays_without_saying_no_envoys():
    answers = ["quick", 0, [0] * 6, 0, [], [0] * 6, "quick", 0, 3]
    result, _, _ = play(ann("I-1", Cycle.I), answers)
    saved = result.game.with_line(Answer("forum.area", Cycle.I, "Ann", 0))
    progress = replay(saved)
    assert progress.question.key == "trajan.building"
    assert not any("no envoys" in e.text for e in progress.events)


def test_resources_left_count_the_coins_kept_p29():
    """Tie-break: the resources left cannot be fewer than the coins kept after paying."""
    game = Game("g", ("Ann", "Bob"), "Ann", cards={Cycle.III: "III-1"}, first_cycle=Cycle.III)
    each = ["quick", 0, [0] * 6, 2]  # 2 coins, no citizens to pay
    answers = each + each + [[], [], [0] * 6, [0] * 6] + QUIET_FORUM[:1] + [0, 0, 0] * 2 + [0, 0]
    result, shown, _ = play(game, answers + [1, 2, 3])
    [refused] = refusals(shown)
    assert "the resources left count the coins too, and Ann kept 2 coins after paying citizens" in refused
    assert result.state.finished
