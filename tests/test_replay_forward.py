"""Carrying a game's state forward line by line (issue 20, item 16).

A game is its record, and ``GameState.replay`` is the fold of ``GameState.apply`` over its
lines. The promise: applying a record's lines one at a time (``state.apply``, as `trajan
turn`, `trajan score` and the table screen record them) gives exactly what replaying the
whole record from its first line gives, for any game and any point the record is cut at;
``state.undo()`` gives what replaying the shorter record gives; a line that does not fit
is refused and leaves the state as it was. The games are walked at random through every
question of both games' scoring (three cycles or four quarters and the final scoring,
boards recorded and not), played at random turn by turn (tests/helpers/play_strategies.py), and
the golden games kept by turns (tests/records/golden-*.txt).
"""

from __future__ import annotations

import dataclasses

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trajan_cli.core.game import SHEET_RECORD, TRAJAN, Answer, Game, GameError
from trajan_cli.core.records import is_record
from trajan_cli.core.scoring_phase.questions import Kind, answer_for
from trajan_cli.core.state import GameState, LineRefused
from trajan_cli.core.turns.moves import BoardLine
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.games.readers import script_inputs
from trajan_cli.parsing.toml_text import sheet_toml

from helpers.board_strategies import recorded_sheets
from helpers.hypothesis_profiles import scaled
from helpers.walkthrough import TOM_QUICK, play, tom_game


def question_seen(question):
    """What a question shows and what it takes (its checks are closures: never equal)."""
    if question is None:
        return None
    return (question.key, question.kind, question.step, question.cycle, question.player, question.text,
            dict(question.params), question.options, question.default, question.minimum, question.maximum)


def state_seen(state):
    table = state.table
    boards = None if table is None else (table.sheets, table.forum, table.scored, table.scored_forum)
    return (state.events, question_seen(state.question), state.answered, state.ranking, boards,
            state.record, state.next(), state.finished, state.position)


def cut(game: Game, n: int) -> Game:
    return dataclasses.replace(game, lines=game.lines[:n])


def carried_and_replayed(game: Game, inputs, cuts: list[int], *, as_recorded: bool = False) -> GameState:
    """Replay ``game`` cut at ``cuts[0]``, then apply its lines one at a time; at each cut
    the state carried forward is the full replay of the game so cut. ``as_recorded``: the
    lines are read back from a record written before (`trajan turn --file`). Returns the
    state."""
    state = GameState.replay(cut(game, cuts[0]), *inputs)
    done = cuts[0]
    for upto in cuts:
        for line in game.lines[done:upto]:
            state.apply(line, as_recorded=as_recorded)
        done = upto
        replayed = GameState.replay(cut(game, upto), *inputs)
        assert state_seen(state) == state_seen(replayed), upto
        if replayed.table.play.cycle is not None:
            assert state.table.play.kept_by_turns(Cycle.I) == replayed.table.play.kept_by_turns(Cycle.I), upto
    return state


NOTHING = object()


def random_value(question, draw):
    """A value for ``question`` that it accepts, drawn at random; NOTHING when none was found."""
    options = [o.value for o in question.options]
    candidates = []
    for _ in range(4):
        match question.kind:
            case Kind.BOARD:
                return None  # kept as recorded
            case Kind.CHOICE:
                candidates.append(draw(st.sampled_from(options)))
            case Kind.MULTI:
                candidates.append(draw(st.lists(st.sampled_from(options), unique=True)) if options else [])
            case Kind.INT:
                candidates.append(draw(st.integers(question.minimum, min(question.maximum, question.minimum + 40))))
            case Kind.ROWS:
                candidates.append(draw(st.lists(st.integers(0, 2), min_size=6, max_size=6)))
            case Kind.NUMBERS:
                candidates.append(draw(st.lists(st.integers(question.minimum, min(question.maximum, 9)),
                                                max_size=3)))
            case Kind.FILE:
                return NOTHING
    candidates += [question.default, question.minimum, [0] * 6, []]
    for value in candidates:
        if value is None:
            continue
        normal, problem = question.validate(value)
        if problem is None:
            return normal
    return NOTHING


