"""Every distinct way to pay for a building tile (pp. 21-23; citizens p. 26).

Hand-made cases for each exchange, then a brute-force cross-check: an independent
simulation of the exchanges, run over every small part of random supplies, must find
exactly the payments the referee lists.
"""

from __future__ import annotations

import functools
import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.core.colonia import gray, structure
from trajan_cli.core.referee.payment import Resource, missing, payments, supply_counts
from trajan_cli.core.sheet import Supply
from trajan_cli.core.vocabulary import Citizen, Colour, GrayType

from helpers.hypothesis_profiles import scaled

BLUE, GREEN, ORANGE, YELLOW = Colour
B, G, Y = (Resource.worker(c) for c in (BLUE, GREEN, YELLOW))
BUILDER, ASSISTANT, COIN, TRIBUNE = (Resource.BUILDER, Resource.ASSISTANT, Resource.COIN,
                                     Resource.TRIBUNE)
LIB, COL = gray(GrayType.LIBRARY), gray(GrayType.COLUMN)
CRAFTSMAN_I, CRAFTSMAN_II, MERCHANT_II = Citizen.CRAFTSMAN_I, Citizen.CRAFTSMAN_II, Citizen.MERCHANT_II


def ways(parts, supply, rules, active=(), minimal=True) -> set[frozenset]:
    """The payments as sets of (resource, count), easy to compare with what a test expects."""
    return {frozenset(p.spent) for p in payments(parts, supply, active, rules, minimal=minimal)}


def pay(**counts) -> frozenset:
    names = {"builder": BUILDER, "assistant": ASSISTANT, "coin": COIN, "tribune": TRIBUNE,
             "blue": B, "green": G, "yellow": Y, "orange": Resource.worker(ORANGE)}
    return frozenset((names[k], n) for k, n in counts.items())


# --- Single tiles (p. 22) ---------------------------------------------------------------


def test_gray_building_costs_one_builder_p22(rules):
    assert ways([LIB], Supply(builders=1), rules) == {pay(builder=1)}


def test_two_workers_of_one_colour_replace_a_builder_p21(rules):
    assert ways([LIB], Supply(workers={GREEN: 2}), rules) == {pay(green=2)}
    assert ways([LIB], Supply(builders=1, workers={GREEN: 2, BLUE: 2}), rules) == {
        pay(builder=1), pay(green=2), pay(blue=2)}


def test_an_assistant_pairs_two_workers_of_different_colours_for_a_builder_p21_p23(rules):
    """An assistant changes a worker's colour (p. 21); p. 23 b pays with "2 workers of
    different colours + 1 assistant": so blue + green + assistant is a pair for a builder,
    for a single gray building and for the gray part of a double tile."""
    supply = Supply(workers={GREEN: 1, BLUE: 1}, assistants=1)
    assert ways([LIB], supply, rules) == {pay(green=1, blue=1, assistant=1)}
    assert ways([LIB], Supply(workers={GREEN: 1, BLUE: 1}), rules) == set()  # no assistant
    double = Supply(workers={GREEN: 2, BLUE: 1}, assistants=1)
    assert ways([COL, structure(GREEN)], double, rules) == {pay(green=2, blue=1, assistant=1)}
    # The same supply pays with Craftsman I too (assistant -> worker), as before.
    assert pay(blue=1, assistant=1) in ways([LIB], supply, rules, active=[CRAFTSMAN_I])


def test_structure_costs_a_worker_of_its_colour_p22(rules):
    assert ways([structure(GREEN)], Supply(workers={GREEN: 1}), rules) == {pay(green=1)}
    assert ways([structure(GREEN)], Supply(workers={BLUE: 1}), rules) == set()


def test_assistant_lets_a_worker_build_another_colour_p22(rules):
    supply = Supply(workers={GREEN: 1, BLUE: 1}, assistants=1)
    # The green worker alone, or the blue one with the assistant; never green + assistant.
    assert ways([structure(GREEN)], supply, rules) == {pay(green=1), pay(blue=1, assistant=1)}


# --- Double tiles (p. 23, with the rulebook's own examples) -----------------------------


