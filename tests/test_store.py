"""Saved games: atomic writes, the last good copy kept, damaged files reported cleanly."""

import json

import pytest
from walk_helpers import TOM_QUICK, play, tom_game

from trajan_cli.games import store
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
    files = sorted(p.name for p in (home / "games").iterdir() if p.name != store.LOCK_FOLDER)
    assert files == ["tom.json", "tom.json.bak"]
    assert len(store.load_game("tom").lines) == 3
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


# --- Issue 13, item 1: every change is a locked read-modify-write -------------------------


def test_update_changes_what_is_on_disk_now_not_an_old_copy(home):
    """Issue 13.1: a writer holding an old copy cannot overwrite what another wrote since."""
    _, _, saved = play(tom_game(), TOM_QUICK[:2])
    store.save_game(saved[0])
    old_copy = store.load("tom")
    store.save_game(saved[1])  # another process answered meanwhile
    seen = []
    store.update(old_copy.path, lambda current: seen.append(len(current.lines)) or current)
    assert seen == [2]  # the change was given the file's game, not the old copy


def test_a_change_that_refuses_writes_nothing(home):
    path = store.save_game(tom_game())
    before = path.read_text()

    def refuse(current):
        raise store.GameChanged(current)

    with pytest.raises(store.GameChanged):
        store.update(path, refuse)
    assert path.read_text() == before and not store.backup_path(path).exists()


def test_new_game_of_an_existing_name_is_refused(home):
    """Issue 13.1: `game new` never replaces a saved game."""
    store.create(tom_game())
    with pytest.raises(InputError, match="exists"):
        store.create(tom_game(players=("Ann", "Bob"), start_player="Ann"))
    assert store.load_game("tom").players == ("Tom",)


# --- Item 2: a game is the file it was loaded from ----------------------------------------


def test_a_copied_file_saves_into_the_copy_only(home):
    """Issue 13.2: `cp friday.json friday-test.json; game undo friday-test` leaves friday alone."""
    _, _, saved = play(tom_game(name="friday"), TOM_QUICK[:3])
    original = store.save_game(saved[-1])
    copy = original.with_name("friday-test.json")
    copy.write_text(original.read_text())
    before = original.read_text()
    loaded = store.load("friday-test")
    assert loaded.path == copy and loaded.game.name == "friday-test"
    store.update(loaded.path, lambda g: g.without_last_line())
    assert original.read_text() == before and not store.backup_path(original).exists()
    assert len(store.load_game("friday-test").lines) == 2
    assert json.loads(copy.read_text())["name"] == "friday-test"


# --- Item 3: damaged files, unknown keys, schema numbers, temp files ------------------------


def test_unknown_top_level_keys_are_kept_on_save(home):
    """Issue 13.3: a newer version's additions are not stripped."""
    path = store.save_game(tom_game())
    data = json.loads(path.read_text())
    path.write_text(json.dumps(data | {"boards": {"Tom": "a board"}, "note": [1, 2]}))
    _, _, saved = play(tom_game(), TOM_QUICK[:1])
    store.update(path, lambda g: saved[0])
    kept = json.loads(path.read_text())
    assert kept["boards"] == {"Tom": "a board"} and kept["note"] == [1, 2]
    assert len(kept["answers"]) == 1


def test_a_newer_schema_is_refused_with_what_to_do(home):
    path = store.save_game(tom_game())
    path.write_text(json.dumps(json.loads(path.read_text()) | {"schema": 2}))
    with pytest.raises(InputError, match="newer trajan.*update trajan"):
        store.load("tom")


@pytest.mark.parametrize("schema", [True, "1", None, [1]])
def test_schema_must_be_the_number_1(home, schema):
    """Issue 13.3: `"schema": true` is refused (True == 1 in Python)."""
    path = store.save_game(tom_game())
    path.write_text(json.dumps(json.loads(path.read_text()) | {"schema": schema}))
    with pytest.raises(InputError, match="schema"):
        store.load("tom")


def test_a_float_schema_is_refused(home):
    path = store.save_game(tom_game())
    path.write_text(path.read_text().replace('"schema": 1', '"schema": 1.0'))
    assert json.loads(path.read_text())["schema"] == 1.0
    with pytest.raises(InputError, match="schema"):
        store.load("tom")


