"""The snapshot of a replayed game (trajan_cli/games/snapshot.py): reading commands skip the replay
when the game has not changed, and a snapshot never changes an answer.

The game is the scripted three-player board game of tests/helpers/board_table_game.py (boards,
forum and builds recorded, three cycles scored); its prefixes are every state it passes
through. The commands that matter run as real `trajan` processes.
"""

from __future__ import annotations

import json
import os
import subprocess
from pathlib import Path

import pytest

from trajan_cli.core.game import Game
from trajan_cli.games import snapshot, store

from helpers import board_table_game as table
from helpers.snapshots import (  # noqa: F401 - finished is a fixture
    LIMIT,
    REPLAY,
    TRAJAN,
    finished,
    in_process,
    loaded_after,
    needs_trajan,
    on_disk,
    prefix,
    run_env,
    saved,
)


@pytest.fixture
def home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def reads(every: bool = True) -> list[tuple[str, ...]]:
    """The reading commands on the game: each board now and as each cycle scored it, the
    forum, the referee on a board, the list of games; text and JSON (not ``every``: each
    board now as JSON, the list, check build)."""
    name = table.GAME
    if not every:
        return [("game", "list", "--json"), ("check", "build", "--game", name, "-p", "Cleo", "g", "C3", "--json"),
                *(("board", "show", name, *board, "--json") for board in (
                    *(("-p", p) for p in table.PLAYERS), ("--forum",)))]
    commands: list[tuple[str, ...]] = [("game", "list"), ("game", "list", "--json")]
    for board in (*(("-p", p) for p in table.PLAYERS), ("--forum",)):
        commands += [("board", "show", name, *board), ("board", "show", name, *board, "--json")]
        commands += [("board", "show", name, *board, "--cycle", str(c), "--json") for c in (1, 2, 3)]
    commands += [("check", "build", "--game", name, "-p", "Ann", "lib", "B2", "--json"),
                 ("check", "envoy", "--game", name, "--player", "Bob", "--via", "market", "--json")]
    return commands


