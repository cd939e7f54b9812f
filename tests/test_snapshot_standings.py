"""`trajan game show` and `trajan game export` read the standings from the game's snapshot
(trajan_cli/games/snapshot.py, core.standings.Standings) instead of replaying an unchanged game,
and answer byte for byte what the replay answers.

Three games, each at every point it passes through: the scripted three-player board game
of tests/helpers/board_table_game.py, a Trajan (2011) game to its end (the tie on points settled
by the senate, S. 9) and a quick-count Forum Trajanum game whose tie goes to the second
tie-break (p. 29). The readable standings, --json and every export format; English, and
German and French at a few points.
"""

from __future__ import annotations

import json

import pytest

from trajan_cli.core.game import Game
from trajan_cli.core.standings import Standings
from trajan_cli.games import snapshot, store
from trajan_cli.render.export import FINISHED_ONLY, FORMATS

from helpers import board_table_game as table
from helpers.classic_game import FINAL_ANN, FINAL_BOB, Q1, Q2, Q3, Q4, trajan_game
from helpers.snapshots import (  # noqa: F401 - finished is a fixture (the board game played to its end)
    finished,
    in_process,
    loaded_after,
    needs_trajan,
    on_disk,
    prefix,
    saved,
)
from helpers.walkthrough import play, quiet_cycle


def standings_commands(name: str, lang: str | None = None, finished: bool = True) -> list[tuple[str, ...]]:
    """game show (readable and --json) and game export in every format (the BG Stats file
    and link only for a finished game: the app records finished plays)."""
    head = ("--lang", lang) if lang else ()
    formats = [fmt for fmt in FORMATS if finished or fmt not in FINISHED_ONLY]
    return [(*head, "game", "show", name), (*head, "game", "show", name, "--json"),
            *((*head, "game", "export", name, "--format", fmt) for fmt in formats)]


@pytest.fixture
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    return tmp_path / "home"


def no_replay(*args, **kwargs):
    raise AssertionError("replayed although the snapshot fits")


def assert_same_from_the_snapshot(game: Game, commands, monkeypatch) -> None:
    """Run ``commands`` on ``game`` twice: each one replaying it (no snapshot read), then
    each one served from the snapshot of that replay (no replay allowed); the same exit
    status, output and errors. Also: the standings read back from the snapshot's JSON
    are those of the replay, in the same order."""
    path = saved(game)
    stored = on_disk(path)
    assert stored.game == game
    state = store.replay(stored)

    def the_replay(replayed, *args, **kwargs):  # replayed once per game, not once per command
        assert replayed.game == game
        return state

    with monkeypatch.context() as patch:
        patch.setattr(snapshot, "load", lambda *args: None)
        patch.setattr(snapshot, "save", lambda *args: None)
        patch.setattr(store, "replay", the_replay)
        replayed = [in_process(*command) for command in commands]
    snapshot.save(stored, state)
    hit = snapshot.load(stored)
    assert hit is not None, f"no snapshot after {len(game.lines)} answers"
    written = Standings.of(state)
    assert hit.standings == written and hit.standings.to_json() == written.to_json()
    assert json.dumps(hit.standings.to_json()) == json.dumps(written.to_json())  # order too
    assert hit.standings.breakdown() == state.breakdown() and hit.standings.totals() == state.totals()
    assert list(hit.standings.totals()) == list(state.totals())
    assert [type(c) for by in hit.standings.breakdown().values() for c in by] == \
        [type(c) for by in state.breakdown().values() for c in by]  # Cycle or Quarter, not int
    assert (hit.standings.ranking, hit.standings.answered, hit.standings.finished, hit.standings.position) == \
        (state.ranking, state.answered, state.finished, state.position)
    with monkeypatch.context() as patch:
        patch.setattr(store, "replay", no_replay)
        for command, expected in zip(commands, replayed, strict=True):
            assert in_process(*command) == expected, f"{' '.join(command)} after {len(game.lines)} answers"


def languages(n: int, points: tuple[int, ...]) -> tuple[str | None, ...]:
    return (None, "de", "fr") if n in points else (None,)


@pytest.mark.slow  # at every point of the game
def test_the_board_game_is_shown_and_exported_from_its_snapshot_as_replayed_at_every_point(
        finished, home, monkeypatch):
    last = len(finished.lines)
    for n in range(last + 1):
        commands = [c for lang in languages(n, (0, 21, last)) for c in standings_commands(table.GAME, lang)]
        assert_same_from_the_snapshot(prefix(finished, n), commands, monkeypatch)


