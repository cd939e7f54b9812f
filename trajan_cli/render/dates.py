"""The day a game was played, as a group remembers it."""

from __future__ import annotations


def local_date(created: str) -> str:
    """"2026-11-20T23:05:00+00:00" (when a game was created, as its record keeps it) -> the
    date where the tool runs ("2026-11-21" in Berlin): the day a group remembers the game
    by, in the CSV export and in `trajan stats`; "" when the game has no creation time."""
    from datetime import datetime

    try:
        when = datetime.fromisoformat(created)
    except ValueError:
        return created[:10]
    if when.tzinfo is not None:
        when = when.astimezone()
    return when.date().isoformat()
