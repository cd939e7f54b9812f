"""Trajan scoring (p. 28): how many times a player's sheet fulfils each task of a card.

Every fulfilment counts, and each building, structure or resource serves at most one
of them, so a task's answer is the LARGEST number of disjoint fulfilments.

One mechanism serves all twelve cards (their patterns are data, ``rules_data/cards.toml``):

* a building pattern is placed at every position of the colonia, each variant exactly
  as drawn (no rotation or mirroring); the placements that match are the candidates;
* the candidates that use no cell twice are chosen by an exact search for a largest
  disjoint subset (``max_disjoint``), never greedily: greedy choices lose fulfilments
  when candidates overlap (two vertical triples sharing a cell);
* counted needs (collecting tasks, and the building task "4 colours anywhere") take
  ``count`` of an item per fulfilment, or ``count`` of different kinds with ``distinct``.

Temples and cranes only locate a pattern (anchors): they are not buildings and are not
used up. The placements that almost match explain what is missing (``nearest``).
"""

# Annotations are evaluated here (no `from __future__ import annotations`): typing.NamedTuple
# compiles each string annotation, a start-up cost (see core/classic/models.py).

import functools
from collections.abc import Hashable, Iterable, Mapping, Sequence
from types import MappingProxyType
from typing import Any, NamedTuple

from .cards import Distinct, Item, Need, PatternCell, PatternKind, TrajanCard
from .colonia import Cell, Colonia, Square, is_corner
from .readings import DEFAULT, CoveredCorner, Readings
from .sheet import TRACK_END, PlayerSheet
from .vocabulary import BOARD_SIZE, CellKind, Colour, GrayType, Track

# --- Results ---------------------------------------------------------------------------


class Fulfilment(NamedTuple):
    """One placement of a pattern (or one combination of counted structures)."""

    used: tuple[Square, ...]  # cells used up by it, in reading order
    anchors: tuple[Square, ...] = ()  # temples and cranes that locate it, not used up
    variant: int = 0  # which variant of the pattern (I-4: which corner)


class Shortfall(NamedTuple):
    """A cell of a placement that does not show what the pattern asks for."""

    square: Square
    wants: PatternKind
    has: Cell
    #: With ``distinct``: what the cell must differ from (the kept cells' types/colours).
    other_than: tuple[GrayType | Colour, ...] = ()


class NearMiss(NamedTuple):
    """The placement closest to being one more fulfilment, and what it lacks."""

    placement: Fulfilment
    missing: tuple[Shortfall, ...]

    @property
    def buildable(self) -> bool:
        """Every missing cell is still open (covered or vacated), so it can still be built."""
        return all(s.has.kind in (CellKind.COVERED, CellKind.VACATED) for s in self.missing)


class NeedCheck(NamedTuple):
    """One counted need of a task: what the sheet holds and how far it goes."""

    need: Need
    #: kind -> how many the sheet holds; the kind is None for items without kinds,
    #: a Colour, SocialClass, or the Track whose marker reached Trajan's column.
    pools: Mapping[Hashable, int]
    times: int  # fulfilments this need alone would allow
    more: int = 0  # items still lacking for one more fulfilment of the whole task
    #: With distinct: the kinds that could supply them -> how many each could usefully add
    #: (a kind serves each fulfilment once, so one held as often as wanted adds nothing).
    room: Mapping[Hashable, int] = MappingProxyType({})

    @property
    def have(self) -> int:
        return sum(self.pools.values())

    @property
    def more_of(self) -> tuple[Hashable, ...]:
        return tuple(self.room)

    @property
    def forced(self) -> bool:
        """Every kind in ``room`` must add all it can: no choice is left."""
        return bool(self.room) and sum(self.room.values()) == self.more


class TaskCheck(NamedTuple):
    times: int
    #: One largest choice of disjoint fulfilments (building tasks).
    fulfilments: tuple[Fulfilment, ...] = ()
    #: Every matching placement, overlapping ones included (pattern tasks).
    candidates: tuple[Fulfilment, ...] = ()
    #: Counted needs (collecting tasks; building tasks given as needs, II-3).
    needs: tuple[NeedCheck, ...] = ()
    #: Pattern tasks: the placement disjoint from the chosen fulfilments that lacks the
    #: fewest cells, i.e. what would give one more fulfilment; None when none fits.
    nearest: NearMiss | None = None
    #: The closest placement whose missing cells are all still open (covered or empty),
    #: when ``nearest`` needs a cell that is already built with something else.
    nearest_open: NearMiss | None = None

    @property
    def sets(self) -> tuple[tuple[Square, ...], ...]:
        """The cells used by each chosen fulfilment (``sets`` in docs/json.md)."""
        return tuple(f.used for f in self.fulfilments)


