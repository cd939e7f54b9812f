"""House rules for the open readings (issue 21, item 3): where the rulebook leaves a case
open, a game may read it the other way (`trajan game new ... --house NAME=VALUE`), and every
scoring and referee command follows it. Each reading is tested from the rulebook text, both
ways, and through the commands that follow it.
"""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.card_solver import check_card
from trajan_cli.core.game import Game, GameError
from trajan_cli.core.readings import (
    DEFAULT,
    FIELDS,
    KINDS,
    AssistantColour,
    BuildingTiles,
    CoveredCorner,
    DoubleEnvoys,
    EagleEnvoy,
    NewCyclePass,
    Reactivation,
    ReadingError,
    Readings,
    parse_house,
)
from trajan_cli.core.referee.envoy import Placement, Via, check_envoys
from trajan_cli.core.referee.payment import payments
from trajan_cli.core.scoring import score_eagles
from trajan_cli.core.scoring_phase.pay import payment_cost
from trajan_cli.core.sheet import PlayerSheet, Supply
from trajan_cli.core.vocabulary import CellKind, Colour, parse_square_name, square_name
from trajan_cli.games import store
from trajan_cli.games.readers import script_inputs
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.sheet import parse_sheet
from trajan_cli.rulesdata import load_readings, load_rules

from helpers.hypothesis_profiles import scaled
from helpers.walkthrough import play, sheet_text, tom_game


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path


def house(**readings) -> Readings:
    return DEFAULT._replace(**readings)


def forum(grid: str):
    return parse_forum(f'players = {{ T = "Tom", A = "Anna" }}\ngrid = """\n{grid}\n"""\n')


# --- The readings, named and explained ------------------------------------------------------

def test_every_reading_is_explained_with_its_pages_and_both_values():
    info = load_readings()
    assert list(info) == list(FIELDS) == list(KINDS)
    for name, kind in KINDS.items():
        assert set(info[name].values) == {k.value for k in kind} and len(kind) == 2
        assert info[name].default == getattr(DEFAULT, FIELDS[name]).value
        assert info[name].pages and info[name].case and info[name].source


def test_house_rules_read_every_problem_at_once():
    assert parse_house(["eagle-envoy=add", "Reactivation = per-class"]).house() == {
        "eagle-envoy": "add", "reactivation": "per-class"}
    with pytest.raises(ReadingError) as caught:
        parse_house(["eagle-envoy=twice", "nonsense=1", "no-equals", "covered-corner=crane",
                     "covered-corner=crane"])
    assert sorted(p.kind for p in caught.value.problems) == ["form", "name", "twice", "value"]


def test_rules_readings_names_each_reading_and_its_values(cli):
    out = cli("rules", "readings").out
    for name, info in load_readings().items():
        assert f"{name} (" in out
        assert f"- {info.default} (the tool's):" in out
    answer = cli("rules", "readings", "--json").json()
    assert [r["name"] for r in answer["readings"]] == list(KINDS)
    assert answer["readings"][0]["values"] == {"once": load_readings()["eagle-envoy"].values["once"],
                                               "add": load_readings()["eagle-envoy"].values["add"]}
    german = cli("--lang", "de", "rules", "readings").out
    assert "Hausregeln:" in german and "eagle-envoy (S. 9, S. 11)" in german


# --- A game is started with house rules, keeps them, and says so --------------------------------

def saved_header(home, name: str) -> str:
    """The line of the saved record that says how the game was started."""
    rows = (home / "home" / "games" / f"{name}.txt").read_text(encoding="utf-8").splitlines()
    return next(row for row in rows if row.startswith("# trajan game new "))


def test_a_game_started_with_house_rules_keeps_and_shows_them(cli, home):
    result = cli("game", "new", "fri", "-p", "Ann", "-p", "Bob", "--house", "eagle-envoy=add",
                 "--house", "reactivation=per-class")
    assert result.code == 0 and "eagle-envoy=add" in result.out
    header = saved_header(home, "fri")
    assert "--house eagle-envoy=add" in header and "--house reactivation=per-class" in header
    assert store.load_game("fri").readings.house() == {"eagle-envoy": "add", "reactivation": "per-class"}
    shown = cli("game", "show", "fri").out
    assert "House rules" in shown and "reactivation=per-class" in shown
    assert cli("game", "show", "fri", "--json").json()["house"] == {"eagle-envoy": "add",
                                                                   "reactivation": "per-class"}


