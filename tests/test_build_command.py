"""`trajan build` agrees with `trajan turn` (pp. 22-26): a track's third space sends an
envoy (p. 24), the benefit reached is the default (p. 24), every legal payment may be named
(pp. 21-22, 26), a refused build exits 2, and a game kept by turns records its builds inside
the turns (p. 22: one building tile a turn). Core first (the referee, called directly),
then the command.

Ann's board (cycle III): libraries and markets at their second track space, basilicas at
the third; vacated C2 D2 E2 B3 C3 E3 D4 E4 C5 E5. The forum: yellow {A1 A2} (A2 Bob's),
blue {C1}, green {B2 C2}, orange {A3 B3}, eagles B1 and C3.
"""

from __future__ import annotations

import dataclasses

import pytest

from trajan_cli.core.referee.build import check_build, every_way_to_pay, most_envoys, parse_tile
from trajan_cli.core.referee.payment import Resource, bag_of
from trajan_cli.core.tabletop import Tabletop, resolve_forum_players
from trajan_cli.core.turns.moves import BoardLine, Build, Envoy, ForumLine, RoundStart
from trajan_cli.core.turns.problems import TurnRefused, TurnRule
from trajan_cli.core.turns.referee import apply_build_line, apply_turn, refuse_build_outside_turn, start_round
from trajan_cli.core.vocabulary import Cycle, parse_square_name
from trajan_cli.games import store
from trajan_cli.parsing.notation import parse_line
from trajan_cli.parsing.sheet import parse_sheet
from trajan_cli.rulesdata import load_rules

RULES = load_rules()
PLAYERS = ("Ann", "Bob")
BOARD = ("colonia ? ? ? ? ? ? / lib T . . . ? / lib . . T . ? / bas bas bas . . ? / "
         "mkt mkt . T . ? / ? ? ? ? T ?; cranes A1 o F1 g A6 b F6 y; citizens {citizens}; "
         "supply {supply}; ship 3")
FORUM = "forum: players 1 Ann, 2 Bob; grid y E b / y:2 g g / o o E"
RICH = "2 coin 2 builder 2 assistant worker:b worker:g"
#: The same board with the market track at space 1 and the library track at space 3.
OTHER = BOARD.replace("lib . . T", "lib lib . T").replace("mkt mkt .", "mkt . .")
#: The same board with the basilica track at space 1.
ONE_BASILICA = BOARD.replace("bas bas bas", "bas . .")


def sq(name: str):
    return parse_square_name(name)


def record(citizens: str = "5 a", supply: str = RICH, board: str = BOARD) -> list[str]:
    """The set-up as lines of the game record: both boards and the forum."""
    board = board.format(citizens=citizens, supply=supply)
    return [f"board Ann: {board}", f"board Bob: {board}", FORUM]


def table_of(*lines: str) -> Tabletop:
    """A table from lines of the record, applied as a replay applies them."""
    table = Tabletop(PLAYERS, first_cycle=Cycle.III)
    for text in lines:
        line = parse_line(text, PLAYERS)
        if isinstance(line, BoardLine):
            table.record(line.player, dataclasses.replace(line.sheet, name=line.player))
        elif isinstance(line, ForumLine):
            table.record_forum(resolve_forum_players(line.forum, PLAYERS)[0])
        elif isinstance(line, RoundStart):
            start_round(table.play, line, set(table.scored), RULES)
        else:
            apply_turn(table, line, RULES)
    return table


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


def new_game(cli, write, name: str = "g", *lines: str, citizens: str = "5 a",
             supply: str = RICH, board: str = BOARD) -> str:
    assert cli("game", "new", name, "-p", "Ann", "-p", "Bob", "--from-cycle", "3").code == 0
    text = "\n".join([*record(citizens, supply, board), *lines])
    result = cli("turn", name, "--file", write(f"{name}.txt", text))
    assert result.code == 0, result.err
    return name


