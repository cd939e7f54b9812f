"""Trajan (2011)'s house rules: the three open readings of its rulebook a group may play the
other way for a whole game (`trajan game new ... --variant trajan --house NAME=VALUE`), and
on the file commands (`trajan classic move|final --house NAME=VALUE`).

- start-bowl: stones sown from a bowl with more than six pass over the start bowl
  („Aktionssteine umverteilen“: "reihum im Uhrzeigersinn", with the note that with more
  than 6 stones some bowls get a second stone).
- yellow-tiles: the bonus tile scoring each own bonus tile lying yellow side up does not
  count itself („Die Bonustafeln“).
- building-jokers: a set of 3 or 4 holds at least one construction tile (S. 9, S. 11
  „Gebäude-Joker“).
"""

from __future__ import annotations

import json

import pytest

from trajan_cli.core.classic.circle import sow
from trajan_cli.core.classic.final import construction_sets, final_score
from trajan_cli.core.classic.models import BonusTile, ClassicSheet
from trajan_cli.core.classic.vocabulary import BonusKind, BonusSide, Stone
from trajan_cli.core.game import TRAJAN, Game, GameError
from trajan_cli.core.readings import (
    CLASSIC_KINDS,
    DEFAULT,
    BuildingJokers,
    ReadingError,
    StartBowl,
    YellowTiles,
    parse_house,
)
from trajan_cli.games import store
from trajan_cli.games.record_file import read_record, record_text
from trajan_cli.rulesdata import load_classic_readings, load_classic_rules

from helpers.classic_game import FINAL_ANN, FINAL_BOB, Q1, Q2, Q3, Q4, trajan_game
from helpers.completion import fish_completions
from helpers.walkthrough import play

RULES = load_classic_rules()
Y, OR, G = Stone.YELLOW, Stone.ORANGE, Stone.GREEN


def house(*items: str):
    return RULES._replace(readings=parse_house(items, TRAJAN))


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


# --- The readings as data and as types ---------------------------------------------------------------


def test_the_three_switchable_readings_agree_with_the_data_and_default_to_the_tools():
    readings = load_classic_readings()
    switchable = {name: info for name, info in readings.items() if info.values}
    assert set(switchable) == set(CLASSIC_KINDS) == {"start-bowl", "yellow-tiles", "building-jokers"}
    assert (DEFAULT.start_bowl, DEFAULT.yellow_tiles, DEFAULT.building_jokers) == (
        StartBowl.SOW, YellowTiles.COUNTS_ITSELF, BuildingJokers.ALONE)
    for name, info in switchable.items():
        assert set(info.values) == {k.value for k in CLASSIC_KINDS[name]}
    # the other three stay committed readings with no other value
    assert {n for n, info in readings.items() if not info.values} == {
        "senate-position", "final-tie-break", "commodity-joker"}


def test_a_trajan_house_rule_is_no_forum_trajanum_one_and_back():
    assert parse_house(["start-bowl=skip"], TRAJAN).start_bowl is StartBowl.SKIP
    with pytest.raises(ReadingError) as caught:
        parse_house(["start-bowl=skip"])  # a Forum Trajanum game
    assert caught.value.problems[0].kind == "name"
    with pytest.raises(ReadingError) as caught:
        parse_house(["eagle-envoy=add", "yellow-tiles=maybe"], TRAJAN)
    assert [p.kind for p in caught.value.problems] == ["name", "value"]


# --- start-bowl („Aktionssteine umverteilen“) ------------------------------------------------------------


def test_seven_stones_reach_the_second_bowl_or_with_the_start_bowl_skipped_the_third():
    bowls = [[Y] * 7, [], [], [], [], []]
    tool = sow(bowls, 1, RULES)
    assert [b for b, _ in tool.drops] == [2, 3, 4, 5, 6, 1, 2] and tool.target == 2
    skipped = sow(bowls, 1, house("start-bowl=skip"))
    assert [b for b, _ in skipped.drops] == [2, 3, 4, 5, 6, 2, 3] and skipped.target == 3
    assert skipped.bowls_after[0] == () and len(skipped.bowls_after[1]) == 2
    assert skipped.time_steps == tool.time_steps == 7  # one step per stone either way


