"""Properties of the game record over random legal games (tests/play_strategies.py).

- Every line the referee keeps reads back as the same value (the notation round-trips);
  the random turns make exchanges too (``exchange GIVE for GET``, pp. 21, 26, 28).
- A game's record printed by `trajan game log` and read by `trajan turn --file` into a new
  game gives the same game, answer for answer.
- Replaying a game gives the same boards as applying its turns one at a time did.
"""

from __future__ import annotations

import json

import pytest
from hypothesis import HealthCheck, given, settings
from play_strategies import PARSERS, RULES, played_games

from trajan_cli.core.game import PLAY_RECORD
from trajan_cli.core.state import GameState
from trajan_cli.parsing.notation import format_line, parse_line


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.data_too_large])
@given(played_games(rounds=4))
def test_every_kept_line_reads_back_as_itself(game):
    for answer in game.lines:
        if answer.key == PLAY_RECORD:
            line = answer.value["line"]
            assert format_line(parse_line(line, game.players)) == line


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.data_too_large])
@given(game=played_games(rounds=4))
def test_a_random_game_survives_game_log_and_turn_file(game):
    import os
    import tempfile

    from trajan_cli.games import store
    from trajan_cli.cli import main
    from trajan_cli.games.record_file import record_text

    with tempfile.TemporaryDirectory() as home:
        old = os.environ.get("TRAJAN_HOME")
        os.environ["TRAJAN_HOME"] = home
        try:
            store.save_game(game)
            path = os.path.join(home, "log.txt")
            with open(path, "w", encoding="utf-8") as log:
                log.write(record_text(store.load_game(game.name)))
            for argv in (["game", "new", "again", "--player", "Ann", "--player", "Bob"],
                         ["turn", "again", "--file", path]):
                with pytest.raises(SystemExit) as done:
                    main(argv)
                assert done.value.code in (0, None)
            again = store.load_game("again")
        finally:
            if old is None:
                os.environ.pop("TRAJAN_HOME")
            else:
                os.environ["TRAJAN_HOME"] = old
    assert [a.to_json() for a in again.lines] == [a.to_json() for a in game.lines]
    first = GameState.replay(game, RULES, PARSERS).table
    second = GameState.replay(again, RULES, PARSERS).table
    assert first.sheets == second.sheets and first.forum == second.forum
    assert json.dumps(dict(first.play.points_in(first.play.cycle))) == \
        json.dumps(dict(second.play.points_in(second.play.cycle)))

