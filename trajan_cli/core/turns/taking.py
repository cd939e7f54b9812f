"""Taking Colonia tiles (pp. 20-22): each from a covered space, two a round, one per
street card, a tribune for each tile taken elsewhere, fewer only when the streets offer
fewer; a corner's tile uncovers its crane.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..vocabulary import CellKind, Square, square_name
from .judging import Judging
from .moves import Street
from .problems import TurnRule


def take_tiles(work: Judging, take: Sequence[Square], streets: tuple[Street, ...] | None) -> int:
    """The tiles taken this round: each a covered space; outside the round's streets a
    tribune each (p. 21); fewer than two only when the streets offer fewer (p. 22).
    Returns the tribunes spent."""
    rules = work.rules
    if len(take) > rules.play.tiles_per_round:
        work.refuse(TurnRule.TAKE_TOO_MANY, work.page("taking"), n=len(take))
    if len(set(take)) != len(take):
        work.refuse(TurnRule.TAKE_TWICE, work.page("taking"),
                    cell=square_name(*next(sq for sq in take if take.count(sq) > 1)))
    tribunes = 0
    if streets is not None:
        covered = [sq for sq, cell in work.sheet.colonia.squares() if cell.kind is CellKind.COVERED]
        offered = _matching(covered, streets)
        if len(take) < min(offered, rules.play.tiles_per_round):
            work.refuse(TurnRule.TAKE_TOO_FEW, work.page("taking_fewer"), n=len(take), offered=offered)
        tribunes = (len(set(take)) - _matching(list(set(take)), streets)) * \
            rules.play.tribunes_per_tile_elsewhere
        if tribunes > work.sheet.supply.tribunes:
            work.refuse(TurnRule.TAKE_NO_TRIBUNE, work.page("using"), n=tribunes,
                        have=work.sheet.supply.tribunes)
            tribunes = 0
    for square in dict.fromkeys(take):
        work.uncover(square)
    if tribunes:
        work.spend({"tribune": tribunes})
    return tribunes


def street_matching(squares: Sequence[Square], streets: Sequence[Street]) -> int:
    """How many of ``squares`` the round's street cards account for (see _matching): a
    tile beyond them costs a tribune (p. 21). The table screen asks it to tell which
    covered spaces a street still offers."""
    return _matching(squares, streets)


def _matching(squares: Sequence[Square], streets: Sequence[Street]) -> int:
    """How many of ``squares`` the street cards account for, one tile per card (p. 20):
    the largest matching of tiles to cards (two cards: a tiny search)."""
    if not streets:
        return 0
    if len(streets) == 2:  # a round's two cards: two tiles when each card holds a different one
        first = {sq for sq in squares if streets[0].holds(sq)}
        second = {sq for sq in squares if streets[1].holds(sq)}
        if first and second:
            return 2 if len(first | second) > 1 else 1
        return 1 if first or second else 0
    return _matched(squares, streets)


def _matched(squares: Sequence[Square], streets: Sequence[Street]) -> int:
    if not streets:
        return 0
    first, rest = streets[0], streets[1:]
    best = _matched(squares, rest)  # the first card accounts for none of them
    for square in squares:
        if first.holds(square):
            others = [sq for sq in squares if sq != square]
            best = max(best, 1 + _matched(others, rest))
    return best
