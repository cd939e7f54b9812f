"""The turn referee (core/turns): each rule a turn can break, refused with its page and
nothing recorded, and the bookkeeping of what a legal turn does (pp. 20-26).

Two set-ups: the worked example's (tests/records/game-record-cycle-1.md, cycle I) and a
richer one kept from cycle III, whose boards are typed as `board` lines: tracks at their
third space, Patrician II active, a full supply and envoys on the ship.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from trajan_cli.games import store
from trajan_cli.core.vocabulary import Colour, Track
from trajan_cli.parsing.forum import parse_forum
from trajan_cli.parsing.sheet import parse_sheet

EXAMPLE = Path(__file__).parent / "records" / "game-record-cycle-1.md"

#: Ann's and Bob's boards in cycle III: library, basilica and market tracks at their third
#: space (three of each built), Patrician II (row 2) active; A1 orange crane still covered.
RICH = ("colonia ? ? ? ? ? ? / lib T . . . ? / lib . . T . ? / lib bas bas bas . ? / "
        "mkt mkt mkt T . ? / ? ? ? ? T ?; cranes A1 o F1 g A6 b F6 y; citizens 2 a; "
        "supply 3 coin 2 tribune 2 builder 2 assistant 2 worker:b 2 worker:g 2 worker:o 2 worker:y; "
        "ship 3")
#: Yellow area {A1 A2} (A2 taken by Bob: started), blue {C1}, green {B2 C2}, orange {A3 B3},
#: eagles B1 and C3.
FORUM = "forum: players 1 Ann, 2 Bob; grid y E b / y:2 g g / o o E"


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


def blocks() -> list[str]:
    return [body for _k, body in re.findall(r"```(\w*)\n(.*?)```", EXAMPLE.read_text(), re.S)]


@pytest.fixture
def example(cli, write):
    """The example's set-up, round I.1 (streets 2 and 4) begun: Ann's turn."""
    parts = blocks()
    assert cli("game", "new", "ex", "--player", "Ann", "--player", "Bob").code == 0
    assert cli("board", "import", "ex", "-p", "Ann", write("ann.toml", parts[0])).code == 0
    assert cli("board", "import", "ex", "-p", "Bob", write("bob.toml", parts[1])).code == 0
    assert cli("board", "import", "ex", "--forum", write("forum.toml", parts[2])).code == 0
    assert cli("turn", "ex", "round I.1: streets 2 4").code == 0
    return "ex"


@pytest.fixture
def rich(cli, write):
    """Cycle III, Ann to play (no streets named: takes are not judged against them)."""
    assert cli("game", "new", "rich", "--player", "Ann", "--player", "Bob", "--from-cycle", "3").code == 0
    record = "\n".join([f"board Ann: {RICH}", f"board Bob: {RICH}", FORUM])
    assert cli("turn", "rich", "--file", write("setup.txt", record)).code == 0
    return "rich"


def refused(cli, game: str, line: str, *words: str) -> str:
    """The line is refused with every word given in its message; nothing is recorded."""
    before = store.load_game(game).lines
    result = cli("turn", game, line)
    assert result.code == 2, result.out
    said = " ".join(result.err.split())  # the message as one line, however it was wrapped
    for word in words:
        assert word in said, result.err
    assert store.load_game(game).lines == before
    return result.err


def sheet_of(cli, game: str, player: str):
    return parse_sheet(cli("board", "show", game, "-p", player, "--json").json()["sheet"])


# --- Taking tiles (pp. 20-22) -------------------------------------------------------------


def test_two_tiles_a_round_p20(cli, example):
    refused(cli, "ex", "Ann: take A2 C2 D2; use own: coin", "3 tiles taken", "p. 20")


def test_one_tile_per_space_p20(cli, example):
    refused(cli, "ex", "Ann: take C2 C2; use own: coin", "C2 is taken twice")


def test_only_a_covered_space_gives_a_tile_p20(cli, example):
    refused(cli, "ex", "Ann: take B2 C4; use own: coin", "B2 holds no Colonia tile", "p. 20")


def test_fewer_than_two_only_when_a_street_is_empty_p22(cli, example):
    refused(cli, "ex", "Ann: take C2; use own: coin", "the round's streets still offer 2", "p. 22")


def test_a_refusal_counts_in_words_p22(cli, example):
    """p. 22: "you take 1 tile that you keep (or no tile)": one tile taken is "1 tile", in
    each language by its own rule, never "1 tiles"."""
    err = refused(cli, "ex", "Ann: take C2; use own: coin", "1 tile taken, but", "p. 22")
    assert "1 tiles" not in err
    assert "1 Plättchen genommen" in cli("--lang", "de", "turn", "ex", "Ann: take C2; use own: coin").err
    assert "1 tuile prise" in cli("--lang", "fr", "turn", "ex", "Ann: take C2; use own: coin").err


def test_a_tile_elsewhere_costs_a_tribune_p21(cli, example):
    # Rows 2 and 4 are named: A1 and C1 lie outside both; Ann owns 1 tribune.
    refused(cli, "ex", "Ann: take A1 C1; use own: coin", "2 needed, 1 owned", "p. 21")
    assert cli("turn", "ex", "Ann: take C1 C2; use own: coin; pass").code == 0
    ann = sheet_of(cli, "ex", "Ann")
    assert ann.supply.tribunes == 0  # C1 outside the streets: the tribune is spent
    assert ann.colonia.at((2, 0)).kind.value == "vacated"


def test_a_corner_taken_uncovers_its_crane_colour_side_up_p22(cli, example):
    assert cli("turn", "ex", "Ann: take A2 A4; use own: coin; pass").code == 0
    assert cli("turn", "ex", "Bob: take F2 E4; use own: coin; pass").code == 0
    assert cli("turn", "ex", "round I.2: streets 6 A").code == 0
    assert cli("turn", "ex", "Bob: take A6 B6; use own: coin; pass").code == 0
    bob = sheet_of(cli, "ex", "Bob")
    assert bob.colonia.at((0, 5)).colour is Colour.ORANGE  # Ko: Bob's orange crane


def test_a_crane_of_unknown_colour_cannot_be_uncovered(cli, write):
    assert cli("game", "new", "nc", "-p", "Ann", "-p", "Bob").code == 0
    board = blocks()[0].split("[cranes]")[0] + "[citizens]\n2 = [\"active\"]\n"
    assert cli("board", "import", "nc", "-p", "Ann", write("a.toml", board)).code == 0
    refused(cli, "nc", "Ann: take A1 A2; use own: coin", "crane under A1 is not recorded")


# --- Using a tile (pp. 20-21, 26) ----------------------------------------------------------


def test_a_tile_must_be_used_p20(cli, example):
    refused(cli, "ex", "Ann: take C2 C4", "must use one of the tiles", "p. 20")


def test_no_own_tile_without_a_take_p20(cli, example):
    err = refused(cli, "ex", "Ann: use own: coin", "no own tile to use", "streets still offer")
    assert err.count("\n") >= 2  # every reason at once


def test_both_tiles_cost_two_tribunes_owned_before_the_turn_p21(cli, example):
    refused(cli, "ex", "Ann: take C2 C4; use both: coin / coin", "costs 2 tribunes", "1 owned", "p. 21")


def test_a_tile_shows_no_victory_points_p21(cli, example):
    refused(cli, "ex", "Ann: take C2 C4; use own: vp", "shows no victory points")


def test_a_received_tile_needs_a_tile_passed_or_one_beside_the_colonia_p22(cli, example, write):
    """Bob (Ann's left-hand neighbour) takes one tile only: he passes none, and no tile of
    his lies beside Ann's colonia yet, so Ann had nothing received to use."""
    assert cli("game", "new", "ns", "--player", "Ann", "--player", "Bob").code == 0
    parts = blocks()
    for player, text in (("Ann", parts[0]), ("Bob", parts[1])):
        assert cli("board", "import", "ns", "-p", player, write(f"{player}.toml", text)).code == 0
    assert cli("turn", "ns", "round I.1").code == 0  # streets not named: takes not judged
    assert cli("turn", "ns", "Ann: take C2 C4; use received: coin; pass").code == 0
    refused(cli, "ns", "Bob: take E2; use own: coin; pass", "Bob passed no tile to Ann", "p. 22")


def test_a_citizen_goes_into_a_row_and_a_second_one_gives_its_bonus_p26(cli, example):
    refused(cli, "ex", "Ann: take C2 C4; use own: citizen 2", "row 2 gives a bonus", "p. 26")
    refused(cli, "ex", "Ann: take C2 C4; use own: citizen 2 bonus builder", "'builder' is not a bonus")
    refused(cli, "ex", "Ann: take C2 C4; use own: citizen 1 bonus coin", "only a second citizen")
    assert cli("turn", "ex", "Ann: take C2 C4; use own: citizen 2 bonus tribune; pass").code == 0
    ann = sheet_of(cli, "ex", "Ann")
    assert ann.citizens[2] == ("active", "active") and ann.supply.tribunes == 1 + 1
    # The set-up's envoy only: the own tile became a citizen, not an envoy (pp. 19, 21).
    assert ann.supply.ship == 1


def test_merchant_i_turns_the_slide_bar_over_p26(cli, example):
    assert cli("turn", "ex", "Ann: take C2 C4; use received: citizen 3; pass").code == 0
    ann = sheet_of(cli, "ex", "Ann")
    assert ann.prestige.turned and ann.supply.ship == 1 + 1  # set-up's + the own tile (p. 21)


def test_a_citizen_row_holds_two_p26(cli, rich):
    assert cli("turn", "rich", "Ann: take B1; use own: citizen 2 bonus coin; pass").code == 0
    assert cli("turn", "rich", "Bob: take B1; use own: coin; pass").code == 0
    assert cli("turn", "rich", "Bob: take C1; use own: coin; pass").code == 0  # round 2: Bob starts
    refused(cli, "rich", "Ann: take C1; use own: citizen 2", "row 2 holds two citizens already")


# --- Building (pp. 22-25) -------------------------------------------------------------------


def test_a_build_breaks_the_placement_rules_with_the_referee_s_reasons_p22(cli, example):
    refused(cli, "ex", "Ann: take C2 C4; use own: coin; build lib B2", "temple", "p. 22")


def test_one_building_tile_per_turn_p22(cli, rich):
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build col C2 pay builder; build col D2 pay builder",
            "one building tile per turn", "p. 22")