def test_column_and_park_double_p23(rules):
    # p. 23: 1 builder + 1 green worker; or 1 builder + 1 non-green worker + 1 assistant;
    # or 2 workers of one colour (for the builder) + 1 green worker.
    supply = Supply(builders=1, assistants=1, workers={GREEN: 1, BLUE: 3})
    assert ways([COL, structure(GREEN)], supply, rules) == {
        pay(builder=1, green=1),
        pay(builder=1, blue=1, assistant=1),
        pay(blue=2, green=1),
        pay(blue=3, assistant=1),  # 2 blue for the builder, the third changed to green
    }


def test_blue_double_tile_examples_p23(rules):
    # p. 23: 2 blue workers; or blue + green + 1 assistant; or yellow + green + 2 assistants.
    blue_double = [structure(BLUE), structure(BLUE)]
    assert ways(blue_double, Supply(workers={BLUE: 2}), rules) == {pay(blue=2)}
    supply = Supply(workers={BLUE: 1, GREEN: 1, YELLOW: 1}, assistants=2)
    assert ways(blue_double, supply, rules) == {
        pay(blue=1, green=1, assistant=1),
        pay(blue=1, yellow=1, assistant=1),
        pay(green=1, yellow=1, assistant=2),  # Tom's example on p. 23
    }


def test_double_tile_needs_both_parts_paid_from_one_supply_p23(rules):
    assert ways([structure(GREEN), structure(GREEN)], Supply(workers={GREEN: 1}), rules) == set()


# --- Citizens' exchanges (p. 26) ----------------------------------------------------------


def test_craftsman_i_turns_an_assistant_into_any_worker_p26(rules):
    supply = Supply(assistants=1)
    assert ways([structure(ORANGE)], supply, rules) == set()
    assert ways([structure(ORANGE)], supply, rules, [CRAFTSMAN_I]) == {pay(assistant=1)}


def test_craftsman_i_twice_per_turn_p26(rules):
    supply = Supply(assistants=3)
    # Two workers from two assistants make a builder ...
    assert ways([LIB], supply, rules, [CRAFTSMAN_I]) == {pay(assistant=2)}
    assert ways([structure(GREEN), structure(GREEN)], supply, rules, [CRAFTSMAN_I]) == {
        pay(assistant=2)}
    # ... but a column and a park would take a third exchange.
    assert ways([COL, structure(GREEN)], supply, rules, [CRAFTSMAN_I]) == set()


def test_craftsman_ii_turns_an_assistant_into_a_builder_p26(rules):
    assert ways([LIB], Supply(assistants=1), rules, [CRAFTSMAN_II]) == {pay(assistant=1)}


def test_craftsman_ii_once_per_turn_p26(rules):
    # No real tile needs two builders; two gray parts show the limit of the exchange.
    parts = [gray(GrayType.LIBRARY), gray(GrayType.BASILICA)]
    assert ways(parts, Supply(assistants=2), rules, [CRAFTSMAN_II]) == set()
    assert ways(parts, Supply(assistants=1, builders=1), rules, [CRAFTSMAN_II]) == {
        pay(assistant=1, builder=1)}


def test_merchant_ii_coin_or_tribune_becomes_an_assistant_p26(rules):
    supply = Supply(coins=1, tribunes=1, workers={BLUE: 1})
    assert ways([structure(GREEN)], supply, rules) == set()
    assert ways([structure(GREEN)], supply, rules, [MERCHANT_II]) == {
        pay(blue=1, coin=1), pay(blue=1, tribune=1)}


def test_merchant_ii_once_per_turn_p26(rules):
    supply = Supply(coins=1, tribunes=1, workers={BLUE: 2})
    assert ways([structure(GREEN), structure(GREEN)], supply, rules, [MERCHANT_II]) == set()


def test_merchant_ii_assistant_may_go_on_to_a_craftsman_p26(rules):
    # The rulebook's note: an assistant received from Merchant II can become a builder.
    active = [MERCHANT_II, CRAFTSMAN_II]
    assert ways([LIB], Supply(coins=1), rules, active) == {pay(coin=1)}
    [payment] = payments([LIB], Supply(coins=1), active, rules)
    assert [(s.citizen, s.give, s.get) for s in payment.steps] == [
        (MERCHANT_II, (COIN,), ASSISTANT), (CRAFTSMAN_II, (ASSISTANT,), BUILDER)]


def test_citizens_without_exchanges_change_nothing_p26(rules):
    others = [Citizen.PATRICIAN_I, Citizen.PATRICIAN_II, Citizen.MERCHANT_I]
    supply = Supply(assistants=2, coins=2, tribunes=2)
    assert ways([LIB], supply, rules, others) == set()


