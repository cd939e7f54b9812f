"""Saved games: a text record a line is appended to, the last good copy kept, damaged
files reported cleanly (file and line), a write cut short read as what was recorded
before it, and games an earlier version saved as JSON still opened."""

import json

import pytest

from trajan_cli.core.game import Answer
from trajan_cli.core.state import LineRefused
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.games import files, paths, store
from trajan_cli.games.record_file import read_record
from trajan_cli.parsing.errors import InputError

from helpers.legacy_games import old_json, write_old
from helpers.walkthrough import TOM_QUICK, play, tom_game


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


_LINES: list = []


def tom_lines(n: int, **changes) -> tuple:
    """Tom's first ``n`` answers of cycle III (TOM_QUICK), as the lines of his record."""
    if changes:
        return play(tom_game(**changes), TOM_QUICK[:n])[0].game.lines
    if not _LINES:
        _LINES.extend(play(tom_game(), TOM_QUICK)[0].game.lines)
    return tuple(_LINES[:n])


def recorded(n: int, **changes):
    """Tom's game started and its first ``n`` answers recorded one by one, as the commands
    record them (each its own change: the file before it kept as the backup)."""
    path = store.create(tom_game(**changes)).path
    for line in tom_lines(n, **changes):
        store.append(path, line)
    return path


def lines_in(text: str) -> int:
    return len(read_record(text, "<text>").game.lines)


def test_trajan_home_decides_where_games_live(home):
    path = store.save_game(tom_game())
    assert path == home / "games" / "tom.txt"
    assert store.load_game("tom") == tom_game()


def test_each_line_is_appended_and_the_previous_copy_kept(home):
    path = store.create(tom_game()).path
    texts = [path.read_text()]
    for line in tom_lines(3):
        store.append(path, line)
        assert path.read_text().startswith(texts[-1])  # what was there stays, byte for byte
        texts.append(path.read_text())
    assert [lines_in(text) for text in texts] == [0, 1, 2, 3]
    names = sorted(p.name for p in (home / "games").iterdir() if p.name != paths.LOCK_FOLDER)
    assert names == ["tom.txt", "tom.txt.bak"]  # no temporary file left
    assert store.load_game("tom").lines == tom_lines(3)
    assert store.backup_path(path).read_text() == texts[2]  # the file before the last line


def test_a_damaged_line_names_the_file_the_line_and_the_backup(home):
    path = recorded(2)
    text = path.read_text()
    assert text.splitlines()[3] == "score III Tom: pay.marker = 0"  # line 4
    path.write_text(text.replace("pay.marker = 0", "pay.marker = 0 0"))  # does not read
    with pytest.raises(InputError) as info:
        store.load_game("tom")
    [problem] = info.value.problems
    assert (problem.file, problem.line) == (str(path), 4)
    assert "tom.txt.bak" in problem.message and 'trajan game restore "tom"' in problem.message
    path.write_text(text.replace("pay.marker = 0", 'pay.marker = "lots"'))  # reads, does not replay
    with pytest.raises(InputError) as info:
        store.replay(store.load("tom"))
    [problem] = info.value.problems
    assert (problem.file, problem.line) == (str(path), 4) and "does not replay" in problem.message
    assert "tom.txt.bak" in problem.message and 'trajan game restore "tom"' in problem.message


def test_a_damaged_json_file_of_an_earlier_version_names_the_line_and_its_backup(home):
    """A game saved by the version before the record file: NAME.json, its backup NAME.json.bak."""
    folder = home / "games"
    _, _, saved = play(tom_game(), TOM_QUICK[:1])
    write_old(folder, saved[0]).rename(folder / "tom.json.bak")  # the copy before the last save
    (folder / "tom.json").write_text('{"schema": 1,\n "name": ')
    with pytest.raises(InputError) as info:
        store.load_game("tom")
    [problem] = info.value.problems
    assert (problem.file, problem.line) == (str(folder / "tom.json"), 2)
    assert "damaged game file" in problem.message and "tom.json.bak" in problem.message
    assert 'trajan game restore "tom"' in problem.message
    restored, replaced, damaged_kept = store.restore("tom")  # as the message says
    assert restored.path == folder / "tom.json" and replaced is None and damaged_kept
    assert store.load_game("tom").lines == saved[0].lines
    assert (folder / "tom.json.bak").read_text() == '{"schema": 1,\n "name": '
    assert not (folder / "tom.txt").exists()  # converted at its first write only


