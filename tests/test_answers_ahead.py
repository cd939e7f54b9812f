"""Answers given ahead (interface.md, "Answers given ahead"): the file and its prompter."""

import pytest

from trajan_cli.ui.ahead import AheadPrompter
from trajan_cli.core.game import Step
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.core.scoring_phase.questions import Kind, Question
from trajan_cli.parsing.answers import parse_answers
from trajan_cli.parsing.errors import InputError

CONTRACT_EXAMPLE = """
[Ann]
marker = 34          # victory point track, before this scoring
pay = [3, 5]
area_points = 9
trajan_value = 7
resources = 4
"""


def ask(key, kind=Kind.INT, player="Ann"):
    return Question(key, kind, Step.PAY, Cycle.I, player, "{player}?", {"player": player})


def problems(text):
    with pytest.raises(InputError) as info:
        parse_answers(text, "answers.toml")
    return [str(p) for p in info.value.problems]


def test_the_contract_example_maps_short_keys_to_questions():
    ahead = parse_answers(CONTRACT_EXAMPLE, "answers.toml")
    assert ahead.given("Ann", "pay.marker").value == 34
    assert ahead.given("ann", "pay.rows").value == [3, 5]  # names ignore case
    assert ahead.given("Ann", "forum.area_points").value == 9
    assert ahead.given("Ann", "trajan.value").value == 7
    assert ahead.given("Ann", "end.resources").value == 4
    assert ahead.given("Ann", "pay.marker").line == 3
    assert ahead.given("Bob", "pay.marker") is None


def test_any_question_by_its_own_key_and_table_questions_at_the_top():
    ahead = parse_answers('"forum.mode" = "quick"\n[Bob]\n"pay.coins" = 3\n', "a.toml")
    assert ahead.given(None, "forum.mode").value == "quick"
    assert ahead.given("Bob", "pay.coins").value == 3


def test_every_problem_is_reported_with_its_line():
    found = problems("marker = 3\n[Ann]\nmarkr = 34\nwhat = 1\n")
    assert found[0].startswith("answers.toml:1: 'marker':")
    assert any(p.startswith("answers.toml:3: 'markr': unknown answer for Ann") for p in found)
    assert any(p.startswith("answers.toml:4: 'what':") for p in found)


def test_unknown_players_are_named():
    ahead = parse_answers("[Ann]\nmarker = 1\n[Zed]\nmarker = 2\n", "a.toml")
    assert ahead.unknown_players(["Ann", "Bob"]) == ["Zed"]


def test_the_prompter_answers_from_the_file_then_falls_through():
    shown = []

    class Terminal:
        def ask(self, question):
            return "typed"

    prompter = AheadPrompter(parse_answers(CONTRACT_EXAMPLE, "a.toml"), Terminal(), shown.append)
    assert prompter.ask(ask("pay.marker")) == 34
    assert prompter.ask(ask("pay.coins")) == "typed"
    # A question asked again (the game changed in another window) is answered again.
    assert prompter.ask(ask("pay.marker")) == 34


def test_a_refused_file_answer_is_the_error_even_with_a_terminal():
    """Issue 20.10: the terminal asked in its place hid the mistake in the file."""

    class Terminal:
        def ask(self, question):
            return "typed"

    prompter = AheadPrompter(parse_answers(CONTRACT_EXAMPLE, "a.toml"), Terminal(), lambda line: None)
    prompter.ask(ask("pay.marker"))
    with pytest.raises(InputError) as info:
        prompter.refused(ask("pay.marker"), "the marker never moves back")
    assert str(info.value.problems[0]) == ("a.toml:3: 'marker': the answer for Ann was not accepted: "
                                           "the marker never moves back")
    # A typed answer that is refused is asked again at the terminal, as ever.
    prompter.ask(ask("pay.coins"))
    prompter.refused(ask("pay.coins"), "type a whole number")


def test_no_input_names_the_player_and_the_key_to_add():
    prompter = AheadPrompter(parse_answers(CONTRACT_EXAMPLE, "a.toml"), None, lambda line: None)
    with pytest.raises(InputError) as info:
        prompter.ask(ask("pay.coins", player="Bob"))
    assert str(info.value.problems[0]).startswith("a.toml: '\"pay.coins\"': no answer for Bob: add "
                                                  "\"pay.coins\" to [Bob]")


def test_no_input_turns_a_refused_answer_into_the_error():
    prompter = AheadPrompter(parse_answers(CONTRACT_EXAMPLE, "a.toml"), None, lambda line: None)
    prompter.ask(ask("pay.marker"))
    with pytest.raises(InputError) as info:
        prompter.refused(ask("pay.marker"), "the marker never moves back")
    assert "a.toml:3: 'marker': the answer for Ann was not accepted: the marker never moves back" \
        in str(info.value)


def test_a_board_given_ahead_is_echoed_as_changed_not_as_its_whole_text():
    shown = []
    ahead = parse_answers('[Ann]\n"pay.board" = { text = "name = \\"Ann\\"" }\n', "a.toml")
    question = Question("pay.board", Kind.BOARD, Step.PAY, Cycle.I, "Ann", "{player}?", {"player": "Ann"})
    assert AheadPrompter(ahead, None, shown.append).ask(question) == {"text": 'name = "Ann"'}
    assert shown == ["? Ann?  changed"]
