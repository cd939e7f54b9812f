"""One command line: every command follows the same conventions, held by walking the
command tree (a new command that breaks one fails here, naming it).

- a saved game is GAME (a positional GAME, or -g/--game GAME where a command also works on
  files); a player is -p/--player PLAYER;
- every command that answers a question has --json (those that only change a game, open
  an editor or ask at the terminal are listed below, each with why);
- help lines end with a period.
"""

from __future__ import annotations

import json

import pytest
import typer.main

from trajan_cli.cli import build_app

from helpers import board_table_game as table

# Commands whose output is a change, an editor or a conversation, not an answer.
NO_JSON = {
    "play": "the table screen",
    "demo": "a walk through the rulebook's example",
    "game new": "creates a game", "game undo": "takes back a line", "game restore": "puts back a copy",
    "game delete": "removes a game", "game export": "its --format json is the answer",
    "board import": "records a board", "board edit": "an editor",
    "box edit": "an editor", "box export": "writes a file",
    "score pay": "a walk at the terminal", "score trajan": "a walk at the terminal",
}


def leaves(command, path=()):
    subs = getattr(command, "commands", None)
    if not subs:
        yield " ".join(path), command
        return
    for name, sub in subs.items():
        yield from leaves(sub, (*path, name))


TREE = typer.main.get_command(build_app(None))
COMMANDS = dict(leaves(TREE))
GROUPS = {"score": TREE.commands["score"], "classic score": TREE.commands["classic"].commands["score"]}


def options(command):
    return [p for p in command.params if p.param_type_name == "option"]


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_games_and_players_are_named_one_way(path):
    command = COMMANDS[path]
    for param in options(command):
        if "--game" in param.opts:
            assert "-g" in param.opts and param.metavar == "GAME", path
        if "--player" in param.opts:
            assert "-p" in param.opts and param.metavar == "PLAYER", path
    for param in command.params:
        if param.param_type_name == "argument" and param.name in ("game", "name"):
            assert param.metavar in ("GAME", "[GAME]"), (path, param.metavar)


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_every_answering_command_has_json(path):
    has = any("--json" in p.opts for p in options(COMMANDS[path]))
    assert has or path in NO_JSON, f"trajan {path} has no --json"
    assert not (has and path in NO_JSON), f"trajan {path} has --json now: take it off NO_JSON"


@pytest.mark.parametrize("path", sorted(GROUPS))
def test_the_scoring_walks_answer_in_json_too(path):
    assert any("--json" in p.opts for p in options(GROUPS[path]))


@pytest.mark.parametrize("path", sorted(COMMANDS))
def test_help_lines_end_with_a_period(path):
    command = COMMANDS[path]
    first = (command.help or "").strip().split("\n\n")[0]
    assert first.endswith("."), (path, first[-40:])
    for param in command.params:
        text = (getattr(param, "help", None) or "").strip()
        assert not text or text.endswith((".", ")")), (path, param.name, text[-40:])


# --- What the conventions added -------------------------------------------------------------


@pytest.fixture
def scored(cli, tmp_path, monkeypatch):
    """The three-player game of helpers.board_table_game, cycle I recorded and scored."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))
    table.cycle_one(cli, tmp_path)
    answers = tmp_path / "answers-1.toml"
    answers.write_text(table.answers_toml(1), encoding="utf-8")
    return answers


def test_score_json_asks_nothing_and_answers_the_standings(cli, scored):
    refused = cli("score", "--game", table.GAME, "--answers", scored, "--json")
    assert refused.code == 2 and "--no-input" in refused.err
    done = cli("score", "--game", table.GAME, "--answers", scored, "--no-input", "--json")
    assert done.code == 0, done.err
    answer = json.loads(done.out)  # one object, no report around it
    assert answer == json.loads(cli("game", "show", table.GAME, "--json").out)
    totals = {p["name"]: p["total"] for p in answer["players"]}
    assert totals == {p: table.golden_total(p, 1) for p in table.PLAYERS}


def test_game_log_json_holds_the_lines_the_log_prints(cli, scored):
    log = cli("game", "log", table.GAME).out
    answer = json.loads(cli("game", "log", table.GAME, "--json").out)
    assert answer["lines"] == [line for line in log.splitlines() if line and not line.startswith("#")]
    assert answer["new"][:4] == ["trajan", "game", "new", table.GAME] and answer["players"] == list(table.PLAYERS)


def test_game_export_takes_the_game_saved_last(cli, scored):
    assert cli("game", "export").out == cli("game", "export", table.GAME).out


@pytest.mark.parametrize("what, key", [("colonia", "sheet"), ("forum", "forum")])
def test_show_json_is_the_file_as_read(cli, what, key):
    answer = json.loads(cli("show", what, "--example", "tom", "--json").out)
    assert set(answer) == {key}
    if what == "colonia":
        assert answer["sheet"]["name"] == "Tom" and answer["sheet"]["supply"]["coins"] == 1  # p. 28
    else:
        assert answer["forum"]["players"] == {"T": "Tom", "A": "Anna"}
