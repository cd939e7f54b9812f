"""`trajan check build|envoy` answer per interface.md, readable and --json, exit 2 on bad input."""

from __future__ import annotations

import subprocess
import sys

import pytest

from helpers.light_imports import heavy_modules_after, modules_after

TWO_PLAYERS = 'players = { T = "Tom", A = "Anna" }\ngrid = """\ng:A g r\nE b b\n"""\n'


# --- check build ------------------------------------------------------------------------------


def test_build_json_keys_per_interface(cli):
    result = cli("check", "build", "--example", "tom", "lib", "C1", "--json")
    assert result.code == 0
    answer = result.json()
    assert {"legal", "reasons", "payments", "benefit"} <= set(answer)
    assert answer["legal"] is True and answer["reasons"] == []
    for payment in answer["payments"]:
        assert {"builders", "workers", "assistants"} <= set(payment)
        assert isinstance(payment["workers"], dict)
    assert isinstance(answer["benefit"], str) and "finished" in answer["benefit"]


def test_build_payments_for_tom_p21_p26(cli):
    # Tom: 1 coin, 1 assistant, 1 green worker; Merchant II and Craftsman I are active.
    answer = cli("check", "build", "--example", "tom", "lib", "C1", "--json").json()
    spent = [(p["builders"], p["workers"], p["assistants"], p["coins"]) for p in answer["payments"]]
    assert spent == [(0, {"green": 1}, 1, 0), (0, {"green": 1}, 0, 1), (0, {}, 1, 1)]
    assert "Craftsman I: 1 assistant -> 1 green worker (p. 26)" in answer["payments"][0]["exchanges"]


def test_build_reasons_name_cells_and_pages_p22_p23(cli):
    answer = cli("check", "build", "--example", "tom", "col+g", "A1", "B2", "--json").json()
    assert answer["legal"] is False
    assert [v["rule"] for v in answer["violations"]] == ["covered", "crane", "temple",
                                                         "not_neighbours"]
    assert len(answer["reasons"]) == 4
    assert "A1" in answer["reasons"][0] and "(p. 22)" in answer["reasons"][0]
    assert "B2 is a temple" in answer["reasons"][2]
    assert "(p. 23)" in answer["reasons"][3]


def test_build_without_payment_says_what_is_missing(cli, write):
    sheet = write("s.toml", 'name = "Ann"\ncolonia = """\n? ? . lib ? Kg\nlib T bas lib . ?\n'
                  'g . col T y ?\n. T mkt g lib b\ncol lib g bas mkt T\nK r . bas y ?\n"""\n'
                  '[supply]\nworkers = { red = 1 }\n')  # red: orange's old name, still read
    answer = cli("check", "build", sheet, "lib", "C1", "--json").json()
    assert answer["legal"] is False and answer["payments"] == []
    nothing = {"builders": 0, "workers": {}, "assistants": 0, "coins": 0, "tribunes": 0}
    assert answer["missing"] == [nothing | {"builders": 1}, nothing | {"workers": {"orange": 1}}]
    assert "any one of these in addition would do: 1 builder; 1 orange worker (p. 22)" in (
        answer["reasons"][0])


def test_build_citizen_option_adds_an_ability_p26(cli):
    plain = cli("check", "build", "--example", "tom", "bas", "E2", "--json").json()
    assert all(p["builders"] == 0 for p in plain["payments"])
    added = cli("check", "build", "--example", "tom", "bas", "E2", "--citizen", "craftsman-ii",
                "--json").json()
    assert {"builders": 0, "workers": {}, "assistants": 1, "coins": 0, "tribunes": 0} in [
        {k: v for k, v in p.items() if k != "exchanges"} for p in added["payments"]]
    assert "craftsman-ii" in added["citizens"] and added["notes"]


def test_build_column_benefit_with_cycle_p24(cli):
    answer = cli("check", "build", "--example", "tom", "col+g", "C1", "C2", "--cycle", "II",
                 "--json").json()
    [column, envoys] = answer["benefits"]
    assert column == {"kind": "column", "cell": "C1", "points": 6, "column_value": 2,
                      "active_citizens": 4}
    assert envoys["colour"] == "green" and envoys["envoys"] == 1
    assert "6 points" in answer["benefit"]


def test_build_readable_report(cli):
    result = cli("check", "build", "--example", "tom", "g+g", "A1", "B2")
    assert result.code == 0
    assert "Tom may not build" in result.out and "B2 is a temple" in result.out
    assert "Colonia of Tom" in result.out and "\x1b[" not in result.out
    assert "[2m" not in result.out  # the picture frames only vacated squares


