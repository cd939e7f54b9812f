"""The questions speak the table's language (issue 22, items 4 and 5): questionary's own
hints in German and French, the walkthrough's position before each question, and counted
words in the board editor's status line."""

from __future__ import annotations

import io

import pytest
from prompt_toolkit.data_structures import Size
from prompt_toolkit.input import create_pipe_input
from prompt_toolkit.output.vt100 import Vt100_Output

from trajan_cli import i18n
from trajan_cli.core.board import blank_sheet
from trajan_cli.core.game import Step
from trajan_cli.core.script import Kind, Option, Question
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.ui.colonia_state import ColoniaEditor
from trajan_cli.ui.prompts import QuestionaryPrompter

ENTER = "\r"


def screen_of(kind: Kind, lang: str, step=Step.FORUM, **extra) -> str:
    """What the terminal shows while a question is asked (answered at once with Enter)."""
    i18n.set_language(lang)
    question = Question("k", kind, step, Cycle.II, "Ann", "Question for {player}?",
                        {"player": "Ann"}, **extra)
    screen = io.StringIO()
    output = Vt100_Output(screen, lambda: Size(rows=24, columns=120), term="xterm")
    with create_pipe_input() as pipe:
        pipe.send_text(ENTER)
        QuestionaryPrompter(input=pipe, output=output).ask(question)
    return screen.getvalue()


CHOICE = {"options": (Option("a", "A"), Option("b", "B")), "default": "a"}
MULTI = {"options": (Option(1, "one"), Option(2, "two")), "default": [1]}


@pytest.mark.parametrize("lang,hint", [("en", "(Use arrow keys, Enter to choose)"),
                                       ("de", "(Pfeiltasten, Enter wählt)"),
                                       ("fr", "(Flèches, Entrée pour choisir)")])
def test_a_choice_says_how_to_choose_in_the_tables_language(lang, hint):
    shown = screen_of(Kind.CHOICE, lang, **CHOICE)
    assert hint in shown and "Use arrow keys)" not in shown


@pytest.mark.parametrize("lang,hint", [("de", "<Leertaste> wählt aus"), ("fr", "<espace> pour cocher")])
def test_a_checkbox_says_how_to_tick_in_the_tables_language(lang, hint):
    shown = screen_of(Kind.MULTI, lang, **MULTI)
    assert hint in shown and "to select" not in shown


@pytest.mark.parametrize("lang,where", [("en", "[Cycle II · forum · Ann] ?"),
                                        ("de", "[Durchgang II · Forumswertung · Ann] ?"),
                                        ("fr", "[Cycle II · décompte du Forum · Ann] ?")])
def test_each_question_shows_cycle_step_and_player(lang, where):
    assert where in screen_of(Kind.INT, lang, default=3)


def test_a_question_for_the_whole_table_says_so():
    i18n.set_language("en")
    shown = screen_of(Kind.CHOICE, "en", step=Step.PAY, **CHOICE).replace("Ann", "")
    assert "[Cycle II · pay citizens ·" in shown


@pytest.mark.parametrize("presses,expected", [(1, "row 3: 1 citizen, 1 active"),
                                              (2, "row 3: 2 citizens, 2 active")])
def test_the_editor_counts_citizens_in_words_that_agree(presses, expected):
    i18n.set_language("en")
    editor = ColoniaEditor(blank_sheet("Ann"), blank_sheet("Ann"))
    for key in ("down", "down", *["+"] * presses):
        editor.press(key)
    assert editor.status.text == expected


def test_the_editor_counts_in_german_too():
    i18n.set_language("de")
    editor = ColoniaEditor(blank_sheet("Ann"), blank_sheet("Ann"))
    editor.press("+")
    assert editor.status.text == "Zeile 1: 1 Bürger, davon 1 aktiv"


def test_the_side_panel_reaches_each_count_by_its_own_key():
    """Issue 22, item 5: a key per count, shown beside it; Down pressed once too often
    cannot change the wrong count."""
    from trajan_cli.core.vocabulary import Colour
    from trajan_cli.ui.colonia_state import FIELD_KEYS, PANEL, Field, Focus
    from trajan_cli.ui.screen import draw_colonia

    i18n.set_language("en")
    editor = ColoniaEditor(blank_sheet("Ann"), blank_sheet("Ann"))
    editor.press("tab")
    assert editor.focus is Focus.PANEL
    for key in ("down",) * 9 + ("a", "+", "+", "s", "+", "w", "right", "+", "c", "3"):
        editor.press(key)  # nine Downs: somewhere in the panel; the keys go where they say
    supply = editor.sheet.supply
    # The ship: the set-up's envoy (p. 19) and one more.
    assert (supply.assistants, supply.ship, supply.coins, supply.tribunes, supply.builders) == (2, 2, 3, 0, 0)
    assert supply.workers[Colour.GREEN] == 1 and supply.workers[Colour.BLUE] == 0
    counts = {field for line in PANEL for field in line if field.kind != "citizens"}
    assert {FIELD_KEYS[key] for key in FIELD_KEYS} <= counts
    assert Field("supply", "tribunes") in FIELD_KEYS.values()
    screen = draw_colonia(editor, 80, 24).text()
    for shown in ("c coins", "t tribunes", "b builders", "a assistants", "w workers", "s envoys"):
        assert shown in screen, shown


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_editors_help_fits_the_screen_in_every_language(lang):
    from trajan_cli.ui.screen import draw_colonia

    i18n.set_language(lang)
    editor = ColoniaEditor(blank_sheet("Ann"), blank_sheet("Ann"))
    editor.press("?")
    lines = draw_colonia(editor, 80, 24).text().splitlines()
    assert any(line.lstrip().startswith("Esc ") for line in lines)  # the last key is not cut off
    assert any(line.lstrip().startswith("u Ctrl-Z") for line in lines)


def test_a_long_question_breaks_between_words_and_leaves_room_for_the_answer(monkeypatch):
    from trajan_cli.ui.prompts import ANSWER_ROOM, fitted_question

    monkeypatch.setenv("COLUMNS", "80")
    qmark = "[Durchgang I · Bürger bezahlen · Ann] ?"
    text = ("Wo steht der Siegpunktmarker von Ann jetzt, vor dieser Wertung? (100 dazuzählen, "
            "wenn er schon eine Runde gedreht hat)")
    lines = f"{qmark} {fitted_question(qmark, text)}".split("\n")
    assert " ".join(" ".join(lines).split()) == f"{qmark} {text}"  # nothing lost, no word cut
    assert all(len(line) < 80 for line in lines) and len(lines[-1]) <= 80 - ANSWER_ROOM