def test_a_game_without_house_rules_saves_as_before(cli, home):
    assert cli("game", "new", "plain", "-p", "Ann", "-p", "Bob").code == 0
    assert saved_header(home, "plain") == "# trajan game new plain --player Ann --player Bob"
    assert store.load_game("plain").readings == DEFAULT
    assert cli("game", "show", "plain", "--json").json()["house"] == {}


def test_bad_house_rules_are_refused_each_with_a_reason(cli, home):
    result = cli("game", "new", "bad", "-p", "A", "-p", "B", "--house", "eagle-envoy=3",
                 "--house", "piles=unlimited")
    assert result.code == 2 and "eagle-envoy takes once | add" in result.err
    assert "not a reading" in result.err and "Traceback" not in result.err
    assert not (home / "home" / "games" / "bad.txt").exists()
    trajan = cli("game", "new", "old", "-p", "A", "-p", "B", "--variant", "trajan",
                 "--house", "eagle-envoy=add")
    assert trajan.code == 2


def test_a_saved_game_with_an_unknown_house_rule_is_damaged_not_guessed():
    data = Game("g", ("A", "B"), "A").to_json() | {"house": {"eagle-envoy": "sometimes"}}
    with pytest.raises(GameError, match="house rule"):
        Game.from_json(data)
    assert Game.from_json(Game("g", ("A", "B"), "A", readings=house(
        eagle_envoy=EagleEnvoy.ADD)).to_json()).readings.eagle_envoy is EagleEnvoy.ADD
    # The same in a game's record (its header line):
    from trajan_cli.games.record_file import read_record, record_text
    from trajan_cli.parsing.errors import InputError

    text = "# trajan game new g --player A --player B --house eagle-envoy=sometimes\n"
    with pytest.raises(InputError, match="house rule"):
        read_record(text, "g.txt")
    kept = record_text(Game("g", ("A", "B"), "A", readings=house(eagle_envoy=EagleEnvoy.ADD)))
    assert read_record(kept, "g.txt").game.readings.eagle_envoy is EagleEnvoy.ADD


def test_a_games_scoring_reads_its_house_rules():
    game = tom_game(readings=house(covered_corner=CoveredCorner.CRANE))
    rules, _parsers = script_inputs(game)
    assert rules.readings.covered_corner is CoveredCorner.CRANE


def test_house_with_a_saved_game_is_refused(cli, home):
    result = cli("check", "build", "--game", "fri", "-p", "Ann", "lib", "C1", "--house", "eagle-envoy=add")
    assert result.code == 2 and "its own house rules" in result.err


# --- eagle-envoy (pp. 25, 27) ---------------------------------------------------------------

EAGLES = "E:T E   g\ng   g:T E"  # Tom on A1 (an eagle beside the eagle B1) and B2 (beside B1, C2)


def test_an_envoy_on_an_eagle_beside_another_eagle_scores_once_by_default_p25_p27(rules):
    """p. 27: 2 points for an envoy on an eagle space, 1 for an envoy orthogonally next to
    one. The tool counts each envoy once: A1 (on) 2 + B2 (beside) 1 = 3."""
    score = score_eagles(forum(EAGLES), "T", False, rules)
    assert score.points == 3 and score.on == ((0, 0),) and score.orthogonal == ((1, 1),)


def test_eagle_envoy_add_scores_on_and_beside_p25_p27(rules):
    """The other reading: A1 stands on an eagle (2) and borders the eagle B1 (1): 3, and B2 1."""
    score = score_eagles(forum(EAGLES), "T", False, rules.reading(house(eagle_envoy=EagleEnvoy.ADD)))
    assert score.points == 4 and (0, 0) in score.on and (0, 0) in score.orthogonal


def test_eagle_envoy_add_with_patrician_i_counts_a_diagonal_eagle_p26(rules):
    """An envoy on an eagle whose only other eagle is diagonal: +1 only with Patrician I."""
    grid = forum("E:T g\ng   E")
    added = rules.reading(house(eagle_envoy=EagleEnvoy.ADD))
    assert score_eagles(grid, "T", False, added).points == 2
    assert score_eagles(grid, "T", True, added).points == 3
    assert score_eagles(grid, "T", True, rules).points == 2


