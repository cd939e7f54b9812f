"""Mutated sheets and forums through every command that reads them: a clean answer or a
clean message with exit 2, never a traceback or an internal error, and never a hang
(issue 13: each command runs under a time bound the harness enforces)."""

from hypothesis import given
from hypothesis import strategies as st

from helpers.fuzzing import ADVERSARIAL, GREEN, PIECES, TOM, TOM_FORUM, fuzz, mutate_text
from helpers.timebound import within

SHEET_COMMANDS = [
    ["score", "colonia", "{f}", "--json"],
    ["score", "cranes", "{f}", "--cycle", "2", "--json"],
    ["card", "check", "all", "{f}", "--json"],
    ["card", "check", "II-1", "{f}"],
    ["check", "build", "{f}", "col+g", "C1", "D1", "--json"],
    ["show", "colonia", "{f}"],
]
FORUM_COMMANDS = [
    ["score", "forum", "{f}", "--player", "T", "--json"],
    ["check", "envoy", "{f}", "--player", "T", "--colour", "g", "--json"],
    ["check", "envoy", "{f}", "--player", "T", "--colour", "g", "--count", "2", "--json"],
    ["show", "forum", "{f}"],
]
CLASSIC_COMMANDS = [
    ["classic", "final", "{f}", "--json"],
    ["classic", "needs", "{f}", "--demands", "bread,games,religion", "--json"],
]


def clean(result) -> None:
    assert result.code in (0, 2), result.err
    assert "Traceback" not in result.err and "internal error" not in result.err


def run_all(cli, path, commands) -> None:
    for command in commands:
        with within(20, " ".join(command)):
            clean(cli(*[str(path) if part == "{f}" else part for part in command]))


@fuzz(60)
@given(st.data())
def test_mutated_sheets_through_every_command(cli, tmp_path, data):
    path = tmp_path / "sheet.toml"
    path.write_text(mutate_text(TOM, data))
    run_all(cli, path, SHEET_COMMANDS)


@fuzz(60)
@given(st.data())
def test_mutated_forums_through_every_command(cli, tmp_path, data):
    path = tmp_path / "forum.toml"
    path.write_text(mutate_text(TOM_FORUM, data))
    run_all(cli, path, FORUM_COMMANDS)


@fuzz(40)
@given(st.data())
def test_adversarial_files_through_every_command_issue13(cli, tmp_path, data):
    pieces = PIECES + ADVERSARIAL
    for name, text, commands in (("sheet.toml", TOM, SHEET_COMMANDS),
                                 ("forum.toml", TOM_FORUM, FORUM_COMMANDS),
                                 ("green.toml", GREEN, CLASSIC_COMMANDS)):
        path = tmp_path / name
        path.write_text(mutate_text(text, data, pieces), encoding="utf-8")
        run_all(cli, path, commands)
