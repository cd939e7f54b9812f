"""Every line's shape checked when a game is loaded (issue 20, items 5 and 7).

A game file edited by hand used to crash every command with exit 70, `game list` for all
games included: a board record holding ``{}``, a build on ``Z9``. A card that is no Trajan
card loaded and broke only at the Trajan step; a player's name could hold escape sequences
that `game show` wrote to the terminal. Now the game is listed as damaged with the reason,
every other game stays usable, and each command on it ends in one line naming the file and
the line, and exit status 2. The board game of tests/helpers/board_table_game.py, with its boards,
forum and builds, is mutated line by line to hold that for any damage: in its record file
(NAME.txt), and in the JSON file an earlier version saved it as (NAME.json).
"""

from __future__ import annotations

import copy
import re

import pytest
from conftest import problems_of
from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.core.game import Game, GameError
from trajan_cli.core.records import RESOURCES, SHAPES
from trajan_cli.core.referee.payment import Resource
from trajan_cli.games import store

from helpers import board_table_game as table
from helpers.fuzzing import fuzz, json_values, mutate_json
from helpers.legacy_games import old_json, write_old
from helpers.timebound import within


@pytest.fixture(autouse=True)
def bounded():
    with within(120, "the test"):
        yield


@pytest.fixture(scope="module")
def board_game(tmp_path_factory) -> str:
    """The board game up to the end of cycle I's builds (boards, forum and builds recorded):
    its record file."""
    folder = tmp_path_factory.mktemp("records")

    def trajan(*args: str) -> str:
        code, out = table.run_in_process(*args)
        assert code == 0, f"trajan {' '.join(args)}: {out}"
        return out

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TRAJAN_HOME", str(folder / "home"))
        table.set_up(trajan, folder)
        table.play_cycle(trajan, folder, 1)
        text = store.game_path(table.GAME).read_text()
    kinds = {line.split(" ")[0].rstrip(":") for line in text.splitlines() if not line.startswith("#")}
    assert kinds == {"board", "forum", "build"}, kinds
    return text


@pytest.fixture(scope="module")
def old_board_game(board_game, tmp_path_factory) -> dict:
    """The same game as the JSON object an earlier version saved it as."""
    from trajan_cli.games.record_file import read_record

    data = old_json(read_record(board_game, "<board game>").game)
    assert {a["key"] for a in data["answers"]} == {"board.sheet", "board.forum", "board.build"}
    return data


@pytest.fixture
def folder(tmp_path, monkeypatch, board_game):
    """A games folder with the board game as ``good`` and room for a damaged one."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    games = tmp_path / "games"
    games.mkdir()
    (games / "good.txt").write_text(board_game)
    return games


def damaged_game(folder, text: str, name: str = "bad") -> None:
    (folder / f"{name}.txt").write_text(text)


def damaged_old_game(folder, data: dict, name: str = "bad") -> None:
    (folder / f"{name}.txt").unlink(missing_ok=True)
    write_old(folder, data | {"name": name}, name=name)


def line_number(text: str, start: str) -> int:
    """The number of the first line of ``text`` that starts with ``start``."""
    return next(n for n, line in enumerate(text.splitlines(), start=1) if line.startswith(start))


def answer_index(data: dict, key: str) -> int:
    return next(i for i, a in enumerate(data["answers"]) if a["key"] == key)


def assert_listed_damaged_and_others_usable(cli, folder, reason: str, line: int | None = None) -> None:
    """``bad`` is listed as damaged for ``reason``, `game show` says it in one line naming
    the file (and the ``line``), and ``good`` works."""
    listed = cli("game", "list", "--json")
    assert listed.code == 0, listed.err
    games = {g["name"]: g for g in listed.json()["games"]}
    assert games["bad"]["state"] == "damaged" and reason in games["bad"]["problem"], games["bad"]
    assert games["good"]["state"] != "damaged"
    shown = cli("game", "show", "bad")
    problems = problems_of(shown.err)  # one message, wrapped at the terminal's width
    assert shown.code == 2 and len(problems) == 1 and reason in problems[0], shown.err
    bad = folder / ("bad.txt" if line is not None else "bad.json")
    assert problems[0].startswith(f"{bad}:{line}: " if line is not None else f"{bad}"), problems[0]
    for command in (("game", "show", "good"), ("board", "show", "good", "-p", "Ann"),
                    ("check", "build", "--game", "good", "-p", "Ann", "lib", "C1")):
        assert cli(*command).code == 0, command
    readable = cli("game", "list")
    flowing = " ".join(readable.out.split())  # the list wraps at 80 columns
    assert readable.code == 0 and "damaged (" in flowing.split("bad:")[1] and reason in flowing


def test_a_board_line_holding_nothing(cli, folder, board_game):
    """Issue 20.5: `{}` as a board record crashed every command, `game list` too."""
    damaged_game(folder, re.sub(r"(?m)^board Ann: .*$", "board Ann:", board_game))
    assert_listed_damaged_and_others_usable(cli, folder, "rows in the grid: 0",
                                            line_number(board_game, "board Ann:"))


def test_a_board_record_holding_nothing_in_an_earlier_version_s_file(cli, folder, old_board_game):
    data = copy.deepcopy(old_board_game)
    data["answers"][answer_index(data, "board.sheet")]["value"] = {}
    damaged_old_game(folder, data)
    assert_listed_damaged_and_others_usable(cli, folder, "it holds no board text")


def test_a_build_on_a_space_that_is_not_there(cli, folder, board_game, old_board_game):
    """Issue 20.5: a build line on Z9; and in an earlier version's file, a build record with
    cells ["Z9"] (as games saved before builds were kept as lines hold them), and one
    holding a line on Z9."""
    damaged_game(folder, board_game.replace("build Ann: mkt D1", "build Ann: mkt Z9"))
    assert_listed_damaged_and_others_usable(cli, folder, "not a space of the colonia",
                                            line_number(board_game, "build Ann: mkt D1"))
    data = copy.deepcopy(old_board_game)
    data["answers"][answer_index(data, "board.build")]["value"] = {
        "tile": "mkt", "cells": ["Z9"], "spent": {"builder": 1}, "envoys": [], "citizens": []}
    damaged_old_game(folder, data)
    assert_listed_damaged_and_others_usable(cli, folder, "are not one or two colonia spaces")
    data["answers"][answer_index(data, "board.build")]["value"] = {"line": "mkt Z9 pay builder"}
    damaged_old_game(folder, data)
    assert_listed_damaged_and_others_usable(cli, folder, "not a space of the colonia")


def test_a_card_that_is_no_trajan_card_is_refused_at_load(cli, folder, board_game, old_board_game):
    """Issue 20.5: it loaded, and broke only when the Trajan step was reached. The record's
    header names the cards (line 2); a second card of one pile is no more a game's."""
    assert "--cards I-1,II-3,III-4" in board_game.splitlines()[1]
    damaged_game(folder, board_game.replace("II-3", "II-9"))
    assert_listed_damaged_and_others_usable(cli, folder, "'II-9' is not a Trajan card of cycle II", 2)
    damaged_game(folder, board_game.replace("II-3", "III-1"))  # a card of another pile
    assert_listed_damaged_and_others_usable(cli, folder, "two cards for cycle III", 2)
    data = copy.deepcopy(old_board_game)
    data["cards"]["2"] = "II-9"
    damaged_old_game(folder, data)
    assert_listed_damaged_and_others_usable(cli, folder, "'II-9' is not a Trajan card of cycle II")
    data["cards"]["2"] = "III-1"  # a card of another pile
    damaged_old_game(folder, data)
    assert_listed_damaged_and_others_usable(cli, folder, "is not a Trajan card of cycle II")


