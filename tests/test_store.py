"""Saved games: atomic writes, the last good copy kept, damaged files reported cleanly."""

import json

import pytest
from walk_helpers import TOM_QUICK, play, tom_game

from trajan_cli import store
from trajan_cli.parsing.errors import InputError


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def test_trajan_home_decides_where_games_live(home):
    path = store.save_game(tom_game())
    assert path == home / "games" / "tom.json"
    assert store.load_game("tom") == tom_game()


def test_save_leaves_no_temporary_files_and_keeps_the_previous_copy(home):
    result, _, saved = play(tom_game(), TOM_QUICK[:3])
    for game in saved:
        store.save_game(game)
    files = sorted(p.name for p in (home / "games").iterdir())
    assert files == ["tom.json", "tom.json.bak"]
    assert len(store.load_game("tom").answers) == 3
    backup = json.loads((home / "games" / "tom.json.bak").read_text())
    assert len(backup["answers"]) == 2


def test_damaged_json_names_the_line_and_the_backup(home):
    store.save_game(tom_game())
    store.save_game(tom_game())
    (home / "games" / "tom.json").write_text('{"schema": 1,\n "name": ')
    with pytest.raises(InputError) as info:
        store.load_game("tom")
    [problem] = info.value.problems
    assert problem.line == 2 and "damaged game file" in problem.message
    assert "tom.json.bak" in problem.message


def test_a_damaged_file_never_replaces_the_backup(home):
    store.save_game(tom_game())
    store.save_game(tom_game())
    good_backup = (home / "games" / "tom.json.bak").read_text()
    (home / "games" / "tom.json").write_text("garbage")
    store.save_game(tom_game())
    assert (home / "games" / "tom.json.bak").read_text() == good_backup


def test_wrong_schema_and_missing_entries(home):
    store.save_game(tom_game())
    path = home / "games" / "tom.json"
    data = json.loads(path.read_text())
    path.write_text(json.dumps(data | {"schema": 99}))
    with pytest.raises(InputError, match="schema 99"):
        store.load_game("tom")
    del data["players"]
    path.write_text(json.dumps(data))
    with pytest.raises(InputError, match="malformed"):
        store.load_game("tom")


def test_unknown_game_lists_the_saved_ones(home):
    store.save_game(tom_game())
    with pytest.raises(InputError, match="saved games: tom"):
        store.load_game("nope")


def test_bad_game_name_is_refused():
    with pytest.raises(InputError):
        store.game_path("../escape")


def test_stale_temp_files_of_killed_writes_are_removed(home, monkeypatch):
    store.save_game(tom_game())
    folder = home / "games"
    stale = folder / ".tom.json.abc123.tmp"
    stale.write_text("half a game")
    fresh = folder / ".tom.json.def456.tmp"
    fresh.write_text("another process writing right now")
    import os
    old = stale.stat().st_mtime - 2 * store.STALE_TEMP_SECONDS
    os.utime(stale, (old, old))
    store.save_game(tom_game())
    assert not stale.exists() and fresh.exists()