def test_score_forum_follows_house(cli, write):
    path = write("f.toml", f'players = {{ T = "Tom" }}\ngrid = """\n{EAGLES}\n"""\n')
    assert cli("score", "forum", path, "--json").json()["eagles"]["points"] == 3
    assert cli("score", "forum", path, "--json", "--house", "eagle-envoy=add").json()["eagles"]["points"] == 4


# --- double-envoys (p. 25) -------------------------------------------------------------------

# Green areas A1 B1 and D2 C3 D3, none started: the first envoy of a green double tile starts one.
UNSTARTED = "g g b E\nb b b g\ny y g g"
PLACEMENT = Placement(Via.BUILD, Colour.GREEN)


def second_squares(rules) -> set[str]:
    """Where the second envoy of a green double tile may go after the first on A1."""
    judged = check_envoys(forum(UNSTARTED), "T", PLACEMENT, rules, count=2)
    return {square_name(*sq) for sq in dict(judged.second_after)[parse_square_name("A1")]}


def test_the_second_envoy_joins_the_area_the_first_started_by_default_p25(rules):
    """p. 25: a started colour area with free squares must be used. One after the other, the
    first envoy on A1 starts the area A1 B1, so the second must go to B1."""
    assert second_squares(rules) == {"B1"}
    verdict = check_envoys(forum(UNSTARTED), "T", PLACEMENT, rules,
                           squares=(parse_square_name("A1"), parse_square_name("D2")), count=2)
    assert not verdict.envoys[1].legal


def test_double_envoys_together_are_judged_on_the_forum_before_the_tile_p25(rules):
    """Placed at once, no area was started before the tile: the second may go on any free
    green square but the first one's."""
    together = rules.reading(house(double_envoys=DoubleEnvoys.TOGETHER))
    assert second_squares(together) == {"B1", "D2", "C3", "D3"}
    verdict = check_envoys(forum(UNSTARTED), "T", PLACEMENT, together,
                           squares=(parse_square_name("A1"), parse_square_name("D2")), count=2)
    assert verdict.legal


def test_double_envoys_together_still_obey_an_area_started_before_p25(rules):
    """Anna's envoy on A1 started A1 B1 before the tile: both of Tom's envoys must go there
    while it has a free square; once the first fills it, the second is free."""
    started = forum("g:A g b E\nb b b g\ny y g g")
    together = rules.reading(house(double_envoys=DoubleEnvoys.TOGETHER))
    first = check_envoys(started, "T", PLACEMENT, together, count=2)
    assert [square_name(*sq) for sq in first.envoys[0].legal_squares] == ["B1"]
    assert {square_name(*sq) for sq in dict(first.second_after)[parse_square_name("B1")]} == {"D2", "C3", "D3"}


def test_check_envoy_follows_house_and_says_so(cli, write):
    path = write("f.toml", f'players = {{ T = "Tom" }}\ngrid = """\n{UNSTARTED}\n"""\n')
    base = ["check", "envoy", path, "--colour", "g", "--count", "2", "A1", "D2", "--json"]
    assert cli(*base).json()["legal"] is False
    assert cli(*base, "--house", "double-envoys=together").json()["legal"] is True
    out = cli(*base[:-1], "--house", "double-envoys=together").out
    assert "double-envoys=together" in out


# --- reactivation (pp. 26, 27) ----------------------------------------------------------------

def test_reactivation_per_row_and_per_class_p26_p27(rules):
    """p. 27: 1 coin for each row with citizens; p. 26: the inactive citizens of a social class
    can be reactivated for 1 coin. Craftsman I and II (rows 5, 6: one class), both inactive,
    and Merchant I (row 3) active."""
    per_class = rules.reading(house(reactivation=Reactivation.PER_CLASS))
    assert payment_cost({3, 5, 6}, {5, 6}, rules) == 3
    assert payment_cost({3, 5, 6}, {5, 6}, per_class) == 2
    assert payment_cost({3, 4}, {4}, per_class) == 2  # one inactive row of a class: 1 coin still
    assert payment_cost({3, 5}, set(), per_class) == 2  # active rows: 1 each, both readings


