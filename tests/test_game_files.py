"""Game files as the commands see them (issue 13, items 2-5): copies, damaged files in
`game list`, `game restore`, storage that cannot be written, game names; and games an
earlier version saved (NAME.json) opened, played on and exported as before."""

import json
import os

import pytest
from conftest import problems_of

from trajan_cli.games import store
from trajan_cli.games.record_file import line_text

from helpers.legacy_games import old_json, write_old
from helpers.timebound import within
from helpers.walkthrough import TOM_QUICK, play, tom_game


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def friday(home):
    """friday.txt with three answers recorded one by one, its backup holding two."""
    _, _, saved = play(tom_game(name="friday"), TOM_QUICK[:3])
    path = store.create(tom_game(name="friday")).path
    for line in saved[-1].lines:
        store.append(path, line)
    return path


def one_line_error(result) -> str:
    """The one message on stderr, its continued lines (wrapped at the terminal's width, a
    long temporary path makes it wrap) joined back."""
    assert result.code == 2 and result.out == "", (result.code, result.out)
    problems = problems_of(result.err)  # one message, wrapped at the terminal's width
    assert len(problems) == 1 and "Traceback" not in result.err and "internal error" not in result.err
    return problems[0]


# --- Item 2: a game is its file ---------------------------------------------------------


def test_undo_on_a_copy_changes_only_the_copy(cli, friday):
    """Issue 13.2: `cp friday.txt friday-test.txt; trajan game undo friday-test`."""
    copy = friday.with_name("friday-test.txt")
    copy.write_text(friday.read_text())
    original, original_backup = friday.read_text(), store.backup_path(friday).read_text()
    assert cli("game", "undo", "friday-test").code == 0
    assert friday.read_text() == original and store.backup_path(friday).read_text() == original_backup
    assert len(store.read(copy).game.lines) == 2
    assert store.backup_path(copy).read_text() == original


def test_list_says_which_file_each_game_is(cli, friday):
    """Issue 13.2: never two games of one name without their files."""
    friday.with_name("friday-test.txt").write_text(friday.read_text())
    listing = cli("game", "list", "--json").json()["games"]
    assert sorted(e["name"] for e in listing) == ["friday", "friday-test"]
    by_name = {e["name"]: e for e in listing}
    assert by_name["friday-test"]["file"].endswith("friday-test.txt")
    assert by_name["friday-test"]["name_inside"] == "friday" and "name_inside" not in by_name["friday"]
    readable = cli("game", "list").out
    assert "friday-test.txt" in readable and "'friday'" in readable


# --- Item 3: damaged files are listed, with what is wrong --------------------------------