def said(result) -> str:
    """Everything the command said, as one line however it was wrapped."""
    return " ".join((result.out + result.err).split())


# --- Item: the third library and market spaces send an envoy (p. 24) -----------------------


def test_the_third_library_and_market_spaces_may_send_an_envoy_p24(rules):
    """p. 24: "3rd Library: Place an envoy on an eagle space"; "3rd Market: Place one of
    your envoys on any colored space". A gray building sends one there, and no other."""
    sheet = table_of(*record()).board("Ann")
    for tile in ("lib", "mkt"):  # both tracks at space 2: the build reaches space 3
        verdict = check_build(sheet, parse_tile(tile), (sq("C2"),), rules)
        assert most_envoys(verdict) == 1, tile
    basilica = check_build(sheet, parse_tile("bas"), (sq("C2"),), rules)
    assert most_envoys(basilica) == 0
    structure = check_build(sheet, parse_tile("g"), (sq("C2"),), rules)
    assert most_envoys(structure) == 1


def test_the_referee_places_the_third_library_s_envoy_on_an_eagle_p24():
    table = table_of(*record())
    done = apply_build_line(table, "Ann", Build("lib", (sq("C2"),), pay=(("builder", 1),),
                                                envoys=(Envoy(sq("B1")),)), RULES, Cycle.III)
    assert done.envoys == ("B1",) and table.forum.at(sq("B1")).envoy is not None
    assert table.board("Ann").supply.ship == 3 - 1


def test_trajan_build_takes_envoy_at_the_third_library_and_market_spaces_p24(cli, write):
    """The failing input: `--envoy` refused ("a gray building sends no envoy"), after the
    report had said to record the build with --envoy CELL."""
    new_game(cli, write)
    left = cli("build", "g", "-p", "Ann", "lib", "C2", "--pay", "1")
    assert left.code == 0, left.err
    assert "record the build with --envoy CELL" in said(left) and "B1, C3" in said(left)
    assert cli("game", "undo", "g").code == 0
    library = cli("build", "g", "-p", "Ann", "lib", "C2", "--pay", "1", "--envoy", "C3", "--json")
    assert library.code == 0, library.err
    assert library.json()["line"] == "build Ann: lib C2 pay builder envoy C3"
    eagle = cli("build", "g", "-p", "Ann", "mkt", "E2", "--pay", "1", "--envoy", "B1")
    assert eagle.code == 2 and "never on an eagle" in said(eagle)
    market = cli("build", "g", "-p", "Ann", "mkt", "D2", "--pay", "1", "--envoy", "C1", "--json")
    assert market.code == 0, market.err
    assert market.json()["envoys"] == ["C1"]


def test_an_envoy_the_build_cannot_send_is_still_refused_p24_p25(cli, write):
    new_game(cli, write)
    basilica = cli("build", "g", "-p", "Ann", "bas", "C2", "--pay", "1", "--envoy", "C1")
    assert basilica.code == 2 and "this build sends no envoy" in said(basilica)
    assert "(p. 25)" in said(basilica) and "(p. 24)" in said(basilica)
    earlier = cli("build", "g", "-p", "Ann", "lib", "C2", "--pay", "1", "--take", "2",
                  "--envoy", "C3")  # the builder of space 2 taken: no envoy (the referee)
    assert earlier.code == 2 and "1 envoy named, but the build sends 0" in said(earlier)
    assert "--envoy: 'C3'" in cli("--lang", "de", "build", "g", "-p", "Ann", "bas", "C2",
                                  "--envoy", "C3").err


# --- Item: the space reached is the default (p. 24) ---------------------------------------