@settings(max_examples=scaled(200), deadline=None)
@given(st.sets(st.integers(1, 6)), st.sets(st.integers(1, 6)))
def test_reactivation_per_class_never_costs_more_and_differs_only_for_a_whole_class(paid, inactive):
    """Brute force: per class saves exactly one coin for each social class whose two rows
    are both paid and both inactive (rows 1-2, 3-4, 5-6 are the classes, p. 26)."""
    rules = load_rules()
    per_row = payment_cost(paid, inactive, rules)
    per_class = payment_cost(paid, inactive, rules.reading(house(reactivation=Reactivation.PER_CLASS)))
    whole_classes = sum(1 for first in (1, 3, 5) if {first, first + 1} <= paid & inactive)
    assert per_row == len(paid) and per_class == per_row - whole_classes


def paying_sheet(write):
    return write("tom.toml", sheet_text("Tom", citizens={5: ["inactive"], 6: ["inactive"]}, coins=1))


def test_the_walkthrough_refuses_two_inactive_rows_for_one_coin_by_default_p27(write):
    _, shown, _ = play(tom_game(), ["file", 0, str(paying_sheet(write)), [5, 6], [5], []])
    assert any("too many rows" in line for line in shown)


def test_the_walkthrough_reactivates_a_social_class_for_one_coin_by_house_rule_p26(write):
    game = tom_game(readings=house(reactivation=Reactivation.PER_CLASS))
    result, shown, _ = play(game, ["file", 0, str(paying_sheet(write)), [5, 6], []])
    assert not any("too many rows" in line for line in shown)
    assert any("paid rows: 5, 6 (coins spent 1, left 0)" in line for line in shown)


# --- covered-corner (p. 28) ---------------------------------------------------------------------

# A1 still covered; its two neighbours B1 and A2 built: card I-4 around A1?
COVERED = """
?   lib g   ?   ?   Ko
b   T   ?   ?   ?   ?
?   ?   ?   T   ?   ?
?   ?   ?   ?   T   ?
?   ?   T   ?   ?   ?
?   ?   ?   ?   ?   ?
"""


def covered_sheet() -> PlayerSheet:
    return parse_sheet(f'name = "Tom"\ncolonia = """{COVERED}"""\n')


def test_a_covered_corner_is_no_crane_for_card_i4_by_default_p28(rules):
    """p. 28: "the 2 sides of a construction crane (scored or not)"; the covered A1 shows none."""
    sheet = covered_sheet()
    assert sheet.colonia.at((0, 0)).kind is CellKind.COVERED
    assert check_card(rules.card("I-4"), sheet).building.times == 0


def test_covered_corner_crane_counts_the_crane_beneath_p28(rules, cli, write):
    sheet = covered_sheet()
    readings = house(covered_corner=CoveredCorner.CRANE)
    assert check_card(rules.card("I-4"), sheet, readings).building.times == 1
    path = write("tom.toml", f'name = "Tom"\ncolonia = """{COVERED}"""\n')
    assert cli("card", "check", "I-4", path, "--json").json()["building"]["times"] == 0
    answer = cli("card", "check", "I-4", path, "--json", "--house", "covered-corner=crane").json()
    assert answer["building"]["times"] == 1


# --- assistant-colour (pp. 21-23) ---------------------------------------------------------------

def green_structure_payments(rules, **workers) -> list[dict]:
    supply = Supply(assistants=1, workers={Colour(c): n for c, n in workers.items()})
    structure = covered_sheet().colonia.at((2, 0))  # C1: a green structure
    return [dict(p.spent) for p in payments([structure], supply, (), rules)]


def test_an_assistant_may_change_a_worker_even_with_the_right_one_at_hand_by_default_p22(rules):
    """p. 22: "1 worker + 1 assistant -> a single coloured structure of any colour"."""
    found = green_structure_payments(rules, green=1, blue=1)
    assert len(found) == 2 and any(len(p) == 2 for p in found)  # green; or blue + assistant


def test_assistant_colour_when_missing_refuses_the_change_while_the_worker_is_there_p22(rules):
    """The English p. 22: "If you don't have the required color worker ... you may return an
    assistant". With a green worker at hand only the green worker pays; without one the
    assistant still helps."""
    strict = rules.reading(house(assistant_colour=AssistantColour.WHEN_MISSING))
    assert [list(p) for p in green_structure_payments(strict, green=1, blue=1)] == [["worker:green"]]
    assert len(green_structure_payments(strict, blue=1)) == 1


