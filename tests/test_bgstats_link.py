"""`trajan game export NAME --format bgstats-link [--qr]`: the finished play handed to the
BG Stats app through its documented link (issue 22)."""

from __future__ import annotations

import json
import re
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

import board_table_game as table
from board_table_game import run_in_process as run
from trajan_cli.core.game import Game
from trajan_cli.core.standings import rank_players
from trajan_cli.render.export import BGSTATS_PLAY_LINK, bgstats_play, to_bgstats_link
from trajan_cli.render.qr import qr_lines


@pytest.fixture(scope="module")
def finished(tmp_path_factory):
    with table.played_in(tmp_path_factory.mktemp("bgstats")):
        yield


def decoded(link: str) -> dict:
    parts = urlsplit(link.strip())
    assert f"{parts.scheme}://{parts.netloc}{parts.path}?data=" == BGSTATS_PLAY_LINK
    (data,) = parse_qs(parts.query, strict_parsing=True)["data"]
    return json.loads(data)


def test_the_link_decodes_to_the_documented_play(finished):
    code, out = run("game", "export", table.GAME, "--format", "bgstats-link")
    assert code == 0, out
    assert out.count("\n") == 1 and " " not in out.strip()  # one link, nothing to unwrap
    play = decoded(out)
    assert play["game"]["name"] == "Forum Trajanum" and play["game"]["highestWins"] is True
    assert play["sourceName"] == "trajan" and play["sourcePlayId"]
    assert len(play["playDate"]) == 19 and play["playDate"][10] == " "  # yyyy-MM-dd HH:mm:ss
    players = {p["name"]: p for p in play["players"]}
    assert list(players) == list(table.PLAYERS)  # seating order
    expected = {name: table.golden_total(name, 3) for name in table.PLAYERS}
    assert {n: p["score"] for n, p in players.items()} == expected == table.RUNNING[3]
    by_points = sorted(expected, key=lambda n: -expected[n])  # no tie in this game
    assert {n: p["rank"] for n, p in players.items()} == {n: by_points.index(n) + 1 for n in by_points}
    assert {n: p["winner"] for n, p in players.items()} == {n: n == table.WINNER for n in table.PLAYERS}
    assert {n: p["startPlayer"] for n, p in players.items()} == {"Ann": True, "Bob": False, "Cleo": False}
    # The same game gives the same link: opened twice, it is one play in the app.
    assert run("game", "export", table.GAME, "--format", "bgstats-link")[1] == out


def test_the_qr_code_draws_the_link(finished):
    code, out = run("game", "export", table.GAME, "--format", "bgstats-link", "--qr")
    assert code == 0, out
    link = next(line for line in out.splitlines() if line.startswith("https://"))
    assert decoded(link)["players"][0]["name"] == "Ann"
    drawn = [line for line in out.splitlines() if line and set(line) <= set(" ▀▄█")]
    plain = [re.sub(r"\x1b\[[0-9;]*m", "", line) for line in qr_lines(link)]  # no colour in a pipe
    assert drawn == plain and len(plain) > 20


def test_qr_modules_are_the_codes_own():
    """Each character holds two modules, one above the other; dark ones are left blank."""
    import segno

    code = segno.make("https://example.com/p?data=1", error="l", micro=False, boost_error=False)
    lines = [line.removeprefix("\x1b[97;40m").removesuffix("\x1b[0m") for line in qr_lines("https://example.com/p?data=1")]
    quiet = 2
    for r, row in enumerate(code.matrix):
        line = lines[(r + quiet) // 2]
        for c, dark in enumerate(row):
            char = line[c + quiet]
            upper = (r + quiet) % 2 == 0
            light_here = char == "█" or char == ("▀" if upper else "▄")
            assert light_here == (not dark), (r, c, char)


def test_a_game_not_finished_is_refused(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    assert cli("game", "new", "fri", "-p", "Ann", "-p", "Bob").code == 0
    result = cli("game", "export", "fri", "--format", "bgstats-link")
    assert result.code == 2 and "not finished" in result.err and result.out == ""


def test_qr_only_with_the_link(cli, tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    assert cli("game", "new", "fri", "-p", "Ann", "-p", "Bob").code == 0
    result = cli("game", "export", "fri", "--format", "csv", "--qr")
    assert result.code == 2 and "bgstats-link" in result.err


class Finished:
    """The little of a game's standings the link reads: totals and the ranking."""

    def __init__(self, points, citizens, resources):
        self._points = points
        self.ranking = rank_players(points, citizens, resources)

    def totals(self):
        return dict(self._points)


def test_a_shared_victory_gives_both_rank_1_and_the_winner_flag():
    game = Game(name="tie", players=("Ann", "Bob", "Cleo"), start_player="Bob",
                created="2026-11-20T19:05:00+00:00")
    standings = Finished({"Ann": 60, "Bob": 60, "Cleo": 50}, {"Ann": 2, "Bob": 2, "Cleo": 1},
                         {"Ann": 3, "Bob": 3, "Cleo": 0})
    play = bgstats_play(game, standings)
    assert [(p["rank"], p["winner"], p["startPlayer"]) for p in play["players"]] == [
        (1, True, False), (1, True, True), (3, False, False)]
    assert play["playDate"] == "2026-11-20 19:05:00"
    assert decoded(to_bgstats_link(game, standings)) == play


def test_names_with_any_character_survive_the_link():
    names = ("Zoë & Léa", "O'Brien", "50% #1", "李雷")
    game = Game(name="odd", players=names, start_player=names[0], created="2026-11-20T20:05:00+01:00")
    standings = Finished(dict(zip(names, (10, 20, 30, 40))), {n: 0 for n in names}, {n: 0 for n in names})
    link = to_bgstats_link(game, standings).strip()
    assert all(ord(ch) < 128 and not ch.isspace() for ch in link)
    assert [p["name"] for p in decoded(link)["players"]] == list(names)
    assert json.loads(unquote(link.split("?data=", 1)[1]))["playDate"] == "2026-11-20 19:05:00"