def test_temp_files_of_any_game_are_cleaned_at_the_next_save(home):
    """Issue 13.3: a killed save of one game is cleaned when another game is saved."""
    import os

    store.save_game(tom_game())
    folder = home / "games"
    stale = [folder / ".friday.json.abc123.tmp", folder / ".friday.json.bak.x1.tmp"]
    for path in stale:
        path.write_text("half a game")
        old = path.stat().st_mtime - 2 * store.STALE_TEMP_SECONDS
        os.utime(path, (old, old))
    store.save_game(tom_game())
    assert not any(p.exists() for p in stale)


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,  # RecursionError in the JSON reader
    '{"schema": 1, "name": "tom", "n": ' + "9" * 5000 + "}",  # ValueError: over 4300 digits
])
def test_absurd_content_is_a_damaged_file_not_a_crash(home, text):
    """Issue 13.3: RecursionError and ValueError from absurd content never escape."""
    store.save_game(tom_game())
    (home / "games" / "tom.json").write_text(text)
    with pytest.raises(InputError, match="damaged game file"):
        store.load("tom")


def test_answers_nested_too_deeply_do_not_replay(home):
    from trajan_cli.games.walk import replayed as checked_replay

    path = store.save_game(tom_game())
    data = json.loads(path.read_text())
    deep: list = []
    for _ in range(600):
        deep = [deep]
    data["answers"] = [{"key": "pay.mode", "cycle": 3, "player": "Tom", "value": deep}]
    path.write_text(json.dumps(data))
    with pytest.raises(InputError, match="do not replay|damaged"):
        checked_replay(store.load_game("tom"), where=path)


# --- Item 3: restore --------------------------------------------------------------------


def test_restore_swaps_the_backup_and_the_game(home):
    _, _, saved = play(tom_game(), TOM_QUICK[:2])
    path = store.save_game(saved[0])
    store.save_game(saved[1])
    restored, replaced, _damaged = store.restore("tom")
    assert len(restored.game.lines) == 1 and len(replaced.lines) == 2
    assert len(store.load_game("tom").lines) == 1
    store.restore("tom")  # and back again
    assert len(store.load_game("tom").lines) == 2 and path.with_suffix(".json.bak").is_file()


def test_restore_puts_back_over_a_damaged_file(home):
    store.save_game(tom_game())
    store.save_game(tom_game())
    (home / "games" / "tom.json").write_text("garbage")
    restored, replaced, damaged_kept = store.restore("tom")
    assert replaced is None and damaged_kept and store.load_game("tom") == tom_game()
    assert store.backup_path(restored.path).read_text() == "garbage"  # kept, not lost


def test_restore_when_the_game_file_is_missing(home):
    path = store.save_game(tom_game())
    store.save_game(tom_game())
    path.unlink()
    restored, replaced, damaged_kept = store.restore("tom")
    assert replaced is None and not damaged_kept and store.load_game("tom") == tom_game()


def test_restore_without_a_backup_is_refused(home):
    store.save_game(tom_game())
    with pytest.raises(InputError, match="no backup"):
        store.restore("tom")


def test_a_damaged_backup_is_not_restored(home):
    path = store.save_game(tom_game())
    store.backup_path(path).write_text("{")
    with pytest.raises(InputError, match="backup is damaged"):
        store.restore("tom")
    assert store.load_game("tom") == tom_game()


# --- Item 4: storage that cannot be written ------------------------------------------------


def test_disk_full_is_one_clear_problem_and_the_game_is_untouched(home, monkeypatch):
    """Issue 13.4: ENOSPC while saving: one line naming the file, nothing half written."""
    import errno
    import os

    _, _, saved = play(tom_game(), TOM_QUICK[:2])
    path = store.save_game(saved[0])
    before = path.read_text()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", full)
        with pytest.raises(InputError) as info:
            store.update(path, lambda g: saved[1])
    [problem] = info.value.problems
    assert "No space left" in problem.message and "free some space" in problem.message
    assert path.read_text() == before
    assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]


def test_trajan_home_that_is_a_file(tmp_path, monkeypatch):
    home_file = tmp_path / "not-a-folder"
    home_file.write_text("")
    monkeypatch.setenv("TRAJAN_HOME", str(home_file))
    with pytest.raises(InputError) as info:
        store.create(tom_game())
    [problem] = info.value.problems
    assert str(home_file) in problem.file and "TRAJAN_HOME" in problem.message


