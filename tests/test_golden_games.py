"""Golden records: three whole games kept turn by turn, with totals worked out by hand.

Each file in tests/records/golden-*.txt is a game from set-up to the winner (two, three and
four players), written in the notation `trajan turn --file` reads (interface.md, "The game
as it is played"). Its comments hold the figures worked out by hand from the rulebook, in lines
helpers/golden.py reads (their forms are described there).

The game is recorded with `trajan turn --file`, in parts that stop where a board is
expected; the standings (`trajan game show --json`) must equal the hand-worked figures, and
`trajan game log` must print the file's lines back, comments aside.
"""

from __future__ import annotations

import shlex
from collections import Counter

import pytest

from trajan_cli.parsing.sheet import parse_sheet

from helpers.golden import CATEGORIES, GAMES, expected, held, parts, record_lines


def supply_of(sheet) -> Counter:
    s = sheet.supply
    counts = Counter({"coin": s.coins, "tribune": s.tribunes, "builder": s.builders,
                      "assistant": s.assistants})
    counts.update({f"worker:{colour.letter}": n for colour, n in s.workers.items()})
    return +counts


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


def test_there_are_three_golden_games_for_two_three_and_four_players():
    assert [len([a for a in expected(p).new if a == "--player"]) for p in GAMES] == [2, 3, 4]


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_the_hand_worked_figures_add_up(path):
    """Each cycle's categories make its stated total, and the totals run on (p. 27)."""
    figures = expected(path).scored
    players = {player for _cycle, player in figures}
    for player in players:
        running = 0
        for cycle in "123":
            points, total, stated = figures[cycle, player]
            assert tuple(points) == CATEGORIES
            assert sum(points.values()) == total, (cycle, player)
            running += total
            assert stated == running, (cycle, player)


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_a_golden_game_plays_to_the_hand_worked_standings(cli, write, path):
    """The record plays the whole game: every board where the comments state it, every
    category of every scoring phase, the totals and the winner with its tie-break (p. 29);
    and the file is canonical: `trajan game log` prints its lines back."""
    want = expected(path)
    game = want.new[2]
    assert cli(*want.new).code == 0
    for n, (lines, boards) in enumerate(parts(path)):
        result = cli("turn", game, "--file", write(f"part{n}.txt", "\n".join(lines) + "\n"))
        assert result.code == 0, result.err
        for cycle, player, text in boards:
            sheet = parse_sheet(cli("board", "show", game, "-p", player, "--json").json()["sheet"])
            resources, ship, citizens = held(text)
            assert (supply_of(sheet), sheet.supply.ship) == (resources, ship), (cycle, player)
            assert {row: tuple(s.value for s in states) for row, states in sheet.citizens.items()} \
                == citizens, (cycle, player)
    shown = cli("game", "show", game, "--json").json()
    assert shown["finished"]
    for player in shown["players"]:
        running = 0
        for cycle in "123":
            points, total, stated = want.scored[cycle, player["name"]]
            assert player["cycles"][cycle] == points, (cycle, player["name"])
            running += total
        assert player["total"] == running == stated
    assert (shown["winners"], shown["decided_by"]) == want.winner
    log = cli("game", "log", game).out.splitlines()
    assert [line for line in log if not line.startswith("#")] == record_lines(path)
    assert f"# {shlex.join(['trajan', *want.new])}" in log


@pytest.mark.parametrize("path", GAMES, ids=lambda p: p.stem)
def test_game_show_counts_every_player_s_points_of_play_before_the_phase_reaches_them(cli, write, path):
    """After round 4 of cycle I, before the scoring phase, `game show`'s during-play column
    holds each player's points scored during play (pp. 24-25), the hand-worked figure: the
    phase counts a player's at their first question, and until then the table showed them
    for the first player only."""
    want = expected(path)
    game = want.new[2]
    assert cli(*want.new).code == 0
    lines = record_lines(path)
    cycle_one = lines[:next(i for i, line in enumerate(lines) if line.startswith("score "))]
    assert cli("turn", game, "--file", write("cycle-1.txt", "\n".join(cycle_one) + "\n")).code == 0
    shown = cli("game", "show", game)
    assert shown.code == 0, shown.err
    rows = {line.split()[0]: line.split() for line in shown.out.splitlines()
            if line.split()[:2] and line.split()[1:2] == ["I"]}
    for (cycle, player), (points, _total, _running) in want.scored.items():
        if cycle == "1":
            assert int(rows[player][2]) == points["play"], (player, shown.out)
