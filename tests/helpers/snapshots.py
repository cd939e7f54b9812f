"""What the snapshot tests share (tests/test_snapshot.py, tests/test_snapshot_standings.py):
the scripted three-player board game of helpers/board_table_game.py played to its end (the
fixture ``finished``, built once per test module that imports it), its prefixes saved as
games, and commands run in-process or as a real process that reports the modules it loaded.
"""

from __future__ import annotations

import contextlib
import dataclasses
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from trajan_cli.core.game import Game
from trajan_cli.games import snapshot, store

from helpers import board_table_game as table

TRAJAN = Path(sys.executable).parent / "trajan"
LIMIT = 60
needs_trajan = pytest.mark.skipif(not TRAJAN.is_file(), reason="trajan is not installed beside python")
#: What a replay needs and a command served from a snapshot must not load: the fold of the
#: record (core.state) with the scoring phase and the turns' referee, the readers it is
#: given, the scoring and the referee.
REPLAY = ("trajan_cli.core.state", "trajan_cli.core.scoring_phase.engine", "trajan_cli.games.readers")
REPLAY_MODULES = (*REPLAY, "trajan_cli.core.turns.referee", "trajan_cli.core.tabletop",
                  "trajan_cli.core.scoring", "trajan_cli.core.referee.build",
                  "trajan_cli.core.referee.payment", "trajan_cli.core.referee.envoy",
                  "trajan_cli.core.card_solver")


def in_process(*args: str) -> tuple[int, str, str]:
    """`trajan ARGS` through the CLI's entry point: (exit status, stdout, stderr)."""
    from trajan_cli.cli import main

    out, err = io.StringIO(), io.StringIO()
    code = 0
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            main([str(a) for a in args])
        except SystemExit as exc:
            code = exc.code if isinstance(exc.code, int) else (0 if exc.code is None else 1)
    return code, out.getvalue(), err.getvalue()


@pytest.fixture(scope="module")
def finished(tmp_path_factory) -> Game:
    """The scripted board game, played to its end (in-process, as bench/board_mode.py does)."""
    folder = tmp_path_factory.mktemp("board-game")

    def trajan(*args: str) -> str:
        code, out, err = in_process(*args)
        assert code == 0, f"trajan {' '.join(args)}: {err}"
        return out

    with pytest.MonkeyPatch.context() as patch:
        patch.setenv("TRAJAN_HOME", str(folder / "home"))
        table.set_up(trajan, folder)
        for cycle in (1, 2, 3):
            table.play_cycle(trajan, folder, cycle)
            edited = None
            if cycle == table.TABLE_EDIT["cycle"]:
                shown = json.loads(trajan("board", "show", table.GAME, "-p", table.TABLE_EDIT["player"], "--json"))
                edited = table.corrected_board(shown["sheet"])
            answers = folder / f"answers-{cycle}.toml"
            answers.write_text(table.answers_toml(cycle, edited), encoding="utf-8")
            trajan("score", "--game", table.GAME, "--answers", str(answers), "--no-input")
        game = store.load_game(table.GAME)
    assert len(game.lines) > 40
    return game


def prefix(game: Game, n: int) -> Game:
    return dataclasses.replace(game, lines=game.lines[:n])


def saved(game: Game) -> Path:
    """``game`` saved as the only version of its file (no snapshot yet)."""
    path = store.save_game(game)
    snapshot.forget(path)
    return path


def on_disk(path: Path) -> store.Stored:
    """The game as its file holds it now (what a command reads)."""
    return store.read(path)


def run_env(home: Path) -> dict:
    return dict(os.environ, TRAJAN_HOME=str(home), TRAJAN_LANG="en")


def loaded_after(home: Path, *args: str) -> list[str]:
    """Which of REPLAY_MODULES a real process loads to run `trajan ARGS` (it must succeed)."""
    code = ("import sys\nfrom trajan_cli.cli import main\ntry:\n    main(sys.argv[1:])\n"
            "except SystemExit as exc:\n    assert not exc.code, exc.code\n"
            f"print([m for m in {REPLAY_MODULES!r} if m in sys.modules], file=sys.stderr)\n")
    done = subprocess.run([sys.executable, "-c", code, *args], env=run_env(home), capture_output=True,
                          text=True, timeout=LIMIT)
    assert done.returncode == 0, done.stderr
    return eval(done.stderr.strip().splitlines()[-1])  # noqa: S307 - a list of names we printed
