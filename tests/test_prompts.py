"""The terminal prompts, driven through prompt_toolkit's pipe input (no terminal needed)."""

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput
from walk_helpers import TOM_QUICK, tom_game

from trajan_cli.core.game import Step
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.core.walkthrough import Kind, Option, Question
from trajan_cli.prompts import QuestionaryPrompter, parse_rows
from trajan_cli.rulesdata import load_rules
from trajan_cli.session import walk

ENTER, DOWN, SPACE, CLEAR = "\r", "\x1b[B", " ", "\x15"  # ctrl-u clears a text line


class Typist(QuestionaryPrompter):
    """Types the next prepared keys into the pipe just before each question."""

    def __init__(self, pipe, keys, shown):
        super().__init__(input=pipe, output=DummyOutput(), echo=shown.append)
        self.pipe, self.keys = pipe, list(keys)

    def ask(self, question):
        self.pipe.send_text(self.keys.pop(0))
        return super().ask(question)


def question(kind, **extra):
    return Question("k", kind, Step.PAY, Cycle.I, "Ann", "Question for {player}?", {"player": "Ann"},
                    **extra)


@pytest.fixture
def pipe():
    with create_pipe_input() as pipe:
        yield pipe


def test_whole_number(pipe):
    pipe.send_text(CLEAR + "12" + ENTER)
    assert QuestionaryPrompter(input=pipe, output=DummyOutput()).ask(question(Kind.INT, default=0)) == 12


def test_choice_uses_the_default_and_arrow_keys(pipe):
    q = question(Kind.CHOICE, options=(Option("a", "A"), Option("b", "B")), default="b")
    pipe.send_text(ENTER)
    assert QuestionaryPrompter(input=pipe, output=DummyOutput()).ask(q) == "b"


def test_checkbox(pipe):
    q = question(Kind.MULTI, options=(Option(1, "one"), Option(2, "two"), Option(3, "three")),
                 default=[1])
    pipe.send_text(DOWN + DOWN + SPACE + ENTER)
    assert QuestionaryPrompter(input=pipe, output=DummyOutput()).ask(q) == [1, 3]


def test_rows_are_six_numbers():
    assert parse_rows("0 0 1, 1 2 1") == [0, 0, 1, 1, 2, 1]
    assert isinstance(parse_rows("1 2 3"), str)


def test_toms_phase_typed_key_by_key_p28(pipe):
    """The whole p. 28 phase through real questionary prompts."""
    keys = [
        ENTER,                          # quick counts (default)
        ENTER,                          # marker 0 (default)
        CLEAR + "0 0 1 1 2 1" + ENTER,  # citizens
        CLEAR + "4" + ENTER,            # coins
        DOWN + DOWN + DOWN + SPACE + ENTER,  # rows 3-6 preselected; untick row 6
        DOWN + SPACE + ENTER,           # green crane
        CLEAR + "3" + ENTER,
        CLEAR + "1 2 1 2 4 1" + ENTER,  # gray types
        ENTER,                          # forum: quick counts
        CLEAR + "1" + ENTER, CLEAR + "4" + ENTER, CLEAR + "7" + ENTER, CLEAR + "9" + ENTER,
        CLEAR + "1" + ENTER, CLEAR + "1" + ENTER,  # card III-4 building, collecting
        DOWN + DOWN + ENTER,            # value 7
    ]
    shown: list[str] = []
    typist = Typist(pipe, keys, shown)
    result = walk(tom_game(), typist, load_rules(), save=lambda g: None)
    assert result.progress.totals() == {"Tom": 54}
    assert [a.value for a in result.game.answers] == TOM_QUICK
    assert not typist.keys