def test_assistant_colour_when_missing_in_a_game_refuses_the_build_payment(cli, home, write):
    """Played through the commands: a game with the house rule judges `check build --game`
    by it; the same board outside the game lists both payments."""
    text = sheet_text("Ann", coins=0, assistants=1, C1=".").replace(
        "assistants = 1", "assistants = 1\nworkers = { green = 1, blue = 1 }")
    sheet = write("ann.toml", text)
    assert cli("game", "new", "g", "-p", "Ann", "-p", "Bob", "--house",
               "assistant-colour=when-missing").code == 0
    assert cli("board", "import", "g", "--player", "Ann", sheet).code == 0
    in_game = cli("check", "build", "--game", "g", "-p", "Ann", "g", "C1", "--json").json()
    assert [p["workers"] for p in in_game["payments"]] == [{"green": 1}]
    by_default = cli("check", "build", sheet, "g", "C1", "--json").json()
    assert len(by_default["payments"]) == 2
    by_house = cli("check", "build", sheet, "g", "C1", "--json", "--house", "assistant-colour=when-missing")
    assert len(by_house.json()["payments"]) == 1


def test_the_example_still_scores_the_rulebooks_numbers_with_every_default(cli):
    """The tool's readings unchanged: Tom's p. 28 figures."""
    assert cli("score", "forum", "--example", "tom", "--json").json()["eagles"]["points"] == 6
    assert load_rules().readings == DEFAULT
    assert EXAMPLES_DIR.is_dir()


def test_a_game_with_double_envoys_together_records_a_double_tile_so_p25(cli, home, write):
    """`trajan build` on a game's boards: the two envoys of a green double tile go on A1 and
    D2, two areas nobody had started. One after the other the first draws the second to B1
    (refused); in a game started with double-envoys=together it is recorded, and replays."""
    board = sheet_text("Ann", C1=".", D1=".").replace(
        "[supply]", "[supply]\nworkers = { green = 2 }\nship = 2")
    sheet = write("ann.toml", board)
    forum_file = write("forum.toml", f'players = {{ A = "Ann" }}\ngrid = """\n{UNSTARTED}\n"""\n')
    for name, extra in (("plain", []), ("together", ["--house", "double-envoys=together"])):
        assert cli("game", "new", name, "-p", "Ann", "-p", "Bob", *extra).code == 0
        assert cli("board", "import", name, "--player", "Ann", sheet).code == 0
        assert cli("board", "import", name, "--forum", forum_file).code == 0
    refused = cli("build", "plain", "--player", "Ann", "g+g", "C1", "D1", "--envoy", "A1",
                  "--envoy", "D2", "--json")
    assert refused.code == 2 and "B1" in refused.err
    recorded = cli("build", "together", "--player", "Ann", "g+g", "C1", "D1", "--envoy", "A1",
                   "--envoy", "D2", "--json").json()
    assert recorded["recorded"] is True and recorded["envoys"] == ["A1", "D2"]
    shown = parse_forum(cli("board", "show", "together", "--forum", "--json").json()["forum"])
    assert sorted(square_name(*sq) for sq in shown.envoys_of("A")) == ["A1", "D2"]


# --- new-cycle-pass (pp. 25, 29) ------------------------------------------------------------

def test_the_figure_moves_once_from_a_cycle_to_the_next_by_default_p25_p29():
    """Ann, Bob, Cleo in seating order, Ann starting: each round the figure goes to the
    right-hand neighbour (the previous name): I.1 Ann, I.2 Cleo, I.3 Bob, I.4 Ann, and one
    move more to II.1: Cleo."""
    from trajan_cli.core.turns.state import PlayState
    from trajan_cli.core.vocabulary import Cycle

    play = PlayState(("Ann", "Bob", "Cleo"), "Ann", Cycle.I)
    assert [play.starter(Cycle.I, n) for n in (1, 2, 3, 4)] == ["Ann", "Cleo", "Bob", "Ann"]
    assert play.starter(Cycle.II, 1) == "Cleo" and play.starter(Cycle.III, 1) == "Bob"


