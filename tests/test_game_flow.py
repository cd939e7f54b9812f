"""How a game kept by turns flows: rounds in order, a scoring phase after round 4 of each
cycle, then the next cycle (pp. 20, 25, 27, 29), tested on the replay itself.

The game is the worked example's set-up (tests/records/game-record-cycle-1.md): Ann and
Bob, their boards and the forum recorded, then turns written in the notation.
"""

from __future__ import annotations

import dataclasses

import pytest

from trajan_cli.core.game import PLAY_RECORD, Answer, GameError
from trajan_cli.core.standings import Next, NextKind
from trajan_cli.core.state import GameState
from trajan_cli.core.turns.moves import RoundStart
from trajan_cli.core.turns.problems import TurnRefused, TurnRule
from trajan_cli.core.turns.referee import start_round
from trajan_cli.core.vocabulary import Cycle

from helpers.play_strategies import PARSERS, RULES, set_up_game

#: Cycle I with no envoy sent and nothing for a Trajan card: each player takes one tile of
#: each street (rows 3 and 5, p. 20), uses an assistant and builds nothing. The own tiles go
#: onto the ship; nobody places an envoy, so no forum area and no eagle is scored.
QUIET_CYCLE = """\
round I.1: streets 3 5
Ann: take A3 A5; use own: assistant; pass
Bob: take A3 A5; use received: assistant; pass
round I.2: streets 3 5
Bob: take B3 B5; use own: assistant; pass
Ann: take B3 B5; use received: assistant; pass
round I.3: streets 3 5
Ann: take C3 C5; use own: assistant; pass
Bob: take C3 C5; use received: assistant; pass
round I.4: streets 3 5
Bob: take D3 D5; use own: assistant; pass
Ann: take D3 E5; use received: assistant; pass
"""


#: Card I-1 asks for a gray-structure-gray row and for 1 tribune + 1 coin: nobody builds,
#: and the one coin each goes to pay the starting citizen's row.
CARDS = {Cycle.I: "I-1", Cycle.II: "II-1", Cycle.III: "III-4"}


def quiet_set_up():
    return dataclasses.replace(set_up_game(), cards=CARDS)


def with_lines(game, text: str):
    for line in text.splitlines():
        if line.strip():
            game = game.with_line(Answer(PLAY_RECORD, Cycle.I, None, {"line": line}))
    return game


def answered(game, *answers):
    """``game`` with each question it asks next answered in turn: (key, value) pairs."""
    for key, value in answers:
        question = GameState.replay(game, RULES, PARSERS).question
        assert question is not None and question.key == key, (question, key)
        game = game.with_line(Answer(question.key, question.cycle, question.player, value))
    return game


def quiet_cycle_scored():
    """The quiet cycle I, scored: the only questions are the rows each player pays."""
    game = with_lines(quiet_set_up(), QUIET_CYCLE)
    return answered(game, ("pay.rows", [2]), ("pay.rows", [3]))


def test_a_phase_that_asked_only_the_rows_to_pay_is_over_and_cycle_II_begins():
    """p. 29: after a cycle's scoring phase the next cycle begins. With no envoy in the
    forum and no Trajan task fulfilled, the phase asks only which rows to pay; once they are
    answered, the round II.1 header and the starting player's turn are accepted."""
    game = quiet_cycle_scored()
    state = GameState.replay(game, RULES, PARSERS)
    assert Cycle.I in state.table.scored, "cycle I's scoring phase is done"
    assert state.question is not None and state.question.cycle is Cycle.II
    game = with_lines(game, "round II.1: streets 1 2\nAnn: take B1 C2; use own: coin; pass")
    state = GameState.replay(game, RULES, PARSERS)  # raised GameError (cycle_over) before
    play = state.table.play
    assert (play.cycle, play.round, play.next_player()) == (Cycle.II, 1, "Bob")


def test_the_same_phase_carried_forward_line_by_line_is_the_same_as_replayed():
    """`trajan turn` applies a line to the state it holds (``GameState.apply``) instead of
    replaying: both must agree, line by line, across the phase and into cycle II."""
    from trajan_cli.parsing.notation import parse_line

    game = quiet_cycle_scored()
    state = GameState.replay(game, RULES, PARSERS)
    for line in ("round II.1: streets 1 2", "Ann: take B1 C2; use own: coin; pass",
                 "Bob: take E1 A2; use received: coin; pass"):
        game = with_lines(game, line)
        state.apply(parse_line(line, game.players))
        whole = GameState.replay(game, RULES, PARSERS)
        assert state.table.play.where() == whole.table.play.where()
        assert state.table.sheets == whole.table.sheets
        assert (state.events, state.totals(), state.next()) == (whole.events, whole.totals(), whole.next())
        assert state.question == whole.question or (state.question.key, state.question.player) \
            == (whole.question.key, whole.question.player)
    play = state.table.play
    assert (play.cycle, play.round, play.round_over) == (Cycle.II, 1, True)


def test_a_line_of_play_before_the_phase_is_done_is_still_refused():
    """p. 27: the scoring phase follows round 4 and comes before the next cycle: a round of
    cycle II while a question of cycle I's phase is open does not replay."""
    game = answered(with_lines(quiet_set_up(), QUIET_CYCLE), ("pay.rows", [2]))
    with pytest.raises(GameError, match="cycle_over"):
        GameState.replay(with_lines(game, "round II.1: streets 1 2"), RULES, PARSERS)


# --- Round headers (pp. 20, 25) --------------------------------------------------------------

def table_after(text: str):
    return GameState.replay(with_lines(quiet_set_up(), text), RULES, PARSERS).table


