"""`trajan score colonia|cranes|forum` answer per interface.md, on the shipped example."""

import pytest

from helpers.light_imports import heavy_modules_after


def test_score_colonia_json_tom_p28(cli):
    result = cli("score", "colonia", "--example", "tom", "--json")
    assert result.code == 0
    answer = result.json()
    assert answer["total"] == 22
    assert [(r["row"], r["gray_types"], r["active_citizens"], r["points"]) for r in answer["rows"]] == [
        (1, 1, 0, 1), (2, 2, 0, 2), (3, 1, 1, 2), (4, 2, 1, 4), (5, 4, 2, 12), (6, 1, 0, 1)]


def test_score_colonia_readable(cli):
    result = cli("score", "colonia", "--example", "tom")
    assert result.code == 0 and "Total: 22" in result.out and "p. 27" in result.out


def test_score_cranes_json_tom_p28(cli):
    answer = cli("score", "cranes", "--example", "tom", "--cycle", "3", "--json").json()
    assert answer["total"] == 3
    crane = answer["cranes"][0]
    assert (crane["cell"], crane["colour"], crane["structures"], crane["points"]) == ("F1", "green", 3, 3)


def test_cycle_accepts_roman_numerals(cli):
    assert cli("score", "cranes", "--example", "tom", "--cycle", "I", "--json").json()["total"] == 9


def test_cycle_is_required_and_checked(cli):
    assert cli("score", "cranes", "--example", "tom").code == 2
    bad = cli("score", "cranes", "--example", "tom", "--cycle", "4")
    assert bad.code == 2 and "cycle" in bad.err


def test_score_forum_json_tom_p28(cli):
    answer = cli("score", "forum", "--example", "tom", "--player", "T", "--json").json()
    assert answer["eagles"] == {"on": 1, "orthogonal": 4, "diagonal": 0, "points": 6}
    assert answer["largest_area"] == 7
    assert "total" not in answer and "area_points" not in answer


def test_score_forum_with_area_points(cli):
    answer = cli("score", "forum", "--example", "tom", "--player", "Tom", "--area-points", "9",
                 "--json").json()
    assert (answer["area_points"], answer["total"]) == (9, 15)


def test_score_forum_patrician_i(cli):
    answer = cli("score", "forum", "--example", "tom", "--patrician-i", "--json").json()
    assert answer["eagles"]["diagonal"] == 2 and answer["eagles"]["points"] == 8


def test_unknown_player_lists_the_players(cli):
    result = cli("score", "forum", "--example", "tom", "--player", "Zed")
    assert result.code == 2 and "T (Tom)" in result.err and "'Zed'" in result.err


def test_player_needed_when_several(cli, write):
    path = write("f.toml", 'players = { T = "Tom", A = "Anna" }\ngrid = "y:T b:A"\n')
    result = cli("score", "forum", path)
    assert result.code == 2 and "--player" in result.err


def test_single_player_forum_needs_no_player(cli, write):
    path = write("f.toml", 'players = { T = "Tom" }\ngrid = "E y:T"\n')
    assert cli("score", "forum", path, "--json").json()["eagles"]["points"] == 1


def test_bad_sheet_exits_2_with_one_line_per_problem(cli, write):
    path = write("bad.toml", 'name = "X"\ncolonia = """\n? ? ?\n"""\n[supply]\ncoins = -2\n')
    result = cli("score", "colonia", path, "--json")
    assert result.code == 2 and result.out == ""
    lines = result.problems
    assert len(lines) >= 3
    assert all(line.startswith(str(path)) for line in lines)
    assert "Traceback" not in result.err


def test_missing_file_exits_2(cli, tmp_path):
    result = cli("score", "colonia", tmp_path / "missing.toml")
    assert result.code == 2 and "no such file" in " ".join(result.err.split())


def test_file_and_example_together_is_a_usage_error(cli, write):
    path = write("s.toml", "")
    assert cli("score", "colonia", path, "--example", "tom").code == 2


def test_neither_file_nor_example(cli):
    result = cli("score", "colonia")
    assert result.code == 2 and "--example tom" in result.err


def test_unknown_example(cli):
    result = cli("score", "colonia", "--example", "tanya")
    assert result.code == 2 and "tom" in result.err


def test_json_answers_do_not_import_prompts_or_tables():
    assert heavy_modules_after(["score", "colonia", "--example", "tom", "--json"]) == []


def test_version(cli):
    result = cli("--version")
    assert result.code == 0 and result.out.startswith("trajan ")


def test_interrupt_at_a_prompt_is_a_clean_stop(cli, monkeypatch):
    import trajan_cli.cli.score as score

    def interrupted(*args, **kwargs):
        raise KeyboardInterrupt

    monkeypatch.setattr(score, "sheet_from", interrupted)
    result = cli("score", "colonia", "--example", "tom")
    assert result.code == 130 and "Traceback" not in result.err  # typer's own clean stop


def test_help_lists_every_group_without_cutting_at_page_references(cli):
    out = cli("--help").out
    for group in ("score", "game", "card", "check", "show", "demo"):
        assert f"  {group} " in out
    assert "(p.\n" not in out and not any(line.rstrip().endswith("(p.") for line in out.splitlines())


def test_only_the_invoked_group_is_built():
    from trajan_cli.cli import _invoked, build_app

    assert _invoked(["score", "colonia", "x.toml"]) == "score"
    assert _invoked(["--version"]) is None and _invoked(["nonsense"]) is None
    assert [g.name for g in build_app("card").registered_groups] == ["card"]


@pytest.mark.parametrize("lang", ["en", "de", "fr"])
def test_the_colonia_table_fits_80_columns_with_no_cell_over_two_lines(cli, monkeypatch, lang):
    """In French the gray buildings' names are long: the table gives them the room (types x
    multiplier = points in one column), so that no row takes more than two lines."""
    monkeypatch.setenv("COLUMNS", "80")
    out = cli("--lang", lang, "score", "colonia", "--example", "tom").out
    lines = out.splitlines()
    assert max(map(len, lines)) <= 80
    body = lines[lines.index(next(line for line in lines if line.startswith("---"))) + 1:]
    continued = [line.startswith(" " * 10) for line in body]
    assert not any(a and b for a, b in zip(continued, continued[1:]))  # no third line
    assert "4 x 3 = 12" in out  # Craftsman I's row of p. 28's example: 4 types, 2 active citizens