def test_a_damaged_file_never_replaces_the_backup(home):
    path = recorded(2)
    good_backup = store.backup_path(path).read_text()
    path.write_text("garbage")
    with pytest.raises(InputError):
        store.append(path, tom_lines(3)[2])
    with pytest.raises(InputError):
        store.take_back(path)
    assert path.read_text() == "garbage"
    store.save_game(tom_game())  # setting a game up writes it whole, and keeps no backup
    assert store.backup_path(path).read_text() == good_backup


def test_wrong_schema_and_missing_entries_of_an_earlier_version_s_file(home):
    folder = home / "games"
    data = old_json(tom_game())
    write_old(folder, data | {"schema": 99})
    with pytest.raises(InputError, match="schema 99"):
        store.load_game("tom")
    del data["players"]
    write_old(folder, data)
    with pytest.raises(InputError, match="malformed"):
        store.load_game("tom")


@pytest.mark.parametrize("change, token, words", [
    ((" --player Tom", ""), None, "names no player"),
    ("--from-cycle 3", "--speed", "option trajan game new does not know"),
    ("III-4", None, "'III-9' is not a Trajan card of cycle III"),
    ("--player Tom", None, "does not read"),
])
def test_a_header_that_does_not_start_a_game_is_refused_naming_its_line(home, change, token, words):
    """The header's second line is the `trajan game new` command that starts the game."""
    path = store.save_game(tom_game())
    text = path.read_text()
    old, new = change if isinstance(change, tuple) else (change, {
        "--from-cycle 3": "--from-cycle 3 --speed fast", "III-4": "III-9",
        "--player Tom": "--player 'Tom"}[change])
    path.write_text(text.replace(old, new))
    with pytest.raises(InputError) as info:
        store.load_game("tom")
    [problem] = info.value.problems
    assert (problem.file, problem.line) == (str(path), 2) and words in problem.message
    assert token is None or problem.token == token


def test_a_file_that_is_no_record_is_refused_naming_its_first_line(home):
    path = store.save_game(tom_game())
    for text in ("garbage\n", "", "# just a comment\n", json.dumps(old_json(tom_game()))):
        path.write_text(text)
        with pytest.raises(InputError) as info:
            store.load_game("tom")
        [problem] = info.value.problems
        assert (problem.file, problem.line) == (str(path), 1)
        assert "not a game record" in problem.message and "# trajan game new" in problem.message


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
    stale = folder / ".tom.txt.abc123.tmp"
    stale.write_text("half a game")
    fresh = folder / ".tom.txt.def456.tmp"
    fresh.write_text("another process writing right now")
    import os
    old = stale.stat().st_mtime - 2 * files.STALE_TEMP_SECONDS
    os.utime(stale, (old, old))
    store.save_game(tom_game())
    assert not stale.exists() and fresh.exists()


# --- A write cut short: the record reads as what was recorded before it -----------------------


@pytest.mark.parametrize("player", ["Tom", "Zoë"])
def test_a_line_cut_short_at_any_byte_reads_as_not_recorded_and_the_next_write_removes_it(home, player):
    """A kill while a line is appended leaves the file cut anywhere in that line (in the
    middle of a letter of two bytes, too): the game reads as the lines recorded before it,
    it replays, and the next line recorded goes where the unfinished one began."""
    changes = dict(players=(player,), start_player=player)
    lines = tom_lines(3, **changes)
    path = recorded(2, **changes)
    before = path.read_bytes()
    store.append(path, lines[2])
    whole = path.read_bytes()
    assert whole.startswith(before) and whole.endswith(b"\n")
    for cut in range(len(before), len(whole)):
        path.write_bytes(whole[:cut])
        stored = store.load("tom")
        assert stored.game.lines == lines[:2], cut
        assert stored.text.encode() == before
        store.replay(stored)
    path.write_bytes(whole[:len(before) + 9])
    assert store.load_game("tom").lines == lines[:2]
    store.append(path, lines[2])
    assert path.read_bytes() == whole  # the unfinished line is gone, the new one whole
    path.write_bytes(whole[:-1])  # the same line without its line break: not recorded either
    assert store.take_back(path)[0] == lines[1]
    assert path.read_bytes() + lines_text(lines[1:2]) == before


def lines_text(lines) -> bytes:
    from trajan_cli.games.record_file import line_text

    return "".join(line_text(line) + "\n" for line in lines).encode()


