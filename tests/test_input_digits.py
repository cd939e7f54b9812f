"""Numbers and cells are written with the digits 0-9, everywhere the tool reads them.

``str.isdigit()`` says yes to '²', '³', '３' (fullwidth) and '٣' (Arabic-Indic); ``int()``
refuses the superscripts (which ended in an internal error, exit 70) and reads the others
as the digit they stand for, so a line written with them meant one thing here and another
(or nothing) elsewhere. Every such digit is refused, named, with exit status 2.
"""

from __future__ import annotations

import pytest

from trajan_cli.core.vocabulary import foreign_digit, is_number, parse_square_name
from trajan_cli.parsing.errors import InputError
from trajan_cli.parsing.notation import parse_line
from trajan_cli.ui.prompts import _int_check, parse_numbers, parse_rows

PLAYERS = ("Ann", "Bob")
NOT_0_TO_9 = ("²", "¹", "³", "３", "٣", "①")


@pytest.fixture(autouse=True)
def home(tmp_path, monkeypatch):
    monkeypatch.setenv("TRAJAN_HOME", str(tmp_path / "home"))


def refused(text: str) -> str:
    with pytest.raises(InputError) as info:
        parse_line(text, PLAYERS)
    (problem,) = info.value.problems
    return str(problem)


# --- The rule ------------------------------------------------------------------------------


@pytest.mark.parametrize("digit", NOT_0_TO_9)
def test_a_digit_that_is_not_0_to_9_is_found_and_no_number(digit):
    assert digit.isdigit()  # what the code used to trust
    assert foreign_digit(f"A{digit}") == digit
    assert not is_number(digit) and not is_number(f"1{digit}")
    with pytest.raises(ValueError, match=f"'{digit}' is not one of the digits 0-9"):
        parse_square_name(f"C{digit}")


def test_digits_0_to_9_are_numbers_and_cells():
    assert is_number("0123456789") and foreign_digit("C3 worker:g 12") is None
    assert parse_square_name("c3") == (2, 2)
    assert not is_number("") and not is_number("-1")


# --- The notation: each failing input of the report -----------------------------------------


@pytest.mark.parametrize("line, token, digit", [
    ("Ann: take C3 D3; use own: ² coin", "²", "²"),
    ("Ann: take ¹", "¹", "¹"),
    ("Ann: take C3 D3; use own: coin; build mkt C1 pay ² builder", "²", "²"),
    ("Ann: take A³", "A³", "³"),
    ("Ann: take C3 D3; use own: coin; build lib C1 take ²", "²", "²"),
    ("Ann: take C3 D3; use own: citizen ３", "３", "３"),  # int() would have read 3
    ("Ann: take C3 D3; use own: ٣ coin", "٣", "٣"),
    ("round I.１: streets 3 C", "I.１:", "１"),
    ("round I.1: streets ３ C", "３", "３"),
    ("build Ann: g E³", "E³", "³"),
    ("Ann: take C3 D3; use own: coin; build g C1 envoy B²", "B²", "²"),
    ("board Ann: colonia ? ? ? ? ? ? / ? T ? ? ? ? / ? ? ? ? ? T / ? ? ? ? ? T / ? ? ? T ? ? / "
     "? ? ? ? ? ?; supply ² coin; ship 0", "²", "²"),
])
def test_the_notation_names_a_digit_that_is_not_0_to_9(line, token, digit):
    assert refused(line) == f"<line>: {token!r}: '{digit}' is not one of the digits 0-9; write numbers " \
                            "and cells with 0-9 (e.g. 2, C3)"


def test_the_same_lines_with_0_to_9_read():
    assert parse_line("Ann: take C3 D3; use own: 2 coin", PLAYERS).use.gains[0].resources == (("coin", 2),)
    assert parse_line("round I.1: streets 3 C", PLAYERS).number == 1


def test_trajan_turn_refuses_a_superscript_with_exit_2_not_an_internal_error(cli):
    assert cli("game", "new", "g", "--player", "Ann", "--player", "Bob").code == 0
    for line in ("Ann: take C3 D3; use own: ² coin", "Ann: take ¹",
                 "Ann: take C3 D3; use own: coin; build mkt C1 pay ² builder", "Ann: take A³"):
        result = cli("turn", "g", line)
        assert result.code == 2, (line, result.err)
        assert "is not one of the digits 0-9" in result.err and "internal error" not in result.err
    fullwidth = cli("turn", "g", "round I.１: streets 3 C")  # was recorded as round I.1
    assert fullwidth.code == 2 and "'１' is not one of the digits 0-9" in fullwidth.err