class CardCheck(NamedTuple):
    card: TrajanCard
    building: TaskCheck
    collecting: TaskCheck

    @property
    def fulfilled(self) -> int:
        return self.building.times + self.collecting.times

    def points(self, value: int) -> int:
        """Points at the value above the Trajan head (3, 5 or 7): each fulfilment scores it."""
        return self.fulfilled * value


# --- Entry points ----------------------------------------------------------------------


def check_card(card: TrajanCard, sheet: PlayerSheet, readings: Readings = DEFAULT) -> CardCheck:
    """Both tasks of ``card`` on ``sheet``, each fulfilled as often as possible.

    ``readings``: with the house rule ``covered-corner=crane`` a corner still covered by
    its Colonia tile counts as a crane for the patterns (card I-4)."""
    task = card.building
    if task.shapes:
        building = check_pattern(task.shapes, task.distinct, sheet.colonia,
                                 covered_crane=readings.covered_corner is CoveredCorner.CRANE)
    else:
        building = check_needs(task.needs, sheet, with_cells=True)
    return CardCheck(card, building, check_needs(card.collecting.needs, sheet))


def check_all(cards: Iterable[TrajanCard], sheet: PlayerSheet,
              readings: Readings = DEFAULT) -> tuple[CardCheck, ...]:
    return tuple(check_card(card, sheet, readings) for card in cards)


# --- Building patterns -----------------------------------------------------------------

_MATCHES: dict[PatternKind, frozenset[CellKind]] = {
    PatternKind.GRAY: frozenset({CellKind.GRAY}),
    PatternKind.STRUCTURE: frozenset({CellKind.STRUCTURE}),
    PatternKind.TILE: frozenset({CellKind.GRAY, CellKind.STRUCTURE}),
    PatternKind.TEMPLE: frozenset({CellKind.TEMPLE}),
    PatternKind.CRANE: frozenset({CellKind.CRANE}),
}


def _reading_order(square: Square) -> tuple[int, int]:
    return square[1], square[0]


def _bit(square: Square) -> int:
    return 1 << (square[1] * BOARD_SIZE + square[0])


def _feature(cell: Cell, distinct: Distinct) -> GrayType | Colour:
    feature = cell.gray if distinct is Distinct.GRAY_TYPE else cell.colour
    assert feature is not None  # the cards compare the types of gray cells, the colours of structures
    return feature


class _Place(NamedTuple):
    """One position of one pattern variant, laid out once per shape."""

    fulfilment: Fulfilment
    mask: int  # the used cells as bits
    #: (x, y, kind, on a corner) for every cell of the shape, in the shape's order.
    cells: tuple[tuple[int, int, PatternKind, bool], ...]


@functools.cache
def _places(shapes: tuple[tuple[PatternCell, ...], ...]) -> tuple[_Place, ...]:
    """Every position at which a variant lies wholly on the board (no rotation)."""
    places = []
    for variant, shape in enumerate(shapes):
        if all(c.kind.is_anchor for c in shape):
            raise ValueError("a building pattern must use at least one building cell")
        xs = [c.dx for c in shape]
        ys = [c.dy for c in shape]
        for y in range(-min(ys), BOARD_SIZE - max(ys)):
            for x in range(-min(xs), BOARD_SIZE - max(xs)):
                cells = [(x + c.dx, y + c.dy) for c in shape]
                used = sorted((sq for c, sq in zip(shape, cells) if not c.kind.is_anchor),
                              key=_reading_order)
                anchors = sorted((sq for c, sq in zip(shape, cells) if c.kind.is_anchor),
                                 key=_reading_order)
                places.append(_Place(
                    Fulfilment(tuple(used), tuple(anchors), variant),
                    _mask(used),
                    tuple((cx, cy, c.kind, is_corner((cx, cy)))
                          for c, (cx, cy) in zip(shape, cells)),
                ))
    return tuple(places)


