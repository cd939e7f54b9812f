"""A whole Trajan (2011) game kept as a record, replayed against the totals worked out by
hand in its comments (tests/records/classic-golden-3p.txt; the German rulebook's S. 9 and
„Die Bonustafeln“)."""

from dataclasses import replace
from pathlib import Path

import pytest

from trajan_cli.core.classic.vocabulary import ClassicCategory as C
from trajan_cli.core.classic.vocabulary import Quarter
from trajan_cli.games.record_file import read_record, record_text

from helpers.walkthrough import play, replay

RECORD = Path(__file__).parent / "records" / "classic-golden-3p.txt"

# Each player's total after each quarter end, and at the end (the comments' right column).
TOTALS = {
    Quarter.I: {"Ann": 8, "Bob": 1, "Cy": -12},
    Quarter.II: {"Ann": 11, "Bob": 15, "Cy": -5},
    Quarter.III: {"Ann": 30, "Bob": 25, "Cy": 6},
}
FINAL = {"Ann": 92, "Bob": 106, "Cy": 106}


@pytest.fixture(scope="module")
def game():
    return read_record(RECORD.read_text(encoding="utf-8"), str(RECORD)).game


def _before(game, key: str, player: str):
    """The game as recorded up to (not with) the answer ``key`` of ``player`` in quarter IV."""
    cut = next(i for i, line in enumerate(game.lines)
               if line.key == key and line.player == player and line.cycle is Quarter.IV)
    return replace(game, lines=game.lines[:cut])


def test_the_golden_game_ends_as_worked_out_by_hand_s9(game):
    state = replay(game)
    assert state.finished
    assert state.totals() == FINAL
    ranking = state.ranking
    assert ranking.winners == ("Bob",) and ranking.decided_by == "senate"  # level on 106 (S. 9)
    cells = state.breakdown()
    assert cells["Ann"][Quarter.IV] == {C.PLAY: 15, C.DEMANDS: 0, C.REMAINING: 7, C.SETS: 30, C.BONUS: 10}
    assert cells["Bob"][Quarter.IV] == {C.PLAY: 15, C.DEMANDS: 0, C.REMAINING: 5, C.SETS: 30, C.BONUS: 31}
    assert cells["Cy"][Quarter.IV] == {C.PLAY: 24, C.DEMANDS: 0, C.REMAINING: 5, C.SETS: 40, C.BONUS: 31}


@pytest.mark.parametrize("quarter", [Quarter.I, Quarter.II, Quarter.III])
def test_each_quarter_end_of_the_golden_game_s9(game, quarter):
    cells = replay(game).breakdown()
    running = {name: sum(sum(cells[name][q].values()) for q in Quarter if q <= quarter) for name in game.players}
    assert running == TOTALS[quarter]


def test_the_golden_game_keeps_ann_s_board_without_the_joker_she_gave_up_s9(game):
    state = replay(_before(game, "final.mode", "Ann"))
    kept = state.scoring.memory.players["Ann"]
    assert kept.kept_at is Quarter.IV and kept.won == []
    assert kept.board.demand_jokers == 0 and kept.board.forum_needs == {}
    assert state.scoring.memory.players["Cy"].won == ["gray"]
    assert state.scoring.memory.players["Bob"].board is None  # quick counts: nothing kept


def test_the_golden_game_refuses_ann_s_sheet_that_keeps_the_joker_s9(game, write):
    sheet = write("ann.toml", RECORD_SHEET_ANN_IV)
    result, shown, _ = play(_before(game, "final.mode", "Ann"), ["file", str(sheet)])
    assert any("demand jokers: 1 on the sheet, 0 kept by the game" in line
               and "forum tiles games: 2 on the sheet, 0 kept by the game" in line for line in shown)
    assert result.state.question.key == "final.sheet"  # asked again


def test_the_game_log_prints_the_golden_record_back(game):
    text = RECORD.read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if line and not line.startswith("#")]
    assert record_text(game).splitlines()[2:] == lines
    assert "--variant trajan" in record_text(game).splitlines()[1]


# Ann's quarter-IV sheet as she gave it, before the demands: her final sheet must no longer
# hold the two games tiles and the joker given up then.
RECORD_SHEET_ANN_IV = """name = "Ann"
hand_cards = 3
workers_in_camp = 2
legionaries_in_camp = 1
trajan_tiles_on_circle = 1
workers_in_city = 4
legionaries_in_provinces = 3
buildings = { bath = 3, arch = 2 }
building_jokers = 2
display = { wine = 2 }
forum_needs = { games = 2 }
demand_jokers = 1
trajan_needs = ["religion"]

[[bonus_tiles]]
kind = "needs"
side = "yellow"

[[bonus_tiles]]
kind = "city_workers"
side = "yellow"

[[bonus_tiles]]
kind = "legionaries"
side = "yellow"
"""


def test_a_quarter_end_sheet_must_still_hold_what_stays_until_used_s9_s11(game, write):
    """Ann kept a demand joker from quarter III (S. 11: a demand joker leaves only when used
    for a demand): a quarter-IV sheet without it, or without a bonus tile, is refused."""
    before = _before(game, "needs.sheet", "Ann")
    text = RECORD_SHEET_ANN_IV.replace("demand_jokers = 1", "demand_jokers = 0")
    result, shown, _ = play(before, ["file", str(write("ann.toml", text))])
    refusal = next(line for line in shown if "holds less than the game keeps" in line)
    assert "from the end of quarter III" in refusal
    assert "demand jokers: 0 on the sheet, 1 kept by the game" in refusal
    assert result.state.question.key == "needs.sheet"
    no_tile = RECORD_SHEET_ANN_IV.replace('\n[[bonus_tiles]]\nkind = "legionaries"\nside = "yellow"\n', "")
    result, shown, _ = play(before, ["file", str(write("ann2.toml", no_tile))])
    assert any("bonus tiles won in the senate, yellow side up: 0 on the sheet, 1 kept by the game" in line
               for line in shown)
    result, shown, _ = play(before, ["file", str(write("ann3.toml", RECORD_SHEET_ANN_IV))])
    assert not any("holds less" in line for line in shown)
    assert result.state.question.player == "Bob"
