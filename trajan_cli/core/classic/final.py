"""The final scoring of Trajan (2011) (S. 9) and its bonus tiles („Die Bonustafeln“).

Two choices are the player's, and the tool makes them for the best total: where the
building jokers go among the construction sets, and which kind each unused commodity
joker stands for on the bonus tiles.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TypeVar

from ..readings import BuildingJokers, YellowTiles
from .models import BonusTile, ClassicRules, ClassicSheet
from .vocabulary import BonusKind, BonusSide

#: The final scoring's lines, in the rulebook's order.
LINES = ("hand_cards", "workers_in_camp", "legionaries_in_camp", "trajan_tiles",
         "construction_sets", "bonus_tiles")

T = TypeVar("T")


def share_out(items: Sequence[T], budget: int, worth: Callable[[T, int], int]) -> tuple[int, ...]:
    """How many of ``budget`` jokers to give each item for the largest sum of
    ``worth(item, jokers)``; among equal sums, the fewest jokers. A knapsack over items.

    ``worth`` is asked once per item and number of jokers, and the table holds one entry
    per number of jokers given out: the work grows with items x budget^2, and the sheet
    parser holds the budget to what the components allow (70 forum tiles, S. 11).
    """
    # table[j]: (best sum, jokers per item so far) giving out exactly j jokers
    table: list[tuple[int, tuple[int, ...]] | None] = [(0, ())] + [None] * budget
    for item in items:
        gains = [worth(item, extra) for extra in range(budget + 1)]
        grown: list[tuple[int, tuple[int, ...]] | None] = [None] * (budget + 1)
        for used, entry in enumerate(table):
            if entry is None:
                continue
            so_far, shares = entry
            for extra in range(budget - used + 1):
                total = so_far + gains[extra]
                slot = grown[used + extra]
                if slot is None or total > slot[0]:
                    grown[used + extra] = (total, (*shares, extra))
        table = grown
    best = max(e[0] for e in table if e is not None)
    return next(e[1] for e in table if e is not None and e[0] == best)


# --- Construction sets -----------------------------------------------------------------------


@dataclass(frozen=True)
class ConstructionSet:
    symbol: str | None  # None: jokers only, standing for any one symbol
    tiles: int  # construction tiles of the symbol in the set
    jokers: int
    points: int

    @property
    def size(self) -> int:
        return self.tiles + self.jokers


@dataclass(frozen=True)
class SetsResult:
    sets: tuple[ConstructionSet, ...]

    @property
    def points(self) -> int:
        return sum(s.points for s in self.sets)

    @property
    def jokers_used(self) -> int:
        return sum(s.jokers for s in self.sets)


def best_split(tiles: int, values: Mapping[int, int]) -> tuple[int, tuple[int, ...]]:
    """The most points ``tiles`` alike can make as disjoint sets (sizes in ``values``),
    and the set sizes, largest first. Tiles left over score nothing."""
    return _splits(tiles, values)[tiles]


def _splits(most: int, values: Mapping[int, int]) -> list[tuple[int, tuple[int, ...]]]:
    """``best_split`` for 0 .. ``most`` tiles, each found from the smaller ones."""
    best: list[tuple[int, tuple[int, ...]]] = [(0, ())]
    for n in range(1, most + 1):
        choice = best[n - 1]
        for size, points in values.items():
            if size <= n:
                total = best[n - size][0] + points
                if total > choice[0]:
                    choice = (total, tuple(sorted((*best[n - size][1], size), reverse=True)))
        best.append(choice)
    return best


def _limited_splits(tiles: int, most: int, values: Mapping[int, int]) -> list[tuple[int, tuple[int, ...]]]:
    """For 0 .. ``most`` jokers added to ``tiles`` alike: the most points as disjoint sets
    with at least one of the tiles in each set (so no more sets than tiles), and the sizes."""
    # best[n][k]: the best (points, sizes) for n pieces in at most k sets
    none: tuple[int, tuple[int, ...]] = (0, ())
    best = [[none] * (tiles + 1)]
    for n in range(1, tiles + most + 1):
        row = [none]
        for k in range(1, tiles + 1):
            choice = row[k - 1]
            for size, points in values.items():
                if size <= n:
                    prev = best[n - size][k - 1]
                    if prev[0] + points > choice[0]:
                        choice = (prev[0] + points, tuple(sorted((*prev[1], size), reverse=True)))
            row.append(choice)
        best.append(row)
    return [best[tiles + extra][tiles] for extra in range(most + 1)]


def construction_sets(buildings: Mapping[str, int], jokers: int, rules: ClassicRules) -> SetsResult:
    """Sets of alike construction tiles (3 alike: 10, 4 alike: 20; S. 9), building jokers
    placed for the most points (a joker counts as any construction tile, S. 11).

    Each tile belongs to at most one set. Jokers may join a symbol or, together, stand for
    a symbol the player lacks (the tool's reading, rules_data/classic.toml's
    [readings.building-jokers]); with the house rule building-jokers=with-a-tile every set
    holds at least one construction tile. A dynamic programme over the symbols hands out the
    jokers; among the best totals it uses the fewest jokers.
    """
    if rules.readings.building_jokers is BuildingJokers.WITH_A_TILE:
        return _sets_with_a_tile(buildings, jokers, rules.construction_sets)
    values = rules.construction_sets
    groups: list[tuple[str | None, int]] = [(s, n) for s, n in sorted(buildings.items()) if n > 0]
    groups.append((None, 0))  # the jokers' own symbol
    splits = _splits(max(count for _, count in groups) + jokers, values)  # worked out once
    shares = share_out(groups, jokers, lambda group, extra: splits[group[1] + extra][0])
    sets = []
    for (symbol, count), extra in zip(groups, shares, strict=True):
        tiles_left = count  # the symbol's own tiles fill the sets first, jokers complete them
        for size in splits[count + extra][1]:
            real = min(size, tiles_left)
            tiles_left -= real
            sets.append(ConstructionSet(symbol, real, size - real, values[size]))
    return SetsResult(tuple(sets))


def _sets_with_a_tile(buildings: Mapping[str, int], jokers: int, values: Mapping[int, int]) -> SetsResult:
    """:func:`construction_sets` when no set is made of jokers alone: each set holds at
    least one of its symbol's tiles."""
    groups = [(s, n) for s, n in sorted(buildings.items()) if n > 0]
    splits = {count: _limited_splits(count, jokers, values) for _, count in groups}
    shares = share_out(groups, jokers, lambda group, extra: splits[group[1]][extra][0])
    sets = []
    for (symbol, count), extra in zip(groups, shares, strict=True):
        sizes = splits[count][extra][1]
        spare = count - len(sizes)  # tiles beyond the one each set holds
        for size in sizes:
            real = 1 + min(size - 1, spare)
            spare -= real - 1
            sets.append(ConstructionSet(symbol, real, size - real, values[size]))
    return SetsResult(tuple(sets))