def test_a_refused_build_says_so_first_and_shows_only_what_helps(cli):
    """A refused build lists no ways to pay and no benefit (they read as if it were allowed):
    where the tile may go instead (pp. 22-23: a vacated space, no corner, no temple; a double
    tile on two neighbouring ones) and whether the supply would pay for it."""
    result = cli("check", "build", "--example", "tom", "g", "A1")
    assert result.code == 0
    assert result.out.startswith("Tom may not build green structure on A1:")
    assert "Ways to pay" not in result.out and "Benefit:" not in result.out
    # Tom's vacated spaces on p. 28's example board: C1, E2, B3, A4, C6 (A6 is a scored crane).
    assert "To fix it: spaces where this tile may go: C1, E2, B3, A4, C6." in result.out
    assert "The supply would pay for it (3 ways)." in result.out
    assert cli("check", "build", "--example", "tom", "g", "A1", "--json").json()["places"] == [
        "C1", "E2", "B3", "A4", "C6"]
    # No two of those spaces are neighbours: no double tile fits anywhere.
    double = cli("check", "build", "--example", "tom", "g+g", "A1", "B2").out
    assert "To fix it: no space of this colonia may take this tile now." in double


def test_an_allowed_build_lists_the_ways_to_pay_and_the_benefit(cli):
    result = cli("check", "build", "--example", "tom", "g", "C1")
    assert result.out.startswith("Tom may build green structure on C1.")
    assert "Ways to pay (3)" in result.out and "Benefit:" in result.out
    assert "To fix it" not in result.out and '"places"' not in cli("check", "build", "--example", "tom", "g",
                                                                    "C1", "--json").out


@pytest.mark.parametrize("args, token", [
    (["lib+bas", "C1", "D1"], "'lib+bas'"),
    (["park", "C1"], "'park'"),
    (["lib", "G1"], "'G1'"),
    (["lib", "C0"], "'C0'"),
    (["lib", "C1", "D1"], "'C1 D1'"),  # a single tile on two cells
    (["g+g", "C1"], "'C1'"),  # a double tile on one cell
])
def test_build_bad_tile_or_cell_exits_2(cli, args, token):
    result = cli("check", "build", "--example", "tom", *args)
    assert result.code == 2 and result.out == ""
    assert token in result.err and "Traceback" not in result.err


def test_build_reports_every_input_problem_at_once(cli):
    result = cli("check", "build", "--example", "tom", "x+y", "Z9", "--citizen", "emperor")
    assert result.code == 2
    lines = result.problems
    assert len(lines) == 3 and any("'emperor'" in line for line in lines)


def test_build_with_a_sheet_file_and_a_broken_sheet(cli, write):
    broken = write("bad.toml", 'name = "X"\ncolonia = "? ?"\n')
    result = cli("check", "build", broken, "lib", "C1")
    assert result.code == 2 and str(broken) in result.err


def test_build_needs_its_words(cli):
    assert cli("check", "build", "--example", "tom").code == 2
    assert cli("check", "build").code == 2


# --- check envoy ------------------------------------------------------------------------------


def test_envoy_json_keys_per_interface_p25(cli):
    answer = cli("check", "envoy", "--example", "tom", "--player", "T", "--colour", "g",
                 "--json").json()
    assert {"legal", "reasons", "legal_cells", "completes_area"} <= set(answer)
    assert answer["legal"] is True and answer["legal_cells"] == ["A2", "A3", "H4"]
    assert answer["completes_area"] is False
    assert answer["started_areas"] == [["A2", "B2", "A3", "B3"], ["G4", "H4"]]


def test_envoy_cell_refused_with_reasons_p25(cli):
    answer = cli("check", "envoy", "--example", "tom", "--colour", "g", "H1", "--json").json()
    assert answer["legal"] is False and answer["cell"] == "H1"
    [reason] = answer["reasons"]
    assert "H1 is outside the started green areas" in reason
    assert "A2, A3" in reason and "(p. 25;" in reason and "p. 26" in reason


def test_envoy_completing_an_area_p25(cli):
    answer = cli("check", "envoy", "--example", "tom", "--colour", "g", "H4", "--json").json()
    assert answer["legal"] and answer["completes_area"]
    assert answer["area_bonus"]["take"] == 1
    answer = cli("check", "envoy", "--example", "tom", "--colour", "g", "H4", "--patrician-ii",
                 "--json").json()
    assert answer["area_bonus"]["take"] == 2 and answer["area_bonus"]["different"]