def test_a_folder_that_refuses_writes(home, monkeypatch):
    """Issue 13.4, read-only folder (simulated: the suite may run as root, who may write anyway)."""
    import errno
    import tempfile

    path = store.save_game(tom_game())

    def refused(*args, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(path.parent / ".tom.json.x.tmp"))

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    with pytest.raises(InputError) as info:
        store.save_game(tom_game())
    [problem] = info.value.problems
    assert problem.file == str(path.parent) and "Permission denied" in problem.message


# --- Item 5: game names ------------------------------------------------------------------


@pytest.mark.parametrize("name", ["friday\n", "friday ", "friday  ", " friday", "fri\nday", "a" * 65])
def test_names_with_a_final_newline_or_spaces_are_refused(name):
    """Issue 13.5: the pattern's `$` let a final newline through."""
    with pytest.raises(InputError):
        store.game_path(name)
    from trajan_cli.core.game import GameError

    with pytest.raises(GameError):
        tom_game(name=name)


@pytest.mark.parametrize("name", ["friday", "Friday night", "a", "a.b_c-d", "a" * 64, "x."])
def test_good_names_are_accepted(name):
    assert store.game_path(name).name == f"{name}.json"


# --- Temporary files of killed saves: a game's own go under its lock, whatever their age -----


def killed_save(path, backup: bool = False):
    """The temporary file a save of ``path`` leaves when it is killed between writing it and
    renaming it over the game (store.atomic_write makes it so)."""
    import tempfile

    target = store.backup_path(path) if backup else path
    fd, tmp = tempfile.mkstemp(dir=path.parent, prefix=f".{target.name}.", suffix=".tmp")
    import os

    os.write(fd, b"half a game")
    os.close(fd)
    from pathlib import Path

    return Path(tmp)


def test_a_killed_save_s_young_temporary_files_go_at_the_game_s_next_save(home):
    """Under the game's lock no save of it is running, so its temporary files are a killed
    save's, however young: they went only once a minute old, and stayed for good when the
    game was not saved again after that minute."""
    path = store.save_game(tom_game())
    left = [killed_save(path), killed_save(path, backup=True)]
    assert all(p.exists() for p in left)  # seconds old: the age rule keeps them
    store.save_game(tom_game())
    assert not any(p.exists() for p in left)
    assert sorted(p.name for p in path.parent.iterdir() if p.name.endswith(".tmp")) == []


def test_a_live_save_of_another_game_keeps_its_temporary_file(home):
    """Another game's save may be writing its temporary file right now (it holds its own
    lock): a young one is left alone, even of a game whose name starts like this one's."""
    from dataclasses import replace

    path = store.save_game(tom_game())
    other = store.save_game(replace(tom_game(), name="tom.json.b"))
    theirs = killed_save(other)
    assert theirs.name.startswith(f".{path.name}.")  # the same start as tom's own
    with store.locked(other):  # its writer is alive
        store.save_game(tom_game())
    assert theirs.exists()
    store.save_game(replace(tom_game(), name="tom.json.b"))
    assert not theirs.exists()


def test_deleting_a_game_removes_its_temporary_files(home):
    path = store.save_game(tom_game())
    left = killed_save(path)
    store.delete_game("tom")
    assert not left.exists() and not path.exists()


# --- $TRAJAN_HOME -----------------------------------------------------------------------------


@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_trajan_home_is_refused_naming_the_default_folder(monkeypatch, value):
    """Set but empty, it put the games in the default folder without a word."""
    monkeypatch.setenv("TRAJAN_HOME", value)
    with pytest.raises(InputError) as info:
        store.games_dir()
    (problem,) = info.value.problems
    assert problem.file == "TRAJAN_HOME" and "set but empty" in problem.message
    assert str(store._default_home()) in problem.message


def test_an_empty_trajan_home_is_exit_2_for_a_command(cli, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", "")
    result = cli("game", "new", "friday", "--player", "Ann", "--player", "Bob")
    assert result.code == 2 and result.problems[0].startswith("TRAJAN_HOME: set but empty;")
    assert cli("game", "list").code == 2


def test_an_unset_trajan_home_is_the_default_folder(monkeypatch):
    monkeypatch.delenv("TRAJAN_HOME")
    assert store.games_dir() == store._default_home() / "games"