def test_a_build_line_without_take_uses_the_space_reached_p24():
    """p. 24: "you can choose whether you want to use the benefit you just reached or a
    previous one"; a line that does not say takes the one reached: the market's space 2,
    an area bonus. With 'take 0' there is none to name."""
    build = Build("mkt", (sq("C2"),), pay=(("builder", 1),), bonus=("coin",))
    table = table_of(*record(board=OTHER))
    done = apply_build_line(table, "Ann", build, RULES, Cycle.III)
    assert done.build.take is None and done.gained == {"coin": 1}
    assert table.board("Ann").supply.coins == 2 + 1
    with pytest.raises(TurnRefused) as refused:
        apply_build_line(table_of(*record(board=OTHER)), "Ann", build._replace(take=0), RULES,
                         Cycle.III)
    assert [p.rule for p in refused.value.problems] == [TurnRule.AREA_BONUS_COUNT]


@pytest.mark.parametrize(("args", "line", "gained"), [
    # the market at 1 reaches 2: an area bonus (p. 24), named with --bonus
    (["mkt", "C2", "--bonus", "coin"], "build Ann: mkt C2 pay builder bonus coin", {"coin": 1}),
    # the library at 3 reaches 4: a Colonia tile taken and used at once (p. 24)
    (["lib", "C2", "--tile", "B1: 2 coin"], "build Ann: lib C2 pay builder tile B1: 2 coin",
     {"coin": 2}),
])
def test_without_a_terminal_the_space_reached_is_taken_p24(cli, write, args, line, gained):
    """The failing input: `take 0` recorded, then --tile and --bonus refused as unearned."""
    new_game(cli, write, board=OTHER)
    result = cli("build", "g", "-p", "Ann", *args, "--pay", "1", "--json")
    assert result.code == 0, result.err
    answer = result.json()
    assert answer["line"] == line and answer["gained"] == gained
    assert "benefit_not_taken" not in answer


def test_a_fourth_library_s_tile_may_be_the_envoy_of_the_same_build_p21_p24(cli, write):
    """p. 24: the fourth library's tile is taken and used at once; being the player's own,
    it goes onto the ship (p. 21), so the green structure of the same double tile may send
    it as its envoy, the ship being empty before."""
    new_game(cli, write, board=OTHER.replace("ship 3", "ship 0"))
    result = cli("build", "g", "-p", "Ann", "lib+g", "C2", "D2", "--pay", "1", "--tile",
                 "B1: 2 coin", "--envoy", "B2", "--json")
    assert result.code == 0, result.err
    assert result.json()["envoys"] == ["B2"]
    board = parse_sheet(cli("board", "show", "g", "-p", "Ann", "--json").json()["sheet"])
    assert board.supply.ship == 0


def test_a_fourth_basilica_records_its_extra_building_action_p24(cli, write):
    """p. 24: "4th Basilica: Carry out 1 additional building action": recorded at the
    space reached (no `take 0`), and the report says a build follows."""
    new_game(cli, write)
    result = cli("build", "g", "-p", "Ann", "bas", "C2", "--pay", "1")
    assert result.code == 0, result.err
    assert result.out.startswith("Recorded for Ann: build bas C2 pay builder\n")
    assert "The fourth basilica gives one more building action now (p. 24)" in said(result)
    assert cli("game", "log", "g").out.splitlines()[-1] == "build Ann: bas C2 pay builder"
    assert cli("game", "undo", "g").code == 0
    assert cli("build", "g", "-p", "Ann", "bas", "C2", "--pay", "1", "--json").json()["extra_build"]


# --- Item: every legal payment (pp. 21-22, 26) ---------------------------------------------


def test_every_way_to_pay_lists_the_cheapest_first_then_those_spending_more_p22_p26(rules):
    """A green structure, Craftsman I active, a blue worker and an assistant in the supply:
    the assistant alone pays (Craftsman I, p. 26), and the blue worker changed to green by
    the assistant (p. 22) is legal too, though it costs more."""
    sheet = table_of(*record(supply="worker:b assistant")).board("Ann")
    verdict = check_build(sheet, parse_tile("g"), (sq("C2"),), rules)
    assistant = bag_of({Resource.ASSISTANT: 1})
    both = bag_of({Resource.ASSISTANT: 1, Resource.BLUE_WORKER: 1})
    assert [w.spent for w in verdict.payments] == [assistant]  # check build: the cheapest
    assert [w.spent for w in every_way_to_pay(verdict, sheet, rules)] == [assistant, both]


