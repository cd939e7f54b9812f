"""A recorded board scores exactly like the same board given as a sheet file (issue 14).

For random legal boards and forums, one scoring phase is walked twice: once in board mode
(the boards are records of the game: the table keeps them as recorded and types only the
marker, the rows to pay when coins are short and the slide-bar values), once in file mode
(the same boards as a player-sheet file and a forum file). Every category of the
standings, the ranking after cycle III and the board kept afterwards must be the same.
"""

from __future__ import annotations

import dataclasses

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trajan_cli.core.colonia import CORNERS, COVERED, CellKind
from trajan_cli.core.forum import Forum, ForumSquare
from trajan_cli.core.game import Answer, Game
from trajan_cli.core.scoring_phase.questions import Kind, answer_for
from trajan_cli.core.state import GameState
from trajan_cli.core.tabletop import FORUM_RECORD, SHEET_RECORD
from trajan_cli.core.vocabulary import Colour, Cycle
from trajan_cli.games.readers import default_parsers
from trajan_cli.parsing.toml_text import forum_toml, sheet_toml
from trajan_cli.rulesdata import load_rules

from helpers.board_strategies import recorded_sheets
from helpers.hypothesis_profiles import scaled

RULES = load_rules()
PARSERS = default_parsers(RULES)
NAMES = ("Ann", "Bob")
MARKS = {"Ann": "A", "Bob": "Bo"}  # "B" would read as a blue square


@st.composite
def table_forums(draw, players) -> Forum:
    """A forum laid out at random, with envoys of some of the game's ``players``. A forum
    file names one player at least (parse_forum), so the marks are a non-empty subset."""
    named = draw(st.lists(st.sampled_from(players), min_size=1, unique=True))
    marks = {MARKS[p]: p for p in named}
    width, height = draw(st.integers(1, 8)), draw(st.integers(1, 4))
    kinds = st.one_of(st.none(), st.just("eagle"), st.sampled_from(list(Colour)))
    rows = []
    for _ in range(height):
        row = []
        for _ in range(width):
            kind = draw(kinds)
            if kind is None:
                row.append(None)
                continue
            envoy = draw(st.sampled_from([None, *marks]))
            row.append(ForumSquare(None if kind == "eagle" else kind, envoy))
        rows.append(tuple(row))
    if all(square is None for row in rows for square in row):
        rows[0] = (ForumSquare(Colour.BLUE, None), *rows[0][1:])  # a forum has squares (p. 18)
    return Forum(grid=tuple(rows), players=marks)


@st.composite
def scorings(draw):
    """(game without answers, boards by player, forum, what the table types by player)."""
    players = NAMES[:draw(st.integers(1, 2))]
    cycle = draw(st.sampled_from(list(Cycle)))
    card = draw(st.sampled_from([cid for cid, c in RULES.cards.items() if c.cycle is cycle]))
    boards, typed = {}, {}
    for name in players:
        sheet = dataclasses.replace(draw(recorded_sheets()), name=name)
        if cycle is Cycle.I:
            # At the first scoring of a game kept from cycle I no crane has been scored yet:
            # a colourless corner would be refused in a sheet file (and never happens).
            colonia = sheet.colonia
            for corner in CORNERS:
                if colonia.at(corner).kind is CellKind.CRANE and colonia.at(corner).colour is None:
                    colonia = colonia.replace(corner, COVERED)
            sheet = dataclasses.replace(sheet, colonia=colonia)
        boards[name] = sheet
        rows = sorted(sheet.citizens)
        coins = sheet.supply.coins  # 1 coin per row (p. 27); a player may pay fewer rows
        paid = sorted(draw(st.lists(st.sampled_from(rows), unique=True, max_size=coins))) \
            if rows else []
        typed[name] = {"pay.marker": draw(st.integers(0, 80)), "pay.rows": paid,
                       "forum.area_points": draw(st.integers(0, 30)),
                       "trajan.value": draw(st.sampled_from(RULES.trajan_values))}
    forum = draw(table_forums(players))
    game = Game("equal", players, players[0], cards={cycle: card}, first_cycle=cycle)
    return game, boards, forum, typed


def walk(game: Game, respond) -> object:
    """Answer the game's first scoring phase question by question, as the session does."""
    while True:
        state = GameState.replay(game, RULES, PARSERS)
        if state.question is None or state.question.cycle is not game.first_cycle:
            return state
        question = state.question
        value, problem = question.validate(respond(question))
        assert problem is None, (question.key, question.player, problem.show())
        game = game.with_line(answer_for(question, value))


def board_mode(game, boards, forum, typed):
    cycle = game.first_cycle
    records = [Answer(SHEET_RECORD, cycle, name, {"text": sheet_toml(sheet)})
               for name, sheet in boards.items()]
    records.append(Answer(FORUM_RECORD, cycle, None, {"text": forum_toml(forum)}))
    asked = []

    def respond(question):
        asked.append((question.key, question.player))
        if question.kind is Kind.BOARD:
            return None  # kept as recorded
        return typed[question.player][question.key]

    state = walk(dataclasses.replace(game, lines=tuple(records)), respond)
    return state, asked


def file_mode(game, boards, forum, typed):
    def respond(question):
        match question.key:
            case "pay.mode" | "forum.mode":
                return "file"
            case "pay.sheet":
                name = question.player
                return {"path": f"{name}.toml", "text": sheet_toml(boards[name])}
            case "forum.file":
                return {"path": "forum.toml", "text": forum_toml(forum)}
        return typed[question.player][question.key]

    return walk(game, respond)


@settings(max_examples=scaled(60), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(scorings())
def test_a_recorded_board_scores_as_the_same_board_from_a_sheet_file(scoring):
    game, boards, forum, typed = scoring
    by_board, asked = board_mode(game, boards, forum, typed)
    by_file = file_mode(game, boards, forum, typed)
    assert by_board.breakdown() == by_file.breakdown()
    assert by_board.totals() == by_file.totals()
    assert by_board.ranking == by_file.ranking
    for name in game.players:  # the board kept afterwards: paid, scored cranes colourless
        assert by_board.table.board(name) == by_file.table.board(name)
    # Board mode asks only what no board shows (issue 14): nothing but these keys.
    assert {key for key, _ in asked} <= {"pay.board", "forum.board", "pay.marker", "pay.rows",
                                         "forum.area_points", "trajan.value"}
    for name, sheet in boards.items():  # paying is the player's choice (p. 27): always asked
        assert (("pay.rows", name) in asked) == bool(sheet.citizens)