def test_a_fourth_basilica_gives_a_second_build_in_the_same_turn_p24(cli, rich):
    line = ("Ann: take B1 C1; use own: coin; build bas C2 pay builder; "
            "build col D2 pay builder")
    result = cli("turn", "rich", line)
    assert result.code == 0, result.err
    ann = sheet_of(cli, "rich", "Ann")
    assert ann.tracks[Track.BASILICA] == 4 and ann.supply.builders == 0


def test_several_ways_to_pay_need_a_word_and_a_wrong_one_is_refused_p22(cli, rich):
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build col C2", "several ways to pay",
            "pay builder", "pay 2 worker:b")
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build col C2 pay 2 coin",
            "pay 2 coin is not a way to pay")


def test_a_dearer_way_to_pay_is_still_a_way_p23(cli, write):
    """Two workers of different colours and an assistant build a double tile of one colour
    (p. 23) also when Craftsman I's exchange, which the player may use (p. 26), would have
    saved the blue worker: the referee suggests the cheaper ways, and records the one the
    table paid."""
    board = ("colonia ? ? ? ? ? ? / . T . . . ? / . . . T . ? / . . . . . ? / "
             ". . . T . ? / ? ? ? ? T ?; cranes A1 o F1 g A6 b F6 y; citizens 5 a; "
             "supply 2 assistant worker:b worker:y; ship 0")
    assert cli("game", "new", "dear", "-p", "Ann", "-p", "Bob", "--from-cycle", "3").code == 0
    record = f"board Ann: {board}\nboard Bob: {board}\n"
    assert cli("turn", "dear", "--file", write("s.txt", record)).code == 0
    refused(cli, "dear", "Ann: take B1 C1; use own: coin; build y+y A2 A3",
            "several ways to pay", "pay assistant worker:y", "pay 2 assistant")
    refused(cli, "dear", "Ann: take B1 C1; use own: coin; build y+y A2 A3 pay 2 worker:b",
            "is not a way to pay")
    assert cli("turn", "dear", "Ann: take B1 C1; use own: coin; "
                               "build y+y A2 A3 pay assistant worker:b worker:y").code == 0
    ann = sheet_of(cli, "dear", "Ann")
    assert ann.supply.assistants == 1 and ann.supply.total_workers == 0
    assert [line for line in cli("game", "log", "dear").out.splitlines() if line.startswith("Ann:")] == [
        "Ann: take B1 C1; use own: coin; build y+y A2 A3 pay assistant worker:b worker:y"]


