"""`trajan stats`: a group's history over its saved games, on a folder of golden games whose
figures were worked out by hand (tests/records/golden-*.txt, see test_golden_games.py) and a
Trajan (2011) game (helpers/classic_game.py).

The folder: one group (Ann, Bob, Cleo, Dora) playing four evenings of Forum Trajanum, each
a golden record with its players renamed, plus a Trajan game, a game not finished and a
damaged file:

    jan-05  golden-2p  Livia -> Ann, Marcus -> Bob                 Ann 94 wins, Bob 69
    jan-12  golden-3p  as written                                  Ann 84, Bob 84 wins (resources
                                                                   left, p. 29), Cleo 69
    jan-19  golden-4p  Dora -> Ann, Emil -> Bob, Fay -> Cleo,      Ann 83 wins, Bob 64, Cleo 74,
                       Gus -> Dora                                 Dora 72
    jan-26  golden-2p  Livia -> Ann, Marcus -> Cleo                Ann 94 wins, Cleo 69
    feb-02  Trajan (2011), Ann and Bob                             Ann 79 wins on the senate (S. 9),
                                                                   Bob 79
    open    Ann and Bob, not finished;  broken: a line that does not read

Worked out by hand from those (the categories summed over the cycles of the "# expect"
lines of each record):

    Forum Trajanum  games wins best average  streak  play  cranes colonia eagles area  trajan
    Ann               4    3   94  355/4=88.75   2   61/4  30/4   109/4   42/4  33/4  80/4
    Bob               3    1   84  217/3=72.33   1   29/3  21/3    53/3   32/3  40/3  42/3
    Cleo              3    0   74  212/3=70.67   0   29/3  23/3    51/3   41/3  38/3  30/3
    Dora              1    0   72      72        0      5    10      18     15     9    15
    the table (11 seats): 856/11; play 124, cranes 84, colonia 231, eagles 130, area 120,
    trajan 167 (each /11)
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trajan_cli.games import store

from helpers.board_table_game import run_in_process as run
from helpers.classic_game import FINAL_ANN, FINAL_BOB, Q1, Q2, Q3, Q4, trajan_game
from helpers.golden import record_lines
from helpers.walkthrough import play

RECORDS = Path(__file__).parent / "records"

#: (game, record, renaming, created)
EVENINGS = [
    ("jan-05", "golden-2p", {"Livia": "Ann", "Marcus": "Bob"}, "2026-01-05T18:00:00+00:00"),
    ("jan-12", "golden-3p", {}, "2026-01-12T18:00:00+00:00"),
    ("jan-19", "golden-4p", {"Dora": "Ann", "Emil": "Bob", "Fay": "Cleo", "Gus": "Dora"}, "2026-01-19T18:00:00+00:00"),
    ("jan-26", "golden-2p", {"Livia": "Ann", "Marcus": "Cleo"}, "2026-01-26T18:00:00+00:00"),
]
TRAJAN_CREATED = "2026-02-02T18:00:00+00:00"


def renamed(text: str, names: dict[str, str]) -> str:
    if not names:
        return text
    return re.sub(r"\b(" + "|".join(map(re.escape, names)) + r")\b", lambda m: names[m.group(1)], text)


def trajan(*args: str) -> str:
    code, out = run(*args)
    assert code == 0, f"trajan {' '.join(args)}: {out}"
    return out


def set_created(name: str, created: str) -> None:
    """As if the game had been started then: its record's creation line."""
    path = store.game_path(name)
    text = path.read_text(encoding="utf-8")
    path.write_text(re.sub(r"(?m)^# created .*$", f"# created {created}", text), encoding="utf-8")