def test_envoy_library_and_market_p24(cli):
    library = cli("check", "envoy", "--example", "tom", "--via", "library", "--json").json()
    assert library["legal_cells"] == ["D1", "D3", "G3", "F4"]
    market = cli("check", "envoy", "--example", "tom", "--via", "market", "D1", "--json").json()
    assert market["legal"] is False and "eagle" in market["reasons"][0]


def test_envoy_patrician_i_p26(cli):
    answer = cli("check", "envoy", "--example", "tom", "--colour", "g", "--patrician-i", "H1",
                 "--json").json()
    assert answer["legal"] is True


def test_envoy_ship_empty_p25(cli):
    answer = cli("check", "envoy", "--example", "tom", "--colour", "b", "--ship", "0",
                 "--json").json()
    assert answer["legal"] is False and answer["legal_cells"] == []
    assert "ship" in answer["reasons"][0]


def test_envoy_two_envoys(cli):
    answer = cli("check", "envoy", "--example", "tom", "--colour", "g", "--count", "2",
                 "--json").json()
    assert answer["second_cells"] == {"A2": ["A3", "H4"], "A3": ["A2", "H4"], "H4": ["A2", "A3"]}
    answer = cli("check", "envoy", "--example", "tom", "--colour", "g", "A2", "A3",
                 "--json").json()
    assert answer["legal"] and answer["completes_area"]
    assert [e["cell"] for e in answer["envoys"]] == ["A2", "A3"]
    assert answer["notes"]


def test_envoy_readable_report(cli):
    result = cli("check", "envoy", "--example", "tom", "--colour", "green", "H1")
    assert result.code == 0
    assert "Envoy of Tom, for the green structure just built (p. 25)" in result.out
    assert "Envoy on H1: not legal" in result.out and "Forum" in result.out


@pytest.mark.parametrize("args, where", [
    (["--colour", "g", "A4"], "'A4'"),  # a gap
    (["--colour", "g", "Z1"], "'Z1'"),  # off the forum
    (["--colour", "g", "11"], "'11'"),
    (["--colour", "purple"], "'purple'"),
    (["--via", "temple", "--colour", "g"], "'temple'"),
    ([], "--colour"),  # building needs the colour
    (["--via", "market", "--count", "2"], "--count"),
    (["--colour", "g", "A2", "A3", "--count", "1"], "--count 2"),
    (["--player", "Zed", "--colour", "g"], "'Zed'"),
])
def test_envoy_bad_input_exits_2(cli, args, where):
    result = cli("check", "envoy", "--example", "tom", *args)
    assert result.code == 2 and where in result.err and "Traceback" not in result.err


def test_envoy_needs_the_player_when_several_play(cli, write):
    path = write("f.toml", TWO_PLAYERS)
    result = cli("check", "envoy", path, "--colour", "b")
    assert result.code == 2 and "--player" in result.err and "T (Tom)" in result.err
    answer = cli("check", "envoy", path, "--colour", "g", "--player", "Tom", "--json").json()
    assert answer["legal_cells"] == ["B1"]


def test_check_json_does_not_import_tables_or_prompts():
    assert heavy_modules_after(["check", "build", "--example", "tom", "lib", "C1", "--json"],
                               ["check", "envoy", "--example", "tom", "--colour", "g", "--json"]) == []


def test_readable_check_does_not_import_json():
    # start-up speed: only the --json answers need the JSON library
    assert modules_after(("json",), ["check", "build", "--example", "tom", "lib", "C1"],
                         ["check", "envoy", "--example", "tom", "--colour", "g"]) == []


def test_cli_module_imports_no_core_at_start():
    code = (
        "import sys\nimport trajan_cli.cli.check\n"
        "loaded = [m for m in sys.modules if m.startswith('trajan_cli.core.referee')]\n"
        "sys.exit(1 if loaded else 0)\n"
    )
    assert subprocess.run([sys.executable, "-c", code]).returncode == 0


@pytest.mark.parametrize("args, said", [
    (["--example", "tom", "lib"], "missing after lib: CELL (expected TILE CELL [CELL]; with --example, no file)"),
    (["--example", "tom"], "missing: TILE CELL (expected TILE CELL [CELL]; with --example, no file)"),
    (["tom.toml", "lib"], "missing after lib: CELL (expected SHEET TILE CELL [CELL])"),
    (["--example", "tom", "lib", "C1", "D1", "E1"], "too many words: E1"),
])
def test_a_short_or_long_build_question_names_what_is_missing_or_extra(cli, monkeypatch, args, said):
    monkeypatch.setenv("COLUMNS", "200")
    result = cli("check", "build", *args)
    assert result.code == 2
    assert said in result.err
