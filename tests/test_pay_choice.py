"""Paying citizens is the player's choice (issue 18, item 1).

p. 27: a row that a player is "not able or willing" to pay turns inactive; the p. 28
example has Tom, who could pay all four rows, keep a coin for card III-4. So with a
recorded board the walkthrough asks which rows are paid (every row the coins pay is the
suggestion), and an answers file's ``pay`` is honoured: left out = every row when the coins
suffice, ``[]`` = no row (interface.md).
"""

import dataclasses

import pytest

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.game import Answer, Game
from trajan_cli.core.state import GameState
from trajan_cli.core.tabletop import SHEET_RECORD
from trajan_cli.core.vocabulary import CitizenState, Cycle
from trajan_cli.games.readers import default_parsers
from trajan_cli.i18n import set_language
from trajan_cli.parsing.sheet import parse_sheet

TOM = EXAMPLES_DIR / "tom-before-payment.toml"  # 4 coins, rows 3 4 5 6 (p. 28)


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


@pytest.fixture
def tom_game(cli):
    """Tom's third scoring phase in a game kept from cycle III, his board recorded."""
    assert cli("game", "new", "p28", "-p", "Tom", "-p", "Anna", "--from-cycle", "3",
               "--cards", "I-1,II-1,III-4").code == 0
    assert cli("board", "import", "p28", "-p", "Tom", TOM).code == 0
    return "p28"


def _board(cli, player="Tom"):
    return parse_sheet(cli("board", "show", "p28", "-p", player, "--json").json()["sheet"])


#: Everything else of the phase, given ahead: the forum in quick counts, Anna (no board)
#: in quick counts with nothing scored, Tom's Trajan value (p. 28: 7).
REST = """"forum.mode" = "quick"
[Tom]
marker = 0
"forum.eagles_on" = 0
"forum.eagles_beside" = 0
"forum.area" = 0
trajan_value = 7
[Anna]
"pay.mode" = "quick"
marker = 0
"pay.citizens" = [0, 0, 0, 0, 0, 0]
"pay.coins" = 0
"cranes.uncovered" = []
"colonia.gray_types" = [0, 0, 0, 0, 0, 0]
"forum.eagles_on" = 0
"forum.eagles_beside" = 0
"forum.area" = 0
"trajan.building" = 0
"trajan.collecting" = 0
"""


def _score(cli, write, tom_answers: str) -> object:
    answers = write("a.toml", REST.replace("[Tom]\n", f"[Tom]\n{tom_answers}\n"))
    return cli("score", "--game", "p28", "--answers", answers, "--no-input")


def test_tom_keeps_a_coin_by_paying_three_of_his_four_rows_p28(cli, write, tom_game):
    result = _score(cli, write, "pay = [3, 4, 5]")
    assert result.code == 0, result.err
    tom = _board(cli)
    assert tom.supply.coins == 1  # 4 coins, 3 rows paid: the fourth coin stays
    assert tom.citizens[6] == (CitizenState.INACTIVE,)  # Craftsman II turned over
    assert tom.citizens[5] == (CitizenState.ACTIVE, CitizenState.ACTIVE)


def test_pay_left_out_pays_every_row_the_coins_pay_p27(cli, write, tom_game):
    result = _score(cli, write, "")
    assert result.code == 0, result.err
    tom = _board(cli)
    assert tom.supply.coins == 0
    assert all(s is CitizenState.ACTIVE for states in tom.citizens.values() for s in states)


def test_pay_empty_pays_no_row_and_keeps_the_coins_p27(cli, write, tom_game):
    result = _score(cli, write, "pay = []")
    assert result.code == 0, result.err
    tom = _board(cli)
    assert tom.supply.coins == 4
    assert all(s is CitizenState.INACTIVE for states in tom.citizens.values() for s in states)


def test_pay_left_out_with_too_few_coins_names_the_key_to_add(cli, write):
    poor = TOM.read_text().replace("coins = 4", "coins = 2")
    assert cli("game", "new", "poor", "-p", "Tom", "-p", "Anna", "--from-cycle", "3").code == 0
    assert cli("board", "import", "poor", "-p", "Tom", write("poor.toml", poor)).code == 0
    answers = write("a.toml", "[Tom]\nmarker = 0\n")
    result = cli("score", "--game", "poor", "--answers", answers, "--no-input")
    assert result.code == 2 and "add pay to [Tom]" in result.err


def test_the_walkthrough_asks_with_every_row_as_the_suggestion_p27(rules):
    sheet = parse_sheet(TOM.read_text())
    game = Game("g", ("Tom",), "Tom", cards={Cycle.III: "III-4"}, first_cycle=Cycle.III,
                lines=(Answer(SHEET_RECORD, Cycle.III, "Tom", {"text": TOM.read_text()}),
                         Answer("pay.board", Cycle.III, "Tom", None),
                         Answer("pay.marker", Cycle.III, "Tom", 0)))
    question = GameState.replay(game, rules, default_parsers(rules)).question
    assert question.key == "pay.rows" and question.player == "Tom"
    assert question.default == [3, 4, 5, 6] and question.unasked_default
    assert [o.value for o in question.options] == sorted(sheet.citizens)
    from trajan_cli.ui.prompts import message

    english = message(question)
    for lang in ("de", "fr"):  # asked in the table's language
        set_language(lang)
        assert "Tom" in message(question) and message(question) != english


def test_a_game_saved_when_full_coins_were_not_asked_still_replays(rules):
    """Games saved before paying was asked: the marker answer was followed directly by the
    next player's questions; they replay as played, every row paid."""
    text = TOM.read_text()
    anna = text.replace('name = "Tom"', 'name = "Anna"')
    game = Game("old", ("Tom", "Anna"), "Tom", cards={Cycle.III: "III-4"}, first_cycle=Cycle.III,
                lines=(Answer(SHEET_RECORD, Cycle.III, "Tom", {"text": text}),
                         Answer(SHEET_RECORD, Cycle.III, "Anna", {"text": anna}),
                         Answer("pay.board", Cycle.III, "Tom", None),
                         Answer("pay.marker", Cycle.III, "Tom", 0),
                         Answer("pay.board", Cycle.III, "Anna", None)))
    state = GameState.replay(game, rules, default_parsers(rules))
    assert (state.question.key, state.question.player) == ("pay.marker", "Anna")
    assert state.table.board("Tom").supply.coins == 0  # every row paid, as then
    # A game saved now asks Anna, whose marker is the last answer, which rows she pays.
    asked = GameState.replay(dataclasses.replace(game, lines=game.lines + (
        Answer("pay.marker", Cycle.III, "Anna", 0),)), rules, default_parsers(rules)).question
    assert (asked.key, asked.player) == ("pay.rows", "Anna")
