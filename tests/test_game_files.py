"""Game files as the commands see them (issue 13, items 2-5): copies, damaged files in
`game list`, `game restore`, storage that cannot be written, game names."""

import json
import os

import pytest
from conftest import problems_of
from timebound import within
from walk_helpers import TOM_QUICK, play, tom_game

from trajan_cli.games import store


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def friday(home):
    """friday.json with three answers, its backup holding two."""
    _, _, saved = play(tom_game(name="friday"), TOM_QUICK[:3])
    for game in saved:
        path = store.save_game(game)
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
    """Issue 13.2: `cp friday.json friday-test.json; trajan game undo friday-test`."""
    copy = friday.with_name("friday-test.json")
    copy.write_text(friday.read_text())
    original, original_backup = friday.read_text(), store.backup_path(friday).read_text()
    assert cli("game", "undo", "friday-test").code == 0
    assert friday.read_text() == original and store.backup_path(friday).read_text() == original_backup
    assert len(json.loads(copy.read_text())["answers"]) == 2
    assert store.backup_path(copy).is_file()


def test_list_says_which_file_each_game_is(cli, friday):
    """Issue 13.2: never two games of one name without their files."""
    friday.with_name("friday-test.json").write_text(friday.read_text())
    listing = cli("game", "list", "--json").json()["games"]
    assert sorted(e["name"] for e in listing) == ["friday", "friday-test"]
    by_name = {e["name"]: e for e in listing}
    assert by_name["friday-test"]["file"].endswith("friday-test.json")
    assert by_name["friday-test"]["name_inside"] == "friday"
    readable = cli("game", "list").out
    assert "friday-test.json" in readable and "'friday'" in readable


# --- Item 3: damaged files are listed, with what is wrong --------------------------------


def test_list_shows_every_game_file_damaged_ones_marked(cli, home, friday):
    folder = home / "games"
    (folder / "broken.json").write_text('{"schema": 1,')
    (folder / "odd.json").write_text(json.dumps({"schema": 1, "name": "odd"}))
    (folder / "newer.json").write_text(friday.read_text().replace('"schema": 1', '"schema": 7'))
    replays = json.loads(friday.read_text())
    replays["answers"][1]["value"] = "lots"
    (folder / "wrong.json").write_text(json.dumps(replays))
    (folder / "deep.json").write_text("[" * 50_000 + "]" * 50_000)
    (folder / "huge.json").write_text('{"schema": ' + "1" * 5000 + "}")
    result = cli("game", "list", "--json")
    assert result.code == 0, result.err
    games = {e["name"]: e for e in result.json()["games"]}
    assert set(games) == {"friday", "broken", "odd", "newer", "wrong", "deep", "huge"}
    assert games["friday"]["state"] != "damaged"
    for name in ("broken", "odd", "newer", "wrong", "deep", "huge"):
        assert games[name]["state"] == "damaged" and games[name]["problem"], name
    assert "line 1" in games["broken"]["problem"] or "Expecting" in games["broken"]["problem"]
    assert "answers" in games["odd"]["problem"]
    assert "newer trajan" in games["newer"]["problem"]
    assert "do not replay" in games["wrong"]["problem"]
    assert "nested too deeply" in games["deep"]["problem"]
    readable = cli("game", "list")
    assert readable.code == 0
    # One entry a line, continued (wrapped at the terminal's width) on indented lines.
    lines = readable.out.replace("\n ", " ").splitlines()
    for name in ("broken", "odd", "newer", "wrong", "deep", "huge"):
        assert any(line.startswith(f"{name}: ") and f"damaged ({home / 'games' / name}.json)"
                   in " ".join(line.split()) for line in lines), name


def test_a_dangling_link_and_a_file_that_vanishes_do_not_stop_the_list(cli, home, friday, monkeypatch):
    """Issue 13.3: a *.json link to nothing, and a file removed while the list is made."""
    folder = home / "games"
    os.symlink(folder / "nowhere.json", folder / "dangling.json")
    gone = folder / "gone.json"
    gone.write_text(friday.read_text())
    real_read = store.read

    def read_then_vanish(path):
        if path.name == "gone.json" and path.exists():
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
    assert result.code == 0 and "friday.json.bak" in result.out and "2 answers" in result.out
    assert "damaged file is kept" in result.out
    assert len(store.load_game("friday").lines) == 2
    assert cli("game", "show", "friday", "--json").code == 0


def test_restore_without_a_backup_is_refused_clearly(cli, home):
    store.save_game(tom_game(name="fresh"))
    line = one_line_error(cli("game", "restore", "fresh"))
    assert "no backup" in line and "fresh.json.bak" in line


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
    folder = home / "games"
    folder.chmod(0o500)
    try:
        line = one_line_error(cli("game", "undo", "friday"))
    finally:
        folder.chmod(0o700)
    assert str(folder) in line and "writable" in line
    assert len(store.load_game("friday").lines) == 3


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
    assert not (home / "games").exists() or not list((home / "games").glob("*.json"))


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")
def test_a_pipe_or_huge_number_among_the_game_files_never_blocks_or_crashes_game_list(cli, home, friday):
    """Issue 13, items 8 and 9: a pipe named *.json used to block `game list` (and every
    command that picks a game) for ever; a 5000-digit number gave Python's own words."""
    games = home / "games"
    os.mkfifo(games / "pipe.json")
    (games / "big.json").write_text('{"schema": 1, "x": ' + "9" * 5000 + "}")
    with within(10, "game list"):
        listed = cli("game", "list")
    assert listed.code == 0
    assert "pipe: damaged" in listed.out and "not a plain file" in listed.out
    assert "big: damaged" in listed.out and "thousands of digits" in listed.out
    with within(10, "game show"):
        shown = cli("game", "show", "pipe")
    assert shown.code == 2 and "not a plain file" in shown.err
