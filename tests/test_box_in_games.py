"""The group's box reaching a game: what the box file (TRAJAN_HOME/box.toml) knows is
copied into the game's record as ``box`` lines when the game needs it, so the record
replays the same anywhere:

- a set-up line given to `trajan turn` whose side or faces the record lacks takes them
  from the group's box (pp. 18-19);
- a game opened for its scoring takes the prestige track and the slide bar, and the
  scoring reads the area and Trajan values off the bar: it asks only which rows to pay
  (pp. 27-28).

Every box value here is MADE UP (helpers/made_up_box.py, helpers/bar_example.py): none
is read off the real components.
"""

from __future__ import annotations

import json

import pytest

from trajan_cli.core.box import GroupBox
from trajan_cli.games import box_file

from helpers.bar_example import ANN_AREA, ANN_BAR, ANN_TRAJAN, BOB_TRAJAN, BOX
from helpers.made_up_box import GROUP
from helpers.tables import ANN, CYCLE_I, EXAMPLE


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "200")
    return tmp_path / "home"


def log_lines(cli, game: str) -> list[str]:
    return [line for line in cli("game", "log", game).out.splitlines() if line and not line.startswith("#")]


def test_a_set_up_line_takes_its_side_and_faces_from_the_groups_box_pp18_19(cli):
    box_file.save(GROUP)
    assert cli("game", "new", "g", "-p", "Ann", "-p", "Bob").code == 0
    done = cli("turn", "g", "set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 3; worker o")
    assert done.code == 0, done.err
    assert log_lines(cli, "g")[:2] == ["box side A: temples B2 E3 D4 C5",
                                        "set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 3; worker o"]
    # Known now from the record: a second player on side A brings no second box line.
    assert cli("turn", "g", "set-up Bob: side A; cranes A1 b F1 y A6 o F6 g; citizen 1; worker g").code == 0
    assert sum(line.startswith("box side") for line in log_lines(cli, "g")) == 1


def test_a_side_the_groups_box_does_not_know_is_refused_naming_it(cli):
    assert cli("game", "new", "g", "-p", "Ann", "-p", "Bob").code == 0
    done = cli("turn", "g", "set-up Ann: side B7; cranes A1 o F1 g A6 b F6 y; citizen 3; worker o")
    assert done.code == 2 and "B7" in done.err
    assert log_lines(cli, "g") == []


def test_a_scoring_asks_only_the_rows_once_the_group_knows_the_slide_bar_p27_p28(cli, tmp_path):
    """The worked example's cycle I kept by turns (Ann's bar moved on to a cypress); the
    group's box knows the track and the bar: `trajan score` copies them into the record and
    reads Ann's area points and both Trajan values off the bar."""
    assert cli("game", "new", "ex", "-p", "Ann", "-p", "Bob", "--cards", "I-2,II-1,III-4").code == 0
    record = tmp_path / "cycle-1.txt"
    record.write_text("\n".join([line.replace(ANN, ANN + ANN_BAR) for line in EXAMPLE] + list(CYCLE_I)) + "\n",
                      encoding="utf-8")
    assert cli("turn", "ex", "--file", record).code == 0
    box_file.save(GroupBox(box=BOX))
    answers = tmp_path / "answers.toml"
    answers.write_text("[Ann]\npay = [2, 5]\n[Bob]\npay = [3, 5]\n", encoding="utf-8")
    done = cli("score", "--game", "ex", "--answers", answers, "--no-input", "--json")
    assert done.code == 0, done.err
    standings = {p["name"]: p["cycles"]["1"] for p in json.loads(done.out)["players"]}
    assert standings["Ann"]["area"] == ANN_AREA
    assert standings["Ann"]["trajan"] == ANN_TRAJAN and standings["Bob"]["trajan"] == BOB_TRAJAN
    lines = log_lines(cli, "ex")
    assert any(line.startswith("box track:") for line in lines)
    assert any(line.startswith("box bar basic:") for line in lines) and any(
        line.startswith("box bar turned:") for line in lines)
    # The record alone now scores the same, whatever box another machine has.
    box_file.save(GroupBox())
    assert json.loads(cli("game", "show", "ex", "--json").out)["players"] == json.loads(done.out)["players"]


def test_a_bar_value_asked_says_once_how_to_never_be_asked_again(cli, tmp_path):
    """Without the slide bar in the box, the values are asked (here given ahead); the walk
    says once that describing the bar ends that."""
    assert cli("game", "new", "ex", "-p", "Ann", "-p", "Bob", "--cards", "I-2,II-1,III-4").code == 0
    record = tmp_path / "cycle-1.txt"
    record.write_text("\n".join([*EXAMPLE, *CYCLE_I]) + "\n", encoding="utf-8")
    assert cli("turn", "ex", "--file", record).code == 0
    answers = tmp_path / "answers.toml"
    answers.write_text("[Ann]\npay = [2, 5]\narea_points = 6\ntrajan_value = 3\n"
                       "[Bob]\npay = [3, 5]\ntrajan_value = 3\n", encoding="utf-8")
    done = cli("score", "--game", "ex", "--answers", answers, "--no-input")
    assert done.code == 0, done.err
    assert done.out.count("Describe your slide bar once (trajan box edit") == 1


def test_a_box_exported_and_imported_elsewhere_sets_up_the_same_game(cli, tmp_path, monkeypatch):
    """The group takes its box to another machine: the same set-up lines make the same
    record there, box lines included."""
    box_file.save(GROUP)
    exported = tmp_path / "our-box.toml"
    assert cli("box", "export", exported).code == 0
    set_up = ["set-up Ann: side A; cranes A1 o F1 g A6 b F6 y; citizen 3; worker o",
              "set-up Bob: side B1; cranes A1 b F1 y A6 o F6 g; citizen 1; worker g"]

    def record_in_new_game() -> list[str]:
        assert cli("game", "new", "g", "-p", "Ann", "-p", "Bob").code == 0
        for line in set_up:
            done = cli("turn", "g", line)
            assert done.code == 0, done.err
        return log_lines(cli, "g")

    here = record_in_new_game()
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "elsewhere"))
    assert cli("box", "import", exported).code == 0
    assert record_in_new_game() == here
    assert [line.split(":")[0] for line in here[:3]] == ["box side A", "set-up Ann", "box side B1"]
