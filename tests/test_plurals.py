"""Issue 12, item 12: messages that count things say "1 coin" and "2 coins", in each
language its own way (gettext's ngettext), with English needing no catalog."""

import gettext
import importlib.util
import io
import re
from pathlib import Path

import pytest

from trajan_cli import i18n
from trajan_cli.core.game import Game, Message, Plural
from trajan_cli.core.vocabulary import Cycle

from helpers.walkthrough import play

ROOT = Path(__file__).resolve().parent.parent


@pytest.fixture
def english():
    i18n.set_language("en")
    yield
    i18n.set_language("en")


def test_english_counts_without_a_catalog(english):
    assert i18n.ngettext("{n} coin", "{n} coins", 1) == "{n} coin"
    assert [Plural("{n} coin", "{n} coins", n).show() for n in (0, 1, 2)] == ["0 coins", "1 coin", "2 coins"]


def test_a_counted_message_inside_a_message(english):
    inner = Plural("{n} row", "{n} rows", 1)
    assert Message("pays for {rows} at most", {"rows": inner}).show() == "pays for 1 row at most"


def test_a_catalog_chooses_the_form_by_its_own_rule(monkeypatch):
    """French says 0 in the singular ("0 pièce"): the catalog's plural rule decides, not English's."""
    babel = pytest.importorskip("babel")  # noqa: F841 - Babel writes the test catalog
    from babel.messages.catalog import Catalog
    from babel.messages.mofile import write_mo

    catalog = Catalog(locale="fr")
    # The rule of the shipped French catalog. Babel 2.19 takes CLDR's three French forms
    # (one for a million) as its default; our catalog states its own two.
    catalog.mime_headers = [("Plural-Forms", "nplurals=2; plural=(n > 1);")]
    catalog.add(("{n} coin", "{n} coins"), ("{n} pièce", "{n} pièces"))
    compiled = io.BytesIO()
    write_mo(compiled, catalog)
    compiled.seek(0)
    monkeypatch.setattr(i18n, "_catalog", gettext.GNUTranslations(compiled))
    assert [Plural("{n} coin", "{n} coins", n).show() for n in (0, 1, 2)] == ["0 pièce", "1 pièce", "2 pièces"]


def extracted() -> set:
    spec = importlib.util.spec_from_file_location("messages_script", ROOT / "scripts" / "messages.py")
    script = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(script)
    return {m.id for m in script.extract() if m.id}


def test_the_catalog_script_extracts_both_forms():
    ids = extracted()
    assert ("{n} coin per row", "{n} coins per row") in ids  # Plural(...) in the walkthrough
    assert ("{n} different gray building type", "{n} different gray building types") in ids


def test_no_counted_message_shares_its_singular_with_a_plain_one():
    """A catalog keys both by the singular: one of the two would lose its translation."""
    ids = extracted()
    plain = {i for i in ids if isinstance(i, str)}
    assert not [i for i in ids if isinstance(i, tuple) and i[0] in plain]


def test_the_walkthrough_counts_in_words(english):
    """One coin to pay with, one citizen in a row: no '1 coins', no '1 citizens'."""
    game = Game("g", ("Ann",), "Ann", cards={Cycle.I: "I-1"})
    result, shown, _ = play(game, ["quick", 0, [0, 0, 1, 0, 0, 0], 1])
    rows = result.state.question
    from trajan_cli.ui.prompts import message, option_label

    assert "(1 coin per row; Ann has 1 coin;" in message(rows)
    assert [option_label(o) for o in rows.options] == ["row 3, Merchant I: 1 citizen"]
    assert not any("1 coins" in line or "1 citizens" in line for line in shown)


def test_a_row_that_lost_a_gray_type_says_it_in_words(english):
    game = Game("g", ("Ann",), "Ann", cards={Cycle.I: "I-1", Cycle.II: "II-1"})
    cycle_i = ["quick", 0, [0] * 6, 0, [], [2, 0, 0, 0, 0, 0], "quick", 0, 0, 0, 0]
    _, shown, _ = play(game, cycle_i + ["quick", 2, [0] * 6, 0, [], [1, 0, 0, 0, 0, 0]])
    assert any("row 1 had 2 different gray building types at the last scoring and shows 1 different "
               "gray building type now" in line for line in shown)