def test_list_shows_every_game_file_damaged_ones_marked(cli, home, friday):
    folder = home / "games"
    good = friday.read_text()
    (folder / "broken.txt").write_text('{"schema": 1,')
    (folder / "odd.txt").write_text(good.replace(" --player Tom", ""))
    (folder / "wrong.txt").write_text(good.replace("pay.marker = 0", 'pay.marker = "lots"'))
    (folder / "deep.txt").write_text(good + "score III Tom: pay.rows = " + "[" * 50_000 + "]" * 50_000 + "\n")
    (folder / "huge.txt").write_text(good + "score III Tom: pay.rows = " + "1" * 5000 + "\n")
    # Games an earlier version saved (NAME.json), damaged in the ways that version's file could be.
    replays = old_json(store.read(friday).game)
    write_old(folder, replays | {"schema": 7}, name="newer")
    replays["answers"][1]["value"] = "lots"
    write_old(folder, replays, name="wrongold")
    (folder / "deepold.json").write_text("[" * 50_000 + "]" * 50_000)
    (folder / "hugeold.json").write_text('{"schema": ' + "1" * 5000 + "}")
    result = cli("game", "list", "--json")
    assert result.code == 0, result.err
    games = {e["name"]: e for e in result.json()["games"]}
    damaged = {"broken", "odd", "wrong", "deep", "huge", "newer", "wrongold", "deepold", "hugeold"}
    assert set(games) == {"friday"} | damaged
    assert games["friday"]["state"] != "damaged"
    for name in damaged:
        assert games[name]["state"] == "damaged" and games[name]["problem"], name
    assert "line 1" in games["broken"]["problem"] and "not a game record" in games["broken"]["problem"]
    assert "line 2" in games["odd"]["problem"] and "names no player" in games["odd"]["problem"]
    assert "does not replay" in games["wrong"]["problem"]
    shown = one_line_error(cli("game", "show", "wrong"))
    assert shown.startswith(f"{folder / 'wrong.txt'}:4: the record does not replay")
    for name in ("deep", "huge"):
        assert "line 6" in games[name]["problem"] and "Traceback" not in games[name]["problem"], name
    assert "integer string conversion" not in games["huge"]["problem"]
    assert "newer trajan" in games["newer"]["problem"]
    assert "not replay" in games["wrongold"]["problem"]
    assert "nested too deeply" in games["deepold"]["problem"]
    assert "thousands of digits" in games["hugeold"]["problem"]
    readable = cli("game", "list")
    assert readable.code == 0
    # One entry a line, continued (wrapped at the terminal's width) on indented lines.
    lines = readable.out.replace("\n ", " ").splitlines()
    for name in damaged:
        suffix = ".json" if name in ("newer", "wrongold", "deepold", "hugeold") else ".txt"
        assert any(line.startswith(f"{name}: ") and f"damaged ({home / 'games' / name}{suffix})"
                   in " ".join(line.split()) for line in lines), name


def test_a_dangling_link_and_a_file_that_vanishes_do_not_stop_the_list(cli, home, friday, monkeypatch):
    """Issue 13.3: a *.txt link to nothing, and a file removed while the list is made."""
    folder = home / "games"
    os.symlink(folder / "nowhere.txt", folder / "dangling.txt")
    gone = folder / "gone.txt"
    gone.write_text(friday.read_text())
    real_read = store.read

    def read_then_vanish(path):
        if path.name == "gone.txt" and path.exists():
            path.unlink()  # another process deletes it between the folder listing and the read
        return real_read(path)

    monkeypatch.setattr(store, "read", read_then_vanish)
    result = cli("game", "list", "--json")
    assert result.code == 0, result.err
    games = {e["name"]: e for e in result.json()["games"]}
    assert set(games) == {"friday", "dangling"} and games["dangling"]["state"] == "damaged"


def test_restore_puts_the_backup_back_and_says_so(cli, friday):
    """Issue 13.3: `trajan game restore NAME`."""
    friday.write_text("{ damaged")
    result = cli("game", "restore", "friday")
    assert result.code == 0 and "friday.txt.bak" in result.out and "2 answers" in result.out
    assert "damaged file is kept" in result.out
    assert len(store.load_game("friday").lines) == 2
    assert cli("game", "show", "friday", "--json").code == 0


def test_a_damaged_game_an_earlier_version_saved_is_restored_from_its_own_backup(cli, home):
    """friday.json and friday.json.bak as that version left them, friday.json damaged: the
    message names the backup and the command, and `game restore` puts it back."""
    folder = home / "games"
    _, _, saved = play(tom_game(name="friday"), TOM_QUICK[:2])
    write_old(folder, saved[0]).rename(folder / "friday.json.bak")
    (folder / "friday.json").write_text("{ damaged")
    line = one_line_error(cli("game", "show", "friday"))
    assert line.startswith(f"{folder / 'friday.json'}:1: damaged game file")
    assert "friday.json.bak" in line and 'trajan game restore "friday"' in line
    result = cli("game", "restore", "friday")
    assert result.code == 0 and "friday.json.bak" in result.out and "1 answer" in result.out
    assert "damaged file is kept" in result.out
    assert json.loads(cli("game", "show", "friday", "--json").out)["answers"] == 1
    assert (folder / "friday.json.bak").read_text() == "{ damaged"


