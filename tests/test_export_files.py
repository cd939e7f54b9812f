"""`trajan game export` into files a group keeps: the CSV names the game, its date and
each player (`name`, as the JSON does), so that games can be kept in one file (`--append`);
the Markdown says who won and which tie-break decided it (p. 29); `-o FILE` never replaces
a file unless `--force` says so."""

from __future__ import annotations

import csv
import io
import time
from dataclasses import replace

import pytest

from trajan_cli.core.game import Game
from trajan_cli.games import store

from helpers.classic_game import FINAL_ANN, FINAL_BOB, Q1, Q2, Q3, Q4, trajan_game
from helpers.walkthrough import play, quiet_cycle

#: Three players scored by quick counts (the markers stand at 5, 5, 1 after cycles I and II and
#: at 9, 9, 2 after III); Ann and Bob end level on points (9) and on active citizens, and the
#: resources left (Ann 3, Bob 4) decide: Bob wins (p. 29, second tie-break).
QUICK = (quiet_cycle(5, 5, 1, card="I-1") + quiet_cycle(5, 5, 1, card="II-1")
         + quiet_cycle(9, 9, 2, card="III-1") + [3, 4])


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def saved(game: Game, answers, created: str) -> Game:
    result, _, _ = play(replace(game, created=created), answers)
    store.save_game(result.game)
    return result.game


@pytest.fixture
def quick():
    return saved(Game("quick", ("Ann", "Bob", "Cy"), "Ann"), QUICK, "2026-11-20T12:05:00+00:00")


@pytest.fixture
def local_time_two_hours_east(monkeypatch):
    """The machine's clock in a zone two hours ahead of UTC (POSIX TZ: no zone files)."""
    monkeypatch.setenv("TZ", "XXX-2")
    time.tzset()
    yield
    monkeypatch.undo()
    time.tzset()


def rows_of(text: str) -> list[dict]:
    return list(csv.DictReader(io.StringIO(text)))


def test_the_csv_names_the_game_its_date_and_each_player_as_the_json_does(cli, quick):
    text = cli("game", "export", "quick", "--format", "csv").out
    assert text.splitlines()[0].split(",")[:3] == ["game", "date", "name"]
    rows = rows_of(text)
    assert [(r["game"], r["date"], r["name"]) for r in rows] == [
        ("quick", "2026-11-20", "Ann"), ("quick", "2026-11-20", "Bob"), ("quick", "2026-11-20", "Cy")]
    shown = cli("game", "export", "quick", "--format", "json").json()
    assert [r["name"] for r in rows] == [p["name"] for p in shown["players"]]
    assert [int(r["total"]) for r in rows] == [p["total"] for p in shown["players"]] == [9, 9, 2]
    assert [r["place"] for r in rows] == ["2", "1", "3"]


def test_the_date_is_the_day_where_the_group_played(cli, local_time_two_hours_east):
    """Created at 23:30 UTC is 01:30 the next morning two hours east: that is the date a
    group remembers, in the CSV and in the Markdown's title."""
    saved(Game("late", ("Ann", "Bob", "Cy"), "Ann"), QUICK, "2026-11-20T23:30:00+00:00")
    assert {r["date"] for r in rows_of(cli("game", "export", "late").out)} == {"2026-11-21"}
    assert cli("game", "export", "late", "-f", "md").out.splitlines()[0] == "# late (Forum Trajanum, 2026-11-21)"


def test_a_group_keeps_its_games_in_one_csv(cli, quick, tmp_path):
    """--append: the first game writes the header and its rows, the next adds its rows
    only; the file reads as one table of both games."""
    saved(Game("rematch", ("Ann", "Bob", "Cy"), "Cy"), QUICK, "2026-11-27T12:00:00+00:00")
    history = tmp_path / "history.csv"
    first = cli("game", "export", "quick", "-o", history, "--append")
    assert first.code == 0 and "Added 3 rows" in first.out
    assert cli("game", "export", "rematch", "-o", history, "--append").code == 0
    text = history.read_text(encoding="utf-8")
    assert text.count("game,date,name") == 1
    assert [(r["game"], r["date"], r["name"]) for r in rows_of(text)] == [
        ("quick", "2026-11-20", "Ann"), ("quick", "2026-11-20", "Bob"), ("quick", "2026-11-20", "Cy"),
        ("rematch", "2026-11-27", "Ann"), ("rematch", "2026-11-27", "Bob"), ("rematch", "2026-11-27", "Cy")]
    # The same game twice would count it twice: refused, the file as it was.
    again = cli("game", "export", "quick", "-o", history, "--append")
    assert again.code == 2 and "in the file already" in again.err and history.read_text(encoding="utf-8") == text


