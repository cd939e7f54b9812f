"""Trajan (2011) actions: ship deliveries („Hafen-Aktion“), the action circle („Aktionssteine
umverteilen“) and province points („Militär-Aktion“), cross-checked by brute force."""

import itertools
from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from trajan_cli.core.classic.circle import MoveError, sow
from trajan_cli.core.classic.military import province_points
from trajan_cli.core.classic.ship import JOKER, best_delivery
from trajan_cli.core.classic.vocabulary import ShipSide, ShipTile, Stone
from trajan_cli.rulesdata import load_classic_rules

from helpers.hypothesis_profiles import scaled

RULES = load_classic_rules()
FRONT, BACK = ShipSide.FRONT, ShipSide.BACK
SAME, PAIRS, DIFFERENT = ShipTile.SAME, ShipTile.PAIRS, ShipTile.DIFFERENT
HAND = ["wine", "wine", "oil", JOKER]


# --- Ships ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("tile", "side", "points", "count"), [
    (SAME, FRONT, 12, 3), (SAME, BACK, 7, 3),
    (PAIRS, FRONT, 10, 2), (PAIRS, BACK, 6, 2),
    (DIFFERENT, FRONT, 6, 3), (DIFFERENT, BACK, 3, 3),
])
def test_ship_tables_front_and_back_hafen_aktion(tile, side, points, count):
    delivery = best_delivery(HAND, tile, side, RULES)
    assert (delivery.points, delivery.count) == (points, count)


def test_same_kind_uses_the_joker_as_that_kind():
    delivery = best_delivery(HAND, SAME, FRONT, RULES)
    assert sorted(delivery.cards) == sorted(["wine", "wine", JOKER]) and delivery.jokers_as == ("wine",)


def test_four_alike_is_the_most_a_ship_takes():
    assert best_delivery(["oil"] * 5 + [JOKER], SAME, FRONT, RULES).points == 20


def test_pairs_must_be_of_different_kinds():
    assert best_delivery(["wine"] * 6, PAIRS, FRONT, RULES).points == 5
    delivery = best_delivery(["wine", "oil", JOKER, JOKER], PAIRS, FRONT, RULES)
    assert delivery.points == 10 and sorted(delivery.jokers_as) == ["oil", "wine"]
    three = best_delivery(["wine", "wine", "oil", JOKER, JOKER, JOKER], PAIRS, FRONT, RULES)
    assert three.points == 15 and sorted(three.jokers_as) == ["oil", "other-1", "other-1"]


def test_one_card_on_the_back_scores_nothing_so_none_is_delivered():
    delivery = best_delivery(["wine"], SAME, BACK, RULES)
    assert (delivery.points, delivery.cards) == (0, ())
    assert best_delivery(["wine", "oil"], DIFFERENT, BACK, RULES).points == 1


def test_jokers_alone():
    delivery = best_delivery([JOKER, JOKER], SAME, FRONT, RULES)
    assert delivery.points == 6 and delivery.jokers_as == ("other-1", "other-1")
    assert best_delivery([JOKER, JOKER], PAIRS, FRONT, RULES).jokers_as == ("other-1", "other-1")
    assert best_delivery([JOKER, JOKER], DIFFERENT, FRONT, RULES).jokers_as == ("other-1", "other-2")


def legal(cards: list[str], tile: ShipTile) -> int | None:
    """The size of a delivery of these (joker-free) cards on that tile, or None."""
    kinds = Counter(cards)
    if tile is SAME:
        return len(cards) if len(kinds) == 1 and len(cards) <= 4 else None
    if tile is DIFFERENT:
        return len(cards) if all(n == 1 for n in kinds.values()) and len(cards) <= 4 else None
    if all(n == 2 for n in kinds.values()) and len(kinds) <= 3:
        return len(kinds)
    return None