LAST_BUILD = "build Cleo: o C2 pay worker:o envoy G1 bonus none"


def test_a_damaged_last_line_is_taken_back_by_undo(cli, folder, board_game):
    """The way out of a game that no longer replays: `game undo` does not need it to."""
    assert board_game.endswith(LAST_BUILD + "\n")
    damaged = board_game.replace(LAST_BUILD, "build Cleo: o B1 pay worker:o envoy none")  # B1 is built on
    damaged_game(folder, damaged)
    shown = cli("game", "show", "bad")
    [problem] = problems_of(shown.err)
    assert shown.code == 2 and f"bad.txt:{line_number(board_game, LAST_BUILD)}: the record does not" in problem
    undone = cli("game", "undo", "bad")
    assert undone.code == 0, undone.err
    assert cli("game", "show", "bad").code == 0
    assert (folder / "bad.txt").read_text() == board_game[:-len(LAST_BUILD) - 1]
    assert (folder / "bad.txt.bak").read_text() == damaged  # kept, not lost


def test_a_damaged_last_record_of_an_earlier_version_s_file_is_taken_back_by_undo(cli, folder, old_board_game):
    data = copy.deepcopy(old_board_game)
    last = data["answers"][-1]
    assert last["key"] == "board.build"
    last["value"] = {"line": "o B1 pay worker:o envoy none"}  # well formed; B1 is built on
    damaged_old_game(folder, data)
    before = (folder / "bad.json").read_text()
    assert cli("game", "show", "bad").code == 2
    undone = cli("game", "undo", "bad")
    assert undone.code == 0, undone.err
    assert cli("game", "show", "bad").code == 0
    assert (folder / "bad.json").read_text() == before  # kept beside the record it became
    assert len(store.load_game("bad").lines) == len(data["answers"]) - 1


@pytest.mark.parametrize("name", ["Ann\x1b]0;pwn\x07", "Ann\nBob", "Ann\x00", "Ann\u202eevil", "A" * 65,
                                  "A" * 100_000])