def test_a_citizen_s_exchange_counts_once_per_turn_over_both_builds_p26(cli, write):
    """Craftsman II swaps an assistant for a builder once per turn: two builds of one turn
    (a fourth basilica first) cannot both use it."""
    board = ("colonia ? ? ? ? ? ? / . T . . . ? / . . . T . ? / bas bas bas . . ? / "
             ". . . T . ? / ? ? ? ? T ?; cranes A1 o F1 g A6 b F6 y; citizens 6 a; "
             "supply 2 assistant; ship 0")
    assert cli("game", "new", "ex2", "-p", "Ann", "-p", "Bob", "--from-cycle", "3").code == 0
    record = f"board Ann: {board}\nboard Bob: {board}\n"
    assert cli("turn", "ex2", "--file", write("s.txt", record)).code == 0
    refused(cli, "ex2", "Ann: take B1 C1; use own: coin; build bas A2 pay assistant; "
                        "build col C2 pay assistant", "cannot pay for this tile")
    assert cli("turn", "ex2", "Ann: take B1 C1; use own: builder; build bas A2 pay assistant; "
                              "build col C2 pay builder").code == 0


def test_every_benefit_track_space_is_judged_p24(cli, rich):
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build col C2 pay builder take 1",
            "brings no benefit-track space")
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build col C2 pay builder worker g",
            "no benefit taken gives a worker")
    # The fourth library: a Colonia tile taken and used at once (p. 24).
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build lib C2 pay builder",
            "gives a Colonia tile")
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build lib C2 pay builder tile C3: coin",
            "C3 holds no Colonia tile to take")
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build col C2 pay builder tile A1: coin",
            "only the fourth library or market space")
    assert cli("turn", "rich", "Ann: take B1 C1; use own: coin; "
                               "build lib C2 pay builder tile A1: 2 coin").code == 0
    ann = sheet_of(cli, "rich", "Ann")
    assert ann.colonia.at((0, 0)).colour is Colour.ORANGE  # A1's tile taken: the crane shows
    assert ann.supply.coins == 3 + 1 + 2 and ann.supply.ship == 3 + 1 + 1  # own tile + A1's
    points = cli("game", "show", "rich", "--json").json()
    assert points is not None


