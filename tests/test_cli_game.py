"""`trajan game new|list|show|undo|export|delete` on saved games."""

import csv
import io
import json

import pytest

from trajan_cli.games import store

from helpers.walkthrough import TOM_QUICK, play, tom_game


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


@pytest.fixture
def finished_tom():
    result, _, _ = play(tom_game(), TOM_QUICK)
    store.save_game(result.game)
    return result


def test_new_game_is_saved(cli, home):
    result = cli("game", "new", "friday", "--player", "Ann", "-p", "Bob", "--cards", "i-1,III-4")
    assert result.code == 0 and (home / "games" / "friday.txt").is_file()
    game = store.load_game("friday")
    assert game.players == ("Ann", "Bob") and game.start_player == "Ann"
    assert [game.cards[c] for c in sorted(game.cards)] == ["I-1", None, "III-4"]


def test_new_game_names_the_table_screen_as_the_next_step(cli, home):
    """A new game's last words name what to run next: `trajan play GAME` (the set-up, then
    the turns and each scoring), and the commands that keep a game without a terminal."""
    result = cli("game", "new", "friday", "--player", "Ann", "-p", "Bob")
    said = " ".join(result.out.split())
    assert result.code == 0
    assert 'Next: trajan play "friday"' in said
    assert 'trajan score --game "friday"' in said
    assert said.index("trajan play") < said.index("trajan score")


def test_new_game_refusals(cli):
    def refused(*args: str) -> str:
        result = cli("game", "new", "g", *args)
        assert result.code == 2 and result.out == "", result.out
        return " ".join(result.err.split())  # wrapped at the terminal's width: read as one

    assert "same name" in refused("-p", "Ann", "-p", "ann")
    assert "two cards for cycle I" in refused("-p", "Ann", "-p", "Bob", "--cards", "I-1,I-2")
    assert "pile III" in refused("-p", "Ann", "-p", "Bob", "--intro", "--cards", "II-1")
    assert "2 to 4 players" in refused("-p", "A", "-p", "B", "-p", "C", "-p", "D", "-p", "E")
    assert "start player" in refused("-p", "Ann", "-p", "Bob", "--start-player", "Zed")
    assert cli("game", "new", "g", "-p", "Ann", "-p", "Bob").code == 0
    assert "exists" in refused("-p", "Ann", "-p", "Bob")


def test_new_without_players_needs_a_terminal(cli):
    result = cli("game", "new", "g")
    assert result.code == 2 and "terminal" in result.err


def test_list_and_show(cli, finished_tom):
    listing = cli("game", "list", "--json").json()
    assert listing["games"][0]["name"] == "tom" and listing["games"][0]["finished"]
    shown = cli("game", "show", "tom", "--json").json()
    assert shown["players"] == [{"name": "Tom", "total": 54, "place": 1, "cycles": {
        "3": {"play": 0, "cranes": 3, "colonia": 22, "eagles": 6, "area": 9, "trajan": 14}}}]
    assert shown["finished"] and shown["winners"] == ["Tom"] and shown["decided_by"] == "points"
    readable = cli("game", "show", "tom")
    assert readable.code == 0 and "Tom wins with 54 points" in readable.out


def test_undo_takes_back_the_last_answer(cli):
    result, _, _ = play(tom_game(), TOM_QUICK[:4])
    store.save_game(result.game)
    undone = cli("game", "undo", "tom")
    assert undone.code == 0 and "coins" in undone.out and "-> 4" in undone.out
    assert len(store.load_game("tom").lines) == 3
    assert cli("game", "show", "tom", "--json").json()["next"]["step"] == "pay"


def test_undo_with_nothing_to_take_back(cli):
    store.save_game(tom_game())
    assert "Nothing to take back" in cli("game", "undo", "tom").out


def test_export_csv(cli, finished_tom):
    rows = list(csv.DictReader(io.StringIO(cli("game", "export", "tom", "--format", "csv").out)))
    assert rows[0]["name"] == "Tom" and rows[0]["total"] == "54" and rows[0]["colonia"] == "22"
    assert rows[0]["place"] == "1"


def test_export_markdown_and_json(cli, finished_tom):
    md = cli("game", "export", "tom", "--format", "md").out
    assert md.startswith("# tom") and "| Tom" in md
    assert json.loads(cli("game", "export", "tom", "-f", "json").out)["players"][0]["total"] == 54


def test_export_bgstats(cli, finished_tom):
    data = json.loads(cli("game", "export", "tom", "--format", "bgstats").out)
    assert data["games"][0]["name"] == "Forum Trajanum"
    [play_] = data["plays"]
    [score] = play_["playerScores"]
    assert (score["score"], score["winner"], score["startPlayer"]) == ("54", True, True)
    assert score["playerRefId"] == data["players"][0]["id"]


def test_export_to_a_file(cli, finished_tom, tmp_path):
    out = tmp_path / "tom.csv"
    assert cli("game", "export", "tom", "-o", out).code == 0 and "54" in out.read_text()


def test_export_format_is_checked(cli, finished_tom):
    assert cli("game", "export", "tom", "--format", "xls").code == 2


def test_damaged_game_is_a_clean_error(cli, home, finished_tom):
    path = home / "games" / "tom.txt"
    text = path.read_text()
    citizens = "score III Tom: pay.citizens = [0, 0, 1, 1, 2, 1]\n"
    assert text.count(citizens) == 1
    path.write_text(text.replace(citizens, 'score III Tom: pay.citizens = "lots"\n'))
    result = cli("game", "show", "tom")
    assert result.code == 2 and "does not replay" in result.err and "Traceback" not in result.err
    assert "tom.txt:5" in result.err  # the file and the line


def test_delete(cli, finished_tom, home):
    assert cli("game", "delete", "tom", "--yes").code == 0
    assert not (home / "games" / "tom.txt").exists()


def test_score_without_a_terminal_says_so(cli, finished_tom):
    result = cli("score", "--game", "tom")
    assert result.code == 2 and "terminal" in result.err
    # and how to go on without one: the answers given ahead (interface.md)
    assert 'trajan score --game "tom" --answers FILE --no-input' in " ".join(result.err.split())


def test_demo_replays_the_rulebook_example_p28(cli, home):
    result = cli("demo")
    assert result.code == 0
    assert "Tom scores 54 points in this phase" in result.out
    assert not (home / "games").exists()  # the demo saves nothing


def test_new_asked_at_the_terminal_asks_again_for_a_single_player(cli, monkeypatch):
    """Issue 22: one name typed is not a game (2 to 4 players, p. 18): it asks again."""
    from trajan_cli.cli import common
    from trajan_cli.ui import choose

    typed = iter(["Ann", "Ann, ann", "Ann, Bob"])
    asked = []
    monkeypatch.setattr(common, "has_terminal", lambda: True)
    monkeypatch.setattr(choose, "ask_text", lambda question: asked.append(question) or next(typed))
    result = cli("game", "new", "fri")
    assert result.code == 0, result.err
    assert len(asked) == 3
    flat = " ".join(result.out.split())
    assert "Forum Trajanum is for 2 to 4 players" in flat and "two players have the same name" in flat
    assert flat.count("Type the names again") == 2
    assert store.load_game("fri").players == ("Ann", "Bob")