def brute_force_ship(hand: list[str], tile: ShipTile, side: ShipSide) -> int:
    """Every sub-hand, every kind for each joker in it (one of the hand's kinds or new
    ones), every legal reading: the most points."""
    kinds = sorted(set(hand) - {JOKER}) + ["new1", "new2", "new3", "new4"]
    best = 0
    for mask in itertools.product([False, True], repeat=len(hand)):
        chosen = [c for c, keep in zip(hand, mask) if keep]
        plain = [c for c in chosen if c != JOKER]
        for stand_for in itertools.product(kinds, repeat=len(chosen) - len(plain)):
            size = legal(plain + list(stand_for), tile)
            if size:
                best = max(best, RULES.ship_points(tile, side, size))
    return best


@settings(max_examples=scaled(120), deadline=None)
@given(st.lists(st.sampled_from(["wine", "oil", "salt", "wool", JOKER]), max_size=7),
       st.sampled_from(list(ShipTile)), st.sampled_from(list(ShipSide)))
def test_best_delivery_matches_brute_force(hand, tile, side):
    delivery = best_delivery(hand, tile, side, RULES)
    assert delivery.points == brute_force_ship(hand, tile, side)
    # The delivery is real: taken from the hand, and legal once the jokers are read as said.
    assert not Counter(delivery.cards) - Counter(hand)
    if delivery.count:
        assert RULES.ship_points(tile, side, delivery.count) == delivery.points
        plain = [c for c in delivery.cards if c != JOKER]
        readings = [f"new-{a}" if a.startswith("other-") else a for a in delivery.jokers_as]
        assert legal(plain + readings, tile) == delivery.count


# --- The action circle --------------------------------------------------------------------------------

Y, O, G, W, P, B = Stone.YELLOW, Stone.ORANGE, Stone.GREEN, Stone.WHITE, Stone.PINK, Stone.BLUE # noqa: E741 - the stones by initial


def test_rulebook_example_two_stones_land_two_bowls_on():
    # „Aktionssteine umverteilen“: two stones from the Trajan bowl; the second lands in the
    # harbour bowl, which is the target. The time marker moves 2.
    bowls = [[Y, O], [W, B], [G, G], [P, P], [Y, O], [W, B]]
    move = sow(bowls, 3, RULES)
    assert (move.target, move.time_steps) == (5, 2)
    assert move.bowls_after[2] == () and len(move.bowls_after[3]) == 3 and len(move.bowls_after[4]) == 3


def test_six_stones_come_back_to_the_start_bowl():
    bowls = [[Y, O, G, W, P, B], [Y], [O], [G], [W], [P, B]]
    move = sow(bowls, 1, RULES)
    assert move.target == 1 and move.time_steps == 6
    assert [len(b) for b in move.bowls_after] == [1, 2, 2, 2, 2, 3]


def test_more_than_six_stones_drop_twice_into_some_bowls_start_bowl_not_skipped():
    # Eight stones from bowl 2: bowls 3 4 5 6 1 2 3 4. Bowls 3 and 4 get two, and the start
    # bowl gets one back: the note „mehr als 6 ... zweimal“ only fits if it is not skipped.
    bowls = [[], [Y, Y, O, O, G, G, W, W], [P], [P], [B], [B]]
    move = sow(bowls, 2, RULES)
    assert move.target == 4 and move.time_steps == 8
    assert [bowl for bowl, _ in move.drops] == [3, 4, 5, 6, 1, 2, 3, 4]
    assert [len(b) for b in move.bowls_after] == [1, 1, 3, 3, 2, 2]


def test_the_player_chooses_which_stone_goes_where_for_the_trajan_tile():
    # Bowl 4 holds G G; eight stones from bowl 2 drop twice into bowl 4: Y and O can both go there.
    bowls = [[], [Y, Y, O, O, W, W, B, P], [], [G, G], [B], [P]]
    move = sow(bowls, 2, RULES, tile=[Y, O])
    assert move.target == 4 and move.tile_fulfillable
    assert Counter(move.bowls_after[3]) >= Counter([Y, O])