def _scan(
    shapes: Sequence[Sequence[PatternCell]], distinct: Distinct | None, colonia: Colonia,
    covered_crane: bool = False,
) -> list[tuple[_Place, tuple[Shortfall, ...]]]:
    """Every placement that could ever match, with what it lacks (nothing: a fulfilment)."""
    places = _places(tuple(tuple(shape) for shape in shapes))
    return [(place, lacks) for place in places
            if (lacks := _shortfalls(place, distinct, colonia.rows, covered_crane)) is not None]


def _shortfalls(
    place: _Place, distinct: Distinct | None, rows: tuple[tuple[Cell, ...], ...],
    covered_crane: bool = False,
) -> tuple[Shortfall, ...] | None:
    """What the placement lacks; None when it can never match.

    Temples and cranes cannot be moved, and a temple or a corner never holds a building.
    A still-covered corner lacks its crane, unless ``covered_crane`` (a house rule) counts
    it. With ``distinct``, the first cell of each type or colour is kept and any repeat has
    to become a different one.
    """
    missing: list[Shortfall] = []
    kept: list[GrayType | Colour] = []
    repeats: list[tuple[Square, PatternKind, Cell]] = []
    for x, y, kind, corner in place.cells:
        cell = rows[y][x]
        if kind is PatternKind.TEMPLE:
            if cell.kind is not CellKind.TEMPLE:
                return None
        elif kind is PatternKind.CRANE:
            if not corner:
                return None
            if cell.kind is not CellKind.CRANE and not covered_crane:  # still covered
                missing.append(Shortfall((x, y), kind, cell))
        elif corner or cell.kind is CellKind.TEMPLE:
            return None
        elif cell.kind not in _MATCHES[kind]:
            repeats.append(((x, y), kind, cell))
        elif distinct is not None:
            feature = _feature(cell, distinct)
            if feature in kept:
                repeats.append(((x, y), kind, cell))
            else:
                kept.append(feature)
    if not missing and not repeats:
        return ()
    other_than = tuple(kept) if distinct is not None else ()
    missing += [Shortfall(square, kind, cell, other_than) for square, kind, cell in repeats]
    missing.sort(key=lambda s: _reading_order(s.square))
    return tuple(missing)


def max_disjoint(masks: Sequence[int]) -> tuple[int, ...]:
    """Indices of a largest subset of ``masks`` whose set bits are pairwise disjoint.

    Exact: the search decides the lowest cell still in play, either leaving it unused or
    giving it to one of the candidates holding it, and remembers every remaining set of
    candidates it has solved. With the candidates sorted by their lowest cell, the
    remaining sets stay few (a frontier a few rows deep), so a dense colonia takes well
    under a millisecond.
    """
    if any(m == 0 for m in masks):
        raise ValueError("every candidate must use at least one cell")
    order = sorted(range(len(masks)), key=lambda i: (masks[i] & -masks[i]).bit_length())
    sorted_masks = [masks[i] for i in order]
    n = len(sorted_masks)
    clash = [0] * n  # candidates sharing a cell with candidate i (i included)
    holders: dict[int, int] = {}  # cell bit -> candidates holding it
    for i, mask in enumerate(sorted_masks):
        rest = mask
        while rest:
            low = rest & -rest
            holders[low] = holders.get(low, 0) | (1 << i)
            rest ^= low
    for i, mask in enumerate(sorted_masks):
        for j in range(n):
            if mask & sorted_masks[j]:
                clash[i] |= 1 << j

    solved: dict[int, tuple[int, ...]] = {0: ()}

    def best(remaining: int) -> tuple[int, ...]:
        known = solved.get(remaining)
        if known is not None:
            return known
        first = (remaining & -remaining).bit_length() - 1
        mask = sorted_masks[first]
        cell = mask & -mask  # the lowest cell of any remaining candidate
        holding = remaining & holders[cell]
        answer = best(remaining & ~holding)  # the cell stays unused
        rest = holding
        while rest:
            low = rest & -rest
            i = low.bit_length() - 1
            rest ^= low
            taken = best(remaining & ~clash[i])
            if len(taken) + 1 > len(answer):
                answer = (i, *taken)
        solved[remaining] = answer
        return answer

    chosen = best((1 << n) - 1) if n else ()
    return tuple(sorted(order[i] for i in chosen))