@pytest.mark.slow  # at every point of the game
def test_a_trajan_2011_game_is_shown_and_exported_from_its_snapshot_as_replayed_at_every_point_s9(
        home, monkeypatch):
    """Quarters, the Trajan categories, and at the end a tie on points that the senate
    position decides (S. 9)."""
    result, _, _ = play(trajan_game(), Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    whole = result.game
    assert result.state.finished and result.state.ranking.decided_by == "senate"
    last = len(whole.lines)
    for n in range(last + 1):
        commands = [c for lang in languages(n, (14, last)) for c in standings_commands(whole.name, lang)]
        assert_same_from_the_snapshot(prefix(whole, n), commands, monkeypatch)


@pytest.mark.slow  # at every point of the game
def test_a_quick_count_game_is_shown_and_exported_from_its_snapshot_as_replayed_at_every_point_p29(
        home, monkeypatch):
    """Three players scored by quick counts; Ann and Bob level on points and active
    citizens, so the resources left decide (p. 29: the second tie-break)."""
    answers = (quiet_cycle(5, 5, 1, card="I-1") + quiet_cycle(5, 5, 1, card="II-1")
               + quiet_cycle(9, 9, 2, card="III-1") + [3, 4])
    result, _, _ = play(Game("quick", ("Ann", "Bob", "Cy"), "Ann"), answers)
    whole = result.game
    assert result.state.finished and result.state.ranking.decided_by == "resources_left"
    last = len(whole.lines)
    for n in range(last + 1):
        commands = [c for lang in languages(n, (last,)) for c in standings_commands(whole.name, lang)]
        assert_same_from_the_snapshot(prefix(whole, n), commands, monkeypatch)


# --- What a hit loads ----------------------------------------------------------------------------


@needs_trajan
def test_show_and_export_from_a_snapshot_load_nothing_a_replay_needs(finished, home):
    """The point of it is start-up: served from the snapshot, game show and every export
    import neither the replay (the fold of the record, the scoring phase), the scoring nor
    the referee."""
    saved(finished)
    first = loaded_after(home, "game", "show", table.GAME)
    assert "trajan_cli.core.state" in first and "trajan_cli.core.scoring_phase.engine" in first  # the miss replays
    for command in standings_commands(table.GAME):
        assert loaded_after(home, *command) == [], command
    assert loaded_after(home, "game", "export", table.GAME, "-f", "md", "-o", home / "out.md") == []


@needs_trajan
def test_an_unfinished_game_is_listed_and_shown_from_its_snapshot_without_the_script(finished, home):
    """game list names the next step of a game in progress (render.standings) without
    importing the scoring phase (core.scoring_phase); so do game show and game show with no
    name (the one game in progress)."""
    saved(prefix(finished, 21))
    assert "trajan_cli.core.scoring_phase.engine" in loaded_after(home, "game", "list")  # the miss replays
    for command in (("game", "list"), ("game", "list", "--json"), ("game", "show"),
                    *standings_commands(table.GAME, finished=False)):
        assert loaded_after(home, *command) == [], command


@needs_trajan
def test_a_trajan_2011_game_is_shown_from_its_snapshot_without_its_walkthrough(home):
    result, _, _ = play(trajan_game(), Q1 + Q2 + Q3 + Q4 + FINAL_ANN + FINAL_BOB)
    saved(result.game)
    assert loaded_after(home, "game", "show", "t")  # the miss
    for command in standings_commands("t"):
        loaded = loaded_after(home, *command)
        assert loaded == [], command


# --- Old snapshot files ----------------------------------------------------------------------------


def test_a_snapshot_of_the_previous_format_is_a_miss(finished, home, cli, monkeypatch):
    """Format 1 kept the totals and the position only: such a file, though made from this
    very game and code, is never read; the game is replayed and its snapshot made anew."""
    from trajan_cli.games.walk import replayed as replay

    path = saved(finished)
    state = replay(finished)
    old = {"variant": finished.variant, "finished": state.finished, "next": None, "totals": state.totals(),
           "table": None}
    body = json.dumps(old).encode()
    header = {"format": 1, **snapshot._key(on_disk(path)),
              "digest": snapshot.blake2b(body, digest_size=32).hexdigest()}
    target = snapshot.path_of(path)
    target.parent.mkdir(exist_ok=True)
    target.write_bytes(json.dumps(header).encode() + b"\n" + body)
    assert snapshot.load(on_disk(path)) is None
    header["format"] = snapshot.FORMAT  # the old payload under the new number: a miss too
    target.write_bytes(json.dumps(header).encode() + b"\n" + body)
    assert snapshot.load(on_disk(path)) is None
    shown = cli("game", "show", table.GAME, "--json")
    assert shown.code == 0 and shown.json()["winners"] == ["Ann"]
    assert snapshot.load(on_disk(path)) is not None  # written again, in the new format
    assert json.loads(target.read_bytes().partition(b"\n")[0])["format"] == snapshot.FORMAT


def test_the_standings_refuse_json_that_is_not_theirs():
    """A snapshot that does not read back is a miss: from_json raises on anything odd."""
    good = {"answered": 3, "next": {"period": 2, "step": "pay", "player": "Ann"}, "totals": {"Ann": 5},
            "breakdown": {"Ann": {"1": {"play": 5}}}, "ranking": None}
    standings = Standings.from_json(good, "forum-trajanum")
    assert standings.to_json() == good and standings.position[0] == 2
    for spoiled in ({**good, "answered": "3"}, {**good, "totals": {"Ann": 5.5}},
                    {**good, "breakdown": {"Ann": {"1": {"pay": 5}}}},  # a step is no category
                    {**good, "next": {"period": 4, "step": "pay", "player": "Ann"}},  # no cycle IV
                    {**good, "ranking": [{"place": 1, "players": "Ann", "points": 5, "decided_by": "points"}]},
                    {k: v for k, v in good.items() if k != "totals"}):
        with pytest.raises((ValueError, KeyError, TypeError)):
            Standings.from_json(spoiled, "forum-trajanum")
    with pytest.raises((ValueError, KeyError, TypeError)):
        Standings.from_json(good, "trajan")  # "pay" is no step of Trajan (2011)