def test_stones_already_in_the_target_count_for_the_tile():
    bowls = [[Y, O], [G], [W, B], [P, P, Y], [O, G], [W, B]]
    move = sow(bowls, 2, RULES, tile=[P, Y])  # the green stone lands in bowl 3 (W B)
    assert move.target == 3 and not move.tile_fulfillable
    # Bowl 3's W and B go to bowls 4 and 5; bowl 5 already holds O and G.
    assert sow(bowls, 3, RULES, tile=[O, G]).tile_fulfillable
    assert sow(bowls, 3, RULES, tile=[O, W]).tile_fulfillable  # W can be the last stone
    assert not sow(bowls, 3, RULES, tile=[W, B]).tile_fulfillable  # only one stone reaches it


def test_a_start_bowl_that_is_the_target_was_emptied_first():
    bowls = [[Y, O, G, W, P, B], [Y], [O], [G], [W], [P, B]]
    assert sow(bowls, 1, RULES, tile=[Y]).tile_fulfillable  # yellow can be the sixth stone
    assert not sow(bowls, 1, RULES, tile=[Y, O]).tile_fulfillable  # only one stone returns


def test_an_empty_bowl_cannot_be_played():
    with pytest.raises(MoveError, match="bowl 3 is empty"):
        sow([[Y], [O], [], [G], [W], [P]], 3, RULES)


def distinct_orders(stones: Counter):
    """Every order of a multiset of stones, each once."""
    if not +stones:
        yield ()
        return
    for stone in sorted(+stones):
        for rest in distinct_orders(stones - Counter([stone])):
            yield (stone, *rest)


@st.composite
def circles(draw):
    """Twelve stones, two of each colour, over six bowls; the bowl to play holds 1 to 8 of
    them (often more than six), the others are spread at random."""
    stones = draw(st.permutations([s for s in Stone for _ in range(2)]))
    start = draw(st.integers(1, 6))
    taken = draw(st.integers(1, 8))
    bowls = [[] for _ in range(6)]
    bowls[start - 1] = list(stones[:taken])
    for stone in stones[taken:]:
        bowls[draw(st.sampled_from([b for b in range(6) if b != start - 1]))].append(stone)
    return bowls, start


@settings(max_examples=scaled(100), deadline=None)
@given(circles(), st.lists(st.sampled_from(list(Stone)), min_size=1, max_size=3))
def test_tile_fulfillable_matches_every_order_of_dropping(circle, tile):
    bowls, start = circle
    move = sow(bowls, start, RULES, tile=tile)
    taken = bowls[start - 1]
    reachable = False
    for order in distinct_orders(Counter(taken)):
        after = [list(b) for b in bowls]
        after[start - 1] = []
        for step, stone in enumerate(order, start=1):
            after[(start - 1 + step) % 6].append(stone)
        reachable = not Counter(tile) - Counter(after[move.target - 1])
        if reachable:
            break
    assert move.tile_fulfillable == reachable
    assert move.target == (start - 1 + len(taken)) % 6 + 1 and move.time_steps == len(taken)
    # The plan it shows does what it says, and no stone is lost or made.
    if move.tile_fulfillable:
        assert not Counter(tile) - Counter(move.bowls_after[move.target - 1])
    assert sorted(s for b in move.bowls_after for s in b) == sorted(s for b in bowls for s in b)


# --- Provinces -------------------------------------------------------------------------------------------


@pytest.mark.parametrize(("printed", "foreign", "points"), [(6, 0, 6), (6, 1, 3), (6, 2, 0), (5, 2, 0), (9, 3, 0),
                                                            (10, 3, 1)])
def test_province_points_less_3_per_foreign_legionary_never_below_0(printed, foreign, points):
    assert province_points(printed, foreign, RULES) == points