def test_new_cycle_pass_twice_moves_the_figure_again_when_a_cycle_begins_p29():
    """p. 29 read as a second move: II.1 goes to Bob (two seats right of I.4's Ann), and each
    later cycle adds one more: III.1 is Cleo's (one a round, two at II.1 and III.1)."""
    from trajan_cli.core.turns.state import PlayState
    from trajan_cli.core.vocabulary import Cycle

    play = PlayState(("Ann", "Bob", "Cleo"), "Ann", Cycle.I, cycle_passes=2)
    assert [play.starter(Cycle.I, n) for n in (1, 2, 3, 4)] == ["Ann", "Cleo", "Bob", "Ann"]
    assert play.starter(Cycle.II, 1) == "Bob" and play.starter(Cycle.II, 2) == "Ann"
    assert play.starter(Cycle.III, 1) == "Cleo"
    play.cycle, play.round = Cycle.II, 1  # round II.1 begun: the referee waits for Bob
    assert play.next_player() == "Bob" and play.order(Cycle.II, 1) == ("Bob", "Cleo", "Ann")


def test_a_games_new_cycle_pass_reaches_the_turn_referee():
    """The house rule a game starts with is the one its replayed table plays by."""
    from trajan_cli.core.state import GameState
    from trajan_cli.games.readers import default_parsers

    rules = load_rules()
    twice = Game("g", ("Ann", "Bob", "Cleo"), "Ann", readings=house(new_cycle_pass=NewCyclePass.TWICE))
    assert GameState.replay(twice, rules, default_parsers(rules)).table.play.cycle_passes == 2
    plain = Game("g", ("Ann", "Bob", "Cleo"), "Ann")
    assert GameState.replay(plain, rules, default_parsers(rules)).table.play.cycle_passes == 1


# --- tiles (p. 25) ----------------------------------------------------------------------------

def test_tiles_limited_is_a_house_rule_kept_shown_and_read_by_the_rules(cli, home):
    """The printed rule (p. 25) as a house rule: accepted, saved, shown, and carried to the
    referee's rules (which the turn referee reads to judge it)."""
    assert parse_house(["tiles=limited"]).tiles is BuildingTiles.LIMITED
    assert DEFAULT.tiles is BuildingTiles.UNLIMITED
    assert load_rules().reading(parse_house(["tiles=limited"])).readings.tiles is BuildingTiles.LIMITED
    assert cli("game", "new", "tl", "-p", "Ann", "-p", "Bob", "--house", "tiles=limited").code == 0
    assert "--house tiles=limited" in saved_header(home, "tl")
    assert store.load_game("tl").readings.tiles is BuildingTiles.LIMITED
    shown = " ".join(cli("game", "show", "tl").out.split())
    assert "tiles=limited" in shown
    assert cli("game", "show", "tl", "--json").json()["house"] == {"tiles": "limited"}
    readings = cli("rules", "readings", "--json").json()["readings"]
    tiles = next(r for r in readings if r["name"] == "tiles")
    assert tiles["default"] == "unlimited" and set(tiles["values"]) == {"unlimited", "limited"}
    assert "Yucata" in tiles["source"] and tiles["pages"] == [25]


def test_tiles_limited_says_it_is_not_counted_by_the_referee_yet_p25():
    """The value says what the printed rule is and that the table, not the referee, keeps
    count for now: no player is told the tool watches the piles."""
    text = load_readings()["tiles"].values["limited"]
    assert "back side up" in text and "can no longer be built" in text
    assert "does not count the piles yet" in text


# --- Readings the tool commits to, with no house rule ---------------------------------------

COMMITTED = {"set-up-envoy": (19, 21), "fourth-tile": (24, 21), "second-patrician-envoy": (26, 24, 25),
             "bar-cypress": (26,)}


def test_every_committed_reading_names_its_case_source_and_what_the_tool_does():
    from trajan_cli.rulesdata import load_committed_readings

    committed = load_committed_readings()
    assert {name: info.pages for name, info in committed.items()} == COMMITTED
    for info in committed.values():
        assert info.case and info.source and info.reading
    assert not set(committed) & set(KINDS)  # no --house switch for any of them


@pytest.mark.parametrize("name", COMMITTED)
def test_a_committed_reading_is_no_house_rule(name):
    with pytest.raises(ReadingError) as caught:
        parse_house([f"{name}=other"])
    assert [p.kind for p in caught.value.problems] == ["name"]


def test_rules_readings_lists_the_committed_readings_with_their_sources(cli):
    out = cli("rules", "readings").out
    assert "Readings the tool commits to" in out
    for name in COMMITTED:
        assert f"{name} (" in out
    answer = cli("rules", "readings", "--json").json()
    assert [c["name"] for c in answer["committed"]] == list(COMMITTED)
    assert all(c["source"] and c["reading"] and c["case"] for c in answer["committed"])
    assert all(r["source"] for r in answer["readings"])
    french = cli("--lang", "fr", "rules", "readings").out
    assert "fourth-tile (p. 40, p. 37)" in french