def test_a_finished_track_scores_like_a_column_during_play_p24(cli, rich):
    """The fourth library: column value of cycle III (1) + 1 active citizen = 2."""
    assert cli("turn", "rich", "Ann: take B1 C1; use own: coin; build lib C2 pay builder take 2").code == 0
    state = _replayed("rich")
    assert state.table.play.points_in(state.position[0])["Ann"] == 1 + 1


def test_a_column_scores_its_value_and_the_active_citizens_p24(cli, rich):
    assert cli("turn", "rich", "Ann: take B1 C1; use own: citizen 5; build col C2 pay builder").code == 0
    state = _replayed("rich")
    assert state.table.play.points_in(state.position[0])["Ann"] == 1 + 2  # Patrician II, Craftsman I


def test_an_envoy_is_optional_but_said_p25(cli, rich):
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build y C2 pay worker:y",
            "an envoy may go on A1", "envoy none", "p. 25")
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build y C2 pay worker:y envoy A1 A1",
            "2 envoys named, but the build sends 1")
    refused(cli, "rich", "Ann: take B1 C1; use own: coin; build g C2 pay worker:g envoy C1",
            "envoy on C1", "Legal squares: B2, C2")
    assert cli("turn", "rich", "Ann: take B1 C1; use own: coin; build y C2 pay worker:y envoy none").code == 0


def test_completing_an_area_earns_its_bonus_two_with_patrician_ii_p25_p26(cli, rich):
    """A1 completes the yellow area {A1 A2} (A2 holds Bob's envoy): Ann, with Patrician II,
    takes two different area bonuses."""
    base = "Ann: take B1 C1; use own: coin; build y C2 pay worker:y envoy A1"
    refused(cli, "rich", base, "0 area bonuses named: with Patrician II the area completed")
    refused(cli, "rich", base + " bonus coin coin", "two different area bonuses, not coin coin", "p. 26")
    assert cli("turn", "rich", base + " bonus coin vp").code == 0
    ann = sheet_of(cli, "rich", "Ann")
    assert ann.supply.coins == 3 + 1 + 1 and ann.supply.ship == 3 - 1 + 1
    state = _replayed("rich")
    assert state.table.play.points_in(state.position[0])["Ann"] == 2  # vp: 2 points (p. 25)