def test_six_stones_end_in_the_start_bowl_only_by_the_tools_reading():
    bowls = [[Y, Y, OR, OR, G, G], [], [], [], [], []]
    assert sow(bowls, 1, RULES).target == 1
    assert sow(bowls, 1, house("start-bowl=skip")).target == 2


def test_fewer_than_six_stones_never_reach_the_start_bowl_so_the_reading_does_not_matter():
    bowls = [[], [], [], [Y, OR, G], [], []]
    assert sow(bowls, 4, RULES) == sow(bowls, 4, house("start-bowl=skip"))


def test_a_trajan_tile_is_judged_on_the_bowl_the_skipping_stones_reach():
    # 7 stones from bowl 6: by the tool's reading bowls 1-6 then 1 (two stones into bowl 1);
    # skipping bowl 6, bowls 1-5 then 1, 2: the target is bowl 2, which gets two stones.
    bowls = [[], [], [], [], [], [Y, Y, OR, OR, G, G, Y]]
    assert sow(bowls, 6, RULES, tile=[Y, OR]).target == 1
    skipped = sow(bowls, 6, house("start-bowl=skip"), tile=[Y, OR])
    assert skipped.target == 2 and skipped.tile_fulfillable
    assert sorted(s.value for b, s in skipped.drops if b == 2) == ["O", "Y"]


def test_classic_move_takes_the_house_rule_and_says_so(cli):
    args = ["classic", "move", "--bowls", "YYWWOO,GGPPBB,-,-,-,-", "--from", "1"]
    assert cli(*args, "--json").json()["target"] == 1
    done = cli(*args, "--house", "start-bowl=skip", "--json")
    assert done.code == 0 and done.json()["target"] == 2 and done.json()["house"] == {"start-bowl": "skip"}
    shown = cli(*args, "--house", "start-bowl=skip").out
    assert "Target bowl: 2" in shown and "House rule: start-bowl=skip" in shown


def test_classic_move_refuses_a_house_rule_that_is_not_trajans(cli):
    done = cli("classic", "move", "--bowls", "YYWWOO,GGPPBB,-,-,-,-", "--from", "1",
               "--house", "eagle-envoy=add", "--house", "start-bowl=never")
    assert done.code == 2 and "Traceback" not in done.err
    assert done.problems == [
        "--house: 'eagle-envoy=add': not a reading of this game; its readings: start-bowl, "
        "yellow-tiles, building-jokers ('trajan rules readings --variant trajan' explains them)",
        "--house: 'start-bowl=never': start-bowl takes sow | skip"]


# --- yellow-tiles („Die Bonustafeln“) -----------------------------------------------------------------


def _yellow_sheet(side: BonusSide) -> ClassicSheet:
    return ClassicSheet("Ann", bonus_tiles=(
        BonusTile(BonusKind.YELLOW_TILES, side),
        BonusTile(BonusKind.NEEDS, BonusSide.YELLOW),
        BonusTile(BonusKind.LEGIONARIES, BonusSide.GRAY)))


def test_the_yellow_tiles_tile_lying_yellow_counts_itself_or_only_the_others():
    sheet = _yellow_sheet(BonusSide.YELLOW)  # two tiles yellow side up, itself one of them
    tool = [b for b in final_score(sheet, RULES).bonus if b.tile.kind is BonusKind.YELLOW_TILES][0]
    assert (tool.counted, tool.points) == (2, 6)  # 3 per yellow tile
    other = final_score(sheet, house("yellow-tiles=not-itself"))
    line = [b for b in other.bonus if b.tile.kind is BonusKind.YELLOW_TILES][0]
    assert (line.counted, line.points) == (1, 3)
    assert final_score(sheet, RULES).total - other.total == 3


def test_the_yellow_tiles_tile_lying_gray_never_counted_itself():
    sheet = _yellow_sheet(BonusSide.GRAY)  # one yellow tile (needs): 2 points on the gray side
    for rules in (RULES, house("yellow-tiles=not-itself")):
        line = [b for b in final_score(sheet, rules).bonus if b.tile.kind is BonusKind.YELLOW_TILES][0]
        assert (line.counted, line.points) == (1, 2)


# --- building-jokers (S. 9, S. 11) ------------------------------------------------------------------------


