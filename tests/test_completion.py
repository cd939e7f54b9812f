"""Shell completion (issue 22): Typer's scripts load in bash, zsh and fish and complete a
saved game's name, its players, rules topics, card names and tile words; a normal command
does not even import the completion module.

A shell that is not installed skips its test with the reason (Debian: apt-get install zsh
fish). The other tests ask ``trajan`` the way the scripts do, through the environment.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from helpers.completion import fish_completions as ask
from helpers.light_imports import modules_after

TRAJAN = Path(sys.executable).parent / "trajan"


@pytest.fixture
def home(tmp_path, cli, monkeypatch):
    """A games folder with two saved games; the environment the shell would pass."""
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    assert cli("game", "new", "friday", "-p", "Ann", "-p", "Bob", "-p", "Cleo").code == 0
    assert cli("game", "new", "saturday", "-p", "Dora", "-p", "Emil").code == 0
    return tmp_path


def environment(**more: str) -> dict[str, str]:
    path = f"{TRAJAN.parent}{os.pathsep}{os.environ.get('PATH', '')}"  # the shell finds trajan
    return {**os.environ, "PATH": path, **more}


def script(shell: str) -> str:
    """The completion script, as `trajan --show-completion` prints it for that shell."""
    done = subprocess.run([str(TRAJAN)], env=environment(_TRAJAN_COMPLETE=f"source_{shell}"),
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout


def in_shell(shell: str, code: str, tmp_path: Path) -> list[str]:
    executable = shutil.which(shell)
    if executable is None:
        pytest.skip(f"{shell} is not installed (Debian: apt-get install {shell})")
    source = tmp_path / f"trajan.{shell}"
    source.write_text(script(shell), encoding="utf-8")
    done = subprocess.run([executable, "-c", code.replace("SCRIPT", str(source))],
                          env=environment(), capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    return done.stdout.split()


def test_bash_completes_a_saved_games_name(home, tmp_path):
    words = in_shell("bash", 'source SCRIPT; COMP_WORDS=(trajan game show fr); COMP_CWORD=3; '
                             '_trajan_completion trajan; printf "%s\\n" "${COMPREPLY[@]}"', tmp_path)
    assert words == ["friday"]


def test_zsh_completes_a_saved_games_name(home, tmp_path):
    # compinit gives the script its compdef (-D: no dump file written; as root, -d /dev/null
    # would replace the device by a file); _arguments (zsh's, only in a live prompt) is
    # stood in for by a function that prints what it was given.
    words = in_shell("zsh", "autoload -U compinit; compinit -u -D; source SCRIPT; "
                            "_arguments() { print -l -- \"$@\" }; "
                            "words=(trajan game show ''); CURRENT=4; _trajan_completion", tmp_path)
    assert " ".join(words) == '*: :(("friday" "saturday"))'


def test_fish_completes_a_saved_games_name_and_its_players(home, tmp_path):
    assert in_shell("fish", 'source SCRIPT; complete -C "trajan game undo sat"', tmp_path) == ["saturday"]
    assert in_shell("fish", 'source SCRIPT; complete -C "trajan build friday -p "', tmp_path) == [
        "Ann", "Bob", "Cleo"]




@pytest.mark.parametrize("line,expected", [
    ("trajan game show ", ["friday", "saturday"]),
    ("trajan score --game f", ["friday"]),
    ("trajan board show friday --player ", ["Ann", "Bob", "Cleo"]),
    ("trajan check build --game saturday -p E", ["Emil"]),
    ("trajan build friday --player C", ["Cleo"]),
    ("trajan build ", ["friday", "saturday"]),
    ("trajan build friday col", ["col"]),
    ("trajan build friday col+", ["col+lib", "col+col", "col+bas", "col+mkt", "col+b", "col+g", "col+o", "col+y"]),
    ("trajan build friday lib C", ["C1", "C2", "C3", "C4", "C5", "C6"]),
    ("trajan check build ", []),  # SHEET first: the shell offers files
    ("trajan check build tom.toml ", ["lib", "col", "bas", "mkt", "b", "g", "o", "y"]),
    ("trajan check build tom.toml lib ", ["A1", "B1", "C1", "D1", "E1", "F1", "A2", "B2", "C2",
                                         "D2", "E2", "F2", "A3", "B3", "C3", "D3", "E3", "F3",
                                         "A4", "B4", "C4", "D4", "E4", "F4", "A5", "B5", "C5",
                                         "D5", "E5", "F5", "A6", "B6", "C6", "D6", "E6", "F6"]),
    ("trajan check build --example tom ", ["lib", "col", "bas", "mkt", "b", "g", "o", "y"]),
    ("trajan check build --game friday -p Ann lib C", ["C1", "C2", "C3", "C4", "C5", "C6"]),
    ("trajan game new x -p A -p B --house eagle", ["eagle-envoy=once", "eagle-envoy=add"]),
    ("trajan check build --house reac", ["reactivation=per-row", "reactivation=per-class"]),
    ("trajan rules eag", ["eagles"]),
    ("trajan rules sena", ["senate-action", "senate-votes", "senate-stack"]),  # Trajan (2011)'s
    ("trajan rules --variant trajan rea", ["readings"]),
    ("trajan rules --variant trajan t", ["turn", "time-marker", "trajan-special-actions", "trajan-action"]),
    ("trajan card show III-", ["III-1", "III-2", "III-3", "III-4"]),
    ("trajan card check a", ["all"]),
    ("trajan check envoy --colour o", ["o", "orange"]),
    ("trajan game export friday --format bgstats", ["bgstats", "bgstats-link"]),
    ("trajan --lang ", ["en", "de", "fr"]),
    ("trajan ga", ["game"]),
    ("trajan game new ", []),  # a new game's name is the table's to invent
])
def test_words_for_each_kind_of_parameter(home, monkeypatch, capsys, line, expected):
    assert ask(line, monkeypatch, capsys) == expected


def test_classic_score_offers_only_trajan_2011_games(home, cli, monkeypatch, capsys):
    assert cli("game", "new", "sunday", "-p", "Gus", "-p", "Hal", "--variant", "trajan").code == 0
    assert ask("trajan classic score --game ", monkeypatch, capsys) == ["sunday"]
    assert ask("trajan score --game s", monkeypatch, capsys) == ["saturday", "sunday"]


def test_games_saved_by_an_earlier_version_are_offered_once(home, monkeypatch, capsys):
    """A game is its record, NAME.txt; a game an earlier version saved as NAME.json is
    offered too until it is written as a record (then NAME.txt is the game: offered once).
    Backups are not games. Trajan (2011) games are told by their header line or JSON."""
    import json

    from trajan_cli.core.game import Game

    games = home / "games"
    (games / "old.json").write_text(json.dumps(Game("old", ("Gus", "Hal"), "Gus", variant="trajan").to_json()))
    (games / "friday.json").write_text(json.dumps(Game("friday", ("Ann", "Bob"), "Ann").to_json()))
    (games / "friday.txt.bak").write_text((games / "friday.txt").read_text())
    (games / "gone.json.bak").write_text("{}")
    assert ask("trajan game show ", monkeypatch, capsys) == ["friday", "old", "saturday"]
    assert ask("trajan board show friday --player ", monkeypatch, capsys) == ["Ann", "Bob", "Cleo"]  # the record's
    assert ask("trajan classic score --game ", monkeypatch, capsys) == ["old"]
    assert ask("trajan board show old --player ", monkeypatch, capsys) == ["Gus", "Hal"]  # read as it was saved


def test_classic_games_are_told_by_their_records_header(home, monkeypatch, capsys):
    """`# trajan game new NAME ... --variant trajan`, whatever the other options; a file
    whose header does not read, or a folder, is no Trajan game."""
    games = home / "games"
    (games / "quarter.txt").write_text("# Trajan, game quarter\n# trajan game new quarter --player 'Gus B' "
                                       "--player Hal --variant trajan --from-quarter 2\n"
                                       "score II Gus B: senate = 1\n")
    (games / "forum.txt").write_text("# trajan game new forum --player Ann --player --variant\n")
    (games / "broken.txt").write_text("# trajan game new broken --player 'Ann\n")
    (games / "plain.txt").write_text("score I Ann: pay.rows = [1]\n# trajan game new plain --variant trajan\n")
    (games / "folder.txt").mkdir()
    assert ask("trajan classic score --game ", monkeypatch, capsys) == ["quarter"]


def test_players_of_the_only_game_when_none_is_named(tmp_path, cli, monkeypatch, capsys):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path))
    assert cli("game", "new", "solo", "-p", "Ann", "-p", "Bob").code == 0
    assert ask("trajan score forum --player ", monkeypatch, capsys) == ["Ann", "Bob"]


def test_root_help_offers_install_and_show_completion(cli):
    out = cli("--help").out
    assert "--install-completion" in out and "--show-completion" in out


def test_a_normal_command_does_not_load_completion():
    loaded = modules_after(("trajan_cli.cli.completion",),
                           ["rules", "eagles"], ["card", "list"], ["score", "colonia", "--example", "tom"])
    assert loaded == []


def test_completing_leaves_the_terminal_width_as_it_was(cli, monkeypatch):
    """The completer widens COLUMNS for Typer's descriptions; a process that goes on (the
    suite runs the CLI in-process) must get its own width back, or pytest's last line is
    999 columns wide."""
    monkeypatch.setenv("COLUMNS", "77")
    monkeypatch.setenv("_TRAJAN_COMPLETE", "complete_bash")
    monkeypatch.setenv("COMP_WORDS", "trajan ga")
    monkeypatch.setenv("COMP_CWORD", "1")
    cli()
    assert os.environ["COLUMNS"] == "77"
    monkeypatch.delenv("COLUMNS")
    cli()
    assert "COLUMNS" not in os.environ