@pytest.mark.parametrize(("citizens", "bonus", "legal", "coins"), [
    ("citizens 2 a", "coin", True, 1),  # Patrician II: one is enough ...
    ("citizens 2 a", "coin tribune", True, 1),  # ... or two different ones
    ("citizens 2 a", "coin coin", False, 0),  # never two equal ones
    ("citizens 2 a", "coin tribune vp", False, 0),  # never three
    ("citizens 3 a", "coin", True, 1),  # without Patrician II: one ...
    ("citizens 3 a", "coin tribune", False, 0),  # ... never two
])
def test_patrician_ii_takes_one_or_two_different_area_bonuses_p26(cli, write, citizens, bonus,
                                                                   legal, coins):
    """p. 26, Patrician II: "You may choose not only 1, but 2 different area bonuses
    available ... if you complete a color area". One is legal with Patrician II too."""
    assert cli("game", "new", "p2", "-p", "Ann", "-p", "Bob", "--from-cycle", "3").code == 0
    record = "\n".join([f"board Ann: {RICH.replace('citizens 2 a', citizens)}",
                        f"board Bob: {RICH}", FORUM])
    assert cli("turn", "p2", "--file", write("setup.txt", record)).code == 0
    line = f"Ann: take B1 C1; use own: coin; build y C2 pay worker:y envoy A1 bonus {bonus}"
    if not legal:
        refused(cli, "p2", line, "p. 2")
        return
    result = cli("turn", "p2", line)
    assert result.code == 0, result.err
    assert sheet_of(cli, "p2", "Ann").supply.coins == 3 + 1 + coins


@pytest.mark.parametrize(("citizens", "bonus", "legal"), [
    ("citizens 2 a", ["coin"], True),
    ("citizens 2 a", ["coin", "tribune"], True),
    ("citizens 2 a", ["coin", "coin"], False),
    ("citizens 3 a", ["coin", "tribune"], False),
])
def test_trajan_build_takes_one_or_two_different_area_bonuses_with_patrician_ii_p26(
        cli, write, citizens, bonus, legal):
    """p. 26, Patrician II: "You may choose not only 1, but 2 different area bonuses": one
    named with --bonus is legal too; two only with Patrician II, and different."""
    assert cli("game", "new", "p2", "-p", "Ann", "-p", "Bob", "--from-cycle", "3").code == 0
    record = "\n".join([f"board Ann: {RICH.replace('citizens 2 a', citizens)}",
                        f"board Bob: {RICH}", FORUM])
    assert cli("turn", "p2", "--file", write("setup.txt", record)).code == 0
    before = store.load_game("p2").lines
    ways = cli("check", "build", "--game", "p2", "-p", "Ann", "y", "C2", "--json").json()["payments"]
    way = next(i for i, w in enumerate(ways, 1) if w["workers"] == {"yellow": 1} and not w["coins"]
               and not w["assistants"] and not w["tribunes"])
    options = [w for b in bonus for w in ("--bonus", b)]
    result = cli("build", "p2", "-p", "Ann", "y", "C2", "--pay", str(way), "--envoy", "A1", *options)
    if not legal:
        assert result.code == 2 and "p. 2" in result.err, result.err
        assert store.load_game("p2").lines == before
        return
    assert result.code == 0, result.err
    assert result.out.startswith(f"Recorded for Ann: build y C2 pay worker:y envoy A1 bonus {' '.join(bonus)}")


def test_a_declined_envoy_is_recorded_as_declined_not_left_open_p25(cli, rich, monkeypatch):
    """p. 25: "you may use one of your Colonia tiles ... as an envoy". Answering "none" at
    the envoy prompt is a choice made: recorded as 'envoy none' (as the notation's own) and
    said so; without a terminal the choice is left open ('envoy -') and its squares named."""
    from trajan_cli.cli import play
    from trajan_cli.ui import choose

    asked = []
    monkeypatch.setattr(play, "has_terminal", lambda: True)
    monkeypatch.setattr(choose, "choose", lambda question, options: asked.append(options)
                        or len(options) - 1)  # the last option: none
    declined = cli("build", "rich", "-p", "Ann", "g", "D2", "--pay", "1")
    assert declined.code == 0, declined.err
    assert asked and asked[0][:2] == ["B2", "C2"]
    assert declined.out.startswith("Recorded for Ann: build g D2 pay worker:g envoy none")
    assert "1 envoy not sent, as chosen: an envoy is optional (p. 25)." in declined.out
    assert "No envoy placed" not in declined.out and "--envoy CELL" not in declined.out
    assert cli("game", "log", "rich").out.splitlines()[-1] == "build Ann: g D2 pay worker:g envoy none"
    # Nobody to ask: the choice is open, not declined.
    monkeypatch.setattr(play, "has_terminal", lambda: False)
    left = cli("build", "rich", "-p", "Ann", "g", "E2", "--pay", "1", "--json").json()
    assert left["line"].endswith("envoy -") and left["envoy_squares"] == ["B2", "C2"]
    assert "envoys_declined" not in left
    # The notation's 'envoy none' is kept as said.
    assert cli("turn", "rich", "Ann: take B1 C1; use own: coin; build y C2 pay worker:y envoy none").code == 0
    assert cli("game", "log", "rich").out.splitlines()[-1].endswith("envoy none")


