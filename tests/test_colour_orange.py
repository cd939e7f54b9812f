"""The fourth colour is orange (issue 12, item 6).

The German and French editions name it orange (p. 23 example: "orangefarbenes
Doppelplättchen", "double orange"); no edition names red. Files, options and saved games
written while the tool called it red (`r`, `Kr`, `red`) still read, as orange; everything
the tool writes says orange.
"""

import json

import pytest

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.colonia import crane, structure
from trajan_cli.core.game import Category, Game
from trajan_cli.core.vocabulary import Colour, Cycle
from trajan_cli.games import store
from trajan_cli.parsing.errors import InputError, ProblemList
from trajan_cli.parsing.forum import parse_forum, render_forum_grid
from trajan_cli.parsing.grid import parse_colonia, render_colonia
from trajan_cli.parsing.sheet import parse_sheet

from helpers.legacy_games import old_json, old_text, write_old
from helpers.walkthrough import TOM_QUICK, play, replay, tom_game

ORANGE = Colour.ORANGE

# Orange crane at F1; orange structures at B6 and E6 (old letters: Kr, r).
GRID_OLD = """
?   ?   .   lib ?   Kr
lib T   bas lib .   ?
g   .   col T   y   ?
.   T   mkt g   lib b
col lib g   bas mkt T
K   r   .   bas red ?
"""


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def sheet_text(grid: str, workers: str = "") -> str:
    return f'name = "Ada"\ncolonia = """{grid}"""\n[supply]\nworkers = {{ {workers} }}\n'


def test_the_four_colours_p23():
    assert [c.value for c in Colour] == ["blue", "green", "orange", "yellow"]
    assert [c.letter for c in Colour] == ["b", "g", "o", "y"]
    assert Colour("red") is ORANGE  # a value saved before orange was named


@pytest.mark.parametrize("structure_token, crane_token", [
    ("o", "Ko"), ("orange", "crane:orange"),
    ("r", "Kr"), ("RED", "crane:red"),  # orange's old name, in files written before
])
def test_grid_tokens_orange_and_its_old_name(structure_token, crane_token):
    grid = (f"? ? . . {structure_token} {crane_token}\n. T . . T .\n. . . . . .\n"
            ". . . . . .\n. T . . T .\n? . . . . ?\n")
    problems = ProblemList("g.txt")
    colonia = parse_colonia(grid, problems)
    assert not problems, problems
    assert (colonia.at((4, 0)), colonia.at((5, 0))) == (structure(ORANGE), crane(ORANGE))


def test_grids_are_written_with_o():
    problems = ProblemList("g.txt")
    colonia = parse_colonia(GRID_OLD, problems)
    text = render_colonia(colonia)
    assert text.split()[5] == "Ko" and "o" in text.split() and " r " not in f" {text} "


def test_a_grid_with_kr_and_ko_has_two_orange_cranes():
    grid = GRID_OLD.replace("?   ?   .   lib", "Ko  ?   .   lib")
    with pytest.raises(InputError) as info:
        parse_sheet(sheet_text(grid), "s.toml")
    assert "a second orange crane" in str(info.value)


def test_forum_squares_orange_and_its_old_name():
    forum = parse_forum('players = { T = "Tom", O = "Olga" }\ngrid = """\no:T r:O red orange\n"""\n')
    assert [sq.colour for sq in forum.grid[0]] == [ORANGE] * 4
    assert render_forum_grid(forum).split() == ["o:T", "o:O", "o", "o"]


def test_forum_marks_chosen_before_orange_was_named_stay_valid():
    """'O' was a free mark while the colour was red; 'r' never was."""
    parse_forum('players = { O = "Olga" }\ngrid = """\nb:O\n"""\n')
    with pytest.raises(InputError):
        parse_forum('players = { r = "Rita" }\ngrid = """\nb:r\n"""\n')


@pytest.mark.parametrize("workers", ["orange = 2", "o = 2", "red = 2", "r = 2"])
def test_sheet_workers_orange_and_its_old_name(workers):
    sheet = parse_sheet(sheet_text(GRID_OLD, workers), "s.toml")
    assert sheet.supply.workers[ORANGE] == 2