# --- Bonus tiles -------------------------------------------------------------------------------


@dataclass(frozen=True)
class BonusLine:
    tile: BonusTile
    counted: int  # what the tile counts, commodity jokers included
    jokers: int  # unused commodity jokers counted as cards of the tile's kind
    points: int


def _counts(sheet: ClassicSheet) -> dict[BonusKind, int]:
    return {
        BonusKind.NEEDS: sum(sheet.forum_needs.values()) + sheet.demand_jokers,  # not Trajan tiles
        BonusKind.CITY_WORKERS: sheet.workers_in_city,
        BonusKind.LEGIONARIES: sheet.legionaries_in_provinces,
        BonusKind.YELLOW_TILES: sum(1 for t in sheet.bonus_tiles if t.side is BonusSide.YELLOW),
    }


def _yellow_count(tile: BonusTile, yellow: int, rules: ClassicRules) -> int:
    """What the yellow-tiles bonus tile ``tile`` counts of the player's ``yellow`` tiles:
    itself too (the tool's reading, rules_data/classic.toml's [readings.yellow-tiles]), or,
    with the house rule yellow-tiles=not-itself, only the others („Die Bonustafeln“)."""
    if rules.readings.yellow_tiles is YellowTiles.NOT_ITSELF and tile.side is BonusSide.YELLOW:
        return yellow - 1
    return yellow


def commodity_jokers_for(sheet: ClassicSheet, rules: ClassicRules) -> dict[str, int]:
    """How many unused commodity jokers to count as each kind of card: a joker is one card
    of one kind, counted by every commodity tile of that kind; placed for the most points,
    with the fewest jokers among equal totals."""
    kinds = sorted({_card_kind(t) for t in sheet.bonus_tiles if t.kind is BonusKind.COMMODITY})

    def worth(kind: str, extra: int) -> int:
        cards = sheet.display.get(kind, 0) + extra
        return sum(rules.bonus[t.kind].sides[t.side].score(cards)
                   for t in sheet.bonus_tiles if t.kind is BonusKind.COMMODITY and t.commodity == kind)

    shares = share_out(kinds, sheet.commodity_jokers, worth)
    return {kind: n for kind, n in zip(kinds, shares, strict=True) if n}


def _card_kind(tile: BonusTile) -> str:
    """The kind of card a commodity tile counts."""
    assert tile.commodity is not None  # the sheet and the quick counts name it for every commodity tile
    return tile.commodity


def bonus_lines(sheet: ClassicSheet, rules: ClassicRules) -> tuple[BonusLine, ...]:
    counts = _counts(sheet)
    jokers = commodity_jokers_for(sheet, rules)
    lines = []
    for tile in sheet.bonus_tiles:
        extra = 0
        if tile.kind is BonusKind.COMMODITY:
            assert tile.commodity is not None  # named for every commodity tile (_card_kind)
            extra = jokers.get(tile.commodity, 0)
            counted = sheet.display.get(tile.commodity, 0) + extra
        elif tile.kind is BonusKind.YELLOW_TILES:
            counted = _yellow_count(tile, counts[tile.kind], rules)
        else:
            counted = counts[tile.kind]
        lines.append(BonusLine(tile, counted, extra,
                               rules.bonus[tile.kind].sides[tile.side].score(counted)))
    return tuple(lines)


# --- The whole final scoring ---------------------------------------------------------------------


@dataclass(frozen=True)
class FinalScore:
    lines: Mapping[str, int]  # LINES -> points
    sets: SetsResult
    bonus: tuple[BonusLine, ...]

    @property
    def total(self) -> int:
        return sum(self.lines.values())


def final_score(sheet: ClassicSheet, rules: ClassicRules) -> FinalScore:
    """Everything the end of the game adds (S. 9): 1 point per hand card, worker in the
    camp, legionary in the camp and Trajan tile on the circle; the construction sets; the
    bonus tiles."""
    each = rules.final_points
    sets = construction_sets(sheet.buildings, sheet.building_jokers, rules)
    bonus = bonus_lines(sheet, rules)
    lines = {
        "hand_cards": sheet.hand_cards * each["hand_card"],
        "workers_in_camp": sheet.workers_in_camp * each["worker_in_camp"],
        "legionaries_in_camp": sheet.legionaries_in_camp * each["legionary_in_camp"],
        "trajan_tiles": sheet.trajan_tiles_on_circle * each["trajan_tile_on_circle"],
        "construction_sets": sets.points,
        "bonus_tiles": sum(b.points for b in bonus),
    }
    return FinalScore(lines, sets, bonus)