@st.composite
def walked_games(draw):
    """A game answered question by question at random, with the answers in order; its boards
    recorded as board lines or, as an earlier version saved them, as sheet texts. Each line
    is one the tool records now (``apply`` took it); a drawn board it refuses is left out."""
    variant = draw(st.sampled_from(["forum-trajanum", TRAJAN]))
    players = ("Ann", "Bob", "Cleo")[:draw(st.integers(2, 3))]
    if variant == TRAJAN:
        game = Game("walk", players, players[0], variant=TRAJAN)
    else:
        game = Game("walk", players, players[0], cards={Cycle.I: "I-1", Cycle.II: "II-3", Cycle.III: "III-4"},
                    first_cycle=draw(st.sampled_from(list(Cycle))))
    inputs = script_inputs(game)
    state = GameState.start(game, *inputs)
    if variant != TRAJAN:
        for p in draw(st.lists(st.sampled_from(players), unique=True)):
            sheet = dataclasses.replace(draw(recorded_sheets()), name=p)
            record = (Answer(SHEET_RECORD, game.first_cycle, p, {"text": sheet_toml(sheet)})
                      if draw(st.booleans()) else BoardLine(p, sheet))
            try:
                state.apply(record)
            except LineRefused:  # a board only a saved game may show (a crane scored before any scoring)
                continue
    for _ in range(draw(st.integers(0, 120))):
        question = state.question
        if question is None:
            break
        if question.kind is Kind.CHOICE and "file" in [o.value for o in question.options]:
            question = question._replace(options=tuple(o for o in question.options if o.value != "file"))
        value = random_value(question, draw)
        if value is NOTHING:
            break
        try:
            state.apply(answer_for(state.question, value))
        except LineRefused:  # an answer only a table check refuses: leave it out
            break
    return state.record, inputs


