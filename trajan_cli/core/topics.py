"""Rules topics for `trajan rules`: short rulings in the project's words.

A question in a player's own words finds them through :mod:`.topic_search`."""

from __future__ import annotations

from typing import NamedTuple

#: The layout of the shipped search index (rules_index/LANG.json, made by topic_search), kept
#: here so that checking an index is fresh costs no import of the search: it changes
#: whenever the index's layout or the way words are read changes.
INDEX_FORMAT = 4


class Topic(NamedTuple):
    id: str
    title: str
    text: str
    words: tuple[str, ...]
    pages: tuple[int, ...]  # English edition
    related: tuple[str, ...]
    #: Commands that check what the ruling says, as a player types them.
    check: tuple[str, ...] = ()
    #: The rulebook's headings, named where its text pins no page (Trajan (2011)).
    sections: tuple[str, ...] = ()
    #: The game whose rulebook the pages are of ("forum-trajanum": the English edition's
    #: pages; "trajan": the German rulebook's, S. N).
    game: str = "forum-trajanum"
