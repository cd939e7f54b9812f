"""Asking the completion `trajan` gives a shell, in-process (test_completion.py and the
files whose commands complete their own words)."""

from __future__ import annotations

import pytest


def fish_completions(words: str, monkeypatch, capsys) -> list[str]:
    """What `trajan` answers fish for the command line ``words`` (the cursor at its end)."""
    from trajan_cli.cli import main

    monkeypatch.setenv("_TRAJAN_COMPLETE", "complete_fish")
    monkeypatch.setenv("_TYPER_COMPLETE_FISH_ACTION", "get-args")
    monkeypatch.setenv("_TYPER_COMPLETE_ARGS", words)
    with pytest.raises(SystemExit) as done:
        main(words.split()[1:])
    assert done.value.code == 0
    return [line.split("\t")[0] for line in capsys.readouterr().out.splitlines() if line]
