"""`trajan card list|show|check` answer per interface.md."""


import pytest

from trajan_cli.rulesdata import CARD_IDS

from helpers.light_imports import heavy_modules_after

TOM_III_4 = {"card": "III-4", "building": {"times": 1, "sets": [["C2", "C3", "C4"]]},
             "collecting": {"times": 1}, "fulfilled": 2, "points": 14}


def subset(answer: dict, expected: dict) -> bool:
    """Every key of ``expected`` is in ``answer`` with that value (added keys are allowed)."""
    for key, value in expected.items():
        if isinstance(value, dict):
            if not subset(answer.get(key, {}), value):
                return False
        elif answer.get(key) != value:
            return False
    return True


def test_tom_iii_4_json_p28(cli):
    result = cli("card", "check", "III-4", "--example", "tom", "--value", "7", "--json")
    assert result.code == 0, result.err
    assert subset(result.json(), TOM_III_4), result.out


@pytest.mark.parametrize("name", ["iii-4", "III-4", " III-4 ", "3-4", "iii4"])
def test_card_names_ignore_case(cli, name):
    answer = cli("card", "check", name, "--example", "tom", "--value", "7", "--json").json()
    assert answer["card"] == "III-4" and answer["points"] == 14


def test_points_only_with_a_value(cli):
    answer = cli("card", "check", "III-4", "--example", "tom", "--json").json()
    assert "points" not in answer and answer["fulfilled"] == 2
    assert cli("card", "check", "III-4", "--example", "tom", "--value", "3",
               "--json").json()["points"] == 6


@pytest.mark.parametrize("value", ["4", "0", "-7", "14"])
def test_value_must_be_3_5_or_7_p28(cli, value):
    result = cli("card", "check", "III-4", "--example", "tom", "--value", value, "--json")
    assert result.code == 2 and result.out == ""
    assert "3, 5, 7" in result.err and "Traceback" not in result.err


@pytest.mark.parametrize("name", ["IV-1", "III-5", "x", "all-cards"])
def test_unknown_card_lists_the_cards(cli, name):
    result = cli("card", "check", name, "--example", "tom")
    assert result.code == 2 and result.out == ""
    (line,) = result.problems
    assert repr(name) in line and "I-1" in line and "III-4" in line and "all" in line


def test_show_refuses_all_and_unknown_cards(cli):
    result = cli("card", "show", "all")
    assert result.code == 2 and "III-4" in result.err
    assert cli("card", "show", "V-1").code == 2


def test_check_all_json_lists_twelve_cards_in_order(cli):
    answer = cli("card", "check", "all", "--example", "tom", "--value", "5", "--json").json()
    assert [c["card"] for c in answer["cards"]] == list(CARD_IDS)
    for card in answer["cards"]:
        assert card["fulfilled"] == card["building"]["times"] + card["collecting"]["times"]
        assert card["points"] == 5 * card["fulfilled"]
        assert len(card["building"]["sets"]) == card["building"]["times"]
    assert subset(answer["cards"][-1], {**TOM_III_4, "points": 10})


def test_check_needs_a_sheet(cli, tmp_path):
    assert cli("card", "check", "III-4").code == 2
    missing = cli("card", "check", "III-4", tmp_path / "nope.toml")
    assert missing.code == 2 and "no such file" in " ".join(missing.err.split())


def test_bad_sheet_is_reported_per_problem(cli, write):
    path = write("bad.toml", 'name = "X"\ncolonia = """\n? ? ?\n"""\n')
    result = cli("card", "check", "I-1", path, "--json")
    assert result.code == 2 and result.out == "" and "Traceback" not in result.err
    assert all(line.startswith(str(path)) for line in result.problems)


