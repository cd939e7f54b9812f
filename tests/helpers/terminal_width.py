"""The width every readable answer must fit (an 80-column terminal) and the lines that do
not: tests/test_terminal_width.py, tests/test_game_record.py."""

from __future__ import annotations

import re

WIDTH = 80
#: Colours and styles: they take no column.
ANSI = re.compile(r"\x1b\[[0-9;]*m")


def too_wide(text: str) -> list[str]:
    """The lines of ``text`` longer than WIDTH (colours aside), each with its length."""
    return [f"{len(line)}: {line}" for line in ANSI.sub("", text).splitlines() if len(line) > WIDTH]