@pytest.fixture(scope="module")
def history(tmp_path_factory):
    """The group's folder, played once for the module."""
    folder = tmp_path_factory.mktemp("history")
    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TRAJAN_HOME", str(folder / "home"))
        patch.setenv("TZ", "UTC")  # the dates as the creation lines say them
        import time

        time.tzset()
        for name, record, names, created in EVENINGS:
            text = renamed((RECORDS / f"{record}.txt").read_text(encoding="utf-8"), names)
            new = next(line for line in text.splitlines() if line.startswith("# trajan game new "))
            import shlex

            trajan("game", "new", name, *shlex.split(new)[5:])
            lines = folder / f"{name}.txt"
            lines.write_text("\n".join(renamed(line, {}) for line in text.splitlines()
                                       if line.strip() and not line.lstrip().startswith("#")) + "\n",
                             encoding="utf-8")
            trajan("turn", name, "--file", str(lines))
            set_created(name, created)
        result, _, _ = play(trajan_game(name="feb-02", created=TRAJAN_CREATED),
                            Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
        store.save_game(result.game)
        trajan("game", "new", "open", "-p", "Ann", "-p", "Bob")
        store.game_path("broken").write_text("# trajan game new broken --player Ann --player Bob\n"
                                             "Ann: take Z9\n", encoding="utf-8")
        yield folder
    time.tzset()


def test_the_renamed_records_are_the_golden_games(history):
    """The folder holds what the golden records say, under the group's names: the
    standings of each evening are the hand-worked ones."""
    import json

    shown = {name: json.loads(trajan("game", "show", name, "--json")) for name, *_ in EVENINGS}
    assert {p["name"]: p["total"] for p in shown["jan-05"]["players"]} == {"Ann": 94, "Bob": 69}
    assert {p["name"]: p["total"] for p in shown["jan-12"]["players"]} == {"Ann": 84, "Bob": 84, "Cleo": 69}
    assert {p["name"]: p["total"] for p in shown["jan-19"]["players"]} == {"Ann": 83, "Bob": 64, "Cleo": 74,
                                                                           "Dora": 72}
    assert {p["name"]: p["total"] for p in shown["jan-26"]["players"]} == {"Ann": 94, "Cleo": 69}
    assert [(s["winners"], s["decided_by"]) for s in shown.values()] == [
        (["Ann"], "points"), (["Bob"], "resources_left"), (["Ann"], "points"), (["Ann"], "points")]
    assert [line for line in trajan("game", "log", "jan-12").splitlines() if not line.startswith("#")] == \
        record_lines(RECORDS / "golden-3p.txt")


def stats(*args: str) -> dict:
    import json

    return json.loads(trajan("stats", "--json", *args))


def figures(answer: dict, variant: str = "forum-trajanum") -> dict:
    [game] = [g for g in answer["games"] if g["variant"] == variant]
    return {p["name"]: p for p in game["players"]}


def test_every_finished_game_counts_with_the_hand_worked_figures(history):
    answer = stats()
    assert [g["variant"] for g in answer["games"]] == ["forum-trajanum", "trajan"]
    [ft, classic] = answer["games"]
    assert (ft["played"], ft["first"], ft["last"]) == (4, "2026-01-05", "2026-01-26")
    assert ft["names"] == ["jan-05", "jan-12", "jan-19", "jan-26"]  # oldest first
    players = figures(answer)
    assert list(players) == ["Ann", "Bob", "Dora", "Cleo"]  # most wins, then best average (72 > 70.67)
    row = {name: (p["games"], p["wins"], p["best"], p["average"], p["longest_streak"]) for name, p in players.items()}
    assert row == {"Ann": (4, 3, 94, 88.75, 2), "Bob": (3, 1, 84, 72.33, 1), "Cleo": (3, 0, 74, 70.67, 0),
                   "Dora": (1, 0, 72, 72.0, 0)}
    assert players["Ann"]["scores"] == [94, 84, 83, 94] and players["Bob"]["scores"] == [69, 84, 64]
    assert players["Ann"]["categories"] == {"play": 15.25, "cranes": 7.5, "colonia": 27.25, "eagles": 10.5,
                                            "area": 8.25, "trajan": 20.0}
    assert players["Bob"]["categories"] == {"play": 9.67, "cranes": 7.0, "colonia": 17.67, "eagles": 10.67,
                                            "area": 13.33, "trajan": 14.0}
    assert players["Cleo"]["categories"] == {"play": 9.67, "cranes": 7.67, "colonia": 17.0, "eagles": 13.67,
                                             "area": 12.67, "trajan": 10.0}
    assert players["Dora"]["categories"] == {"play": 5.0, "cranes": 10.0, "colonia": 18.0, "eagles": 15.0,
                                             "area": 9.0, "trajan": 15.0}
    assert ft["table"] == {"average": 77.82, "categories": {"play": 11.27, "cranes": 7.64, "colonia": 21.0,
                                                            "eagles": 11.82, "area": 10.91, "trajan": 15.18}}
    assert answer["left_out"]["unfinished"] == ["open"]
    assert [d["name"] for d in answer["left_out"]["damaged"]] == ["broken"]
    assert "line 2" in answer["left_out"]["damaged"][0]["problem"]


def test_trajan_2011_counts_apart_with_its_own_categories_s9(history):
    """Level on 79 points, Ann wins on the senate (S. 9): a win for her, none for Bob.
    Demands: Ann -4 (quarter I), Bob -9 and -4 (quarters I and II); the final scoring
    gives Ann 9 one-pointers, 20 for sets, 10 for bonus tiles, Bob 0, 20, 19."""
    players = figures(stats(), "trajan")
    assert {n: (p["games"], p["wins"], p["best"], p["longest_streak"]) for n, p in players.items()} == {
        "Ann": (1, 1, 79, 1), "Bob": (1, 0, 79, 0)}
    assert players["Ann"]["categories"] == {"play": 44.0, "demands": -4.0, "remaining": 9.0, "sets": 20.0,
                                            "bonus": 10.0}
    assert players["Bob"]["categories"] == {"play": 53.0, "demands": -13.0, "remaining": 0.0, "sets": 20.0,
                                            "bonus": 19.0}


def test_games_with_a_player(history):
    """-p Cleo: the evenings of 12, 19 and 26 January. Ann 84, 83 (wins), 94 (wins): two
    wins in a row; Bob 84 (wins), 64; no Trajan game (Cleo did not play it)."""
    answer = stats("-p", "cleo")  # any case
    assert [g["variant"] for g in answer["games"]] == ["forum-trajanum"]
    assert answer["games"][0]["names"] == ["jan-12", "jan-19", "jan-26"]
    players = figures(answer)
    assert {n: (p["games"], p["wins"], p["average"], p["longest_streak"]) for n, p in players.items()} == {
        "Ann": (3, 2, 87.0, 2), "Bob": (2, 1, 74.0, 1), "Cleo": (3, 0, 70.67, 0), "Dora": (1, 0, 72.0, 0)}
    assert answer["filters"]["players"] == ["cleo"]


def test_games_of_exactly_a_set_of_players(history):
    """Ann and Bob alone: the first evening and the Trajan game."""
    answer = stats("-p", "Ann", "-p", "Bob", "--exact")
    assert [(g["variant"], g["names"]) for g in answer["games"]] == [("forum-trajanum", ["jan-05"]),
                                                                      ("trajan", ["feb-02"])]
    assert {n: p["wins"] for n, p in figures(answer).items()} == {"Ann": 1, "Bob": 0}


def test_games_between_two_dates_both_included(history):
    answer = stats("--since", "2026-01-12", "--until", "2026-01-19")
    assert [g["names"] for g in answer["games"]] == [["jan-12", "jan-19"]]
    assert {n: (p["games"], p["wins"]) for n, p in figures(answer).items()} == {
        "Ann": (2, 1), "Bob": (2, 1), "Cleo": (2, 0), "Dora": (1, 0)}
    assert [g["names"] for g in stats("--since", "2026-02-01")["games"]] == [["feb-02"]]
    assert stats("--until", "2026-01-04")["games"] == []


def test_one_game_only(history):
    assert [g["variant"] for g in stats("--variant", "trajan")["games"]] == ["trajan"]


def test_the_report_shows_the_figures_and_the_charts(history, monkeypatch):
    monkeypatch.setenv("NO_COLOR", "1")
    monkeypatch.setenv("COLUMNS", "80")
    out = trajan("stats")
    assert "\x1b" not in out
    assert all(len(line) <= 80 for line in out.splitlines())
    assert "Forum Trajanum: 4 games from 2026-01-05 to 2026-01-26" in out
    assert "Trajan: 1 game on 2026-02-02" in out
    first = next(line.split() for line in out.splitlines() if line.split()[:1] == ["Ann"])
    assert first == ["Ann", "4", "3", "94", "88.8", "2"]  # the first table: games, wins, best...
    assert "Left out, not finished: open" in out and "Left out, damaged: broken" in out
    # Where Ann wins and loses points: colonia 27.25 against 21.00 (+6.2: the longest bar
    # to the right), cranes 7.50 against 7.64 (-0.1).
    chart = out[out.index("Where the points"):]
    ann = chart[chart.index("\nAnn\n") + 5:].splitlines()[:6]
    assert ann[2].split()[:2] == ["Colonia", "+6.2"] and "\u2502\u2588" in ann[2]
    assert ann[1].split()[:2] == ["Cranes", "-0.1"]
    scores = out[out.index("Scores game by game"):]
    assert "(from 64 to 94 points)" in scores.splitlines()[0]
    assert re.search(r"\n  Ann +\S{4}  83-94\n", scores)


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
@pytest.mark.parametrize("columns", ["80", "60"])
def test_the_report_fits_the_terminal_in_every_language(history, monkeypatch, lang, columns):
    monkeypatch.setenv("COLUMNS", columns)
    out = trajan("--lang", lang, "stats")
    assert max(len(line) for line in out.splitlines()) <= int(columns), out


def test_a_player_nobody_played_with_is_named(history):
    code, out = run("stats", "-p", "Anm")
    assert code == 2 and "did you mean 'Ann'?" in out and "Ann, Bob, Cleo, Dora" in out


@pytest.mark.parametrize("args, words", [
    (("--since", "12.01.2026"), "YYYY-MM-DD"),
    (("--since", "2026-02-01", "--until", "2026-01-01"), "after"),
    (("--exact",), "--player"),
    (("--variant", "chess"), "forum-trajanum"),
])
def test_options_that_do_not_read_are_refused(history, args, words):
    code, out = run("stats", *args)
    assert code == 2 and words in out and "Traceback" not in out


def test_no_saved_game(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "empty"))
    code, out = run("stats")
    assert code == 0 and "No finished game matches." in out
    assert stats()["games"] == []