def test_a_game_of_another_kind_is_not_added_to_a_csv_of_other_columns(cli, quick, tmp_path):
    result, _, _ = play(replace(trajan_game(), created="2026-11-21T12:00:00+00:00"),
                        Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    store.save_game(result.game)
    history = tmp_path / "history.csv"
    assert cli("game", "export", "quick", "-o", history, "--append").code == 0
    before = history.read_text(encoding="utf-8")
    refused = cli("game", "export", "t", "-o", history, "--append")
    assert refused.code == 2 and "columns" in refused.err and f"{history}:1:" in refused.err
    assert history.read_text(encoding="utf-8") == before


def test_the_markdown_says_who_won_and_which_tie_break_decided_p29(cli, quick):
    md = cli("game", "export", "quick", "--format", "md").out
    assert md.splitlines()[0] == "# quick (Forum Trajanum, 2026-11-20)"
    assert md.rstrip().splitlines()[-1] == ("Bob wins with 9 points (tie on points and active citizens, "
                                            "decided by the second tie-break: most resources left).")
    german = cli("--lang", "de", "game", "export", "quick", "--format", "md").out
    assert german.rstrip().splitlines()[-1].startswith("Bob gewinnt mit 9 Punkten (")


def test_the_markdown_of_a_trajan_game_says_what_the_senate_decided_s9(cli):
    result, _, _ = play(replace(trajan_game(), created="2026-11-21T12:00:00+00:00"),
                        Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    store.save_game(result.game)
    last = cli("game", "export", "t", "--format", "md").out.rstrip().splitlines()[-1]
    assert last.startswith("Ann wins with 79 points (") and "senate" in last


def test_the_markdown_of_a_game_in_progress_names_no_winner(cli):
    assert cli("game", "new", "fri", "-p", "Ann", "-p", "Bob").code == 0
    md = cli("game", "export", "fri", "--format", "md").out
    assert md.rstrip().splitlines()[-1] == "Not finished yet: no winner so far."


@pytest.mark.parametrize("fmt", ["csv", "md", "json", "bgstats"])
def test_an_existing_file_is_replaced_only_with_force(cli, quick, tmp_path, fmt):
    target = tmp_path / f"quick.{fmt}"
    target.write_text("the group's notes\n", encoding="utf-8")
    refused = cli("game", "export", "quick", "-f", fmt, "-o", target)
    assert refused.code == 2 and refused.out == "" and "--force" in refused.err
    assert str(target) in refused.err and len(refused.problems) == 1
    assert target.read_text(encoding="utf-8") == "the group's notes\n"
    forced = cli("game", "export", "quick", "-f", fmt, "-o", target, "--force")
    assert forced.code == 0 and "Wrote" in forced.out
    assert target.read_text(encoding="utf-8") == cli("game", "export", "quick", "-f", fmt).out


def test_a_new_file_needs_no_force(cli, quick, tmp_path):
    target = tmp_path / "new.csv"
    assert cli("game", "export", "quick", "-o", target).code == 0
    assert target.read_text(encoding="utf-8") == cli("game", "export", "quick").out


@pytest.mark.parametrize("args, words", [
    (("--append",), "-o FILE"),
    (("--force",), "-o FILE"),
    (("-f", "md", "-o", "x.md", "--append"), "--format csv"),
    (("-o", "x.csv", "--append", "--force"), "choose one"),
])
def test_append_and_force_are_checked_before_anything_is_written(cli, quick, tmp_path, monkeypatch, args, words):
    monkeypatch.chdir(tmp_path)
    result = cli("game", "export", "quick", *args)
    assert result.code == 2 and words in result.err and result.out == ""
    assert list(tmp_path.glob("x.*")) == []


def test_rows_are_added_after_a_last_line_without_its_line_break(cli, quick, tmp_path):
    """A history edited by hand (a spreadsheet may save it without the last line break):
    the game's rows start on a line of their own, and what the file held stays as it was."""
    history = tmp_path / "history.csv"
    assert cli("game", "export", "quick", "-o", history).code == 0
    kept = history.read_text(encoding="utf-8").replace("quick", "earlier").rstrip("\n")
    history.write_text(kept, encoding="utf-8")
    assert cli("game", "export", "quick", "-o", history, "--append").code == 0
    text = history.read_text(encoding="utf-8")
    assert text.startswith(kept + "\n")
    assert [r["game"] for r in rows_of(text)] == ["earlier"] * 3 + ["quick"] * 3


def test_a_history_that_is_not_text_is_refused_in_a_line(cli, quick, tmp_path):
    history = tmp_path / "history.csv"
    history.write_bytes(b"\xff\xfe\x00binary")
    result = cli("game", "export", "quick", "-o", history, "--append")
    assert result.code == 2 and "UTF-8" in result.err and history.read_bytes() == b"\xff\xfe\x00binary"