def trajan(home: Path, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([str(TRAJAN), *map(str, args)], env=run_env(home), capture_output=True,
                          text=True, timeout=LIMIT)


# --- A hit answers exactly what a replay answers -----------------------------------------


@pytest.mark.slow  # at every point of the game
def test_at_every_point_of_the_game_a_snapshot_holds_what_the_replay_gives(finished, home):
    """Board by board, object and text, now and as each cycle scored it; the position and
    the totals. Also the table rebuilt from it to record on (what a writer holds a record
    against)."""
    from trajan_cli.games.walk import replayed as replay
    from trajan_cli.parsing.toml_text import forum_toml, sheet_toml

    for n in range(len(finished.lines) + 1):
        game = prefix(finished, n)
        path = saved(game)
        state = replay(game)
        snapshot.save(on_disk(path), state)
        hit = snapshot.load(on_disk(path))
        assert hit is not None, f"no snapshot after {n} answers"
        assert (hit.finished, hit.position, hit.totals()) == (state.finished, state.position, state.totals())
        for player in table.PLAYERS:
            board = state.table.board(player)
            assert hit.table.board(player) == board
            assert board is None or sheet_toml(hit.table.board(player)) == sheet_toml(board)
        assert hit.table.forum == state.table.forum
        assert hit.table.forum is None or forum_toml(hit.table.forum) == forum_toml(state.table.forum)
        assert dict(hit.table.scored) == state.table.scored
        assert dict(hit.table.scored_forum) == state.table.scored_forum
        assert all(hit.table.mark_of(p) == state.table.mark_of(p) for p in table.PLAYERS)
        assert hit.table.tabletop() == state.table


@pytest.mark.slow  # at every point of the game
def test_every_reading_command_answers_the_same_from_a_snapshot_at_every_point(finished, home, monkeypatch):
    """`board show` (text and --json, now and --cycle N), `check build|envoy --game` and
    `game list`: the same exit status, output and errors with the replay and from the
    snapshot, at every prefix of the game's answers."""
    real_replay = store.replay
    last = len(finished.lines)
    for n in range(last + 1):
        game = prefix(finished, n)
        path = saved(game)
        commands = reads(every=n in (0, 4, 8, 21, last // 2, last))  # all of them at a few points
        replayed = []
        for command in commands:
            snapshot.forget(path)  # each one replays
            replayed.append(in_process(*command))
        assert snapshot.load(on_disk(path)) is not None  # the last one left it

        def no_replay(*args, **kwargs):
            raise AssertionError("replayed although the snapshot fits")

        monkeypatch.setattr(store, "replay", no_replay)
        try:
            for command, expected in zip(commands, replayed, strict=True):
                assert in_process(*command) == expected, f"{' '.join(command)} after {n} answers"
        finally:
            monkeypatch.setattr(store, "replay", real_replay)


@needs_trajan
def test_a_hit_loads_nothing_a_replay_needs(finished, home):
    """The point of the snapshot is start-up: board show and game list served from it do not
    import the replay (the fold of the record, the scoring phase), the referee or the
    scoring; check build loads the referee for its own work, not the replay."""
    saved(finished)
    assert "trajan_cli.core.state" in loaded_after(home, "board", "show", table.GAME, "-p", "Ann")  # the miss
    assert loaded_after(home, "board", "show", table.GAME, "-p", "Ann") == []
    assert loaded_after(home, "board", "show", table.GAME, "--forum", "--cycle", "2") == []
    assert loaded_after(home, "game", "list") == []
    check = loaded_after(home, "check", "build", "--game", table.GAME, "-p", "Ann", "lib", "B2")
    assert not set(REPLAY) & set(check)


# --- A changed game is never served from the old snapshot ---------------------------------


def shown(home: Path, player: str = "Ann") -> str:
    done = trajan(home, "board", "show", table.GAME, "-p", player, "--json")
    assert done.returncode == 0, done.stderr
    return json.loads(done.stdout)["sheet"]


def replayed_sheet(player: str = "Ann") -> str:
    from trajan_cli.games.walk import replayed as replay
    from trajan_cli.parsing.toml_text import sheet_toml

    return sheet_toml(replay(store.load_game(table.GAME)).table.board(player))


@needs_trajan
def test_an_answer_added_by_a_record_is_seen_at_once(finished, home, tmp_path):
    """board import (a writer) then board show: the new board, from the snapshot the
    writer left of the new game."""
    game = prefix(finished, 8)  # cycle I's boards and builds recorded, nothing scored yet
    saved(game)
    before = shown(home)
    grown = before.replace("coins = ", "coins = 1", 1)  # coins = N becomes 1N: a supply may change
    sheet = tmp_path / "ann.toml"
    sheet.write_text(grown, encoding="utf-8")
    done = trajan(home, "board", "import", table.GAME, "-p", "Ann", sheet)
    assert done.returncode == 0, done.stderr
    assert snapshot.load(on_disk(store.game_path(table.GAME))) is None  # the old one is not the new game's
    assert shown(home) == replayed_sheet() != before
    assert snapshot.load(on_disk(store.game_path(table.GAME))) is not None  # the new game's, left by the reader


@needs_trajan
def test_a_build_then_undo_then_restore_each_show_the_game_as_it_is(finished, home):
    saved(prefix(finished, 4))  # the boards of cycle I, no build yet
    player, tile, cells, envoys = table.BUILDS[1][0]
    before = shown(home, player)
    extra = [a for cell in envoys for a in ("--envoy", cell)]
    done = trajan(home, "build", table.GAME, "-p", player, tile, *cells, *extra, "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["recorded"], done.stderr
    built = shown(home, player)
    assert built == replayed_sheet(player) != before
    assert trajan(home, "game", "undo", table.GAME).returncode == 0
    assert shown(home, player) == replayed_sheet(player) == before
    assert trajan(home, "game", "restore", table.GAME).returncode == 0  # the build comes back
    assert shown(home, player) == built == replayed_sheet(player)


@needs_trajan
def test_a_game_edited_by_hand_is_replayed(finished, home):
    path = saved(finished)
    cycle_3 = shown(home)
    assert snapshot.load(on_disk(path)) is not None
    rows = path.read_text(encoding="utf-8").split("\n")
    last_sheet = max(i for i, row in enumerate(rows) if row.startswith("board Ann:"))
    assert "supply 3 coin" in rows[last_sheet]
    # Ann's board as recorded before cycle III's scoring, with its coins changed by hand:
    rows[last_sheet] = rows[last_sheet].replace("supply 3 coin", "supply 93 coin", 1)
    path.write_text("\n".join(rows), encoding="utf-8")
    assert snapshot.load(on_disk(path)) is None
    result = shown(home)
    assert result == replayed_sheet() and result != cycle_3


# --- Keys: the code and rules data --------------------------------------------------------


def test_a_snapshot_of_other_code_or_rules_is_a_miss(finished, home, monkeypatch):
    path = saved(finished)
    snapshot.state_of(on_disk(path))
    assert snapshot.load(on_disk(path)) is not None
    monkeypatch.setattr(snapshot, "_fingerprint", "another version of the code")
    assert snapshot.load(on_disk(path)) is None


def test_the_fingerprint_follows_every_code_and_rules_file(tmp_path):
    """A fixed replay never meets a snapshot of the old code: any *.py of the package or
    *.toml of its rules data edited, added or removed changes it; its content counts, not its
    size and times (issue 20, item 3: an edit of the same size at the same mtime was missed)."""
    package = tmp_path / "trajan_cli"
    (package / "core").mkdir(parents=True)
    (package / "core" / "walkthrough.py").write_text("x = 1\n")
    rules = tmp_path / "rules_data"
    rules.mkdir()
    (rules / "scoring.toml").write_text("a = 1\n")
    seen = {snapshot.fingerprint_of(str(package))}

    def changed() -> bool:
        new = snapshot.fingerprint_of(str(package))
        fresh = new not in seen
        seen.add(new)
        return fresh

    assert not changed()  # the same files, the same fingerprint
    os.utime(package / "core" / "walkthrough.py", ns=(1, 1))  # touched: the same content
    assert not changed()
    (package / "core" / "walkthrough.py").write_text("x = 2\n")  # the same size...
    os.utime(package / "core" / "walkthrough.py", ns=(1, 1))  # ...and the same time
    assert changed()
    (package / "core" / "walkthrough.py").write_text("x = 22\n")
    assert changed()
    (rules / "scoring.toml").write_text("a = 2\n")
    assert changed()
    (package / "core" / "new.py").write_text("")
    assert changed()
    (package / "core" / "new.py").unlink()
    assert snapshot.fingerprint_of(str(package)) in seen  # the files of a moment ago
    (package / "README.txt").write_text("not code")
    assert not changed()
    (package / "cli").mkdir()
    (package / "cli" / "game.py").write_text("# a command: never part of a replay\n")
    assert not changed()


def test_the_installed_package_is_fingerprinted_with_its_rules_data():
    from trajan_cli.rulesdata import data_dir

    package = os.path.dirname(os.path.dirname(snapshot.__file__))  # trajan_cli, not its games folder
    files = [e.path for e in snapshot._files(package)]
    if not str(data_dir()).startswith(package):
        files += [e.path for e in snapshot._files(str(data_dir()))]
    assert str(Path(snapshot.__file__)) in files
    assert str(data_dir() / "scoring.toml") in files
    assert snapshot.code_fingerprint() == snapshot.fingerprint_of(package)


# --- Bad snapshot files are ignored -------------------------------------------------------


def snapshot_file(home: Path) -> Path:
    return home / "games" / snapshot.FOLDER / f"{table.GAME}.json"


def spoil_cases(home: Path, finished: Game) -> dict:
    """name -> a function that spoils the snapshot file of the finished game."""
    target = snapshot_file(home)

    def truncated():
        target.write_bytes(target.read_bytes()[: len(target.read_bytes()) // 2])

    def a_board_changed():  # well-formed, plausible, wrong: the digest tells
        target.write_bytes(target.read_bytes().replace(b"coins = ", b"coins = 7", 1))

    def garbage():
        target.write_bytes(b"\x00\xff not a snapshot")

    def empty():
        target.write_bytes(b"")

    def of_another_game():
        from trajan_cli.games.record_file import record_text
        from trajan_cli.games.walk import replayed as replay

        other = prefix(finished, 30)
        state = replay(other)
        # written for other content at this game's place
        snapshot.save(store.Stored(store.game_path(table.GAME), other, record_text(other)), state)

    def a_folder():
        target.unlink()
        target.mkdir()

    def a_pipe():  # would block a plain open
        target.unlink()
        os.mkfifo(target)

    def header_only():
        target.write_bytes(target.read_bytes().partition(b"\n")[0])

    return {"truncated": truncated, "a board changed": a_board_changed, "garbage": garbage,
            "empty": empty, "of another game": of_another_game, "a folder": a_folder,
            "a pipe": a_pipe, "header only": header_only}


SPOILED_READS = [("board", "show", table.GAME, "-p", "Ann", "--json"), ("board", "show", table.GAME, "--forum"),
                 ("game", "list", "--json")]


@needs_trajan
@pytest.mark.parametrize("case", ["truncated", "a board changed", "garbage", "empty", "of another game",
                                  "a folder", "a pipe", "header only"])
def test_a_spoiled_snapshot_is_ignored_and_the_game_replayed(finished, home, case):
    path = saved(finished)
    expected = [in_process(*c) for c in SPOILED_READS]  # no snapshot yet: replayed
    assert all(code == 0 for code, _out, _err in expected), expected
    assert snapshot.load(on_disk(path)) is not None
    spoil_cases(home, finished)[case]()
    assert snapshot.load(on_disk(path)) is None
    again = [trajan(home, *c) for c in SPOILED_READS]
    assert [(d.returncode, d.stdout, d.stderr) for d in again] == expected


@needs_trajan
def test_a_snapshot_folder_that_is_a_file_is_ignored(finished, home):
    path = saved(finished)
    (home / "games" / snapshot.FOLDER).write_text("in the way")
    expected = replayed_sheet()
    assert shown(home) == expected
    assert shown(home) == expected
    listed = trajan(home, "game", "list")
    assert listed.returncode == 0 and "(finished)" in listed.stdout and not listed.stderr
    assert snapshot.load(on_disk(path)) is None


def test_a_folder_that_refuses_writes_changes_nothing(finished, home, monkeypatch, cli):
    """Simulated (the suite may run as root, who may write anyway): every write into the
    snapshot folder fails; the commands answer as usual and say nothing of it."""
    import errno
    import tempfile

    path = saved(finished)
    real = tempfile.mkstemp

    def refused(*args, dir=None, **kwargs):
        if dir is not None and Path(dir).name == snapshot.FOLDER:
            raise PermissionError(errno.EACCES, "Permission denied", str(dir))
        return real(*args, dir=dir, **kwargs)

    monkeypatch.setattr(tempfile, "mkstemp", refused)
    first = cli("board", "show", table.GAME, "-p", "Ann", "--json")
    assert first.code == 0 and not first.err
    assert first.json()["sheet"] == replayed_sheet()
    assert snapshot.load(on_disk(path)) is None
    listed = cli("game", "list", "--json")
    assert listed.code == 0 and listed.json()["games"][0]["finished"] is True


@needs_trajan
@pytest.mark.skipif(os.geteuid() == 0, reason="root may write into a read-only folder")
def test_a_read_only_snapshot_folder_changes_nothing(finished, home):
    path = saved(finished)
    folder = home / "games" / snapshot.FOLDER
    folder.mkdir()
    folder.chmod(0o500)
    try:
        assert shown(home) == replayed_sheet()
        assert snapshot.load(on_disk(path)) is None
    finally:
        folder.chmod(0o700)


# --- A damaged game ----------------------------------------------------------------------


@needs_trajan
def test_a_damaged_game_is_reported_as_before_and_never_snapshotted(finished, home):
    path = saved(finished)
    assert shown(home)  # a snapshot of the good game
    good = on_disk(path)
    text = path.read_text(encoding="utf-8")
    marker = "score I Ann: pay.marker = 5\n"  # cycle I's marker of a player
    assert text.count(marker) == 1
    path.write_text(text.replace(marker, 'score I Ann: pay.marker = "not a marker"\n'), encoding="utf-8")
    for command in (("board", "show", table.GAME, "-p", "Ann"), ("check", "build", "--game", table.GAME,
                                                                 "-p", "Ann", "lib", "B2")):
        done = trajan(home, *command)
        assert done.returncode == 2 and "does not replay" in done.stderr, done.stderr
    listed = trajan(home, "game", "list", "--json")
    assert json.loads(listed.stdout)["games"][0]["state"] == "damaged"
    assert snapshot.load(on_disk(path)) is None
    header = json.loads(snapshot_file(home).read_bytes().partition(b"\n")[0])
    assert header["game"] == snapshot.content_key(good)  # still the good game's, not the damaged one's


# --- Where it lives ----------------------------------------------------------------------


@needs_trajan
def test_game_delete_removes_the_snapshot_and_game_list_does_not_list_it(finished, home):
    saved(finished)
    assert shown(home)
    assert snapshot_file(home).is_file()
    listed = json.loads(trajan(home, "game", "list", "--json").stdout)["games"]
    assert [g["name"] for g in listed] == [table.GAME]
    assert trajan(home, "game", "delete", table.GAME, "--yes").returncode == 0
    assert not snapshot_file(home).exists()
    assert "No saved games yet" in trajan(home, "game", "list").stdout


def test_the_scoring_walk_leaves_a_snapshot_of_what_it_saved(finished, home, cli, tmp_path):
    """`trajan score` replays after each answer anyway: the game it leaves is snapshotted."""
    saved(prefix(finished, 8))
    answers = tmp_path / "answers.toml"
    answers.write_text(table.answers_toml(1), encoding="utf-8")
    assert cli("score", "--game", table.GAME, "--answers", answers, "--no-input").code == 0
    game = on_disk(store.game_path(table.GAME))
    assert len(game.game.lines) > 8
    assert snapshot.load(game) is not None


def test_a_trajan_2011_game_is_listed_the_same_from_its_snapshot(home, cli, monkeypatch):
    assert cli("game", "new", "old", "-p", "Ann", "-p", "Bob", "--variant", "trajan").code == 0
    first = cli("game", "list", "--json")
    assert snapshot.load(store.load("old")) is not None

    def no_replay(*args, **kwargs):
        raise AssertionError("replayed although the snapshot fits")

    monkeypatch.setattr(store, "replay", no_replay)
    assert cli("game", "list", "--json").out == first.out
    assert first.json()["games"][0]["next"]["period"] == 1


# --- Issue 20, items 3 and 4: a snapshot is never trusted by a writer; orphans go ---------


def forge(home: Path, player: str, change) -> None:
    """Rewrite the game's snapshot so that ``player``'s board is ``change(board)``, with a
    header and digest that fit: a forged (or stale) snapshot no check of the file can tell."""
    from _blake2 import blake2b

    from trajan_cli.parsing.sheet import parse_sheet
    from trajan_cli.parsing.toml_text import sheet_toml

    target = snapshot_file(home)
    head, _newline, body = target.read_bytes().partition(b"\n")
    header, payload = json.loads(head), json.loads(body)
    board = parse_sheet(payload["table"]["sheets"][player], "<snapshot>", strict=False)
    payload["table"]["sheets"][player] = sheet_toml(change(board))
    body = json.dumps(payload, ensure_ascii=False).encode()
    header["digest"] = blake2b(body, digest_size=32).hexdigest()
    target.write_bytes(json.dumps(header).encode() + b"\n" + body)


@needs_trajan
def test_a_forged_snapshot_never_lets_an_illegal_record_in(finished, home, tmp_path):
    """Issue 20.3: with a snapshot showing a built space as empty, a writer judged against
    it recorded what the rules forbid, and the game no longer replayed (`game undo` refused
    too). Writers now replay the game file under its lock; only readers use the snapshot."""
    import dataclasses

    from trajan_cli.core.colonia import VACATED
    from trajan_cli.core.vocabulary import CellKind, square_name

    path = saved(prefix(finished, 8))  # cycle I's boards and builds recorded
    assert trajan(home, "game", "show", table.GAME).returncode == 0  # leaves the snapshot
    board = snapshot.load(on_disk(path)).table.board("Ann")
    built = next((c, r) for r in range(6) for c in range(6)
                 if board.colonia.at((c, r)).kind in (CellKind.GRAY, CellKind.STRUCTURE))

    def emptied(sheet):
        rich = dataclasses.replace(sheet.supply, coins=20, builders=5, assistants=5,
                                   workers={c: 5 for c in sheet.supply.workers})
        return dataclasses.replace(sheet, colonia=sheet.colonia.replace(built, VACATED), supply=rich)

    forge(home, "Ann", emptied)
    before = path.read_text()
    shown = json.loads(trajan(home, "board", "show", table.GAME, "-p", "Ann", "--json").stdout)
    assert f"{square_name(*built)}" and shown["sheet"] != sheet_toml_of(board)  # readers see the forgery
    forged = tmp_path / "forged.toml"
    forged.write_text(shown["sheet"], encoding="utf-8")
    done = trajan(home, "board", "import", table.GAME, "-p", "Ann", forged)
    assert done.returncode == 2 and square_name(*built) in done.stderr, done.stdout + done.stderr
    done = trajan(home, "build", table.GAME, "-p", "Ann", "b", square_name(*built), "--pay", "1",
                  "--envoy", "none", "--json")
    assert done.returncode == 2 or not json.loads(done.stdout)["recorded"], done.stdout + done.stderr
    assert path.read_text() == before
    from trajan_cli.games.walk import replayed as replay

    replay(store.load_game(table.GAME))  # the game still replays
    assert trajan(home, "game", "undo", table.GAME).returncode == 0


def sheet_toml_of(board) -> str:
    from trajan_cli.parsing.toml_text import sheet_toml

    return sheet_toml(board)


@needs_trajan
def test_game_list_removes_the_snapshots_of_games_removed_or_renamed_by_hand(finished, home):
    """Issue 20.4: they stayed for ever."""
    path = saved(finished)
    store.save_game(Game("other", ("Ann", "Bob"), "Ann"))
    store.save_game(Game("third", ("Ann", "Bob"), "Ann"))
    assert trajan(home, "game", "list").returncode == 0
    folder = home / "games" / snapshot.FOLDER
    assert sorted(p.name for p in folder.iterdir()) == sorted(["other.json", "third.json", f"{table.GAME}.json"])
    path.unlink()  # removed by hand
    (home / "games" / "other.txt").rename(home / "games" / "renamed.txt")
    done = trajan(home, "game", "list", "--json")
    assert done.returncode == 0
    assert sorted(g["name"] for g in json.loads(done.stdout)["games"]) == ["renamed", "third"]
    assert sorted(p.name for p in folder.iterdir()) == ["renamed.json", "third.json"]


GOLDEN_3P = Path(__file__).parent / "records" / "golden-3p.txt"


def golden_mid_game(home: Path, tmp_path: Path) -> Path:
    """The golden three-player game kept by turns up to Cleo's turn in round II.4."""
    lines = GOLDEN_3P.read_text(encoding="utf-8").splitlines()[:106]
    record = tmp_path / "mid.txt"
    record.write_text("\n".join(lines) + "\n", encoding="utf-8")
    assert trajan(home, "game", "new", "g3", "-p", "Ann", "-p", "Bob", "-p", "Cleo",
                  "--cards", "I-2,II-4,III-3").returncode == 0
    done = trajan(home, "turn", "g3", "--file", record)
    assert done.returncode == 0, done.stderr
    assert "Cleo's turn in round II.4" in done.stdout
    return store.game_path("g3")


@needs_trajan
def test_a_forged_snapshot_never_lets_an_illegal_turn_in(home, tmp_path):
    """Issue 20.3 for `trajan turn`: the snapshot shows Cleo's basilica space B5 empty and
    her supply rich; a turn building on B5 is still refused, judged on the game file."""
    import dataclasses
    from _blake2 import blake2b

    from trajan_cli.core.colonia import VACATED
    from trajan_cli.core.vocabulary import parse_square_name
    from trajan_cli.parsing.sheet import parse_sheet
    from trajan_cli.parsing.toml_text import sheet_toml

    path = golden_mid_game(home, tmp_path)
    assert trajan(home, "game", "show", "g3").returncode == 0  # the snapshot is there
    target = snapshot.path_of(path)
    head, _newline, body = target.read_bytes().partition(b"\n")
    header, payload = json.loads(head), json.loads(body)
    board = parse_sheet(payload["table"]["sheets"]["Cleo"], "<snapshot>", strict=False)
    rich = dataclasses.replace(board.supply, coins=20, builders=5, assistants=5)
    payload["table"]["sheets"]["Cleo"] = sheet_toml(dataclasses.replace(
        board, colonia=board.colonia.replace(parse_square_name("B5"), VACATED), supply=rich))
    body = json.dumps(payload, ensure_ascii=False).encode()
    header["digest"] = blake2b(body, digest_size=32).hexdigest()
    target.write_bytes(json.dumps(header).encode() + b"\n" + body)
    assert snapshot.load(on_disk(path)) is not None  # a forgery that fits its key
    before = path.read_bytes()
    done = trajan(home, "turn", "g3", "Cleo: take C3 A6; use received: builder; build col B5 pay builder")
    assert done.returncode == 2 and "B5" in done.stderr, done.stdout + done.stderr
    assert path.read_bytes() == before
    done = trajan(home, "turn", "g3", "Cleo: take C3 A6; use received: builder; build col C3 pay builder")
    assert done.returncode == 0, done.stderr  # the legal turn still goes in
    from trajan_cli.games.walk import replayed as replay

    replay(store.load_game("g3"))  # and the game replays


@needs_trajan
def test_a_snapshot_that_is_a_link_is_never_written_through_nor_replaced(home, tmp_path):
    """A `.snapshots/NAME.json` that is a symbolic link: a recording command leaves the link
    and what it points to as they were (it was replaced by a plain file), and readers
    do not read through it (they replay)."""
    path = golden_mid_game(home, tmp_path)
    assert trajan(home, "game", "show", "g3").returncode == 0  # a reader leaves the snapshot
    link = snapshot.path_of(path)
    elsewhere = tmp_path / "elsewhere.json"
    elsewhere.write_bytes(link.read_bytes())  # a snapshot that fits, reached through a link
    link.unlink()
    link.symlink_to(elsewhere)
    kept = elsewhere.read_bytes()
    assert snapshot.load(on_disk(path)) is None
    done = trajan(home, "turn", "g3", "Cleo: take C3 A6; use received: builder; build col C3 pay builder")
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and os.readlink(link) == str(elsewhere)
    assert elsewhere.read_bytes() == kept
    done = trajan(home, "game", "show", "g3")
    assert done.returncode == 0, done.stderr
    assert link.is_symlink() and elsewhere.read_bytes() == kept
