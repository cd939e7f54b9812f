"""Boards kept in a game (interface.md, "Boards kept in the game"): records among the
answers, applied in order on replay; builds judged again on the recorded board."""

import pytest

from trajan_cli.cli.options import EXAMPLES_DIR
from trajan_cli.core.game import Answer, Game, GameError
from trajan_cli.core.state import GameState
from trajan_cli.core.tabletop import (
    BUILD_RECORD,
    FORUM_RECORD,
    SHEET_RECORD,
    BuildRecord,
    Tabletop,
    apply_record,
    resolve_forum_players,
)
from trajan_cli.core.vocabulary import CellKind, Colour, Cycle
from trajan_cli.games.readers import default_parsers
from trajan_cli.parsing.forum import parse_forum

TOM = (EXAMPLES_DIR / "tom.toml").read_text(encoding="utf-8")
FORUM = (EXAMPLES_DIR / "tom-forum.toml").read_text(encoding="utf-8")


@pytest.fixture
def parsers(rules):
    return default_parsers(rules)


def record(key, value, player=None, cycle=Cycle.I):
    return Answer(key, cycle, player, value)


def game(*answers):
    return Game(name="g", players=("Tom", "Anna"), start_player="Tom", lines=tuple(answers))


def test_records_replay_into_the_table_before_the_first_question(rules, parsers):
    state = GameState.replay(game(record(SHEET_RECORD, {"text": TOM}, "Tom"),
                          record(FORUM_RECORD, {"text": FORUM})), rules, parsers)
    assert state.question.key == "pay.board"  # records are not answers; Tom is in board mode
    assert state.table.board("Tom").supply.ship == 3
    assert state.table.mark_of("Anna") == "A" and state.table.mark_of("Tom") == "T"


def test_a_temple_moved_in_a_later_record_does_not_replay_p19(rules, parsers):
    moved = TOM.replace("lib T   bas", "lib .   bas").replace("g   .   col T", "g   T   col T")
    with pytest.raises(GameError):
        GameState.replay(game(record(SHEET_RECORD, {"text": TOM}, "Tom"),
                      record(SHEET_RECORD, {"text": moved}, "Tom")), rules, parsers)


def test_forum_marks_resolve_to_players_by_name_or_unique_start():
    forum = parse_forum('players = { T = "to", X = "Ann" }\ngrid = "y:T y:X"\n', "f")
    resolved, problems = resolve_forum_players(forum, ["Tom", "Anna"])
    assert dict(resolved.players) == {"T": "Tom", "X": "Anna"} and problems == []
    _, problems = resolve_forum_players(forum, ["Tom", "Toby", "Anna"])  # "to" is ambiguous
    assert [mark for mark, _ in problems] == ["T"]


#: Tom's board with one library (D1): the others are columns, so the marker stands at 1
#: (p. 24); one builder to build with.
ONE_LIBRARY = (TOM.replace("builders = 0", "builders = 1").replace("library = 4", "library = 1")
               .replace("lib T   bas lib .", "col T   bas col .").replace("g   lib b", "g   col b")
               .replace("col lib g", "col col g"))


def build(tile, cells, spent, envoys=()):
    return record(BUILD_RECORD, BuildRecord(tile, tuple(cells), spent, tuple(envoys)).to_json(), "Tom")


def test_a_recorded_build_changes_board_supply_ship_and_forum_p22_p25(rules, parsers):
    table = Tabletop(("Tom", "Anna"))
    apply_record(table, record(SHEET_RECORD, {"text": TOM}, "Tom"), rules, parsers)
    apply_record(table, record(FORUM_RECORD, {"text": FORUM}), rules, parsers)
    # Green structure on the vacated C1, paid with the one green worker; its envoy joins
    # the started green area (A2/A3 free), p. 25.
    apply_record(table, build("g", ["C1"], {"worker:green": 1}, ["A2"]), rules, parsers)
    board = table.board("Tom")
    assert board.colonia.at((2, 0)).kind is CellKind.STRUCTURE
    assert board.colonia.at((2, 0)).colour is Colour.GREEN
    assert board.supply.workers[Colour.GREEN] == 0 and board.supply.ship == 2
    assert table.forum.at((0, 1)).envoy == "T"


