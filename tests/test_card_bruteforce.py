"""The card solver against brute force on thousands of random colonias (hypothesis).

Nothing here uses the solver's code or the pattern data: the candidate fulfilments are
enumerated from the card texts (p. 28) by hand-written checks, the largest disjoint
choice is found by trying every subset of candidates, and collecting tasks are counted
by trying every way to take one fulfilment after another.
"""

from __future__ import annotations

import functools
import itertools
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from trajan_cli.core.card_solver import check_card, deal, distinct_times, max_disjoint
from trajan_cli.core.colonia import SCORED_CRANE, VACATED, gray, structure
from trajan_cli.core.vocabulary import (
    BOARD_SIZE,
    CellKind,
    Citizen,
    CitizenState,
    Colour,
    GrayType,
    Track,
)

from helpers.hypothesis_profiles import scaled
from helpers.sheet_strategies import built_cells, colonias, sheets

# Thousands of examples against brute force: slow (pytest -m "not slow" leaves them out).
pytestmark = pytest.mark.slow

# --- Candidate fulfilments, read off the card texts -------------------------------------


def _at(colonia, x, y):
    if 0 <= x < BOARD_SIZE and 0 <= y < BOARD_SIZE:
        return colonia.rows[y][x]
    return None


def _is(cell, *kinds):
    return cell is not None and cell.kind in kinds


def gray_(cell):
    return _is(cell, CellKind.GRAY)


def struct(cell):
    return _is(cell, CellKind.STRUCTURE)


def tile(cell):
    return _is(cell, CellKind.GRAY, CellKind.STRUCTURE)


def _column(colonia, x, y, tests):
    """The cells below (x, y) when each passes its test, else None."""
    got = [(x, y + i) for i in range(len(tests))]
    if all(test(_at(colonia, cx, cy)) for test, (cx, cy) in zip(tests, got)):
        return got
    return None


def _all_different(colonia, squares, attribute):
    values = [getattr(colonia.rows[y][x], attribute) for x, y in squares]
    return len(set(values)) == len(values)


def by_text(card_id: str, colonia) -> set[frozenset]:
    """Every fulfilment of the card's building task, as the set of tiles it uses."""
    found = set()
    for x in range(BOARD_SIZE):
        for y in range(BOARD_SIZE):
            here = _at(colonia, x, y)
            used = None
            if card_id == "I-1":  # structure horizontally between two gray buildings
                if gray_(here) and struct(_at(colonia, x + 1, y)) and gray_(_at(colonia, x + 2, y)):
                    used = [(x, y), (x + 1, y), (x + 2, y)]
            elif card_id == "I-2":  # any tile above and below the same temple
                if (_is(here, CellKind.TEMPLE) and tile(_at(colonia, x, y - 1))
                        and tile(_at(colonia, x, y + 1))):
                    used = [(x, y - 1), (x, y + 1)]
            elif card_id == "I-3":  # two different gray buildings one below the other
                used = _column(colonia, x, y, [gray_, gray_])
                if used and not _all_different(colonia, used, "gray"):
                    used = None
            elif card_id == "I-4":  # both sides of an uncovered crane built
                if _is(here, CellKind.CRANE):
                    sides = [(x + dx, y + dy) for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))
                             if _at(colonia, x + dx, y + dy) is not None]
                    if len(sides) == 2 and all(tile(_at(colonia, *s)) for s in sides):
                        used = sides
            elif card_id == "II-1":  # a 2 x 2 square of tiles
                square = [(x, y), (x + 1, y), (x, y + 1), (x + 1, y + 1)]
                if all(tile(_at(colonia, *s)) for s in square):
                    used = square
            elif card_id == "II-2":  # gray vertically between two structures
                used = _column(colonia, x, y, [struct, gray_, struct])
            elif card_id == "II-4":  # structure vertically between two gray buildings
                used = _column(colonia, x, y, [gray_, struct, gray_])
            elif card_id == "III-1":  # two grays vertically between two structures
                used = _column(colonia, x, y, [struct, gray_, gray_, struct])
            elif card_id == "III-2":  # three structures of different colours, vertical
                used = _column(colonia, x, y, [struct, struct, struct])
                if used and not _all_different(colonia, used, "colour"):
                    used = None
            elif card_id == "III-3":  # the four corners of a temple are structures
                corners = [(x - 1, y - 1), (x + 1, y - 1), (x - 1, y + 1), (x + 1, y + 1)]
                if _is(here, CellKind.TEMPLE) and all(struct(_at(colonia, *c)) for c in corners):
                    used = corners
            elif card_id == "III-4":  # three different gray buildings, vertical
                used = _column(colonia, x, y, [gray_, gray_, gray_])
                if used and not _all_different(colonia, used, "gray"):
                    used = None
            if used:
                found.add(frozenset(used))
    return found