def test_restore_without_a_backup_is_refused_clearly(cli, home):
    store.save_game(tom_game(name="fresh"))
    line = one_line_error(cli("game", "restore", "fresh"))
    assert "no backup" in line and "fresh.txt.bak" in line


def test_a_damaged_file_names_the_restore_command(cli, friday):
    friday.write_text("{ damaged")
    line = one_line_error(cli("game", "show", "friday"))
    assert "trajan game restore \"friday\"" in line


# --- Item 4: storage that cannot be written ----------------------------------------------


def test_new_game_when_trajan_home_is_a_file(cli, tmp_path, monkeypatch):
    home_file = tmp_path / "home-file"
    home_file.write_text("")
    monkeypatch.setenv("TRAJAN_HOME", str(home_file))
    line = one_line_error(cli("game", "new", "g", "-p", "Ann", "-p", "Bob"))
    assert str(home_file) in line and "TRAJAN_HOME" in line


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_undo_in_a_read_only_folder(cli, home, friday):
    """The game file and its folder read-only (a line is taken back by cutting the file short:
    a game file that may be written in a read-only folder is changed, without a backup)."""
    folder = home / "games"
    friday.chmod(0o400)
    folder.chmod(0o500)
    try:
        line = one_line_error(cli("game", "undo", "friday"))
    finally:
        folder.chmod(0o700)
        friday.chmod(0o600)
    assert str(folder) in line and "writable" in line
    assert len(store.load_game("friday").lines) == 3


@pytest.mark.parametrize("command", [("game", "undo", "friday"), ("turn", "friday", "score III Tom: pay.coins = 4")])
def test_a_game_file_that_may_not_be_written(cli, home, friday, monkeypatch, command):
    """The same, played by the calls that meet the refusal (the suite may run as root)."""
    import errno
    import tempfile

    real_open, folder = os.open, home / "games"

    def open_(path, flags, *args, **kwargs):
        if str(path) == str(friday) and flags & (os.O_WRONLY | os.O_RDWR):
            raise PermissionError(errno.EACCES, "Permission denied", str(path))
        return real_open(path, flags, *args, **kwargs)

    def mkstemp(*args, dir=None, **kwargs):
        raise PermissionError(errno.EACCES, "Permission denied", str(folder / ".friday.txt.x.tmp"))

    before = friday.read_text()
    with monkeypatch.context() as patched:
        patched.setattr(os, "open", open_)
        patched.setattr(tempfile, "mkstemp", mkstemp)
        line = one_line_error(cli(*command))
    assert str(folder) in line and "writable" in line and "Permission denied" in line
    assert friday.read_text() == before and len(store.load_game("friday").lines) == 3


def test_undo_when_the_disk_is_full(cli, friday, monkeypatch):
    import errno

    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    with monkeypatch.context() as patched:
        patched.setattr(os, "fsync", full)
        line = one_line_error(cli("game", "undo", "friday"))
    assert "No space left on device" in line and "friday" in line
    assert len(store.load_game("friday").lines) == 3


@pytest.mark.parametrize("target", ["folder", "missing/tom.csv"])
def test_export_into_a_folder_or_a_missing_folder(cli, friday, tmp_path, target):
    """Issue 13.4: `game export -o` that cannot be written: one line, exit 2."""
    (tmp_path / "folder").mkdir()
    line = one_line_error(cli("game", "export", "friday", "-o", tmp_path / target))
    assert str(tmp_path / target) in line
    assert ("is a folder" in line) == (target == "folder")


# --- Item 5: names ----------------------------------------------------------------------


