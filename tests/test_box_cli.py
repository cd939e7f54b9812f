"""`trajan box show | export | import`: the group's box from the command line.

Every value of a box here is MADE UP for the test, not read off the real components."""

from __future__ import annotations

import pytest

from trajan_cli.games import box_file
from trajan_cli.parsing.box_toml import box_toml

from helpers.made_up_box import GROUP, SIDE_A


@pytest.fixture
def home(tmp_path, monkeypatch):
    folder = tmp_path / "home"
    monkeypatch.setenv("TRAJAN_HOME", str(folder))
    return folder


def test_show_an_empty_box_says_what_it_does_not_know_yet(cli, home):
    result = cli("box", "show")
    assert result.code == 0
    assert "Side A: not known yet" in result.out and "Mosaic faces: 0 of 10" in result.out
    assert "trajan box edit" in result.out
    answer = cli("box", "show", "--json").json()
    assert answer["missing"] == ["side A", "faces 0/10", "track", "bar basic", "bar turned"]
    assert answer["file"] == str(home / "box.toml") and answer["track"] is None


def test_show_answers_the_box_in_the_notation_of_the_file(cli, home):
    box_file.save(GROUP)
    answer = cli("box", "show", "--json").json()
    assert answer["sides"] == {"A": "B2 E3 D4 C5", "B1": "D2 B3 C4 E5"}
    assert answer["faces"]["1a"] == "b b E\ng - g"
    assert answer["track"] == {"points": [0, 1, 2, 3, 4, 5], "trajan": [3, 3, 5, 5, 7, 7], "cypresses": [2, 4]}
    assert answer["bar"]["basic"] == {"sizes": "1 2 3+", "head": 2}
    assert answer["cranes"] == {"Ann": "A1 o F1 g A6 b F6 y"} and answer["forums"] == {"3": "1a A1; 2b D1 turned"}
    assert answer["missing"] == ["faces 2/10"]
    shown = cli("box", "show").out
    assert "Side A: temples B2 E3 D4 C5" in shown and "Trajan head on slot 2" in shown


def test_a_box_exported_and_imported_elsewhere_equals_the_original(cli, home, tmp_path, monkeypatch):
    box_file.save(GROUP)
    exported = tmp_path / "our-box.toml"
    assert cli("box", "export", exported).code == 0
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "other-machine"))
    result = cli("box", "import", exported)
    assert result.code == 0 and "side A" in result.out
    assert box_file.load() == GROUP
    again = cli("box", "import", exported, "--json").json()
    assert again == {"added": [], "differ": [], "replaced": False}


def test_export_never_overwrites_a_file_unless_forced(cli, home, write):
    box_file.save(GROUP)
    there = write("there.toml", "# mine\n")
    result = cli("box", "export", there)
    assert result.code == 2 and str(there) in result.err and "--force" in result.err
    assert there.read_text(encoding="utf-8") == "# mine\n"
    assert cli("box", "export", there, "--force").code == 0
    assert there.read_text(encoding="utf-8") == box_toml(GROUP)


def test_import_lists_facts_that_differ_keeps_the_box_and_replaces_only_when_asked(cli, home, write):
    box_file.save(GROUP)
    theirs = write("theirs.toml", box_toml(GROUP).replace('A = "B2 E3 D4 C5"', 'A = "B2 E3 D4 C4"')
                   .replace("head = 2", "head = 3"))
    result = cli("box", "import", theirs)
    assert result.code == 0
    assert "side A, bar basic" in result.out and "--replace" in result.out
    assert box_file.load().box.side("A") == SIDE_A
    answer = cli("box", "import", theirs, "--replace", "--json").json()
    assert answer == {"added": [], "differ": ["side A", "bar basic"], "replaced": True}
    assert box_file.load().box.side("A") != SIDE_A


@pytest.mark.parametrize(("text", "where"), [
    ('[sides]\nA = "B2 E3"\n', ":2: 'A':"),
    ("[track]\npoints = [0, 1]\ntrajan = [3, 9]\n", ":1: 'track':"),
    ("[sides\n", ":1:"),
])
def test_a_bad_file_is_refused_with_exit_2_its_file_line_and_key_and_nothing_changes(cli, home, write, text, where):
    box_file.save(GROUP)
    bad = write("bad.toml", text)
    result = cli("box", "import", bad)
    assert result.code == 2 and result.problems and result.problems[0].startswith(f"{bad}{where}")
    assert "Traceback" not in result.err
    assert box_file.load() == GROUP


def test_a_damaged_box_file_in_the_home_is_refused_with_exit_2(cli, home):
    home.mkdir()
    (home / "box.toml").write_text("[faces]\n1a = 'b x'\n", encoding="utf-8")
    result = cli("box", "show")
    assert result.code == 2 and result.problems[0].startswith(f"{home / 'box.toml'}:2: 'x':")


def test_box_messages_are_in_the_players_language(cli, home):
    assert "Seite A: noch nicht bekannt" in cli("--lang", "de", "box", "show").out
    assert "Face A : pas encore connue" in cli("--lang", "fr", "box", "show").out
    wrote = cli("--lang", "de", "box", "export", home.parent / "x.toml")
    assert wrote.code == 0 and "Schachtel nach" in wrote.out
