"""`trajan classic needs|senate|final|ship|move|province`: JSON answers as the issue gives
them, readable reports citing the German rulebook, and exit 2 on bad input."""

import pytest

from helpers.light_imports import modules_after

GREEN_SHEET = 'name = "{name}"\nsenate_votes = {track}\nsenate_tiles = [{tiles}]\n'


def test_needs_rulebook_example_one_unmet_costs_4_s9(cli):
    answer = cli("classic", "needs", "--example", "green", "--demands", "bread,games,religion", "--json").json()
    assert (answer["met"], answer["unmet"], answer["penalty"]) == (2, 1, -4)
    assert answer["unmet_demands"] == ["bread"]
    assert answer["use"] == {"trajan_tiles": {"religion": 1}, "forum_tiles": {"games": 1}, "demand_jokers": 0}
    readable = cli("classic", "needs", "--example", "green", "--demands", "bread,games,religion")
    assert readable.code == 0 and "S. 9" in readable.out and "-4 points" in readable.out


def test_senate_rulebook_example_8_to_5_s9(cli):
    answer = cli("classic", "senate", "--example", "green", "--example", "brown", "--json").json()
    assert (answer["consul"], answer["deputy"]) == ("Brown", "Green")
    assert answer["votes"] == {"Brown": 8, "Green": 5}
    assert answer["stack"] == ["Brown", "Green"]


def test_senate_tie_needs_the_stack_order_s9(cli, write):
    a = write("a.toml", GREEN_SHEET.format(name="Green", track=5, tiles=""))
    b = write("b.toml", GREEN_SHEET.format(name="Brown", track=5, tiles=""))
    tied = cli("classic", "senate", a, b)
    assert tied.code == 2 and "--order" in tied.err and "Traceback" not in tied.err
    answer = cli("classic", "senate", a, b, "--order", "green,brown", "--json").json()
    assert (answer["consul"], answer["deputy"]) == ("Green", "Brown")
    assert answer["ranking"][0]["decided_by"] == "stack"


def test_senate_refusals(cli, write):
    a = write("a.toml", GREEN_SHEET.format(name="Ann", track=2, tiles=""))
    assert cli("classic", "senate", a).code == 2
    twice = cli("classic", "senate", a, a)
    assert twice.code == 2 and "same player name" in twice.err
    b = write("b.toml", GREEN_SHEET.format(name="Bob", track=2, tiles=""))
    unknown = cli("classic", "senate", a, b, "--order", "Zed,Ann")
    assert unknown.code == 2 and "'Zed'" in unknown.err and "Ann, Bob" in unknown.err


def test_final_example_json(cli):
    answer = cli("classic", "final", "--example", "green", "--json").json()
    assert answer["lines"] == {"hand_cards": 2, "workers_in_camp": 1, "legionaries_in_camp": 2,
                               "trajan_tiles": 3, "construction_sets": 20, "bonus_tiles": 12 + 3}
    assert answer["total"] == 43
    assert {"symbol": "villa", "tiles": 2, "jokers": 1, "points": 10} in answer["sets"]
    readable = cli("classic", "final", "--example", "brown")
    assert readable.code == 0 and "Total: 48" in readable.out


@pytest.mark.parametrize(("ship", "side", "points"), [("same", "front", 12), ("PAIRS", "back", 6),
                                                       ("different", "front", 6)])
def test_ship_json(cli, ship, side, points):
    answer = cli("classic", "ship", "--hand", "wine,wine,oil,joker", "--ship", ship, "--side", side,
                 "--json").json()
    assert answer["points"] == points and set(answer["cards"]) <= {"wine", "oil", "joker"}


def test_move_json_with_more_than_six_stones(cli):
    answer = cli("classic", "move", "--bowls", "YYOOGGWW,-,P,P,B,B", "--from", "1", "--tile", "GP",
                 "--json").json()
    assert (answer["target"], answer["time_steps"], answer["tile_fulfillable"]) == (3, 8, True)
    assert [d["bowl"] for d in answer["drops"]] == [2, 3, 4, 5, 6, 1, 2, 3]
    assert "G" in answer["bowls_after"][2] and "P" in answer["bowls_after"][2]
    plain = cli("classic", "move", "--bowls", "YO,WB,-,GGP,YOWB,P", "--from", "5", "--json").json()
    assert (plain["target"], plain["time_steps"], plain["tile_fulfillable"]) == (3, 4, None)


def test_province_json(cli):
    assert cli("classic", "province", "--points", "6", "--foreign", "1", "--json").json()["points"] == 3
    assert cli("classic", "province", "--points", "5", "--foreign", "2", "--json").json()["points"] == 0


def test_a_classic_answer_loads_only_its_own_part_of_the_game():
    # start-up speed: a province or a final scoring needs neither the rest of Trajan's models
    # nor Forum Trajanum's, nor the JSON library for a readable answer
    others = ("trajan_cli.core.game", "trajan_cli.core.classic.circle", "trajan_cli.core.classic.quarter",
              "trajan_cli.core.classic.ship", "trajan_cli.core.standings", "trajan_cli.core.cards",
              "trajan_cli.core.ruleset", "json")
    assert modules_after(others, ["classic", "province", "--points", "5", "--foreign", "1"]) == []
    assert modules_after(others, ["classic", "final", "--example", "brown"]) == []


@pytest.mark.parametrize("args", [
    ("needs", "--example", "green", "--demands", "bread,cake"),
    ("needs", "--example", "green", "--demands", "bread,games,religion,bread"),
    ("needs", "--demands", "bread"),
    ("final", "--example", "purple"),
    ("final", "no-such-file.toml"),
    ("ship", "--hand", "wine,,oil", "--ship", "same"),
    ("ship", "--hand", "wine", "--ship", "triple"),
    ("move", "--bowls", "YO,WB,-,GGP,YOWB", "--from", "1"),
    ("move", "--bowls", "YO,WB,-,GGPX,YOWB,P", "--from", "1"),
    ("move", "--bowls", "YO,WB,-,GGP,YOWB,PP", "--from", "1"),
    ("move", "--bowls", "YO,WB,-,GGP,YOWB,P", "--from", "3"),
    ("move", "--bowls", "YO,WB,-,GGP,YOWB,P", "--from", "7"),
    ("move", "--bowls", "YO,WB,-,GGP,YOWB,P", "--from", "1", "--tile", "Q"),
    ("province", "--points", "5", "--foreign", "4"),
    ("province", "--points", "-1"),
])
def test_bad_input_exits_2_without_a_traceback(cli, args):
    result = cli("classic", *args)
    assert result.code == 2 and result.err and "Traceback" not in result.err


def test_bad_sheet_names_file_line_and_token(cli, write):
    path = write("bad.toml", 'name = "Ann"\nsenate_tiles = [9]\n')
    result = cli("classic", "final", path)
    assert result.code == 2 and f"{path}:2: '9':" in result.err


def test_both_option_problems_are_reported_at_once(cli):
    result = cli("classic", "move", "--bowls", "YO,WB,-,GGPX,YOWB,P", "--from", "1", "--tile", "Q")
    assert "--bowls" in result.err and "--tile" in result.err