def test_player_names_with_control_characters_or_too_long_are_refused(cli, tmp_path, monkeypatch, name):
    """Issue 20.7: the escape sequence was accepted and `game show` wrote it to the terminal."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    result = cli("game", "new", "x", "--player", name, "--player", "Bob")
    assert result.code == 2 and len(problems_of(result.err)) == 1, result.err
    assert "\x1b" not in result.err and "\x07" not in result.err and len(result.err) < 400
    assert not (tmp_path / "games" / "x.txt").exists()


def test_a_game_file_with_such_a_name_is_damaged_and_nothing_is_written_raw(cli, folder, board_game,
                                                                            old_board_game):
    for write in ("record", "earlier version"):
        if write == "record":
            damaged_game(folder, board_game.replace("--player Ann", "--player 'Ann\x1b]0;pwn\x07'"))
        else:
            data = copy.deepcopy(old_board_game)
            data["players"][0] = "Ann\x1b]0;pwn\x07"
            damaged_old_game(folder, data)
        listed = cli("game", "list")
        assert listed.code == 0 and "\x1b" not in listed.out + listed.err and "\x07" not in listed.out
        assert "holds control characters" in " ".join(listed.out.split())
        shown = cli("game", "show", "bad")
        assert shown.code == 2 and "\x1b" not in shown.err
        assert "control characters" in " ".join(shown.err.split())


def test_a_player_name_of_64_characters_is_fine(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    assert cli("game", "new", "x", "--player", "A" * 64, "--player", "Bob").code == 0
    assert Game("g", ("Zoë", "Anne Marie", "李"), "Zoë").players[0] == "Zoë"
    with pytest.raises(GameError):
        Game("g", ("Ann\t", "Bob"), "Bob")


def test_the_resources_a_record_may_name_are_the_referees():
    assert RESOURCES == {r.value for r in Resource}
    assert set(SHAPES) == {"board.sheet", "board.forum", "board.build", "play.line"}


# --- Any damage to any line ------------------------------------------------------------------


#: What a record's damage may put in: any JSON, or a word that looks like a space.
DAMAGE = json_values | st.sampled_from(["Z9", "A0", "A7", "AA1", "", "C3", "c3", "B2", "1A"])
#: A word a line's damage may put in.
WORDS = st.sampled_from(["Z9", "A0", "B1", "pay", "envoy", "none", "take", "9", "-1", "worker:q", "bonus",
                         "col+col", "", ";", "/", "board", "Ann:", "?", "T", "Kb", "supply", "ship", "citizens",
                         "grid", "players", "E", "b:A", "9" * 5000, "[" * 3000, "\x1b]0;x\x07"])


def mutate_line(text: str, draw) -> str:
    """Change, drop or add one word of one board, forum or build line of the record."""
    rows = text.split("\n")
    numbers = [n for n, row in enumerate(rows) if row and not row.startswith("#")]
    n = draw(st.sampled_from(numbers))
    words = rows[n].split(" ")
    at = draw(st.integers(0, len(words) - 1))
    action = draw(st.sampled_from(["replace", "drop", "add", "cut"]))
    if action == "replace":
        words[at] = draw(WORDS | st.text(max_size=6))
    elif action == "drop":
        del words[at]
    elif action == "add":
        words.insert(at, draw(WORDS))
    else:  # the line ends there, as a hand edit may leave it
        words = words[:at]
    rows[n] = " ".join(words)
    return "\n".join(rows)


def mutate_record(data: dict, draw) -> dict:
    """Change, drop or add one entry inside one record (its value, key or player)."""
    records = [i for i, a in enumerate(data["answers"]) if a["key"].startswith("board.")]
    record = data["answers"][draw(st.sampled_from(records))]
    line = record["value"].get("line") if isinstance(record["value"], dict) else None
    if line and draw(st.booleans()):  # a line of the game record: one word of it changed
        words = line.split()
        words[draw(st.integers(0, len(words) - 1))] = draw(st.sampled_from(
            ["Z9", "A0", "B1", "pay", "envoy", "none", "take", "9", "-1", "worker:q", "bonus", "col+col", ""]))
        record["value"]["line"] = " ".join(words)
    else:
        mutate_json(record, draw, DAMAGE)
    return data


COMMANDS = [("game", "list", "--json"), ("game", "show", "bad"), ("board", "show", "bad", "-p", "Ann"),
            ("board", "show", "bad", "--forum"), ("check", "build", "--game", "bad", "-p", "Ann", "lib", "C1"),
            ("score", "--game", "bad", "--no-input"), ("game", "export", "bad", "--format", "csv"),
            ("game", "log", "bad")]


def never_crash(cli) -> None:
    for command in COMMANDS:
        result = cli(*command)
        assert result.code in (0, 2), (command, result.err)
        assert "internal error" not in result.err and "Traceback" not in result.err, (command, result.err)
        if result.code == 2:
            assert result.err.strip(), command
        assert "\x1b]" not in result.out + result.err, command
    listed = cli("game", "list", "--json").json()["games"]
    assert {g["name"]: g["state"] != "damaged" for g in listed}["good"]


@fuzz(60)
@given(st.data())
def test_mutated_lines_never_crash_any_command(cli, folder, board_game, data):
    damaged_game(folder, mutate_line(board_game, data.draw))
    never_crash(cli)


@fuzz(30)
@given(st.data())
def test_mutated_records_of_an_earlier_version_s_file_never_crash_any_command(cli, folder, old_board_game,
                                                                               data):
    damaged_old_game(folder, mutate_record(copy.deepcopy(old_board_game), data.draw))
    never_crash(cli)
