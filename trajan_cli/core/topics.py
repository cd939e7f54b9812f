"""Rules topics for `trajan rules`: short rulings in the project's words.

A question in a player's own words finds them through :mod:`.topic_search`."""

from __future__ import annotations

from typing import NamedTuple


class Topic(NamedTuple):
    id: str
    title: str
    text: str
    words: tuple[str, ...]
    pages: tuple[int, ...]  # English edition
    related: tuple[str, ...]
    #: Commands that check what the ruling says, as a player types them.
    check: tuple[str, ...] = ()