# --- The figures and the charts, on the library (core/history.py, render/stats.py) -------

from trajan_cli.core.history import Filters, Played, played, player_key, selected, summaries  # noqa: E402
from trajan_cli.render.stats import FULL, HALF_LEFT, HALF_RIGHT, LEVELS, bars, level  # noqa: E402


def evening(name: str, created: str, totals: dict[str, int], winners: tuple[str, ...], variant="forum-trajanum"):
    categories = {p: {"colonia": points} for p, points in totals.items()}
    return Played(name, variant, created, created[:10], tuple(totals), totals, categories, winners)


def test_a_shared_victory_is_a_win_for_each_player_sharing_it_p29():
    """Level on points, active citizens and resources left, the victory is shared (p. 29)."""
    [summary] = summaries([evening("g", "2026-01-05T18:00:00+00:00", {"Ann": 60, "Bob": 60, "Cy": 50},
                                   ("Ann", "Bob"))])
    assert {f.name: f.wins for f in summary.players} == {"Ann": 1, "Bob": 1, "Cy": 0}


def test_a_streak_counts_the_games_a_player_played_in_the_order_they_were_started():
    """Bob wins on the 5th and the 19th and misses the 12th: two in a row. The games are
    given out of order; their start times order them."""
    games = [
        evening("c", "2026-01-19T18:00:00+00:00", {"Ann": 40, "Bob": 50}, ("Bob",)),
        evening("a", "2026-01-05T18:00:00+00:00", {"Ann": 40, "Bob": 50}, ("Bob",)),
        evening("b", "2026-01-12T18:00:00+00:00", {"Ann": 40, "Cy": 50}, ("Cy",)),
        evening("d", "2026-01-26T18:00:00+00:00", {"Ann": 60, "Bob": 50}, ("Ann",)),
    ]
    [summary] = summaries(games)
    assert [g.name for g in summary.games] == ["a", "b", "c", "d"]
    streaks = {f.name: (f.longest_streak, f.scores) for f in summary.players}
    assert streaks == {"Bob": (2, (50, 50, 50)), "Ann": (1, (40, 40, 40, 60)), "Cy": (1, (50,))}