@settings(max_examples=scaled(40), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(walked_games(), st.data())
def test_carried_forward_is_the_same_as_replayed_from_the_start(walked, data):
    game, inputs = walked
    n = len(game.lines)
    cuts = sorted(set(data.draw(st.lists(st.integers(0, n), max_size=6)) + [n]))
    carried_and_replayed(game, inputs, cuts)


@settings(max_examples=scaled(25), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(walked_games(), st.data())
def test_lines_taken_back_give_the_shorter_record_replayed(walked, data):
    """``undo`` line by line back to a shorter record gives what replaying that record
    gives; applying the lines again gives the whole game's replay."""
    game, inputs = walked
    state = GameState.replay(game, *inputs)
    shorter = cut(game, data.draw(st.integers(0, len(game.lines))))
    while state.answered > len(GameState.replay(shorter, *inputs).lines):
        state.undo()
    assert state_seen(state) == state_seen(GameState.replay(shorter, *inputs))
    for line in game.lines[len(shorter.lines):]:
        state.apply(line)
    assert state_seen(state) == state_seen(GameState.replay(game, *inputs))


def test_an_answer_that_does_not_fit_is_refused_and_changes_nothing():
    result, _shown, _saved = play(tom_game(), TOM_QUICK[:5])
    game = result.game
    inputs = script_inputs(game)
    state = GameState.replay(game, *inputs)
    wrong = Answer("pay.marker", Cycle.III, "Tom", 3)  # not the question asked
    with pytest.raises(LineRefused):
        state.apply(wrong)
    assert state_seen(state) == state_seen(GameState.replay(game, *inputs))
    with pytest.raises(LineRefused):  # nor does a replay take it
        GameState.replay(game.with_line(wrong), *inputs)
    following = TOM_QUICK[5]  # the next answer the walk takes still goes on
    state.apply(answer_for(state.question, following))
    assert state_seen(state) == state_seen(GameState.replay(state.record, *inputs))
    assert state.answered == len(game.lines) + 1


def test_a_board_recorded_at_the_question_held_is_the_full_replay(rules):
    """A board recorded while the game waits at the first question of the phase: that
    question is asked with the board now, as a replay of the longer record asks it."""
    game = Game("g", ("Ann", "Bob"), "Ann", cards={Cycle.I: "I-1"})
    inputs = script_inputs(game)
    state = GameState.replay(game, *inputs)
    assert state.question.key == "pay.mode"  # no board yet: how to answer
    from trajan_cli.parsing.sheet import parse_sheet

    from helpers.walkthrough import sheet_text

    board = BoardLine("Ann", parse_sheet(sheet_text("Ann", coins=2), "<board>"))
    state.apply(board)
    recorded = game.with_line(board)
    assert state_seen(state) == state_seen(GameState.replay(recorded, *inputs))
    assert state.question.key == "pay.board"  # the board is looked over instead
    legacy = game.with_line(Answer(SHEET_RECORD, Cycle.I, "Ann", {"text": sheet_text("Ann", coins=2)}))
    assert state_seen(GameState.replay(legacy, *inputs))[:5] == state_seen(state)[:5]  # as an earlier version kept it


# --- Turns during play, and the scoring phase after them (issue 19, item 5) ---------------------


@st.composite
def played_and_scored(draw):
    """A random legal cycle I kept by turns (some of its rounds, or all of them and then
    some answers of its scoring phase), with the answers in order."""
    from helpers.play_strategies import PARSERS, RULES, played_games

    game = draw(played_games(rounds=draw(st.integers(0, 4))))
    inputs = (RULES, PARSERS)
    state = GameState.replay(game, *inputs)
    for _ in range(draw(st.integers(0, 12))):
        question = state.question
        if question is None or question.kind is Kind.FILE:
            break
        value = random_value(question, draw)
        if value is NOTHING:
            break
        game = game.with_line(answer_for(question, value))
        try:
            state = GameState.replay(game, *inputs)
        except GameError:
            game = game.without_last_line()
            break
    return game, inputs


@settings(max_examples=scaled(25), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(played_and_scored(), st.data())
def test_turns_carried_forward_are_the_same_as_replayed_from_the_start(played, data):
    """Turns recorded while the game waits at the phase's first question (the open stage
    reads the live table until its first answer), the last turn of the cycle among them,
    then answers of the phase."""
    game, inputs = played
    n = len(game.lines)
    cuts = sorted(set(data.draw(st.lists(st.integers(0, n), max_size=8)) + [n]))
    carried_and_replayed(game, inputs, cuts)


@settings(max_examples=scaled(15), deadline=None,
          suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(played_and_scored(), st.data())
def test_turns_taken_back_give_the_shorter_record_replayed(played, data):
    game, inputs = played
    state = GameState.replay(game, *inputs)
    keep = data.draw(st.integers(0, len(game.lines)))
    shorter = GameState.replay(cut(game, keep), *inputs)
    while state.answered > shorter.answered:
        state.undo()
    assert state_seen(state) == state_seen(shorter)


def _golden(cli, write, name: str):
    """A golden game (three cycles, turns and scoring answers) as `trajan turn --file`
    records it, and its readers."""
    from trajan_cli.games import store

    from helpers.golden import RECORDS, expected, record_lines

    path = RECORDS / name
    want = expected(path)
    assert cli(*want.new).code == 0
    game_name = want.new[2]
    assert cli("turn", game_name, "--file", write("all.txt", "\n".join(record_lines(path)) + "\n")).code == 0
    game = store.load_game(game_name)
    return game, script_inputs(game)


@pytest.mark.slow  # at every line of three whole games
@pytest.mark.parametrize("golden", ["golden-2p.txt", "golden-3p.txt", "golden-4p.txt"])
def test_a_game_kept_by_turns_carried_forward_line_by_line_is_the_same_as_replayed(
        cli, write, tmp_path, monkeypatch, golden):
    """Recorded one line at a time as `trajan turn` does: at every line, what the lines
    applied one by one give is what a full replay gives; and taken back line by line,
    every shorter record's replay."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    game, inputs = _golden(cli, write, golden)
    assert GameState.replay(game, *inputs).finished
    # The golden records are files written before, read back by `trajan turn --file`: an
    # envoy left unsaid where one could go reads as none, as that command reads it.
    state = carried_and_replayed(game, inputs, list(range(len(game.lines) + 1)), as_recorded=True)
    assert state.finished
    for n in range(len(game.lines) - 1, max(-1, len(game.lines) - 40), -1):
        state.undo()
        assert state_seen(state) == state_seen(GameState.replay(cut(game, n), *inputs)), n


def test_a_board_recorded_after_the_points_of_play_were_scored_is_the_full_replay(
        cli, write, tmp_path, monkeypatch):
    """Cycle I's last turn recorded: the phase scores the points of play without asking, and
    the game waits at a question further on. A board recorded then is applied as a replay
    of the longer record applies it."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    game, inputs = _golden(cli, write, "golden-3p.txt")
    first_answer = next(i for i, a in enumerate(game.lines) if isinstance(a, Answer) and not is_record(a.key))
    played = cut(game, first_answer)
    state = GameState.replay(played, *inputs)
    assert state.table.play.kept_by_turns(Cycle.I)
    assert any(e.cycle == Cycle.I for e in state.events)  # the points of play, scored unasked
    board = state.table.board("Bob")
    changed = dataclasses.replace(board, supply=dataclasses.replace(board.supply, coins=board.supply.coins + 1))
    state.apply(BoardLine("Bob", changed))
    recorded = played.with_line(BoardLine("Bob", changed))
    assert state.table.board("Bob") == changed
    assert state_seen(state) == state_seen(GameState.replay(recorded, *inputs))
