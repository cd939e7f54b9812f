"""Mutated sheets and forums through every command that reads them: a clean answer or a
clean message with exit 2, never a traceback or an internal error."""

from fuzzing import fuzz
from hypothesis import given
from hypothesis import strategies as st
from test_fuzz_inputs import TOM, TOM_FORUM, mutate

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
    ["show", "forum", "{f}"],
]


def clean(result) -> None:
    assert result.code in (0, 2), result.err
    assert "Traceback" not in result.err and "internal error" not in result.err


@fuzz(60)
@given(st.data())
def test_mutated_sheets_through_every_command(cli, tmp_path, data):
    path = tmp_path / "sheet.toml"
    path.write_text(mutate(TOM, data))
    for command in SHEET_COMMANDS:
        clean(cli(*[str(path) if part == "{f}" else part for part in command]))


@fuzz(60)
@given(st.data())
def test_mutated_forums_through_every_command(cli, tmp_path, data):
    path = tmp_path / "forum.toml"
    path.write_text(mutate(TOM_FORUM, data))
    for command in FORUM_COMMANDS:
        clean(cli(*[str(path) if part == "{f}" else part for part in command]))
