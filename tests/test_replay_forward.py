"""Carrying the replayed state forward (issue 20, item 16).

``Replay.extend`` feeds only the answers added since the state it holds; it must give
exactly what replaying the whole game from its first answer gives (``progress``), for any
game and any way of cutting its answers into steps, and fall back to a full replay when
the game is not an extension of the one it holds (an answer taken back, a record first).
The games are walked at random through every question of both games' scripts, three
cycles or four quarters and the final scoring, boards recorded and not.
"""

from __future__ import annotations

import dataclasses

from board_strategies import recorded_sheets
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from walk_helpers import TOM_QUICK, play, tom_game

from trajan_cli.core.game import SHEET_RECORD, TRAJAN, Answer, Game, GameError
from trajan_cli.core.scoring_phase.questions import Kind
from trajan_cli.core.state import GameState
from trajan_cli.core.scoring_phase.questions import answer_for
from trajan_cli.core.vocabulary import Cycle
from trajan_cli.parsing.toml_text import sheet_toml
from trajan_cli.games.readers import script_inputs

import pytest


def question_seen(question):
    """What a question shows and what it takes (its checks are closures: never equal)."""
    if question is None:
        return None
    return (question.key, question.kind, question.step, question.cycle, question.player, question.text,
            dict(question.params), question.options, question.default, question.minimum, question.maximum)


def state_seen(state):
    table = state.table
    boards = None if table is None else (table.sheets, table.forum, table.scored, table.scored_forum)
    return (state.events, question_seen(state.question), state.answered, state.ranking, boards)


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
    """A game answered question by question at random, with the answers in order."""
    variant = draw(st.sampled_from(["forum-trajanum", TRAJAN]))
    players = ("Ann", "Bob", "Cleo")[:draw(st.integers(2, 3))]
    if variant == TRAJAN:
        game = Game("walk", players, players[0], variant=TRAJAN)
    else:
        game = Game("walk", players, players[0], cards={Cycle.I: "I-1", Cycle.II: "II-3", Cycle.III: "III-4"},
                    first_cycle=draw(st.sampled_from(list(Cycle))))
        recorded = draw(st.lists(st.sampled_from(players), unique=True))
        records = [Answer(SHEET_RECORD, game.first_cycle, p,
                          {"text": sheet_toml(dataclasses.replace(draw(recorded_sheets()), name=p))})
                   for p in recorded]
        game = dataclasses.replace(game, lines=tuple(records))
    inputs = script_inputs(game)
    state = GameState.replay(game, *inputs)
    for _ in range(draw(st.integers(0, 120))):
        question = state.question
        if question is None:
            break
        if question.kind is Kind.CHOICE and "file" in [o.value for o in question.options]:
            question = dataclasses.replace(question, options=tuple(o for o in question.options if o.value != "file"))
        value = random_value(question, draw)
        if value is NOTHING:
            break
        game = game.with_line(answer_for(state.question, value))
        try:
            state = GameState.replay(game, *inputs)
        except GameError:  # an answer only a table check refuses: leave it out
            game = game.without_last_line()
            break
    return game, inputs


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(walked_games(), st.data())
def test_carried_forward_is_the_same_as_replayed_from_the_start(walked, data):
    game, inputs = walked
    n = len(game.lines)
    cuts = sorted(set(data.draw(st.lists(st.integers(0, n), max_size=6)) + [n]))
    start = cuts[0]
    replay = Replay(dataclasses.replace(game, lines=game.lines[:start]), *inputs)
    for cut in cuts:
        part = dataclasses.replace(game, lines=game.lines[:cut])
        assert state_seen(replay.extend(part)) == state_seen(GameState.replay(part, *inputs)), cut


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(walked_games(), st.data())
def test_a_game_that_is_no_extension_is_replayed_from_the_start(walked, data):
    """An answer taken back, or another one in its place: the result is the full replay's."""
    game, inputs = walked
    replay = Replay(game, *inputs)
    shorter = dataclasses.replace(game, lines=game.lines[:data.draw(st.integers(0, len(game.lines)))])
    assert state_seen(replay.extend(shorter)) == state_seen(GameState.replay(shorter, *inputs))
    assert state_seen(replay.extend(game)) == state_seen(GameState.replay(game, *inputs))


def test_an_answer_that_does_not_fit_raises_and_the_next_extend_starts_over():
    result, _shown, _saved = play(tom_game(), TOM_QUICK[:5])
    game = result.game
    inputs = script_inputs(game)
    replay = Replay(game, *inputs)
    wrong = game.with_line(Answer("pay.marker", Cycle.III, "Tom", 3))  # not the question asked
    with pytest.raises(GameError):
        replay.extend(wrong)
    assert state_seen(replay.extend(game)) == state_seen(GameState.replay(game, *inputs))


