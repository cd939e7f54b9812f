"""The player sheet (interface.md): hand-typed TOML, every problem with line and token."""

import pytest

from trajan_cli.core.vocabulary import CitizenState, Colour, Track
from trajan_cli.parsing.errors import InputError
from trajan_cli.parsing.sheet import load_sheet, parse_sheet

GRID = '''colonia = """
?   ?   .   lib ?   Kg
lib T   bas lib .   ?
g   .   col T   y   ?
.   T   mkt g   lib b
col lib g   bas mkt T
K   r   .   bas y   ?
"""
'''


def sheet(extra: str = "", name: str = 'name = "Tom"\n'):
    return parse_sheet(name + GRID + extra, "tom.toml")


def problems(extra: str = "", name: str = 'name = "Tom"\n') -> list[str]:
    with pytest.raises(InputError) as info:
        sheet(extra, name)
    return [str(p) for p in info.value.problems]


def test_minimal_sheet_counts_everything_else_as_zero():
    s = sheet()
    assert s.name == "Tom" and s.citizens == {} and s.supply.coins == 0
    assert s.supply.workers == {c: 0 for c in Colour}
    # The buildings place the track markers (p. 24): 5 libraries (at most 4), 3 basilicas,
    # 2 markets.
    assert s.tracks == {Track.LIBRARY: 4, Track.BASILICA: 3, Track.MARKET: 2}


def test_tracks_that_disagree_with_the_buildings_are_refused_naming_the_track_p24():
    """Each library, basilica or market built moves its marker one space, up to 4 (p. 24)."""
    assert sheet("[tracks]\nlibrary = 4\nbasilica = 3\nmarket = 2\n").tracks[Track.MARKET] == 2
    found = problems("[tracks]\nlibrary = 4\nbasilica = 1\nmarket = 3\n")
    assert len(found) == 2
    assert found[0].startswith("tom.toml:12: 'basilica = 1': the basilica marker moves one space "
                               "for each basilica built")
    assert "with 3 in the colonia it stands at 3" in found[0]
    assert found[1].startswith("tom.toml:13: 'market = 3'")
    empty = parse_sheet('name = "Ann"\ncolonia = """\n' + "?  ?  ?  ?  ?  ?\n" * 2
                        + "?  T  T  T  T  ?\n" + "?  ?  ?  ?  ?  ?\n" * 3 + '"""\n', "a.toml")
    assert empty.tracks == {t: 0 for t in Track}
    with pytest.raises(InputError) as info:  # a library marker with no library built
        parse_sheet('name = "Ann"\ncolonia = """\n' + "?  ?  ?  ?  ?  ?\n" * 2
                    + "?  T  T  T  T  ?\n" + "?  ?  ?  ?  ?  ?\n" * 3 + '"""\n[tracks]\nlibrary = 4\n',
                    "a.toml")
    [problem] = info.value.problems
    assert "the library marker" in problem.message and "stands at 0" in problem.message


def test_full_sheet(tom):
    assert tom.citizens[5] == (CitizenState.ACTIVE, CitizenState.ACTIVE)
    assert tom.supply.workers[Colour.GREEN] == 1 and tom.supply.ship == 3
    assert tom.tracks[Track.LIBRARY] == 4 and tom.markers_at_column == 1


def test_citizen_rows_may_be_named():
    s = sheet('[citizens]\ncraftsman-i = ["active", "active"]\npatrician-i = "active"\n')
    assert s.active_in_row(5) == 2 and s.active_in_row(1) == 1


def test_worker_colours_may_be_letters():
    assert sheet("[supply]\nworkers = { g = 2 }\n").supply.workers[Colour.GREEN] == 2


def test_grid_problems_carry_file_lines():
    text = 'name = "Tom"\n' + GRID.replace("col T   y", "col T   q")
    with pytest.raises(InputError) as info:
        parse_sheet(text, "tom.toml")
    assert str(info.value.problems[0]).startswith("tom.toml:5: 'q':")