def test_a_player_is_one_player_in_any_case_and_width_shown_as_last_spelt():
    games = [evening("a", "2026-01-05T18:00:00+00:00", {"ann": 40, "Bob": 50}, ("Bob",)),
             evening("b", "2026-01-12T18:00:00+00:00", {"Ａｎｎ": 70, "Bob": 50}, ("Ａｎｎ",)),
             evening("c", "2026-01-19T18:00:00+00:00", {"Ann": 60, "Bob": 50}, ("Ann",))]
    [summary] = summaries(games)
    assert {f.name: (f.games, f.wins, f.longest_streak) for f in summary.players} == {
        "Ann": (3, 2, 2), "Bob": (3, 1, 1)}
    assert player_key("Ａｎｎ") == player_key("ANN") == "ann"
    assert [g.name for g in selected(games, Filters(players=("ANN",)))] == ["a", "b", "c"]


def test_filters_exact_players_and_dates_both_included():
    games = [evening("a", "2026-01-05T18:00:00+00:00", {"Ann": 40, "Bob": 50}, ("Bob",)),
             evening("b", "2026-01-12T18:00:00+00:00", {"Ann": 40, "Bob": 50, "Cy": 1}, ("Bob",)),
             evening("t", "2026-01-19T18:00:00+00:00", {"Ann": 40, "Bob": 50}, ("Bob",), "trajan"),
             Played("old", "forum-trajanum", "", "", ("Ann", "Bob"), {"Ann": 1, "Bob": 2}, {}, ("Bob",))]

    def names(**filters):
        return [g.name for g in selected(games, Filters(**filters))]

    assert names() == ["old", "a", "b", "t"]  # a game of unknown date first
    assert names(players=("Ann", "Bob")) == ["old", "a", "b", "t"]
    assert names(players=("Ann", "Bob"), exact=True) == ["old", "a", "t"]
    assert names(since="2026-01-12") == ["b", "t"] and names(until="2026-01-12") == ["a", "b"]
    assert names(since="2026-01-12", until="2026-01-12") == ["b"]
    assert names(variant="trajan") == ["t"]