# --- Issue 13, item 1: every change is a locked read-modify-write -------------------------


def test_a_change_is_made_to_what_is_on_disk_now_not_to_an_old_copy(home):
    """Issue 13.1: a writer holding an old copy cannot overwrite what another wrote since."""
    lines = tom_lines(3)
    path = recorded(1)
    old_copy = store.load("tom")
    store.append(path, lines[1])  # another process answered meanwhile
    seen = []

    def work(stored, state):
        seen.append((len(stored.game.lines), len(state.lines)))
        return [state.apply(lines[2]).line]

    store.change(old_copy.path, work)
    assert seen == [(2, 2)]  # the change was given the file's game, not the old copy
    assert store.load_game("tom").lines == lines
    with pytest.raises(LineRefused):  # judged on the game as it is now: it asks another question
        store.append(old_copy.path, lines[1])
    assert store.load_game("tom").lines == lines


def test_a_change_reads_the_file_again_even_when_this_process_has_just_read_it(home):
    """What this process read (and replayed) last is not read again when the file still
    holds exactly that; a file changed since, even by a hand edit of the same length, is."""
    lines = tom_lines(3)
    path = recorded(2)
    store.replay(store.load("tom"))
    path.write_text(path.read_text().replace("pay.marker = 0", "pay.marker = 1"))  # meanwhile
    seen = []

    def work(stored, state):
        seen.append((stored.game.lines[1].value, state.lines[1].value))
        return [state.apply(lines[2]).line]

    store.change(path, work)
    assert seen == [(1, 1)]
    assert [line.value for line in store.load_game("tom").lines] == ["quick", 1, lines[2].value]


def test_a_change_that_refuses_writes_nothing(home):
    path = store.create(tom_game()).path
    before = path.read_text()

    def refuse(stored, state):
        raise store.GameChanged(stored, state)

    with pytest.raises(store.GameChanged):
        store.change(path, refuse)
    with pytest.raises(LineRefused):  # the scoring phase asks Tom's way of scoring first
        store.append(path, Answer("pay.marker", Cycle.III, "Tom", 0))
    with pytest.raises(LineRefused):  # one line of several refused: none is written
        store.append(path, *tom_lines(1), Answer("pay.marker", Cycle.III, "Tom", "lots"))
    assert path.read_text() == before and not store.backup_path(path).exists()


def test_new_game_of_an_existing_name_is_refused(home):
    """Issue 13.1: `game new` never replaces a saved game."""
    store.create(tom_game())
    with pytest.raises(InputError, match="exists"):
        store.create(tom_game(players=("Ann", "Bob"), start_player="Ann"))
    assert store.load_game("tom").players == ("Tom",)
    write_old(store.games_dir(), tom_game(name="old"))  # nor a game an earlier version saved
    with pytest.raises(InputError, match="exists"):
        store.create(tom_game(name="old", players=("Ann", "Bob"), start_player="Ann"))
    assert store.load_game("old").players == ("Tom",)


# --- Item 2: a game is the file it was loaded from ----------------------------------------


def test_a_copied_file_saves_into_the_copy_only(home):
    """Issue 13.2: `cp friday.txt friday-test.txt; game undo friday-test` leaves friday alone."""
    original = recorded(3, name="friday")
    copy = original.with_name("friday-test.txt")
    copy.write_text(original.read_text())
    before, backup_before = original.read_text(), store.backup_path(original).read_text()
    loaded = store.load("friday-test")
    assert loaded.path == copy and loaded.game.name == "friday-test"
    store.take_back(loaded.path)
    assert original.read_text() == before and store.backup_path(original).read_text() == backup_before
    assert store.load_game("friday-test").lines == tom_lines(2)
    assert store.backup_path(copy).read_text() == before
    # Its header still says how the game was started: the file's name is the game's name.
    assert "# trajan game new friday " in copy.read_text()
    assert [(g.path.name, g.name_inside) for g in store.list_games()
            if g.path.name == "friday-test.txt"] == [("friday-test.txt", "friday")]


# --- Item 3: damaged files, unknown keys, schema numbers, temp files ------------------------


def test_comment_lines_of_a_record_are_kept(home):
    """A note written into the record by hand (or by a newer version) is not stripped when
    a line is added, nor when the line after it is taken back."""
    lines = tom_lines(2)
    path = recorded(1)
    path.write_text(path.read_text() + "# Tom counted twice here\n")
    store.append(path, lines[1])
    assert "# Tom counted twice here\n" in path.read_text()
    assert store.load_game("tom").lines == lines
    store.take_back(path)
    assert path.read_text().endswith("pay.mode = \"quick\"\n# Tom counted twice here\n")


