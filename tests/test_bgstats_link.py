"""`trajan game export NAME --format bgstats-link [--qr]` and `--format bgstats`: the
finished play handed to the BG Stats app, through its documented link or its import file:
the game with its BoardGameGeek id, the play's length, location and comment, the players'
scores; one rule for an unfinished game; a QR code with the standard's quiet zone."""

from __future__ import annotations

import json
import os
import re
from urllib.parse import parse_qs, unquote, urlsplit

import pytest

from trajan_cli.core.game import TRAJAN, Game
from trajan_cli.core.standings import rank_players
from trajan_cli.games import store
from trajan_cli.render.export import (
    BGSTATS_PLAY_LINK,
    PlayDetails,
    bgstats_play,
    recorded_minutes,
    to_bgstats,
    to_bgstats_link,
)
from trajan_cli.render.qr import QUIET_ZONE, qr_lines

from helpers import board_table_game as table
from helpers.board_table_game import run_in_process as run


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
    assert play["game"]["bggId"] == 244049  # boardgamegeek.com/boardgame/244049: the app matches by it
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
    quiet = QUIET_ZONE
    for r, row in enumerate(code.matrix):
        line = lines[(r + quiet) // 2]
        for c, dark in enumerate(row):
            char = line[c + quiet]
            upper = (r + quiet) % 2 == 0
            light_here = char == "█" or char == ("▀" if upper else "▄")
            assert light_here == (not dark), (r, c, char)


def test_the_quiet_zone_is_four_modules_on_every_side():
    """ISO/IEC 18004 asks for 4 light modules around the code; each character is one module
    wide and two high, so: 4 light columns left and right, 2 light lines above and below
    (a code has an odd number of rows: its last one shares a line with the zone's first)."""
    assert QUIET_ZONE == 4
    lines = [line.removeprefix("\x1b[97;40m").removesuffix("\x1b[0m") for line in qr_lines("https://example.com/")]
    light = "█" * len(lines[0])
    assert lines[0] == lines[1] == lines[-2] == lines[-1] == light and lines[2] != light
    for line in lines:
        assert line[:4] == line[-4:] == "████", line
    # The code's own first and last columns hold its finder patterns: dark next to the zone.
    assert lines[2][4] != "█" and lines[2][-5] != "█"


def test_a_link_too_long_for_a_qr_code_is_refused_in_a_line(finished):
    code, out = run("game", "export", table.GAME, "--format", "bgstats-link", "--qr", "--comments", "x" * 3000)
    assert code == 2 and "more than a QR code holds" in out and "Traceback" not in out


@pytest.mark.parametrize("fmt", ["bgstats", "bgstats-link"])
def test_both_bg_stats_formats_refuse_a_game_not_finished_alike(cli, tmp_path, monkeypatch, fmt):
    """BG Stats records finished plays: the import file and the link follow one rule."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    assert cli("game", "new", "fri", "-p", "Ann", "-p", "Bob").code == 0
    result = cli("game", "export", "fri", "--format", fmt)
    assert result.code == 2 and "not finished" in result.err and result.out == ""
    assert cli("game", "export", "fri", "--format", "json").code == 0  # what the refusal offers


def test_both_bg_stats_formats_carry_the_same_play(finished):
    """The file and the link of one game: the same game (BoardGameGeek id), date, length,
    location, comment and scores."""
    options = ("--duration", "95", "--location", "Ann's kitchen", "--comments", "First game with the card III-4")
    code, link = run("game", "export", table.GAME, "--format", "bgstats-link", *options)
    assert code == 0, link
    code, text = run("game", "export", table.GAME, "--format", "bgstats", *options)
    assert code == 0, text
    play, data = decoded(link), json.loads(text)
    [game], [location], [kept] = data["games"], data["locations"], data["plays"]
    assert game["bggId"] == play["game"]["bggId"] == 244049 and game["highestWins"] is True
    assert kept["gameRefId"] == game["id"] and kept["locationRefId"] == location["id"]
    assert location["name"] == play["location"] == "Ann's kitchen"
    assert kept["comments"] == play["comments"] == "First game with the card III-4"
    assert kept["durationMin"] == play["durationMin"] == 95
    assert kept["playDate"] == play["playDate"]
    names = {p["id"]: p["name"] for p in data["players"]}
    assert {names[s["playerRefId"]]: int(s["score"]) for s in kept["playerScores"]} == \
        {p["name"]: p["score"] for p in play["players"]} == table.RUNNING[3]


def created_of(game: str) -> float:
    from datetime import datetime

    return datetime.fromisoformat(store.load(game).game.created).timestamp()


def test_the_play_lasts_from_the_game_s_creation_to_its_last_recorded_line(finished):
    """The record keeps when the game was created; its file's last change is when its last
    line was recorded. 95 minutes between them is a play of 95 minutes; the file's time
    is set here as an evening would have left it."""
    path = store.load(table.GAME).path
    before = path.stat()
    try:
        os.utime(path, (before.st_atime, created_of(table.GAME) + 95 * 60 + 20))
        assert decoded(run("game", "export", table.GAME, "-f", "bgstats-link")[1])["durationMin"] == 95
        assert json.loads(run("game", "export", table.GAME, "-f", "bgstats")[1])["plays"][0]["durationMin"] == 95
        # Given, it wins; 0 leaves it out.
        assert decoded(run("game", "export", table.GAME, "-f", "bgstats-link", "--duration", "80")[1])[
            "durationMin"] == 80
        assert "durationMin" not in decoded(run("game", "export", table.GAME, "-f", "bgstats-link",
                                                "--duration", "0")[1])
        # Typed in afterwards in one go (a minute), or a file changed a day later: not a
        # play's length, left out rather than made up.
        for minutes in (1, 24 * 60):
            os.utime(path, (before.st_atime, created_of(table.GAME) + minutes * 60))
            assert "durationMin" not in decoded(run("game", "export", table.GAME, "-f", "bgstats-link")[1])
            assert "durationMin" not in json.loads(run("game", "export", table.GAME, "-f", "bgstats")[1])["plays"][0]
    finally:
        os.utime(path, ns=(before.st_atime_ns, before.st_mtime_ns))


def test_recorded_minutes_are_whole_minutes_between_10_minutes_and_12_hours():
    start = "2026-11-20T19:05:00+00:00"
    at = 1795201500.0  # 2026-11-20 19:05:00 UTC
    assert recorded_minutes(start, at + 95 * 60 + 29) == 95
    assert recorded_minutes(start, at + 95 * 60 + 31) == 96
    assert recorded_minutes(start, at + 10 * 60) == 10 and recorded_minutes(start, at + 9 * 60) is None
    assert recorded_minutes(start, at + 12 * 3600) == 720 and recorded_minutes(start, at + 12 * 3600 + 60) is None
    assert recorded_minutes(start, at - 3600) is None  # a file older than its game: copied
    assert recorded_minutes("2026-11-20T20:05:00+01:00", at + 3600) == 60  # offsets count
    assert recorded_minutes("", at) is None and recorded_minutes("2026-11-20T19:05:00", at) is None


def test_location_comments_and_duration_belong_to_the_bg_stats_formats(finished):
    for option, value in (("--location", "home"), ("--comments", "fun"), ("--duration", "90")):
        code, out = run("game", "export", table.GAME, "-f", "csv", option, value)
        assert code == 2 and option in out and "bgstats" in out, out


def test_a_trajan_2011_play_carries_its_own_boardgamegeek_id():
    game = Game(name="old", players=("Ann", "Bob"), start_player="Ann", variant=TRAJAN,
                created="2026-11-20T19:05:00+00:00")
    standings = Finished({"Ann": 79, "Bob": 70}, {}, {})
    assert bgstats_play(game, standings)["game"] == {"name": "Trajan", "sourceGameId": "trajan",
                                                     "bggId": 102680, "highestWins": True}
    assert json.loads(to_bgstats(game, standings))["games"][0]["bggId"] == 102680


def test_details_left_out_are_not_sent():
    """Without a length, location or comment, the link and the file hold none of those keys
    (the app keeps its own defaults), and no location is listed."""
    game = Game(name="tie", players=("Ann", "Bob"), start_player="Ann", created="2026-11-20T19:05:00+00:00")
    standings = Finished({"Ann": 60, "Bob": 50}, {}, {})
    assert not {"durationMin", "location", "comments"} & set(bgstats_play(game, standings))
    data = json.loads(to_bgstats(game, standings, PlayDetails()))
    assert data["locations"] == [] and not {"durationMin", "locationRefId", "comments"} & set(data["plays"][0])
    assert data["plays"][0]["playDate"] == "2026-11-20 19:05:00"


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