def test_a_second_patrician_i_s_envoy_completing_an_area_earns_its_bonus_p25_p26(cli, write):
    """The second citizen in row 1 places an envoy; one completing an area gives its bonus,
    which the line must name (a bonus left unsaid is not none)."""
    board = RICH.replace("citizens 2 a", "citizens 1 a")
    assert cli("game", "new", "pat", "-p", "Ann", "-p", "Bob", "--from-cycle", "3").code == 0
    record = "\n".join([f"board Ann: {board}", f"board Bob: {RICH}", FORUM])
    assert cli("turn", "pat", "--file", write("setup.txt", record)).code == 0
    refused(cli, "pat", "Ann: take B1 C1; use own: citizen 1 bonus envoy C1; pass",
            "0 area bonuses named, but 1 was earned", "p. 25")
    assert cli("turn", "pat", "Ann: take B1 C1; use own: citizen 1 bonus envoy C1 coin; pass").code == 0
    assert sheet_of(cli, "pat", "Ann").supply.coins == 4


def test_the_third_library_and_market_spaces_place_an_envoy_p24(cli, rich):
    line = "Ann: take B1 C1; use own: coin; build lib C2 pay builder take 3 envoy B1"
    assert cli("turn", "rich", line).code == 0  # B1: an eagle space
    refused(cli, "rich", "Bob: take B1 C1; use own: coin; build mkt C2 pay builder take 3 envoy C3",
            "eagle")
    assert cli("turn", "rich", "Bob: take B1 C1; use own: coin; "
                               "build mkt C2 pay builder take 3 envoy A3").code == 0


def test_an_envoy_needs_a_recorded_forum(cli, write):
    assert cli("game", "new", "nf", "-p", "Ann", "-p", "Bob", "--from-cycle", "3").code == 0
    assert cli("turn", "nf", f"board Ann: {RICH}").code == 0
    refused(cli, "nf", "Ann: take B1 C1; use own: coin; build y C2 pay worker:y envoy A1",
            "the forum is not recorded")


def test_a_turn_needs_the_player_s_board(cli, write):
    assert cli("game", "new", "nb", "-p", "Ann", "-p", "Bob").code == 0
    refused(cli, "nb", "Ann: take C2 C4; use own: coin", "Ann's board is not recorded")


def test_a_player_not_in_the_game_is_named(cli, example):
    refused(cli, "ex", "Zed: take C2 C4; use own: coin", "'Zed' is not a player of this game")


def _replayed(name: str):
    from trajan_cli.games.walk import replayed as replay

    stored = store.load(name)
    return replay(stored.game, where=stored.path)


def test_refusals_speak_the_table_s_language(cli, example):
    de = cli("--lang", "de", "turn", "ex", "Bob: take E2 E4; use own: coin")
    assert de.code == 2 and "ist Ann am Zug" in de.err and "S. 9" in de.err
    fr = cli("--lang", "fr", "turn", "ex", "Bob: take E2 E4; use own: coin")
    assert fr.code == 2 and "c'est au tour de Ann" in fr.err and "p. 41" in fr.err
    assert parse_forum is not None


def test_the_two_cards_matching_is_the_largest_matching_of_tiles_to_cards():
    """street_matching's shortcut for a round's two cards against the plain search (one tile
    per card, p. 20), over random squares, duplicates among them."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    from trajan_cli.core.turns.moves import Axis, Street
    from trajan_cli.core.turns.taking import _matched, street_matching

    cards = st.builds(Street, st.sampled_from(list(Axis)), st.integers(0, 5))
    squares = st.lists(st.tuples(st.integers(0, 5), st.integers(0, 5)), max_size=12)

    @settings(max_examples=300, deadline=None)
    @given(squares, st.lists(cards, min_size=2, max_size=2))
    def check(held, streets):
        assert street_matching(held, streets) == _matched(held, streets)

    check()