def check_pattern(
    shapes: Sequence[Sequence[PatternCell]], distinct: Distinct | None, colonia: Colonia,
    covered_crane: bool = False,
) -> TaskCheck:
    scanned = _scan(shapes, distinct, colonia, covered_crane)
    matching = [place for place, lacks in scanned if not lacks]
    picked = max_disjoint([place.mask for place in matching])
    chosen = sorted((matching[i] for i in picked),
                    key=lambda place: _reading_order(place.fulfilment.used[0]))
    taken = 0
    for place in chosen:
        taken |= place.mask
    # Near misses that use no chosen cell: fixing one adds a fulfilment to the chosen ones.
    near = [NearMiss(place.fulfilment, lacks) for place, lacks in scanned
            if lacks and not place.mask & taken]
    nearest = min(near, key=lambda n: (len(n.missing), not n.buildable), default=None)
    nearest_open = None
    if nearest is not None and not nearest.buildable:
        nearest_open = min((n for n in near if n.buildable), key=lambda n: len(n.missing),
                           default=None)
    return TaskCheck(
        times=len(chosen),
        fulfilments=tuple(place.fulfilment for place in chosen),
        candidates=tuple(place.fulfilment for place in matching),
        nearest=nearest,
        nearest_open=nearest_open,
    )


def _mask(squares: Iterable[Square]) -> int:
    mask = 0
    for sq in squares:
        mask |= _bit(sq)
    return mask


# --- Counted needs ---------------------------------------------------------------------


def distinct_times(pools: Iterable[int], k: int) -> int:
    """Largest t such that t disjoint sets of k items of pairwise different kinds exist.

    With n_i items of kind i that is the largest t with sum(min(n_i, t)) >= k * t: no
    set takes a kind twice, so a kind gives at most t items to t sets; and when the
    inequality holds, ``deal`` builds the sets.

    Closed form, whatever the counts (issue 13: stepping t down one at a time never ended
    for 10^12 workers): the left side less the right, sum(min(n_i, t)) - k * t, is
    concave in t and 0 at t = 0, so the t that satisfy it run from 0 to the answer. Between
    two neighbouring sizes the kinds below t give their all (``below``) and every other
    kind gives t, so the inequality is linear there and solved in one step.
    """
    sizes = sorted(n for n in pools if n > 0)
    best = 0
    below = 0  # items of the kinds smaller than t
    lower = 0  # t lies in (lower, upper]
    for i in range(len(sizes) + 1):
        upper = sizes[i] if i < len(sizes) else None
        # below + (kinds at least t) * t >= k * t, i.e. below >= (k - kinds at least t) * t
        short = k - (len(sizes) - i)
        if short <= 0:
            top = upper  # holds for every t of this stretch
        else:
            top = below // short if upper is None else min(upper, below // short)
        if top is not None and top > lower:
            best = max(best, top)
        if upper is not None:
            below += upper
            lower = upper
    return best


def deal(items_by_kind: Sequence[Sequence[Any]], k: int, t: int) -> tuple[tuple[Any, ...], ...]:
    """``t`` sets of ``k`` items of different kinds (requires ``distinct_times >= t``).

    Lay out at most t items of each kind one kind after another and hand them round to
    the t sets in turn: a kind's items are consecutive and at most t, so they land in
    different sets.
    """
    if t == 0:
        return ()
    row = [item for items in items_by_kind for item in list(items)[:t]][: k * t]
    if len(row) < k * t:
        raise ValueError("not enough items for that many sets")
    return tuple(tuple(row[j] for j in range(s, k * t, t)) for s in range(t))


def item_pools(item: Item, sheet: PlayerSheet) -> dict[Hashable, int]:
    """What the sheet holds of ``item``, by kind (None when the item has no kinds)."""
    supply, colonia = sheet.supply, sheet.colonia
    match item:
        case Item.COIN:
            return {None: supply.coins}
        case Item.TRIBUNE:
            return {None: supply.tribunes}
        case Item.BUILDER:
            return {None: supply.builders}
        case Item.ASSISTANT:
            return {None: supply.assistants}
        case Item.WORKER:
            return {c: supply.workers[c] for c in Colour}
        case Item.SHIP_ENVOY:
            return {None: supply.ship}
        case Item.ACTIVE_CITIZEN:  # inactive citizens count as if they did not exist (p. 26)
            return {kind: n for kind, n in sheet.active_by_class().items()}
        case Item.COLUMN:
            return {None: colonia.count_gray(GrayType.COLUMN)}
        case Item.SCORED_CRANE:  # uncovered cranes were scored in step 1 (docs/readings.md)
            return {None: len(colonia.uncovered_cranes())}
        case Item.COLUMN_MARKER:
            return {t: int(sheet.tracks[t] >= TRACK_END) for t in Track}
        case Item.STRUCTURE:
            return {c: len(colonia.structures_of(c)) for c in Colour}
    raise ValueError(f"no pool for {item}")