def test_an_earlier_version_s_file_stays_as_it_was_beside_the_record_it_becomes(home):
    """Issue 13.3: a newer version's additions are not stripped; the record file is written
    at the game's first change, and the JSON file, keys unknown to this version and all,
    stays beside it untouched."""
    folder = home / "games"
    old = write_old(folder, old_json(tom_game()) | {"boards": {"Tom": "a board"}, "note": [1, 2]})
    before = old.read_text()
    stored = store.load("tom")
    assert stored.legacy and stored.path == folder / "tom.txt" and stored.game == tom_game()
    store.append(stored.path, *tom_lines(1))
    assert old.read_text() == before
    assert json.loads(old.read_text())["note"] == [1, 2]
    converted = store.load("tom")
    assert not converted.legacy and converted.game.lines == tom_lines(1)
    assert (folder / "tom.txt").read_text().startswith("# Forum Trajanum, game tom")
    assert not store.backup_path(converted.path).exists()  # the JSON file is the copy before


def test_a_newer_schema_is_refused_with_what_to_do(home):
    write_old(store.games_dir(), old_json(tom_game()) | {"schema": 2})
    with pytest.raises(InputError, match="newer trajan.*update trajan"):
        store.load("tom")


@pytest.mark.parametrize("schema", [True, "1", None, [1]])
def test_schema_must_be_the_number_1(home, schema):
    """Issue 13.3: `"schema": true` is refused (True == 1 in Python)."""
    write_old(store.games_dir(), old_json(tom_game()) | {"schema": schema})
    with pytest.raises(InputError, match="schema"):
        store.load("tom")


def test_a_float_schema_is_refused(home):
    path = write_old(store.games_dir(), tom_game())
    path.write_text(path.read_text().replace('"schema": 1', '"schema": 1.0'))
    assert json.loads(path.read_text())["schema"] == 1.0
    with pytest.raises(InputError, match="schema"):
        store.load("tom")


def test_temp_files_of_any_game_are_cleaned_at_the_next_save(home):
    """Issue 13.3: a killed save of one game is cleaned when another game is saved."""
    import os

    store.save_game(tom_game())
    folder = home / "games"
    stale = [folder / ".friday.txt.abc123.tmp", folder / ".friday.txt.bak.x1.tmp"]
    for path in stale:
        path.write_text("half a game")
        old = path.stat().st_mtime - 2 * files.STALE_TEMP_SECONDS
        os.utime(path, (old, old))
    store.save_game(tom_game())
    assert not any(p.exists() for p in stale)


@pytest.mark.parametrize("text", [
    "[" * 100_000 + "]" * 100_000,  # RecursionError in the JSON reader
    '{"schema": 1, "name": "tom", "n": ' + "9" * 5000 + "}",  # ValueError: over 4300 digits
])
def test_absurd_content_of_an_earlier_version_s_file_is_a_damaged_file_not_a_crash(home, text):
    """Issue 13.3: RecursionError and ValueError from absurd content never escape."""
    folder = store.games_dir()
    folder.mkdir(parents=True)
    (folder / "tom.json").write_text(text)
    with pytest.raises(InputError, match="damaged game file"):
        store.load("tom")


@pytest.mark.parametrize("value", ["[" * 100_000 + "]" * 100_000, "9" * 5000, "[" * 600 + "]" * 600,
                                   '"' + "x" * 100_000 + '"'])
def test_absurd_answers_in_a_record_are_a_damaged_line_not_a_crash(home, value):
    """An answer nested without end, a number of thousands of digits, a huge string: the
    file and the line are named, never Python's own words."""
    path = store.save_game(tom_game())
    path.write_text(path.read_text() + f"score III Tom: pay.mode = {value}\n")
    with pytest.raises(InputError) as info:
        store.replay(store.load("tom"))
    [problem] = info.value.problems
    assert (problem.file, problem.line) == (str(path), 3) and len(problem.message) < 300