def test_sheet_giving_orange_workers_under_both_names_is_refused():
    with pytest.raises(InputError) as info:
        parse_sheet(sheet_text(GRID_OLD, "red = 1, orange = 2"), "s.toml")
    assert "orange workers are given twice" in str(info.value)


def test_scoring_an_old_sheet_says_orange_p27(cli, write):
    path = write("ada.toml", sheet_text(GRID_OLD, "red = 1"))
    answer = cli("score", "cranes", path, "--cycle", "3", "--json").json()
    assert [(c["colour"], c["structures"], c["points"]) for c in answer["cranes"]] == [
        ("orange", 2, 2)]
    report = cli("score", "cranes", path, "--cycle", "3").out
    assert "orange" in report and "red" not in report


@pytest.mark.parametrize("lang", ["de", "fr"])
def test_german_and_french_reports_say_orange(cli, write, lang):
    path = write("ada.toml", sheet_text(GRID_OLD, "red = 1"))
    report = cli("--lang", lang, "score", "cranes", path, "--cycle", "3").out.casefold()
    assert "orange" in report and "rot" not in report and "rouge" not in report


@pytest.mark.parametrize("tile, cells", [("r", ["C1"]), ("col+r", ["C1", "D1"]),
                                         ("r+r", ["C1", "D1"]), ("red", ["C1"])])
def test_check_build_reads_the_old_letter_p22(cli, write, tile, cells):
    grid = GRID_OLD.replace("?   ?   .   lib ?   Kr", "?   ?   .   .   ?   Kr")  # C1, D1 vacated
    path = write("ada.toml", sheet_text(grid, "red = 2") + "builders = 1\nship = 2\n")
    new_tile = tile.replace("red", "o").replace("r", "o")
    old = cli("check", "build", path, tile, *cells, "--json").json()
    new = cli("check", "build", path, new_tile, *cells, "--json").json()
    assert old == new and old["legal"], old["reasons"]
    assert {"orange": 1} in [p["workers"] for p in old["payments"]] or \
        {"orange": 2} in [p["workers"] for p in old["payments"]]


@pytest.mark.parametrize("word", ["r", "red", "R", "orange"])
def test_check_envoy_colour_option_reads_the_old_name_p25(cli, word):
    old = cli("check", "envoy", "--example", "tom", "--colour", word, "--json").json()
    new = cli("check", "envoy", "--example", "tom", "--colour", "o", "--json").json()
    assert old == new and old["legal_cells"]


def test_an_old_saved_game_loads_replays_and_scores_the_same_p27(cli, home):
    answers = [["orange"] if a == ["green"] else a for a in TOM_QUICK]
    result, _, _ = play(tom_game(), answers)
    assert result.state.breakdown()["Tom"][Cycle.III][Category.CRANES] == 3
    saved = old_json(result.game)  # as the version before the record file saved it
    keys = [a["key"] for a in saved["answers"]]
    assert "cranes.orange" in keys and ["orange"] in [a["value"] for a in saved["answers"]]

    # The same game as a file written while the colour was called red.
    old = json.loads(json.dumps(saved).replace('"orange"', '"red"').replace("cranes.orange",
                                                                                "cranes.red"))
    assert "orange" not in json.dumps(old)
    loaded = Game.from_json(old)
    assert replay(loaded).breakdown() == result.state.breakdown()
    assert loaded.lines == result.game.lines  # read back, it says orange

    path = write_old(store.games_dir(), old)
    shown = cli("game", "show", "tom", "--json").json()
    assert shown["players"][0]["total"] == 54 and shown["finished"]
    assert cli("game", "undo", "tom").code == 0  # its first write: the record file, in orange
    record = store.game_path("tom").read_text(encoding="utf-8")
    assert 'cranes.uncovered = ["orange"]' in record and "cranes.orange = 3" in record
    assert '"red"' not in record and "cranes.red" not in record
    assert path.read_text(encoding="utf-8") == old_text(old)  # kept as it was beside it


def test_the_shipped_examples_write_orange():
    for path in EXAMPLES_DIR.glob("tom*.toml"):
        words = path.read_text(encoding="utf-8").replace(":", " ").split()
        assert "r" not in words and "red" not in words, path.name
