"""Properties of the game record over random legal games (tests/helpers/play_strategies.py).

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

from trajan_cli.core.game import PLAY_RECORD
from trajan_cli.core.state import GameState
from trajan_cli.core.turns.moves import BoardLine, ForumLine
from trajan_cli.parsing.notation import format_line, parse_line

from helpers.hypothesis_profiles import scaled
from helpers.play_strategies import PARSERS, RULES, played_games


@settings(max_examples=scaled(12), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                  HealthCheck.data_too_large])
@given(played_games(rounds=4))
def test_every_kept_line_reads_back_as_itself(game):
    for answer in game.lines:
        if answer.key == PLAY_RECORD:
            line = answer.value["line"]
            assert format_line(parse_line(line, game.players)) == line


@settings(max_examples=scaled(8), deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                                 HealthCheck.data_too_large])
@given(game=played_games(rounds=4))
def test_a_random_game_survives_game_log_and_turn_file(game):
    """The random game as an earlier version saved it (NAME.json, its records as answers):
    `trajan game log` prints it in the notation, and `trajan turn --file` reads that into a
    new game line for line the same, which replays to the same boards and points."""
    import contextlib
    import io
    import os
    import tempfile

    from trajan_cli.cli import main
    from trajan_cli.games import store

    def trajan(*argv: str) -> str:
        out = io.StringIO()
        with contextlib.redirect_stdout(out), pytest.raises(SystemExit) as done:
            main(list(argv))
        assert done.value.code in (0, None)
        return out.getvalue()

    with tempfile.TemporaryDirectory() as home:
        old = os.environ.get("TRAJAN_HOME")
        os.environ["TRAJAN_HOME"] = home
        try:
            os.makedirs(os.path.join(home, "games"))
            with open(os.path.join(home, "games", f"{game.name}.json"), "w", encoding="utf-8") as saved:
                json.dump(game.to_json(), saved)
            log = trajan("game", "log", game.name)
            path = os.path.join(home, "log.txt")
            with open(path, "w", encoding="utf-8") as written:
                written.write(log)
            trajan("game", "new", "again", "--player", "Ann", "--player", "Bob")
            trajan("turn", "again", "--file", path)
            first = store.load_game(game.name)  # the JSON game, read as the lines of a record
            again = store.load_game("again")
            assert [line for line in trajan("game", "log", "again").splitlines() if not line.startswith("#")] \
                == [line for line in log.splitlines() if not line.startswith("#")]
        finally:
            if old is None:
                os.environ.pop("TRAJAN_HOME")
            else:
                os.environ["TRAJAN_HOME"] = old
    assert again.lines == first.lines and len(again.lines) == len(game.lines)
    assert [format_line(line) for line in again.lines if not isinstance(line, BoardLine | ForumLine)] == \
        [a.value["line"] for a in game.lines if a.key == PLAY_RECORD]
    first = GameState.replay(game, RULES, PARSERS).table
    second = GameState.replay(again, RULES, PARSERS).table
    assert first.sheets == second.sheets and first.forum == second.forum
    assert json.dumps(dict(first.play.points_in(first.play.cycle))) == \
        json.dumps(dict(second.play.points_in(second.play.cycle)))
