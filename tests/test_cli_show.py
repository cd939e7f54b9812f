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


def test_show_colonia_draws_a_covered_cranes_known_colour(cli, write):
    """Issue 22: as the board editor does (?Kg), a still-covered corner shows the colour of
    the crane lying under it, from [cranes]."""
    path = write("ann.toml", '''name = "Ann"
colonia = """
?   ?   ?   ?   ?   ?
?   T   ?   ?   ?   ?
?   ?   ?   T   ?   ?
?   ?   ?   ?   T   ?
?   ?   T   ?   ?   ?
?   ?   ?   ?   ?   Ky
"""
[cranes]
A1 = "blue"
F1 = "green"
''')
    out = cli("show", "colonia", path).out
    row1 = next(line for line in out.splitlines() if line.startswith("  1  "))
    row6 = next(line for line in out.splitlines() if line.startswith("  6  "))
    assert row1.split()[1:7] == ["?Kb", "·?·", "·?·", "·?·", "·?·", "?Kg"]
    assert row6.split()[1] == "·?·" and "[Ky]" in row6  # A6 unknown; F6 uncovered, yellow


def test_show_forum_keeps_colour_letters_in_one_column_with_two_letter_marks(cli, write):
    path = write("forum.toml", '''players = { A = "Ann", Bo = "Bob" }
grid = """
b:A  b:Bo E:Bo g
g    y:A  E    o:Bo
"""
''')
    out = cli("show", "forum", path).out.splitlines()
    header = next(line for line in out if line.strip().startswith("A"))
    rows = [line for line in out if line.startswith("  1 ") or line.startswith("  2 ")]
    columns = [header.index(letter) for letter in "ABCD"]
    for row in rows:
        assert [row[at] for at in columns] == (["b", "b", "E", "g"] if row.startswith("  1") else
                                               ["g", "y", "E", "o"])
