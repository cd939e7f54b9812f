"""The ship and the exchanges of a turn, on the turn referee (core/turns/referee.py) and
through `trajan turn`.

- The own tile kept this round goes onto the ship when the tiles are used (p. 21, step 2a,
  before the building action of 2b), unless it became a citizen: it may be the envoy of
  the structure built in the same turn. A fourth library's or market's tile likewise, once
  used (p. 24). A line recorded while the tile reached the ship only after the turn, with
  no envoy part where that tile was the only envoy, is read back as recorded: none sent.
- Each board starts with one envoy on the ship: the Colonia tile left over at set-up (p. 19).
- `exchange GIVE for GET`: an exchange on one's turn outside a build's payment, e.g. to hold
  a Trajan card's resources at the scoring (p. 28), within the citizens' limits per turn
  (p. 26) counted together with the exchanges inside the turn's payments.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.core.readings import AssistantColour
from trajan_cli.core.referee.verdict import Rule
from trajan_cli.core.tabletop import Tabletop, resolve_forum_players
from trajan_cli.core.turns.moves import BoardLine, Build, Exchange, ForumLine, Gain, RoundStart, Turn, Use, UseKind
from trajan_cli.core.turns.problems import TurnRefused, TurnRule
from trajan_cli.core.turns.referee import apply_turn, start_round
from trajan_cli.core.vocabulary import Citizen, Colour
from trajan_cli.games import store
from trajan_cli.parsing.notation import format_line, parse_line
from trajan_cli.parsing.sheet import parse_sheet
from trajan_cli.render.turns import problem_text
from trajan_cli.rulesdata import load_rules

from helpers.hypothesis_profiles import scaled

RULES = load_rules()
PLAYERS = ("Ann", "Bob")
C2, C3, C4, D2, E1 = (2, 1), (2, 2), (2, 3), (3, 1), (4, 0)

#: Temples B2 F3 F4 D5; C2 and C4 are taken in the turns below (no streets: not judged).
COLONIA = ("colonia ? ? ? ? ? ? / ? T ? ? ? ? / ? ? ? ? ? T / ? ? ? ? ? T / ? ? ? T ? ? / "
           "? ? ? ? ? ?; cranes A1 o F1 g A6 b F6 y")
#: Three libraries built (the library track at its third space), C2 and D2 vacated.
LIBRARIES = ("colonia ? ? ? ? ? ? / lib T . . . ? / lib . . T . ? / lib . . . . ? / ? ? ? T ? ? / "
             "? ? T ? ? ?; cranes A1 o F1 g A6 b F6 y")
#: Green areas {C1}, {G1}, {C3 C4} (C3 does not complete it), {F3}, {F5 G5}.
FORUM = ("forum: players 1 Ann, 2 Bob; grid E o g o E y g / E E y E y o o / y b g E y g y / "
         "E E g y y y b / y y o b o g g")


def board(citizens: str = "2 a", supply: str = "coin tribune builder assistant worker:g",
          ship: int = 0, colonia: str = COLONIA) -> str:
    return f"board Ann: {colonia}; citizens {citizens}; supply {supply}; ship {ship}"


def table_of(*lines: str, rules=RULES) -> Tabletop:
    """A table from record lines: Ann's board (Bob's the same), the forum, round I.1."""
    table = Tabletop(PLAYERS)
    for text in lines:
        line = parse_line(text, PLAYERS)
        if isinstance(line, BoardLine):
            for player in PLAYERS:
                table.record(player, line.sheet)
        elif isinstance(line, ForumLine):
            table.record_forum(resolve_forum_players(line.forum, PLAYERS)[0])
        elif isinstance(line, RoundStart):
            start_round(table.play, line, set(), rules)
        else:
            apply_turn(table, line, rules)
    return table


def ann(*setup: str, rules=RULES) -> Tabletop:
    return table_of(*setup, FORUM, "round I.1", rules=rules)


def play(table: Tabletop, text: str, *, as_recorded: bool = False, rules=RULES):
    return apply_turn(table, parse_line(text, PLAYERS), rules, as_recorded=as_recorded)


def refusal(table: Tabletop, text: str, *, as_recorded: bool = False, rules=RULES):
    """The problems a refused line gives; the table is left exactly as it was."""
    before = (dict(table.sheets), table.forum)
    with pytest.raises(TurnRefused) as refused:
        play(table, text, as_recorded=as_recorded, rules=rules)
    assert (dict(table.sheets), table.forum) == before
    return refused.value.problems


def rules_of(problems) -> list[TurnRule]:
    return [p.rule for p in problems]


# --- The own tile onto the ship before the build (p. 21) ------------------------------------


def test_the_own_tile_reaches_the_ship_before_the_build_and_may_be_its_envoy_p21():
    """p. 21: where the Colonia tiles are placed belongs to step 2a (using a tile), before
    the building action (2b): with an empty ship before the turn, the own tile kept this
    round is the envoy of the green structure built in the same turn."""
    table = ann(board())
    done = play(table, "Ann: take C2 C4; use received: worker:g; build g C2 pay worker:g envoy C3")
    assert table.forum.at(C3).envoy == "1" and done.builds[0].envoys == ("C3",)
    assert table.board("Ann").supply.ship == 0 == done.ship


def test_a_new_line_says_where_the_own_tile_s_envoy_goes_or_none_p25():
    """The own tile on the ship makes an envoy possible, so a line recorded now says where
    it goes or `envoy none` (an envoy is optional, p. 25); `envoy none` keeps it aboard."""
    table = ann(board())
    problems = refusal(table, "Ann: take C2 C4; use received: worker:g; build g C2 pay worker:g")
    assert rules_of(problems) == [TurnRule.ENVOY_UNSAID]
    assert C3 in problems[0].details["squares"] and str(problems[0].page) == "p. 25"
    done = play(table, "Ann: take C2 C4; use received: worker:g; build g C2 pay worker:g envoy none")
    assert format_line(done.turn).endswith("envoy none") and done.ship == 1


def test_the_own_tile_placed_as_a_citizen_is_no_envoy_p21():
    """p. 21: tiles placed on citizen spaces are not available for the forum."""
    table = ann(board())
    problems = refusal(table, "Ann: take C2 C4; use own: citizen 3; build g C2 pay worker:g envoy C3")
    assert rules_of(problems) == [TurnRule.ENVOY_ILLEGAL]
    assert problems[0].violation.rule is Rule.NO_ENVOY
    done = play(table, "Ann: take C2 C4; use own: citizen 3; build g C2 pay worker:g")
    assert done.ship == 0 and table.forum.at(C3).envoy is None


def test_the_own_tile_goes_aboard_after_the_used_tile_s_own_envoy_p26():
    """A second Patrician I (row 1) places an envoy from the ship when placed (p. 26, "if
    available at that moment"); the own tile goes onto the ship after the used tile's gain
    (the online summary: resources or citizen first, then the own tiles onto the ship)."""
    table = ann(board(citizens="1 a"))
    done = play(table, "Ann: take C2 C4; use received: citizen 1; pass")
    assert done.ship == 1 and table.board("Ann").citizens[1] == ("active", "active")


def test_a_fourth_library_s_tile_goes_onto_the_ship_once_used_p24():
    """p. 24: the fourth library gives a Colonia tile of one's street grid, used at once;
    being one's own (and no citizen) it goes onto the ship then (p. 21), so the green part
    of the same double tile may send it as its envoy. The own tile kept this round is a
    citizen here, so the ship holds nothing else."""
    setup = board(colonia=LIBRARIES, supply="2 builder 2 worker:g")
    line = "Ann: take A5 B5; use own: citizen 3; build lib+g C2 D2 pay builder worker:g tile E1: coin"
    table = ann(setup)
    done = play(table, line + " envoy C3")
    assert table.forum.at(C3).envoy == "1" and done.ship == 0
    assert table.board("Ann").supply.coins == 1 and table.board("Ann").tracks["library"] == 4
    table = ann(setup)
    assert rules_of(refusal(table, line)) == [TurnRule.ENVOY_UNSAID]


# --- Lines recorded before: read back as recorded ------------------------------------------


def test_an_unsaid_envoy_only_the_own_tile_could_be_reads_as_none_when_read_back_p21():
    """A record made while the own tile reached the ship after the build left the envoy
    part out where the ship was empty before the turn (no envoy could go then): read back
    (a replay, a record file), the line means what it meant, no envoy sent."""
    table = ann(board())
    done = play(table, "Ann: take C2 C4; use received: worker:g; build g C2 pay worker:g",
                as_recorded=True)
    assert done.ship == 1 and table.forum.at(C3).envoy is None
    assert done.turn.builds[0].envoys is None  # kept as recorded, no part added


def test_read_back_an_envoy_from_the_ship_before_the_turn_still_needs_its_word_p25():
    """Only the envoy this turn's own tile adds reads as none: one waiting on the ship
    before the turn had to be said under the earlier reading too."""
    table = ann(board(ship=1))
    problems = refusal(table, "Ann: take C2 C4; use received: worker:g; build g C2 pay worker:g",
                       as_recorded=True)
    assert rules_of(problems) == [TurnRule.ENVOY_UNSAID]


def test_read_back_a_fourth_library_s_unsaid_envoy_reads_as_none_p24():
    table = ann(board(colonia=LIBRARIES, supply="2 builder 2 worker:g"))
    done = play(table, "Ann: take A5 B5; use own: citizen 3; build lib+g C2 D2 pay builder worker:g "
                       "tile E1: coin", as_recorded=True)
    assert done.ship == 1 and table.forum.at(C3).envoy is None


def test_a_game_file_with_an_old_style_line_replays_as_recorded(cli, write, tmp_path, monkeypatch):
    """A game saved by an earlier version holds `build g C2 pay worker:g` with no envoy part
    (its ship was empty before the turn): it replays, the envoy read as not sent; the same
    line typed now is asked for its envoy, and a record file holding it reads as recorded."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    old = "Ann: take C2 C4; use received: worker:g; build g C2 pay worker:g"
    setup = "\n".join([board(), board().replace("board Ann", "board Bob"), FORUM, "round I.1"])
    for name in ("saved", "typed", "filed"):
        assert cli("game", "new", name, "--player", "Ann", "--player", "Bob").code == 0
        assert cli("turn", name, "--file", write(f"{name}.txt", setup + "\n")).code == 0
    saved = store.load_game("saved")
    from trajan_cli.parsing.notation import parse_line

    store.save_game(saved.with_line(parse_line(old, saved.players)))  # kept as it was written
    shown = cli("board", "show", "saved", "-p", "Ann", "--json")
    assert shown.code == 0, shown.err
    assert parse_sheet(shown.json()["sheet"]).supply.ship == 1
    assert cli("game", "log", "saved").out.splitlines()[-1] == old
    typed = cli("turn", "typed", old)
    assert typed.code == 2 and "envoy none" in " ".join(typed.err.split())
    assert cli("turn", "filed", "--file", write("old.txt", old + "\n")).code == 0
    assert parse_sheet(cli("board", "show", "filed", "-p", "Ann", "--json").json()["sheet"]) \
        .supply.ship == 1


# --- The set-up: one envoy on the ship (p. 19) ---------------------------------------------


EXAMPLE = Path(__file__).parent / "records" / "game-record-cycle-1.md"


def test_the_example_s_set_up_ships_hold_one_envoy_and_line_by_line_it_leaves_its_boards_p19(
        cli, write, tmp_path, monkeypatch):
    """The worked example (shared/examples, copied to tests/records): each set-up board has
    the tile left over at the river as one envoy (p. 19); recorded a line at a time, as
    typed now (no record file's reading), it leaves exactly the boards it states."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    parts = [body for _k, body in re.findall(r"```(\w*)\n(.*?)```", EXAMPLE.read_text(), re.S)]
    assert parse_sheet(parts[0]).supply.ship == parse_sheet(parts[1]).supply.ship == 1
    assert cli("game", "new", "ex", "--player", "Ann", "--player", "Bob").code == 0
    for player, text in (("Ann", parts[0]), ("Bob", parts[1])):
        assert cli("board", "import", "ex", "-p", player, write(f"{player}.toml", text)).code == 0
    assert cli("board", "import", "ex", "--forum", write("forum.toml", parts[2])).code == 0
    for line in parts[3].strip().splitlines():
        result = cli("turn", "ex", line)
        assert result.code == 0, (line, result.err)
    for player, text in (("Ann", parts[4]), ("Bob", parts[5])):
        shown = parse_sheet(cli("board", "show", "ex", "-p", player, "--json").json()["sheet"])
        assert shown == parse_sheet(text), player


def test_the_shipped_example_is_the_worked_example(cli, tmp_path, monkeypatch):
    """`trajan turn --example cycle-1` records the worked example's set-up and cycle I."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    parts = [body for _k, body in re.findall(r"```(\w*)\n(.*?)```", EXAMPLE.read_text(), re.S)]
    assert cli("game", "new", "ex", "--player", "Ann", "--player", "Bob").code == 0
    assert cli("turn", "ex", "--example", "cycle-1").code == 0
    log = [line for line in cli("game", "log", "ex").out.splitlines() if not line.startswith("#")]
    played = [parse_line(line, PLAYERS) for line in log if not line.startswith(("board ", "forum:"))]
    assert played == [parse_line(line, PLAYERS) for line in parts[3].strip().splitlines()]
    for player, text in (("Ann", parts[4]), ("Bob", parts[5])):
        shown = parse_sheet(cli("board", "show", "ex", "-p", player, "--json").json()["sheet"])
        assert shown == parse_sheet(text), player


# --- Exchanges on a turn (pp. 21, 26, 28) --------------------------------------------------


SUPPLY = "2 coin tribune builder 3 assistant 2 worker:o worker:b"
TAKE = "Ann: take C2 C4; use received: coin; "


def supply_of(table: Tabletop):
    return table.board("Ann").supply


def test_two_workers_of_one_colour_make_a_builder_on_a_turn_without_a_build_p21_p28():
    """p. 21: two workers of the same colour change into a builder; p. 28: such an exchange
    may be made on one's turn to hold a Trajan card's resources at the scoring."""
    table = ann(board(supply=SUPPLY, ship=1))
    done = play(table, TAKE + "exchange 2 worker:o for builder; pass")
    supply = supply_of(table)
    assert supply.builders == 2 and supply.workers[Colour.ORANGE] == 0
    assert done.turn.exchanges == (Exchange((("worker:orange", 2),), (("builder", 1),), 0),)
    assert format_line(done.turn) == TAKE + "exchange 2 worker:o for builder; pass"


def test_an_assistant_changes_a_worker_s_colour_p21():
    """p. 21: an assistant enables you to change a worker's colour; on one's turn, outside a
    payment, for the scoring's Trajan card (p. 28)."""
    table = ann(board(supply=SUPPLY, ship=1))
    play(table, TAKE + "exchange assistant worker:o for worker:y")
    supply = supply_of(table)
    assert supply.assistants == 2 and supply.workers[Colour.ORANGE] == 1
    assert supply.workers[Colour.YELLOW] == 1


def test_exchanges_are_made_in_order_before_between_or_after_the_builds():
    """The exchanges and the build happen in the order written (pp. 21-22): two workers
    changed into a builder before the library pay for it; changed after it, they do not."""
    setup = board(supply="2 worker:o", ship=1)
    table = ann(setup)
    play(table, TAKE + "exchange 2 worker:o for builder; build lib C2 pay builder worker y")
    assert table.board("Ann").colonia.at(C2).gray is not None
    table = ann(setup)
    problems = refusal(table, TAKE + "build lib C2 pay builder worker y; exchange 2 worker:o for builder")
    assert rules_of(problems) == [TurnRule.PAY_NOT_A_WAY]  # no builder yet at the build


def test_craftsman_i_exchanges_twice_a_turn_the_payment_s_included_p26():
    """p. 26: Craftsman I twice per turn; an assistant turned into a worker inside the
    build's payment is one of the two."""
    setup = board(citizens="5 a", supply=SUPPLY, ship=1)
    table = ann(setup)
    play(table, TAKE + "exchange assistant for worker:y; exchange assistant for worker:g; pass")
    assert supply_of(table).assistants == 1
    table = ann(setup)
    problems = refusal(table, TAKE + "build g C2 pay assistant envoy none; exchange assistant for "
                              "worker:y; exchange assistant for worker:b")
    assert rules_of(problems) == [TurnRule.EXCHANGE_LIMIT]
    assert problems[0].details["citizen"] is Citizen.CRAFTSMAN_I and str(problems[0].page) == "p. 26"
    assert "twice" not in problem_text(problems[0]) and "2 times a turn" in problem_text(problems[0])
    table = ann(setup)
    problems = refusal(table, TAKE + "exchange assistant for worker:y; exchange assistant for "
                              "worker:b; build g C2 pay assistant envoy none")
    assert rules_of(problems) == [TurnRule.PAY_NOT_A_WAY]  # Craftsman I is spent


def test_craftsman_ii_exchanges_once_a_turn_the_payment_s_included_p26():
    setup = board(citizens="6 a", supply=SUPPLY, ship=1)
    table = ann(setup)
    problems = refusal(table, TAKE + "build lib C2 pay assistant worker y; exchange assistant for builder")
    assert rules_of(problems) == [TurnRule.EXCHANGE_LIMIT]
    assert "once a turn" in problem_text(problems[0]) and "Craftsman II" in problem_text(problems[0])
    table = ann(setup)
    assert rules_of(refusal(table, TAKE + "exchange assistant for builder; build lib C2 pay "
                                         "assistant worker y")) == [TurnRule.PAY_NOT_A_WAY]
    play(table, TAKE + "exchange assistant for builder; build lib C2 pay builder worker y")
    assert supply_of(table).builders == 1 and supply_of(table).assistants == 2


def test_merchant_ii_exchanges_once_a_turn_in_the_building_phase_p26():
    """p. 26: Merchant II once per turn in the building phase: one of coin, tribune and
    assistant for another; inside a payment (a coin made an assistant) it counts too."""
    setup = board(citizens="4 a", supply=SUPPLY, ship=1)
    table = ann(setup)
    play(table, TAKE + "exchange coin for tribune")
    assert supply_of(table).tribunes == 2 and supply_of(table).coins == 2  # 2 + 1 received - 1
    table = ann(setup)
    problems = refusal(table, TAKE + "exchange coin for tribune; exchange tribune for assistant")
    assert rules_of(problems) == [TurnRule.EXCHANGE_LIMIT]
    table = ann(setup)
    problems = refusal(table, TAKE + "build g C2 pay coin worker:o envoy none; exchange tribune for coin")
    assert rules_of(problems) == [TurnRule.EXCHANGE_LIMIT]
    assert rules_of(refusal(table, TAKE + "exchange coin for coin")) == [TurnRule.EXCHANGE_NOT_ALLOWED]


def test_a_citizen_s_exchange_needs_that_citizen_active_p26():
    """p. 26: the exchanges are the special abilities of Craftsman I and II and Merchant II;
    a Merchant I (row 3) gives none."""
    table = ann(board(citizens="3 a", supply=SUPPLY, ship=1))
    for line, citizen in (("exchange assistant for builder", Citizen.CRAFTSMAN_II),
                          ("exchange assistant for worker:g", Citizen.CRAFTSMAN_I),
                          ("exchange tribune for coin", Citizen.MERCHANT_II)):
        problems = refusal(table, TAKE + line)
        assert rules_of(problems) == [TurnRule.EXCHANGE_NO_CITIZEN]
        assert problems[0].details["citizen"] is citizen and str(problems[0].page) == "p. 26"


def test_an_inactive_citizen_exchanges_nothing_p26():
    """p. 26: an inactive citizen is as if he did not exist."""
    table = ann(board(citizens="6 i", supply=SUPPLY, ship=1))
    assert rules_of(refusal(table, TAKE + "exchange assistant for builder")) == \
        [TurnRule.EXCHANGE_NO_CITIZEN]


def test_an_exchange_the_rules_do_not_know_is_refused_naming_them_p21():
    """Only the exchanges of p. 21 and the citizens' of p. 26, one at a time; even with
    Merchant II and both craftsmen active these are none of them."""
    table = ann(board(citizens="4 a 5 a 6 a", supply=SUPPLY, ship=1))
    for line in ("exchange coin for builder", "exchange 3 worker:o for builder",
                 "exchange worker:o worker:b for builder", "exchange assistant worker:o for worker:o",
                 "exchange 2 coin for 2 tribune", "exchange assistant for upgrade",
                 "exchange assistant for vp"):
        problems = refusal(table, TAKE + line)
        assert rules_of(problems) == [TurnRule.EXCHANGE_NOT_ALLOWED], line
        assert str(problems[0].page) == "p. 21"
        assert line.removeprefix("exchange ") in problem_text(problems[0])


def test_an_exchange_gives_only_what_the_supply_holds():
    """p. 21: two workers of the same colour, from the supply as the turn has left it so
    far (the second exchange finds the orange workers gone)."""
    table = ann(board(supply=SUPPLY, ship=1))
    problems = refusal(table, TAKE + "exchange 2 worker:b for builder")
    assert rules_of(problems) == [TurnRule.EXCHANGE_SHORT]
    assert "the supply holds 1" in problem_text(problems[0])
    problems = refusal(table, TAKE + "exchange 2 worker:o for builder; exchange 2 worker:o for builder")
    assert rules_of(problems) == [TurnRule.EXCHANGE_SHORT]


def test_house_rule_assistant_colour_when_missing_holds_for_an_exchange_p22():
    """With `assistant-colour=when-missing` (after the English p. 22) an assistant changes a
    worker's colour only while no worker of the colour wanted is in the supply."""
    rules = RULES.reading(RULES.readings._replace(assistant_colour=AssistantColour.WHEN_MISSING))
    table = ann(board(supply=SUPPLY, ship=1), rules=rules)
    problems = refusal(table, TAKE + "exchange assistant worker:o for worker:b", rules=rules)
    assert rules_of(problems) == [TurnRule.EXCHANGE_COLOUR_AT_HAND]
    play(table, TAKE + "exchange assistant worker:o for worker:g", rules=rules)


def test_exchange_through_trajan_turn_is_recorded_and_logged(cli, write, tmp_path, monkeypatch):
    """`trajan turn` records the exchanges (Craftsman II's and two workers', pp. 21, 26) in
    the line and on the board; one whose citizen is missing is refused with its page, exit
    status 2, nothing recorded."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    setup = "\n".join([board(citizens="6 a", supply=SUPPLY, ship=1),
                       board(supply=SUPPLY, ship=1).replace("board Ann", "board Bob"), FORUM,
                       "round I.1"])
    assert cli("game", "new", "g", "--player", "Ann", "--player", "Bob").code == 0
    assert cli("turn", "g", "--file", write("setup.txt", setup + "\n")).code == 0
    line = "Ann: take C2 C4; use received: coin; exchange assistant for builder; exchange 2 worker:o for builder"
    line += "; pass"
    result = cli("turn", "g", line, "--json")
    assert result.code == 0, result.err
    assert result.json()["recorded"][0]["line"] == line
    assert cli("game", "log", "g").out.splitlines()[-1] == line
    sheet = parse_sheet(cli("board", "show", "g", "-p", "Ann", "--json").json()["sheet"])
    assert sheet.supply.builders == 3 and sheet.supply.assistants == 2
    # Bob has no Craftsman II: refused with its page, exit 2, nothing recorded.
    before = store.load_game("g").lines
    refused = cli("turn", "g", "Bob: take C2 C4; use received: coin; exchange assistant for builder")
    assert refused.code == 2
    said = " ".join(refused.err.split())
    assert "Craftsman II" in said and "(p. 26)" in said
    assert store.load_game("g").lines == before


@pytest.mark.parametrize("line, token", [
    ("Ann: take C2 C4; use own: coin; exchange coin", "exchange coin"),
    ("Ann: take C2 C4; use own: coin; exchange for builder", "for"),
    ("Ann: take C2 C4; use own: coin; exchange coin for", "for"),
    ("Ann: take C2 C4; use own: coin; exchange coin for tribune lib", "lib"),
    ("Ann: take C2 C4; exchange coin for tribune; use own: coin", "use"),
    ("Ann: take C2 C4; use own: coin; pass; exchange coin for tribune", "exchange"),
])
def test_a_malformed_exchange_is_one_line_naming_the_token_exit_2(cli, tmp_path, monkeypatch,
                                                                  line, token):
    """Bad notation: one line naming the token, exit status 2, never a traceback."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    assert cli("game", "new", "g", "--player", "Ann", "--player", "Bob").code == 0
    result = cli("turn", "g", line)
    assert result.code == 2 and "Traceback" not in result.err
    assert f"'{token}'" in result.err


# --- The notation round-trips ------------------------------------------------------------


WORDS = ["coin", "tribune", "builder", "assistant", "upgrade", "vp",
         *(f"worker:{c.value}" for c in Colour)]
SQUARES = st.tuples(st.integers(0, 5), st.integers(0, 5))


@st.composite
def resources(draw):
    names = draw(st.lists(st.sampled_from(WORDS), min_size=1, max_size=3, unique=True))
    return tuple((name, draw(st.integers(1, 3))) for name in names)


@st.composite
def turns(draw):
    take = tuple(draw(st.lists(SQUARES, max_size=2, unique=True)))
    use = draw(st.one_of(st.none(), resources().map(
        lambda r: Use(UseKind.RECEIVED, (Gain(resources=r),)))))
    builds = tuple(Build(tile, (square,)) for tile, square in draw(st.lists(
        st.tuples(st.sampled_from(["lib", "g", "mkt", "col"]), SQUARES), max_size=2)))
    exchanges = sorted(draw(st.lists(st.tuples(st.integers(0, len(builds)), resources(), resources()),
                                     max_size=4)), key=lambda e: e[0])
    passed = not builds and draw(st.booleans())
    return Turn("Ann", take, use, builds, passed,
                tuple(Exchange(give, get, after) for after, give, get in exchanges))


@settings(max_examples=scaled(200), deadline=None)
@given(turns())
def test_a_turn_with_exchanges_reads_back_as_itself(turn):
    """Exchanges keep their place among the builds: format, then parse, gives the turn."""
    text = format_line(turn)
    assert parse_line(text, PLAYERS) == turn
    assert parse_line(text.upper(), PLAYERS) == turn._replace(player="ANN")  # case is free
    if turn.exchanges:
        assert "exchange " in text
