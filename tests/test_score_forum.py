"""Forum scoring, rulebook p. 27 (eagles, p. 25) and Tom's example on p. 28.

Readings from interface.md: each envoy counts once; the largest area counts envoys on
eagle spaces too.
"""

from trajan_cli.core.scoring import largest_envoy_area, score_eagles, score_forum
from trajan_cli.parsing.forum import parse_forum


def forum(grid: str, players='{ T = "Tom", A = "Anna" }'):
    return parse_forum(f'players = {players}\ngrid = """\n{grid}\n"""\n')


def test_tom_eagles_6_and_area_7_p28(tom_forum, rules):
    score = score_forum(tom_forum, "T", rules, area_points=9)
    assert (len(score.eagles.on), len(score.eagles.orthogonal), len(score.eagles.diagonal)) == (1, 4, 0)
    assert score.eagles.points == 6
    assert len(score.largest_area) == 7
    assert score.total == 6 + 9  # p. 28: "Altogether 6 + 9 = 15 points"


def test_patrician_i_adds_diagonal_envoys_p26(tom_forum, rules):
    eagles = score_eagles(tom_forum, "T", True, rules)
    assert len(eagles.diagonal) == 2 and eagles.points == 8


def test_envoy_on_eagle_scores_2_even_beside_another_eagle(rules):
    board = forum("E:T E   b")
    eagles = score_eagles(board, "T", True, rules)
    assert (len(eagles.on), len(eagles.orthogonal), eagles.points) == (1, 0, 2)


def test_envoy_beside_two_eagles_counts_once(rules):
    board = forum("E   b:T E")
    assert score_eagles(board, "T", True, rules).points == 1


def test_diagonal_needs_patrician_i_p25(rules):
    board = forum("E   b\nb   b:T")
    assert score_eagles(board, "T", False, rules).points == 0
    assert score_eagles(board, "T", True, rules).points == 1


def test_other_players_envoys_do_not_count(rules):
    board = forum("E   b:A\nb:A b:T")
    assert score_eagles(board, "T", True, rules).points == 1  # diagonal only
    assert score_eagles(board, "A", False, rules).points == 2


def test_largest_area_counts_envoys_on_eagle_spaces():
    # The envoy on the eagle space B1 joins A1 to C1 and C2: one group of 4.
    board = forum("g:T E:T g:T\nb   b   b:T")
    assert len(largest_envoy_area(board, "T")) == 4


def test_largest_area_is_orthogonal_only_p27():
    board = forum("g:T b\nb   g:T")
    assert len(largest_envoy_area(board, "T")) == 1


def test_gaps_break_connections():
    board = forum("g:T -   g:T")
    assert len(largest_envoy_area(board, "T")) == 1


def test_no_envoys_scores_zero(rules):
    score = score_forum(forum("E b g"), "A", rules)
    assert score.eagles.points == 0 and score.largest_area == () and score.total is None