def test_grid_starting_on_the_key_line():
    text = 'name = "Tom"\ncolonia = """?   ?   .   lib ?   Kg\n' + "\n".join(GRID.splitlines()[2:]) + "\n"
    assert parse_sheet(text).colonia == sheet().colonia
    bad = text.replace("col T   y", "col T   q")
    with pytest.raises(InputError) as info:
        parse_sheet(bad, "t.toml")
    assert str(info.value.problems[0]).startswith("t.toml:4: 'q':")


def test_missing_name_and_colonia():
    with pytest.raises(InputError) as info:
        parse_sheet("[supply]\ncoins = 1\n", "s.toml")
    messages = " ".join(str(p) for p in info.value.problems)
    assert "player name" in messages and "colonia grid" in messages


def test_unknown_keys_are_refused_with_suggestion():
    [top] = problems('[suply]\ncoins = 1\n')
    assert top.startswith("tom.toml:10: 'suply':") and "did you mean 'supply'" in top
    [inner] = problems("[supply]\ncoin = 1\n")
    assert "tom.toml:11: 'coin'" in inner and "did you mean 'coins'" in inner


def test_bad_counts():
    found = problems("[supply]\ncoins = -1\ntribunes = 1.5\nbuilders = true\n")
    assert [m.split(":")[1] for m in found] == ["11", "12", "13"]
    assert all("whole number" in m for m in found)


def test_track_above_four_is_refused_p24():
    [message] = problems("[tracks]\nlibrary = 5\n")
    assert "tom.toml:11: '5':" in message and "0 to 4" in message


def test_bad_citizens():
    found = problems('[citizens]\n7 = ["active"]\n3 = ["asleep"]\n4 = ["active", "active", "active"]\n')
    assert len(found) == 3
    assert "tom.toml:11: '7':" in found[0]
    assert "tom.toml:12: 'asleep':" in found[1]
    assert "tom.toml:13:" in found[2] and "at most 2" in found[2]


def test_bad_worker_colour():
    [message] = problems("[supply]\nworkers = { purple = 1 }\n")
    assert "'purple'" in message and "blue, green, orange and yellow" in message


def test_toml_syntax_error_names_the_line():
    with pytest.raises(InputError) as info:
        parse_sheet('name = "Tom"\ncoins = = 3\n', "s.toml")
    [problem] = info.value.problems
    assert problem.line == 2 and "not valid TOML" in problem.message


def test_every_problem_is_reported_at_once():
    found = problems('[supply]\ncoins = -1\n[tracks]\nmarket = 9\n', name='name = ""\n')
    assert len(found) == 3


def test_missing_file_is_an_input_error(tmp_path):
    with pytest.raises(InputError) as info:
        load_sheet(tmp_path / "nope.toml")
    assert "no such file" in str(info.value)


def test_binary_file_is_an_input_error(tmp_path):
    path = tmp_path / "x.toml"
    path.write_bytes(b"\xff\xfe\x00bad")
    with pytest.raises(InputError) as info:
        load_sheet(path)
    assert "UTF-8" in str(info.value)


@pytest.mark.parametrize("states", ['["active", "inactive"]', '["inactive", "active"]'])
def test_a_row_of_active_and_inactive_citizens_is_refused_p26_p27(states):
    """Issue 12 item 3: a row is paid as a whole (p. 27) and a second citizen makes the first
    active again (p. 26), so one row never holds both states."""
    found = problems(f"[citizens]\n3 = [\"active\"]\n5 = {states}\n")
    [message] = found
    assert message.startswith("tom.toml:12:")
    assert '5 = ["active", "active"]' in message and '5 = ["inactive", "inactive"]' in message


def test_a_mixed_row_named_by_citizen_says_what_to_write_p26():
    [message] = problems('[citizens]\ncraftsman-i = ["active", "inactive"]\n')
    assert message.startswith("tom.toml:11:") and 'craftsman-i = ["active", "active"]' in message


def test_a_game_saved_with_a_mixed_row_still_reads_it():
    """Games saved before the check keep their sheets: the walkthrough reads them leniently."""
    s = parse_sheet('name = "Tom"\n' + GRID + '[citizens]\n5 = ["active", "inactive"]\n', "tom.toml",
                    strict=False)
    assert s.citizens[5] == (CitizenState.ACTIVE, CitizenState.INACTIVE)