def test_the_fourth_tile_reading_is_what_the_referee_does_p24(rules):
    """The fourth library's tile: A1, a corner outside the round's streets (rows 2 and 4),
    taken with no tribune spent, its crane uncovered; being Ann's own and no citizen, it goes
    onto the ship after the turn with the tile she kept (turns.building._taken_tile)."""
    from trajan_cli.core.tabletop import Tabletop
    from trajan_cli.core.turns.referee import apply_turn, start_round
    from trajan_cli.core.vocabulary import Cycle
    from trajan_cli.parsing.notation import parse_line
    from trajan_cli.rulesdata import load_committed_readings

    reading = load_committed_readings()["fourth-tile"].reading
    for words in ("Any still-covered space of your own colonia, a corner too",
                  "street cards do not bind it and no tribune is spent",
                  "goes onto the ship afterwards, unless it is a citizen placed in a row"):
        assert words in reading
    board = ("colonia ? ? ? ? ? ? / lib T . . . ? / lib . . T . ? / lib bas bas bas . ? / "
             "mkt mkt mkt T . ? / ? ? ? ? T ?; cranes A1 o F1 g A6 b F6 y; "
             "supply 3 coin 2 tribune 2 builder 2 assistant; ship 3")
    table = Tabletop(("Ann", "Bob"), first_cycle=Cycle.III)
    for player in table.players:
        table.record(player, parse_line(f"board {player}: {board}").sheet)
    start_round(table.play, parse_line("round III.1: streets 2 4"), set(), rules)
    apply_turn(table, parse_line("Ann: take F2 F4; use own: coin; build lib C2 pay builder "
                                 "tile A1: 2 coin", table.players), rules)
    ann = table.board("Ann")
    assert ann.colonia.at((0, 0)).colour is Colour.ORANGE  # A1's crane shows
    assert ann.supply.tribunes == 2 and ann.supply.coins == 3 + 1 + 2
    assert ann.supply.ship == 3 + 1 + 1  # the kept tile and A1's tile


@pytest.mark.parametrize("passes, due", [(NewCyclePass.ONCE, "Cleo"), (NewCyclePass.TWICE, "Bob")])
def test_the_turn_referee_waits_for_the_new_cycles_starting_player_p25_p29(rules, passes, due):
    """Round I.4 (Ann started it) over and scored: round II.1 is Cleo's to start with one
    move of the figure, Bob's with two; anyone else's turn is refused and names who is due."""
    from trajan_cli.core.tabletop import Tabletop
    from trajan_cli.core.turns.problems import TurnRefused, TurnRule
    from trajan_cli.core.turns.referee import apply_turn
    from trajan_cli.core.turns.state import RoundTurn
    from trajan_cli.core.vocabulary import Cycle
    from trajan_cli.parsing.notation import parse_line

    board = ("colonia ? ? ? ? ? ? / ? T ? ? ? ? / ? ? ? ? ? T / ? ? ? ? ? T / ? ? ? T ? ? / "
             "? ? ? ? ? ?; cranes A1 o F1 g A6 b F6 y; supply coin; ship 0")
    table = Tabletop(("Ann", "Bob", "Cleo"), readings=house(new_cycle_pass=passes))
    for player in table.players:
        table.record(player, parse_line(f"board {player}: {board}").sheet)
    play = table.play
    play.cycle, play.round = Cycle.I, 4
    play.turns = {p: RoundTurn(2, False, False) for p in play.order(Cycle.I, 4)}
    assert play.order(Cycle.I, 4)[0] == "Ann" and play.cycle_over
    table.scored[Cycle.I] = dict(table.sheets)
    wrong = next(p for p in table.players if p != due)
    with pytest.raises(TurnRefused) as caught:
        apply_turn(table, parse_line(f"{wrong}: take C2 C4; use own: coin", table.players), rules)
    problem = caught.value.problems[0]
    assert problem.rule is TurnRule.NOT_YOUR_TURN and problem.details["due"] == due
    apply_turn(table, parse_line(f"{due}: take C2 C4; use own: coin", table.players), rules)
    assert (play.cycle, play.round) == (Cycle.II, 1)