# --- Distinct and cheapest ----------------------------------------------------------------


def test_a_payment_that_only_spends_more_is_left_out(rules):
    supply = Supply(assistants=2, workers={GREEN: 1})
    # Craftsman I could turn an assistant into a blue worker and the other assistant make
    # it green: that spends 2 assistants where 1 does the same job.
    listed = ways([structure(GREEN)], supply, rules, [CRAFTSMAN_I])
    assert listed == {pay(green=1), pay(assistant=1)}
    everything = ways([structure(GREEN)], supply, rules, [CRAFTSMAN_I], minimal=False)
    assert pay(assistant=2) in everything


def test_payments_come_cheapest_first(rules):
    supply = Supply(builders=1, assistants=1, workers={GREEN: 1, BLUE: 3})
    sizes = [p.size for p in payments([COL, structure(GREEN)], supply, (), rules)]
    assert sizes == sorted(sizes) and sizes[0] == 2


def test_missing_names_the_smallest_additions(rules):
    lacking = missing([LIB], Supply(workers={GREEN: 1}), (), rules)
    assert {frozenset(b) for b in lacking} == {pay(builder=1), pay(green=1)}
    lacking = missing([structure(GREEN), structure(GREEN)], Supply(workers={BLUE: 2}), (), rules)
    assert {frozenset(b) for b in lacking} == {pay(green=2), pay(green=1, assistant=1),
                                               pay(assistant=2)}


def test_missing_is_empty_when_the_tile_can_be_paid(rules):
    assert missing([LIB], Supply(builders=1), (), rules) == []


# --- Brute force: an independent simulation of the exchanges ---------------------------------

WORKER_COLOURS = tuple(Colour)
ITEMS = ("builder", "assistant", "coin", "tribune") + tuple(f"w:{c.value}" for c in Colour)
INDEX = {item: i for i, item in enumerate(ITEMS)}


def simulate(parts, spent: Counter, active: frozenset[Citizen]) -> bool:
    """Can exactly ``spent`` be handed over, with legal exchanges, to build ``parts``?

    Written from the rulebook text, not from the referee's code: the player holds the
    spent items and does exchanges and payments one at a time until nothing is left.
    Craftsman I: twice, assistant -> worker of any colour; Craftsman II: once, assistant
    -> builder; Merchant II: once, coin/tribune/assistant -> another of these (p. 26).
    A builder is a builder, or 2 workers of one colour (p. 21). A worker of a colour is
    one of that colour, or one of another colour changed by an assistant (p. 21; p. 22 for
    a structure, p. 23 b for a pair).
    """
    needs = tuple(sorted("builder" if p.gray else f"w:{p.colour.value}" for p in parts))
    holding = tuple(spent.get(item, 0) for item in ITEMS)
    limits = (2 if Citizen.CRAFTSMAN_I in active else 0,
              1 if Citizen.CRAFTSMAN_II in active else 0,
              1 if Citizen.MERCHANT_II in active else 0)
    return _search(holding, needs, limits)


def _take(holding, *items):
    counts = list(holding)
    for item in items:
        counts[INDEX[item]] -= 1
        if counts[INDEX[item]] < 0:
            return None
    return tuple(counts)


def _give(holding, item):
    counts = list(holding)
    counts[INDEX[item]] += 1
    return tuple(counts)


@functools.cache
def _search(holding, needs, limits) -> bool:
    if not needs:
        return not any(holding)
    moves = []
    need, rest = needs[0], needs[1:]
    if need == "builder":
        moves.append((_take(holding, "builder"), rest, limits))
        for colour in ITEMS[4:]:  # a pair of workers of one colour instead
            moves.append((holding, tuple(sorted(rest + (colour, colour))), limits))
    else:
        moves.append((_take(holding, need), rest, limits))
        for other in ITEMS[4:]:
            if other != need:
                moves.append((_take(holding, other, "assistant"), rest, limits))
    ci, cii, mii = limits
    for colour in ITEMS[4:]:
        if ci:
            taken = _take(holding, "assistant")
            if taken is not None:
                moves.append((_give(taken, colour), needs, (ci - 1, cii, mii)))
    if cii and (taken := _take(holding, "assistant")) is not None:
        moves.append((_give(taken, "builder"), needs, (ci, cii - 1, mii)))
    if mii:
        for a, b in itertools.permutations(("coin", "tribune", "assistant"), 2):
            if (taken := _take(holding, a)) is not None:
                moves.append((_give(taken, b), needs, (ci, cii, mii - 1)))
    return any(h is not None and _search(h, n, lim) for h, n, lim in moves)