def _item_cells(item: Item, colonia: Colonia) -> dict[Hashable, list[Square]] | None:
    """The colonia cells holding ``item`` by kind (reading order), for items that are built."""
    squares = list(colonia.squares())  # row by row: reading order
    match item:
        case Item.STRUCTURE:
            return {colour: [sq for sq, cell in squares
                             if cell.kind is CellKind.STRUCTURE and cell.colour is colour]
                    for colour in Colour}
        case Item.COLUMN:
            return {None: [sq for sq, cell in squares
                           if cell.kind is CellKind.GRAY and cell.gray is GrayType.COLUMN]}
        case Item.SCORED_CRANE:
            return {None: [sq for sq, cell in squares if cell.kind is CellKind.CRANE]}
    return None


def _need_times(need: Need, pools: Mapping[Hashable, int]) -> int:
    if need.distinct is None:
        return sum(pools.values()) // need.count
    return distinct_times(pools.values(), need.count)


def _shortage(need: Need, pools: Mapping[Hashable, int], target: int) -> NeedCheck:
    """What ``target`` fulfilments of the need still lack (``times`` is filled in later)."""
    if need.distinct is None:
        return NeedCheck(need, pools, 0, max(0, need.count * target - sum(pools.values())))
    # A kind gives at most one item per fulfilment: only kinds below target can help.
    usable = sum(min(n, target) for n in pools.values())
    lacking = max(0, need.count * target - usable)
    if not lacking:
        return NeedCheck(need, pools, 0)
    room = {kind: target - n for kind, n in pools.items() if n < target}
    return NeedCheck(need, pools, 0, lacking, MappingProxyType(room))


def check_needs(needs: Sequence[Need], sheet: PlayerSheet, with_cells: bool = False) -> TaskCheck:
    """How often the sheet holds every need at once (each item used once)."""
    pools = [item_pools(need.item, sheet) for need in needs]
    alone = [_need_times(need, pool) for need, pool in zip(needs, pools)]
    times = min(alone) if alone else 0
    checks = [_shortage(need, pool, times + 1)._replace(times=own)
              for need, pool, own in zip(needs, pools, alone)]
    fulfilments: tuple[Fulfilment, ...] = ()
    if with_cells and times:
        fulfilments = _cell_fulfilments(needs, sheet.colonia, times)
    return TaskCheck(times=times, fulfilments=fulfilments, needs=tuple(checks))


def _cell_fulfilments(
    needs: Sequence[Need], colonia: Colonia, times: int
) -> tuple[Fulfilment, ...]:
    """Which cells make up each of ``times`` fulfilments of needs counted in the colonia."""
    parts: list[list[tuple[Square, ...]]] = [[] for _ in range(times)]
    for need in needs:
        by_kind = _item_cells(need.item, colonia)
        if by_kind is None:
            continue
        if need.distinct is None:
            every = [sq for squares in by_kind.values() for sq in squares]
            sets = tuple(tuple(every[s * need.count:(s + 1) * need.count]) for s in range(times))
        else:
            # Larger kinds first keeps the choice readable; any order would be correct.
            ordered = sorted(by_kind.values(), key=len, reverse=True)
            sets = deal(ordered, need.count, times)
        for s, cells in enumerate(sets):
            parts[s].append(cells)
    return tuple(
        Fulfilment(tuple(sorted((sq for cells in part for sq in cells), key=_reading_order)))
        for part in parts
    )


__all__ = [
    "CardCheck",
    "Fulfilment",
    "NearMiss",
    "NeedCheck",
    "Shortfall",
    "TaskCheck",
    "check_all",
    "check_card",
    "check_needs",
    "check_pattern",
    "deal",
    "distinct_times",
    "item_pools",
    "max_disjoint",
]
