"""`trajan show colonia|forum` draw what was described."""


def test_show_colonia_draws_every_row_and_citizen(cli):
    result = cli("show", "colonia", "--example", "tom")
    assert result.code == 0
    assert "Colonia of Tom" in result.out
    for row in range(1, 7):
        assert f"\n  {row}  " in result.out
    assert "Craftsman I" in result.out and "● ●" in result.out
    assert "[Kg]" in result.out and "TTT" in result.out
    assert "\x1b[" not in result.out  # no colour codes when not on a terminal


def test_show_forum_reads_without_colours(cli):
    result = cli("show", "forum", "--example", "tom")
    assert result.code == 0
    assert "yT" in result.out and "ET" in result.out and "T = Tom" in result.out


def test_show_bad_file(cli, write):
    path = write("f.toml", 'players = { T = "Tom" }\ngrid = "y:Q"\n')
    result = cli("show", "forum", path)
    assert result.code == 2 and "'y:Q'" in result.err