def test_an_unfinished_game_is_not_counted():
    from trajan_cli.core.game import Game
    from trajan_cli.core.standings import NextQuestion, Standings, rank_players
    from trajan_cli.core.vocabulary import Cycle, Step

    game = Game(name="g", players=("Ann", "Bob"), start_player="Ann", created="2026-01-05T18:00:00+00:00")
    going = Standings({"Ann": 5, "Bob": 3}, {}, 4, NextQuestion(Cycle.I, Step.CRANES, "Ann"), None)
    assert played("g", game, going, "2026-01-05") is None
    over = Standings({"Ann": 5, "Bob": 3}, {}, 40, None, rank_players({"Ann": 5, "Bob": 3}, {}, {}))
    counted = played("g", game, over, "2026-01-05")
    assert counted is not None and counted.winners == ("Ann",) and counted.totals == {"Ann": 5, "Bob": 3}


def test_bars_grow_by_half_cells_left_for_fewer_right_for_more():
    assert bars(10.0, 10.0, 4) == ("", FULL * 4)  # the largest fills the half
    assert bars(-10.0, 10.0, 4) == (FULL * 4, "")
    assert bars(6.25, 10.0, 4) == ("", FULL * 2 + HALF_RIGHT)  # 5 half cells of 8
    assert bars(-6.25, 10.0, 4) == (HALF_LEFT + FULL * 2, "")  # the half block at the outer end
    assert bars(0.4, 10.0, 4) == ("", "") and bars(3.0, 0.0, 4) == ("", "")


def test_score_marks_run_from_the_lowest_to_the_highest():
    assert [level(s, 60, 95) for s in (60, 95)] == [LEVELS[0], LEVELS[-1]]
    assert level(70, 70, 70) == LEVELS[len(LEVELS) // 2]  # one score: the middle
    assert [level(s, 0, 7) for s in range(8)] == list(LEVELS)


def test_stats_loads_no_replay_and_no_table_library_when_the_snapshots_fit(history):
    """Start-up: once each game's snapshot is written, `trajan stats --json` replays
    nothing (no referee, no scoring steps) and loads no prompt or table library; the
    readable report loads the table library only."""
    from helpers.light_imports import HEAVY, modules_after

    trajan("stats")  # writes the snapshots of games replayed for the first time
    replay = ("trajan_cli.core.state", "trajan_cli.core.scoring_phase.engine", "trajan_cli.core.turns.referee",
              "trajan_cli.core.classic.scoring", "segno")
    assert modules_after((*HEAVY, *replay), ["stats", "--json"]) == []
    assert modules_after((*HEAVY, *replay), ["stats"]) == ["tabulate"]
