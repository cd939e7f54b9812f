"""The forum file (interface.md): layout, envoys and colour areas."""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from trajan_cli.core.forum import Forum, ForumSquare
from trajan_cli.core.vocabulary import Colour
from trajan_cli.parsing.errors import InputError
from trajan_cli.parsing.forum import parse_forum, render_forum_grid

PLAYERS = 'players = { T = "Tom", A = "Anna" }\n'


def forum(grid: str, players: str = PLAYERS):
    return parse_forum(f'{players}grid = """\n{grid}\n"""\n', "forum.toml")


def problems(grid: str, players: str = PLAYERS) -> list[str]:
    with pytest.raises(InputError) as info:
        forum(grid, players)
    return [str(p) for p in info.value.problems]


def test_interface_example_parses():
    board = forum("y   y:T y   E   b   b\ng   g   E:A b   b   -")
    assert board.at((1, 0)) == ForumSquare(Colour.YELLOW, "T")
    assert board.at((2, 1)).is_eagle and board.at((2, 1)).envoy == "A"
    assert board.at((5, 1)) is None and (board.width, board.height) == (6, 2)


def test_marks_and_tokens_are_case_insensitive():
    assert forum("Y:t e") == forum("y:T E")


def test_colour_area_is_orthogonal_and_same_colour_p25(tom_forum):
    # The yellow squares A1-C1 form one area; C3 (yellow, below the eagle C2) is another.
    assert {sq for sq in tom_forum.colour_area((0, 0))} == {(0, 0), (1, 0), (2, 0)}
    assert len(tom_forum.colour_areas(Colour.YELLOW)) == 4


def test_unknown_token_names_line_and_token():
    [message] = problems("y   q   b\nb   b   b")
    assert message.startswith("forum.toml:3: 'q':")


def test_unknown_player_mark():
    [message] = problems("y:Z b")
    assert "forum.toml:3: 'y:Z':" in message and "T, A" in message


def test_ragged_rows_are_refused():
    [message] = problems("y b g\ny b")
    assert message.startswith("forum.toml:4:") and "write - for every gap" in message


def test_gap_cannot_hold_an_envoy():
    [message] = problems("y -:T")
    assert "'-:T'" in message


def test_players_table_is_required():
    found = problems("y b", players="")
    assert any("players" in m for m in found)


def test_bad_player_marks():
    found = problems("y b", players='players = { "b" = "Bob", "x y" = "Xy" }\n')
    assert len(found) == 2


def test_missing_grid():
    with pytest.raises(InputError) as info:
        parse_forum(PLAYERS, "f.toml")
    assert "grid" in str(info.value)


squares = st.one_of(
    st.none(),
    st.builds(ForumSquare, st.sampled_from([None, *Colour]), st.sampled_from([None, "T", "A"])),
)


@given(st.integers(1, 6).flatmap(lambda w: st.lists(st.lists(squares, min_size=w, max_size=w),
                                                    min_size=1, max_size=5)))
def test_round_trip(grid):
    board = Forum(tuple(tuple(r) for r in grid), {"T": "Tom", "A": "Anna"})
    text = f'players = {{ T = "Tom", A = "Anna" }}\ngrid = """\n{render_forum_grid(board)}"""\n'
    assert parse_forum(text).grid == board.grid