def sub_bags(supply: Counter, most: int):
    items = sorted(supply)
    for counts in itertools.product(*(range(supply[i] + 1) for i in items)):
        if 0 < sum(counts) <= most:
            yield Counter({i: n for i, n in zip(items, counts, strict=True) if n})


def _as_sim(bag) -> Counter:
    return Counter({("w:" + r.colour.value if r.colour else r.value): n for r, n in bag})


tiles = st.one_of(
    st.builds(lambda g: [gray(g)], st.sampled_from(list(GrayType))),
    st.builds(lambda c: [structure(c)], st.sampled_from(list(Colour))),
    st.builds(lambda g, c, flip: [gray(g), structure(c)][::-1 if flip else 1],
              st.sampled_from(list(GrayType)), st.sampled_from(list(Colour)), st.booleans()),
    st.builds(lambda c: [structure(c)] * 2, st.sampled_from(list(Colour))),
)
small_supplies = st.builds(
    lambda b, a, c, t, w: Supply(builders=b, assistants=a, coins=c, tribunes=t,
                                 workers=dict(zip(Colour, w, strict=True))),
    st.integers(0, 1), st.integers(0, 3), st.integers(0, 1), st.integers(0, 1),
    st.tuples(*(st.integers(0, 2) for _ in Colour)),
)
citizen_sets = st.frozensets(st.sampled_from(list(Citizen)))


@pytest.mark.slow  # a brute-force cross-check
@settings(max_examples=scaled(150), deadline=None)
@given(parts=tiles, supply=small_supplies, active=citizen_sets)
def test_payments_match_brute_force_p21_p26(rules, parts, supply, active):
    have = supply_counts(supply)
    listed_all = payments(parts, supply, active, rules, minimal=False)
    listed = payments(parts, supply, active, rules)
    # Never more than the supply holds.
    for p in listed_all:
        assert all(n <= have[r] for r, n in p.spent)
    # A tile never takes more than 6 items: 4 for a gray part at most (a pair of workers,
    # each changed by an assistant), 2 for a structure (a worker and an assistant).
    valid = set()
    sim_supply = _as_sim(have.items())
    for bag in sub_bags(sim_supply, 6):
        if simulate(parts, bag, active):
            valid.add(frozenset(bag.items()))
    assert {frozenset(_as_sim(p.spent).items()) for p in listed_all} == valid
    cheapest = {b for b in valid if not any(o != b for o in _subsets(valid, b))}
    assert {frozenset(_as_sim(p.spent).items()) for p in listed} == cheapest
    assert len({p.spent for p in listed}) == len(listed)  # distinct


def _subsets(valid, bag):
    """Payments in ``valid`` that spend no more of anything than ``bag``."""
    big = Counter(dict(bag))
    return [o for o in valid if all(n <= big[k] for k, n in o)]


@settings(max_examples=scaled(150), deadline=None)
@given(parts=tiles, supply=small_supplies, active=citizen_sets, used=citizen_sets,
       house=st.booleans(), other=st.lists(st.sampled_from(list(Resource)), max_size=4))
def test_a_payment_named_is_found_as_the_whole_search_finds_it(rules, parts, supply, active, used,
                                                                house, other):
    """``within``: searched on the supply cut down to the bag named, every payment spending
    exactly that bag is the whole search's, the same exchanges on the way (the house rule
    assistant-colour=when-missing looks at the whole supply); a bag that is no way to pay is
    not found."""
    from trajan_cli.core.readings import AssistantColour
    from trajan_cli.core.referee.payment import bag_of

    if house:
        rules = rules.reading(rules.readings._replace(assistant_colour=AssistantColour.WHEN_MISSING))
    spent_before = Counter(dict.fromkeys(used, 1))
    whole = payments(parts, supply, active, rules, minimal=False, used=spent_before)
    for way in whole:
        named = [p for p in payments(parts, supply, active, rules, minimal=False, used=spent_before,
                                     within=way.spent) if p.spent == way.spent]
        assert named == [way]
    bag = bag_of(Counter(other))
    if bag not in {w.spent for w in whole}:
        assert not [p for p in payments(parts, supply, active, rules, minimal=False, used=spent_before,
                                        within=bag) if p.spent == bag]