def test_three_jokers_alone_make_a_set_only_by_the_tools_reading_s9_s11():
    tool = construction_sets({}, 3, RULES)
    assert tool.points == 10 and [(s.symbol, s.tiles, s.jokers) for s in tool.sets] == [(None, 0, 3)]
    assert construction_sets({}, 3, house("building-jokers=with-a-tile")).points == 0


def test_with_a_tile_each_set_holds_one_of_its_symbols_tiles_s9_s11():
    rules = house("building-jokers=with-a-tile")
    # one bath and six jokers: bath + 3 jokers (20) and 3 jokers alone (10) by the tool's
    # reading; with a tile in every set only the bath's set of 4
    assert construction_sets({"bath": 1}, 6, RULES).points == 30
    one = construction_sets({"bath": 1}, 6, rules)
    assert one.points == 20 and [(s.symbol, s.tiles, s.jokers) for s in one.sets] == [("bath", 1, 3)]
    # two baths and six jokers make two sets of 4, each with one bath
    two = construction_sets({"bath": 2}, 6, rules)
    assert two.points == 40 and sorted((s.tiles, s.jokers) for s in two.sets) == [(1, 3), (1, 3)]
    # jokers go where they score most, to any symbol with a tile
    mixed = construction_sets({"bath": 2, "villa": 3, "temple": 1}, 3, rules)
    assert mixed.points == 40
    assert sorted((s.symbol, s.tiles, s.jokers) for s in mixed.sets) == [("bath", 2, 2), ("villa", 3, 1)]


def test_without_jokers_alone_the_total_never_rises_and_tiles_are_never_lost():
    rules = house("building-jokers=with-a-tile")
    for buildings in ({}, {"bath": 3}, {"bath": 1, "villa": 2}, {"bath": 5, "villa": 4, "temple": 2}):
        for jokers in range(0, 8):
            tool = construction_sets(buildings, jokers, RULES)
            other = construction_sets(buildings, jokers, rules)
            assert other.points <= tool.points
            assert all(s.tiles >= 1 for s in other.sets)
            for symbol, count in buildings.items():
                assert sum(s.tiles for s in other.sets if s.symbol == symbol) <= count
            assert other.jokers_used <= jokers
            if not jokers:
                assert other.points == tool.points


def test_classic_final_takes_the_house_rules(cli, write):
    sheet = write("ann.toml", 'name = "Ann"\nbuilding_jokers = 3\n'
                  '[[bonus_tiles]]\nkind = "yellow_tiles"\nside = "yellow"\n')
    tool = cli("classic", "final", str(sheet), "--json").json()
    assert tool["total"] == 10 + 3
    done = cli("classic", "final", str(sheet), "--house", "building-jokers=with-a-tile",
               "--house", "yellow-tiles=not-itself", "--json")
    assert done.code == 0 and done.json()["total"] == 0
    assert done.json()["house"] == {"yellow-tiles": "not-itself", "building-jokers": "with-a-tile"}
    assert "House rule: yellow-tiles=not-itself, building-jokers=with-a-tile" in cli(
        "classic", "final", str(sheet), "--house", "building-jokers=with-a-tile",
        "--house", "yellow-tiles=not-itself").out


# --- A Trajan game keeps its house rules ------------------------------------------------------------------


def test_a_trajan_game_keeps_its_house_rules_in_its_file_and_record():
    game = trajan_game(readings=parse_house(["start-bowl=skip", "yellow-tiles=not-itself"], TRAJAN))
    data = game.to_json()
    assert data["house"] == {"start-bowl": "skip", "yellow-tiles": "not-itself"}
    assert Game.from_json(json.loads(json.dumps(data))) == game
    again = read_record(record_text(game), "t.trajan").game
    assert again.readings == game.readings and again.variant == TRAJAN


def test_a_game_refuses_the_other_games_house_rules():
    with pytest.raises(GameError, match="not readings of Trajan"):
        trajan_game(readings=parse_house(["eagle-envoy=add"])).check_new()
    with pytest.raises(GameError, match="not readings of Forum Trajanum"):
        Game("g", ("A", "B"), "A", readings=parse_house(["start-bowl=skip"], TRAJAN)).check_new()
    with pytest.raises(GameError, match="unknown house rule"):
        Game.from_json(trajan_game().to_json() | {"house": {"eagle-envoy": "add"}})