def test_trajan_build_records_a_payment_that_spends_more_p22(cli, write):
    """The failing input: `--pay` offered only the assistant, so the blue worker and the
    assistant the table paid could not be recorded."""
    new_game(cli, write, supply="worker:b assistant")
    too_far = cli("build", "g", "-p", "Ann", "g", "C2", "--pay", "3", "--envoy", "none")
    assert too_far.code == 2 and "choose one of 1 to 2" in said(too_far)
    plain = cli("build", "g", "-p", "Ann", "g", "C2", "--envoy", "none", "--json")
    assert plain.code == 0 and plain.json()["line"].startswith("build Ann: g C2 pay assistant ")
    assert cli("game", "undo", "g").code == 0
    result = cli("build", "g", "-p", "Ann", "g", "C2", "--pay", "2", "--envoy", "none", "--json")
    assert result.code == 0, result.err
    assert result.json()["line"] == "build Ann: g C2 pay assistant worker:b envoy none"
    board = parse_sheet(cli("board", "show", "g", "-p", "Ann", "--json").json()["sheet"])
    assert board.supply.assistants == 0 and sum(board.supply.workers.values()) == 0


def test_several_cheapest_ways_without_a_terminal_are_listed_in_the_refusal(cli, write):
    new_game(cli, write, supply="worker:g builder assistant")
    result = cli("build", "g", "-p", "Ann", "lib", "C2")  # a builder, or two greens by Craftsman I
    assert result.code == 2 and "--pay" in result.err
    assert "1. 1 builder" in said(result) and "--pay N" in said(result)
    # Merchant II, Craftsman I and II and a full supply: 26 ways, 5 of them the cheapest.
    new_game(cli, write, "many", citizens="4 a 5 a 6 a",
             supply="2 coin 2 builder 2 assistant 2 worker:b 2 worker:g")
    many = said(cli("build", "many", "-p", "Ann", "lib", "C2"))
    assert "there are 26 ways to pay" in many and "20. " in many and "21. " not in many
    assert "; 6 more): say which with --pay N" in many
    way = cli("build", "many", "-p", "Ann", "lib", "C2", "--pay", "26", "--take", "0", "--json")
    assert way.code == 0 and way.json()["payment"] == 26, way.err


# --- Item: a game kept by turns (p. 22) ------------------------------------------------------


def test_a_build_line_is_refused_once_the_game_is_kept_by_turns_p22():
    """p. 22: "you may place 1 building tile per turn"; once a round is recorded, a build
    is recorded inside its player's turn. The refusal says who plays next and carries the
    build, for the turn line's build part."""
    build = Build("lib", (sq("C2"),))
    refuse_build_outside_turn(table_of(*record()), "Ann", build, RULES)  # no turns: recorded
    table = table_of(*record(), "round III.1", "Ann: take B1 C1; use own: coin; pass")
    with pytest.raises(TurnRefused) as refused:
        refuse_build_outside_turn(table, "Ann", build, RULES)
    (problem,) = refused.value.problems
    assert problem.rule is TurnRule.BUILD_OUTSIDE_TURN and problem.page.en == 22
    assert problem.details["due"] == "Bob" and problem.details["build"] == build
    table = table_of(*record(), "round III.1", "Ann: take B1 C1; use own: coin; pass",
                     "Bob: take B1 C1; use own: coin; pass")
    with pytest.raises(TurnRefused) as refused:  # the round is over: Bob starts III.2 (p. 25)
        refuse_build_outside_turn(table, "Ann", build, RULES)
    assert refused.value.problems[0].details["due"] == "Bob"
    assert refused.value.problems[0].details["round"] == "III.2"
    # A game recorded before the rule replays as it was: the replay applies the line.
    done = apply_build_line(table, "Ann", build._replace(pay=(("builder", 1),), take=2), RULES,
                            Cycle.III)
    assert done.gained == {"builder": 1}