def header_refused(table, line: str) -> TurnRefused:
    from trajan_cli.parsing.notation import parse_line

    with pytest.raises(TurnRefused) as refused:
        start_round(table.play, parse_line(line, table.players), set(table.scored), RULES)
    return refused.value


@pytest.mark.parametrize("header", ["round I.2: streets 3 5", "round I.3: streets 1 2",
                                    "round I.4: streets A B"])
def test_no_round_header_while_a_player_of_the_round_is_still_to_play_p25(header):
    """p. 25: a round ends after each player has had one turn. With Bob still to play in
    I.1, the next round's street cards cannot come out, nor those of any later round."""
    table = table_after("round I.1: streets 3 5\nAnn: take A3 A5; use own: assistant; pass")
    refused = header_refused(table, header)
    assert [p.rule for p in refused.problems] == [TurnRule.ROUND_IN_PLAY]
    assert refused.problems[0].details == {"round": "I.1", "due": "Bob"}
    assert refused.problems[0].page.en == 25
    assert table.play.next_player() == "Bob"  # nothing changed: Bob's turn is still due


def test_a_round_s_header_comes_once_p20():
    """p. 20: the round's two street cards are revealed when it begins. A second header
    for a round not yet played (the same cards or others) is refused, naming the round and
    the street cards it has."""
    table = table_after("round I.1: streets 3 5")
    for again in ("round I.1: streets 3 5", "round I.1: streets 1 C"):
        refused = header_refused(table, again)
        assert [p.rule for p in refused.problems] == [TurnRule.ROUND_TWICE]
        assert refused.problems[0].details == {"round": "I.1", "streets": "3 5"}
    assert [s.token for s in table.play.streets] == ["3", "5"]  # the cards stay as named


def test_after_a_round_only_the_next_one_begins_p25():
    """p. 25: once every player has had a turn, the next round begins: not a later one."""
    table = table_after("round I.1: streets 3 5\nAnn: take A3 A5; use own: assistant; pass\n"
                        "Bob: take A3 A5; use received: assistant; pass")
    refused = header_refused(table, "round I.3: streets 1 2")
    assert [p.rule for p in refused.problems] == [TurnRule.ROUND_ORDER]
    assert refused.problems[0].details["expected"] == "I.2"
    start_round(table.play, RoundStart(Cycle.I, 2, None), set(table.scored), RULES)
    assert (table.play.round, table.play.next_player()) == (2, "Bob")  # the figure went right


def test_a_cycle_may_be_kept_from_a_later_round_on():
    """At the start of a cycle (no round of it begun) a group may start keeping it from a
    later round: the rounds before were played without the tool."""
    table = table_after("")
    start_round(table.play, RoundStart(Cycle.I, 3, None), set(table.scored), RULES)
    assert (table.play.round, table.play.next_player()) == (3, "Ann")  # I.3: Ann starts again


# --- What comes next: one answer for every command ------------------------------------------

def test_what_comes_next_follows_the_rounds_then_the_scoring_then_the_next_cycle():
    """p. 25: clockwise turns, the figure going right each round; p. 27: the scoring phase
    after round 4; p. 29: then round 1 of the next cycle, its starter to the right again."""
    game = with_lines(quiet_set_up(), "round I.1: streets 3 5\nAnn: take A3 A5; use own: assistant; pass")
    assert GameState.replay(game, RULES, PARSERS).next() == Next(NextKind.TURN, 1, 1, "Bob")
    game = with_lines(game, "Bob: take A3 A5; use received: assistant; pass")
    assert GameState.replay(game, RULES, PARSERS).next() == Next(NextKind.ROUND, 1, 2, "Bob")
    game = with_lines(quiet_set_up(), QUIET_CYCLE)
    assert GameState.replay(game, RULES, PARSERS).next() == Next(NextKind.SCORING, 1, None, "Ann", "pay",
                                                         cycle_over=True)
    assert GameState.replay(quiet_cycle_scored(), RULES, PARSERS).next() == Next(NextKind.ROUND, 2, 1, "Ann")


def test_a_new_game_begins_with_its_first_round_and_a_game_scored_without_turns_with_its_question():
    assert GameState.replay(quiet_set_up(), RULES, PARSERS).next() == Next(NextKind.ROUND, 1, 1, "Ann")
    walked = answered(quiet_set_up(), ("pay.board", None))  # the walkthrough, no turns kept
    up = GameState.replay(walked, RULES, PARSERS).next()
    assert (up.kind, up.period, up.step) == (NextKind.SCORING, 1, "pay")


def test_game_list_game_show_and_trajan_turn_say_the_same_next(cli, write, tmp_path, monkeypatch):
    """`game list`, `game show` and `trajan turn` answer "what comes next" alike: mid-round,
    and after a cycle is scored (they disagreed: "pay citizens" against "Bob's turn")."""
    from helpers.golden import RECORDS, record_lines

    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    setup = [line for line in record_lines(RECORDS / "golden-2p.txt")
             if line.startswith(("board ", "forum:"))]
    assert cli("game", "new", "g", "-p", "Livia", "-p", "Marcus").code == 0
    assert cli("turn", "g", "--file", write("setup.txt", "\n".join(setup))).code == 0
    turned = cli("turn", "g", "round I.1: streets 4 D", "--json").json()
    turned = cli("turn", "g", "Livia: take A4 D1; use own: builder; build lib A4 pay builder worker o",
                 "--json").json()
    listed = cli("game", "list", "--json").json()["games"][0]
    shown = cli("game", "show", "g", "--json").json()
    want = {"kind": "turn", "period": 1, "round": 1, "player": "Marcus"}
    assert turned["what_next"] == listed["what_next"] == shown["what_next"] == want
    assert "next: Marcus's turn in round I.1" in cli("game", "list").out
    assert "Next: Marcus's turn in round I.1." in cli("game", "show", "g").out