def test_a_library_moves_its_track_marker_p24(rules, parsers):
    table = Tabletop(("Tom", "Anna"))
    sheet = ONE_LIBRARY
    apply_record(table, record(SHEET_RECORD, {"text": sheet}, "Tom"), rules, parsers)
    apply_record(table, build("lib", ["C1"], {"builder": 1}), rules, parsers)
    assert table.board("Tom").tracks["library"] == 2 and table.board("Tom").supply.builders == 0


@pytest.mark.parametrize("bad", [
    build("g", ["B2"], {"worker:green": 1}),  # B2 is a temple (p. 22)
    build("g", ["C1"], {"builder": 1}),  # not a way to pay: Tom has no builder
    build("g", ["C1"], {"worker:green": 1}, ["H1"]),  # outside the started green area (p. 25)
    build("g", ["C1"], {"worker:green": 1}, ["A2", "A3"]),  # one structure sends one envoy
])
def test_an_illegal_build_record_does_not_replay(rules, parsers, bad):
    table = Tabletop(("Tom", "Anna"))
    apply_record(table, record(SHEET_RECORD, {"text": TOM}, "Tom"), rules, parsers)
    apply_record(table, record(FORUM_RECORD, {"text": FORUM}), rules, parsers)
    with pytest.raises(GameError):
        apply_record(table, bad, rules, parsers)
    assert table.board("Tom").colonia.at((2, 0)).kind is CellKind.VACATED  # nothing recorded


def test_undo_is_dropping_the_last_record(rules, parsers):
    built = game(record(SHEET_RECORD, {"text": TOM}, "Tom"), build("g", ["C1"], {"worker:green": 1}))
    assert GameState.replay(built, rules, parsers).table.board("Tom").colonia.at((2, 0)).kind is CellKind.STRUCTURE
    undone = GameState.replay(built.without_last_line(), rules, parsers)
    assert undone.table.board("Tom").colonia.at((2, 0)).kind is CellKind.VACATED


def gaining_build(tile, cells, spent, gained):
    return record(BUILD_RECORD, BuildRecord(tile, tuple(cells), spent, (), (), gained).to_json(), "Tom")


def test_a_benefit_taken_goes_into_the_supply_p24(rules, parsers):
    # Library from space 1 to 2: Tom may take 1 builder (space 2) or 1 worker + 1 tribune
    # (space 1, an earlier one, allowed from space 2 on).
    table = Tabletop(("Tom", "Anna"))
    sheet = ONE_LIBRARY
    apply_record(table, record(SHEET_RECORD, {"text": sheet}, "Tom"), rules, parsers)
    apply_record(table, gaining_build("lib", ["C1"], {"builder": 1},
                                      {"worker:yellow": 1, "tribune": 1}), rules, parsers)
    supply = table.board("Tom").supply
    assert supply.workers[Colour.YELLOW] == 1 and supply.tribunes == 1 and supply.builders == 0


def test_a_benefit_the_track_does_not_offer_does_not_replay_p24(rules, parsers):
    # Market from space 2 to 3 offers 1 coin, an area bonus or an envoy: never 2 builders.
    sheet = TOM.replace("builders = 0", "builders = 1")
    with pytest.raises(GameError, match="not a benefit"):
        GameState.replay(game(record(SHEET_RECORD, {"text": sheet}, "Tom"),
                      gaining_build("mkt", ["C1"], {"builder": 1}, {"builder": 2})), rules, parsers)


def test_a_build_recorded_before_benefits_were_recorded_still_replays(rules, parsers):
    old = BuildRecord("lib", ("C1",), {"builder": 1}).to_json()
    assert "gained" not in old  # the record as older versions wrote it
    sheet = ONE_LIBRARY
    state = GameState.replay(game(record(SHEET_RECORD, {"text": sheet}, "Tom"),
                          record(BUILD_RECORD, old, "Tom")), rules, parsers)
    assert state.table.board("Tom").supply.tribunes == 0