def test_readable_check_marks_the_tiles_and_scores(cli):
    result = cli("card", "check", "III-4", "--example", "tom", "--value", "7")
    assert result.code == 0
    out = result.out
    assert "Trajan card III-4 for Tom (p. 28)" in out
    assert "Fulfilled 1 time:" in out and "C2-C4: basilica, triumphal column, market" in out
    assert "[bas]" in out and "[col]" in out and "[mkt]" in out and "[lib]" not in out
    assert "fulfilments: 1 + 1 = 2, x 7 = 14" in out
    assert "\x1b[" not in out


SHEET_C3_C5 = '''name = "Ada"
colonia = """
?  .  .    .  .  ?
.  T  T    .  T  .
.  .  lib  .  .  .
.  .  bas  .  .  .
.  .  lib  .  .  .
?  .  T    .  .  ?
"""
'''


def test_says_what_is_missing_c3_c5(cli, write):
    """The issue's example: 'C3-C5 would do with a different gray building at C5'."""
    path = write("ada.toml", SHEET_C3_C5)
    out = " ".join(cli("card", "check", "III-4", path).out.split())  # wrapped at 80 columns
    assert ("Closest: C3-C5 would do with a gray building other than library and basilica at "
            "C5 (there now: library).") in out
    assert "Still buildable:" in out
    nearest = cli("card", "check", "III-4", path, "--json").json()["building"]["nearest"]
    assert nearest["cells"] == ["C3", "C4", "C5"]
    assert nearest["missing"] == [{"cell": "C5", "wants": "gray", "has": "lib",
                                   "other_than": ["library", "basilica"]}]
    assert nearest["buildable"] is False


def test_readable_check_all(cli):
    out = cli("card", "check", "all", "--example", "tom", "--value", "7").out
    assert out.count("\n") > 14
    assert "III-4 building: C2-C4" in out and "I-2 building: D2, D4 around the temple at D3" in out


def test_collecting_readout_says_what_is_missing(cli):
    out = cli("card", "check", "II-2", "--example", "tom").out
    assert "Missing: 1 more tribune and 1 more builder." in out
    assert "French" in out  # the edition note wherever II-2 is shown


def test_fresh_crane_counts_as_scored_and_says_so(cli):
    out = cli("card", "check", "III-3", "--example", "tom").out
    assert "2 scored cranes per fulfilment: you have 2" in out
    assert "F1: uncovered this cycle" in out


def test_list(cli):
    result = cli("card", "list")
    assert result.code == 0
    for card_id in CARD_IDS:
        assert f"\n{card_id:<6}building:" in result.out
    assert "tribune + coin + assistant" in " ".join(result.out.split())
    answer = cli("card", "list", "--json").json()
    assert [c["card"] for c in answer["cards"]] == list(CARD_IDS)
    assert answer["cards"][5]["collecting"]["edition_note"] == {"fr": "tribune + coin + assistant"}


def test_show_draws_the_pattern(cli):
    out = cli("card", "show", "iii-3").out
    assert "Trajan card III-3 (cycle III, p. 28)" in out
    assert "str   ·   str" in out and "TTT" in out
    out = cli("card", "show", "II-2").out
    assert "French rulebook prints this task as tribune + coin + assistant" in out
    assert "variants" in cli("card", "show", "I-4").out
    shown = cli("card", "show", "III-4", "--json").json()
    assert shown["building"]["distinct"] == "gray_type" and len(shown["building"]["shapes"]) == 1


def test_json_card_check_does_not_import_prompts_or_tables():
    assert heavy_modules_after(["card", "check", "all", "--example", "tom", "--json"]) == []


def test_counted_task_says_which_colours_are_missing(cli, write):
    path = write("s.toml", 'name = "Ada"\ncolonia = """\n' + "? ? ? ? ? ?\n? T ? ? ? ?\n"
                 "? ? ? ? T ?\n? ? ? ? ? ?\nT ? ? ? ? T\n? ? ? ? ? ?\n" + '"""\n')
    out = cli("card", "check", "II-3", path).out
    assert "Missing: 4 more coloured structures: 1 blue, 1 green, 1 orange and 1 yellow." in out
    assert "Missing: 1 more worker and 2 more triumphal columns in the colonia." in out