def test_a_record_after_the_question_held_is_replayed_from_the_start(rules):
    """A board recorded after the question the replay stands at: that question would have
    been asked with the board, so the state is the full replay's."""
    game = Game("g", ("Ann", "Bob"), "Ann", cards={Cycle.I: "I-1"})
    inputs = script_inputs(game)
    replay = Replay(game, *inputs)
    assert replay.progress.question.key == "pay.mode"  # no board yet: how to answer
    from walk_helpers import sheet_text

    recorded = game.with_line(Answer(SHEET_RECORD, Cycle.I, "Ann", {"text": sheet_text("Ann", coins=2)}))
    after = replay.extend(recorded)
    assert state_seen(after) == state_seen(GameState.replay(recorded, *inputs))
    assert after.question.key == "pay.board"  # the board is looked over instead


# --- Turns during play: records after a checkpoint (issue 19, item 5) -------------------------


def _carried_and_replayed(game, inputs, cuts):
    """Replay the game cut at ``cuts[0]``, extend it cut by cut; each state against the full
    replay of the game so cut."""
    replay = Replay(dataclasses.replace(game, lines=game.lines[:cuts[0]]), *inputs)
    for cut in cuts:
        part = dataclasses.replace(game, lines=game.lines[:cut])
        assert state_seen(replay.extend(part)) == state_seen(GameState.replay(part, *inputs)), cut
        assert replay.progress.table.play.kept_by_turns(Cycle.I) \
            == GameState.replay(part, *inputs).table.play.kept_by_turns(Cycle.I), cut


@st.composite
def played_and_scored(draw):
    """A random legal cycle I kept by turns (some of its rounds, or all of them and then
    some answers of its scoring phase), with the answers in order."""
    from play_strategies import PARSERS, RULES, played_games

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


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(played_and_scored(), st.data())
def test_turns_carried_forward_are_the_same_as_replayed_from_the_start(played, data):
    """Turns recorded while the game waits at the phase's first question (the script is sent
    RECHECK and decides again at its checkpoint), the last turn of the cycle among them."""
    game, inputs = played
    n = len(game.lines)
    cuts = sorted(set(data.draw(st.lists(st.integers(0, n), max_size=8)) + [n]))
    _carried_and_replayed(game, inputs, cuts)


def _golden_3p(cli, write):
    """The golden three-player game (three cycles, turns and scoring answers) as `trajan
    turn --file` records it, and its script's inputs."""
    from test_golden_games import RECORDS, expected, record_lines

    from trajan_cli.games import store

    path = RECORDS / "golden-3p.txt"
    want = expected(path)
    assert cli(*want.new).code == 0
    name = want.new[2]
    assert cli("turn", name, "--file", write("all.txt", "\n".join(record_lines(path)) + "\n")).code == 0
    game = store.load_game(name)
    return game, script_inputs(game)


def test_a_game_kept_by_turns_carried_forward_line_by_line_is_the_same_as_replayed(
        cli, write, tmp_path, monkeypatch):
    """Recorded one line at a time as `trajan turn` does: at every line, what the replay
    carried forward gives is what a full replay gives."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    game, inputs = _golden_3p(cli, write)
    assert GameState.replay(game, *inputs).finished
    _carried_and_replayed(game, inputs, list(range(len(game.lines) + 1)))


def test_a_record_after_a_question_not_right_after_the_checkpoint_is_replayed_whole(
        cli, write, tmp_path, monkeypatch):
    """Cycle I's last turn recorded: the phase scores the points of play without asking, and
    the game waits at a question further on. A board recorded then is applied, as a replay
    applies it, at the checkpoint before that: further back than the script can go, so the
    game is replayed from the start."""
    from trajan_cli.core.tabletop import is_record

    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    game, inputs = _golden_3p(cli, write)
    first_answer = next(i for i, a in enumerate(game.lines) if not is_record(a.key))
    played = dataclasses.replace(game, lines=game.lines[:first_answer])
    replay = Replay(played, *inputs)
    assert replay.progress.table.play.kept_by_turns(Cycle.I)
    assert replay._checkpoints and not replay._at_checkpoint  # noqa: SLF001 - the case tested
    board = replay.progress.table.board("Bob")
    recorded = played.with_line(Answer(SHEET_RECORD, Cycle.I, "Bob", {"text": sheet_toml(board)}))
    assert state_seen(replay.extend(recorded)) == state_seen(GameState.replay(recorded, *inputs))
