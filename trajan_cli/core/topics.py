"""Rules topics for `trajan rules`: short rulings in the project's words, and a search."""

from __future__ import annotations

from typing import NamedTuple


class Topic(NamedTuple):
    id: str
    title: str
    text: str
    words: tuple[str, ...]
    pages: tuple[int, ...]  # English edition
    related: tuple[str, ...]


def search(topics: dict[str, Topic], query: str) -> list[Topic]:
    """Topics matching ``query``, best first: the one named so; else those whose name, title
    or search words contain it (alone, when only one does); else those whose text does."""
    wanted = query.strip().casefold()
    if not wanted:
        return []
    if wanted in topics:
        return [topics[wanted]]
    ranked = []
    for topic in topics.values():
        if wanted in topic.id:
            rank = 0
        elif wanted in topic.title.casefold() or any(wanted in w.casefold() for w in topic.words):
            rank = 1
        elif wanted in topic.text.casefold():
            rank = 2
        else:
            continue
        ranked.append((rank, topic.id, topic))
    ranked.sort()
    close = [topic for rank, _id, topic in ranked if rank < 2]
    if len(close) == 1:
        return close
    return [topic for _rank, _id, topic in ranked]