def test_the_final_scoring_of_a_game_follows_its_yellow_tiles_rule():
    # Bob ends with two bonus tiles yellow side up, one of them the yellow-tiles tile: 6 points
    # by the tool's reading, 3 when it does not count itself; the 79-79 tie becomes Ann's win.
    tool, _, _ = play(trajan_game(), Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    assert tool.state.totals() == {"Ann": 79, "Bob": 79}
    game = trajan_game(readings=parse_house(["yellow-tiles=not-itself"], TRAJAN))
    other, _, _ = play(game, Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    assert other.state.finished and other.state.totals() == {"Ann": 79, "Bob": 76}
    assert other.state.ranking.winners == ("Ann",) and other.state.ranking.decided_by != "senate"


def test_the_final_scoring_of_a_game_follows_its_building_jokers_rule():
    # Bob with one bath and six building jokers: 30 by the tool's reading, 20 with a tile in
    # every set (bath + 3 jokers; the other 3 jokers make no set).
    bob = ["quick", 0, 0, 0, 0, [1], 6, *FINAL_BOB[7:]]
    tool, _, _ = play(trajan_game(), Q1 + Q2 + Q3 + Q4 + FINAL_ANN + bob)
    game = trajan_game(readings=parse_house(["building-jokers=with-a-tile"], TRAJAN))
    other, _, _ = play(game, Q1 + Q2 + Q3 + Q4 + FINAL_ANN + bob)
    assert tool.state.finished and other.state.finished
    assert tool.state.totals()["Bob"] - other.state.totals()["Bob"] == 10
    assert tool.state.totals()["Ann"] == other.state.totals()["Ann"]


def test_game_new_with_a_trajan_house_rule_keeps_it_and_shows_it(cli, home):
    done = cli("game", "new", "friday", "-p", "Ann", "-p", "Bob", "--variant", "trajan",
               "--house", "start-bowl=skip")
    assert done.code == 0, done.err
    assert "start-bowl=skip" in done.out
    assert store.load_game("friday").readings.start_bowl is StartBowl.SKIP
    assert cli("game", "show", "friday", "--json").json()["house"] == {"start-bowl": "skip"}
    # a saved game plays by its own house rules
    refused = cli("game", "new", "other", "-p", "Ann", "-p", "Bob", "--variant", "trajan",
                  "--house", "eagle-envoy=add")
    assert refused.code == 2 and "not a reading of this game" in refused.err
    forum = cli("game", "new", "third", "-p", "Ann", "-p", "Bob", "--house", "start-bowl=skip")
    assert forum.code == 2 and "'trajan rules readings' explains them" in forum.err


def test_rules_readings_for_trajan_say_which_are_switchable_and_how(cli):
    answer = cli("rules", "readings", "--variant", "trajan", "--json").json()
    switchable = {r["name"]: r for r in answer["committed"] if r["switchable"]}
    assert set(switchable) == {"start-bowl", "yellow-tiles", "building-jokers"}
    assert list(switchable["start-bowl"]["values"]) == ["sow", "skip"]
    assert switchable["start-bowl"]["default"] == "sow"
    shown = cli("rules", "readings", "--variant", "trajan").out
    assert "--house start-bowl=skip" in shown and "--house building-jokers=with-a-tile" in shown
    assert "No house rule switches them" not in shown
    for lang, word in (("de", "Hausregel"), ("fr", "règle maison")):
        text = cli("--lang", lang, "rules", "readings", "--variant", "trajan").out
        assert word in text and "start-bowl=skip" in text




@pytest.mark.parametrize("line,expected", [
    ("trajan classic move --house start", ["start-bowl=sow", "start-bowl=skip"]),
    ("trajan classic final --house b", ["building-jokers=alone", "building-jokers=with-a-tile"]),
    ("trajan game new x -p A -p B --variant trajan --house y", ["yellow-tiles=counts-itself",
                                                               "yellow-tiles=not-itself"]),
    ("trajan game new x -p A -p B --house start", []),  # a Forum Trajanum game has no start bowl
])
def test_the_shell_offers_each_games_own_house_rules(home, monkeypatch, capsys, line, expected):
    assert fish_completions(line, monkeypatch, capsys) == expected