@pytest.mark.parametrize("name", ["friday\n", "friday ", "friday\t"])
def test_new_refuses_a_name_with_a_trailing_newline_or_space(cli, home, name):
    """Issue 13.5: the name pattern's `$` let a final newline through."""
    result = cli("game", "new", name, "-p", "Ann", "-p", "Bob")
    assert result.code == 2 and "game name" in result.err
    assert not (home / "games").exists() or not list((home / "games").glob("*.txt"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_or_huge_number_among_the_game_files_never_blocks_or_crashes_game_list(cli, home, friday):
    """Issue 13, items 8 and 9: a pipe named *.json used to block `game list` (and every
    command that picks a game) for ever; a 5000-digit number gave Python's own words. The
    same for a record file (*.txt), and for an earlier version's file (*.json)."""
    games = home / "games"
    os.mkfifo(games / "pipe.txt")
    os.mkfifo(games / "oldpipe.json")
    (games / "big.txt").write_text(friday.read_text() + "score III Tom: pay.rows = " + "9" * 5000 + "\n")
    (games / "oldbig.json").write_text('{"schema": 1, "x": ' + "9" * 5000 + "}")
    with within(10, "game list"):
        listed = cli("game", "list")
    assert listed.code == 0
    flowing = " ".join(listed.out.split())
    for name in ("pipe", "oldpipe"):
        assert f"{name}: damaged" in flowing and flowing.split(f"{name}: damaged")[1].split(": ")[1].startswith(
            "is not a plain file"), name
    assert "big: damaged" in flowing and "oldbig: damaged" in flowing and "thousands of digits" in flowing
    assert "integer string conversion" not in flowing and "Exceeds the limit" not in flowing
    for name in ("pipe", "oldpipe"):
        with within(10, "game show"):
            shown = cli("game", "show", name)
        assert shown.code == 2 and "not a plain file" in shown.err


# --- Games an earlier version saved ---------------------------------------------------------


def test_a_game_an_earlier_version_saved_opens_plays_on_and_exports_the_same(cli, tmp_path, monkeypatch):
    """friday.json as the previous version saved it (five answers), and the same game kept
    by this version: every command shows and exports them alike; the old one plays on,
    written as friday.txt at its first change, friday.json kept as it was beside it."""
    whole = play(tom_game(name="friday"), TOM_QUICK)[0].game
    lines = [line_text(line) for line in whole.lines]
    old_home, new_home = tmp_path / "old", tmp_path / "new"
    old_file = write_old(old_home / "games", tom_game(name="friday", lines=whole.lines[:5]))
    old_text = old_file.read_text()
    monkeypatch.setenv("TRAJAN_HOME", str(new_home))
    path = store.create(tom_game(name="friday")).path
    store.append(path, *whole.lines[:5])

    def both(*args) -> str:
        answers = []
        for home in (old_home, new_home):
            monkeypatch.setenv("TRAJAN_HOME", str(home))
            result = cli(*args)
            assert result.code == 0, (home, args, result.err)
            answers.append(result.out.replace(str(home), "HOME"))  # `game list` names the file
        assert answers[0] == answers[1], args
        return answers[0]

    def looked_at():
        for args in (("game", "show", "friday", "--json"), ("game", "show", "friday"), ("game", "log", "friday"),
                     ("game", "export", "friday", "--format", "csv"),
                     ("game", "export", "friday", "--format", "json"), ("game", "export", "friday", "--format", "md")):
            both(*args)
        listed = [json.loads(out)["games"] for out in both_lists()]
        assert [dict(entry, file=None) for entry in listed[0]] == [dict(entry, file=None) for entry in listed[1]]
        return listed[0][0]["file"]

    def both_lists():
        for home in (old_home, new_home):
            monkeypatch.setenv("TRAJAN_HOME", str(home))
            yield cli("game", "list", "--json").out

    assert looked_at() == str(old_file)  # the file the game is in
    assert json.loads(both("game", "show", "friday", "--json"))["answers"] == 5
    both("turn", "friday", lines[5])  # plays on
    assert sorted(p.name for p in (old_home / "games").iterdir() if p.is_file()) == ["friday.json", "friday.txt"]
    assert old_file.read_text() == old_text
    assert looked_at() == str(old_home / "games" / "friday.txt")
    for line in lines[6:]:
        both("turn", "friday", line)
    shown = json.loads(both("game", "show", "friday", "--json"))
    assert shown["finished"] and shown["players"][0]["total"] == 54
    looked_at()
    assert both("game", "undo", "friday").startswith("Took back")
    assert old_file.read_text() == old_text
