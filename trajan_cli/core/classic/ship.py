"""Ship deliveries of the harbour action („Hafen-Aktion“).

A ship tile takes cards of one kind (``same``), pairs of different kinds (``pairs``) or
cards all of different kinds (``different``), up to four cards or three pairs; its front
and back pay differently. A commodity joker from the forum stands for any card.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from .models import ClassicRules
from .vocabulary import ShipSide, ShipTile

JOKER = "joker"


def other(n: int) -> str:
    """What a joker stands for when no card in the delivery shows it: ``other-1``,
    ``other-2`` ... Jokers with the same label are the same kind; each label is a kind
    that none of the delivered cards has."""
    return f"other-{n}"


@dataclass(frozen=True)
class Delivery:
    tile: ShipTile
    side: ShipSide
    count: int  # cards delivered (pairs on the pairs tile)
    points: int
    cards: tuple[str, ...]  # what leaves the hand: kinds, and "joker"
    jokers_as: tuple[str, ...]  # what each joker stands for: a kind, or other-1, other-2 ...


def _same(counts: Counter, jokers: int, n: int):
    kind = max(sorted(counts), key=lambda k: min(counts[k], n), default=None)
    natural = 0 if kind is None else min(counts[kind], n)
    need = n - natural
    if need > jokers:
        return None
    stand_for = kind if natural else other(1)
    return [kind] * natural + [JOKER] * need, [stand_for] * need


def _different(counts: Counter, jokers: int, n: int):
    kinds = sorted(counts, key=lambda k: (-counts[k], k))[:n]
    need = n - len(kinds)
    if need > jokers:
        return None
    return [*kinds, *[JOKER] * need], [other(i) for i in range(1, need + 1)]


def _pairs(counts: Counter, jokers: int, n: int):
    doubles = sorted(k for k in counts if counts[k] >= 2)[:n]
    singles = sorted(k for k in counts if counts[k] == 1)[:n - len(doubles)]
    rest = n - len(doubles) - len(singles)
    need = len(singles) + 2 * rest
    if need > jokers:
        return None
    cards = [k for k in doubles for _ in range(2)] + [c for k in singles for c in (k, JOKER)]
    return cards + [JOKER] * (2 * rest), [*singles, *(other(i) for i in range(1, rest + 1) for _ in "ab")]


_FORM = {ShipTile.SAME: _same, ShipTile.DIFFERENT: _different, ShipTile.PAIRS: _pairs}


def best_delivery(hand: Sequence[str], tile: ShipTile, side: ShipSide, rules: ClassicRules) -> Delivery:
    """The delivery from ``hand`` worth the most points on that ship tile and side.

    For each size the cheapest way to form it is found (fewest jokers: a kind's own cards
    first); among equal points the smaller delivery wins, keeping cards in hand. When
    nothing scores (the back of a tile pays 0 for one card) the answer is to deliver none.
    """
    counts = Counter(card for card in hand if card != JOKER)
    jokers = sum(1 for card in hand if card == JOKER)
    best = Delivery(tile, side, 0, 0, (), ())
    for n in range(1, rules.ship_capacity(tile) + 1):
        formed = _FORM[tile](counts, jokers, n)
        if formed is None:
            break  # a larger delivery needs even more cards
        points = rules.ship_points(tile, side, n)
        if points > best.points:
            best = Delivery(tile, side, n, points, tuple(formed[0]), tuple(formed[1]))
    return best