def test_answers_nested_too_deeply_do_not_replay(home):
    from trajan_cli.games.walk import replayed as checked_replay

    data = old_json(tom_game())
    deep: list = []
    for _ in range(600):
        deep = [deep]
    data["answers"] = [{"key": "pay.mode", "cycle": 3, "player": "Tom", "value": deep}]
    path = write_old(store.games_dir(), data)
    with pytest.raises(InputError, match="do not replay|does not replay|damaged"):
        checked_replay(store.load_game("tom"), where=path)


# --- Item 3: restore --------------------------------------------------------------------


def test_restore_swaps_the_backup_and_the_game(home):
    path = recorded(2)
    restored, replaced, _damaged = store.restore("tom")
    assert len(restored.game.lines) == 1 and len(replaced.lines) == 2
    assert store.load_game("tom").lines == tom_lines(1)
    store.restore("tom")  # and back again
    assert store.load_game("tom").lines == tom_lines(2) and path.with_suffix(".txt.bak").is_file()
    store.append(path, tom_lines(3)[2])  # and it goes on from there
    assert store.load_game("tom").lines == tom_lines(3)


def test_restore_puts_back_over_a_damaged_file(home):
    path = recorded(1)
    path.write_text("garbage")
    restored, replaced, damaged_kept = store.restore("tom")
    assert replaced is None and damaged_kept and store.load_game("tom") == tom_game()
    assert store.backup_path(restored.path).read_text() == "garbage"  # kept, not lost


def test_restore_when_the_game_file_is_missing(home):
    path = recorded(1)
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


def test_restore_of_a_game_an_earlier_version_saved_swaps_its_json_files(home):
    """Not written by this version yet, the game is NAME.json and its backup NAME.json.bak,
    as that version kept them: `game restore` swaps those."""
    folder = home / "games"
    _, _, saved = play(tom_game(), TOM_QUICK[:2])
    write_old(folder, saved[0]).rename(folder / "tom.json.bak")
    write_old(folder, saved[1])
    restored, replaced, damaged_kept = store.restore("tom")
    assert restored.path == folder / "tom.json" and not damaged_kept
    assert len(restored.game.lines) == 1 and len(replaced.lines) == 2
    assert store.load_game("tom").lines == saved[0].lines
    assert json.loads((folder / "tom.json.bak").read_text())["answers"][1]["key"] == "pay.marker"
    assert sorted(p.name for p in folder.iterdir() if p.is_file()) == ["tom.json", "tom.json.bak"]


# --- Item 4: storage that cannot be written ------------------------------------------------


def test_disk_full_is_one_clear_problem_and_the_game_is_untouched(home, monkeypatch):
    """Issue 13.4: ENOSPC while saving: one line naming the file, nothing half written; a
    line said not to be recorded (or not taken back) is not (or still) in the file."""
    import errno
    import os

    lines = tom_lines(2)
    path = recorded(1)
    before = path.read_text()

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    for change in (lambda: store.append(path, lines[1]), lambda: store.take_back(path)):
        with monkeypatch.context() as patched:
            patched.setattr(os, "fsync", full)
            with pytest.raises(InputError) as info:
                change()
        [problem] = info.value.problems
        assert "No space left" in problem.message and "free some space" in problem.message
        assert path.read_text() == before
        assert store.load_game("tom").lines == lines[:1]
        assert not [p for p in path.parent.iterdir() if p.name.endswith(".tmp")]
    store.append(path, lines[1])  # with room again, it goes on from there
    assert store.load_game("tom").lines == lines


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
        raise PermissionError(errno.EACCES, "Permission denied", str(path.parent / ".tom.txt.x.tmp"))

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
    assert store.game_path(name).name == f"{name}.txt"


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
    other = store.save_game(replace(tom_game(), name="tom.txt.b"))
    theirs = killed_save(other)
    assert theirs.name.startswith(f".{path.name}.")  # the same start as tom's own
    with store.locked(other):  # its writer is alive
        store.save_game(tom_game())
    assert theirs.exists()
    store.save_game(replace(tom_game(), name="tom.txt.b"))
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
    assert str(paths.default_home()) in problem.message


def test_an_empty_trajan_home_is_exit_2_for_a_command(cli, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", "")
    result = cli("game", "new", "friday", "--player", "Ann", "--player", "Bob")
    assert result.code == 2 and result.problems[0].startswith("TRAJAN_HOME: set but empty;")
    assert cli("game", "list").code == 2


def test_an_unset_trajan_home_is_the_default_folder(monkeypatch):
    monkeypatch.delenv("TRAJAN_HOME")
    assert store.games_dir() == paths.default_home() / "games"