@pytest.mark.parametrize("lang,one,many", [
    ("en", "the line before it is recorded", "the 2 lines before it are recorded"),
    ("de", "die Zeile davor ist festgehalten", "die 2 Zeilen davor sind festgehalten"),
    ("fr", "la ligne précédente est enregistrée", "les 2 lignes précédentes sont enregistrées"),
])
def test_a_refused_record_counts_the_lines_kept_in_words(cli, tmp_path, monkeypatch, lang, one, many):
    """Issue 22: "the 1 lines before it are recorded" (and "die 1 Zeilen", "les 1 lignes")."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "200")
    example = (ROOT / "trajan_cli" / "examples" / "cycle-1.txt").read_text(encoding="utf-8")
    boards = [line for line in example.splitlines() if line.startswith("board ")]
    for count, expected in ((1, one), (2, many)):
        game = f"g{count}"
        assert cli("game", "new", game, "-p", "Ann", "-p", "Bob", "--cards", "I-2,II-1,III-4").code == 0
        record = tmp_path / f"record-{count}.txt"
        record.write_text("\n".join(boards[:count] + ["Ann: take nothing at all"]) + "\n", encoding="utf-8")
        result = cli("--lang", lang, "turn", game, "--file", record)
        assert result.code == 2
        assert expected in " ".join(result.err.split()), result.err
    i18n.set_language("en")


ONE_GREEN = '''
name = "One"
colonia = """
Kg  g   .   .   .   ?
.   T   .   .   .   .
.   .   .   T   .   .
.   T   .   .   .   .
.   .   .   .   .   T
?   .   .   .   .   ?
"""
'''


@pytest.mark.parametrize("lang,expected", [
    ("en", "A1: green crane, 1 green structure (B1)"),
    ("de", "A1: Baukran in Grün, 1 Bauwerk in Grün (B1)"),
    ("fr", "A1\u00a0: grue verte, 1 structure de couleur verte (B1)"),
])
def test_a_crane_over_one_structure_says_structure(cli, tmp_path, lang, expected):
    """Issue 22: "A1: green crane, 1 green structures (B1)"."""
    sheet = tmp_path / "one.toml"
    sheet.write_text(ONE_GREEN, encoding="utf-8")
    result = cli("--lang", lang, "score", "cranes", sheet, "--cycle", "2")
    i18n.set_language("en")
    assert result.code == 0, result.err
    assert expected in result.out, result.out


@pytest.mark.parametrize("lang,one,many", [
    ("en", "undone; 1 more step to undo", "undone; 2 more steps to undo"),
    ("de", "noch 1 weiterer Schritt möglich", "noch 2 weitere Schritte möglich"),
    ("fr", "encore 1 étape à annuler", "encore 2 étapes à annuler"),
])
def test_the_board_editor_counts_the_steps_left_to_undo(tom, lang, one, many):
    """Issue 22: "undone; 1 more steps to undo" after the keys 2 + + u."""
    from helpers.editor_session import colonia

    i18n.set_language(lang)
    try:
        assert one in colonia("2++u\x1b", tom).editor.status.text
        assert many in colonia("2++-u\x1b", tom).editor.status.text
    finally:
        i18n.set_language("en")


#: A number placeholder followed by the noun it counts ("{n} ways", "{points} points",
#: "{votes} votes"), "(and {n} more)", or a noun with "(s)": each must be a counted message.
COUNTED_IN_A_PLAIN_MESSAGE = re.compile(
    r"\{(?:n|points|votes|penalty|foreign)\} (?:other |more |weitere )?[a-z]+s\b|\{n\} more\)|\w\(s\)")
#: Plain messages whose number can never be 1: a fixed quantity of the game's material or a
#: limit of the tool (always more than one), or a count only said when it is two or more.
NEVER_ONE = (
    "the player name {name!r} is longer than {n} characters",  # the limit, 40
    "Tom scores {points} points in this phase",  # the rulebook's example: 54
    "there are {n} construction tiles in the game",  # the material, Spielmaterial
    "give {n} bowls, clockwise",
    "the circle has {n} places for Trajan tiles",
    "a player has {n} figures in all",
    "there are {n} cards of each kind",
    "there are {n} kinds of commodity cards",
    "{n} Trajan tiles; a list holds {most} at most",  # said only above the most
    "there are {n} bonus tiles in the game",
    "a number of about {n} digits",  # said of numbers too long to read
    "{n} players; a forum file names {most} at most",  # said only above 4
    "  any of these {n} variants:",  # said only for two or more
    "({n} placements match in all;",  # said only when more match than are used: two or more
    "{n} area bonuses, two different ones",  # one has its own message
    "up to {n} envoys, one after the other",  # the plural branch: two structures or more
)


def test_no_plain_message_counts_with_a_bare_number():
    """Issue 22: "1 ways to pay", "wins with 1 points", "(and 1 more)": ngettext or Plural."""
    plain = [i for i in extracted() if isinstance(i, str) and COUNTED_IN_A_PLAIN_MESSAGE.search(i)]
    assert [i for i in plain if not any(fixed in i for fixed in NEVER_ONE)] == []


@pytest.mark.parametrize("lang,one,many", [
    ("en", "Ann wins with 1 point", "Ann wins with 2 points"),
    ("de", "Ann gewinnt mit 1 Punkt", "Ann gewinnt mit 2 Punkten"),
    ("fr", "Ann remporte la partie avec 1 point", "Ann remporte la partie avec 2 points"),
])
def test_the_winner_with_one_point(lang, one, many):
    from types import SimpleNamespace

    from trajan_cli.core.standings import POINTS, Place, Ranking
    from trajan_cli.render.standings import ranking_text

    def said(points):
        places = (Place(1, ("Ann",), points, POINTS), Place(2, ("Bob",), 0, POINTS))
        return ranking_text(SimpleNamespace(ranking=Ranking(places)))

    i18n.set_language(lang)
    try:
        assert one + " (" in said(1) and many + " (" in said(2)
    finally:
        i18n.set_language("en")


def test_a_colonia_row_of_one_space_says_space(english):
    from trajan_cli.parsing.errors import ProblemList
    from trajan_cli.parsing.grid import parse_colonia

    problems = ProblemList("<sheet>")
    parse_colonia("\n".join(["."] + [". . . . . ."] * 5), problems)
    assert any("this row has 1 space;" in p.message for p in problems), [p.message for p in problems]
