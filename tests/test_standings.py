"""End of the game (p. 29): most points; then most active citizens; then most resources
left; otherwise the tied players share the victory."""

from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.core.standings import ACTIVE_CITIZENS, POINTS, RESOURCES_LEFT, SHARED, rank_players


def test_most_points_wins_p29():
    ranking = rank_players({"Ann": 90, "Bob": 95}, {"Ann": 6, "Bob": 1}, {})
    assert ranking.winners == ("Bob",) and ranking.decided_by == POINTS
    assert [p.place for p in ranking.places] == [1, 2]


def test_tie_on_points_goes_to_most_active_citizens_p29():
    ranking = rank_players({"Ann": 90, "Bob": 90}, {"Ann": 5, "Bob": 4}, {})
    assert ranking.winners == ("Ann",) and ranking.decided_by == ACTIVE_CITIZENS
    assert ranking.places[1].decided_by == ACTIVE_CITIZENS


def test_then_most_resources_left_p29():
    ranking = rank_players({"Ann": 90, "Bob": 90}, {"Ann": 4, "Bob": 4}, {"Ann": 2, "Bob": 7})
    assert ranking.winners == ("Bob",) and ranking.decided_by == RESOURCES_LEFT


def test_full_tie_shares_the_victory_p29():
    ranking = rank_players({"Ann": 90, "Bob": 90, "Cy": 70}, {"Ann": 4, "Bob": 4, "Cy": 9},
                           {"Ann": 3, "Bob": 3})
    assert set(ranking.winners) == {"Ann", "Bob"} and ranking.decided_by == SHARED
    assert [p.place for p in ranking.places] == [1, 3]
    assert ranking.place_of("Cy") == 3


def test_active_citizens_only_matter_between_players_level_on_points():
    ranking = rank_players({"Ann": 91, "Bob": 90}, {"Ann": 0, "Bob": 12}, {})
    assert ranking.winners == ("Ann",) and ranking.decided_by == POINTS


@given(st.dictionaries(st.sampled_from(["A", "B", "C", "D"]),
                       st.tuples(st.integers(0, 3), st.integers(0, 2), st.integers(0, 2)), min_size=1))
def test_ranking_orders_by_the_tie_break_chain(players):
    points = {n: v[0] for n, v in players.items()}
    active = {n: v[1] for n, v in players.items()}
    resources = {n: v[2] for n, v in players.items()}
    ranking = rank_players(points, active, resources)
    ranked = [n for place in ranking.places for n in place.players]
    assert sorted(ranked) == sorted(players)
    keys = [players[n] for n in ranked]
    assert keys == sorted(keys, reverse=True)
    best = max(players.values())
    assert {n for n in players if players[n] == best} == set(ranking.winners)
    for place in ranking.places:
        assert place.place == 1 + sum(1 for n in players if players[n] > players[place.players[0]])