def test_a_cycle_over_waits_for_its_scoring_then_the_next_may_be_kept_either_way_p22_p27():
    """After round 4 the cycle waits for its scoring (p. 27): no build outside a turn. Once
    it is scored, the next cycle has no turn yet, and a build line is recorded again."""
    table = Tabletop(PLAYERS, first_cycle=Cycle.II)
    for text in record():
        line = parse_line(text, PLAYERS)
        if isinstance(line, BoardLine):
            table.record(line.player, dataclasses.replace(line.sheet, name=line.player))
    # Ann starts II.1 and II.3, Bob (her right-hand neighbour) II.2 and II.4 (p. 25).
    for first, second, take in (("Ann", "Bob", "B1 C1"), ("Bob", "Ann", "D1 E1"),
                                ("Ann", "Bob", "F2 F3"), ("Bob", "Ann", "B6 C6")):
        for player in (first, second):
            apply_turn(table, parse_line(f"{player}: take {take}; use own: coin; pass", PLAYERS),
                       RULES)
    assert table.play.cycle_over
    build = Build("lib", (sq("C2"),), pay=(("builder", 1),), take=2)
    with pytest.raises(TurnRefused) as refused:
        refuse_build_outside_turn(table, "Ann", build, RULES)
    assert refused.value.problems[0].details["waits"] == "II"
    table.scored[Cycle.II] = dict(table.sheets)  # as the scoring phase leaves it
    refuse_build_outside_turn(table, "Ann", build, RULES)  # cycle III not begun: recorded


def test_trajan_build_in_a_game_kept_by_turns_is_refused_naming_trajan_turn_p22_p26(cli, write):
    """The failing inputs: after Ann's turn (its build paid through Craftsman II, once a turn,
    p. 26) a second build of hers, and Ann's build while Bob is to play, were recorded."""
    new_game(cli, write, "g", "Ann: take B1 C1; use own: coin; build lib C2 pay assistant take 2",
             citizens="6 a", supply="2 assistant")
    before = store.load_game("g").lines
    second = cli("build", "g", "-p", "Ann", "lib", "D2", "--pay", "1", "--take", "2")
    assert second.code == 2
    text = said(second)
    assert "this cycle is kept by turns" in text and "trajan turn" in text and "(p. 22)" in text
    assert "'build lib D2 pay builder take 2'" in text and "Bob plays next (round III.1)" in text
    out_of_turn = cli("build", "g", "-p", "Bob", "lib", "D2", "--pay", "1", "--json")
    assert out_of_turn.code == 2 and "it is Bob's turn (round III.1)" in said(out_of_turn)
    as_a_line = cli("turn", "g", "build Bob: lib D2 pay assistant take 2")
    assert as_a_line.code == 2 and "this cycle is kept by turns" in said(as_a_line)
    assert store.load_game("g").lines == before
    # The build part shown goes into the turn line as it is.
    turn = cli("turn", "g", "Bob: take B1 C1; use own: coin; build lib D2 pay assistant take 2")
    assert turn.code == 0, turn.err


def test_a_refusal_in_a_game_kept_by_turns_is_said_in_every_language(cli, write):
    new_game(cli, write, "g", "round III.1")
    for lang, page in (("de", "S. 6"), ("fr", "p. 38")):
        result = cli("--lang", lang, "build", "g", "-p", "Ann", "lib", "C2", "--pay", "1")
        assert result.code == 2 and page in said(result) and "build lib C2 pay builder" in said(result)
        assert "kept by turns" not in result.err


def test_a_build_with_citizen_is_refused_in_a_game_kept_by_turns_too_p22(cli, write):
    new_game(cli, write, "g", "round III.1")
    before = store.load_game("g").lines
    result = cli("build", "g", "-p", "Ann", "lib", "C2", "--citizen", "craftsman-ii", "--pay", "1")
    assert result.code == 2 and "this cycle is kept by turns" in said(result)
    assert store.load_game("g").lines == before


