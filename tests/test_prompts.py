"""The terminal prompts, driven through prompt_toolkit's pipe input (no terminal needed)."""

import pytest
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output import DummyOutput

from trajan_cli.core.game import Step
from trajan_cli.core.scoring_phase.questions import Kind, Option, Question
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.games.walk import walk
from trajan_cli.ui.prompts import QuestionaryPrompter, parse_rows

from helpers.walkthrough import TOM_QUICK, tom_game

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
    result = walk(tom_game(), typist)
    assert result.state.totals() == {"Tom": 54}
    assert [a.value for a in result.game.lines] == TOM_QUICK
    assert not typist.keys


# Issue 12, item 11: a default is a suggestion shown in the empty line, not text to edit.
# The keys are sent and the pipe closed, so that an answer refused ends the prompt (EOFError)
# instead of waiting for keys that never come.

def typed(pipe, keys: str, q, output=None):
    pipe.send_text(keys)
    pipe.close()
    return QuestionaryPrompter(input=pipe, output=output or DummyOutput()).ask(q)


def test_a_typed_number_replaces_the_default(pipe):
    assert typed(pipe, "4" + ENTER, question(Kind.INT, default=7)) == 4  # it was 74


def test_enter_on_the_empty_line_takes_the_default(pipe):
    assert typed(pipe, ENTER, question(Kind.INT, default=7)) == 7


def test_enter_takes_the_default_rows(pipe):
    assert typed(pipe, ENTER, question(Kind.ROWS, default=[1, 0, 0, 0, 0, 2])) == [1, 0, 0, 0, 0, 2]


def test_one_number_typed_into_six_rows_is_not_row_six(pipe):
    """It used to become '0 0 0 0 0 01', read as row 6 = 1; now '1' alone is five numbers short."""
    keys = "1" + ENTER + CLEAR + "1 0 0 0 0 0" + ENTER
    assert typed(pipe, keys, question(Kind.ROWS, default=[0] * 6)) == [1, 0, 0, 0, 0, 0]


def test_a_question_without_default_wants_a_typed_answer(pipe):
    assert typed(pipe, ENTER + "9" + ENTER, question(Kind.INT)) == 9  # Enter alone is refused


def test_the_default_is_shown_greyed_in_the_empty_line(pipe):
    import io

    from prompt_toolkit.data_structures import Size
    from prompt_toolkit.output.vt100 import Vt100_Output

    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=24, columns=80), term="xterm")
    assert typed(pipe, ENTER, question(Kind.INT, default=17), output) == 17
    assert "Question for Ann? \x1b[0;90m17" in screen.getvalue()  # grey: a placeholder


def test_toms_phase_typed_without_clearing_the_defaults_p28(pipe):
    """The p. 28 phase again, typing straight over every suggestion (typed ahead at once)."""
    keys = [
        ENTER, ENTER,                   # quick counts; marker 0 (the suggestion)
        "0 0 1 1 2 1" + ENTER, "4" + ENTER,
        DOWN + DOWN + DOWN + SPACE + ENTER,  # rows 3-6 preselected; untick row 6
        DOWN + SPACE + ENTER, "3" + ENTER,   # green crane, 3 green structures
        "1 2 1 2 4 1" + ENTER,
        ENTER, "1" + ENTER, "4" + ENTER, "7" + ENTER, "9" + ENTER,
        "1" + ENTER, "1" + ENTER,
        DOWN + DOWN + ENTER,
    ]
    pipe.send_text("".join(keys))
    pipe.close()
    prompter = QuestionaryPrompter(input=pipe, output=DummyOutput(), echo=lambda _line: None)
    result = walk(tom_game(), prompter)
    assert [a.value for a in result.game.lines] == TOM_QUICK