def most_disjoint(candidates) -> int:
    """Try every subset (those reusing a cell are dropped as soon as they do)."""
    candidates = list(candidates)

    def best(i, used):
        if i == len(candidates):
            return 0
        skip = best(i + 1, used)
        if candidates[i] & used:
            return skip
        return max(skip, 1 + best(i + 1, used | candidates[i]))

    return best(0, frozenset())


PATTERN_CARDS = ("I-1", "I-2", "I-3", "I-4", "II-1", "II-2", "II-4",
                 "III-1", "III-2", "III-3", "III-4")

# Colonias of every density: the foundation's mix, fully built, gray-heavy, colour-heavy.
gray_heavy = st.sampled_from([gray(g) for g in GrayType] * 3 + [structure(c) for c in Colour]
                             + [VACATED])
colour_heavy = st.sampled_from([structure(c) for c in Colour] * 3 + [gray(g) for g in GrayType]
                               + [VACATED])
any_colonia = st.one_of(colonias(), colonias(cells=built_cells), colonias(cells=gray_heavy),
                        colonias(cells=colour_heavy))
# sheets(colonia_strategy) tests a strategy for truth (a HypothesisWarning): swap the colonia.
any_sheet = st.builds(replace, sheets(), colonia=any_colonia)


@settings(max_examples=scaled(1500), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(player=any_sheet)
def test_building_tasks_match_brute_force_p28(rules, player):
    for card_id in PATTERN_CARDS:
        result = check_card(rules.card(card_id), player).building
        expected = by_text(card_id, player.colonia)
        assert {frozenset(f.used) for f in result.candidates} == expected, card_id
        assert result.times == most_disjoint(expected), card_id
        chosen = [frozenset(s) for s in result.sets]
        assert len(chosen) == result.times
        assert all(s in expected for s in chosen), card_id
        assert sum(len(s) for s in chosen) == len(frozenset().union(*chosen)), card_id


def fixed(colonia, near):
    """The colonia with every missing cell of a near miss built as it asks."""
    grays = iter([g for g in GrayType if g not in near.missing[0].other_than])
    colours = iter([c for c in Colour if c not in near.missing[0].other_than])
    for miss in near.missing:
        cell = {
            "gray": lambda: gray(next(grays)),
            "structure": lambda: structure(next(colours)),
            "tile": lambda: gray(GrayType.LIBRARY),
            "crane": lambda: SCORED_CRANE,
        }[miss.wants.value]()
        colonia = colonia.replace(miss.square, cell)
    return colonia


@settings(max_examples=scaled(300), deadline=None)
@given(player=any_sheet)
def test_building_what_the_nearest_miss_lacks_adds_a_fulfilment(rules, player):
    for card_id in PATTERN_CARDS:
        result = check_card(rules.card(card_id), player).building
        for near in (result.nearest, result.nearest_open):
            if near is None:
                continue
            assert near.missing
            taken = {sq for s in result.sets for sq in s}
            assert not taken & set(near.placement.used)
            better = replace(player, colonia=fixed(player.colonia, near))
            assert check_card(rules.card(card_id), better).building.times > result.times
        if result.nearest_open is not None:
            assert result.nearest_open.buildable and not result.nearest.buildable
            assert len(result.nearest_open.missing) >= len(result.nearest.missing)


# --- Counted needs ----------------------------------------------------------------------


def pools_by_text(item: str, player) -> list[int] | int:
    """What the sheet holds, read straight from the sheet (a list when kinds matter)."""
    supply, colonia = player.supply, player.colonia
    cells = [cell for row in colonia.rows for cell in row]
    if item == "worker":
        return [supply.workers[c] for c in Colour]
    if item == "active_citizen":
        by_class = {}
        for row, states in player.citizens.items():
            social = Citizen.of_row(row).social_class
            by_class[social] = by_class.get(social, 0) + sum(
                1 for s in states if s is CitizenState.ACTIVE)
        return list(by_class.values())
    if item == "structure":
        return [sum(1 for c in cells if c.kind is CellKind.STRUCTURE and c.colour is colour)
                for colour in Colour]
    return {
        "coin": supply.coins, "tribune": supply.tribunes, "builder": supply.builders,
        "assistant": supply.assistants, "ship_envoy": supply.ship,
        "column": sum(1 for c in cells if c.kind is CellKind.GRAY and c.gray is GrayType.COLUMN),
        "scored_crane": sum(1 for c in cells if c.kind is CellKind.CRANE),
        "column_marker": sum(1 for t in Track if player.tracks[t] == 4),
    }[item]


@functools.cache
def most_sets_of_different_kinds(pools: tuple[int, ...], k: int) -> int:
    """Take k items of different kinds in every possible way, as often as possible."""
    best = 0
    for kinds in itertools.combinations(range(len(pools)), k):
        if all(pools[i] for i in kinds):
            rest = tuple(n - 1 if i in kinds else n for i, n in enumerate(pools))
            best = max(best, 1 + most_sets_of_different_kinds(rest, k))
    return best


def need_times_by_text(need, player) -> int:
    held = pools_by_text(need.item.value, player)
    if need.distinct is not None:
        return most_sets_of_different_kinds(tuple(held), need.count)
    total = sum(held) if isinstance(held, list) else held
    return total // need.count


@settings(max_examples=scaled(1000), deadline=None)
@given(player=sheets())
def test_collecting_tasks_match_brute_force_p28(rules, player):
    for card in rules.cards.values():
        expected = min(need_times_by_text(n, player) for n in card.collecting.needs)
        assert check_card(card, player).collecting.times == expected, card.id


@settings(max_examples=scaled(500), deadline=None)
@given(player=any_sheet)
def test_four_colours_anywhere_matches_brute_force_p28(rules, player):
    result = check_card(rules.card("II-3"), player).building
    assert result.times == most_sets_of_different_kinds(
        tuple(pools_by_text("structure", player)), 4)
    for used in result.sets:
        assert len({player.colonia.at(sq).colour for sq in used}) == 4
    assert len({sq for s in result.sets for sq in s}) == 4 * result.times


@settings(max_examples=scaled(500), deadline=None)
@given(pools=st.lists(st.integers(0, 5), max_size=5), k=st.integers(1, 4))
def test_distinct_times_and_deal_match_brute_force(pools, k):
    t = distinct_times(pools, k)
    assert t == most_sets_of_different_kinds(tuple(pools), k)
    items = [[(kind, i) for i in range(n)] for kind, n in enumerate(pools)]
    sets = deal(items, k, t)
    assert len(sets) == t
    assert all(len({kind for kind, _ in s}) == k == len(s) for s in sets)
    assert len({item for s in sets for item in s}) == k * t


def fewest_to_add(pools: tuple[int, ...], k: int, target: int) -> int:
    """The fewest items to add, in any spread over the kinds, to reach ``target`` sets."""
    for extra in itertools.count():
        for spread in itertools.product(range(extra + 1), repeat=len(pools)):
            if sum(spread) == extra and most_sets_of_different_kinds(
                    tuple(n + a for n, a in zip(pools, spread)), k) >= target:
                return extra
    raise AssertionError("unreachable")


@settings(max_examples=scaled(300), deadline=None)
@given(player=any_sheet)
def test_what_is_missing_is_the_fewest_items_for_one_more(rules, player):
    for card in rules.cards.values():
        for task in (check_card(card, player).collecting, check_card(card, player).building):
            target = task.times + 1
            for need in task.needs:
                held = pools_by_text(need.need.item.value, player)
                if need.need.distinct is None:
                    total = sum(held) if isinstance(held, list) else held
                    assert need.more == max(0, need.need.count * target - total)
                    continue
                pools = tuple(need.pools.values())
                assert sorted(pools) == sorted(held + [0] * (len(pools) - len(held)))
                assert need.more == fewest_to_add(pools, need.need.count, target), card.id
                # Filling the named kinds as far as they can take gets there.
                grown = dict(need.pools)
                left = need.more
                for kind, room in need.room.items():
                    grown[kind] += min(room, left)
                    left -= min(room, left)
                assert left == 0
                assert distinct_times(grown.values(), need.need.count) >= target


# --- The exact search on arbitrary overlaps --------------------------------------------


@settings(max_examples=scaled(500), deadline=None)
@given(masks=st.lists(st.integers(1, (1 << 12) - 1), max_size=12))
def test_max_disjoint_matches_every_subset(masks):
    chosen = max_disjoint(masks)
    union = 0
    for i in chosen:
        assert not union & masks[i]
        union |= masks[i]
    best = 0
    for size in range(len(masks), 0, -1):
        if any(all(not masks[a] & masks[b] for a, b in itertools.combinations(combo, 2))
               for combo in itertools.combinations(range(len(masks)), size)):
            best = size
            break
    assert len(chosen) == best