# --- The build recorded with --citizen (judged as if the citizen were active) -------------


def test_with_citizen_the_space_reached_gives_its_resources_p24(cli, write):
    """The basilica at space 1 reaches 2: "Obtain 2 Tribunes" (p. 24), taken without a
    terminal as a turn line takes it; the citizen only counts for the payment."""
    new_game(cli, write, board=ONE_BASILICA)
    result = cli("build", "g", "-p", "Ann", "bas", "C2", "--citizen", "craftsman-ii", "--pay",
                 "1", "--json")
    assert result.code == 0, result.err
    assert result.json()["gained"] == {"tribune": 2}
    board = parse_sheet(cli("board", "show", "g", "-p", "Ann", "--json").json()["sheet"])
    assert board.supply.tribunes == 2


def test_with_citizen_a_track_s_envoy_is_refused_not_dropped_p24(cli, write):
    """That record holds no track benefit's envoy: --envoy for it is refused, saying how to
    record it (the citizen on the board first)."""
    new_game(cli, write)
    result = cli("build", "g", "-p", "Ann", "lib", "C2", "--citizen", "craftsman-ii", "--pay",
                 "1", "--envoy", "B1")
    assert result.code == 2 and "without its track's envoy (p. 24)" in said(result)
    assert "trajan board edit" in said(result)


# --- Item: a refused build exits 2 -----------------------------------------------------------


def test_an_illegal_build_exits_2_and_check_build_answers_with_0_p22(cli, write):
    """B2 holds a temple (p. 22): `trajan build` refuses (nothing recorded, status 2, the
    reasons on the screen); `trajan check build` answers the question (status 0)."""
    new_game(cli, write)
    before = store.load_game("g").lines
    refused = cli("build", "g", "-p", "Ann", "lib", "B2", "--pay", "1")
    assert refused.code == 2 and "Not recorded: the build is not legal." in refused.out
    as_json = cli("build", "g", "-p", "Ann", "lib", "B2", "--json")
    assert as_json.code == 2 and as_json.json()["recorded"] is False
    assert cli("check", "build", "--game", "g", "-p", "Ann", "lib", "B2").code == 0
    assert store.load_game("g").lines == before


# --- Item: the fewer-than-two-tiles refusals cite p. 22 --------------------------------------


def test_taking_fewer_than_two_tiles_is_judged_on_p22():
    """p. 22, "Taking 1 or no tile – the neighbor has the choice": fewer than two only when
    a named street has none left; a neighbour who passed none leaves a received tile only
    from beside the colonia. Both refusals cite p. 22, not p. 20."""
    table = table_of(*record(), "round III.1: streets 1 6")
    with pytest.raises(TurnRefused) as refused:
        apply_turn(table, parse_line("Ann: take B1; use own: coin; pass", PLAYERS), RULES)
    assert [(p.rule, p.page.en) for p in refused.value.problems] == [(TurnRule.TAKE_TOO_FEW, 22)]
    table = table_of(*record(), "round III.1", "Ann: take B1 C1; use received: coin; pass")
    with pytest.raises(TurnRefused) as refused:
        apply_turn(table, parse_line("Bob: take B1; use own: coin; pass", PLAYERS), RULES)
    assert [(p.rule, p.page.en) for p in refused.value.problems] == [(TurnRule.RECEIVED_NONE, 22)]


def test_the_fewer_than_two_tiles_refusal_cites_each_edition_s_page(cli, write):
    """English p. 22 is the German S. 6 and the French p. 38 (rules_data/editions.toml)."""
    new_game(cli, write, "g", "round III.1: streets 1 6")
    for lang, page in (("en", "p. 22"), ("de", "S. 6"), ("fr", "p. 38")):
        result = cli("--lang", lang, "turn", "g", "Ann: take B1; use own: coin; pass")
        assert result.code == 2 and page in said(result), (lang, result.err)
