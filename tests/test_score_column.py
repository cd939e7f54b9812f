"""The triumphal column's immediate points, rulebook p. 24."""

from trajan_cli.core.scoring import score_triumphal_column
from trajan_cli.core.vocabulary import Cycle


def test_tanya_column_in_cycle_i_with_two_citizens_scores_5_p24(rules):
    assert score_triumphal_column(Cycle.I, 2, rules).points == 5


def test_column_value_falls_each_cycle_p24(rules):
    assert [score_triumphal_column(c, 0, rules).points for c in Cycle] == [3, 2, 1]
    assert score_triumphal_column(Cycle.III, 4, rules).points == 5
