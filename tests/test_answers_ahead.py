"""Answers given ahead (interface.md, "Answers given ahead"): the file and its prompter."""

import pytest

from trajan_cli.core.game import Step
from trajan_cli.core.scoring_phase.questions import Kind, Question
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.parsing.answers import parse_answers
from trajan_cli.parsing.errors import InputError
from trajan_cli.ui.ahead import AheadPrompter

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


# --- A value no question could ever accept is an error, asked or not -------------------------


@pytest.fixture(scope="module")
def rules():
    from trajan_cli.rulesdata import load_rules

    return load_rules()


@pytest.mark.parametrize("key, value, takes", [
    ("pay.rows", [7], "a list of some of 1, 2, 3, 4, 5, 6, e.g. [1]"),  # six citizen rows (p. 27)
    ("forum.mode", "xyz", 'one of "quick", "file"'),
    ("pay.coins", "x", "a whole number from 0 to 99"),
    ("trajan.value", 4, "one of 3, 5, 7"),  # the values above the Trajan head (p. 28)
    ("trajan.card", "IV-1", 'one of "I-1", "I-2"'),
    ("cranes.uncovered", ["purple"], 'a list of some of "blue", "green", "orange", "yellow"'),
    ("colonia.gray_types", [0, 0, 0, 0, 0, 5], "six whole numbers from 0 to 4"),  # four gray types
    ("pay.marker", True, "a whole number from 0 to 999"),
    ("forum.file", 3, "the path of a file, in quotes"),
    ("forum.mark", 1, "a mark of the forum file, in quotes"),
])
def test_a_value_no_question_could_accept_is_found(rules, key, value, takes):
    from trajan_cli.core.scoring_phase.forum_trajanum import impossible_answer

    assert impossible_answer(key, value, rules).show().startswith(takes)


@pytest.mark.parametrize("key, value", [
    ("pay.rows", [3, 5]), ("pay.rows", []), ("forum.mode", "quick"), ("pay.coins", 0),
    ("trajan.value", 7), ("trajan.card", "III-4"), ("forum.file", "forum.toml"), ("forum.mark", "T"),
    ("pay.board", {"text": 'name = "Ann"'}), ("end.resources", 200),
])
def test_a_value_some_question_could_accept_passes(rules, key, value):
    from trajan_cli.core.scoring_phase.forum_trajanum import impossible_answer

    assert impossible_answer(key, value, rules) is None


def test_the_file_names_each_such_value_with_its_key_and_line(rules):
    """A typo must not hide as "not asked in this run, so not used"."""
    with pytest.raises(InputError) as info:
        parse_answers('"forum.mode" = "xyz"\n[Ann]\npay = [7]\n"pay.coins" = "x"\nmarker = 3\n',
                      "answers.toml", rules)
    assert [str(p) for p in info.value.problems] == [
        "answers.toml:1: 'forum.mode': \"xyz\" is no answer in any game: it takes one of \"quick\", \"file\"",
        "answers.toml:3: 'pay': [7] is no answer in any game: it takes a list of some of 1, 2, 3, 4, 5, 6, "
        "e.g. [1]",
        "answers.toml:4: 'pay.coins': \"x\" is no answer in any game: it takes a whole number from 0 to 99"]
    assert parse_answers(CONTRACT_EXAMPLE, "answers.toml", rules).given("Ann", "pay.rows").value == [3, 5]


def test_trajan_score_refuses_such_a_value_before_anything_is_asked(cli, write, tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    assert cli("game", "new", "g", "--player", "Ann", "--player", "Bob").code == 0
    answers = write("answers.toml", '"forum.mode" = "xyz"\n[Ann]\npay = [7]\n"pay.coins" = "x"\n')
    result = cli("score", "--game", "g", "--answers", answers, "--no-input")
    assert result.code == 2
    assert [p.split(": ", 1)[1] for p in result.problems] == [
        "'forum.mode': \"xyz\" is no answer in any game: it takes one of \"quick\", \"file\"",
        "'pay': [7] is no answer in any game: it takes a list of some of 1, 2, 3, 4, 5, 6, e.g. [1]",
        "'pay.coins': \"x\" is no answer in any game: it takes a whole number from 0 to 99"]
    assert result.problems[0].startswith(f"{answers}:1:")
    from trajan_cli.games import store

    assert store.load_game("g").lines == ()  # nothing asked, nothing saved


class _Defaults:
    """Answers every question with what a table would plausibly give, and keeps them."""

    def __init__(self, overrides):
        self.asked, self._overrides = [], overrides

    def say(self, text):
        pass

    def refused(self, question, reason):
        raise AssertionError(f"{question.key}: {reason}")

    def ask(self, question):
        self.asked.append(question)
        if question.key in self._overrides:
            given = self._overrides[question.key]
            return given(question) if callable(given) else given
        if question.kind is Kind.CHOICE:
            return question.default if question.default is not None else question.options[0].value
        if question.kind is Kind.INT:
            return question.default if question.default is not None else max(1, question.minimum)
        return question.default


def test_every_question_the_script_asks_fits_the_shape_of_its_key(rules):
    """The shapes the file is held against are the widest of the questions: no value one of
    them accepts is refused ahead. Every key the script asks is one a file may give."""
    from trajan_cli.core.game import Game
    from trajan_cli.core.scoring_phase.forum_trajanum import PLAYER_KEYS, TABLE_KEYS, answer_shapes
    from trajan_cli.core.scoring_phase.questions import Kind as K
    from trajan_cli.games.walk import walk

    shapes = answer_shapes(rules)
    assert set(shapes) == PLAYER_KEYS | TABLE_KEYS
    game = Game(name="g", players=("Ann", "Bob"), start_player="Ann")  # cards asked for
    prompter = _Defaults({"pay.citizens": [1, 1, 1, 1, 1, 1], "pay.coins": 99,
                          "cranes.uncovered": lambda q: [q.options[0].value], "trajan.building": 1,
                          "end.resources": 150})
    saved = [game]
    for _phase in range(3):
        saved.append(walk(saved[-1], prompter, rules=rules, one_phase=True).game)
    asked = {q.key for q in prompter.asked}
    assert {"pay.rows", "trajan.card", "trajan.value", "colonia.gray_types", "forum.area"} <= asked
    for question in prompter.asked:
        if question.key.startswith("cranes.") and question.key != "cranes.uncovered":
            continue  # a crane's structures: no key of the file
        shape = shapes[question.key]
        assert question.kind is shape.kind, question.key
        if question.kind in (K.INT, K.ROWS):
            assert shape.minimum <= question.minimum and question.maximum <= shape.maximum, question.key
        if question.kind in (K.CHOICE, K.MULTI) and shape.options is not None:
            assert {o.value for o in question.options} <= set(shape.options), question.key