# --- Cells and numbers on the command line ----------------------------------------------------


def test_cells_on_the_command_line_name_the_digit(cli):
    built = cli("check", "build", "--example", "tom", "g", "C３")  # int() read it as C3
    assert built.code == 2 and "CELL: 'C３': '３' is not one of the digits 0-9" in built.problems[0]
    envoy = cli("check", "envoy", "--example", "tom", "--player", "T", "--colour", "g", "B²")
    assert envoy.code == 2 and "'²' is not one of the digits 0-9" in envoy.problems[0]


@pytest.mark.parametrize("args", [
    ("card", "check", "all", "--example", "tom", "--value", "７"),
    ("score", "forum", "--example", "tom", "--player", "T", "--area-points", "９"),
    ("game", "new", "q", "--variant", "trajan", "--from-quarter", "²", "-p", "A", "-p", "B"),
])
def test_number_options_take_0_to_9_only(cli, args):
    result = cli(*args)
    assert result.code == 2 and "is not one of the digits 0-9" in result.err, result.err


def test_a_number_option_in_0_to_9_still_reads(cli):
    result = cli("card", "check", "all", "--example", "tom", "--value", "7", "--json")
    assert result.code == 0 and result.json()["cards"][0]["points"] == 14


def test_columns_with_a_superscript_is_ignored_not_an_internal_error(cli, monkeypatch):
    monkeypatch.setenv("COLUMNS", "²")
    assert cli("game", "list").code == 0


# --- Answers typed at a terminal ----------------------------------------------------------------


def test_typed_answers_name_a_digit_that_is_not_0_to_9():
    assert _int_check("１２") == "'１' is not one of the digits 0-9; write numbers and cells with 0-9 (e.g. 2, C3)"
    assert _int_check("-12") is True and _int_check("x") == "type a whole number"
    assert parse_numbers("3 ²") == "'²' is not one of the digits 0-9; write numbers and cells with 0-9 (e.g. 2, C3)"
    assert parse_rows("0 0 1 ³ 0 0").startswith("'³' is not one of the digits 0-9")
    assert parse_rows("0 0 1 1 0 0") == [0, 0, 1, 1, 0, 0]


def test_the_table_screen_takes_no_superscript_as_a_forum_row():
    from trajan_cli.ui.table.envoys import _forum_coordinate

    class Forum:
        height, width = 5, 7

    assert _forum_coordinate("²", Forum()) is None  # int('²') raised here
    assert _forum_coordinate("2", Forum()) == ("r", 1)


# --- Files -------------------------------------------------------------------------------------


def test_a_sheet_names_a_digit_that_is_not_0_to_9_in_a_row_or_a_corner():
    from trajan_cli.parsing.sheet import parse_sheet

    grid = "\n".join(["? ? ? ? ? ?", "? T ? ? ? ?", "? ? ? ? ? T", "? ? ? ? ? T", "? ? ? T ? ?", "? ? ? ? ? ?"])
    text = f'name = "T"\ncolonia = """\n{grid}\n"""\n[citizens]\n"³" = ["active"]\n[cranes]\n"A¹" = "blue"\n'
    with pytest.raises(InputError) as info:
        parse_sheet(text, "s.toml")
    assert [str(p) for p in info.value.problems] == [
        "s.toml:11: '³': '³' is not one of the digits 0-9; write numbers and cells with 0-9 (e.g. 2, C3)",
        "s.toml:13: 'A¹': '¹' is not one of the digits 0-9; write numbers and cells with 0-9 (e.g. 2, C3)"]


@pytest.mark.parametrize("line", ["round I.{n}", "Ann: take A1; use own: {n} coin",
                                  "Ann: take A1; use own: coin; build lib C1 take {n}"])
def test_a_number_of_thousands_of_digits_is_refused_by_its_range_not_a_crash(line):
    """A slip that repeats a key: the range of the number names it (exit 2), however long."""
    from trajan_cli.parsing.notation import parse_line

    with pytest.raises(InputError):
        parse_line(line.format(n="9" * 5000), ("Ann", "Bob"))
